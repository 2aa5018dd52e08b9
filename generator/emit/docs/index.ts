/**
 * The docs emitter: docs/*.md, reference documentation in Markdown that reads well on a code-hosting site. The
 * prose layout is in the handlebars templates of templates/docs/; the views here are plain objects prepared from the
 * model; the examples are made by the runtime's encoders (wire.ts). Pages: README.md (the index), getting-started.md,
 * errors.md, decisions.md (when the spec has decisions), flows.md (when it has polls), operations/<Op>.md and
 * types/<Name>.md.
 */
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { DOCS_DIR, PAGES, operationPage, typePage } from './markdown.js';
import { DocsTemplates } from './render.js';
import { decisionAnchors } from './views/common.js';
import { flowsView, pollAnchors } from './views/flows.js';
import { indexView } from './views/index-page.js';
import { operationView } from './views/operation.js';
import { decisionsView, errorsView, gettingStartedView } from './views/pages.js';
import { enumView, structView } from './views/types.js';
import { decisionUses } from './views/usage.js';
import { operationExamples } from './wire.js';

export function emitDocs(model: ServiceModel, printer: Printer): GeneratedFile[] {
  const templates = new DocsTemplates();
  const anchors = decisionAnchors(model.decisions);
  const examples = operationExamples(model);
  const page = (path: string, template: string, view: object): GeneratedFile =>
    printer.markup(`${DOCS_DIR}/${path}`, templates.render(template, view));
  return [
    page(PAGES.index, 'index.md', indexView(model, examples, anchors)),
    page(PAGES.gettingStarted, 'getting-started.md', gettingStartedView(model, examples)),
    page(PAGES.errors, 'errors.md', errorsView(model, anchors)),
    // A page only where it would say something: no decisions, no decisions page (and nothing links to it).
    ...(model.decisions.length > 0
      ? [page(PAGES.decisions, 'decisions.md', decisionsView(model, decisionUses(model, pollAnchors(model)), anchors))]
      : []),
    ...(model.polls.length > 0 ? [page(PAGES.flows, 'flows.md', flowsView(model, anchors))] : []),
    ...model.operations.map((op) =>
      page(operationPage(op.name), 'operation.md', operationView(model, op, examples.get(op)!, anchors)),
    ),
    ...[...model.records, ...model.results].map((s) =>
      page(typePage(s.name), 'struct.md', structView(model, s, anchors)),
    ),
    ...model.enums.map((e) => page(typePage(e.name), 'enum.md', enumView(model, e, anchors))),
  ];
}
