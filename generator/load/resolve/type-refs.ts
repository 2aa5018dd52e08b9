/**
 * A type as a field, parameter or result writes it: an XML Schema type, an enum, a record (or a result type, where an
 * operation returns it), a list of one of those, or a choice of elements.
 */
import { DATA_SET_TYPE, PRIMITIVE_NAMES, isPrimitiveName, isReferencePrimitive } from '../../model/primitives.js';
import type { ChoiceAlternative, ChoiceType, ScalarType, TypeModel } from '../../model/types.js';
import { capitalise } from '../../model/text.js';
import type { SpecPath } from '../locate.js';
import type { RawChoice, RawTypeRef } from '../schema.js';
import { suggest } from '../suggest.js';
import { ownNamespaceProblem } from '../text-content.js';
import { rawAlternativeNames, sequenceAlternative } from '../sequence-alternative.js';
import type { Report, TypesContext } from './context.js';

type RawList = Exclude<RawTypeRef, string | RawChoice>;

/**
 * Where a type is written. `field` is the element name of the field, out parameter or parameter it types, the only
 * places where a list may go without its container (its items are that element, repeated); `parameter`: it types a
 * parameter; `results` lets it name a result type (an operation's result).
 */
export interface TypeUse {
  readonly field?: string;
  readonly parameter?: boolean;
  readonly results?: boolean;
  readonly choice?: boolean;
  readonly record?: boolean;
}

/** A type as written, or none (its problem reported). */
export function typeOf(cx: TypesContext, t: RawTypeRef, path: SpecPath, use: TypeUse = {}): TypeModel | undefined {
  if (typeof t === 'string') return scalar(cx, t, [...path], use.results);
  // The alternatives of a record field's or output's choice may repeat (each its own element, repeated).
  if ('choice' in t)
    return choiceOf(cx, t, path, use.choice ?? false, use.field !== undefined && !use.parameter, use.record ?? false);
  return listOf(cx, t, path, use);
}

/** A type name as written. Result types are types only where an operation returns them. */
function scalar(cx: TypesContext, name: string, path: SpecPath, results = false): ScalarType | undefined {
  const { aside, report } = cx;
  if (isPrimitiveName(name)) return { kind: 'primitive', name };
  if (name === DATA_SET_TYPE) return { kind: 'primitive', name: 'xml', dataSet: true };
  const e = cx.enums.get(name);
  if (e) return { kind: 'enum', enum: e };
  const s = cx.structs.get(name);
  if (s && (s.model.kind === 'record' || results)) return { kind: 'record', record: s.model };
  if (s) {
    report(
      path,
      `"${name}" is a result type and cannot be used here; expected a record (a result type is only an operation's result)`,
    );
    return undefined;
  }
  if (aside.has('enums', name) || aside.has('records', name) || aside.has('results', name)) return undefined;
  const known = [
    ...PRIMITIVE_NAMES,
    DATA_SET_TYPE,
    ...cx.enums.keys(),
    ...recordNames(cx),
    ...aside.names('enums'),
    ...aside.names('records'),
    ...(results ? [...Object.keys(cx.raw.results), ...aside.names('results')] : []),
  ];
  report(
    path,
    `unknown type "${name}"; expected an XML Schema type (${PRIMITIVE_NAMES.join(', ')}), ${DATA_SET_TYPE}, an enum or a record${suggest(name, known)}`,
  );
  return undefined;
}

function recordNames(cx: TypesContext): string[] {
  return [...cx.structs.values()].filter((x) => x.model.kind === 'record').map((x) => x.model.name);
}

function listOf(cx: TypesContext, t: RawList, path: SpecPath, use: TypeUse): TypeModel | undefined {
  // A record's choice read among its fields: also the items of its list without a container.
  const item = typeOf(cx, t.list, [...path, 'list'], {
    results: false,
    choice: use.choice,
    record: use.record === true && t.container === false,
  });
  if (!item) return undefined;
  const container = t.container ?? true;
  if (!listAllowed(cx.report, t, path, use, item, container)) return undefined;
  const reference =
    item.kind === 'record' || item.kind === 'list' || (item.kind === 'primitive' && isReferencePrimitive(item.name));
  return {
    kind: 'list',
    item,
    itemElement: !container ? use.field! : (t.item ?? defaultItemElement(item)),
    nillableItems: item.kind !== 'choice' && (t.nillableItems ?? reference),
    ...(container && cx.namespaceOf(t.namespace) ? { namespace: cx.namespaceOf(t.namespace) } : {}),
    container,
    ...(container && t.form === 'unqualified' && t.namespace === undefined && item.kind !== 'choice'
      ? { unqualifiedItems: true }
      : {}),
    ...(t.minItems ? { minItems: t.minItems } : {}),
    ...(t.maxItems !== undefined ? { maxItems: t.maxItems } : {}),
  };
}

