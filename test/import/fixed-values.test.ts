/**
 * Issue 25 (fedex-ship): `fixed` and `default` values of elements and attributes are kept. The import drafted them
 * away ("not kept"), so the client sent whatever it was given (the corpus's sample broke FedEx's `ServiceId` fixed
 * `ship`) and the mock's example answer broke it too. Now the spec and model keep both; a fixed field is optional in
 * the TypeScript type and sent with its value when left out, any other value is refused before sending; the mock
 * refuses a request with another (a Client fault) and answers the fixed value; the client refuses an answer with
 * another; the generated WSDL declares both. test/fixtures/import/issue25/FixedValues.wsdl.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../helpers/paths.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { bodyContent, roundTrips, type Client, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/FixedValues.wsdl';
const TMP = 'fixed-values';
const TNS = 'http://example.org/fixed/';
const wsdlText = readFileSync(fromRoot(WSDL), 'utf8');
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  trip = (await roundTrips({ fixed: WSDL }, TMP)).fixed;
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

function envelope(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** A client of the generated code whose every call is answered with `answer`. */
function clientAnswering(answer: string): Client {
  const client = trip.generated.client;
  const Ctor = client['FixedClient'] as new (o: Record<string, unknown>) => Client;
  const fetch = async () =>
    new Response(answer, { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8' } });
  return new Ctor({ baseUrl: 'http://mock.test', style: 'soap11', fetch });
}

describe('the import', () => {
  it('drafts each fixed and default value, and reports none as left out', () => {
    expect(trip.yaml).toContain('- { name: ServiceId, type: string, optional: false, nillable: false, fixed: ship }');
    expect(trip.yaml).toContain("- { name: Major, type: int, fixed: '17' }");
    expect(trip.yaml).toContain('- { name: Label, type: string, nillable: false, default: none }');
    expect(trip.yaml).toContain('- { name: Kind, type: string, attribute: true, fixed: v }');
    expect(trip.yaml).toContain('# Every construct of the WSDL was mapped.');
  });

  it('the generated WSDL declares them again', () => {
    const dir = fromRoot(join('test', '.tmp', TMP, 'fixed', 'out', 'wsdl'));
    const wsdl = readFileSync(join(dir, readdirSync(dir)[0]!), 'utf8');
    expect(wsdl).toMatch(/<s:element [^>]*name="ServiceId"[^>]*fixed="ship"/);
    expect(wsdl).toMatch(/<s:element [^>]*name="Major"[^>]*fixed="17"/);
    expect(wsdl).toMatch(/<s:element [^>]*name="Label"[^>]*default="none"/);
    expect(wsdl).toMatch(/<s:attribute [^>]*name="Kind"[^>]*fixed="v"/);
  });
});

describe('the generated client and mock', () => {
  it('type-check, the fixed fields optional', () => {
    expect(trip.diagnostics).toEqual([]);
    const types = readFileSync(fromRoot(join('test', '.tmp', TMP, 'fixed', 'out', 'client', 'types.ts')), 'utf8');
    expect(types).toMatch(/ServiceId\?: string \| undefined;/);
  });

  it('the client sends the fixed values a caller leaves out; the example answer has them; both valid', async () => {
    const received: unknown[] = [];
    const { client, mock, exchanges } = trip.connect({ ping: (p: unknown) => (received.push(p), undefined) });
    mocks.push(mock);
    await client['ping']!({ version: { Label: 'x' } });
    expect(bodyContent(exchanges[0]!.request, 'Ping')).toBe(
      '<version Kind="v"><ServiceId>ship</ServiceId><Major>17</Major><Label>x</Label></version>',
    );
    expect(received).toEqual([{ version: { ServiceId: 'ship', Major: 17, Label: 'x', Kind: 'v' } }]);

    const example = trip.connect({});
    mocks.push(example.mock);
    await expect(example.client['ping']!({ version: {} })).resolves.toMatchObject({
      ServiceId: 'ship',
      Major: 17,
      Kind: 'v',
    });
    const documents = Object.fromEntries(
      [...exchanges, ...example.exchanges].flatMap((e, i) => [
        [`request ${i}`, soapBodyElement(e.request)],
        ...(e.status === 200 && /PingResult/.test(e.response) ? [[`answer ${i}`, soapBodyElement(e.response)]] : []),
      ]),
    );
    expect(Object.keys(documents)).toHaveLength(3);
    expect(
      [...(await validateAll(extractSchemas(wsdlText), documents))].filter(([, errors]) => errors.length > 0),
    ).toEqual([]);
  });

  it.each([
    [{ ServiceId: 'car' }, 'Ping: version.ServiceId is "car", but its value is fixed: "ship"'],
    [{ Major: 16 }, 'Ping: version.Major is "16", but its value is fixed: "17"'],
    [{ Kind: 'w' }, 'Ping: version.Kind is "w", but its value is fixed: "v"'],
  ])('the client refuses %j before sending', async (version, message) => {
    const { client, mock, exchanges } = trip.connect({});
    mocks.push(mock);
    await expect(client['ping']!({ version })).rejects.toMatchObject({ name: 'SvcRequestError', message });
    expect(exchanges).toEqual([]);
  });

  it('the mock refuses a request with another value: a Client fault', async () => {
    const { mock } = trip.connect({ ping: () => undefined });
    mocks.push(mock);
    const body = `<Ping xmlns="${TNS}"><version><ServiceId>car</ServiceId><Major>17</Major></version></Ping>`;
    const response = await mock.handle(
      new Request('http://mock.test/Fixed.asmx', {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${TNS}Ping"` },
        body: envelope(body),
      }),
    );
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(
      /<faultcode>soap:Client<\/faultcode><faultstring>VersionId: ServiceId is "car", but its value is fixed: "ship"/,
    );
  });

  it('the client refuses an answer with another value', async () => {
    const answer = `<PingResponse xmlns="${TNS}"><PingResult Kind="v"><ServiceId>ship</ServiceId><Major>18</Major></PingResult></PingResponse>`;
    await expect(clientAnswering(envelope(answer))['ping']!({ version: {} })).rejects.toMatchObject({
      name: 'SvcDecodeError',
      message: expect.stringContaining('VersionId: Major is 18, but its value is fixed: 17'),
    });
  });
});
