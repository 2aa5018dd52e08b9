/**
 * Issue 25, aplix-delivery crashed generation ("Maximum call stack size exceeded"): 1C's abstract Состав, whose first
 * concrete type Адрес requires a Состав again. The example (and the test's sample) of an abstract record was always of
 * its first concrete record, and past the depth where optional members are left out the required ones still are
 * filled, so the value never ended. Past that depth the concrete record whose least value is the shallowest is taken
 * (generator/model/least-values.ts). test/fixtures/import/recursive/RecursiveAbstract.wsdl has the shape: abstract
 * Part, Address (first) requiring a Part, Region requiring nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leastConcrete, recordDepth } from '../../generator/model/least-values.js';
import type { StructModel } from '../../generator/model/types.js';
import { sampleArgs } from '../mock/support/sample-values.js';
import { roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  ({ contacts: trip } = await roundTrips({ contacts: 'test/fixtures/import/recursive/RecursiveAbstract.wsdl' }, 'recursive-abstract'));
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

  it("mock: its example answer ends in a Region, which the client reads", async () => {
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
    expect(args).toEqual({ contact: { Part: { Part: { Part: { Part: {}, Country: country }, Country: country }, Country: country }, Country: country } });
  });
});
