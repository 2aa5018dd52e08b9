import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyTextDecoder, decodeBody } from '../../templates/runtime/codec/charset.js';
import { SvcDecodeError } from '../../templates/runtime/errors.js';

/**
 * A body decoded chunk by chunk (bodyTextDecoder, what the transports use) must give exactly what decodeBody gives
 * for the whole body: the same text, or the same SvcDecodeError, wherever the chunks are cut. Bodies longer than the
 * 512 bytes the charset is chosen from take the chunked paths; shorter ones are decoded whole.
 */

/** The text, or the error's class and message. */
function outcome(run: () => string): string {
  try {
    return `text:${run()}`;
  } catch (error) {
    return error instanceof SvcDecodeError ? `SvcDecodeError:${error.message}` : `other:${String(error)}`;
  }
}

function whole(bytes: Uint8Array, contentType: string): string {
  return outcome(() => decodeBody(bytes, contentType));
}

/** As {@link chunked}, with chunks handed over (kept, never changed) and the text taken in pieces. */
function handedOver(bytes: Uint8Array, contentType: string, cuts: readonly number[]): string {
  return outcome(() => {
    const decoder = bodyTextDecoder(contentType, 'response', undefined, true);
    let at = 0;
    for (const cut of [...cuts, bytes.byteLength]) {
      decoder.write(bytes.subarray(at, cut));
      at = cut;
    }
    const text = decoder.endSource();
    if (typeof text === 'string') return text;
    const all = text.text(0, text.length);
    // Any part, asked for in any order (the reader asks again for earlier text to describe an error), is that part.
    for (let i = 0; i < 20; i++) {
      const start = (i * 7919) % (text.length + 1);
      const end = start + ((i * 104_729) % (text.length - start + 1));
      if (text.text(start, end) !== all.slice(start, end)) throw new Error(`part ${start}-${end} differs`);
    }
    return all;
  });
}

function chunked(bytes: Uint8Array, contentType: string, cuts: readonly number[]): string {
  return outcome(() => {
    const decoder = bodyTextDecoder(contentType);
    let at = 0;
    for (const cut of [...cuts, bytes.byteLength]) {
      // A copy that is wiped once written: the decoder may not keep the caller's chunk.
      const chunk = bytes.slice(at, cut);
      decoder.write(chunk);
      chunk.fill(0x41);
      at = cut;
    }
    return decoder.end();
  });
}

/** Characters of 1, 2, 3 and 4 UTF-8 bytes, a byte-order mark inside the text, and XML-ish ASCII. */
const TEXT_PIECES = ['a', '<x>', 'é', 'Zoë', '€', '東京', '😀', '\ufeff', ' ', '&amp;', '\u0080'];

const text = fc
  .oneof(
    { arbitrary: fc.array(fc.constantFrom(...TEXT_PIECES), { minLength: 150, maxLength: 400 }), weight: 4 },
    { arbitrary: fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: 150 }), weight: 1 },
  )
  .map((p) => p.join(''));

/** Bytes that break UTF-8 one way or another: a lone lead, a stray continuation, an overlong form, a surrogate. */
const BAD = [[0xc3], [0x80], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xff]];

const PREFIXES: ReadonlyArray<readonly number[]> = [[], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]];
const CONTENT_TYPES = [
  'text/xml; charset=utf-8',
  'text/xml; charset=utf-8',
  'text/xml',
  'text/xml',
  '',
  'text/xml; charset=utf-16le',
  'text/xml; charset=utf-16',
  'text/xml; charset=iso-8859-1',
  'text/xml; charset=windows-1252',
  'text/xml; charset=shift_jis',
  'text/xml; charset=x-none',
];
const DECLARATIONS = [
  '',
  '<?xml version="1.0" encoding="utf-8"?>',
  '<?xml version="1.0" encoding="utf-16"?>',
  "<?xml version='1.0' encoding='iso-8859-1'?>",
];

