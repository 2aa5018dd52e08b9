/**
 * Section 4: generation. generate() of the payer spec and of synthetic specs of 100, 1,000 and 5,000 operations
 * (test/bench/synthetic-spec.ts), each run in a fresh child process under a time limit, into a temporary directory;
 * wall time of the generate() call, peak RSS, and the cost per operation to show how generation scales.
 *
 * Every size is tried once before any is repeated; repeats (up to RUNS) go to sizes whose runs are short, while
 * the bench's time budget lasts. A size that does not finish in its limit is reported so, and larger synthetic
 * sizes are then not tried.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runChild } from '../child-runner.js';
import type { GenerateFigures } from '../children/generate-child.js';
import { SYNTHETIC_SPEC_MODULE } from '../paths.js';
import { paragraph, table } from '../markdown.js';
import { fmt, fmtSummary, summarize, type Summary } from '../stats.js';

const CHILD = fileURLToPath(new URL('../children/generate-child.ts', import.meta.url));
export const SYNTHETIC_SIZES = [100, 1000, 5000] as const;
export const RUNS = 3;
export const TIME_LIMIT_MS = 180_000;
/** Only runs shorter than this are repeated. */
const REPEAT_BELOW_MS = 20_000;
/** A child is not started with less time than this left in the budget. */
const MIN_CHILD_MS = 15_000;

export interface GenerationFigures {
  readonly key: string;
  readonly label: string;
  /** Operations asked for (synthetic) or found (payer spec, once a run finishes). */
  readonly operations: number;
  readonly runs: number;
  readonly generateMs?: Summary;
  /** CPU time of the child process during the call (a busy machine moves it less than wall time). */
  readonly generateCpuMs?: Summary;
  /** Loading the generator's modules in the child, before generate() starts. */
  readonly loadMs?: Summary;
  readonly peakRssMb?: Summary;
  readonly msPerOperation?: number;
  /** (median(this) - median(previous size)) / (operations - previous operations), synthetic sizes only. */
  readonly marginalMsPerOperation?: number;
  readonly files?: number;
  readonly specBytes?: number;
  /** Why runs are missing: a time limit hit, a failure, the budget spent, or the synthetic spec module absent. */
  readonly notes: readonly string[];
}

interface Job {
  readonly key: string;
  readonly label: string;
  readonly args: readonly string[];
  readonly operations: number;
  readonly synthetic: boolean;
  readonly samples: GenerateFigures[];
  readonly notes: string[];
  /** No further runs: it failed, hit its limit, or a smaller size did. */
  stopped: boolean;
  lastWallMs: number;
}

