/**
 * Building blocks of the generated request encoders for values that are more than one text: records, lists, XML
 * content and nil. A writer returns the whole element as markup; every text in it has been through a value encoder
 * (which refuses characters XML cannot carry) and {@link escapeXmlText}, so nothing the caller passes can change the
 * document's structure. Paths in errors name the parameter and the fields inside it (`filter.Lines[2].Qty`).
 */
import { SvcError, SvcRequestError } from '../errors.js';
import { XSD_NAMESPACE, XSI_NAMESPACE, indexOfNonXmlChar } from './xml-chars.js';
import { ITEMS_PER_CLOCK_CHECK, SliceEnd, currentSlices, type WriteSlices } from './write-slices.js';
import { XmlReader } from './xml-reader.js';
import { escapeXmlAttribute, escapeXmlText, type NestedValue } from './xml-writer.js';

/** Writes one value as the element `name`; `path` names it in errors. */
export type WriteValue<T> = (name: string, value: T, path: string) => string;

/** A value encoder of values.ts: the value's text, or a SvcRequestError naming `path`. */
export type EncodeValue<T> = (value: T, path: string) => string;

export type { NestedValue } from './xml-writer.js';

function reject(path: string, message: string): never {
  throw new SvcRequestError(`${path} ${message}`);
}

/**
 * The encoder of a field whose value is fixed (xs:fixed): `encode`'s text must be `fixed`; any other value is refused
 * before anything is sent, since the service's schema takes no other.
 */
export function fixedText<T>(encode: EncodeValue<T>, fixed: string): EncodeValue<T> {
  return (value, path) => {
    const text = encode(value, path);
    if (text !== fixed) reject(path, `is ${JSON.stringify(text)}, but its value is fixed: ${JSON.stringify(fixed)}`);
    return text;
  };
}

/**
 * The encoder of a value restricted by a pattern (xs:pattern): `encode`'s text must match `pattern` (the schema's
 * `xsd`, translated), or it is refused before anything is sent, as the service's schema would refuse it.
 */
export function patternText<T>(encode: EncodeValue<T>, pattern: RegExp, xsd: string): EncodeValue<T> {
  return (value, path) => {
    const text = encode(value, path);
    if (!pattern.test(text))
      reject(path, `is ${JSON.stringify(text)}, which does not match its pattern ${JSON.stringify(xsd)}`);
    return text;
  };
}

/** A writer for a value with a text form: `<name>text</name>`, the text escaped. */
export function textWriter<T>(encode: EncodeValue<T>): WriteValue<T> {
  return (name, value, path) => `<${name}>${escapeXmlText(encode(value, path))}</${name}>`;
}

/**
 * The nil form of an element, `<name xsi:nil="true"/>` (the envelope declares the xsi prefix); `unqualified`: in no
 * namespace, `<name xmlns="" xsi:nil="true"/>`.
 */
export function nilElement(name: string, unqualified = false): string {
  return `<${name}${unqualified ? ' xmlns=""' : ''} xsi:nil="true"/>`;
}

/**
 * A writer of elements in no namespace (`form="unqualified"`, elementFormDefault="unqualified"): the element `write`
 * makes, with `xmlns=""` on its start tag. What is inside keeps no namespace either, so its own elements are
 * unqualified too, or carry a prefix (the spec's checks make sure of it).
 */
export function unqualifiedWriter<T>(write: WriteValue<T>): WriteValue<T> {
  return (name, value, path) => `<${name} xmlns=""${write(name, value, path).slice(name.length + 1)}`;
}

/** A record's text content (xs:simpleContent), escaped: never left out, never nil (it may be the empty text). */
export function writeText<T>(value: unknown, path: string, encode: EncodeValue<T>): string {
  if (value === undefined || value === null)
    reject(path, value === null ? 'cannot be null (the text content is never nil)' : 'is required');
  return escapeXmlText(encode(value as T, path));
}

/**
 * Checks that XML content given as text is a well-formed fragment (elements balanced, references defined, no
 * DOCTYPE) and returns it as it is: it is written into the document unescaped, so anything less would let it break
 * the envelope.
 */
