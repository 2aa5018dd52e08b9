/** Spec diff: what changed between two resolved models, classified for existing clients and existing servers. */
import type { ServiceModel } from '../model/types.js';
import { compareModels } from './compare.js';
import { compareNames } from './names.js';
import type { Bump, Change, NameChange, SpecDiff } from './types.js';

export { RULES, classify, type ChangeKind, type Rule, type Usage } from './rules.js';
export { tsNames, compareNames } from './names.js';
export { renderMarkdown } from './render-markdown.js';
export { renderJson } from './render-json.js';
export { loadDiffSide, loadDiffSides, readSpecSource, stripMock } from './source.js';
export { asmxCannotShow } from './wsdl-side.js';
export type { Bump, Category, Change, DiffSummary, Impact, NameChange, SpecDiff, SpecSide, TsName } from './types.js';
export { CATEGORIES } from './types.js';

/** `ignore` leaves out changes the sides cannot show (a drift check's: wsdl-side.ts asmxCannotShow). */
export function diffSpecs(
  oldModel: ServiceModel,
  newModel: ServiceModel,
  ignore?: (change: Change) => boolean,
): SpecDiff {
  const changes = compareModels(oldModel, newModel).filter((c) => !ignore?.(c));
  const names = compareNames(oldModel, newModel);
  return {
    old: { source: oldModel.source, service: oldModel.name, version: oldModel.version },
    new: { source: newModel.source, service: newModel.name, version: newModel.version },
    summary: {
      changes: changes.length,
      breakingForClients: changes.filter((c) => c.client === 'breaking').length,
      breakingForServers: changes.filter((c) => c.server === 'breaking').length,
      bump: semverBump(changes, names),
    },
    changes,
    names,
  };
}

/**
 * The bump of the generated package: major when anything breaks clients (the package's users), minor for any
 * other change of the interface or of its exported names, patch when only documentation changed, none otherwise.
 */
export function semverBump(changes: readonly Change[], names: readonly NameChange[] = []): Bump {
  if (changes.some((c) => c.client === 'breaking')) return 'major';
  if (changes.some((c) => c.category !== 'docs') || names.length > 0) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/** True when the diff fails `--fail-on`: any change, or a change breaking for clients or servers. */
export function failsOn(diff: SpecDiff, level: 'breaking' | 'any' | 'none'): boolean {
  if (level === 'none') return false;
  if (level === 'any') return diff.changes.length > 0 || diff.names.length > 0;
  return diff.summary.breakingForClients > 0 || diff.summary.breakingForServers > 0;
}
