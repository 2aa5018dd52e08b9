/**
 * Errors thrown by the runtime of a generated client.
 *
 * Every message is built from values that are safe to log: no secret (a signing key, a computed signature, a secret
 * the service returned), request body or request header ever goes into a message, because callers routinely send
 * error messages to logs and trackers.
 */

/** Most characters of a response body kept on an {@link SvcHttpError}. */
export const BODY_EXCERPT_LENGTH = 500;

/** Base class of every error the runtime throws; `catch (e) { if (e instanceof SvcError) ... }` catches them all. */
// Each class sets `name` to a string literal rather than `new.target.name`, which minifiers rename.
export class SvcError extends Error {
  /**
   * @param message - a message that contains no secret
   * @param options - the standard ES2022 error options (`cause`)
   */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SvcError';
  }
}

/**
 * A 200 response whose result reports a failure through its error code.
 *
 * @typeParam R - the decoded result type, kept so callers can read every field of the failed result.
 */
export class SvcServiceError<R = unknown> extends SvcError {
  /** The operation name as the service spells it. */
  readonly operation: string;
  /** The error code as decoded: a string for string-enum codes, a number for integer codes. */
  readonly code: string | number;
  /** The name of an integer code when known, else undefined. */
  readonly codeName: string | undefined;
  /** The error message the service sent, if any. */
  readonly serviceMessage: string | undefined;
  /**
   * The whole decoded result. Not enumerable: it is the service's data and may hold secrets or an echo of the
   * request, so JSON.stringify and util.inspect of the error leave it out; read it as `error.result`.
   */
  declare readonly result: R;

  /**
   * @param operation - the operation name
   * @param code - the errorCode as decoded
   * @param serviceMessage - the errorMessage of the result, if present
   * @param result - the decoded result
   * @param codeName - a readable name for an integer code, when known
   */
  constructor(
    operation: string,
    code: string | number,
    serviceMessage: string | undefined,
    result: R,
    codeName?: string,
  ) {
    const named = codeName !== undefined && codeName !== String(code) ? ` (${codeName})` : '';
    // A service that sends its code's name as the message (`1006 (EncryptionKeyFailedValidation)`) is said once.
    const repeats = serviceMessage === String(code) || serviceMessage === codeName;
    const tail = serviceMessage !== undefined && serviceMessage !== '' && !repeats ? `: ${serviceMessage}` : '';
    super(`${operation} failed with errorCode ${String(code)}${named}${tail}`);
    this.name = 'SvcServiceError';
    this.operation = operation;
    this.code = code;
    this.codeName = codeName;
    this.serviceMessage = serviceMessage;
    Object.defineProperty(this, 'result', { value: result, enumerable: false, writable: false, configurable: true });
  }
}

/**
 * A typed fault detail: the name of a fault the operation declares (the spec's `faults`) and the record its detail
 * element held, decoded. Generated clients narrow it to each operation's own union (`<Op>Fault`).
 */
export interface TypedSoapFault {
  readonly name: string;
  readonly value: unknown;
}

/**
 * A SOAP fault answered by the service (SOAP 1.1 or 1.2).
 *
 * @typeParam F - the typed details the operation declares (`<Op>Fault` of a generated client)
 */
export class SvcSoapFault<F extends TypedSoapFault = TypedSoapFault> extends SvcError {
  /** The fault code exactly as sent, prefix included: `soap:Client`, `soap:Server`, `soap:Sender`, `soap:Receiver`. */
  readonly code: string;
  /** The SOAP 1.2 Subcode/Value as sent, if any (SOAP 1.1 has none). */
  readonly subcode: string | undefined;
  /** faultstring (1.1) or the first Reason/Text (1.2). */
  readonly reason: string;
  /** The detail: its text, or its inner XML when it holds elements; undefined when absent or blank. */
  readonly detail: string | undefined;
  /** The HTTP status the fault came with (ASMX uses 500). */
  readonly status: number;
  /**
   * The detail decoded, when it holds the element of a fault the operation declares: `{ name, value }`, the fault's
   * name and its record; else undefined (no typed fault declared or sent; `detail` has the text either way). A
   * detail that names a declared element but does not decode leaves it undefined, the decoding's SvcDecodeError as
   * `cause`. Not enumerable, as it is the service's data (JSON.stringify and util.inspect leave it out).
   */
  declare readonly fault: F | undefined;

