/**
 * The client's hooks, `onRequest` and `onResponse`: they see each HTTP exchange (method, URL, headers, body, status,
 * timing), enough to log, count and trace calls (an OpenTelemetry span per call) without wrapping fetch.
 *
 * Two hooks that observe rather than one middleware chain that could change the request: the client signs, frames and
 * masks each request itself, and a middleware that rewrote a body after it was signed, or read it before it was
 * masked, would break the guarantees the client gives (a request is signed as sent; no secret leaves in a log). A
 * header the caller wants added goes through the per-call `headers` option, which is checked.
 *
 * What a hook sees is masked as errors are: every secret of the call (the API key, the computed key, passwords, secret
 * parameters, secrets the service returned) is `[redacted]` in the URL, the header values and the bodies, and the
 * credentials of Authorization, Proxy-Authorization and Cookie headers are masked whole. Bodies are masked when read
 * (getters), so a hook that does not read a large body does not pay for it.
 *
 * A hook that throws, or whose promise rejects, fails the call with {@link SvcHookError}, the hook's error as its
 * cause: an error in a logging hook is a bug to see, never to swallow. An async hook is awaited.
 */
import { textOf, type TextSource } from '../codec/text-source.js';
import { SvcHookError } from '../errors.js';
import type { Redactor } from '../redact.js';
import { REDACTED } from '../redact.js';
import { outgoingHeaders } from './transport.js';

/** What `onRequest` receives: a request as it is about to be sent. */
export interface RequestHookEvent {
  /** The operation's name on the wire. */
  readonly operation: string;
  readonly method: 'POST' | 'GET';
  /** The URL, with every secret masked (an HTTP GET query carries the key). */
  readonly url: string;
  /** The headers sent by the client (Content-Length included), credentials masked. */
  readonly headers: Readonly<Record<string, string>>;
  /** The request body ('' for a GET), secrets masked. */
  readonly body: string;
  /** When the request was handed to the transport, in milliseconds since the epoch (`Date.now()`). */
  readonly startTime: number;
}

/** What `onResponse` receives: the outcome of one exchange, an answer of any status or a failure. */
export interface ResponseHookEvent {
  /** The request, as `onRequest` saw it. */
  readonly request: RequestHookEvent;
  /** The HTTP status; undefined when no answer came (see {@link error}). */
  readonly status: number | undefined;
  /** The answer's Content-Type ('' when absent); undefined when no answer came. */
  readonly contentType: string | undefined;
  /** The answer's text, secrets masked; undefined when no answer came. */
  readonly body: string | undefined;
  /** Milliseconds from the request being handed to the transport to the whole answer read (or the failure). */
  readonly durationMs: number;
  /**
   * Why no answer came: the SvcTransportError, SvcTimeoutError, SvcResponseTooLargeError or the caller's abort reason
   * the call then rejects with; undefined when an answer came.
   */
  readonly error: unknown;
}

/** `onRequest`: called before each request is sent. */
export type RequestHook = (event: RequestHookEvent) => void | Promise<void>;
/** `onResponse`: called after each exchange, whatever its outcome. */
export type ResponseHook = (event: ResponseHookEvent) => void | Promise<void>;

/** Headers whose value is a credential, masked whole after the scheme word (`Basic [redacted]`). */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** A header value as hooks see it. */
function maskHeader(name: string, value: string, redactor: Redactor): string {
  if (CREDENTIAL_HEADERS.has(name.toLowerCase())) {
    const scheme = /^[A-Za-z][A-Za-z0-9-]* /.exec(value);
    return scheme && name.toLowerCase() !== 'cookie' ? `${scheme[0]}${REDACTED}` : REDACTED;
  }
  return redactor.text(value);
}

/**
 * The event `onRequest` sees for a request.
 * @param operation - the operation's wire name
 * @param method - POST or GET
 * @param url - the request URL
 * @param headers - the headers the core made
 * @param body - the body, undefined for a GET
 * @param redactor - the call's secrets
 */
export function requestEvent(
  operation: string,
  method: 'POST' | 'GET',
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  redactor: Redactor,
): RequestHookEvent {
  const sent = outgoingHeaders({ headers, method, ...(body !== undefined ? { body } : {}) });
  const masked: Record<string, string> = {};
  for (const name in sent) masked[name] = maskHeader(name, sent[name]!, redactor);
  let maskedBody: string | undefined;
  return {
    operation,
    method,
    url: redactor.text(url),
    headers: Object.freeze(masked),
    get body(): string {
      maskedBody ??= body === undefined ? '' : redactor.text(body);
      return maskedBody;
    },
    startTime: Date.now(),
  };
}

/**
 * The event `onResponse` sees.
 * @param request - what onRequest saw
 * @param started - `performance.now()` when the request was handed over
 * @param answer - the answer, or undefined
 * @param error - the failure, when there is no answer
 * @param redactor - the call's secrets
 */
export function responseEvent(
  request: RequestHookEvent,
  started: number,
  answer: { readonly status: number; readonly contentType: string; readonly body: string | TextSource } | undefined,
  error: unknown,
  redactor: Redactor,
): ResponseHookEvent {
  let maskedBody: string | undefined;
  return {
    request,
    status: answer?.status,
    contentType: answer?.contentType,
    get body(): string | undefined {
      if (answer === undefined) return undefined;
      maskedBody ??= redactor.text(textOf(answer.body));
      return maskedBody;
    },
    durationMs: performance.now() - started,
    error,
  };
}

/**
 * Runs a hook; what it throws (or rejects with) becomes {@link SvcHookError}. A hook returning no promise is not
 * awaited, so a synchronous hook adds no turn of the event loop.
 * @param which - the hook's option name
 * @param hook - the hook
 * @param event - what it sees
 * @param failure - for onResponse after a failed exchange: that failure, which the message names
 */
export async function runHook<E>(
  which: 'onRequest' | 'onResponse',
  hook: (event: E) => void | Promise<void>,
  event: E,
  failure?: unknown,
): Promise<void> {
  try {
    const returned: unknown = hook(event);
    if (
      returned !== null &&
      typeof returned === 'object' &&
      typeof (returned as { then?: unknown }).then === 'function'
    )
      await (returned as PromiseLike<unknown>);
  } catch (error) {
    throw new SvcHookError(which, error, failure);
  }
}
