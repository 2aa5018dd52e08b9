/**
 * Character-level XML rules shared by the reader, the writer and the fault parser: which characters XML 1.0 allows,
 * and decoding of character data (predefined entities, character references, line ends).
 */

/** Namespace of the XML Schema instance attributes (`xsi:nil`). */
export const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
/** Namespace of XML Schema (`xsd:`), declared on envelopes as ASMX does. */
export const XSD_NAMESPACE = 'http://www.w3.org/2001/XMLSchema';
/** Namespace bound to the reserved `xml` prefix. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

// Without the `u` flag the regex sees UTF-16 code units, which is what lets it spot unpaired surrogates.
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Index of the first UTF-16 code unit of `s` that XML 1.0 does not allow (C0 controls other than tab, LF and CR;
 * unpaired surrogates; U+FFFE and U+FFFF), or -1 when every character is allowed.
 */
export function indexOfNonXmlChar(s: string): number {
  const m = NOT_XML_CHAR.exec(s);
  return m === null ? -1 : m.index;
}

/**
 * Removes leading and trailing XML whitespace (space, tab, LF, CR) and nothing else: `trim()` would also eat NBSP and
 * other Unicode spaces, which XML Schema's whitespace collapse keeps. A loop rather than a regex, whose `\s+$` would
 * take quadratic time on a long run of spaces followed by other text.
 */
export function trimXmlSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isXmlSpace(text.charCodeAt(start))) start++;
  while (end > start && isXmlSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isXmlSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** True when `cp` is a code point that the XML 1.0 `Char` production allows. */
export function isXmlCodePoint(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd
    || (cp >= 0x20 && cp <= 0xd7ff)
    || (cp >= 0xe000 && cp <= 0xfffd)
    || (cp >= 0x10000 && cp <= 0x10ffff);
}

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
