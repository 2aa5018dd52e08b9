/**
 * flows.md: for each poll of the spec, a Mermaid state diagram of its status values (initial, non-final and final
 * states, from the status enum and the poll's final values) and a sequence diagram of submit, poll and result. The
 * operations are found from the model: those whose result carries the polled id start the flow, those (besides the
 * polled one) that take the id finish it.
 */
import type { Decision, OperationModel, PollModel, ServiceModel } from '../../../model/types.js';
import { PAGES, Slugger, inlineCode, operationPage, paragraph } from '../markdown.js';
import { Links } from './common.js';

export const FLOWS_TITLE = 'Flows';

export interface PollView {
  readonly heading: string;
  readonly doc: string;
  readonly operation: string;
  readonly finalValues: string;
  readonly decision: string;
  readonly stateDiagram: string | undefined;
  readonly sequenceDiagram: string;
}

/** The anchor of each poll's section in flows.md, by its method. */
export function pollAnchors(model: ServiceModel): Map<string, string> {
  const slugger = new Slugger();
  slugger.slug(FLOWS_TITLE);
  return new Map(model.polls.map((p) => [p.method, slugger.slug(p.method)]));
}

export function flowsView(model: ServiceModel, anchors: ReadonlyMap<Decision, string>) {
  const links = new Links(PAGES.flows, anchors);
  return {
    title: FLOWS_TITLE,
    index: links.to(PAGES.index),
    polls: model.polls.map((poll): PollView => ({
      heading: poll.method,
      doc: paragraph(poll.doc),
      operation: `[${poll.operation.name}](${links.to(operationPage(poll.operation.name))})`,
      finalValues: poll.finalValues.map(inlineCode).join(', '),
      decision: links.decision(poll.decision),
      stateDiagram: stateDiagram(poll),
      sequenceDiagram: sequenceDiagram(model, poll),
    })),
  };
}

/** Mermaid state ids are plain: each value gets `s<n>`, with the value as its label (any text, quoted). */
function stateDiagram(poll: PollModel): string | undefined {
  const t = poll.statusField.type;
  if (t.kind !== 'enum') return undefined;
  const ids = new Map(t.enum.values.map((v, i) => [v, `s${i}`]));
  const finals = t.enum.values.filter((v) => poll.finalValues.includes(v));
  const open = t.enum.values.filter((v) => !poll.finalValues.includes(v));
  const lines = ['stateDiagram-v2'];
  for (const v of t.enum.values) lines.push(`    state "${label(v)}" as ${ids.get(v)}`);
  for (const v of open) lines.push(`    [*] --> ${ids.get(v)}`);
  for (const v of open) {
    lines.push(`    ${ids.get(v)} --> ${ids.get(v)}: ${label(poll.method)} polls again`);
    for (const f of finals) lines.push(`    ${ids.get(v)} --> ${ids.get(f)}`);
  }
  for (const f of finals) lines.push(`    ${ids.get(f)} --> [*]`);
  return lines.join('\n');
}

function sequenceDiagram(model: ServiceModel, poll: PollModel): string {
  const id = poll.idParameter.name;
  const starters = model.operations.filter((o) => resultFields(o).includes(id));
  const finishers = model.operations.filter((o) => o !== poll.operation && o.inputParams.some((p) => p.name === id));
  const lines = [
    'sequenceDiagram',
    '    participant App as Your code',
    `    participant Client as ${label(model.clientName)}`,
    `    participant Service as ${label(model.name)}`,
  ];
  if (starters.length > 0) {
    lines.push(`    App->>Client: ${label(starters.map((o) => o.methodName).join(' or '))}`);
    lines.push(`    Client->>Service: ${label(starters.map((o) => o.name).join(' or '))}`);
    lines.push(`    Service-->>Client: ${label(id)}`);
    lines.push(`    Client-->>App: ${label(id)}`);
  }
  lines.push(`    App->>Client: ${label(`${poll.method}(${id})`)}`);
  lines.push(`    loop until ${label(poll.statusField.name)} is ${label(poll.finalValues.join(', '))}`);
  lines.push(`        Client->>Service: ${label(`${poll.operation.name}(${id})`)}`);
  lines.push(`        Service-->>Client: ${label(poll.statusField.name)}`);
  lines.push('    end');
  lines.push(`    Client-->>App: the final ${label(poll.result.name)}`);
  if (finishers.length > 0) {
    lines.push(`    App->>Client: ${label(`${finishers.map((o) => o.methodName).join(' or ')}(${id})`)}`);
    lines.push(`    Client->>Service: ${label(finishers.map((o) => o.name).join(' or '))}`);
    lines.push(`    Service-->>Client: ${label(finishers.map((o) => resultName(o)).join(' or '))}`);
    lines.push('    Client-->>App: the result');
  }
  return lines.join('\n');
}

function resultFields(op: OperationModel): string[] {
  const r = op.result;
  const struct = r.kind === 'value' ? r.struct : r.kind === 'outputs' ? r.struct : undefined;
  return struct?.fields.map((f) => f.name) ?? [];
}

function resultName(op: OperationModel): string {
  const r = op.result;
  return r.kind === 'value' ? (r.struct?.name ?? 'the result') : r.kind === 'outputs' ? r.struct.name : 'nothing';
}

/** Text Mermaid reads as it is in a label: no quotes, semicolons, hashes or line breaks. */
function label(text: string): string {
  return text.replace(/["#;\n\r]/g, ' ');
}