  /**
   * @param code - fault code as sent
   * @param reason - fault string / reason text
   * @param detail - detail text or inner XML, or undefined
   * @param status - HTTP status of the response
   * @param subcode - SOAP 1.2 subcode value, if any
   */
  constructor(code: string, reason: string, detail: string | undefined, status: number, subcode?: string) {
    super(`SOAP fault ${code}${subcode !== undefined ? ` (${subcode})` : ''}: ${reason}`);
    this.name = 'SvcSoapFault';
    this.code = code;
    this.subcode = subcode;
    this.reason = reason;
    this.detail = detail;
    this.status = status;
    Object.defineProperty(this, 'fault', { value: undefined, enumerable: false, writable: true, configurable: true });
  }
}

/** Most characters of a text body's hint (its first line, or an HTML page's title) put into an SvcHttpError's message. */
export const HINT_LENGTH = 160;

/**
 * A response with an HTTP status or content that is neither a result nor a SOAP fault; a redirect is one too, never
 * followed (see `location`).
 */
export class SvcHttpError extends SvcError {
  /** The HTTP status. */
  readonly status: number;
  /** At most the first {@link BODY_EXCERPT_LENGTH} characters of the response body. */
  readonly bodyExcerpt: string;
  /** The response Content-Type, if known. */
  readonly contentType: string | undefined;
  /** The request's method (`POST`, or `GET` for the HTTP GET binding), when known. */
  readonly method: string | undefined;
  /** The URL the request went to, without its query string (which may carry a key), when known. */
  readonly url: string | undefined;
  /**
   * Where a redirect (a 3xx answer with a Location) pointed, which the client never follows: origin and path only,
   * resolved against the request URL; `''` when the platform hides it (a browser's opaque redirect, status 0);
   * undefined for any other answer.
   */
  readonly location: string | undefined;

  /**
   * @param status - HTTP status
   * @param body - the response body (only an excerpt is kept), with every secret already masked
   * @param contentType - the response Content-Type
   * @param request - the method and the URL (origin and path only) of the request
   * @param location - a redirect's target, origin and path only (`''` when hidden); absent for any other answer
   */
  constructor(
    status: number,
    body: string,
    contentType?: string,
    request?: { readonly method: string; readonly url: string },
    location?: string,
  ) {
    // The message says where the request went and the body's own hint (a text line, a page title), cut short: a 404
    // names the URL, so a baseUrl that doubles the service path shows itself. The caller masks secrets in the body
    // first (a server can echo the request, which carries the key).
    const hint = location !== undefined ? redirectHint(location) : bodyHint(body, contentType);
    super(
      `HTTP ${status}${contentType ? ` (${contentType})` : ''} from ${request ? `${request.method} ${request.url}` : 'the service'}${hint ? `: ${hint}` : ''}`,
    );
    this.name = 'SvcHttpError';
    this.status = status;
    this.bodyExcerpt = excerpt(body, BODY_EXCERPT_LENGTH);
    this.contentType = contentType;
    this.method = request?.method;
    this.url = request?.url;
    this.location = location;
  }
}

/** The hint of a redirect: where it pointed, and that it was not followed. */
function redirectHint(location: string): string {
  const where = location === '' ? 'a redirect whose target the platform hides' : `a redirect to ${location}`;
  return `${where}, not followed (following it would send the signed request on)`;
}

/**
 * What a person would read first in an error body: the first non-blank line of a text/plain body, or the title of an
 * HTML page, on one line, at most {@link HINT_LENGTH} characters; '' for any other body (XML is not a hint).
 */
export function bodyHint(body: string, contentType: string | undefined): string {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  let text: string;
  if (media === 'text/plain') text = body.split('\n').find((line) => line.trim() !== '') ?? '';
  else if (media === 'text/html') {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body.slice(0, 4 * BODY_EXCERPT_LENGTH))?.[1] ?? '';
    text = title
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  } else return '';
  // Control characters would let a body forge log lines.
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length <= HINT_LENGTH ? line : `${excerpt(line, HINT_LENGTH - 1)}…`;
}

