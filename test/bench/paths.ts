/** Where the benchmarks find the repository and the files they load by path. */
import { fileURLToPath } from 'node:url';

/** The repository root: children run there, so that `--import tsx` resolves from its node_modules. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The synthetic spec module, loaded by path: another change adds it, and the bench must run before it exists. */
export const SYNTHETIC_SPEC_MODULE = fileURLToPath(new URL('./synthetic-spec.ts', import.meta.url));

/** Where results are written. */
export const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
