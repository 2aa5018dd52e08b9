/**
 * Turns a schema-valid spec into the model: resolves names to nodes, applies the ASMX defaults (reference types
 * may be absent or nil, value types may not), and checks everything the schema cannot (unknown types, duplicates,
 * EAT markers, credential roles, decision ids). Problems are collected, never thrown one at a time. What failed the
 * schema was set aside before (salvage.ts): a reference to it is not reported again, nor is a check that needs it.
 */
import { tokenValueProblems } from './enum-base.js';
import type {
  AuthFailureCode,
  AuthFailureKind,
  AuthModel,
  ChoiceAlternative,
  ChoiceType,
  BindingName,
  Decision,
  EatModel,
  EnumModel,
  FieldModel,
  HttpPostRootModel,
  OperationGroupModel,
  OperationModel,
  PackageModel,
  ParameterModel,
  PollModel,
  ResultModel,
  ResultStatus,
  ValueResult,
  VoidResult,
  XmlNamespace,
  ScalarType,
  ResponseHeaderModel,
  SoapHeaderModel,
  ServiceErrorsModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../model/types.js';
import { DATA_SET_TYPE, PRIMITIVE_NAMES, isPrimitiveName, isReferencePrimitive } from '../model/primitives.js';
import type { SpecIssue } from './errors.js';
import type { SpecPath } from './locate.js';
import { kebabCase } from './names.js';
import { defaultMockName } from './package-info.js';
import { specNames } from './spec-names.js';
import {
  contentProblems,
  ownNamespaceProblem,
  textOrFormProblem,
  unqualifiedHoldingProblem,
  XML_NAMESPACE,
} from './text-content.js';
import { list, suggest } from './suggest.js';
import { SetAside, type ResolvableSpec } from './salvage.js';
import { checkBareOperations } from './bare.js';
import { operationFaults, resolveFaults } from './faults.js';
import { checkNoNamespaceActions } from './no-namespace.js';
import { describeType } from './describe-type.js';
import { checkExample } from './example.js';
import { repeatedParamProblem } from './repeated-param.js';
import { patternOf } from './pattern.js';
import type {
  RawChoice,
  RawField,
  RawInlineParameter,
  RawParameter,
  RawResult,
  RawSpec,
  RawTypeRef,
} from './schema.js';
import { DEFAULT_AUTH_EXAMPLE } from './schema.js';
import { capitalise, titleAndVersion } from '../model/text.js';
import { alternativeElements, rawAlternativeNames, sequenceAlternative } from './sequence-alternative.js';

type At = (path: SpecPath, message: string, key?: boolean) => SpecIssue;

const EAT_WORDS: Readonly<Record<string, 'none' | 'null' | 'notMarked'>> = {
  none: 'none',
  null: 'null',
  'not marked': 'notMarked',
};
const ROLES = ['principal', 'timestamp', 'signature'] as const;

export function resolveSpec(
  raw: ResolvableSpec,
  source: string,
  at: At,
  aside: SetAside = SetAside.none,
): { model: ServiceModel; issues: SpecIssue[] } {
  const issues: SpecIssue[] = [];
  const report = (path: SpecPath, message: string, key = false): void => {
    issues.push(at(path, message, key));
  };

  const mockName = raw.service.package?.mockName;
  if (mockName !== undefined && mockName === raw.service.package?.name) {
    report(
      ['service', 'package', 'mockName'],
      `"${mockName}" is the client package's name too: the client and the mock packages need names of their own`,
    );
  }

  // Decisions first: everything else may reference them.
  const decisions = new Map<string, Decision>();
  raw.decisions.forEach((d, i) => {
    if (!d) return;
    if (decisions.has(d.id)) report(['decisions', i, 'id'], `duplicate decision id "${d.id}"`);
    else decisions.set(d.id, { kind: 'decision', id: d.id, title: d.title, note: d.note });
  });
  const decision = (id: string | undefined, path: SpecPath): Decision | undefined => {
    if (id === undefined) return undefined;
    const found = decisions.get(id);
    if (!found && !aside.has('decisions', id))
      report(path, `unknown decision "${id}"; expected one of the ids under decisions: ${list([...decisions.keys()])}`);
    return found;
  };

  /** A spec's `example`, checked against its type: the model's `example` member (none without one). */
  const exampleOf = (
    example: string | number | boolean | undefined,
    type: TypeModel,
    path: SpecPath,
  ): { example?: string } => {
    if (example === undefined) return {};
    const checked = checkExample(example, type);
    if ('problem' in checked) {
      report(path, checked.problem);
      return {};
    }
    return { example: checked.text };
  };

  /** A field's `fixed` or `default` value, checked against its type as an example is: its wire text in the model. */
  const valueOf = (
    key: 'fixed' | 'default',
    value: string | number | boolean | undefined,
    type: TypeModel,
    path: SpecPath,
  ): { fixed?: string } | { default?: string } => {
    if (value === undefined) return {};
    const checked = checkExample(value, type);
    if ('problem' in checked) {
      report([...path, key], checked.problem.replace('an example is only possible', `a ${key} value is only possible`));
      return {};
    }
    return { [key]: checked.text };
  };

  // The TypeScript names of types and operations, for the whole spec at once (docs/spec-format.md, How names are formed).
  const names = specNames(raw);

  // Type names (the spec's keys) share one namespace in the spec.
  const typeOwner = new Map<string, string>();
  const claim = (name: string, section: string): void => {
    // A type named as one of the format's own (a schema's complexType Name) would never be the one a field names.
    if (isPrimitiveName(name) || name === DATA_SET_TYPE) {
      report(
        [section, name],
        `type name "${name}" is the format's own type ${name}, which a field of type ${name} would be; name it otherwise (xmlName: ${name} keeps its XML name)`,
        true,
      );
    }
    const previous = typeOwner.get(name);
    if (previous) report([section, name], `type name "${name}" is already defined under ${previous}`, true);
    else typeOwner.set(name, section);
  };

  const enums = new Map<string, EnumModel>();
  for (const [name, e] of Object.entries(raw.enums)) {
    claim(name, 'enums');
    const seen = new Set<string>();
    e.values.forEach((v, i) => {
      if (seen.has(v)) report(['enums', name, 'values', i], `duplicate enum value "${v}"`);
      seen.add(v);
    });
    for (const p of tokenValueProblems(e.base, e.values)) report(['enums', name, 'values', p.index], p.message);
    let numeric: EnumModel['numeric'];
    if (e.numeric) {
      const codes: Array<readonly [number, string]> = [];
      for (const [code, value] of Object.entries(e.numeric.codes)) {
        if (!seen.has(value))
          report(['enums', name, 'numeric', 'codes', code], `"${value}" is not a value of enum ${name}`);
        codes.push([Number(code), value]);
      }
      codes.sort((a, b) => a[0] - b[0]);
      const d = decision(e.numeric.decision, ['enums', name, 'numeric', 'decision']);
      if (d) numeric = { decision: d, codes };
    }
    enums.set(name, {
      kind: 'enum',
      name: names.type('enums', name),
      xmlName: e.xmlName ?? name,
      doc: e.doc,
      values: e.values,
      ...(e.base === 'token' ? { base: 'token' as const } : {}),
      numeric,
      placeholders: e.placeholders,
    });
  }

  // Structs are created empty and filled afterwards, so that fields can point at any record, in any order.
  type Mutable<T> = { -readonly [K in keyof T]: T[K] };
  const structs = new Map<string, { model: Mutable<StructModel>; own: FieldModel[]; all: FieldModel[] }>();
  // One prefix per namespace other than the service's, in the order the spec first names them.
  const prefixes = new Map<string, XmlNamespace>();
  const namespaceOf = (uri: string | undefined): XmlNamespace | undefined => {
    if (uri === undefined || uri === raw.service.namespace.uri) return undefined;
    let ns = prefixes.get(uri);
    if (!ns) prefixes.set(uri, (ns = { uri, prefix: `ns${prefixes.size + 1}` }));
    return ns;
  };
  /**
   * An element's own namespace (the spec's `namespace` on a field, parameter or result) with the prefix its writers
   * declare: the service's own takes `tns` (as a qualified attribute's does), since its elements are otherwise unprefixed.
   */
  const elementNamespaceOf = (uri: string | undefined): XmlNamespace | undefined =>
    uri === undefined ? undefined : (namespaceOf(uri) ?? { uri, prefix: 'tns' });
  const makeStruct = (
    kind: 'record' | 'result',
    name: string,
    def: {
      doc?: string | undefined;
      decision?: string | undefined;
      namespace?: string | undefined;
      anyAttribute?: boolean | undefined;
      xmlName?: string | undefined;
      abstract?: boolean | undefined;
    },
  ) => {
    claim(name, kind === 'record' ? 'records' : 'results');
    const own: FieldModel[] = [];
    const all: FieldModel[] = [];
    const model: Mutable<StructModel> = {
      kind,
      name: names.type(`${kind}s`, name),
      xmlName: def.xmlName ?? name,
      doc: def.doc,
      fields: all,
      ownFields: own,
      base: undefined,
      ...(def.namespace !== undefined && namespaceOf(def.namespace) ? { namespace: namespaceOf(def.namespace) } : {}),
      ...(def.anyAttribute === true ? { anyAttribute: true } : {}),
      ...(def.abstract === true ? { abstract: { concrete: [] } } : {}),
      decision: decision(def.decision, [`${kind}s`, name, 'decision']),
      documentedErrorCode: undefined,
      status: undefined,
    };
    structs.set(name, { model, own, all });
    return model;
  };
  for (const [name, r] of Object.entries(raw.records)) makeStruct('record', name, r);
  for (const [name, r] of Object.entries(raw.results)) makeStruct('result', name, r);

  const recordNames = () => [...structs.values()].filter((x) => x.model.kind === 'record').map((x) => x.model.name);
  /** A type name as written. Result types are types only where an operation returns them. */
  const scalar = (name: string, path: SpecPath, results = false): ScalarType | undefined => {
    if (isPrimitiveName(name)) return { kind: 'primitive', name };
    if (name === DATA_SET_TYPE) return { kind: 'primitive', name: 'xml', dataSet: true };
    const e = enums.get(name);
    if (e) return { kind: 'enum', enum: e };
    const s = structs.get(name);
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
      ...enums.keys(),
      ...recordNames(),
      ...aside.names('enums'),
      ...aside.names('records'),
      ...(results ? [...Object.keys(raw.results), ...aside.names('results')] : []),
    ];
    report(
      path,
      `unknown type "${name}"; expected an XML Schema type (${PRIMITIVE_NAMES.join(', ')}), ${DATA_SET_TYPE}, an enum or a record${suggest(name, known)}`,
    );
    return undefined;
  };

  /**
   * A type as written. `field` is the element name of the field, out parameter or parameter it types, the only places
   * where a list may go without its container (its items are that element, repeated); `parameter`: it types a
   * parameter; `results` lets it name a result type (an operation's result).
   */
  const typeOf = (
    t: RawTypeRef,
    path: SpecPath,
    use: { field?: string; parameter?: boolean; results?: boolean; choice?: boolean; record?: boolean } = {},
  ): TypeModel | undefined => {
    if (typeof t === 'string') return scalar(t, [...path], use.results);
    // The alternatives of a record field's or output's choice may repeat (each its own element, repeated).
    if ('choice' in t)
      return choiceOf(t, path, use.choice ?? false, use.field !== undefined && !use.parameter, use.record ?? false);
    // A record's choice read among its fields: also the items of its list without a container.
    const item = typeOf(t.list, [...path, 'list'], {
      results: false,
      choice: use.choice,
      record: use.record === true && t.container === false,
    });
    if (!item) return undefined;
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
    const container = t.container ?? true;
    if (!container && use.field === undefined) {
      report(
        [...path, 'container'],
        "only a record field, a parameter, an out parameter or an alternative of a field's choice can be a list without a container (its items are its own element, repeated), not a result, a list item, or an alternative of a parameter's or a list's choice",
      );
      return undefined;
    }
    if (!container && use.parameter && item.kind === 'choice') {
      report(
        [...path, 'container'],
        'a parameter cannot be a repeated choice (a list of choices without a container): give it a container, or make it a record field',
      );
      return undefined;
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
    const reference =
      item.kind === 'record' || item.kind === 'list' || (item.kind === 'primitive' && isReferencePrimitive(item.name));
    return {
      kind: 'list',
      item,
      itemElement: !container ? use.field! : (t.item ?? defaultItemElement(item)),
      nillableItems: item.kind !== 'choice' && (t.nillableItems ?? reference),
      ...(container && namespaceOf(t.namespace) ? { namespace: namespaceOf(t.namespace) } : {}),
      container,
      ...(container && t.form === 'unqualified' && t.namespace === undefined && item.kind !== 'choice'
        ? { unqualifiedItems: true }
        : {}),
      ...(t.minItems ? { minItems: t.minItems } : {}),
      ...(t.maxItems !== undefined ? { maxItems: t.maxItems } : {}),
    };
  };

  /**
   * A choice: only where one element of a field or parameter would be (or the items of its list), each alternative an
   * element of its own with a type that is not a choice again.
   */
  const choiceOf = (
    t: RawChoice,
    path: SpecPath,
    allowed: boolean,
    repeatable: boolean,
    record: boolean,
  ): ChoiceType | undefined => {
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
        const context = { report, typeOf: (x: RawTypeRef, p: SpecPath) => typeOf(x, p), allowed: record && repeatable };
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
      const type = typeOf(a.type, [...at, 'type'], repeatable ? { field: a.name } : {});
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
      const own = record && a.form === undefined ? elementNamespaceOf(a.namespace) : undefined;
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
  };

  /**
   * Types that lack a field, one whose type (or base) is wrong or set aside: what a check would not find there is
   * most likely that field, already reported.
   */
  const incompleteTypes = new Set<string>();
  /** Fields of the type `name`, written at `base` (a record's fields, or an operation's outputs). */
  const fieldsOf = (base: SpecPath, name: string, raws: readonly RawField[], into: FieldModel[]) => {
    const seen = new Set<string>();
    raws.forEach((f, i) => {
      const path: SpecPath = [...base, i];
      const duplicate = seen.has(f.name);
      if (duplicate) report([...path, 'name'], `duplicate field "${f.name}" in ${name}`);
      seen.add(f.name);
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
      const type = typeOf(f.type, [...path, 'type'], {
        field: f.xmlName ?? f.name,
        choice: true,
        record: base[0] !== 'operations',
      });
      if (!type) {
        incompleteTypes.add(name);
        return;
      }
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
      if (type.kind === 'choice' && f.nillable !== undefined) {
        report(
          [...path, 'nillable'],
          'a choice has no element of its own that could be nil (make it optional: true to allow none of its alternatives)',
        );
      }
      // ASMX maps reference types (strings, classes, arrays) to elements that may be left out or nil.
      const reference =
        type.kind === 'record' ||
        type.kind === 'list' ||
        (type.kind === 'primitive' && isReferencePrimitive(type.name));
      const attribute = f.attribute ?? false;
      if (attribute) {
        if (
          type.kind === 'list' ||
          type.kind === 'record' ||
          type.kind === 'choice' ||
          (type.kind === 'primitive' && type.name === 'xml')
        ) {
          const what = type.kind === 'choice' ? 'a choice of elements' : 'a record, list or XML content';
          report([...path, 'type'], `an attribute holds a single XML Schema type or enum value, not ${what}`);
          incompleteTypes.add(name);
          return;
        }
        if (f.nillable)
          report([...path, 'nillable'], 'an attribute cannot be nil: leave it out (optional: true) instead');
      }
      const text = f.text ?? false;
      const outputs = base[0] === 'operations';
      if (text || f.form !== undefined || f.namespace !== undefined) {
        const problem = textOrFormProblem(f, type, outputs);
        if (problem) {
          report([...path, problem.key], problem.message);
          if (problem.key === 'type') {
            incompleteTypes.add(name);
            return;
          }
        }
      }
      if (f.fixed !== undefined && f.default !== undefined)
        report([...path, 'default'], 'a field with a fixed value has no default (XML Schema allows one or the other)');
      const repeated = type.kind === 'list' && !type.container;
      // A field of a sequence that is one alternative of a choice: the choice is an earlier field of this record.
      const withChoice =
        f.onlyWith === undefined
          ? undefined
          : into.find((x) => x.type.kind === 'choice' && x.type.alternatives.some((a) => a.name === f.onlyWith));
      if (f.onlyWith !== undefined) {
        if (!withChoice)
          report(
            [...path, 'onlyWith'],
            `no choice before this field in ${name} has an alternative <${f.onlyWith}> (onlyWith names the alternative this field is sent with)`,
          );
        else if (attribute || text)
          report(
            [...path, 'onlyWith'],
            'an attribute or the text content is no element of a sequence: only an element field is sent with an alternative',
          );
        else if (!repeated && !(f.optional ?? reference))
          report(
            [...path, 'onlyWith'],
            `a field sent only with <${f.onlyWith}> is absent with the other alternatives: make it optional`,
          );
      }
      if (repeated && (f.nillable !== undefined || f.optional !== undefined)) {
        report(
          [...path, f.nillable !== undefined ? 'nillable' : 'optional'],
          'a list without a container is never absent or nil: no items is an empty list (use nillableItems for nil items)',
        );
      }
      const example = exampleOf(f.example, type, [...path, 'example']);
      into.push({
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
              attributeNamespace: structs.get(name)?.model.namespace ?? {
                uri: raw.service.namespace.uri,
                prefix: 'tns',
              },
            }
          : {}),
        // XML's own attributes (xml:lang): its prefix is bound in every document, so it is never declared.
        ...(attribute && f.namespace === XML_NAMESPACE
          ? { attributeNamespace: { uri: XML_NAMESPACE, prefix: 'xml' } }
          : {}),
        ...(f.namespace !== undefined && !attribute && !text ? { namespace: elementNamespaceOf(f.namespace) } : {}),
        ...example,
        ...patternOf(f.pattern, type, example.example, path, report),
        ...valueOf('fixed', f.fixed, type, path),
        ...valueOf('default', f.default, type, path),
        ...(withChoice && !attribute && !text ? { onlyWith: { choice: withChoice, alternative: f.onlyWith! } } : {}),
        decision: decision(f.decision, [...path, 'decision']),
      });
    });
  };
  for (const [name, r] of Object.entries(raw.records))
    fieldsOf(['records', name, 'fields'], name, r.fields, structs.get(name)!.own);
  for (const [name, r] of Object.entries(raw.results))
    fieldsOf(['results', name, 'fields'], name, r.fields, structs.get(name)!.own);

  // Inheritance: a type's fields are its base's, then its own (xs:extension appends to the base's sequence).
  const extendsOf = (name: string): string | undefined => raw.records[name]?.extends ?? raw.results[name]?.extends;
  const done = new Set<string>();
  const complete = (name: string, chain: readonly string[]): void => {
    if (done.has(name)) return;
    done.add(name);
    const entry = structs.get(name)!;
    const section = entry.model.kind === 'record' ? 'records' : 'results';
    const baseName = extendsOf(name);
    if (baseName !== undefined) {
      const base = structs.get(baseName);
      const path: SpecPath = [section, name, 'extends'];
      if (!base) {
        incompleteTypes.add(name);
        // A base set aside was reported where it is written.
        if (!aside.has('records', baseName) && !aside.has('results', baseName)) {
          report(
            path,
            `unknown base type "${baseName}"; expected a record${entry.model.kind === 'result' ? ' or a result' : ''}${suggest(baseName, [...structs.keys()])}`,
          );
        }
      } else if (base.model.kind === 'result' && entry.model.kind === 'record')
        report(path, `a record cannot extend the result type "${baseName}"`);
      else if (chain.includes(baseName))
        report(path, `"${name}" extends itself through ${[...chain, baseName].join(' -> ')}`);
      else {
        complete(baseName, [...chain, baseName]);
        if (incompleteTypes.has(baseName)) incompleteTypes.add(name);
        entry.model.base = base.model;
        entry.all.push(...base.all);
        const inherited = new Set(base.all.map((f) => f.name));
        const rawFields = (section === 'records' ? raw.records[name]! : raw.results[name]!).fields;
        rawFields.forEach((f, i) => {
          if (inherited.has(f.name)) {
            const again = base.all.find(
              (x) => x.name === f.name && x.xmlName === (f.xmlName ?? f.name) && !x.attribute && !f.attribute,
            );
            const hint = again
              ? `: a field of the same element name needs a key of its own (name: ${f.name}1, xmlName: ${f.name})`
              : '';
            report(
              [section, name, 'fields', i, 'name'],
              `field "${f.name}" is already defined by the base type ${baseName}${hint}`,
            );
          }
          // An extension adds elements after its base's; an attribute is the type's once (XML Schema refuses it twice).
          const attribute = f.attribute
            ? base.all.find((x) => x.attribute && x.xmlName === (f.xmlName ?? f.name))
            : undefined;
          if (attribute)
            report(
              [section, name, 'fields', i, f.xmlName !== undefined ? 'xmlName' : 'name'],
              `the attribute "${attribute.xmlName}" is already defined by the base type ${baseName} (field "${attribute.name}")`,
            );
        });
      }
    }
    entry.all.push(...entry.own);
    if (entry.model.base)
      ambiguousRedeclarations(
        entry.model,
        (section === 'records' ? raw.records[name] : raw.results[name])?.fields ?? [],
        [section, name, 'fields'],
      );
  };
  /**
   * An extension's element of the name of one of its base's, in the same namespace (xmlName), is told apart from it by
   * order: the decoder reads the first into the base's field. That holds when the base's field, or one between the
   * two, is required; otherwise a lone element could be either (the schema's content model is not deterministic, which
   * XML Schema forbids as Unique Particle Attribution), and a value would come back in the other member.
   */
  const ambiguousRedeclarations = (s: StructModel, raws: readonly RawField[], at: SpecPath): void => {
    const namespaceOf = (f: FieldModel): string | undefined => {
      if (f.form === 'unqualified') return '';
      for (let t: StructModel | undefined = s; t !== undefined; t = t.base)
        if (t.ownFields.includes(f)) return t.namespace?.uri;
      return undefined;
    };
    const elements = s.fields.filter((x) => !x.attribute && !x.text && x.type.kind !== 'choice');
    const mayBeAbsent = (x: FieldModel) => x.optional || (x.type.kind === 'list' && !x.type.container);
    for (const f of s.ownFields) {
      const i = elements.indexOf(f);
      if (i < 0) continue;
      const earlier = elements
        .slice(0, i)
        .filter((x) => x.xmlName === f.xmlName && namespaceOf(x) === namespaceOf(f))
        .at(-1);
      if (earlier === undefined || s.ownFields.includes(earlier)) continue;
      const all = s.fields.filter((x) => !x.attribute && !x.text);
      if (!all.slice(all.indexOf(earlier), all.indexOf(f)).every(mayBeAbsent)) continue;
      const j = raws.findIndex((r) => r.name === f.name);
      report(
        [...at, j, raws[j]?.xmlName !== undefined ? 'xmlName' : 'name'],
        `field "${f.name}" and the base's field "${earlier.name}" are both <${f.xmlName}>, and nothing required stands between them: a lone <${f.xmlName}> could be either (XML Schema forbids such a content model: Unique Particle Attribution); make the base's field, or one between them, required`,
      );
    }
  };
  for (const name of structs.keys()) complete(name, [name]);
  // Each abstract record's concrete descendants, once every base is linked.
  for (const { model } of structs.values()) {
    if (model.abstract) continue;
    for (let base = model.base; base !== undefined; base = base.base)
      (base.abstract?.concrete as StructModel[] | undefined)?.push(model);
  }
  for (const [name, entry] of structs) {
    const section = entry.model.kind === 'record' ? 'records' : 'results';
    const raws = (section === 'records' ? raw.records[name] : raw.results[name])?.fields ?? [];
    for (const p of contentProblems(name, entry.all, entry.own, raws)) report([section, name, ...p.at], p.message);
  }

  const serviceErrors = resolveServiceErrors(raw, enums, aside, decision, report);
  // Set aside, or naming an enum that is: what depends on it is not checked (its problem is reported already).
  const serviceErrorsUnknown =
    aside.whole('serviceErrors') || (raw.serviceErrors !== undefined && serviceErrors === undefined);
  for (const [name, r] of Object.entries(raw.results)) {
    const entry = structs.get(name)!;
    const documented = r.errorCode ?? 'none';
    entry.model.documentedErrorCode = documented;
    entry.model.status = serviceErrorsUnknown
      ? undefined
      : resultStatus(name, documented, entry.all, incompleteTypes.has(name), serviceErrors, report);
  }

  const parameterOf = (
    name: string,
    p: RawParameter | RawInlineParameter,
    path: SpecPath,
  ): ParameterModel | undefined => {
    if (p.role && 'name' in p) {
      // The client has one option per credential, named after the one top-level definition.
      report(
        [...path, 'role'],
        `a ${p.role} parameter is a credential the client fills in for every operation: define it once under parameters and list it by name`,
      );
      return undefined;
    }
    if (p.default !== undefined && !p.optional)
      report([...path, 'default'], 'a default is only meaningful on an optional parameter (add optional: true)');
    if (p.role && p.optional)
      report([...path, 'optional'], `a ${p.role} parameter is filled in by the client and cannot be optional`);
    const type = typeOf(p.type, [...path, 'type'], { choice: true, field: name, parameter: true });
    if (!type) return undefined;
    // ASMX's `[XmlElement] string[] name`: the items are the parameter's own element, repeated; none is the empty list
    // (or, optional, the parameter left out: repeated-param.ts).
    const repeated = type.kind === 'list' && !type.container;
    const refused = repeated ? repeatedParamProblem(p, type) : undefined;
    if (refused) report([...path, refused.key], refused.message);
    if (type.kind === 'choice' && p.nillable)
      report(
        [...path, 'nillable'],
        'a choice has no element of its own that could be nil (make it optional: true to allow none of its alternatives)',
      );
    if (p.role && type.kind !== 'primitive')
      report([...path, 'type'], `a ${p.role} parameter is filled in by the client: it must have an XML Schema type`);
    if (p.role && p.example !== undefined)
      report(
        [...path, 'example'],
        `a ${p.role} parameter is filled in by the client: the docs show the credentials of auth.example instead`,
      );
    if (p.default !== undefined && type.kind !== 'primitive' && type.kind !== 'enum') {
      report([...path, 'default'], 'a default is only possible for an XML Schema type or an enum');
    }
    if (p.default !== undefined && type.kind === 'enum' && !type.enum.values.includes(String(p.default))) {
      report([...path, 'default'], `"${String(p.default)}" is not a value of enum ${type.enum.name}`);
    }
    if (p.nillable && p.role)
      report([...path, 'nillable'], `a ${p.role} parameter is filled in by the client and cannot be nil`);
    if (p.secret && p.role)
      report(
        [...path, 'secret'],
        `a ${p.role} parameter is filled in by the client, which already keeps its secrets out of errors: remove secret`,
      );
    if (p.secret && type.kind !== 'primitive' && type.kind !== 'enum') {
      report(
        [...path, 'secret'],
        'secret is for a parameter of an XML Schema type; mark the secret members of a record with secret on their fields',
      );
    }
    if (p.form !== undefined && p.role)
      report(
        [...path, 'form'],
        `a ${p.role} parameter is filled in by the client in the operation's namespace: it cannot be unqualified`,
      );
    if (p.form !== undefined && type.kind === 'choice')
      report(
        [...path, 'form'],
        'a choice has no element of its own: its alternatives are qualified, as the elements of their operation',
      );
    const holding =
      p.form !== undefined && type.kind !== 'choice'
        ? unqualifiedHoldingProblem(`parameter "${name}"`, type)
        : undefined;
    if (holding) report([...path, 'form'], holding);
    if (p.namespace !== undefined) {
      const why = ownNamespaceProblem({ form: p.form, choice: type.kind === 'choice' });
      if (why) report([...path, 'namespace'], why);
    }
    const example = p.role ? {} : exampleOf(p.example, type, [...path, 'example']);
    return {
      kind: 'parameter',
      name,
      type,
      doc: p.doc,
      role: p.role,
      optional: p.optional ?? false,
      nillable: p.nillable ?? false,
      default: p.default,
      quirk: p.quirk,
      secret: p.secret ?? false,
      ...(p.form !== undefined ? { form: p.form } : {}),
      ...(p.namespace !== undefined ? { namespace: elementNamespaceOf(p.namespace) } : {}),
      ...example,
      ...patternOf(p.pattern, type, example.example, path, report),
      decision: decision(p.decision, [...path, 'decision']),
    };
  };
  const parameters = new Map<string, ParameterModel>();
  for (const [name, p] of Object.entries(raw.parameters)) {
    const model = parameterOf(name, p, ['parameters', name]);
    if (model) parameters.set(name, model);
  }

  const { sent: soapHeaders, all: allHeaders } = resolveHeaders(raw, structs, parameters, aside, report);
  const faults = resolveFaults(raw, structs, raw.service.namespace.uri, aside, report);

  // Without a list, the three bindings ASMX enables by default; HTTP GET is off by default (web.config), so only listed.
  const bindings: BindingName[] = (['soap11', 'soap12', 'httpPost', 'httpGet'] as const).filter(
    (b) => raw.service.bindings?.includes(b) ?? b !== 'httpGet',
  );
  // Bindings set aside: whether an operation has HTTP POST is unknown, so nothing that depends on it is checked.
  const bindingsKnown = !aside.whole('bindings');
  const signed = raw.auth !== undefined;
  const operations: OperationModel[] = [];
  const outputStructs: StructModel[] = [];
  const opNames = new Map<string, number>();
  const methodNames = new Map<string, string>();
  /** Operations written but not in the model (set aside, or with a problem reported): polls of them are not checked. */
  const unresolved = new Set<string>();
  /** Operations in the model without a parameter they list (one with a problem reported). */
  const lacking = new Set<string>();
  raw.operations.forEach((op, i) => {
    const path: SpecPath = ['operations', i];
    // An operation set aside still has its name, when that is a name: a later one of the same name is a duplicate.
    const opName = op?.name ?? aside.entryAt('operations', i)?.name;
    if (typeof opName === 'string') {
      const first = opNames.get(opName);
      if (first !== undefined)
        report([...path, 'name'], `duplicate operation "${opName}" (first defined at operations[${first}])`);
      else opNames.set(opName, i);
    }
    if (!op) {
      if (typeof opName === 'string') unresolved.add(opName);
      return;
    }
    // The method, and the names made from tsName, meet no other name: specNames numbered them where they would.
    const { tsName, methodName: method } = names.operation(i);
    methodNames.set(method, op.name);
    if (op.responseHeaders !== undefined && op.responseHeaders.length > 0)
      methodNames.set(`${method}WithHeaders`, op.name);

    const params: ParameterModel[] = [];
    const seen = new Set<string>();
    let incomplete = false;
    op.params.forEach((entry, j) => {
      const name = typeof entry === 'string' ? entry : entry.name;
      if (seen.has(name))
        report(
          [...path, 'params', j, ...(typeof entry === 'string' ? [] : ['name'])],
          `parameter "${name}" is listed twice`,
        );
      seen.add(name);
      const p = typeof entry === 'string' ? parameters.get(name) : parameterOf(name, entry, [...path, 'params', j]);
      if (p) params.push(p);
      else {
        incomplete = true;
        if (typeof entry === 'string' && !raw.parameters[name] && !aside.has('parameters', name)) {
          report(
            [...path, 'params', j],
            `unknown parameter "${name}"; expected one defined under parameters, or a definition { name, type, doc }${suggest(name, [...parameters.keys()])}`,
          );
        }
      }
    });
    // With a parameter already reported, a credential missing is most likely that one.
    if (raw.auth && !incomplete) {
      for (const role of ROLES) {
        const count = params.filter((p) => p.role === role).length;
        if (count !== 1)
          report([...path, 'params'], `expected exactly one ${role} parameter (auth is set), found ${count}`);
      }
    }

    const returned = resolveResult(op.name, op.result, [...path, 'result'], typeOf, elementNamespaceOf, report);
    let result: ResultModel | undefined = returned;
    const resultHolding =
      returned?.kind === 'value' && returned.form !== undefined
        ? unqualifiedHoldingProblem('the result', returned.type)
        : undefined;
    if (resultHolding) report([...path, 'result', 'form'], resultHolding);
    if (op.outputs !== undefined && returned) {
      // Out parameters: the response element holds the result and one element per output, read as one record.
      const name = `${tsName}Output`;
      const fields: FieldModel[] = [];
      if (returned.kind === 'value') {
        const nullable = returned.nullable;
        const form = returned.form !== undefined ? { form: returned.form } : {};
        const own = returned.namespace !== undefined ? { namespace: returned.namespace } : {};
        fields.push({
          kind: 'field',
          name: returned.element,
          xmlName: returned.element,
          type: returned.type,
          doc: `What ${op.name} returns.`,
          nillable: nullable,
          optional: nullable,
          secret: false,
          attribute: false,
          ...form,
          ...own,
          decision: undefined,
        });
      }
      fieldsOf([...path, 'outputs'], name, op.outputs, fields);
      fields.forEach((f) => {
        const j = op.outputs!.findIndex((o) => o.name === f.name);
        const problem =
          f.form === 'unqualified' && j >= 0 ? unqualifiedHoldingProblem(`output "${f.name}"`, f.type) : undefined;
        if (problem) report([...path, 'outputs', j, 'form'], problem);
      });
      op.outputs.forEach((o, j) => {
        if (returned.kind === 'value' && o.name === returned.element)
          report([...path, 'outputs', j, 'name'], `"${o.name}" is the result element's name`);
      });
      const struct: StructModel = {
        kind: 'result',
        name,
        xmlName: name,
        doc: `What ${op.name} returns: ${returned.kind === 'value' ? 'its result and ' : ''}its out parameters, the children of <${op.name}Response>.`,
        fields,
        ownFields: fields,
        base: undefined,
        decision: undefined,
        documentedErrorCode: 'none',
        status: undefined,
      };
      outputStructs.push(struct);
      result = { kind: 'outputs', struct, returned };
    }

    // With a parameter already reported unknown, a marker naming no parameter is most likely the same typo.
    // Both entries are asked for only where they mean something: a marker where requests are signed, a root where
    // the operation has the HTTP POST binding.
    let eat: EatModel | undefined;
    if (op.eat !== undefined)
      eat = resolveEat(op.eat, params, incomplete, parameters, [...path, 'eat'], decision, report);
    else if (signed)
      report(
        [...path, 'eat'],
        'missing required key "eat": a service that signs requests (auth) needs the EAT marker of every operation',
      );
    else eat = { kind: 'unsigned', marker: '' };

    const bindingReport = bindingsKnown ? report : () => undefined;
    // HTTP POST and HTTP GET carry the same form (in the body, in the query string), so both take the same checks.
    const formBinding = (binding: 'httpPost' | 'httpGet', title: string, flag: boolean | undefined): boolean => {
      const serviceHas = bindings.includes(binding);
      if (flag === true && !serviceHas) {
        bindingReport(
          [...path, binding],
          `the service has no ${title} binding (service.bindings), so the operation cannot have one`,
          true,
        );
      }
      const has = serviceHas && flag !== false;
      if (has && op.outputs !== undefined) {
        bindingReport(
          [...path, 'outputs'],
          `out parameters are SOAP only: ASMX's ${title} binding returns one value; add ${binding}: false to the operation`,
          true,
        );
      }
      if (has) {
        params.forEach((p) => {
          if (p.role || formType(p.type)) return;
          const j = op.params.findIndex((e) => (typeof e === 'string' ? e : e.name) === p.name);
          bindingReport(
            [...path, 'params', j],
            `parameter "${p.name}" is ${describeType(p.type)}, which ASMX's ${title} binding cannot carry (only XML Schema types, enums and lists of them); add ${binding}: false to the operation, or leave ${binding} out of service.bindings`,
          );
        });
      }
      return has;
    };
    const httpPost = formBinding('httpPost', 'HTTP POST', op.httpPost);
    const httpGet = formBinding('httpGet', 'HTTP GET', op.httpGet);
    const serviceHasForm = bindings.includes('httpPost') || bindings.includes('httpGet');
    let httpPostRoot: HttpPostRootModel | undefined;
    const rawRoot = op.httpPostRoot;
    // The root of the form bindings' answer: HTTP GET answers the same document as HTTP POST.
    if (!httpPost && !httpGet) {
      if (rawRoot !== undefined) {
        // Names the form bindings the service has, which the operation opts out of; or that the service has none.
        const forms = (['httpPost', 'httpGet'] as const).filter((b) => bindings.includes(b));
        const why = serviceHasForm
          ? `the operation has no ${forms.map((b) => (b === 'httpPost' ? 'HTTP POST' : 'HTTP GET')).join(' or ')} binding (${forms.map((b) => `${b}: false`).join(', ')})`
          : 'the service has no HTTP POST binding (service.bindings)';
        bindingReport([...path, 'httpPostRoot'], `${why}, so an HTTP POST root means nothing here`, true);
      }
      httpPostRoot = { kind: 'unbound' };
    } else if (result?.kind === 'void') {
      if (rawRoot !== undefined)
        bindingReport(
          [...path, 'httpPostRoot'],
          'a void operation answers HTTP POST with an empty body: there is no root',
          true,
        );
      httpPostRoot = { kind: 'empty' };
    } else if (rawRoot === undefined) {
      if (result?.kind === 'value') httpPostRoot = conventionalRoot(result.type);
    } else if (typeof rawRoot === 'string') {
      httpPostRoot = { kind: 'shown', name: rawRoot };
    } else {
      const d = decision(rawRoot.decision, [...path, 'httpPostRoot', 'decision']);
      if (d) httpPostRoot = { kind: 'notShown', assumed: rawRoot.assumed, decision: d };
    }

    let headers: SoapHeaderModel[] = soapHeaders;
    if (op.headers !== undefined) {
      headers = [];
      op.headers.forEach((h, j) => {
        const found = soapHeaders.find((x) => x.element === h);
        if (!found) {
          if (allHeaders.has(h))
            report(
              [...path, 'headers', j],
              `SOAP header "${h}" has no client option (soapHeaders), so the client cannot send it; give it an option, or list it under responseHeaders`,
            );
          else if (!aside.has('soapHeaders', h))
            report(
              [...path, 'headers', j],
              `unknown SOAP header "${h}"; expected one of soapHeaders: ${list(soapHeaders.map((x) => x.element))}`,
            );
        } else if (headers.includes(found)) report([...path, 'headers', j], `SOAP header "${h}" is listed twice`);
        else headers.push(found);
      });
      headers.sort((a, b) => soapHeaders.indexOf(a) - soapHeaders.indexOf(b));
    }
    const responseHeaders: ResponseHeaderModel[] = [];
    const order = [...allHeaders.keys()];
    op.responseHeaders?.forEach((entry, j) => {
      const name = typeof entry === 'string' ? entry : entry.element;
      const at: SpecPath =
        typeof entry === 'string' ? [...path, 'responseHeaders', j] : [...path, 'responseHeaders', j, 'element'];
      const found = allHeaders.get(name);
      if (!found) {
        if (!aside.has('soapHeaders', name))
          report(
            at,
            `unknown SOAP header "${name}"; expected one of soapHeaders: ${list(order)}${suggest(name, order)}`,
          );
      } else if (responseHeaders.some((x) => x.element === name)) report(at, `SOAP header "${name}" is listed twice`);
      else
        responseHeaders.push({
          kind: 'responseHeader',
          element: name,
          record: found.record,
          required: typeof entry === 'string' ? false : (entry.required ?? false),
          doc: found.doc,
        });
    });

    const bare = (op.parameterStyle ?? raw.service.parameterStyle) === 'bare';
    if (bare) {
      // A bare operation's parameters and result are top-level elements of the schema, always qualified.
      const why = "a bare operation's elements are top-level elements of the schema, always in its namespace";
      op.params.forEach((entry, j) => {
        const p = typeof entry === 'string' ? raw.parameters[entry] : entry;
        if (p?.form !== undefined)
          report(
            [...path, 'params', j, ...(typeof entry === 'string' ? [] : ['form'])],
            `${why}: "${typeof entry === 'string' ? entry : entry.name}" cannot be unqualified`,
          );
        if (p?.namespace !== undefined)
          report(
            [...path, 'params', j, ...(typeof entry === 'string' ? [] : ['namespace'])],
            `${why}: "${typeof entry === 'string' ? entry : entry.name}" cannot have a namespace of its own (give the operation's namespace)`,
          );
      });
      if (typeof op.result === 'object' && 'type' in op.result && op.result.form !== undefined)
        report([...path, 'result', 'form'], `${why}: the result cannot be unqualified`);
      if (typeof op.result === 'object' && 'type' in op.result && op.result.namespace !== undefined)
        report([...path, 'result', 'namespace'], `${why}: the result cannot have a namespace of its own`);
      op.outputs?.forEach((o, j) => {
        if (o.form !== undefined) report([...path, 'outputs', j, 'form'], `${why}: an output cannot be unqualified`);
      });
    }
    if (result && eat && httpPostRoot) {
      operations.push({
        kind: 'operation',
        name: op.name,
        tsName,
        methodName: method,
        doc: op.doc,
        params,
        inputParams: params.filter((p) => p.role === undefined),
        result,
        httpPostRoot,
        httpPost,
        httpGet,
        eat,
        submitsPayments: op.submitsPayments ?? false,
        soapAction: op.soapAction,
        bare,
        namespace: op.namespace,
        headers,
        responseHeaders,
        group: op.group,
        faults: operationFaults(op.faults, path, faults, Object.keys(raw.faults), aside, report),
      });
    } else unresolved.add(op.name);
    if (incomplete) lacking.add(op.name);
  });

  const groups = resolveGroups(raw, aside, report);
  const opIndex = new Map(raw.operations.map((op, i) => [op?.name, i] as const));
  checkBareOperations(
    operations.map((op) => ({ op, index: opIndex.get(op.name) ?? 0 })),
    raw.service.namespace.uri,
    bindings,
    soapHeaders,
    report,
  );
  checkNoNamespaceActions(
    operations.map((op) => ({ op, index: opIndex.get(op.name) ?? 0 })),
    raw.service.namespace.uri,
    bindings,
    report,
  );

  const polls: PollModel[] = [];
  raw.polls.forEach((poll, i) => {
    if (!poll) return;
    const path: SpecPath = ['polls', i];
    if (methodNames.has(poll.method))
      report(
        [...path, 'method'],
        `method "${poll.method}" clashes with the method of operation ${methodNames.get(poll.method)}`,
      );
    const op = operations.find((o) => o.name === poll.operation);
    if (!op) {
      if (unresolved.has(poll.operation) || aside.has('operations', poll.operation)) return;
      report(
        [...path, 'operation'],
        `unknown operation "${poll.operation}"${suggest(
          poll.operation,
          operations.map((o) => o.name),
        )}`,
      );
      return;
    }
    const result = op.result.kind === 'value' && !op.result.nullable ? op.result.struct : undefined;
    if (!result) {
      report(
        [...path, 'operation'],
        `${op.name} does not return a record or result type (never null), so it has no status field to poll`,
      );
      return;
    }
    const idParameter = op.inputParams.find((p) => p.name === poll.idParameter);
    if (!idParameter) {
      if (!lacking.has(op.name))
        report([...path, 'idParameter'], `"${poll.idParameter}" is not a parameter the caller passes to ${op.name}`);
    } else if (idParameter.type.kind !== 'primitive')
      report([...path, 'idParameter'], `"${poll.idParameter}" must have an XML Schema type to be polled by`);
    else if (op.inputParams.some((p) => p !== idParameter && !p.optional)) {
      report(
        [...path, 'operation'],
        `${op.name} has other required parameters; a poll passes only "${poll.idParameter}"`,
      );
    }
    const statusField = result.fields.find((f) => f.name === poll.statusField);
    if (!statusField) {
      if (!incompleteTypes.has(result.name))
        report([...path, 'statusField'], `"${poll.statusField}" is not a field of ${result.name}`);
    } else if (statusField.type.kind === 'enum') {
      const values = statusField.type.enum.values;
      poll.finalValues.forEach((v, j) => {
        if (!values.includes(v))
          report(
            [...path, 'finalValues', j],
            `"${v}" is not a value of enum ${statusField.type.kind === 'enum' ? statusField.type.enum.name : ''}`,
          );
      });
    }
    const failureCodes = poll.failureCodes ?? [];
    const status = result.status;
    if (failureCodes.length > 0 && !status) {
      if (!serviceErrorsUnknown && !incompleteTypes.has(result.name))
        report([...path, 'failureCodes'], `${result.name} has no error code field, so failureCodes cannot apply`);
    } else if (status?.codeKind === 'enum' && status.codeField.type.kind === 'enum') {
      const codes = status.codeField.type.enum;
      failureCodes.forEach((c, j) => {
        if (!codes.values.includes(c))
          report(
            [...path, 'failureCodes', j],
            `"${c}" is not a value of enum ${codes.name}${suggest(c, codes.values)}`,
          );
      });
    } else if (status?.codeKind === 'int') {
      failureCodes.forEach((c, j) => {
        if (!/^-?\d+$/.test(c))
          report([...path, 'failureCodes', j], `"${c}" is not an integer, but ${result.name} reports int error codes`);
      });
    }
    const pollDecision = decision(poll.decision, [...path, 'decision']);
    if (idParameter && statusField) {
      polls.push({
        kind: 'poll',
        method: poll.method,
        operation: op,
        idParameter,
        result,
        statusField,
        finalValues: poll.finalValues,
        failureCodes,
        decision: pollDecision,
        doc: poll.doc,
      });
    }
  });

  const model: ServiceModel = {
    kind: 'service',
    source,
    name: raw.service.name,
    title: raw.service.title,
    version: raw.service.version,
    path: raw.service.path,
    namespace: {
      uri: raw.service.namespace.uri,
      decision: decision(raw.service.namespace.decision, ['service', 'namespace', 'decision']),
    },
    clientName: raw.service.client,
    bindings,
    package: packageOf(raw.service),
    doc: raw.service.doc,
    serviceErrors,
    auth: raw.auth
      ? {
          scheme: raw.auth.scheme,
          timestampUnit: raw.auth.timestampUnit,
          example: raw.auth.example ?? DEFAULT_AUTH_EXAMPLE,
          failures: serviceErrorsUnknown
            ? undefined
            : resolveAuthFailures(raw.auth.failures, serviceErrors, decision, report),
          decision: decision(raw.auth.decision, ['auth', 'decision']),
        }
      : undefined,
    soapHeaders,
    faults: [...faults.values()],
    decisions: [...decisions.values()],
    parameters: [...parameters.values()],
    enums: [...enums.values()],
    records: [...structs.values()].map((s) => s.model).filter((s) => s.kind === 'record'),
    results: [...[...structs.values()].map((s) => s.model).filter((s) => s.kind === 'result'), ...outputStructs],
    operations,
    groups,
    polls,
    simulator: undefined,
  };
  return { model, issues };
}

