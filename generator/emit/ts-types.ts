/** TypeScript type expressions for model types, shared by the emitters. */
import type { FieldModel, ParameterModel, PrimitiveName, ScalarType, TypeModel } from '../model/types.js';

const DECODED: Readonly<Record<PrimitiveName, string>> = {
  string: 'string',
  int: 'number',
  // Exact beyond 2^53, so never a JS number.
  long: 'string',
  double: 'number',
  boolean: 'boolean',
  dateTime: 'Date',
  // Exact: a decimal string, never a double.
  decimal: 'string',
  float: 'number',
  short: 'number',
  byte: 'number',
  unsignedByte: 'number',
  unsignedShort: 'number',
  unsignedInt: 'number',
  unsignedLong: 'string',
  base64Binary: 'Uint8Array',
  guid: 'string',
  // .NET's char travels as its UTF-16 code; in TypeScript it is that one-unit string.
  char: 'string',
  date: 'string',
  time: 'string',
  duration: 'string',
};

const ACCEPTED: Readonly<Record<PrimitiveName, string>> = {
  ...DECODED,
  long: 'string | bigint | number',
  dateTime: 'Date | string',
  decimal: 'string | bigint | number',
  unsignedLong: 'string | bigint | number',
};

/** The name of the helper type that keeps enums open to values added after generation. */
export const OPEN_ENUM = 'Open';

export function scalarType(t: ScalarType): string {
  switch (t.kind) {
    case 'primitive':
      return DECODED[t.name];
    case 'enum':
      return `${OPEN_ENUM}<${t.enum.name}>`;
    case 'record':
      return t.record.name;
  }
}

/** The decoded type of a value of `t`, without field-level nil. */
export function valueType(t: TypeModel): string {
  if (t.kind !== 'list') return scalarType(t);
  const item = scalarType(t.item);
  return t.nillableItems ? `Array<${item} | null>` : `${item}[]`;
}

export function fieldType(f: FieldModel): string {
  return f.nillable ? `${valueType(f.type)} | null` : valueType(f.type);
}

/** What a caller may pass for a parameter. */
export function paramType(p: ParameterModel): string {
  return ACCEPTED[p.type];
}

/** The name of an operation's params type. */
export function paramsTypeName(operation: string): string {
  return `${operation}Params`;
}

/** A spec value as a TypeScript literal, escaped whatever it contains (the formatter picks the quote style). */
export function tsLiteral(value: string | number | boolean): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
