/**
 * The XML Schema of a WSDL's `wsdl:types`, as plain data: what ASMX's schema exporter declares for a service, in the
 * order it declares it. `xsd.ts` prints it.
 *
 * Order: per operation (spec order), its request wrapper `<Op>`, then the types it reaches, depth first (a type,
 * then its base, then the types of its fields, as ASMX walks them), then `<OpResponse>` and its types, then the SOAP
 * headers the operation is the first to use (element, then type); then headers, records, results and enums no
 * operation reaches, in spec order; last the HTTP POST response roots, in operation order. Names of list types
 * follow ASMX too: `ArrayOf` + the item type's name, numbered (`ArrayOfString1`) when a list of the same item type
 * with another item element or nil-ability already took the name, so the numbers come out as ASMX's.
 */
import { isReferenceType } from '../../model/reference-types.js';
import type {
  ChoiceType,
  SequenceMember,
  EnumModel,
  FaultModel,
  FieldModel,
  ListType,
  OperationModel,
  ParameterModel,
  PrimitiveName,
  ServiceModel,
  SoapHeaderModel,
  StructModel,
  TypeModel,
  ValueResult,
} from '../../model/types.js';
import { NS, operationNamespace, qname, type QName } from './namespaces.js';
import { capitalise } from '../../model/text.js';

/** What an element holds: a named type, or any XML (the `xml` type, which has no named XML Schema type). */
export type XsdTypeRef = QName | 'any';

/** An element inside a sequence. */
export interface ElementParticle {
  readonly name: string;
  /** More than 1 (and a number for maxOccurs) only for a list's items: its minItems and maxItems. */
  readonly minOccurs: number;
  readonly maxOccurs: number | 'unbounded';
  readonly nillable: boolean;
  readonly type: XsdTypeRef;
  /** `form="unqualified"`: the element is in no namespace. */
  readonly unqualified?: boolean;
  /**
   * The element is in a namespace of its own (the spec's `namespace`): written `ref="p:name"`, naming the top-level
   * element of that namespace's schema which declares its type and nil-ability.
   */
  readonly ref?: QName;
  /** The field's `fixed` and `default` values (xs:fixed, xs:default). */
  readonly fixed?: string;
  readonly default?: string;
  /** Its pattern (xs:pattern): the element's type is then an anonymous restriction of `type` by it. */
  readonly pattern?: string;
}

/** An `s:choice` inside a sequence: one of its elements, each once (the repetition is the choice's). */
export interface ChoiceParticle {
  readonly choice: ReadonlyArray<ElementParticle | SequenceParticle>;
  readonly minOccurs: number;
  readonly maxOccurs: number | 'unbounded';
}

/** An `s:sequence` that is an alternative of a choice: its elements in order, the whole once. */
export interface SequenceParticle {
  readonly sequence: readonly ElementParticle[];
}

export type Particle = ElementParticle | ChoiceParticle;

/** The elements of a particle: itself, or a choice's alternatives (a sequence's elements). */
export function elementsOf(p: Particle): readonly ElementParticle[] {
  return 'choice' in p ? p.choice.flatMap((a) => ('sequence' in a ? a.sequence : [a])) : [p];
}

export interface AttributeDecl {
  readonly name: string;
  readonly type: QName;
  readonly required: boolean;
  /** `form="qualified"`: the attribute is in the schema's namespace. */
  readonly qualified?: boolean;
  /** A reference to one of XML's own attributes (`ref="xml:lang"`) rather than a declaration; `name` is its local name. */
  readonly xmlRef?: boolean;
  readonly fixed?: string;
  readonly default?: string;
  /** Its pattern (xs:pattern), as an element's. */
  readonly pattern?: string;
}