/**
 * The groups the docs list operations under: the spec's `groups` in their order (each operation's `group` must name
 * one, and each must have an operation), or without them, the groups the operations name, by first appearance.
 */
function resolveGroups(
  raw: ResolvableSpec,
  aside: SetAside,
  report: (path: SpecPath, message: string) => void,
): OperationGroupModel[] {
  const operations = raw.operations.filter((op) => op !== undefined);
  if (raw.groups === undefined) {
    const titles = [...new Set(operations.flatMap((op) => (op.group === undefined ? [] : [op.group])))];
    return titles.map((title) => ({ kind: 'group', title, doc: undefined }));
  }
  // An operation set aside may be the one in a group: the one naming it, or one whose group is not even a title.
  const asideIn = (title: string): boolean =>
    aside.whole('operations') ||
    aside
      .entries('operations')
      .some((op) => op.group === title || (op.group !== undefined && typeof op.group !== 'string'));
  const groups: OperationGroupModel[] = [];
  raw.groups.forEach((g, i) => {
    if (!g) return;
    if (groups.some((x) => x.title === g.title)) report(['groups', i, 'title'], `duplicate group "${g.title}"`);
    else if (!operations.some((op) => op.group === g.title) && !asideIn(g.title))
      report(['groups', i, 'title'], `no operation is in group "${g.title}"`);
    else groups.push({ kind: 'group', title: g.title, doc: g.doc });
  });
  const titles = raw.groups.flatMap((g) => (g ? [g.title] : []));
  raw.operations.forEach((op, i) => {
    if (op?.group !== undefined && !titles.includes(op.group) && !aside.has('groups', op.group)) {
      report(
        ['operations', i, 'group'],
        `unknown group "${op.group}"; expected one of the titles under groups: ${list(titles)}${suggest(op.group, titles)}`,
      );
    }
  });
  return groups;
}

