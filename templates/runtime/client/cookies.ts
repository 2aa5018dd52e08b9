/**
 * The client's cookie jar (`cookieJar` option): what an ASMX service with `[WebMethod(EnableSession = true)]` needs,
 * whose session lives in the `ASP.NET_SessionId` cookie (and what a load balancer's affinity cookie needs).
 *
 * The client keeps no cookies of its own: it takes a jar, such as tough-cookie's `CookieJar`, the library that
 * implements RFC 6265's rules (domain and path matching, expiry, Secure, public suffixes), so that the client package
 * needs no dependency and nobody writes those rules twice. Before each request the jar's cookies for the URL go in
 * the Cookie header; after each answer, whatever its status, its Set-Cookie headers go to the jar. A cookie the jar
 * refuses (another domain's, a malformed one) is dropped, as a browser drops it: it is the server's mistake, and the
 * answer is still the call's.
 *
 * In a browser, the browser keeps cookies itself and fetch hides Set-Cookie: the option is refused there.
 */
import { SvcRequestError } from '../errors.js';

/** A cookie jar as the client uses it: tough-cookie's `CookieJar` is one. */
export interface CookieJar {
  /** The Cookie header's value for a request to `url` (empty when none). */
  getCookieString(url: string): Promise<string> | string;
  /** Stores one Set-Cookie header's value received from `url`; what it returns is awaited when it is a promise. */
  setCookie(setCookie: string, url: string): unknown;
}

/**
 * Checks the `cookieJar` option, in the constructor.
 * @param jar - the option as given
 */
export function checkCookieJar(jar: unknown): CookieJar {
  const candidate = jar as Partial<Record<keyof CookieJar, unknown>> | null;
  if (
    candidate === null ||
    typeof candidate !== 'object' ||
    typeof candidate.getCookieString !== 'function' ||
    typeof candidate.setCookie !== 'function'
  ) {
    throw new SvcRequestError(
      "cookieJar must be a cookie jar with getCookieString(url) and setCookie(cookie, url), such as tough-cookie's new CookieJar()",
    );
  }
  if (typeof (globalThis as { document?: unknown }).document !== 'undefined') {
    throw new SvcRequestError(
      "cookieJar cannot be used in a browser: the browser keeps cookies itself and hides Set-Cookie from fetch (use credentials in the service's CORS setup instead)",
    );
  }
  return jar as CookieJar;
}

/** The Cookie header for `url`, or undefined when the jar has none for it. */
export async function cookieHeader(jar: CookieJar, url: string): Promise<string | undefined> {
  const value = await jar.getCookieString(url);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Stores the Set-Cookie values an answer from `url` carried; the ones the jar refuses are dropped. */
export async function storeCookies(
  jar: CookieJar,
  url: string,
  setCookies: readonly string[] | undefined,
): Promise<void> {
  if (setCookies === undefined) return;
  for (const value of setCookies) {
    try {
      await jar.setCookie(value, url);
    } catch {
      // Refused by the jar's rules (another domain, a public suffix, a malformed header): dropped, as browsers do.
    }
  }
}
