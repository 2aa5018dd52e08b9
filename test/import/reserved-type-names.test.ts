/**
 * Issue 25, equifax-canada: its Identity holds a local element Name whose type is declared inline, drafted as the
 * record `Name`; since the format has the type `Name` of its own (an XML Name), the field of type Name was that
 * string type and the client wrote the record as text ("Character content other than whitespace is not allowed"). The
 * import keys no record or enum as one of the format's own type names (the name and a number, its XML name kept as
 * xmlName), and the loader refuses a spec that does (test/spec/xsd-types-spec.test.ts). Fixture:
 * test/fixtures/import/reserved-names/ReservedNames.wsdl (a complexType Name, a local element language and a global
 * element date of inline types, a local element duration of an inline enumeration: as Equifax's required Language,
 * left out before, it is an enum named after the element).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  ({ people: trip } = await roundTrips(
    { people: 'test/fixtures/import/reserved-names/ReservedNames.wsdl' },
    'reserved-type-names',
  ));
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

describe("records whose XML names are the format's own type names", () => {
  it('are keyed apart (the name and a number), their XML names kept, and type-check', () => {
    expect(trip.diagnostics).toEqual([]);
    expect(trip.yaml).toContain('  Name2:\n    xmlName: Name\n');
    expect(trip.yaml).toContain('  language2:\n    xmlName: language\n');
    expect(trip.yaml).toContain('  date2:\n    fields:\n');
    expect(trip.yaml).toContain('enums:\n  duration2:\n    xmlName: duration\n    values: [ Short, Long ]\n');
    expect(trip.yaml).toContain(
      '      - { name: Name, type: Name2 }\n      - { name: language, type: language2 }\n      - { name: date, type: date2 }\n      - { name: duration, type: duration2 }\n',
    );
  });

  it('are written as records, which the mock reads, and read back from its answer', async () => {
    const name = { First: 'Ada', Last: 'Lovelace' };
    let received: unknown;
    const c = trip.connect({ savePerson: (args: unknown) => ((received = args), name) });
    mocks.push(c.mock);
    const args = { Name: name, language: { Code: 'en' }, date: { Day: 28 }, duration: 'Long' };
    const result = await c.client['savePerson']!(args);
    expect(received).toEqual(args);
    expect(result).toEqual(name);
    expect(c.exchanges[0]!.request).toContain(
      '<Name><First>Ada</First><Last>Lovelace</Last></Name><language><Code>en</Code></language><date><Day>28</Day></date><duration>Long</duration>',
    );
  });
});
