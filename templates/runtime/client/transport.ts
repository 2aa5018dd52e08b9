/**
 * One HTTP request (a POST, or the HTTP GET binding's GET) through an injected `fetch`, with a timeout that covers the body too, the caller's AbortSignal, a cap
 * on the response size, and failures mapped to runtime errors. Headers and bodies carry the request key, so no message
 * here ever quotes them.
 *
 * The body is read as bytes and decoded here rather than with `response.text()`, for two reasons: `text()` buffers
 * whatever the server sends before anyone can count it, and it always decodes UTF-8 with replacement characters, which
 * silently corrupts a body that is in another charset or damaged in transit.
 */
import { bodyTextDecoder, type BodyTextDecoder } from '../codec/charset.js';
import type { TextSource } from '../codec/text-source.js';
import { SvcRequestError, SvcResponseTooLargeError, SvcTimeoutError, SvcTransportError } from '../errors.js';
import { NodeBuffer } from '../node-builtins.js';

/** What {@link sendRequest} needs. */
export interface HttpRequest {
  /** The fetch implementation (globalThis.fetch, a mock's, a test's). */
  fetch: typeof fetch;
  /** Absolute URL to send to. */
  url: string;
  /** POST (the default) with a body, or GET (the HTTP GET binding) without one. */
  method?: 'POST' | 'GET';
  /** Request headers; Content-Length is computed here (for a POST) and replaces any given. */
  headers: Record<string, string>;
  /** The request body of a POST, sent as UTF-8. */
  body?: string;
  /** Limit for the whole exchange, response body included; absent means none. */
  timeoutMs?: number;
  /**
   * Most bytes of response body accepted, whatever the status; absent means none. A larger body is refused with
   * {@link SvcResponseTooLargeError} as soon as that is known, and the connection is dropped rather than drained.
   */
  maxResponseBytes?: number;
  /** The caller's signal; aborting it rejects with its `reason`, unchanged. */
  signal?: AbortSignal;
  /** Return the answer's Set-Cookie headers (the client has a cookie jar). */
  wantsCookies?: boolean;
}

/** What {@link sendRequest} returns: the status, Content-Type and text of the response, whatever the status. */
export interface HttpResponse {
  /** HTTP status code (0 for a browser's opaque redirect). */
  status: number;
  /** The Content-Type header, `''` when absent. */
  contentType: string;
  /**
   * The Location of a redirect, as sent (see {@link redirectLocation}): set for a 3xx answer that has one, `''` for a
   * browser's opaque redirect (status 0), whose target is hidden; absent for any other answer. Never followed.
   */
  readonly location?: string;
  /**
   * The response body, decoded strictly by its byte-order mark, else the Content-Type charset, else the XML
   * declaration's encoding, else as UTF-8; without the byte-order mark; `''` for an empty body. A large pure-ASCII
   * body comes as a source of its text made from the chunks it arrived in, for the reader, since a string of a large
   * body costs about as much as decoding it; `textOf` makes the string where one is needed.
   */
  readonly body: string | TextSource;
  /** The Set-Cookie headers of the answer, when the request {@link HttpRequest.wantsCookies wanted them}. */
  setCookies?: readonly string[];
}

/**
 * The response of a status, Content-Type and body text, the same from every transport.
 * @param status - the HTTP status
 * @param contentType - the Content-Type, `''` when absent
 * @param body - the body's text, or a source of it
 */
export function responseOf(
  status: number,
  contentType: string,
  body: string | TextSource,
  location?: string,
): HttpResponse {
  return location === undefined ? { status, contentType, body } : { status, contentType, body, location };
}

/**
 * The Location header of a redirect: a 3xx answer's Location, undefined for any other answer or a 3xx without one.
 * Neither transport follows redirects: a 307 or 308 would send the whole signed request (the credentials, the
 * computed key) to wherever the Location points, a 301, 302 or 303 would turn it into a GET there, and either way
 * that host's answer would be taken for the service's.
 * @param status - the HTTP status
 * @param header - the Location header, if any
 */
