/**
 * Section 5: the generated payer mock under load. The mock server (children/mock-server.ts: `startMockServer` with
 * credentials, so every request's signature, timestamp and payer name are checked) runs in its own process on
 * 127.0.0.1, pinned to one CPU; autocannon, in this process on the other CPU(s), replays one request per case with
 * 10 connections, pipelining 1, for a few seconds per case in alternating rounds. Cases: GetBalances and
 * TestPaymentFile in each style (SOAP 1.1, SOAP 1.2, HTTP POST), and as a floor a static node:http server (section
 * 3's) answering a GetBalances response of the same size.
 *
 * Each case's request is built once by the generated client (its encoding and HMAC signature, with a fixed clock
 * that the mock shares, so the timestamp stays within the skew), sent once and its answer decoded by the client
 * before any timing; autocannon then checks every answer to be byte for byte that first one (an authentication
 * failure would be a 200 answer with another result, so status codes alone would not show it).
 *
 * Where the time goes: the server process's CPU time per request (from /proc); a CPU profile of the server while it
 * serves GetBalances SOAP 1.1 (node:inspector in the child, for that run only), its busy time split by the code it
 * was in (cpu-profile.ts); the static server's CPU time per request (node:http and the loopback TCP calls alone);
 * and the mock service's `handle` timed in this process without HTTP.
 */
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Instance, Options, Result } from 'autocannon';
import { PayerClient, type Style } from '../../../generated/client/index.js';
import { createMockService } from '../../../generated/mock/index.js';
import { breakDown, type CpuProfile, type ProfileBreakdown } from '../cpu-profile.js';
import { paragraph, table } from '../markdown.js';
import {
  MOCK_ACCOUNTS,
  MOCK_API_KEY,
  MOCK_FILE_NAME,
  MOCK_LINE_ERRORS,
  MOCK_NOW,
  MOCK_PAYER_NAME,
  MOCK_TOTAL_AMOUNT,
  mockOptions,
} from '../mock-handlers.js';
import { REPO_ROOT } from '../paths.js';
import { SERVICE_PATH } from '../responses.js';
import { fmt, fmtSummary, quantile, summarize, type Summary } from '../stats.js';

const MOCK_SERVER = fileURLToPath(new URL('../children/mock-server.ts', import.meta.url));
const STATIC_SERVER = fileURLToPath(new URL('../children/loopback-server.ts', import.meta.url));

/** How the load is applied; the whole section takes about 40 s. */
export const LOAD = {
  connections: 10,
  pipelining: 1,
  /** Alternating rounds, each case once per round. */
  rounds: 2,
  /** Length of one case's run in a round (whole seconds: the per-second samples are whole seconds). */
  runSeconds: 2,
  /** One run per case before the rounds, not counted. */
  warmupSeconds: 1,
  /** One more run of GetBalances SOAP 1.1 with the server's CPU profiler on, not counted. */
  profileSeconds: 2,
} as const;

/** The issue's target: GetBalances on one core. */
export const TARGET = { requestsPerSecond: 5000, p99Ms: 20 } as const;

const OPERATIONS = ['GetBalances', 'TestPaymentFile'] as const;
type Operation = (typeof OPERATIONS)[number];
const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const STYLE_LABEL: Record<Style, string> = { soap11: 'SOAP 1.1', soap12: 'SOAP 1.2', httpPost: 'HTTP POST' };
const OPERATION_LABEL: Record<Operation, string> = {
  GetBalances: `GetBalances (${MOCK_ACCOUNTS} accounts)`,
  TestPaymentFile: `TestPaymentFile (${MOCK_LINE_ERRORS} line errors)`,
};
const STATIC_KEY = 'staticNodeHttp';
/** The case whose server time is profiled. */
const PROFILED_KEY = 'GetBalances.soap11';

/** One request as the client sent it, and the answer it decoded. */
interface Wire {
  readonly url: string;
  /** Request headers as sent, without Content-Length (autocannon writes its own). */
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly answer: string;
  readonly answerBytes: number;
}

