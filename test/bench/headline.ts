/**
 * The headline table at the top of BENCH.md (and copied into the README's Performance section): ours against
 * node-soap and fast-xml-parser on each measure, with the ratio oriented so that above 1× ours is ahead (less time,
 * less memory, more calls per second), from the sections' results; and the mock under load (requests/s and p99 per
 * case), which has no contender.
 */
import { table } from './markdown.js';
import type { GenerationFigures } from './sections/generation.js';
import type { LargeResponseResult } from './sections/large-response.js';
import type { LoopbackFigures } from './sections/loopback.js';
import type { MockLoadFigures } from './sections/mock.js';
import type { ResponseFigures } from './sections/responses.js';
import { fmt, fmtRatio, type Summary } from './stats.js';

export interface HeadlineInput {
  readonly responses?: readonly ResponseFigures[];
  readonly large?: LargeResponseResult;
  readonly loopback?: readonly LoopbackFigures[];
  readonly mock?: MockLoadFigures;
  readonly generation?: readonly GenerationFigures[];
}

/** A time median in the unit that reads best. */
function time(ms: number | undefined): string {
  if (ms === undefined) return '–';
  if (ms < 1) return `${fmt(ms * 1000)} µs`;
  if (ms < 10_000) return `${fmt(ms)} ms`;
  return `${fmt(ms / 1000)} s`;
}

const median = (s: Summary | undefined): number | undefined => s?.median;

export function headlineMarkdown(input: HeadlineInput): string {
  const rows: string[][] = [];
  for (const r of input.responses ?? []) {
    const get = (key: string): number | undefined => median(r.contenders.find((c) => c.key === key)?.msPerCall);
    rows.push([
      `${r.label}: whole call`,
      time(get('oursCall')),
      time(get('nodeSoapCall')),
      '',
      fmtRatio(get('nodeSoapCall'), get('oursCall')),
    ]);
    rows.push([
      `${r.label}: decode / parse only`,
      time(get('oursDecoder')),
      '',
      time(get('fxpSoapSafe')),
      fmtRatio(get('fxpSoapSafe'), get('oursDecoder')),
    ]);
  }
  if (input.large) {
    const get = (key: string) => input.large?.contenders.find((c) => c.key === key);
    const ours = get('oursCall');
    const soap = get('nodeSoapCall');
    const lines = input.large.lines.toLocaleString('en-US');
    rows.push([
      `ProcessPaymentsAsyncResult, ${lines} lines: whole call, cold`,
      time(median(ours?.ms)),
      time(median(soap?.ms)),
      '',
      fmtRatio(median(soap?.ms), median(ours?.ms)),
    ]);
    const rss = (s: Summary | undefined): string => (s ? `${fmt(s.median)} MB` : '–');
    rows.push([
      `ProcessPaymentsAsyncResult, ${lines} lines: peak RSS`,
      rss(ours?.peakRssMb),
      rss(soap?.peakRssMb),
      '',
      fmtRatio(median(soap?.peakRssMb), median(ours?.peakRssMb)),
    ]);
  }
  for (const l of input.loopback ?? []) {
    const ours = median(l.contenders.find((c) => c.key === 'oursCall')?.callsPerSecond);
    const soap = median(l.contenders.find((c) => c.key === 'nodeSoapCall')?.callsPerSecond);
    const rate = (x: number | undefined): string => (x === undefined ? '–' : `${fmt(x)} calls/s`);
    rows.push([`GetBalances over loopback HTTP, ${l.mode}`, rate(ours), rate(soap), '', fmtRatio(ours, soap)]);
    const floor = median(l.contenders.find((c) => c.key === 'bareHttp')?.callsPerSecond);
    const share = l.contenders.find((c) => c.key === 'oursCall')?.shareOfFloor;
    if (floor !== undefined && share !== undefined) {
      rows.push([
        `GetBalances over loopback HTTP, ${l.mode}: ours ÷ bare node:http (${rate(floor)})`,
        `${fmt(share * 100)} %`,
        '',
        '',
        '',
      ]);
    }
  }
  for (const c of input.mock?.cases ?? []) {
    if (c.operation === 'static') continue;
    const got =
      c.requestsPerSecondMean !== undefined
        ? `${fmt(c.requestsPerSecondMean)} req/s, p99 ${time(c.latencyMs?.p99)}`
        : 'failed';
    rows.push([`mock under load, ${c.label}`, got, '', '', '']);
  }
  for (const g of input.generation ?? []) {
    const perOp = g.msPerOperation !== undefined ? ` (${fmt(g.msPerOperation)} ms/op)` : '';
    const took = g.generateMs ? `${time(g.generateMs.median)}${perOp}` : (g.notes[0] ?? '–');
    rows.push([`generate(): ${g.label}`, took, '', '', '']);
  }
  return table(
    ['measure (medians)', 'ours', 'node-soap', 'fast-xml-parser (SOAP-safe)', 'theirs ÷ ours (> 1×: ours ahead)'],
    rows,
    ['l', 'r', 'r', 'r', 'r'],
  );
}
