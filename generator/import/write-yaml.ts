/**
 * The drafted spec as YAML text, deterministically: keys in the format's order, 2-space indent, flow style for short
 * things (lists of names, fields, parameters, list types, results), a blank line between top-level sections, and a
 * comment block on top listing what the WSDL could not say and what the format could not keep.
 */
import { Document, isMap, isScalar, isSeq, type Node } from 'yaml';
import type { DraftSpec } from './draft.js';
import { formatProblem, type ImportProblem } from './problems.js';

/** What a WSDL never says and a spec may need; all optional in the format, so left out of the draft. */
export const NOT_IN_A_WSDL: readonly string[] = [
  'service.title and service.version (the title is the service name; the version is a TODO(import))',
  'auth (request signing) and the parameters\' roles (principal, timestamp, signature)',
  'eat markers of operations (needed only with auth)',
  'serviceErrors (which result field holds an error code, and its success value); results drafted as records',
  'polls (client methods that wait on a status operation)',
  'decisions, groups, submitsPayments, parameter defaults and quirks',
  'secret: true on fields holding passwords, keys or tokens',
  'the client option of each SOAP header and whether it is required (drafted: lower-case element name, required)',
  'the docs of everything the WSDL does not document (each a TODO(import) doc)',
];

/** Maps under these keys are written in flow style. */
const FLOW_MAPS = new Set(['namespace', 'result', 'type', 'list']);
/** Maps that are items of sequences under these keys are written in flow style. */
const FLOW_ITEMS = new Set(['fields', 'outputs', 'params']);

export function writeYaml(spec: DraftSpec, source: string, problems: readonly ImportProblem[]): string {
  const body: Record<string, unknown> = {
    $schema: './svc-spec.schema.json',
    specVersion: 1,
    service: spec.service,
    ...(spec.soapHeaders.length > 0 ? { soapHeaders: spec.soapHeaders } : {}),
    ...(Object.keys(spec.enums).length > 0 ? { enums: spec.enums } : {}),
    ...(Object.keys(spec.records).length > 0 ? { records: spec.records } : {}),
    operations: spec.operations,
  };
  const doc = new Document(stripUndefined(body));
  style(doc.contents as Node, undefined);
  if (isMap(doc.contents)) {
    doc.contents.items.forEach((pair, i) => {
      if (i > 1 && isScalar(pair.key)) pair.key.spaceBefore = true;
    });
  }
  const lines = [
    ' yaml-language-server: $schema=./svc-spec.schema.json',
    ` Drafted by \`svc-codegen import-wsdl\` from ${source}. Review every TODO(import) before use.`,
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
  return doc.toString({ indent: 2, lineWidth: 120, minContentWidth: 40, flowCollectionPadding: true, singleQuote: true });
}

function style(node: Node | null | undefined, key: string | undefined): void {
  if (isSeq(node)) {
    if (node.items.every((i) => isScalar(i))) node.flow = true;
    for (const item of node.items) {
      if (isMap(item) && key !== undefined && FLOW_ITEMS.has(key)) item.flow = true;
      style(item as Node, key);
    }
  } else if (isMap(node)) {
    if (key !== undefined && FLOW_MAPS.has(key)) node.flow = true;
    for (const pair of node.items) style(pair.value as Node, isScalar(pair.key) ? String(pair.key.value) : undefined);
  }
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
