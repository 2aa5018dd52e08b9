/**
 * Request encoders, one per operation: check the caller's object, encode each parameter as its declared SOAP
 * type in wire order and spelling, mark where credentials go, and compute the EAT value for signing.
 */
import type { FunctionDeclarationStructure, WriterFunction } from 'ts-morph';
import { StructureKind, VariableDeclarationKind } from '../../print/kinds.js';
import type {
  ChoiceAlternative,
  EnumModel,
  EnumType,
  FieldModel,
  ListType,
  OperationModel,
  ParameterModel,
  PrimitiveName,
  PrimitiveType,
  ScalarType,
  ServiceModel,
  StructModel,
  TypeModel,
  XmlNamespace,
} from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import { arrayLiteral, call } from '../expressions.js';
import type { Statement } from '../../print/printer.js';
import { takesCredentials } from '../features.js';
import { paramType, paramsTypeName, tsLiteral } from '../ts-types.js';
import { subtypesOf } from './decoders.js';
import { fieldNamespaces, memberNamespaces } from './member-namespaces.js';
import { withPattern } from '../patterns.js';
import { ANY_ATTRIBUTES, keepsAnyAttribute } from '../types.js';
import { localName } from '../../load/names.js';
import { fixedValue } from '../examples.js';
import { capitalise } from '../../model/text.js';
import { sequenceWriterOf } from './sequences.js';
import { LENIENT_CODECS, VALUE_CODECS } from '../../model/codecs.js';

export function encoderName(op: OperationModel): string {
  return `encode${op.tsName}`;
}

/** The runtime encoder's name of an XML Schema type. */
const encoderOf = (t: PrimitiveName): string => VALUE_CODECS[t].encoderName;

/** The name of a record's or enum's writer, and of a primitive's text writer. */
function writerName(t: ScalarType): string {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'xml' ? 'writeXmlContent' : `writeXs${capitalise(t.name)}`;
    case 'enum':
      return `write${t.enum.name}`;
    case 'record':
      return `write${t.record.name}`;
  }
}

export function recordWriterName(record: StructModel): string {
  return `write${record.name}`;
}

/** An expression for a WriteValue of `t` (for a list without a container, a record field's, its items). */
export function writerOf(t: TypeModel): string {
  if (t.kind === 'choice') {
    const entry = (a: ChoiceAlternative): string[] => {
      const write = a.sequence ? sequenceWriterOf(a.sequence, writerOf) : writerOf(a.type);
      if (a.form === 'unqualified') return [`'${a.name}'`, `unqualifiedWriter(${write})`, `'${a.name}'`];
      return a.namespace ? [`'${a.name}'`, write, `'${a.namespace.prefix}:${a.name}'`] : [`'${a.name}'`, write];
    };
    return `choiceWriter([${t.alternatives.map((a) => `[${entry(a).join(', ')}]`).join(', ')}])`;
  }
  if (t.kind !== 'list') return writerName(t);
  if (isBounded(t)) return `boundedList(${writerOf(unbounded(t))}, ${t.minItems ?? 0}, ${t.maxItems ?? 'Infinity'})`;
  const item = writerOf(t.item);
  if (!t.container) return `itemsWriter(${item}, ${t.nillableItems})`;
  if (t.unqualifiedItems) return `listWriter('${t.itemElement}', ${item}, ${t.nillableItems}, '', true)`;
  if (!t.namespace) return `listWriter('${t.itemElement}', ${item}, ${t.nillableItems})`;
  return `listWriter('${t.namespace.prefix}:${t.itemElement}', ${item}, ${t.nillableItems}, ${tsLiteral(xmlnsAttribute(t.namespace))})`;
}

