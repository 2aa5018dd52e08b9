/**
 * What the loader makes of a choice (`type: { choice: [...] }`, issue 17 item 4) and what it refuses: each case is the
 * base spec below with one thing changed, reported with its exact message and spec path at the line and column where
 * it stands.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { specEdits } from './support/spec-edits.js';
import { typeLabel } from '../helpers/model.js';

const FILE = 'plans.yaml';

const BASE = `specVersion: 1
service:
  name: Plans
  title: Plans test service
  version: v1
  path: /Plans.asmx
  namespace: { uri: 'http://plans.example/' }
  client: PlansClient
records:
  Definition:
    fields:
      - { name: Connect, type: string }
  Plan:
    fields:
      - name: Source
        type:
          choice:
            - { name: Definition, type: Definition, doc: In full. }
            - { name: Reference, type: string }
      - name: Steps
        type:
          list:
            choice:
              - { name: Step, type: string }
              - { name: Pause, type: int }
      - name: Marks
        type: { list: { choice: [{ name: Mark, type: string }, { name: Gap, type: int }] }, container: false }
      - { name: Query, type: string }
operations:
  - name: Run
    httpPost: false
    params:
      - name: Target
        optional: true
        type:
          choice:
            - { name: Folder, type: string }
            - { name: FolderId, type: int }
      - { name: plan, type: Plan }
    result: boolean
`;

const { change, issuesOf, at } = specEdits(BASE, FILE);

describe('a choice in the model', () => {
  it('types a field, the items of a list with or without a container, and a parameter', () => {
    const model = parseSpec(BASE, FILE);
    const plan = model.records.find((r) => r.name === 'Plan')!;
    expect(plan.fields.map((f) => [f.name, typeLabel(f.type), f.optional, f.nillable])).toEqual([
      ['Source', 'choice<Definition: Definition | Reference: string>', false, false],
      ['Steps', 'list<choice<Step: string | Pause: int>>', true, true],
      ['Marks', 'list<choice<Mark: string | Gap: int>>', false, false],
      ['Query', 'string', true, true],
    ]);
    const source = plan.fields[0]!.type;
    expect(source.kind === 'choice' && source.alternatives[0]).toMatchObject({
      kind: 'alternative',
      name: 'Definition',
      doc: 'In full.',
    });
    const steps = plan.fields[1]!.type;
    expect(steps).toMatchObject({ kind: 'list', container: true, nillableItems: false });
    const target = model.operations[0]!.params[0]!;
    expect([target.name, typeLabel(target.type), target.optional]).toEqual([
      'Target',
      'choice<Folder: string | FolderId: int>',
      true,
    ]);
  });
});

describe("a choice named like one of its alternatives (issue 25: xsd.exe names EWS's choice of <Item>, <Message> Item)", () => {
  it.each([
    [
      'a field',
      change('      - name: Source\n', '      - name: Definition\n'),
      'Definition',
      'choice<Definition: Definition | Reference: string>',
    ],
    [
      'a list of choices without a container',
      change('      - name: Marks\n', '      - name: Gap\n'),
      'Gap',
      'list<choice<Mark: string | Gap: int>>',
    ],
  ])('%s: its name is no element, so it is loaded', (_, text, name, type) => {
    const plan = parseSpec(text, FILE).records.find((r) => r.name === 'Plan')!;
    expect(plan.fields.filter((f) => f.name === name).map((f) => typeLabel(f.type))).toEqual([type]);
  });
});

describe("an alternative's own form or namespace (whl-travel)", () => {
  it("is kept in the model, on a field's choice and on its list's without a container", () => {
    const text = change(
      '{ name: Gap, type: int }',
      '{ name: Gap, type: int, namespace: http://other.example/ }',
      change('{ name: Reference, type: string }', '{ name: Reference, type: string, form: unqualified }'),
    );
    const plan = parseSpec(text, FILE).records.find((r) => r.name === 'Plan')!;
    const alternatives = plan.fields.flatMap((f) =>
      f.type.kind === 'choice'
        ? f.type.alternatives
        : f.type.kind === 'list' && !f.type.container && f.type.item.kind === 'choice'
          ? f.type.item.alternatives
          : [],
    );
    expect(alternatives.map((a) => [a.name, a.form, a.namespace])).toEqual([
      ['Definition', undefined, undefined],
      ['Reference', 'unqualified', undefined],
      ['Mark', undefined, undefined],
      ['Gap', undefined, { uri: 'http://other.example/', prefix: 'ns1' }],
    ]);
  });
});

describe('a field sent only with one alternative (onlyWith)', () => {
  it('names its choice field and the alternative in the model', () => {
    const plan = parseSpec(
      change('      - { name: Query, type: string }', '      - { name: Query, type: string, onlyWith: Reference }'),
      FILE,
    ).records.find((r) => r.name === 'Plan')!;
    const query = plan.fields.find((f) => f.name === 'Query')!;
    expect([query.onlyWith?.choice, query.onlyWith?.alternative]).toEqual([plan.fields[0], 'Reference']);
  });
});

describe('what the loader refuses', () => {
  const cases: ReadonlyArray<{ kind: string; text: string; where: [string, string]; path: string; message: string }> = [
    {
      kind: 'a choice of one alternative',
      text: change('            - { name: Folder, type: string }\n', ''),
      where: ['            - { name: FolderId', '-'],
      path: 'operations[0].params[0].type.choice',
      message: 'must have at least 2 items',
    },
    {
      kind: 'an alternative named twice',
      text: change('{ name: Pause, type: int }', '{ name: Step, type: int }'),
      where: ['{ name: Step, type: int }', 'Step'],
      path: 'records.Plan.fields[1].type.list.choice[1].name',
      message: 'duplicate alternative "Step" in this choice',
    },
    {
      kind: 'an unknown key in an alternative, with the key meant',
      text: change('{ name: Reference, type: string }', '{ name: Reference, typ: string }'),
      where: ['{ name: Reference, typ: string }', 'typ'],
      path: 'records.Plan.fields[0].type.choice[1].typ',
      message: 'unknown key "typ" (did you mean "type"?); allowed here: name, type, form, namespace, doc',
    },
    {
      kind: 'an unknown type in an alternative, with the type meant',
      text: change(
        '{ name: Definition, type: Definition, doc: In full. }',
        '{ name: Definition, type: Definiton, doc: In full. }',
      ),
      where: ['type: Definiton', 'Definiton'],
      path: 'records.Plan.fields[0].type.choice[0].type',
      message: `unknown type "Definiton"; expected an XML Schema type (${'string, int, long, double, boolean, dateTime, decimal, float, short, byte, unsignedByte, unsignedShort, unsignedInt, unsignedLong, base64Binary, guid, char, date, time, duration, integer, nonNegativeInteger, positiveInteger, NMTOKEN, Name, NCName, language, token, anyURI, xml'}), dataSet, an enum or a record (did you mean "Definition"?)`,
    },
    {
      kind: 'an alternative with the element name of a field',
      text: change('{ name: Gap, type: int }', '{ name: Query, type: int }'),
      where: ['      - name: Marks', 'Marks'],
      path: 'records.Plan.fields[2].name',
      message:
        'the choice "Marks" has an alternative <Query>, the element of field "Query" too: a record\'s elements must have distinct names',
    },
    {
      kind: 'a nillable choice',
      text: change('      - name: Source\n', '      - name: Source\n        nillable: true\n'),
      where: ['nillable: true', 'true'],
      path: 'records.Plan.fields[0].nillable',
      message:
        'a choice has no element of its own that could be nil (make it optional: true to allow none of its alternatives)',
    },
    {
      kind: 'a choice as an attribute',
      text: change('      - name: Source\n', '      - name: Source\n        attribute: true\n'),
      where: ['          choice:\n            - { name: Definition', 'choice'],
      path: 'records.Plan.fields[0].type',
      message: 'an attribute holds a single XML Schema type or enum value, not a choice of elements',
    },
    {
      kind: 'a choice as a result',
      text: change(
        '    result: boolean\n',
        '    result: { choice: [{ name: A, type: int }, { name: B, type: string }] }\n',
      ),
      where: ['result: { choice', '['],
      path: 'operations[0].result.choice',
      message:
        'a choice can only type a record field, a parameter or an out parameter (or the items of their lists), not a result, a list item of a choice or an alternative',
    },
    {
      kind: 'nil items in a list of choices',
      text: change(
        '          list:\n            choice:\n              - { name: Step',
        '          nillableItems: true\n          list:\n            choice:\n              - { name: Step',
      ),
      where: ['nillableItems: true', 'true'],
      path: 'records.Plan.fields[1].type.nillableItems',
      message: 'an item of a list of choices is one of its alternatives, an element of its own, and cannot be nil',
    },
    // An alternative's own form or namespace (whl-travel): read among a record's fields only.
    {
      kind: "an unqualified alternative of a parameter's choice",
      text: change(
        '            - { name: Folder, type: string }',
        '            - { name: Folder, type: string, form: unqualified }',
      ),
      where: ['form: unqualified', 'unqualified'],
      path: 'operations[0].params[0].type.choice[0].form',
      message:
        'only an alternative of a choice typing a record field (or the items of its list without a container) can have a form of its own',
    },
    {
      kind: 'an alternative of a namespace of its own in a list of choices with a container',
      text: change(
        '              - { name: Step, type: string }',
        '              - { name: Step, type: string, namespace: http://other.example/ }',
      ),
      where: ['namespace: http', 'http'],
      path: 'records.Plan.fields[1].type.list.choice[0].namespace',
      message:
        'only an alternative of a choice typing a record field (or the items of its list without a container) can have a namespace of its own',
    },
    {
      kind: 'an alternative with both form and namespace',
      text: change(
        '            - { name: Reference, type: string }',
        '            - { name: Reference, type: string, form: unqualified, namespace: http://other.example/ }',
      ),
      where: ['namespace: http', 'http'],
      path: 'records.Plan.fields[0].type.choice[1].namespace',
      message: 'form: unqualified puts the element in no namespace: give it either form or a namespace, not both',
    },
    {
      kind: 'an unqualified alternative holding a qualified element',
      text: change(
        '{ name: Definition, type: Definition, doc: In full. }',
        '{ name: Definition, type: Definition, form: unqualified }',
      ),
      where: ['form: unqualified', 'unqualified'],
      path: 'records.Plan.fields[0].type.choice[0].form',
      message:
        'Plan.Source\'s alternative <Definition> is unqualified (written with xmlns=""), but holds the qualified element Definition.Connect, which would lose its namespace: make it unqualified too, or the alternative qualified',
    },
    // onlyWith: a field of a sequence that is one alternative of a choice (equifax-canada's PhoneNumber).
    {
      kind: 'onlyWith naming no alternative of a choice before the field',
      text: change('      - { name: Query, type: string }', '      - { name: Query, type: string, onlyWith: Pause }'),
      where: ['onlyWith: Pause', 'Pause'],
      path: 'records.Plan.fields[3].onlyWith',
      message:
        'no choice before this field in Plan has an alternative <Pause> (onlyWith names the alternative this field is sent with)',
    },
    {
      kind: 'onlyWith on an attribute',
      text: change(
        '      - { name: Query, type: string }',
        '      - { name: Query, type: string, attribute: true, onlyWith: Reference }',
      ),
      where: ['onlyWith: Reference', 'Reference'],
      path: 'records.Plan.fields[3].onlyWith',
      message:
        'an attribute or the text content is no element of a sequence: only an element field is sent with an alternative',
    },
    {
      kind: 'onlyWith on a required field',
      text: change(
        '      - { name: Query, type: string }',
        '      - { name: Query, type: string, optional: false, onlyWith: Reference }',
      ),
      where: ['onlyWith: Reference', 'Reference'],
      path: 'records.Plan.fields[3].onlyWith',
      message: 'a field sent only with <Reference> is absent with the other alternatives: make it optional',
    },
    {
      kind: 'a choice parameter in an operation with HTTP POST',
      text: change('    httpPost: false\n', ''),
      where: ['      - name: Target', 'name'],
      path: 'operations[0].params[0]',
      message:
        'parameter "Target" is a choice (Folder | FolderId), which ASMX\'s HTTP POST binding cannot carry (only XML Schema types, enums and lists of them); add httpPost: false to the operation, or leave httpPost out of service.bindings',
    },
  ];
  it.each(cases)('$kind', ({ text, where, path, message }) => {
    expect(issuesOf(text)).toContainEqual({ ...at(text, ...where), path, message });
  });
});