export interface MockLoadCase {
  readonly key: string;
  /** The operation, or 'static' for the node:http floor. */
  readonly operation: Operation | 'static';
  readonly style: Style;
  readonly label: string;
  readonly requestBytes?: number;
  readonly answerBytes?: number;
  /** Requests answered in the timed runs. */
  readonly requests?: number;
  /** Mean requests per second over the timed runs (requests / seconds). */
  readonly requestsPerSecondMean?: number;
  /** Per-second samples of the timed runs: requests answered in each whole second. */
  readonly requestsPerSecond?: Summary;
  /** Latency of every timed response, ms: autocannon's time from writing the request to the end of the answer. */
  readonly latencyMs?: { readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number };
  /** p99 of each round, ms. */
  readonly p99PerRoundMs?: readonly number[];
  /** Connection errors, timeouts, non-2xx answers and answers that differ from the first one: all must be 0. */
  readonly errors?: number;
  readonly timeouts?: number;
  readonly non2xx?: number;
  readonly mismatches?: number;
  /** Cores the server process used while timed (CPU seconds / wall seconds), median over rounds. */
  readonly serverCpuCores?: number;
  /** Cores this process (autocannon) used while timed, median over rounds. */
  readonly loadGeneratorCpuCores?: number;
  /** Server CPU time per request, µs (mean over the timed runs). */
  readonly serverCpuUsPerRequest?: number;
  /** The mock service's `handle` in this process, no HTTP: µs per request, median (min–max) of rounds. */
  readonly handleUs?: Summary;
}

export interface MockLoadFigures {
  readonly load: typeof LOAD;
  readonly target: typeof TARGET;
  /** CPU the servers ran on and CPUs this process (the load generator) ran on; absent when not pinned. */
  readonly serverCpu?: number;
  readonly loadGeneratorCpus?: string;
  readonly pinning: string;
  readonly autocannon: string;
  /** The machine's 1-minute load average when the section began and when its load runs ended. */
  readonly loadAverage: { readonly before: number; readonly after: number };
  readonly cases: readonly MockLoadCase[];
  /** Where the server's busy time went while it served one case (GetBalances, SOAP 1.1). */
  readonly profile?: ProfileBreakdown & { readonly key: string; readonly label: string; readonly seconds: number };
}

// ---- pinning ---------------------------------------------------------------------------------------------------------

interface Pinning {
  readonly serverCpu?: number;
  readonly loadCpus?: string;
  readonly how: string;
  readonly restore: () => void;
}

function taskset(args: readonly string[]): string | undefined {
  const r = spawnSync('taskset', [...args], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout : undefined;
}

/** `0-2,5` -> [0, 1, 2, 5]. */
function cpuListOf(text: string): number[] {
  const out: number[] = [];
  for (const part of text.trim().split(',')) {
    const [a, b] = part.split('-').map(Number);
    if (a === undefined || !Number.isInteger(a)) continue;
    for (let c = a; c <= (b ?? a); c++) out.push(c);
  }
  return out;
}

/**
 * The servers get the last CPU this process may use, this process (autocannon) the others, for the section only.
 * Needs taskset and two CPUs; otherwise nothing is pinned and the figures say so.
 */
function pin(): Pinning {
  const none = (why: string): Pinning => ({ how: `not pinned: ${why}`, restore: () => {} });
  const shown = taskset(['-c', '-p', String(process.pid)]);
  if (shown === undefined) return none('taskset is not available');
  const original = shown.slice(shown.lastIndexOf(':') + 1).trim();
  const cpus = cpuListOf(original);
  if (cpus.length < 2) return none(`only CPU ${original} is available`);
  const serverCpu = cpus[cpus.length - 1]!;
  const loadCpus = cpus.slice(0, -1).join(',');
  const moved = taskset(['-a', '-c', '-p', loadCpus, String(process.pid)]) !== undefined;
  return {
    serverCpu,
    loadCpus: moved ? loadCpus : undefined,
    how:
      `each server process started under \`taskset -c ${serverCpu}\` (all its threads, V8's GC and compiler helpers ` +
      `included, on that one CPU)${moved ? `; autocannon (this process) on CPU ${loadCpus}` : '; autocannon unpinned'}`,
    restore: () => {
      if (moved) taskset(['-a', '-c', '-p', original, String(process.pid)]);
    },
  };
}

// ---- server processes ------------------------------------------------------------------------------------------------

interface Server {
  readonly origin: string;
  readonly pid: number;
  readonly stop: () => void;
  /** Writes a line to the server's stdin and waits for `answer` on its stdout (the mock server only). */
  readonly ask?: (line: string, answer: string) => Promise<void>;
}

function spawnServer(script: string, cpu: number | undefined, stdio: StdioOptions): ChildProcess {
  const args = [process.execPath, '--import', 'tsx', script];
  return cpu === undefined
    ? spawn(args[0]!, args.slice(1), { cwd: REPO_ROOT, stdio })
    : spawn('taskset', ['-c', String(cpu), ...args], { cwd: REPO_ROOT, stdio });
}

/** Resolves once `ready` reports the origin; rejects if the child fails or exits first, or after 30 s. */
function started(
  child: ChildProcess,
  what: string,
  ready: (resolve: (origin: string) => void) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start in 30 s`));
    }, 30_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${String(code)})`));
    });
    ready((origin) => {
      clearTimeout(timer);
      resolve(origin);
    });
  });
}

