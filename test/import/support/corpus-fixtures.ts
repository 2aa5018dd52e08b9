/**
 * The corpus of real WSDLs the corpus test runs: every folder of test/fixtures/wsdl/ (or of SVC_CORPUS_DIR, a folder of
 * the same shape, for trial runs over another checkout's corpus), each with the one WSDL it holds, but those
 * {@link EXCLUDED} with their reason. A WSDL is a `*.wsdl` file, or a `*.xml` one whose root is `definitions` (as a
 * service's `?wsdl` answer is often saved, e.g. SharePoint's `Lists.asmx.xml`). Of a folder with several (WCF's split
 * metadata saved as files), the one its ORIGIN.md's title names (`# bookt.wsdl`), else the one {@link WSDL_OF} names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fromRoot, repoRoot } from '../../helpers/paths.js';

/** Folders not run, with why. */
export const EXCLUDED: Readonly<Record<string, string>> = {
  // 1,511 operations: generating it alone takes longer than the whole corpus; test/import/scale.test.ts and the bench
  // (section 8) cover it. SVC_CORPUS=full runs it too.
  economic: 'scale: 1,511 operations (test/import/scale.test.ts); run with SVC_CORPUS=full',
  // A defect of the WSDL itself (a ServiceStack WSDL whose wsdl:types holds only the Serialization schema): none of its
  // messages' elements is declared anywhere. test/import/undeclared.test.ts asserts the import's error for this file.
  'portaplus-api':
    'a defect of the WSDL: none of its message elements is declared (test/import/undeclared.test.ts asserts the import error)',
};

/** Folders with more than one `*.wsdl`: the file to take. */
export const WSDL_OF: Readonly<Record<string, string>> = {
  // The published ?wsdl names its schemas by URL; the .local copy names the files beside it.
  'partner-service': 'PartnerService.local.wsdl',
};

/** The file an ORIGIN.md's title names (`# file`), if any. */
function originTitle(folder: string): string | undefined {
  const origin = join(folder, 'ORIGIN.md');
  return existsSync(origin)
    ? /^#\s+`?([^\s`]+)`?\s*$/m.exec(readFileSync(origin, 'utf8').split('\n')[0] ?? '')?.[1]
    : undefined;
}

/** Whether the file is a WSDL: a `*.wsdl`, or a `*.xml` whose first element is `definitions`. */
function isWsdl(folder: string, file: string): boolean {
  if (/\.wsdl$/i.test(file)) return true;
  if (!/\.xml$/i.test(file)) return false;
  const head = readFileSync(join(folder, file), 'utf8')
    .slice(0, 20_000)
    .replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, '');
  return /^\s*<(?:[\w.-]+:)?definitions\b/.test(head.replace(/^\uFEFF/, ''));
}

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

/** The folders of `root` to run; `full` keeps the excluded ones too; `only` (when given) names the folders to run. */
export function findCorpus(root: string, full: boolean, only?: ReadonlySet<string>): Corpus {
  const fixtures: CorpusFixture[] = [];
  const skipped: Record<string, string> = {};
  for (const dir of readdirSync(root).sort()) {
    const folder = join(root, dir);
    if (!statSync(folder).isDirectory() || (only !== undefined && !only.has(dir))) continue;
    if (!full && EXCLUDED[dir] !== undefined) {
      skipped[dir] = EXCLUDED[dir];
      continue;
    }
    const named = WSDL_OF[dir];
    const found = named !== undefined ? [named] : readdirSync(folder).filter((f) => isWsdl(folder, f));
    const wsdls = found.length > 1 ? found.filter((f) => f === originTitle(folder)) : found;
    if (wsdls.length !== 1 || !existsSync(join(folder, wsdls[0]!))) {
      skipped[dir] =
        found.length === 0
          ? 'no WSDL'
          : `several WSDLs (${found.join(', ')}), none named by ORIGIN.md's title: name one in WSDL_OF`;
      continue;
    }
    const path = join(folder, wsdls[0]!);
    const rel = relative(repoRoot, path);
    fixtures.push({ dir, wsdl: rel.startsWith('..') || isAbsolute(rel) ? path : rel });
  }
  return { fixtures, skipped };
}