/** The npm package of the SDK: as the spec gives it, or defaults that let a spec without `package` generate. */
function packageOf(service: ResolvableSpec['service']): PackageModel {
  const p = service.package;
  const name = p?.name ?? `${kebabCase(service.name)}-client`;
  return {
    name,
    version: p?.version ?? '0.0.0',
    description: p?.description ?? `TypeScript client for ${titleAndVersion(service)}`,
    license: p?.license ?? 'UNLICENSED',
    ...(p?.repository !== undefined ? { repository: p.repository } : {}),
    ...(p?.author !== undefined ? { author: p.author } : {}),
    mockName: p?.mockName ?? defaultMockName(name),
  };
}

function resolveServiceErrors(
  raw: ResolvableSpec,
  enums: ReadonlyMap<string, EnumModel>,
  aside: SetAside,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): ServiceErrorsModel | undefined {
  const se = raw.serviceErrors;
  if (!se) return undefined;
  const e = enums.get(se.enum);
  if (!e) {
    if (!aside.has('enums', se.enum))
      report(['serviceErrors', 'enum'], `unknown enum "${se.enum}"; expected one defined under enums`);
    return undefined;
  }
  if (!e.values.includes(se.success.S))
    report(['serviceErrors', 'success', 'S'], `"${se.success.S}" is not a value of enum ${e.name}`);
  return {
    codeField: se.codeField,
    messageField: se.messageField,
    enum: e,
    success: se.success,
    decision: decision(se.decision, ['serviceErrors', 'decision']),
  };
}

