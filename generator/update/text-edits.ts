/**
 * Edits of a YAML text at the ranges its parsed nodes occupy: every byte outside an edited node stays as it was.
 * (`Document.toString()` would print the whole document again, refolding every `>-` paragraph, so a spec's diff
 * would show far more than what changed.) New content is printed in the spec format's usual style: block maps,
 * flow style for types and lists of names.
 */
import { Document, isMap, isScalar, isSeq, Scalar, type Node, type YAMLMap, type YAMLSeq } from 'yaml';

export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Maps under these keys are printed in flow style (`type: { list: Item }`). */
const FLOW_KEYS = new Set(['type', 'list', 'namespace', 'result', 'eat']);
const PRINT = {
  indent: 2,
  lineWidth: 120,
  minContentWidth: 40,
  flowCollectionPadding: true,
  singleQuote: true,
} as const;
/** A doc longer than this is printed as a folded block (`>-`), as specs written by hand have them. */
const FOLDED_DOC = 100;

/** How the spec being edited writes its flow sequences: `[a, b]` (by hand) or `[ a, b ]` (as import-wsdl drafts). */
export interface Style {
  readonly seqPadding: boolean;
  /** Fields written one a line in flow style, `- { name: id, type: int }` (as import-wsdl drafts them). */
  readonly flowFields: boolean;
}

