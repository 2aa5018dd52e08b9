/**
 * HTTP authentication the client does by itself: Basic (RFC 7617), as IIS and reverse proxies (nginx `auth_basic`)
 * ask for it.
 *
 * The credentials go with every request, preemptively, rather than after a 401: the client never sends a request
 * twice (an operation that submits work must not be repeated), and IIS, nginx and Apache all accept Basic credentials
 * they did not ask for. Basic sends the password in a reversible form: use it over https.
 */
import { SvcRequestError } from '../errors.js';
import { checkNtlm, type NtlmAuth } from './ntlm.js';

export type { NtlmAuth } from './ntlm.js';

/** User name and password for HTTP Basic authentication. */
export interface BasicAuth {
  /** The user name; `:` is not allowed in it (RFC 7617 separates the two with the first colon). */
  readonly username: string;
  /** The password: masked in every error and in what the hooks see. */
  readonly password: string;
}

/**
 * The client's `httpAuth` option: how it authenticates at the HTTP level, one of:
 * - `basic`: HTTP Basic, `Authorization: Basic base64(username:password)` (UTF-8) with every request;
 * - `ntlm`: Windows authentication (NTLMv2, under the scheme NTLM or Negotiate, as IIS offers it), on connections the
 *   client authenticates once each (ntlm.ts); Node only, and needs the optional package @node-ntlm/core.
 */
export type HttpAuthOptions =
  | { readonly basic: BasicAuth; readonly ntlm?: never }
  | { readonly ntlm: NtlmAuth; readonly basic?: never };

/** What the core keeps of a checked `httpAuth`: the header to send (none for NTLM: the transport makes it) and the secrets to mask. */
export interface HttpAuthHeader {
  readonly authorization: string | undefined;
  /** The password, and the encoded credentials a server could echo back. */
  readonly secrets: readonly string[];
}

/**
 * Checks the `httpAuth` option once, in the constructor, and makes its Authorization header.
 * @param value - the option as the caller gave it
 */
export function httpAuthHeader(value: unknown): HttpAuthHeader {
  if (value === null || typeof value !== 'object')
    throw new SvcRequestError('httpAuth must be an object such as { basic: { username, password } }');
  const keys = Object.keys(value);
  const unknown = keys.find((k) => k !== 'basic' && k !== 'ntlm');
  if (unknown !== undefined)
    throw new SvcRequestError(`httpAuth.${unknown} is not a supported authentication (supported: basic, ntlm)`);
  if (keys.length !== 1) throw new SvcRequestError('httpAuth takes one authentication: basic or ntlm');
  if (keys[0] === 'ntlm')
    return { authorization: undefined, secrets: [checkNtlm((value as { ntlm: unknown }).ntlm).password] };
  const basic = (value as { basic?: unknown }).basic;
  if (basic === null || typeof basic !== 'object')
    throw new SvcRequestError('httpAuth.basic must be an object { username, password }');
  const { username, password } = basic as { username?: unknown; password?: unknown };
  if (typeof username !== 'string' || username === '')
    throw new SvcRequestError('httpAuth.basic.username must be a non-empty string');
  if (typeof password !== 'string') throw new SvcRequestError('httpAuth.basic.password must be a string');
  if (username.includes(':'))
    throw new SvcRequestError(
      'httpAuth.basic.username must not contain ":" (RFC 7617 ends the user name at the first colon)',
    );
  // Control characters are refused by RFC 7617 and would let a value end the header early on some servers.
  // oxlint-disable-next-line no-control-regex -- RFC 5234's CTL: matching it is the point
  if (/[\u0000-\u001f\u007f]/.test(username))
    throw new SvcRequestError('httpAuth.basic.username must not contain control characters');
  // oxlint-disable-next-line no-control-regex -- as above
  if (/[\u0000-\u001f\u007f]/.test(password))
    throw new SvcRequestError('httpAuth.basic.password must not contain control characters');
  // UTF-8 has no bytes for a lone surrogate: encoding would put U+FFFD in its place and send another password.
  if (!isWellFormed(username) || !isWellFormed(password))
    throw new SvcRequestError('httpAuth.basic credentials must not contain a lone surrogate');
  const token = base64Utf8(`${username}:${password}`);
  return { authorization: `Basic ${token}`, secrets: [password, token] };
}

/** True when `text` has no lone surrogate. */
export function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

/** Base64 of the UTF-8 bytes of `text` (RFC 7617's `charset="UTF-8"`), the same in Node and browsers. */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