/** {@link writerOf}, with a choice's writer written out. */
export function writerText(t: TypeModel): string {
  if (t.kind === 'choice') {
    const pairs = t.alternatives.map((a) =>
      arrayLiteral(alternativeEntry(a, a.sequence ? sequenceWriterOf(a.sequence, writerText) : writerText(a.type))),
    );
    return call('choiceWriter', [arrayLiteral(pairs)]);
  }
  if (t.kind !== 'list') return writerName(t);
  if (isBounded(t))
    return call('boundedList', [writerText(unbounded(t)), String(t.minItems ?? 0), String(t.maxItems ?? 'Infinity')]);
  const item = writerText(t.item);
  if (!t.container) return call('itemsWriter', [item, String(t.nillableItems)]);
  if (t.unqualifiedItems)
    return call('listWriter', [tsLiteral(t.itemElement), item, String(t.nillableItems), "''", 'true']);
  if (!t.namespace) return call('listWriter', [tsLiteral(t.itemElement), item, String(t.nillableItems)]);
  return call('listWriter', [
    tsLiteral(`${t.namespace.prefix}:${t.itemElement}`),
    item,
    String(t.nillableItems),
    tsLiteral(xmlnsAttribute(t.namespace)),
  ]);
}

/**
 * A choice's entry for one alternative: its name and writer, and the element it is written as where that is not the
 * choice's prefix and its name: in no namespace (`xmlns=""`), or with the prefix of a namespace of its own.
 */
function alternativeEntry(a: ChoiceAlternative, write: string): string[] {
  if (a.form === 'unqualified') return [tsLiteral(a.name), call('unqualifiedWriter', [write]), tsLiteral(a.name)];
  if (a.namespace) return [tsLiteral(a.name), write, tsLiteral(`${a.namespace.prefix}:${a.name}`)];
  return [tsLiteral(a.name), write];
}

/** Whether a list's length is bounded (minOccurs or maxOccurs of its item element): its writer checks it. */
function isBounded(t: ListType): boolean {
  return (t.minItems ?? 0) > 0 || t.maxItems !== undefined;
}

/** The list without its bounds: the writer {@link isBounded}'s check wraps. */
function unbounded(t: ListType): ListType {
  const { minItems: _min, maxItems: _max, ...rest } = t;
  return rest;
}

/** A list of names as an array literal: `['a', 'b']`. */
/** The members a value of a record must give: its required fields (a list without a container may be empty). */
function requiredOf(record: StructModel): string[] {
  return record.fields.filter((f) => !f.optional && !(f.type.kind === 'list' && !f.type.container)).map((f) => f.name);
}

function namesLiteral(names: readonly string[]): string {
  return arrayLiteral(names.map(tsLiteral));
}

