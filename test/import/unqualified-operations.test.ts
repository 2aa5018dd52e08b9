/**
 * The importer's `form` of operations' elements holding records (issue 25): in an elementFormDefault="unqualified"
 * schema, a parameter, result or output holding a record of unqualified fields is drafted unqualified; so is one
 * holding a qualified element (form="qualified" inside), which gets its namespace as its own (`namespace:`); one
 * holding a choice (qualified alternatives, no namespace of their own) is drafted qualified, and reported, as record
 * fields are. From the
 * fixture test/fixtures/unqualified-operations/Geo.wsdl with its types changed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importWsdl } from '../../generator/import/index.js';
import { ROOT } from '../mock/support/generated-service.js';

const GEO = readFileSync(join(ROOT, 'test', 'fixtures', 'unqualified-operations', 'Geo.wsdl'), 'utf8');

const TYPES = `
      <s:complexType name="Place"><s:sequence><s:element minOccurs="0" maxOccurs="1" name="Street" type="s:string" /></s:sequence></s:complexType>
      <s:complexType name="Tagged"><s:sequence><s:element minOccurs="0" maxOccurs="1" form="qualified" name="Tag" type="s:string" /></s:sequence></s:complexType>
      <s:complexType name="Picked"><s:sequence><s:choice><s:element name="A" type="s:string" /><s:element name="B" type="s:int" /></s:choice></s:sequence></s:complexType>
    </s:schema>`;

function withTypes(number: string, result: string, zone: string): string {
  const text = GEO.replace('</s:schema>', TYPES)
    .replace('name="number" type="s:int"', `name="number" type="${number}"`)
    .replace('name="LocateResult" type="s:string"', `name="LocateResult" type="${result}"`)
    .replace('name="zone" type="s:int"', `name="zone" type="${zone}"`);
  expect(text).not.toBe(GEO);
  return text;
}

describe('importWsdl: unqualified operations holding records', () => {
  const cases = [
    {
      kind: 'records of unqualified fields: unqualified',
      text: withTypes('tns:Place', 'tns:Place', 'tns:Place'),
      expected: { number: 'unqualified', result: 'unqualified', zone: 'unqualified' },
      reported: [] as string[],
    },
    {
      kind: 'a record holding a qualified element: unqualified, the element given its namespace as its own',
      text: withTypes('tns:Tagged', 'tns:Tagged', 'tns:Tagged'),
      expected: { number: 'unqualified', result: 'unqualified', zone: 'unqualified' },
      reported: [] as string[],
    },
    {
      // Drafted qualified and reported while an alternative had no form (whl-travel): A and B are unqualified too.
      kind: 'a record holding a choice of unqualified alternatives: unqualified',
      text: withTypes('tns:Picked', 'tns:Picked', 'tns:Picked'),
      expected: { number: 'unqualified', result: 'unqualified', zone: 'unqualified' },
      reported: [] as string[],
    },
  ];
  it.each(cases)('$kind', ({ text, expected, reported }) => {
    const { problems, yaml } = importWsdl(text, 'Geo.wsdl');
    const locate = (
      parse(yaml) as {
        operations: Array<{
          params: Array<{ name: string; form?: string }>;
          result: { form?: string };
          outputs: Array<{ form?: string }>;
        }>;
      }
    ).operations[0]!;
    expect({ number: locate.params[0]!.form, result: locate.result.form, zone: locate.outputs[0]!.form }).toEqual(
      expected,
    );
    expect(problems.map((p) => `${p.construct} ${p.message}`).filter((m) => m.startsWith('form='))).toEqual(reported);
  });
});
