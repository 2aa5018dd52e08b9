/**
 * XML Schema -> the spec's types. Named types are mapped when something the spec keeps reaches them (a parameter,
 * a result, an output, a SOAP header): `ArrayOfX` containers become lists, simple types with enumerations enums,
 * other complex types records (`extends` from complexContent/extension, attributes as `attribute: true` fields,
 * repeated elements as lists without a container). Constructs the format cannot say are reported where they stand.
 */
import { DATA_SET_TYPE, PRIMITIVE_NAMES, isReferencePrimitive, type PrimitiveName } from '../model/primitives.js';
import {
  type DraftAlternative,
  type DraftChoice,
  type DraftEnum,
  type DraftField,
  type DraftList,
  type DraftRecord,
  type DraftTypeRef,
} from './draft.js';
import type { Problems } from './problems.js';
import { NS } from '../emit/wsdl/namespaces.js';
import { qnameAttr, WCF_SERIALIZATION, xsdDocumentation, type WsdlDoc } from './read-wsdl.js';
import { kids, type QName, type XmlElement } from './xml.js';
import { foreignProblem, resolveRef } from './element-ref.js';
import { Forms, alternativeWithNamespace, fieldChoice, qualifiedInside, withForm, withNamespace } from './forms.js';
import {
  declarationOf,
  inPlace,
  listBounds,
  occurrenceOf,
  once,
  shownOccurrence,
  withOuterOccurrence,
  type Occurrence,
} from './occurrence.js';
import { capitalise } from '../model/text.js';
import { draftSequenceAlternative } from './sequence-alternative.js';
import { restrictionFacets } from './patterns.js';
import { draftEnumValues, enumBase } from './enum-base.js';

/** A type as mapped, with what the spec's defaults depend on. */
export interface PlannedType {
  readonly ref: DraftTypeRef;
  /** A .NET reference type (string, base64Binary, xml, record, list): optional and nillable by default. */
  readonly reference: boolean;
  /** The element name ASMX gives an item of this type in a list (the type's name; ArrayOfX for a list). */
  readonly itemName: string;
  /** The HTTP POST root ASMX gives a result of this type; undefined for XML content (any root). */
  readonly rootName: string | undefined;
  /** A text type's pattern (xs:pattern), for the fields and parameters of it (generator/import/patterns.ts). */
  readonly pattern?: string | undefined;
}

/** The spec's primitives that are XML Schema types: not guid and char (Microsoft's types namespace) nor xml (any content). */
const XSD_PRIMITIVES: ReadonlySet<string> = new Set(
  PRIMITIVE_NAMES.filter((n) => n !== 'guid' && n !== 'char' && n !== 'xml'),
);
/** Keys no drafted record or enum takes: the type names the format has itself. */
const RESERVED_KEYS: readonly string[] = [...PRIMITIVE_NAMES, DATA_SET_TYPE];

interface Declared {
  readonly node: XmlElement;
  readonly file: string;
  /** Declaration order across all schemas, for a stable output order. */
  readonly order: number;
}

const key = (q: QName) => `{${q.ns}}${q.local}`;
/**
 * The attributes of XML's own namespace (xml.xsd) that a schema refers to without declaring them and the import
 * drafts, as strings: all but xml:space, whose type is an enumeration (`default`, `preserve`), so it stays reported.
 */
const XML_ATTRIBUTES: ReadonlySet<string> = new Set(['lang', 'base', 'id']);

function primitive(name: PrimitiveName): PlannedType {
  return {
    ref: name,
    reference: isReferencePrimitive(name),
    itemName: name,
    rootName: name === 'xml' ? undefined : name,
  };
}

/** A .NET DataSet: the spec's `dataSet`, whose HTTP POST root and list items are named `DataSet` by convention. */
const DATA_SET: PlannedType = { ref: DATA_SET_TYPE, reference: true, itemName: 'DataSet', rootName: 'DataSet' };

export class TypePlanner {
  private readonly elements = new Map<string, Declared>();
  private readonly complexTypes = new Map<string, Declared>();
  private readonly simpleTypes = new Map<string, Declared>();
  /** Mapped records and enums, by name, with their declaration order. */
  private readonly records = new Map<string, { order: number; draft: DraftRecord }>();
  private readonly enums = new Map<string, { order: number; draft: DraftEnum }>();
  private readonly planned = new Map<string, PlannedType>();
  /**
   * The spec key of each named type, by qualified name: its local name, or for a second type of that local name in
   * another namespace (WCF's DataContracts of one class name in several namespaces), that name numbered from 2 on,
   * past every local name the schemas declare; numbered in declaration order, so the same WSDL gets the same keys.
   */
  private readonly specKeys = new Map<string, string>();
  /** The record drafted for each global element of an inline complex type, by the element's key; null: none. */
  private readonly inlineRecords = new Map<string, string | null>();
  /**
   * Local elements whose type is an inline complex type (WCF's dictionary item `KeyValueOfstringstring`), with the
   * namespace of the schema declaring them; and the record drafted for each, once.
   */
  private readonly localInline = new Map<XmlElement, { readonly ns: string; readonly order: number }>();
  private readonly localRecords = new Map<XmlElement, PlannedType>();
  private readonly localEnums = new Map<XmlElement, PlannedType>();
  /**
   * The complex types that extend each named type (by the key of the base): ASMX publishes an `[XmlInclude]` type
   * that no element names, reached on the wire only through `xsi:type`, so each is drafted with its base.
   */
  private readonly derived = new Map<string, Array<{ name: QName; declared: Declared }>>();
  /** The namespace of the schema holding each element reference (`s:element ref`), which a reference must be in. */
  private readonly refOwner = new WeakMap<XmlElement, string>();
  /** Each element reference read in place ({@link particle}): the global element it names, and its own namespace. */
  private readonly inPlaceRefs = new WeakMap<XmlElement, { global: QName; foreign: string | undefined }>();
  /** The qualified local elements a wrapper inherits from a base type of another namespace, with that namespace. */
  private readonly inheritedLocals = new WeakMap<XmlElement, string>();
  /** The named types wrapper elements extend (by key), read for their elements. */
  private readonly wrapperBases = new Set<string>();
  /** The global elements an element reference names (by key). */
  private readonly refNamed = new Set<string>();
  /** The global elements that may stand for each head element (`substitutionGroup`), by the head's key, in order. */
  private readonly substitutes = new Map<string, Array<{ readonly name: QName; readonly declared: Declared }>>();
  /** Named model groups (`s:group name`) and attribute groups (`s:attributeGroup name`), read where referenced. */
  private readonly groups = new Map<string, Declared>();
  private readonly attributeGroups = new Map<string, Declared>();
  /** The groups and attribute groups some drafted type references (by key). */
  private readonly groupsUsed = new Set<string>();
  /** The namespace of the schema holding each group or attribute group reference. */
  private readonly groupRefOwner = new WeakMap<XmlElement, string>();
  /** Where each local element and attribute is on the wire (xs:form and the schemas' defaults). */
  private readonly forms = new Forms();
  /** The operations' parameters, results and outputs drafted unqualified, settled as the fields are. */
  private readonly operationHolders: Array<{
    holder: { form?: 'qualified' | 'unqualified' | undefined };
    type: DraftTypeRef;
    el: XmlElement;
    file: string;
    owner: string;
  }> = [];
  /** The declarations of the choices' alternatives drafted unqualified, to report one drafted qualified after all. */
  private readonly unqualifiedAlternatives = new Map<
    DraftAlternative,
    { el: XmlElement; file: string; owner: string }
  >();
  /** The declarations of the fields drafted unqualified, to report one drafted qualified after all. */
  private readonly unqualified = new Map<DraftField, { el: XmlElement; file: string; owner: string }>();

  constructor(
    private readonly doc: WsdlDoc,
    private readonly problems: Problems,
  ) {
    let order = 0;
    for (const schema of doc.schemas) {
      this.forms.addSchema(schema.node);
      const stack = [...schema.node.children];
      // Once per schema: asking the children list of each node met would read it once per element (quadratic).
      const globals = new Set(stack);
      for (let node = stack.pop(); node; node = stack.pop()) {
        stack.push(...node.children);
        if (node.ns === NS.xsd && (node.name === 'group' || node.name === 'attributeGroup') && node.attrs.has('ref'))
          this.groupRefOwner.set(node, schema.targetNamespace);
        // After every global declaration (orders from LOCAL_ORDER), in the order the walk meets them.
        if (
          node.ns === NS.xsd &&
          node.name === 'element' &&
          node.attrs.has('name') &&
          !globals.has(node) &&
          (kids(node, NS.xsd, 'complexType').length > 0 || kids(node, NS.xsd, 'simpleType').length > 0)
        ) {
          this.localInline.set(node, { ns: schema.targetNamespace, order: LOCAL_ORDER + this.localInline.size });
        }
        if (node.ns !== NS.xsd || node.name !== 'element' || !node.attrs.has('ref')) continue;
        this.refOwner.set(node, schema.targetNamespace);
        const named = qnameAttr(node, 'ref');
        if (named) this.refNamed.add(key(named));
      }
      for (const item of schema.node.children) {
        if (item.ns !== NS.xsd) continue;
        const name = item.attrs.get('name');
        const declared = { node: item, file: schema.file, order: order++ };
        const q = key({ ns: schema.targetNamespace, local: name ?? '' });
        if (item.name === 'element') {
          this.elements.set(q, declared);
          const head = qnameAttr(item, 'substitutionGroup');
          if (head)
            this.substitutes.set(key(head), [
              ...(this.substitutes.get(key(head)) ?? []),
              { name: { ns: schema.targetNamespace, local: name ?? '' }, declared },
            ]);
        } else if (item.name === 'complexType') {
          this.complexTypes.set(q, declared);
          const base = extensionBase(item);
          if (base)
            this.derived.set(key(base), [
              ...(this.derived.get(key(base)) ?? []),
              { name: { ns: schema.targetNamespace, local: name ?? '' }, declared },
            ]);
        } else if (item.name === 'simpleType') this.simpleTypes.set(q, declared);
        else if (item.name === 'group') this.groups.set(q, declared);
        else if (item.name === 'attributeGroup') this.attributeGroups.set(q, declared);
        else if (item.name === 'import' || item.name === 'include' || item.name === 'annotation') continue;
        else if (schema.targetNamespace === WCF_SERIALIZATION) continue;
        else
          this.report(
            schema.file,
            item,
            `s:${item.name}`,
            'a top-level declaration the spec format has no counterpart for; left out',
          );
      }
    }
    const types = [...this.complexTypes, ...this.simpleTypes].sort((a, b) => a[1].order - b[1].order);
    const locals = new Set(types.map(([, d]) => d.node.attrs.get('name') ?? ''));
    // The format's own type names are taken: a record or enum keyed Name would never be the one a field names.
    const used = new Set<string>(RESERVED_KEYS);
    for (const [q, d] of types) {
      const local = d.node.attrs.get('name') ?? '';
      let specKey = local;
      for (let n = 2; used.has(specKey); n++) {
        // A number that makes another declared local name is skipped: that name is the other type's key.
        if (!locals.has(`${local}${n}`)) specKey = `${local}${n}`;
      }
      used.add(specKey);
      this.specKeys.set(q, specKey);
    }
  }

