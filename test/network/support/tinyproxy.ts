/**
 * A real forward proxy (Debian's tinyproxy: absolute-form HTTP, CONNECT, Basic authentication) on a loopback port,
 * with its own configuration in a folder of test/.tmp/network. It runs in the foreground (`-d`), one process, so that
 * stopping it is killing one child. Its log tells what went through it: one `Request` line per request it read.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages } from './debian.js';
import { freePort } from './ports.js';
import { networkDir, readFileOr, startServerProcess } from './server-process.js';

export interface TinyproxyConfig {
  /** A word for the folder's name. */
  readonly name: string;
  /** Basic authentication the proxy demands (407 without it). */
  readonly basicAuth?: { readonly user: string; readonly password: string };
}

export interface Tinyproxy {
  readonly port: number;
  /** `http://127.0.0.1:port`, without credentials. */
  readonly url: string;
  /** The requests the proxy has read so far, as their request lines (`POST http://host/path`, `CONNECT host:port`). */
  requests(): string[];
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;

/**
 * Starts tinyproxy with `config`, resolving once it accepts connections.
 * @param config - its name and credentials
 */
export async function startTinyproxy(config: TinyproxyConfig): Promise<Tinyproxy> {
  ensureDebianPackages(['tinyproxy']);
  const dir = networkDir(config.name);
  const port = await freePort();
  const log = join(dir, 'tinyproxy.log');
  writeFileSync(
    join(dir, 'tinyproxy.conf'),
    [
      `Port ${port}`,
      'Listen 127.0.0.1',
      'Timeout 30',
      `LogFile "${log}"`,
      // Connect level logs every request line (and CONNECT), which is what the tests count.
      'LogLevel Connect',
      'MaxClients 32',
      'Allow 127.0.0.1',
      'DisableViaHeader Yes',
      // No ConnectPort line: CONNECT is allowed to every port (the tests' nginx is on a random one).
      ...(config.basicAuth ? [`BasicAuth ${config.basicAuth.user} ${config.basicAuth.password}`] : []),
      '',
    ].join('\n'),
  );
  const server = await startServerProcess({
    what: 'tinyproxy',
    command: 'tinyproxy',
    args: ['-d', '-c', join(dir, 'tinyproxy.conf')],
    port,
    timeoutMs: START_TIMEOUT_MS,
    diagnostics: () => readFileOr(log),
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    requests: () => [...readFileOr(log).matchAll(/Request \(file descriptor \d+\): (\S+ \S+)/g)].map((m) => m[1]!),
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
