/**
 * Section 7: a large payment file on the payer mock (issue 16, item 1). Files whose lines all share one refCode (every
 * line an error naming 5 others and a count), of 5,000, 20,000 and 80,000 lines (the largest just under the default
 * 1 MiB maxFileBytes). Measured:
 *
 * - the simulator's check alone (checkPaymentFileInSlices, in this process): time per size and the ratios, which a
 *   linear check keeps near 4 and 16;
 * - the stages of one 80,000-line TestPaymentFile, each alone in this process, with the longest time the event loop
 *   was held in one piece during it: reading the file, parsing the CSV (once whole, for scale; the check parses in
 *   slices), the check, and writing the answer's XML (the generic mock runtime, in slices of time, `service.handle`
 *   with a handler that returns the finished check);
 * - the whole call over loopback to the mock in a process of its own (children/payment-file-server.ts), with GetBalances
 *   sent every 10 ms meanwhile: the call's time, the server's longest block, and the GetBalances latencies.
 *
 * The longest block is the largest gap between turns of a setImmediate chain (garbage collection pauses included).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PayerClient, type FileResult } from '../../../generated/client/index.js';
import { DEFAULT_PAYER, createMockService } from '../../../generated/mock/index.js';
import { parseCsv } from '../../../generated/mock/simulator/csv.js';
import { PayerFolder } from '../../../generated/mock/simulator/folder.js';
import { checkPaymentFileInSlices, type PaymentFileOptions } from '../../../generated/mock/simulator/payment-file.js';
import { paragraph, table } from '../markdown.js';
import { REPO_ROOT } from '../paths.js';
import { fmt, fmtSummary, quantile, summarize, type Summary } from '../stats.js';

const SERVER = fileURLToPath(new URL('../children/payment-file-server.ts', import.meta.url));
const LARGEST = 80_000;
export const SIZES = [5_000, 20_000, LARGEST] as const;
/** Runs per size of the check alone, and whole calls per size over loopback. */
const CHECK_RUNS = 5;
const CALL_RUNS = 3;
const PING_INTERVAL_MS = 10;

const fileOf = (lines: number): string => `payeeId,amount,currency,refCode\n${'P001,1,USD,R\n'.repeat(lines)}`;
const OPTIONS: PaymentFileOptions = {
  singleCurrency: true,
  totalAmount: 1,
  currencies: new Set(['USD']),
  payees: new Set(['P001']),
  existingRefCodes: new Set(),
};

export interface StageFigures {
  readonly stage: string;
  readonly ms: Summary;
  /** The longest single block of the event loop while the stage ran, ms (median and spread over runs). */
  readonly blockMs: Summary;
}

export interface CallFigures {
  readonly lines: number;
  readonly fileBytes: number;
  readonly answerBytes: number;
  /** The whole TestPaymentFile call, from sending to the answer's last byte, ms. */
  readonly callMs: Summary;
  /** The server's longest event loop block during the call, ms. */
  readonly serverBlockMs: Summary;
  /** GetBalances sent every 10 ms while the call ran: latency of each, ms, over all runs. */
  readonly getBalancesMs: { readonly n: number; readonly p50: number; readonly p99: number; readonly max: number };
}

export interface PaymentFileFigures {
  /** The machine's 1-minute load average when the section began and ended: on a shared machine a block includes time the OS gave others. */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly sizes: readonly number[];
  /** The check alone per size, ms. */
  readonly checkMs: readonly Summary[];
  /** Median check time of each size over the smallest's: 4 and 16 when linear. */
  readonly checkRatios: readonly number[];
  readonly stages: readonly StageFigures[];
  readonly calls: readonly CallFigures[];
  /** Median whole-call time of each size over the smallest's. */
  readonly callRatios: readonly number[];
}

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** Runs `work` while a setImmediate chain watches the loop: its time and the longest gap between turns, ms. */
async function watched<T>(work: () => Promise<T> | T): Promise<{ value: T; ms: number; blockMs: number }> {
  let on = true;
  let longest = 0;
  let last = performance.now();
  const turn = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (on) setImmediate(turn);
  };
  setImmediate(turn);
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  on = false;
  // The gap that ends with the work's last piece counts too.
  longest = Math.max(longest, performance.now() - last);
  return { value, ms, blockMs: longest };
}

async function stage(name: string, runs: number, work: () => unknown): Promise<StageFigures> {
  const ms: number[] = [];
  const blocks: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const r = await watched(work);
    ms.push(r.ms);
    blocks.push(r.blockMs);
  }
  return { stage: name, ms: summarize(ms), blockMs: summarize(blocks) };
}

// ---- the server child ------------------------------------------------------------------------------------------------

interface Child {
  readonly url: string;
  ask(line: string, answerStart: string): Promise<string>;
  stop(): void;
}

