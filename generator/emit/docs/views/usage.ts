/** Where each decision of the spec is used: the model nodes that name it, as places in the docs. */
import type { Decision, ServiceModel } from '../../../model/types.js';
import { PAGES, operationPage, typePage } from '../markdown.js';

/** One use of a decision: what uses it (Markdown), and the pages where that is documented. */
export interface DecisionUse {
  readonly what: string;
  readonly pages: ReadonlyArray<{ readonly text: string; readonly page: string }>;
}

/** Anchors of the index page's sections that decisions point at (headings of templates/docs/index.md.hbs). */
export const INDEX_ANCHORS = { styles: 'invocation-styles', auth: 'authentication' } as const;

export function decisionUses(
  model: ServiceModel,
  pollAnchors: ReadonlyMap<string, string>,
): Map<Decision, DecisionUse[]> {
  const uses = new Map<Decision, DecisionUse[]>(model.decisions.map((d) => [d, []]));
  const add = (d: Decision | undefined, what: string, pages: DecisionUse['pages']): void => {
    if (d !== undefined) uses.get(d)?.push({ what, pages });
  };
  const index = (anchor: string) => [{ text: 'index', page: `${PAGES.index}#${anchor}` }];
  const type = (name: string) => [{ text: name, page: typePage(name) }];
  const ops = (names: readonly string[]) => names.map((name) => ({ text: name, page: operationPage(name) }));

  add(model.namespace.decision, 'the service namespace', index(INDEX_ANCHORS.styles));
  add(model.serviceErrors?.decision, 'how results report errors', [{ text: 'errors', page: PAGES.errors }]);
  add(model.auth?.decision, 'the key computation', index(INDEX_ANCHORS.auth));
  add(model.auth?.failures?.decision, 'how failed credentials are answered', index(INDEX_ANCHORS.auth));
  for (const e of model.enums) add(e.numeric?.decision, `the integer codes of enum \`${e.name}\``, type(e.name));
  for (const s of [...model.records, ...model.results]) {
    add(s.decision, `type \`${s.name}\``, type(s.name));
    for (const f of s.ownFields) add(f.decision, `field \`${s.name}.${f.name}\``, type(s.name));
  }
  const params = [
    ...model.parameters,
    ...model.operations.flatMap((o) => o.params.filter((p) => !model.parameters.includes(p))),
  ];
  for (const p of params) {
    const users = model.operations.filter((o) => o.params.includes(p)).map((o) => o.name);
    if (users.length > 0) add(p.decision, `parameter \`${p.name}\``, ops(users));
  }
  for (const op of model.operations) {
    if (op.eat.kind === 'absentParameter') add(op.eat.decision, `the EAT marker of \`${op.name}\``, ops([op.name]));
    if (op.httpPostRoot.kind === 'notShown')
      add(op.httpPostRoot.decision, `the HTTP POST root of \`${op.name}\``, ops([op.name]));
  }
  for (const poll of model.polls) {
    add(poll.decision, `\`${poll.method}\``, [
      { text: 'flows', page: `${PAGES.flows}#${pollAnchors.get(poll.method) ?? ''}` },
      ...ops([poll.operation.name]),
    ]);
  }
  return uses;
}
