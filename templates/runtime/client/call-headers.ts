/**
 * The `headers` of one call (CallOptions): checked and added to the headers the client made, before anything is sent.
 * A header the client sets to frame the call cannot be replaced (the service would read another request than the one
 * signed and encoded), and in a browser the names fetch silently drops (forbidden request headers) are refused rather
 * than lost.
 */
import { SvcRequestError } from '../errors.js';
import { isNode } from './transport-choice.js';

/** Headers that frame a request: the client and the transport set them, a caller's call cannot. */
const FRAMING: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'soapaction',
  'host',
  'transfer-encoding',
  'connection',
  'expect',
  'upgrade',
  'te',
  'trailer',
]);

/**
 * Request headers a browser's fetch drops or refuses (the Fetch standard's forbidden request-header names); the
 * `proxy-` and `sec-` prefixes too.
 */
const FORBIDDEN_IN_BROWSERS: ReadonlySet<string> = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'via',
]);

/** RFC 9110 token characters: what a header name is made of. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value without line breaks or NUL (obs-text allowed, as HTTP does). */
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * True in a browser (a page or a worker), whose fetch enforces the forbidden names; Deno, Bun and Node do not, and
 * their user agents do not start with `Mozilla/`.
 */
function isBrowser(): boolean {
  if (isNode()) return false;
  const agent = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
  return typeof agent === 'string' && agent.startsWith('Mozilla/');
}

/**
 * Adds a call's `headers` to `into` (the client's headers), refusing with SvcRequestError what cannot be sent as asked.
 * @param operation - the operation, for messages
 * @param extra - the call's headers
 * @param into - the headers the client made; a name already there (in any case) cannot be given again
 */
export function checkCallHeaders(operation: string, extra: unknown, into: Record<string, string>): void {
  if (extra === null || typeof extra !== 'object' || Array.isArray(extra)) {
    throw new SvcRequestError('headers must be an object of header names to string values', {
      operation,
      parameter: 'headers',
    });
  }
  const taken = new Set(Object.keys(into).map((n) => n.toLowerCase()));
  const browser = isBrowser();
  for (const [name, value] of Object.entries(extra)) {
    const lower = name.toLowerCase();
    const refuse = (why: string): never => {
      throw new SvcRequestError(`the header ${JSON.stringify(name)} ${why}`, { operation, parameter: 'headers' });
    };
    if (!TOKEN.test(name)) refuse('is not a valid header name');
    if (typeof value !== 'string') refuse('must have a string value');
    if (!VALUE.test(value as string)) refuse('has a line break or a character a header value cannot hold');
    if (FRAMING.has(lower)) refuse('frames the request and is set by the client');
    if (taken.has(lower))
      refuse(
        lower === 'authorization' ? "is set by the client's httpAuth option" : 'is set by the client (or given twice)',
      );
    if (browser && (FORBIDDEN_IN_BROWSERS.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-'))) {
      refuse("is one a browser's fetch does not let a page set");
    }
    taken.add(lower);
    into[name] = value as string;
  }
}
