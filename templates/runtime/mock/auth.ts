/**
 * The mock's check of a request's credentials, by the rule the client signs with: the principal must be known, the
 * signature must be the HMAC-SHA256 hex of principal + timestamp + EAT value under the principal's API key
 * (compared in constant time), the timestamp within a skew of the mock's clock, and the principal under its request
 * limit. Which result a failure is answered with is the generated code's business; this only says which failed.
 */
import { timingSafeEqual } from 'node:crypto';
import { eatDecimal, eatDouble } from '../client/request.js';
import { hmacSha256Hex } from '../signing.js';

/** Why credentials fail, in the order they are checked. */
export type AuthFailureKind = 'unknownPrincipal' | 'badSignature' | 'staleTimestamp' | 'requestLimit';

/** The credential texts of a request, as sent. */
export interface SentCredentials {
  readonly principal?: string | undefined;
  readonly timestamp?: string | undefined;
  readonly signature?: string | undefined;
}

export interface MockAuthOptions {
  /** The API key of each principal the mock knows (a map, or a lookup that returns undefined for an unknown one). */
  readonly keys: Readonly<Record<string, string>> | ((principal: string) => string | undefined);
  /** The mock's clock in Unix seconds; default the system clock. */
  readonly now?: (() => number) | undefined;
  /** How far a timestamp may be from the clock, either way, in seconds; default 300. */
  readonly skewSeconds?: number | undefined;
  /** At most `max` requests per principal in any `perSeconds` seconds; default no limit. */
  readonly requestLimit?: { readonly max: number; readonly perSeconds: number } | undefined;
}

const DEFAULT_SKEW_SECONDS = 300;

export class MockAuth {
  readonly #keyOf: (principal: string) => string | undefined;
  readonly #now: () => number;
  readonly #skew: number;
  readonly #limit: { readonly max: number; readonly perSeconds: number } | undefined;
  /** Times (seconds) of each principal's accepted requests within the limit's window, oldest first. */
  readonly #recent = new Map<string, number[]>();

  constructor(options: MockAuthOptions) {
    const keys = options.keys;
    this.#keyOf =
      typeof keys === 'function'
        ? keys
        : (principal) => (Object.prototype.hasOwnProperty.call(keys, principal) ? keys[principal] : undefined);
    this.#now = options.now ?? (() => Date.now() / 1000);
    this.#skew = options.skewSeconds ?? DEFAULT_SKEW_SECONDS;
    if (!(this.#skew >= 0)) throw new RangeError('skewSeconds must be a number of seconds, 0 or more');
    const limit = options.requestLimit;
    if (limit !== undefined && !(Number.isSafeInteger(limit.max) && limit.max > 0 && limit.perSeconds > 0)) {
      throw new RangeError('requestLimit needs a positive integer max and a positive perSeconds');
    }
    this.#limit = limit;
  }

  /**
   * Checks one request's credentials; returns why they fail, or undefined when they pass (the request then counts
   * towards the principal's limit).
   * @param sent - the credential texts as the request carried them
   * @param eatValue - the EAT value of the request, computed from its parameters as the client computes it
   */
  check(sent: SentCredentials, eatValue: string): AuthFailureKind | undefined {
    const principal = sent.principal ?? '';
    const key = this.#keyOf(principal);
    if (key === undefined || key === '') return 'unknownPrincipal';
    const timestamp = sent.timestamp ?? '';
    const expected = hmacSha256Hex(key, `${principal}${timestamp}${eatValue}`);
    if (!sameText(expected, sent.signature ?? '')) return 'badSignature';
    const now = this.#now();
    const stamp = Number(timestamp);
    if (timestamp.trim() === '' || !Number.isFinite(stamp) || Math.abs(stamp - now) > this.#skew)
      return 'staleTimestamp';
    return this.#count(principal, now) ? undefined : 'requestLimit';
  }

  /**
   * The API key of `principal`, undefined for one the mock does not know: a secret, which the mock masks wherever a
   * handler's text might quote it.
   * @param principal - the principal as sent
   */
  apiKeyOf(principal: string): string | undefined {
    const key = this.#keyOf(principal);
    return typeof key === 'string' && key !== '' ? key : undefined;
  }

  /** Forgets the requests counted towards every limit. */
  reset(): void {
    this.#recent.clear();
  }

  /** Counts a request of `principal` at `now`; false when that is over its limit (an over-limit one is not counted). */
  #count(principal: string, now: number): boolean {
    const limit = this.#limit;
    if (limit === undefined) return true;
    const times = this.#recent.get(principal) ?? [];
    while (times.length > 0 && times[0]! <= now - limit.perSeconds) times.shift();
    if (times.length >= limit.max) {
      this.#recent.set(principal, times);
      return false;
    }
    times.push(now);
    this.#recent.set(principal, times);
    return true;
  }
}

/** Compares two texts in time that depends only on their lengths, so a signature cannot be guessed byte by byte. */
function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  // Compared even when the lengths differ, against itself, so that a wrong length takes the same time.
  return timingSafeEqual(a, a.length === b.length ? b : a) && a.length === b.length;
}

/** How a parameter's decoded value becomes its EAT value, by the rule of its type (see the client's encoders). */
export type EatRule = 'text' | 'number' | 'double' | 'decimal' | 'dateTime' | 'base64';

/**
 * The EAT value of a decoded parameter, equal to what the client signed for the text it sent: a text as it is, a
 * number's digits, a double's or decimal's integer part, a dateTime's Unix seconds, bytes as base64; '' when absent.
 */
export function eatValueOf(rule: EatRule, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (rule) {
    case 'text':
    case 'number':
      return scalarText(value);
    case 'double':
      return typeof value === 'number' && Number.isFinite(value) ? eatDouble(value) : scalarText(value);
    case 'decimal':
      return eatDecimal(scalarText(value));
    case 'dateTime':
      return value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : scalarText(value);
    case 'base64':
      return value instanceof Uint8Array
        ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')
        : scalarText(value);
  }
}

/** The text of a simple decoded value; anything else is a defect of the codec that decoded it, not a value to sign. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  throw new TypeError(`an EAT parameter decodes to a simple value, not ${typeof value}`);
}
