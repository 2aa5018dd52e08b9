/**
 * Section 3: GetBalances over real loopback HTTP. A static node:http server in its own process answers on
 * 127.0.0.1. Each contender runs in a process of its own (children/loopback-client.ts: in one shared process they
 * slowed each other), warmed up alone, then timed in alternating rounds, sequentially and with 16 calls in flight:
 *
 * - bare node:http: `http.request` with a keep-alive agent, sending the bytes our client sends and reading the body
 *   into one string, nothing decoded: the floor, what the socket and the server allow a Node client;
 * - bare global fetch (undici), the same request, `await response.text()`;
 * - our client with its default transport on Node (node:http, keep-alive agent) and with `transport: 'fetch'`;
 * - node-soap (its real HTTP layer: axios over node:http's global agent).
 *
 * Calls per second (median of rounds), their share of the floor's rate, and CPU time per call of the contender's
 * process and of the server process (from /proc), measured over the same batches: on a shared machine the CPU
 * figures are the steadier ones.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClientResult, ClientSetup, ClientStep } from '../children/loopback-client.js';
import { REPO_ROOT } from '../paths.js';
import { API_KEY, PAYER_NAME } from '../contenders.js';
import { paragraph, table } from '../markdown.js';
import { PayerClient } from '../../../generated/client/index.js';
import { fmt, fmtSummary, mapSummary, summarize, type Summary } from '../stats.js';

const SERVER = fileURLToPath(new URL('../children/loopback-server.ts', import.meta.url));
const CLIENT = fileURLToPath(new URL('../children/loopback-client.ts', import.meta.url));
export const ROUNDS = 5;
/**
 * Each contender is warmed up this long before its rounds: a client on node:http took about 6,000 sequential calls
 * (some 3 s) to reach its steady speed (its CPU per call fell from 650 µs over the first 2,000 calls to 120-170 µs),
 * and a 300 ms warm-up measured that ramp rather than the client.
 */
const WARMUP_MS = 3000;
/** Sequential calls are timed in runs of 20, so that reading the CPU clocks costs nothing per call. */
const MODES = [
  { key: 'sequential', label: 'sequential', inFlight: 1, callsPerRun: 20 },
  { key: 'inFlight16', label: '16 in flight', inFlight: 16, callsPerRun: 160 },
] as const;

/** The floor every other contender is compared with. */
const FLOOR = 'bareHttp';

export interface LoopbackFigures {
  readonly mode: string;
  readonly inFlight: number;
  readonly contenders: ReadonlyArray<{
    readonly key: string;
    readonly label: string;
    readonly callsPerSecond?: Summary;
    /** Median calls/s over the floor's median calls/s. */
    readonly shareOfFloor?: number;
    /** CPU time of this process (the client) per call, µs. */
    readonly clientCpuUsPerCall?: Summary;
    /** CPU time of the server process per call, µs. */
    readonly serverCpuUsPerCall?: Summary;
    readonly calls?: number;
    readonly error?: string;
  }>;
}

