/**
 * A server that really verifies NTLMv2, for the client's Windows authentication: ntlm-verifier.py (Debian's
 * python3-gssapi over gss-ntlmssp) in front of an upstream server, with one user whose password the test knows.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../helpers/paths.js';
import { ensureDebianPackages } from './debian.js';
import { freePort, waitForPort } from './ports.js';

export interface NtlmUser {
  readonly domain: string;
  readonly username: string;
  readonly password: string;
}

/** One request as the verifier saw it. */
export interface NtlmLogEntry {
  /** Which TCP connection (1, 2, ...) it came on. */
  readonly connection: number;
  readonly scheme: 'NTLM' | 'Negotiate' | null;
  /** The request body's length in bytes. */
  readonly length: number;
  readonly status: number;
  /** `DOMAIN\user` once the connection is authenticated. */
  readonly user: string | null;
}

export interface NtlmVerifier {
  readonly url: string;
  /** Every request so far. */
  log(): NtlmLogEntry[];
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 15_000;

/**
 * Starts the verifier for `user`, forwarding authenticated requests to `upstream`.
 * @param user - the one account it knows
 * @param upstream - `http://host:port` of the server behind it
 * @param offered - the schemes its 401 offers and it accepts (IIS offers both by default)
 */
export async function startNtlmVerifier(user: NtlmUser, upstream: string, offered: readonly ('NTLM' | 'Negotiate')[] = ['Negotiate', 'NTLM']): Promise<NtlmVerifier> {
  ensureDebianPackages(['python3-gssapi', 'gss-ntlmssp']);
  const root = fromRoot('test', '.tmp', 'network');
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, 'ntlm-'));
  const users = join(dir, 'users');
  writeFileSync(users, `${user.domain}:${user.username}:${user.password}\n`);
  const port = await freePort();
  // Debian's interpreter: python3-gssapi is installed for it, whatever python3 comes first on the PATH.
  const child = spawn('/usr/bin/python3', [fromRoot('test', 'network', 'support', 'ntlm-verifier.py'), String(port), upstream, offered.join(',')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NTLM_USER_FILE: users, LM_COMPAT_LEVEL: '5' },
  });
  const entries: NtlmLogEntry[] = [];
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const entry = JSON.parse(line) as NtlmLogEntry | { listening: number };
      if ('connection' in entry) entries.push(entry);
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `the NTLM verifier exited (${signal ?? code}): ${stderr.trim()}`));
  child.once('error', (error) => (exited = `the NTLM verifier could not be started: ${error.message}`));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await done;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, START_TIMEOUT_MS, () => exited);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, log: () => [...entries], stop };
}