export type SchemaItem =
  /** A top-level element: of a named type, or (an operation's wrapper) with its own sequence. */
  | { readonly kind: 'element'; readonly name: string; readonly type: XsdTypeRef; readonly nillable: boolean }
  | { readonly kind: 'wrapper'; readonly name: string; readonly sequence: readonly Particle[] }
  | {
      readonly kind: 'complexType';
      readonly name: string;
      readonly base: QName | undefined;
      readonly sequence: Particle[];
      readonly attributes: AttributeDecl[];
      /** `<s:anyAttribute />` after the attributes: other attributes are allowed (a derived type inherits it). */
      anyAttribute?: boolean;
      /** abstract="true": only a type extending it is ever sent. */
      abstract?: boolean;
      /** Text content (`s:simpleContent`) extending this simple type, or the base (`base`, then undefined here). */
      simpleContent?: QName | true;
    }
  | {
      readonly kind: 'simpleType';
      readonly name: string;
      readonly base: QName;
      readonly values: readonly string[];
      readonly pattern?: string;
    };

export interface Schema {
  readonly targetNamespace: string;
  /** Namespaces whose names this schema uses (`s:import`), in order. */
  readonly imports: readonly string[];
  readonly items: readonly SchemaItem[];
}

/** What the messages need to know of the schema: the elements each operation's messages name. */
export interface OperationElements {
  readonly request: QName;
  readonly response: QName;
  /** The HTTP POST response root: an element, any root (`xml` content), none (a void operation), or unbound. */
  readonly httpPostRoot: QName | 'any' | 'empty' | undefined;
  /**
   * A bare operation's message parts, one per element of the Body (`request` and `response` then name no element):
   * a parameter's part is named as it; the answer's are the result element's and the out parameters'.
   */
  readonly bare?: { readonly input: readonly BarePart[]; readonly output: readonly BarePart[] };
}

/** A message part of a bare operation: its name and the top-level element it is. */
export interface BarePart {
  readonly name: string;
  readonly element: QName;
}

export interface SchemaPlan {
  /** The service's schema first, then one per operation namespace of its own, then Microsoft's types when used. */
  readonly schemas: readonly Schema[];
  /** Every namespace the document names, in the order of first use (for prefixes). */
  readonly namespaces: readonly string[];
  readonly operations: ReadonlyMap<OperationModel, OperationElements>;
  readonly headers: ReadonlyMap<SoapHeaderModel, QName>;
}

/** The XML Schema type of each primitive; `guid` and `char` are Microsoft's (ASMX declares them in their own schema). */
function primitiveRef(name: Exclude<PrimitiveName, 'xml'>): QName {
  return name === 'guid' || name === 'char' ? qname(NS.msTypes, name) : qname(NS.xsd, name);
}

export function planSchema(model: ServiceModel): SchemaPlan {
  return new SchemaPlanner(model).plan();
}

class SchemaPlanner {
  private readonly serviceNs: string;
  /** Items per target namespace, the service's first. */
  private readonly items = new Map<string, SchemaItem[]>();
  /** Per namespace, the top-level elements declared so far, by name, with what they declare (to merge or refuse). */
  private readonly elements = new Map<string, Map<string, string>>();
  private readonly declared = new Set<StructModel | EnumModel>();
  /** List types by shape, and every type name taken (records, results, enums, lists). */
  private readonly arrays = new Map<string, string>();
  private readonly typeNames = new Set<string>();
  private readonly namespaces: string[] = [];
  private readonly headersDone = new Set<string>();
  private readonly msTypes = { guid: false, char: false };
  /** The structs that stand for an operation's out parameters: they are the response's content, not named types. */
  private readonly outputStructs: ReadonlySet<StructModel>;

  constructor(private readonly model: ServiceModel) {
    this.serviceNs = model.namespace.uri;
    this.useNamespace(this.serviceNs);
    this.outputStructs = new Set(
      model.operations.flatMap((op) => (op.result.kind === 'outputs' ? [op.result.struct] : [])),
    );
    for (const s of [...model.records, ...model.results]) if (!this.outputStructs.has(s)) this.typeNames.add(s.xmlName);
    for (const e of model.enums) this.typeNames.add(e.xmlName);
  }

