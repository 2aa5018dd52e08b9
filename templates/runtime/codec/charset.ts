/**
 * Message bodies (a client's responses, a mock's requests) from bytes to text, strictly: a byte-order mark first, else
 * the Content-Type charset, else the XML declaration's encoding, else UTF-8. Bytes that are not valid in the charset are a {@link SvcDecodeError}, never
 * replacement characters, which would change the data without a word.
 */
import { SvcDecodeError } from '../errors.js';

/**
 * How a body is turned into text: the encodings Node decodes fastest (or that `TextDecoder` gets wrong) by name,
 * anything else through a strict `TextDecoder`.
 */
type Charset = 'utf-8' | 'utf-16le' | 'utf-16be' | 'iso-8859-1' | 'windows-1252' | TextDecoder;

// Shared: decode() without { stream: true } keeps no state between calls. ignoreBOM keeps a decoder from stripping
// a second mark; the first is dealt with before a decoder is chosen.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF16LE = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
const UTF16BE = new TextDecoder('utf-16be', { fatal: true, ignoreBOM: true });

/**
 * The body as text. The byte-order mark wins because it is in the bytes themselves; then the Content-Type charset,
 * which the sender chose; then the XML declaration, for senders that give a bare `text/xml`; then UTF-8, the XML
 * default. Decoding is strict: a replacement character would be silent data loss in a value the reader trusts.
 * @param bytes - the body
 * @param contentType - the body's Content-Type (`''` when absent)
 * @param subject - what the body is, for error messages: `'response'` (a client's) or `'request'` (a mock's)
 */
export function decodeBody(bytes: Uint8Array, contentType: string, subject: 'response' | 'request' = 'response'): string {
  if (bytes.byteLength === 0) return '';
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) return decodeAs('utf-8', bytes.subarray(3), subject);
  if (b0 === 0xff && b1 === 0xfe) return decodeAs('utf-16le', bytes.subarray(2), subject);
  if (b0 === 0xfe && b1 === 0xff) return decodeAs('utf-16be', bytes.subarray(2), subject);
  const label = contentTypeParameter(contentType, 'charset');
  if (label !== undefined) return decodeAs(resolveCharset(label, subject), bytes, subject);
  const declared = xmlEncoding(bytes);
  if (declared === undefined) return decodeAs('utf-8', bytes, subject);
  const charset = resolveCharset(declared, subject);
  // The declaration was just read one byte per character, so the body cannot be UTF-16 whatever it says: .NET writes
  // encoding="utf-16" whenever a document is built in a string, then sends it as UTF-8. Browsers read it as UTF-8 too.
  return decodeAs(charset === 'utf-16le' || charset === 'utf-16be' ? 'utf-8' : charset, bytes, subject);
}

/**
 * A parameter of a Content-Type (`charset`, SOAP 1.2's `action`), unquoted; undefined when absent or empty.
 * @param contentType - the header value
 * @param name - the parameter name, lower case (parameter names are matched case-insensitively)
 */
export function contentTypeParameter(contentType: string, name: string): string | undefined {
  // Whole parameters are matched one after another, so a quoted value of one parameter (SOAP 1.2's `action`) cannot
  // pass for another.
  const parameter = /;[\t ]*([^\t ;=]+)[\t ]*=[\t ]*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = parameter.exec(contentType); m !== null; m = parameter.exec(contentType)) {
    if ((m[1] as string).toLowerCase() !== name) continue;
    const value = (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3] ?? '').trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** Enough bytes for any real XML declaration, even after some stray whitespace. */
const XML_DECLARATION_SCAN = 512;

/** An XML declaration with an encoding, perhaps after stray whitespace; the encoding is group 1 or 2. */
const XML_DECLARATION = /^[\t\n\r ]*<\?xml[\t\n\r ](?:[^>]*?[\t\n\r ])?encoding[\t\n\r ]*=[\t\n\r ]*(?:"([^"]*)"|'([^']*)')/;