export function encodeXml(value: string, path: string): string {
  if (typeof value !== 'string') reject(path, `must be XML content as a string, got ${typeof value}`);
  // The fragment may use the prefixes the envelope declares (xsi, xsd), as content from a service would.
  const at = indexOfNonXmlChar(value);
  if (at >= 0)
    reject(
      path,
      `contains U+${value.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')} at index ${at}, which XML 1.0 cannot carry`,
    );
  const reader = new XmlReader(`<x xmlns:xsi="${XSI_NAMESPACE}" xmlns:xsd="${XSD_NAMESPACE}">${value}</x>`);
  try {
    reader.readRoot();
    // Nesting, names, comments, CDATA and processing instructions are checked by skipping; a DOCTYPE is refused.
    reader.skip();
    reader.readEnd();
  } catch (error) {
    reject(path, `is not well-formed XML content: ${error instanceof SvcError ? error.message : String(error)}`);
  }
  const text = value.replace(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->/g, (m) => ' '.repeat(m.length));
  const reference = /&(?!(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)/.exec(text);
  if (reference)
    reject(
      path,
      `is not well-formed XML content: "&" at index ${reference.index} starts no character or predefined entity reference`,
    );
  return value;
}

/** XML content as an element: `<name>content</name>`, the content as given (checked well-formed). */
export const writeXmlContent: WriteValue<string> = (name, value, path) =>
  `<${name}>${encodeXml(value, path)}</${name}>`;

/**
 * A list in its container: `<name><item>…</item>…</name>`, a nil item as `<item xsi:nil="true"/>`. `xmlns`: the
 * declaration of the prefix `item` carries where the items are in a namespace of their own (`' xmlns:ns1="…"'`).
 * `unqualified`: the items are in no namespace, each written with `xmlns=""`.
 */
export function listWriter<T>(
  item: string,
  write: WriteValue<T>,
  nillableItems: boolean,
  xmlns: string = '',
  unqualified = false,
): WriteValue<ReadonlyArray<T | null>> {
  const items = itemsWriter(write, nillableItems, unqualified);
  return (name, values, path) => {
    const inner = items(item, values, path);
    return inner === '' ? `<${name}/>` : `<${name}${xmlns}>${inner}</${name}>`;
  };
}

/**
 * A list without a container: each item is an element `name` of its own, repeated (none for an empty list). Inside a
 * write in slices (write-slices.ts) it is resumable: it keeps what it wrote when a slice ends, and carries on from
 * there when the write runs again.
 */
export function itemsWriter<T>(
  write: WriteValue<T>,
  nillableItems: boolean,
  unqualified = false,
): WriteValue<ReadonlyArray<T | null>> {
  const element = unqualified ? unqualifiedWriter(write) : write;
  const item = (name: string, value: T | null | undefined, at: string): string => {
    if (value !== null && value !== undefined) return element(name, value, at);
    if (!nillableItems) reject(at, `is ${String(value)}, but the items of this list cannot be nil`);
    return nilElement(name, unqualified);
  };
  return (name, values, path) => {
    if (!Array.isArray(values)) reject(path, `must be an array, got ${values === null ? 'null' : typeof values}`);
    const slices = currentSlices();
    if (slices !== undefined) return itemsInSlices(slices, item, name, values, path);
    let out = '';
    for (let i = 0; i < values.length; i++) out += item(name, values[i] as T | null | undefined, `${path}[${i}]`);
    return out;
  };
}

/**
 * A list writer (`write`: {@link listWriter} or {@link itemsWriter}) that first checks the list's length against the
 * item element's minOccurs and maxOccurs: a list the schema cannot take is refused before anything is written.
 */
export function boundedList<T>(
  write: WriteValue<ReadonlyArray<T | null>>,
  minItems: number,
  maxItems: number,
): WriteValue<ReadonlyArray<T | null>> {
  return (name, values, path) => {
    if (Array.isArray(values) && values.length < minItems)
      reject(path, `has ${values.length} items, fewer than the ${minItems} it must have`);
    if (Array.isArray(values) && values.length > maxItems)
      reject(path, `has ${values.length} items, more than the ${maxItems} it may have`);
    return write(name, values, path);
  };
}

/** The items of a list inside a write in slices: from where the list stopped, looking at the clock now and then. */
function itemsInSlices<T>(
  slices: WriteSlices,
  item: (name: string, value: T | null | undefined, at: string) => string,
  name: string,
  values: ReadonlyArray<T | null>,
  path: string,
): string {
  const progress = slices.progressOf(values, name);
  let { out, next: i } = progress;
  try {
    while (i < values.length) {
      out += item(name, values[i] as T | null | undefined, `${path}[${i}]`);
      i++;
      // Looked at after an item is written, so that every run of the write moves on by at least one item.
      if (i % ITEMS_PER_CLOCK_CHECK === 0 && i < values.length && performance.now() > slices.deadline)
        throw SliceEnd.instance;
    }
  } finally {
    // Kept whether the slice ended here or in an item's own list: the item that was being written is written again.
    progress.out = out;
    progress.next = i;
  }
  return out;
}

/**
 * One member of a record: nothing when it is undefined and may be left out, the nil form when it is null and may be
 * nil, else the value's element.
 */
export function writeMember<T>(
  name: string,
  value: unknown,
  path: string,
  write: WriteValue<T>,
  nillable: boolean,
  optional: boolean,
  unqualified = false,
): string {
  if (value === undefined) {
    if (optional) return '';
    return reject(path, 'is required');
  }
  if (value === null) {
    if (nillable) return nilElement(name, unqualified);
    return reject(path, optional ? 'cannot be null (leave it out instead)' : 'cannot be null');
  }
  // The writers check the value's type at run time (a record's shape, a number's range), whatever it claims to be.
  return (unqualified ? unqualifiedWriter(write) : write)(name, value as T, path);
}

/** One attribute of a record, ` name="value"` with a leading space, or '' when it is left out and may be. */
export function writeAttribute<T>(
  name: string,
  value: unknown,
  path: string,
  encode: EncodeValue<T>,
  optional: boolean,
): string {
  if (value === undefined || value === null) {
    if (optional && value === undefined) return '';
    return reject(path, value === null ? 'cannot be null (an attribute is left out instead)' : 'is required');
  }
  return ` ${name}="${escapeXmlAttribute(encode(value as T, path))}"`;
}

/** The namespaces whose attributes are the writers' own or XML's: never taken from `$attributes`. */
const RESERVED_ATTRIBUTE_NAMESPACES = new Set([XSI_NAMESPACE, 'http://www.w3.org/2000/xmlns/']);
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
const NCNAME =
  /^[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][\w.\-\u00B7\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u037D\u037F-\u1FFF\u200C-\u200D\u203F-\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]*$/;

/**
 * A record's other attributes (xs:anyAttribute, its `$attributes`) as start-tag markup: each value escaped; a key
 * `{uri}name` in namespace `uri`, through a prefix `at1`, `at2`... declared on the same tag (`xml` for XML's own
 * namespace); a plain key unqualified. Refuses what would change the element rather than add to it: a name that is
 * no XML name, an attribute field's name (set the field), xmlns and xsi attributes, a value that is not a string or
 * holds a character XML cannot carry.
 * @param value - the `$attributes` member, undefined for none
 * @param path - where it is, for errors
 * @param own - the record's attribute fields
 */
export function writeOtherAttributes(value: unknown, path: string, own: readonly string[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object' || Array.isArray(value)) reject(path, 'must be an object of attribute values by name');
  let declarations = '';
  let attributes = '';
  const prefixes = new Map<string, string>();
  for (const [key, text] of Object.entries(value as Record<string, unknown>)) {
    if (text === undefined) continue;
    const at = `${path}[${JSON.stringify(key)}]`;
    if (typeof text !== 'string') reject(at, `must be a string, got ${text === null ? 'null' : typeof text}`);
    if (indexOfNonXmlChar(text) >= 0) reject(at, 'holds a character XML cannot carry');
    const clark = /^\{([^}]*)\}(.*)$/s.exec(key);
    const uri = clark ? clark[1]! : '';
    const local = clark ? clark[2]! : key;
    if (!NCNAME.test(local)) reject(at, 'is not an XML attribute name (a name without a colon, or {namespace}name)');
    let name = local;
    if (uri === '') {
      if (own.includes(local)) reject(at, `is an attribute field of the record: set the field ${local} instead`);
      if (local === 'xmlns') reject(at, 'is a namespace declaration, which the writer makes itself');
    } else if (RESERVED_ATTRIBUTE_NAMESPACES.has(uri)) {
      reject(at, 'is in a namespace whose attributes the writer makes itself (xsi or xmlns)');
    } else if (uri === XML_NAMESPACE) {
      name = `xml:${local}`;
    } else {
      let prefix = prefixes.get(uri);
      if (prefix === undefined) {
        prefix = `at${prefixes.size + 1}`;
        prefixes.set(uri, prefix);
        declarations += ` xmlns:${prefix}="${escapeXmlAttribute(uri)}"`;
      }
      name = `${prefix}:${local}`;
    }
    attributes += ` ${name}="${escapeXmlAttribute(text)}"`;
  }
  return declarations + attributes;
}

/**
 * Which type extending a record a value of it is, told by its members, as .NET's `xsi:type` names it: undefined when
 * the record itself has every member given, else the first of `subtypes` (fewest members first) that has them all.
 * A value no type fits is left to the record's own writer, which refuses the member it does not have.
 * @param value - the value, as the caller gave it
 * @param own - the record's members
 * @param subtypes - each type extending it, directly or not, with all its members
 */
export function derivedType(
  value: unknown,
  own: readonly string[],
  subtypes: ReadonlyArray<readonly [name: string, members: readonly string[]]>,
): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const given = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  if (given.every((k) => own.includes(k))) return undefined;
  return subtypes.find(([, members]) => given.every((k) => members.includes(k)))?.[0];
}

