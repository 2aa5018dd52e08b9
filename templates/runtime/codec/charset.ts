/**
 * Message bodies (a client's responses, a mock's requests) from bytes to text, strictly: a byte-order mark first, else
 * the Content-Type charset, else the XML declaration's encoding, else UTF-8. Bytes that are not valid in the charset are a {@link SvcDecodeError}, never
 * replacement characters, which would change the data without a word.
 */
import { SvcDecodeError } from '../errors.js';
import { NodeBuffer, nodeBuiltin } from '../node-builtins.js';
import { keepResident } from './resident.js';
import type { TextSource } from './text-source.js';

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
export function decodeBody(
  bytes: Uint8Array,
  contentType: string,
  subject: 'response' | 'request' = 'response',
): string {
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
  if (b0 === 0xef && b1 === 0xbb && head[2] === 0xbf) return onlyMark(head, 'utf-8', 3, subject);
  if (b0 === 0xff && b1 === 0xfe) return onlyMark(head, 'utf-16le', 2, subject);
  if (b0 === 0xfe && b1 === 0xff) return onlyMark(head, 'utf-16be', 2, subject);
  const label = contentTypeParameter(contentType, 'charset');
  if (label !== undefined) return { charset: resolveCharset(label, subject), skip: 0 };
  const declared = xmlEncoding(head);
  if (declared === undefined) return { charset: 'utf-8', skip: 0 };
  const charset = resolveCharset(declared, subject);
  // The declaration was just read one byte per character, so the body cannot be UTF-16 whatever it says: .NET writes
  // encoding="utf-16" whenever a document is built in a string, then sends it as UTF-8. Browsers read it as UTF-8 too.
  return { charset: charset === 'utf-16le' || charset === 'utf-16be' ? 'utf-8' : charset, skip: 0 };
}

/**
 * A body's charset by its byte-order mark of `length` bytes, refused when a second mark follows: the text after the
 * first is the document, and a document may not start with U+FEFF (the reader takes one leading U+FEFF of a string
 * as the mark it is, so the text must not have another).
 */
function onlyMark(
  head: Uint8Array,
  charset: Charset,
  length: number,
  subject: string,
): { charset: Charset; skip: number } {
  if (head[length] === head[0] && head[length + 1] === head[1] && (length === 2 || head[length + 2] === head[2])) {
    throw new SvcDecodeError(`the ${subject} body starts with two byte-order marks`);
  }
  return { charset, skip: length };
}

/** Takes a body chunk by chunk, as it arrives, and gives its text at the end: see {@link bodyTextDecoder}. */
export interface BodyTextDecoder {
  /**
   * The next chunk of the body. The chunk may be reused once this returns (what is kept of it is copied or decoded
   * at once), unless the decoder was made to keep chunks. An error is kept for {@link end}, and later chunks are only
   * counted off.
   */
  write(chunk: Uint8Array): void;
  /** The whole body as text, as {@link decodeBody} gives it; {@link SvcDecodeError} when it cannot be decoded. */
  end(): string;
  /**
   * The same text as {@link end}, but a large body that is pure ASCII (up to a last part that is not) comes as a
   * source that makes each part of the text from the chunks when asked for: an XmlReader reads it without a string of
   * the whole text.
   */
  endSource(): string | TextSource;
}

