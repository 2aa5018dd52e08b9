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
  // oxlint-disable-next-line no-control-regex -- the controls XML 1.0's Char production excludes: matching them is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Index of the first UTF-16 code unit of `s` that XML 1.0 does not allow (C0 controls other than tab, LF and CR;
 * unpaired surrogates; U+FFFE and U+FFFF), or -1 when every character is allowed.
 */
export function indexOfNonXmlChar(s: string): number {
  const m = NOT_XML_CHAR.exec(s);
  return m === null ? -1 : m.index;
}

/** A code point (or an unpaired surrogate's code unit) as messages name it: `U+000C`, `U+1F600`. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first character of `text` that XML 1.0 cannot carry, named as `U+FFFF`; undefined when there is none. */
export function nonXmlCharOf(text: string): string | undefined {
  const at = indexOfNonXmlChar(text);
  // Every such character is in the BMP, so its code unit is its code point (an unpaired surrogate's own unit).
  return at < 0 ? undefined : codePointName(text.charCodeAt(at));
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
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/**
 * The code point at `i` of `s` if it is one XML 1.0 allows outside the ASCII controls' range, as the number of code
 * units it takes (2 for a surrogate pair), or 0 when it is not allowed (an unpaired surrogate, U+FFFE, U+FFFF).
 * Meant for `s.charCodeAt(i) >= 0xD800`, the only range where a code unit above the controls can be refused.
 */
export function wideXmlCharLength(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xd800) return 1;
  if (c <= 0xdbff) {
    const low = s.charCodeAt(i + 1);
    return low >= 0xdc00 && low <= 0xdfff ? 2 : 0;
  }
  if (c <= 0xdfff) return 0;
  return c >= 0xfffe ? 0 : 1;
}

/** A description of the character at `i` of `s` for messages, e.g. `U+FFFF` (never the character itself). */
export function describeCharAt(s: string, i: number): string {
  const c = s.charCodeAt(i);
  const surrogate = c >= 0xd800 && c <= 0xdfff;
  return `${surrogate ? 'unpaired surrogate ' : ''}${codePointName(c)}`;
}

/** Reports a decoding problem at an absolute offset of the source; never returns. */
export type FailAt = (message: string, offset: number) => never;

const AMP = 38;
const HASH = 35;
const ZERO = 48;
const CR = 13;
const LF = 10;
const TAB = 9;
const LOWER_X = 120;
const LT = 60;
const GT = 62;
const RBRACKET = 93;

/**
 * Longest reference looked for: `&#x10FFFF;` is 10 characters, an entity name about as long. A character reference
 * may be longer by leading zeros, which XML permits in any number (see {@link zeroPadded}).
 */
const MAX_REFERENCE_LENGTH = 32;

/**
 * Decodes the character data `src.slice(start, end)`: the five predefined entities, decimal and hexadecimal
 * character references, and XML line-end normalisation (CRLF and lone CR become LF). In attribute values (`attribute`
 * true) literal tab, LF and CR become spaces, as XML attribute-value normalisation requires for CDATA attributes.
 * A bare `&`, an unknown entity (there is no DTD, so only the predefined ones exist), a reference to a character XML
 * does not allow, a literal character XML does not allow, a literal `<`, or (in text) `]]>` is reported through
 * `fail`.
 */
export function decodeCharData(src: string, start: number, end: number, attribute: boolean, fail: FailAt): string {
  let out = '';
  let run = start;
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    // Letters and most other text are above `>` and below the surrogates: one comparison settles them.
    if (c > GT) {
      if (c >= 0xd800) {
        const n = wideXmlCharLength(src, i);
        if (n === 0) fail(`${describeCharAt(src, i)}, which XML does not allow`, i);
        i += n - 1;
      }
    } else if (c === AMP) {
      out += src.slice(run, i);
      const semi = src.indexOf(';', i + 1);
      if (semi < 0 || semi >= end || (semi - i > MAX_REFERENCE_LENGTH && !zeroPadded(src, i, semi))) {
        fail('"&" that does not start a reference', i);
      }
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
    } else if (c < 0x20 && c !== LF && c !== TAB) {
      fail(`${describeCharAt(src, i)}, which XML does not allow`, i);
    } else if (
      c === GT &&
      !attribute &&
      i >= start + 2 &&
      src.charCodeAt(i - 1) === RBRACKET &&
      src.charCodeAt(i - 2) === RBRACKET
    ) {
      fail('"]]>" in text (it may only end a CDATA section)', i - 2);
    }
  }
  return run === start ? src.slice(start, end) : out + src.slice(run, end);
}

/**
 * Whether `src.slice(amp, semi + 1)` is a character reference whose digits after its leading zeros are few enough
 * (`&#x` and thirty zeros before `41;` is an `A`); whether the digits are digits is for decodeReference to say.
 */
function zeroPadded(src: string, amp: number, semi: number): boolean {
  if (src.charCodeAt(amp + 1) !== HASH) return false;
  let p = amp + (src.charCodeAt(amp + 2) === LOWER_X ? 3 : 2);
  while (p < semi && src.charCodeAt(p) === ZERO) p++;
  return semi - p <= MAX_REFERENCE_LENGTH;
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
    if (!isXmlCodePoint(cp)) fail(`character reference to ${codePointName(cp)}, which XML does not allow`, amp);
    return String.fromCodePoint(cp);
  }
  switch (src.slice(amp + 1, semi)) {
    case 'amp':
      return '&';
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
    default:
      return fail(
        `unknown entity reference ${src.slice(amp, semi + 1)} (without a DTD only the predefined entities exist)`,
        amp,
      );
  }
}

function digitValue(c: number, hex: boolean): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (!hex) return -1;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** True for a code point above ASCII that may start an XML name (XML 1.0 fifth edition, NameStartChar). */
export function isNameStartCodePoint(cp: number): boolean {
  return (
    (cp >= 0xc0 && cp <= 0xd6) ||
    (cp >= 0xd8 && cp <= 0xf6) ||
    (cp >= 0xf8 && cp <= 0x2ff) ||
    (cp >= 0x370 && cp <= 0x37d) ||
    (cp >= 0x37f && cp <= 0x1fff) ||
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0x2070 && cp <= 0x218f) ||
    (cp >= 0x2c00 && cp <= 0x2fef) ||
    (cp >= 0x3001 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfdcf) ||
    (cp >= 0xfdf0 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0xeffff)
  );
}

/** True for a code point above ASCII that may follow the first character of an XML name (NameChar). */
export function isNameCodePoint(cp: number): boolean {
  return cp === 0xb7 || (cp >= 0x300 && cp <= 0x36f) || cp === 0x203f || cp === 0x2040 || isNameStartCodePoint(cp);
}

/** ASCII characters that may start a name (letters and `_`; the colon is a namespace separator, handled apart). */
export const ASCII_NAME_START = 1;
/** ASCII characters that may only follow the first character of a name: digits, `-`, `.`. */
export const ASCII_NAME_PART = 2;

/** For each ASCII code, {@link ASCII_NAME_START}, {@link ASCII_NAME_PART} or 0. */
export const ASCII_NAME_CLASS: Uint8Array = (() => {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (/[A-Za-z_]/.test(ch)) table[c] = ASCII_NAME_START;
    else if (/[0-9.-]/.test(ch)) table[c] = ASCII_NAME_PART;
  }
  return table;
})();
