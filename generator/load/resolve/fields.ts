/** The fields of a record or result type, and the out parameters of an operation (read as a record's fields). */
import { isReferencePrimitive } from '../../model/primitives.js';
import type { FieldModel, TypeModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { RawField, RawTypeRef } from '../schema.js';
import { textOrFormProblem, XML_NAMESPACE } from '../text-content.js';
import type { Report, TypesContext } from './context.js';
import { typeOf } from './type-refs.js';
import { exampleOf, valueOf } from './values.js';
import { patternOf } from '../pattern.js';
import { alternativeElements, rawAlternativeNames } from '../sequence-alternative.js';

/** One field as written, where it is: in the type `name`, at index `i` of the fields written at `base`. */
interface FieldSite {
  readonly base: SpecPath;
  readonly name: string;
  readonly raws: readonly RawField[];
  readonly f: RawField;
  readonly i: number;
  readonly path: SpecPath;
}

/** Fields of the type `name`, written at `base` (a record's fields, or an operation's outputs), added to `into`. */
export function fieldsOf(
  cx: TypesContext,
  base: SpecPath,
  name: string,
  raws: readonly RawField[],
  into: FieldModel[],
): void {
  const seen = new Set<string>();
  raws.forEach((f, i) => {
    const site: FieldSite = { base, name, raws, f, i, path: [...base, i] };
    const duplicate = seen.has(f.name);
    seen.add(f.name);
    nameProblems(cx.report, site, duplicate);
    const field = fieldOf(cx, site, into);
    if (field) into.push(field);
    else cx.incompleteTypes.add(name);
  });
}

/** A field's name taken twice in its type, or its wire name: two fields of one type on one wire name. */
function nameProblems(report: Report, { base, name, raws, f, i, path }: FieldSite, duplicate: boolean): void {
  if (duplicate) report([...path, 'name'], `duplicate field "${f.name}" in ${name}`);
  if (f.xmlName !== undefined && base[0] === 'operations')
    report(
      [...path, 'xmlName'],
      "an out parameter's element is named by its name: xmlName is for a record's or result's fields",
    );
  // Two fields of one type on one wire name could not be told apart: only a base's and its extension's can (by order).
  const wire = f.xmlName ?? f.name;
  const twin =
    f.text || duplicate
      ? undefined
      : raws.find(
          (x, j) =>
            j < i && !x.text && (x.attribute ?? false) === (f.attribute ?? false) && (x.xmlName ?? x.name) === wire,
        );
  if (twin)
    report(
      [...path, f.xmlName !== undefined ? 'xmlName' : 'name'],
      `field "${f.name}" has the ${f.attribute ? 'attribute' : 'element'} name "${wire}" of field "${twin.name}" too: the fields of one type must have distinct names on the wire`,
    );
}

/** One field, or none when its type is wrong (its problem reported: the type lacks it). */
function fieldOf(cx: TypesContext, site: FieldSite, into: readonly FieldModel[]): FieldModel | undefined {
  const { report } = cx;
  const { base, f, path } = site;
  const type = typeOf(cx, f.type, [...path, 'type'], {
    field: f.xmlName ?? f.name,
    choice: true,
    record: base[0] !== 'operations',
  });
  if (!type) return undefined;
  choiceClashes(report, site, type);
  if (type.kind === 'choice' && f.nillable !== undefined) {
    report(
      [...path, 'nillable'],
      'a choice has no element of its own that could be nil (make it optional: true to allow none of its alternatives)',
    );
  }
  // ASMX maps reference types (strings, classes, arrays) to elements that may be left out or nil.
  const reference =
    type.kind === 'record' || type.kind === 'list' || (type.kind === 'primitive' && isReferencePrimitive(type.name));
  const attribute = f.attribute ?? false;
  if (attribute && !attributeAllowed(report, site, type)) return undefined;
  const text = f.text ?? false;
  if (text || f.form !== undefined || f.namespace !== undefined) {
    const problem = textOrFormProblem(f, type, base[0] === 'operations');
    if (problem) {
      report([...path, problem.key], problem.message);
      if (problem.key === 'type') return undefined;
    }
  }
  if (f.fixed !== undefined && f.default !== undefined)
    report([...path, 'default'], 'a field with a fixed value has no default (XML Schema allows one or the other)');
  const repeated = type.kind === 'list' && !type.container;
  const withChoice = choiceSentWith(report, site, into, attribute || text, repeated || (f.optional ?? reference));
  if (repeated && (f.nillable !== undefined || f.optional !== undefined)) {
    report(
      [...path, f.nillable !== undefined ? 'nillable' : 'optional'],
      'a list without a container is never absent or nil: no items is an empty list (use nillableItems for nil items)',
    );
  }
  return fieldModel(cx, site, type, { reference, attribute, text, repeated, withChoice });
}

/** The alternatives of a field's choice (or of its list's items) meeting another field's element, or a choice's. */
function choiceClashes(report: Report, { raws, f, i, path }: FieldSite, type: TypeModel): void {
  const choice =
    type.kind === 'choice'
      ? type
      : type.kind === 'list' && type.item.kind === 'choice' && !type.container
        ? type.item
        : undefined;
  for (const a of (choice?.alternatives ?? []).flatMap(alternativeElements)) {
    // The decoder tells members apart by element name: an alternative may not share one with a field. The choice's
    // own name is no element (xsd.exe names EWS's choice of <Item>, <Message>, ... Item too).
    const other = raws.find((x) => x !== f && (x.xmlName ?? x.name) === a.name);
    if (other)
      report(
        [...path, 'name'],
        `the choice "${f.name}" has an alternative <${a.name}>, the element of field "${other.name}" too: a record's elements must have distinct names`,
      );
    const again = raws.find((x, j) => j < i && choiceNames(x.type).includes(a.name));
    if (again)
      report(
        [...path, 'name'],
        `the choice "${f.name}" has an alternative <${a.name}>, which the choice "${again.name}" has too: a record's elements must have distinct names`,
      );
  }
}

/** The element names of the alternatives of a choice as written (of a list's items too); none for another type. */
function choiceNames(t: RawTypeRef): string[] {
  if (typeof t === 'string') return [];
  if ('choice' in t) return t.choice.flatMap(rawAlternativeNames);
  return typeof t.list === 'object' && 'choice' in t.list && t.container === false
    ? t.list.choice.flatMap(rawAlternativeNames)
    : [];
}

/** Whether an attribute field's type is one an attribute can hold (reported when not); a nil attribute reported. */
function attributeAllowed(report: Report, { f, path }: FieldSite, type: TypeModel): boolean {
  if (
    type.kind === 'list' ||
    type.kind === 'record' ||
    type.kind === 'choice' ||
    (type.kind === 'primitive' && type.name === 'xml')
  ) {
    const what = type.kind === 'choice' ? 'a choice of elements' : 'a record, list or XML content';
    report([...path, 'type'], `an attribute holds a single XML Schema type or enum value, not ${what}`);
    return false;
  }
  if (f.nillable) report([...path, 'nillable'], 'an attribute cannot be nil: leave it out (optional: true) instead');
  return true;
}

/**
 * The choice a field of a sequence that is one alternative of a choice is sent with (`onlyWith`): an earlier field of
 * this record. `notElement`: the field is an attribute or the text; `mayBeAbsent`: it is optional or repeated.
 */
function choiceSentWith(
  report: Report,
  { name, f, path }: FieldSite,
  into: readonly FieldModel[],
  notElement: boolean,
  mayBeAbsent: boolean,
): FieldModel | undefined {
  if (f.onlyWith === undefined) return undefined;
  const withChoice = into.find(
    (x) => x.type.kind === 'choice' && x.type.alternatives.some((a) => a.name === f.onlyWith),
  );
  if (!withChoice)
    report(
      [...path, 'onlyWith'],
      `no choice before this field in ${name} has an alternative <${f.onlyWith}> (onlyWith names the alternative this field is sent with)`,
    );
  else if (notElement)
    report(
      [...path, 'onlyWith'],
      'an attribute or the text content is no element of a sequence: only an element field is sent with an alternative',
    );
  else if (!mayBeAbsent)
    report(
      [...path, 'onlyWith'],
      `a field sent only with <${f.onlyWith}> is absent with the other alternatives: make it optional`,
    );
  return withChoice;
}

function fieldModel(
  cx: TypesContext,
  { name, f, path }: FieldSite,
  type: TypeModel,
  is: {
    reference: boolean;
    attribute: boolean;
    text: boolean;
    repeated: boolean;
    withChoice: FieldModel | undefined;
  },
): FieldModel {
  const { reference, attribute, text, repeated, withChoice } = is;
  const example = exampleOf(cx.report, f.example, type, [...path, 'example']);
  return {
    kind: 'field',
    name: f.name,
    xmlName: f.xmlName ?? f.name,
    type,
    doc: f.doc,
    nillable: !text && !attribute && !repeated && (f.nillable ?? reference),
    optional: !text && !repeated && (f.optional ?? reference),
    secret: f.secret ?? false,
    attribute,
    ...(text ? { text: true } : {}),
    // Only where it differs from the default of its kind: elements qualified, attributes not.
    ...(f.form !== undefined && f.form !== (attribute ? 'unqualified' : 'qualified') ? { form: f.form } : {}),
    ...(attribute && f.form === 'qualified'
      ? {
          attributeNamespace: cx.structs.get(name)?.model.namespace ?? {
            uri: cx.raw.service.namespace.uri,
            prefix: 'tns',
          },
        }
      : {}),
    // XML's own attributes (xml:lang): its prefix is bound in every document, so it is never declared.
    ...(attribute && f.namespace === XML_NAMESPACE
      ? { attributeNamespace: { uri: XML_NAMESPACE, prefix: 'xml' } }
      : {}),
    ...(f.namespace !== undefined && !attribute && !text ? { namespace: cx.elementNamespaceOf(f.namespace) } : {}),
    ...example,
    ...patternOf(f.pattern, type, example.example, path, cx.report),
    ...valueOf(cx.report, 'fixed', f.fixed, type, path),
    ...valueOf(cx.report, 'default', f.default, type, path),
    ...(withChoice && !attribute && !text ? { onlyWith: { choice: withChoice, alternative: f.onlyWith! } } : {}),
    decision: cx.decision(f.decision, [...path, 'decision']),
  };
}