async function startChild(): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: Array<{ start: string; resolve: (line: string) => void }> = [];
  let onUrl: ((url: string) => void) | undefined;
  lines.on('line', (line) => {
    if (onUrl !== undefined && line.startsWith('http://')) return onUrl(line.trim());
    const i = waiting.findIndex((w) => line.startsWith(w.start));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(line.trim());
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the payment file server did not start in 30 s')), 30_000);
    child.once('exit', (code) => reject(new Error(`the payment file server exited (${String(code)})`)));
    onUrl = (u) => {
      clearTimeout(timer);
      resolve(u);
    };
  });
  return {
    url,
    ask: (line, start) =>
      new Promise((resolve) => {
        waiting.push({ start, resolve });
        child.stdin!.write(`${line}\n`);
      }),
    stop: () => {
      child.stdin!.end();
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2000).unref();
    },
  };
}

/** One whole TestPaymentFile over loopback with GetBalances every 10 ms meanwhile. */
async function wholeCall(
  child: Child,
  name: string,
): Promise<{ callMs: number; blockMs: number; pings: number[]; answerBytes: number }> {
  let answered = false;
  let answerBytes = 0;
  const timing: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.text();
    answered = true;
    answerBytes = Buffer.byteLength(text);
    return new Response(text, { status: response.status, headers: response.headers });
  };
  const big = new PayerClient({ baseUrl: child.url, ...DEFAULT_PAYER, throwOnServiceError: false, fetch: timing });
  const small = new PayerClient({ baseUrl: child.url, ...DEFAULT_PAYER });
  await small.getBalances();
  await child.ask('measure start', 'measuring');
  const pings: number[] = [];
  const pinger = (async () => {
    // oxlint-disable-next-line no-unmodified-loop-condition -- the call's continuation sets it while this loop awaits
    while (!answered) {
      const t = performance.now();
      await small.getBalances();
      if (!answered) pings.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, PING_INTERVAL_MS));
    }
  })();
  const t0 = performance.now();
  const result: FileResult = await big.testPaymentFile({ fileName: name, totalAmount: 1 });
  const callMs = performance.now() - t0;
  await pinger;
  const block = Number((await child.ask('measure stop', 'block')).split(' ')[1] ?? Number.NaN);
  if (result.errorCode !== 'ValidationError') throw new Error(`TestPaymentFile answered ${String(result.errorCode)}`);
  return { callMs, blockMs: block, pings, answerBytes };
}

// ---- the section -----------------------------------------------------------------------------------------------------