/** The style of `text`, by what it does most: padded flow sequences or not, fields in flow style or not. */
export function styleOf(text: string): Style {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  return {
    seqPadding: count(/: \[ \S/g) > count(/: \[[^\s\]]/g),
    flowFields: count(/^\s*- \{ ?name: /gm) > count(/^\s*- name: /gm),
  };
}

/** Items of sequences under these keys are maps written on one line in flow style (fields: when the spec does). */
const FLOW_ITEMS = new Set(['params', 'outputs']);

/**
 * `text` with the edits applied. The same edit made twice (two operations retyping one shared parameter) is made
 * once; edits that overlap otherwise are a bug, never resolved by guessing (an insertion may sit at the end of a removal).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const unique = [...new Map(edits.map((e) => [`${e.start}:${e.end}:${e.text}`, e])).values()];
  const sorted = unique
    .map((e, i) => ({ e, i }))
    .sort((a, b) => b.e.start - a.e.start || b.e.end - a.e.end || b.i - a.i);
  let out = text;
  let last: TextEdit | undefined;
  for (const { e } of sorted) {
    if (last && e.end > last.start)
      throw new Error(`overlapping edits of the spec: ${e.start}-${e.end} and ${last.start}-${last.end}`);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    last = e;
  }
  return out;
}

function range(node: unknown): [number, number] {
  const r = (node as Node | null)?.range;
  if (!r) throw new Error('a node without a source range');
  return [r[0], r[1]];
}

/** The offset where the line holding `offset` starts. */
function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset just after the line holding the last character before `end` that is not white space. */
function lineEndAfter(text: string, end: number): number {
  let e = end;
  while (e > 0 && /\s/.test(text[e - 1]!)) e--;
  const nl = text.indexOf('\n', e);
  return nl < 0 ? text.length : nl + 1;
}

/** The start of the lines of an entry beginning at `offset`, the full-line comments just above it included. */
function entryStart(text: string, offset: number): number {
  let start = lineStart(text, offset);
  const indent = offset - start;
  for (;;) {
    if (start === 0) return start;
    const prev = lineStart(text, start - 1);
    const line = text.slice(prev, start - 1);
    if (!/^\s*#/.test(line) || line.search(/\S/) < indent - 2) return start;
    start = prev;
  }
}

function column(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}

/** Whether a sequence is written in flow style (`[a, b]`) in the text. */
function isFlow(text: string, seq: YAMLSeq | YAMLMap): boolean {
  return text[range(seq as Node)[0]] === '[' || text[range(seq as Node)[0]] === '{' || Boolean(seq.flow);
}

/** Removes item `index` of a sequence, with its separator (flow) or its lines and the comments above it (block). */
export function removeItem(text: string, seq: YAMLSeq, index: number): TextEdit {
  const item = seq.items[index] as Node;
  const [s, e] = range(item);
  if (isFlow(text, seq)) {
    const next = seq.items[index + 1] as Node | undefined;
    const prev = seq.items[index - 1] as Node | undefined;
    if (next) return { start: s, end: range(next)[0], text: '' };
    if (prev) return { start: range(prev)[1], end: e, text: '' };
    return { start: s, end: e, text: '' };
  }
  const dash = text.lastIndexOf('-', s);
  return { start: entryStart(text, dash), end: lineEndAfter(text, e), text: '' };
}

/** Inserts `values` (plain data) into a sequence after item `after` (-1: before the first item). */
export function insertItems(
  text: string,
  seq: YAMLSeq,
  after: number,
  values: readonly unknown[],
  style: Style,
): TextEdit {
  if (seq.items.length === 0) return replaceNode(seq as unknown as Node, values, style);
  if (isFlow(text, seq)) {
    const printed = values.map((v) => printFlow(v, style));
    if (after < 0)
      return {
        start: range(seq.items[0] as Node)[0],
        end: range(seq.items[0] as Node)[0],
        text: printed.map((p) => `${p}, `).join(''),
      };
    const at = range(seq.items[after] as Node)[1];
    return { start: at, end: at, text: printed.map((p) => `, ${p}`).join('') };
  }
  const first = range(seq.items[0] as Node)[0];
  const indent = ' '.repeat(column(text, text.lastIndexOf('-', first)));
  // A sequence of flow maps (`- { name: id, type: int }`) gets its new items in that style.
  const flowItems = text[first] === '{';
  const printed = values
    .map((v) => (flowItems ? `${indent}- ${printFlow(v, style)}\n` : blockItem(v, indent, style)))
    .join('');
  if (after < 0) {
    const at = entryStart(text, text.lastIndexOf('-', first));
    return { start: at, end: at, text: printed };
  }
  const at = lineEndAfter(text, range(seq.items[after] as Node)[1]);
  return { start: at, end: at, text: printed };
}

/** Replaces a node (a scalar or a collection) by `value`, printed in flow style. */
export function replaceNode(node: Node, value: unknown, style: Style): TextEdit {
  const [s, e] = range(node);
  return { start: s, end: e, text: printFlow(value, style) };
}

/** Adds `key: value` (block style) to a block map after its pair `after` (-1: at its start). */
export function insertPair(
  text: string,
  map: YAMLMap,
  after: number,
  key: string,
  value: unknown,
  style: Style,
): TextEdit {
  const firstKey = map.items[0]?.key as Node | undefined;
  if (!firstKey) throw new Error('an empty map');
  const indent = ' '.repeat(column(text, range(firstKey)[0]));
  const printed = blockPair(key, value, indent, style);
  if (after < 0) {
    const at = entryStart(text, range(firstKey)[0]);
    return { start: at, end: at, text: printed };
  }
  const pair = map.items[after]!;
  const at = lineEndAfter(text, range((pair.value ?? pair.key) as Node)[1]);
  return { start: at, end: at, text: printed };
}

/** Removes pair `index` of a block map: its lines, with the comments above it. */
export function removePair(text: string, map: YAMLMap, index: number): TextEdit {
  const pair = map.items[index]!;
  const start = entryStart(text, range(pair.key as Node)[0]);
  return { start, end: lineEndAfter(text, range((pair.value ?? pair.key) as Node)[1]), text: '' };
}

/** `value` on one line: `{ name: x, type: int }`, `[a, b]` or a scalar, quoted where YAML needs it. */
export function printFlow(value: unknown, style: Style): string {
  if (Array.isArray(value)) {
    const items = value.map((v) => printFlow(v, style)).join(', ');
    return items === '' ? '[]' : style.seqPadding ? `[ ${items} ]` : `[${items}]`;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const pairs = Object.entries(value).map(([k, v]) => `${printFlow(k, style)}: ${printFlow(v, style)}`);
    return pairs.length === 0 ? '{}' : `{ ${pairs.join(', ')} }`;
  }
  // Printed as the item of a flow sequence, so that it is quoted wherever a flow collection needs it (`a, b`).
  const doc = new Document([value]);
  (doc.contents as YAMLSeq).flow = true;
  return doc
    .toString({ ...PRINT, lineWidth: 0, flowCollectionPadding: false })
    .trimEnd()
    .slice(1, -1);
}

/** `value` in block style, its small parts (types, lists of names) in flow style, long docs folded. */
function printBlock(value: unknown, style: Style): string {
  if (value === null || typeof value !== 'object') return printFlow(value, style);
  const doc = new Document(value);
  const flow = new Map<Node, unknown>();
  const walk = (node: unknown, key: string | undefined, plain: unknown): void => {
    if (isSeq(node)) {
      if (node.items.every((i) => isScalar(i)) || (key !== undefined && FLOW_KEYS.has(key))) flow.set(node, plain);
      else if (key !== undefined && (FLOW_ITEMS.has(key) || (key === 'fields' && style.flowFields)))
        node.items.forEach((item, i) => flow.set(item as Node, (plain as unknown[])[i]));
      else node.items.forEach((item, i) => walk(item, undefined, (plain as unknown[])[i]));
    } else if (isMap(node)) {
      if (key !== undefined && FLOW_KEYS.has(key)) flow.set(node, plain);
      else
        for (const pair of node.items) {
          const k = isScalar(pair.key) ? String(pair.key.value) : undefined;
          walk(pair.value, k, k === undefined ? undefined : (plain as Record<string, unknown>)[k]);
        }
    } else if (isScalar(node) && key === 'doc' && typeof node.value === 'string' && node.value.length > FOLDED_DOC) {
      node.type = Scalar.BLOCK_FOLDED;
    }
  };
  walk(doc.contents, undefined, value);
  // Flow parts are printed by printFlow (the spec's own padding), as plain scalars the document then holds verbatim.
  const marks = [...flow.keys()].map((node, i) => ({
    node,
    mark: `zzflowmark${i}zz`,
    text: printFlow(flow.get(node), style),
  }));
  for (const { node, mark } of marks) replaceIn(doc, node, mark);
  let out = doc.toString(PRINT);
  for (const { mark, text } of marks) out = out.replace(mark, text);
  return out;
}

/** Puts the scalar `mark` where `node` is in `doc`. */
function replaceIn(doc: Document, node: Node, mark: string): void {
  const visit = (parent: unknown): boolean => {
    if (isMap(parent)) {
      for (const pair of parent.items) {
        if (pair.value === node) {
          pair.value = doc.createNode(mark);
          return true;
        }
        if (visit(pair.value)) return true;
      }
    } else if (isSeq(parent)) {
      for (const [i, item] of parent.items.entries()) {
        if (item === node) {
          parent.items[i] = doc.createNode(mark);
          return true;
        }
        if (visit(item)) return true;
      }
    }
    return false;
  };
  visit(doc.contents);
}

function indentLines(block: string, first: string, rest: string): string {
  return block
    .trimEnd()
    .split('\n')
    .map((line, i) => (line === '' ? '' : `${i === 0 ? first : rest}${line}`))
    .join('\n')
    .concat('\n');
}

function blockItem(value: unknown, indent: string, style: Style): string {
  return indentLines(printBlock(value, style), `${indent}- `, `${indent}  `);
}

function blockPair(key: string, value: unknown, indent: string, style: Style): string {
  return `${indent}${printFlow(key, style)}:\n${indentLines(printBlock(value, style), `${indent}  `, `${indent}  `)}`;
}
