/**
 * Where the node transport sends a request of a client with network settings (network.ts): the keep-alive agent,
 * and the host, port and path it is written to.
 *
 * - TLS options live in the client's own https agent (Node's agent merges them into every connection it opens and
 *   keys its pool by them), so clients with different certificates never share a connection.
 * - An `http:` target behind a proxy: the request goes to the proxy in absolute form (`POST http://host/path`), with
 *   `Proxy-Authorization` on each request, over the client's keep-alive connections to the proxy.
 * - An `https:` target behind a proxy: the agent opens each connection with `CONNECT host:port` to the proxy, then
 *   TLS over the tunnel (Node's own https agent code, so TLS sessions are resumed as on a direct connection); the
 *   agent keeps the TLS socket alive like any other, so one tunnel serves many calls.
 *
 * The agents of a client are made at its first call and kept with its settings; a client without network settings
 * uses the process-wide agents of node-transport.ts.
 */
import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SvcRequestError } from '../errors.js';
import { ProxyRefusal, proxyFor, type Network, type Proxy, type TlsOptions } from './network.js';
import { failureMessage } from './transport.js';

/** What of node:http and node:https the agents need (the modules node-transport.ts has loaded). */
export interface AgentModules {
  readonly http: {
    readonly request: typeof import('node:http').request;
    readonly Agent: typeof import('node:http').Agent;
    readonly STATUS_CODES: Readonly<Record<number, string | undefined>>;
  };
  readonly https: { readonly Agent: typeof import('node:https').Agent };
  readonly tls: { readonly createSecureContext: typeof import('node:tls').createSecureContext };
  /** The process-wide agents, for what the client's settings leave as it is. */
  readonly httpAgent: Agent;
  readonly httpsAgent: Agent;
}

/** The agent options of every connection pool (node-transport.ts's, for the same reasons). */
export interface PoolOptions {
  readonly keepAlive: true;
  readonly scheduling: 'lifo';
  readonly timeout: number;
}

/** Where one request goes. */
export interface Route {
  readonly agent: Agent;
  readonly hostname: string;
  readonly port: string | number;
  readonly path: string;
  /** The proxy it goes through, if any: its requests carry the proxy's headers, its failures name it. */
  readonly proxy?: Proxy;
  /** Headers an absolute-form request to a proxy adds (Host of the target, Proxy-Authorization). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A client's agents, made when first needed. */
interface Agents {
  /** The agent options of its https agents: the TLS options with one secure context for every connection. */
  tls?: object;
  https?: Agent;
  httpProxied?: Agent;
  httpsTunnelled?: Agent;
}

const AGENTS = new WeakMap<Network, Agents>();

/** How long a proxy may take to answer CONNECT when the call has no timeout (as node-transport.ts's silence limit). */
const CONNECT_SILENT_MS = 300_000;

/**
 * The route of a request to `target` for a client with `network`.
 * @param modules - node:http and node:https
 * @param pool - the agent options
 * @param network - the client's settings
 * @param target - the request's URL, parsed
 * @param url - the request's URL
 */
export function routeOf(
  modules: AgentModules,
  pool: PoolOptions,
  network: Network,
  target: { readonly secure: boolean; readonly hostname: string; readonly port: string; readonly path: string },
  url: string,
): Route {
  let agents = AGENTS.get(network);
  if (agents === undefined) {
    agents = {};
    AGENTS.set(network, agents);
  }
  const proxy = proxyFor(network, target.secure, target.hostname, target.port);
  if (target.secure) {
    const tls = network.tls === undefined ? {} : (agents.tls ??= tlsAgentOptions(modules, network.tls));
    const agent =
      proxy === undefined
        ? network.tls === undefined
          ? modules.httpsAgent
          : (agents.https ??= new modules.https.Agent({ ...pool, ...tls }))
        : (agents.httpsTunnelled ??= tunnellingAgent(modules, pool, tls, proxy));
    return {
      agent,
      hostname: target.hostname,
      port: target.port,
      path: target.path,
      ...(proxy !== undefined ? { proxy } : {}),
    };
  }
  if (proxy === undefined)
    return { agent: modules.httpAgent, hostname: target.hostname, port: target.port, path: target.path };
  // Absolute form: the proxy reads the target from the request line; Host names the target, not the proxy.
  const u = new URL(url);
  const headers: Record<string, string> = { Host: u.host };
  if (proxy.authorization !== undefined) headers['Proxy-Authorization'] = proxy.authorization;
  agents.httpProxied ??= new modules.http.Agent(pool);
  return {
    agent: agents.httpProxied,
    hostname: proxy.host,
    port: proxy.port,
    path: `${u.origin}${u.pathname}${u.search}`,
    proxy,
    headers,
  };
}

/**
 * The agent options of `tls`: the options themselves (the agent keys its pool by them) and a secure context made from
 * them once, which every connection then shares instead of parsing the certificates and keys again. Making it first
 * also tells a key, pfx or passphrase that cannot be used from a network failure: a SvcRequestError that says which
 * options to check, with OpenSSL's reason (which never quotes the material or the passphrase).
 */
export function tlsAgentOptions(modules: AgentModules, tls: TlsOptions): object {
  const { ca, cert, key, pfx, passphrase } = tls;
  try {
    const secureContext = modules.tls.createSecureContext({
      ca,
      cert,
      key,
      pfx,
      passphrase,
    } as import('node:tls').SecureContextOptions);
    return { ...tls, secureContext };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/\p{Cc}/gu, ' ').slice(0, 120) : String(error);
    const given = (['ca', 'cert', 'key', 'pfx', 'passphrase'] as const)
      .filter((name) => tls[name] !== undefined)
      .map((name) => `tls.${name}`);
    throw new SvcRequestError(`the tls option cannot be used (${reason}): check ${given.join(', ')}`);
  }
}

