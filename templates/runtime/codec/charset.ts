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
  const { charset, skip } = chooseCharset(bytes, contentType, subject);
  return decodeAs(charset, skip === 0 ? bytes : bytes.subarray(skip), subject);
}

/**
 * The charset of a body and the length of its byte-order mark, from its first bytes (at least
 * {@link XML_DECLARATION_SCAN} of them, or the whole body when it is shorter) and its Content-Type.
 */
function chooseCharset(head: Uint8Array, contentType: string, subject: string): { charset: Charset; skip: number } {
  const b0 = head[0];
  const b1 = head[1];
  if (b0 === 0xef && b1 === 0xbb && head[2] === 0xbf) return { charset: 'utf-8', skip: 3 };
  if (b0 === 0xff && b1 === 0xfe) return { charset: 'utf-16le', skip: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { charset: 'utf-16be', skip: 2 };
  const label = contentTypeParameter(contentType, 'charset');
  if (label !== undefined) return { charset: resolveCharset(label, subject), skip: 0 };
  const declared = xmlEncoding(head);
  if (declared === undefined) return { charset: 'utf-8', skip: 0 };
  const charset = resolveCharset(declared, subject);
  // The declaration was just read one byte per character, so the body cannot be UTF-16 whatever it says: .NET writes
  // encoding="utf-16" whenever a document is built in a string, then sends it as UTF-8. Browsers read it as UTF-8 too.
  return { charset: charset === 'utf-16le' || charset === 'utf-16be' ? 'utf-8' : charset, skip: 0 };
}

/** Takes a body chunk by chunk, as it arrives, and gives its text at the end: see {@link bodyTextDecoder}. */
export interface BodyTextDecoder {
  /**
   * The next chunk of the body. The chunk may be reused once this returns: UTF-8 and UTF-16 are decoded at once,
   * other charsets are copied. An error is kept for {@link end}, and later chunks are only counted off.
   */
  write(chunk: Uint8Array): void;
  /** The whole body as text, as {@link decodeBody} gives it; {@link SvcDecodeError} when it cannot be decoded. */
  end(): string;
}

/**
 * Decodes a body as its chunks arrive, with exactly the rules and errors of {@link decodeBody} on the whole body: no
 * copy of the whole body is ever made in bytes, only its text, so a large answer is held about once instead of
 * twice, and no chunk outlives its own decoding. Every transport turns chunks into text through this.
 * @param contentType - the body's Content-Type (`''` when absent)
 * @param subject - what the body is, for error messages
 */
export function bodyTextDecoder(contentType: string, subject: 'response' | 'request' = 'response'): BodyTextDecoder {
  return new ChunkedText(contentType, subject);
}

const EMPTY_BYTES = new Uint8Array(0);

function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * The charset is chosen once the first {@link XML_DECLARATION_SCAN} bytes are in (as decodeBody looks no further);
 * a shorter body is handed to decodeBody whole. UTF-8 is then decoded chunk by chunk with the one-shot strict
 * decoder (Node's fast path; a streaming TextDecoder goes through ICU, several times slower), holding back the bytes
 * of a character cut at the end of a chunk; UTF-16 through a streaming strict decoder; any other charset is
 * collected and decoded at the end, as it is rare and small.
 */
class ChunkedText implements BodyTextDecoder {
  #head: Uint8Array[] = [];
  #headBytes = 0;
  #mode: 'head' | 'utf-8' | 'stream' | 'collect' = 'head';
  #charset: Charset = 'utf-8';
  #stream: TextDecoder | undefined;
  #pieces: string[] = [];
  #collected: Uint8Array[] = [];
  #collectedBytes = 0;
  /** The start of a UTF-8 character cut at the end of the previous chunk. */
  #carry: Uint8Array = EMPTY_BYTES;
  #error: unknown;
  #failed = false;

  constructor(
    private readonly contentType: string,
    private readonly subject: 'response' | 'request',
  ) {}

  write(chunk: Uint8Array): void {
    if (this.#failed || chunk.byteLength === 0) return;
    try {
      if (this.#mode === 'head') {
        // Copied: the head is decided on once enough has come, and a caller may reuse its chunk meanwhile.
        this.#head.push(chunk.slice());
        this.#headBytes += chunk.byteLength;
        if (this.#headBytes >= XML_DECLARATION_SCAN) this.#decide();
        return;
      }
      this.#feed(chunk);
    } catch (error) {
      this.#fail(error);
    }
  }

  end(): string {
    if (!this.#failed) {
      try {
        if (this.#mode === 'head') return decodeBody(concatBytes(this.#head, this.#headBytes), this.contentType, this.subject);
        if (this.#mode === 'utf-8') {
          // A character still cut at the very end is an incomplete sequence: the decoder refuses it as it would whole.
          if (this.#carry.byteLength > 0) this.#pieces.push(strictly(UTF8, this.#carry, 'UTF-8', this.subject));
        } else if (this.#mode === 'stream') {
          const stream = this.#stream as TextDecoder;
          this.#pieces.push(strictly(stream, undefined, stream.encoding.toUpperCase(), this.subject));
        } else {
          return decodeAs(this.#charset, concatBytes(this.#collected, this.#collectedBytes), this.subject);
        }
      } catch (error) {
        this.#fail(error);
      }
    }
    if (this.#failed) throw this.#error;
    const pieces = this.#pieces;
    this.#pieces = [];
    return pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
  }

  #fail(error: unknown): void {
    this.#failed = true;
    this.#error = error;
    this.#pieces = [];
    this.#collected = [];
    this.#head = [];
  }

  #decide(): void {
    const head = concatBytes(this.#head, this.#headBytes);
    this.#head = [];
    const { charset, skip } = chooseCharset(head, this.contentType, this.subject);
    this.#charset = charset;
    if (charset === 'utf-8') this.#mode = 'utf-8';
    else if (charset === 'utf-16le' || charset === 'utf-16be') {
      this.#mode = 'stream';
      this.#stream = new TextDecoder(charset, { fatal: true, ignoreBOM: true });
    } else this.#mode = 'collect';
    this.#feed(skip === 0 ? head : head.subarray(skip));
  }

  #feed(chunk: Uint8Array): void {
    switch (this.#mode) {
      case 'utf-8':
        this.#feedUtf8(chunk);
        return;
      case 'stream': {
        const stream = this.#stream as TextDecoder;
        const text = strictly(stream, chunk, stream.encoding.toUpperCase(), this.subject, true);
        if (text !== '') this.#pieces.push(text);
        return;
      }
      default:
        this.#collected.push(chunk.slice());
        this.#collectedBytes += chunk.byteLength;
    }
  }

  #feedUtf8(chunk: Uint8Array): void {
    let from = 0;
    if (this.#carry.byteLength > 0) {
      // Complete the cut character with the bytes it still needs; whatever they are, the strict decoder judges them.
      const carry = this.#carry;
      const need = utf8SequenceLength(carry[0] as number) - carry.byteLength;
      const take = Math.min(need, chunk.byteLength);
      const joined = new Uint8Array(carry.byteLength + take);
      joined.set(carry, 0);
      joined.set(chunk.subarray(0, take), carry.byteLength);
      if (take < need) {
        this.#carry = joined;
        return;
      }
      this.#carry = EMPTY_BYTES;
      this.#pieces.push(strictly(UTF8, joined, 'UTF-8', this.subject));
      from = take;
    }
    const end = completeUtf8End(chunk, from);
    if (end < chunk.byteLength) this.#carry = chunk.slice(end);
    if (end > from) this.#pieces.push(strictly(UTF8, from === 0 && end === chunk.byteLength ? chunk : chunk.subarray(from, end), 'UTF-8', this.subject));
  }
}

/** How many bytes a UTF-8 sequence starting with `lead` has; 1 for a byte that cannot start one (it is refused). */
function utf8SequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

/**
 * Where the last whole UTF-8 character of `bytes[from..]` ends: before a lead byte at the end whose continuation
 * bytes have not all come yet. Anything malformed is left in, for the strict decoder to refuse.
 */
function completeUtf8End(bytes: Uint8Array, from: number): number {
  const length = bytes.byteLength;
  let i = length - 1;
  // Up to three continuation bytes (10xxxxxx) may follow a lead byte.
  while (i >= from && i > length - 4 && ((bytes[i] as number) & 0xc0) === 0x80) i--;
  if (i < from) return length;
  const lead = bytes[i] as number;
  if (lead < 0xc0) return length;
  return length - i < utf8SequenceLength(lead) ? i : length;
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

function strictly(decoder: TextDecoder, bytes: Uint8Array | undefined, name: string, subject: string, stream = false): string {
  try {
    return stream ? decoder.decode(bytes, STREAM) : decoder.decode(bytes);
  } catch (cause) {
    throw new SvcDecodeError(`the ${subject} body is not valid ${name}`, { cause });
  }
}

const STREAM = { stream: true };

/** The same memory as a Buffer, for Node's native latin1 decoding; no copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
