/**
 * What the loader makes of text content (`text: true`, xs:simpleContent) and of `form` (xs:form), issue 25 category 3,
 * and what it refuses: each case is the base spec below with one thing changed, reported with its exact message and
 * spec path at the line and column where it stands.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { specEdits } from './support/spec-edits.js';

const FILE = 'trade.yaml';

const BASE = `specVersion: 1
service:
  name: Trade
  title: Trade test service
  version: v1
  path: /Trade.asmx
  namespace: { uri: 'http://trade.example/' }
  client: TradeClient
records:
  Money:
    fields:
      - { name: Value, type: decimal, text: true }
      - { name: currency, type: string, optional: false, attribute: true }
  TaxedMoney:
    extends: Money
    fields:
      - { name: rate, type: int, optional: true, attribute: true }
  Street:
    fields:
      - { name: Line, type: string, form: unqualified }
  Party:
    namespace: 'http://trade.example/codes'
    fields:
      - { name: Name, type: string }
      - { name: Role, type: string, form: unqualified }
      - { name: Home, type: Street, form: unqualified }
      - { name: Limit, type: Money }
      - { name: ref, type: string, attribute: true, form: qualified }
      - { name: kind, type: string, attribute: true, form: unqualified }
      - { name: Tags, type: { list: string, container: false }, form: unqualified }
      - { name: Homes, type: { list: Street, form: unqualified }, form: unqualified }
operations:
  - name: Register
    httpPost: false
    params:
      - { name: party, type: Party }
    result: TaxedMoney
`;

const { change, issuesOf, at } = specEdits(BASE, FILE);

describe('text content and form in the model', () => {
  const model = parseSpec(BASE, FILE);
  const record = (name: string) => model.records.find((r) => r.name === name)!;

  it('a text field is required and never nil, beside attributes; a type extending it inherits it', () => {
    expect(record('Money').fields.map((f) => [f.name, f.text ?? false, f.attribute, f.optional, f.nillable])).toEqual([
      ['Value', true, false, false, false],
      ['currency', false, true, false, false],
    ]);
    expect(record('TaxedMoney').fields.map((f) => [f.name, f.text ?? false])).toEqual([
      ['Value', true],
      ['currency', false],
      ['rate', false],
    ]);
  });

  it('keeps form only where it differs from the default of its kind, with the namespace of a qualified attribute', () => {
    expect(record('Party').fields.map((f) => [f.name, f.form, f.attributeNamespace])).toEqual([
      ['Name', undefined, undefined],
      ['Role', 'unqualified', undefined],
      ['Home', 'unqualified', undefined],
      ['Limit', undefined, undefined],
      ['ref', 'qualified', { uri: 'http://trade.example/codes', prefix: 'ns1' }],
      ['kind', undefined, undefined],
      ['Tags', 'unqualified', undefined],
      ['Homes', 'unqualified', undefined],
    ]);
    // Items in no namespace: an unqualified element may hold them.
    expect(record('Party').fields[7]!.type).toMatchObject({ kind: 'list', container: true, unqualifiedItems: true });
    const qualified = parseSpec(
      change(
        '      - { name: currency, type: string, optional: false, attribute: true }',
        '      - { name: currency, type: string, optional: false, attribute: true, form: qualified }',
      ),
      FILE,
    );
    // In a record of the service namespace, the service's, under a prefix of its own.
    expect(qualified.records.find((r) => r.name === 'Money')!.fields[1]!.attributeNamespace).toEqual({
      uri: 'http://trade.example/',
      prefix: 'tns',
    });
  });
});

describe('what the loader refuses', () => {
  const cases: ReadonlyArray<{ kind: string; text: string; where: [string, string]; path: string; message: string }> = [
    {
      kind: 'a text field beside a child element',
      text: change(
        '      - { name: rate, type: int, optional: true, attribute: true }',
        '      - { name: Rate, type: int }',
      ),
      where: ['{ name: Rate, type: int }', 'Rate'],
      path: 'records.TaxedMoney.fields[0].name',
      message:
        'TaxedMoney has the text field Value and the element field Rate: an element with text content (xs:simpleContent) has attributes only besides it',
    },
    {
      kind: 'a text field added to a record of child elements',
      text: change(
        '      - { name: Line, type: string, form: unqualified }',
        '      - { name: Line, type: string, form: unqualified }\n      - { name: Text, type: string, text: true }',
      ),
      where: ['{ name: Text, type: string, text: true }', 'true'],
      path: 'records.Street.fields[1].text',
      message:
        'Street has the text field Text and the element field Line: an element with text content (xs:simpleContent) has attributes only besides it',
    },
    {
      kind: 'two text fields',
      text: change(
        '      - { name: rate, type: int, optional: true, attribute: true }',
        '      - { name: Again, type: string, text: true }',
      ),
      where: ['{ name: Again, type: string, text: true }', 'true'],
      path: 'records.TaxedMoney.fields[0].text',
      message: 'TaxedMoney has two text fields, Value and Again: an element has one text content',
    },
    {
      kind: 'a list-typed text field',
      text: change(
        '{ name: Value, type: decimal, text: true }',
        '{ name: Value, type: { list: decimal }, text: true }',
      ),
      where: ['type: { list: decimal }', '{ list'],
      path: 'records.Money.fields[0].type',
      message: 'the text content holds a single XML Schema type or enum value, not a list',
    },
    {
      kind: 'a record-typed text field',
      text: change('{ name: Value, type: decimal, text: true }', '{ name: Value, type: Street, text: true }'),
      where: ['{ name: Value, type: Street, text: true }', 'Street'],
      path: 'records.Money.fields[0].type',
      message: 'the text content holds a single XML Schema type or enum value, not a record',
    },
    {
      kind: 'an optional text field',
      text: change(
        '{ name: Value, type: decimal, text: true }',
        '{ name: Value, type: decimal, text: true, optional: true }',
      ),
      where: ['text: true, optional: true', 'true }'],
      path: 'records.Money.fields[0].optional',
      message:
        'the text content is never absent or nil (an empty element holds the empty text): make the field holding the record optional instead',
    },
    {
      kind: 'a text field that is an attribute too',
      text: change(
        '{ name: Value, type: decimal, text: true }',
        '{ name: Value, type: decimal, text: true, attribute: true }',
      ),
      where: ['{ name: Value, type: decimal, text: true, attribute: true }', 'true,'],
      path: 'records.Money.fields[0].text',
      message: 'a field is an attribute or the text content of its element, not both',
    },
    {
      kind: 'a text field with a form',
      text: change(
        '{ name: Value, type: decimal, text: true }',
        '{ name: Value, type: decimal, text: true, form: qualified }',
      ),
      where: ['{ name: Value, type: decimal, text: true, form: qualified }', 'qualified'],
      path: 'records.Money.fields[0].form',
      message: 'the text content has no element or attribute of its own to qualify',
    },
    {
      kind: 'an unqualified element holding a qualified one',
      text: change('{ name: Line, type: string, form: unqualified }', '{ name: Line, type: string }'),
      where: ['{ name: Home, type: Street, form: unqualified }', 'unqualified'],
      path: 'records.Party.fields[2].form',
      message:
        'Party.Home is unqualified (written with xmlns=""), but holds the qualified element Street.Line, which would lose its namespace: make it unqualified too, or Party.Home qualified',
    },
    {
      kind: 'an unqualified list holding qualified items',
      text: change(
        '{ name: Tags, type: { list: string, container: false }, form: unqualified }',
        '{ name: Tags, type: { list: string }, form: unqualified }',
      ),
      where: ['{ name: Tags, type: { list: string }, form: unqualified }', 'unqualified'],
      path: 'records.Party.fields[6].form',
      message:
        'Party.Tags is unqualified (written with xmlns=""), but holds the qualified items <string> of a list, which would lose its namespace: make it unqualified too, or Party.Tags qualified',
    },
    {
      kind: 'an unqualified element holding a list of qualified items',
      text: change(
        '{ name: Homes, type: { list: Street, form: unqualified }, form: unqualified }',
        '{ name: Homes, type: { list: Street }, form: unqualified }',
      ),
      where: ['{ name: Homes, type: { list: Street }, form: unqualified }', 'unqualified'],
      path: 'records.Party.fields[7].form',
      message:
        'Party.Homes is unqualified (written with xmlns=""), but holds the qualified items <Street> of a list, which would lose its namespace: make it unqualified too, or Party.Homes qualified',
    },
    {
      kind: 'unqualified items of a list without a container',
      text: change(
        '{ name: Tags, type: { list: string, container: false }, form: unqualified }',
        '{ name: Tags, type: { list: string, container: false, form: unqualified } }',
      ),
      where: ['container: false, form: unqualified } }', 'unqualified'],
      path: 'records.Party.fields[6].type.form',
      message: 'a list without a container has no item element of its own: give the field form: unqualified',
    },
    {
      kind: 'unqualified items in a namespace of their own',
      text: change(
        '{ name: Homes, type: { list: Street, form: unqualified }, form: unqualified }',
        "{ name: Homes, type: { list: Street, form: unqualified, namespace: 'urn:x' } }",
      ),
      where: ["form: unqualified, namespace: 'urn:x' }", 'unqualified'],
      path: 'records.Party.fields[7].type.form',
      message: 'items in a namespace of their own are qualified',
    },
    {
      kind: 'an unqualified choice',
      text: change(
        '{ name: Role, type: string, form: unqualified }',
        '{ name: Role, type: { choice: [{ name: A, type: int }, { name: B, type: string }] }, form: unqualified }',
      ),
      where: ['{ name: B, type: string }] }, form: unqualified }', 'unqualified'],
      path: 'records.Party.fields[1].form',
      message: 'a choice has no element of its own: its alternatives are qualified, as the elements of their record',
    },
    {
      kind: 'a form that is not one',
      text: change('{ name: Role, type: string, form: unqualified }', '{ name: Role, type: string, form: local }'),
      where: ['form: local', 'local'],
      path: 'records.Party.fields[1].form',
      message: 'must be one of: qualified, unqualified (found a string: "local")',
    },
  ];
  it.each(cases)('$kind', ({ text, where, path, message }) => {
    expect(issuesOf(text)).toContainEqual({ ...at(text, ...where), path, message });
  });

  it('text on an output (form on one is test/spec/operation-form-spec.test.ts)', () => {
    const text = change(
      '    result: TaxedMoney\n',
      '    result: TaxedMoney\n    outputs:\n      - { name: Note, type: string, text: true }\n',
    );
    expect(issuesOf(text)).toEqual([
      {
        ...at(text, '{ name: Note, type: string, text: true }', 'true'),
        path: 'operations[0].outputs[0].text',
        message: "an output is an element of the response: only a record's or a result's element has text content",
      },
    ]);
  });
});
