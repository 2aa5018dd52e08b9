/**
 * decodeCharData of templates/runtime/xml-chars.ts as it was before issue 16, item 5, for the frozen reader next to
 * this file (see xml-reader-before-item5.ts). Benchmark code only.
 */
import { isXmlCodePoint } from '../../../templates/runtime/xml-chars.js';

/** Reports a decoding problem at an absolute offset of the source; never returns. */
export type FailAt = (message: string, offset: number) => never;

const AMP = 38;
const HASH = 35;
const CR = 13;
const LF = 10;
const TAB = 9;
const LOWER_X = 120;
const LT = 60;

/** Longest reference accepted: `&#x10FFFF;` is 10 characters; the slack allows leading zeros, which XML permits. */
const MAX_REFERENCE_LENGTH = 32;

/**
 * Decodes the character data `src.slice(start, end)`: the five predefined entities, decimal and hexadecimal
 * character references, and XML line-end normalisation (CRLF and lone CR become LF). In attribute values (`attribute`
 * true) literal tab, LF and CR become spaces, as XML attribute-value normalisation requires for CDATA attributes.
 * A bare `&`, an unknown entity (there is no DTD, so only the predefined ones exist), a reference to a character XML
 * does not allow, or a literal `<` is reported through `fail`.
 */
export function decodeCharData(src: string, start: number, end: number, attribute: boolean, fail: FailAt): string {
  let out = '';
  let run = start;
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c === AMP) {
      out += src.slice(run, i);
      const semi = src.indexOf(';', i + 1);
      if (semi < 0 || semi >= end || semi - i > MAX_REFERENCE_LENGTH) fail('"&" that does not start a reference', i);
      out += decodeReference(src, i, semi, fail);
      i = semi;
      run = semi + 1;
    } else if (c === CR) {
      out += src.slice(run, i);
      out += attribute ? ' ' : '\n';
      if (i + 1 < end && src.charCodeAt(i + 1) === LF) i++;
      run = i + 1;
    } else if (attribute && (c === LF || c === TAB)) {
      out += src.slice(run, i) + ' ';
      run = i + 1;
    } else if (c === LT) {
      fail('"<" in character data', i);
    }
  }
  return run === start ? src.slice(start, end) : out + src.slice(run, end);
}

/** Decodes the reference `src.slice(amp, semi + 1)`, which starts with `&` and ends with `;`. */
function decodeReference(src: string, amp: number, semi: number, fail: FailAt): string {
  if (src.charCodeAt(amp + 1) === HASH) {
    const hex = src.charCodeAt(amp + 2) === LOWER_X;
    const digitsStart = amp + (hex ? 3 : 2);
    if (digitsStart === semi) fail('empty character reference', amp);
    let cp = 0;
    for (let i = digitsStart; i < semi; i++) {
      const d = digitValue(src.charCodeAt(i), hex);
      if (d < 0) fail('malformed character reference', amp);
      cp = cp * (hex ? 16 : 10) + d;
      if (cp > 0x10ffff) fail('character reference beyond U+10FFFF', amp);
    }
    if (!isXmlCodePoint(cp)) fail(`character reference to U+${cp.toString(16).toUpperCase().padStart(4, '0')}, which XML does not allow`, amp);
    return String.fromCodePoint(cp);
  }
  switch (src.slice(amp + 1, semi)) {
    case 'amp': return '&';
    case 'lt': return '<';
    case 'gt': return '>';
    case 'quot': return '"';
    case 'apos': return "'";
    default:
      return fail(`unknown entity reference ${src.slice(amp, semi + 1)} (without a DTD only the predefined entities exist)`, amp);
  }
}

function digitValue(c: number, hex: boolean): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (!hex) return -1;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}
