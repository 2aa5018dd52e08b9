/**
 * The XmlReader from before issue 16, item 5 (the commit named below), for a side-by-side benchmark. It is taken from
 * git history at bench time rather than kept as a copy in the tree: a frozen copy of a thousand lines would be a
 * second reader to keep, and it would drift into looking maintained. Its own `errors.js` import is pointed at the
 * current runtime's, so both readers throw the same class.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { XmlReader } from '../../templates/runtime/codec/xml-reader.js';

/** The last commit before the reader checked well-formedness in full. */
export const BASELINE_COMMIT = '2ebf04e';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, 'test', '.tmp', 'reader-baseline');

type ReaderClass = new (xml: string) => XmlReader;

/** The baseline reader's class, or a reason it is not to be had (no git, a shallow clone). */
export async function loadBaselineReader(): Promise<ReaderClass | string> {
  const show = (path: string): string =>
    execFileSync('git', ['show', `${BASELINE_COMMIT}:${path}`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  let reader: string;
  let chars: string;
  try {
    reader = show('templates/runtime/xml-reader.ts');
    chars = show('templates/runtime/xml-chars.ts');
  } catch {
    return `the reader of commit ${BASELINE_COMMIT} is not in this checkout's git history`;
  }
  // From test/.tmp/reader-baseline/ to templates/runtime/.
  const errors = '../../../templates/runtime/errors.js';
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'xml-chars.ts'), chars.replaceAll("'./errors.js'", `'${errors}'`));
  writeFileSync(join(OUT, 'xml-reader.ts'), reader.replaceAll("'./errors.js'", `'${errors}'`));
  const module = (await import(pathToFileURL(join(OUT, 'xml-reader.ts')).href)) as { XmlReader: ReaderClass };
  return module.XmlReader;
}
