/**
 * The exported schema of elements in a namespace of their own (the spec's `namespace`): a reference to a top-level
 * element of that namespace's schema, which the referring schema imports; a local element where the namespace is the
 * schema's own; two such elements of one name and different types in one namespace declared once, of any type, as
 * one schema cannot declare both.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { planSchema } from '../../generator/emit/wsdl/schema.js';

const SERVICE = 'http://orders.example/';
const COMMON = 'http://common.example/';

const spec = (fields: string) => `specVersion: 1
service:
  name: Orders
  title: Orders test service
  version: v1
  path: /Orders.asmx
  namespace: { uri: '${SERVICE}' }
  client: OrdersClient
records:
  Stamped:
    fields:
${fields}
operations:
  - name: Get
    result: Stamped
`;

describe('the schema of elements in a namespace of their own', () => {
  it('references a top-level element of the other namespace, imported, and keeps one of its own schema local', () => {
    const plan = planSchema(
      parseSpec(
        spec(
          `      - { name: Stamp, type: string, optional: true, namespace: '${COMMON}' }\n      - { name: Local, type: int, namespace: '${SERVICE}' }`,
        ),
        'orders.yaml',
      ),
    );
    const [service, common] = plan.schemas;
    expect(service!.imports).toEqual([COMMON]);
    const stamped = service!.items.find((i) => i.kind === 'complexType' && i.name === 'Stamped');
    expect(stamped).toMatchObject({
      sequence: [
        { name: 'Stamp', minOccurs: 0, maxOccurs: 1, ref: { ns: COMMON, local: 'Stamp' } },
        { name: 'Local', minOccurs: 1, maxOccurs: 1, type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'int' } },
      ],
    });
    expect((stamped as { sequence: Array<{ ref?: unknown }> }).sequence[1]!.ref).toBeUndefined();
    expect(common).toEqual({
      targetNamespace: COMMON,
      imports: [],
      items: [
        {
          kind: 'element',
          name: 'Stamp',
          type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'string' },
          nillable: true,
        },
      ],
    });
  });

  it('declares two elements of one name and different types in one namespace once, of any type (one schema cannot declare both)', () => {
    // edialog-sdk: common's dimension is a DimensionType in one base type and a string in another, each local there.
    const model = parseSpec(
      spec(
        `      - { name: Stamp, type: string, namespace: '${COMMON}' }\n      - { name: Other, type: Inner }`,
      ).replace(
        'operations:',
        `  Inner:\n    fields:\n      - { name: Stamp, type: int, namespace: '${COMMON}' }\noperations:`,
      ),
      'orders.yaml',
    );
    const common = planSchema(model).schemas.find((s) => s.targetNamespace === COMMON);
    expect(common!.items).toEqual([
      {
        kind: 'element',
        name: 'Stamp',
        type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'anyType' },
        nillable: true,
      },
    ]);
  });

  it('declares one element nillable where two references differ only in that', () => {
    const model = parseSpec(
      spec(
        `      - { name: Stamp, type: string, nillable: false, namespace: '${COMMON}' }\n      - { name: Other, type: Inner }`,
      ).replace(
        'operations:',
        `  Inner:\n    fields:\n      - { name: Stamp, type: string, nillable: true, namespace: '${COMMON}' }\noperations:`,
      ),
      'orders.yaml',
    );
    const common = planSchema(model).schemas.find((s) => s.targetNamespace === COMMON);
    expect(common!.items).toEqual([
      {
        kind: 'element',
        name: 'Stamp',
        type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'string' },
        nillable: true,
      },
    ]);
  });
});
