/**
 * Issue 25, aplix-delivery crashed generation ("Maximum call stack size exceeded"): 1C's abstract Состав, whose first
 * concrete type Адрес requires a Состав again. The example (and the test's sample) of an abstract record was always of
 * its first concrete record, and past the depth where optional members are left out the required ones still are
 * filled, so the value never ended. Past that depth the concrete record whose least value is the shallowest is taken
 * (generator/model/least-values.ts), and of a choice its shallowest alternative. test/fixtures/import/recursive/
 * RecursiveAbstract.wsdl has the shape: abstract Part, Address (first) requiring a Part, Region requiring nothing; Tree,
 * a choice whose first alternative is a Tree. A record requiring itself (no value ends) is a spec of its own here: its
 * example ends empty, its zero value is empty.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleValue, zeroValue } from '../../generator/emit/examples.js';
import { parseSpec } from '../../generator/load/load.js';
import { leastConcrete, recordDepth } from '../../generator/model/least-values.js';
import type { StructModel } from '../../generator/model/types.js';
import { minimalValue, sampleArgs } from '../mock/support/sample-values.js';
import { roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  ({ contacts: trip } = await roundTrips(
    { contacts: 'test/fixtures/import/recursive/RecursiveAbstract.wsdl' },
    'recursive-abstract',
  ));
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

function record(name: string): StructModel {
  const found = trip.generated.model.records.find((r) => r.name === name);
  if (!found) throw new Error(`no record ${name}`);
  return found;
}

describe('an abstract record whose first concrete record requires it again', () => {
  it('generates and type-checks', () => {
    expect(trip.diagnostics).toEqual([]);
    expect(trip.yaml).toContain('  Part:\n    abstract: true\n');
  });

  it.each([
    ['Tree', 1],
    ['Region', 1],
    ['Part', 1],
    ['Address', 2],
  ])('the least value of %s is %d deep', (name, depth) => {
    expect(recordDepth(record(name))).toBe(depth);
  });

  it('the least concrete record of Part is Region, though Address comes first', () => {
    expect(record('Part').abstract?.concrete.map((c) => c.name)).toEqual(['Address', 'Region']);
    expect(leastConcrete(record('Part'))?.name).toBe('Region');
  });

  it('mock: its example answer ends in a Region, which the client reads', async () => {
    const c = trip.connect({});
    mocks.push(c.mock);
    const result = await c.client['getContact']!({ contact: {} });
    expect(result).toEqual({ Part: { Part: { Part: {}, Country: 'text' }, Country: 'text' }, Country: 'text' });
    expect(c.exchanges[0]!.response).toMatch(/xsi:type="[^"]*Region"/);
  });

  it("client: the test's sample argument ends too, and the mock decodes it as sent", async () => {
    const op = trip.generated.model.operations.find((o) => o.name.toLowerCase() === 'getcontact')!;
    const args = sampleArgs(op);
    let received: unknown;
    const c = trip.connect({ getContact: (a: unknown) => ((received = a), { Part: {} }) });
    mocks.push(c.mock);
    await c.client['getContact']!(args);
    expect(received).toEqual(args);
    const country = expect.any(String);
    expect(args).toEqual({
      contact: {
        Part: { Part: { Part: { Part: {}, Country: country }, Country: country }, Country: country },
        Country: country,
      },
    });
  });

  it('mock: the example answer of the recursive choice ends in its Leaf, which the client reads', async () => {
    const c = trip.connect({});
    mocks.push(c.mock);
    expect(await c.client['getTree']!({})).toEqual({
      Item: { Branch: { Item: { Branch: { Item: { Leaf: 'text' } } } } },
    });
  });

  it.each([
    ['Part', '{}'],
    ['Address', '{ Part: {} }'],
    ['Tree', "{ Item: { Leaf: '' } }"],
  ])("the zero value (and the test's minimal value) of %s is %s", (name, zero) => {
    expect(zeroValue({ kind: 'record', record: record(name) })).toBe(zero);
    if (name !== 'Tree')
      expect(minimalValue({ kind: 'record', record: record(name) }, name)).toEqual(
        name === 'Address' ? { Part: {} } : {},
      );
  });
});

describe('a record requiring itself, which no value ends', () => {
  const spec = `specVersion: 1
service: { name: Loops, title: Loops, version: v1, path: /Loops.asmx, namespace: { uri: 'http://loops.example/' }, client: LoopsClient }
records:
  Loop:
    fields:
      - { name: Again, type: Loop, optional: false }
operations:
  - { name: Put, httpPost: false, params: [{ name: loop, type: Loop, optional: true }], result: boolean }
`;
  const loop = parseSpec(spec, 'loops.yaml').records[0]!;

  it('has no least value, and its example, zero and sample values end', () => {
    expect(recordDepth(loop)).toBe(Infinity);
    expect(exampleValue({ kind: 'record', record: loop })).toBe('{ Again: { Again: { Again: {} } } }');
    expect(zeroValue({ kind: 'record', record: loop })).toBe('{}');
    expect(minimalValue({ kind: 'record', record: loop }, 'loop')).toEqual({});
    expect(sampleArgs(parseSpec(spec, 'loops.yaml').operations[0]!)).toEqual({
      loop: { Again: { Again: { Again: { Again: {} } } } },
    });
  });
});
