/**
 * Decoder functions, one per record and result: a loop over the element's children that switches on the names
 * the spec gives (in the service namespace), reading each with the reader for its declared type. Unknown elements,
 * and elements of other namespaces, are skipped; a field sent twice is an error, never last-one-wins.
 */
import type { FunctionDeclarationStructure, WriterFunction } from 'ts-morph';
import { sequenceCases, sequenceChecks, sequenceImports } from './sequences.js';
import { StructureKind } from '../../print/kinds.js';
import type {
  ChoiceAlternative,
  EnumModel,
  FieldModel,
  ListType,
  OperationModel,
  PrimitiveName,
  StructModel,
  TypeModel,
  XmlNamespace,
} from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import { tsLiteral, valueType } from '../ts-types.js';
import { fixedValue } from '../examples.js';
import { ANY_ATTRIBUTES, keepsAnyAttribute } from '../types.js';
import { arrayLiteral, arrow, call, objectLiteral } from '../expressions.js';
import { memberGroups } from './member-namespaces.js';
import { patternRegex } from '../patterns.js';
import { localName, propertyKey } from '../../load/names.js';

export function decoderName(struct: StructModel): string {
  return `read${struct.name}`;
}

const PRIMITIVE_READERS: Readonly<Record<PrimitiveName, string>> = {
  string: 'readString',
  int: 'readInt',
  long: 'readLong',
  double: 'readDouble',
  boolean: 'readBoolean',
  dateTime: 'readDateTime',
  decimal: 'readDecimal',
  float: 'readFloat',
  short: 'readShort',
  byte: 'readByte',
  unsignedByte: 'readUnsignedByte',
  unsignedShort: 'readUnsignedShort',
  unsignedInt: 'readUnsignedInt',
  unsignedLong: 'readUnsignedLong',
  base64Binary: 'readBase64',
  guid: 'readGuid',
  char: 'readChar',
  date: 'readDate',
  time: 'readTime',
  duration: 'readDuration',
  integer: 'readXsInteger',
  nonNegativeInteger: 'readXsNonNegativeInteger',
  positiveInteger: 'readXsPositiveInteger',
  NMTOKEN: 'readXsNmtoken',
  Name: 'readXsName',
  NCName: 'readXsNcName',
  language: 'readXsLanguage',
  token: 'readXsToken',
  anyURI: 'readXsAnyUri',
  xml: 'readXml',
};

/** The alternatives of a record field's choice, its own or its list's without a container (read among the fields). */
function alternativesOf(f: FieldModel): readonly ChoiceAlternative[] {
  if (f.attribute || f.text) return [];
  if (f.type.kind === 'choice') return f.type.alternatives;
  return f.type.kind === 'list' && !f.type.container && f.type.item.kind === 'choice' ? f.type.item.alternatives : [];
}

/** The runtime names the decoders of these structs and operation results use, for the import list. */
export function decoderImports(structs: readonly StructModel[], results: readonly TypeModel[] = []): string[] {
  const names = new Set<string>(['duplicateElement', 'missingElement', 'skipNil']);
  const visit = (t: TypeModel) => {
    if (t.kind === 'choice') {
      names.add('choiceReader');
      for (const a of t.alternatives) visit(a.type);
    } else if (t.kind === 'list') {
      names.add(t.nillableItems ? 'readNillableList' : 'readList');
      visit(t.item);
    } else if (t.kind === 'primitive') names.add(PRIMITIVE_READERS[t.name]);
    else if (t.kind === 'enum') names.add(enumReader(t.enum));
  };
  // A record that others extend tells which one an element holds by its xsi:type.
  if (structs.some((s) => s.base !== undefined)) names.add('derivedTypeOf');
  for (const s of structs) {
    if (s.abstract) names.add('abstractElement');
    if (keepsAnyAttribute(s)) names.add('readOtherAttributes');
    const alternatives = s.ownFields.flatMap((f) => alternativesOf(f));
    if (
      s.ownFields.some((f) => f.namespace !== undefined && !f.attribute && !f.text) ||
      alternatives.some((a) => a.namespace !== undefined)
    )
      names.add('ownNamespaceMemberName');
    else if (
      s.ownFields.some((f) => f.form === 'unqualified' && !f.attribute) ||
      alternatives.some((a) => a.form === 'unqualified')
    )
      names.add('formMemberName');
    for (const f of s.ownFields) {
      if (fixedCheck(f) !== undefined) names.add('checkFixed');
      if (f.pattern) names.add('checkPattern');
      if (f.onlyWith) names.add('onlyWithElement');
      if (f.attribute || f.text) {
        names.add(f.text ? 'readTextContent' : f.attributeNamespace ? 'readQualifiedAttribute' : 'readAttribute');
        if (textDecoder(f.type) === 'decodeText') names.add('decodeText');
        if (!f.optional && !f.text) names.add('missingAttribute');
      } else if (f.type.kind === 'list' && !f.type.container) {
        if (f.type.item.kind === 'choice') f.type.item.alternatives.forEach((a) => visit(a.type));
        else visit(f.type.item);
      } else if (f.type.kind === 'choice') {
        names.add('secondAlternative');
        if (!f.optional) names.add('missingChoice');
        f.type.alternatives.forEach((a) => visit(a.type));
        sequenceImports(f.type, names, visit);
      } else visit(f.type);
    }
  }
  results.forEach(visit);
  return [...names].sort();
}

