/**
 * A spec's `example` of a parameter or field, checked against its declared type with the runtime's own codecs: the
 * text must be what the service could send for that type (it is read by the type's decoder), and what the client
 * would send for it (the decoded value goes through the type's strict encoder). The model keeps the encoder's text,
 * so that an example reads in the docs as the client sends it (`125.50` of a double is sent as `125.5`).
 */
import type { TypeModel } from '../model/types.js';
import { VALUE_CODECS } from '../model/codecs.js';

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
    return attempt(() => VALUE_CODECS[name].encode(example as never, 'example'));
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
  const { decode, encode } = VALUE_CODECS[name];
  const text = String(example);
  return attempt(() => encode((decode === undefined ? text : decode(text, 'example')) as never, 'example'));
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