function startServer(): Promise<{ port: number; items: number; pid: number; stop: () => void }> {
  const child = fork(SERVER, [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const stop = (): void => {
    if (child.connected) child.disconnect();
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2000).unref();
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the loopback server did not start in 30 s'));
    }, 30_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      const { port, items } = m as { port: number; items: number };
      resolve({ port, items, pid: child.pid ?? 0, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the loopback server exited (${String(code)})`));
    });
  });
}

/** CPU milliseconds (user + system) a process has used, from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number): (() => number) | undefined {
  const path = `/proc/${pid}/stat`;
  try {
    readFileSync(path);
  } catch {
    return undefined;
  }
  // Clock ticks are 1/100 s on Linux (sysconf(_SC_CLK_TCK)); fields 14 and 15 after the command name.
  return () => {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
}

/** What our client sends for GetBalances, captured once, so that the bare contenders send the same bytes. */
async function capturedRequest(
  origin: string,
): Promise<{ url: string; headers: Record<string, string>; text: string; body: Buffer }> {
  let seen: { url: string; headers: Record<string, string>; body: string } | undefined;
  const capture = (async (input: string | URL | Request, init?: RequestInit) => {
    seen = {
      url: input instanceof Request ? input.url : String(input),
      headers: init?.headers as Record<string, string>,
      body: typeof init?.body === 'string' ? init.body : '',
    };
    return new Response('', { status: 503 });
  }) as typeof fetch;
  await new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY, fetch: capture })
    .getBalances()
    .catch(() => undefined);
  if (seen === undefined) throw new Error('the client sent nothing');
  return { url: seen.url, headers: seen.headers, text: seen.body, body: Buffer.from(seen.body, 'utf8') };
}

/** A contender's process (children/loopback-client.ts): one step at a time, answered in order. */
interface ClientProcess {
  step(message: ClientSetup | ClientStep): Promise<ClientResult>;
  stop(): void;
}

function startClient(): ClientProcess {
  const child = fork(CLIENT, [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let pending: { resolve: (r: ClientResult) => void; reject: (e: Error) => void } | undefined;
  child.on('message', (m) => {
    const p = pending;
    pending = undefined;
    p?.resolve(m as ClientResult);
  });
  child.once('exit', (code) => pending?.reject(new Error(`a loopback client exited (${String(code)})`)));
  return {
    step: (message) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(message);
      }),
    stop: () => {
      if (child.connected) child.disconnect();
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2000).unref();
    },
  };
}

const CONTENDERS: ReadonlyArray<{ key: ClientSetup['contender']; label: string }> = [
  { key: FLOOR, label: 'bare node:http, keep-alive agent (the floor)' },
  { key: 'bareFetch', label: 'bare global fetch (undici)' },
  { key: 'oursCall', label: 'ours, default transport (node:http)' },
  { key: 'oursFetch', label: "ours, transport: 'fetch'" },
  { key: 'nodeSoapCall', label: 'node-soap (axios, node:http)' },
];

/** Time per round and contender. */
const ROUND_MS = 600;

export async function runLoopback(log: (line: string) => void): Promise<LoopbackFigures[]> {
  const server = await startServer();
  const clients = CONTENDERS.map(() => startClient());
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const sent = await capturedRequest(origin);
    const expected = server.items;
    const setups = await Promise.all(
      clients.map((c, i) =>
        c.step({
          contender: CONTENDERS[i]!.key,
          origin,
          sent: { url: sent.url, headers: sent.headers, text: sent.text },
          expected,
        }),
      ),
    );
    const probe = processCpuMs(server.pid);
    const out: LoopbackFigures[] = [];
    for (const mode of MODES) {
      const { inFlight, callsPerRun } = mode;
      // Warmed up one after the other (each alone on the machine), then a batch size per contender that fills a round.
      const runs: number[] = [];
      const failures: Array<string | undefined> = [];
      for (const [i, client] of clients.entries()) {
        const warm = await client.step({ kind: 'warm', ms: WARMUP_MS, inFlight, callsPerRun });
        failures[i] =
          warm.error ??
          (setups[i]!.error || !warm.ok ? (setups[i]!.error ?? 'a call did not decode every item') : undefined);
        runs[i] = Math.max(1, Math.round(ROUND_MS / Math.max(warm.wallMs / warm.runs, 1e-3)));
      }
      const wall: number[][] = clients.map(() => []);
      const cpu: number[][] = clients.map(() => []);
      const serverCpu: number[][] = clients.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        for (let k = 0; k < clients.length; k++) {
          const i = (round + k) % clients.length;
          if (failures[i] !== undefined) continue;
          const before = probe?.();
          const r = await clients[i]!.step({ kind: 'batch', runs: runs[i]!, inFlight, callsPerRun });
          if (r.error !== undefined || !r.ok) {
            failures[i] = r.error ?? 'a call did not decode every item';
            continue;
          }
          wall[i]!.push(r.wallMs / r.runs);
          cpu[i]!.push(r.cpuMs / r.runs);
          if (before !== undefined) serverCpu[i]!.push((probe!() - before) / r.runs);
        }
      }
      const perCall = (s: Summary): Summary => mapSummary(s, (ms) => (ms * 1000) / callsPerRun);
      const rateOf = (i: number): Summary => mapSummary(summarize(wall[i]!), (ms) => callsPerRun / (ms / 1000));
      const floorIndex = CONTENDERS.findIndex((c) => c.key === FLOOR);
      const floorRate = failures[floorIndex] === undefined ? rateOf(floorIndex).median : undefined;
      const contenders = CONTENDERS.map((c, i) => {
        if (failures[i] !== undefined) return { key: c.key, label: c.label, error: failures[i] };
        const callsPerSecond = rateOf(i);
        const shareOfFloor = floorRate !== undefined ? callsPerSecond.median / floorRate : undefined;
        const clientCpuUsPerCall = perCall(summarize(cpu[i]!));
        const serverCpuUsPerCall = serverCpu[i]!.length > 0 ? perCall(summarize(serverCpu[i]!)) : undefined;
        log(
          `  ${mode.label}: ${c.label}: ${fmtSummary(callsPerSecond, ' calls/s')}` +
            `${shareOfFloor !== undefined ? `, ${fmt(shareOfFloor * 100)} % of the floor` : ''}` +
            `, client CPU ${fmt(clientCpuUsPerCall.median)} µs/call` +
            `${serverCpuUsPerCall ? `, server CPU ${fmt(serverCpuUsPerCall.median)} µs/call` : ''}`,
        );
        return {
          key: c.key,
          label: c.label,
          callsPerSecond,
          ...(shareOfFloor !== undefined ? { shareOfFloor } : {}),
          clientCpuUsPerCall,
          ...(serverCpuUsPerCall ? { serverCpuUsPerCall } : {}),
          calls: runs[i]! * wall[i]!.length * callsPerRun,
        };
      });
      out.push({ mode: mode.label, inFlight, contenders });
    }
    return out;
  } finally {
    for (const c of clients) c.stop();
    server.stop();
  }
}

export function loopbackMarkdown(results: readonly LoopbackFigures[]): string {
  const rows: string[][] = [];
  for (const r of results) {
    for (const c of r.contenders) {
      rows.push([
        c === r.contenders[0] ? r.mode : '',
        c.label,
        c.callsPerSecond ? fmtSummary(c.callsPerSecond) : `failed: ${String(c.error)}`,
        c.key === FLOOR ? '100 % (floor)' : c.shareOfFloor !== undefined ? `${fmt(c.shareOfFloor * 100)} %` : '',
        c.clientCpuUsPerCall ? fmtSummary(c.clientCpuUsPerCall) : '',
        c.serverCpuUsPerCall ? fmtSummary(c.serverCpuUsPerCall) : '',
        c.calls !== undefined ? String(c.calls) : '',
      ]);
    }
  }
  return [
    paragraph(
      'GetBalances (4 accounts) from a static node:http server on 127.0.0.1 in a separate process, keep-alive on both ',
      'sides. The bare contenders send the bytes our client sends (captured from it) and read the body as one string, ',
      `nothing decoded. Calls per second: median (min–max) of ${ROUNDS} alternating rounds; "of the floor": the `,
      "median rate over bare node:http's. Each contender runs in a process of its own, warmed up alone for ",
      `${WARMUP_MS / 1000} s before the rounds (in one shared process the contenders slowed each other). CPU per call: `,
      "user + system time of the contender's process and of the server process (/proc), over the same timed batches, ",
      'median (min–max) of the rounds; on a shared machine they are steadier than the rates.',
    ),
    '',
    table(
      ['mode', 'client', 'calls/s', 'of the floor', 'client CPU µs/call', 'server CPU µs/call', 'calls timed'],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
    ),
  ].join('\n');
}