/** The value decoders (values.ts) that attribute reads use. */
export function attributeDecoderImports(structs: readonly StructModel[]): string[] {
  const names = new Set<string>();
  for (const s of structs) for (const f of s.ownFields) if (f.attribute || f.text) names.add(textDecoder(f.type));
  return [...names].filter((n) => n !== 'decodeText').sort();
}

/** The function that decodes a value of `t` from its text (an attribute's, an HTTP POST field's). */
export function textDecoder(t: TypeModel): string {
  if (t.kind === 'enum' && t.enum.base === 'token') return PRIMITIVE_READERS.token.replace(/^read/, 'decode');
  if (t.kind !== 'primitive' || t.name === 'string') return 'decodeText';
  const reader = PRIMITIVE_READERS[t.name];
  return reader.replace(/^read/, 'decode');
}

/** An expression for a function that reads one value of `t` from the element the reader is on. */
export function readerOf(t: TypeModel): string {
  switch (t.kind) {
    case 'primitive':
      return PRIMITIVE_READERS[t.name];
    case 'enum':
      return enumReader(t.enum);
    case 'record':
      return decoderName(t.record);
    case 'list':
      return `(r: XmlReader) => ${readValue(t)}`;
    case 'choice':
      return `choiceReader<${valueType(t)}>({ ${t.alternatives.map((a) => `${propertyKey(a.name)}: ${readerOf(a.type)}`).join(', ')} })`;
  }
}

/** An expression reading one value of `t` (a list in its container) from the element the reader is on. */
export function readValue(t: TypeModel): string {
  if (t.kind !== 'list') return `${readerOf(t)}(r)`;
  // A choice's alternatives are never nil, and no list item of one is: the plain reader refuses a nil item.
  if (t.item.kind === 'choice')
    return `readList(r, ${readerOf(t.item)}${t.namespace ? `, ${tsLiteral(t.namespace.uri)}` : ''})`;
  // Unqualified items are read as members of no namespace.
  const ns = t.namespace ? `, ${tsLiteral(t.namespace.uri)}` : t.unqualifiedItems ? ", ''" : '';
  return `${t.nillableItems ? 'readNillableList' : 'readList'}(r, ${readerOf(t.item)}${ns})`;
}

/** {@link readerOf}, with a choice's reader written out. */
function readerDoc(t: TypeModel): string {
  switch (t.kind) {
    case 'list':
      return arrow('(r: XmlReader)', readValueDoc(t));
    case 'choice': {
      const readers = objectLiteral(t.alternatives.map((a) => [propertyKey(a.name), readerDoc(a.type)] as const));
      return call(`choiceReader<${valueType(t)}>`, [readers]);
    }
    default:
      return readerOf(t);
  }
}

