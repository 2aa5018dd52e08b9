/**
 * The drafted spec as YAML text, deterministically: keys in the format's order, nothing the format would assume
 * anyway (its defaults), 2-space indent, flow style for short things (lists of names, fields, parameters, list types,
 * results), a blank line between top-level sections, a TODO(import) comment above each decision left to a person,
 * and a comment block on top naming the WSDL and listing what the format could not keep.
 */
import { Document, isMap, isScalar, isSeq, type Node } from 'yaml';
import { IMPORT_TODO } from '../load/load.js';
import { DEFAULT_SCHEMA_FILE } from '../load/schema.js';
import type { DraftSpec } from './draft.js';
import { formatProblem, type ImportProblem } from './problems.js';

/** What a WSDL never says and a spec may need; all optional in the format, so left out of the draft. */
export const NOT_IN_A_WSDL: readonly string[] = [
  'service.title and service.version (drafted: the service name; the version in its address or namespace, such as v2, else none)',
  'the docs of everything the WSDL does not document (left out: they are optional)',
  "auth (request signing) and the parameters' roles (principal, timestamp, signature)",
  'eat markers of operations (needed only with auth)',
  'serviceErrors (which result field holds an error code, and its success value); results drafted as records',
  'polls (client methods that wait on a status operation)',
  'decisions, groups, submitsPayments, parameter defaults and quirks',
  'secret: true on fields holding passwords, keys or tokens',
];

/** The JSON Schema of the format, as the draft's `$schema` names it: beside the draft (import-wsdl writes it there). */
export const SCHEMA_REFERENCE = `./${DEFAULT_SCHEMA_FILE}`;

export interface WriteOptions {
  /** Start with the `$schema` lines (only when the schema is written beside the draft, so that they resolve). */
  readonly schema?: boolean;
}

/** Maps under these keys are written in flow style. */
const FLOW_MAPS = new Set(['namespace', 'result', 'type', 'list']);
/** Maps that are items of sequences under these keys are written in flow style. */
const FLOW_ITEMS = new Set(['fields', 'outputs', 'params', 'choice']);

export function writeYaml(
  spec: DraftSpec,
  source: string,
  problems: readonly ImportProblem[],
  options: WriteOptions = {},
): string {
  const body: Record<string, unknown> = {
    ...(options.schema ? { $schema: SCHEMA_REFERENCE } : {}),
    specVersion: 1,
    service: spec.service,
    ...(spec.soapHeaders.length > 0 ? { soapHeaders: spec.soapHeaders.map(({ todo: _, ...h }) => h) } : {}),
    ...(Object.keys(spec.enums).length > 0 ? { enums: mapValues(spec.enums, ({ todo: _, ...e }) => e) } : {}),
    ...(Object.keys(spec.records).length > 0
      ? { records: mapValues(spec.records, (r) => (r.fields.length > 0 ? r : { ...r, fields: undefined })) }
      : {}),
    ...(Object.keys(spec.faults).length > 0 ? { faults: spec.faults } : {}),
    operations: spec.operations,
  };
  const doc = new Document(stripUndefined(body));
  style(doc.contents as Node, undefined);
  if (isMap(doc.contents)) {
    const sections = doc.contents.items;
    const first = sections.findIndex((pair) => isScalar(pair.key) && pair.key.value === 'service');
    sections.forEach((pair, i) => {
      if (i >= first && isScalar(pair.key)) pair.key.spaceBefore = true;
    });
  }
  spec.soapHeaders.forEach((h, i) => {
    const node = doc.getIn(['soapHeaders', i], true) as Node | undefined;
    if (h.todo !== undefined && node) node.commentBefore = ` ${IMPORT_TODO}: ${h.todo}`;
  });
  const enums = doc.getIn(['enums'], true);
  if (isMap(enums)) {
    for (const pair of enums.items) {
      const todo = isScalar(pair.key) ? spec.enums[String(pair.key.value)]?.todo : undefined;
      if (todo !== undefined && isScalar(pair.key)) pair.key.commentBefore = ` ${IMPORT_TODO}: ${todo}`;
    }
  }
  const lines = [
    ...(options.schema ? [` yaml-language-server: $schema=${SCHEMA_REFERENCE}`] : []),
    ` Drafted by \`svc-codegen import-wsdl\` from ${source}.`,
    ` It generates as it is. Each decision the WSDL cannot carry is a comment starting with ${IMPORT_TODO}:`,
    ' generating warns about each one, and fails on them with --strict.',
    '',
    ' Not in a WSDL (add by hand where the service has them; all are optional in the format):',
    ...NOT_IN_A_WSDL.map((l) => ` - ${l}`),
    '',
    problems.length === 0
      ? ' Every construct of the WSDL was mapped.'
      : ` Not expressible in the format (${problems.length}; each line says what the draft has instead):`,
    ...problems.map((p) => ` - ${formatProblem(p)}`),
  ];
  doc.commentBefore = lines.join('\n');
  return doc.toString({
    indent: 2,
    lineWidth: 120,
    minContentWidth: 40,
    flowCollectionPadding: true,
    singleQuote: true,
  });
}

function mapValues<T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
}

function style(node: Node | null | undefined, key: string | undefined): void {
  if (isSeq(node)) {
    if (node.items.every((i) => isScalar(i))) node.flow = true;
    for (const item of node.items) {
      // A field or parameter holding a choice is written in block style, one alternative a line.
      if (isMap(item) && key !== undefined && FLOW_ITEMS.has(key) && !holdsChoice(item)) item.flow = true;
      style(item as Node, key);
    }
  } else if (isMap(node)) {
    if (key !== undefined && FLOW_MAPS.has(key) && !holdsChoice(node)) node.flow = true;
    for (const pair of node.items) style(pair.value as Node, isScalar(pair.key) ? String(pair.key.value) : undefined);
  }
}

/** Whether a map has a `choice` key, itself or in a map it holds. */
function holdsChoice(node: Node): boolean {
  if (!isMap(node)) return false;
  return node.items.some(
    (pair) => (isScalar(pair.key) && pair.key.value === 'choice') || holdsChoice(pair.value as Node),
  );
}

function stripUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripUndefined);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, stripUndefined(v)]),
    );
  }
  return value;
}
