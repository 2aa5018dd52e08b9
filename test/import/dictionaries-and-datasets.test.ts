/**
 * Issue 25: two shapes of real WCF and ASMX services whose answers the generated mock wrote against the WSDL's schema.
 * Each hand-written WSDL (test/fixtures/import/issue25/) is imported, generated, type-checked and called, client to
 * mock, and every exchange is validated against the WSDL's own schema (libxml2, as the corpus test does).
 *
 * - WCF dictionaries (Dictionaries.wsdl; corpus: wcf-collection-types, bookt-connect): `ArrayOfKeyValueOfintstring`
 *   repeats `KeyValueOfintstring`, whose Key and Value are an anonymous complex type. That item type was reported "declared
 *   inline" and the whole list drafted as `string`, so the mock wrote text where the schema allows only elements.
 *   The item is now a record named after its element (numbered when a named type has the name).
 * - DataSets (DataSets.wsdl; corpus: avm-properties, wcf-dataset-wrapper): `<s:element ref="s:schema"/><s:any/>`
 *   was drafted as plain `xml`, a DataSet known as one only by an HTTP POST root `<DataSet>`. A DataSet field, or a
 *   result of an operation without HTTP POST, was answered with the plain example `<example/>`, which the schema
 *   refuses (an element of the XML Schema namespace must come first). It is now drafted as `dataSet`, whose example
 *   is an empty DataSet (schema, then diffgram) wherever it stands.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soapBodyElements } from '../helpers/soap-body.js';
import { validateAll } from '../helpers/xsd.js';
import { fromRoot } from '../helpers/paths.js';
import { sampleArgs } from '../mock/support/sample-values.js';
import { wsdlSchemas } from './support/wsdl-schemas.js';
import { roundTrips, type Exchange, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const DIR = 'test/fixtures/import/issue25';
const FIXTURES = { dictionaries: `${DIR}/Dictionaries.wsdl`, datasets: `${DIR}/DataSets.wsdl` };
let trips: Record<keyof typeof FIXTURES, RoundTrip>;
const mocks: MockService[] = [];

beforeAll(async () => {
  trips = await roundTrips(FIXTURES, 'dictionaries-and-datasets');
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

/** libxml2's errors for each SOAP Body part (or HTTP POST document) of `exchanges`, against the fixture's schema. */
async function schemaErrors(
  fixture: keyof typeof FIXTURES,
  exchanges: readonly Exchange[],
  soap = true,
): Promise<Record<string, string[]>> {
  const documents: Record<string, string> = {};
  exchanges.forEach((e, i) => {
    expect(e.status, e.response).toBe(200);
    if (!soap) documents[`answer ${i}`] = e.response.replace(/^<\?xml[^>]*\?>/, '');
    else {
      soapBodyElements(e.request).forEach((part, p) => (documents[`request ${i} part ${p}`] = part));
      soapBodyElements(e.response).forEach((part, p) => (documents[`answer ${i} part ${p}`] = part));
    }
  });
  return Object.fromEntries(await validateAll(wsdlSchemas(fromRoot(FIXTURES[fixture])), documents));
}

const noErrors = (errors: Record<string, string[]>) => Object.fromEntries(Object.keys(errors).map((k) => [k, []]));

it('generates clients and mocks that type-check, both', () => {
  expect(Object.fromEntries(Object.entries(trips).map(([name, t]) => [name, t.diagnostics]))).toEqual({
    dictionaries: [],
    datasets: [],
  });
});