  report(file: string, at: XmlElement, construct: string, message: string): void {
    this.problems.add(file, at, construct, message);
  }

  /**
   * An element particle as the draft reads it: itself, or for an element reference (`s:element ref`), the element
   * it names declared in place; undefined (reported) for a reference that cannot be read so.
   */
  particle(el: XmlElement, file: string, own = false): XmlElement | undefined {
    const owner = this.refOwner.get(el);
    if (owner === undefined) return el;
    const resolved = resolveRef(el, owner, (name) => this.element(name));
    if ('problem' in resolved) {
      this.report(file, el, 's:element ref', resolved.problem);
      return undefined;
    }
    if (resolved.foreign !== undefined && !own) {
      this.report(
        file,
        el,
        's:element ref',
        foreignProblem(
          el,
          resolved.foreign,
          owner,
          "a list item, or an alternative of a choice other than a record field's,",
        ),
      );
      return undefined;
    }
    this.inPlaceRefs.set(resolved.element, { global: resolved.global, foreign: resolved.foreign });
    return resolved.element;
  }

  /**
   * The namespace of an element particle ({@link particle}'s) when it is its own: a reference to a global element of
   * another namespace than the schema holding the reference (the spec's `namespace`); else undefined.
   */
  foreignOf(element: XmlElement): string | undefined {
    return this.inPlaceRefs.get(declarationOf(element))?.foreign ?? this.inheritedLocals.get(element);
  }

  /** A named complex type's declaration (the base a wrapper element's type extends), if a schema declares it. */
  complexType(name: QName): Declared | undefined {
    const declared = this.complexTypes.get(key(name));
    // Its elements are the wrapper's parameters or outputs: it is not left out, though no record is drafted from it.
    if (declared) this.wrapperBases.add(key(name));
    return declared;
  }

  /**
   * Notes a qualified local element of a base type of another namespace than the wrapper extending it: a parameter,
   * result or output there is in the base's namespace, its own ({@link foreignOf}).
   */
  inheritedFrom(element: XmlElement, namespace: string): void {
    this.inheritedLocals.set(element, namespace);
  }

  /** A global element (an operation's wrapper, a header, an HTTP POST root). */
  element(name: QName): Declared | undefined {
    return this.elements.get(key(name));
  }

  /**
   * Reports what the draft leaves out because nothing reaches it: a named type no kept parameter, result, header or
   * field uses (nor extends one of those), a global element no message names. Called once the operations are drafted.
   */
  reportUnreached(): void {
    const named = new Set<string>();
    for (const message of this.doc.messages.values()) {
      for (const part of kids(message, NS.wsdl, 'part')) {
        const element = qnameAttr(part, 'element');
        if (element) named.add(key(element));
      }
    }
    // WCF's Serialization schema declares an element for every primitive; a service uses what it uses of it.
    const library = (k: string) => k.startsWith(`{${WCF_SERIALIZATION}}`);
    const unreached = [
      // An element a reference names is the reference's: kept with it, or reported with it where it stands.
      ...[...this.elements]
        .filter(([k]) => !named.has(k) && !library(k) && !this.refNamed.has(k))
        .map(([, d]) => ({ d, what: 'element', why: 'no message of the WSDL names it' })),
      ...[...this.complexTypes, ...this.simpleTypes]
        .filter(([k]) => !this.planned.has(k) && !this.wrapperBases.has(k) && !library(k))
        .map(([, d]) => ({ d, what: 'type', why: 'no operation the draft keeps uses it' })),
      ...[...this.groups]
        .filter(([k]) => !this.groupsUsed.has(k))
        .map(([, d]) => ({ d, what: 'group', why: 'no type the draft keeps uses it' })),
      ...[...this.attributeGroups]
        .filter(([k]) => !this.groupsUsed.has(k))
        .map(([, d]) => ({ d, what: 'attribute group', why: 'no type the draft keeps uses it' })),
    ].sort((a, b) => a.d.order - b.d.order);
    for (const { d, what, why } of unreached) {
      this.report(
        d.file,
        d.node,
        `s:${d.node.name} ${d.node.attrs.get('name') ?? ''}`.trimEnd(),
        `the ${what} ${d.node.attrs.get('name') ?? '(unnamed)'} is left out: ${why}`,
      );
    }
  }

  /** Whether `name` is a record drafted from a complex type. */
  isRecord(name: string): boolean {
    return this.records.has(name);
  }

  recordsInOrder(): Record<string, DraftRecord> {
    this.settleForms();
    return Object.fromEntries([...this.records].sort((a, b) => a[1].order - b[1].order).map(([n, r]) => [n, r.draft]));
  }

  enumsInOrder(): Record<string, DraftEnum> {
    return Object.fromEntries([...this.enums].sort((a, b) => a[1].order - b[1].order).map(([n, e]) => [n, e.draft]));
  }

  /** The named type `name`, mapped (and what it reaches), or undefined when it cannot be (reported). */
  named(name: QName, file: string, at: XmlElement): PlannedType | undefined {
    const k = key(name);
    const done = this.planned.get(k);
    if (done) return done;
    if (name.ns === NS.xsd) {
      if (XSD_PRIMITIVES.has(name.local)) return primitive(name.local as PrimitiveName);
      if (name.local === 'anyType') return primitive('xml');
      // Any simple value is its text, which a string holds as it is (xsd.exe: string): nothing is lost.
      if (name.local === 'anySimpleType') return primitive('string');
      this.report(file, at, `xs:${name.local}`, 'an XML Schema type the spec format does not have; drafted as string');
      return primitive('string');
    }
    if (name.ns === NS.msTypes && (name.local === 'guid' || name.local === 'char')) return primitive(name.local);
    if (name.ns === WCF_SERIALIZATION && (name.local === 'guid' || name.local === 'char' || name.local === 'duration'))
      return primitive(name.local);
    const complex = this.complexTypes.get(k);
    if (complex) return this.complex(name, complex);
    const simple = this.simpleTypes.get(k);
    if (simple) return this.simple(name, simple);
    this.report(
      file,
      at,
      `type ${name.local}`,
      `the type {${name.ns}}${name.local} is not declared in any schema the WSDL has; drafted as string`,
    );
    return primitive('string');
  }

  /** The spec key of the named type `name` (see {@link specKeys}), and its `xmlName` when that is not the key. */
  private keyOf(name: QName): { readonly specKey: string; readonly xmlName: string | undefined } {
    const specKey = this.specKeys.get(key(name)) ?? name.local;
    return { specKey, xmlName: specKey === name.local ? undefined : name.local };
  }

  private simple(name: QName, d: Declared): PlannedType {
    const { node, file } = d;
    const restriction = kids(node, NS.xsd, 'restriction')[0];
    const values = restriction ? kids(restriction, NS.xsd, 'enumeration').map((e) => e.attrs.get('value') ?? '') : [];
    if (!restriction || values.length === 0) {
      const what = restriction
        ? 's:restriction without enumerations'
        : kids(node, NS.xsd, 'list')[0]
          ? 's:list'
          : kids(node, NS.xsd, 'union')[0]
            ? 's:union'
            : 's:simpleType';
      const base = restriction ? qnameAttr(restriction, 'base') : undefined;
      const named = base ? this.named(base, file, restriction!) : primitive('string');
      const facets = restriction && named ? this.withFacets(named, restriction, file) : undefined;
      const planned = facets?.type ?? named;
      const shown = typeof planned?.ref === 'string' ? planned.ref : 'its base type';
      if (!facets?.facetsKept)
        this.report(file, node, what, `the simple type ${name.local} is drafted as ${shown}; its facets are not kept`);
      const result = planned ?? primitive('string');
      this.planned.set(key(name), result);
      return result;
    }
    const kept = values.filter((v) => v !== '');
    if (kept.length < values.length)
      this.report(
        file,
        restriction,
        's:enumeration value=""',
        `the empty value of ${name.local} is left out: enum values are not empty`,
      );
    const { specKey, xmlName } = this.keyOf(name);
    const planned: PlannedType = { ref: specKey, reference: false, itemName: name.local, rootName: name.local };
    this.planned.set(key(name), planned);
    {
      const base = qnameAttr(restriction, 'base');
      const drafted = draftEnumValues(enumBase(base), kept);
      if (base && enumBase(base) === undefined) {
        this.report(
          file,
          restriction,
          `s:restriction base="${restriction.attrs.get('base')}"`,
          `the enum ${name.local} is drafted as a string enum`,
        );
      }
      this.enums.set(specKey, {
        order: d.order,
        draft: {
          doc: xsdDocumentation(node),
          xmlName,
          values: drafted.values.length > 0 ? drafted.values : ['TODO'],
          ...(drafted.base ? { base: drafted.base } : {}),
          todo:
            kept.length > 0
              ? undefined
              : `write the values of ${name.local}: the WSDL gives none but the empty one (drafted: TODO)`,
        },
      });
    }
    return planned;
  }

