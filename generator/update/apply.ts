/**
 * The changes a WSDL made (classified by generator/diff) as edits of the spec's text: operations, parameters,
 * fields, types and enum values added, removed, renamed or retyped, each taken from the new WSDL's draft. What a WSDL
 * cannot say is never touched (docs, auth, EAT markers, error codes, polls, examples, decisions), nor what a person
 * may have chosen on purpose where the WSDL says otherwise (`optional`, `nillable`, docs of existing entries).
 */
import { isMap, isScalar, isSeq, type Node, type Document, type YAMLMap, type YAMLSeq } from 'yaml';
import { IMPORT_TODO } from '../load/load.js';
import type { Change } from '../diff/index.js';
import {
  insertItems,
  insertPair,
  removeItem,
  removePair,
  replaceNode as replaceIn,
  styleOf,
  type Style,
  type TextEdit,
} from './text-edits.js';

/** The draft of the new WSDL as plain data (import-wsdl's YAML, parsed). */
export interface DraftData {
  readonly operations: ReadonlyArray<
    Record<string, unknown> & { name: string; params?: Array<Record<string, unknown> & { name: string }> }
  >;
  readonly records?: Readonly<Record<string, { fields?: Array<Record<string, unknown> & { name: string }> }>>;
  readonly enums?: Readonly<Record<string, { values: string[] }>>;
  readonly service: Readonly<Record<string, unknown>>;
}

/** Kinds applied by editing the spec (the others are kept as the spec has them, or left to a person). */
export const APPLIED_KINDS: ReadonlySet<string> = new Set([
  'service-path-changed',
  'service-namespace-changed',
  'operation-added',
  'operation-removed',
  'operation-renamed',
  'operation-case-changed',
  'operation-result-changed',
  'parameter-added',
  'parameter-added-optional',
  'parameter-removed',
  'parameter-removed-optional',
  'parameter-renamed',
  'parameter-case-changed',
  'parameter-retyped',
  'type-added',
  'type-removed',
  'field-added',
  'field-added-optional',
  'field-removed',
  'field-removed-optional',
  'field-retyped',
  'field-case-changed',
  'choice-alternative-added',
  'choice-alternative-removed',
  'choice-alternative-retyped',
  'enum-value-added',
  'enum-value-removed',
]);

/**
 * Kinds that are decisions the spec holds on purpose where the WSDL may say otherwise (an `optional` or `nillable`
 * chosen by hand, a doc or example written by hand, integer codes no WSDL carries): the spec's stays.
 */
export const KEPT_KINDS: ReadonlySet<string> = new Set([
  'parameter-made-optional',
  'parameter-made-required',
  'parameter-made-nillable',
  'parameter-made-non-nillable',
  'parameter-default-changed',
  'field-made-optional',
  'field-made-required',
  'field-made-nillable',
  'field-made-non-nillable',
  'doc-changed',
  'example-changed',
  'enum-code-changed',
]);

const SECTIONS = ['records', 'results', 'enums'] as const;

/** The edits that apply `changes` (those of {@link APPLIED_KINDS}) to the spec `text` parsed as `doc`. */
export function editsFor(text: string, doc: Document, changes: readonly Change[], draft: DraftData): TextEdit[] {
  const editor = new SpecEditor(text, doc, changes, draft);
  for (const change of changes) if (APPLIED_KINDS.has(change.kind)) editor.apply(change);
  return editor.finish();
}

type DraftParam = Record<string, unknown> & { name: string };

/** The edits of one update under way: the spec's text and nodes, the drafts, and the edits made so far. */
class SpecEditor {
  readonly #edits: TextEdit[] = [];
  // Insertions after the same entry are made in one edit, in the WSDL's order.
  readonly #inserts = new Map<YAMLSeq, Map<number, unknown[]>>();
  readonly #style: Style;
  readonly #root: YAMLMap;
  readonly #operations: YAMLSeq;
  /** An operation renamed by the WSDL keeps its entry; changes inside it are named by its new name. */
  readonly #renamed: Map<string, string>;
  readonly #shared: YAMLMap | undefined;