export function redirectLocation(status: number, header: string | null | undefined): string | undefined {
  return status >= 300 && status < 400 && header != null ? header : undefined;
}

/** setTimeout fires at once beyond this many milliseconds, so longer limits are treated as none. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Races a step of the exchange against the timeout and the caller's abort. */
export type Guard = <T>(step: Promise<T>) => Promise<T>;

const noop = (): void => {};
const passThrough: Guard = (step) => step;

/** What can stop an exchange: its timeout and the caller's abort, raced against each of its steps. */
interface Stopper {
  /** Aborts fetch when the exchange is stopped; undefined when nothing can stop it. */
  readonly controller: AbortController | undefined;
  readonly guard: Guard;
  /** Why the exchange was stopped, once it was. */
  readonly outcome: 'timeout' | 'abort' | undefined;
  /** Clears the timer and stops listening to the signal. */
  release(): void;
}

const UNSTOPPABLE: Stopper = { controller: undefined, guard: passThrough, outcome: undefined, release: noop };

/**
 * The stopper of an exchange with `timeoutMs` (none beyond {@link MAX_TIMER_MS}) and the caller's `signal`. Most
 * calls have neither: then nothing can stop the exchange, and none of the machinery (a controller, a timer, a promise
 * raced against every read) is worth its cost.
 */
