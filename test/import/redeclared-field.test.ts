/**
 * Issue 25, PayPal: a type extending another redeclares an element of its base (DoUATPAuthorizationResponseType's
 * MsgSubID; here test/fixtures/import/issue25/Redeclared.wsdl). Both elements are on the wire, the base's first.
 * The import drafts the extension's as a member of its own key, numbered as xsd.exe numbers it (MsgSubID1), with
 * xmlName: MsgSubID; the client and mock write both elements in wire order and read each back into its own member
 * (the later one is the extension's once anything after the base's has been read); the generated WSDL declares the
 * element under its wire name. Everything sent is valid against the fixture's own schema and the generated one.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import { fromRoot } from '../helpers/paths.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { bodyContent, roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/Redeclared.wsdl';
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  trip = (await roundTrips({ redeclared: WSDL }, 'issue25-redeclared')).redeclared;
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

describe('the import', () => {
  it('drafts the extension’s element as a member of its own key, its element name kept, and reports nothing', () => {
    expect(trip.importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
    expect(trip.yaml).toContain('- { name: MsgSubID1, xmlName: MsgSubID, type: string, nillable: false }');
    const uatp = trip.generated.model.records.find((r) => r.name === 'UatpDetails')!;
    expect(uatp.fields.map((f) => `${f.name}<${f.xmlName}>`)).toEqual([
      'TransactionID<TransactionID>',
      'MsgSubID<MsgSubID>',
      'AuthorizationCode<AuthorizationCode>',
      'InvoiceID<InvoiceID>',
      'MsgSubID1<MsgSubID>',
    ]);
  });
});

/** Values of UatpDetails, and the children of its element each must be written as. */
const ROWS: ReadonlyArray<readonly [string, Record<string, string>, string]> = [
  [
    'both',
    { TransactionID: 't1', MsgSubID: 'base', AuthorizationCode: 'A1', InvoiceID: 'i1', MsgSubID1: 'own' },
    '<TransactionID>t1</TransactionID><MsgSubID>base</MsgSubID><AuthorizationCode>A1</AuthorizationCode><InvoiceID>i1</InvoiceID><MsgSubID>own</MsgSubID>',
  ],
  [
    'the base’s only',
    { TransactionID: 't2', MsgSubID: 'base', AuthorizationCode: 'A2' },
    '<TransactionID>t2</TransactionID><MsgSubID>base</MsgSubID><AuthorizationCode>A2</AuthorizationCode>',
  ],
  [
    'the extension’s only',
    { TransactionID: 't3', AuthorizationCode: 'A3', MsgSubID1: 'own' },
    '<TransactionID>t3</TransactionID><AuthorizationCode>A3</AuthorizationCode><MsgSubID>own</MsgSubID>',
  ],
  [
    'neither',
    { TransactionID: 't4', AuthorizationCode: 'A4' },
    '<TransactionID>t4</TransactionID><AuthorizationCode>A4</AuthorizationCode>',
  ],
];

describe('the generated client and mock', () => {
  it('type-check', () => {
    expect(trip.diagnostics).toEqual([]);
  });

  it.each(ROWS)(
    'send %s, in wire order, and read each element back into its own member, both ways',
    async (_, value, children) => {
      const received: unknown[] = [];
      const { client, mock, exchanges } = trip.connect({ authorize: (p: unknown) => (received.push(p), value) });
      mocks.push(mock);
      await expect(client['authorize']!({ details: value })).resolves.toEqual(value);
      expect(received).toEqual([{ details: value }]);
      expect(exchanges[0]!.status).toBe(200);
      expect(bodyContent(exchanges[0]!.request, 'details')).toBe(children);
      expect(bodyContent(exchanges[0]!.response, 'AuthorizeResult')).toBe(children);
    },
  );

  it('the mock refuses a third <MsgSubID> with a fault, as an element sent twice', async () => {
    const { client, mock, exchanges } = trip.connect({ authorize: () => ROWS[0]![1] });
    mocks.push(mock);
    await client['authorize']!({ details: ROWS[0]![1] });
    const request = exchanges[0]!.request.replace(
      '<MsgSubID>own</MsgSubID>',
      '<MsgSubID>own</MsgSubID><MsgSubID>again</MsgSubID>',
    );
    const response = await mock.handle(
      new Request('http://mock.test/Pay.asmx', {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '"http://example.org/pay/Authorize"' },
        body: request,
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('UatpDetails: &lt;MsgSubID&gt; appears more than once');
  });

  it('the docs’ example messages write both elements under their wire name, and the type’s table names the element', () => {
    const page = readFileSync(
      fromRoot('test/.tmp/issue25-redeclared/redeclared/out/docs/operations/Authorize.md'),
      'utf8',
    );
    // The request's and the answer's example, each with the base's element and the extension's.
    expect(page.match(/<MsgSubID>/g)).toHaveLength(4);
    expect(page).not.toContain('<MsgSubID1>');
    // The type's table says which element the extension's key stands for.
    const type = readFileSync(
      fromRoot('test/.tmp/issue25-redeclared/redeclared/out/docs/types/UatpDetails.md'),
      'utf8',
    );
    expect(type).toMatch(/^\| `MsgSubID1` \|.*\| On the wire: the element `MsgSubID`\. /m);
  });

  it('the generated WSDL declares the extension’s element under its wire name, after its own others', () => {
    const wsdl = wsdlDocument(trip.generated.model);
    const uatp = /<s:complexType name="UatpDetails">[\s\S]*?<\/s:complexType>/.exec(wsdl)![0];
    expect([...uatp.matchAll(/<s:element [^>]*name="(\w+)"/g)].map((m) => m[1])).toEqual([
      'AuthorizationCode',
      'InvoiceID',
      'MsgSubID',
    ]);
  });

  it('what both sides sent is valid against the fixture’s own schema and the generated WSDL’s (libxml2)', async () => {
    const { client, mock, exchanges } = trip.connect({ authorize: (p: { details: unknown }) => p.details });
    mocks.push(mock);
    for (const [, value] of ROWS) await client['authorize']!({ details: value });
    const body = (envelope: string) => /<soap:Body>([\s\S]*)<\/soap:Body>/.exec(envelope)![1]!;
    const documents = Object.fromEntries(
      exchanges.flatMap((e, i) => [
        [`request${i}`, body(e.request)],
        [`answer${i}`, body(e.response)],
      ]),
    );
    expect(Object.keys(documents)).toHaveLength(2 * ROWS.length);
    for (const schema of [readFileSync(fromRoot(WSDL), 'utf8'), wsdlDocument(trip.generated.model)]) {
      const failures = [...(await validateAll(extractSchemas(schema), documents))].filter(
        ([, errors]) => errors.length > 0,
      );
      expect(failures).toEqual([]);
    }
  });
});
