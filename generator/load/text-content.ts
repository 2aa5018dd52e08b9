/**
 * The checks of text content (`text: true`, xs:simpleContent) and of `form` (xs:form) the schema cannot make: a text
 * field is one primitive or enum beside attributes only; an unqualified element holds no element that would have to
 * be qualified, since it is written with `xmlns=""` and what is inside it inherits that.
 */
import type { ChoiceAlternative, FieldModel, StructModel, TypeModel } from '../model/types.js';
import type { SpecPath } from './locate.js';
import type { RawField } from './schema.js';

/** XML's own namespace, whose prefix `xml` every document binds, and the attributes it has (xml.xsd). */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
export const XML_ATTRIBUTES: readonly string[] = ['lang', 'space', 'base', 'id'];

/**
 * Why an element cannot have a namespace of its own (the spec's `namespace`), or undefined: an unqualified element is
 * in none, a choice has no element, the text content's namespace is its record's, and so is an attribute's, but for
 * XML's own four (`xml:lang`, `xml:space`, `xml:base`, `xml:id`), which need no declaration on the wire.
 */
export function ownNamespaceProblem(e: {
  form?: string | undefined;
  choice: boolean;
  attribute?: boolean;
  text?: boolean;
  namespace?: string;
  xmlName?: string;
}): string | undefined {
  if (e.text) return 'the text content has no element of its own to put in a namespace';
  if (e.attribute) {
    if (e.namespace !== XML_NAMESPACE)
      return `an attribute is in no namespace, in its record's (form: qualified) or in XML's (${XML_NAMESPACE}): it cannot have another of its own`;
    if (!XML_ATTRIBUTES.includes(e.xmlName ?? ''))
      return `XML's namespace has the attributes ${XML_ATTRIBUTES.join(', ')} only, not ${e.xmlName}`;
    if (e.form !== undefined)
      return "an attribute of XML's namespace is in it: give it either form or a namespace, not both";
    return undefined;
  }
  if (e.form !== undefined)
    return 'form: unqualified puts the element in no namespace: give it either form or a namespace, not both';
  if (e.choice)
    return "a choice has no element of its own: its alternatives are in their record's or operation's namespace";
  return undefined;
}

/** A problem of one field's `text`, `form` or `namespace`, at the key it is reported at; `type`: the field cannot be kept. */
export function textOrFormProblem(
  f: RawField,
  type: TypeModel,
  outputs: boolean,
): { key: 'text' | 'form' | 'type' | 'optional' | 'nillable' | 'namespace'; message: string } | undefined {
  if (f.namespace !== undefined) {
    const message = ownNamespaceProblem({
      form: f.form,
      choice: type.kind === 'choice' || (type.kind === 'list' && type.item.kind === 'choice' && !type.container),
      attribute: f.attribute ?? false,
      text: f.text ?? false,
      namespace: f.namespace,
      xmlName: f.xmlName ?? f.name,
    });
    if (message) return { key: 'namespace', message };
  }
  if (f.text) {
    if (outputs)
      return {
        key: 'text',
        message: "an output is an element of the response: only a record's or a result's element has text content",
      };
    if (f.attribute)
      return { key: 'text', message: 'a field is an attribute or the text content of its element, not both' };
    if (
      type.kind === 'list' ||
      type.kind === 'record' ||
      type.kind === 'choice' ||
      (type.kind === 'primitive' && type.name === 'xml')
    ) {
      const what =
        type.kind === 'list'
          ? 'a list'
          : type.kind === 'record'
            ? 'a record'
            : type.kind === 'choice'
              ? 'a choice of elements'
              : 'XML content';
      return { key: 'type', message: `the text content holds a single XML Schema type or enum value, not ${what}` };
    }
    for (const key of ['optional', 'nillable'] as const) {
      if (f[key] !== undefined)
        return {
          key,
          message: `the text content is never absent or nil (an empty element holds the empty text): make the field holding the record ${key} instead`,
        };
    }
    if (f.form !== undefined)
      return { key: 'form', message: 'the text content has no element or attribute of its own to qualify' };
    return undefined;
  }
  if (f.form === 'unqualified' && type.kind === 'choice')
    return {
      key: 'form',
      message: 'a choice has no element of its own: its alternatives are qualified, as the elements of their record',
    };
  return undefined;
}

/**
 * The problems of a record's content once its fields (its base's included) are known: two text fields, a text field
 * beside child elements, an unqualified element holding qualified ones. `at` is relative to the record.
 */