function stopperOf(signal: AbortSignal | undefined, timeoutMs: number | undefined): Stopper {
  const timed = timeoutMs !== undefined && timeoutMs <= MAX_TIMER_MS;
  if (!timed && signal === undefined) return UNSTOPPABLE;
  const controller = new AbortController();
  // Raced against fetch and each read of the body, so a fetch that ignores its signal still cannot outlive the
  // timeout. (Made only here: closures made for every call cost a call without limits more than they are worth.)
  let rejectStopped: (reason: unknown) => void = noop;
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  stopped.catch(noop);
  const state: { -readonly [K in keyof Stopper]: Stopper[K] } = {
    controller,
    guard: (step) => Promise.race([step, stopped]),
    outcome: undefined,
    release: () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
  const stop = (kind: 'timeout' | 'abort', reason: unknown): void => {
    if (state.outcome !== undefined) return;
    state.outcome = kind;
    controller.abort(reason);
    rejectStopped(reason);
  };
  const onAbort = (): void => stop('abort', signal?.reason);
  const timer = timed
    ? setTimeout(() => stop('timeout', new DOMException('The request timed out', 'TimeoutError')), timeoutMs)
    : undefined;
  signal?.addEventListener('abort', onAbort, { once: true });
  return state;
}

/**
 * POSTs `body` to `url` (or GETs `url`) and reads the whole response.
 * Rejects with {@link SvcTimeoutError} when `timeoutMs` passes before the body is read, with the caller's
 * `signal.reason` when the caller aborts, with {@link SvcTransportError} (cause attached) when fetch fails, with
 * {@link SvcResponseTooLargeError} when the body exceeds `maxResponseBytes`, and with {@link SvcDecodeError} when the
 * body is not valid in its charset or names a charset that is not known.
 * An HTTP error status is not an error here: the caller decides what a 500 means (SOAP faults arrive as 500).
 * @param req - the request
 */
export async function sendRequest(req: HttpRequest): Promise<HttpResponse>;
/**
 * As {@link sendRequest}, through `fetchImpl` (the request's own fetch is not read): the transport choice passes the
 * client's fetch so, without a copy of the request per call.
 * @param req - the request
 * @param fetchImpl - the fetch to send it through
 */
export async function sendRequest(req: Omit<HttpRequest, 'fetch'>, fetchImpl: typeof fetch): Promise<HttpResponse>;
export async function sendRequest(
  req: Omit<HttpRequest, 'fetch'> & { fetch?: typeof fetch },
  fetchImpl = req.fetch!,
): Promise<HttpResponse> {
  const { signal, timeoutMs, maxResponseBytes } = req;
  checkLimits(req);
  if (signal?.aborted) throw signal.reason;
  const stop = stopperOf(signal, timeoutMs);
  const { controller, guard } = stop;

  let response: Response;
  let contentType: string;
  let text: BodyTextDecoder | undefined;
  try {
    const headers = outgoingHeaders(req);
    const get = req.method === 'GET';
    // Never 'follow' (fetch's default): see redirectLocation. A browser answers 'manual' with an opaque redirect.
    const init: RequestInit = get
      ? { method: 'GET', headers, redirect: 'manual' }
      : { method: 'POST', headers, body: req.body ?? '', redirect: 'manual' };
    if (controller !== undefined) init.signal = controller.signal;
    response = await guard(fetchImpl(req.url, init));
    if (response.type === 'opaqueredirect') return responseOf(0, '', '', '');
    // An injected fetch that dropped `redirect: 'manual'` has followed one already; its answer is not the service's.
    if (response.redirected) {
      response.body?.cancel().catch(noop);
      return responseOf(response.status, '', '', response.url);
    }
    const responseHeaders = response.headers;
    contentType = responseHeaders.get('content-type') ?? '';
    const declared = declaredLength(responseHeaders);
    // A fetch stream hands its chunks over, so the decoder may keep them.
    text = bodyTextDecoder(contentType, 'response', declared, true);
    if (!(await readChunks(response, maxResponseBytes, guard, text, declared))) text = undefined;
  } catch (error) {
    if (stop.outcome === 'abort') throw signal?.reason;
    if (stop.outcome === 'timeout') {
      throw new SvcTimeoutError(timeoutMessage(req.method ?? 'POST', req.url, timeoutMs ?? 0), timeoutMs ?? 0);
    }
    throw new SvcTransportError(failureMessage(req.method ?? 'POST', req.url, error), error);
  } finally {
    stop.release();
  }
  // Refusing and decoding happen outside the try, so these errors reach the caller as they are, never as transport
  // failures; the body is already complete (or abandoned), so the timeout has nothing left to cover.
  const status = response.status;
  if (text === undefined) throw new SvcResponseTooLargeError(maxResponseBytes ?? 0, status);
  // The Location is looked up only where it means something: Headers.get is not free, and most answers are 200.
  const answer = responseOf(
    status,
    contentType,
    text.endSource(),
    status >= 300 && status < 400 ? redirectLocation(status, response.headers.get('location')) : undefined,
  );
  if (req.wantsCookies === true) answer.setCookies = response.headers.getSetCookie?.() ?? [];
  return answer;
}

const EMPTY = new Uint8Array(0);

/**
 * The whole body as bytes, or undefined when it is larger than `limit`. A declared Content-Length over the limit is
 * refused before any byte is read, and a body that streams past it is refused at the chunk that crosses it: either
 * way the stream is cancelled, which makes fetch drop the connection instead of downloading the rest. So no more
 * than the limit plus one chunk is ever held. A mock reads its requests with it too, hence `Request` as well.
 * @param response - a fetch Response, or a Request
 * @param limit - most bytes accepted, or undefined for no limit
 * @param guard - races each read against a timeout or an abort (default: none)
 */
export async function readBody(
  response: Pick<Response, 'body' | 'headers' | 'arrayBuffer'>,
  limit: number | undefined,
  guard: Guard = passThrough,
): Promise<Uint8Array | undefined> {
  const sink = new ByteCollector(contentLength(response.headers.get('content-length')));
  return (await readChunks(response, limit, guard, sink)) ? sink.bytes() : undefined;
}

/** Where {@link readChunks} puts each chunk of a body as it arrives. */
export interface ChunkSink {
  /** The next chunk; readChunks neither keeps nor changes it afterwards. */
  write(chunk: Uint8Array): void;
}

/**
 * Reads a whole body into `sink`, chunk by chunk; false when it is larger than `limit`. A declared Content-Length
 * over the limit is refused before any byte is read, and a body that streams past it is refused at the chunk that
 * crosses it (that chunk is not written): either way the stream is cancelled, which makes fetch drop the connection
 * instead of downloading the rest. So no more than the limit is ever written.
 * @param response - a fetch Response, or a Request
 * @param limit - most bytes accepted, or undefined for no limit
 * @param guard - races each read against a timeout or an abort
 * @param sink - takes the chunks
 * @param declared - the body's declared length, when the caller has it already
 */
export async function readChunks(
  response: Pick<Response, 'body' | 'headers' | 'arrayBuffer'>,
  limit: number | undefined,
  guard: Guard,
  sink: ChunkSink,
  declared: number | undefined = declaredLength(response.headers),
): Promise<boolean> {
  const body = response.body as ReadableStream<Uint8Array> | null | undefined;
  if (limit !== undefined) {
    if (declared !== undefined && declared > limit) {
      if (typeof body?.cancel === 'function') body.cancel().catch(noop);
      return false;
    }
  }
  if (body === null) return true;
  if (typeof body?.getReader !== 'function') {
    // An injected fetch may hand back a Response look-alike without a stream: it has buffered the body anyway, so
    // the size can only be checked afterwards.
    const buffer = await guard(response.arrayBuffer());
    if (limit !== undefined && buffer.byteLength > limit) return false;
    sink.write(new Uint8Array(buffer));
    return true;
  }

  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const step = await guard(reader.read());
      if (step.done) break;
      // An injected stream could yield strings; isView, unlike instanceof, also accepts bytes made in another realm.
      const value: unknown = step.value;
      if (!ArrayBuffer.isView(value)) throw new TypeError('the response body stream yielded a chunk that is not bytes');
      const chunk =
        value instanceof Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      total += chunk.byteLength;
      if (limit !== undefined && total > limit) {
        reader.cancel().catch(noop);
        return false;
      }
      sink.write(chunk);
    }
  } catch (error) {
    // Timed out, aborted or failed: let go of the stream too, for an injected fetch that would not stop on its signal.
    reader.cancel(error).catch(noop);
    throw error;
  }
  return true;
}