/** The declaration of a namespace's prefix, as written on a start tag: ` xmlns:ns1="uri"`. */
export function xmlnsAttribute(ns: XmlNamespace): string {
  return ` xmlns:${ns.prefix}="${ns.uri.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
}

/**
 * Where a record's writer names a derived type of the service's namespace when an element in no namespace may hold
 * it: `svc`, which no other prefix the writers declare takes (records' are `ns1`.., qualified attributes' `tns`).
 */
export function unqualifiedTypeNamespace(
  model: ServiceModel,
  held: ReadonlySet<StructModel>,
  record: StructModel,
): XmlNamespace | undefined {
  return held.has(record) ? { uri: model.namespace.uri, prefix: 'svc' } : undefined;
}

/**
 * The records that an element in no namespace may hold (an unqualified field, parameter, list item or result): there,
 * an unprefixed xsi:type would name a type in no namespace.
 */
export function heldUnqualified(model: ServiceModel): Set<StructModel> {
  const held = new Set<StructModel>();
  const visit = (t: TypeModel, unqualified: boolean): void => {
    if (t.kind === 'record' && unqualified) held.add(t.record);
    else if (t.kind === 'list') visit(t.item, t.container ? t.unqualifiedItems === true : unqualified);
    else if (t.kind === 'choice') t.alternatives.forEach((a) => visit(a.type, unqualified));
  };
  for (const s of [...model.records, ...model.results])
    for (const f of s.fields) if (!f.attribute && !f.text) visit(f.type, f.form === 'unqualified');
  for (const op of model.operations) {
    for (const p of op.inputParams) visit(p.type, p.form === 'unqualified');
    if (op.result.kind === 'value') visit(op.result.type, op.result.form === 'unqualified');
  }
  return held;
}

/** The text encoder of an XML Schema type or an enum. */
function textEncoder(t: PrimitiveType | EnumType): string {
  return t.kind === 'enum' ? `encode${t.enum.name}` : encoderOf(t.name);
}

/** Whether a value of `t` is sent as one text (not a record, list or XML content). */
function isText(t: TypeModel): t is PrimitiveType | EnumType {
  return t.kind === 'enum' || (t.kind === 'primitive' && t.name !== 'xml');
}

/**
 * Everything the request side of a codec needs: the records and enums that requests (parameters and SOAP headers)
 * reach, each once, in the order of the model, and the runtime names they use.
 */
export interface RequestCodec {
  readonly records: readonly StructModel[];
  readonly enums: readonly EnumModel[];
  /** The enums written as elements (in records and lists), which need a writer too. */
  readonly enumElements: readonly EnumModel[];
  /** XML Schema types written as elements (inside records and lists). */
  readonly textWriters: readonly PrimitiveName[];
  readonly values: readonly string[];
  readonly request: readonly string[];
  readonly encode: readonly string[];
}

/** The writers a set of values needs: `texts` are written as parameter texts, `elements` as whole elements. */
export class WriterSet {
  /** @param subtypes - the records extending each record (a value of a record may be one of them) */
  constructor(private readonly subtypes: ReadonlyMap<StructModel, readonly StructModel[]> = new Map()) {}

  readonly #records = new Set<StructModel>();
  readonly #enums = new Set<EnumModel>();
  readonly #enumElements = new Set<EnumModel>();
  readonly #writers = new Set<PrimitiveName>();
  readonly values = new Set<string>();
  readonly encode = new Set<string>();

  /** Adds what writing a value of `t` takes; `element`: as an element (in a record or a list), not as a text. */
  visit(t: TypeModel, element: boolean): void {
    switch (t.kind) {
      case 'primitive':
        if (t.name === 'xml') this.encode.add(element ? 'writeXmlContent' : 'encodeXml');
        else {
          this.values.add(encoderOf(t.name));
          if (element) {
            this.#writers.add(t.name);
            this.encode.add('textWriter');
          }
        }
        return;
      case 'enum':
        this.#enums.add(t.enum);
        this.encode.add('enumEncoder');
        if (element) {
          this.#enumElements.add(t.enum);
          this.encode.add('textWriter');
        }
        return;
      case 'list':
        this.encode.add(t.container ? 'listWriter' : 'itemsWriter');
        if (isBounded(t)) this.encode.add('boundedList');
        this.visit(t.item, true);
        return;
      case 'choice':
        this.encode.add('choiceWriter');
        if (t.alternatives.some((a) => a.form === 'unqualified')) this.encode.add('unqualifiedWriter');
        for (const a of t.alternatives) for (const m of a.sequence ?? [a]) this.visit(m.type, true);
        if (t.alternatives.some((a) => a.sequence)) this.encode.add('sequenceWriter');
        return;
      case 'record':
        if (this.#records.has(t.record)) return;
        this.#records.add(t.record);
        this.encode.add('checkRecord');
        const subtypes = this.subtypes.get(t.record) ?? [];
        if (subtypes.length > 0) this.encode.add(t.record.abstract ? 'concreteType' : 'derivedType');
        if (t.record.abstract) this.encode.add('abstractRecord');
        if (keepsAnyAttribute(t.record)) this.encode.add('writeOtherAttributes');
        for (const s of subtypes) this.visit({ kind: 'record', record: s }, element);
        for (const f of t.record.fields) {
          if (f.fixed !== undefined && (f.type.kind === 'primitive' || f.type.kind === 'enum')) {
            this.encode.add('fixedText');
            if (!f.attribute && !f.text) this.encode.add('textWriter');
          }
          if (f.onlyWith) this.encode.add('checkOnlyWith');
          if (f.pattern) this.encode.add('patternText');
          if (f.pattern && !f.attribute && !f.text) this.encode.add('textWriter');
          if (f.attribute || f.text) {
            this.encode.add(f.text ? 'writeText' : 'writeAttribute');
            this.visit(f.type, false);
          } else {
            if (f.form === 'unqualified' && !(f.type.kind === 'list' && !f.type.container))
              this.encode.add('unqualifiedWriter');
            this.encode.add('writeMember');
            this.visit(f.type, true);
          }
        }
    }
  }

  /** The records, enums and text writers visited, in the model's order. */
  codec(model: ServiceModel): Pick<RequestCodec, 'records' | 'enums' | 'enumElements' | 'textWriters'> {
    return {
      records: model.records.concat(model.results).filter((r) => this.#records.has(r)),
      enums: model.enums.filter((e) => this.#enums.has(e)),
      enumElements: model.enums.filter((e) => this.#enumElements.has(e)),
      textWriters: [...this.#writers].sort(),
    };
  }
}

export function requestCodec(model: ServiceModel): RequestCodec {
  const set = new WriterSet(subtypesOf([...model.records, ...model.results]));
  const request = new Set<string>(['checkParams', 'encodeParam']);
  for (const op of model.operations) {
    for (const p of op.inputParams) {
      // A parameter that is not one text (XML content, a record, a list) is written as a whole element. A repeated one
      // (a list without a container) has its bounds checked by repeatedParam itself.
      const repeated = p.type.kind === 'list' && !p.type.container ? p.type : undefined;
      set.visit(repeated ? unbounded(repeated) : p.type, !isText(p.type));
      if (p.nillable) set.encode.add('nilParam');
      if (p.pattern) set.encode.add('patternText');
      if (!isText(p.type)) set.encode.add(repeated ? 'repeatedParam' : 'nestedParam');
      if (p.type.kind === 'list' && isText(p.type.item) && (op.httpPost || op.httpGet)) set.encode.add('formList');
    }
    const helper =
      op.eat.kind === 'parameter' && op.eat.parameter.type.kind === 'primitive'
        ? EAT_HELPERS[op.eat.parameter.type.name]
        : undefined;
    if (helper) request.add(helper.name);
  }
  for (const h of model.soapHeaders) set.visit({ kind: 'record', record: h.record }, true);
  return {
    ...set.codec(model),
    values: [...set.values].sort(),
    request: [...request].sort(),
    encode: [...set.encode].sort(),
  };
}

/** Module constants: the text writers and enum encoders the record and list writers use. */
/**
 * Module constants: the text writers and enum encoders the record and list writers use. `lenient` writes what a
 * service may send but a client must not (a mock's answers): any enum value, and INF, -INF and NaN doubles.
 */
export function writerConstants(
  codec: Pick<RequestCodec, 'enums' | 'enumElements' | 'textWriters'>,
  lenient = false,
): Statement[] {
  const constant = (name: string, initializer: string): Statement => ({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, initializer }],
  });
  const encoder = (t: PrimitiveName): string => (lenient ? (lenientEncoderOf(t) ?? encoderOf(t)) : encoderOf(t));
  return [
    ...codec.enums.map((e) =>
      constant(
        `encode${e.name}`,
        lenient ? 'encodeString' : call('enumEncoder', [tsLiteral(e.name), `${e.name}Values`]),
      ),
    ),
    ...codec.enumElements.map((e) => constant(`write${e.name}`, call('textWriter', [`encode${e.name}`]))),
    ...codec.textWriters.map((t) =>
      constant(writerName({ kind: 'primitive', name: t }), call('textWriter', [encoder(t)])),
    ),
  ];
}

/** The mock's encoder name of a type whose answers may hold what requests must not (see LENIENT_CODECS). */
export const lenientEncoderOf = (t: PrimitiveName): string | undefined => LENIENT_CODECS[t]?.encoderName;

/**
 * Writes a record as an element: attributes on the start tag, then the members in wire order. `subtypes`: the records
 * extending it, directly or not; a value with members of one of them is written as that type, with `xsi:type`, as
 * .NET writes (and reads) a derived type where its base is declared. `unqualifiedIn`: the service's namespace, when an
 * element in no namespace may hold the record (see {@link heldUnqualified}).
 */
export function recordWriterFunction(
  record: StructModel,
  subtypes: readonly StructModel[] = [],
  unqualifiedIn?: XmlNamespace,
): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    name: recordWriterName(record),
    isExported: true,
    parameters: [
      { name: 'name', type: 'string' },
      { name: 'value', type: record.name },
      { name: 'path', type: 'string' },
      { name: 'xmlns', type: 'string', initializer: "''" },
      ...(record.base ? [{ name: 'xsiType', type: 'string', initializer: "''" }] : []),
    ],
    returnType: 'string',
    docs: [
      jsDoc(
        `Writes a ${record.name} as the element \`name\` (with \`xmlns\`, a namespace declaration, on it when given): members in wire order, none the record lacks, every required one given.`,
        subtypes.length > 0
          ? `A value with members of ${subtypes.map((s) => s.name).join(', ')} is written as that type, named by xsi:type.`
          : undefined,
        record.base ? '`xsiType`: the xsi:type attribute where the element is declared as a base type.' : undefined,
        record.abstract
          ? `${record.name} is abstract: a value is written as the first of ${record.abstract.concrete.map((s) => s.name).join(', ') || '(none)'} (fewest members first) that has every member it gives and whose required members it gives; one that fits none is refused.`
          : undefined,
      ),
    ],
    statements: (w) => writeRecordWriterBody(w, record, subtypes, unqualifiedIn),
  };
}