describe('a WCF dictionary (a list whose item type is declared inline)', () => {
  it('is drafted as a list of records named after the item element, nothing reported', () => {
    const { yaml, importRun } = trips.dictionaries;
    expect(importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
    expect(yaml).toContain(
      '  KeyValueOfintstring:\n    namespace: http://schemas.microsoft.com/2003/10/Serialization/Arrays\n    fields:\n      - { name: Key, type: int }\n      - { name: Value, type: string, optional: false }\n',
    );
    // The named DataContract KeyValueOfstringint has the name: the list's item is a record of its own, its element kept.
    expect(yaml).toContain(
      '  KeyValueOfstringint2:\n    namespace: http://schemas.microsoft.com/2003/10/Serialization/Arrays\n    fields:\n      - { name: Key, type: string, optional: false }\n      - { name: Value, type: int }\n',
    );
    expect(yaml).toMatch(/name: ByName,\s+type:\s+\{\s+list: KeyValueOfstringint2,\s+item: KeyValueOfstringint,/);
    // An item holding its own list (a tree) is drafted once, its field a list of itself.
    expect(yaml).toMatch(/\n  Node:\n(?: {4,}.*\n)*? +name: Children,\s+type: \{ list: Node,/);
  });

  it('goes both ways exactly, every exchange valid against the WSDL', async () => {
    const board = {
      Best: { Name: 'top' },
      ByRank: [
        { Key: 1, Value: 'Ann' },
        { Key: 2, Value: null },
      ],
      ByName: [{ Key: 'Ann', Value: 1 }],
      Tree: [{ Name: 'root', Children: [{ Name: 'leaf', Children: [] }] }],
    };
    const received: unknown[] = [];
    const { client, mock, exchanges } = trips.dictionaries.connect({
      getScores: (p: unknown) => (received.push(p), board),
    });
    mocks.push(mock);
    const filter = [
      { Key: 'Bob & <Co>', Value: -1 },
      { Key: null, Value: 7 },
    ];
    await expect(client['getScores']!({ filter })).resolves.toEqual(board);
    expect(received).toEqual([{ filter }]);
    expect(exchanges[0]!.response).toMatch(
      /<(\w+:)?KeyValueOfintstring\b[^>]*><\1Key>1<\/\1Key><\1Value>Ann<\/\1Value><\/\1KeyValueOfintstring>/,
    );
    const errors = await schemaErrors('dictionaries', exchanges);
    expect(errors).toEqual(noErrors(errors));
  });
});

describe('a DataSet (s:schema then s:any)', () => {
  it('is drafted as dataSet: a result with or without HTTP POST, a field, a parameter; nothing reported, no httpPostRoot', () => {
    const { yaml, importRun } = trips.datasets;
    expect(importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
    expect(yaml).toContain('      - { name: Rows, type: dataSet, nillable: false }\n');
    expect(yaml).toContain(
      '  - name: Search\n    params:\n      - { name: criteria, type: Criteria, optional: true }\n    result: { type: dataSet, nullable: true }\n',
    );
    expect(yaml).toContain(
      '  - name: Lookup\n    params:\n      - { name: id, type: int }\n    result: { type: dataSet, nullable: true }\n',
    );
    expect(yaml).toContain('      - { name: data, type: dataSet, optional: true }\n');
    expect(yaml).not.toContain('httpPostRoot');
  });

  it('is documented as a DataSet in the generated types, a field and a parameter', () => {
    const types = readFileSync(fromRoot('test/.tmp/dictionaries-and-datasets/datasets/out/client/types.ts'), 'utf8');
    expect(types).toMatch(
      /\* Wire: XML content \(a \.NET DataSet: its XML Schema, then its diffgram\)[^/]*\*\/\n\s+Rows\?:/,
    );
    expect(types).toContain('/** Sent as a DataSet (XML content). */');
  });

  it("is answered by the mock's example with an empty DataSet, result or field, valid against the WSDL", async () => {
    const { client, mock, exchanges } = trips.datasets.connect({});
    mocks.push(mock);
    const search = (await client['search']!({ criteria: { City: 'Oslo' } })) as string;
    expect(search).toMatch(/^<xs:schema id="NewDataSet" [^>]*>.*<\/xs:schema><diffgr:diffgram [^>]*\/>$/);
    await expect(client['wrapped']!()).resolves.toEqual({ Id: 1, Rows: search });
    await expect(client['lookup']!({ id: 3 })).resolves.toBe(search);
    // A list of DataSets: its items are <DataSet> elements.
    await expect(client['history']!()).resolves.toEqual([search]);
    expect(exchanges.at(-1)!.response).toContain('<HistoryResult><DataSet><xs:schema ');
    // The corpus harness's sample of a DataSet parameter (test/mock/support/sample-values.ts) is one too.
    const store = trips.datasets.generated.model.operations.find((o) => o.name === 'Store')!;
    await expect(client['store']!(sampleArgs(store))).resolves.toBe(1);
    const errors = await schemaErrors('datasets', exchanges);
    expect(errors).toEqual(noErrors(errors));
  });

  it('is answered over HTTP POST under the root <DataSet>, valid against the WSDL', async () => {
    const { client, mock, exchanges } = trips.datasets.connect({}, 'httpPost');
    mocks.push(mock);
    const lookup = (await client['lookup']!({ id: 3 })) as string;
    expect(lookup).toMatch(/^<xs:schema /);
    expect(exchanges[0]!.response).toMatch(/^(<\?xml[^>]*\?>)?<DataSet [^>]*xmlns="urn:datasets"><xs:schema /);
    const errors = await schemaErrors('datasets', exchanges, false);
    expect(errors).toEqual(noErrors(errors));
  });
});
