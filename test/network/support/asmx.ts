/**
 * A real ASMX service: Mono's System.Web.Services (Debian's mono-devel) hosted by mono-fastcgi-server4 behind nginx,
 * as Mono's own xsp4 does not start on this Debian. The test writes the service's .asmx (C#) and web.config; the
 * first request compiles it (a few seconds), so `startAsmx` makes that request before it resolves.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ensureDebianPackages } from './debian.js';
import { startNginx } from './nginx.js';
import { freePort } from './ports.js';
import { networkDir, startServerProcess } from './server-process.js';

export interface AsmxConfig {
  /** A word for the folders' names. */
  readonly name: string;
  /** The application's files by path from its root: `Service.asmx` with its C# class, `v5/Service.asmx`, web.config, ... */
  readonly files: Readonly<Record<string, string>>;
  /** A path answered once the application has compiled (e.g. `/Service.asmx?WSDL`), requested before resolving. */
  readonly warmUp: string;
}

export interface Asmx {
  /** `http://127.0.0.1:<port>`: the application is at the root. */
  readonly url: string;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 20_000;
/** Compiling the .asmx on the first request takes about 3 s on an idle machine; a loaded one is slower. */
const WARM_UP_TIMEOUT_MS = 120_000;

/** A web.config that turns on the HTTP POST and GET bindings besides SOAP (ASMX offers only SOAP by default). */
export const WEB_CONFIG_ALL_PROTOCOLS = `<?xml version="1.0"?>
<configuration>
  <system.web>
    <webServices><protocols><add name="HttpPost"/><add name="HttpGet"/></protocols></webServices>
  </system.web>
</configuration>
`;

/**
 * Starts the application behind nginx on loopback and resolves once `warmUp` answered 200.
 * @param config - the application's files
 */
export async function startAsmx(config: AsmxConfig): Promise<Asmx> {
  ensureDebianPackages(['mono-devel', 'mono-fastcgi-server4']);
  const app = networkDir(`${config.name}-app`);
  for (const [name, content] of Object.entries(config.files)) {
    mkdirSync(dirname(join(app, name)), { recursive: true });
    writeFileSync(join(app, name), content);
  }
  const fastcgiPort = await freePort();
  // SIGKILL: nothing of its state needs saving, and the suite need not wait for Mono's orderly shutdown.
  const mono = await startServerProcess({
    what: 'fastcgi-mono-server4',
    command: 'fastcgi-mono-server4',
    args: [`/applications=/:${app}/`, `/socket=tcp:127.0.0.1:${fastcgiPort}`],
    env: { ...process.env, HOME: app },
    port: fastcgiPort,
    timeoutMs: START_TIMEOUT_MS,
    signal: 'SIGKILL',
  });
  const stopMono = () => mono.stop();
  const nginx = await startNginx({
    name: `${config.name}-nginx`,
    servers: (port) => `server {
    listen 127.0.0.1:${port};
    root ${app};
    location / {
      include /etc/nginx/fastcgi_params;
      fastcgi_param PATH_INFO "";
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_pass 127.0.0.1:${fastcgiPort};
    }
  }`,
  }).catch(async (error: unknown) => {
    await stopMono();
    throw error;
  });
  const url = `http://127.0.0.1:${nginx.port}`;
  const stop = async (): Promise<void> => {
    await Promise.all([nginx.stop(), stopMono()]);
    rmSync(app, { recursive: true, force: true });
  };
  try {
    const answer = await fetch(url + config.warmUp, { signal: AbortSignal.timeout(WARM_UP_TIMEOUT_MS) });
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`${config.warmUp} answered ${answer.status}: ${body.slice(0, 2000)}`);
  } catch (error) {
    await stop();
    throw new Error(`the ASMX application did not start: ${(error as Error).message}`, { cause: error });
  }
  return { url, stop };
}