function resultStatus(
  name: string,
  documented: 'S' | 'I' | 'none',
  fields: readonly FieldModel[],
  incomplete: boolean,
  se: ServiceErrorsModel | undefined,
  report: (path: SpecPath, message: string) => void,
): ResultStatus | undefined {
  const path: SpecPath = ['results', name, 'errorCode'];
  if (!se) {
    if (documented !== 'none') report(path, `errorCode ${documented} needs serviceErrors at the top level`);
    return undefined;
  }
  const code = fields.find((f) => f.name === se.codeField);
  const message = fields.find((f) => f.name === se.messageField);
  if (!code) {
    if (documented !== 'none' && !incomplete)
      report(path, `a result marked ${documented} must have a field "${se.codeField}"`);
    return undefined;
  }
  const isEnum = code.type.kind === 'enum' && code.type.enum === se.enum;
  const isInt = code.type.kind === 'primitive' && code.type.name === 'int';
  if (documented === 'S' && !isEnum) report(path, `a result marked S must type "${se.codeField}" as ${se.enum.name}`);
  if (documented === 'I' && !isInt) report(path, `a result marked I must type "${se.codeField}" as int`);
  if (documented === 'none' && !code.optional) {
    report(path, `"${se.codeField}" of a result marked none must be optional (the document does not list it)`);
  }
  if (!isEnum && !isInt) return undefined;
  return {
    codeField: code,
    codeKind: isEnum ? 'enum' : 'int',
    success: isEnum ? se.success.S : se.success.I,
    messageField: message,
  };
}

