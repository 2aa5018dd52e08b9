/**
 * WS-Security UsernameToken (OASIS Web Services Security UsernameToken Profile 1.0 and 1.1) as a SOAP header: what
 * WCF's `basicHttpBinding` with `TransportWithMessageCredential` (and many Java stacks) expect in every request.
 *
 * The header is made anew for each request: a fresh 16-byte nonce and the current time, so that a server that keeps
 * nonces (replay detection) never sees one twice. It is marked mustUnderstand, as WCF sends and expects it, and carries
 * a wsu:Timestamp (Created, Expires five minutes later: WCF's default allowed clock skew) unless the option turns it
 * off. The crypto is WebCrypto's (`globalThis.crypto`), which Node 20 and browsers have; browsers give
 * `crypto.subtle` (the SHA-1 of PasswordDigest) only to secure (https) pages.
 */
import { SvcRequestError } from '../errors.js';
import { encodeString } from '../codec/values.js';
import { escapeXmlText } from '../codec/xml-writer.js';

/** The client's `wsSecurity` option. */
export interface WsSecurityOptions {
  readonly username: string;
  /** Masked in every error and in what the hooks see. */
  readonly password: string;
  /**
   * `'PasswordText'` (the default; the only one WCF accepts) sends the password itself, so use it over https only;
   * `'PasswordDigest'` sends Base64(SHA-1(nonce + created + password)).
   */
  readonly passwordType?: 'PasswordText' | 'PasswordDigest';
  /** Send a wsu:Timestamp (Created, and Expires five minutes later) beside the token; default true, as WCF requires. */
  readonly timestamp?: boolean;
}

export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';
const BASE64_BINARY = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary';

/** How long the wsu:Timestamp is valid: WCF's default MaxClockSkew, five minutes. */
const EXPIRES_MS = 5 * 60 * 1000;

/** The bytes of a nonce (the profile recommends at least 16). */
export const NONCE_BYTES = 16;

/** WebCrypto, as far as this module needs it. */
interface WebCrypto {
  getRandomValues(bytes: Uint8Array): Uint8Array;
  readonly subtle?: { digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> };
}

function webCrypto(): WebCrypto | undefined {
  const c = (globalThis as { crypto?: WebCrypto }).crypto;
  return typeof c?.getRandomValues === 'function' ? c : undefined;
}

/**
 * Checks the `wsSecurity` option once, in the constructor. Refused outside SOAP (the form styles have no header) and
 * where the platform lacks the crypto it needs, rather than failing at the first call.
 * @param value - the option as the caller gave it
 * @param soap - whether the client's style is a SOAP one
 */
export function checkWsSecurity(value: unknown, soap: boolean): WsSecurityOptions {
  if (value === null || typeof value !== 'object')
    throw new SvcRequestError('wsSecurity must be an object { username, password, passwordType? }');
  const { username, password, passwordType, timestamp } = value as Record<string, unknown>;
  if (!soap)
    throw new SvcRequestError(
      'wsSecurity is a SOAP header: it needs style soap11 or soap12 (HTTP POST and GET carry no header)',
    );
  if (typeof username !== 'string' || username === '')
    throw new SvcRequestError('wsSecurity.username must be a non-empty string');
  if (typeof password !== 'string') throw new SvcRequestError('wsSecurity.password must be a string');
  encodeString(username, 'wsSecurity.username');
  encodeString(password, 'wsSecurity.password');
  if (passwordType !== undefined && passwordType !== 'PasswordText' && passwordType !== 'PasswordDigest') {
    throw new SvcRequestError("wsSecurity.passwordType must be 'PasswordText' or 'PasswordDigest'");
  }
  if (timestamp !== undefined && typeof timestamp !== 'boolean')
    throw new SvcRequestError('wsSecurity.timestamp must be a boolean');
  const crypto = webCrypto();
  if (crypto === undefined)
    throw new SvcRequestError('wsSecurity needs crypto.getRandomValues (WebCrypto), which this platform lacks');
  if (passwordType === 'PasswordDigest' && typeof crypto.subtle?.digest !== 'function') {
    throw new SvcRequestError(
      "wsSecurity passwordType 'PasswordDigest' needs crypto.subtle (WebCrypto), which browsers give to secure (https) pages only",
    );
  }
  return {
    username,
    password,
    passwordType: passwordType ?? 'PasswordText',
    timestamp: timestamp ?? true,
  };
}

/**
 * The wsse:Security header block of one request, with a fresh nonce and the time now.
 * @param options - the checked option
 * @param nowMs - the time, in milliseconds since the epoch
 */
export function wsSecurityHeader(options: WsSecurityOptions, nowMs: number): Promise<string> {
  return usernameTokenHeader(options, webCrypto()!.getRandomValues(new Uint8Array(NONCE_BYTES)), nowMs);
}

/**
 * The wsse:Security header block for a given nonce and time (what {@link wsSecurityHeader} sends; tests compare it).
 * `soap:` is the envelope's prefix in every request the client writes.
 * @param options - the checked option
 * @param nonce - the nonce's bytes
 * @param nowMs - the time of wsu:Created, in milliseconds since the epoch
 */
export async function usernameTokenHeader(
  options: WsSecurityOptions,
  nonce: Uint8Array,
  nowMs: number,
): Promise<string> {
  const created = new Date(nowMs).toISOString();
  const nonceText = base64(nonce);
  const digest = options.passwordType === 'PasswordDigest';
  const password = digest ? await passwordDigest(nonce, created, options.password) : escapeXmlText(options.password);
  const timestamp =
    options.timestamp === false
      ? ''
      : `<wsu:Timestamp wsu:Id="TS-1"><wsu:Created>${created}</wsu:Created><wsu:Expires>${new Date(nowMs + EXPIRES_MS).toISOString()}</wsu:Expires></wsu:Timestamp>`;
  return (
    `<wsse:Security soap:mustUnderstand="1" xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}">${timestamp}` +
    `<wsse:UsernameToken wsu:Id="UsernameToken-1"><wsse:Username>${escapeXmlText(options.username)}</wsse:Username>` +
    `<wsse:Password Type="${PROFILE}#${digest ? 'PasswordDigest' : 'PasswordText'}">${password}</wsse:Password>` +
    `<wsse:Nonce EncodingType="${BASE64_BINARY}">${nonceText}</wsse:Nonce><wsu:Created>${created}</wsu:Created>` +
    '</wsse:UsernameToken></wsse:Security>'
  );
}

/**
 * The profile's PasswordDigest: Base64(SHA-1(nonce + created + password)), the nonce as its bytes (not its Base64
 * text), created and password as UTF-8.
 */
export async function passwordDigest(nonce: Uint8Array, created: string, password: string): Promise<string> {
  const encoder = new TextEncoder();
  const createdBytes = encoder.encode(created);
  const passwordBytes = encoder.encode(password);
  const input = new Uint8Array(nonce.length + createdBytes.length + passwordBytes.length);
  input.set(nonce, 0);
  input.set(createdBytes, nonce.length);
  input.set(passwordBytes, nonce.length + createdBytes.length);
  return base64(new Uint8Array(await webCrypto()!.subtle!.digest('SHA-1', input)));
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