  plan(): SchemaPlan {
    const { model } = this;
    const operations = new Map<OperationModel, OperationElements>();
    const headers = new Map<SoapHeaderModel, QName>();
    for (const op of model.operations) {
      const ns = operationNamespace(model, op);
      this.useNamespace(ns);
      if (op.bare) {
        for (const h of op.headers) headers.set(h, this.header(h));
        operations.set(op, {
          request: qname(ns, op.name),
          response: qname(ns, `${op.name}Response`),
          httpPostRoot: undefined,
          bare: this.bareParts(op, ns),
        });
        continue;
      }
      // Each wrapper is declared before the types its content reaches (pre-order, as ASMX writes them).
      this.wrapper(ns, op.name).push(...op.params.map((p) => this.parameter(p, ns)));
      this.wrapper(ns, `${op.name}Response`).push(...this.response(op, ns));
      for (const h of op.headers) headers.set(h, this.header(h));
      for (const h of op.responseHeaders) this.header(h);
      operations.set(op, {
        request: qname(ns, op.name),
        response: qname(ns, `${op.name}Response`),
        httpPostRoot: undefined,
      });
    }
    for (const h of model.soapHeaders) headers.set(h, this.header(h));
    for (const f of model.faults) this.faultElement(f);
    for (const s of [...model.records, ...model.results]) if (!this.outputStructs.has(s)) this.struct(s);
    for (const e of model.enums) this.enumType(e);
    // ASMX declares the HTTP POST roots after everything else: the root of each response, named as the spec says.
    for (const op of model.operations) {
      operations.set(op, { ...operations.get(op)!, httpPostRoot: this.httpPostRoot(op) });
    }

    const schemas: Schema[] = [];
    for (const [ns, items] of this.items) {
      schemas.push({ targetNamespace: ns, imports: this.importsOf(ns, items), items });
    }
    if (this.msTypes.guid || this.msTypes.char) {
      const items: SchemaItem[] = [];
      // As ASMX declares them: a GUID's canonical text, and a char as its UTF-16 code.
      if (this.msTypes.guid) {
        items.push({
          kind: 'simpleType',
          name: 'guid',
          base: qname(NS.xsd, 'string'),
          values: [],
          pattern: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
        });
      }
      if (this.msTypes.char)
        items.push({ kind: 'simpleType', name: 'char', base: qname(NS.xsd, 'unsignedShort'), values: [] });
      schemas.push({ targetNamespace: NS.msTypes, imports: [], items });
    }
    return { schemas, namespaces: this.namespaces, operations, headers };
  }

  // ---- elements ------------------------------------------------------------------------------------------------

  private useNamespace(ns: string): void {
    if (!this.namespaces.includes(ns)) this.namespaces.push(ns);
    if (ns !== NS.msTypes && !this.items.has(ns)) this.items.set(ns, []);
  }

  private itemsOf(ns: string): SchemaItem[] {
    return this.items.get(ns)!;
  }

  /**
   * Declares a top-level element once. The same declaration again (an HTTP POST root shared by operations) is
   * merged; another declaration of the same name cannot be written in one schema and is refused.
   */
  private element(
    ns: string,
    item: Extract<SchemaItem, { kind: 'element' | 'wrapper' }>,
    what: string,
    signature: string,
  ): void {
    let byName = this.elements.get(ns);
    if (!byName) this.elements.set(ns, (byName = new Map()));
    const previous = byName.get(item.name);
    if (previous === undefined) {
      byName.set(item.name, signature);
      this.itemsOf(ns).push(item);
    } else if (previous !== signature) {
      throw new Error(
        `WSDL: two different elements named ${item.name} in ${ns} (one is ${what}); the spec must name them differently`,
      );
    }
  }