type Writer = Parameters<WriterFunction>[0];

/** The writer's statements: hand a subtype's value to its writer, check the value, then one expression of the XML. */
function writeRecordWriterBody(
  w: Writer,
  record: StructModel,
  subtypes: readonly StructModel[],
  unqualifiedIn: XmlNamespace | undefined,
): void {
  if (subtypes.length > 0) writeSubtypeDispatch(w, record, subtypes, unqualifiedIn);
  if (record.abstract) {
    // No value is of the abstract type itself: one that none of the cases above took is refused.
    const concrete = record.abstract.concrete.map((s) => tsLiteral(s.name));
    w.write(`throw ${call('abstractRecord', ['path', tsLiteral(record.name), arrayLiteral(concrete)])};`);
    return;
  }
  // A field with a fixed value is sent with it when left out: never required of the caller.
  const required = record.fields
    .filter((f) => !f.optional && !(f.type.kind === 'list' && !f.type.container) && f.fixed === undefined)
    .map((f) => f.name);
  w.write(
    `const v = ${call('checkRecord', ['path', 'value', namesLiteral(recordMembers(record)), namesLiteral(required)])}`,
  );
  w.write(';').newLine();
  for (const f of record.fields) {
    if (!f.onlyWith) continue;
    const { choice, alternative } = f.onlyWith;
    w.write(
      `${call('checkOnlyWith', [`v['${f.name}']`, `v['${choice.name}']`, tsLiteral(alternative), `\`\${path}.${f.name}\``, `\`\${path}.${choice.name}\``])};`,
    );
    w.newLine();
  }
  w.write(`return ${recordParts(record).join(' + ')}`);
  w.write(';');
}

/** The members a value of `s` may have: its fields, and the attributes it keeps that it does not declare. */
function recordMembers(s: StructModel): string[] {
  return [...s.fields.map((f) => f.name), ...(keepsAnyAttribute(s) ? [ANY_ATTRIBUTES] : [])];
}

/**
 * A switch sending a value of a subtype to that subtype's writer. Fewest members first: a value fitting a type and one
 * extending it is the less derived one. An abstract record's value is always one of its concrete records: the first it
 * fits, its required members given.
 */
function writeSubtypeDispatch(
  w: Writer,
  record: StructModel,
  subtypes: readonly StructModel[],
  unqualifiedIn: XmlNamespace | undefined,
): void {
  const candidates = [...(record.abstract ? record.abstract.concrete : subtypes)].sort(
    (a, b) => a.fields.length - b.fields.length,
  );
  const choices = candidates.map((s) =>
    arrayLiteral([
      tsLiteral(s.name),
      namesLiteral(recordMembers(s)),
      ...(record.abstract ? [namesLiteral(requiredOf(s))] : []),
    ]),
  );
  const pick = record.abstract
    ? call('concreteType', ['value', arrayLiteral(choices)])
    : call('derivedType', ['value', namesLiteral(recordMembers(record)), arrayLiteral(choices)]);
  w.write(`switch (${pick})`);
  w.block(() => {
    for (const s of candidates) {
      w.writeLine(`case '${s.name}':`);
      // A type of a namespace of its own is named in it: its writer declares the prefix on the same start tag.
      // An element in no namespace (xmlns="") has no default namespace to resolve an unprefixed type name in:
      // a type of the service's namespace is then named by a prefix declared on the element.
      const named = s.namespace ?? unqualifiedIn;
      const attribute = ` xsi:type="${named ? `${named.prefix}:` : ''}${s.xmlName}"${!s.namespace && unqualifiedIn ? xmlnsAttribute(unqualifiedIn) : ''}`;
      w.indent(() =>
        w.write(
          `return ${call(recordWriterName(s), ['name', `value as ${s.name}`, 'path', 'xmlns', tsLiteral(attribute)])};`,
        ),
      );
      w.newLine();
    }
  });
}

/** The expressions whose concatenation is the record's XML: start tag with its attributes, text, members, end tag. */
function recordParts(record: StructModel): string[] {
  const parts: string[] = [
    record.base
      ? `\`<\${name}\${xmlns}\${xsiType}${namespaceDeclarations(record)}\``
      : `\`<\${name}\${xmlns}${namespaceDeclarations(record)}\``,
  ];
  for (const f of record.fields.filter((x) => x.attribute)) {
    parts.push(
      call('writeAttribute', [
        tsLiteral(attributeName(f)),
        memberValue(f),
        `\`\${path}.${f.name}\``,
        checkedEncoder(f) ?? textEncoder(f.type as PrimitiveType | EnumType),
        String(f.optional),
      ]),
    );
  }
  if (keepsAnyAttribute(record)) {
    const attributes = record.fields.filter((x) => x.attribute && !x.attributeNamespace).map((x) => x.xmlName);
    parts.push(
      call('writeOtherAttributes', [
        `v['${ANY_ATTRIBUTES}']`,
        `\`\${path}.${ANY_ATTRIBUTES}\``,
        namesLiteral(attributes),
      ]),
    );
  }
  parts.push("'>'");
  for (const f of record.fields.filter((x) => x.text)) {
    parts.push(
      call('writeText', [
        `v['${f.name}']`,
        `\`\${path}.${f.name}\``,
        checkedEncoder(f) ?? textEncoder(f.type as PrimitiveType | EnumType),
      ]),
    );
  }
  const namespaces = fieldNamespaces(record);
  for (const f of record.fields.filter((x) => !x.attribute && !x.text)) parts.push(memberPart(f, namespaces));
  parts.push('`</${name}>`');
  return parts;
}

