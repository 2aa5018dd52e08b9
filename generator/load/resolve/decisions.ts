/** The spec's `decisions`, resolved first: everything else may reference them. */
import type { Decision } from '../../model/types.js';
import type { ResolvableSpec, SetAside } from '../salvage.js';
import { list } from '../suggest.js';
import type { DecisionOf, Report } from './context.js';

/** The decisions by id (a duplicate id reported), in the spec's order. */
export function resolveDecisions(raw: ResolvableSpec, report: Report): Map<string, Decision> {
  const decisions = new Map<string, Decision>();
  raw.decisions.forEach((d, i) => {
    if (!d) return;
    if (decisions.has(d.id)) report(['decisions', i, 'id'], `duplicate decision id "${d.id}"`);
    else decisions.set(d.id, { kind: 'decision', id: d.id, title: d.title, note: d.note });
  });
  return decisions;
}

/** The lookup the rest of the resolver references decisions by: an unknown id is reported, unless it was set aside. */
export function decisionLookup(decisions: ReadonlyMap<string, Decision>, aside: SetAside, report: Report): DecisionOf {
  return (id, path) => {
    if (id === undefined) return undefined;
    const found = decisions.get(id);
    if (!found && !aside.has('decisions', id))
      report(path, `unknown decision "${id}"; expected one of the ids under decisions: ${list([...decisions.keys()])}`);
    return found;
  };
}