  constructor(
    private readonly text: string,
    doc: Document,
    private readonly changes: readonly Change[],
    private readonly draft: DraftData,
  ) {
    this.#style = styleOf(text);
    this.#root = doc.contents as YAMLMap;
    this.#operations = this.#section('operations') as YAMLSeq;
    this.#renamed = new Map(
      changes
        .filter((c) => c.kind === 'operation-renamed' || c.kind === 'operation-case-changed')
        .map((c) => [c.path, c.detail.split(' -> ')[0]!]),
    );
    this.#shared = this.#section('parameters') as YAMLMap | undefined;
  }

  apply(change: Change): void {
    const [owner, member] = splitPath(change.path);
    switch (change.kind) {
      case 'service-path-changed':
      case 'service-namespace-changed':
        return this.#service(change);
      case 'operation-added':
        return this.#operationAdded(change.path);
      case 'operation-removed':
        return this.#remove(this.#operations, this.#opIndex(change.path));
      case 'operation-renamed':
      case 'operation-case-changed': {
        const node = this.#opNode(change.path)?.get('name', true);
        if (node) this.#edits.push(this.#replace(node as Node, change.path));
        return;
      }
      case 'operation-result-changed': {
        const node = this.#opNode(owner)?.get('result', true);
        if (node) this.#edits.push(this.#replace(node as Node, this.#draftOp(owner)?.result));
        return;
      }
      case 'parameter-added':
      case 'parameter-added-optional':
      case 'parameter-removed':
      case 'parameter-removed-optional':
      case 'parameter-renamed':
      case 'parameter-case-changed':
      case 'parameter-retyped':
        return this.#parameter(change, owner, member);
      case 'type-added':
        return this.#typeAdded(change.path);
      case 'type-removed': {
        const entry = this.#typeEntry(change.path);
        if (entry) this.#edits.push(removePair(this.text, entry.map, entry.index));
        return;
      }
      case 'field-added':
      case 'field-added-optional':
      case 'field-removed':
      case 'field-removed-optional':
      case 'field-retyped':
      case 'field-case-changed':
      case 'choice-alternative-added':
      case 'choice-alternative-removed':
      case 'choice-alternative-retyped':
        return this.#field(change, owner, member);
      case 'enum-value-added':
      case 'enum-value-removed':
        return this.#enumValue(change, owner, member);
    }
  }

  /** The edits made, the insertions last (each after its anchor). */
  finish(): TextEdit[] {
    for (const [seq, byAnchor] of this.#inserts) {
      for (const [after, values] of byAnchor) {
        const edit = insertItems(this.text, seq, after, values, this.#style);
        // Only an operation added to a spec that signs has an EAT marker (drafted above), which markEat marks.
        this.#edits.push(seq === this.#operations ? { ...edit, text: markEat(edit.text) } : edit);
      }
    }
    return this.#edits;
  }

  #service(change: Change): void {
    const service = this.#section('service') as YAMLMap;
    const node =
      change.kind === 'service-path-changed' ? service.get('path', true) : namespaceUri(service.get('namespace', true));
    const value =
      change.kind === 'service-path-changed'
        ? this.draft.service.path
        : (this.draft.service.namespace as { uri: string }).uri;
    if (node) this.#edits.push(this.#replace(node as Node, value));
  }

  #operationAdded(name: string): void {
    const op = this.#draftOp(name);
    if (!op) return;
    const entry: Record<string, unknown> = {
      ...op,
      ...(op.params ? { params: op.params.map((p) => this.#paramEntry(p)) } : {}),
    };
    const after = anchor(
      this.draft.operations.map((o) => o.name),
      op.name,
      (n) => this.#opIndex(n),
    );
    const signed = this.#root.has('auth');
    this.#insertAfter(this.#operations, after, signed ? { ...entry, eat: { marker: 'none' } } : entry);
  }

  #parameter(change: Change, owner: string, member: string): void {
    const params = this.#opNode(owner)?.get('params', true);
    if (!isSeq(params)) return;
    const names = params.items.map((p) => (isScalar(p) ? String(p.value) : isMap(p) ? String(p.get('name')) : ''));
    const wanted = this.#draftOp(owner)?.params ?? [];
    const param = wanted.find((p) => p.name === member);
    if (change.kind === 'parameter-removed' || change.kind === 'parameter-removed-optional') {
      this.#remove(params, names.indexOf(member));
    } else if (change.kind === 'parameter-added' || change.kind === 'parameter-added-optional') {
      if (param)
        this.#insertAfter(
          params,
          anchor(
            wanted.map((p) => p.name),
            member,
            (n) => names.indexOf(n),
          ),
          this.#paramEntry(param),
        );
    } else if (change.kind === 'parameter-retyped') {
      if (param && names.includes(member))
        this.#edits.push(
          ...retypeParam(
            params,
            names.indexOf(member),
            param,
            this.#shared,
            this.changes,
            owner,
            sharedUses(this.#operations, member),
            this.#style,
          ),
        );
    } else {
      const old = change.detail.split(' -> ')[0]!;
      const at = names.indexOf(old);
      const item = params.items[at];
      if (isMap(item)) this.#edits.push(this.#replace(item.get('name', true) as Node, member));
      else if (param && item) this.#edits.push(this.#replace(item as Node, this.#paramEntry(param)));
    }
  }

  #typeAdded(name: string): void {
    const enumDef = this.draft.enums?.[name];
    const key = enumDef ? 'enums' : 'records';
    const value = enumDef ?? this.draft.records?.[name];
    const map = this.#section(key);
    if (!isMap(map) || value === undefined) return;
    const order = Object.keys((enumDef ? this.draft.enums : this.draft.records) ?? {});
    const after = anchor(order, name, (n) => map.items.findIndex((p) => isScalar(p.key) && p.key.value === n));
    this.#edits.push(insertPair(this.text, map, after, name, value, this.#style));
  }

  #field(change: Change, owner: string, member: string): void {
    const fields = this.#fieldsOf(owner);
    if (!isSeq(fields)) return;
    const wanted = this.draft.records?.[owner]?.fields ?? [];
    const field = wanted.find((f) => f.name === member);
    if (change.kind === 'field-removed' || change.kind === 'field-removed-optional') {
      this.#remove(fields, fieldIndex(fields, member));
    } else if (change.kind === 'field-added' || change.kind === 'field-added-optional') {
      if (field)
        this.#insertAfter(
          fields,
          anchor(
            wanted.map((f) => f.name),
            member,
            (n) => fieldIndex(fields, n),
          ),
          field,
        );
    } else if (change.kind === 'field-case-changed') {
      const old = change.detail.split(' -> ')[0]!;
      const node = (fields.items[fieldIndex(fields, old)] as YAMLMap | undefined)?.get('name', true);
      if (node) this.#edits.push(this.#replace(node as Node, member));
    } else {
      const node = (fields.items[fieldIndex(fields, member)] as YAMLMap | undefined)?.get('type', true);
      // Several alternatives of one choice changed: the same replacement, made once (applyEdits).
      if (node && field) this.#edits.push(this.#replace(node as Node, field.type));
    }
  }

  #enumValue(change: Change, owner: string, member: string): void {
    const entry = this.#typeEntry(owner);
    const value = entry?.map.items[entry.index]?.value;
    const values = isMap(value) ? value.get('values', true) : undefined;
    if (!isSeq(values)) return;
    const names = values.items.map((v) => String(isScalar(v) ? v.value : ''));
    if (change.kind === 'enum-value-removed') this.#remove(values, names.indexOf(member));
    else {
      const order = this.draft.enums?.[owner]?.values ?? [];
      this.#insertAfter(
        values,
        anchor(order, member, (n) => names.indexOf(n)),
        member,
      );
    }
  }

  #replace(node: Node, value: unknown): TextEdit {
    return replaceIn(node, value, this.#style);
  }

  #section(key: string): YAMLMap | YAMLSeq | undefined {
    return this.#root.get(key, true) as YAMLMap | YAMLSeq | undefined;
  }

  #opIndex(name: string): number {
    return this.#operations.items.findIndex(
      (item) => isMap(item) && item.get('name') === (this.#renamed.get(name) ?? name),
    );
  }

  #opNode(name: string): YAMLMap | undefined {
    return this.#operations.items[this.#opIndex(name)] as YAMLMap | undefined;
  }

  #draftOp(name: string): DraftData['operations'][number] | undefined {
    return this.draft.operations.find((o) => o.name === name);
  }

  /** Where a type is defined in the spec: its section and index there. */
  #typeEntry(name: string): { map: YAMLMap; index: number } | undefined {
    for (const key of SECTIONS) {
      const map = this.#section(key);
      if (!isMap(map)) continue;
      const index = map.items.findIndex((p) => isScalar(p.key) && p.key.value === name);
      if (index >= 0) return { map, index };
    }
    return undefined;
  }

  #fieldsOf(type: string): YAMLSeq | undefined {
    const entry = this.#typeEntry(type);
    const value = entry?.map.items[entry.index]?.value;
    return isMap(value) ? (value.get('fields', true) as YAMLSeq | undefined) : undefined;
  }

  /** A parameter as the spec will list it: the shared definition of its name when of the same type, else its own. */
  #paramEntry(p: DraftParam): unknown {
    const def = this.#shared?.get(p.name, true);
    if (isMap(def) && sameData(def.toJSON().type, p.type)) return p.name;
    return p;
  }

  // An entry the spec does not have where the drafts have it is not touched: the check after the update lists it.
  #remove(seq: YAMLSeq, index: number): void {
    if (index >= 0) this.#edits.push(removeItem(this.text, seq, index));
  }

  #insertAfter(seq: YAMLSeq, after: number, value: unknown): void {
    const bySeq = this.#inserts.get(seq) ?? new Map<number, unknown[]>();
    this.#inserts.set(seq, bySeq);
    bySeq.set(after, [...(bySeq.get(after) ?? []), value]);
  }
}

