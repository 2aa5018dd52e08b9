/**
 * One generation per fixture for each test worker, whichever of its files ask for it. Several test files generate the
 * same spec (almanac four times, the five hand-written real services, shapes, plain-soap, payer v5 and v6 twice each);
 * each copy cost a generation and, imported from a folder of its own, vitest's transform and the worker's evaluation of
 * every module of it. Here the worker's first asker generates into test/.tmp/shared-<key>-<pid>, the key a hash of the
 * spec's path, its text and its simulator's files, and every asker's test/.tmp/<name> is a link to that folder: vitest
 * resolves the link to the folder it names, so the worker's files share one transformed and loaded copy (they share
 * their modules anyway: vitest.config.ts).
 *
 * Per worker, not per run: workers importing one generated folder at the same moment made an import hang until the
 * hook timed out (seen twice on a loaded machine), which a folder of each worker's own cannot do.
 *
 * The shared folder sits beside test/.tmp/<name>, at the same depth, so the generated headers name the spec exactly as
 * they would in test/.tmp/<name>. test/setup/compile-entries.ts removes the shared folders when a run starts, so a run
 * never reads what an older generator wrote. Callers only read what is generated; none writes into it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { generate } from '../../generator/generate.js';
import { loadSpec } from '../../generator/load/load.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { SHARED_PREFIX, TMP_DIR, fromRoot, repoRoot } from './paths.js';

/** Generations under way or done in this worker, by key. */
const pending = new Map<string, Promise<string>>();

/**
 * Generates `spec` (relative to the repository root, or absolute) as `generate({ spec, out, cwd: root })` would into
 * test/.tmp/<name>, which becomes a link to the worker's one generation of that spec. Resolves with the spec's model.
 */
export async function generateShared(spec: string, name: string): Promise<ServiceModel> {
  const specPath = resolve(repoRoot, spec);
  const out = fromRoot(TMP_DIR, name);
  const model = loadSpec(specPath, { cwd: repoRoot, onWarning: () => {} });
  if (name.includes('/')) {
    // A deeper output would name the spec by another relative path than the shared folder: generated where asked.
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    return (await generate({ spec: specPath, out, cwd: repoRoot })).model;
  }
  const key = `${generationKey(specPath, model)}-${process.pid}`;
  let shared = pending.get(key);
  if (shared === undefined) {
    shared = generateOnce(specPath, key);
    pending.set(key, shared);
  }
  const target = await shared;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(fromRoot(TMP_DIR), { recursive: true });
  symlinkSync(target, out, 'dir');
  return model;
}

/** What the output depends on besides the generator: the spec's path (the headers name it), its text, its simulator. */
function generationKey(specPath: string, model: ServiceModel): string {
  const hash = createHash('sha256');
  hash.update(relative(repoRoot, specPath)).update('\0').update(readFileSync(specPath));
  for (const file of model.simulator?.files ?? []) hash.update('\0').update(file.name).update('\0').update(file.text);
  return hash.digest('hex').slice(0, 16);
}

/** The shared folder of `key`, generated (once per worker: the caller keeps the promise). */
async function generateOnce(specPath: string, key: string): Promise<string> {
  const target = fromRoot(TMP_DIR, `${SHARED_PREFIX}${key}`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  await generate({ spec: specPath, out: target, cwd: repoRoot });
  return target;
}
