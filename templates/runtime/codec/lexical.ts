/**
 * XML Schema types that are text with a lexical rule of their own, beyond string: the unbounded integers
 * (`xs:integer`, `xs:nonNegativeInteger`, `xs:positiveInteger`, kept as exact decimal strings) and the name-like
 * strings (`xs:NMTOKEN`, `xs:Name`, `xs:NCName`, `xs:language`) and `xs:token` and `xs:anyURI` (collapsed whitespace). A value that breaks its type's rule is refused before
 * sending (SvcRequestError), as the service's schema would refuse it, and read as an error (SvcDecodeError).
 */
import { SvcDecodeError, SvcRequestError } from '../errors.js';

const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;

/** Each name-like type's rule, with what it says in an error. */
const RULES = {
  NMTOKEN: {
    pattern: new RegExp(`^[${NAME_CHAR}]+$`, 'u'),
    expected: 'one or more name characters (letters, digits, . - _ :), no space',
  },
  Name: {
    pattern: new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u'),
    expected: 'a name: a letter, _ or : first, then name characters, no space',
  },
  NCName: {
    pattern: new RegExp(`^[${NAME_START.replace(':', '')}][${NAME_CHAR.replace(':', '')}]*$`, 'u'),
    expected: 'a name without a colon: a letter or _ first, then letters, digits, . - _',
  },
  language: { pattern: /^[a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*$/, expected: 'a language tag such as en or en-GB' },
  // Any text as its whitespace collapses: what a service reads of " a  b " is "a b", so only that is sent.
  token: {
    pattern: /^(?:[^ \t\r\n]+(?: [^ \t\r\n]+)*)?$/u,
    expected: 'text without tabs or line breaks, one space between words and none at either end',
  },
  // A URI reference, its whitespace collapsed as token's: XML Schema 1.1 puts no other rule on its lexical space
  // (and .NET checks none), so the text is sent as given once collapsed; the service resolves it.
  anyURI: {
    pattern: /^(?:[^ \t\r\n]+(?: [^ \t\r\n]+)*)?$/u,
    expected: 'a URI: no tabs or line breaks, one space between parts and none at either end',
  },
} as const;

type NameType = keyof typeof RULES;

/** XML Schema's whitespace collapse: runs of spaces, tabs and line breaks as one space, none at either end. */
export function collapseWhitespace(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

function decodeNameLike(type: NameType, text: string, path: string): string {
  const s = collapseWhitespace(text);
  if (!RULES[type].pattern.test(s))
    throw new SvcDecodeError(
      `invalid xs:${type} ${JSON.stringify(text.slice(0, 60))}: expected ${RULES[type].expected}`,
      { path },
    );
  return s;
}

function encodeNameLike(type: NameType, value: string, name: string): string {
  if (typeof value !== 'string')
    throw new SvcRequestError(`${name} must be a string, got ${typeof value}`, { parameter: name });
  if (!RULES[type].pattern.test(value))
    throw new SvcRequestError(`${name} is not a valid xs:${type} (${RULES[type].expected})`, { parameter: name });
  return value;
}

export const decodeXsNmtoken = (text: string, path: string): string => decodeNameLike('NMTOKEN', text, path);
export const decodeXsName = (text: string, path: string): string => decodeNameLike('Name', text, path);
export const decodeXsNcName = (text: string, path: string): string => decodeNameLike('NCName', text, path);
export const decodeXsLanguage = (text: string, path: string): string => decodeNameLike('language', text, path);
export const decodeXsToken = (text: string, path: string): string => decodeNameLike('token', text, path);
export const encodeXsNmtoken = (value: string, name: string): string => encodeNameLike('NMTOKEN', value, name);
export const encodeXsName = (value: string, name: string): string => encodeNameLike('Name', value, name);
export const encodeXsNcName = (value: string, name: string): string => encodeNameLike('NCName', value, name);
export const encodeXsLanguage = (value: string, name: string): string => encodeNameLike('language', value, name);
export const encodeXsToken = (value: string, name: string): string => encodeNameLike('token', value, name);
export const decodeXsAnyUri = (text: string, path: string): string => decodeNameLike('anyURI', text, path);
export const encodeXsAnyUri = (value: string, name: string): string => encodeNameLike('anyURI', value, name);

/** The least value of each unbounded integer type (none for xs:integer). */
const INTEGER_MIN = { integer: undefined, nonNegativeInteger: 0n, positiveInteger: 1n } as const;

type IntegerType = keyof typeof INTEGER_MIN;

function decodeBigInteger(type: IntegerType, text: string, path: string): string {
  const s = collapseWhitespace(text);
  if (!/^[+-]?\d+$/.test(s))
    throw new SvcDecodeError(`invalid xs:${type} ${JSON.stringify(text.slice(0, 60))}`, { path });
  const value = BigInt(s);
  const min = INTEGER_MIN[type];
  if (min !== undefined && value < min)
    throw new SvcDecodeError(`invalid xs:${type} ${JSON.stringify(s)}: less than ${min}`, { path });
  return value.toString();
}

function encodeBigInteger(type: IntegerType, value: string | bigint | number, name: string): string {
  let big: bigint;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) big = BigInt(value);
  else if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) big = BigInt(value);
  else
    throw new SvcRequestError(`${name} must be a decimal integer string, a bigint or a safe integer`, {
      parameter: name,
    });
  const min = INTEGER_MIN[type];
  if (min !== undefined && big < min)
    throw new SvcRequestError(`${name} is less than ${min}, the least xs:${type}`, { parameter: name });
  return big.toString();
}

export const decodeXsInteger = (text: string, path: string): string => decodeBigInteger('integer', text, path);
export const decodeXsNonNegativeInteger = (text: string, path: string): string =>
  decodeBigInteger('nonNegativeInteger', text, path);
export const decodeXsPositiveInteger = (text: string, path: string): string =>
  decodeBigInteger('positiveInteger', text, path);
export const encodeXsInteger = (value: string | bigint | number, name: string): string =>
  encodeBigInteger('integer', value, name);
export const encodeXsNonNegativeInteger = (value: string | bigint | number, name: string): string =>
  encodeBigInteger('nonNegativeInteger', value, name);
export const encodeXsPositiveInteger = (value: string | bigint | number, name: string): string =>
  encodeBigInteger('positiveInteger', value, name);
