/**
 * Section 3: GetBalances over real loopback HTTP. A static node:http server in its own process answers on
 * 127.0.0.1; our client (its default fetch, i.e. Node's undici) and node-soap (its real HTTP layer: axios over
 * node:http's global agent) call it sequentially and with 16 calls in flight. Calls per second, median of rounds.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { timeInRounds, type Timeable } from '../alternating-rounds.js';
import { REPO_ROOT } from '../paths.js';
import { API_KEY, PAYER_NAME, ourCallCount } from '../contenders.js';
import { paragraph, table } from '../markdown.js';
import { realSoapClient, soapCallCount } from '../node-soap-client.js';
import { PayerClient } from '../../../generated/client/index.js';
import { SERVICE_PATH } from '../responses.js';
import { fmt, fmtRatio, fmtSummary, mapSummary, type Summary } from '../stats.js';

const SERVER = fileURLToPath(new URL('../children/loopback-server.ts', import.meta.url));
export const ROUNDS = 5;
const MODES = [
  { key: 'sequential', label: 'sequential', inFlight: 1, callsPerRun: 1 },
  { key: 'inFlight16', label: '16 in flight', inFlight: 16, callsPerRun: 160 },
] as const;

export interface LoopbackFigures {
  readonly mode: string;
  readonly inFlight: number;
  readonly contenders: ReadonlyArray<{
    readonly key: string;
    readonly label: string;
    readonly callsPerSecond?: Summary;
    readonly calls?: number;
    readonly error?: string;
  }>;
}

/** Runs `callsPerRun` calls with `inFlight` workers; returns the items of every call if all agree, else -1. */
function pool(call: () => Promise<number>, inFlight: number, callsPerRun: number): () => Promise<number> {
  if (inFlight === 1) return call;
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

function startServer(): Promise<{ port: number; items: number; stop: () => void }> {
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
      resolve({ port, items, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the loopback server exited (${String(code)})`));
    });
  });
}

export async function runLoopback(log: (line: string) => void): Promise<LoopbackFigures[]> {
  const server = await startServer();
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const ours = new PayerClient({ baseUrl: origin, payerName: PAYER_NAME, apiKey: API_KEY });
    const soapClient = await realSoapClient(`${origin}${SERVICE_PATH}`);
    const calls = [
      { key: 'oursCall', label: 'ours (default fetch)', call: () => ourCallCount(ours, 'GetBalances') },
      { key: 'nodeSoapCall', label: 'node-soap (axios, node:http)', call: () => soapCallCount(soapClient, 'GetBalances', PAYER_NAME, API_KEY) },
    ];
    const out: LoopbackFigures[] = [];
    for (const mode of MODES) {
      const timeables: Timeable[] = calls.map((c) => ({ key: c.key, run: pool(c.call, mode.inFlight, mode.callsPerRun) }));
      const timed = await timeInRounds(timeables, { rounds: ROUNDS, roundMs: 600, maxBatch: 5000, warmupMs: 300, expected: server.items });
      const contenders = calls.map((c) => {
        const t = timed.get(c.key);
        if (!t?.ok) return { key: c.key, label: c.label, error: t?.ok === false ? t.error : 'not run' };
        const callsPerSecond = mapSummary(t.msPerCall, (ms) => mode.callsPerRun / (ms / 1000));
        log(`  ${mode.label}: ${c.label}: ${fmtSummary(callsPerSecond, ' calls/s')}`);
        return { key: c.key, label: c.label, callsPerSecond, calls: t.calls * mode.callsPerRun };
      });
      out.push({ mode: mode.label, inFlight: mode.inFlight, contenders });
    }
    return out;
  } finally {
    server.stop();
  }
}

export function loopbackMarkdown(results: readonly LoopbackFigures[]): string {
  const rows: string[][] = [];
  for (const r of results) {
    const ours = r.contenders.find((c) => c.key === 'oursCall')?.callsPerSecond?.median;
    for (const c of r.contenders) {
      rows.push([
        c === r.contenders[0] ? r.mode : '',
        c.label,
        c.callsPerSecond ? fmtSummary(c.callsPerSecond) : `failed: ${String(c.error)}`,
        c.callsPerSecond ? fmt(1000 / c.callsPerSecond.median) : '',
        c.key === 'oursCall' ? '1× (base)' : fmtRatio(ours, c.callsPerSecond?.median),
        c.calls !== undefined ? String(c.calls) : '',
      ]);
    }
  }
  return [
    paragraph(
      'GetBalances (4 accounts) from a static node:http server on 127.0.0.1 in a separate process, keep-alive on both ',
      `sides. Calls per second, median (min–max) of ${ROUNDS} alternating rounds; "vs ours": our rate over theirs.`,
    ),
    '',
    table(['mode', 'client', 'calls/s', 'ms per call (1 / rate)', 'vs ours', 'calls timed'], rows, ['l', 'l', 'r', 'r', 'r', 'r']),
  ].join('\n');
}
