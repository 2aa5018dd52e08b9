/**
 * `namespace` on a field, a parameter or a result (issue 25: an element reference to another schema's global element,
 * a qualified element inside an unqualified one): what the model keeps, and what the loader refuses, each case the base
 * spec below with one thing changed, reported with its exact message and spec path where it stands.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { specEdits } from './support/spec-edits.js';

const FILE = 'orders.yaml';
const COMMON = 'http://common.example/';

const BASE = `specVersion: 1
service:
  name: Orders
  title: Orders test service
  version: v1
  path: /Orders.asmx
  namespace: { uri: 'http://orders.example/' }
  client: OrdersClient
records:
  Order:
    fields:
      - { name: id, type: int, form: unqualified }
      - { name: Stamp, type: string, namespace: '${COMMON}' }
      - { name: Mine, type: string, namespace: 'http://orders.example/' }
      - { name: code, type: string, attribute: true }
  Picks:
    fields:
      - { name: Pick, type: { choice: [{ name: A, type: int }, { name: B, type: string }] } }
  Money:
    fields:
      - { name: Value, type: decimal, text: true }
      - { name: currency, type: string, attribute: true }
  Holder:
    fields:
      - { name: inner, type: Order, form: unqualified }
operations:
  - name: Find
    params:
      - { name: Filter, type: string, namespace: '${COMMON}' }
      - { name: limit, type: int }
    result: { type: Order, element: Found, namespace: '${COMMON}' }
  - name: Bare
    parameterStyle: bare
    soapAction: 'http://orders.example/Bare'
    params:
      - { name: key, type: string }
    result: { type: string, element: BareAnswer }
`;

const { change, issuesOf, at } = specEdits(BASE, FILE);

describe('namespace on fields, parameters and results in the model', () => {
  const model = parseSpec(BASE, FILE);

  it("keeps it with a prefix: another namespace the one the service numbers, the service's own tns", () => {
    const order = model.records.find((r) => r.name === 'Order')!;
    expect(order.fields.map((f) => [f.name, f.namespace])).toEqual([
      ['id', undefined],
      ['Stamp', { uri: COMMON, prefix: 'ns1' }],
      ['Mine', { uri: 'http://orders.example/', prefix: 'tns' }],
      ['code', undefined],
    ]);
    const find = model.operations.find((o) => o.name === 'Find')!;
    expect(find.params.map((p) => [p.name, p.namespace])).toEqual([
      ['Filter', { uri: COMMON, prefix: 'ns1' }],
      ['limit', undefined],
    ]);
    expect(find.result).toMatchObject({ kind: 'value', element: 'Found', namespace: { uri: COMMON, prefix: 'ns1' } });
  });

  it('lets an unqualified element hold a qualified one that has a namespace of its own (written with its prefix)', () => {
    // Holder.inner is unqualified and holds Order.Stamp and Order.Mine, qualified: accepted, each has its own namespace.
    expect(
      issuesOf(
        change(
          "      - { name: Mine, type: string, namespace: 'http://orders.example/' }",
          '      - { name: Mine, type: string }',
        ),
      ),
    ).toContainEqual(
      expect.objectContaining({
        path: 'records.Holder.fields[0].form',
        message: expect.stringContaining('holds the qualified element Order.Mine'),
      }),
    );
  });
});

describe('what the loader refuses', () => {
  const cases: ReadonlyArray<{ kind: string; text: string; where: [string, string]; path: string; message: string }> = [
    {
      kind: 'a namespace on an unqualified field',
      text: change(
        '{ name: id, type: int, form: unqualified }',
        `{ name: id, type: int, form: unqualified, namespace: '${COMMON}' }`,
      ),
      where: [`{ name: id, type: int, form: unqualified, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'records.Order.fields[0].namespace',
      message: 'form: unqualified puts the element in no namespace: give it either form or a namespace, not both',
    },
    {
      kind: 'a namespace on an attribute',
      text: change(
        '{ name: code, type: string, attribute: true }',
        `{ name: code, type: string, attribute: true, namespace: '${COMMON}' }`,
      ),
      where: [`{ name: code, type: string, attribute: true, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'records.Order.fields[3].namespace',
      message:
        "an attribute is in no namespace, in its record's (form: qualified) or in XML's (http://www.w3.org/XML/1998/namespace): it cannot have another of its own",
    },
    {
      kind: 'a namespace on a choice',
      text: change('{ name: B, type: string }] } }', `{ name: B, type: string }] }, namespace: '${COMMON}' }`),
      where: [`{ name: B, type: string }] }, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'records.Picks.fields[0].namespace',
      message: "a choice has no element of its own: its alternatives are in their record's or operation's namespace",
    },
    {
      kind: 'a namespace on the text content',
      text: change(
        '{ name: Value, type: decimal, text: true }',
        `{ name: Value, type: decimal, text: true, namespace: '${COMMON}' }`,
      ),
      where: [`{ name: Value, type: decimal, text: true, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'records.Money.fields[0].namespace',
      message: 'the text content has no element of its own to put in a namespace',
    },
    {
      kind: 'an empty namespace (no namespace is form: unqualified)',
      text: change(
        `{ name: Stamp, type: string, namespace: '${COMMON}' }`,
        "{ name: Stamp, type: string, namespace: '' }",
      ),
      where: ["{ name: Stamp, type: string, namespace: '' }", "''"],
      path: 'records.Order.fields[1].namespace',
      message: 'must not be empty',
    },
    {
      kind: 'a namespace on an unqualified parameter',
      text: change(
        '{ name: limit, type: int }',
        `{ name: limit, type: int, form: unqualified, namespace: '${COMMON}' }`,
      ),
      where: [`{ name: limit, type: int, form: unqualified, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'operations[0].params[1].namespace',
      message: 'form: unqualified puts the element in no namespace: give it either form or a namespace, not both',
    },
    {
      kind: "a namespace on a bare operation's parameter",
      text: change('{ name: key, type: string }', `{ name: key, type: string, namespace: '${COMMON}' }`),
      where: [`{ name: key, type: string, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'operations[1].params[0].namespace',
      message:
        'a bare operation\'s elements are top-level elements of the schema, always in its namespace: "key" cannot have a namespace of its own (give the operation\'s namespace)',
    },
    {
      kind: "a namespace on a bare operation's result",
      text: change(
        '{ type: string, element: BareAnswer }',
        `{ type: string, element: BareAnswer, namespace: '${COMMON}' }`,
      ),
      where: [`element: BareAnswer, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'operations[1].result.namespace',
      message:
        "a bare operation's elements are top-level elements of the schema, always in its namespace: the result cannot have a namespace of its own",
    },
    {
      kind: 'a namespace on an unqualified result',
      text: change(
        `{ type: Order, element: Found, namespace: '${COMMON}' }`,
        `{ type: string, element: Found, form: unqualified, namespace: '${COMMON}' }`,
      ),
      where: [`element: Found, form: unqualified, namespace: '${COMMON}' }`, `'${COMMON}'`],
      path: 'operations[0].result.namespace',
      message: 'form: unqualified puts the element in no namespace: give it either form or a namespace, not both',
    },
  ];
  it.each(cases)('$kind', ({ text, where, path, message }) => {
    expect(issuesOf(text)).toContainEqual({ ...at(text, ...where), path, message });
  });
});