  /** An operation's wrapper element; its sequence is filled in by the caller. */
  private wrapper(ns: string, name: string): Particle[] {
    const sequence: Particle[] = [];
    this.element(ns, { kind: 'wrapper', name, sequence }, `the wrapper element of an operation`, `wrapper ${name}`);
    return sequence;
  }

  /** A top-level element of a named type (a SOAP header, an HTTP POST root). */
  private typedElement(ns: string, name: string, type: XsdTypeRef, nillable: boolean, what: string): void {
    const item = { kind: 'element' as const, name, type, nillable };
    this.element(ns, item, what, JSON.stringify(item));
  }

  /**
   * A top-level element that references name (an element of a namespace of its own). Where two references need it with
   * different types (a local element of two types of that namespace, as edialog-sdk's `dimension`, a DimensionType in
   * one and a string in the other), XML Schema still has one global element per name: it is declared once as
   * s:anyType, nillable, which holds either (nillable only, where the two differ only in that).
   */
  private referencedElement(ns: string, name: string, type: XsdTypeRef, nillable: boolean, what: string): void {
    const items = this.items.get(ns);
    const index = items?.findIndex((x) => x.kind === 'element' && x.name === name) ?? -1;
    const previous = index >= 0 ? (items![index] as Extract<SchemaItem, { kind: 'element' }>) : undefined;
    if (
      previous === undefined ||
      (JSON.stringify(previous.type) === JSON.stringify(type) && previous.nillable === nillable)
    ) {
      this.typedElement(ns, name, type, nillable, what);
      return;
    }
    // Nil-able in one place only: nil-able; of two types: any type.
    const same = JSON.stringify(previous.type) === JSON.stringify(type);
    const widened = { kind: 'element' as const, name, type: same ? type : qname(NS.xsd, 'anyType'), nillable: true };
    items![index] = widened;
    this.elements.get(ns)!.set(name, JSON.stringify(widened));
  }

  /** The header element (in the service namespace, as the client sends it), then its record, at first use. */
  private header(h: { readonly element: string; readonly record: StructModel }): QName {
    if (!this.headersDone.has(h.element)) {
      this.headersDone.add(h.element);
      const type = qname(this.serviceNs, h.record.xmlName);
      this.typedElement(this.serviceNs, h.element, type, false, `the SOAP header ${h.element}`);
      this.struct(h.record);
    }
    return qname(this.serviceNs, h.element);
  }

  /** A typed fault's detail element, in its namespace, then its record (the fault messages name the element). */
  private faultElement(f: FaultModel): void {
    this.useNamespace(f.namespace);
    const type = qname(f.record.namespace?.uri ?? this.serviceNs, f.record.xmlName);
    this.typedElement(f.namespace, f.element, type, false, `the detail element of the fault ${f.name}`);
    this.struct(f.record);
  }

  private httpPostRoot(op: OperationModel): OperationElements['httpPostRoot'] {
    const root = op.httpPostRoot;
    // HTTP GET answers the same document as HTTP POST.
    if (!op.httpPost && !op.httpGet) return undefined;
    switch (root.kind) {
      case 'unbound':
        return undefined;
      case 'empty':
        return 'empty';
      case 'any':
        return 'any';
      case 'shown':
      case 'convention':
      case 'notShown': {
        const name = root.kind === 'notShown' ? root.assumed : root.name;
        const result = op.result;
        if (result.kind !== 'value') throw new Error(`WSDL: ${op.name} has an HTTP POST root but no single result`);
        const ns = operationNamespace(this.model, op);
        // ASMX's root of a reference type (a class, an array, a string) may be nil; of a value type only when nullable.
        const nillable = isReferenceType(result.type) || result.nullable;
        this.typedElement(ns, name, this.typeRef(result.type), nillable, `the HTTP POST root of ${op.name}`);
        return qname(ns, name);
      }
    }
  }