/** The mock server child: its first stdout line is its origin; closing its stdin stops it. */
async function startMock(cpu: number | undefined): Promise<Server> {
  const child = spawnServer(MOCK_SERVER, cpu, ['pipe', 'pipe', 'inherit']);
  const stop = (): void => {
    child.stdin?.end();
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2000).unref();
  };
  const lines = createInterface({ input: child.stdout! });
  const waiting: Array<{ answer: string; resolve: () => void }> = [];
  let onOrigin: ((origin: string) => void) | undefined;
  lines.on('line', (line) => {
    if (onOrigin !== undefined && line.startsWith('http://')) {
      onOrigin(line.trim());
      onOrigin = undefined;
      return;
    }
    const i = waiting.findIndex((w) => w.answer === line.trim());
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve();
  });
  const ask = (line: string, answer: string): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the mock server did not answer "${line}" in 30 s`)), 30_000);
      waiting.push({ answer, resolve: () => (clearTimeout(timer), resolve()) });
      child.stdin!.write(`${line}\n`);
    });
  try {
    const origin = await started(child, 'the mock server', (resolve) => (onOrigin = resolve));
    return { origin, pid: child.pid ?? 0, stop, ask };
  } catch (error) {
    stop();
    throw error;
  }
}

/** Section 3's static server: it reports its port over IPC and stops when the channel closes. */
async function startStatic(cpu: number | undefined): Promise<Server> {
  const child = spawnServer(STATIC_SERVER, cpu, ['ignore', 'ignore', 'inherit', 'ipc']);
  const stop = (): void => {
    if (child.connected) child.disconnect();
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2000).unref();
  };
  try {
    const origin = await started(child, 'the static server', (resolve) => {
      child.once('message', (m) => resolve(`http://127.0.0.1:${(m as { port: number }).port}`));
    });
    return { origin, pid: child.pid ?? 0, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** CPU seconds (user + system) a process has used, from /proc; undefined where there is no /proc. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

// ---- requests --------------------------------------------------------------------------------------------------------

/** Calls `operation` once through the generated client against the mock, capturing what went over the wire. */
async function capture(origin: string, operation: Operation, style: Style): Promise<Wire> {
  let sent: { url: string; headers: Record<string, string>; body: string } | undefined;
  let answer = '';
  const capturing = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
      if (name.toLowerCase() !== 'content-length') headers[name] = value;
    }
    sent = {
      url: input instanceof Request ? input.url : String(input),
      headers,
      body: typeof init?.body === 'string' ? init.body : '',
    };
    const response = await fetch(input, init);
    answer = await response.text();
    return new Response(answer, { status: response.status, headers: response.headers });
  }) as typeof fetch;
  const client = new PayerClient({
    baseUrl: origin,
    payerName: MOCK_PAYER_NAME,
    apiKey: MOCK_API_KEY,
    style,
    now: () => MOCK_NOW,
    fetch: capturing,
    // TestPaymentFile answers ValidationError with its line errors: read, not thrown.
    throwOnServiceError: false,
  });
  const items =
    operation === 'GetBalances'
      ? (await client.getBalances()).AccountInfos?.length
      : (await client.testPaymentFile({ fileName: MOCK_FILE_NAME, totalAmount: MOCK_TOTAL_AMOUNT })).LineErrorsOrWarning
          ?.length;
  const expected = operation === 'GetBalances' ? MOCK_ACCOUNTS : MOCK_LINE_ERRORS;
  if (items !== expected)
    throw new Error(`the client decoded ${String(items)} items from the mock's answer, expected ${expected}`);
  if (sent === undefined || sent.body === '') throw new Error('the client sent no request body');
  return { ...sent, answer, answerBytes: Buffer.byteLength(answer) };
}