/**
 * The record a value of an abstract record is written as: the first of `concrete` (each with its members and its
 * required ones) that has every member the value gives and whose required members it gives; undefined when none.
 * Members alone may not tell two concrete records apart (ones that add nothing to the abstract one): the first is then
 * taken, a valid document either way.
 */
export function concreteType(
  value: unknown,
  concrete: ReadonlyArray<readonly [name: string, members: readonly string[], required: readonly string[]]>,
): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const given = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
  return concrete.find(
    ([, members, required]) => given.every((k) => members.includes(k)) && required.every((k) => given.includes(k)),
  )?.[0];
}

/**
 * Refuses a value of an abstract record (XML Schema abstract="true") that is none of the records extending it (told
 * apart by their members, as derivedType does): no element may hold the abstract type itself, and a service refuses
 * one that does, so it is stopped before anything is sent.
 */
export function abstractRecord(path: string, type: string, concrete: readonly string[]): never {
  const choose =
    concrete.length > 0
      ? `give the members of one of the records extending it: ${concrete.join(', ')}`
      : 'no record extends it';
  reject(path, `is a ${type}, which is abstract (no value is of that type itself): ${choose}`);
}

/**
 * Checks a record value's shape: an object (not an array), no member the record does not have (a misspelt name would
 * otherwise be dropped silently), every required member given. Returns it as a plain record for the writer.
 */