  /**
   * The top-level elements of a bare operation, each declared before the types it reaches: its parameters', then its
   * result's and out parameters'. As ASMX declares them, an element of a reference type is nillable (a null is sent
   * nil, the element being the whole part), one of a value type only where the spec lets it be null.
   */
  private bareParts(op: OperationModel, ns: string): { input: BarePart[]; output: BarePart[] } {
    const declare = (name: string, type: TypeModel, nullable: boolean, what: string): BarePart => {
      this.typedElement(ns, name, this.typeRef(type), isReferenceType(type) || nullable, what);
      return { name, element: qname(ns, name) };
    };
    const input = op.params.map((p) => declare(p.name, p.type, p.nillable, `the parameter ${p.name} of ${op.name}`));
    const output: BarePart[] = [];
    const result = op.result;
    const returned = result.kind === 'outputs' ? result.returned : result;
    if (returned.kind === 'value')
      output.push(declare(returned.element, returned.type, returned.nullable, `the result of ${op.name}`));
    if (result.kind === 'outputs') {
      for (const f of result.struct.fields.slice(returned.kind === 'value' ? 1 : 0)) {
        output.push(declare(f.name, f.type, f.nillable || f.optional, `the out parameter ${f.name} of ${op.name}`));
      }
    }
    return { input, output };
  }

  // ---- particles -----------------------------------------------------------------------------------------------

  /**
   * A parameter's element. ASMX writes `minOccurs="0"` for every reference type (strings included) and 1 for value
   * types; an optional value-type parameter may be left out (0), unless it has a default, which the client sends
   * when the caller gives none, so the element is always there (the payer's changesSinceDate: a required double).
   */
  private parameter(p: ParameterModel, ns: string): Particle {
    if (p.type.kind === 'choice') return this.choice(p.type, p.optional ? 0 : 1, 1);
    const form = p.form === 'unqualified' ? { unqualified: true } : {};
    // A list without a container (`[XmlElement] string[] name`): the parameter's own element, repeated.
    if (p.type.kind === 'list' && !p.type.container) {
      const t = p.type;
      const particle: ElementParticle = {
        name: p.name,
        minOccurs: t.minItems ?? 0,
        maxOccurs: t.maxItems ?? 'unbounded',
        nillable: t.nillableItems,
        type: this.typeRef(t.item),
        ...form,
      };
      return this.ownNamespace(particle, p.namespace?.uri, ns, `the parameter ${p.name}`);
    }
    const optional = isReferenceType(p.type) || (p.optional && p.default === undefined);
    return this.ownNamespace(
      {
        name: p.name,
        minOccurs: optional ? 0 : 1,
        maxOccurs: 1,
        nillable: p.nillable,
        type: this.typeRef(p.type),
        ...form,
        ...(p.pattern !== undefined ? { pattern: p.pattern.xsd } : {}),
      },
      p.namespace?.uri,
      ns,
      `the parameter ${p.name}`,
    );
  }

  /**
   * An element of a namespace of its own (`uri`) as a reference to a top-level element of that namespace, declared
   * there once (the same declaration again is merged, another of that name refused); else the particle as it is. One
   * whose own namespace is `at`, the schema's where it stands, is a local element there (this schema qualifies them).
   */
  private ownNamespace(p: ElementParticle, uri: string | undefined, at: string, what: string): ElementParticle {
    if (uri === undefined || uri === at) return p;
    this.useNamespace(uri);
    this.referencedElement(uri, p.name, p.type, p.nillable, what);
    return { ...p, nillable: false, ref: qname(uri, p.name) };
  }

  /** The children of `<OpResponse>`: nothing (void), the result element, or the result and the out parameters. */
  private response(op: OperationModel, ns: string): Particle[] {
    const result = op.result;
    switch (result.kind) {
      case 'void':
        return [];
      case 'value':
        return [this.resultParticle(result, ns)];
      case 'outputs': {
        const fields = result.struct.fields;
        if (result.returned.kind === 'void') return fields.flatMap((f) => this.field(f, ns));
        // The first field is the returned value (outputs.struct puts it there): declared as a result, not a field.
        return [this.resultParticle(result.returned, ns), ...fields.slice(1).flatMap((f) => this.field(f, ns))];
      }
    }
  }