/** The static server's answer to the GetBalances SOAP 1.1 request. */
async function staticWire(origin: string, like: Wire): Promise<Wire> {
  const url = `${origin}${SERVICE_PATH}`;
  const response = await fetch(url, { method: 'POST', headers: like.headers, body: like.body });
  const answer = await response.text();
  if (response.status !== 200) throw new Error(`the static server answered ${response.status}`);
  return { ...like, url, answer, answerBytes: Buffer.byteLength(answer) };
}

// ---- load ------------------------------------------------------------------------------------------------------------

type Autocannon = (options: Options, callback: (error: unknown, result: Result) => void) => Instance;

interface LoadRun {
  readonly times: number[];
  /** Responses in each whole second of the run. */
  readonly perSecond: number[];
  readonly result: Result;
  readonly serverCpuCores?: number;
  readonly loadGeneratorCpuCores: number;
}

/** One autocannon run of `seconds` against `wire.url`; response times and per-second counts from its events. */
async function loadRun(autocannon: Autocannon, wire: Wire, seconds: number, serverPid: number): Promise<LoadRun> {
  const times: number[] = [];
  const perSecond = Array.from({ length: seconds }, () => 0);
  const windowMs = seconds * 1000;
  const cpuBefore = cpuSecondsOf(serverPid);
  const ownBefore = process.cpuUsage();
  const t0 = performance.now();
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: wire.url,
        method: 'POST',
        headers: wire.headers,
        body: wire.body,
        connections: LOAD.connections,
        pipelining: LOAD.pipelining,
        duration: seconds,
        timeout: 10,
        expectBody: wire.answer,
      },
      (error, r) => (error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve(r)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      const at = performance.now() - t0;
      if (at >= windowMs) return;
      times.push(ms);
      perSecond[Math.floor(at / 1000)]!++;
    });
  });
  const wallSeconds = (performance.now() - t0) / 1000;
  const cpuAfter = cpuSecondsOf(serverPid);
  const own = process.cpuUsage(ownBefore);
  return {
    times,
    perSecond,
    result,
    serverCpuCores:
      cpuBefore !== undefined && cpuAfter !== undefined ? (cpuAfter - cpuBefore) / wallSeconds : undefined,
    loadGeneratorCpuCores: (own.user + own.system) / 1e6 / wallSeconds,
  };
}

interface LiveCase {
  readonly key: string;
  readonly operation: Operation | 'static';
  readonly style: Style;
  readonly label: string;
  readonly wire: Wire;
  readonly server: Server;
  readonly runs: LoadRun[];
}

