/**
 * HMAC-SHA256 signing: the per-request signature parameter, and query strings signed with a key the service returned
 * (a page of the service embedded elsewhere).
 */
import { SvcRequestError } from './errors.js';
import { encodeForm } from './codec/xml-writer.js';
import { nodeBuiltin } from './node-builtins.js';

/** node:crypto on Node, reached without an import statement (node-builtins.ts); undefined in a browser. */
const nodeCrypto = nodeBuiltin('node:crypto');

/**
 * Lower-case hex HMAC-SHA256 of `message`, keyed by `secret`, both taken as UTF-8. Synchronous, so it needs
 * node:crypto: off Node (WebCrypto is asynchronous) it throws {@link SvcRequestError}.
 * @param secret - the key (the API key, or a key the service returned)
 * @param message - the text to sign
 */
export function hmacSha256Hex(secret: string, message: string): string {
  if (nodeCrypto === undefined) {
    throw new SvcRequestError(
      'signing a query string needs node:crypto (Node.js): WebCrypto, which browsers have, signs only asynchronously',
    );
  }
  return nodeCrypto.createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** A function that signs messages with one key: at once on Node, asynchronously through WebCrypto elsewhere. */
export type HmacSigner = (message: string) => string | Promise<string>;

/** WebCrypto's HMAC, as far as signing needs it. */
interface SubtleHmac {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

/**
 * HMAC-SHA256 with one secret, for a client that signs every request with the same API key. On Node the key is a
 * KeyObject made once (the bytes stay out of the JavaScript heap, and no Buffer is made per request) and signing is
 * synchronous, so a call costs no extra promise. Elsewhere WebCrypto's `crypto.subtle` signs, which browsers give to
 * secure pages only (https, or a loopback address): without it this throws {@link SvcRequestError} at once, in the
 * client's constructor, rather than at the first call.
 * @param secret - the key, taken as UTF-8
 */
export function keyedHmac(secret: string): HmacSigner {
  if (nodeCrypto !== undefined) {
    const key = nodeCrypto.createSecretKey(secret, 'utf8');
    const { createHmac } = nodeCrypto;
    return (message) => createHmac('sha256', key).update(message, 'utf8').digest('hex');
  }
  const subtle = (globalThis as { crypto?: { subtle?: SubtleHmac } }).crypto?.subtle;
  if (typeof subtle?.importKey !== 'function' || typeof subtle.sign !== 'function') {
    throw new SvcRequestError(
      'signing requests needs crypto.subtle (WebCrypto), which browsers give to secure pages only (https, or a loopback address): serve the page over https, or pass a sign function of your own',
    );
  }
  const encoder = new TextEncoder();
  const key = subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  // A key WebCrypto refuses fails the first call that awaits it; this only keeps a client never called from reporting
  // an unhandled rejection.
  key.catch(() => undefined);
  return async (message) => hex(new Uint8Array(await subtle.sign('HMAC', await key, encoder.encode(message))));
}

/** Lower-case hex of `bytes`. */
function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += (byte < 16 ? '0' : '') + byte.toString(16);
  return out;
}

/**
 * Appends `hashkey`, the HMAC-SHA256 of the query string exactly as given keyed by `key`, as its last parameter.
 * Synchronous, so Node only: in a browser use {@link signQueryStringAsync}.
 * @param query - an already URL-encoded query string, without `?`
 * @param key - the signing key; never placed in the result
 */
export function signQueryString(query: string, key: string): string {
  checkQueryToSign(query, key);
  if (nodeCrypto === undefined) {
    throw new SvcRequestError(
      'signQueryString needs node:crypto (Node.js), as it answers at once: off Node, use signQueryStringAsync (WebCrypto)',
    );
  }
  return withHashkey(query, hmacSha256Hex(key, query));
}

/**
 * {@link signQueryString} on any platform: node:crypto on Node, WebCrypto's `crypto.subtle` elsewhere (browsers give
 * it to secure pages only: https, or a loopback address).
 * @param query - an already URL-encoded query string, without `?`
 * @param key - the signing key; never placed in the result
 */
export async function signQueryStringAsync(query: string, key: string): Promise<string> {
  checkQueryToSign(query, key);
  return withHashkey(query, await keyedHmac(key)(query));
}

function checkQueryToSign(query: unknown, key: unknown): void {
  if (typeof query !== 'string')
    throw new SvcRequestError('the query to sign must be a string', { parameter: 'query' });
  if (typeof key !== 'string' || key === '') {
    throw new SvcRequestError('a non-empty signing key is required', { parameter: 'key' });
  }
}

function withHashkey(query: string, hashkey: string): string {
  return query === '' ? `hashkey=${hashkey}` : `${query}&hashkey=${hashkey}`;
}

// ASP.NET looks query parameters up case-insensitively, so `Token` would shadow the `token` we add.
const RESERVED = new Set(['token', 'hashkey']);

/** The page parameters of an embedded page. */
export type EmbeddedPageParams = Record<string, string> | Iterable<readonly [string, string]>;

/**
 * Builds a signed query string for an embedded page: the params form-encoded in insertion order, then `token`, then
 * `hashkey` (signed with the Key the service returned, which is never put in the query). Synchronous, so Node only:
 * in a browser use {@link embeddedPageQueryAsync}.
 *
 * A plain object lists integer-like keys (`"1"`, `"42"`) before the others whatever the insertion order, as
 * JavaScript defines it; pass an array of pairs, a Map or URLSearchParams when such keys must keep their place.
 * @param params - page parameters; must not contain `token` or `hashkey` in any letter case
 * @param token - the Key and Token returned by the service
 */
export function embeddedPageQuery(params: EmbeddedPageParams, token: { Key: string; Token: string }): string {
  const query = embeddedPageFields(params, token, 'embeddedPageQuery');
  if (nodeCrypto === undefined) {
    throw new SvcRequestError(
      'embeddedPageQuery needs node:crypto (Node.js), as it answers at once: off Node, use embeddedPageQueryAsync (WebCrypto)',
    );
  }
  return signQueryString(query, token.Key);
}

/**
 * {@link embeddedPageQuery} on any platform: node:crypto on Node, WebCrypto's `crypto.subtle` elsewhere (browsers
 * give it to secure pages only: https, or a loopback address).
 * @param params - page parameters; must not contain `token` or `hashkey` in any letter case
 * @param token - the Key and Token returned by the service
 */
export async function embeddedPageQueryAsync(
  params: EmbeddedPageParams,
  token: { Key: string; Token: string },
): Promise<string> {
  return signQueryStringAsync(embeddedPageFields(params, token, 'embeddedPageQueryAsync'), token.Key);
}

/** The checked, form-encoded fields of an embedded page's query, `token` last; `hashkey` is still to be added. */
function embeddedPageFields(params: EmbeddedPageParams, token: { Key: string; Token: string }, caller: string): string {
  if (token === null || typeof token !== 'object') {
    throw new SvcRequestError('a { Key, Token } result of the service is required', { parameter: 'token' });
  }
  if (typeof token.Key !== 'string' || token.Key === '') {
    throw new SvcRequestError('the { Key, Token } result has no Key', { parameter: 'Key' });
  }
  if (typeof token.Token !== 'string' || token.Token === '') {
    throw new SvcRequestError('the { Key, Token } result has no Token', { parameter: 'Token' });
  }
  const fields: Array<readonly [string, string]> = [];
  const entries: Iterable<readonly [string, unknown]> =
    params !== null && typeof params === 'object' && Symbol.iterator in params
      ? (params as Iterable<readonly [string, string]>)
      : Object.entries(params ?? {});
  for (const [name, value] of entries) {
    if (RESERVED.has(name.toLowerCase())) {
      throw new SvcRequestError(`parameter "${name}" is reserved: token and hashkey are added by ${caller}`, {
        parameter: name,
      });
    }
    if (typeof value !== 'string') {
      throw new SvcRequestError(`parameter "${name}" must be a string, got ${typeof value}`, { parameter: name });
    }
    fields.push([name, value]);
  }
  fields.push(['token', token.Token]);
  return encodeForm(fields);
}
