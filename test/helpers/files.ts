/** Small file-system helpers for tests: listing trees and scratch directories that clean up after themselves. */
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from './paths.js';

/** Every regular file under `dir`, as /-separated paths relative to it, sorted; [] when `dir` does not exist. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    let entries;
    try {
      entries = readdirSync(join(dir, rel), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && rel === '') return;
      throw error;
    }
    for (const e of entries) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.isFile()) out.push(path);
    }
  };
  walk('');
  return out.sort();
}

export interface Scratch {
  readonly dir: string;
  remove(): void;
}

/** A fresh empty directory under the OS temp directory. */
export function scratchDir(prefix: string): Scratch {
  const dir = mkdtempSync(join(tmpdir(), `svc-codegen-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A scratch directory laid out like a consumer package, so generated code placed in it type-checks and resolves
 * as it would in a project: an ESM package.json and the repository's node_modules linked in.
 */
export function packageSandbox(prefix: string): Scratch {
  const scratch = scratchDir(prefix);
  writeFileSync(
    join(scratch.dir, 'package.json'),
    `${JSON.stringify({ name: 'sandbox', private: true, type: 'module' })}\n`,
  );
  symlinkSync(fromRoot('node_modules'), join(scratch.dir, 'node_modules'), 'dir');
  return scratch;
}
