/**
 * vitest globalSetup: compiles the command lines the tests start as child processes (the generator's CLI and the
 * generated mock's) into one JavaScript file each, once per run, and builds the package's own bin (dist/, as
 * `npm run build` does). A child started through tsx spends most of its time (2-3 s of CPU) transforming
 * TypeScript; the compiled file starts in a fraction of that. Both are made by build/build-cli.mjs, the package build.
 */
import { join } from 'node:path';
import { buildCli, buildEntry } from '../../build/build-cli.mjs';
import { COMPILED_DIR, COMPILED_ENTRIES } from '../helpers/compiled.js';
import { fromRoot } from '../helpers/paths.js';

export default async function compileEntries(): Promise<void> {
  const dir = fromRoot(COMPILED_DIR);
  await Promise.all([
    ...Object.entries(COMPILED_ENTRIES).map(([name, source]) => buildEntry(fromRoot(source), join(dir, `${name}.mjs`))),
    buildCli(),
  ]);
}
