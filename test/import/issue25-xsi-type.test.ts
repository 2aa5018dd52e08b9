/**
 * Issue 25, category 6: `xsi:type` across namespaces (test/fixtures/import/issue25/XsiTypeNamespaces.wsdl: the base
 * OrderResponseDetail and OrderResponseDetailHigh in the service namespace, OrderResponseDetailLow in a second one).
 *
 * - Writing (the client's requests, the mock's answers): a derived type of a namespace of its own is named with a
 *   prefix bound to that namespace on the same element; it was written unprefixed, naming a type of the default
 *   namespace, which does not exist.
 * - Reading: xsi:type is resolved to its namespace. An unknown type, an undeclared prefix, and a prefix bound to
 *   another namespace were read as the base, the derived members dropped; the mock now answers each with a Client
 *   fault (HTTP 500), as ASMX does, and the client refuses such an answer with SvcDecodeError (README, "xsi:type").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyContent, roundTrip, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/XsiTypeNamespaces.wsdl';
const TNS = 'http://example.org/orders/';
const LOW = 'urn:example:orders:low';
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  trip = await roundTrip(WSDL, 'xsi-type');
}, 120_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

function connect(style = 'soap11') {
  const received: unknown[] = [];
  const c = trip.connect({ submit: (p: { detail?: unknown }) => (received.push(p), p.detail ?? null) }, style);
  mocks.push(c.mock);
  return { ...c, received };
}

/** A SOAP 1.1 request of Submit whose `detail` element is `detail` (attributes and content as given). */
function submitRequest(detail: string): Request {
  const body =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soap:Body><Submit xmlns="${TNS}">${detail}</Submit></soap:Body></soap:Envelope>`;
  return new Request('http://mock.test/Orders.asmx', {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${TNS}Submit"` },
    body,
  });
}

describe('xsi:type across namespaces', () => {
  it('imports and generates a client and mock that type-check', () => {
    expect(trip.importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
    expect(trip.diagnostics).toEqual([]);
  });

  it.each(['soap11', 'soap12'])('names a derived type of another namespace with a prefix bound to it, both ways (%s)', async (style) => {
    const { client, exchanges, received } = connect(style);
    const low = { orderId: '7', Discount: 5 };
    await expect(client['submit']!({ detail: low })).resolves.toEqual(low);
    const written = `<detail xsi:type="ns1:OrderResponseDetailLow" xmlns:ns1="${LOW}" orderId="7"><ns1:Discount>5</ns1:Discount></detail>`;
    expect(bodyContent(exchanges[0]!.request, 'Submit')).toBe(written);
    expect(received).toEqual([{ detail: low }]);
    expect(bodyContent(exchanges[0]!.response, 'SubmitResponse')).toBe(written.replace(/detail>?/g, (m) => m.replace('detail', 'SubmitResult')));
  });

  it('names a derived type of the service namespace unprefixed (the default namespace there), both ways', async () => {
    const { client, exchanges } = connect();
    const high = { orderId: '8', Priority: 1 };
    await expect(client['submit']!({ detail: high })).resolves.toEqual(high);
    expect(bodyContent(exchanges[0]!.request, 'Submit')).toBe('<detail xsi:type="OrderResponseDetailHigh" orderId="8"><Priority>1</Priority></detail>');
    expect(exchanges[0]!.response).toContain(`<SubmitResponse xmlns="${TNS}"><SubmitResult xsi:type="OrderResponseDetailHigh" orderId="8"><Priority>1</Priority></SubmitResult>`);
  });

  it.each([
    ['any prefix bound to the type namespace', `<detail xmlns:q1="${LOW}" xsi:type="q1:OrderResponseDetailLow" orderId="3"><q1:Discount>2</q1:Discount></detail>`, { orderId: '3', Discount: 2 }],
    ['the base type named', '<detail xsi:type="OrderResponseDetail" orderId="4" />', { orderId: '4' }],
    ['no xsi:type', '<detail orderId="5" />', { orderId: '5' }],
  ])('the mock reads %s', async (_, detail, expected) => {
    const { mock, received } = connect();
    const response = await mock.handle(submitRequest(detail));
    expect(response.status).toBe(200);
    expect(received).toEqual([{ detail: expected }]);
  });

  it.each([
    ['an unknown derived type', '<detail xsi:type="Square" orderId="1"><Side>2</Side></detail>', `xsi:type names {${TNS}}Square, which is not OrderResponseDetail nor a type derived from it`],
    ['an undeclared prefix', '<detail xsi:type="zz:OrderResponseDetailLow" orderId="1" />', 'undeclared namespace prefix "zz" in xsi:type="zz:OrderResponseDetailLow"'],
    ['a prefix bound to another namespace', `<detail xmlns:t="${TNS}" xsi:type="t:OrderResponseDetailLow" orderId="1" />`, `xsi:type names {${TNS}}OrderResponseDetailLow, which is not OrderResponseDetail nor a type derived from it`],
  ])('the mock answers %s with a Client fault, HTTP 500, and calls no handler', async (_, detail, reason) => {
    const { mock, received } = connect();
    const response = await mock.handle(submitRequest(detail));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain('<faultcode>soap:Client</faultcode>');
    expect(text).toContain(reason);
    expect(received).toEqual([]);
  });

  it('the client refuses an answer naming a type it does not know, rather than reading it as the base', async () => {
    const Ctor = trip.generated.client['OrdersClient'] as new (o: Record<string, unknown>) => Record<string, (p: unknown) => Promise<unknown>>;
    const answer =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<soap:Body><SubmitResponse xmlns="${TNS}"><SubmitResult xsi:type="OrderResponseDetailMedium" orderId="1"><Level>2</Level></SubmitResult></SubmitResponse></soap:Body></soap:Envelope>`;
    const client = new Ctor({ baseUrl: 'http://mock.test', fetch: async () => new Response(answer, { headers: { 'Content-Type': 'text/xml; charset=utf-8' } }) });
    const error = await client['submit']!({}).catch((e: unknown) => e);
    expect((error as Error).name).toBe('SvcDecodeError');
    expect((error as Error).message).toContain(`xsi:type names {${TNS}}OrderResponseDetailMedium, which is not OrderResponseDetail nor a type derived from it`);
  });
});