/** A body: an optional mark, an optional declaration, text in UTF-8 or UTF-16, perhaps with bad bytes put in. */
const body = fc
  .record({
    prefix: fc.constantFrom(...PREFIXES),
    declaration: fc.constantFrom(...DECLARATIONS),
    text,
    encoding: fc.constantFrom('utf8', 'utf8', 'utf8', 'utf16le', 'utf16be'),
    // Mostly valid bodies, so that most runs compare texts rather than errors.
    bad: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: fc.tuple(fc.constantFrom(...BAD), fc.nat()), weight: 1 },
    ),
    trailingOdd: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    // A run of ASCII first, as most answers are, so that pure-ASCII chunks come before the others.
    ascii: fc.nat(2000),
  })
  .map(({ prefix, declaration, text: t, encoding, bad, trailingOdd, ascii }) => {
    const content = declaration + '<x>'.repeat(Math.floor(ascii / 3)) + t;
    let bytes: Buffer =
      encoding === 'utf16be'
        ? Buffer.from(content, 'utf16le').swap16()
        : Buffer.from(content, encoding === 'utf8' ? 'utf8' : 'utf16le');
    if (bad !== undefined) {
      const at = bad[1] % (bytes.length + 1);
      bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(bad[0]), bytes.subarray(at)]);
    }
    if (trailingOdd) bytes = Buffer.concat([bytes, Buffer.from([0xe2])]);
    return new Uint8Array(Buffer.concat([Buffer.from(prefix), bytes]));
  });

const cutsFor = (length: number): fc.Arbitrary<number[]> =>
  fc.array(fc.integer({ min: 0, max: length }), { maxLength: 12 }).map((cuts) => [...cuts].sort((a, b) => a - b));

