/**
 * A server that really verifies NTLMv2, for the client's Windows authentication: ntlm-verifier.py (Debian's
 * python3-gssapi over gss-ntlmssp) in front of an upstream server, with one user whose password the test knows.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../helpers/paths.js';
import { ensureDebianPackages } from './debian.js';
import { freePort } from './ports.js';
import { networkDir, startServerProcess } from './server-process.js';

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
export async function startNtlmVerifier(
  user: NtlmUser,
  upstream: string,
  offered: readonly ('NTLM' | 'Negotiate')[] = ['Negotiate', 'NTLM'],
): Promise<NtlmVerifier> {
  ensureDebianPackages(['python3-gssapi', 'gss-ntlmssp']);
  const dir = networkDir('ntlm');
  const users = join(dir, 'users');
  writeFileSync(users, `${user.domain}:${user.username}:${user.password}\n`);
  const port = await freePort();
  const entries: NtlmLogEntry[] = [];
  let pending = '';
  const onStdout = (text: string): void => {
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const entry = JSON.parse(line) as NtlmLogEntry | { listening: number };
      if ('connection' in entry) entries.push(entry);
    }
  };
  const server = await startServerProcess({
    what: 'the NTLM verifier',
    // Debian's interpreter: python3-gssapi is installed for it, whatever python3 comes first on the PATH.
    command: '/usr/bin/python3',
    args: [fromRoot('test', 'network', 'support', 'ntlm-verifier.py'), String(port), upstream, offered.join(',')],
    env: { ...process.env, NTLM_USER_FILE: users, LM_COMPAT_LEVEL: '5' },
    port,
    timeoutMs: START_TIMEOUT_MS,
    onStdout,
  }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  const stop = async (): Promise<void> => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, log: () => [...entries], stop };
}
