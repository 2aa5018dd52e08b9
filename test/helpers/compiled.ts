/** The command lines test/setup/compile-entries.ts compiles before the tests run, and where each is. */
import { fromRoot } from './paths.js';

export const COMPILED_DIR = 'test/.tmp/compiled';

/** Name of the compiled file (without .mjs) -> the TypeScript entry it is compiled from. */
export const COMPILED_ENTRIES = {
  'mock-cli': 'generated/mock/cli.ts',
} as const;

/** The absolute path of a compiled entry, for `node <path> ...args`. */
export function compiledEntry(name: keyof typeof COMPILED_ENTRIES): string {
  return fromRoot(COMPILED_DIR, `${name}.mjs`);
}

/**
 * Compiles a TypeScript script and the repository modules it imports into one JavaScript file beside it (packages
 * stay imports), and returns its path: a child runs it with plain `node`, without tsx's start-up.
 */
export async function compileScript(file: string): Promise<string> {
  const { build } = await import('esbuild');
  const out = file.replace(/\.ts$/, '.mjs');
  await build({
    entryPoints: [file],
    outfile: out,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  return out;
}
