/**
 * `form: unqualified` on an operation's parameters (inline and shared), its result and its outputs (issue 25: a
 * schema with elementFormDefault="unqualified"): what the model keeps, and what the loader refuses, each case the base
 * spec below with one thing changed, reported with its exact message and spec path where it stands.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { specEdits } from './support/spec-edits.js';

const FILE = 'geo.yaml';

const BASE = `specVersion: 1
service:
  name: Geo
  title: Geo test service
  version: v1
  path: /Geo.asmx
  namespace: { uri: 'http://geo.example/' }
  client: GeoClient
records:
  Place:
    fields:
      - { name: Street, type: string, form: unqualified }
  Tagged:
    fields:
      - { name: Tag, type: string }
parameters:
  street: { type: string, form: unqualified }
operations:
  - name: Locate
    httpPost: false
    params:
      - { name: number, type: int, form: unqualified }
      - street
      - { name: place, type: Place, form: unqualified }
    result: { type: string, form: unqualified }
    outputs:
      - { name: zone, type: int, form: unqualified }
  - name: Plain
    params:
      - { name: code, type: string }
    result: string
  - name: Bare
    parameterStyle: bare
    soapAction: 'http://geo.example/Bare'
    params:
      - { name: key, type: string }
    result: { type: string, element: BareAnswer }
`;

const { change, issuesOf, at } = specEdits(BASE, FILE);

describe('form on parameters, results and outputs in the model', () => {
  const model = parseSpec(BASE, FILE);
  const op = (name: string) => model.operations.find((o) => o.name === name)!;

  it('keeps it on inline and shared parameters, the result and the outputs (the result field of <Op>Output too)', () => {
    expect(op('Locate').params.map((p) => [p.name, p.form])).toEqual([
      ['number', 'unqualified'],
      ['street', 'unqualified'],
      ['place', 'unqualified'],
    ]);
    const result = op('Locate').result;
    if (result.kind !== 'outputs' || result.returned.kind !== 'value')
      throw new Error('expected outputs beside a value');
    expect(result.returned.form).toBe('unqualified');
    expect(result.struct.fields.map((f) => [f.name, f.form])).toEqual([
      ['LocateResult', 'unqualified'],
      ['zone', 'unqualified'],
    ]);
    expect(op('Plain').params[0]!.form).toBeUndefined();
    expect(op('Plain').result).toMatchObject({ kind: 'value' });
    expect((op('Plain').result as { form?: string }).form).toBeUndefined();
  });
});

describe('what the loader refuses', () => {
  const cases: ReadonlyArray<{ kind: string; text: string; where: [string, string]; path: string; message: string }> = [
    {
      kind: 'an unqualified parameter of a bare operation',
      text: change('{ name: key, type: string }', '{ name: key, type: string, form: unqualified }'),
      where: ['{ name: key, type: string, form: unqualified }', 'unqualified'],
      path: 'operations[2].params[0].form',
      message:
        'a bare operation\'s elements are top-level elements of the schema, always in its namespace: "key" cannot be unqualified',
    },
    {
      kind: 'a shared unqualified parameter listed by a bare operation',
      text: change('      - { name: key, type: string }', '      - street'),
      where: ['      - street\n    result: { type: string, element: BareAnswer }', 'street'],
      path: 'operations[2].params[0]',
      message:
        'a bare operation\'s elements are top-level elements of the schema, always in its namespace: "street" cannot be unqualified',
    },
    {
      kind: 'an unqualified result of a bare operation',
      text: change('{ type: string, element: BareAnswer }', '{ type: string, element: BareAnswer, form: unqualified }'),
      where: ['element: BareAnswer, form: unqualified', 'unqualified'],
      path: 'operations[2].result.form',
      message:
        "a bare operation's elements are top-level elements of the schema, always in its namespace: the result cannot be unqualified",
    },
    {
      kind: 'an unqualified output of a bare operation',
      text: change(
        '    result: { type: string, element: BareAnswer }\n',
        '    httpPost: false\n    result: { type: string, element: BareAnswer }\n    outputs:\n      - { name: extra, type: int, form: unqualified }\n',
      ),
      where: ['{ name: extra, type: int, form: unqualified }', 'unqualified'],
      path: 'operations[2].outputs[0].form',
      message:
        "a bare operation's elements are top-level elements of the schema, always in its namespace: an output cannot be unqualified",
    },
    {
      kind: 'an unqualified parameter holding a qualified element',
      text: change(
        '{ name: place, type: Place, form: unqualified }',
        '{ name: place, type: Tagged, form: unqualified }',
      ),
      where: ['{ name: place, type: Tagged, form: unqualified }', 'unqualified'],
      path: 'operations[0].params[2].form',
      message:
        'parameter "place" is unqualified (written with xmlns=""), but holds the qualified element Tagged.Tag, which would lose its namespace: make it unqualified too, or parameter "place" qualified',
    },
    {
      kind: 'an unqualified result holding qualified list items',
      text: change(
        'result: { type: string, form: unqualified }',
        'result: { type: { list: string }, form: unqualified }',
      ),
      where: ['result: { type: { list: string }, form: unqualified }', 'unqualified'],
      path: 'operations[0].result.form',
      message:
        'the result is unqualified (written with xmlns=""), but holds the qualified items <string> of a list, which would lose its namespace: make it unqualified too, or the result qualified',
    },
    {
      kind: 'an unqualified output holding a qualified element',
      text: change('{ name: zone, type: int, form: unqualified }', '{ name: zone, type: Tagged, form: unqualified }'),
      where: ['{ name: zone, type: Tagged, form: unqualified }', 'unqualified'],
      path: 'operations[0].outputs[0].form',
      message:
        'output "zone" is unqualified (written with xmlns=""), but holds the qualified element Tagged.Tag, which would lose its namespace: make it unqualified too, or output "zone" qualified',
    },
    {
      kind: 'an unqualified choice parameter',
      text: change(
        '{ name: number, type: int, form: unqualified }',
        '{ name: number, type: { choice: [{ name: A, type: int }, { name: B, type: string }] }, form: unqualified }',
      ),
      where: ['{ name: B, type: string }] }, form: unqualified }', 'unqualified'],
      path: 'operations[0].params[0].form',
      message: 'a choice has no element of its own: its alternatives are qualified, as the elements of their operation',
    },
    {
      kind: 'a parameter form that is not unqualified',
      text: change('{ name: number, type: int, form: unqualified }', '{ name: number, type: int, form: qualified }'),
      where: ['form: qualified', 'qualified'],
      path: 'operations[0].params[0].form',
      message: 'must be unqualified (found a string: "qualified")',
    },
  ];
  it.each(cases)('$kind', ({ text, where, path, message }) => {
    expect(issuesOf(text)).toContainEqual({ ...at(text, ...where), path, message });
  });
});