function resolveEat(
  eat: NonNullable<RawSpec['operations'][number]['eat']>,
  params: readonly ParameterModel[],
  incomplete: boolean,
  parameters: ReadonlyMap<string, ParameterModel>,
  path: SpecPath,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): EatModel | undefined {
  const word = EAT_WORDS[eat.marker];
  const own = params.find((p) => p.name === eat.marker);
  if (eat.absentParameter) {
    if (word || own) {
      report(
        [...path, 'absentParameter'],
        `absentParameter is for a marker naming a parameter the operation does not have; "${eat.marker}" ${word ? 'is a keyword' : 'is one of its parameters'}`,
      );
      return undefined;
    }
    if (!eat.decision)
      report([...path, 'absentParameter'], 'an absent-parameter marker is a quirk: give the decision that explains it');
    if (!parameters.has(eat.marker)) report([...path, 'marker'], `"${eat.marker}" is not a parameter of the service`);
    return { kind: 'absentParameter', marker: eat.marker, decision: decision(eat.decision, [...path, 'decision']) };
  }
  if (word) return { kind: word, marker: eat.marker };
  if (own) {
    if (own.role) report([...path, 'marker'], `the EAT marker cannot be the ${own.role} parameter "${own.name}"`);
    if (own.type.kind !== 'primitive' && own.type.kind !== 'enum') {
      report(
        [...path, 'marker'],
        `the EAT marker names "${own.name}", ${describeType(own.type)}; only a parameter of an XML Schema type or an enum can be signed`,
      );
    }
    return { kind: 'parameter', marker: eat.marker, parameter: own };
  }
  if (incomplete) return undefined;
  report(
    [...path, 'marker'],
    `EAT marker "${eat.marker}" names no parameter of this operation; expected one of ${list(params.filter((p) => !p.role).map((p) => p.name))}, "none", "null" or "not marked" (or absentParameter: true for a documented quirk)`,
  );
  return undefined;
}