/** Reports what a list's options cannot be; false when the list cannot be read at all. */
function listAllowed(
  report: Report,
  t: RawList,
  path: SpecPath,
  use: TypeUse,
  item: TypeModel,
  container: boolean,
): boolean {
  if (item.kind === 'choice') {
    if (t.item !== undefined)
      report(
        [...path, 'item'],
        "the items of a list of choices are the alternatives' own elements: a choice names its items",
      );
    if (t.nillableItems)
      report(
        [...path, 'nillableItems'],
        'an item of a list of choices is one of its alternatives, an element of its own, and cannot be nil',
      );
  }
  if (!container && use.field === undefined) {
    report(
      [...path, 'container'],
      "only a record field, a parameter, an out parameter or an alternative of a field's choice can be a list without a container (its items are its own element, repeated), not a result, a list item, or an alternative of a parameter's or a list's choice",
    );
    return false;
  }
  if (!container && use.parameter && item.kind === 'choice') {
    report(
      [...path, 'container'],
      'a parameter cannot be a repeated choice (a list of choices without a container): give it a container, or make it a record field',
    );
    return false;
  }
  if (!container && t.item !== undefined) {
    report(
      [...path, 'item'],
      `a list without a container has no item element of its own: its items are <${use.field!}> elements`,
    );
  }
  if (!container && t.namespace !== undefined) {
    report(
      [...path, 'namespace'],
      `a list without a container has no namespace of its own: its items are <${use.field!}> elements, in ${use.parameter ? "the operation's" : "the record's"} namespace`,
    );
  }
  if (t.form !== undefined && (!container || t.namespace !== undefined || item.kind === 'choice')) {
    const why = !container
      ? 'a list without a container has no item element of its own: give the field form: unqualified'
      : t.namespace !== undefined
        ? 'items in a namespace of their own are qualified'
        : "the items of a list of choices are the alternatives' own elements, qualified";
    report([...path, 'form'], why);
  }
  if (t.minItems !== undefined && t.maxItems !== undefined && t.maxItems < t.minItems) {
    report([...path, 'maxItems'], `must not be less than minItems (${t.minItems})`);
  }
  return true;
}

/**
 * A choice: only where one element of a field or parameter would be (or the items of its list), each alternative an
 * element of its own with a type that is not a choice again.
 */
function choiceOf(
  cx: TypesContext,
  t: RawChoice,
  path: SpecPath,
  allowed: boolean,
  repeatable: boolean,
  record: boolean,
): ChoiceType | undefined {
  const { report } = cx;
  if (!allowed) {
    report(
      [...path, 'choice'],
      'a choice can only type a record field, a parameter or an out parameter (or the items of their lists), not a result, a list item of a choice or an alternative',
    );
    return undefined;
  }
  const alternatives: ChoiceAlternative[] = [];
  const seen = new Set<string>();
  let complete = true;
  t.choice.forEach((a, i) => {
    const at: SpecPath = [...path, 'choice', i];
    if ('sequence' in a) {
      const context = {
        report,
        typeOf: (x: RawTypeRef, p: SpecPath) => typeOf(cx, x, p),
        allowed: record && repeatable,
      };
      const sequence = sequenceAlternative(a, at, context);
      for (const name of rawAlternativeNames(a).filter((n) => seen.has(n)))
        report([...at, 'sequence'], `duplicate element <${name}> in this choice`);
      rawAlternativeNames(a).forEach((n) => seen.add(n));
      if (sequence) alternatives.push(sequence);
      else complete = false;
      return;
    }
    if (seen.has(a.name)) report([...at, 'name'], `duplicate alternative "${a.name}" in this choice`);
    seen.add(a.name);
    const type = typeOf(cx, a.type, [...at, 'type'], repeatable ? { field: a.name } : {});
    if (!type || type.kind === 'choice') {
      complete = false;
      return;
    }
    // Only a record's decoder reads its members by namespace; a parameter's, an output's or a list item's choice
    // is read by its local name in its operation's or list's namespace.
    for (const key of ['form', 'namespace'] as const) {
      if (a[key] !== undefined && !record)
        report(
          [...at, key],
          `only an alternative of a choice typing a record field (or the items of its list without a container) can have a ${key} of its own`,
        );
    }
    if (a.form !== undefined && a.namespace !== undefined)
      report([...at, 'namespace'], ownNamespaceProblem({ form: a.form, choice: false })!);
    const own = record && a.form === undefined ? cx.elementNamespaceOf(a.namespace) : undefined;
    const form = record && a.form !== undefined ? { form: a.form } : {};
    alternatives.push({
      kind: 'alternative',
      name: a.name,
      type,
      doc: a.doc,
      ...form,
      ...(own ? { namespace: own } : {}),
    });
  });
  return complete ? { kind: 'choice', alternatives } : undefined;
}

/** The item element ASMX gives a list's items by default: the item type's name (ArrayOfX for a nested list). */
export function defaultItemElement(item: TypeModel): string {
  switch (item.kind) {
    case 'primitive':
      // ASMX names a DataSet's element after its class, as it names a record's.
      return item.dataSet ? 'DataSet' : item.name;
    case 'enum':
      return item.enum.xmlName;
    case 'record':
      return item.record.xmlName;
    case 'list':
      return `ArrayOf${capitalise(item.itemElement)}`;
    case 'choice':
      // Never an element's name: a list of choices has its alternatives' elements as items.
      return item.alternatives[0]!.name;
  }
}
