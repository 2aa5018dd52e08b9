/**
 * The runtime's codec of each XML Schema type (templates/runtime/codec/values.ts), in one table that every reader of
 * it shares: the loader checks a spec's examples with the decoder and the strict encoder, the docs write their
 * examples with the encoder, and the client's and mock's codecs import the encoder by its name.
 */
import type { PrimitiveName } from './types.js';
import * as values from '../../templates/runtime/codec/values.js';
import { encodeXml } from '../../templates/runtime/codec/encode.js';
import { encodeAnyDouble } from '../../templates/runtime/mock/values.js';

/** A runtime encoder: a value to its text, `name` naming it in an error. */
export type ValueEncode = (value: never, name: string) => string;

/** The codec of one type: the encoder's name in the runtime (what generated code imports), the encoder, the decoder. */
export interface ValueCodec {
  readonly encoderName: string;
  readonly encode: ValueEncode;
  /** Absent for text types (string, char), whose text is their value, and for XML content. */
  readonly decode?: (text: string, path: string) => unknown;
}

const codec = (encoderName: string, encode: ValueEncode, decode?: ValueCodec['decode']): ValueCodec =>
  decode === undefined ? { encoderName, encode } : { encoderName, encode, decode };

/** The codec of each XML Schema type. */
export const VALUE_CODECS: Readonly<Record<PrimitiveName, ValueCodec>> = {
  string: codec('encodeString', values.encodeString),
  int: codec('encodeInt', values.encodeInt, values.decodeInt),
  long: codec('encodeLong', values.encodeLong, values.decodeLong),
  double: codec('encodeDouble', values.encodeDouble, values.decodeDouble),
  boolean: codec('encodeBoolean', values.encodeBoolean, values.decodeBoolean),
  dateTime: codec('encodeDateTime', values.encodeDateTime, values.decodeDateTime),
  decimal: codec('encodeDecimal', values.encodeDecimal, values.decodeDecimal),
  float: codec('encodeFloat', values.encodeFloat, values.decodeFloat),
  short: codec('encodeShort', values.encodeShort, values.decodeShort),
  byte: codec('encodeByte', values.encodeByte, values.decodeByte),
  unsignedByte: codec('encodeUnsignedByte', values.encodeUnsignedByte, values.decodeUnsignedByte),
  unsignedShort: codec('encodeUnsignedShort', values.encodeUnsignedShort, values.decodeUnsignedShort),
  unsignedInt: codec('encodeUnsignedInt', values.encodeUnsignedInt, values.decodeUnsignedInt),
  unsignedLong: codec('encodeUnsignedLong', values.encodeUnsignedLong, values.decodeUnsignedLong),
  base64Binary: codec('encodeBase64', values.encodeBase64, values.decodeBase64),
  guid: codec('encodeGuid', values.encodeGuid, values.decodeGuid),
  char: codec('encodeChar', values.encodeChar),
  date: codec('encodeDate', values.encodeDate, values.decodeDate),
  time: codec('encodeTime', values.encodeTime, values.decodeTime),
  duration: codec('encodeDuration', values.encodeDuration, values.decodeDuration),
  integer: codec('encodeXsInteger', values.encodeXsInteger, values.decodeXsInteger),
  nonNegativeInteger: codec(
    'encodeXsNonNegativeInteger',
    values.encodeXsNonNegativeInteger,
    values.decodeXsNonNegativeInteger,
  ),
  positiveInteger: codec('encodeXsPositiveInteger', values.encodeXsPositiveInteger, values.decodeXsPositiveInteger),
  NMTOKEN: codec('encodeXsNmtoken', values.encodeXsNmtoken, values.decodeXsNmtoken),
  Name: codec('encodeXsName', values.encodeXsName, values.decodeXsName),
  NCName: codec('encodeXsNcName', values.encodeXsNcName, values.decodeXsNcName),
  language: codec('encodeXsLanguage', values.encodeXsLanguage, values.decodeXsLanguage),
  token: codec('encodeXsToken', values.encodeXsToken, values.decodeXsToken),
  anyURI: codec('encodeXsAnyUri', values.encodeXsAnyUri, values.decodeXsAnyUri),
  xml: codec('encodeXml', encodeXml as ValueEncode),
};

/**
 * Where a service's answers may hold what a client's requests must not: the mock's encoder (mock/values.ts) of the
 * types whose strict one refuses values an answer can carry (non-finite doubles).
 */
export const LENIENT_CODECS: Readonly<Partial<Record<PrimitiveName, ValueCodec>>> = {
  double: codec('encodeAnyDouble', encodeAnyDouble),
  float: codec('encodeAnyDouble', encodeAnyDouble),
};
