/**
 * Every XML Schema type a spec can name beyond the payer interface's six, from YAML to the wire and back, in every
 * style, against a real loopback server (fixture: fixtures/xsd-types.yaml): decimal and unsignedLong exact as strings,
 * float and the sized integers range-checked, base64Binary as bytes, guid, char as its UTF-16 code, date, time and
 * duration as validated strings, and the EAT value of a decimal taken from its exact text.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejected } from '../helpers/failures.js';
import { generateFixture } from './support/generate-fixture.js';
import { startRecordingServer, type RecordedRequest, type RecordingServer } from './support/recording-server.js';
import { resultResponse, type StyleName } from './support/responses.js';
import { hmacHex, parseSoapCall } from './support/wire.js';

const NS = 'urn:xsd-types';
const API_KEY = 'xsd-types-api-key';
const NOW = 1700000000;
const STYLES: StyleName[] = ['soap11', 'soap12', 'httpPost'];

type Client = { echo(params: Record<string, unknown>): Promise<Record<string, unknown>> };
type ClientClass = new (options: Record<string, unknown>) => Client;
let mod: Record<string, unknown>;
let server: RecordingServer;

beforeAll(async () => {
  [mod, server] = await Promise.all([
    generateFixture(join(import.meta.dirname, 'fixtures', 'xsd-types.yaml'), 'xsd-types'),
    startRecordingServer(),
  ]);
});
afterAll(async () => {
  await server?.close();
});

function client(style: StyleName): Client {
  const XsdTypesClient = mod['XsdTypesClient'] as ClientClass;
  return new XsdTypesClient({ baseUrl: server.url, user: 'U1', apiKey: API_KEY, style, now: () => NOW });
}

const INPUT = {
  amount: '12345678901234567890.123456789',
  ratio: 1.5,
  small: -32768,
  tiny: -128,
  octet: 255,
  port: 65535,
  count: 4294967295,
  big: '18446744073709551615',
  blob: new Uint8Array([0, 1, 2, 250, 255]),
  id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
  letter: 'é',
  day: '2024-02-29',
  at: '23:59:59.5',
  span: 'P1DT2H',
  whole: '-123456789012345678901234567890',
  quantity: '0',
  pieces: '18446744073709551616',
  token: 'a.b-c:d',
  label: 'x:y',
  code: 'x_y',
  lang: 'en-GB',
  words: 'two words',
  link: 'http://example.org/a%20b?c=d#e',
};

/** What each parameter must look like on the wire. */
const WIRE: ReadonlyArray<[string, string]> = [
  ['amount', '12345678901234567890.123456789'],
  ['ratio', '1.5'],
  ['small', '-32768'],
  ['tiny', '-128'],
  ['octet', '255'],
  ['port', '65535'],
  ['count', '4294967295'],
  ['big', '18446744073709551615'],
  ['blob', 'AAEC+v8='],
  ['id', '3f2504e0-4f89-11d3-9a0c-0305e82c3301'],
  ['letter', '233'],
  ['day', '2024-02-29'],
  ['at', '23:59:59.5'],
  ['span', 'P1DT2H'],
  ['whole', '-123456789012345678901234567890'],
  ['quantity', '0'],
  ['pieces', '18446744073709551616'],
  ['token', 'a.b-c:d'],
  ['label', 'x:y'],
  ['code', 'x_y'],
  ['lang', 'en-GB'],
  ['words', 'two words'],
  ['link', 'http://example.org/a%20b?c=d#e'],
];

const RESULT_FIELDS =
  WIRE.map(([name, text]) => `<${name}>${text}</${name}>`).join('') +
  '<amounts><decimal>0.0000001</decimal><decimal> -1.50 </decimal></amounts>' +
  '<ids><guid>00000000-0000-0000-0000-000000000000</guid></ids>' +
  '<blobs><base64Binary>AQID\n BA==</base64Binary><base64Binary xsi:nil="true"/><base64Binary/></blobs>';

/** The parameters a request carried, in order, whatever the style. */
function sent(request: RecordedRequest, style: StyleName): Array<[string, string]> {
  if (style === 'httpPost') return [...new URLSearchParams(request.body)] as Array<[string, string]>;
  return parseSoapCall(request.body).children.map(([tag, text]) => [tag, text] as [string, string]);
}

describe.each(STYLES)('every XML Schema type (%s)', (style) => {
  it('is encoded as its XSD lexical form, signed with the decimal EAT value, and decoded to its TypeScript value', async () => {
    server.respond(resultResponse(style, 'Echo', RESULT_FIELDS, 'AllTypes', NS));
    const before = server.requests.length;
    const result = await client(style).echo(INPUT);

    const params = sent(server.requests[before]!, style);
    expect(params.map(([n]) => n)).toEqual(['user', 'ts', 'sig', ...WIRE.map(([n]) => n)]);
    expect(params.slice(3)).toEqual(WIRE);
    // The EAT value of a decimal is its integer part, from the exact text: no digit lost through a double.
    expect(params[2]).toEqual(['sig', hmacHex(API_KEY, `U1${NOW}12345678901234567890`)]);

    expect(result).toEqual({
      ...INPUT,
      blob: new Uint8Array([0, 1, 2, 250, 255]),
      amounts: ['0.0000001', '-1.50'],
      ids: ['00000000-0000-0000-0000-000000000000'],
      blobs: [new Uint8Array([1, 2, 3, 4]), null, new Uint8Array(0)],
    });
    expect(result['blob']).toBeInstanceOf(Uint8Array);
  });
});

