/**
 * Section 2: ProcessPaymentsAsyncResult with 100,000 lines, in the sparse shape (about 28 MB) and the full one (every
 * field set, about 51 MB). Each contender (our whole call, our decoder alone, node-soap's whole call) handles each
 * shape in a fresh child process, a few runs each in alternating order; time and CPU time of the one (cold) call and
 * the peak RSS of the process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from '../child-runner.js';
import type { LargeResponseFigures } from '../children/large-response-child.js';
import { paragraph, table } from '../markdown.js';
import { processPaymentsFullResponse, processPaymentsResultResponse, type ResponseCase } from '../responses.js';
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
  /** The response shape: 'sparse' or 'full'. */
  readonly shape?: string;
  readonly label: string;
  readonly runs: number;
  readonly failures: readonly string[];
  readonly ms?: Summary;
  /** CPU time of the child process during the call (all threads). */
  readonly cpuMs?: Summary;
  readonly mbPerSecond?: Summary;
  readonly peakRssMb?: Summary;
  readonly rssBeforeMb?: Summary;
}

export interface LargeResponseResult {
  readonly lines: number;
  /** Bytes of the sparse shape (the first runs of this section had only it). */
  readonly bytes: number;
  readonly runsPerContender: number;
  /** The sparse shape's contenders. */
  readonly contenders: readonly LargeContenderFigures[];
  /** The full shape: its size and contenders. */
  readonly full?: { readonly bytes: number; readonly contenders: readonly LargeContenderFigures[] };
}

