/**
 * vitest globalSetup: compiles the command lines the tests start as child processes (the generator's CLI and the
 * generated mock's) into one JavaScript file each, once per run. A child started through tsx spends most of its
 * time (2-3 s of CPU) transforming TypeScript; the compiled file starts in a fraction of that. The package bin and
 * `npm run generate` keep running through tsx: tests whose point is that path still start it that way.
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { COMPILED_DIR, COMPILED_ENTRIES } from '../helpers/compiled.js';
import { fromRoot } from '../helpers/paths.js';

// Modules find files beside them (templates/, the simulator) through import.meta.url: each module of the bundle keeps
// the URL of its source file, as it has when run from source.
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

export default async function compileEntries(): Promise<void> {
  const dir = fromRoot(COMPILED_DIR);
  mkdirSync(dir, { recursive: true });
  await Promise.all(
    Object.entries(COMPILED_ENTRIES).map(async ([name, source]) => {
      const out = join(dir, `${name}.mjs`);
      // Written beside and renamed, so that another run of the suite in this checkout never starts a half-written file.
      const partial = `${out}.${process.pid}.tmp`;
      await build({
        entryPoints: [fromRoot(source)],
        outfile: partial,
        bundle: true,
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
        plugins: [sourceUrls],
      });
      renameSync(partial, out);
    }),
  );
}
