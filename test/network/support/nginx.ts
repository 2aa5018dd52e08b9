/**
 * A real nginx (Debian's nginx-light: TLS, auth_basic, proxy_pass) on a loopback port, configured by the test, in a
 * folder of its own under test/.tmp/network. It runs as one process in the foreground (no master, no daemon), so that
 * stopping it is killing one child and nothing outlives the test run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../helpers/paths.js';
import { ensureDebianPackages } from './debian.js';
import { freePort, waitForPort } from './ports.js';

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
  const root = fromRoot('test', '.tmp', 'network');
  mkdirSync(root, { recursive: true });
  const dir = mkdtempSync(join(root, `${config.name}-`));
  for (const [name, content] of Object.entries(config.files ?? {})) writeFileSync(join(dir, name), content);
  const port = await freePort();
  writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, config.servers(port, dir)));
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = exitReason(child, () => stderr);
  try {
    await waitForPort(port, START_TIMEOUT_MS, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start: ${(error as Error).message}\n${errorLog(dir)}`);
  }
  return {
    port,
    dir,
    accessLog: () => readFileOr(join(dir, 'access.log')),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await done;
      }
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

/** A function that says why the child has exited, once it has. */
function exitReason(child: ChildProcess, stderr: () => string): () => string | undefined {
  let reason: string | undefined;
  child.once('exit', (code, signal) => (reason = `nginx exited (${signal ?? code}): ${stderr().trim()}`));
  child.once('error', (error) => (reason = `nginx could not be started: ${error.message}`));
  return () => reason;
}

function errorLog(dir: string): string {
  return readFileOr(join(dir, 'error.log')).split('\n').filter((line) => /\[(emerg|alert|crit|error)\]/.test(line)).join('\n');
}

function readFileOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