export function contentProblems(
  name: string,
  all: readonly FieldModel[],
  own: readonly FieldModel[],
  raws: readonly RawField[],
): Array<{ at: SpecPath; message: string }> {
  const out: Array<{ at: SpecPath; message: string }> = [];
  const where = (f: FieldModel | undefined, key: string): SpecPath => {
    const i = f ? own.indexOf(f) : -1;
    return i < 0 || raws[i]?.name !== f!.name ? ['extends'] : ['fields', i, key];
  };
  const texts = all.filter((f) => f.text);
  const elements = all.filter((f) => !f.attribute && !f.text);
  if (texts.length > 1) {
    out.push({
      at: where(texts[1], 'text'),
      message: `${name} has two text fields, ${texts[0]!.name} and ${texts[1]!.name}: an element has one text content`,
    });
  }
  if (texts.length > 0 && elements.length > 0) {
    const text = texts[0]!;
    const at = own.includes(text)
      ? where(text, 'text')
      : where(
          elements.find((e) => own.includes(e)),
          'name',
        );
    out.push({
      at,
      message: `${name} has the text field ${text.name} and the element field ${elements[0]!.name}: an element with text content (xs:simpleContent) has attributes only besides it`,
    });
  }
  for (const f of own) {
    // An unqualified alternative of a choice is an unqualified element as a field is (whl-travel's Success, Errors).
    for (const [i, a] of alternativesOf(f.type).entries()) {
      if (a.form !== 'unqualified') continue;
      const inner = qualifiedInside(a.type, new Set());
      if (inner)
        out.push({
          at: [...where(f, 'type'), ...choicePath(f.type), i, 'form'],
          message: `${name}.${f.name}'s alternative <${a.name}> is unqualified (written with xmlns=""), but holds ${inner}, which would lose its namespace: make it unqualified too, or the alternative qualified`,
        });
    }
    if (f.form !== 'unqualified' || f.attribute) continue;
    const inner = qualifiedInside(f.type, new Set());
    if (inner)
      out.push({
        at: where(f, 'form'),
        message: `${name}.${f.name} is unqualified (written with xmlns=""), but holds ${inner}, which would lose its namespace: make it unqualified too, or ${name}.${f.name} qualified`,
      });
  }
  return out;
}

/**
 * The problem of an operation's unqualified element (a parameter, the result, an output) holding qualified ones:
 * written with `xmlns=""`, they would lose their namespace. `what` names the element (`parameter "p"`).
 */
export function unqualifiedHoldingProblem(what: string, t: TypeModel): string | undefined {
  const inner = qualifiedInside(t, new Set());
  return (
    inner &&
    `${what} is unqualified (written with xmlns=""), but holds ${inner}, which would lose its namespace: make it unqualified too, or ${what} qualified`
  );
}

/** The alternatives of a field's choice, its own or its list's (without a container); none for any other type. */
function alternativesOf(t: TypeModel): readonly ChoiceAlternative[] {
  if (t.kind === 'choice') return t.alternatives;
  return t.kind === 'list' && !t.container && t.item.kind === 'choice' ? t.item.alternatives : [];
}

/** Where a field's choice's alternatives are written below its `type`. */
function choicePath(t: TypeModel): SpecPath {
  return t.kind === 'list' ? ['list', 'choice'] : ['choice'];
}

/** The first element inside a value of `t` that is written unprefixed in the service namespace, described; else undefined. */
function qualifiedInside(t: TypeModel, seen: Set<StructModel>): string | undefined {
  switch (t.kind) {
    case 'primitive':
    case 'enum':
      return undefined;
    case 'choice':
      // Where no record gives its namespace (a parameter's choice): a qualified alternative is in the service's.
      for (const a of t.alternatives) {
        if (a.form !== 'unqualified' && a.namespace === undefined)
          return `the choice of ${t.alternatives.map((x) => x.name).join(', ')}`;
        const inner = qualifiedInside(a.type, seen);
        if (inner) return inner;
      }
      return undefined;
    case 'list':
      // Items in a namespace of their own carry its prefix; the service's are unprefixed.
      if (t.container && t.namespace === undefined && !t.unqualifiedItems)
        return `the qualified items <${t.itemElement}> of a list`;
      return t.container && !t.unqualifiedItems ? undefined : qualifiedInside(t.item, seen);
    case 'record': {
      const r = t.record;
      if (seen.has(r)) return undefined;
      seen.add(r);
      for (const f of r.fields) {
        if (f.attribute || f.text) continue;
        // A record's own namespace is declared with a prefix on its element: its fields keep it; so does a field's own.
        const alternatives = alternativesOf(f.type);
        if (alternatives.length > 0) {
          // A choice has no element: each alternative is one, in the record's namespace unless it says otherwise.
          const qualified = alternatives.find(
            (a) => a.form !== 'unqualified' && r.namespace === undefined && a.namespace === undefined,
          );
          if (qualified) return `the qualified alternative ${r.name}.${f.name}.${qualified.name}`;
          for (const a of alternatives) {
            const inner = qualifiedInside(a.type, seen);
            if (inner) return inner;
          }
          continue;
        }
        if (f.form !== 'unqualified' && r.namespace === undefined && f.namespace === undefined)
          return `the qualified element ${r.name}.${f.name}`;
        const inner = qualifiedInside(f.type, seen);
        if (inner) return inner;
      }
      return undefined;
    }
  }
}
