/**
 * Issue 25, found calling every operation of the corpus (SVC_CORPUS=full), on test/fixtures/import/full-corpus/
 * AbstractSelector.wsdl (Marketo's abstract LeadSelector in a schema of unqualified local elements, and a WCF
 * dictionary whose item type is declared inline), imported, generated, type-checked and called client to mock:
 *
 * - abstract="true" was reported and drafted as an ordinary record: the client sent `<selector/>`, the abstract type
 *   itself, which XML Schema forbids. It is drafted `abstract: true`: the client writes a value as the first concrete
 *   record it fits (xsi:type), refuses one that fits none before sending, the mock refuses an element that names no
 *   concrete type with a Client fault, the mock's example answer is of a concrete type, the WSDL says abstract="true".
 * - An element in no namespace (`xmlns=""`) holding a derived type of the service's namespace had the unprefixed
 *   `xsi:type="LastUpdateAtSelector"`, which names a type of no namespace there: the mock refused it. It is now named
 *   by a prefix declared on the element.
 * - A local element whose type is declared inline (the dictionary's KeyValueOfstringstring) was left out, and the
 *   result drafted as `string`: it is a record named after the element.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../mock/support/generated-service.js';
import { bodyContent, roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const TNS = 'http://example.org/leads/';
const ARR = 'http://schemas.microsoft.com/2003/10/Serialization/Arrays';
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  ({ leads: trip } = await roundTrips(
    { leads: 'test/fixtures/import/full-corpus/AbstractSelector.wsdl' },
    'abstract-and-inline',
  ));
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

function connect(handlers: Record<string, unknown> = {}) {
  const c = trip.connect(handlers);
  mocks.push(c.mock);
  return c;
}

/** A SOAP 1.1 request of GetLeads whose parameters are `content`. */
function getLeads(content: string): Request {
  const body =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soap:Body><GetLeads xmlns="${TNS}">${content}</GetLeads></soap:Body></soap:Envelope>`;
  return new Request('http://mock.test/Leads.asmx', {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${TNS}GetLeads"` },
    body,
  });
}

describe('an abstract type and an inline item type', () => {
  it('are drafted (abstract: true; a record named after the element), nothing left out, and type-check', () => {
    expect(trip.diagnostics).toEqual([]);
    expect(trip.yaml).toContain('  LeadSelector:\n    abstract: true\n');
    expect(trip.yaml).toMatch(
      /\n {2}KeyValueOfstringstring:\n {4}namespace: http:\/\/schemas\.microsoft\.com\/2003\/10\/Serialization\/Arrays\n {4}fields:\n {6}- \{ name: Key, /,
    );
    expect(trip.importRun.stderr).not.toMatch(/abstract="true"|declared inline/);
    const wsdl = readFileSync(join(ROOT, 'test/.tmp/abstract-and-inline/leads/out/wsdl/Leads.wsdl'), 'utf8');
    expect(wsdl).toContain('<s:complexType name="LeadSelector" abstract="true"/>');
  });

  it.each([
    [
      { oldestUpdatedAt: new Date('2026-01-02T03:04:05Z') },
      `<selector xmlns="" xsi:type="svc:LastUpdateAtSelector" xmlns:svc="${TNS}"><oldestUpdatedAt xmlns="">2026-01-02T03:04:05.000Z</oldestUpdatedAt></selector>`,
    ],
    [
      { staticListName: 'vip' },
      `<selector xmlns="" xsi:type="svc:StaticListSelector" xmlns:svc="${TNS}"><staticListName xmlns="">vip</staticListName></selector>`,
    ],
    // Members alone do not tell: the first concrete type whose required members it gives.
    [{}, `<selector xmlns="" xsi:type="svc:StaticListSelector" xmlns:svc="${TNS}"></selector>`],
  ])(
    'sends %o as a concrete type, named with a prefix in its unqualified element, which the mock reads',
    async (selector, written) => {
      const received: unknown[] = [];
      const { client, exchanges } = connect({
        getLeads: (p: unknown) => (received.push(p), [{ Key: 'a', Value: null }]),
      });
      await expect(client['getLeads']!({ selector })).resolves.toEqual([{ Key: 'a', Value: null }]);
      expect(bodyContent(exchanges[0]!.request, 'GetLeads')).toBe(written);
      expect(received).toEqual([{ selector }]);
      expect(bodyContent(exchanges[0]!.response, 'GetLeadsResponse')).toBe(
        `<GetLeadsResult xmlns="" xmlns:ns1="${ARR}"><ns1:KeyValueOfstringstring xmlns:ns1="${ARR}"><ns1:Key>a</ns1:Key><ns1:Value xsi:nil="true"/></ns1:KeyValueOfstringstring></GetLeadsResult>`,
      );
    },
  );

  it('refuses, before sending, a value that is none of the concrete types', async () => {
    const { client, exchanges } = connect();
    await expect(client['getLeads']!({ selector: { staticListName: 'vip', oldest: 1 } })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message:
        'GetLeads: selector is a LeadSelector, which is abstract (no value is of that type itself): give the members of one of the records extending it: LastUpdateAtSelector, StaticListSelector',
    });
    expect(exchanges).toEqual([]);
  });

  it('mock: answers an element of the abstract type itself with a Client fault', async () => {
    const { mock } = connect({ getLeads: () => [] });
    const plain = await mock.handle(getLeads('<selector xmlns=""/>'));
    expect(plain.status).toBe(500);
    expect(await plain.text()).toMatch(
      /<faultcode>soap:Client<\/faultcode><faultstring>LeadSelector is abstract: the element must name a type extending it with xsi:type/,
    );
    const named = await mock.handle(getLeads(`<selector xmlns="" xmlns:t="${TNS}" xsi:type="t:StaticListSelector"/>`));
    expect(named.status).toBe(200);
  });

  it('mock: its example answer of an abstract result is of a concrete type, which the client reads', async () => {
    const { client, exchanges } = connect();
    const result = await client['getDefaultSelector']!({});
    expect(result).toEqual({ oldestUpdatedAt: expect.any(Date) });
    expect(bodyContent(exchanges[0]!.response, 'GetDefaultSelectorResponse')).toMatch(
      /^<GetDefaultSelectorResult xmlns="" xsi:type="svc:LastUpdateAtSelector" xmlns:svc="http:\/\/example\.org\/leads\/">/,
    );
  });
});