/**
 * The message of a failure of a request that went through `proxy`: the transport's own, with the proxy named
 * (without its credentials) and, when it refused, its status.
 */
export function proxyFailureMessage(method: string, url: string, proxy: Proxy, error: unknown): string {
  const refusal = error instanceof ProxyRefusal ? `: ${error.message}` : '';
  return `${failureMessage(method, url, error)} through the proxy ${proxy.origin}${refusal}`;
}

/** The refusal of a request the proxy answered 407 (an http: target, in absolute form). */
export function proxyRefusal(modules: AgentModules, proxy: Proxy, status: number): ProxyRefusal {
  return new ProxyRefusal(proxy, status, modules.http.STATUS_CODES[status]);
}

type ConnectionCallback = (error: Error | null, socket?: Duplex) => void;

/** An https agent whose connections are TLS over a CONNECT tunnel through `proxy`. */
function tunnellingAgent(modules: AgentModules, pool: PoolOptions, tls: object, proxy: Proxy): Agent {
  const Base = modules.https.Agent;
  class TunnellingAgent extends Base {
    override createConnection(options: Record<string, unknown>, callback: ConnectionCallback): Duplex {
      openTunnel(modules, proxy, String(options['host']), Number(options['port']), (error, socket) => {
        if (error !== null || socket === undefined) {
          callback(error ?? new Error('no tunnel'));
          return;
        }
        let tls: Duplex;
        try {
          // Node's own https connection, over the tunnel: same TLS options, same session cache.
          tls = (Base.prototype.createConnection as (o: object) => Duplex).call(this, { ...options, socket });
        } catch (e) {
          socket.destroy();
          callback(e as Error);
          return;
        }
        callback(null, tls);
      });
      // The connection is handed over through the callback, once the tunnel is open.
      return undefined as unknown as Duplex;
    }
  }
  return new TunnellingAgent({ ...pool, ...tls });
}

/** Asks `proxy` for a tunnel to `host:port`; calls back with the tunnel's socket, or the reason there is none. */
function openTunnel(
  modules: AgentModules,
  proxy: Proxy,
  host: string,
  port: number,
  done: (error: Error | null, socket?: Socket) => void,
): void {
  const authority = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const headers: Record<string, string> = { Host: authority };
  if (proxy.authorization !== undefined) headers['Proxy-Authorization'] = proxy.authorization;
  let settled = false;
  const finish = (error: Error | null, socket?: Socket): void => {
    if (settled) return;
    settled = true;
    done(error, socket);
  };
  let connect: ClientRequest;
  try {
    connect = modules.http.request({
      host: proxy.host,
      port: proxy.port,
      method: 'CONNECT',
      path: authority,
      headers,
      agent: false,
      setHost: false,
    });
  } catch (error) {
    finish(error as Error);
    return;
  }
  connect.once('connect', (res: IncomingMessage, socket: Socket) => {
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 299) {
      socket.destroy();
      finish(proxyRefusal(modules, proxy, status));
      return;
    }
    // `head` (what came after the proxy's answer) is empty: in a TLS tunnel the client speaks first.
    finish(null, socket);
  });
  connect.once('error', (error) => finish(error));
  connect.setTimeout(CONNECT_SILENT_MS, () => {
    connect.destroy(Object.assign(new Error('the proxy did not answer CONNECT'), { code: 'ETIMEDOUT' }));
  });
  connect.end();
}
