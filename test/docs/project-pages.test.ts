/**
 * The project's README stays a page a newcomer reads through (issue 27, item 8: under about 200 lines, what it is,
 * the commands, a service from a WSDL, the client and the mock in use, links), and every link of it and of the
 * docs/ pages leads somewhere: to a file of the repository and, with a #fragment, to a heading of that page.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPage } from '../helpers/doc-blocks.js';
import { repoRoot } from '../helpers/paths.js';

const PAGES = [
  'README.md',
  ...readdirSync(join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (page: string) => new Set([...docPage(page).matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1]!)));

describe('the README and the docs pages', () => {
  it('the README is under 200 lines and links every docs page', () => {
    const readme = docPage('README.md');
    expect(readme.split('\n').length).toBeLessThan(200);
    for (const page of PAGES.filter((p) => p !== 'README.md')) expect(readme, page).toContain(`](${page}`);
  });

  it.each(PAGES)('every relative link of %s leads to a file, and a #fragment to a heading of it', (page) => {
    const broken: string[] = [];
    for (const [, target] of docPage(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!)) continue;
      const [path, fragment] = target!.split('#') as [string, string | undefined];
      const file = path === '' ? page : normalize(join(dirname(page), path));
      if (!existsSync(join(repoRoot, file))) broken.push(`${target}: no file ${file}`);
      else if (fragment !== undefined && file.endsWith('.md') && !anchorsOf(file).has(fragment))
        broken.push(`${target}: no heading #${fragment} in ${file}`);
    }
    expect(broken).toEqual([]);
  });
});
