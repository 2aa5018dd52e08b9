/**
 * vitest globalSetup: compiles the command lines the tests start as child processes (the generator's CLI and the
 * generated mock's) into one JavaScript file each, once per run, and builds the package's own bin (dist/, as
 * `npm run build` does). A child started through tsx spends most of its time (2-3 s of CPU) transforming
 * TypeScript; the compiled file starts in a fraction of that. Both are made by build/build-cli.mjs, the package build.
 * It also removes the fixtures an earlier run generated for sharing (test/helpers/shared-generation.ts), so that this
 * run generates them with the generator as it is now.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, buildEntry } from '../../build/build-cli.mjs';
import { COMPILED_DIR, COMPILED_ENTRIES } from '../helpers/compiled.js';
import { SHARED_PREFIX, TMP_DIR, fromRoot } from '../helpers/paths.js';

function removeSharedGenerations(): void {
  let names: string[];
  try {
    names = readdirSync(fromRoot(TMP_DIR));
  } catch {
    return;
  }
  for (const name of names) if (name.startsWith(SHARED_PREFIX)) rmSync(fromRoot(TMP_DIR, name), { recursive: true, force: true });
}

export default async function compileEntries(): Promise<void> {
  removeSharedGenerations();
  const dir = fromRoot(COMPILED_DIR);
  await Promise.all([
    ...Object.entries(COMPILED_ENTRIES).map(([name, source]) => buildEntry(fromRoot(source), join(dir, `${name}.mjs`))),
    buildCli(),
  ]);
}
