/**
 * What the generated request encoders share: checking the caller's parameter object before anything is sent, and,
 * for a service that signs its requests, the EAT value that goes into the signed message.
 */
import type { NestedValue } from '../codec/encode.js';
import { SvcRequestError } from '../errors.js';

/** A credential the client fills in at send time; the encoders only mark where it goes. */
export type Credential = 'principal' | 'timestamp' | 'signature';

/** A request in wire order: each parameter's text, or the credential that stands there. */
export interface EncodedRequest {
  readonly params: ReadonlyArray<
    readonly [name: string, value: string | NestedValue | { readonly credential: Credential }]
  >;
  /** The EAT value appended to the signed message ('' or left out when the operation has none, or nothing is signed). */
  readonly eat?: string;
}

/**
 * Checks the shape of a caller's parameter object: an object, no unknown names, every required one given.
 * Returns it typed as a record for the encoders.
 */
export function checkParams(
  operation: string,
  params: unknown,
  known: readonly string[],
  required: readonly string[],
  nillable: readonly string[] = [],
): Record<string, unknown> {
  if (params === undefined || params === null) {
    if (required.length > 0)
      throw new SvcRequestError(`missing required parameter ${required[0]}`, { operation, parameter: required[0] });
    return {};
  }
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new SvcRequestError('parameters must be an object', { operation });
  }
  const given = params as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!known.includes(name)) {
      const expected = known.length > 0 ? known.join(', ') : 'none';
      throw new SvcRequestError(`unknown parameter ${name} (expected: ${expected})`, { operation, parameter: name });
    }
  }
  for (const name of required) {
    if (given[name] === undefined || (given[name] === null && !nillable.includes(name))) {
      throw new SvcRequestError(`missing required parameter ${name}`, { operation, parameter: name });
    }
  }
  return given;
}

/** Runs a value encoder, naming the operation in any error it raises. */
export function encodeParam<T, W extends string | NestedValue>(
  operation: string,
  name: string,
  value: T,
  encode: (value: T, name: string) => W,
): W {
  try {
    return encode(value, name);
  } catch (error) {
    if (error instanceof SvcRequestError) {
      throw new SvcRequestError(error.message, { operation, parameter: name });
    }
    throw error;
  }
}

/** EAT value of a double: truncated to an integer, written with all its digits (never exponent notation). */
export function eatDouble(value: number): string {
  return BigInt(Math.trunc(value)).toString();
}

/**
 * EAT value of a decimal: its integer part, truncated toward zero like a double's (`-1234.56` gives `-1234`), from
 * the exact text, so that no digit is lost on the way through a double. `wire` is a valid xs:decimal.
 */
export function eatDecimal(wire: string): string {
  const negative = wire.startsWith('-');
  const digits = wire
    .replace(/^[+-]/, '')
    .split('.')[0]!
    .replace(/^0+(?=\d)/, '');
  const integer = digits === '' ? '0' : digits;
  return negative && integer !== '0' ? `-${integer}` : integer;
}

/** EAT value of a dateTime: Unix seconds. `wire` is the encoded xs:dateTime text, which is always valid here. */
export function eatDateTime(wire: string): string {
  return String(Math.floor(Date.parse(wire) / 1000));
}