  /**
   * A named complex type, as what it stands for on the wire: XML or text content, a list (an ASMX `ArrayOfX`
   * container, of one element or of a choice), else a record. Each is planned under its name before its parts are
   * mapped, so that a type reached again while mapping them (a recursive one) finds itself.
   */
  private complex(name: QName, d: Declared): PlannedType {
    const content = this.contentOnly(name, d);
    if (content) return content;
    const list = this.listShape(name.local, d.node);
    // A repeated choice of one element (EWS's ArrayOfRecipientsType: <xs:choice maxOccurs="unbounded"><xs:element
    // name="Mailbox"/></xs:choice>) is a list of that element, as often as both say; the head of a substitution group
    // stays a choice (of its members).
    const lone = list?.name === 'choice' ? this.loneElement(list) : undefined;
    if (list?.name === 'choice' && lone === undefined) return this.choiceList(name, list, d);
    if (list) return this.elementList(name, list, lone, d);
    return this.namedRecord(name, d);
  }

  /**
   * A complex type that is content and no record: XML (any) content, text content and nothing else, or a
   * restriction of text content. Undefined for any other (a text-only type whose base cannot be drafted included).
   */
  private contentOnly(name: QName, d: Declared): PlannedType | undefined {
    if (isAnyContent(d.node)) {
      // XML content under a name (EWS's EncryptedDataContainerType: one <xs:any namespace="##other"/>): an element of
      // it holds that markup, as one of an anonymous type of the same content does.
      const planned = isDataSet(d.node) ? DATA_SET : primitive('xml');
      this.planned.set(key(name), planned);
      return planned;
    }
    const text = this.textOnlyBase(d.node);
    if (text) {
      // Text content and nothing else (s:simpleContent extending a simple type, no attribute): on the wire an element
      // of that type, as .NET writes a class whose one member is [XmlText]. The base's conventional names are kept, so
      // that a list item or an HTTP POST root named after this type is drafted with its name given (`item:`).
      const base = this.named(text, d.file, d.node);
      if (base) {
        this.planned.set(key(name), base);
        return base;
      }
    }
    const restricted = simpleContentRestriction(d.node);
    if (restricted) {
      // A restriction of text content narrows its facets: on the wire it is its base, which is drafted instead.
      const base = qnameAttr(restricted, 'base');
      const planned = base ? this.named(base, d.file, restricted) : undefined;
      this.report(
        d.file,
        restricted,
        's:simpleContent/s:restriction',
        `${name.local} is drafted as its base${base ? ` ${base.local}` : ''}; its facets are not kept`,
      );
      const result = planned ?? primitive('string');
      this.planned.set(key(name), result);
      return result;
    }
    return undefined;
  }

  /** ASMX's ArrayOfChoice1: a container whose items are each one of several elements, in document order. */
  private choiceList(name: QName, list: XmlElement, d: Declared): PlannedType {
    const choice = this.choiceType(name.local, list, d.file, [], false);
    if (!choice) return primitive('string');
    const ref: DraftList = {
      list: choice,
      ...(name.ns !== this.doc.targetNamespace ? { namespace: name.ns } : {}),
      ...listBounds(list),
    };
    const planned: PlannedType = { ref, reference: true, itemName: name.local, rootName: name.local };
    this.planned.set(key(name), planned);
    return planned;
  }

  /**
   * A container of one repeated element (`list`, or `lone`, the one element of a repeated choice `list`): a list
   * of its items, named as ASMX names a list of them (`ArrayOfX`).
   */
  private elementList(name: QName, list: XmlElement, lone: XmlElement | undefined, d: Declared): PlannedType {
    // Named before its item is mapped: a recursive list refers to itself through a record, never directly.
    const particle = lone ?? list;
    const item = this.particle(particle, d.file);
    const itemType = item ? (this.inlineItemType(name, item, d) ?? this.particleType(item, d.file)) : undefined;
    if (!item || !itemType) return primitive('string');
    const itemElement = item.attrs.get('name') ?? '';
    this.patternNotKept(itemType, item, d.file, `the items of ${name.local}`);
    const nillable = item.attrs.get('nillable') === 'true';
    const ref = {
      list: itemType.ref,
      ...(itemElement !== itemType.itemName ? { item: itemElement } : {}),
      ...(nillable !== itemType.reference ? { nillableItems: nillable } : {}),
      // Its items are in the namespace of the schema declaring it (WCF's ArrayOfstring: .../Serialization/Arrays),
      // or in none where that schema does not qualify them.
      ...(this.forms.formOf(particle) === 'unqualified'
        ? { form: 'unqualified' as const }
        : name.ns !== this.doc.targetNamespace
          ? { namespace: name.ns }
          : {}),
      ...listBounds(lone ? withOuterOccurrence(lone, occurrenceOf(list)) : list),
    };
    const planned: PlannedType = {
      ref,
      reference: true,
      itemName: `ArrayOf${capitalise(itemElement)}`,
      rootName: `ArrayOf${capitalise(itemElement)}`,
    };
    this.planned.set(key(name), planned);
    return planned;
  }

  /** A complex type as a record, then every type derived from it. */
  private namedRecord(name: QName, d: Declared): PlannedType {
    const { specKey, xmlName } = this.keyOf(name);
    const planned: PlannedType = { ref: specKey, reference: true, itemName: name.local, rootName: name.local };
    this.planned.set(key(name), planned);
    // Its fields are in the namespace of the schema declaring it (a WCF DataContract namespace). A second type of
    // its name in another namespace is a record of its own, keyed apart, with its own namespace.
    const draft: DraftRecord = {
      doc: xsdDocumentation(d.node),
      xmlName,
      namespace: name.ns !== this.doc.targetNamespace ? name.ns : undefined,
      extends: undefined,
      fields: [],
    };
    this.records.set(specKey, { order: d.order, draft });
    this.recordContent(name.local, d.node, d.file, draft);
    // A value declared as this type may be any type extending it, directly or not (each drafted in turn).
    for (const sub of this.derived.get(key(name)) ?? []) this.named(sub.name, sub.declared.file, sub.declared.node);
    return planned;
  }

  /**
   * The record of a global element whose type is declared inline (a SOAP header such as EWS's RequestServerVersion,
   * an anonymous type of attributes), named after the element as xsd.exe names its class. Undefined when the element
   * has no inline complex type.
   */
  inlineRecord(element: QName, d: Declared): string | undefined {
    const known = this.inlineRecords.get(key(element));
    if (known !== undefined) return known ?? undefined;
    const inline = kids(d.node, NS.xsd, 'complexType')[0];
    const name = inline ? this.anonymousRecord(element, d.node, inline, d, key(element)) : null;
    this.inlineRecords.set(key(element), name);
    return name ?? undefined;
  }

  /**
   * The item of a list type declared inline (WCF's dictionaries: `ArrayOfKeyValueOfintstring` repeats
   * `KeyValueOfintstring`, an anonymous type of `Key` and `Value`), drafted as a record named after the item element,
   * in the list type's namespace. Undefined when the item has a named type or any content.
   */
  private inlineItemType(list: QName, item: XmlElement, d: Declared): PlannedType | undefined {
    const content = item.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    const itemName = item.attrs.get('name');
    if (
      item.attrs.has('type') ||
      itemName === undefined ||
      content.length !== 1 ||
      content[0]!.name !== 'complexType' ||
      isAnyContent(content[0]!)
    )
      return undefined;
    const at = `${key(list)} item`;
    const known = this.inlineRecords.get(at);
    const specKey = known ?? this.anonymousRecord({ ns: list.ns, local: itemName }, item, content[0]!, d, at);
    return { ref: specKey, reference: true, itemName: specKey, rootName: specKey };
  }

  /**
   * A record for the anonymous complex type `inline` of the element `element` (declared by `node`), named after the
   * element, and remembered under `at` before its content is read (so that a type reaching itself ends there).
   */
  private anonymousRecord(element: QName, node: XmlElement, inline: XmlElement, d: Declared, at: string): string {
    // Keyed apart from every named type's key (a type of the element's name, as Bing's SearchRequest element wraps
    // its SearchRequest type, or one in another namespace): the record is the element's name and a number then.
    const taken = new Set([...this.specKeys.values(), ...RESERVED_KEYS]);
    let specKey = element.local;
    for (let n = 2; taken.has(specKey) || this.records.has(specKey); n++) specKey = `${element.local}${n}`;
    const draft: DraftRecord = {
      doc: xsdDocumentation(node),
      namespace: element.ns !== this.doc.targetNamespace ? element.ns : undefined,
      extends: undefined,
      fields: [],
    };
    this.records.set(specKey, { order: d.order, draft });
    this.inlineRecords.set(at, specKey);
    this.recordContent(element.local, inline, d.file, draft);
    return specKey;
  }

  /**
   * The record of a local element whose type is declared inline, named after the element as xsd.exe names the nested
   * class (a number added when the name is taken); its fields in the namespace of the schema declaring it.
   */
  private localRecord(el: XmlElement, inline: XmlElement, file: string): PlannedType | undefined {
    el = declarationOf(el);
    const known = this.localRecords.get(el);
    if (known) return known;
    const at = this.localInline.get(el);
    const local = el.attrs.get('name');
    if (!at || local === undefined) return undefined;
    const taken = new Set([...this.specKeys.values(), ...RESERVED_KEYS]);
    let specKey = local;
    for (let n = 2; taken.has(specKey) || this.records.has(specKey) || this.enums.has(specKey); n++)
      specKey = `${local}${n}`;
    const planned: PlannedType = { ref: specKey, reference: true, itemName: local, rootName: local };
    // Planned before its content is read: a recursive inline type refers to itself.
    this.localRecords.set(el, planned);
    const draft: DraftRecord = {
      doc: xsdDocumentation(el),
      ...(specKey !== local ? { xmlName: local } : {}),
      namespace: at.ns !== this.doc.targetNamespace ? at.ns : undefined,
      extends: undefined,
      fields: [],
    };
    this.records.set(specKey, { order: at.order, draft });
    this.recordContent(local, inline, file, draft);
    return planned;
  }

