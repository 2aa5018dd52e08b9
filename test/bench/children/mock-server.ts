/**
 * The generated payer mock as a server under load, for the mock benchmark (sections/mock.ts): `startMockServer`
 * from generated/mock/ on 127.0.0.1 (a port the system picks), with the benchmark's credentials, clock and handlers
 * (mock-handlers.ts), so that every request is routed, read, authenticated (HMAC signature, timestamp, payer name),
 * answered by its handler and written as the service writes it. It prints its URL as one line on stdout and runs
 * until its stdin closes, its IPC channel (if any) disconnects, or it gets SIGTERM or SIGINT.
 *
 * Two lines on stdin profile a stretch of its work with V8's sampling profiler (node:inspector), so that the
 * profile covers the load and not the start: `profile start` (answered `profiling`), then `profile stop <file>`,
 * which writes the .cpuprofile to <file> (answered `profiled`).
 *
 * One core: the server is single-threaded JavaScript (one event loop); V8's helper threads (garbage collection,
 * compilation) can run beside it, so the benchmark starts this process under `taskset -c <cpu>`, which confines all
 * of its threads to that one CPU (where taskset and a second CPU exist; otherwise it runs unpinned and the figures
 * say so). By hand: `node --import tsx test/bench/children/mock-server.ts` (Ctrl-D or Ctrl-C stops it).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createInterface } from 'node:readline';
import { startMockServer } from '../../../generated/mock/index.js';
import { mockOptions } from '../mock-handlers.js';

/** Sampling interval of the profile, µs. */
const PROFILE_INTERVAL_US = 250;

const server = await startMockServer({ ...mockOptions(), port: 0, host: '127.0.0.1' });
process.stdout.write(`${server.url}\n`);

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(0), 2000).unref();
  void server.close().finally(() => process.exit(0));
}

let session: Session | undefined;

async function command(line: string): Promise<void> {
  const [word, what, file] = line.trim().split(/\s+/);
  if (word !== 'profile') return;
  if (what === 'start' && session === undefined) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
    await session.post('Profiler.start');
    process.stdout.write('profiling\n');
  } else if (what === 'stop' && session !== undefined && file !== undefined) {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    session = undefined;
    writeFileSync(file, JSON.stringify(profile));
    process.stdout.write('profiled\n');
  }
}

const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  command(line).catch((error: unknown) => process.stderr.write(`mock-server: ${String(error)}\n`));
});
input.on('close', stop);
process.stdin.on('error', stop);
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