function figuresOf(c: LiveCase): MockLoadCase {
  const times = c.runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const perSecond = c.runs.flatMap((r) => r.perSecond);
  const sum = (f: (r: Result) => number): number => c.runs.reduce((n, r) => n + f(r.result), 0);
  const requests = perSecond.reduce((a, b) => a + b, 0);
  const mean = requests / perSecond.length;
  const cpu = c.runs.map((r) => r.serverCpuCores).filter((x): x is number => x !== undefined);
  const serverCpuCores = cpu.length > 0 ? summarize(cpu).median : undefined;
  return {
    key: c.key,
    operation: c.operation,
    style: c.style,
    label: c.label,
    requestBytes: Buffer.byteLength(c.wire.body),
    answerBytes: c.wire.answerBytes,
    requests,
    requestsPerSecondMean: mean,
    requestsPerSecond: summarize(perSecond),
    latencyMs: {
      p50: quantile(times, 0.5),
      p90: quantile(times, 0.9),
      p99: quantile(times, 0.99),
      max: times[times.length - 1] ?? Number.NaN,
    },
    p99PerRoundMs: c.runs.map((r) =>
      quantile(
        [...r.times].sort((a, b) => a - b),
        0.99,
      ),
    ),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    mismatches: sum((r) => r.mismatches),
    serverCpuCores,
    loadGeneratorCpuCores: summarize(c.runs.map((r) => r.loadGeneratorCpuCores)).median,
    serverCpuUsPerRequest: serverCpuCores !== undefined && mean > 0 ? (serverCpuCores * 1e6) / mean : undefined,
  };
}

/**
 * The mock service's `handle` alone, in this process, no HTTP: a web Request made from the captured request, handle,
 * and the answer read into bytes, with as many calls in flight as autocannon has connections. Every case is warmed
 * up, then timed in HANDLE_ROUNDS alternating rounds of about HANDLE_ROUND_MS each; µs per request, median (min–max)
 * of the rounds. Not with alternating-rounds.ts: its gc() before every batch shrinks V8's young generation, and an
 * allocation-heavy async batch right after it runs about twice as slow as under steady load.
 */
const HANDLE_ROUNDS = 3;
const HANDLE_ROUND_MS = 150;
const HANDLE_WARMUP_MS = 250;

async function timeHandle(cases: readonly LiveCase[]): Promise<Map<string, Summary>> {
  const service = createMockService(mockOptions());
  const timed = cases
    .filter((c) => c.operation !== 'static')
    .map((c) => {
      const wire = c.wire;
      const state = { bad: 0, samples: [] as number[] };
      const one = async (): Promise<void> => {
        const response = await service.handle(
          new Request(wire.url, { method: 'POST', headers: wire.headers, body: wire.body }),
        );
        const bytes = await response.arrayBuffer();
        if (response.status !== 200 || bytes.byteLength !== wire.answerBytes) state.bad++;
      };
      /** Runs calls, LOAD.connections in flight, for about `ms`; returns µs per call. */
      const batch = async (ms: number): Promise<number> => {
        const start = performance.now();
        let calls = 0;
        await Promise.all(
          Array.from({ length: LOAD.connections }, async () => {
            while (performance.now() - start < ms) {
              await one();
              calls++;
            }
          }),
        );
        return ((performance.now() - start) * 1000) / calls;
      };
      return { key: c.key, state, batch };
    });
  for (const t of timed) await t.batch(HANDLE_WARMUP_MS);
  for (let round = 0; round < HANDLE_ROUNDS; round++) {
    for (let k = 0; k < timed.length; k++) {
      const t = timed[(round + k) % timed.length]!;
      t.state.samples.push(await t.batch(HANDLE_ROUND_MS));
    }
  }
  const out = new Map<string, Summary>();
  for (const t of timed) if (t.state.bad === 0) out.set(t.key, summarize(t.state.samples));
  // The service's simulator made a temporary SFTP folder.
  await service.close();
  return out;
}

