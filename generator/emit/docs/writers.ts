/**
 * Writers of the docs' examples, made from the model with the runtime's own encoders (templates/runtime), as the
 * generated code makes them: strict ones for requests, as the client's codec writes parameters (client/encoders.ts),
 * and lenient ones for answers, as the mock's codec writes results (mock/codec.ts: any enum value, any double).
 * The examples are thus the bytes the client sends and the mock answers; test/docs/examples-match-wire.test.ts
 * proves it against the generated code.
 */
import { fieldNamespaces, memberNamespaces } from '../client/member-namespaces.js';
import {
  abstractRecord,
  checkRecord,
  concreteType,
  derivedType,
  choiceWriter,
  sequenceWriter,
  enumEncoder,
  itemsWriter,
  listWriter,
  textWriter,
  writeAttribute,
  writeMember,
  writeText,
  writeXmlContent,
  type EncodeValue,
  type WriteValue,
} from '../../../templates/runtime/codec/encode.js';
import { escapeXmlAttribute } from '../../../templates/runtime/codec/xml-writer.js';
import * as values from '../../../templates/runtime/codec/values.js';
import type {
  EnumType,
  FieldModel,
  PrimitiveType,
  SequenceMember,
  StructModel,
  TypeModel,
  XmlNamespace,
} from '../../model/types.js';
import { xmlnsAttribute } from '../client/encoders.js';
import { LENIENT_CODECS, VALUE_CODECS } from '../../model/codecs.js';

/** A record writer: `xmlns`, a namespace declaration, goes on its start tag (a SOAP header block's). */
type RecordWriter = (name: string, value: unknown, path: string, xmlns?: string, xsiType?: string) => string;

/** Whether a value of `t` is one text (not a record, a list or XML content). */
export function isText(t: TypeModel): t is PrimitiveType | EnumType {
  return t.kind === 'enum' || (t.kind === 'primitive' && t.name !== 'xml');
}

/** The writers of one direction: `lenient` for answers (the mock's), strict for requests (the client's). */
export class Writers {
  readonly #records = new Map<StructModel, RecordWriter>();

  /** @param subtypes - the records extending each record, directly or not (a value of a record may be one of them) */
  constructor(
    private readonly lenient: boolean,
    private readonly subtypes: ReadonlyMap<StructModel, readonly StructModel[]> = new Map(),
    /** The namespace a record's writer names a derived type of the service's in (client/encoders.ts unqualifiedTypeNamespace). */
    private readonly typeNamespace: (s: StructModel) => XmlNamespace | undefined = () => undefined,
  ) {}

  /** The text encoder of an XML Schema type or an enum; an attribute's is always the strict one for its type. */
  text(t: PrimitiveType | EnumType, attribute = false): EncodeValue<unknown> {
    if (t.kind === 'enum')
      return (this.lenient ? values.encodeString : enumEncoder(t.enum.name, t.enum.values)) as EncodeValue<unknown>;
    const lenient = this.lenient && !attribute ? LENIENT_CODECS[t.name]?.encode : undefined;
    return (lenient ?? VALUE_CODECS[t.name].encode) as EncodeValue<unknown>;
  }

  /** The writer of a value of `t` as an element (for a list without a container, its items). */
  of(t: TypeModel): WriteValue<unknown> {
    switch (t.kind) {
      case 'primitive':
        return (t.name === 'xml' ? writeXmlContent : textWriter(this.text(t))) as WriteValue<unknown>;
      case 'enum':
        return textWriter(this.text(t));
      case 'record':
        return this.record(t.record);
      case 'list': {
        const item = this.of(t.item);
        return (
          t.container
            ? listWriter(t.itemElement, item, t.nillableItems, '', t.unqualifiedItems === true)
            : itemsWriter(item, t.nillableItems)
        ) as WriteValue<unknown>;
      }
      case 'choice':
        return choiceWriter(
          t.alternatives.map((a) => [a.name, a.sequence ? this.sequence(a.sequence) : this.of(a.type)] as const),
        ) as WriteValue<unknown>;
    }
  }

  /** A sequence alternative's writer: its elements where the choice stands, as the client writes them. */
  sequence(members: readonly SequenceMember[]): WriteValue<never> {
    return sequenceWriter(members.map((m) => [m.name, this.of(m.type), m.optional] as const)) as WriteValue<never>;
  }

  /** A record's writer: attributes on the start tag, then the members in wire order (made once, lazily for recursion). */
  record(s: StructModel): RecordWriter {
    const made = this.#records.get(s);
    if (made) return made;
    const writer = this.#recordWriter(s);
    this.#records.set(s, writer);
    return writer;
  }

