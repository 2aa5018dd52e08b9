/**
 * The generated client bundled as a browser application's bundler would: esbuild, platform browser, from the client
 * package's entry (generated/client/index.ts). `node:*` is left external so that a static import of a Node built-in
 * shows up in the metafile, where the bundle test looks for it, instead of failing the build with a less precise
 * message.
 */
import { join } from 'node:path';
import { build, type Format } from 'esbuild';
import { gzipSync } from 'node:zlib';

/** The client package's entry. */
export const CLIENT_ENTRY = join(import.meta.dirname, '..', '..', 'generated', 'client', 'index.ts');

export interface BrowserBundle {
  /** The bundle's code. */
  readonly code: string;
  /** Every `node:` module the bundle still imports, with how (`import-statement`, `dynamic-import`, ...). */
  readonly nodeImports: string[];
}

/**
 * @param format - `esm` for a page's module script, `iife` to run it in a context of its own
 * @param minify - as a production build would
 * @param entry - the module bundled (default the client package's entry)
 */
export async function bundleClientForBrowser(
  format: Format,
  minify = true,
  entry = CLIENT_ENTRY,
): Promise<BrowserBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format,
    ...(format === 'iife' ? { globalName: 'SvcClient' } : {}),
    minify,
    external: ['node:*'],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const nodeImports = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((i) => i.path.startsWith('node:')).map((i) => `${i.path} (${i.kind})`),
  );
  return { code: result.outputFiles[0]!.text, nodeImports };
}

/** The sizes README reports: minified bytes, and those bytes gzipped at the highest level. */
export function bundleSizes(code: string): { minified: number; gzip: number } {
  const bytes = Buffer.from(code, 'utf8');
  return { minified: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
}