/** Profiles the mock server while it serves one case for `seconds`; undefined where the profile could not be had. */
async function profileCase(
  autocannon: Autocannon,
  c: LiveCase,
  seconds: number,
): Promise<ProfileBreakdown | undefined> {
  const ask = c.server.ask;
  if (ask === undefined) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-mock-'));
  const file = join(dir, 'mock-server.cpuprofile');
  try {
    await ask('profile start', 'profiling');
    await loadRun(autocannon, c.wire, seconds, c.server.pid);
    await ask(`profile stop ${file}`, 'profiled');
    return breakDown(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runMock(log: (line: string) => void): Promise<MockLoadFigures> {
  const autocannon = (await import('autocannon')).default as unknown as Autocannon;
  const version = (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version;
  const loadBefore = loadavg()[0] ?? 0;
  const pinning = pin();
  const servers: Server[] = [];
  try {
    const mock = await startMock(pinning.serverCpu);
    servers.push(mock);
    const floor = await startStatic(pinning.serverCpu);
    servers.push(floor);
    log(`  ${pinning.how}`);

    const live: LiveCase[] = [];
    for (const operation of OPERATIONS) {
      for (const style of STYLES) {
        const wire = await capture(mock.origin, operation, style);
        live.push({
          key: `${operation}.${style}`,
          operation,
          style,
          label: `${OPERATION_LABEL[operation]}, ${STYLE_LABEL[style]}`,
          wire,
          server: mock,
          runs: [],
        });
      }
    }
    live.push({
      key: STATIC_KEY,
      operation: 'static',
      style: 'soap11',
      label: 'floor: static node:http server, GetBalances answer, SOAP 1.1',
      wire: await staticWire(floor.origin, live[0]!.wire),
      server: floor,
      runs: [],
    });

    for (const c of live) await loadRun(autocannon, c.wire, LOAD.warmupSeconds, c.server.pid);
    for (let round = 0; round < LOAD.rounds; round++) {
      for (let k = 0; k < live.length; k++) {
        const c = live[(round + k) % live.length]!;
        const run = await loadRun(autocannon, c.wire, LOAD.runSeconds, c.server.pid);
        c.runs.push(run);
        const rate = run.perSecond.reduce((a, b) => a + b, 0) / LOAD.runSeconds;
        log(
          `  round ${round + 1}: ${c.label}: ${fmt(rate)} requests/s, p99 ${fmt(
            quantile(
              [...run.times].sort((a, b) => a - b),
              0.99,
            ),
          )} ms`,
        );
      }
    }
    const profiled = live.find((c) => c.key === PROFILED_KEY)!;
    let profile: ProfileBreakdown | undefined;
    try {
      profile = await profileCase(autocannon, profiled, LOAD.profileSeconds);
    } catch (error) {
      log(`  profile: ${error instanceof Error ? error.message : String(error)}`);
    }
    const loadAfter = loadavg()[0] ?? 0;
    const handle = await timeHandle(live);
    const cases = live.map((c): MockLoadCase => {
      const us = handle.get(c.key);
      return { ...figuresOf(c), ...(us ? { handleUs: us } : {}) };
    });
    return {
      load: LOAD,
      target: TARGET,
      serverCpu: pinning.serverCpu,
      loadGeneratorCpus: pinning.loadCpus,
      pinning: pinning.how,
      autocannon: version,
      loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
      cases,
      ...(profile
        ? { profile: { key: PROFILED_KEY, label: profiled.label, seconds: LOAD.profileSeconds, ...profile } }
        : {}),
    };
  } finally {
    for (const s of servers) s.stop();
    pinning.restore();
  }
}

// ---- markdown --------------------------------------------------------------------------------------------------------

const ms = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '–' : `${fmt(x)} ms`);
const us = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '–' : `${fmt(x)} µs`);
const pct = (share: number): string => `${fmt(share * 100)}%`;

function problems(c: MockLoadCase): number {
  return (c.errors ?? 0) + (c.timeouts ?? 0) + (c.non2xx ?? 0) + (c.mismatches ?? 0);
}

/** The sentence on the target: met or not, for each GetBalances style. */
function targetSentence(f: MockLoadFigures): string {
  const gb = f.cases.filter((c) => c.operation === 'GetBalances' && c.requestsPerSecondMean !== undefined);
  if (gb.length === 0) return 'No GetBalances case finished, so the target cannot be judged.';
  const rateMet = (c: MockLoadCase): boolean => (c.requestsPerSecondMean ?? 0) >= f.target.requestsPerSecond;
  const p99Met = (c: MockLoadCase): boolean => (c.latencyMs?.p99 ?? Infinity) < f.target.p99Ms;
  const met = (c: MockLoadCase): boolean => rateMet(c) && p99Met(c) && problems(c) === 0;
  const each = gb
    .map(
      (c) => `${fmt(c.requestsPerSecondMean!)} requests/s with p99 ${ms(c.latencyMs?.p99)} (${STYLE_LABEL[c.style]})`,
    )
    .join(', ');
  const verdict = gb.every(met) ? 'Met' : gb.some(met) ? 'Met in some styles only' : 'Not met';
  const worst = Math.min(...gb.map((c) => c.requestsPerSecondMean ?? 0));
  const rate = gb.every(rateMet)
    ? 'the rate is reached in every style'
    : `the rate is ${pct(1 - worst / f.target.requestsPerSecond)} short at worst`;
  const p99 = gb.every(p99Met)
    ? `p99 is under ${f.target.p99Ms} ms in every style`
    : `p99 is over ${f.target.p99Ms} ms in some style`;
  return paragraph(
    `**Target** (issue 9): at least ${f.target.requestsPerSecond.toLocaleString('en-US')} GetBalances requests/s on one core `,
    `with p99 under ${f.target.p99Ms} ms. **${verdict}**: GetBalances reaches ${each}; ${rate}, and ${p99}.`,
  );
}

/** Where the server's time goes, from the profile of one case, the floor and the in-process figure. */
function timeParagraph(f: MockLoadFigures): string[] {
  const p = f.profile;
  const c = f.cases.find((x) => x.key === p?.key);
  const floor = f.cases.find((x) => x.key === STATIC_KEY);
  if (p === undefined || c?.serverCpuUsPerRequest === undefined) {
    return ['Where the time goes could not be worked out: the profile or the CPU figures from /proc are missing.'];
  }
  const perRequest = c.serverCpuUsPerRequest;
  const rows = p.shares.map((s) => [s.label, pct(s.share), us(s.share * perRequest)]);
  const share = (key: string): number => p.shares.find((s) => s.key === key)?.share ?? 0;
  const top = [...p.shares].sort((a, b) => b.share - a.share);
  const saturated = (c.serverCpuCores ?? 0) >= 0.9;
  const handle = c.handleUs?.median;
  const withoutWeb = perRequest * (1 - share('webApi'));
  const sentences = [
    `**Where the time goes** (${c.label}): the server process uses ${us(perRequest)} of CPU per request ` +
      `(${fmt(c.serverCpuCores ?? Number.NaN)} of its core busy at ${fmt(c.requestsPerSecondMean ?? Number.NaN)} requests/s` +
      (saturated
        ? ', so the server, not autocannon, sets the rate);'
        : '; the core was not saturated, so part of the limit lies outside the server);') +
      ` ${f.target.requestsPerSecond.toLocaleString('en-US')} requests/s on one core leave ${us(1e6 / f.target.requestsPerSecond)}.`,
    `A ${p.seconds} s CPU profile of the server under the same load (V8's sampling profiler; idle ${pct(p.idleShare)} of ` +
      `the time) splits its busy time as in the table below. The largest parts: ` +
      `${top
        .slice(0, 3)
        .map((s) => `${s.label.replace(/[:(].*$/, '').trim()} ${pct(s.share)}`)
        .join(', ')}.`,
    `The server reads requests from node:http directly (templates/runtime/mock/exchange.ts: headers, the body's ` +
      `chunks, a signal made only when asked for) and writes each answer whole, so the web Request/Response layer ` +
      `should be nearly gone from the profile; what is left of it would take the rest to about ${us(withoutWeb)} per ` +
      `request, at most about ${fmt(1e6 / withoutWeb)} requests/s.`,
  ];
  if (floor?.serverCpuUsPerRequest !== undefined) {
    sentences.push(
      `For scale, the static node:http server reads the same request and writes an answer of the same size for ` +
        `${us(floor.serverCpuUsPerRequest)} of CPU per request (${fmt(floor.requestsPerSecondMean ?? Number.NaN)} requests/s on ` +
        `the same core)` +
        (floor.serverCpuUsPerRequest < share('socketWrites') * perRequest
          ? `: less than the mock's socket writes alone (${us(share('socketWrites') * perRequest)}).`
          : `; the mock's socket writes alone take ${us(share('socketWrites') * perRequest)}.`),
    );
  }
  if (handle !== undefined) {
    sentences.push(
      `The mock service's \`handle\` alone, in process with no HTTP (a web Request made from the body text in, the ` +
        `answer's bytes out), takes ${us(handle)} per request.`,
    );
  }
  return [
    sentences.join(' '),
    '',
    table(["part of the server's busy time", 'share', 'CPU per request'], rows, ['l', 'r', 'r']),
  ];
}

export function mockMarkdown(f: MockLoadFigures): string {
  const rows = f.cases.map((c) => {
    if (c.requestsPerSecond === undefined) return [c.label, 'no figures', '', '', '', '', '', '', '', ''];
    return [
      c.label,
      `${c.requestBytes ?? '–'} / ${c.answerBytes ?? '–'}`,
      fmt(c.requestsPerSecondMean ?? Number.NaN),
      fmtSummary(c.requestsPerSecond),
      ms(c.latencyMs?.p50),
      ms(c.latencyMs?.p99),
      ms(c.latencyMs?.max),
      c.serverCpuCores === undefined ? '–' : fmt(c.serverCpuCores),
      us(c.serverCpuUsPerRequest),
      String(problems(c)),
    ];
  });
  const handleRows = f.cases
    .filter((c) => c.handleUs !== undefined)
    .map((c) => [c.label, fmtSummary(c.handleUs!, ' µs'), us(c.serverCpuUsPerRequest)]);
  return [
    paragraph(
      `The generated payer mock (\`startMockServer\` from generated/mock/, children/mock-server.ts) in its own process on `,
      `127.0.0.1 with \`credentials\`, so that every request's HMAC signature, timestamp and payer name are checked as in `,
      `real use; handlers answer fixed results. Pinning: ${f.pinning}. autocannon ${f.autocannon}: ${f.load.connections} `,
      `connections, pipelining ${f.load.pipelining}, keep-alive, replaying one request per case, built once by the generated `,
      `client (its encoding and signature; the client and the mock share a fixed clock, so the timestamp stays valid) and `,
      `decoded by it once before timing; autocannon checks every answer to be that first one byte for byte. `,
      `${f.load.warmupSeconds} s warm-up per case, then ${f.load.rounds} alternating rounds of ${f.load.runSeconds} s per case. `,
      `Requests/s: the mean over the timed runs, and the median (min–max) of the per-second samples; latency: percentiles `,
      `of every timed response (from writing the request to the end of the answer). "server CPU": cores the server `,
      `process used while timed, and CPU time per request (from /proc). "errors": connection errors, timeouts, non-2xx `,
      `and differing answers; all must be 0. The machine's load average (1 min) was ${f.loadAverage.before} when the `,
      `section began and ${f.loadAverage.after} when its load runs ended (the section itself keeps one core busy and part of the other).`,
    ),
    '',
    table(
      [
        'case',
        'request / answer bytes',
        'requests/s (mean)',
        'requests/s per second',
        'p50',
        'p99',
        'max',
        'server CPU (cores)',
        'server CPU per request',
        'errors',
      ],
      rows,
      ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
    '',
    targetSentence(f),
    '',
    ...timeParagraph(f),
    '',
    paragraph(
      `The mock service's \`handle\` in process, no HTTP, ${f.load.connections} calls in flight: µs per request, median `,
      `(min–max) of ${HANDLE_ROUNDS} batches, beside the server's CPU per request over HTTP.`,
    ),
    '',
    table(['case', 'handle() in process', 'server CPU per request over HTTP'], handleRows, ['l', 'r', 'r']),
  ].join('\n');
}