export async function runPaymentFile(log: (line: string) => void): Promise<PaymentFileFigures> {
  const before = loadavg()[0]!;
  // The check alone.
  const checkMs: Summary[] = [];
  for (const lines of SIZES) {
    const text = fileOf(lines);
    await checkPaymentFileInSlices(text, OPTIONS);
    const s = await stage(`check ${lines}`, CHECK_RUNS, () => checkPaymentFileInSlices(text, OPTIONS));
    checkMs.push(s.ms);
    log(`  check ${lines} lines: ${fmtSummary(s.ms, ' ms')}`);
  }

  // The stages of one call of the largest file.
  const dir = mkdtempSync(join(tmpdir(), 'bench-payment-file-'));
  const stages: StageFigures[] = [];
  try {
    const text = fileOf(LARGEST);
    writeFileSync(join(dir, 'big.csv'), text);
    const folder = new PayerFolder(dir);
    stages.push(
      await stage('read the file (PayerFolder.readText)', CHECK_RUNS, () => folder.readText('big.csv', 1024 * 1024)),
    );
    stages.push(await stage('parse the CSV whole (parseCsv, for scale)', CHECK_RUNS, () => parseCsv(text)));
    stages.push(
      await stage('check, CSV parse included, in slices (checkPaymentFileInSlices)', CHECK_RUNS, () =>
        checkPaymentFileInSlices(text, OPTIONS),
      ),
    );
    const check = await checkPaymentFileInSlices(text, OPTIONS);
    const result: FileResult = {
      errorCode: check.code,
      errorMessage: check.message,
      LineErrorsOrWarning: check.issues,
    };
    const service = createMockService({ handlers: { testPaymentFile: () => result } });
    try {
      const client = new PayerClient({
        baseUrl: 'http://mock.invalid',
        ...DEFAULT_PAYER,
        throwOnServiceError: false,
        // The answer's bytes are read, not decoded: the stage is the mock's writing.
        fetch: (async (input: string | URL | Request, init?: RequestInit) => {
          const r = await watchedHandle(new Request(input, init));
          return new Response(r, { headers: { 'Content-Type': 'text/xml; charset=utf-8' } });
        }) as typeof fetch,
      });
      const ms: number[] = [];
      const blocks: number[] = [];
      const watchedHandle = async (request: Request): Promise<string> => {
        gc();
        // Only the mock's work is watched: reading the Response's text is the caller's.
        const r = await watched(() => service.handle(request));
        ms.push(r.ms);
        blocks.push(r.blockMs);
        return r.value.text();
      };
      for (let i = 0; i < CHECK_RUNS; i++) await client.testPaymentFile({ fileName: 'big.csv', totalAmount: 1 });
      stages.push({
        stage: `the answer's XML, ${LARGEST} line errors (the runtime's writer, service.handle)`,
        ms: summarize(ms),
        blockMs: summarize(blocks),
      });
    } finally {
      await service.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const s of stages)
    log(`  ${s.stage}: ${fmtSummary(s.ms, ' ms')}, longest block ${fmtSummary(s.blockMs, ' ms')}`);

  // Whole calls over loopback.
  const child = await startChild();
  const calls: CallFigures[] = [];
  try {
    for (const lines of SIZES) {
      const name = `same-${lines}.csv`;
      await child.ask(`file ${lines} ${name}`, 'written');
      await wholeCall(child, name);
      const runs = [];
      for (let i = 0; i < CALL_RUNS; i++) runs.push(await wholeCall(child, name));
      const pings = runs.flatMap((r) => r.pings).sort((a, b) => a - b);
      calls.push({
        lines,
        fileBytes: Buffer.byteLength(fileOf(lines)),
        answerBytes: runs[0]!.answerBytes,
        callMs: summarize(runs.map((r) => r.callMs)),
        serverBlockMs: summarize(runs.map((r) => r.blockMs)),
        getBalancesMs: {
          n: pings.length,
          p50: quantile(pings, 0.5),
          p99: quantile(pings, 0.99),
          max: pings[pings.length - 1] ?? Number.NaN,
        },
      });
      const c = calls[calls.length - 1]!;
      log(
        `  TestPaymentFile ${lines} lines over loopback: ${fmtSummary(c.callMs, ' ms')}, server block ${fmtSummary(c.serverBlockMs, ' ms')}, GetBalances p50 ${fmt(c.getBalancesMs.p50)} max ${fmt(c.getBalancesMs.max)} ms (${c.getBalancesMs.n})`,
      );
    }
  } finally {
    child.stop();
  }
  const ratios = (xs: readonly Summary[]): number[] => xs.map((x) => x.median / xs[0]!.median);
  return {
    loadAverage: { before, after: loadavg()[0]! },
    sizes: [...SIZES],
    checkMs,
    checkRatios: ratios(checkMs),
    stages,
    calls,
    callRatios: ratios(calls.map((c) => c.callMs)),
  };
}

export function paymentFileMarkdown(f: PaymentFileFigures): string {
  const ms = (s: Summary): string => fmtSummary(s, ' ms');
  const largest = f.calls[f.calls.length - 1];
  const writer = f.stages[f.stages.length - 1];
  return [
    paragraph(
      `Payment files whose lines all share one refCode, so that every line is an error naming 5 other lines and a count `,
      `(${f.sizes.map((n) => n.toLocaleString('en-US')).join(', ')} lines; the largest just under the default 1 MiB `,
      `maxFileBytes). The simulator checks a file in slices of rows with the event loop free between them. "Longest `,
      `block": the largest gap between turns of a setImmediate chain while the work ran (garbage collection included). `,
      `Median (min–max) of ${CHECK_RUNS} runs in this process, ${CALL_RUNS} whole calls per size over loopback. The `,
      `machine's load average (1 min) was ${fmt(f.loadAverage.before)} when the section began and ${fmt(f.loadAverage.after)} `,
      `when it ended: on a busy machine a block also holds time the system gave to other processes.`,
    ),
    '',
    table(
      [
        'lines',
        'check alone',
        'ratio to 5,000 (linear: 1, 4, 16)',
        'TestPaymentFile whole call',
        'ratio',
        'server longest block',
        'GetBalances meanwhile p50 / p99 / max (n)',
      ],
      f.calls.map((c, i) => [
        c.lines.toLocaleString('en-US'),
        ms(f.checkMs[i]!),
        fmt(f.checkRatios[i]!),
        ms(c.callMs),
        fmt(f.callRatios[i]!),
        ms(c.serverBlockMs),
        `${fmt(c.getBalancesMs.p50)} / ${fmt(c.getBalancesMs.p99)} / ${fmt(c.getBalancesMs.max)} ms (${c.getBalancesMs.n})`,
      ]),
      ['r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    paragraph(`The stages of one ${LARGEST.toLocaleString('en-US')}-line TestPaymentFile, each alone in this process:`),
    '',
    table(
      ['stage', 'time', 'longest block'],
      f.stages.map((s) => [s.stage, ms(s.ms), ms(s.blockMs)]),
      ['l', 'r', 'r'],
    ),
    '',
    largest === undefined || writer === undefined
      ? ''
      : paragraph(
          `The answer (${fmt(largest.answerBytes / 1e6)} MB of XML) is written by the generic mock runtime in slices of `,
          `about 10 ms (templates/runtime/codec/write-slices.ts); its longest block, ${fmt(writer.blockMs.median)} ms, is what comes `,
          `after the last slice: the whole answer joined, encoded as UTF-8 into a Response, and garbage collected.`,
        ),
  ].join('\n');
}
