/**
 * What the generated mock codecs share: reading HTTP POST fields and enum values strictly (a real ASMX service refuses
 * a value its schema does not have), and writing a result element with the namespace declarations an HTTP POST root
 * needs. Errors are SvcDecodeError, which the mock answers with the style's Client fault.
 */
import type { WriteValue } from '../codec/encode.js';
import { SvcDecodeError } from '../errors.js';
import { encodeDouble } from '../codec/values.js';
import { collapseWhitespace } from '../codec/lexical.js';
import type { ReadValue } from '../codec/decode.js';

/** Reads a parameter's HTTP POST field values. */
export type FormValue<T> = (values: readonly string[], path: string) => T;

/** One field holding one value of a type with a text form. */
export function formValue<T>(decode: (text: string, path: string) => T): FormValue<T> {
  return (values, path) => {
    if (values.length !== 1)
      throw new SvcDecodeError(`${path} is sent ${values.length} times, but holds a single value`, { path });
    return decode(values[0]!, path);
  };
}

/** A list of values with a text form: the field repeated, one value per item (none for an empty list). */
export function formValues<T>(decode: (text: string, path: string) => T): FormValue<T[]> {
  return (values, path) => values.map((text, i) => decode(text, `${path}[${i}]`));
}

/** Decodes an enum value, which must be one of `values`. */
export function enumDecoder(
  type: string,
  values: readonly string[],
  base?: 'token',
): (text: string, path: string) => string {
  return (sent, path) => {
    // An enumeration of xs:token compares its values as XML Schema reads a token: whitespace collapsed.
    const text = base === 'token' ? collapseWhitespace(sent) : sent;
    if (!values.includes(text)) {
      throw new SvcDecodeError(`"${text.length > 40 ? `${text.slice(0, 40)}…` : text}" is not a value of ${type}`, {
        path,
      });
    }
    return text;
  };
}

/** Reads an enum element strictly: a value the enum does not have is refused. */
export function enumReader(type: string, values: readonly string[], base?: 'token'): ReadValue<string> {
  const decode = enumDecoder(type, values, base);
  return (r) => {
    const text = r.readText();
    try {
      return decode(text, r.closedPath());
    } catch (error) {
      throw error instanceof SvcDecodeError ? new SvcDecodeError(error.reason, { path: r.closedPath() }) : error;
    }
  };
}

/** The error for a parameter's value that does not match its pattern (xs:pattern). */
function patternMismatch(value: string, xsd: string, path: string): SvcDecodeError {
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return new SvcDecodeError(`"${shown}" does not match the pattern ${JSON.stringify(xsd)}`, { path });
}

/** Reads a parameter element whose text is restricted by a pattern: one not matching it is refused. */
export function patternReader<T>(read: ReadValue<T>, pattern: RegExp, xsd: string): ReadValue<T> {
  return (r) => {
    const value = read(r);
    if (typeof value === 'string' && !pattern.test(value)) throw patternMismatch(value, xsd, r.closedPath());
    return value;
  };
}

/** Reads a parameter's HTTP POST field restricted by a pattern: one not matching it is refused. */
export function patternForm<T>(read: FormValue<T>, pattern: RegExp, xsd: string): FormValue<T> {
  return (values, path) => {
    const value = read(values, path);
    if (typeof value === 'string' && !pattern.test(value)) throw patternMismatch(value, xsd, path);
    return value;
  };
}

/**
 * A writer of results: `write` makes the element `name`, and `attrs` (namespace declarations of an HTTP POST root) go
 * on its start tag. Every writer of encode.ts starts its markup with `<name`, which is where they go.
 */
export function resultWriter<T>(write: WriteValue<T>): (name: string, value: unknown, attrs: string) => string {
  return (name, value, attrs) => {
    const markup = write(name, value as T, 'result');
    return attrs === '' ? markup : `<${name}${attrs}${markup.slice(name.length + 1)}`;
  };
}

/**
 * A writer of a record that leaves the member `name` out when it is null instead of writing it nil: the result of an
 * operation with out parameters, whose null reference ASMX leaves out (declared `minOccurs="0"`, not nillable).
 */
export function nullLeftOut<T>(name: string, write: WriteValue<T>): WriteValue<T> {
  return (element, value, path) => {
    const record = value as Record<string, unknown> | null;
    if (record === null || typeof record !== 'object' || record[name] !== null) return write(element, value, path);
    return write(element, { ...record, [name]: undefined } as T, path);
  };
}

/** The writer of a void operation's result, which has none. */
export function writeNothing(): string {
  return '';
}

/**
 * Encodes a double as .NET writes it, INF, -INF and NaN included: a service may answer with them, and a mock must be
 * able to, although a client never sends them.
 */
export function encodeAnyDouble(value: number, path: string): string {
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? 'NaN' : value > 0 ? 'INF' : '-INF';
  return encodeDouble(value, path);
}
