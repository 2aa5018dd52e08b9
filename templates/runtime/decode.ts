/**
 * Building blocks of the generated decoders. A generated decoder walks the response with an XmlReader, switching
 * on element names it knows from the spec; these helpers read one value each, so no pass ever guesses a type.
 * Element paths for error messages are computed only when something fails.
 */
import { SvcDecodeError } from './errors.js';
import { decodeBoolean, decodeDateTime, decodeDouble, decodeInt, decodeLong } from './values.js';
import type { XmlReader } from './xml-reader.js';

/** Reads one value of the current element; the reader is positioned on its start tag and left after its end. */
export type ReadValue<T> = (r: XmlReader) => T;

function rethrow(error: unknown, r: XmlReader, name: string): never {
  const path = `${r.path()}/${name}`;
  const reason = error instanceof Error ? error.message : String(error);
  throw new SvcDecodeError(reason, { path, cause: error });
}

function scalar<T>(decode: (text: string, path: string) => T): ReadValue<T> {
  return (r) => {
    const name = r.localName;
    if (r.isNil) rethrow(new Error('is nil but the field is not nillable'), r, name);
    const text = r.readText();
    try {
      return decode(text, name);
    } catch (error) {
      return rethrow(error, r, name);
    }
  };
}

export const readInt: ReadValue<number> = scalar(decodeInt);
export const readDouble: ReadValue<number> = scalar(decodeDouble);
export const readLong: ReadValue<string> = scalar(decodeLong);
export const readBoolean: ReadValue<boolean> = scalar(decodeBoolean);
export const readDateTime: ReadValue<Date> = scalar(decodeDateTime);

/** Strings are kept exactly as sent: `00123` stays a string, whitespace is not trimmed, empty is ''. */
export const readString: ReadValue<string> = (r) => {
  if (r.isNil) rethrow(new Error('is nil but the field is not nillable'), r, r.localName);
  return r.readText();
};

/** Enums are open: any text is kept, an unknown value is not an error. */
export const readEnum: ReadValue<string> = readString;

/** Consumes a nil element and returns null (the generated decoders test `r.isNil` first). */
export function skipNil(r: XmlReader): null {
  r.skip();
  return null;
}

/**
 * Reads a list container whose items may not be nil: its `itemElement` children in order, anything else skipped
 * (services add elements). An empty or self-closing container is `[]`.
 */
export function readList<T>(r: XmlReader, itemElement: string, readItem: ReadValue<T>): T[] {
  const items: T[] = [];
  while (r.nextChild()) {
    if (r.localName !== itemElement) r.skip();
    else if (r.isNil) rethrow(new Error('a nil item is not allowed in this list'), r, itemElement);
    else items.push(readItem(r));
  }
  return items;
}

/** Like readList, for lists whose items may be nil: a nil item is `null`. */
export function readNillableList<T>(r: XmlReader, itemElement: string, readItem: ReadValue<T>): Array<T | null> {
  const items: Array<T | null> = [];
  while (r.nextChild()) {
    if (r.localName !== itemElement) r.skip();
    else if (r.isNil) items.push(skipNil(r));
    else items.push(readItem(r));
  }
  return items;
}

/** The error for a required element that the response left out. */
export function missingElement(r: XmlReader, parent: string, name: string): SvcDecodeError {
  const path = `${r.path()}/${name}`;
  return new SvcDecodeError(`${parent}: required element <${name}> is missing`, { path });
}