  /**
   * The result element. ASMX declares a reference-type result `minOccurs="0"` (null is left out) and a value type
   * `minOccurs="1"`, nillable when it is a nullable value (`DateTime?`). A result the spec says is never null is
   * required: the client refuses a response without it, so the schema says so.
   */
  private resultParticle(result: ValueResult, ns: string): Particle {
    const reference = isReferenceType(result.type);
    const particle: ElementParticle = {
      name: result.element,
      minOccurs: reference && result.nullable ? 0 : 1,
      maxOccurs: 1,
      nillable: !reference && result.nullable,
      type: this.typeRef(result.type),
      ...(result.form === 'unqualified' ? { unqualified: true } : {}),
    };
    return this.ownNamespace(particle, result.namespace?.uri, ns, `the result ${result.element}`);
  }

  /** A record field as a sequence element (none for an attribute): a list without a container repeats its items. */
  private field(f: FieldModel, ns: string): Particle[] {
    if (f.attribute || f.text) return [];
    const type = f.type;
    if (type.kind === 'choice') return [this.choice(type, f.optional ? 0 : 1, 1, ns)];
    if (type.kind === 'list' && !type.container && type.item.kind === 'choice')
      return [this.choice(type.item, type.minItems ?? 0, type.maxItems ?? 'unbounded', ns)];
    const form = f.form === 'unqualified' ? { unqualified: true } : {};
    const own = f.namespace?.uri;
    if (type.kind === 'list' && !type.container) {
      return [
        this.ownNamespace(
          {
            name: type.itemElement,
            minOccurs: type.minItems ?? 0,
            maxOccurs: type.maxItems ?? 'unbounded',
            nillable: type.nillableItems,
            type: this.typeRef(type.item),
            ...form,
          },
          own,
          ns,
          `the field ${f.name}`,
        ),
      ];
    }
    return [
      this.ownNamespace(
        {
          name: f.xmlName,
          minOccurs: f.optional ? 0 : 1,
          maxOccurs: 1,
          nillable: f.nillable,
          type: this.typeRef(type),
          ...form,
          ...fixedAndDefault(f),
        },
        own,
        ns,
        `the field ${f.name}`,
      ),
    ];
  }

  /**
   * A choice: each alternative an element of its own, exactly once within one occurrence of the choice; `ns`, the
   * namespace of the schema declaring it, where an alternative's own namespace makes it a reference to a global element.
   */
  private choice(type: ChoiceType, minOccurs: number, maxOccurs: number | 'unbounded', ns?: string): ChoiceParticle {
    return {
      choice: type.alternatives.map((a): ElementParticle | SequenceParticle => {
        if (a.sequence) return sequenceParticle(a.sequence, (t) => this.typeRef(t));
        // A repeated alternative (a list without a container) is its item element with the list's bounds.
        const repeated = a.type.kind === 'list' && !a.type.container ? a.type : undefined;
        const particle: ElementParticle = {
          name: a.name,
          minOccurs: repeated ? (repeated.minItems ?? 0) : 1,
          maxOccurs: repeated ? (repeated.maxItems ?? 'unbounded') : 1,
          nillable: repeated ? repeated.nillableItems : false,
          type: this.typeRef(repeated ? repeated.item : a.type),
          ...(a.form === 'unqualified' ? { unqualified: true } : {}),
        };
        return ns === undefined
          ? particle
          : this.ownNamespace(particle, a.namespace?.uri, ns, `the alternative ${a.name}`);
      }),
      minOccurs,
      maxOccurs,
    };
  }