/**
 * A body's bytes in one piece. With a Content-Length, chunks after the first are copied into one buffer of that size
 * as they arrive and then dropped, so a large body is held about once rather than as chunks plus their
 * concatenation. (A body that turns out longer than declared falls back to the list.) Node only, as Buffer is: readBody
 * reads a mock's requests, and the mock runs on Node; the client reads answers through bodyTextDecoder.
 */
class ByteCollector implements ChunkSink {
  #chunks: Uint8Array[] = [];
  #total = 0;
  #whole: Buffer | undefined;

  constructor(private readonly declared: number | undefined) {}

  write(chunk: Uint8Array): void {
    const before = this.#total;
    this.#total += chunk.byteLength;
    const declared = this.declared;
    if (
      declared !== undefined &&
      this.#total <= declared &&
      (this.#whole !== undefined || (before > 0 && this.#chunks.length === 1))
    ) {
      if (this.#whole === undefined) {
        this.#whole = Buffer.allocUnsafe(declared);
        this.#whole.set(this.#chunks[0]!, 0);
        this.#chunks.length = 0;
      }
      this.#whole.set(chunk, before);
      return;
    }
    if (this.#whole !== undefined) {
      this.#chunks.push(this.#whole.subarray(0, before));
      this.#whole = undefined;
    }
    this.#chunks.push(chunk);
  }

  bytes(): Uint8Array {
    if (this.#whole !== undefined) return this.#whole.subarray(0, this.#total);
    if (this.#chunks.length === 1) return this.#chunks[0] as Uint8Array;
    return this.#chunks.length === 0 ? EMPTY : Buffer.concat(this.#chunks, this.#total);
  }
}

/**
 * The length of the body as read: its Content-Length, unless a Content-Encoding says that counts compressed bytes
 * (fetch decodes them, and the cap holds for what it decodes).
 */
function declaredLength(headers: Pick<Headers, 'get'>): number | undefined {
  const coding = headers.get('content-encoding');
  if (coding !== null && coding.trim() !== '' && coding.trim().toLowerCase() !== 'identity') return undefined;
  return contentLength(headers.get('content-length'));
}

/** A Content-Length header as a number, or undefined when absent or not a plain decimal count. */
export function contentLength(header: string | null | undefined): number | undefined {
  if (header == null) return undefined;
  const text = header.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * The headers a request goes out with, the same on every transport: the given ones, with the Content-Length of a
 * POST's UTF-8 body computed here in place of any given.
 * @param req - the request
 */
export function outgoingHeaders(req: Pick<HttpRequest, 'headers' | 'method' | 'body'>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name in req.headers) {
    if (name.toLowerCase() !== 'content-length') headers[name] = req.headers[name]!;
  }
  if (req.method !== 'GET') headers['Content-Length'] = String(utf8Length(req.body ?? ''));
  return headers;
}

/** The length of `text` in UTF-8: Node's native count, else TextEncoder's (browsers). */
function utf8Length(text: string): number {
  return NodeBuffer !== undefined ? NodeBuffer.byteLength(text, 'utf8') : ENCODER.encode(text).byteLength;
}

const ENCODER = new TextEncoder();

/**
 * Refuses a `timeoutMs` or `maxResponseBytes` that is not a positive number (an integer for the latter), before
 * anything is sent; every transport checks the same way.
 * @param req - the limits of a request
 */
export function checkLimits(req: Pick<HttpRequest, 'timeoutMs' | 'maxResponseBytes'>): void {
  const { timeoutMs, maxResponseBytes } = req;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0)) {
    throw new SvcRequestError('timeoutMs must be a positive number of milliseconds', { parameter: 'timeoutMs' });
  }
  if (maxResponseBytes !== undefined && !(Number.isInteger(maxResponseBytes) && maxResponseBytes > 0)) {
    throw new SvcRequestError('maxResponseBytes must be a positive integer number of bytes', {
      parameter: 'maxResponseBytes',
    });
  }
}

/**
 * The message of a {@link SvcTransportError}, the same from every transport: the method, the URL without its query
 * (an HTTP GET query carries the key) and the failure's system code, never its free-form message.
 * @param method - POST or GET
 * @param url - the request URL
 * @param error - what the transport threw
 */
export function failureMessage(method: string, url: string, error: unknown): string {
  const code = errorCode(error);
  return `${method} request to ${describeUrl(url)} failed${code !== undefined ? ` (${code})` : ''}`;
}

/**
 * The message of a {@link SvcTimeoutError} of one call, the same from every transport.
 * @param method - POST or GET
 * @param url - the request URL
 * @param timeoutMs - the limit
 */
export function timeoutMessage(method: string, url: string, timeoutMs: number): string {
  return `${method} request to ${describeUrl(url)} timed out after ${String(timeoutMs)} ms`;
}

/**
 * The URL without credentials, query or fragment (an HTTP GET query carries the key), for messages.
 * @param url - an absolute URL, or one relative to `base` (a redirect's Location)
 * @param base - the URL it is relative to
 */
export function describeUrl(url: string, base?: string): string {
  try {
    const u = new URL(url, base);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/**
 * A system error code (`ECONNREFUSED`, `UND_ERR_SOCKET`...) from the error or its causes. Only identifier-like codes
 * are used: free-form messages of an injected fetch could quote the request.
 */
function errorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let i = 0; i < 4 && e !== null && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    const errors = (e as { errors?: unknown }).errors;
    const next = (e as { cause?: unknown }).cause;
    e = next !== undefined ? next : Array.isArray(errors) ? errors[0] : undefined;
  }
  return undefined;
}
