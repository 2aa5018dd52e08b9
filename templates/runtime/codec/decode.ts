/**
 * Building blocks of the generated decoders. A generated decoder walks the response with an XmlReader, switching
 * on element names it knows from the spec; these helpers read one value each, so no pass ever guesses a type.
 * Element paths for error messages are computed only when something fails.
 */
import { SvcDecodeError } from '../errors.js';
import {
  decodeBase64,
  decodeBoolean,
  decodeByte,
  decodeChar,
  decodeDate,
  decodeDateTime,
  decodeDecimal,
  decodeDouble,
  decodeDuration,
  decodeFloat,
  decodeGuid,
  decodeInt,
  decodeLong,
  decodeShort,
  decodeTime,
  decodeUnsignedByte,
  decodeUnsignedInt,
  decodeUnsignedLong,
  decodeUnsignedShort,
} from './values.js';
import {
  decodeXsInteger,
  decodeXsLanguage,
  decodeXsName,
  decodeXsNcName,
  decodeXsNmtoken,
  decodeXsNonNegativeInteger,
  decodeXsPositiveInteger,
  decodeXsToken,
  decodeXsAnyUri,
} from './lexical.js';
import type { XmlReader } from './xml-reader.js';

/** Reads one value of the current element; the reader is positioned on its start tag and left after its end. */
export type ReadValue<T> = (r: XmlReader) => T;

/**
 * Throws a decode error for the element at `path`. The value decoders put their own short path into their errors;
 * only their reason is kept, so that a message names the full path once.
 */
function fail(error: unknown, path: string): never {
  if (error instanceof SvcDecodeError) throw new SvcDecodeError(error.reason, { path });
  throw new SvcDecodeError(error instanceof Error ? error.message : String(error), { path, cause: error });
}

function notNillable(r: XmlReader): never {
  return fail(new Error('is xsi:nil but the field is not nillable'), r.path());
}

function scalar<T>(decode: (text: string, path: string) => T): ReadValue<T> {
  return (r) => {
    if (r.isNil) notNillable(r);
    const text = r.readText();
    try {
      return decode(text, '');
    } catch (error) {
      return fail(error, r.closedPath());
    }
  };
}

export const readInt: ReadValue<number> = scalar(decodeInt);
export const readDouble: ReadValue<number> = scalar(decodeDouble);
export const readLong: ReadValue<string> = scalar(decodeLong);
export const readBoolean: ReadValue<boolean> = scalar(decodeBoolean);
export const readDateTime: ReadValue<Date> = scalar(decodeDateTime);
export const readDecimal: ReadValue<string> = scalar(decodeDecimal);
export const readFloat: ReadValue<number> = scalar(decodeFloat);
export const readShort: ReadValue<number> = scalar(decodeShort);
export const readByte: ReadValue<number> = scalar(decodeByte);
export const readUnsignedByte: ReadValue<number> = scalar(decodeUnsignedByte);
export const readUnsignedShort: ReadValue<number> = scalar(decodeUnsignedShort);
export const readUnsignedInt: ReadValue<number> = scalar(decodeUnsignedInt);
export const readUnsignedLong: ReadValue<string> = scalar(decodeUnsignedLong);
export const readBase64: ReadValue<Uint8Array> = scalar(decodeBase64);
export const readGuid: ReadValue<string> = scalar(decodeGuid);
export const readChar: ReadValue<string> = scalar(decodeChar);
export const readDate: ReadValue<string> = scalar(decodeDate);
export const readTime: ReadValue<string> = scalar(decodeTime);
export const readDuration: ReadValue<string> = scalar(decodeDuration);
export const readXsInteger: ReadValue<string> = scalar(decodeXsInteger);
export const readXsNonNegativeInteger: ReadValue<string> = scalar(decodeXsNonNegativeInteger);
export const readXsPositiveInteger: ReadValue<string> = scalar(decodeXsPositiveInteger);
export const readXsNmtoken: ReadValue<string> = scalar(decodeXsNmtoken);
export const readXsToken: ReadValue<string> = scalar(decodeXsToken);
export const readXsAnyUri: ReadValue<string> = scalar(decodeXsAnyUri);
export const readXsName: ReadValue<string> = scalar(decodeXsName);
export const readXsNcName: ReadValue<string> = scalar(decodeXsNcName);
export const readXsLanguage: ReadValue<string> = scalar(decodeXsLanguage);