/** Runs every contender RUNS times on each shape, each in a fresh process; no child is started once `deadline` is near. */
export async function runLargeResponse(deadline: number, log: (line: string) => void): Promise<LargeResponseResult> {
  const shapes: Array<{ shape: 'sparse' | 'full'; c: ResponseCase }> = [
    { shape: 'sparse', c: processPaymentsResultResponse(LINES) },
    { shape: 'full', c: processPaymentsFullResponse(LINES) },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-large-'));
  const files = shapes.map(({ shape, c }) => {
    const file = join(dir, `response-${shape}.xml`);
    writeFileSync(file, c.bytes);
    return file;
  });
  const jobs = shapes.flatMap((s, i) =>
    CONTENDERS.map((k) => ({ ...s, k, file: files[i]!, id: `${s.shape}:${k.key}` })),
  );
  const samples = new Map<string, LargeResponseFigures[]>(jobs.map((j) => [j.id, []]));
  const failures = new Map<string, string[]>(jobs.map((j) => [j.id, []]));
  try {
    for (let run = 0; run < RUNS; run++) {
      for (let i = 0; i < jobs.length; i++) {
        const j = jobs[(run + i) % jobs.length]!;
        const left = deadline - performance.now();
        if (left < MIN_CHILD_MS) {
          failures.get(j.id)!.push('not run: the bench time budget was spent');
          continue;
        }
        const outcome = await runChild<LargeResponseFigures>(
          CHILD,
          [j.k.key, j.file, j.c.operation],
          Math.min(TIME_LIMIT_MS, left),
        );
        if (!outcome.ok) failures.get(j.id)!.push(outcome.error);
        else if (outcome.result.items !== j.c.items)
          failures.get(j.id)!.push(`decoded ${outcome.result.items} items, expected ${j.c.items}`);
        else samples.get(j.id)!.push(outcome.result);
        const cpu = outcome.ok && outcome.result.cpuMs !== undefined ? `, CPU ${fmt(outcome.result.cpuMs)} ms` : '';
        log(
          `  ${j.shape}: ${j.k.label}, run ${run + 1}: ${outcome.ok ? `${fmt(outcome.result.ms)} ms${cpu}, peak RSS ${fmt(outcome.result.peakRssMb)} MB` : outcome.error}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const figures = (shape: 'sparse' | 'full', c: ResponseCase): LargeContenderFigures[] =>
    CONTENDERS.map((k): LargeContenderFigures => {
      const id = `${shape}:${k.key}`;
      const got = samples.get(id)!;
      const base = { key: k.key, shape, label: k.label, runs: got.length, failures: failures.get(id)! };
      if (got.length === 0) return base;
      const ms = summarize(got.map((s) => s.ms));
      const cpu = got.every((s) => s.cpuMs !== undefined) ? { cpuMs: summarize(got.map((s) => s.cpuMs!)) } : {};
      return {
        ...base,
        ms,
        ...cpu,
        mbPerSecond: mapSummary(ms, (x) => c.bytes.byteLength / 1e6 / (x / 1000)),
        peakRssMb: summarize(got.map((s) => s.peakRssMb)),
        rssBeforeMb: summarize(got.map((s) => s.rssBeforeMb)),
      };
    });
  const [sparse, full] = shapes as [(typeof shapes)[0], (typeof shapes)[0]];
  return {
    lines: LINES,
    bytes: sparse.c.bytes.byteLength,
    runsPerContender: RUNS,
    contenders: figures('sparse', sparse.c),
    full: { bytes: full.c.bytes.byteLength, contenders: figures('full', full.c) },
  };
}

export function largeResponseMarkdown(r: LargeResponseResult): string {
  const shapes = [
    { name: 'sparse', bytes: r.bytes, contenders: r.contenders },
    ...(r.full ? [{ name: 'every field full', bytes: r.full.bytes, contenders: r.full.contenders }] : []),
  ];
  const rows: string[][] = [];
  const ratioRows: string[][] = [];
  for (const s of shapes) {
    const get = (key: string) => s.contenders.find((f) => f.key === key);
    const oursCall = get('oursCall');
    for (const f of s.contenders) {
      rows.push([
        f === s.contenders[0] ? `${s.name} (${kb(s.bytes)})` : '',
        f.label,
        f.ms ? fmtSummary(f.ms, ' ms') : 'no run finished',
        f.cpuMs ? fmtSummary(f.cpuMs, ' ms') : '',
        f.mbPerSecond ? fmtSummary(f.mbPerSecond) : '',
        f.rssBeforeMb ? fmt(f.rssBeforeMb.median) : '',
        f.peakRssMb ? fmtSummary(f.peakRssMb) : '',
        f.key === 'nodeSoapCall'
          ? fmtRatio(f.ms?.median, oursCall?.ms?.median)
          : f.key === 'oursCall'
            ? '1× (base)'
            : '',
        f.failures.length > 0 ? `${f.failures.length} failed: ${f.failures[0]!}` : '',
      ]);
    }
    const decoder = get('oursDecoder');
    const soap = get('nodeSoapCall');
    ratioRows.push([
      `${s.name} (${kb(s.bytes)})`,
      fmtRatio(oursCall?.ms?.median, decoder?.ms?.median),
      fmtRatio(oursCall?.cpuMs?.median, decoder?.cpuMs?.median),
      fmtRatio(soap?.ms?.median, oursCall?.ms?.median),
      fmtRatio(soap?.peakRssMb?.median, oursCall?.peakRssMb?.median),
    ]);
  }
  return [
    paragraph(
      `ProcessPaymentsAsyncResult with ${r.lines.toLocaleString('en-US')} lines, SOAP 1.1, in two shapes: sparse (short ASCII `,
      'values) and every field full (long texts with non-ASCII letters, every amount of the summary). Each run is a fresh ',
      'process that loads the response from a file, sets its contender up and times one call (cold: no warm-up, as a ',
      `batch job makes it); median (min–max) of ${r.runsPerContender} runs per contender, in alternating order. "CPU": the `,
      'process\'s CPU time during the call (all threads). "RSS before": the process with the response and the contender ',
      'loaded, just before the call; "peak RSS": `maxRSS` at the end. The response\'s bytes are read once, every page, before ',
      "the call, as the decoder's text is made before it: on this VM the first read of memory a file was just read into ",
      'costs 60-170 ms for 28 MB (with no page fault counted), which neither whole call should be charged for.',
    ),
    '',
    table(
      ['response', 'contender', 'time', 'CPU', 'MB/s', 'RSS before, MB', 'peak RSS, MB', 'vs ours', 'failures'],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    table(
      [
        'response',
        'whole call ÷ decoder (time)',
        'whole call ÷ decoder (CPU)',
        'node-soap ÷ ours (time)',
        'node-soap ÷ ours (peak RSS)',
      ],
      ratioRows,
      ['l', 'r', 'r', 'r', 'r'],
    ),
  ].join('\n');
}
