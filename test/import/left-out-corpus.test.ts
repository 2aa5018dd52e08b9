/**
 * Issue 25, item 8: what the import leaves out of each WSDL of the corpus is written down in docs/wsdl-left-out.md, one
 * row per folder of test/fixtures/wsdl (its `left out: N constructs (by kind)` line), and every kind there has its
 * reason. This test imports every WSDL (as `import-wsdl` does, in process) and compares its counts with that table, so
 * the page cannot rot: a construct that starts to be drafted, or one newly left out, fails it until the row is updated.
 *
 * `SVC_LEFT_OUT_UPDATE=1` rewrites the rows from this run (review the diff: a new kind also needs its reason, which no
 * run writes). `SVC_CORPUS_ONLY=a,b` compares those folders alone. It imports 59 WSDLs (about 15 s of CPU), so it runs
 * in the second suite (`npm run test:interop`), beside the corpus test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importWsdl, readWsdlSource, WsdlImportError } from '../../generator/import/index.js';
import { leftOutCounts } from '../../generator/import/left-out.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { corpusDir, findCorpus } from './support/corpus-fixtures.js';

const PAGE = fromRoot('docs', 'wsdl-left-out.md');
const ROWS_START = '<!-- by-wsdl: rows written by SVC_LEFT_OUT_UPDATE=1 (test/import/left-out-corpus.test.ts) -->';
const ROWS_END = '<!-- /by-wsdl -->';

/** `kind n, kind n` as the `left out:` line has it; `—` when nothing is. */
function shown(counts: ReadonlyArray<readonly [string, number]>): string {
  return counts.length === 0 ? '—' : counts.map(([kind, n]) => `${kind} ${n}`).join(', ');
}

/** A Markdown table cell holding `text` (a `|` escaped). */
const cell = (text: string): string => text.replace(/\|/g, '\\|');
/** The text of a Markdown table cell. */
const uncell = (text: string): string => text.trim().replace(/\\\|/g, '|');

/** The cells of the rows of the table between the lines `start` and `end` (header and rule skipped). */
function tableRows(page: string, start: string, end: string): string[][] {
  const from = page.indexOf(start);
  const to = page.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`${PAGE}: no ${start} … ${end}`);
  const lines = page
    .slice(from + start.length, to)
    .split('\n')
    .filter((l) => l.startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .slice(1, l.endsWith('|') ? -1 : undefined)
      .split(/(?<!\\)\|/)
      .map(uncell),
  );
}

interface Measured {
  readonly dir: string;
  /** `total | by kind`, or why there is no draft. */
  readonly total: string;
  readonly kinds: string;
  readonly counts: ReadonlyArray<readonly [string, number]>;
}

async function measure(dir: string, wsdl: string): Promise<Measured> {
  const source = await readWsdlSource(wsdl, repoRoot);
  try {
    const { problems } = importWsdl(source.text, source.shown, { readFile: source.readFile });
    const counts = leftOutCounts(problems);
    return { dir, total: String(problems.length), kinds: shown(counts), counts };
  } catch (error) {
    // A WSDL with nothing to draft (portaplus-api: its messages' elements are declared nowhere) has no count.
    if (!(error instanceof WsdlImportError)) throw error;
    return {
      dir,
      total: 'no draft',
      kinds: error.message
        .split('\n')[0]!
        .replace(/^[^:]*(?::\d+:\d+)?: /, '')
        .replace(/ \(.*$/, ''),
      counts: [],
    };
  }
}

/** The row summing every WSDL's. */
const ALL = '(all)';
const sum = (ms: readonly Measured[]): number => ms.reduce((n, m) => n + m.counts.reduce((k, [, c]) => k + c, 0), 0);
/** Every WSDL's counts added up by kind, in the order of the `left out:` line (most first, then by name). */
function kindTotals(ms: readonly Measured[]): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const [kind, n] of ms.flatMap((m) => m.counts)) totals.set(kind, (totals.get(kind) ?? 0) + n);
  return [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

const only = process.env['SVC_CORPUS_ONLY'] ? new Set(process.env['SVC_CORPUS_ONLY'].split(',')) : undefined;
const corpus = findCorpus(corpusDir(), true, only);

describe('docs/wsdl-left-out.md: what the import leaves out of each WSDL of the corpus', async () => {
  const measured: Measured[] = [];
  for (const f of corpus.fixtures) measured.push(await measure(f.dir, f.wsdl));
  if (process.env['SVC_LEFT_OUT_UPDATE'] && only === undefined) {
    const page = readFileSync(PAGE, 'utf8');
    const rows = measured.map((m) => `| [${m.dir}](../test/fixtures/wsdl/${m.dir}) | ${m.total} | ${cell(m.kinds)} |`);
    rows.push(`| ${ALL} | ${sum(measured)} | ${cell(shown(kindTotals(measured)))} |`);
    const table = ['', '| WSDL | Left out | By kind |', '| --- | ---: | --- |', ...rows, ''].join('\n');
    const from = page.indexOf(ROWS_START) + ROWS_START.length;
    writeFileSync(PAGE, page.slice(0, from) + table + page.slice(page.indexOf(ROWS_END, from)));
  }
  const page = readFileSync(PAGE, 'utf8');

  const written = new Map(
    tableRows(page, ROWS_START, ROWS_END).map(([link, total, kinds]) => [
      /^\[([^\]]+)\]/.exec(link!)?.[1] ?? link!,
      { total, kinds },
    ]),
  );
  const reasons = new Map(
    tableRows(page, '## By kind', '## By WSDL').map(([kind, why]) => [kind!.replace(/^`|`$/g, ''), why!]),
  );

  it.each(measured.map((m) => [m.dir, m] as const))('%s: the row says what the import leaves out', (_, m) => {
    expect(written.get(m.dir), `${m.dir}: the row in ${PAGE} (SVC_LEFT_OUT_UPDATE=1 rewrites it)`).toEqual({
      total: m.total,
      kinds: m.kinds,
    });
  });

  it('every kind left out has its reason in the table by kind, and every reason a kind the corpus still has', () => {
    const found = new Set(measured.flatMap((m) => m.counts.map(([kind]) => kind)));
    expect(
      [...found].filter((k) => !reasons.has(k)),
      'kinds left out without a reason',
    ).toEqual([]);
    for (const [kind, why] of reasons) expect(why, kind).toMatch(/\S{3}/);
    if (only === undefined)
      expect(
        [...reasons.keys()].filter((k) => !found.has(k)),
        'reasons of kinds no WSDL has',
      ).toEqual([]);
  });

  it('has a row for every folder of the corpus and for nothing else, and one summing them', () => {
    if (only !== undefined) return;
    expect([...written.keys()].filter((k) => k !== ALL).sort()).toEqual(measured.map((m) => m.dir).sort());
    expect(written.get(ALL)).toEqual({ total: String(sum(measured)), kinds: shown(kindTotals(measured)) });
  });
});
