/**
 * The code blocks of the project's README and its docs/ pages, for the tests that run them as written: each block is
 * found by what it holds, in the page that is named, so a block moved to another page fails its test rather than
 * going untested.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

/** The text of `page` (`README.md`, `docs/mock.md`, ...) of the repository. */
export function docPage(page: string): string {
  return readFileSync(join(repoRoot, page), 'utf8');
}

/** The contents of the ````lang` blocks of `page`, in order. */
export function codeBlocks(page: string, lang: string): string[] {
  return [...docPage(page).matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

/** The one ````lang` block of `page` for which `holds` is true; throws when there is none or more than one. */
export function codeBlock(page: string, lang: string, holds: (code: string) => boolean, what: string): string {
  const found = codeBlocks(page, lang).filter(holds);
  if (found.length !== 1) throw new Error(`${page} has ${found.length} ${lang} blocks ${what}, not one`);
  return found[0]!;
}