/**
 * Decodes a body as its chunks arrive, with exactly the rules and errors of {@link decodeBody} on the whole body.
 * Every transport turns chunks into text through this.
 *
 * Why chunk by chunk: a large body was held twice before, as one buffer of bytes and then as its text, both in fresh
 * memory whose first touch costs about as much as decoding it. While a UTF-8 body is pure ASCII (most SOAP answers
 * are), each chunk becomes a piece of text at once (text of ASCII is no larger than its bytes) and no buffer of the
 * body is made at all. From the first chunk with other bytes on, the rest is gathered into one buffer (of the
 * declared size when known) and decoded in one pass at the end.
 *
 * With `keepChunks` (the transports) nothing is copied: pure-ASCII chunks are kept as they are, and become text a
 * window at a time as the reader reads the source {@link BodyTextDecoder.endSource} gives; UTF-8 chunks from the first
 * that is not ASCII on are kept too and decoded at the end in segments of 16 KiB, each a string small enough for the
 * young generation, instead of one string of the whole rest. Other charsets are gathered and decoded in one pass.
 * @param contentType - the body's Content-Type (`''` when absent)
 * @param subject - what the body is, for error messages
 * @param expectedBytes - the body's declared length (Content-Length), if known: the buffer of the rest is made once
 * @param keepChunks - the caller hands its chunks over and never changes them (a fetch stream's, node:http's)
 */
export function bodyTextDecoder(
  contentType: string,
  subject: 'response' | 'request' = 'response',
  expectedBytes?: number,
  keepChunks = false,
): BodyTextDecoder {
  return new ChunkedText(contentType, subject, expectedBytes, keepChunks);
}

/**
 * A body of fewer bytes is given as one string even by endSource, decoded by decodeBody once it is whole: a string
 * that small is allocated in the young generation like a reader's window would be, reading one string is the reader's
 * fastest path, and a small body (most answers) pays nothing for being read in pieces.
 */
const PIECES_FROM_BYTES = 64 * 1024;

/**
 * UTF-8 that is not ASCII is decoded in segments of this many bytes: the text of one, even as two bytes a character,
 * stays well under the size V8 allocates in fresh memory of its own (about 128 KiB).
 */
const SEGMENT_BYTES = 16 * 1024;

/**
 * Up to this many bytes of UTF-8 after the ASCII chunks are read in segments; more are decoded in one string as
 * before. Measured on the full-shape answers of the bench: 513 kB read in segments took 2.6 times the decoder alone
 * instead of 5.9, but 5.1 MB took 3.6 times instead of 2.7: the reader's windows of two-byte text are kept alive by
 * the values sliced from them, and copying them out of the young generation costs more than one string in fresh
 * memory.
 */
const UTF8_SEGMENTS_UP_TO = 1024 * 1024;

/** The length of the UTF-8 sequence a lead byte starts (1 for a byte that starts none: decoding will refuse it). */
function sequenceLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
}

