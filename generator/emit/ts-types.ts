/** TypeScript type expressions for model types, shared by the emitters. */
import { tsString } from '../print/ts-string.js';
import type {
  ChoiceType,
  SequenceMember,
  FieldModel,
  ParameterModel,
  PrimitiveName,
  ResultModel,
  ScalarType,
  TypeModel,
} from '../model/types.js';
import { propertyKey } from '../load/names.js';

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
  // Exact decimal strings, of any size.
  integer: 'string',
  nonNegativeInteger: 'string',
  positiveInteger: 'string',
  NMTOKEN: 'string',
  Name: 'string',
  NCName: 'string',
  language: 'string',
  token: 'string',
  anyURI: 'string',
  // The markup as sent, never interpreted.
  xml: 'string',
};

const ACCEPTED: Readonly<Record<PrimitiveName, string>> = {
  ...DECODED,
  long: 'string | bigint | number',
  dateTime: 'Date | string',
  decimal: 'string | bigint | number',
  unsignedLong: 'string | bigint | number',
  integer: 'string | bigint | number',
  nonNegativeInteger: 'string | bigint | number',
  positiveInteger: 'string | bigint | number',
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
  if (t.kind === 'choice') return choiceUnion(t, valueType);
  if (t.kind !== 'list') return scalarType(t);
  const item = valueType(t.item);
  return t.nillableItems
    ? `Array<${item} | null>`
    : t.item.kind === 'list' || t.item.kind === 'choice'
      ? `Array<${item}>`
      : `${item}[]`;
}

/**
 * A choice as a union of objects of one member each, the others typed `never` so that an object holding two
 * alternatives is refused by the compiler too: `{ A: string; B?: never } | { B: number; A?: never }`.
 */
function choiceUnion(t: ChoiceType, type: (t: TypeModel) => string): string {
  const names = t.alternatives.map((a) => a.name);
  const members = t.alternatives.map((a) => {
    const others = names.filter((n) => n !== a.name).map((n) => `${propertyKey(n)}?: never`);
    const value = a.sequence ? sequenceType(a.sequence, type) : type(a.type);
    return `{ ${[`${propertyKey(a.name)}: ${value}`, ...others].join('; ')} }`;
  });
  return members.join(' | ');
}

/** A sequence alternative's value: a record of its elements, `{ vin: string; reducingStyleId?: number | undefined }`. */
function sequenceType(members: readonly SequenceMember[], type: (t: TypeModel) => string): string {
  const fields = members.map(
    (m) => `${propertyKey(m.name)}${m.optional ? '?' : ''}: ${optionalType(type(m.type), m.optional)}`,
  );
  return `{ ${fields.join('; ')} }`;
}

/** What an operation's method resolves with. */
export function resultType(r: ResultModel): string {
  if (r.kind === 'void') return 'void';
  if (r.kind === 'outputs') return r.struct.name;
  return r.nullable ? `${valueType(r.type)} | null` : valueType(r.type);
}

export function fieldType(f: FieldModel): string {
  return f.nillable ? `${valueType(f.type)} | null` : valueType(f.type);
}

/**
 * The type of an optional member (`a?: T | undefined`): DESIGN.md has an absent element decode to `undefined`, and
 * the decoders return every member, the absent ones holding `undefined`. Saying so keeps the code valid under
 * `exactOptionalPropertyTypes`, where `a?: T` admits a missing member only, and lets a caller pass `{ a: maybe }`.
 */
export function optionalType(type: string, optional: boolean): string {
  return optional ? `${type} | undefined` : type;
}

/** What a caller may pass for a value of `t`: enums closed (the service refuses other values), lists read-only. */
export function inputType(t: TypeModel): string {
  switch (t.kind) {
    case 'primitive':
      return ACCEPTED[t.name];
    case 'enum':
      return t.enum.name;
    case 'record':
      return t.record.name;
    case 'list': {
      const item = inputType(t.item);
      const member = t.nillableItems ? `${item} | null` : item;
      return `ReadonlyArray<${member}>`;
    }
    case 'choice':
      return choiceUnion(t, inputType);
  }
}

/** What a caller may pass for a parameter. */
export function paramType(p: ParameterModel): string {
  const type = inputType(p.type);
  return p.nillable ? `${type} | null` : type;
}

/** The name of an operation's params type. */
export function paramsTypeName(operation: string): string {
  return `${operation}Params`;
}

/** A spec value as a TypeScript literal, escaped whatever it contains (the formatter picks the quote style). */
export function tsLiteral(value: string | number | boolean): string {
  return typeof value === 'string' ? tsString(value) : String(value);
}
