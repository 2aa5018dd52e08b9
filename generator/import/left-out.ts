/**
 * What an import left out, counted by kind of construct (issue 25): one closing line that `import-wsdl` and
 * `generate --wsdl` print, so that a corpus of WSDLs can be measured and the count driven down.
 */
import type { ImportProblem } from './problems.js';

/**
 * The kind of a problem's construct: the construct without the values and names that make each one distinct
 * (`style="rpc"` -> `style=…`, `s:complexType Unused` -> `s:complexType …`, `type Foo` -> `type …`), so that two
 * problems of one kind count together.
 */
export function leftOutKind(construct: string): string {
  return construct.replace(/="[^"]*"/g, '=…').replace(/^(s:[A-Za-z]+|type) (?!ref$|occurrence$|in )[^\s=]+$/, '$1 …');
}

/** The kinds left out with their counts: the most frequent first, then by name. */
export function leftOutCounts(problems: readonly ImportProblem[]): Array<[kind: string, count: number]> {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(leftOutKind(p.construct), (counts.get(leftOutKind(p.construct)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** `left out: 3 constructs (wsdl:part 2, style=… 1)`; undefined when nothing was. */
export function leftOutLine(problems: readonly ImportProblem[]): string | undefined {
  if (problems.length === 0) return undefined;
  const kinds = leftOutCounts(problems).map(([kind, n]) => `${kind} ${n}`);
  return `left out: ${problems.length} construct${problems.length === 1 ? '' : 's'} (${kinds.join(', ')})`;
}