/** {@link readValue}, with a choice's reader written out. */
function readValueDoc(t: TypeModel): string {
  if (t.kind !== 'list') return call(readerDoc(t), ['r']);
  const ns = t.namespace ? [tsLiteral(t.namespace.uri)] : t.unqualifiedItems ? ["''"] : [];
  const reader = t.item.kind !== 'choice' && t.nillableItems ? 'readNillableList' : 'readList';
  return call(reader, ['r', readerDoc(t.item), ...ns]);
}

/**
 * `serviceNamespace`: given when the field is read inside a namespace other than the service's (a WCF DataContract
 * record's). Its list's items are still in the service namespace where the list names no namespace of its own (an
 * XFire record's `ArrayOfString` of the service's schema): they are read there, not in the record's namespace.
 */
function readExpression(f: FieldModel, serviceNamespace?: string): string {
  const t = f.type;
  const inService =
    serviceNamespace !== undefined &&
    t.kind === 'list' &&
    t.container &&
    !t.namespace &&
    !t.unqualifiedItems &&
    t.item.kind !== 'choice';
  const read = inService
    ? readValueDoc({ ...t, namespace: { uri: serviceNamespace, prefix: '' } })
    : readValueDoc(f.type);
  // readEnum returns a plain string; the field's type is the open union, which accepts any string.
  return f.nillable ? `r.isNil ? skipNil(r) : ${read}` : read;
}

/**
 * The fixed value (xs:fixed) a field read is compared with, as a TypeScript literal: for a value compared by `===` (a
 * string, number or boolean; not a Date or bytes, whose fixed value is checked on the client's side only).
 */
function fixedCheck(f: FieldModel): string | undefined {
  if (f.type.kind === 'primitive' && (f.type.name === 'dateTime' || f.type.name === 'base64Binary')) return undefined;
  return fixedValue(f);
}

/** `read`, checked against the field's fixed value and its pattern (where the reader checks them) when it has them. */
function withFixedCheck(s: StructModel, f: FieldModel, read: string): string {
  const fixed = fixedCheck(f);
  const checked =
    fixed === undefined ? read : call('checkFixed', ['r', tsLiteral(s.name), tsLiteral(f.name), read, fixed]);
  return f.pattern === undefined
    ? checked
    : call('checkPattern', [
        'r',
        tsLiteral(s.name),
        tsLiteral(f.name),
        checked,
        patternRegex(f.pattern),
        tsLiteral(f.pattern.xsd),
      ]);
}

/** `if (test) throw error;` on a line of its own, the throw on the next line when it does not fit. */
function throwIf(w: Parameters<WriterFunction>[0], test: string, error: string): void {
  w.write(`if (${test}) throw ${error};`);
  w.newLine();
}

function local(f: FieldModel): string {
  return `f_${localName(f.name)}`;
}

/** The items of a list without a container are the field's own elements, repeated: each read adds one. */
function repeatedItem(f: FieldModel & { type: ListType }, alternative?: ChoiceAlternative): string {
  // Each alternative of a repeated choice is a case of its own: the item is that one member.
  if (alternative) return objectLiteral([[propertyKey(alternative.name), readValueDoc(alternative.type)]]);
  const read = call(readerDoc(f.type.item), ['r']);
  return f.type.nillableItems ? `r.isNil ? skipNil(r) : ${read}` : read;
}

/** Whether an alternative of a choice is its element repeated (a list without a container). */
function repeatedAlternative(a: ChoiceAlternative): a is ChoiceAlternative & { type: ListType } {
  return a.type.kind === 'list' && !a.type.container;
}

/** The local holding a repeated alternative's items while its record is read. */
function alternativeLocal(f: FieldModel, a: ChoiceAlternative): string {
  return `${local(f)}_${localName(a.name)}`;
}

/** `list.push(item);` */
function push(w: Parameters<WriterFunction>[0], list: string, item: string): void {
  w.write(`${call(`${list}.push`, [item])};`);
  w.newLine();
}

/**
 * `subtypes`: the records that extend `s`, directly or not. An element declared as `s` that holds one of them says so
 * with xsi:type, as .NET writes it, and is read as that type, with its own fields.
 */
