/** Where things are, independent of the directory the tests are started from. */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The repository root (the directory holding package.json). */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/[\\/]$/, '');

/** An absolute path inside the repository, from /-separated parts relative to the root. */
export function fromRoot(...parts: string[]): string {
  return join(repoRoot, ...parts);
}

export const PAYER_SPEC = 'spec/payer-v5.yaml';
/** The payer spec's simulator folder, beside it. */
export const PAYER_SIMULATOR = 'spec/payer-v5.simulator';
export const GENERATED_DIR = 'generated';
export const SCHEMA_FILE = 'spec/svc-spec.schema.json';
