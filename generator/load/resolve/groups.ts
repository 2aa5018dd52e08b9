/** The spec's `groups`: the headings the docs list operations under. */
import type { OperationGroupModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { ResolvableSpec, SetAside } from '../salvage.js';
import { list, suggest } from '../suggest.js';

/**
 * The groups the docs list operations under: the spec's `groups` in their order (each operation's `group` must name
 * one, and each must have an operation), or without them, the groups the operations name, by first appearance.
 */
export function resolveGroups(
  raw: ResolvableSpec,
  aside: SetAside,
  report: (path: SpecPath, message: string) => void,
): OperationGroupModel[] {
  const operations = raw.operations.filter((op) => op !== undefined);
  if (raw.groups === undefined) {
    const titles = [...new Set(operations.flatMap((op) => (op.group === undefined ? [] : [op.group])))];
    return titles.map((title) => ({ kind: 'group', title, doc: undefined }));
  }
  // An operation set aside may be the one in a group: the one naming it, or one whose group is not even a title.
  const asideIn = (title: string): boolean =>
    aside.whole('operations') ||
    aside
      .entries('operations')
      .some((op) => op.group === title || (op.group !== undefined && typeof op.group !== 'string'));
  const groups: OperationGroupModel[] = [];
  raw.groups.forEach((g, i) => {
    if (!g) return;
    if (groups.some((x) => x.title === g.title)) report(['groups', i, 'title'], `duplicate group "${g.title}"`);
    else if (!operations.some((op) => op.group === g.title) && !asideIn(g.title))
      report(['groups', i, 'title'], `no operation is in group "${g.title}"`);
    else groups.push({ kind: 'group', title: g.title, doc: g.doc });
  });
  const titles = raw.groups.flatMap((g) => (g ? [g.title] : []));
  raw.operations.forEach((op, i) => {
    if (op?.group !== undefined && !titles.includes(op.group) && !aside.has('groups', op.group)) {
      report(
        ['operations', i, 'group'],
        `unknown group "${op.group}"; expected one of the titles under groups: ${list(titles)}${suggest(op.group, titles)}`,
      );
    }
  });
  return groups;
}
