/** Model -> changes: walks two resolved models side by side and lists every difference, classified by rules.ts. */
import type {
  ChoiceAlternative,
  ChoiceType,
  EatModel,
  EnumModel,
  FieldModel,
  HttpPostRootModel,
  OperationModel,
  ParameterModel,
  ResultModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../model/types.js';
import { compareFaultDeclarations, compareOperationFaults } from './faults.js';
import { RULES, classify, type ChangeKind, type Usage } from './rules.js';
import { CATEGORIES, type Change } from './types.js';
import { alternativeTypes } from '../model/alternatives.js';

export function compareModels(oldModel: ServiceModel, newModel: ServiceModel): Change[] {
  const changes: Change[] = [];
  const usage = usages(oldModel, newModel);
  const add = (kind: ChangeKind, path: string, detail: string, use?: Usage) => {
    const [client, server] = classify(kind, use);
    changes.push({ category: RULES[kind].category, kind, path, detail, client, server });
  };
  const doc = (path: string, a: string | undefined, b: string | undefined) => {
    if ((a ?? '') !== (b ?? '')) add('doc-changed', path, 'documentation changed');
  };

  compareService(oldModel, newModel, add, doc);
  compareOperations(oldModel, newModel, add, doc);
  compareFaultDeclarations(oldModel, newModel, add);
  compareStructs(oldModel, newModel, usage, add, doc);
  compareEnums(oldModel, newModel, usage, add, doc);

  const order = (c: Change) => CATEGORIES.indexOf(c.category);
  return changes
    .map((c, i) => ({ c, i }))
    .sort((a, b) => order(a.c) - order(b.c) || a.i - b.i)
    .map((x) => x.c);
}

type Add = (kind: ChangeKind, path: string, detail: string, use?: Usage) => void;
type Doc = (path: string, a: string | undefined, b: string | undefined) => void;

function compareService(a: ServiceModel, b: ServiceModel, add: Add, doc: Doc): void {
  if (a.path !== b.path) add('service-path-changed', 'service.path', `${a.path} -> ${b.path}`);
  if (a.namespace.uri !== b.namespace.uri)
    add('service-namespace-changed', 'service.namespace', `${a.namespace.uri} -> ${b.namespace.uri}`);
  for (const binding of b.bindings)
    if (!a.bindings.includes(binding)) add('binding-added', 'service.bindings', binding);
  for (const binding of a.bindings)
    if (!b.bindings.includes(binding)) add('binding-removed', 'service.bindings', binding);
  if (a.clientName !== b.clientName) add('client-renamed', 'service.client', `${a.clientName} -> ${b.clientName}`);
  doc('service.title', a.title, b.title);
  doc('service.doc', a.doc, b.doc);
  const decisions = new Map(a.decisions.map((d) => [d.id, d]));
  for (const d of b.decisions) {
    const before = decisions.get(d.id);
    if (!before) doc(`decisions.${d.id}`, '', `${d.title}\n${d.note}`);
    else doc(`decisions.${d.id}`, `${before.title}\n${before.note}`, `${d.title}\n${d.note}`);
  }
  const kept = new Set(b.decisions.map((d) => d.id));
  for (const d of a.decisions) if (!kept.has(d.id)) doc(`decisions.${d.id}`, d.note, '');
}

// ---------------------------------------------------------------------------------------------------------------
// Operations

function compareOperations(a: ServiceModel, b: ServiceModel, add: Add, doc: Doc): void {
  const pairs = matchByName(a.operations, b.operations, (x, y) => sameSignature(x, y));
  for (const pair of pairs) {
    if (pair.old && pair.new) {
      if (pair.how === 'case') add('operation-case-changed', pair.new.name, `${pair.old.name} -> ${pair.new.name}`);
      if (pair.how === 'renamed') add('operation-renamed', pair.new.name, `${pair.old.name} -> ${pair.new.name}`);
      compareOperation(a, b, pair.old, pair.new, add, doc);
    } else if (pair.new) {
      add(
        'operation-added',
        pair.new.name,
        `${pair.new.name}(${pair.new.params.map((p) => p.name).join(', ')}): ${resultKey(pair.new.result)}`,
      );
    } else if (pair.old) {
      add(
        'operation-removed',
        pair.old.name,
        `${pair.old.name}(${pair.old.params.map((p) => p.name).join(', ')}): ${resultKey(pair.old.result)}`,
      );
    }
  }
  const polls = new Set(a.polls.map((p) => p.method));
  for (const p of b.polls)
    if (!polls.has(p.method)) add('poll-added', `${b.clientName}.${p.method}`, `polls ${p.operation.name}`);
  const kept = new Set(b.polls.map((p) => p.method));
  for (const p of a.polls)
    if (!kept.has(p.method)) add('poll-removed', `${a.clientName}.${p.method}`, `polled ${p.operation.name}`);
}

function sameSignature(x: OperationModel, y: OperationModel): boolean {
  return resultKey(x.result) === resultKey(y.result) && paramsKey(x.params) === paramsKey(y.params);
}

function paramsKey(params: readonly ParameterModel[]): string {
  return params.map((p) => `${p.name}:${typeKey(p.type)}:${p.role ?? ''}:${p.optional}:${p.nillable}`).join(',');
}

function compareOperation(
  sa: ServiceModel,
  sb: ServiceModel,
  a: OperationModel,
  b: OperationModel,
  add: Add,
  doc: Doc,
): void {
  const at = b.name;
  doc(at, a.doc, b.doc);
  compareResult(at, a, b, add);
  const actionA = a.soapAction ?? `${sa.namespace.uri.replace(/\/?$/, '/')}${a.name}`;
  const actionB = b.soapAction ?? `${sb.namespace.uri.replace(/\/?$/, '/')}${b.name}`;
  // A renamed operation's conventional action changes with its name; that is the rename, not an action change.
  if (actionA !== actionB && (a.soapAction !== undefined || b.soapAction !== undefined)) {
    add('soap-action-changed', `${at}.soapAction`, `${actionA} -> ${actionB}`);
  }
  if (
    (a.namespace ?? sa.namespace.uri) !== (b.namespace ?? sb.namespace.uri) &&
    (a.namespace !== undefined || b.namespace !== undefined)
  ) {
    add(
      'operation-namespace-changed',
      `${at}.namespace`,
      `${a.namespace ?? sa.namespace.uri} -> ${b.namespace ?? sb.namespace.uri}`,
    );
  }
  if (a.bare !== b.bare)
    add(
      'parameter-style-changed',
      `${at}.parameterStyle`,
      `${a.bare ? 'bare' : 'wrapped'} -> ${b.bare ? 'bare' : 'wrapped'}`,
    );
  if (sa.bindings.includes('httpPost') && sb.bindings.includes('httpPost') && a.httpPost !== b.httpPost) {
    add(b.httpPost ? 'binding-added' : 'binding-removed', `${at}.httpPost`, 'httpPost');
  }
  if (sa.bindings.includes('httpGet') && sb.bindings.includes('httpGet') && a.httpGet !== b.httpGet) {
    add(b.httpGet ? 'binding-added' : 'binding-removed', `${at}.httpGet`, 'httpGet');
  }
  if ((a.httpPost || a.httpGet) && (b.httpPost || b.httpGet)) compareRoot(at, a.httpPostRoot, b.httpPostRoot, add);
  if (eatKey(a.eat) !== eatKey(b.eat)) add('eat-marker-changed', `${at}.eat`, `${eatKey(a.eat)} -> ${eatKey(b.eat)}`);
  if (a.submitsPayments !== b.submitsPayments)
    add('submits-payments-changed', `${at}.submitsPayments`, `${a.submitsPayments} -> ${b.submitsPayments}`);
  compareResponseHeaders(at, a, b, add);
  compareOperationFaults(at, a, b, add);
  compareParameters(at, a.params, b.params, add, doc);
}

/** The SOAP headers an operation's answers carry, by element name: added, removed, made required or optional. */
function compareResponseHeaders(at: string, a: OperationModel, b: OperationModel, add: Add): void {
  const before = a.responseHeaders ?? [];
  const after = b.responseHeaders ?? [];
  for (const h of after) {
    const old = before.find((x) => x.element === h.element);
    const path = `${at}.responseHeaders.${h.element}`;
    if (!old) add(h.required ? 'response-header-added-required' : 'response-header-added', path, h.record.name);
    else if (old.required !== h.required)
      add(
        h.required ? 'response-header-made-required' : 'response-header-made-optional',
        path,
        `${old.required} -> ${h.required}`,
      );
  }
  for (const h of before) {
    if (!after.some((x) => x.element === h.element))
      add('response-header-removed', `${at}.responseHeaders.${h.element}`, h.record.name);
  }
}

function compareResult(at: string, opA: OperationModel, opB: OperationModel, add: Add): void {
  const a = opA.result;
  const b = opB.result;
  if (resultTypeKey(a) !== resultTypeKey(b)) {
    add('operation-result-changed', `${at}.result`, `${resultTypeKey(a)} -> ${resultTypeKey(b)}`);
    return;
  }
  const va = a.kind === 'outputs' ? a.returned : a;
  const vb = b.kind === 'outputs' ? b.returned : b;
  if (va.kind !== 'value' || vb.kind !== 'value') return;
  // The conventional <OpResult> follows a renamed operation: that is the rename, reported on its own.
  const conventional = va.element === `${opA.name}Result` && vb.element === `${opB.name}Result`;
  if (va.element !== vb.element && !conventional)
    add('operation-result-element-changed', `${at}.result`, `<${va.element}> -> <${vb.element}>`);
  else if (va.form !== vb.form)
    add(
      'operation-result-element-changed',
      `${at}.result`,
      `<${vb.element}> form ${va.form ?? 'qualified'} -> ${vb.form ?? 'qualified'}`,
    );
  if (va.nullable !== vb.nullable)
    add(
      vb.nullable ? 'operation-result-made-nullable' : 'operation-result-made-non-nullable',
      `${at}.result`,
      vb.nullable ? 'now nullable' : 'no longer nullable',
    );
}

function resultTypeKey(r: ResultModel): string {
  if (r.kind === 'void') return 'void';
  if (r.kind === 'outputs') return `${r.struct.name} (outputs, returning ${resultTypeKey(r.returned)})`;
  return typeKey(r.type);
}

function resultKey(r: ResultModel): string {
  if (r.kind === 'value') return `${typeKey(r.type)}${r.nullable ? ' | null' : ''}`;
  return resultTypeKey(r);
}

/** The root a server sends, and whether a client checks it. */
function root(r: HttpPostRootModel): { name: string; checked: boolean } {
  switch (r.kind) {
    case 'shown':
    case 'convention':
      return { name: r.name, checked: true };
    case 'notShown':
      return { name: r.assumed, checked: false };
    case 'empty':
      return { name: '(empty body)', checked: true };
    case 'any':
      return { name: '(any)', checked: false };
    case 'unbound':
      return { name: '(unbound)', checked: false };
  }
}

function compareRoot(at: string, a: HttpPostRootModel, b: HttpPostRootModel, add: Add): void {
  const ra = root(a);
  const rb = root(b);
  const detail = `${describeRoot(a)} -> ${describeRoot(b)}`;
  if (ra.name === rb.name) {
    if (ra.checked !== rb.checked) add('http-post-root-marking-changed', `${at}.httpPostRoot`, detail);
    return;
  }
  if (ra.checked && rb.checked) add('http-post-root-changed', `${at}.httpPostRoot`, detail);
  else if (rb.checked) add('http-post-root-now-checked', `${at}.httpPostRoot`, detail);
  else if (ra.checked) add('http-post-root-now-unchecked', `${at}.httpPostRoot`, detail);
  else add('http-post-root-marking-changed', `${at}.httpPostRoot`, detail);
}

function describeRoot(r: HttpPostRootModel): string {
  switch (r.kind) {
    case 'shown':
      return r.name;
    case 'convention':
      return `${r.name} (convention)`;
    case 'notShown':
      return `not shown (assumed ${r.assumed})`;
    default:
      return r.kind;
  }
}

function eatKey(e: EatModel): string {
  switch (e.kind) {
    case 'parameter':
      return `parameter ${e.parameter.name}`;
    case 'unsigned':
      return 'unsigned';
    case 'absentParameter':
      return `absent parameter ${e.marker}`;
    default:
      return `${e.kind} (${JSON.stringify(e.marker)})`;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Parameters

function compareParameters(
  op: string,
  a: readonly ParameterModel[],
  b: readonly ParameterModel[],
  add: Add,
  doc: Doc,
): void {
  const sameShape = (x: ParameterModel, y: ParameterModel) =>
    typeKey(x.type) === typeKey(y.type) &&
    x.role === y.role &&
    x.optional === y.optional &&
    a.indexOf(x) === b.indexOf(y);
  const pairs = matchByName(a, b, sameShape);
  const kept: Array<{ old: ParameterModel; new: ParameterModel }> = [];
  for (const pair of pairs) {
    if (pair.old && pair.new) {
      const at = `${op}(${pair.new.name})`;
      if (pair.how === 'case') add('parameter-case-changed', at, `${pair.old.name} -> ${pair.new.name}`);
      if (pair.how === 'renamed') add('parameter-renamed', at, `${pair.old.name} -> ${pair.new.name}`);
      kept.push({ old: pair.old, new: pair.new });
      compareParameter(at, pair.old, pair.new, add, doc);
    } else if (pair.new) {
      const p = pair.new;
      add(
        p.optional ? 'parameter-added-optional' : 'parameter-added',
        `${op}(${p.name})`,
        `${p.name}: ${typeKey(p.type)}${p.optional ? ' (optional)' : ''}`,
      );
    } else if (pair.old) {
      const p = pair.old;
      add(
        p.optional ? 'parameter-removed-optional' : 'parameter-removed',
        `${op}(${p.name})`,
        `${p.name}: ${typeKey(p.type)}${p.optional ? ' (optional)' : ''}`,
      );
    }
  }
  // The order of the parameters both sides have, compared by their new names.
  const oldOrder = [...kept].sort((x, y) => a.indexOf(x.old) - a.indexOf(y.old)).map((k) => k.new.name);
  const newOrder = [...kept].sort((x, y) => b.indexOf(x.new) - b.indexOf(y.new)).map((k) => k.new.name);
  if (oldOrder.join() !== newOrder.join())
    add('parameter-reordered', `${op}()`, `${oldOrder.join(', ')} -> ${newOrder.join(', ')}`);
}

function compareParameter(at: string, a: ParameterModel, b: ParameterModel, add: Add, doc: Doc): void {
  if (sameChoiceShell(a.type, b.type)) compareAlternatives(at, a.type, b.type, add, { input: true, output: false });
  else if (typeKey(a.type) !== typeKey(b.type))
    add('parameter-retyped', at, `${typeKey(a.type)} -> ${typeKey(b.type)}`);
  // Its element moved into or out of the operation's namespace: a service that validates takes only one of them.
  else if (a.form !== b.form) add('parameter-retyped', at, `form ${a.form ?? 'qualified'} -> ${b.form ?? 'qualified'}`);
  if (a.role !== b.role) add('parameter-role-changed', at, `${a.role ?? 'none'} -> ${b.role ?? 'none'}`);
  if (a.optional !== b.optional)
    add(
      b.optional ? 'parameter-made-optional' : 'parameter-made-required',
      at,
      b.optional ? 'now optional' : 'now required',
    );
  if (a.nillable !== b.nillable)
    add(
      b.nillable ? 'parameter-made-nillable' : 'parameter-made-non-nillable',
      at,
      b.nillable ? 'now nillable' : 'no longer nillable',
    );
  if (a.default !== b.default) add('parameter-default-changed', at, `${String(a.default)} -> ${String(b.default)}`);
  doc(at, [a.doc, a.quirk].join('\n'), [b.doc, b.quirk].join('\n'));
  example(at, a.example, b.example, add);
}

/** An example that changed, appeared or went: documentation only. */
function example(at: string, a: string | undefined, b: string | undefined, add: Add): void {
  if (a !== b)
    add(
      'example-changed',
      at,
      `example ${a === undefined ? '(none)' : JSON.stringify(a)} -> ${b === undefined ? '(none)' : JSON.stringify(b)}`,
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Records and results

function compareStructs(a: ServiceModel, b: ServiceModel, usage: Map<string, Usage>, add: Add, doc: Doc): void {
  const before = new Map([...a.records, ...a.results].map((s) => [s.name, s]));
  const after = new Map([...b.records, ...b.results].map((s) => [s.name, s]));
  for (const s of after.values()) {
    const old = before.get(s.name);
    if (!old) {
      add('type-added', s.name, `${s.kind} ${s.name}`);
      continue;
    }
    if (old.kind !== s.kind) add('type-kind-changed', s.name, `${old.kind} -> ${s.kind}`);
    const nsOld = old.namespace?.uri ?? a.namespace.uri;
    const nsNew = s.namespace?.uri ?? b.namespace.uri;
    if (nsOld !== nsNew && (old.namespace !== undefined || s.namespace !== undefined))
      add('type-namespace-changed', `${s.name}.namespace`, `${nsOld} -> ${nsNew}`);
    doc(s.name, old.doc, s.doc);
    compareFields(s.name, old.fields, s.fields, usage.get(s.name), add, doc);
  }
  for (const s of before.values()) if (!after.has(s.name)) add('type-removed', s.name, `${s.kind} ${s.name}`);
}

function compareFields(
  at: string,
  a: readonly FieldModel[],
  b: readonly FieldModel[],
  use: Usage | undefined,
  add: Add,
  doc: Doc,
): void {
  const pairs = matchByName(a, b, () => false);
  const renamed = renameGuesses(a, b, pairs);
  for (const pair of pairs) {
    if (pair.old && pair.new) {
      const path = `${at}.${pair.new.name}`;
      const x = pair.old;
      const y = pair.new;
      if (pair.how === 'case') add('field-case-changed', path, `${x.name} -> ${y.name}`, use);
      if (sameChoiceShell(x.type, y.type)) compareAlternatives(path, x.type, y.type, add, use);
      else if (
        typeKey(x.type) !== typeKey(y.type) ||
        x.attribute !== y.attribute ||
        Boolean(x.text) !== Boolean(y.text) ||
        x.form !== y.form ||
        (pair.how !== 'case' && x.xmlName !== y.xmlName)
      ) {
        add('field-retyped', path, `${fieldKey(x)} -> ${fieldKey(y)}`, use);
      }
      if (x.optional !== y.optional)
        add(
          y.optional ? 'field-made-optional' : 'field-made-required',
          path,
          y.optional ? 'now optional' : 'now required',
          use,
        );
      if (x.nillable !== y.nillable)
        add(
          y.nillable ? 'field-made-nillable' : 'field-made-non-nillable',
          path,
          y.nillable ? 'now nillable' : 'no longer nillable',
          use,
        );
      doc(path, x.doc, y.doc);
      example(path, x.example, y.example, add);
    } else if (pair.new) {
      const f = pair.new;
      add(
        f.optional ? 'field-added-optional' : 'field-added',
        `${at}.${f.name}`,
        `${fieldKey(f)}${renamed.get(f) ?? ''}`,
        use,
      );
    } else if (pair.old) {
      const f = pair.old;
      add(
        f.optional ? 'field-removed-optional' : 'field-removed',
        `${at}.${f.name}`,
        `${fieldKey(f)}${renamed.get(f) ?? ''}`,
        use,
      );
    }
  }
}

/**
 * A removed and an added field at the same position with the same type and flags may be one field renamed: a guess
 * (a rename and a removal plus an addition look alike on the wire), so both stay listed, each noting the other.
 */
function renameGuesses(
  a: readonly FieldModel[],
  b: readonly FieldModel[],
  pairs: ReadonlyArray<Pair<FieldModel>>,
): Map<FieldModel, string> {
  const notes = new Map<FieldModel, string>();
  const added = new Set(pairs.flatMap((p) => (p.new && !p.old ? [p.new] : [])));
  for (const p of pairs) {
    const x = p.old;
    if (!x || p.new) continue;
    const y = b[a.indexOf(x)];
    if (!y || !added.has(y) || shapeKey(x) !== shapeKey(y)) continue;
    const note = ` (renamed? ${x.name} -> ${y.name}: same type and position)`;
    notes.set(x, note).set(y, note);
  }
  return notes;
}

/** A field without its name: what a rename keeps. */
function shapeKey(f: FieldModel): string {
  return fieldKey({ ...f, name: '', xmlName: '' });
}

function fieldKey(f: FieldModel): string {
  const flags = [
    f.optional && 'optional',
    f.nillable && 'nillable',
    f.attribute && 'attribute',
    f.text && 'text',
    f.form,
  ].filter(Boolean);
  // A wire name of its own (xmlName) is shown as the element it is written as.
  const wire = f.xmlName !== f.name ? ` <${f.xmlName}>` : '';
  return `${f.name}${wire}: ${typeKey(f.type)}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Choices

/** The choice a type is, or holds as its list's items; undefined for any other type. */
function choiceIn(t: TypeModel): ChoiceType | undefined {
  if (t.kind === 'choice') return t;
  return t.kind === 'list' && t.item.kind === 'choice' ? t.item : undefined;
}

/** Whether both types are choices alike but for their alternatives (both single, or both lists of the same shape). */
function sameChoiceShell(a: TypeModel, b: TypeModel): boolean {
  if (!choiceIn(a) || !choiceIn(b)) return false;
  if (a.kind === 'choice' || b.kind === 'choice') return a.kind === b.kind;
  return (
    a.kind === 'list' &&
    b.kind === 'list' &&
    a.container === b.container &&
    (a.namespace?.uri ?? '') === (b.namespace?.uri ?? '')
  );
}

/** Where an alternative's element is: its record's namespace, none, or its own. */
function elementPlace(a: ChoiceAlternative): string {
  return a.form === 'unqualified' ? 'unqualified' : a.namespace ? `in ${a.namespace.uri}` : 'qualified';
}

/**
 * The alternatives of two choices, matched by element name: the order of a choice's alternatives means nothing on the
 * wire, so only what was added, removed or retyped is reported, each at `<path>.<alternative>`.
 */
function compareAlternatives(at: string, a: TypeModel, b: TypeModel, add: Add, use: Usage | undefined): void {
  const before = new Map(choiceIn(a)!.alternatives.map((x) => [x.name, x]));
  const after = choiceIn(b)!.alternatives;
  for (const y of after) {
    const x = before.get(y.name);
    if (!x) add('choice-alternative-added', `${at}.${y.name}`, `<${y.name}> ${alternativeKey(y)}`, use);
    else if (alternativeKey(x) !== alternativeKey(y))
      add('choice-alternative-retyped', `${at}.${y.name}`, `${alternativeKey(x)} -> ${alternativeKey(y)}`, use);
    // Its element moved to another namespace (form, namespace): a reader of either side takes it for another element.
    else if (elementPlace(x) !== elementPlace(y))
      add('choice-alternative-retyped', `${at}.${y.name}`, `<${y.name}> ${elementPlace(x)} -> ${elementPlace(y)}`, use);
  }
  const kept = new Set(after.map((y) => y.name));
  for (const x of before.values())
    if (!kept.has(x.name))
      add('choice-alternative-removed', `${at}.${x.name}`, `<${x.name}> ${alternativeKey(x)}`, use);
}

/**
 * What an alternative holds, for comparing: its element's type, or its sequence's elements in order, each with its
 * type and whether it may be absent (a sequence alternative changed in any of them is retyped).
 */
function alternativeKey(a: ChoiceAlternative): string {
  if (!a.sequence) return typeKey(a.type);
  return `sequence (${a.sequence.map((m) => `<${m.name}>${m.optional ? '?' : ''} ${typeKey(m.type)}`).join(', ')})`;
}

// ---------------------------------------------------------------------------------------------------------------
// Enums

function compareEnums(a: ServiceModel, b: ServiceModel, usage: Map<string, Usage>, add: Add, doc: Doc): void {
  const before = new Map(a.enums.map((e) => [e.name, e]));
  for (const e of b.enums) {
    const old = before.get(e.name);
    if (!old) {
      add('type-added', e.name, `enum ${e.name}: ${e.values.join(' | ')}`);
      continue;
    }
    const use = usage.get(e.name);
    doc(e.name, old.doc, e.doc);
    compareEnumBase(old, e, use, add);
    const codesA = codes(old);
    const codesB = codes(e);
    for (const v of e.values) {
      // A new value's integer code, when the new spec knows one, is part of what was added.
      if (!old.values.includes(v))
        add('enum-value-added', `${e.name}.${v}`, codesB.has(v) ? `${v} (integer code ${codesB.get(v)})` : v, use);
    }
    for (const v of old.values) if (!e.values.includes(v)) add('enum-value-removed', `${e.name}.${v}`, v, use);
    for (const [value, code] of codesB) {
      const was = codesA.get(value);
      if (was !== code && (was !== undefined || old.values.includes(value))) {
        add('enum-code-changed', `${e.name}.${value}`, `${was ?? 'none'} -> ${code}`, use);
      }
    }
    for (const [value, code] of codesA) {
      if (!codesB.has(value) && e.values.includes(value))
        add('enum-code-changed', `${e.name}.${value}`, `${code} -> none`, use);
    }
  }
  const kept = new Set(b.enums.map((e) => e.name));
  for (const e of a.enums) if (!kept.has(e.name)) add('type-removed', e.name, `enum ${e.name}`);
}

/** An enum's base changed (the spec's `base`: xs:string, or xs:token, compared with whitespace collapsed). */
function compareEnumBase(old: EnumModel, e: EnumModel, use: Usage | undefined, add: Add): void {
  const [was, now] = [old.base ?? 'string', e.base ?? 'string'];
  if (was !== now) add(now === 'token' ? 'enum-made-token' : 'enum-made-string', e.name, `${was} -> ${now}`, use);
}

function codes(e: EnumModel): Map<string, number> {
  return new Map((e.numeric?.codes ?? []).map(([n, v]) => [v, n]));
}

// ---------------------------------------------------------------------------------------------------------------
// Shared

/** A type written out with everything that matters on the wire; records and enums by name (compared on their own). */
export function typeKey(t: TypeModel): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'enum':
      return t.enum.name;
    case 'record':
      return t.record.name;
    case 'list': {
      const shape = [
        t.container ? `<${t.itemElement}>` : 'no container',
        t.nillableItems ? 'nillable items' : '',
        t.namespace ? `items in ${t.namespace.uri}` : '',
      ].filter(Boolean);
      return `list of ${typeKey(t.item)} (${shape.join(', ')})`;
    }
    case 'choice':
      return `choice of ${t.alternatives.map((a) => `<${a.name}> ${alternativeKey(a)}`).join(' | ')}`;
  }
}

interface Pair<T> {
  readonly old: T | undefined;
  readonly new: T | undefined;
  readonly how: 'same' | 'case' | 'renamed' | undefined;
}

/**
 * Pairs elements by exact name, then by name ignoring case, then by `similar` (one candidate each way, else none);
 * the rest are added or removed. Listed in the new order, removed ones after the element that preceded them.
 */
function matchByName<T extends { readonly name: string }>(
  a: readonly T[],
  b: readonly T[],
  similar: (x: T, y: T) => boolean,
): Array<Pair<T>> {
  const partner = new Map<T, { other: T; how: 'same' | 'case' | 'renamed' }>();
  const byName = new Map(a.map((x) => [x.name, x]));
  for (const y of b) {
    const x = byName.get(y.name);
    if (x) partner.set(y, { other: x, how: 'same' }).set(x, { other: y, how: 'same' });
  }
  const freeOld = () => a.filter((x) => !partner.has(x));
  for (const y of b.filter((v) => !partner.has(v))) {
    const matches = freeOld().filter((x) => x.name.toLowerCase() === y.name.toLowerCase());
    const x = matches[0];
    if (matches.length === 1 && x) partner.set(y, { other: x, how: 'case' }).set(x, { other: y, how: 'case' });
  }
  const restNew = b.filter((v) => !partner.has(v));
  for (const y of restNew) {
    const candidates = freeOld().filter((x) => similar(x, y));
    const x = candidates[0];
    if (candidates.length !== 1 || !x) continue;
    if (restNew.filter((v) => !partner.has(v) && similar(x, v)).length !== 1) continue;
    partner.set(y, { other: x, how: 'renamed' }).set(x, { other: y, how: 'renamed' });
  }
  const pairs: Array<Pair<T>> = b.map((y) => {
    const p = partner.get(y);
    return { old: p?.other, new: y, how: p?.how };
  });
  // Removed elements go after the pair of the old element just before them (or first).
  for (const [i, x] of a.entries()) {
    if (partner.has(x)) continue;
    const prev = a
      .slice(0, i)
      .reverse()
      .find((v) => partner.has(v) || pairs.some((p) => p.old === v));
    const at = prev === undefined ? 0 : pairs.findIndex((p) => p.old === prev) + 1;
    pairs.splice(at, 0, { old: x, new: undefined, how: undefined });
  }
  return pairs;
}

/** Where each record, result and enum travels, in either model (a type changed in one direction counts in both). */
function usages(a: ServiceModel, b: ServiceModel): Map<string, Usage> {
  const found = new Map<string, { input: boolean; output: boolean }>();
  const mark = (name: string, dir: 'input' | 'output') => {
    const u = found.get(name) ?? { input: false, output: false };
    const had = u[dir];
    u[dir] = true;
    found.set(name, u);
    return had;
  };
  const visitType = (t: TypeModel, dir: 'input' | 'output'): void => {
    if (t.kind === 'list') visitType(t.item, dir);
    else if (t.kind === 'choice') t.alternatives.flatMap(alternativeTypes).forEach((x) => visitType(x, dir));
    else if (t.kind === 'enum') mark(t.enum.name, dir);
    else if (t.kind === 'record') visitStruct(t.record, dir);
  };
  const visitStruct = (s: StructModel, dir: 'input' | 'output'): void => {
    if (mark(s.name, dir)) return;
    for (const f of s.fields) visitType(f.type, dir);
  };
  for (const m of [a, b]) {
    for (const op of m.operations) {
      for (const p of op.params) visitType(p.type, 'input');
      for (const h of op.headers) visitStruct(h.record, 'input');
      for (const h of op.responseHeaders ?? []) visitStruct(h.record, 'output');
      const r = op.result;
      if (r.kind === 'outputs') visitStruct(r.struct, 'output');
      else if (r.kind === 'value') visitType(r.type, 'output');
    }
    for (const h of m.soapHeaders) visitStruct(h.record, 'input');
    for (const f of m.faults) visitStruct(f.record, 'output');
    if (m.serviceErrors) mark(m.serviceErrors.enum.name, 'output');
  }
  return found;
}