/** The codes a failed credential check is answered with: values of the service's error enum. */
function resolveAuthFailures(
  raw: NonNullable<RawSpec['auth']>['failures'],
  se: ServiceErrorsModel | undefined,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): AuthModel['failures'] {
  if (raw === undefined) return undefined;
  const path: SpecPath = ['auth', 'failures'];
  if (!se) {
    report(path, 'failures are error codes of serviceErrors, which the spec does not have');
    return undefined;
  }
  const codes: Partial<Record<AuthFailureKind, AuthFailureCode>> = {};
  for (const kind of ['unknownPrincipal', 'badSignature', 'staleTimestamp', 'requestLimit'] as const) {
    const value = raw[kind];
    if (value === undefined) continue;
    if (!se.enum.values.includes(value)) {
      report([...path, kind], `"${value}" is not a value of enum ${se.enum.name}${suggest(value, se.enum.values)}`);
      continue;
    }
    codes[kind] = { value, number: se.enum.numeric?.codes.find(([, v]) => v === value)?.[0] };
  }
  if (raw.unknownNumber === undefined) {
    for (const [kind, code] of Object.entries(codes)) {
      if (code.number === undefined && se.enum.numeric !== undefined) {
        report(
          [...path, kind],
          `"${code.value}" has no integer code in ${se.enum.name}.numeric, which (I) results need: add one, or give unknownNumber`,
        );
      }
    }
  }
  return { codes, unknownNumber: raw.unknownNumber, decision: decision(raw.decision, [...path, 'decision']) };
}

