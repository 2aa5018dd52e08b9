/**
 * What every server of the interop suite shares: a folder of its own under test/.tmp/network, one child process in
 * the foreground (so that stopping it is killing one child and nothing outlives the run), waiting until it listens
 * (or saying why it died), and stopping it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../helpers/paths.js';
import { waitForPort } from './ports.js';

/** A new folder under test/.tmp/network whose name starts with `prefix`. */
export function networkDir(prefix: string): string {
  const root = fromRoot('test', '.tmp', 'network');
  mkdirSync(root, { recursive: true });
  return mkdtempSync(join(root, `${prefix}-`));
}

export interface ServerCommand {
  /** What the messages call it. */
  readonly what: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** The port it listens on, once started. */
  readonly port: number;
  readonly timeoutMs: number;
  /** More to say when it does not start (its own log). */
  readonly diagnostics?: () => string;
  /** Each chunk of its standard output (ignored when absent). */
  readonly onStdout?: (text: string) => void;
  /** How it is stopped: SIGTERM lets it finish its work; SIGKILL when it would linger (Mono). */
  readonly signal?: 'SIGTERM' | 'SIGKILL';
}

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Ends the process and waits for it (idempotent). */
  stop(): Promise<void>;
}

/**
 * Starts `server` and resolves once something accepts connections on its port; rejects, the process killed, with why
 * it did not start.
 * @param server - the command and how to wait for it
 */
export async function startServerProcess(server: ServerCommand): Promise<ServerProcess> {
  const child = spawn(server.command, [...server.args], {
    stdio: ['ignore', server.onStdout ? 'pipe' : 'ignore', 'pipe'],
    ...(server.env ? { env: server.env } : {}),
  });
  if (server.onStdout) child.stdout?.setEncoding('utf8').on('data', server.onStdout);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  let reason: string | undefined;
  child.once('exit', (code, signal) => (reason = `${server.what} exited (${signal ?? code}): ${stderr.trim()}`));
  child.once('error', (error) => (reason = `${server.what} could not be started: ${error.message}`));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const done = new Promise((resolve) => child.once('exit', resolve));
    child.kill(server.signal ?? 'SIGTERM');
    await done;
  };
  try {
    await waitForPort(server.port, server.timeoutMs, () => reason);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(
      `${server.what} did not start: ${(error as Error).message}\n${server.diagnostics?.() ?? ''}`.trim(),
      { cause: error },
    );
  }
  return { child, stop };
}

/** The text of `path`, or '' while it does not exist. */
export function readFileOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