/**
 * The prefixes the record's start tag declares. Fields in a namespace of their type's own (WCF's DataContract, an
 * [XmlType] namespace) carry its prefix, declared on the record. A qualified attribute of the service namespace needs
 * a prefix too: a default namespace is not an attribute's. So does an element of a namespace of its own (an element
 * reference to another schema): each declared once here.
 */
function namespaceDeclarations(record: StructModel): string {
  const declared = memberNamespaces(record);
  const extra: XmlNamespace[] = [];
  for (const x of record.fields) {
    const ns = x.attributeNamespace ?? (x.attribute || x.text ? undefined : x.namespace);
    const alternatives =
      (x.type.kind === 'choice'
        ? x.type
        : x.type.kind === 'list' && x.type.item.kind === 'choice'
          ? x.type.item
          : undefined
      )?.alternatives ?? [];
    for (const own of [ns, ...alternatives.map((a) => a.namespace)]) {
      // XML's own namespace (xml:lang) is bound in every document; declaring another prefix for it is an error.
      if (
        own &&
        own.prefix !== 'xml' &&
        !declared.some((d) => d.uri === own.uri) &&
        !extra.some((d) => d.uri === own.uri)
      )
        extra.push(own);
    }
  }
  return [...declared, ...extra].map((ns) => xmlnsAttribute(ns).replace(/[`$\\]/g, '\\$&')).join('');
}

/**
 * The writeMember call of an element field; `namespaces`: the namespace of each field, its declaring type's (its base's
 * or its own), whose prefix the element carries.
 */
function memberPart(f: FieldModel, namespaces: ReadonlyMap<string, XmlNamespace | undefined>): string {
  const ns = f.namespace ?? namespaces.get(f.name);
  const member = ns ? `${ns.prefix}:` : '';
  const repeated = f.type.kind === 'list' && !f.type.container;
  const unqualified = f.form === 'unqualified';
  const fixed = checkedEncoder(f);
  const writer =
    unqualified && repeated
      ? unqualifiedItems(f.type as ListType)
      : fixed
        ? call('textWriter', [fixed])
        : writerText(f.type);
  const args = [
    tsLiteral(`${unqualified && !f.namespace ? '' : member}${f.xmlName}`),
    memberValue(f),
    `\`\${path}.${f.name}\``,
    writer,
    String(f.nillable),
    String(f.optional || repeated),
  ];
  return call('writeMember', unqualified && !repeated ? [...args, 'true'] : args);
}

/** A member's value as written: `v['name']`, or its fixed value (xs:fixed) where the caller left it out. */
function memberValue(f: FieldModel): string {
  const fixed = fixedValue(f);
  return fixed === undefined ? `v['${f.name}']` : `v['${f.name}'] ?? ${fixed}`;
}

/** The encoder of a field with a fixed value: its type's, refusing any other text. */
function fixedEncoder(f: FieldModel): string | undefined {
  if (f.fixed === undefined || (f.type.kind !== 'primitive' && f.type.kind !== 'enum')) return undefined;
  return call('fixedText', [textEncoder(f.type), tsLiteral(f.fixed)]);
}

/** The encoder of a field with a fixed value or a pattern: its type's, refusing text that breaks either. */
function checkedEncoder(f: FieldModel): string | undefined {
  const fixed = fixedEncoder(f);
  return f.pattern === undefined
    ? fixed
    : withPattern('patternText', fixed ?? textEncoder(f.type as PrimitiveType), f.pattern);
}

/** A text parameter's encoder: its type's, refusing text that breaks its pattern. */
function paramTextEncoder(p: ParameterModel): string {
  return withPattern('patternText', textEncoder(p.type as PrimitiveType | EnumType), p.pattern);
}

/** An attribute's name as written: with its namespace's prefix where it is qualified. */
function attributeName(f: FieldModel): string {
  return f.attributeNamespace ? `${f.attributeNamespace.prefix}:${f.xmlName}` : f.xmlName;
}

/** The writer of a list without a container whose items are unqualified elements. */
function unqualifiedItems(t: ListType): string {
  const items = call('itemsWriter', [writerText(t.item), String(t.nillableItems), 'true']);
  return isBounded(t) ? call('boundedList', [items, String(t.minItems ?? 0), String(t.maxItems ?? 'Infinity')]) : items;
}

function wireLocal(p: ParameterModel): string {
  return `w_${localName(p.name)}`;
}

/**
 * How the EAT value is made from a parameter's wire text where it is not that text: numbers with a fraction are
 * truncated to an integer, dateTimes become Unix seconds. Every other type is signed as sent.
 */
const EAT_HELPERS: Partial<Record<PrimitiveName, { readonly name: string; readonly call: (wire: string) => string }>> =
  {
    double: { name: 'eatDouble', call: (w) => `eatDouble(Number(${w}))` },
    float: { name: 'eatDouble', call: (w) => `eatDouble(Number(${w}))` },
    decimal: { name: 'eatDecimal', call: (w) => `eatDecimal(${w})` },
    dateTime: { name: 'eatDateTime', call: (w) => `eatDateTime(${w})` },
  };

/** The EAT value expression of an operation: a conditional where an optional parameter may be left out. */
function eatExpression(op: OperationModel): string {
  if (op.eat.kind !== 'parameter') return "''";
  const p = op.eat.parameter;
  const wire = wireLocal(p);
  const helper = p.type.kind === 'primitive' ? EAT_HELPERS[p.type.name] : undefined;
  const value = helper?.call(wire) ?? wire;
  // An optional parameter without a default may be left out: then nothing is signed for it.
  return p.optional && p.default === undefined ? `${wire} === undefined ? '' : ${value}` : value;
}

/**
 * Whether a parameter is repeated (a list without a container): left out when optional, it is sent as an empty list
 * (no element; over HTTP POST refused as one), since the wire cannot tell the two apart.
 */
function isRepeated(p: ParameterModel): boolean {
  return p.type.kind === 'list' && !p.type.container;
}

/** The encoder of one parameter's (non-undefined) value `v` named `n`: its text, or its whole element. */
function paramEncoder(op: OperationModel, p: ParameterModel): string {
  const t = p.type;
  let encode: string;
  if (isText(t)) encode = call(paramTextEncoder(p), ['v', 'n']);
  else if (t.kind === 'list' && !t.container) {
    // Its items are its own elements: kept apart, so that the envelope can qualify each one.
    const form = isText(t.item) && (op.httpPost || op.httpGet) ? [call('formList', [textEncoder(t.item)])] : [];
    const bounds = isBounded(t)
      ? arrayLiteral([String(t.minItems ?? 0), String(t.maxItems ?? 'Infinity')])
      : 'undefined';
    encode = call('repeatedParam', [
      tsLiteral(p.name),
      'v',
      'n',
      writerText(unbounded(t)),
      ...(form.length > 0 || isBounded(t) ? [bounds] : []),
      ...form,
    ]);
  } else {
    const form =
      t.kind === 'list' && isText(t.item) && (op.httpPost || op.httpGet)
        ? [call('formList', [textEncoder(t.item)])]
        : [];
    encode = call('nestedParam', [tsLiteral(p.name), 'v', 'n', writerText(t), ...form]);
  }
  const params = `(v: ${paramType(p)}, n: string)`;
  if (!p.nillable) return `${params} => ${encode}`;
  return `${params} => v === null ? ${call('nilParam', [tsLiteral(p.name)])} : ${encode}`;
}

export function encoderFunction(model: ServiceModel, op: OperationModel): FunctionDeclarationStructure {
  const known = op.inputParams.map((p) => p.name);
  const required = op.inputParams.filter((p) => !p.optional).map((p) => p.name);
  const nillable = op.inputParams.filter((p) => p.nillable && !p.optional).map((p) => p.name);
  return {
    kind: StructureKind.Function,
    name: encoderName(op),
    isExported: true,
    parameters: [{ name: 'params', type: `${paramsTypeName(op.tsName)} | undefined` }],
    returnType: 'EncodedRequest',
    docs: [
      `Encodes a ${op.name} request: parameters in wire order and spelling${takesCredentials(op) ? ', credentials marked for the client to fill in' : ''}.`,
    ],
    statements: (w) => {
      // Without parameters the object is only checked (no unknown ones): nothing is read from it.
      const check = call('checkParams', [
        tsLiteral(op.name),
        'params',
        namesLiteral(known),
        namesLiteral(required),
        ...(nillable.length > 0 ? [namesLiteral(nillable)] : []),
      ]);
      w.write(op.inputParams.length > 0 ? `const p = ${check}` : check);
      w.write(';').newLine();
      for (const p of op.inputParams) {
        const value = `p['${p.name}'] as ${paramType(p)}`;
        const simple = isText(p.type) && !p.nillable;
        const encoder = simple ? paramTextEncoder(p) : paramEncoder(op, p);
        const encode = (v: string) => call('encodeParam', [tsLiteral(op.name), tsLiteral(p.name), v, encoder]);
        const local = `const ${wireLocal(p)}`;
        if (!p.optional) w.write(`${local} = ${encode(value)}`);
        else if (isRepeated(p)) w.write(`${local} = ${encode(`(${value} | undefined) ?? []`)}`);
        else if (p.default !== undefined) {
          w.write(`${local} = ${encode(`p['${p.name}'] === undefined ? ${tsLiteral(p.default)} : (${value})`)}`);
        } else {
          w.write(`${local} = p['${p.name}'] === undefined ? undefined : ${encode(value)}`);
        }
        w.write(';').newLine();
      }
      const items = op.params.map((p): string => {
        if (p.role) return `[${tsLiteral(p.name)}, { credential: ${tsLiteral(p.role)} }]`;
        if (p.optional && p.default === undefined && !isRepeated(p))
          return `...(${wireLocal(p)} === undefined ? [] : [[${tsLiteral(p.name)}, ${wireLocal(p)}] as const])`;
        return `[${tsLiteral(p.name)}, ${wireLocal(p)}]`;
      });
      w.write('return ').inlineBlock(() => {
        w.write(`params: ${arrayLiteral(items)},`);
        w.newLine();
        // Only a service that signs has a message to append the EAT value to.
        if (model.auth !== undefined) {
          w.write(`eat: ${eatExpression(op)},`);
          w.newLine();
        }
      });
      w.write(';');
    },
  };
}
