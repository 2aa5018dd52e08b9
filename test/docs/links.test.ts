/**
 * Every internal link of the generated docs resolves: each `[text](path#anchor)` outside code names a file of the
 * output and, when it has an anchor, a heading of that file by GitHub's slug rules (duplicates numbered). Checked on
 * the committed generated/docs/ and on the docs rendered in memory for every fixture spec.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '../../generator/generate.js';
import { loadSpec } from '../../generator/load/load.js';
import { GENERATED_DIR, fromRoot, repoRoot } from '../helpers/paths.js';
import { FIXTURE_SPECS } from './support/fixtures.js';
import { anchors, brokenLinks, githubSlug, links } from './support/markdown.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

/** The whole output on disk (links may point out of docs/, e.g. at mock/cli.ts), by /-separated path. */
function committedOutput(): Map<string, string> {
  const root = fromRoot(GENERATED_DIR);
  return new Map(
    filesUnder(root)
      .filter((f) => !/[\\/](node_modules|dist)[\\/]/.test(f))
      .map((f) => [relative(root, f).split(sep).join('/'), f.endsWith('.md') ? readFileSync(f, 'utf8') : '']),
  );
}

describe('the link checker itself', () => {
  it.each([
    ['# Getting started', 'getting-started'],
    ['## `errorCode` values', 'errorcode-values'],
    ['## Integer error codes of (I) results', 'integer-error-codes-of-i-results'],
    ['## b, i, d and s of StatusFileResult', 'b-i-d-and-s-of-statusfileresult'],
    ['## SOAP 1.1 SOAPAction header', 'soap-11-soapaction-header'],
    ['## The \\<Op\\> element', 'the-op-element'],
    ['## waitForProcessingRequest', 'waitforprocessingrequest'],
  ])('slugs %s as #%s', (heading, slug) => {
    expect(anchors(heading)).toEqual([slug]);
  });

  it('numbers duplicate headings as GitHub does, and ignores headings and links in code', () => {
    expect(anchors('# A\n## A\n```md\n# A\n```\n### A')).toEqual(['a', 'a-1', 'a-2']);
    expect(githubSlug('Café — ünïcode')).toBe('café--ünïcode');
    expect(links('[x](a.md) `[y](b.md)`\n```\n[z](c.md)\n```\n| [w](d.md#e) |').map((l) => l.target)).toEqual([
      'a.md',
      'd.md#e',
    ]);
  });

  it('reports a missing file, a missing anchor and an absolute target', () => {
    const files = new Map([
      [
        'docs/README.md',
        '# Index\n[ok](types/T.md#fields) [gone](types/U.md) [bad](types/T.md#nope) [self](#index) [abs](/etc/x) [web](https://x.example/)',
      ],
      ['docs/types/T.md', '# T\n## Fields\n[up](../README.md#index)'],
    ]);
    expect(brokenLinks(files)).toEqual([
      'docs/README.md:2 [gone](types/U.md): no file docs/types/U.md',
      'docs/README.md:2 [bad](types/T.md#nope): no heading #nope in docs/types/T.md',
      'docs/README.md:2 [abs](/etc/x): an absolute path',
      'docs/README.md:2 [web](https://x.example/): an absolute URL (docs link only to their own files)',
    ]);
  });
});

describe('the committed docs of the payer interface', () => {
  const files = committedOutput();
  const pages = [...files.keys()].filter((p) => p.startsWith('docs/') && p.endsWith('.md'));

  it('are there, with many links', () => {
    expect(pages).toContain('docs/README.md');
    expect(pages.filter((p) => p.startsWith('docs/operations/'))).toHaveLength(19);
    expect(pages.reduce((n, p) => n + links(files.get(p)!).length, 0)).toBeGreaterThan(300);
  });

  it('have no broken link', () => {
    expect(brokenLinks(files)).toEqual([]);
  });

  it('link every page from the index or a page it links to', () => {
    const reached = new Set(['docs/README.md']);
    const queue = ['docs/README.md'];
    while (queue.length > 0) {
      const page = queue.shift()!;
      for (const l of links(files.get(page) ?? '')) {
        const file = l.target.split('#')[0]!;
        if (file === '') continue;
        const target = join(page, '..', file).split(sep).join('/');
        if (pages.includes(target) && !reached.has(target)) {
          reached.add(target);
          queue.push(target);
        }
      }
    }
    expect(pages.filter((p) => !reached.has(p))).toEqual([]);
  });
});

describe.each(FIXTURE_SPECS)('the docs of %s', (spec) => {
  it('render with resolving links', async () => {
    const rendered = await render(loadSpec(fromRoot(spec), { cwd: repoRoot }));
    const files = new Map(rendered.map((f) => [f.path, f.content]));
    expect([...files.keys()].filter((p) => p.startsWith('docs/')).length).toBeGreaterThan(4);
    expect(brokenLinks(files)).toEqual([]);
  });
});
