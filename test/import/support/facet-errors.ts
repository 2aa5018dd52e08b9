/**
 * libxml2 errors of a sample value outside a facet the spec does not keep. The import drafts a simple type restricted
 * by a pattern, a length or bounds (or an attribute's inline enumeration) as its base primitive and says "its facets are
 * not kept"; the generic sample values (test/mock/support/sample-values.ts) then break the WSDL's facet. Such an error
 * (or a union's, which libxml2 names no facet of) is counted apart, by WSDL (corpus.test.ts FACETS_NOT_KEPT), only where every member of the model with that element or
 * attribute name is a plain primitive: an enum, a record, a list or a name the model does not have stays a failure.
 */
import type { ServiceModel, TypeModel } from '../../../generator/model/types.js';

/** `Element '{ns}name'` or `Element 'name'`, then `, attribute 'a'`, then `: ` (libxml2's place of an error). */
const PLACE = /Element '(?:\{[^}]*\})?([^']+)'(?:, attribute '([^']+)')?: /;
const FACET = new RegExp(`${PLACE.source}\\[facet '(\\w+)'\\]`);
/**
 * libxml2's second error of the same value: the type's check, which fails because the facet does (an xs:list of an
 * enumeration, a .NET [Flags] enum the import drafts as string, fails as the list type).
 */
const ATOMIC = /is not a valid value of the (?:local )?(?:atomic|list) type/;
/**
 * libxml2's one error of a value outside every member of a union (EWS's PropertyTagType: unsignedShort or a hex
 * pattern), which the import drafts as string: it names no facet, and is counted apart as `union`.
 */
const UNION = /is not a valid value of the (?:local )?union type/;

/**
 * libxml2's error of a value outside an XML Schema built-in type the format does not have, which the import drafts as
 * `string` and reports (whl-travel's `xs:anyURI` attribute URL): the type's lexical rule, like a facet, is not kept, so
 * a generic sample string breaks it. Counted apart as the type's name, only where the model has a plain `string`.
 */
const NOT_KEPT_TYPE =
  /is not a valid value of the atomic type 'xs:(anyURI|normalizedString|QName|NOTATION|NMTOKENS|IDREFS?|ID|ENTITY|ENTITIES|gYear|gYearMonth|gMonth|gMonthDay|gDay|hexBinary)'/;

/** The place and the built-in type's name of a {@link NOT_KEPT_TYPE} error, as FACET's match has them. */
function notKeptType(placed: RegExpExecArray | null, message: string): string[] | null {
  const type = NOT_KEPT_TYPE.exec(message)?.[1];
  return placed && type !== undefined ? [placed[0], placed[1]!, placed[2]!, type] : null;
}

interface Members {
  readonly elements: ReadonlyMap<string, readonly TypeModel[]>;
  readonly attributes: ReadonlyMap<string, readonly TypeModel[]>;
  readonly onElement: ReadonlyMap<string, readonly TypeModel[]>;
}

/** {@link membersByName}'s answer by model (a model is not changed once loaded). */
const MEMBERS = new WeakMap<ServiceModel, Members>();

/**
 * The model's types by element name and by attribute name (fields, parameters, value results, list items, a choice's
 * alternatives); and by the name of an element holding a record and an attribute of that record (`onElement`, `element attribute`), where
 * libxml2's error names both: an attribute name alone may be a primitive on one record and an enum on another.
 */
function membersByName(model: ServiceModel): Members {
  // Once per model: the corpus splits every document's messages, and a large WSDL has thousands of documents.
  const known = MEMBERS.get(model);
  if (known !== undefined) return known;
  const elements = new Map<string, TypeModel[]>();
  const attributes = new Map<string, TypeModel[]>();
  const onElement = new Map<string, TypeModel[]>();
  // In place: a name that many operations share (virtualbox-web's 1,158 `_this`) must not be copied at each one.
  const add = (into: Map<string, TypeModel[]>, name: string, t: TypeModel) => {
    const list = into.get(name);
    if (list === undefined) into.set(name, [t]);
    else list.push(t);
  };
  const held = (name: string, t: TypeModel) => {
    add(elements, name, t);
    if (t.kind === 'record')
      for (const f of t.record.fields) if (f.attribute) add(onElement, `${name} ${f.name}`, f.type);
  };
  const element = (name: string, t: TypeModel): void => {
    // A choice has no element of its own: each alternative is an element of its own name (Equifax's MiddleName).
    if (t.kind === 'choice') return t.alternatives.forEach((a) => element(a.name, a.type));
    if (t.kind !== 'list') return held(name, t);
    // A container's own element holds the list; its items (or, without a container, the repeated element) the item.
    if (t.container) add(elements, name, t);
    else if (t.item.kind !== 'choice') held(name, t.item);
    element(t.itemElement, t.item);
  };
  for (const s of [...model.records, ...model.results]) {
    for (const f of s.fields) {
      if (f.attribute) add(attributes, f.name, f.type);
      else element(f.name, f.type);
    }
  }
  for (const op of model.operations) {
    for (const p of op.params) element(p.name, p.type);
    if (op.result.kind === 'value') element(op.result.element, op.result.type);
  }
  const members = { elements, attributes, onElement };
  MEMBERS.set(model, members);
  return members;
}

export interface FacetSplit {
  /** `<facet> on element|attribute <name>`, one per error counted apart. */
  readonly kept: string[];
  /** Every other message, unchanged. */
  readonly others: string[];
}

/** The messages of one document split: facet errors on plain primitives of `model` apart, the rest as they were. */
export function splitFacetErrors(messages: readonly string[], model: ServiceModel): FacetSplit {
  const members = membersByName(model);
  const kept: string[] = [];
  const others: string[] = [];
  let lastPlace: string | undefined;
  for (const message of messages) {
    const placed = PLACE.exec(message);
    const place = placed?.[0];
    const typed = notKeptType(placed, message);
    const facet = FACET.exec(message) ?? (placed && UNION.test(message) ? [...placed, 'union'] : null) ?? typed;
    if (facet) {
      const [, element, attribute, name] = facet;
      const types =
        attribute !== undefined
          ? (members.onElement.get(`${element!} ${attribute}`) ?? members.attributes.get(attribute))
          : members.elements.get(element!);
      const plain = (t: TypeModel) => t.kind === 'primitive' && (typed === null || t.name === 'string');
      if (types !== undefined && types.length > 0 && types.every(plain)) {
        kept.push(`${name} on ${attribute !== undefined ? `attribute ${attribute}` : `element ${element}`}`);
        lastPlace = place;
        continue;
      }
    } else if (place !== undefined && place === lastPlace && ATOMIC.test(message)) {
      // The same value's type check right after its facet error: one error, already counted.
      lastPlace = undefined;
      continue;
    }
    lastPlace = undefined;
    others.push(message);
  }
  return { kept, others };
}