describe('encoding from other accepted inputs', () => {
  it('a decimal given as a number goes out without an exponent, and one given as a bigint as its digits', async () => {
    server.respond(resultResponse('soap11', 'Echo', RESULT_FIELDS, 'AllTypes', NS));
    const before = server.requests.length;
    await client('soap11').echo({ ...INPUT, amount: 1e-7, maybe: 1e21 });
    await client('soap11').echo({ ...INPUT, amount: -12n, big: 2n ** 64n - 1n });
    const [first, second] = server.requests.slice(before).map((r) => Object.fromEntries(sent(r, 'soap11')));
    expect(first?.['amount']).toBe('0.0000001');
    expect(first?.['maybe']).toBe('1000000000000000000000');
    expect(second?.['amount']).toBe('-12');
    expect(second?.['big']).toBe('18446744073709551615');
  });
});

describe('bad input is refused before anything is sent', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a byte one past its range', { tiny: 128 }],
    ['an unsigned byte below zero', { octet: -1 }],
    ['an unsignedShort past 65535', { port: 65536 }],
    ['an unsignedInt past 2^32 - 1', { count: 4294967296 }],
    ['an unsignedLong past 2^64 - 1', { big: '18446744073709551616' }],
    ['a decimal in exponent notation', { amount: '1e5' }],
    ['a float beyond single precision', { ratio: 1e39 }],
    ['bytes given as an array', { blob: [1, 2] }],
    ['a malformed guid', { id: '3f2504e0-4f89-11d3-9a0c' }],
    ['a char of two units', { letter: '😀' }],
    ['a date that does not exist', { day: '2023-02-29' }],
    ['a time past midnight', { at: '24:00:01' }],
    ['a duration without a component', { span: 'P' }],
    ['an integer with a fraction', { whole: '1.5' }],
    ['a nonNegativeInteger below zero', { quantity: -1 }],
    ['a positiveInteger of zero', { pieces: '0' }],
    ['an NMTOKEN with a space', { token: 'a b' }],
    ['a Name starting with a digit', { label: '1x' }],
    ['an NCName with a colon', { code: 'x:y' }],
    ['a language with an underscore', { lang: 'en_GB' }],
    ['a token with two spaces between words', { words: 'two  words' }],
    ['a token with a space at its end', { words: 'words ' }],
    ['a token with a line break', { words: 'two\nwords' }],
    ['an anyURI with a space at its start', { link: ' http://example.org/' }],
    ['an anyURI with a tab', { link: 'http://example.org/\ta' }],
  ])('%s', async (_label, change) => {
    const before = server.requests.length;
    const error = await rejected(client('soap11').echo({ ...INPUT, ...change }));
    expect((error as Error).name).toBe('SvcRequestError');
    expect(server.requests.length).toBe(before);
  });
});

describe('values outside their type in a response are decode errors', () => {
  it.each<[string, string, string]>([
    ['tiny', '128', 'xs:byte'],
    ['count', '-1', 'xs:unsignedInt'],
    ['amount', '1E5', 'xs:decimal'],
    ['blob', 'AQID=', 'xs:base64Binary'],
    ['letter', '65536', 'char code'],
  ])('%s = %s, not a valid %s, is refused', async (name, text) => {
    const fields = RESULT_FIELDS.replace(new RegExp(`<${name}>[^<]*</${name}>`), `<${name}>${text}</${name}>`);
    server.respond(resultResponse('soap11', 'Echo', fields, 'AllTypes', NS));
    const error = await rejected(client('soap11').echo(INPUT));
    expect((error as Error).name).toBe('SvcDecodeError');
    expect((error as { path?: string }).path).toMatch(new RegExp(`/${name}$`));
  });
});

describe('an anyURI in a response', () => {
  it('is read as its whitespace collapses, as XML Schema reads it', async () => {
    const fields = RESULT_FIELDS.replace(
      '<link>http://example.org/a%20b?c=d#e</link>',
      '<link>\n  http://example.org/a%20b?c=d#e\t</link>',
    );
    server.respond(resultResponse('soap11', 'Echo', fields, 'AllTypes', NS));
    await expect(client('soap11').echo(INPUT)).resolves.toMatchObject({ link: 'http://example.org/a%20b?c=d#e' });
  });
});

describe('a token in a response', () => {
  it('is read as its whitespace collapses, as XML Schema reads it', async () => {
    const fields = RESULT_FIELDS.replace('<words>two words</words>', '<words>\n  two \t words  </words>');
    server.respond(resultResponse('soap11', 'Echo', fields, 'AllTypes', NS));
    await expect(client('soap11').echo(INPUT)).resolves.toMatchObject({ words: 'two words' });
  });
});
