/**
 * No module of the generator or of the runtime templates imports itself through others, type-only imports included:
 * a cycle makes the order modules load in matter, and says that two files are one concern cut in the wrong place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot, repoRoot } from '../helpers/paths.js';

/** Each .ts file under `dir` with the files of that tree it imports or re-exports, type-only or not. */
function importGraph(dir: string): Map<string, string[]> {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((i) => i.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')))
      .filter((t) => known.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle of the graph, once each, as the list of its files from its smallest one (depth-first search). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(canonical.join(' -> '), canonical);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found.values()];
}

const shown = (cycle: string[]) => [...cycle, cycle[0]!].map((f) => relative(repoRoot, f)).join(' -> ');

describe('import cycles', () => {
  it('are found, type-only imports included', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it.each(['templates/runtime', 'generator'])('there are none in %s', (dir) => {
    const graph = importGraph(fromRoot(dir));
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph).map(shown)).toEqual([]);
  });
});