export function decoderFunction(
  s: StructModel,
  subtypes: readonly StructModel[] = [],
  serviceNamespace?: string,
): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name: decoderName(s),
    isExported: true,
    parameters: [{ name: 'r', type: 'XmlReader' }],
    returnType: s.name,
    docs: [
      jsDoc(
        `Decodes a ${s.name} from the element the reader is positioned on: its children in any order, unknown ones and those of other namespaces skipped, none twice.`,
        subtypes.length > 0
          ? `An element with xsi:type ${subtypes.map((t) => t.name).join(', ')} is read as that type.`
          : undefined,
        s.abstract ? `${s.name} is abstract: an element that names none of those is refused.` : undefined,
      ),
    ],
    statements: (w) => writeDecoderBody(recordDecoder(w, s, serviceNamespace), subtypes),
  };
}

type Writer = Parameters<WriterFunction>[0];

/** What the steps writing one record's decoder share: the record, its fields by where they are on the wire. */
interface RecordDecoder {
  readonly w: Writer;
  readonly s: StructModel;
  readonly serviceNamespace: string | undefined;
  readonly attributes: readonly FieldModel[];
  readonly text: FieldModel | undefined;
  readonly elements: readonly FieldModel[];
  readonly alternatives: readonly ChoiceAlternative[];
  /** The fields a case has been written for already: a base's and its extension's of one element name share one. */
  readonly shared: Set<FieldModel>;
}

function recordDecoder(w: Writer, s: StructModel, serviceNamespace: string | undefined): RecordDecoder {
  const elements = s.fields.filter((f) => !f.attribute && !f.text);
  return {
    w,
    s,
    serviceNamespace,
    attributes: s.fields.filter((f) => f.attribute),
    text: s.fields.find((f) => f.text),
    elements,
    alternatives: elements.flatMap((f) => alternativesOf(f)),
    shared: new Set<FieldModel>(),
  };
}

/** The decoder's statements, in the order the reader meets what they read: start tag, children, then the checks. */
function writeDecoderBody(d: RecordDecoder, subtypes: readonly StructModel[]): void {
  const { w, s, text } = d;
  if (subtypes.length > 0) writeSubtypeSwitch(w, s, subtypes);
  if (s.abstract) {
    // An element holding the abstract type itself (no xsi:type naming one extending it) is not valid XML Schema.
    w.write(`throw ${call('abstractElement', ['r', tsLiteral(s.name)])};`);
    return;
  }
  writeAttributeReads(d);
  const anyAttribute = keepsAnyAttribute(s);
  if (anyAttribute) {
    const own = d.attributes.map((f) =>
      tsLiteral(f.attributeNamespace ? `{${f.attributeNamespace.uri}}${f.xmlName}` : f.xmlName),
    );
    w.write(`const others = ${call('readOtherAttributes', ['r', arrayLiteral(own)])};`);
    w.newLine();
  }
  if (text) {
    // Text content (xs:simpleContent): the element holds nothing else, and reading it consumes the element.
    w.write(`const ${local(text)} = ${call('readTextContent', ['r', textDecoder(text.type)])};`);
    w.newLine();
  }
  writeElementLocals(d);
  // Text content (xs:simpleContent) has no child elements: reading the text consumed the element.
  if (!text) writeMemberLoop(d);
  writeElementChecks(d);
  writeResult(d, anyAttribute);
}

/** An element naming a subtype with xsi:type is read by that subtype's decoder. */
function writeSubtypeSwitch(w: Writer, s: StructModel, subtypes: readonly StructModel[]): void {
  const entries = [s, ...subtypes].map((t) =>
    arrayLiteral([tsLiteral(t.xmlName), ...(t.namespace ? [tsLiteral(t.namespace.uri)] : [])]),
  );
  w.write(`switch (${call('derivedTypeOf', ['r', arrayLiteral(entries)])})`);
  w.block(() => {
    for (const sub of subtypes) {
      w.writeLine(`case '${sub.xmlName}':`);
      w.indent(() => w.writeLine(`return ${decoderName(sub)}(r);`));
    }
  });
}

