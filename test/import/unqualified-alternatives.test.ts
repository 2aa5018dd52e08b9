/**
 * A choice's alternatives in another namespace than their record's (whl-travel): OpenTravel's schema leaves its local
 * elements unqualified, so the answers' <Success> and <Errors> are in no namespace; the format had no `form` on an
 * alternative, so they were drafted (and written) qualified, and every answer failed the WSDL's schema. An alternative
 * now has `form: unqualified`, or a `namespace:` of its own (a reference to another schema's element, which was left
 * out with its choice), as a field has: drafted by the import, written and read by the client and the mock, and
 * declared so in the generated WSDL. test/fixtures/import/issue25/UnqualifiedAlternatives.wsdl, taken the whole way.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyElement, elementsOf } from './support/envelope-elements.js';
import { fromRoot } from '../helpers/paths.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';

const FILE = 'test/fixtures/import/issue25/UnqualifiedAlternatives.wsdl';
const TNS = 'http://example.org/travel/';
const COMMON = 'http://example.org/common/';
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  ({ alternatives: trip } = await roundTrips({ alternatives: FILE }, 'unqualified-alternatives'));
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

const LEAVES = ['Name', 'Note', 'Tag', 'Code', 'Error', 'Reference'];

it('type-checks', () => {
  expect(trip.diagnostics).toEqual([]);
});

describe('the import', () => {
  it('drafts each alternative with its form or namespace, nothing reported about either', () => {
    const records = Object.fromEntries(trip.generated.model.records.map((r) => [r.name, r]));
    const alternatives = (record: string) =>
      records[record]!.fields.flatMap((f) =>
        f.type.kind === 'choice'
          ? f.type.alternatives
          : f.type.kind === 'list' && f.type.item.kind === 'choice'
            ? f.type.item.alternatives
            : [],
      ).map((a) => [a.name, a.form, a.namespace?.uri]);
    expect(alternatives('BookRQ')).toEqual([
      ['Guest', 'unqualified', undefined],
      ['Note', undefined, COMMON],
      ['Tag', 'unqualified', undefined],
      ['Code', 'unqualified', undefined],
    ]);
    expect(alternatives('BookRS')).toEqual([
      ['Success', 'unqualified', undefined],
      ['Errors', 'unqualified', undefined],
    ]);
    // Only the schema's elementFormDefault is said (the forms it gives); no alternative is reported, none left out.
    expect(trip.importRun.stderr.split('\n').filter((l) => l.startsWith(FILE))).toEqual([
      expect.stringContaining('elementFormDefault: the schema of http://example.org/travel/ does not qualify'),
    ]);
  });
});

describe('client and mock', () => {
  it.each([
    [
      'unqualified alternatives, a repeated choice',
      { Item: { Guest: { Name: 'Zoë' } }, Items: [{ Tag: 'a & b' }, { Code: 7 }, { Tag: 'c' }] },
      ['Guest', 'Name', 'Tag', 'Code', 'Tag'],
      '',
    ],
    ['an alternative of a namespace of its own', { Item: { Note: 'late <arrival>' }, Items: [] }, ['Note'], COMMON],
  ])('send %s as the schema has them, valid, and the mock reads them exactly', async (_what, request, names, first) => {
    let received: unknown;
    const answer = { Item: { Success: {} }, Reference: 'R-1' };
    const { client, mock, exchanges } = trip.connect({
      book: (p: { request: unknown }) => ((received = p.request), answer),
    });
    mocks.push(mock);
    await expect(client['book']!({ request })).resolves.toEqual(answer);
    expect(received).toEqual(request);
    const sent = elementsOf(exchanges[0]!.request, LEAVES);
    expect(sent[0]).toBe(`{${TNS}}Book`);
    expect(sent[1]).toBe('  {}request');
    expect(sent.slice(2).filter((e) => !e.startsWith('      '))).toEqual(
      names.map((n, i) => `    {${i === 0 ? first : ''}}${n}`).filter((_e, i) => i === 0 || names[i] !== 'Name'),
    );
    const wsdl = readFileSync(fromRoot(FILE), 'utf8');
    const errors = await validateAll(extractSchemas(wsdl), {
      request: bodyElement(exchanges[0]!.request),
      answer: bodyElement(exchanges[0]!.response),
    });
    expect([...errors].filter(([, e]) => e.length > 0)).toEqual([]);
  });

  it.each([
    ['Success', { Item: { Success: {} }, Reference: 'R-2' }],
    ['Errors', { Item: { Errors: { Error: ['full', 'closed'] } } }],
  ])('answer %s in no namespace, valid, read back exactly', async (name, answer) => {
    const { client, mock, exchanges } = trip.connect({ book: () => answer });
    mocks.push(mock);
    await expect(client['book']!({ request: { Item: { Note: 'x' } } })).resolves.toEqual(answer);
    expect(elementsOf(exchanges[0]!.response, LEAVES).slice(0, 3)).toEqual([
      `{${TNS}}BookResponse`,
      '  {}BookResult',
      `    {}${name}`,
    ]);
    const wsdl = readFileSync(fromRoot(FILE), 'utf8');
    const errors = await validateAll(extractSchemas(wsdl), { answer: bodyElement(exchanges[0]!.response) });
    expect([...errors].filter(([, e]) => e.length > 0)).toEqual([]);
  });

  /** A SOAP 1.1 Book request whose <request> holds `content`. */
  const book = (content: string) =>
    new Request('http://mock.test/Travel.asmx', {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${TNS}Book"` },
      body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Book xmlns="${TNS}"><request xmlns="">${content}</request></Book></soap:Body></soap:Envelope>`,
    });

  it.each([
    ['an unqualified alternative sent qualified', `<Guest xmlns="${TNS}"><Name>x</Name></Guest>`],
    ['an alternative of its own namespace sent in no namespace', '<Note>x</Note>'],
    ["an alternative of its own namespace sent in the record's", `<Note xmlns="${TNS}">x</Note>`],
  ])('the mock answers %s with a Client fault: not that alternative', async (_what, content) => {
    const { mock } = trip.connect({ book: () => ({ Item: { Success: {} } }) });
    mocks.push(mock);
    const good = await mock.handle(book('<Guest><Name>x</Name></Guest>'));
    expect(good.status).toBe(200);
    const response = await mock.handle(book(content));
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('soap:Client');
  });

  it('the client refuses an answer whose unqualified alternative came qualified: the choice is missing', async () => {
    const Ctor = Object.entries(trip.generated.client).find(([k]) => k.endsWith('Client'))![1] as new (
      o: Record<string, unknown>,
    ) => Record<string, (p: unknown) => Promise<unknown>>;
    const answer = (success: string) =>
      new Response(
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><BookResponse xmlns="${TNS}"><BookResult xmlns="">${success}</BookResult></BookResponse></soap:Body></soap:Envelope>`,
        { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } },
      );
    const call = (success: string) =>
      new Ctor({ baseUrl: 'http://mock.test', fetch: async () => answer(success) })['book']!({
        request: { Item: { Note: 'x' } },
      });
    await expect(call('<Success/>')).resolves.toEqual({ Item: { Success: {} } });
    await expect(call(`<Success xmlns="${TNS}"/>`)).rejects.toThrow(
      'BookRS: one of <Success>, <Errors> is required, but none is there',
    );
  });
});

it('the generated WSDL declares the alternatives so: its own schema takes what the mock answers', async () => {
  const wsdl = wsdlDocument(trip.generated.model);
  expect(wsdl).toMatch(/<s:element (?=[^>]*name="Success")(?=[^>]*form="unqualified")[^>]*\/>/);
  expect(wsdl).toMatch(/<s:element (?=[^>]*name="Guest")(?=[^>]*form="unqualified")[^>]*\/>/);
  expect(wsdl).toMatch(/<s:element ref="\w+:Note" \/>|<s:element (?=[^>]*ref="\w+:Note")[^>]*\/>/);
  const { client, mock, exchanges } = trip.connect({ book: () => ({ Item: { Errors: { Error: ['e'] } } }) });
  mocks.push(mock);
  await client['book']!({ request: { Item: { Guest: { Name: 'n' } }, Items: [{ Code: 1 }] } });
  const errors = await validateAll(extractSchemas(wsdl), {
    request: bodyElement(exchanges[0]!.request),
    answer: bodyElement(exchanges[0]!.response),
  });
  expect([...errors].filter(([, e]) => e.length > 0)).toEqual([]);
});