describe('bodyTextDecoder', () => {
  it('gives what decodeBody gives for the whole body, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(
        body.chain((bytes) =>
          fc.tuple(fc.constant(bytes), fc.constantFrom(...CONTENT_TYPES), cutsFor(bytes.byteLength)),
        ),
        ([bytes, contentType, cuts]) => {
          expect(chunked(bytes, contentType, cuts)).toBe(whole(bytes, contentType));
          expect(handedOver(bytes, contentType, cuts)).toBe(whole(bytes, contentType));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives a large body that turns non-ASCII as a source of any part, characters cut between chunks and segments', () => {
    const rest = Array.from({ length: 12_000 }, (_, i) => `<m>Zoë € 東京 😀 ${i}</m>`).join('');
    const all = `${'<a>x</a>'.repeat(9_000)}${rest}`;
    const bytes = new Uint8Array(Buffer.from(all, 'utf8'));
    expect(bytes.byteLength).toBeGreaterThan(4 * 16_384 + 72_000);
    for (const step of [65_536, 16_385, 9_999]) {
      const decoder = bodyTextDecoder('text/xml; charset=utf-8', 'response', bytes.byteLength, true);
      for (let at = 0; at < bytes.byteLength; at += step) decoder.write(bytes.subarray(at, at + step));
      const text = decoder.endSource();
      if (typeof text === 'string') throw new Error('expected a source');
      expect(text.length).toBe(all.length);
      expect(text.text(0, text.length)).toBe(all);
      for (let i = 0; i < 200; i++) {
        const start = (i * 7_919) % all.length;
        const end = Math.min(all.length, start + ((i * 104_729) % 40_000));
        expect(text.text(start, end)).toBe(all.slice(start, end));
      }
    }
    // Over a megabyte of UTF-8 after the ASCII chunks is decoded in one string: the same parts.
    const big = `${'<a>x</a>'.repeat(9_000)}${rest.repeat(4)}`;
    const bigBytes = new Uint8Array(Buffer.from(big, 'utf8'));
    expect(bigBytes.byteLength).toBeGreaterThan(1024 * 1024 + 72_000);
    const decoder = bodyTextDecoder('text/xml; charset=utf-8', 'response', undefined, true);
    for (let at = 0; at < bigBytes.byteLength; at += 65_536) decoder.write(bigBytes.subarray(at, at + 65_536));
    const bigText = decoder.endSource();
    if (typeof bigText === 'string') throw new Error('expected a source');
    expect(bigText.text(0, bigText.length)).toBe(big);
    expect(bigText.text(71_990, 100_000)).toBe(big.slice(71_990, 100_000));
    // A bad byte far into the UTF-8 part is refused as decodeBody refuses it.
    const bad = new Uint8Array(
      Buffer.concat([
        Buffer.from(bytes.subarray(0, 150_000)),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(bytes.subarray(150_000)),
      ]),
    );
    expect(handedOver(bad, 'text/xml; charset=utf-8', [65_536, 131_072, 150_001])).toBe(
      whole(bad, 'text/xml; charset=utf-8'),
    );
    expect(handedOver(bad, 'text/xml; charset=utf-8', [])).toBe('SvcDecodeError:the response body is not valid UTF-8');
  });

  it('gives a large pure-ASCII body as a source of its parts, also of parts across chunks and into a last part that is not ASCII', () => {
    const ascii = '<a>x</a>'.repeat(20_000);
    const whole = `${ascii}<b>Zoë</b>`;
    const bytes = new Uint8Array(Buffer.from(whole, 'utf8'));
    const decoder = bodyTextDecoder('text/xml; charset=utf-8', 'response', bytes.byteLength, true);
    const cuts = [65_536, 131_072, 160_001, bytes.byteLength];
    cuts.reduce((at, cut) => (decoder.write(bytes.subarray(at, cut)), cut), 0);
    const text = decoder.endSource();
    if (typeof text === 'string') throw new Error('expected a source');
    expect(text.length).toBe(whole.length);
    for (const [start, end] of [
      [0, 10],
      [65_530, 65_540],
      [60_000, 140_000],
      [0, whole.length],
      [159_990, whole.length],
      [160_003, whole.length],
      [131_072, 131_072],
      [5, 3_000],
    ]) {
      expect(text.text(start!, end!)).toBe(whole.slice(start, end));
    }
    // A small body is one string.
    const small = bodyTextDecoder('text/xml', 'response', undefined, true);
    small.write(bytes.subarray(0, 1000));
    small.write(bytes.subarray(1000, 2000));
    expect(small.endSource()).toBe(ascii.slice(0, 2000));
  });

  it('decodes a character of 2, 3 or 4 bytes cut at every position, also one byte per chunk', () => {
    const text = `${'<a>'.repeat(200)}é€😀東${'</a>'.repeat(2)}`;
    const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
    expect(bytes.byteLength).toBeGreaterThan(512);
    for (let cut = 0; cut <= bytes.byteLength; cut++) {
      expect(chunked(bytes, 'text/xml; charset=utf-8', [cut])).toBe(`text:${text}`);
    }
    const everyByte = Array.from({ length: bytes.byteLength }, (_, i) => i);
    expect(chunked(bytes, 'text/xml', everyByte)).toBe(`text:${text}`);
  });

  it('refuses a body whose last character is cut short, as decodeBody does, and one with a bad byte in a later chunk', () => {
    const head = Buffer.from('<a>'.repeat(300));
    const cut = new Uint8Array(Buffer.concat([head, Buffer.from([0xf0, 0x9f, 0x98])]));
    expect(chunked(cut, 'text/xml', [600, 901])).toBe('SvcDecodeError:the response body is not valid UTF-8');
    const bad = new Uint8Array(Buffer.concat([head, Buffer.from([0xc3, 0x28]), head]));
    expect(chunked(bad, 'text/xml', [700, 901])).toBe('SvcDecodeError:the response body is not valid UTF-8');
  });

  it('strips only the first byte-order mark of a long body, keeping one met later', () => {
    const text = `<a>${'x'.repeat(600)}\ufeff</a>`;
    const bytes = new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
    expect(chunked(bytes, 'text/xml', [1, 2, 300])).toBe(`text:${text}`);
  });
});
