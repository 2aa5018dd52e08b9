/**
 * vitest globalSetup: compiles the command lines the tests start as child processes (the generator's CLI and the
 * generated mock's) into one JavaScript file each, once per run, and builds the package's own bin (dist/, as
 * `npm run build` does). A child started through tsx spends most of its time (2-3 s of CPU) transforming
 * TypeScript; the compiled file starts in a fraction of that. Both are made by build/build-cli.mjs, the package build.
 * It also removes the fixtures earlier runs generated for sharing (test/helpers/shared-generation.ts), so that this
 * run generates them with the generator as it is now; those of a run still going (its worker alive) are left to it.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, buildEntry } from '../../build/build-cli.mjs';
import { COMPILED_DIR, COMPILED_ENTRIES } from '../helpers/compiled.js';
import { SHARED_PREFIX, TMP_DIR, fromRoot } from '../helpers/paths.js';

/** Whether process `pid` is running (here: a worker of another vitest run in this worktree, still using its folders). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The shared generations of earlier runs: those whose worker (the name's last part) is gone. */
function removeSharedGenerations(): void {
  let names: string[];
  try {
    names = readdirSync(fromRoot(TMP_DIR));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/-(\d+)$/.exec(name)?.[1]);
    if (name.startsWith(SHARED_PREFIX) && !(Number.isInteger(pid) && running(pid))) rmSync(fromRoot(TMP_DIR, name), { recursive: true, force: true });
  }
}

export default async function compileEntries(): Promise<void> {
  removeSharedGenerations();
  const dir = fromRoot(COMPILED_DIR);
  await Promise.all([
    ...Object.entries(COMPILED_ENTRIES).map(([name, source]) => buildEntry(fromRoot(source), join(dir, `${name}.mjs`))),
    buildCli(),
  ]);
}
