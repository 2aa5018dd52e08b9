/**
 * `import-wsdl --update`: a spec brought up to date with a changed WSDL, keeping what only a person could write.
 *
 * What the WSDL changed is found by comparing two drafts, so that only what a WSDL can say is compared: the draft of
 * the WSDL the spec itself exports (what the spec says in WSDL terms) and the draft of the new WSDL. Each change is
 * applied to the spec's text in place (apply.ts); the spec is then exported and drafted once more, and whatever still
 * differs from the new WSDL is reported as kept (a decision of the spec: `optional`, `nillable`, docs) or as left to
 * a person (a change this update does not make). The printed diff is the spec's own, old against updated, classified
 * as `diff` classifies it.
 */
import { parseDocument } from 'yaml';
import { compareModels } from '../diff/compare.js';
import { diffSpecs, renderMarkdown, stripMock, type Change, type SpecDiff } from '../diff/index.js';
import { wsdlDocument } from '../emit/wsdl/index.js';
import { SpecError } from '../load/errors.js';
import { parseSpec } from '../load/load.js';
import type { ServiceModel } from '../model/types.js';
import { importWsdl } from '../import/index.js';
import { editsFor, KEPT_KINDS, type DraftData } from './apply.js';
import { applyEdits } from './text-edits.js';

export interface UpdateResult {
  /** The updated spec (the input unchanged when the WSDL brings nothing new). */
  readonly text: string;
  readonly changed: boolean;
  /** The spec before against the spec after, classified. */
  readonly diff: SpecDiff;
  /** Where the WSDL says otherwise and the spec keeps its own decision. */
  readonly kept: readonly Change[];
  /** Changes of the WSDL this update does not make: for a person. */
  readonly left: readonly Change[];
}

/** The update would leave an invalid spec (a removed operation that a poll names, ...): nothing is written. */
export class UpdateError extends Error {}

/**
 * `spec` is the spec's text and the name messages give it; `draft` is the new WSDL's draft (import-wsdl's YAML) and
 * `wsdl` the name of the WSDL as the user gave it.
 */
export function updateSpec(spec: { text: string; name: string }, draft: string, wsdl: string): UpdateResult {
  const before = parseSpec(stripMock(spec.text), spec.name);
  const wanted = parseSpec(draft, wsdl);
  const changes = compareModels(asDrafted(before), wanted);
  const data = parseDocument(draft).toJS() as DraftData;
  const text = applyEdits(spec.text, editsFor(spec.text, parseDocument(spec.text), changes, data));
  let after: ServiceModel;
  try {
    after = parseSpec(stripMock(text), spec.name, { source: `${spec.name} (updated from ${wsdl})` });
  } catch (error) {
    if (!(error instanceof SpecError)) throw error;
    const kinds = [...new Set(changes.map((c) => c.kind))].join(', ');
    throw new UpdateError(
      `${spec.name}: updating it from ${wsdl} (${kinds}) would leave it invalid, so nothing is written; change it by hand:\n${error.message}`,
    );
  }
  // Unchanged, the spec still differs from the WSDL in just what was found first (all kept or left to a person).
  const residual = text === spec.text ? changes : compareModels(asDrafted(after), wanted);
  return {
    text,
    changed: text !== spec.text,
    diff: diffSpecs(before, after),
    kept: residual.filter((c) => KEPT_KINDS.has(c.kind)),
    left: residual.filter((c) => !KEPT_KINDS.has(c.kind)),
  };
}

/** The spec as a WSDL says it: exported, then drafted back. */
function asDrafted(model: ServiceModel): ServiceModel {
  const name = `${model.source} (as a WSDL)`;
  const drafted = importWsdl(wsdlDocument(model), name, {
    readFile: (path) => {
      throw new Error(`${name} imports nothing, yet names ${path}`);
    },
  });
  return parseSpec(drafted.yaml, name);
}

/** The report: the spec's diff, then what was kept and what is left to do. */
export function renderUpdate(result: UpdateResult): string {
  const out = [renderMarkdown(result.diff).trimEnd()];
  const table = (title: string, intro: string, rows: readonly Change[]) => {
    if (rows.length === 0) return;
    out.push('', `### ${title}`, '', intro, '', '| Change in the WSDL | Where | Detail |', '| --- | --- | --- |');
    for (const c of rows)
      out.push(`| ${c.kind} | \`${c.path}\` | ${c.detail.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')} |`);
  };
  table(
    'Kept from the spec',
    'The WSDL says otherwise; the spec keeps its own (a choice made by hand, or what no WSDL carries).',
    result.kept,
  );
  table('Not applied', 'Changes of the WSDL that update does not make: edit the spec by hand.', result.left);
  return `${out.join('\n')}\n`;
}