export function checkRecord(
  path: string,
  value: unknown,
  known: readonly string[],
  required: readonly string[],
): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    reject(
      path,
      `must be an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  const given = value as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!known.includes(name) && given[name] !== undefined) {
      reject(
        `${path}.${name}`,
        `is not a member of this record (expected: ${known.length > 0 ? known.join(', ') : 'none'})`,
      );
    }
  }
  for (const name of required) {
    if (given[name] === undefined) reject(`${path}.${name}`, 'is required');
  }
  return given;
}

/** Encodes an enum value, which must be one of `values` (an unknown one would be refused by the service). */
export function enumEncoder(type: string, values: readonly string[]): EncodeValue<string> {
  return (value, path) => {
    if (typeof value !== 'string') reject(path, `must be a ${type} value (a string), got ${typeof value}`);
    if (!values.includes(value)) reject(path, `is not a ${type} value (expected one of ${values.join(', ')})`);
    return value;
  };
}

/** A parameter sent as xsi:nil: the nil element for SOAP, nothing in an HTTP POST form (the field is left out). */
export function nilParam(name: string): NestedValue {
  return { element: nilElement(name), form: [] };
}

/**
 * A parameter whose SOAP element is written by `write`; `form` gives its HTTP POST fields, when it has any. The fields
 * are worked out only when a form is sent: a nil item, which a form cannot carry, is still sent in SOAP.
 */
export function nestedParam<T>(
  name: string,
  value: T,
  path: string,
  write: WriteValue<T>,
  form?: (value: T, path: string) => readonly string[],
): NestedValue {
  const element = write(name, value, path);
  if (form === undefined) return { element, form: undefined };
  return {
    element,
    get form() {
      return form(value, path);
    },
  };
}

/**
 * A repeated parameter (a list without a container, ASMX's `[XmlElement] T[] name`): each item its own element `name`,
 * none for an empty list, written by `items` (an {@link itemsWriter}) after the list's length is checked against
 * `bounds` (minItems, maxItems) when it has any; `form` as for {@link nestedParam}.
 */
export function repeatedParam<T>(
  name: string,
  values: ReadonlyArray<T | null>,
  path: string,
  items: WriteValue<ReadonlyArray<T | null>>,
  bounds?: readonly [minItems: number, maxItems: number],
  form?: (values: ReadonlyArray<T | null>, path: string) => readonly string[],
): NestedValue {
  const element = (bounds === undefined ? items : boundedList(items, bounds[0], bounds[1]))(name, values, path);
  // Every item was checked above: each is written again alone, for the envelope to qualify one by one.
  const each = values.map((value, i) => items(name, [value], `${path}[${i}]`));
  if (form === undefined) return { element, form: undefined, items: each };
  return {
    element,
    items: each,
    get form() {
      return form(values, path);
    },
  };
}

/**
 * The HTTP POST fields of a list of XML Schema values or enums: the same field repeated, one per item. An empty list
 * is refused: it would be no field at all, which ASMX answers with a 500 (it reads a list's fields without a check).
 */
export function formList<T>(encode: EncodeValue<T>): (values: ReadonlyArray<T | null>, path: string) => string[] {
  return (values, path) => {
    if (values.length === 0)
      reject(
        path,
        'is an empty list, which an HTTP POST form cannot carry (ASMX needs at least one field); call it over SOAP',
      );
    return values.map((value, i) => {
      if (value === null || value === undefined)
        reject(`${path}[${i}]`, 'is null, which an HTTP POST form cannot carry');
      return encode(value, `${path}[${i}]`);
    });
  };
}

/**
 * Refuses a member of a sequence that is one alternative of a choice (drafted as its first element, the rest as
 * fields after the choice) given beside another alternative: the schema has no place for it there. `choicePath` is
 * the choice's path, `alternative` the one it belongs with.
 */
export function checkOnlyWith(
  value: unknown,
  choice: unknown,
  alternative: string,
  path: string,
  choicePath: string,
): void {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
  if (choice !== null && typeof choice === 'object' && (choice as Record<string, unknown>)[alternative] !== undefined)
    return;
  reject(
    path,
    `is sent only with ${choicePath}.${alternative} (it belongs to the sequence that is that alternative of the choice); leave it out`,
  );
}

/**
 * A writer for a choice (xs:choice): the value is an object with exactly one member, the alternative to send, which
 * is written as its own element (the choice has none; `name` only lends its namespace prefix, `ns1:` in `ns1:X`),
 * or as `element` where the alternative gives one (in no namespace, or with a prefix of its own namespace).
 * No member, two members or one the choice lacks is refused before anything is sent: the service would read either
 * none or the first, and drop the rest silently.
 */
export function choiceWriter(
  alternatives: ReadonlyArray<readonly [name: string, write: WriteValue<never>, element?: string]>,
): WriteValue<object> {
  const names = alternatives.map(([n]) => n);
  return (name, value, path) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      reject(
        path,
        `must be an object with one of ${names.join(', ')}, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
      );
    }
    const given = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
    for (const k of given)
      if (!names.includes(k))
        reject(`${path}.${k}`, `is not an alternative of this choice (expected one of: ${names.join(', ')})`);
    if (given.length !== 1) {
      reject(
        path,
        given.length === 0
          ? `must hold one of ${names.join(', ')}, but holds none`
          : `must hold exactly one of ${names.join(', ')}, but holds ${given.join(' and ')}`,
      );
    }
    const chosen = given[0]!;
    const member = (value as Record<string, unknown>)[chosen];
    const at = `${path}.${chosen}`;
    if (member === null) reject(at, 'cannot be null (an alternative is sent as its element; choose another one)');
    const prefix = name.slice(0, name.indexOf(':') + 1);
    const [, write, element] = alternatives.find(([n]) => n === chosen)!;
    return (write as WriteValue<unknown>)(element ?? `${prefix}${chosen}`, member, at);
  };
}

/**
 * The writer of a sequence that is an alternative of a choice (xs:sequence inside xs:choice): no element of its own,
 * its members' elements written in order where the choice stands, each with the prefix of `name` (the choice's). The
 * value is a record of the members: an unknown one, a missing required one or a null is refused before sending.
 */
export function sequenceWriter(
  members: ReadonlyArray<readonly [name: string, write: WriteValue<never>, optional: boolean]>,
): WriteValue<object> {
  const known = members.map(([n]) => n);
  const required = members.filter(([, , optional]) => !optional).map(([n]) => n);
  return (name, value, path) => {
    const v = checkRecord(path, value, known, required);
    const prefix = name.slice(0, name.indexOf(':') + 1);
    return members
      .map(([member, write, optional]) =>
        writeMember(`${prefix}${member}`, v[member], `${path}.${member}`, write, false, optional),
      )
      .join('');
  };
}
