/**
 * A real nginx (Debian's nginx-light: TLS, auth_basic, proxy_pass) on a loopback port, configured by the test, in a
 * folder of its own under test/.tmp/network. It runs as one process in the foreground (no master, no daemon), so that
 * stopping it is killing one child and nothing outlives the test run.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages } from './debian.js';
import { freePort } from './ports.js';
import { networkDir, readFileOr, startServerProcess } from './server-process.js';

/** What a test gives: the server block(s) of the `http {}` context, and files it names (certificates, htpasswd). */
export interface NginxConfig {
  /** A word for the folder's name. */
  readonly name: string;
  /** The `server { ... }` block(s), given the port to listen on and the folder the files are written to. */
  readonly servers: (port: number, dir: string) => string;
  /** Files written into the folder first, by name. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
}

export interface Nginx {
  readonly port: number;
  /** The folder holding the configuration, the files and the logs. */
  readonly dir: string;
  /** The access log so far (`$request $status`, one line per request). */
  accessLog(): string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 10_000;

/**
 * Starts nginx with `config`, resolving once it accepts connections.
 * @param config - the server blocks and their files
 */
export async function startNginx(config: NginxConfig): Promise<Nginx> {
  ensureDebianPackages(['nginx-light']);
  const dir = networkDir(config.name);
  for (const [name, content] of Object.entries(config.files ?? {})) writeFileSync(join(dir, name), content);
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, config.servers(port, dir)));
  const server = await startServerProcess({
    what: 'nginx',
    command: 'nginx',
    args: ['-p', dir, '-c', join(dir, 'nginx.conf')],
    port,
    timeoutMs: START_TIMEOUT_MS,
    diagnostics: () => errorLog(dir),
  });
  return {
    port,
    dir,
    accessLog: () => readFileOr(join(dir, 'access.log')),
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function mainConfig(dir: string, servers: string): string {
  return `daemon off;
master_process off;
worker_processes 1;
error_log ${dir}/error.log info;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  log_format plain '$request $status';
  access_log ${dir}/access.log plain;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${servers}
}
`;
}

function errorLog(dir: string): string {
  return readFileOr(join(dir, 'error.log'))
    .split('\n')
    .filter((line) => /\[(emerg|alert|crit|error)\]/.test(line))
    .join('\n');
}
