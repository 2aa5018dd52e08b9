/**
 * Times several contenders side by side in one process: each is checked once (it must decode what is expected),
 * warmed up, given a batch size that makes one batch last about `roundMs`, and then timed in alternating rounds
 * (round r starts with the r-th contender), so that drift of the machine (another process, GC of an earlier
 * contender's garbage, CPU frequency) falls on all of them alike. Every loop is bounded.
 */
import { summarize, type Summary } from './stats.js';

export interface Timeable {
  readonly key: string;
  readonly run: () => number | Promise<number>;
}

export interface RoundsOptions {
  readonly rounds: number;
  /** Target length of one contender's batch in a round. */
  readonly roundMs: number;
  /** Most calls in a batch, whatever the calibration says. */
  readonly maxBatch: number;
  /** Time spent warming each contender up (at least 2 calls, at most maxBatch). */
  readonly warmupMs: number;
  /** What each call must return. */
  readonly expected: number;
  /**
   * Milliseconds of CPU some other process has used so far (a server's, from /proc), sampled around each timed
   * batch like this process's own CPU time; its share per call is reported as `probeCpuMsPerCall`.
   */
  readonly probe?: () => number;
}

export type TimedResult =
  | {
      readonly ok: true;
      readonly msPerCall: Summary;
      /** This process's CPU time (user + system) per call, over the same batches; on a loaded machine it is the steadier figure. */
      readonly cpuMsPerCall: Summary;
      /** The probe's CPU time per call, when a probe was given. */
      readonly probeCpuMsPerCall?: Summary;
      readonly batch: number;
      readonly calls: number;
    }
  | { readonly ok: false; readonly error: string };

const gc = (globalThis as { gc?: () => void }).gc;

async function once(run: () => number | Promise<number>): Promise<number> {
  const value = run();
  return typeof value === 'number' ? value : await value;
}

/** Runs `run` `n` times and returns the milliseconds per call. */
async function batch(run: () => number | Promise<number>, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const value = run();
    if (typeof value !== 'number') await value;
  }
  return (performance.now() - start) / n;
}

export async function timeInRounds(
  contenders: readonly Timeable[],
  options: RoundsOptions,
): Promise<Map<string, TimedResult>> {
  const results = new Map<string, TimedResult>();
  const live: Array<{ c: Timeable; n: number; samples: number[]; cpu: number[]; probe: number[] }> = [];
  for (const c of contenders) {
    try {
      const got = await once(c.run);
      if (got !== options.expected) {
        results.set(c.key, { ok: false, error: `decoded ${got} items, expected ${options.expected}` });
        continue;
      }
      // Warm up, then size the batch from the warm calls.
      let calls = 0;
      const start = performance.now();
      while (calls < 2 || (performance.now() - start < options.warmupMs && calls < options.maxBatch)) {
        await once(c.run);
        calls++;
      }
      const perCall = await batch(c.run, Math.min(calls, 5));
      const n = Math.max(1, Math.min(options.maxBatch, Math.round(options.roundMs / Math.max(perCall, 1e-4))));
      live.push({ c, n, samples: [], cpu: [], probe: [] });
    } catch (error) {
      results.set(c.key, { ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  }
  for (let round = 0; round < options.rounds; round++) {
    for (let k = 0; k < live.length; k++) {
      const entry = live[(round + k) % live.length]!;
      gc?.();
      const cpu = process.cpuUsage();
      const probe = options.probe?.();
      entry.samples.push(await batch(entry.c.run, entry.n));
      const used = process.cpuUsage(cpu);
      entry.cpu.push((used.user + used.system) / 1000 / entry.n);
      if (probe !== undefined) entry.probe.push((options.probe!() - probe) / entry.n);
    }
  }
  for (const { c, n, samples, cpu, probe } of live) {
    results.set(c.key, {
      ok: true,
      msPerCall: summarize(samples),
      cpuMsPerCall: summarize(cpu),
      ...(probe.length > 0 ? { probeCpuMsPerCall: summarize(probe) } : {}),
      batch: n,
      calls: n * samples.length,
    });
  }
  return results;
}