/** Runs the generation benchmark until done or until `deadline` (a performance.now() time) is near. */
export async function runGeneration(deadline: number, log: (line: string) => void): Promise<GenerationFigures[]> {
  const jobs: Job[] = [
    { key: 'payer', label: 'payer-v5.yaml', args: ['payer'], operations: 19, synthetic: false },
    ...SYNTHETIC_SIZES.map((n) => ({
      key: `synthetic${n}`,
      label: `synthetic, ${n.toLocaleString('en-US')} operations`,
      args: ['synthetic', String(n)],
      operations: n,
      synthetic: true,
    })),
  ].map((j) => ({ ...j, samples: [], notes: [], stopped: false, lastWallMs: 0 }));

  if (!existsSync(SYNTHETIC_SPEC_MODULE)) {
    for (const j of jobs.filter((j) => j.synthetic)) {
      j.notes.push('not run: test/bench/synthetic-spec.ts does not exist yet');
      j.stopped = true;
    }
  }

  for (let run = 0; run < RUNS; run++) {
    for (const job of jobs) {
      if (job.stopped) continue;
      if (run > 0 && job.lastWallMs >= REPEAT_BELOW_MS) continue;
      const left = deadline - performance.now();
      if (left < MIN_CHILD_MS) {
        if (job.samples.length === 0) job.notes.push('not run: the bench time budget was spent');
        job.stopped = true;
        continue;
      }
      const limit = Math.min(TIME_LIMIT_MS, left);
      const outcome = await runChild<GenerateFigures>(CHILD, job.args, limit);
      job.lastWallMs = outcome.wallMs;
      if (outcome.ok) {
        job.samples.push(outcome.result);
        log(
          `  ${job.label}, run ${run + 1}: ${fmt(outcome.result.generateMs)} ms (CPU ${fmt(outcome.result.generateCpuMs)} ms), peak RSS ${fmt(outcome.result.peakRssMb)} MB`,
        );
        continue;
      }
      job.notes.push(outcome.error);
      job.stopped = true;
      log(`  ${job.label}, run ${run + 1}: ${outcome.error}`);
      if (job.synthetic && outcome.timedOut) {
        for (const larger of jobs.filter((j) => j.synthetic && j.operations > job.operations && !j.stopped)) {
          larger.notes.push(
            `not run: ${job.operations.toLocaleString('en-US')} operations did not finish in ${Math.round(limit / 1000)} s`,
          );
          larger.stopped = true;
        }
      }
    }
  }

  const figures: GenerationFigures[] = [];
  let previous: { operations: number; ms: number } | undefined;
  for (const job of jobs) {
    const base = { key: job.key, label: job.label, runs: job.samples.length, notes: job.notes };
    if (job.samples.length === 0) {
      figures.push({ ...base, operations: job.operations });
      if (job.synthetic) previous = undefined;
      continue;
    }
    const first = job.samples[0]!;
    const generateMs = summarize(job.samples.map((s) => s.generateMs));
    const marginal =
      job.synthetic && previous
        ? (generateMs.median - previous.ms) / (first.operations - previous.operations)
        : undefined;
    figures.push({
      ...base,
      operations: first.operations,
      generateMs,
      ...(job.samples.every((s) => s.generateCpuMs !== undefined)
        ? { generateCpuMs: summarize(job.samples.map((s) => s.generateCpuMs)) }
        : {}),
      loadMs: summarize(job.samples.map((s) => s.loadMs)),
      peakRssMb: summarize(job.samples.map((s) => s.peakRssMb)),
      msPerOperation: generateMs.median / first.operations,
      ...(marginal !== undefined ? { marginalMsPerOperation: marginal } : {}),
      files: first.files,
      specBytes: first.specBytes,
    });
    if (job.synthetic) previous = { operations: first.operations, ms: generateMs.median };
  }
  return figures;
}

export function generationMarkdown(results: readonly GenerationFigures[]): string {
  const rows = results.map((g) => [
    g.label,
    g.generateMs ? fmtSummary(g.generateMs, ' ms') : '–',
    g.generateCpuMs ? fmtSummary(g.generateCpuMs, ' ms') : '–',
    g.runs > 0 ? String(g.runs) : '0',
    g.msPerOperation !== undefined ? fmt(g.msPerOperation) : '–',
    g.marginalMsPerOperation !== undefined ? fmt(g.marginalMsPerOperation) : '',
    g.peakRssMb ? fmtSummary(g.peakRssMb) : '–',
    g.notes.join('; '),
  ]);
  return [
    paragraph(
      'Wall time of the `generate({ spec, out, cwd })` call alone (module loading excluded), and the CPU time of the process ',
      'meanwhile (user + system, all threads and GC: what a busy machine changes less), each run in a fresh process ',
      `writing into a temporary directory; median (min–max) over the runs; time limit ${TIME_LIMIT_MS / 1000} s per run. `,
      '"ms/op": median over operations; "marginal ms/op": the extra time per extra operation since the previous ',
      'synthetic size (flat when generation is linear).',
    ),
    '',
    table(['spec', 'generate()', 'generate(), CPU', 'runs', 'ms/op', 'marginal ms/op', 'peak RSS, MB', 'notes'], rows, [
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
      'r',
      'l',
    ]),
  ].join('\n');
}
