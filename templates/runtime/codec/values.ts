/**
 * Scalar codecs between XML Schema lexical forms and JavaScript values.
 *
 * Decoders take the raw element text and the element path for the error message; they follow the XSD lexical spaces
 * (with whitespace collapse) rather than `Number()`/`Date.parse()`, which accept far more (`0x10`, `''`, `Infinity`,
 * local-time dates). Encoders validate what the caller passes before anything is sent and throw
 * {@link SvcRequestError}; their messages never contain the value of a string, which could be sensitive.
 */
import { SvcDecodeError, SvcRequestError } from '../errors.js';
import { indexOfNonXmlChar, trimXmlSpace as collapse } from './xml-chars.js';
import { NodeBuffer } from '../node-builtins.js';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const ULONG_MAX = 2n ** 64n - 1n;
/**
 * Largest magnitude an `xs:float` can be given: below 2^128 - 2^103, a double rounds to a finite float (the largest,
 * 2^128 - 2^104, at most). So `3.4028235E+38`, which is how .NET writes float.MaxValue, can be sent back as read.
 */
const FLOAT_LIMIT = 2 ** 128 - 2 ** 103;
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
 * Decodes an integer within `min..max` (safe integers): optional sign, decimal digits. A minus sign with a minimum of
 * 0 is only allowed on zero (`-0`), as the XSD unsigned types require: any other negative value is out of range.
 */
function decodeIntIn(type: string, text: string, path: string, min: number, max: number, range: string): number {
  const s = collapse(text);
  let i = 0;
  const c0 = codeAt(s, 0);
  const negative = c0 === 45;
  if (negative || c0 === 43) i = 1;
  if (i >= s.length) bad(type, text, path);
  const limit = negative ? -min : max;
  let v = 0;
  for (; i < s.length; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) bad(type, text, path);
    v = v * 10 + d;
    if (v > limit) bad(type, text, path, range);
  }
  // `0 - v` rather than `-v` so that "-0" gives 0, not -0.
  return negative ? 0 - v : v;
}

/**
 * Decodes an `xs:int`: optional sign, decimal digits, surrounding whitespace allowed, within 32-bit range.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeInt(text: string, path: string): number {
  return decodeIntIn('xs:int', text, path, INT_MIN, INT_MAX, 'outside the 32-bit range');
}

/**
 * Decodes an `xs:short`: like {@link decodeInt}, within -32768..32767.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeShort(text: string, path: string): number {
  return decodeIntIn('xs:short', text, path, -32768, 32767, 'outside the range -32768..32767');
}

/**
 * Decodes an `xs:byte`, which is signed: like {@link decodeInt}, within -128..127.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeByte(text: string, path: string): number {
  return decodeIntIn('xs:byte', text, path, -128, 127, 'outside the range -128..127');
}

/**
 * Decodes an `xs:unsignedByte`: optional `+` (or `-` on zero), decimal digits, within 0..255.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeUnsignedByte(text: string, path: string): number {
  return decodeIntIn('xs:unsignedByte', text, path, 0, 255, 'outside the range 0..255');
}

/**
 * Decodes an `xs:unsignedShort`: optional `+` (or `-` on zero), decimal digits, within 0..65535.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeUnsignedShort(text: string, path: string): number {
  return decodeIntIn('xs:unsignedShort', text, path, 0, 65535, 'outside the range 0..65535');
}

/**
 * Decodes an `xs:unsignedInt`: optional `+` (or `-` on zero), decimal digits, within 0..4294967295.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeUnsignedInt(text: string, path: string): number {
  return decodeIntIn('xs:unsignedInt', text, path, 0, 4294967295, 'outside the range 0..4294967295');
}

/**
 * Decodes a .NET `char`, which travels as an `xs:int` holding one UTF-16 code unit (0..65535), to a string of that
 * one code unit.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeChar(text: string, path: string): string {
  return String.fromCharCode(decodeIntIn('char', text, path, 0, 65535, 'outside the UTF-16 code unit range 0..65535'));
}

/**
 * Decodes an `xs:double`: decimal or exponent notation, `INF`, `+INF`, `-INF`, `NaN`. Empty text is an error.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeDouble(text: string, path: string): number {
  return decodeFloating('xs:double', text, path);
}

/**
 * Decodes an `xs:float` by the same lexical rules as {@link decodeDouble}. The result is the nearest double to the
 * text, not rounded to single precision: .NET writes a float in its shortest round-trip form, so `0.1` stays `0.1`.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeFloat(text: string, path: string): number {
  return decodeFloating('xs:float', text, path);
}

function decodeFloating(type: string, text: string, path: string): number {
  const s = collapse(text);
  switch (s) {
    case 'INF':
    case '+INF':
      return Infinity;
    case '-INF':
      return -Infinity;
    case 'NaN':
      return NaN;
    default:
      break;
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
  if (mantissaDigits === 0) bad(type, text, path);
  const e = codeAt(s, i);
  if (e === 69 || e === 101) {
    i++;
    const sign = codeAt(s, i);
    if (sign === 43 || sign === 45) i++;
    const expEnd = digitsEnd(s, i);
    if (expEnd === i) bad(type, text, path);
    i = expEnd;
  }
  if (i !== s.length) bad(type, text, path);
  // The grammar above is a subset of what Number() accepts, and Number() rounds to nearest as XSD requires.
  return Number(s);
}

/** Decodes an integer within `min..max` to its canonical decimal string, exactly; `-` on zero is always allowed. */
function decodeBigIn(type: string, text: string, path: string, min: bigint, max: bigint, range: string): string {
  const s = collapse(text);
  let i = 0;
  const c0 = codeAt(s, 0);
  const negative = c0 === 45;
  if (negative || c0 === 43) i = 1;
  const end = digitsEnd(s, i);
  if (end === i || end !== s.length) bad(type, text, path);
  while (i < end - 1 && s.charCodeAt(i) === 48) i++;
  const digits = s.slice(i);
  // Both 64-bit ranges fit in 20 digits; the check spares BigInt() a huge string.
  if (digits.length > 20) bad(type, text, path, range);
  const value = BigInt(negative ? `-${digits}` : digits);
  if (value < min || value > max) bad(type, text, path, range);
  return value.toString();
}