/** Strings are kept exactly as sent: `00123` stays a string, whitespace is not trimmed, empty is ''. */
export const readString: ReadValue<string> = (r) => {
  if (r.isNil) notNillable(r);
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
 * The next item of a list container, or false at its end. A container holds nothing but items in every ASMX schema,
 * and real services name items differently from their schema (a brand word in the item element), so every child
 * element in the service namespace is an item, whatever its local name. A child in another namespace cannot be
 * read as an item, and skipping it would shorten the list silently: it is an error.
 */
function nextItem(r: XmlReader): boolean {
  if (!r.nextChild()) return false;
  if (r.memberName === '') {
    fail(
      new Error(
        `<${r.localName}> in namespace "${r.namespaceUri}" inside a list, which holds only items of namespace "${r.memberNamespace ?? ''}"`,
      ),
      r.path(),
    );
  }
  return true;
}

/**
 * Reads a list container whose items may not be nil: every child element is an item. `<c/>` is `[]`.
 * `itemNamespace`: the items' namespace where it is not the service's (WCF's `.../Serialization/Arrays`).
 */
export function readList<T>(r: XmlReader, readItem: ReadValue<T>, itemNamespace?: string): T[] {
  const outer = r.memberNamespace;
  if (itemNamespace !== undefined) r.memberNamespace = itemNamespace;
  const items: T[] = [];
  while (nextItem(r)) {
    if (r.isNil) fail(new Error('a nil item is not allowed in this list'), r.path());
    items.push(readItem(r));
  }
  r.memberNamespace = outer;
  return items;
}

/** Like readList, for lists whose items may be nil: a nil item is `null`. */
export function readNillableList<T>(r: XmlReader, readItem: ReadValue<T>, itemNamespace?: string): Array<T | null> {
  const outer = r.memberNamespace;
  if (itemNamespace !== undefined) r.memberNamespace = itemNamespace;
  const items: Array<T | null> = [];
  while (nextItem(r)) items.push(r.isNil ? skipNil(r) : readItem(r));
  r.memberNamespace = outer;
  return items;
}

/** The error for a required element that the response left out; call it once the parent element is consumed. */
export function missingElement(r: XmlReader, parent: string, name: string): SvcDecodeError {
  return new SvcDecodeError(`${parent}: required element <${name}> is missing`, { path: `${r.closedPath()}/${name}` });
}

/**
 * `value` as read, when it is the fixed value of its field (xs:fixed) or absent; any other value is an error, as the
 * schema takes no other: the client's SvcDecodeError, the mock's Client fault.
 */
export function checkFixed<T>(r: XmlReader, parent: string, name: string, value: T, fixed: T): T {
  if (value !== undefined && value !== null && value !== fixed) {
    throw new SvcDecodeError(
      `${parent}: ${name} is ${JSON.stringify(value)}, but its value is fixed: ${JSON.stringify(fixed)}`,
      { path: r.path() },
    );
  }
  return value;
}

/**
 * `value` as read, checked against its field's pattern (xs:pattern) where the reader holds values to them (the
 * mock's, reading a request: a Client fault). `xsd` is the pattern as the schema writes it, for the message.
 */
export function checkPattern<T extends string | null | undefined>(
  r: XmlReader,
  parent: string,
  name: string,
  value: T,
  pattern: RegExp,
  xsd: string,
): T {
  if (r.checkPatterns && typeof value === 'string' && !pattern.test(value)) {
    throw new SvcDecodeError(
      `${parent}: ${name} is ${JSON.stringify(value)}, which does not match its pattern ${JSON.stringify(xsd)}`,
      { path: r.path() },
    );
  }
  return value;
}

/**
 * The error for a single-valued element sent twice; call it on the second one's start tag. Keeping either copy
 * would silently drop the other (two errorCodes of which the last says OK, say).
 */
export function duplicateElement(r: XmlReader, parent: string): SvcDecodeError {
  return new SvcDecodeError(`${parent}: <${r.localName}> appears more than once, but holds a single value`, {
    path: r.path(),
  });
}

/**
 * XML content (xs:any, xs:anyType: a .NET DataSet, say) as the markup between the element's tags, exactly as sent.
 * Prefixes declared on ancestors of the element are not carried along: content that needs them declares its own,
 * as .NET's does.
 */
export const readXml: ReadValue<string> = (r) => {
  if (r.isNil) notNillable(r);
  return r.readInnerXml();
};

/** An attribute's text as it is, for string and enum attributes. */
export function decodeText(text: string): string {
  return text;
}

/**
 * The value of an unqualified attribute of the current start tag, or undefined when it is absent. Call it before
 * the element's children are read.
 */
export function readAttribute<T>(r: XmlReader, name: string, decode: (text: string, path: string) => T): T | undefined {
  const text = r.attr(name, true);
  if (text === undefined) return undefined;
  try {
    return decode(text, '');
  } catch (error) {
    return fail(error, `${r.path()}/@${name}`);
  }
}

/**
 * The attributes of the element's start tag that are not its attribute fields (`own`) nor xsi's, as a record's
 * `$attributes` (xs:anyAttribute) holds them: an unprefixed one by its name, one in a namespace as `{uri}name`;
 * undefined when there are none. Call it on the start tag.
 */
export function readOtherAttributes(r: XmlReader, own: readonly string[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const [key, value] of r.attributes()) {
    if (own.includes(key) || key.startsWith(XSI_PREFIX)) continue;
    (out ??= {})[key] = value;
  }
  return out;
}

const XSI_PREFIX = '{http://www.w3.org/2001/XMLSchema-instance}';

/**
 * The value of an attribute in namespace `uri` (`form="qualified"`, attributeFormDefault="qualified") of the current
 * start tag, whatever its prefix, or undefined when it is absent: one of the same name without the namespace is not
 * it, as a schema-validating service would not take it either. Call it before the element's children are read.
 */
export function readQualifiedAttribute<T>(
  r: XmlReader,
  uri: string,
  name: string,
  decode: (text: string, path: string) => T,
): T | undefined {
  const key = `{${uri}}${name}`;
  const found = r.attributes().find(([k]) => k === key);
  if (found === undefined) return undefined;
  try {
    return decode(found[1], '');
  } catch (error) {
    return fail(error, `${r.path()}/@${name}`);
  }
}

/**
 * Reads a record's text content (xs:simpleContent) as `decode` reads it, consuming the element: an element inside is
 * an error, as is text the type cannot hold (`<Money currency="EUR">ten</Money>`). Call it once the attributes are read.
 */
export function readTextContent<T>(r: XmlReader, decode: (text: string, path: string) => T): T {
  const text = r.readText();
  try {
    return decode(text, '');
  } catch (error) {
    return fail(error, r.closedPath());
  }
}

/**
 * The field name of the child element the reader is on, for a record with unqualified fields (`form="unqualified"`):
 * one of `unqualified` when it is in no namespace, any other when it is in the member namespace ({@link
 * XmlReader.memberName}), else `''` (skipped as unknown): a field sent in the wrong namespace is not that field,
 * as a schema-validating service would not take it either.
 */
export function formMemberName(r: XmlReader, unqualified: readonly string[]): string {
  if (r.namespaceUri === '') return unqualified.includes(r.localName) ? r.localName : '';
  const name = r.memberName;
  return unqualified.includes(name) ? '' : name;
}

/**
 * The field name of the child element the reader is on, for a record with fields in a namespace of their own (the
 * spec's `namespace`, an element reference to another schema): `own` maps each such field to its namespace, where
 * alone it is that field; any other child is named as {@link formMemberName} names it (`unqualified`: the fields in
 * no namespace). A field sent in another namespace than its own is not that field (skipped as unknown).
 */
export function ownNamespaceMemberName(
  r: XmlReader,
  unqualified: readonly string[],
  own: Readonly<Record<string, string>>,
): string {
  const local = r.localName;
  if (Object.hasOwn(own, local)) return r.namespaceUri === own[local] ? local : '';
  return formMemberName(r, unqualified);
}

/** The error for a required attribute the element lacks; call it on the element's start tag. */
/**
 * An element declared as an abstract record that names none of the records extending it with xsi:type: it holds
 * the abstract type itself, which XML Schema forbids and .NET cannot read.
 */
export function abstractElement(r: XmlReader, type: string): SvcDecodeError {
  return new SvcDecodeError(`${type} is abstract: the element must name a type extending it with xsi:type`, {
    path: r.path(),
  });
}

export function missingAttribute(r: XmlReader, parent: string, name: string): SvcDecodeError {
  return new SvcDecodeError(`${parent}: required attribute ${name} is missing`, { path: `${r.path()}/@${name}` });
}

/**
 * A reader for one item of a list of choices: the element the reader is on is one of the alternatives, read as its
 * type and returned as an object of that one member. An element that is none of them cannot be an item: skipping it
 * would shorten the list silently, so it is an error.
 */
export function choiceReader<T extends object>(
  alternatives: Readonly<Record<string, ReadValue<unknown>>>,
): ReadValue<T> {
  return (r) => {
    const name = r.memberName;
    const read = Object.hasOwn(alternatives, name) ? alternatives[name] : undefined;
    if (read === undefined) {
      return fail(
        new Error(
          `<${r.localName}> is not one of the alternatives of this choice (${Object.keys(alternatives)
            .map((n) => `<${n}>`)
            .join(', ')})`,
        ),
        r.path(),
      );
    }
    if (r.isNil) notNillable(r);
    // The generated decoder names T, the union of one-member objects this makes.
    return { [name]: read(r) } as T;
  };
}

/** The error for a second alternative of a choice that holds one; call it on the second one's start tag. */
export function secondAlternative(r: XmlReader, parent: string, first: string): SvcDecodeError {
  return new SvcDecodeError(
    `${parent}: <${r.localName}> follows <${first}>, but a choice holds exactly one of its alternatives`,
    { path: r.path() },
  );
}

/**
 * The error for an element of a sequence that is one alternative of a choice, read without that alternative's first
 * element (`alternative`); call it once the parent element is consumed.
 */
export function onlyWithElement(r: XmlReader, parent: string, name: string, alternative: string): SvcDecodeError {
  return new SvcDecodeError(
    `${parent}: <${name}> belongs with <${alternative}> (a sequence that is one alternative of a choice), which is not there`,
    { path: r.closedPath() },
  );
}

/** The error for a required choice none of whose alternatives was sent; call it once the parent element is consumed. */
export function missingChoice(r: XmlReader, parent: string, names: readonly string[]): SvcDecodeError {
  return new SvcDecodeError(
    `${parent}: one of ${names.map((n) => `<${n}>`).join(', ')} is required, but none is there`,
    { path: r.closedPath() },
  );
}

/**
 * Which type derived from a record an element holds, by its xsi:type (resolved to its namespace): undefined without
 * one, or when it names the record itself; else the name of the derived type. Any other type (one the spec does not
 * know, or of another namespace) is an error: read as the record, its own members would be dropped without a word,
 * and ASMX refuses it too. `types`: the record, then the types derived from it, each as [name, namespace]; without a
 * namespace, the type is in the service's, the reader's member namespace where the element stands.
 */
export function derivedTypeOf(
  r: XmlReader,
  types: ReadonlyArray<readonly [name: string, namespace?: string]>,
): string | undefined {
  const named = r.xsiTypeName;
  if (named === undefined) return undefined;
  const service = r.memberNamespace ?? '';
  const found = types.findIndex(([name, ns]) => named === `{${ns ?? service}}${name}`);
  if (found < 0)
    fail(new Error(`xsi:type names ${named}, which is not ${types[0]![0]} nor a type derived from it`), r.path());
  return found === 0 ? undefined : types[found]![0];
}

/**
 * Reads one element of a sequence that is an alternative of a choice (xs:sequence inside xs:choice) into the choice's
 * value `current`: the first element (`alternative`, which names it) starts it, the others join it. An element of it
 * before its first one, one beside another alternative, and one read twice are errors.
 */
export function sequenceElement<T extends object>(
  r: XmlReader,
  parent: string,
  current: T | undefined,
  alternative: string,
  read: ReadValue<unknown>,
): T {
  const element = r.localName;
  if (current === undefined) {
    if (element !== alternative) {
      throw new SvcDecodeError(
        `${parent}: <${element}> belongs to the sequence that <${alternative}> starts (one alternative of a choice), which is not there before it`,
        { path: r.path() },
      );
    }
    return { [alternative]: { [element]: read(r) } } as T;
  }
  const sequence = (current as Record<string, Record<string, unknown> | undefined>)[alternative];
  if (sequence === undefined) throw secondAlternative(r, parent, Object.keys(current)[0]!);
  if (element === alternative || sequence[element] !== undefined) throw duplicateElement(r, parent);
  sequence[element] = read(r);
  return current;
}

/**
 * The required elements of a sequence alternative that `current` holds, checked once the parent element is consumed:
 * a missing one is an error, as the schema requires it whenever the sequence is there.
 */
export function checkSequence(
  r: XmlReader,
  parent: string,
  current: object | undefined,
  alternative: string,
  required: readonly string[],
): void {
  const sequence = (current as Record<string, Record<string, unknown> | undefined> | undefined)?.[alternative];
  if (sequence === undefined) return;
  for (const name of required) if (sequence[name] === undefined) throw missingElement(r, parent, name);
}