  /**
   * The enum of a local element whose type is an inline enumeration (an anonymous s:simpleType restricting a string
   * with s:enumeration values), named after the element as the record of an inline complex type is.
   */
  private localEnum(el: XmlElement, restriction: XmlElement): PlannedType | undefined {
    el = declarationOf(el);
    const known = this.localEnums.get(el);
    if (known) return known;
    const at = this.localInline.get(el);
    const local = el.attrs.get('name');
    const values = kids(restriction, NS.xsd, 'enumeration')
      .map((e) => e.attrs.get('value') ?? '')
      .filter((v) => v !== '');
    const base = enumBase(qnameAttr(restriction, 'base'));
    if (!at || local === undefined || values.length === 0 || base === undefined) return undefined;
    const taken = new Set([...this.specKeys.values(), ...RESERVED_KEYS]);
    let specKey = local;
    for (let n = 2; taken.has(specKey) || this.records.has(specKey) || this.enums.has(specKey); n++)
      specKey = `${local}${n}`;
    const planned: PlannedType = { ref: specKey, reference: false, itemName: local, rootName: local };
    this.localEnums.set(el, planned);
    this.enums.set(specKey, {
      order: at.order,
      draft: {
        doc: xsdDocumentation(el),
        xmlName: specKey !== local ? local : undefined,
        ...draftEnumValues(base, values),
      },
    });
    return planned;
  }

  /** The base of a complex type that is text content alone: `s:simpleContent` with an `s:extension` adding nothing. */
  private textOnlyBase(node: XmlElement): QName | undefined {
    const content = node.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    if (content.length !== 1 || content[0]!.name !== 'simpleContent' || node.attrs.get('mixed') === 'true')
      return undefined;
    const inner = content[0]!.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    if (inner.length !== 1 || inner[0]!.name !== 'extension') return undefined;
    const ext = inner[0]!;
    if (ext.children.some((c) => c.ns === NS.xsd && c.name !== 'annotation')) return undefined;
    const base = qnameAttr(ext, 'base');
    // Only a simple base: a complex one with simple content could carry attributes of its own.
    if (!base || this.complexTypes.has(key(base))) return undefined;
    return base;
  }

  /** The item element of an ASMX list type (`ArrayOfX` holding one repeated element and nothing else). */
  private listShape(name: string, node: XmlElement): XmlElement | undefined {
    if (!name.startsWith('ArrayOf')) return undefined;
    const content = node.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    // ASMX writes a list of choices as the type's only particle (SSRS's ArrayOfChoice1), without a sequence around it.
    if (content.length === 1 && content[0]!.name === 'choice') return repeats(content[0]!) ? content[0] : undefined;
    if (content.length !== 1 || content[0]!.name !== 'sequence') return undefined;
    const items = content[0]!.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    if (items.length !== 1 || (items[0]!.name !== 'element' && items[0]!.name !== 'choice')) return undefined;
    const item = items[0]!;
    return repeats(item) ? item : undefined;
  }

  private recordContent(name: string, node: XmlElement, file: string, draft: DraftRecord): void {
    if (node.attrs.get('abstract') === 'true') draft.abstract = true;
    if (node.attrs.get('mixed') === 'true')
      this.report(file, node, 'mixed="true"', `the text content of ${name} is not kept`);
    for (const c of node.children) {
      if (c.ns !== NS.xsd || c.name === 'annotation') continue;
      switch (c.name) {
        case 'sequence':
        case 'all':
          this.sequence(name, c, file, draft.fields);
          break;
        case 'group':
          this.groupRef(name, c, file, draft.fields, [], []);
          break;
        case 'attribute':
          this.attribute(name, c, file, draft.fields);
          break;
        case 'attributeGroup':
          this.attributeGroupRef(name, c, file, draft, []);
          break;
        case 'choice':
          this.choice(name, c, file, draft.fields, []);
          break;
        case 'anyAttribute':
          draft.anyAttribute = true;
          break;
        case 'simpleContent':
          this.simpleContent(name, c, file, draft);
          break;
        case 'complexContent': {
          if (c.attrs.get('mixed') === 'true')
            this.report(file, c, 'mixed="true"', `the text content of ${name} is not kept`);
          const ext = kids(c, NS.xsd, 'extension')[0];
          if (!ext) {
            const other = c.children.find((x) => x.ns === NS.xsd && x.name !== 'annotation');
            this.report(
              file,
              other ?? c,
              `s:${other?.name ?? 'complexContent'}`,
              `only s:extension is mapped; ${name} is drafted without this content`,
            );
            break;
          }
          const base = qnameAttr(ext, 'base');
          const planned = base ? this.named(base, file, ext) : undefined;
          if (planned && typeof planned.ref === 'string' && this.records.has(planned.ref)) draft.extends = planned.ref;
          else this.report(file, ext, 's:extension', `the base of ${name} is not a record; drafted without a base`);
          // A choice of the derived type is named past its bases' fields too (xsd.exe's Item1 of EWS's MovedCopiedEventType).
          const inherited = this.inheritedNames(draft.extends);
          for (const x of ext.children) {
            if (x.ns !== NS.xsd || x.name === 'annotation') continue;
            if (x.name === 'sequence' || x.name === 'all') this.sequence(name, x, file, draft.fields, inherited);
            else if (x.name === 'group') this.groupRef(name, x, file, draft.fields, inherited, []);
            else if (x.name === 'attribute') this.attribute(name, x, file, draft.fields);
            else if (x.name === 'attributeGroup') this.attributeGroupRef(name, x, file, draft, []);
            else if (x.name === 'choice') this.choice(name, x, file, draft.fields, inherited);
            else if (x.name === 'anyAttribute') draft.anyAttribute = true;
            else this.unmapped(name, x, file);
          }
          numberRedeclared(draft.fields, inherited);
          break;
        }
        default:
          this.unmapped(name, c, file);
      }
    }
  }

  /**
   * Text content with attributes (`s:simpleContent/s:extension`): a text field `Value` (numbered past an attribute's
   * name) of the simple base type, or `extends` where the base is text content with attributes itself, and the
   * extension's attributes.
   */
  private simpleContent(owner: string, node: XmlElement, file: string, draft: DraftRecord): void {
    const ext = kids(node, NS.xsd, 'extension')[0];
    const base = ext ? qnameAttr(ext, 'base') : undefined;
    if (!ext || !base) {
      this.unmapped(owner, node, file);
      return;
    }
    const planned = this.named(base, file, ext);
    if (!planned) return;
    let text: DraftField | undefined;
    if (typeof planned.ref === 'string' && this.records.has(planned.ref)) draft.extends = planned.ref;
    else if (typeof planned.ref === 'string')
      text = {
        name: 'Value',
        type: planned.ref,
        text: true,
        ...(planned.pattern !== undefined ? { pattern: planned.pattern } : {}),
      };
    else {
      this.report(
        file,
        ext,
        's:extension',
        `the text content of ${owner} extends a list, which text content cannot hold; left out`,
      );
    }
    if (text) draft.fields.push(text);
    for (const x of ext.children) {
      if (x.ns !== NS.xsd || x.name === 'annotation') continue;
      if (x.name === 'attribute') this.attribute(owner, x, file, draft.fields);
      else if (x.name === 'attributeGroup') this.attributeGroupRef(owner, x, file, draft, []);
      else if (x.name === 'anyAttribute') draft.anyAttribute = true;
      else this.unmapped(owner, x, file);
    }
    if (text)
      for (let n = 1; draft.fields.some((f) => f !== text && f.name === text.name); n++) text.name = `Value${n}`;
  }

  /**
   * Settles each unqualified element holding a qualified one without a prefix (the loader refuses it: written with
   * `xmlns=""`, that element would lose its namespace): a qualified field inside is given the service's namespace as
   * its own, written with a prefix, as the schema has it; where the qualified element is a choice's or a list's items,
   * which cannot have one, the outer element is drafted qualified again, and reported; until none is left.
   */
  private settleForms(): void {
    const records = new Map([...this.records].map(([n, r]) => [n, { draft: r.draft }]));
    /** What `type` holds that no namespace of its own can keep, once every field that can is given one. */
    const settle = (type: DraftTypeRef): string | undefined => {
      for (let inner = qualifiedInside(type, records); inner; inner = qualifiedInside(type, records)) {
        if (!inner.fix) return inner.what;
        const { record, index, alternative } = inner.fix;
        const choice = alternative !== undefined ? fieldChoice(record.fields[index]!) : undefined;
        if (choice)
          choice.choice[alternative!] = alternativeWithNamespace(
            choice.choice[alternative!] as DraftAlternative,
            this.doc.targetNamespace,
          );
        else record.fields[index] = withNamespace(record.fields[index]!, this.doc.targetNamespace);
      }
      return undefined;
    };
    for (let changed = true; changed;) {
      changed = false;
      for (const r of this.records.values()) {
        for (const choice of r.draft.fields.map(fieldChoice)) {
          choice?.choice.forEach((a, i) => {
            if ('sequence' in a) return;
            const at = this.unqualifiedAlternatives.get(a);
            if (!at || a.form !== 'unqualified') return;
            const inner = settle(a.type);
            if (!inner) return;
            const { form: _, ...qualified } = a;
            choice.choice[i] = qualified;
            this.unqualifiedAlternatives.delete(a);
            changed = true;
            this.report(
              at.file,
              at.el,
              'form="unqualified"',
              `in ${at.owner}: the alternative ${a.name} is drafted qualified: it holds ${inner}, qualified, which the format cannot write inside an unqualified element`,
            );
          });
        }
        r.draft.fields.forEach((f, i) => {
          const at = this.unqualified.get(f);
          if (!at || f.form !== 'unqualified') return;
          const inner = settle(f.type);
          if (!inner) return;
          const { form: _, ...qualified } = f;
          r.draft.fields[i] = qualified;
          this.unqualified.delete(f);
          changed = true;
          this.report(
            at.file,
            at.el,
            'form="unqualified"',
            `${at.owner}.${f.name} is drafted qualified: it holds ${inner}, qualified, which the format cannot write inside an unqualified element`,
          );
        });
      }
    }
    // The records settled, an operation's element holding a qualified one is settled too.
    for (const { holder, type, el, file, owner } of this.operationHolders.splice(0)) {
      const inner = settle(type);
      if (!inner) continue;
      delete holder.form;
      this.report(
        file,
        el,
        'form="unqualified"',
        `${owner} is drafted qualified: it holds ${inner}, qualified, which the format cannot write inside an unqualified element`,
      );
    }
  }

  private unmapped(owner: string, node: XmlElement, file: string): void {
    const what: Record<string, string> = {
      anyAttribute: 'any further attribute is not kept',
      simpleContent: 'text content without an s:extension of a named type is not mapped; left out',
      any: 'any content among other elements has no counterpart in the format; left out',
    };
    this.report(file, node, `s:${node.name}`, `in ${owner}: ${what[node.name] ?? 'not mapped; left out'}`);
  }

