/**
 * Summaries of repeated measurements: the median with its spread (min, max, quartiles) over rounds, and the
 * formatting the Markdown summary uses for them.
 */

/** A set of samples summarized; every figure is in the samples' own unit. */
export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly p25: number;
  readonly p75: number;
}

/** The q-quantile (0..1) of sorted samples, linearly interpolated between neighbours. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (at - lo);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
    p25: quantile(sorted, 0.25),
    p75: quantile(sorted, 0.75),
  };
}

/** Applies `f` to every figure of a summary (e.g. ms per call into calls per second; min and max swap if f falls). */
export function mapSummary(s: Summary, f: (x: number) => number): Summary {
  const [min, max] = [f(s.min), f(s.max)].sort((a, b) => a - b) as [number, number];
  const [p25, p75] = [f(s.p25), f(s.p75)].sort((a, b) => a - b) as [number, number];
  return { n: s.n, median: f(s.median), min, max, p25, p75 };
}

/** A number with about three significant digits, never in exponent notation. */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  if (a >= 0.01) return x.toFixed(3);
  return x.toPrecision(2);
}

/** `median (min–max)`, the form every figure of the summary takes; a single sample has no spread to show. */
export function fmtSummary(s: Summary, unit = ''): string {
  if (s.n === 1) return `${fmt(s.median)}${unit}`;
  return `${fmt(s.median)}${unit} (${fmt(s.min)}–${fmt(s.max)})`;
}

/** A ratio `a / b` as `3.2×`, or `–` when either side is missing. */
export function fmtRatio(a: number | undefined, b: number | undefined): string {
  if (a === undefined || b === undefined || !(a > 0) || !(b > 0)) return '–';
  return `${fmt(a / b)}×`;
}

/** Rounds every fraction in a value tree to a few significant digits (integers stay exact), for a readable file. */
export function rounded<T>(value: T, digits = 4): T {
  const round = (_key: string, v: unknown): unknown =>
    typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v) ? Number(v.toPrecision(digits)) : v;
  return JSON.parse(JSON.stringify(value, round)) as T;
}