function fieldIndex(fields: YAMLSeq, name: string): number {
  return fields.items.findIndex((f) => isMap(f) && f.get('name') === name);
}

/** The index in `seq` of the entry the new one follows: the nearest one before it in `order` that `seq` holds. */
function anchor(order: readonly string[], name: string, indexIn: (n: string) => number): number {
  for (let i = order.indexOf(name) - 1; i >= 0; i--) {
    const at = indexIn(order[i]!);
    if (at >= 0) return at;
  }
  return -1;
}

/**
 * A parameter's new type: on its own entry, or on the shared definition when every operation using it changed the
 * same way; otherwise this operation gets a definition of its own (a copy of the shared one with the new type).
 */
function retypeParam(
  params: YAMLSeq,
  index: number,
  param: Record<string, unknown> & { name: string },
  shared: YAMLMap | undefined,
  changes: readonly Change[],
  op: string,
  uses: number,
  style: Style,
): TextEdit[] {
  const replaceNode = (node: Node, value: unknown) => replaceIn(node, value, style);
  const item = params.items[index];
  if (isMap(item)) return [replaceNode(item.get('type', true) as Node, param.type)];
  const def = shared?.get(param.name, true);
  if (!isScalar(item) || !isMap(def)) return [];
  const users = changes.filter((c) => c.kind === 'parameter-retyped' && splitPath(c.path)[1] === param.name);
  const detail = users.find((c) => c.path === `${op}(${param.name})`)?.detail;
  const everywhere = users.every((c) => c.detail === detail) && users.length === uses;
  if (everywhere) return [replaceNode(def.get('type', true) as Node, param.type)];
  return [replaceNode(item, { name: param.name, ...def.toJSON(), type: param.type })];
}