/** An operation's result as written: `void`, a type, or a type with its options. */
function resolveResult(
  operation: string,
  raw: RawResult,
  path: SpecPath,
  typeOf: (t: RawTypeRef, path: SpecPath, use: { results?: boolean }) => TypeModel | undefined,
  namespaceOf: (uri: string | undefined) => XmlNamespace | undefined,
  report: (path: SpecPath, message: string) => void,
): VoidResult | ValueResult | undefined {
  if (raw === 'void') return { kind: 'void' };
  const full =
    typeof raw === 'object' && 'type' in raw
      ? raw
      : { type: raw, nullable: undefined, element: undefined, form: undefined, namespace: undefined };
  if (full.namespace !== undefined && full.form !== undefined)
    report([...path, 'namespace'], ownNamespaceProblem({ form: full.form, choice: false })!);
  const type = typeOf(full.type, typeof raw === 'object' && 'type' in raw ? [...path, 'type'] : path, {
    results: true,
  });
  if (!type) return undefined;
  return {
    kind: 'value',
    type,
    nullable: full.nullable ?? false,
    element: full.element ?? `${operation}Result`,
    ...(full.form !== undefined ? { form: full.form } : {}),
    ...(full.namespace !== undefined && full.form === undefined ? { namespace: namespaceOf(full.namespace) } : {}),
    struct: type.kind === 'record' ? type.record : undefined,
  };
}

