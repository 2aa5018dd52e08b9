/**
 * HMAC-SHA256 signing: the per-request signature parameter, and query strings signed with a key the service returned
 * (a page of the service embedded elsewhere).
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { SvcRequestError } from './errors.js';
import { encodeForm } from './codec/xml-writer.js';

/**
 * Lower-case hex HMAC-SHA256 of `message`, keyed by `secret`, both taken as UTF-8.
 * @param secret - the key (the API key, or a key the service returned)
 * @param message - the text to sign
 */
export function hmacSha256Hex(secret: string | KeyObject, message: string): string {
  return createHmac('sha256', typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret).update(message, 'utf8').digest('hex');
}

/**
 * A signing key made once from a secret: a client signs every request with the same API key, and a KeyObject keeps
 * the bytes out of the JavaScript heap and spares a Buffer per request.
 * @param secret - the key, taken as UTF-8
 */
export function signingKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/**
 * Appends `hashkey`, the HMAC-SHA256 of the query string exactly as given keyed by `key`, as its last parameter.
 * @param query - an already URL-encoded query string, without `?`
 * @param key - the signing key; never placed in the result
 */
export function signQueryString(query: string, key: string): string {
  if (typeof query !== 'string') throw new SvcRequestError('the query to sign must be a string', { parameter: 'query' });
  if (typeof key !== 'string' || key === '') {
    throw new SvcRequestError('a non-empty signing key is required', { parameter: 'key' });
  }
  const hashkey = hmacSha256Hex(key, query);
  return query === '' ? `hashkey=${hashkey}` : `${query}&hashkey=${hashkey}`;
}

// ASP.NET looks query parameters up case-insensitively, so `Token` would shadow the `token` we add.
const RESERVED = new Set(['token', 'hashkey']);

/**
 * Builds a signed query string for an embedded page: the params form-encoded in insertion order, then `token`, then
 * `hashkey` (signed with the Key the service returned, which is never put in the query).
 *
 * A plain object lists integer-like keys (`"1"`, `"42"`) before the others whatever the insertion order, as
 * JavaScript defines it; pass an array of pairs, a Map or URLSearchParams when such keys must keep their place.
 * @param params - page parameters; must not contain `token` or `hashkey` in any letter case
 * @param token - the Key and Token returned by the service
 */
export function embeddedPageQuery(
  params: Record<string, string> | Iterable<readonly [string, string]>,
  token: { Key: string; Token: string },
): string {
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
      throw new SvcRequestError(`parameter "${name}" is reserved: token and hashkey are added by embeddedPageQuery`, {
        parameter: name,
      });
    }
    if (typeof value !== 'string') {
      throw new SvcRequestError(`parameter "${name}" must be a string, got ${typeof value}`, { parameter: name });
    }
    fields.push([name, value]);
  }
  fields.push(['token', token.Token]);
  return signQueryString(encodeForm(fields), token.Key);
}