/** Attributes are on the start tag, which the first nextChild() leaves: they are read before the children. */
function writeAttributeReads(d: RecordDecoder): void {
  const { w, s } = d;
  for (const f of d.attributes) {
    const read = f.attributeNamespace
      ? call('readQualifiedAttribute', [
          'r',
          tsLiteral(f.attributeNamespace.uri),
          tsLiteral(f.xmlName),
          textDecoder(f.type),
        ])
      : call('readAttribute', ['r', tsLiteral(f.xmlName), textDecoder(f.type)]);
    w.write(`const ${local(f)} = ${withFixedCheck(s, f, read)};`);
    w.newLine();
    if (!f.optional)
      throwIf(w, `${local(f)} === undefined`, call('missingAttribute', ['r', tsLiteral(s.name), tsLiteral(f.xmlName)]));
  }
}

/** The locals the children are read into: a list for a repeated element, undefined until the element comes. */
function writeElementLocals(d: RecordDecoder): void {
  const { w } = d;
  for (const f of d.elements) {
    if (f.type.kind === 'list' && !f.type.container) {
      w.writeLine(`const ${local(f)}: ${valueType(f.type)} = [];`);
      continue;
    }
    // A repeated alternative's items are gathered in a list of their own, the choice's value once the first comes.
    for (const a of f.type.kind === 'choice' ? f.type.alternatives.filter(repeatedAlternative) : []) {
      w.writeLine(`const ${alternativeLocal(f, a)}: ${valueType(a.type)} = [];`);
    }
    const type = f.nillable ? `${valueType(f.type)} | null` : valueType(f.type);
    w.write(`let ${local(f)}: ${type} | undefined;`);
    w.newLine();
  }
}

/**
 * The loop over the children. Its fields are in a namespace of its own (WCF's DataContract): read as members while
 * inside it. A type extending one of another namespace has its members in both: each namespace's fields are looked for
 * in turn, an element none of them holds is skipped, and each value is read in the namespace its field was found in.
 */
function writeMemberLoop(d: RecordDecoder): void {
  const { w, s } = d;
  const groups = memberGroups(s, d.elements);
  const memberSwitch = `switch (${memberNameExpression(d)})`;
  const inGroup = (i: number): void => {
    const ns = groups[i]!.namespace;
    if (groups.length > 1) w.writeLine(`r.memberNamespace = ${ns ? tsLiteral(ns.uri) : 'outer'};`);
    // Unqualified fields are in no namespace: one in the member namespace is not that field, nor the other way round.
    w.write(memberSwitch);
    w.block(() => {
      writeCases(d, groups[i]!.fields, ns);
      w.writeLine('default:');
      w.indent(() => (i + 1 < groups.length ? inGroup(i + 1) : w.writeLine('r.skip();')));
    });
  };
  if (groups.length > 1) w.writeLine(`const outer = r.memberNamespace;`);
  else if (s.namespace)
    w.writeLine(`const outer = r.memberNamespace;`).writeLine(`r.memberNamespace = ${tsLiteral(s.namespace.uri)};`);
  w.write('while (r.nextChild())').block(() => inGroup(0));
  if (s.namespace || groups.length > 1) w.writeLine('r.memberNamespace = outer;');
}

/** The expression naming the child the reader is on, with the namespace rules its members need. */
function memberNameExpression(d: RecordDecoder): string {
  // The members in no namespace: unqualified fields' elements and a choice's unqualified alternatives.
  const unqualified = [
    ...d.elements.filter((f) => f.form === 'unqualified').map((f) => f.xmlName),
    ...d.alternatives.filter((a) => a.form === 'unqualified').map((a) => a.name),
  ];
  // A field in a namespace of its own (an element reference to another schema) is that field only there.
  const own = [
    ...d.elements
      .filter((f) => f.namespace !== undefined)
      .map((f) => `${propertyKey(f.name)}: ${tsLiteral(f.namespace!.uri)}`),
    ...d.alternatives
      .filter((a) => a.namespace !== undefined)
      .map((a) => `${propertyKey(a.name)}: ${tsLiteral(a.namespace!.uri)}`),
  ];
  const names = arrayLiteral(unqualified.map(tsLiteral));
  if (own.length > 0) return call('ownNamespaceMemberName', ['r', names, objectLiteral(own)]);
  return unqualified.length > 0 ? call('formMemberName', ['r', names]) : 'r.memberName';
}