/** An operation added to a spec that signs requests needs its EAT marker, which no WSDL gives: drafted, and marked. */
function markEat(printed: string): string {
  return printed.replace(
    /^(\s*)eat: \{ marker: none \}$/gm,
    `$1# ${IMPORT_TODO}: the EAT marker (the WSDL cannot say which parameter is signed; none signs the empty string)\n$1eat: { marker: none }`,
  );
}

/** How many operations list the shared parameter `name` by its name. */
function sharedUses(operations: YAMLSeq, name: string): number {
  return operations.items.filter((op) => {
    const params = isMap(op) ? op.get('params', true) : undefined;
    return isSeq(params) && params.items.some((p) => isScalar(p) && p.value === name);
  }).length;
}

function namespaceUri(node: unknown): Node | undefined {
  if (isMap(node)) return node.get('uri', true) as Node | undefined;
  return isScalar(node) ? node : undefined;
}

/** `Op(param)` -> [Op, param]; `Type.member[.alternative]` -> [Type, member]; a name alone -> [name, '']. */
function splitPath(path: string): [string, string] {
  const call = /^([^(]+)\((.*)\)$/.exec(path);
  if (call) return [call[1]!, call[2]!];
  const [owner, member] = path.split('.');
  return [owner!, member ?? ''];
}

function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