  /** The names of the fields of the record `name` and of its bases, as drafted so far (a base in a cycle: in part). */
  private inheritedNames(name: string | undefined): string[] {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at = name; at !== undefined && !seen.has(at); at = this.records.get(at)?.draft.extends) {
      seen.add(at);
      names.push(...(this.records.get(at)?.draft.fields.map((f) => f.name) ?? []));
    }
    return names;
  }

  /**
   * The elements of an s:sequence, or of an s:all (each occurring at most once, in any order: drafted as the record's
   * fields, which are written in the order declared, one of the orders s:all allows, and read in any order).
   * `expanding`: the named groups whose content this is, outermost first (see {@link groupRef}).
   */
  private sequence(
    owner: string,
    seq: XmlElement,
    file: string,
    into: DraftField[],
    inherited: readonly string[] = [],
    expanding: readonly string[] = [],
  ): void {
    if (seq.attrs.has('minOccurs') || seq.attrs.has('maxOccurs')) {
      this.report(
        file,
        seq,
        `s:${seq.name} occurrence`,
        `the occurrence of ${seq.name === 'all' ? 'an unordered group (s:all)' : 'a sequence'} in ${owner} is not kept`,
      );
    }
    for (const c of seq.children) {
      if (c.ns !== NS.xsd || c.name === 'annotation') continue;
      if (c.name === 'choice') {
        this.choice(owner, c, file, into, inherited, expanding);
        continue;
      }
      if (c.name === 'group') {
        this.groupRef(owner, c, file, into, inherited, expanding);
        continue;
      }
      if (inPlace(c)) {
        this.sequence(owner, c, file, into, inherited, expanding);
        continue;
      }
      if (c.name !== 'element') {
        this.unmapped(owner, c, file);
        continue;
      }
      if (this.headOf(c) !== undefined) {
        // Any element of the head's substitution group stands here: a choice of them, occurring as the reference does.
        const f = this.choiceField(owner, asChoice(c), file, [...inherited, ...into.map((x) => x.name)], expanding);
        if (f) into.push(f);
        continue;
      }
      this.elementField(owner, c, file, into);
    }
  }

  /** The head element a reference names, when elements of its substitution group may stand for it. */
  private headOf(el: XmlElement): QName | undefined {
    if (!this.refOwner.has(el)) return undefined;
    const name = qnameAttr(el, 'ref');
    return name && this.substitutes.has(key(name)) ? name : undefined;
  }

  /**
   * The elements that may stand where `ref` names the head of a substitution group (EWS's t:Path: FieldURI,
   * IndexedFieldURI, ExtendedFieldURI): the head itself unless it or its type is abstract, then each member, and
   * theirs, in declaration order, as alternatives of a choice. Undefined when `ref` names no such head; 'incomplete'
   * (reported) when a member is of another namespace than the one the reference stands in, which the format cannot say.
   */
  private substitutionGroup(
    owner: string,
    ref: XmlElement,
    file: string,
  ): Array<{ node: XmlElement; file: string }> | 'incomplete' | undefined {
    const head = this.headOf(ref);
    if (head === undefined) return undefined;
    const at = this.refOwner.get(ref)!;
    const found: Array<{ node: XmlElement; file: string }> = [];
    const seen = new Set<string>();
    const visit = (name: QName, declared: Declared, isHead: boolean): boolean => {
      if (seen.has(key(name))) return true;
      seen.add(key(name));
      if (!this.abstract(declared.node)) {
        if (name.ns !== at) {
          this.report(
            file,
            ref,
            's:element ref',
            `in ${owner}: ${declared.node.attrs.get('name')} of the substitution group of ${ref.attrs.get('ref')} is an element of ${name.ns || 'no namespace'}, not of ${at || 'no namespace'} where the reference stands; the format has no way to put an alternative in a namespace of its own, so the choice is left out`,
          );
          return false;
        }
        // The head as the reference has it (its occurrence is the choice's); a member as declared, its group kept here.
        if (isHead) {
          const alone = withoutOccurrence(ref);
          this.refOwner.set(alone, at);
          found.push({ node: alone, file });
        } else found.push({ node: withoutAttributes(declared.node, ['substitutionGroup']), file: declared.file });
      }
      this.refNamed.add(key(name));
      return (this.substitutes.get(key(name)) ?? []).every((m) => visit(m.name, m.declared, false));
    };
    const declared = this.element(head);
    if (!declared) return undefined;
    return visit(head, declared, true) ? found : 'incomplete';
  }

  /** An element declared abstract, or of a complex type declared abstract: it never stands on the wire itself. */
  private abstract(el: XmlElement): boolean {
    if (el.attrs.get('abstract') === 'true') return true;
    const type = qnameAttr(el, 'type');
    return type !== undefined && this.complexTypes.get(key(type))?.node.attrs.get('abstract') === 'true';
  }

  /**
   * An s:choice where fields stand: a choice of one element alone is that element, as often as both say (EC2's
   * `<xs:choice><xs:element name="autoEnableIO"/></xs:choice>`, as a named group of one element is); any other as a
   * choice field.
   */
  private choice(
    owner: string,
    c: XmlElement,
    file: string,
    into: DraftField[],
    inherited: readonly string[],
    expanding: readonly string[] = [],
  ): void {
    const lone = this.loneElement(c);
    if (lone !== undefined) {
      this.elementField(owner, lone, file, into, occurrenceOf(c));
      return;
    }
    const particles = c.children.filter((x) => x.ns === NS.xsd && x.name !== 'annotation');
    const split = sequenceAlternative(c, particles);
    if (split) {
      // OpenTravel's answers: (Success, Warnings?, data?) | Errors. The sequence stands in the choice as its first
      // element, which only it can start with; the rest follow the choice as optional fields, each sent only beside
      // that element. Every answer the schema allows is read exactly; docs/wsdl-import.md says why not an alternative.
      const f = this.choiceField(owner, split.choice, file, [...inherited, ...into.map((x) => x.name)], expanding);
      if (!f) return;
      into.push(f);
      const lead = split.first.attrs.get('name') ?? '';
      const note = `Sent only with ${lead} (in the sequence that is one alternative of ${f.name}; absent with the others).`;
      const first = into.length;
      for (const el of split.rest) this.elementField(owner, el, file, into, { min: 0, max: 1 }, note);
      // Each says so (onlyWith), so that the client and the readers refuse it beside another alternative; the form
      // settling (settleForms) finds a field by its object, so the one it knows is replaced in its map too.
      for (let i = first; i < into.length; i++) {
        const { doc, ...rest } = into[i]!;
        const drafted: DraftField = { ...rest, onlyWith: lead, ...(doc !== undefined ? { doc } : {}) };
        const at = this.unqualified.get(into[i]!);
        if (at) {
          this.unqualified.delete(into[i]!);
          this.unqualified.set(drafted, at);
        }
        into[i] = drafted;
      }
      return;
    }
    const f = this.choiceField(owner, c, file, [...inherited, ...into.map((x) => x.name)], expanding);
    if (f) into.push(f);
  }

  /**
   * The one element particle of a choice that has nothing else, which stands for itself; undefined for any other
   * choice, and for the head of a substitution group (EWS's `<xs:choice maxOccurs="unbounded"><xs:element
   * ref="t:Path"/></xs:choice>`), which is a choice of the group's members.
   */
  private loneElement(c: XmlElement): XmlElement | undefined {
    const particles = c.children.filter((x) => x.ns === NS.xsd && x.name !== 'annotation');
    const only = particles.length === 1 && particles[0]!.name === 'element' ? particles[0]! : undefined;
    return only !== undefined && this.headOf(only) === undefined ? only : undefined;
  }

  /**
   * An element particle of a sequence as a field, its form kept; `outer`: the occurrence of a group around it alone;
   * `note`: a sentence added to its doc.
   */
  private elementField(
    owner: string,
    c: XmlElement,
    file: string,
    into: DraftField[],
    outer?: Occurrence,
    note?: string,
  ): void {
    const element = this.particle(c, file, true);
    const found = element ? this.field(outer ? withOuterOccurrence(element, outer) : element, file, true) : undefined;
    if (!found) return;
    const f = note === undefined ? found : { ...found, doc: found.doc === undefined ? note : `${found.doc} ${note}` };
    // A reference names a global element, which is always qualified: only a local declaration has a form. One of
    // another namespace is in that one, its own.
    const form = element === c ? this.forms.formOf(c) : undefined;
    const foreign = element ? this.foreignOf(element) : undefined;
    const drafted = form ? withForm(f, form) : foreign !== undefined ? withNamespace(f, foreign) : f;
    if (form) this.unqualified.set(drafted, { el: c, file, owner });
    into.push(drafted);
  }

  /**
   * An s:choice in a sequence as a field typed { choice: [...] }: optional when it may be absent (minOccurs="0", or
   * an alternative that may be), a list without a container when it repeats. The choice has no name of its own on
   * the wire; the field is named as .NET's xsd.exe names it, Item (Items when repeated), numbered past names taken.
   */
  choiceField(
    owner: string,
    node: XmlElement,
    file: string,
    taken: readonly string[],
    expanding: readonly string[] = [],
    record = true,
    repeatable = true,
  ): DraftField | undefined {
    const max = node.attrs.get('maxOccurs');
    const repeated = max === 'unbounded' || (max !== undefined && Number(max) > 1);
    // An alternative may repeat (its element, repeated) in a choice that does not, of a record or an operation's answer.
    const choice = this.choiceType(owner, node, file, expanding, record, repeatable && !repeated);
    if (!choice) return undefined;
    const optional =
      node.attrs.get('minOccurs') === '0' ||
      kids(node, NS.xsd, 'element').some((e) => e.attrs.get('minOccurs') === '0');
    const base = repeated ? 'Items' : 'Item';
    let name = base;
    for (let n = 1; taken.includes(name); n++) name = `${base}${n}`;
    const doc = xsdDocumentation(node);
    return {
      name,
      type: repeated ? { list: choice, container: false, ...listBounds(node) } : choice,
      ...(optional && !repeated ? { optional: true } : {}),
      ...(doc !== undefined ? { doc } : {}),
    };
  }

  /**
   * The elements a choice chooses among: its own, and those of the named groups it references (each reference
   * occurring once): a group's choice's, or its one element. Anything else is reported; `complete` is false when something was.
   */
  private choiceItems(
    owner: string,
    node: XmlElement,
    file: string,
    expanding: readonly string[],
  ): { elements: Array<{ node: XmlElement; file: string }>; complete: boolean } {
    const elements: Array<{ node: XmlElement; file: string }> = [];
    let complete = true;
    for (const c of node.children) {
      if (c.ns !== NS.xsd || c.name === 'annotation') continue;
      if (c.name === 'element') {
        const group = this.substitutionGroup(owner, c, file);
        if (group === undefined) elements.push({ node: c, file });
        else if (group === 'incomplete') complete = false;
        else elements.push(...group);
        continue;
      }
      if (c.name === 'group') {
        const group = this.namedGroup('group', owner, c, file, expanding);
        const content = group ? groupContent(group.node) : undefined;
        const lone = content?.children.filter((x) => x.ns === NS.xsd && x.name !== 'annotation');
        if (group && lone?.length === 1 && lone[0]!.name === 'element' && once(occurrenceOf(c))) {
          elements.push({ node: lone[0]!, file: group.file });
          continue;
        }
        if (group && content?.name === 'choice' && once(occurrenceOf(c))) {
          const inner = this.choiceItems(owner, content, group.file, [...expanding, group.key]);
          elements.push(...inner.elements);
          complete &&= inner.complete;
          continue;
        }
        if (group && content) {
          const what =
            content.name === 'choice' ? `occurs ${shownOccurrence(occurrenceOf(c))}` : `is an s:${content.name}`;
          this.report(
            file,
            c,
            's:group in s:choice',
            `in ${owner}: the group ${group.name} ${what}; only elements, and groups of alternatives occurring once, are mapped as the alternatives of a choice`,
          );
        }
        complete = false;
        continue;
      }
      // A sequence is an alternative of its own, drafted (or reported) where the choice's place is known.
      if (c.name === 'sequence') {
        elements.push({ node: c, file });
        continue;
      }
      this.report(
        file,
        c,
        `s:${c.name} in s:choice`,
        `in ${owner}: only elements are mapped as the alternatives of a choice`,
      );
      complete = false;
    }
    return { elements, complete };
  }

  /**
   * The named group or attribute group a reference names, or undefined (reported): a prefix not declared, a group
   * no schema declares, a group containing itself (`expanding` holds the keys of the groups being read, outermost
   * first), or a model group of another namespace than the one the reference stands in (its local elements are in
   * its namespace; the format puts a record's fields in the record's, and has no way to say another).
   */
  private namedGroup(
    kind: 'group' | 'attributeGroup',
    owner: string,
    ref: XmlElement,
    file: string,
    expanding: readonly string[],
  ): { name: string; key: string; node: XmlElement; file: string } | undefined {
    const written = ref.attrs.get('ref') ?? '';
    const what = kind === 'group' ? 'group' : 'attribute group';
    const lost = kind === 'group' ? 'its elements are left out' : 'its attributes are left out';
    const construct = `s:${kind} ref`;
    const name = qnameAttr(ref, 'ref');
    if (!name) {
      this.report(
        file,
        ref,
        construct,
        `in ${owner}: the prefix of the ${what} reference ${written} is not declared; ${lost}`,
      );
      return undefined;
    }
    const k = key(name);
    const declared = (kind === 'group' ? this.groups : this.attributeGroups).get(k);
    // A group a reference names is the reference's: read with it, or reported with it where it stands.
    this.groupsUsed.add(k);
    if (!declared) {
      this.report(
        file,
        ref,
        construct,
        `in ${owner}: the ${what} reference ${written} names {${name.ns}}${name.local}, which no schema of the WSDL declares; ${lost}`,
      );
      return undefined;
    }
    if (expanding.includes(k)) {
      this.report(
        file,
        ref,
        construct,
        `in ${owner}: the ${what} ${name.local} contains itself; this reference is left out`,
      );
      return undefined;
    }
    const at = this.groupRefOwner.get(ref) ?? '';
    if (kind === 'group' && name.ns !== at) {
      this.report(
        file,
        ref,
        construct,
        `in ${owner}: the group ${written} is of ${name.ns || 'no namespace'}, not of ${at || 'no namespace'} where the reference stands; the format has no way to put a record's fields in a namespace of their own, so ${lost}`,
      );
      return undefined;
    }
    return { name: name.local, key: k, node: declared.node, file: declared.file };
  }

  /**
   * A named model group's content read where its reference (`s:group ref`) stands in a sequence (or is a type's whole
   * content), as if written there: one element alone in it with the occurrences multiplied (a group repeated around
   * one element: a list without a container; a choice of one element: that element); a choice as a choice occurring
   * as the reference says; a sequence or an s:all occurring once as its elements. A sequence of several particles that may be absent or repeat as a
   * whole has no counterpart: reported, and its elements drafted as occurring once.
   */
  private groupRef(
    owner: string,
    ref: XmlElement,
    file: string,
    into: DraftField[],
    inherited: readonly string[],
    expanding: readonly string[],
  ): void {
    const group = this.namedGroup('group', owner, ref, file, expanding);
    if (!group) return;
    const content = groupContent(group.node);
    if (!content) return;
    const inner = [...expanding, group.key];
    const outer = occurrenceOf(ref);
    const particles = content.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    if (particles.length === 1 && particles[0]!.name === 'element' && this.headOf(particles[0]!) === undefined) {
      // One element alone (in a sequence, a choice or an s:all): that element, as often as both say.
      this.elementField(owner, particles[0]!, group.file, into, outer);
      return;
    }
    if (content.name === 'choice') {
      const f = this.choiceField(
        owner,
        withOuterOccurrence(content, outer),
        group.file,
        [...inherited, ...into.map((x) => x.name)],
        inner,
      );
      if (f) into.push(f);
      return;
    }
    if (content.name !== 'sequence' && content.name !== 'all') {
      this.unmapped(owner, content, group.file);
      return;
    }
    if (!once(outer)) {
      this.report(
        file,
        ref,
        's:group occurrence',
        `in ${owner}: the group ${group.name} of ${particles.length} particles occurs ${shownOccurrence(outer)} as a whole, which the format cannot say; its elements are drafted as occurring once`,
      );
    }
    this.sequence(owner, content, group.file, into, inherited, inner);
  }

  /** A named attribute group's attributes (and those of the groups it references) as the record's attribute fields. */
  private attributeGroupRef(
    owner: string,
    ref: XmlElement,
    file: string,
    draft: DraftRecord,
    expanding: readonly string[],
  ): void {
    const group = this.namedGroup('attributeGroup', owner, ref, file, expanding);
    if (!group) return;
    for (const c of group.node.children) {
      if (c.ns !== NS.xsd || c.name === 'annotation') continue;
      if (c.name === 'attribute') this.attribute(owner, c, group.file, draft.fields);
      else if (c.name === 'attributeGroup')
        this.attributeGroupRef(owner, c, group.file, draft, [...expanding, group.key]);
      else if (c.name === 'anyAttribute') draft.anyAttribute = true;
      else this.unmapped(owner, c, group.file);
    }
  }

  /**
   * The record standing for the type of the alternative `el` when that type is a list of choices (EWS's
   * FindItemParentType: <Items> of ArrayOfRealItemsType, whose items are each <Item>, <Message>, ...), which an
   * alternative of the format cannot be: the type is drafted as the class xsd.exe makes of it, a record of that name
   * whose one field, Items, is the choices repeated inside the alternative's element. Undefined for any other type.
   */
  private choiceListRecord(el: XmlElement, planned: PlannedType): string | undefined {
    const ref = planned.ref;
    if (typeof ref !== 'object' || !('list' in ref) || typeof ref.list !== 'object' || !('choice' in ref.list))
      return undefined;
    const type = qnameAttr(el, 'type');
    const d = type ? this.complexTypes.get(key(type)) : undefined;
    if (!type || !d) return undefined;
    // Drafted again for each choice naming it, the same record each time.
    const { specKey, xmlName } = this.keyOf(type);
    const draft: DraftRecord = {
      doc: xsdDocumentation(d.node),
      xmlName,
      namespace: type.ns !== this.doc.targetNamespace ? type.ns : undefined,
      extends: undefined,
      fields: [{ name: 'Items', type: { list: ref.list, container: false } }],
    };
    this.records.set(specKey, { order: d.order, draft });
    return specKey;
  }

  /** The alternatives of an s:choice; undefined (reported) when one cannot be an alternative of the format's. */
  private choiceType(
    owner: string,
    node: XmlElement,
    file: string,
    expanding: readonly string[] = [],
    record = true,
    repeatable = false,
  ): DraftChoice | undefined {
    const alternatives: DraftChoice['choice'] = [];
    const items = this.choiceItems(owner, node, file, expanding);
    let complete = items.complete;
    for (const { node: c, file: from } of items.elements) {
      if (c.name === 'sequence') {
        const sequence = draftSequenceAlternative(owner, c, from, record && repeatable, {
          report: (f, at, construct, message) => this.report(f, at, construct, message),
          memberType: (el, f) => this.particleType(el, f)?.ref,
        });
        if (sequence) alternatives.push(sequence);
        else complete = false;
        continue;
      }
      const alternative = this.choiceAlternative(owner, c, from, record, repeatable);
      if (alternative) alternatives.push(alternative);
      else complete = false;
    }
    if (complete && alternatives.length < 2) {
      this.report(
        file,
        node,
        's:choice',
        `in ${owner}: a choice of ${alternatives.length === 0 ? 'nothing' : 'one element'} has no counterpart in the format; left out`,
      );
      return undefined;
    }
    if (!complete)
      this.report(
        file,
        node,
        's:choice',
        `in ${owner}: the choice is left out, since not all of its alternatives can be mapped`,
      );
    return complete ? { choice: alternatives } : undefined;
  }

  /**
   * One element of a choice (`c`, declared in `from`) as an alternative: repeated, a list record, or one element.
   * Undefined (reported where the cause is) when it cannot be one, which leaves the whole choice out.
   */
  private choiceAlternative(
    owner: string,
    c: XmlElement,
    from: string,
    record: boolean,
    repeatable: boolean,
  ): DraftAlternative | undefined {
    // A record's choice is read among its fields, each alternative in its own namespace or none; an operation's or
    // a list's is read by local name, in its wrapper's or list's namespace.
    const element = this.particle(c, from, record);
    if (!element) return undefined;
    const name = element.attrs.get('name');
    const planned = this.particleType(element, from);
    if (!planned || name === undefined) return undefined;
    const max = element.attrs.get('maxOccurs');
    if (max === 'unbounded' || (max !== undefined && Number(max) > 1))
      return this.repeatedAlternative(owner, c, from, element, name, planned, repeatable);
    const listed = this.choiceListRecord(c, planned);
    if (listed !== undefined) {
      const doc = xsdDocumentation(c);
      return { name, type: listed, ...(doc !== undefined ? { doc } : {}) };
    }
    if (typeof planned.ref === 'object' && 'choice' in planned.ref) {
      this.report(
        from,
        c,
        's:choice',
        `in ${owner}: the alternative ${name} is a list of choices, which cannot be an alternative`,
      );
      return undefined;
    }
    return this.elementAlternative(owner, c, from, element, name, planned, record);
  }

  /**
   * An alternative whose element repeats: its value is the list of them, where the choice may be a list of choices
   * (`repeatable`) and the element's type is no choice itself; else reported, undefined.
   */
  private repeatedAlternative(
    owner: string,
    c: XmlElement,
    from: string,
    element: XmlElement,
    name: string,
    planned: PlannedType,
    repeatable: boolean,
  ): DraftAlternative | undefined {
    if (!repeatable || (typeof planned.ref === 'object' && 'choice' in planned.ref)) {
      const where = repeatable ? 'as a list of choices' : 'within a choice that repeats itself or chooses a parameter';
      this.report(
        from,
        c,
        'maxOccurs',
        `in ${owner}: the alternative ${name} repeats ${where}, which the format cannot say`,
      );
      return undefined;
    }
    // Its element repeated: the alternative's value is the list of them (`{ property: [...] }`).
    this.patternNotKept(planned, c, from, `the alternative ${name} in ${owner}`);
    const nillable = element.attrs.get('nillable') === 'true';
    const doc = xsdDocumentation(element);
    return {
      name,
      type: {
        list: planned.ref as string | DraftList,
        ...(nillable !== planned.reference ? { nillableItems: nillable } : {}),
        container: false,
        ...listBounds(c),
      },
      ...(doc !== undefined ? { doc } : {}),
    };
  }

  /**
   * An alternative of one element, in its own form or namespace where the choice is a record's. What it cannot
   * keep (nillable; unqualified outside a record) is reported and drafted otherwise.
   */
  private elementAlternative(
    owner: string,
    c: XmlElement,
    from: string,
    element: XmlElement,
    name: string,
    planned: PlannedType,
    record: boolean,
  ): DraftAlternative {
    if (element.attrs.get('nillable') === 'true')
      this.report(
        from,
        c,
        'nillable="true"',
        `in ${owner}: the alternative ${name} is drafted not nillable (an alternative is sent as its element)`,
      );
    // Only a local declaration has a form (whl-travel's Success and Errors, in a schema leaving them unqualified); a
    // reference to another namespace's global element is in that one, its own.
    const unqualified = element === c && this.forms.formOf(c) === 'unqualified';
    if (unqualified && !record)
      this.report(
        from,
        c,
        'form="unqualified"',
        `in ${owner}: the alternative ${name} is drafted qualified, in its operation's or list's namespace: only a record's choice has alternatives of their own form`,
      );
    const foreign = record ? this.foreignOf(element) : undefined;
    const doc = xsdDocumentation(element);
    this.patternNotKept(planned, c, from, `the alternative ${name} in ${owner}`);
    const alternative: DraftAlternative = {
      name,
      type: planned.ref as string | DraftList,
      ...(unqualified && record
        ? { form: 'unqualified' as const }
        : foreign !== undefined
          ? { namespace: foreign }
          : {}),
      ...(doc !== undefined ? { doc } : {}),
    };
    if (unqualified && record) this.unqualifiedAlternatives.set(alternative, { el: c, file: from, owner });
    return alternative;
  }

  /**
   * The draft's `form` of an operation's parameter, result or output element: `unqualified` where its schema says so
   * and it holds text (an XML Schema type or an enum), which nothing qualified inside can lose its namespace under.
   * One holding a record or a list is drafted qualified, and reported.
   */
  operationForm(el: XmlElement): 'unqualified' | undefined {
    return this.forms.formOf(el) === 'unqualified' ? 'unqualified' : undefined;
  }

  /**
   * Notes a drafted parameter, result or output that has `form: unqualified` (`holder`), so that once every record
   * is drafted it is drafted qualified again, and reported, if it holds a qualified element (as fields are).
   */
  settleLater(
    holder: { form?: 'qualified' | 'unqualified' | undefined },
    type: DraftTypeRef,
    el: XmlElement,
    file: string,
    owner: string,
  ): void {
    if (holder.form === 'unqualified') this.operationHolders.push({ holder, type, el, file, owner });
  }

  /** A sequence element as a field (record fields and operation outputs). */
  field(el: XmlElement, file: string, formKept = false): DraftField | undefined {
    const name = el.attrs.get('name');
    const planned = this.particleType(el, file, formKept, true);
    if (!planned || name === undefined) return undefined;
    const max = el.attrs.get('maxOccurs');
    const doc = xsdDocumentation(el);
    const values = this.fixedAndDefault(el, file, name, planned, repeats(el));
    if (max === 'unbounded' || (max !== undefined && Number(max) > 1)) {
      const nillable = el.attrs.get('nillable') === 'true';
      this.patternNotKept(planned, el, file, `the items of ${name}`);
      return {
        name,
        type: {
          list: planned.ref,
          ...(nillable !== planned.reference ? { nillableItems: nillable } : {}),
          container: false,
          ...listBounds(el),
        },
        ...(doc !== undefined ? { doc } : {}),
      };
    }
    const optional = el.attrs.get('minOccurs') === '0';
    const nillable = el.attrs.get('nillable') === 'true';
    return {
      name,
      type: planned.ref,
      ...(optional !== planned.reference ? { optional } : {}),
      ...(nillable !== planned.reference ? { nillable } : {}),
      ...(planned.pattern !== undefined ? { pattern: planned.pattern } : {}),
      ...values,
      ...(doc !== undefined ? { doc } : {}),
    };
  }

  /**
   * The `fixed` and `default` values of an element or attribute declaration, drafted as written when it holds one
   * XML Schema value or enum value; reported as not kept on anything else (a record, a list).
   */
  private fixedAndDefault(
    at: XmlElement,
    file: string,
    name: string,
    planned: PlannedType,
    repeated: boolean,
  ): { fixed?: string; default?: string } {
    const out: { fixed?: string; default?: string } = {};
    for (const key of ['fixed', 'default'] as const) {
      const value = at.attrs.get(key);
      if (value === undefined) continue;
      const scalar =
        typeof planned.ref === 'string' && !this.records.has(planned.ref) && planned.ref !== 'xml' && !repeated;
      if (scalar) out[key] = value;
      else
        this.report(
          file,
          at,
          `${key}="${value}"`,
          `the ${key} value of ${name} is not kept: only a single XML Schema or enum value can have one`,
        );
    }
    return out;
  }

  private attribute(owner: string, at: XmlElement, file: string, into: DraftField[]): void {
    const name = at.attrs.get('name');
    if (name === undefined) {
      const ref = qnameAttr(at, 'ref');
      if (ref?.ns !== NS.xml || !XML_ATTRIBUTES.has(ref.local)) {
        this.report(file, at, 's:attribute ref', `in ${owner}: an attribute reference is not read; left out`);
        return;
      }
      // XML's own attributes (xml:lang in Exchange's ReplyBody): strings in XML's namespace, whose prefix needs no
      // declaration. xml.xsd types xml:lang as a language or "", which no type of the format says but string; xml:base
      // is an anyURI and xml:id an ID, both strings in the format.
      const taken = into.some((f) => f.name === ref.local);
      const key = taken ? `xml${capitalise(ref.local)}` : ref.local;
      const optional = at.attrs.get('use') !== 'required';
      into.push({
        name: key,
        ...(taken ? { xmlName: ref.local } : {}),
        type: 'string',
        ...(optional ? {} : { optional }),
        attribute: true,
        namespace: NS.xml,
      });
      return;
    }
    const typeName = qnameAttr(at, 'type');
    const inline = typeName ? undefined : kids(at, NS.xsd, 'simpleType')[0];
    // An inline restriction is drafted as its base (an xs:NMTOKEN stays one), its facets reported.
    const inlineBase = inline ? qnameAttr(kids(inline, NS.xsd, 'restriction')[0] ?? inline, 'base') : undefined;
    const named = typeName
      ? this.named(typeName, file, at)
      : inlineBase
        ? this.named(inlineBase, file, inline!)
        : primitive('string');
    const inlineRestriction = inline ? kids(inline, NS.xsd, 'restriction')[0] : undefined;
    const facets = named && inlineRestriction ? this.withFacets(named, inlineRestriction, file) : undefined;
    const planned = facets?.type ?? named;
    if (inline && !facets?.facetsKept) {
      const shown = typeof planned?.ref === 'string' ? planned.ref : 'string';
      this.report(
        file,
        inline,
        'anonymous s:simpleType',
        `the type of the attribute ${owner}.${name} is declared inline; drafted as ${shown}, its facets not kept (name the type to map it)`,
      );
    }
    if (!planned || typeof planned.ref !== 'string' || this.records.has(planned.ref)) {
      this.report(
        file,
        at,
        's:attribute',
        `the attribute ${owner}.${name} has a type an attribute cannot hold; left out`,
      );
      return;
    }
    const optional = at.attrs.get('use') !== 'required';
    const form = this.forms.formOf(at);
    const values = this.fixedAndDefault(at, file, `the attribute ${owner}.${name}`, planned, false);
    into.push({
      name,
      type: planned.ref,
      ...(optional !== planned.reference ? { optional } : {}),
      ...(planned.pattern !== undefined ? { pattern: planned.pattern } : {}),
      attribute: true,
      ...(form ? { form } : {}),
      ...values,
    });
  }

  /**
   * The anonymous complex type of a top-level element, drafted as a record named after the element: a wrapper the
   * operation is not named after (a WCF MessageContract's WrapperName, shared by several operations), which the format
   * says as a bare parameter or result of that record. Undefined when the element's type is not an inline record.
   */
  inlineRecordType(element: QName): PlannedType | undefined {
    const d = this.elements.get(key(element));
    if (!d) return undefined;
    const inline = d.node.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
    if (
      d.node.attrs.has('type') ||
      inline.length !== 1 ||
      inline[0]!.name !== 'complexType' ||
      isAnyContent(inline[0]!)
    )
      return undefined;
    const name = this.inlineRecord(element, d);
    return name === undefined
      ? undefined
      : { ref: name, reference: true, itemName: element.local, rootName: element.local };
  }

  /**
   * `planned`, the base of `restriction`, with the restriction's pattern, and whether it has no facet but patterns.
   * A pattern that is not kept is reported here; the other facets by the caller.
   */
  private withFacets(
    planned: PlannedType,
    restriction: XmlElement,
    file: string,
  ): { readonly type: PlannedType; readonly facetsKept: boolean } {
    const facets = restrictionFacets(restriction, planned.ref, planned.pattern);
    if (facets.refused !== undefined) this.report(file, restriction, 's:pattern', facets.refused);
    const type = facets.pattern === planned.pattern ? planned : { ...planned, pattern: facets.pattern };
    // A pattern not kept is reported above, once: the caller reports the other facets, where there are any.
    return { type, facetsKept: facets.others.length === 0 };
  }

  /**
   * Reports the pattern of a type where the format keeps none (`what`: a list's items, a choice's alternative): a
   * pattern restricts a field or a parameter holding one value.
   */
  patternNotKept(planned: PlannedType, el: XmlElement, file: string, what: string): void {
    if (planned.pattern !== undefined)
      this.report(
        file,
        el,
        's:pattern',
        `the pattern of ${what}, ${JSON.stringify(planned.pattern)}, is not kept: the format keeps a pattern on a field or parameter holding one value`,
      );
  }

  /** The type of an element particle: its named type, or `xml` for any content; reports what cannot be mapped. */
  particleType(el: XmlElement, file: string, formKept = false, valuesKept = false): PlannedType | undefined {
    const name = el.attrs.get('name') ?? el.attrs.get('ref') ?? '?';
    if (el.attrs.has('ref')) {
      this.report(file, el, 's:element ref', `the element reference ${name} is not read; left out`);
      return undefined;
    }
    for (const facet of valuesKept ? [] : (['default', 'fixed'] as const)) {
      if (el.attrs.has(facet))
        this.report(file, el, `${facet}="${el.attrs.get(facet)}"`, `the ${facet} value of ${name} is not kept`);
    }
    if (!formKept && el.attrs.get('form') === 'unqualified')
      this.report(
        file,
        el,
        'form="unqualified"',
        `${name} is drafted qualified (in its schema's namespace), as the format writes elements`,
      );
    for (const a of ['substitutionGroup', 'abstract'] as const) {
      if (el.attrs.has(a)) this.report(file, el, `${a}="${el.attrs.get(a)}"`, `not kept on ${name}`);
    }
    const type = qnameAttr(el, 'type');
    if (type) return this.named(type, file, el);
    if (el.attrs.has('type')) {
      this.report(file, el, `type="${el.attrs.get('type')}"`, `the prefix of ${name}'s type is not declared; left out`);
      return undefined;
    }
    const inline = el.children.find((c) => c.ns === NS.xsd && c.name !== 'annotation');
    if (!inline) return primitive('xml');
    if (inline.name === 'complexType' && isAnyContent(inline)) return isDataSet(inline) ? DATA_SET : primitive('xml');
    // An anonymous restriction of a simple type without enumerations is its base on the wire, as a named one is drafted.
    const restriction = inline.name === 'simpleType' ? kids(inline, NS.xsd, 'restriction')[0] : undefined;
    const base =
      restriction && kids(restriction, NS.xsd, 'enumeration').length === 0 ? qnameAttr(restriction, 'base') : undefined;
    if (base) {
      const named = this.named(base, file, restriction!);
      const planned = named ? this.withFacets(named, restriction!, file) : undefined;
      if (!planned?.facetsKept)
        this.report(
          file,
          inline,
          'anonymous s:simpleType',
          `the type of ${name} is declared inline, a restriction of ${base.local} drafted as ${typeof named?.ref === 'string' ? named.ref : 'its base'}; its facets are not kept`,
        );
      if (planned) return planned.type;
    }
    // A reference to a global element of an anonymous complex type: the record named after that element.
    const ref = this.inPlaceRefs.get(declarationOf(el));
    const record = ref && inline.name === 'complexType' ? this.inlineRecordType(ref.global) : undefined;
    if (record) return record;
    const local =
      inline.name === 'complexType'
        ? this.localRecord(el, inline, file)
        : restriction
          ? this.localEnum(el, restriction)
          : undefined;
    if (local) return local;
    this.report(
      file,
      inline,
      `anonymous s:${inline.name}`,
      `the type of ${name} is declared inline; name it (a named type) to map it. Left out`,
    );
    return undefined;
  }
}