  private attribute(f: FieldModel): AttributeDecl[] {
    if (!f.attribute) return [];
    const ref = this.typeRef(f.type);
    // The spec refuses XML content, records and lists as attributes.
    if (ref === 'any') throw new Error(`WSDL: the attribute ${f.name} cannot hold XML content`);
    const xmlRef = f.attributeNamespace?.uri === NS.xml ? { xmlRef: true } : {};
    return [
      {
        name: f.xmlName,
        type: ref,
        required: !f.optional,
        ...(f.form === 'qualified' ? { qualified: true } : {}),
        ...xmlRef,
        ...fixedAndDefault(f),
      },
    ];
  }

  // ---- types ---------------------------------------------------------------------------------------------------

  /** The XML Schema type of `type`, declaring it (and what it reaches) on first use. */
  private typeRef(type: TypeModel): XsdTypeRef {
    switch (type.kind) {
      case 'primitive':
        if (type.name === 'xml') return 'any';
        if (type.name === 'guid' || type.name === 'char') {
          this.msTypes[type.name] = true;
          this.useNamespace(NS.msTypes);
        }
        return primitiveRef(type.name);
      case 'enum':
        this.enumType(type.enum);
        return qname(this.serviceNs, type.enum.xmlName);
      case 'record':
        return this.struct(type.record);
      case 'list':
        return this.list(type);
      case 'choice':
        // Fields, parameters and list items place a choice themselves; it is never an element's type.
        throw new Error('WSDL: a choice has no type of its own');
    }
  }

  private struct(s: StructModel): QName {
    // A record in a namespace of its own (a WCF DataContract) is declared in a schema of that namespace.
    const ns = s.namespace?.uri ?? this.serviceNs;
    const name = qname(ns, s.xmlName);
    if (this.declared.has(s)) return name;
    this.declared.add(s);
    this.useNamespace(ns);
    // Declared before what it reaches (pre-order), its content filled in after.
    const item = {
      kind: 'complexType' as const,
      name: s.xmlName,
      base: undefined as QName | undefined,
      sequence: [] as Particle[],
      attributes: [] as AttributeDecl[],
      ...(s.anyAttribute ? { anyAttribute: true } : {}),
      ...(s.abstract ? { abstract: true } : {}),
    };
    this.itemsOf(ns).push(item);
    if (s.base) item.base = this.struct(s.base);
    const text = s.fields.find((f) => f.text);
    // Text content extends its simple type, or the record it inherits the text from (a simpleContent chain).
    if (text) Object.assign(item, { simpleContent: s.base ? true : this.typeRef(text.type) });
    for (const f of s.base ? s.ownFields : s.fields) {
      item.sequence.push(...this.field(f, ns));
      item.attributes.push(...this.attribute(f));
    }
    return name;
  }

  private enumType(e: EnumModel): void {
    if (this.declared.has(e)) return;
    this.declared.add(e);
    this.itemsOf(this.serviceNs).push({
      kind: 'simpleType',
      name: e.xmlName,
      base: qname(NS.xsd, e.base ?? 'string'),
      values: e.values,
    });
  }

  private list(list: ListType): QName {
    // A nested list's name is part of this one's, so it is named (and declared) first.
    const itemRef = list.item.kind === 'list' ? this.list(list.item) : undefined;
    const ns = list.namespace?.uri ?? this.serviceNs;
    const bounds = list.minItems || list.maxItems !== undefined ? `|${list.minItems ?? 0}..${list.maxItems ?? ''}` : '';
    const key = `${this.shapeKey(list.item)}|${list.itemElement}|${list.nillableItems}|${ns}${list.unqualifiedItems ? '|unqualified' : ''}${bounds}`;
    let name = this.arrays.get(key);
    if (name !== undefined) return qname(ns, name);
    const base = `ArrayOf${capitalise(itemRef?.local ?? this.itemTypeName(list.item))}`;
    name = base;
    for (let n = 1; this.typeNames.has(name); n++) name = `${base}${n}`;
    this.typeNames.add(name);
    this.arrays.set(key, name);
    const item = { kind: 'complexType' as const, name, base: undefined, sequence: [] as Particle[], attributes: [] };
    this.useNamespace(ns);
    this.itemsOf(ns).push(item);
    item.sequence.push(
      list.item.kind === 'choice'
        ? this.choice(list.item, list.minItems ?? 0, list.maxItems ?? 'unbounded')
        : {
            name: list.itemElement,
            minOccurs: list.minItems ?? 0,
            maxOccurs: list.maxItems ?? 'unbounded',
            nillable: list.nillableItems,
            type: itemRef ?? this.typeRef(list.item),
            ...(list.unqualifiedItems ? { unqualified: true } : {}),
          },
    );
    return qname(ns, name);
  }

