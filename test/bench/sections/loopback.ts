/**
 * Section 3: GetBalances over real loopback HTTP. A static node:http server in its own process answers on
 * 127.0.0.1. In one run, side by side in alternating rounds, sequentially and with 16 calls in flight:
 *
 * - bare node:http: `http.request` with a keep-alive agent, sending the bytes our client sends and reading the body
 *   into one string, nothing decoded: the floor, what the socket and the server allow a Node client;
 * - bare global fetch (undici), the same request, `await response.text()`;
 * - our client with its default transport on Node (node:http, keep-alive agent) and with `transport: 'fetch'`;
 * - node-soap (its real HTTP layer: axios over node:http's global agent).
 *
 * Calls per second (median of rounds), their share of the floor's rate, and CPU time per call of this process (the
 * clients) and of the server process (from /proc), measured over the same batches: on a shared machine the CPU
 * figures are the steadier ones.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { timeInRounds, type Timeable } from '../alternating-rounds.js';
import { REPO_ROOT } from '../paths.js';
import { API_KEY, PAYER_NAME, ourCallCount } from '../contenders.js';
import { paragraph, table } from '../markdown.js';
import { realSoapClient, soapCallCount } from '../node-soap-client.js';
import { PayerClient } from '../../../generated/client/index.js';
import { SERVICE_PATH } from '../responses.js';
import { fmt, fmtSummary, mapSummary, type Summary } from '../stats.js';

const SERVER = fileURLToPath(new URL('../children/loopback-server.ts', import.meta.url));
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

/** Runs `callsPerRun` calls with `inFlight` workers; returns the items of every call if all agree, else -1. */
function pool(call: () => Promise<number>, inFlight: number, callsPerRun: number): () => Promise<number> {
  return async () => {
    let next = 0;
    let items: number | undefined;
    const worker = async (): Promise<void> => {
      while (next < callsPerRun) {
        next++;
        const got = await call();
        items = items === undefined || items === got ? got : -1;
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    return items ?? -1;
  };
}

function startServer(): Promise<{ port: number; items: number; pid: number; stop: () => void }> {
  const child = fork(SERVER, [], { cwd: REPO_ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
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
async function capturedRequest(origin: string): Promise<{ url: string; headers: Record<string, string>; text: string; body: Buffer }> {
  let seen: { url: string; headers: Record<string, string>; body: string } | undefined;
  const capture = (async (input: string | URL | Request, init?: RequestInit) => {
    seen = { url: String(input), headers: init?.headers as Record<string, string>, body: String(init?.body) };
    return new Response('', { status: 503 });
  }) as typeof fetch;
  await new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY, fetch: capture }).getBalances().catch(() => undefined);
  if (seen === undefined) throw new Error('the client sent nothing');
  return { url: seen.url, headers: seen.headers, text: seen.body, body: Buffer.from(seen.body, 'utf8') };
}

export async function runLoopback(log: (line: string) => void): Promise<LoopbackFigures[]> {
  const server = await startServer();
  // The same agent settings as the client's node transport (node-transport.ts), so that the floor differs from it only
  // by what the client does.
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 4000 });
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const sent = await capturedRequest(origin);
    const expected = server.items;
    const bareHttp = (): Promise<number> =>
      new Promise((resolve, reject) => {
        const req = http.request(sent.url, { method: 'POST', headers: sent.headers, agent }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => resolve(res.statusCode === 200 && Buffer.concat(chunks).toString('utf8').length > 0 ? expected : -1));
        });
        req.on('error', reject);
        req.end(sent.body);
      });
    const bareFetch = async (): Promise<number> => {
      const res = await fetch(sent.url, { method: 'POST', headers: sent.headers, body: sent.text });
      return res.status === 200 && (await res.text()).length > 0 ? expected : -1;
    };
    const oursNode = new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY });
    const oursFetch = new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY, transport: 'fetch' });
    const soapClient = await realSoapClient(`${origin}${SERVICE_PATH}`);
    const calls = [
      { key: FLOOR, label: 'bare node:http, keep-alive agent (the floor)', call: bareHttp },
      { key: 'bareFetch', label: 'bare global fetch (undici)', call: bareFetch },
      { key: 'oursCall', label: 'ours, default transport (node:http)', call: () => ourCallCount(oursNode, 'GetBalances') },
      { key: 'oursFetch', label: "ours, transport: 'fetch'", call: () => ourCallCount(oursFetch, 'GetBalances') },
      { key: 'nodeSoapCall', label: 'node-soap (axios, node:http)', call: () => soapCallCount(soapClient, 'GetBalances', PAYER_NAME, API_KEY) },
    ];
    const probe = processCpuMs(server.pid);
    const out: LoopbackFigures[] = [];
    for (const mode of MODES) {
      const timeables: Timeable[] = calls.map((c) => ({ key: c.key, run: pool(c.call, mode.inFlight, mode.callsPerRun) }));
      const timed = await timeInRounds(timeables, {
        rounds: ROUNDS, roundMs: 600, maxBatch: 500, warmupMs: WARMUP_MS, expected, ...(probe ? { probe } : {}),
      });
      const perCall = (s: Summary): Summary => mapSummary(s, (ms) => (ms * 1000) / mode.callsPerRun);
      const floor = timed.get(FLOOR);
      const floorRate = floor?.ok ? mode.callsPerRun / (floor.msPerCall.median / 1000) : undefined;
      const contenders = calls.map((c) => {
        const t = timed.get(c.key);
        if (!t?.ok) return { key: c.key, label: c.label, error: t?.ok === false ? t.error : 'not run' };
        const callsPerSecond = mapSummary(t.msPerCall, (ms) => mode.callsPerRun / (ms / 1000));
        const shareOfFloor = floorRate !== undefined ? callsPerSecond.median / floorRate : undefined;
        const clientCpuUsPerCall = perCall(t.cpuMsPerCall);
        const serverCpuUsPerCall = t.probeCpuMsPerCall ? perCall(t.probeCpuMsPerCall) : undefined;
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
          calls: t.calls * mode.callsPerRun,
        };
      });
      out.push({ mode: mode.label, inFlight: mode.inFlight, contenders });
    }
    return out;
  } finally {
    agent.destroy();
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
      'median rate over bare node:http\'s. CPU per call: user + system time of the client process (all contenders ',
      'share it, one at a time) and of the server process (/proc), over the same timed batches, median (min–max) of ',
      'the rounds; on a shared machine they are steadier than the rates.',
    ),
    '',
    table(
      ['mode', 'client', 'calls/s', 'of the floor', 'client CPU µs/call', 'server CPU µs/call', 'calls timed'],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
    ),
  ].join('\n');
}
