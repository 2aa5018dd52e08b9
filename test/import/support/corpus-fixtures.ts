/**
 * The corpus of real WSDLs the corpus test runs: every folder of test/fixtures/wsdl/ (or of SVC_CORPUS_DIR, a folder of
 * the same shape, for trial runs over another checkout's corpus), each with the one `*.wsdl` file it holds, but those
 * {@link EXCLUDED} with their reason. A folder with several WSDLs names the one to take in {@link WSDL_OF}.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fromRoot, repoRoot } from '../../helpers/paths.js';

/** Folders not run, with why. */
export const EXCLUDED: Readonly<Record<string, string>> = {
  // 1,511 operations: generating it alone takes longer than the whole corpus; test/import/scale.test.ts and the bench
  // (section 8) cover it. SVC_CORPUS=full runs it too.
  economic: 'scale: 1,511 operations (test/import/scale.test.ts); run with SVC_CORPUS=full',
};

/** Folders with more than one `*.wsdl`: the file to take. */
export const WSDL_OF: Readonly<Record<string, string>> = {};

export interface CorpusFixture {
  /** The folder's name. */
  readonly dir: string;
  /** The WSDL, relative to the repository root when it is inside it (as the command line would be given it). */
  readonly wsdl: string;
}

export interface Corpus {
  readonly fixtures: readonly CorpusFixture[];
  /** Folders skipped: excluded (with the reason) or without a WSDL of their own to take. */
  readonly skipped: Readonly<Record<string, string>>;
}

export function corpusDir(): string {
  const dir = process.env['SVC_CORPUS_DIR'];
  return dir === undefined || dir === '' ? fromRoot('test', 'fixtures', 'wsdl') : dir;
}

/** The folders of `root` to run; `full` keeps the excluded ones too. */
export function findCorpus(root: string, full: boolean): Corpus {
  const fixtures: CorpusFixture[] = [];
  const skipped: Record<string, string> = {};
  for (const dir of readdirSync(root).sort()) {
    const folder = join(root, dir);
    if (!statSync(folder).isDirectory()) continue;
    if (!full && EXCLUDED[dir] !== undefined) {
      skipped[dir] = EXCLUDED[dir];
      continue;
    }
    const named = WSDL_OF[dir];
    const wsdls = named !== undefined ? [named] : readdirSync(folder).filter((f) => /\.wsdl$/i.test(f));
    if (wsdls.length !== 1 || !existsSync(join(folder, wsdls[0]!))) {
      skipped[dir] = wsdls.length === 0 ? 'no *.wsdl file' : `several *.wsdl files (${wsdls.join(', ')}): name one in WSDL_OF`;
      continue;
    }
    const path = join(folder, wsdls[0]!);
    const rel = relative(repoRoot, path);
    fixtures.push({ dir, wsdl: rel.startsWith('..') || isAbsolute(rel) ? path : rel });
  }
  return { fixtures, skipped };
}
