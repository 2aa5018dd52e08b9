/**
 * Compares what the emitters produced with what is on disk, and applies the difference. Only files carrying the
 * generated marker are ever deleted, so a stray hand-written file in the output is reported, never lost.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { GENERATED_MARKER, type GeneratedFile } from '../print/printer.js';

export interface FileChange {
  readonly kind: 'add' | 'modify' | 'delete';
  /** Path relative to the working directory, with / separators. */
  readonly path: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** A directory of generated files; `prune` removes generated files that are no longer produced. */
export interface Target {
  readonly dir: string;
  readonly files: readonly GeneratedFile[];
  readonly prune: boolean;
  /**
   * Folders of `dir` (relative, e.g. `dist`) that pruning never enters: building or installing the output puts
   * files there (tsc even copies the generated headers into dist/), and they are not the generator's to delete.
   */
  readonly ignore?: readonly string[];
}

export function planChanges(targets: readonly Target[], cwd: string): FileChange[] {
  const changes: FileChange[] = [];
  for (const target of targets) {
    const wanted = new Set<string>();
    for (const file of target.files) {
      const abs = join(target.dir, file.path);
      wanted.add(abs);
      const before = readIfExists(abs);
      if (before === file.content) continue;
      changes.push({
        kind: before === undefined ? 'add' : 'modify',
        path: show(abs, cwd),
        before,
        after: file.content,
      });
    }
    if (!target.prune) continue;
    const ignored = (target.ignore ?? []).map((d) => join(target.dir, d));
    for (const abs of listFiles(target.dir, ignored)) {
      if (wanted.has(abs)) continue;
      const before = readIfExists(abs);
      if (before?.includes(GENERATED_MARKER))
        changes.push({ kind: 'delete', path: show(abs, cwd), before, after: undefined });
    }
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function applyChanges(changes: readonly FileChange[], cwd: string): void {
  for (const change of changes) {
    const abs = join(cwd, change.path);
    if (change.kind === 'delete') {
      rmSync(abs);
      continue;
    }
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, change.after ?? '');
  }
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function listFiles(dir: string, ignored: readonly string[]): string[] {
  if (ignored.includes(dir)) return [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name), ignored) : e.isFile() ? [join(dir, e.name)] : [],
  );
}

function show(abs: string, cwd: string): string {
  return relative(cwd, abs).split(sep).join('/');
}
