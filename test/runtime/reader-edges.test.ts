/**
 * Two edges where the reader and the body decoder disagreed with XML: a character reference may have any number of
 * leading zeros, and a body may start with one byte-order mark, not two. Each is read as one string and as the
 * client reads a body: chunk by chunk (short and past the 64 kB window), and through a window over its text.
 */
import { describe, expect, it } from 'vitest';
import { PayerClient, SvcDecodeError as ClientDecodeError } from '../../generated/client/index.js';
import { bodyTextDecoder, decodeBody } from '../../templates/runtime/codec/charset.js';
import type { TextSource } from '../../templates/runtime/codec/text-source.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { SvcDecodeError } from '../../templates/runtime/errors.js';
import { rejected } from '../helpers/failures.js';

/** A source of `xml` as a large body gives one to the reader, read through windows that grow by `refill`. */
function sourceOf(xml: string): TextSource {
  return { length: xml.length, text: (start, end) => xml.slice(start, end) };
}

/** The root's text and its `v` attribute, read from `source` (a string, or a source through small windows). */
function read(source: string | TextSource, refill?: number): [string | undefined, string] {
  const r = new XmlReader(source, undefined, refill);
  r.readRoot();
  const attribute = r.attributes().find(([k]) => k === 'v')?.[1];
  const text = r.readText();
  r.readEnd();
  return [attribute, text];
}

/** What reading gives on every path: the text and attribute, or the decode error's message. */
function everyPath(xml: string): string[] {
  const outcome = (f: () => unknown): string => {
    try {
      return JSON.stringify(f());
    } catch (error) {
      if (!(error instanceof SvcDecodeError)) throw error;
      return `SvcDecodeError: ${error.message}`;
    }
  };
  return [outcome(() => read(xml)), ...[1, 7, 64].map((refill) => outcome(() => read(sourceOf(xml), refill)))];
}

const ZEROS = '0'.repeat(30);

describe('a character reference with leading zeros', () => {
  it.each([
    ['hexadecimal, 30 zeros', `&#x${ZEROS}41;`, 'A'],
    ['decimal, 30 zeros', `&#${ZEROS}65;`, 'A'],
    ['hexadecimal, 30 zeros, beyond the BMP', `&#x${ZEROS}1F600;`, '😀'],
    ['hexadecimal, 10,000 zeros', `&#x${'0'.repeat(10_000)}42;`, 'B'],
    ['only zeros, 30 of them, and one digit', `&#${ZEROS}9;`, '\t'],
  ])('is read, in text and in an attribute, on every path (%s)', (_name, reference, char) => {
    const xml = `<a v="${reference}">x${reference}y</a>`;
    // A referenced tab stays a tab in an attribute: normalisation replaces only literal ones.
    const expected = JSON.stringify([char, `x${char}y`]);
    expect(everyPath(xml)).toEqual(Array(4).fill(expected));
  });

  it.each([
    [
      'more than 32 digits after the zeros',
      `&#x${ZEROS}${'1'.repeat(33)};`,
      '"&" that does not start a reference at line 1, column 4 (offset 3)',
    ],
    [
      'zeros, then beyond U+10FFFF',
      `&#x${ZEROS}110000;`,
      'character reference beyond U+10FFFF at line 1, column 4 (offset 3)',
    ],
    [
      'zeros, then a letter that is no digit',
      `&#${ZEROS}4g;`,
      'malformed character reference at line 1, column 4 (offset 3)',
    ],
    [
      'zeros only, a reference to U+0000',
      `&#x${ZEROS};`,
      'character reference to U+0000, which XML does not allow at line 1, column 4 (offset 3)',
    ],
    [
      'an entity name of 40 letters',
      `&${'a'.repeat(40)};`,
      '"&" that does not start a reference at line 1, column 4 (offset 3)',
    ],
    [
      'an entity name of a letter and 40 zeros',
      `&a${'0'.repeat(40)};`,
      '"&" that does not start a reference at line 1, column 4 (offset 3)',
    ],
  ])('is still refused when it is no reference XML allows (%s)', (_name, reference, message) => {
    expect(everyPath(`<a>${reference}</a>`)).toEqual(Array(4).fill(`SvcDecodeError: ${message} (at a)`));
  });
});

const MARK = [0xef, 0xbb, 0xbf];

/** The body's text as decodeBody gives it in one piece, and as the transports' decoder gives it from `cuts`. */
function decoded(bytes: Uint8Array, cuts: readonly number[]): string[] {
  const outcome = (f: () => string | TextSource): string => {
    try {
      const text = f();
      return typeof text === 'string' ? `text of ${text.length}` : `source of ${text.length}`;
    } catch (error) {
      if (!(error instanceof SvcDecodeError)) throw error;
      return `SvcDecodeError: ${error.message}`;
    }
  };
  return [
    outcome(() => decodeBody(bytes, 'text/xml')),
    outcome(() => {
      const decoder = bodyTextDecoder('text/xml', 'response', undefined, true);
      let at = 0;
      for (const cut of [...cuts, bytes.byteLength]) {
        decoder.write(bytes.subarray(at, cut));
        at = cut;
      }
      return decoder.endSource();
    }),
  ];
}

describe('byte-order marks', () => {
  const long = `<a>${'x'.repeat(70_000)}</a>`;
  it.each([
    ['UTF-8, a short body', [...MARK, ...MARK], '<a/>', 'UTF-8'],
    ['UTF-8, a body past the 64 kB window', [...MARK, ...MARK], long, 'UTF-8'],
    ['UTF-16LE', [0xff, 0xfe, 0xff, 0xfe], '<a/>', 'UTF-16LE'],
    ['UTF-16BE', [0xfe, 0xff, 0xfe, 0xff], '<a/>', 'UTF-16BE'],
  ])('two at the start are refused, in one piece and chunk by chunk (%s)', (_name, marks, xml, charset) => {
    const text = Buffer.from(xml, charset === 'UTF-16LE' ? 'utf16le' : 'utf8');
    if (charset === 'UTF-16BE') text.swap16();
    const bytes = new Uint8Array([...marks, ...text]);
    const refused = 'SvcDecodeError: the response body starts with two byte-order marks';
    for (const cuts of [[], [1], [2, 4], [3, 5, 9]]) expect(decoded(bytes, cuts)).toEqual([refused, refused]);
  });

  it('one at the start is taken off, in one piece and chunk by chunk', () => {
    const bytes = new Uint8Array([...MARK, ...Buffer.from('<a/>')]);
    expect(decoded(bytes, [1, 4])).toEqual(['text of 4', 'text of 4']);
    const large = new Uint8Array([...MARK, ...Buffer.from(long)]);
    expect(decoded(large, [2, 5, 40_000])).toEqual([`text of ${long.length}`, `source of ${long.length}`]);
  });

  it('two at the start of an answer make the call an SvcDecodeError', async () => {
    const body = new Uint8Array([
      ...MARK,
      ...MARK,
      ...Buffer.from(
        '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body/></soap:Envelope>',
      ),
    ]);
    const client = new PayerClient({
      baseUrl: 'http://service.test',
      payerName: 'MyPayer',
      apiKey: 'boguskey',
      fetch: () => Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/xml; charset=utf-8' } })),
    });
    const error = await rejected(client.getBalances(), ClientDecodeError);
    expect(error.message).toBe('the response body starts with two byte-order marks');
  });
});
