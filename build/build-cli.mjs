/**
 * Compiles the generator's command line to JavaScript for the package (`npm run build`, run by `prepare`, `prepack`
 * and `npm run generate`): generator/cli.ts and the repository modules it imports, bundled by esbuild into dist/, one
 * file per command's work (each command `import()`s its own, so `--help` loads yargs and little else). Packages stay
 * imports: they are the package's dependencies.
 *
 * Written in JavaScript so that building needs nothing but esbuild (no TypeScript loader at build time either).
 */
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Where `npm run build` writes: package.json's `bin` names dist/cli.js. */
export const DIST_DIR = join(ROOT, 'dist');

/**
 * Modules find the files that ship beside them (templates/, the generator's package.json) relative to their own
 * source file. In a bundle every module shares the URL of its output file, so each module's `import.meta.url` is
 * rewritten to the URL its source file has relative to that output file: the same relative paths then lead to the
 * same files, in a clone and in the installed package (whose layout keeps templates/ and package.json where they are).
 */
function sourceUrls(outDir) {
  return {
    name: 'source-relative-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        const fromOutput = relative(outDir, args.path).split(sep).join('/');
        return {
          contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromOutput)}, import.meta.url).href`),
          loader: 'ts',
        };
      });
    },
  };
}

const COMMON = {
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  legalComments: 'none',
};

/**
 * Builds the CLI into `outDir` (default dist/): cli.js and the chunks its commands import. Built in a folder beside
 * and swapped in, so that a run started meanwhile never loads half a build.
 */
export async function buildCli(outDir = DIST_DIR) {
  const partial = `${outDir}.${process.pid}.tmp`;
  rmSync(partial, { recursive: true, force: true });
  await build({
    ...COMMON,
    entryPoints: { cli: join(ROOT, 'generator', 'cli.ts') },
    outdir: partial,
    splitting: true,
    chunkNames: '[name]-[hash]',
    // The relative URLs are computed for the final folder, which sits where the partial one does.
    plugins: [sourceUrls(outDir)],
  });
  const old = `${outDir}.${process.pid}.old`;
  rmSync(old, { recursive: true, force: true });
  try {
    renameSync(outDir, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  renameSync(partial, outDir);
  rmSync(old, { recursive: true, force: true });
  return join(outDir, 'cli.js');
}

/**
 * One TypeScript entry compiled to one JavaScript file (`outFile`), dynamic imports inlined: what the test suite
 * starts as child processes (test/setup/compile-entries.ts). Written beside and renamed, like buildCli.
 */
export async function buildEntry(entry, outFile) {
  mkdirSync(dirname(outFile), { recursive: true });
  const partial = `${outFile}.${process.pid}.tmp`;
  await build({
    ...COMMON,
    entryPoints: [resolve(entry)],
    outfile: partial,
    plugins: [sourceUrls(dirname(resolve(outFile)))],
  });
  renameSync(partial, outFile);
  return outFile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli();
}