/** Where the drafts of local elements' inline types start in the output order: after every global declaration. */
const LOCAL_ORDER = 1_000_000;

/** Whether a particle may occur more than once. */
function repeats(node: XmlElement): boolean {
  const max = node.attrs.get('maxOccurs');
  return max === 'unbounded' || (max !== undefined && Number(max) > 1);
}

/** The `s:restriction` of a complex type that is text content restricting another (`s:simpleContent/s:restriction`). */
function simpleContentRestriction(node: XmlElement): XmlElement | undefined {
  const content = kids(node, NS.xsd, 'simpleContent')[0];
  return content ? kids(content, NS.xsd, 'restriction')[0] : undefined;
}

/** The one particle a named model group holds (s:sequence, s:choice or s:all), if it holds one. */
function groupContent(group: XmlElement): XmlElement | undefined {
  return group.children.find((c) => c.ns === NS.xsd && c.name !== 'annotation');
}

/**
 * An extension's elements named as one of its base's (PayPal's DoUATPAuthorizationResponseType redeclares MsgSubID):
 * both are on the wire, the base's first, so the extension's member gets a key of its own, numbered as xsd.exe numbers
 * it (MsgSubID1, past every name taken), and keeps its element name as `xmlName`. The field objects stay the same
 * (other tables know them by identity); the key order of the YAML puts xmlName beside name.
 */
