/**
 * Section 2: ProcessPaymentsAsyncResult with 100,000 lines (about 28 MB). Each contender (our whole call, our
 * decoder alone, node-soap's whole call) handles it in a fresh child process, a few runs each in alternating
 * order; time of the one (cold) call and the peak RSS of the process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from '../child-runner.js';
import type { LargeResponseFigures } from '../children/large-response-child.js';
import { paragraph, table } from '../markdown.js';
import { processPaymentsResultResponse } from '../responses.js';
import { fmt, fmtRatio, fmtSummary, mapSummary, summarize, type Summary } from '../stats.js';
import { kb } from './responses.js';

const CHILD = fileURLToPath(new URL('../children/large-response-child.ts', import.meta.url));
export const LINES = 100_000;
export const RUNS = 3;
const TIME_LIMIT_MS = 120_000;
/** A child is not started with less time than this left in the bench's budget. */
const MIN_CHILD_MS = 15_000;

const CONTENDERS = [
  { key: 'oursCall', label: 'ours, whole call (stub fetch)' },
  { key: 'oursDecoder', label: 'ours, decoder alone' },
  { key: 'nodeSoapCall', label: 'node-soap, whole call (stub HTTP)' },
] as const;

export interface LargeContenderFigures {
  readonly key: string;
  readonly label: string;
  readonly runs: number;
  readonly failures: readonly string[];
  readonly ms?: Summary;
  readonly mbPerSecond?: Summary;
  readonly peakRssMb?: Summary;
  readonly rssBeforeMb?: Summary;
}

export interface LargeResponseResult {
  readonly lines: number;
  readonly bytes: number;
  readonly runsPerContender: number;
  readonly contenders: readonly LargeContenderFigures[];
}

/** Runs every contender RUNS times, each in a fresh process; no child is started once `deadline` is near. */
export async function runLargeResponse(deadline: number, log: (line: string) => void): Promise<LargeResponseResult> {
  const c = processPaymentsResultResponse(LINES);
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-large-'));
  const file = join(dir, 'response.xml');
  writeFileSync(file, c.bytes);
  const samples = new Map<string, LargeResponseFigures[]>(CONTENDERS.map((k) => [k.key, []]));
  const failures = new Map<string, string[]>(CONTENDERS.map((k) => [k.key, []]));
  try {
    for (let run = 0; run < RUNS; run++) {
      for (let i = 0; i < CONTENDERS.length; i++) {
        const k = CONTENDERS[(run + i) % CONTENDERS.length]!;
        const left = deadline - performance.now();
        if (left < MIN_CHILD_MS) {
          failures.get(k.key)!.push('not run: the bench time budget was spent');
          continue;
        }
        const outcome = await runChild<LargeResponseFigures>(CHILD, [k.key, file, c.operation], Math.min(TIME_LIMIT_MS, left));
        if (!outcome.ok) failures.get(k.key)!.push(outcome.error);
        else if (outcome.result.items !== c.items) failures.get(k.key)!.push(`decoded ${outcome.result.items} items, expected ${c.items}`);
        else samples.get(k.key)!.push(outcome.result);
        log(`  ${k.label}, run ${run + 1}: ${outcome.ok ? `${fmt(outcome.result.ms)} ms, peak RSS ${fmt(outcome.result.peakRssMb)} MB` : outcome.error}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const contenders = CONTENDERS.map((k): LargeContenderFigures => {
    const got = samples.get(k.key)!;
    const base = { key: k.key, label: k.label, runs: got.length, failures: failures.get(k.key)! };
    if (got.length === 0) return base;
    const ms = summarize(got.map((s) => s.ms));
    return {
      ...base,
      ms,
      mbPerSecond: mapSummary(ms, (x) => c.bytes.byteLength / 1e6 / (x / 1000)),
      peakRssMb: summarize(got.map((s) => s.peakRssMb)),
      rssBeforeMb: summarize(got.map((s) => s.rssBeforeMb)),
    };
  });
  return { lines: LINES, bytes: c.bytes.byteLength, runsPerContender: RUNS, contenders };
}

export function largeResponseMarkdown(r: LargeResponseResult): string {
  const oursCall = r.contenders.find((f) => f.key === 'oursCall')?.ms?.median;
  const rows = r.contenders.map((f) => [
    f.label,
    f.ms ? fmtSummary(f.ms, ' ms') : 'no run finished',
    f.mbPerSecond ? fmtSummary(f.mbPerSecond) : '',
    f.rssBeforeMb ? fmt(f.rssBeforeMb.median) : '',
    f.peakRssMb ? fmtSummary(f.peakRssMb) : '',
    f.key === 'nodeSoapCall' ? fmtRatio(f.ms?.median, oursCall) : f.key === 'oursCall' ? '1× (base)' : '',
    f.failures.length > 0 ? `${f.failures.length} failed: ${f.failures[0]!}` : '',
  ]);
  return [
    paragraph(
      `ProcessPaymentsAsyncResult with ${r.lines.toLocaleString('en-US')} lines (${kb(r.bytes)}), SOAP 1.1. Each run is a fresh `,
      'process that loads the response from a file, sets its contender up and times one call (cold: no warm-up, as a ',
      `batch job makes it); median (min–max) of ${r.runsPerContender} runs per contender, in alternating order. "RSS before": `,
      'the process with the response and the contender loaded, just before the call; "peak RSS": `maxRSS` at the end.',
    ),
    '',
    table(
      ['contender', 'time', 'MB/s', 'RSS before, MB', 'peak RSS, MB', 'vs ours', 'failures'],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  ].join('\n');
}