/** The item element ASMX gives a list's items by default: the item type's name (ArrayOfX for a nested list). */
function defaultItemElement(item: TypeModel): string {
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

/** The element names of the alternatives of a choice as written (of a list's items too); none for another type. */
function choiceNames(t: RawTypeRef): string[] {
  if (typeof t === 'string') return [];
  if ('choice' in t) return t.choice.flatMap(rawAlternativeNames);
  return typeof t.list === 'object' && 'choice' in t.list && t.container === false
    ? t.list.choice.flatMap(rawAlternativeNames)
    : [];
}

/** The root ASMX gives an HTTP POST response: the type's name, the XML Schema type's name, or ArrayOfX. */
function conventionalRoot(type: TypeModel): HttpPostRootModel {
  if (type.kind === 'list') return { kind: 'convention', name: `ArrayOf${capitalise(type.itemElement)}` };
  // XML content is written as it is: its root is whatever the service returns. A DataSet is a class's content, under
  // the class's name.
  if (type.kind === 'primitive' && type.name === 'xml' && !type.dataSet) return { kind: 'any' };
  return { kind: 'convention', name: defaultItemElement(type) };
}

/** Whether ASMX's HTTP POST binding can carry a parameter of this type: XML Schema types, enums and lists of them. */
function formType(type: TypeModel): boolean {
  if (type.kind === 'list') return type.item.kind !== 'list' && formType(type.item);
  return type.kind === 'enum' || (type.kind === 'primitive' && type.name !== 'xml');
}

/**
 * The SOAP header records: each a record; those the client sends (`sent`) with a client option of its own. `all` has
 * every header by element name, in the spec's order, sent or only answered.
 */
function resolveHeaders(
  raw: ResolvableSpec,
  structs: ReadonlyMap<string, { model: StructModel }>,
  parameters: ReadonlyMap<string, ParameterModel>,
  aside: SetAside,
  report: (path: SpecPath, message: string) => void,
): { sent: SoapHeaderModel[]; all: Map<string, { record: StructModel; doc: string | undefined }> } {
  const taken = new Set([
    'baseUrl',
    'apiKey',
    'style',
    'namespace',
    'fetch',
    'now',
    'sign',
    'timeoutMs',
    'maxResponseBytes',
    'throwOnServiceError',
  ]);
  for (const p of parameters.values()) if (p.role === 'principal') taken.add(p.name);
  const headers: SoapHeaderModel[] = [];
  const all = new Map<string, { record: StructModel; doc: string | undefined }>();
  const elements = new Set<string>();
  raw.soapHeaders.forEach((h, i) => {
    if (!h) return;
    const path: SpecPath = ['soapHeaders', i];
    if (elements.has(h.element)) report([...path, 'element'], `duplicate SOAP header "${h.element}"`);
    elements.add(h.element);
    if (h.option !== undefined) {
      if (taken.has(h.option))
        report([...path, 'option'], `option "${h.option}" is already an option of the client; choose another name`);
      taken.add(h.option);
    } else if (h.required !== undefined) {
      report(
        [...path, 'required'],
        'a header without a client option is never sent, so required means nothing here (say it in responseHeaders)',
      );
    }
    const record = structs.get(h.type)?.model;
    if (!record && aside.has('records', h.type)) return;
    if (!record || record.kind !== 'record') {
      // A result type is no "unknown record" to be suggested as itself: say what it is.
      const records = [...structs.values()].filter((s) => s.model.kind === 'record').map((s) => s.model.name);
      report(
        [...path, 'type'],
        record
          ? `"${h.type}" is a result type; a SOAP header holds a record defined under records`
          : `unknown record "${h.type}"; a SOAP header holds a record defined under records${suggest(h.type, records)}`,
      );
      return;
    }
    if (!all.has(h.element)) all.set(h.element, { record, doc: h.doc });
    if (h.option !== undefined)
      headers.push({
        kind: 'soapHeader',
        element: h.element,
        record,
        option: h.option,
        required: h.required ?? true,
        doc: h.doc,
      });
  });
  return { sent: headers, all };
}
