/**
 * Scalar codecs between XML Schema lexical forms and JavaScript values.
 *
 * Decoders take the raw element text and the element path for the error message; they follow the XSD lexical spaces
 * (with whitespace collapse) rather than `Number()`/`Date.parse()`, which accept far more (`0x10`, `''`, `Infinity`,
 * local-time dates). Encoders validate what the caller passes before anything is sent and throw
 * {@link SvcRequestError}; their messages never contain the value of a string, which could be sensitive.
 */
import { SvcDecodeError, SvcRequestError } from './errors.js';
import { indexOfNonXmlChar, trimXmlSpace as collapse } from './xml-chars.js';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
/** Longest excerpt of a bad value quoted in a decode error. */
const QUOTE_LIMIT = 40;

// ---- decoding -----------------------------------------------------------------------------------------------------

function quote(text: string): string {
  return JSON.stringify(text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}...` : text);
}

function bad(type: string, text: string, path: string, why?: string): never {
  const what = collapse(text) === '' ? `empty ${type}` : `invalid ${type} ${quote(text)}`;
  throw new SvcDecodeError(why !== undefined ? `${what}: ${why}` : what, { path });
}

/** Code unit at `i`, or -1 past the end (reading past the end would deoptimise the optimised code). */
function codeAt(s: string, i: number): number {
  return i < s.length ? s.charCodeAt(i) : -1;
}

/** Index after the run of ASCII digits starting at `i`. */
function digitsEnd(s: string, i: number): number {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i++;
  }
  return i;
}

/**
 * Decodes an `xs:int`: optional sign, decimal digits, surrounding whitespace allowed, within 32-bit range.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeInt(text: string, path: string): number {
  const s = collapse(text);
  let i = 0;
  const c0 = codeAt(s, 0);
  const negative = c0 === 45;
  if (negative || c0 === 43) i = 1;
  if (i >= s.length) bad('xs:int', text, path);
  let v = 0;
  for (; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) bad('xs:int', text, path);
    v = v * 10 + d;
    if (v > 2147483648) bad('xs:int', text, path, 'outside the 32-bit range');
  }
  // `0 - v` rather than `-v` so that "-0" gives 0, not -0.
  const result = negative ? 0 - v : v;
  if (result > INT_MAX || result < INT_MIN) bad('xs:int', text, path, 'outside the 32-bit range');
  return result;
}

/**
 * Decodes an `xs:double`: decimal or exponent notation, `INF`, `+INF`, `-INF`, `NaN`. Empty text is an error.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeDouble(text: string, path: string): number {
  const s = collapse(text);
  switch (s) {
    case 'INF': case '+INF': return Infinity;
    case '-INF': return -Infinity;
    case 'NaN': return NaN;
    default: break;
  }
  let i = 0;
  const c0 = codeAt(s, 0);
  if (c0 === 43 || c0 === 45) i = 1;
  const intEnd = digitsEnd(s, i);
  let mantissaDigits = intEnd - i;
  i = intEnd;
  if (codeAt(s, i) === 46) {
    const fracEnd = digitsEnd(s, i + 1);
    mantissaDigits += fracEnd - i - 1;
    i = fracEnd;
  }
  if (mantissaDigits === 0) bad('xs:double', text, path);
  const e = codeAt(s, i);
  if (e === 69 || e === 101) {
    i++;
    const sign = codeAt(s, i);
    if (sign === 43 || sign === 45) i++;
    const expEnd = digitsEnd(s, i);
    if (expEnd === i) bad('xs:double', text, path);
    i = expEnd;
  }
  if (i !== s.length) bad('xs:double', text, path);
  // The grammar above is a subset of what Number() accepts, and Number() rounds to nearest as XSD requires.
  return Number(s);
}

/**
 * Decodes an `xs:long` to its canonical decimal string (`'+007'` gives `'7'`), exact beyond 2^53.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeLong(text: string, path: string): string {
  const s = collapse(text);
  let i = 0;
  const c0 = codeAt(s, 0);
  const negative = c0 === 45;
  if (negative || c0 === 43) i = 1;
  const end = digitsEnd(s, i);
  if (end === i || end !== s.length) bad('xs:long', text, path);
  while (i < end - 1 && s.charCodeAt(i) === 48) i++;
  const digits = s.slice(i);
  if (digits.length > 19) bad('xs:long', text, path, 'outside the 64-bit range');
  const value = BigInt(negative ? `-${digits}` : digits);
  if (value < LONG_MIN || value > LONG_MAX) bad('xs:long', text, path, 'outside the 64-bit range');
  return value.toString();
}

/**
 * Decodes an `xs:boolean`: `true`, `false`, `1` or `0`, surrounding whitespace allowed.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeBoolean(text: string, path: string): boolean {
  switch (collapse(text)) {
    case 'true': case '1': return true;
    case 'false': case '0': return false;
    default: return bad('xs:boolean', text, path);
  }
}

/**
 * Decodes an `xs:dateTime` as .NET sends it: `YYYY-MM-DDThh:mm:ss`, optional fraction (any number of digits,
 * truncated to milliseconds), optional `Z` or `±hh:mm` offset; no offset means UTC. `24:00:00` is the next midnight.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeDateTime(text: string, path: string): Date {
  const result = parseDateTime(collapse(text), true);
  if (typeof result === 'string') bad('xs:dateTime', text, path, result);
  return new Date(result);
}

const XSD_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;
// ISO 8601 profile accepted from callers: a date alone, or minutes without seconds, or an offset without colon.
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Epoch milliseconds of a date-time string, or a reason why it is not one. No offset means UTC. */
function parseDateTime(s: string, xsd: boolean): number | string {
  const m = (xsd ? XSD_DATE_TIME : ISO_DATE_TIME).exec(s);
  if (m === null) return xsd ? 'expected YYYY-MM-DDThh:mm:ss[.fffffff][Z|±hh:mm]' : 'not an ISO 8601 date-time';
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  let hour = Number(m[4] ?? '0');
  const minute = Number(m[5] ?? '0');
  const second = Number(m[6] ?? '0');
  const fraction = m[7] ?? '';
  const offset = m[8] ?? '';
  if (year < 1) return 'year 0000 does not exist';
  if (month < 1 || month > 12) return 'month out of range';
  if (day < 1 || day > daysInMonth(year, month)) return 'day out of range';
  const ms = fraction === '' ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  let nextDay = 0;
  if (hour === 24) {
    if (minute !== 0 || second !== 0 || /[1-9]/.test(fraction)) return 'hour 24 is only allowed as 24:00:00';
    hour = 0;
    nextDay = 1;
  }
  if (hour > 23 || minute > 59 || second > 59) return 'time out of range';
  let offsetMinutes = 0;
  if (offset !== '' && offset !== 'Z' && offset !== 'z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.length > 3 ? offset.slice(-2) : '0');
    if (om > 59 || oh > 14 || (oh === 14 && om > 0)) return 'offset out of range';
    offsetMinutes = (offset.charCodeAt(0) === 45 ? -1 : 1) * (oh * 60 + om);
  }
  // setUTCFullYear rather than Date.UTC, which maps years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day + nextDay);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime() - offsetMinutes * 60_000;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

// ---- encoding -----------------------------------------------------------------------------------------------------

function reject(name: string, message: string): never {
  throw new SvcRequestError(`${name} ${message}`, { parameter: name });
}

/**
 * Encodes a finite number as `xs:double` in its shortest round-trip form (what `String(value)` gives, which is a
 * valid xs:double lexical form, exponent included). `-0` goes out as `0`: a .NET service would print a parsed `-0`
 * back as "-0" when it rebuilds the signed message, while the client signs "0".
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeDouble(value: number, name: string): string {
  if (typeof value !== 'number') reject(name, `must be a number, got ${typeof value}`);
  if (!Number.isFinite(value)) reject(name, `must be a finite number, got ${String(value)}`);
  return String(value);
}

/**
 * Encodes a safe integer within the 32-bit range as `xs:int`.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeInt(value: number, name: string): string {
  if (typeof value !== 'number') reject(name, `must be a number, got ${typeof value}`);
  if (!Number.isInteger(value) || value < INT_MIN || value > INT_MAX) {
    reject(name, 'must be an integer between -2147483648 and 2147483647');
  }
  return String(value);
}

/**
 * Encodes an `xs:long` from a decimal string (optional minus), a bigint or a safe integer, as a canonical decimal
 * string. A number beyond 2^53 has already lost precision, so it is refused rather than sent wrong.
 * @param value - the value
 * @param name - parameter name for the error message
 */
export function encodeLong(value: string | bigint | number, name: string): string {
  let big: bigint;
  if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value)) reject(name, 'must be a decimal integer string (digits with an optional leading minus)');
    big = BigInt(value);
  } else if (typeof value === 'bigint') {
    big = value;
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value)) reject(name, 'must be an integer');
    if (!Number.isSafeInteger(value)) {
      reject(name, 'is a number beyond the safe integer range and may have lost precision: pass a string or bigint');
    }
    big = BigInt(value);
  } else {
    return reject(name, `must be a string, bigint or number, got ${typeof value}`);
  }
  if (big < LONG_MIN || big > LONG_MAX) reject(name, 'is outside the 64-bit (xs:long) range');
  return big.toString();
}

/**
 * Encodes a boolean as `true` or `false`.
 * @param value - the boolean
 * @param name - parameter name for the error message
 */
export function encodeBoolean(value: boolean, name: string): string {
  if (typeof value !== 'boolean') reject(name, `must be a boolean, got ${typeof value}`);
  return value ? 'true' : 'false';
}

/**
 * Encodes a valid Date, or an ISO 8601 string (`YYYY-MM-DD`, or with `Thh:mm[:ss[.fff]]` and an optional `Z`/`±hh:mm`
 * offset; no offset means UTC), as `xs:dateTime` in `toISOString()` form.
 * @param value - the date
 * @param name - parameter name for the error message
 */
export function encodeDateTime(value: Date | string, name: string): string {
  let ms: number;
  if (typeof value === 'string') {
    const parsed = parseDateTime(value, false);
    if (typeof parsed === 'string') reject(name, `is ${parsed === 'not an ISO 8601 date-time' ? 'not an ISO 8601 date-time string' : `an invalid date-time (${parsed})`}`);
    ms = parsed;
  } else if (Object.prototype.toString.call(value) === '[object Date]') {
    ms = value.getTime();
    if (Number.isNaN(ms)) reject(name, 'is an invalid Date');
  } else {
    return reject(name, `must be a Date or an ISO 8601 string, got ${typeof value}`);
  }
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  // toISOString writes other years as +YYYYYY, which xs:dateTime and .NET's DateTime do not accept.
  if (year < 1 || year > 9999) reject(name, 'is outside the years 0001-9999');
  return date.toISOString();
}

/**
 * Checks that a string holds only characters XML 1.0 can carry and returns it unchanged (escaping is the envelope's
 * job).
 * @param value - the string
 * @param name - parameter name for the error message
 */
export function encodeString(value: string, name: string): string {
  if (typeof value !== 'string') reject(name, `must be a string, got ${typeof value}`);
  const at = indexOfNonXmlChar(value);
  if (at >= 0) {
    const unit = value.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
    reject(name, `contains U+${unit} at index ${at}, which XML 1.0 cannot carry`);
  }
  return value;
}