/** The first `length` UTF-16 units of `text`, never ending in the first half of a surrogate pair. */
export function excerpt(text: string, length: number): string {
  if (text.length <= length) return text;
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/**
 * A response body larger than the client's `maxResponseBytes`: refused while it streams in (or at once, from its
 * Content-Length), so that a runaway or hostile response cannot exhaust memory.
 */
export class SvcResponseTooLargeError extends SvcError {
  /** The limit, in bytes. */
  readonly maxResponseBytes: number;
  /** The HTTP status the response came with. */
  readonly status: number;

  /**
   * @param maxResponseBytes - the limit in bytes
   * @param status - HTTP status of the refused response
   */
  constructor(maxResponseBytes: number, status: number) {
    super(
      `the response body (HTTP ${status}) is larger than maxResponseBytes (${maxResponseBytes} bytes); it was not read further`,
    );
    this.name = 'SvcResponseTooLargeError';
    this.maxResponseBytes = maxResponseBytes;
    this.status = status;
  }
}

/** A response body that is not the XML expected: not XML, wrong element, malformed value. */
export class SvcDecodeError extends SvcError {
  /** Slash-joined path of the element being decoded, from the result element down (`[2]` marks the second of repeated elements). */
  readonly path: string | undefined;
  /** What was wrong, without the path (the message is the reason plus ` (at path)`). */
  readonly reason: string;

  /**
   * @param message - what was wrong (must not quote secrets)
   * @param options - `path` of the offending element and the underlying `cause`
   */
  constructor(message: string, options?: { path?: string; cause?: unknown }) {
    const path = options?.path;
    super(
      path !== undefined && path !== '' ? `${message} (at ${path})` : message,
      options?.cause !== undefined ? { cause: options.cause } : undefined,
    );
    this.name = 'SvcDecodeError';
    this.path = path;
    this.reason = message;
  }
}

/** Bad input found before anything was sent. */
export class SvcRequestError extends SvcError {
  /** The operation being called, when known. */
  readonly operation: string | undefined;
  /** The parameter at fault, when known. */
  readonly parameter: string | undefined;

  /**
   * @param message - what was wrong (never the value of a secret)
   * @param options - the operation and parameter concerned
   */
  constructor(message: string, options?: { operation?: string | undefined; parameter?: string | undefined }) {
    super(options?.operation !== undefined ? `${options.operation}: ${message}` : message);
    this.name = 'SvcRequestError';
    this.operation = options?.operation;
    this.parameter = options?.parameter;
  }
}

/** A call (or a wait) that did not finish within its `timeoutMs`. */
export class SvcTimeoutError extends SvcError {
  /** The limit that was exceeded, in milliseconds. */
  readonly timeoutMs: number;

  /**
   * @param message - what timed out
   * @param timeoutMs - the limit in milliseconds
   */
  constructor(message: string, timeoutMs: number) {
    super(message);
    this.name = 'SvcTimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The network failed (connection refused, reset, DNS...); the original error is the `cause`. */
export class SvcTransportError extends SvcError {
  /**
   * @param message - what failed (no headers, no body)
   * @param cause - the error thrown by fetch
   */
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'SvcTransportError';
  }
}

/**
 * A hook of the client (`onRequest` or `onResponse`) threw or rejected; its error is the `cause`. From `onRequest`,
 * nothing was sent. From `onResponse`, the request was sent and its answer (or failure) is not returned: for an
 * operation that submits work, check before calling again.
 */
export class SvcHookError extends SvcError {
  /** The hook that failed. */
  readonly hook: 'onRequest' | 'onResponse';
  /** Whether the request had gone out when the hook failed (always, for onResponse). */
  readonly requestSent: boolean;

  /**
   * @param hook - the hook's option name
   * @param cause - what the hook threw
   * @param failure - for onResponse after a failed exchange: the error the call would have ended with
   */
  constructor(hook: 'onRequest' | 'onResponse', cause: unknown, failure?: unknown) {
    const sent = hook === 'onResponse';
    const after = failure instanceof Error ? ` after the call failed (${failure.name}: ${failure.message})` : '';
    super(
      `the ${hook} hook threw${after}: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}${sent ? ' (the request was sent)' : ' (nothing was sent)'}`,
      { cause },
    );
    this.name = 'SvcHookError';
    this.hook = hook;
    this.requestSent = sent;
  }
}
