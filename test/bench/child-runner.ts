/**
 * Runs a TypeScript script in a fresh Node process (through tsx's loader, no extra wrapper process) and waits for
 * the one message it sends back, under a time limit: a child that runs out of time is killed and reported as such,
 * never waited for. Children report with {@link reportToParent}.
 */
import { fork } from 'node:child_process';
import { REPO_ROOT } from './paths.js';

export type ChildOutcome<T> =
  | { readonly ok: true; readonly result: T; readonly wallMs: number }
  | { readonly ok: false; readonly error: string; readonly timedOut: boolean; readonly wallMs: number };

interface ChildMessage {
  readonly ok: boolean;
  readonly result?: unknown;
  readonly error?: string;
}

/**
 * Forks `script` with `args` and resolves with what it reported, or with why it did not (time limit, crash, no
 * report). Never rejects.
 */
export function runChild<T>(script: string, args: readonly string[], timeLimitMs: number): Promise<ChildOutcome<T>> {
  const started = performance.now();
  return new Promise((resolve) => {
    let message: ChildMessage | undefined;
    let stderr = '';
    let timedOut = false;
    const child = fork(script, [...args], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('message', (m) => {
      message = m as ChildMessage;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeLimitMs);
    let done = false;
    const finish = (how: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      if (timedOut) {
        resolve({ ok: false, timedOut: true, wallMs, error: `did not finish in ${Math.round(timeLimitMs / 1000)} s` });
      } else if (message?.ok) {
        resolve({ ok: true, result: message.result as T, wallMs });
      } else {
        const why = message?.error ?? (lastLine(stderr) || how);
        resolve({ ok: false, timedOut: false, wallMs, error: why });
      }
    };
    child.on('error', (error) => finish(`could not start: ${error.message}`));
    child.on('exit', (code, signal) => finish(`exited with ${signal ?? `code ${String(code)}`} without a report`));
  });
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return lines[lines.length - 1]?.trim() ?? '';
}

/** Sends a child's result (or its failure) to the parent and lets the process end. */
export async function reportToParent(work: () => Promise<unknown>): Promise<void> {
  let message: ChildMessage;
  try {
    message = { ok: true, result: await work() };
  } catch (error) {
    message = { ok: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  await new Promise<void>((resolve) => {
    if (!process.send) {
      console.log(JSON.stringify(message, null, 2));
      resolve();
      return;
    }
    process.send(message, () => resolve());
  });
  process.disconnect?.();
}

/** Peak resident set size of this process so far, in MB (resourceUsage reports kilobytes). */
export function peakRssMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}