/** The switch's cases for the fields of one namespace (`ns`: undefined for the service's). */
function writeCases(d: RecordDecoder, fields: readonly FieldModel[], ns: XmlNamespace | undefined): void {
  for (const f of fields) {
    const choice =
      f.type.kind === 'choice'
        ? f.type
        : f.type.kind === 'list' && !f.type.container && f.type.item.kind === 'choice'
          ? f.type.item
          : undefined;
    if (choice) writeChoiceCases(d, f, choice.alternatives);
    else if (!d.shared.has(f)) writeFieldCase(d, f, fields, ns);
  }
}

/** A case per alternative of a choice field (or of its repeated items): each sets the one alternative present. */
function writeChoiceCases(d: RecordDecoder, f: FieldModel, alternatives: readonly ChoiceAlternative[]): void {
  const { w, s } = d;
  for (const a of alternatives) {
    if (a.sequence) {
      sequenceCases(w, s.name, local(f), a, readerOf);
      continue;
    }
    w.writeLine(`case '${a.name}':`);
    w.indent(() => {
      if (f.type.kind === 'list') push(w, local(f), repeatedItem(f as FieldModel & { type: ListType }, a));
      else if (repeatedAlternative(a)) {
        // Its elements are its items; another alternative before or after them is a second one.
        const others = `${local(f)} !== undefined && ${local(f)}[${tsLiteral(a.name)}] === undefined`;
        throwIf(w, others, call('secondAlternative', ['r', tsLiteral(s.name), `Object.keys(${local(f)})[0]!`]));
        w.writeLine(`${local(f)} ??= { ${propertyKey(a.name)}: ${alternativeLocal(f, a)} };`);
        push(w, alternativeLocal(f, a), repeatedItem({ ...f, type: a.type } as FieldModel & { type: ListType }));
      } else {
        throwIf(
          w,
          `${local(f)} !== undefined`,
          call('secondAlternative', ['r', tsLiteral(s.name), `Object.keys(${local(f)})[0]!`]),
        );
        w.write(`${local(f)} = ${objectLiteral([[propertyKey(a.name), readValueDoc(a.type)]])};`);
        w.newLine();
      }
      w.writeLine('break;');
    });
  }
}

/**
 * The case of a field's element. A base's field and its extension's of one element name (xmlName): read in wire order,
 * the element is the earlier field's until that one, or a field after it, has been read.
 */
function writeFieldCase(
  d: RecordDecoder,
  f: FieldModel,
  fields: readonly FieldModel[],
  ns: XmlNamespace | undefined,
): void {
  const { w, elements } = d;
  const same = fields.filter((x) => x.xmlName === f.xmlName && x.type.kind !== 'choice');
  for (const x of same) d.shared.add(x);
  w.writeLine(`case '${f.xmlName}':`);
  w.indent(() => {
    same.slice(0, -1).forEach((x, k) => {
      const next = same[k + 1]!;
      const after = elements.slice(elements.indexOf(x) + 1, elements.indexOf(next) + 1);
      const free = [...(repeated(x) ? [] : [x]), ...after].map((y) =>
        repeated(y) ? `${local(y)}.length === 0` : `${local(y)} === undefined`,
      );
      w.write(`${k === 0 ? '' : 'else '}if (${free.join(' && ')})`).block(() => readInto(d, x, ns, false));
    });
    if (same.length === 1) readInto(d, f, ns, true);
    else w.write('else').block(() => readInto(d, same.at(-1)!, ns, true));
    w.writeLine('break;');
  });
}

/** Whether a field is its element repeated (a list without a container), gathered in a list as they come. */
function repeated(f: FieldModel): boolean {
  return f.type.kind === 'list' && !f.type.container;
}