/**
 * Decodes an `xs:long` to its canonical decimal string (`'+007'` gives `'7'`), exact beyond 2^53.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeLong(text: string, path: string): string {
  return decodeBigIn('xs:long', text, path, LONG_MIN, LONG_MAX, 'outside the 64-bit range');
}

/**
 * Decodes an `xs:unsignedLong` to its canonical decimal string, exact: optional `+` (or `-` on zero), within
 * 0..18446744073709551615.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeUnsignedLong(text: string, path: string): string {
  return decodeBigIn('xs:unsignedLong', text, path, 0n, ULONG_MAX, 'outside the range 0..18446744073709551615');
}

const XSD_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Decodes an `xs:decimal` (optional sign, digits with an optional point, at least one digit, no exponent) to the
 * text as sent, after whitespace collapse: exact, with its zeros and sign kept.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeDecimal(text: string, path: string): string {
  const s = collapse(text);
  if (!XSD_DECIMAL.test(s)) bad('xs:decimal', text, path);
  return s;
}

/**
 * Decodes an `xs:boolean`: `true`, `false`, `1` or `0`, surrounding whitespace allowed.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeBoolean(text: string, path: string): boolean {
  switch (collapse(text)) {
    case 'true':
    case '1':
      return true;
    case 'false':
    case '0':
      return false;
    default:
      return bad('xs:boolean', text, path);
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
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

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
  const why = dateError(year, month, day) ?? timeError(hour, minute, second, fraction);
  if (why !== undefined) return why;
  const ms = fraction === '' ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  let nextDay = 0;
  if (hour === 24) {
    hour = 0;
    nextDay = 1;
  }
  const offsetMinutes = offsetToMinutes(offset);
  if (offsetMinutes === undefined) return 'offset out of range';
  // setUTCFullYear rather than Date.UTC, which maps years 0-99 to 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day + nextDay);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime() - offsetMinutes * 60_000;
}

/** Why a year-month-day is not a date (years 0001 onwards, as .NET's DateTime), or undefined. */
function dateError(year: number, month: number, day: number): string | undefined {
  if (year < 1) return 'year 0000 does not exist';
  if (month < 1 || month > 12) return 'month out of range';
  if (day < 1 || day > daysInMonth(year, month)) return 'day out of range';
  return undefined;
}

/** Why an hour-minute-second with its fraction digits is not a time of day (`24:00:00` is one), or undefined. */
function timeError(hour: number, minute: number, second: number, fraction: string): string | undefined {
  if (hour === 24) {
    return minute !== 0 || second !== 0 || /[1-9]/.test(fraction) ? 'hour 24 is only allowed as 24:00:00' : undefined;
  }
  return hour > 23 || minute > 59 || second > 59 ? 'time out of range' : undefined;
}

