/**
 * The XML Schema types a spec can name directly (the types ASMX services use), and what the model needs to know of
 * them. How each looks in TypeScript and which runtime codec reads it belong to the emitters.
 */

export const PRIMITIVE_NAMES = [
  'string',
  'int',
  'long',
  'double',
  'boolean',
  'dateTime',
  'decimal',
  'float',
  'short',
  'byte',
  'unsignedByte',
  'unsignedShort',
  'unsignedInt',
  'unsignedLong',
  'base64Binary',
  'guid',
  'char',
  'date',
  'time',
  'duration',
  // Unbounded integers, exact decimal strings (xsd.exe: string).
  'integer',
  'nonNegativeInteger',
  'positiveInteger',
  // Name-like strings, each with its lexical rule (xsd.exe: string).
  'NMTOKEN',
  'Name',
  'NCName',
  'language',
  // Text of collapsed whitespace (xs:token: PayPal's codes and identifiers; xsd.exe: string).
  'token',
  // A URI reference, its whitespace collapsed (xs:anyURI: xml:base, OpenTravel's URLs; xsd.exe: string).
  'anyURI',
  // xs:any / xs:anyType content (a .NET DataSet, XmlElement): kept as the raw XML text, never interpreted.
  'xml',
] as const;

export type PrimitiveName = (typeof PRIMITIVE_NAMES)[number];

const NAMES: ReadonlySet<string> = new Set(PRIMITIVE_NAMES);

export function isPrimitiveName(name: string): name is PrimitiveName {
  return NAMES.has(name);
}

/**
 * The spec's name of a .NET DataSet: `xml` content of a known shape (its XML Schema, then its diffgram), which the
 * model keeps as `xml` marked `dataSet`.
 */
export const DATA_SET_TYPE = 'dataSet';

/**
 * .NET reference types (string, byte[]) map to elements that may be left out or sent as nil; value types (numbers,
 * booleans, dates, Guid, char, TimeSpan) are always sent.
 */
export function isReferencePrimitive(name: PrimitiveName): boolean {
  return name === 'string' || name === 'base64Binary' || name === 'xml' || LEXICAL_STRINGS.has(name);
}

/** The types .NET holds as a string with a lexical rule: reference types, as string is. */
const LEXICAL_STRINGS: ReadonlySet<PrimitiveName> = new Set([
  'integer',
  'nonNegativeInteger',
  'positiveInteger',
  'NMTOKEN',
  'Name',
  'NCName',
  'language',
  'token',
  'anyURI',
]);

/**
 * The types a pattern (xs:pattern) may restrict in the format: those whose TypeScript value is the text on the wire,
 * so that one check serves the value sent and the value read.
 */
export const PATTERN_TYPES: ReadonlySet<PrimitiveName> = new Set([
  'string',
  'token',
  'NMTOKEN',
  'Name',
  'NCName',
  'language',
]);