  /** The writer of `s` itself; the writers of its members' types are made when a value is written (for recursion). */
  #recordWriter(s: StructModel): RecordWriter {
    const known = s.fields.map((f) => f.name);
    const required = requiredNames(s);
    const attributes = s.fields.filter((f) => f.attribute);
    const text = s.fields.find((f) => f.text);
    const members = s.fields.filter((f) => !f.attribute && !f.text);
    const namespaces = fieldNamespaces(s);
    const declarations = namespaceDeclarations(s, members);
    const derived = this.#derivedWriter(s, known);
    return (name, value, path, xmlns = '', xsiType = '') => {
      const sub = derived?.(name, value, path, xmlns);
      if (sub !== undefined) return sub;
      if (s.abstract)
        abstractRecord(
          path,
          s.name,
          s.abstract.concrete.map((c) => c.name),
        );
      const v = checkRecord(path, value, known, required);
      const start = `<${name}${xmlns}${xsiType}${declarations}${this.#attributes(attributes, v, path)}>`;
      const content = text
        ? writeText(v[text.name], `${path}.${text.name}`, this.text(text.type as PrimitiveType | EnumType, true))
        : '';
      return `${start}${content}${this.#members(members, namespaces, v, path)}</${name}>`;
    };
  }

  /**
   * A value with members of a record extending `s` is written as that one, named by xsi:type, as the generated
   * writer does (client/encoders.ts recordWriterFunction): fewest members first. An abstract record's value is always
   * one of its concrete records (concreteType). Undefined where `s` has no such records; the writer answers undefined
   * for a value that is `s` itself.
   */
  #derivedWriter(
    s: StructModel,
    known: readonly string[],
  ): ((name: string, value: unknown, path: string, xmlns: string) => string | undefined) | undefined {
    const candidates = [...(s.abstract ? s.abstract.concrete : (this.subtypes.get(s) ?? []))].sort(
      (a, b) => a.fields.length - b.fields.length,
    );
    if (candidates.length === 0) return undefined;
    return (name, value, path, xmlns) => {
      const derived = s.abstract
        ? concreteType(
            value,
            candidates.map((c) => [c.name, c.fields.map((f) => f.name), requiredNames(c)] as const),
          )
        : derivedType(
            value,
            known,
            candidates.map((c) => [c.name, c.fields.map((f) => f.name)] as const),
          );
      const sub = candidates.find((c) => c.name === derived);
      if (!sub) return undefined;
      const unqualifiedIn = this.typeNamespace(s);
      const named = sub.namespace ?? unqualifiedIn;
      const attribute = ` xsi:type="${named ? `${named.prefix}:` : ''}${sub.xmlName}"${!sub.namespace && unqualifiedIn ? xmlnsAttribute(unqualifiedIn) : ''}`;
      return this.record(sub)(name, value, path, xmlns, attribute);
    };
  }

  /** The attributes of a record's value `v`, each with the prefix of its namespace where it is qualified. */
  #attributes(attributes: readonly FieldModel[], v: Record<string, unknown>, path: string): string {
    let out = '';
    for (const f of attributes) {
      const attribute = f.attributeNamespace ? `${f.attributeNamespace.prefix}:${f.xmlName}` : f.xmlName;
      out += writeAttribute(
        attribute,
        v[f.name],
        `${path}.${f.name}`,
        this.text(f.type as PrimitiveType | EnumType, true),
        f.optional,
      );
    }
    return out;
  }

  /** The member elements of a record's value `v`, in wire order. */
  #members(
    members: readonly FieldModel[],
    namespaces: ReadonlyMap<string, XmlNamespace | undefined>,
    v: Record<string, unknown>,
    path: string,
  ): string {
    let out = '';
    for (const f of members) {
      const repeated = f.type.kind === 'list' && !f.type.container;
      const unqualified = f.form === 'unqualified';
      const t = f.type;
      const write =
        unqualified && t.kind === 'list' && !t.container
          ? itemsWriter(this.of(t.item), t.nillableItems, true)
          : this.of(f.type);
      const ns = f.namespace ?? (unqualified ? undefined : namespaces.get(f.name));
      const element = ns ? `${ns.prefix}:${f.xmlName}` : f.xmlName;
      out += writeMember(
        element,
        v[f.name],
        `${path}.${f.name}`,
        write,
        f.nillable,
        f.optional || repeated,
        unqualified && !repeated && !f.namespace,
      );
    }
    return out;
  }
}

/** The members a value of `s` must have: all but the optional ones and the repeated ones (a list without container). */
function requiredNames(s: StructModel): string[] {
  return s.fields.filter((f) => !f.optional && !(f.type.kind === 'list' && !f.type.container)).map((f) => f.name);
}

/**
 * The `xmlns:` declarations on a record's start tag. A qualified attribute is written with the prefix of its
 * namespace, declared on the element (`tns`, `ns1`); XML's own (xml:lang) is bound in every document and never
 * declared. So are the members of a record of a namespace of its own (its bases' too), as the generated writers
 * declare them, and an element of a namespace of its own (an element reference to another schema), each namespace once.
 */
function namespaceDeclarations(s: StructModel, members: readonly FieldModel[]): string {
  const qualified = s.fields.find(
    (f) => f.attributeNamespace !== undefined && f.attributeNamespace.prefix !== 'xml',
  )?.attributeNamespace;
  const declared = new Map(memberNamespaces(s).map((ns) => [ns.uri, ns]));
  for (const ns of [qualified, ...members.map((f) => f.namespace)])
    if (ns && !declared.has(ns.uri)) declared.set(ns.uri, ns);
  return [...declared.values()].map((ns) => ` xmlns:${ns.prefix}="${escapeXmlAttribute(ns.uri)}"`).join('');
}
