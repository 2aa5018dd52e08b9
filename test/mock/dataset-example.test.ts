/**
 * The mock's example answer for a DataSet result (`xml` with `httpPostRoot: DataSet`) is a DataSet: the schema element
 * ASMX declares first (`<s:element ref="s:schema"/><s:any/>`), then the data, so it validates against the original
 * WSDL (test/import/end-to-end.test.ts checks that for the noise-monitoring fixture) and a DataSet reader takes it.
 * Other `xml` results keep the plain example. A `dataSet` type (xml marked as a DataSet) is one wherever it stands:
 * a result, a field, a list item, an answer header's field; the mock then declares the constant its examples name.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyDataSetTemplate,
  exampleResult,
  examplesHoldDataSet,
  exampleValue,
  exampleValueText,
} from '../../generator/emit/examples.js';
import type { ResultModel, StructModel, TypeModel } from '../../generator/model/types.js';

const xmlResult: ResultModel = {
  kind: 'value',
  type: { kind: 'primitive', name: 'xml' },
  nullable: true,
} as unknown as ResultModel;

/** The text of the string literal an example expression is. */
function text(expression: string): string {
  return JSON.parse(
    expression.startsWith("'") ? `"${expression.slice(1, -1).replace(/"/g, '\\"')}"` : expression,
  ) as string;
}

describe('exampleResult of an xml result', () => {
  it('is an empty DataSet, schema element first, when the HTTP POST root is <DataSet>', () => {
    const example = text(exampleResult(xmlResult, { kind: 'shown', name: 'DataSet' }));
    expect(example).toMatch(/^<xs:schema id="NewDataSet" [^>]*xmlns:xs="http:\/\/www\.w3\.org\/2001\/XMLSchema"/);
    expect(example).toMatch(
      /<\/xs:schema><diffgr:diffgram [^>]*xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1" \/>$/,
    );
  });

  it('stays the plain example for other XML content (an XmlElement, any root)', () => {
    expect(text(exampleResult(xmlResult, { kind: 'any' }))).toBe('<example/>');
    expect(text(exampleResult(xmlResult))).toBe('<example/>');
  });
});

const dataSet: TypeModel = { kind: 'primitive', name: 'xml', dataSet: true };
const xml: TypeModel = { kind: 'primitive', name: 'xml' };
const holder = (type: TypeModel): TypeModel => ({
  kind: 'record',
  record: { name: 'Holder', fields: [{ name: 'Rows', type, optional: false }] } as unknown as StructModel,
});
const value = (type: TypeModel): ResultModel => ({ kind: 'value', type, nullable: true }) as unknown as ResultModel;

describe("a dataSet type (the spec's dataSet: xml marked as a DataSet)", () => {
  // Where the DataSet stands, whether the mock's examples hold one (so mock/examples.ts declares it), and whether the
  // answer's own example (not its headers') is one.
  it.each([
    ['a result', value(dataSet), [], true, true],
    ['a field of the result', value(holder(dataSet)), [], true, true],
    [
      'an item of a list result',
      value({
        kind: 'list',
        item: dataSet,
        container: true,
        itemElement: 'DataSet',
        nillableItems: true,
      } as unknown as TypeModel),
      [],
      true,
      true,
    ],
    ['a field of an answer header', value(xml), [holder(dataSet)], true, false],
    ['nowhere: plain xml', value(holder(xml)), [holder(xml)], false, false],
  ] as const)('%s', (_, result, headers, held, inAnswer) => {
    expect(examplesHoldDataSet(result, undefined, headers)).toBe(held);
    const text = exampleResult(result);
    expect(text.includes('\'<xs:schema id="NewDataSet" ')).toBe(inAnswer);
    expect(text.includes("'<example/>'")).toBe(!inAnswer);
  });

  it('is named by the given expression where the mock declares it once', () => {
    expect(exampleValue(holder(dataSet))).toMatch(/^\{ Rows: '<xs:schema /);
    expect(exampleValueText(holder(dataSet), 'EMPTY_DATA_SET')).toContain('EMPTY_DATA_SET');
    expect(emptyDataSetTemplate()).toMatch(/^`<xs:schema id="NewDataSet" [^`$\\]*<diffgr:diffgram [^`$\\]* \/>`$/);
  });
});