  /** The name ASMX builds a list type's name from: the item type's (XML Schema, enum or record) name. */
  private itemTypeName(type: TypeModel): string {
    switch (type.kind) {
      case 'primitive':
        return type.name;
      case 'enum':
        return type.enum.xmlName;
      case 'record':
        return type.record.xmlName;
      case 'list':
        return this.list(type).local;
      case 'choice':
        // As ASMX names a list of choices: ArrayOfChoice1, ArrayOfChoice2, ...
        return 'Choice';
    }
  }

  /** Identifies a type for telling list types apart (two lists are one type when their items are the same). */
  private shapeKey(type: TypeModel): string {
    switch (type.kind) {
      case 'primitive':
        return `p:${type.name}`;
      case 'enum':
        return `e:${type.enum.name}`;
      case 'record':
        return `r:${type.record.name}`;
      case 'list':
        return `l:${this.list(type).local}`;
      case 'choice':
        return `c:(${type.alternatives.map((a) => `${a.name}=${this.shapeKey(a.type)}`).join(',')})`;
    }
  }

  private importsOf(ns: string, items: readonly SchemaItem[]): string[] {
    const used = new Set<string>();
    let xmlRefs = false;
    const add = (ref: XsdTypeRef | undefined) => {
      if (ref !== undefined && ref !== 'any' && ref.ns !== ns && ref.ns !== NS.xsd) used.add(ref.ns);
    };
    const addParticle = (p: ElementParticle) => {
      add(p.ref ?? p.type);
    };
    for (const item of items) {
      if (item.kind === 'element') add(item.type);
      else if (item.kind === 'wrapper') item.sequence.flatMap(elementsOf).forEach(addParticle);
      else if (item.kind === 'complexType') {
        add(item.base);
        if (item.simpleContent !== undefined && item.simpleContent !== true) add(item.simpleContent);
        item.sequence.flatMap(elementsOf).forEach(addParticle);
        item.attributes.forEach((a) => (a.xmlRef ? (xmlRefs = true) : add(a.type)));
      } else add(item.base);
    }
    // In the order the document first uses them, so the output does not depend on the walk inside one schema; XML's
    // own namespace last (its prefix is bound everywhere, so it is none of the document's declared namespaces).
    return [...this.namespaces.filter((n) => used.has(n)), ...(xmlRefs ? [NS.xml] : [])];
  }
}

/** A field's `fixed` and `default` values and its pattern, for its element or attribute declaration. */
function fixedAndDefault(f: FieldModel): { fixed?: string; default?: string; pattern?: string } {
  return {
    ...(f.fixed !== undefined ? { fixed: f.fixed } : {}),
    ...(f.default !== undefined ? { default: f.default } : {}),
    ...(f.pattern !== undefined ? { pattern: f.pattern.xsd } : {}),
  };
}

/** A sequence alternative's particle: each member an element of the record's namespace, once or (optional) not. */
function sequenceParticle(members: readonly SequenceMember[], typeRef: (t: TypeModel) => XsdTypeRef): SequenceParticle {
  return {
    sequence: members.map((m) => ({
      name: m.name,
      minOccurs: m.optional ? 0 : 1,
      maxOccurs: 1,
      nillable: false,
      type: typeRef(m.type),
    })),
  };
}