function isContinuation(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/**
 * UTF-8 chunks (after the pure-ASCII ones) cut into segments of at most about {@link SEGMENT_BYTES} that start and
 * end between characters (a character cut between chunks gets a small segment of its own), each checked to be valid
 * UTF-8 and measured, by decoding it once. A body is valid if and only if every segment is: segments of a valid body
 * are cut between its characters, and valid segments make a valid whole. The texts are made again when read.
 */
function utf8Segments(chunks: readonly Uint8Array[], subject: string): { segments: Uint8Array[]; lengths: number[] } {
  const segments: Uint8Array[] = [];
  // The start of a character cut at the end of the chunks so far.
  let carry: Uint8Array | undefined;
  for (const chunk of chunks) {
    let at = 0;
    if (carry !== undefined) {
      const need = sequenceLength(carry[0]!) - carry.byteLength;
      let take = 0;
      while (take < need && take < chunk.byteLength && isContinuation(chunk[take]!)) take++;
      const joint = new Uint8Array(carry.byteLength + take);
      joint.set(carry, 0);
      joint.set(chunk.subarray(0, take), carry.byteLength);
      at = take;
      if (take < need && take === chunk.byteLength) {
        carry = joint;
        continue;
      }
      segments.push(joint);
      carry = undefined;
    }
    while (at < chunk.byteLength) {
      let end = Math.min(chunk.byteLength, at + SEGMENT_BYTES);
      if (end === chunk.byteLength) {
        // The last character may go on in the next chunk.
        let lead = end - 1;
        while (lead > at && lead > end - 4 && isContinuation(chunk[lead]!)) lead--;
        if (lead + sequenceLength(chunk[lead]!) > end) {
          if (lead > at) segments.push(chunk.subarray(at, lead));
          carry = chunk.slice(lead, end);
          break;
        }
      } else {
        // Between characters: a valid body has at most three continuation bytes in a row.
        for (let back = 0; back < 3 && end > at + 1 && isContinuation(chunk[end]!); back++) end--;
      }
      segments.push(chunk.subarray(at, end));
      at = end;
    }
  }
  if (carry !== undefined) segments.push(carry);
  return { segments, lengths: segments.map((segment) => strictly(UTF8, segment, 'UTF-8', subject).length) };
}

/**
 * The text of a body from its pure-ASCII chunks, in which a character is a byte (latin1 is their exact text), and the
 * rest after them: checked segments of UTF-8 decoded again as they are read, or a body's end in another charset as
 * one string. A part of the ASCII chunks is made straight from the bytes: one string within a chunk, else through a
 * buffer reused for the parts of one body that span chunks.
 */
class BodyText implements TextSource {
  readonly length: number;
  /** Where each ASCII chunk starts in the text, and where they end. */
  private readonly starts: number[] = [];
  private readonly asciiEnd: number;
  /** The chunk of the last part made (parts are asked for in order). */
  private at = 0;
  private scratch: InstanceType<NonNullable<typeof NodeBuffer>> | undefined;
  /** Where each part of the rest starts, from the end of the ASCII chunks. */
  private readonly restStarts: number[] = [];
  /** The part of the rest that the last text was made from. */
  private restAt = 0;
  /** The text of the rest's part last decoded, and which part it is. */
  private decoded = '';
  private decodedPart = -1;

  /**
   * @param chunks - the ASCII chunks
   * @param rest - the parts of the rest: strings, or valid UTF-8 cut between characters
   * @param restLengths - the length of each part's text
   */
  constructor(
    private readonly chunks: readonly Uint8Array[],
    private readonly rest: ReadonlyArray<string | Uint8Array>,
    restLengths: readonly number[],
  ) {
    let n = 0;
    for (const chunk of chunks) {
      this.starts.push(n);
      n += chunk.byteLength;
    }
    this.asciiEnd = n;
    let r = 0;
    for (const length of restLengths) {
      this.restStarts.push(r);
      r += length;
    }
    this.length = n + r;
  }

  /** The text of the rest's part `i`. */
  private restPart(i: number): string {
    const part = this.rest[i]!;
    if (typeof part === 'string') return part;
    if (this.decodedPart !== i) {
      this.decoded = UTF8.decode(part);
      this.decodedPart = i;
    }
    return this.decoded;
  }

  text(start: number, end: number): string {
    const split = this.asciiEnd;
    if (start >= split) return this.restText(start - split, end - split);
    if (end > split) return [this.bytes(start, split), this.restText(0, end - split)].join('');
    return this.bytes(start, end);
  }

  /** The text of the rest from `start` to `end` (counted from the end of the ASCII chunks). */
  private restText(start: number, end: number): string {
    const { restStarts, rest } = this;
    if (start === end) return '';
    let i = this.restAt;
    if (restStarts[i]! > start) i = 0;
    while (i + 1 < restStarts.length && restStarts[i + 1]! <= start) i++;
    this.restAt = i;
    const first = this.restPart(i);
    if (end - restStarts[i]! <= first.length) return first.slice(start - restStarts[i]!, end - restStarts[i]!);
    const parts: string[] = [];
    for (let k = i; k < rest.length && restStarts[k]! < end; k++) {
      parts.push(this.restPart(k).slice(Math.max(0, start - restStarts[k]!), end - restStarts[k]!));
    }
    // join makes one flat string; `+` would make a rope, which the reader reads several times slower.
    return parts.join('');
  }

  /** The text of the ASCII bytes from `start` to `end`. */
  private bytes(start: number, end: number): string {
    const { starts, chunks } = this;
    let i = this.at;
    if (starts[i]! > start) i = 0;
    while (i + 1 < starts.length && starts[i + 1]! <= start) i++;
    this.at = i;
    const first = chunks[i]!;
    if (end - starts[i]! <= first.byteLength) return latin1(first, start - starts[i]!, end - starts[i]!);
    const size = end - start;
    if (NodeBuffer === undefined) {
      const parts: string[] = [];
      for (let k = i, filled = 0; filled < size; k++) {
        const from = Math.max(0, start - starts[k]!);
        const to = Math.min(chunks[k]!.byteLength, from + size - filled);
        parts.push(latin1(chunks[k]!, from, to));
        filled += to - from;
      }
      return parts.join('');
    }
    if (this.scratch === undefined || this.scratch.byteLength < size)
      this.scratch = NodeBuffer.allocUnsafe(Math.max(size, 2 * (this.scratch?.byteLength ?? 0)));
    let filled = 0;
    for (let k = i; filled < size; k++) {
      const from = Math.max(0, start - starts[k]!);
      filled += asBuffer(NodeBuffer, chunks[k]!).copy(
        this.scratch,
        filled,
        from,
        Math.min(chunks[k]!.byteLength, from + size - filled),
      );
    }
    return this.scratch.toString('latin1', 0, size);
  }
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
 * a shorter body is handed to decodeBody whole. Then: UTF-8 as said above; anything else is gathered and decoded in
 * one pass at the end. Kept chunks wait in the head until {@link PIECES_FROM_BYTES} have come: a body smaller than
 * that (most answers) is whole at its end and is handed to decodeBody as one piece, without the pieces, checks and
 * source that only a large body needs.
 */
class ChunkedText implements BodyTextDecoder {
  #head: Uint8Array[] = [];
  #headBytes = 0;
  /**
   * 'utf8': kept chunks of UTF-8 from the first that is not pure ASCII, decoded at the end in segments; 'gather': the
   * rest copied into one buffer, decoded at the end in one pass.
   */
  #mode: 'head' | 'ascii' | 'utf8' | 'gather' = 'head';
  #charset: Charset = 'utf-8';
  /** The leading pure-ASCII chunks of a UTF-8 body: their text, or the chunks themselves when kept. */
  #pieces: Array<string | Uint8Array> = [];
  /** The rest, from the first chunk that is not pure ASCII (or all of a body in another charset). */
  #rest: Uint8Array = EMPTY_BYTES;
  #restBytes = 0;
  /** The kept chunks of UTF-8 from the first that is not pure ASCII. */
  #utf8: Uint8Array[] = [];
  #utf8Bytes = 0;
  /** Bytes written so far, the head included. */
  #seen = 0;
  #error: unknown;
  #failed = false;

  constructor(
    private readonly contentType: string,
    private readonly subject: 'response' | 'request',
    private readonly expectedBytes: number | undefined,
    private readonly keepChunks: boolean,
  ) {}

  write(chunk: Uint8Array): void {
    if (this.#failed || chunk.byteLength === 0) return;
    this.#seen += chunk.byteLength;
    try {
      if (this.#mode === 'head') {
        // Copied (unless chunks are handed over): the head is decided on once enough has come, and a caller may reuse
        // its chunk meanwhile.
        this.#head.push(this.keepChunks ? chunk : chunk.slice());
        this.#headBytes += chunk.byteLength;
        if (this.#headBytes >= (this.keepChunks ? PIECES_FROM_BYTES : XML_DECLARATION_SCAN)) this.#decide();
        return;
      }
      this.#feed(chunk);
    } catch (error) {
      this.#fail(error);
    }
  }

  end(): string {
    const text = this.endSource();
    return typeof text === 'string' ? text : text.text(0, text.length);
  }

  endSource(): string | TextSource {
    if (!this.#failed) {
      try {
        if (this.#mode === 'head')
          return decodeBody(concatBytes(this.#head, this.#headBytes), this.contentType, this.subject);
        const rest =
          this.#restBytes === 0 ? '' : decodeAs(this.#charset, this.#rest.subarray(0, this.#restBytes), this.subject);
        this.#rest = EMPTY_BYTES;
        const pieces = this.#pieces;
        this.#pieces = [];
        if (this.keepChunks) {
          let source: BodyText;
          if (this.#utf8.length > 0 && this.#utf8Bytes <= UTF8_SEGMENTS_UP_TO) {
            const { segments, lengths } = utf8Segments(this.#utf8, this.subject);
            source = new BodyText(pieces as Uint8Array[], segments, lengths);
          } else if (this.#utf8.length > 0) {
            const text = decodeAs('utf-8', concatBytes(this.#utf8, this.#utf8Bytes), this.subject);
            source = new BodyText(pieces as Uint8Array[], [text], [text.length]);
          } else {
            source = new BodyText(pieces as Uint8Array[], rest !== '' ? [rest] : [], rest !== '' ? [rest.length] : []);
          }
          this.#utf8 = [];
          // Only a body of PIECES_FROM_BYTES or more gets here (a smaller one is decoded whole above).
          return source;
        }
        if (rest !== '') pieces.push(rest);
        // join makes one flat string; `+` would make a rope, which the reader reads several times slower.
        return pieces.length === 1 ? (pieces[0] as string) : pieces.join('');
      } catch (error) {
        this.#fail(error);
      }
    }
    throw this.#error;
  }

  #fail(error: unknown): void {
    this.#failed = true;
    this.#error = error;
    this.#pieces = [];
    this.#rest = EMPTY_BYTES;
    this.#utf8 = [];
    this.#head = [];
  }

  #decide(): void {
    const chunks = this.#head;
    this.#head = [];
    // The charset is chosen from the first chunks that make XML_DECLARATION_SCAN bytes, joined only when it takes
    // more than one; the kept chunks after them are fed as they are, never copied into one.
    let first = 0;
    let firstBytes = 0;
    while (first < chunks.length && firstBytes < XML_DECLARATION_SCAN) firstBytes += chunks[first++]!.byteLength;
    const head = first === 1 ? chunks[0]! : concatBytes(chunks.slice(0, first), firstBytes);
    const { charset, skip } = chooseCharset(head, this.contentType, this.subject);
    this.#charset = charset;
    this.#mode = charset === 'utf-8' ? 'ascii' : 'gather';
    this.#feed(skip === 0 ? head : head.subarray(skip));
    for (let i = first; i < chunks.length; i++) this.#feed(chunks[i]!);
  }

  #feed(chunk: Uint8Array): void {
    if (this.#mode === 'ascii') {
      if (isAscii(chunk)) {
        this.#pieces.push(this.keepChunks ? chunk : latin1(chunk, 0, chunk.byteLength));
        return;
      }
      // Handed-over chunks are kept and decoded in segments at the end, not copied into one buffer for one string.
      this.#mode = this.keepChunks ? 'utf8' : 'gather';
    }
    if (this.#mode === 'utf8') {
      this.#utf8.push(chunk);
      this.#utf8Bytes += chunk.byteLength;
    } else {
      this.#gather(chunk);
    }
  }

  /** Copies `chunk` after the rest gathered so far, in a buffer of the declared size when it fits. */
  #gather(chunk: Uint8Array): void {
    const needed = this.#restBytes + chunk.byteLength;
    if (needed > this.#rest.byteLength) {
      // The rest of the declared length, else room to double: copies stay few for a body of unknown length.
      const declaredRest = this.expectedBytes !== undefined ? this.expectedBytes - (this.#seen - needed) : 0;
      const grown = new Uint8Array(Math.max(needed, declaredRest >= needed ? declaredRest : 2 * needed));
      grown.set(this.#rest.subarray(0, this.#restBytes), 0);
      this.#rest = grown;
    }
    this.#rest.set(chunk, this.#restBytes);
    this.#restBytes = needed;
  }
}

// A decoder that has read a little, kept so that the maps of its fields outlive a full collection (see resident.ts).
keepResident(residentDecoder());

function residentDecoder(): ChunkedText {
  const decoder = new ChunkedText('text/xml; charset=utf-8', 'response', 4, true);
  decoder.write(new Uint8Array([0x3c, 0x61, 0x2f, 0x3e]));
  decoder.endSource();
  return decoder;
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
    const value = (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '')).trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}

/** Enough bytes for any real XML declaration, even after some stray whitespace. */
const XML_DECLARATION_SCAN = 512;

/** An XML declaration with an encoding, perhaps after stray whitespace; the encoding is group 1 or 2. */
const XML_DECLARATION =
  /^[\t\n\r ]*<\?xml[\t\n\r ](?:[^>]*?[\t\n\r ])?encoding[\t\n\r ]*=[\t\n\r ]*(?:"([^"]*)"|'([^']*)')/;

/** The `encoding` of an XML declaration at the start of the body, read as ASCII; undefined when there is none. */
function xmlEncoding(bytes: Uint8Array): string | undefined {
  if (bytes.byteLength < 6) return undefined;
  const head = latin1(bytes, 0, Math.min(bytes.byteLength, XML_DECLARATION_SCAN));
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
    case 'windows-1252':
      return 'iso-8859-1';
    case 'utf-8':
      return 'utf-8';
    case 'utf-16le':
      return 'utf-16le';
    case 'utf-16be':
      return 'utf-16be';
    default:
      return decoder;
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
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const C1 = /[\u0080-\u009f]/;
const C1_ALL = /[\u0080-\u009f]/g;
const fromC1 = (c: string): string => WINDOWS_1252_C1.charAt(c.charCodeAt(0) - 0x80);

/** `bytes` decoded as `charset`; {@link SvcDecodeError} when they are not valid in it. */
function decodeAs(charset: Charset, bytes: Uint8Array, subject: string): string {
  switch (charset) {
    case 'utf-8':
      return strictly(UTF8, bytes, 'UTF-8', subject);
    case 'utf-16le':
      return strictly(UTF16LE, bytes, 'UTF-16LE', subject);
    case 'utf-16be':
      return strictly(UTF16BE, bytes, 'UTF-16BE', subject);
    case 'iso-8859-1':
      return latin1(bytes, 0, bytes.byteLength);
    case 'windows-1252': {
      const text = latin1(bytes, 0, bytes.byteLength);
      return C1.test(text) ? text.replace(C1_ALL, fromC1) : text;
    }
    default:
      return strictly(charset, bytes, charset.encoding, subject);
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
function asBuffer(buffer: NonNullable<typeof NodeBuffer>, bytes: Uint8Array): InstanceType<typeof buffer> {
  return buffer.isBuffer(bytes) ? bytes : buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * `bytes[start..end)` as ISO-8859-1 (a character per byte, its code the byte's value): Node's Buffer decodes it
 * natively; elsewhere a character code per byte, in runs short enough for one call's arguments. (TextDecoder cannot:
 * WHATWG's "latin1" is windows-1252.)
 */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  if (NodeBuffer !== undefined) return asBuffer(NodeBuffer, bytes).toString('latin1', start, end);
  const parts: string[] = [];
  for (let at = start; at < end; at += LATIN1_RUN) {
    parts.push(
      String.fromCharCode.apply(null, bytes.subarray(at, Math.min(end, at + LATIN1_RUN)) as unknown as number[]),
    );
  }
  return parts.join('');
}

/** Bytes per String.fromCharCode call off Node, well under engines' limits on the number of arguments. */
const LATIN1_RUN = 8192;

/** Whether every byte is below 0x80: Node's native check, else a loop. */
const isAscii: (bytes: Uint8Array) => boolean =
  nodeBuiltin('node:buffer')?.isAscii ??
  ((bytes) => {
    for (let i = 0; i < bytes.byteLength; i++) if (bytes[i]! >= 0x80) return false;
    return true;
  });
