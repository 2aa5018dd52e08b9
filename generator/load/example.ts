/**
 * A spec's `example` of a parameter or field, checked against its declared type with the runtime's own codecs: the
 * text must be what the service could send for that type (it is read by the type's decoder), and what the client
 * would send for it (the decoded value goes through the type's strict encoder). The model keeps the encoder's text,
 * so that an example reads in the docs as the client sends it (`125.50` of a double is sent as `125.5`).
 */
import type { PrimitiveName, TypeModel } from '../model/types.js';
import * as values from '../../templates/runtime/codec/values.js';

type Codec = readonly [decode: (text: string, path: string) => unknown, encode: (value: never, name: string) => string];

const CODECS: Readonly<Record<Exclude<PrimitiveName, 'xml' | 'string' | 'char'>, Codec>> = {
  int: [values.decodeInt, values.encodeInt],
  long: [values.decodeLong, values.encodeLong],
  double: [values.decodeDouble, values.encodeDouble],
  boolean: [values.decodeBoolean, values.encodeBoolean],
  dateTime: [values.decodeDateTime, values.encodeDateTime],
  decimal: [values.decodeDecimal, values.encodeDecimal],
  float: [values.decodeFloat, values.encodeFloat],
  short: [values.decodeShort, values.encodeShort],
  byte: [values.decodeByte, values.encodeByte],
  unsignedByte: [values.decodeUnsignedByte, values.encodeUnsignedByte],
  unsignedShort: [values.decodeUnsignedShort, values.encodeUnsignedShort],
  unsignedInt: [values.decodeUnsignedInt, values.encodeUnsignedInt],
  unsignedLong: [values.decodeUnsignedLong, values.encodeUnsignedLong],
  base64Binary: [values.decodeBase64, values.encodeBase64],
  guid: [values.decodeGuid, values.encodeGuid],
  date: [values.decodeDate, values.encodeDate],
  time: [values.decodeTime, values.encodeTime],
  duration: [values.decodeDuration, values.encodeDuration],
  integer: [values.decodeXsInteger, values.encodeXsInteger],
  nonNegativeInteger: [values.decodeXsNonNegativeInteger, values.encodeXsNonNegativeInteger],
  positiveInteger: [values.decodeXsPositiveInteger, values.encodeXsPositiveInteger],
  NMTOKEN: [values.decodeXsNmtoken, values.encodeXsNmtoken],
  Name: [values.decodeXsName, values.encodeXsName],
  NCName: [values.decodeXsNcName, values.encodeXsNcName],
  language: [values.decodeXsLanguage, values.encodeXsLanguage],
  token: [values.decodeXsToken, values.encodeXsToken],
  anyURI: [values.decodeXsAnyUri, values.encodeXsAnyUri],
};

/** The example's wire text, or why it does not fit `type` (a sentence without a leading capital). */
export function checkExample(
  example: string | number | boolean,
  type: TypeModel,
): { readonly text: string } | { readonly problem: string } {
  if (type.kind === 'enum') {
    const text = String(example);
    return type.enum.values.includes(text)
      ? { text }
      : { problem: `"${text}" is not a value of enum ${type.enum.name}` };
  }
  if (type.kind !== 'primitive' || type.name === 'xml') {
    return {
      problem:
        "an example is only possible for an XML Schema type (not xml) or an enum; a record or list shows its members' examples",
    };
  }
  const name = type.name;
  if (name === 'string' || name === 'char') {
    // A YAML scalar that is not text (12, true, 2026) would be read as another type: the author means the text.
    if (typeof example !== 'string')
      return {
        problem: `must be a string (found a ${typeof example}: ${String(example)}; quote it, '${String(example)}', to make it text)`,
      };
    if (name === 'char' && example.length !== 1)
      return { problem: 'must be one character (one UTF-16 unit) for a char' };
    return attempt(() =>
      name === 'char' ? values.encodeChar(example, 'example') : values.encodeString(example, 'example'),
    );
  }
  if (
    (name === 'long' || name === 'unsignedLong' || name === 'decimal') &&
    typeof example === 'number' &&
    !Number.isSafeInteger(example)
  ) {
    // YAML read it as a JS number, which has already lost digits (or a decimal's trailing zeros).
    return {
      problem: `must be quoted ('...') so that its digits are kept exactly: YAML reads ${String(example)} as an inexact number`,
    };
  }
  const [decode, encode] = CODECS[name];
  return attempt(() => encode(decode(String(example), 'example') as never, 'example'));
}

function attempt(make: () => string): { readonly text: string } | { readonly problem: string } {
  try {
    return { text: make() };
  } catch (error) {
    // The codecs' messages end with where they were: `(at example)`, or start with the parameter name.
    const message = error instanceof Error ? error.message : String(error);
    return { problem: `does not fit its type: ${message.replace(/ \(at example\)$/, '').replace(/^example /, '')}` };
  }
}