function numberRedeclared(fields: DraftField[], inherited: readonly string[]): void {
  const taken = new Set([...inherited, ...fields.map((f) => f.name)]);
  for (const f of fields) {
    if (f.attribute || f.text || !inherited.includes(f.name)) continue;
    let n = 1;
    while (taken.has(`${f.name}${n}`)) n++;
    taken.add(`${f.name}${n}`);
    const { name, ...rest } = f;
    for (const k of Object.keys(rest)) delete (f as unknown as Record<string, unknown>)[k];
    Object.assign(f, { name: `${name}${n}`, xmlName: name, ...rest });
  }
}

/** A reference to the head of a substitution group as a choice of the group's elements, occurring as the reference does. */
function asChoice(ref: XmlElement): XmlElement {
  const attrs = new Map([...ref.attrs].filter(([k]) => k === 'minOccurs' || k === 'maxOccurs'));
  return { ...ref, name: 'choice', attrs, children: [ref], text: '' };
}

/** `el` without the attributes `names`. */
function withoutAttributes(el: XmlElement, names: readonly string[]): XmlElement {
  return { ...el, attrs: new Map([...el.attrs].filter(([k]) => !names.includes(k))) };
}

/** A particle without its occurrence: an alternative of a choice occurs once per occurrence of the choice. */
function withoutOccurrence(el: XmlElement): XmlElement {
  return withoutAttributes(el, ['minOccurs', 'maxOccurs']);
}