/** Reads the element into `f`; `once`: an element of a field already read is a duplicate. */
function readInto(d: RecordDecoder, f: FieldModel, ns: XmlNamespace | undefined, once: boolean): void {
  const { w, s } = d;
  if (repeated(f)) {
    push(w, local(f), repeatedItem(f as FieldModel & { type: ListType }));
    return;
  }
  if (once) throwIf(w, `${local(f)} !== undefined`, call('duplicateElement', ['r', tsLiteral(s.name)]));
  w.write(`${local(f)} = ${withFixedCheck(s, f, readExpression(f, ns ? d.serviceNamespace : undefined))};`);
  w.newLine();
}

/** After the children: each required element came, and the rules between them hold. */
function writeElementChecks(d: RecordDecoder): void {
  const { w, s, elements } = d;
  for (const f of elements.filter((x) => !x.optional && !(x.type.kind === 'list' && !x.type.container))) {
    if (f.type.kind === 'choice') {
      const names = arrayLiteral(f.type.alternatives.map((a) => tsLiteral(a.name)));
      throwIf(w, `${local(f)} === undefined`, call('missingChoice', ['r', tsLiteral(s.name), names]));
      continue;
    }
    throwIf(w, `${local(f)} === undefined`, call('missingElement', ['r', tsLiteral(s.name), tsLiteral(f.xmlName)]));
  }
  for (const f of elements) sequenceChecks(w, s.name, local(f), f.type);
  // An element of a sequence that is one alternative of a choice is there only with that alternative's first one.
  for (const f of elements.filter((x) => x.onlyWith)) {
    const { choice, alternative } = f.onlyWith!;
    const present = repeated(f) ? `${local(f)}.length > 0` : `${local(f)} !== undefined`;
    throwIf(
      w,
      `${present} && ${local(choice)}?.${propertyKey(alternative) === alternative ? alternative : `[${tsLiteral(alternative)}]`} === undefined`,
      call('onlyWithElement', ['r', tsLiteral(s.name), tsLiteral(f.xmlName), tsLiteral(alternative)]),
    );
  }
}

/** The record built from the locals; `anyAttribute`: the attributes it does not declare are kept too. */
function writeResult(d: RecordDecoder, anyAttribute: boolean): void {
  const { w, s } = d;
  // A record without members is `{}` (an empty object prettier writes on one line).
  if (s.fields.length === 0 && !anyAttribute) {
    w.write('return {};');
    return;
  }
  w.write('return ').inlineBlock(() => {
    for (const f of s.fields) w.writeLine(`${propertyKey(f.name)}: ${local(f)},`);
    if (anyAttribute) w.writeLine(`${ANY_ATTRIBUTES}: others,`);
  });
  w.write(';');
}

/** The types that extend each struct, directly or not, in the model's order. */
export function subtypesOf(structs: readonly StructModel[]): Map<StructModel, StructModel[]> {
  const map = new Map<StructModel, StructModel[]>();
  for (const s of structs) {
    for (let base = s.base; base !== undefined; base = base.base) {
      const list = map.get(base) ?? [];
      list.push(s);
      map.set(base, list);
    }
  }
  return map;
}

/** The name of the function that decodes an operation's result. */
export function resultDecoderName(op: OperationModel): string {
  const r = op.result;
  if (r.kind !== 'void' && r.struct) return decoderName(r.struct);
  return `read${op.tsName}Result`;
}

/** A decoder for a result that is not a record: a value or a list, read from the result element. */
export function resultDecoderFunction(op: OperationModel): FunctionDeclarationStructure | undefined {
  const r = op.result;
  if (r.kind !== 'value' || r.struct) return undefined;
  return {
    kind: StructureKind.Function,
    name: resultDecoderName(op),
    isExported: true,
    parameters: [{ name: 'r', type: 'XmlReader' }],
    returnType: valueType(r.type),
    docs: [jsDoc(`Decodes the result of ${op.name} from the element the reader is positioned on.`)],
    statements: [`return ${readValue(r.type)};`],
  };
}

/**
 * The reader of an enum's element: its text as sent, or, for an enumeration of xs:token, its text with the whitespace
 * collapsed (as XML Schema compares a token), so `" A  B "` is read as the member `A B`. Either way any string is
 * kept: enums are open.
 */
function enumReader(e: EnumModel): string {
  return e.base === 'token' ? PRIMITIVE_READERS.token : 'readEnum';
}