/** Minutes east of UTC of an offset (`''`, `Z`, `±hh`, `±hhmm` or `±hh:mm`), or undefined beyond ±14:00. */
function offsetToMinutes(offset: string): number | undefined {
  if (offset === '' || offset === 'Z' || offset === 'z') return 0;
  const oh = Number(offset.slice(1, 3));
  const om = Number(offset.length > 3 ? offset.slice(-2) : '0');
  if (om > 59 || oh > 14 || (oh === 14 && om > 0)) return undefined;
  return (offset.charCodeAt(0) === 45 ? -1 : 1) * (oh * 60 + om);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const XSD_DATE = /^(\d{4})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/;
const XSD_TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;
// At least one component (the look-aheads), `T` only before a time component, seconds with an optional fraction.
const XSD_DURATION = /^-?P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;

/** Why a string is not an `xs:date` (`YYYY-MM-DD`, optional `Z` or `±hh:mm`), or undefined. */
function dateProblem(s: string): string | undefined {
  const m = XSD_DATE.exec(s);
  if (m === null) return 'expected YYYY-MM-DD[Z|±hh:mm]';
  return (
    dateError(Number(m[1]), Number(m[2]), Number(m[3])) ??
    (offsetToMinutes(m[4] ?? '') === undefined ? 'offset out of range' : undefined)
  );
}

/** Why a string is not an `xs:time` (`hh:mm:ss`, optional fraction, optional `Z` or `±hh:mm`), or undefined. */
function timeProblem(s: string): string | undefined {
  const m = XSD_TIME.exec(s);
  if (m === null) return 'expected hh:mm:ss[.fffffff][Z|±hh:mm]';
  return (
    timeError(Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? '') ??
    (offsetToMinutes(m[5] ?? '') === undefined ? 'offset out of range' : undefined)
  );
}

/**
 * Decodes an `xs:date` (`YYYY-MM-DD`, optional `Z` or `±hh:mm` offset) to the text as sent after whitespace collapse,
 * once the month, the day (leap years included) and the offset are checked.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeDate(text: string, path: string): string {
  const s = collapse(text);
  const why = dateProblem(s);
  if (why !== undefined) bad('xs:date', text, path, why);
  return s;
}

/**
 * Decodes an `xs:time` (`hh:mm:ss`, optional fraction, optional `Z` or `±hh:mm` offset; `24:00:00` allowed) to the
 * text as sent after whitespace collapse, once the ranges are checked.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeTime(text: string, path: string): string {
  const s = collapse(text);
  const why = timeProblem(s);
  if (why !== undefined) bad('xs:time', text, path, why);
  return s;
}

/**
 * Decodes an `xs:duration` (`-P1Y2M3DT4H5M6.7S`: optional minus, at least one component, `T` only before a time
 * component) to the text as sent after whitespace collapse.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeDuration(text: string, path: string): string {
  const s = collapse(text);
  if (!XSD_DURATION.test(s)) bad('xs:duration', text, path, 'expected [-]PnYnMnDTnHnMn.nS with at least one component');
  return s;
}

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * Decodes a .NET `Guid` (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hexadecimal digits of either case) to the text as
 * sent after whitespace collapse.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeGuid(text: string, path: string): string {
  const s = collapse(text);
  if (!GUID.test(s)) bad('guid', text, path);
  return s;
}

const XML_SPACE_RUNS = /[ \t\n\r]+/g;
// Canonical padding: the bits a padded last group leaves over must be zero, so every text has exactly one meaning.
const XSD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

/**
 * Decodes an `xs:base64Binary` strictly: whitespace anywhere is dropped, then only the base64 alphabet in groups of
 * four, with `=` padding (at most two) only at the end. Empty text is an empty array.
 * @param text - element text
 * @param path - element path for the error message
 */
export function decodeBase64(text: string, path: string): Uint8Array {
  const s = text.replace(XML_SPACE_RUNS, '');
  if (!XSD_BASE64.test(s)) {
    const why =
      s.length % 4 !== 0
        ? 'length without whitespace is not a multiple of 4'
        : 'expected the base64 alphabet with canonical = padding at the end';
    bad('xs:base64Binary', text, path, why);
  }
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  // An array of its own rather than a view of Buffer.from's result, which may sit in Node's shared pool: the
  // caller's `.buffer` would expose other allocations.
  const bytes = new Uint8Array((s.length / 4) * 3 - padding);
  if (NodeBuffer !== undefined) NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(s, 'base64');
  else {
    // Off Node (a browser): atob, the text already checked to be canonical base64.
    const binary = atob(s);
    for (let i = 0; i < bytes.length; i++) bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
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
 * Encodes a finite number as `xs:float` like {@link encodeDouble}, refusing a magnitude beyond the float range, which
 * .NET would read as infinity or refuse.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeFloat(value: number, name: string): string {
  if (typeof value !== 'number') reject(name, `must be a number, got ${typeof value}`);
  if (!Number.isFinite(value)) reject(name, `must be a finite number, got ${String(value)}`);
  if (Math.abs(value) >= FLOAT_LIMIT)
    reject(name, 'is outside the xs:float range (magnitude below 3.4028235e38 as a float)');
  return String(value);
}

function encodeIntIn(value: number, name: string, min: number, max: number): string {
  if (typeof value !== 'number') reject(name, `must be a number, got ${typeof value}`);
  if (!Number.isInteger(value) || value < min || value > max) {
    reject(name, `must be an integer between ${min} and ${max}`);
  }
  // String(-0) is "0".
  return String(value);
}

/**
 * Encodes a safe integer within the 32-bit range as `xs:int`.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeInt(value: number, name: string): string {
  return encodeIntIn(value, name, INT_MIN, INT_MAX);
}

/**
 * Encodes an integer within -32768..32767 as `xs:short`.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeShort(value: number, name: string): string {
  return encodeIntIn(value, name, -32768, 32767);
}

/**
 * Encodes an integer within -128..127 as `xs:byte` (signed).
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeByte(value: number, name: string): string {
  return encodeIntIn(value, name, -128, 127);
}

/**
 * Encodes an integer within 0..255 as `xs:unsignedByte`.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeUnsignedByte(value: number, name: string): string {
  return encodeIntIn(value, name, 0, 255);
}

/**
 * Encodes an integer within 0..65535 as `xs:unsignedShort`.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeUnsignedShort(value: number, name: string): string {
  return encodeIntIn(value, name, 0, 65535);
}

/**
 * Encodes an integer within 0..4294967295 as `xs:unsignedInt`.
 * @param value - the number
 * @param name - parameter name for the error message
 */
export function encodeUnsignedInt(value: number, name: string): string {
  return encodeIntIn(value, name, 0, 4294967295);
}

/**
 * Encodes a .NET `char`, a string of exactly one UTF-16 code unit, as the `xs:int` of its code.
 * @param value - the one-unit string
 * @param name - parameter name for the error message
 */
export function encodeChar(value: string, name: string): string {
  if (typeof value !== 'string') reject(name, `must be a string, got ${typeof value}`);
  if (value.length !== 1) reject(name, `must be exactly one UTF-16 code unit, got a string of length ${value.length}`);
  return String(value.charCodeAt(0));
}

/**
 * Encodes an `xs:long` from a decimal string (optional minus), a bigint or a safe integer, as a canonical decimal
 * string. A number beyond 2^53 has already lost precision, so it is refused rather than sent wrong.
 * @param value - the value
 * @param name - parameter name for the error message
 */
export function encodeLong(value: string | bigint | number, name: string): string {
  return encodeBigIn(value, name, LONG_MIN, LONG_MAX, 'is outside the 64-bit (xs:long) range');
}

/**
 * Encodes an `xs:unsignedLong` from a decimal string, a bigint or a safe integer, as a canonical decimal string, like
 * {@link encodeLong}.
 * @param value - the value
 * @param name - parameter name for the error message
 */
export function encodeUnsignedLong(value: string | bigint | number, name: string): string {
  return encodeBigIn(value, name, 0n, ULONG_MAX, 'is outside the xs:unsignedLong range 0..18446744073709551615');
}

function encodeBigIn(value: string | bigint | number, name: string, min: bigint, max: bigint, range: string): string {
  let big: bigint;
  if (typeof value === 'string') {
    if (!/^-?\d+$/.test(value))
      reject(name, 'must be a decimal integer string (digits with an optional leading minus)');
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
  if (big < min || big > max) reject(name, range);
  return big.toString();
}

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * Encodes an `xs:decimal` from a decimal string (optional sign, digits with an optional point, no exponent; sent as
 * is but for a leading `+`), a bigint, or a finite number written without exponent as the shortest decimal that reads
 * back to the same double (`1e-7` gives `0.0000001`; `-0` gives `0`).
 * @param value - the value
 * @param name - parameter name for the error message
 */
export function encodeDecimal(value: string | bigint | number, name: string): string {
  if (typeof value === 'string') {
    if (!XSD_DECIMAL.test(value)) {
      reject(name, 'must be a decimal string (optional sign, digits with an optional point, no exponent)');
    }
    return value.charCodeAt(0) === 43 ? value.slice(1) : value;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'number') return reject(name, `must be a string, bigint or number, got ${typeof value}`);
  if (!Number.isFinite(value)) reject(name, `must be a finite number, got ${String(value)}`);
  // String() gives the shortest round-trip digits, with an exponent from 1e21 and below 1e-6: move the point instead
  // (toFixed would round to its digit count).
  const text = String(value);
  const m = NUMBER_TEXT.exec(text);
  if (m === null || m[4] === undefined) return text;
  const sign = m[1] ?? '';
  const digits = (m[2] ?? '') + (m[3] ?? '');
  const point = (m[2] ?? '').length + Number(m[4]);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
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
    if (typeof parsed === 'string')
      reject(
        name,
        `is ${parsed === 'not an ISO 8601 date-time' ? 'not an ISO 8601 date-time string' : `an invalid date-time (${parsed})`}`,
      );
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

/**
 * Encodes a Uint8Array (a Buffer is one) as `xs:base64Binary`: standard alphabet, with padding.
 * @param value - the bytes
 * @param name - parameter name for the error message
 */
export function encodeBase64(value: Uint8Array, name: string): string {
  if (!ArrayBuffer.isView(value) || Object.prototype.toString.call(value) !== '[object Uint8Array]') {
    reject(name, `must be a Uint8Array, got ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  if (NodeBuffer !== undefined)
    return NodeBuffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  // Off Node (a browser): btoa of the bytes as characters, in runs short enough for one call's arguments.
  const parts: string[] = [];
  for (let at = 0; at < value.byteLength; at += 8190) {
    parts.push(String.fromCharCode.apply(null, value.subarray(at, at + 8190) as unknown as number[]));
  }
  return btoa(parts.join(''));
}

/**
 * Checks that a string is a .NET `Guid` (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hexadecimal digits of either case,
 * no braces) and returns it unchanged.
 * @param value - the GUID string
 * @param name - parameter name for the error message
 */
export function encodeGuid(value: string, name: string): string {
  if (typeof value !== 'string') reject(name, `must be a string, got ${typeof value}`);
  if (!GUID.test(value))
    reject(name, 'must be a GUID of the form xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (hexadecimal digits)');
  return value;
}

/**
 * Checks that a string is an `xs:date` (`YYYY-MM-DD`, optional `Z` or `±hh:mm`; a valid day, offset within ±14:00)
 * and returns it unchanged.
 * @param value - the date string
 * @param name - parameter name for the error message
 */
export function encodeDate(value: string, name: string): string {
  if (typeof value !== 'string') reject(name, `must be a string, got ${typeof value}`);
  const why = dateProblem(value);
  if (why !== undefined) reject(name, `is not a valid xs:date (${why})`);
  return value;
}

/**
 * Checks that a string is an `xs:time` (`hh:mm:ss`, optional fraction, optional `Z` or `±hh:mm`; `24:00:00` allowed)
 * and returns it unchanged.
 * @param value - the time string
 * @param name - parameter name for the error message
 */
export function encodeTime(value: string, name: string): string {
  if (typeof value !== 'string') reject(name, `must be a string, got ${typeof value}`);
  const why = timeProblem(value);
  if (why !== undefined) reject(name, `is not a valid xs:time (${why})`);
  return value;
}

/**
 * Checks that a string is an `xs:duration` (`[-]PnYnMnDTnHnMn.nS`, at least one component, `T` only before a time
 * component) and returns it unchanged.
 * @param value - the duration string
 * @param name - parameter name for the error message
 */
export function encodeDuration(value: string, name: string): string {
  if (typeof value !== 'string') reject(name, `must be a string, got ${typeof value}`);
  if (!XSD_DURATION.test(value))
    reject(name, 'is not a valid xs:duration ([-]PnYnMnDTnHnMn.nS with at least one component)');
  return value;
}

export * from './lexical.js';