/** The base a complex type extends (`complexContent/extension`), if it extends one. */
function extensionBase(node: XmlElement): QName | undefined {
  const content = kids(node, NS.xsd, 'complexContent')[0];
  const ext = content ? kids(content, NS.xsd, 'extension')[0] : undefined;
  return ext ? qnameAttr(ext, 'base') : undefined;
}

/** ASMX's declarations of XML content: a sequence of `s:any` (an XmlElement), optionally after `s:schema` (a DataSet). */
function isAnyContent(node: XmlElement): boolean {
  const content = node.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
  if (content.length !== 1 || content[0]!.name !== 'sequence') return false;
  const items = content[0]!.children.filter((c) => c.ns === NS.xsd && c.name !== 'annotation');
  const any = items[items.length - 1];
  if (!any || any.name !== 'any') return false;
  return items.slice(0, -1).every((c) => c.name === 'element' && /(^|:)schema$/.test(c.attrs.get('ref') ?? ''));
}

/** Whether XML content ({@link isAnyContent}) is a DataSet's: its `s:any` after the `s:schema` of the DataSet's tables. */
function isDataSet(node: XmlElement): boolean {
  const sequence = node.children.find((c) => c.ns === NS.xsd && c.name === 'sequence');
  return (
    sequence !== undefined &&
    sequence.children.some(
      (c) => c.ns === NS.xsd && c.name === 'element' && /(^|:)schema$/.test(c.attrs.get('ref') ?? ''),
    )
  );
}

/**
 * A choice occurring once whose sequence alternative (occurring once, of elements only) starts with an element
 * occurring once: the choice with that first element standing for the sequence, and the sequence's other elements.
 * Undefined for any other choice.
 */
function sequenceAlternative(
  c: XmlElement,
  particles: readonly XmlElement[],
): { choice: XmlElement; first: XmlElement; rest: XmlElement[] } | undefined {
  if (!once(occurrenceOf(c))) return undefined;
  // A second sequence stays in the choice, which then reports it.
  const seq = particles.find((p) => p.name === 'sequence');
  if (seq === undefined || !once(occurrenceOf(seq))) return undefined;
  const inner = seq.children.filter((x) => x.ns === NS.xsd && x.name !== 'annotation');
  const first = inner[0];
  if (first === undefined || inner.some((x) => x.name !== 'element') || !once(occurrenceOf(first))) return undefined;
  // Two sequences: each a sequence alternative of the format's.
  if (particles.filter((p) => p.name === 'sequence').length > 1) return undefined;
  return { choice: { ...c, children: c.children.map((x) => (x === seq ? first : x)) }, first, rest: inner.slice(1) };
}
