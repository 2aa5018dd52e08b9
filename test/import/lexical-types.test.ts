/**
 * Issue 25 (whl-travel, fedex-ship): XML Schema types with a lexical rule of their own keep it. `xs:integer`,
 * `xs:nonNegativeInteger`, `xs:positiveInteger`, `xs:NMTOKEN` (also as the base of an inline restriction),
 * `xs:Name`, `xs:NCName` and `xs:language` were drafted as string, so the client sent any text (the corpus's samples
 * broke them) and the mock's example answers were no valid values either. Now each is a type of the spec: an exact
 * decimal string for the integers, a string for the names, each checked by its rule before sending and when read.
 * test/fixtures/import/issue25/LexicalTypes.wsdl.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../helpers/paths.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { roundTrips, type Client, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/LexicalTypes.wsdl';
const TNS = 'http://example.org/lexical/';
const wsdlText = readFileSync(fromRoot(WSDL), 'utf8');
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  trip = (await roundTrips({ lexical: WSDL }, 'lexical-types')).lexical;
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

const MESSAGE = {
  Count: '0',
  Pieces: '123456789012345678901234567890',
  Offset: '-42',
  Code: 'a_b',
  Label: 'x:y',
  Target: 'Test',
  PrimaryLangID: 'en-GB',
};

describe('the import', () => {
  it('drafts each type with its rule, an inline restriction of xs:NMTOKEN as xs:NMTOKEN', () => {
    const fields = trip.generated.model.records.find((r) => r.name === 'Message')!.fields;
    expect(fields.map((f) => [f.name, f.type.kind === 'primitive' ? f.type.name : f.type.kind])).toEqual([
      ['Count', 'nonNegativeInteger'],
      ['Pieces', 'positiveInteger'],
      ['Offset', 'integer'],
      ['Code', 'NCName'],
      ['Label', 'Name'],
      ['Target', 'NMTOKEN'],
      ['PrimaryLangID', 'language'],
    ]);
  });
});

describe('the generated client and mock', () => {
  it('type-check', () => {
    expect(trip.diagnostics).toEqual([]);
  });

  it('send and read every value exactly; the request and the example answer are valid', async () => {
    const { client, mock, exchanges } = trip.connect({ echo: (p: { message: unknown }) => p.message });
    mocks.push(mock);
    await expect(client['echo']!({ message: { ...MESSAGE, Count: 0n } })).resolves.toEqual(MESSAGE);
    const example = trip.connect({});
    mocks.push(example.mock);
    await example.client['echo']!({ message: MESSAGE });
    const documents = Object.fromEntries(
      [...exchanges, ...example.exchanges].flatMap((e, i) => [
        [`request ${i}`, soapBodyElement(e.request)],
        [`answer ${i}`, soapBodyElement(e.response)],
      ]),
    );
    expect(
      [...(await validateAll(extractSchemas(wsdlText), documents))].filter(([, errors]) => errors.length > 0),
    ).toEqual([]);
  });

  it.each([
    ['Count', -1, 'Echo: message.Count is less than 0, the least xs:nonNegativeInteger'],
    ['Pieces', '0', 'Echo: message.Pieces is less than 1, the least xs:positiveInteger'],
    ['Offset', '1.5', 'Echo: message.Offset must be a decimal integer string, a bigint or a safe integer'],
    ['Code', 'a:b', 'Echo: message.Code is not a valid xs:NCName'],
    ['Label', '1a', 'Echo: message.Label is not a valid xs:Name'],
    ['Target', 'Not one', 'Echo: message.Target is not a valid xs:NMTOKEN'],
    ['PrimaryLangID', 'en_GB', 'Echo: message.PrimaryLangID is not a valid xs:language'],
  ])('the client refuses %s = %j before sending', async (field, value, message) => {
    const { client, mock, exchanges } = trip.connect({});
    mocks.push(mock);
    await expect(client['echo']!({ message: { ...MESSAGE, [field]: value } })).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: expect.stringContaining(message),
    });
    expect(exchanges).toEqual([]);
  });

  it('the client refuses an answer breaking a rule', async () => {
    const Ctor = trip.generated.client['LexicalClient'] as new (o: Record<string, unknown>) => Client;
    const body = `<EchoResponse xmlns="${TNS}"><EchoResult PrimaryLangID="en"><Count>-3</Count><Pieces>1</Pieces><Offset>0</Offset><Code>c</Code><Label>l</Label></EchoResult></EchoResponse>`;
    const answer = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
    const client = new Ctor({
      baseUrl: 'http://mock.test',
      style: 'soap11',
      fetch: async () => new Response(answer, { status: 200, headers: { 'Content-Type': 'text/xml' } }),
    });
    await expect(client['echo']!({ message: MESSAGE })).rejects.toMatchObject({
      name: 'SvcDecodeError',
      message: expect.stringContaining('invalid xs:nonNegativeInteger "-3": less than 0'),
    });
  });
});