/** The `encoding` of an XML declaration at the start of the body, read as ASCII; undefined when there is none. */
function xmlEncoding(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength < 6) return undefined;
  const head = asBuffer(bytes).toString('latin1', 0, Math.min(bytes.byteLength, XML_DECLARATION_SCAN));
  const m = XML_DECLARATION.exec(head);
  if (m === null) return undefined;
  const value = (m[1] ?? m[2] ?? '').trim();
  return value === '' ? undefined : value;
}

/** The names of windows-1252 itself, as opposed to the ISO-8859-1 and ASCII names WHATWG also maps to it. */
const WINDOWS_1252_LABELS = new Set(['windows-1252', 'cp1252', 'x-cp1252']);
/** The usual ISO-8859-1 and ASCII names, known without asking TextDecoder (which has the rarer ones). */
const ISO_8859_1_LABELS = new Set(['iso-8859-1', 'latin1', 'l1', 'us-ascii', 'ascii']);

/** The charset a label names; {@link SvcDecodeError} when it names none that can be decoded. */
function resolveCharset(label: string, subject: string): Charset {
  const name = label.toLowerCase();
  if (name === 'utf-8' || name === 'utf8') return 'utf-8';
  // WHATWG reads a bare "utf-16" as little-endian, as browsers met it; RFC 2781 makes it big-endian without a mark.
  if (name === 'utf-16') return 'utf-16be';
  if (ISO_8859_1_LABELS.has(name)) return 'iso-8859-1';
  if (WINDOWS_1252_LABELS.has(name)) return 'windows-1252';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(name, { fatal: true, ignoreBOM: true });
  } catch {
    throw new SvcDecodeError(`the ${subject} names an unsupported charset ${describeLabel(label)}`);
  }
  switch (decoder.encoding) {
    // Every other label WHATWG maps to windows-1252 names ISO-8859-1 or ASCII, which a SOAP server means literally:
    // byte 0x80 is U+0080 there, not the euro sign.
    case 'windows-1252': return 'iso-8859-1';
    case 'utf-8': return 'utf-8';
    case 'utf-16le': return 'utf-16le';
    case 'utf-16be': return 'utf-16be';
    default: return decoder;
  }
}

/** A charset label for a message: it comes from the response, so only a label-like value is quoted. */
function describeLabel(label: string): string {
  return /^[A-Za-z0-9._:+-]{1,40}$/.test(label) ? `"${label}"` : '(a malformed label)';
}

/**
 * windows-1252 differs from ISO-8859-1 only in 0x80-0x9F; the five bytes it leaves undefined stay C1 controls, as in
 * WHATWG. Node 20's TextDecoder decodes windows-1252 as ISO-8859-1, so the table is applied here.
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f'
  + '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const C1 = /[\u0080-\u009f]/;
const C1_ALL = /[\u0080-\u009f]/g;
const fromC1 = (c: string): string => WINDOWS_1252_C1.charAt(c.charCodeAt(0) - 0x80);

/** `bytes` decoded as `charset`; {@link SvcDecodeError} when they are not valid in it. */
function decodeAs(charset: Charset, bytes: Uint8Array, subject: string): string {
  switch (charset) {
    case 'utf-8': return strictly(UTF8, bytes, 'UTF-8', subject);
    case 'utf-16le': return strictly(UTF16LE, bytes, 'UTF-16LE', subject);
    case 'utf-16be': return strictly(UTF16BE, bytes, 'UTF-16BE', subject);
    case 'iso-8859-1': return asBuffer(bytes).toString('latin1');
    case 'windows-1252': {
      const text = asBuffer(bytes).toString('latin1');
      return C1.test(text) ? text.replace(C1_ALL, fromC1) : text;
    }
    default: return strictly(charset, bytes, charset.encoding, subject);
  }
}

function strictly(decoder: TextDecoder, bytes: Uint8Array, name: string, subject: string): string {
  try {
    return decoder.decode(bytes);
  } catch (cause) {
    throw new SvcDecodeError(`the ${subject} body is not valid ${name}`, { cause });
  }
}

/** The same memory as a Buffer, for Node's native latin1 decoding; no copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
