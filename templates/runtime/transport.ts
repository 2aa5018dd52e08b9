/**
 * One HTTP POST through an injected `fetch`, with a timeout that covers the body too, the caller's AbortSignal, and
 * failures mapped to runtime errors. Headers and bodies carry the request key, so no message here ever quotes them.
 */
import { SvcRequestError, SvcTimeoutError, SvcTransportError } from './errors.js';

/** What {@link sendRequest} needs. */
export interface HttpRequest {
  /** The fetch implementation (globalThis.fetch, a mock's, a test's). */
  fetch: typeof fetch;
  /** Absolute URL to POST to. */
  url: string;
  /** Request headers; Content-Length is computed here and replaces any given. */
  headers: Record<string, string>;
  /** The request body, sent as UTF-8. */
  body: string;
  /** Limit for the whole exchange, response body included; absent means none. */
  timeoutMs?: number;
  /** The caller's signal; aborting it rejects with its `reason`, unchanged. */
  signal?: AbortSignal;
}

/** What {@link sendRequest} returns: the status, Content-Type and text of the response, whatever the status. */
export interface HttpResponse {
  /** HTTP status code. */
  status: number;
  /** The Content-Type header, `''` when absent. */
  contentType: string;
  /** The response body decoded as UTF-8. */
  text: string;
}

/** setTimeout fires at once beyond this many milliseconds, so longer limits are treated as none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * POSTs `body` to `url` and reads the whole response.
 * Rejects with {@link SvcTimeoutError} when `timeoutMs` passes before the body is read, with the caller's
 * `signal.reason` when the caller aborts, and with {@link SvcTransportError} (cause attached) when fetch fails.
 * An HTTP error status is not an error here: the caller decides what a 500 means (SOAP faults arrive as 500).
 * @param req - the request
 */
export async function sendRequest(req: HttpRequest): Promise<HttpResponse> {
  const { signal, timeoutMs } = req;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0)) {
    throw new SvcRequestError('timeoutMs must be a positive number of milliseconds', { parameter: 'timeoutMs' });
  }
  if (signal?.aborted) throw signal.reason;

  const target = describeUrl(req.url);
  const controller = new AbortController();
  let outcome: 'timeout' | 'abort' | undefined;
  let rejectStopped: (reason: unknown) => void = () => {};
  // Raced against fetch and the body read, so a fetch that ignores its signal still cannot outlive the timeout.
  const stopped = new Promise<never>((_, reject) => {
    rejectStopped = reject;
  });
  stopped.catch(() => {});
  const stop = (kind: 'timeout' | 'abort', reason: unknown): void => {
    if (outcome !== undefined) return;
    outcome = kind;
    controller.abort(reason);
    rejectStopped(reason);
  };
  const timer = timeoutMs !== undefined && timeoutMs <= MAX_TIMER_MS
    ? setTimeout(() => stop('timeout', new DOMException('The request timed out', 'TimeoutError')), timeoutMs)
    : undefined;
  const onAbort = (): void => stop('abort', signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = value;
    }
    headers['Content-Length'] = String(Buffer.byteLength(req.body, 'utf8'));
    const pending = req.fetch(req.url, { method: 'POST', headers, body: req.body, signal: controller.signal });
    pending.catch(() => {});
    const response = await Promise.race([pending, stopped]);
    const reading = response.text();
    reading.catch(() => {});
    const text = await Promise.race([reading, stopped]);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  } catch (error) {
    if (outcome === 'abort') throw signal?.reason;
    if (outcome === 'timeout') {
      throw new SvcTimeoutError(`request to ${target} timed out after ${String(timeoutMs)} ms`, timeoutMs ?? 0);
    }
    const code = errorCode(error);
    throw new SvcTransportError(`request to ${target} failed${code !== undefined ? ` (${code})` : ''}`, error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** The URL without credentials, query or fragment, for messages. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
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
