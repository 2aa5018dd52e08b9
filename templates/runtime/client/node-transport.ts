/**
 * The client's transport on Node: one request over node:http or node:https through a keep-alive agent, with the same
 * guarantees and errors as the fetch transport (transport.ts): a timeout that covers the body, the caller's
 * AbortSignal, the response cap, strict charset decoding and no resend.
 *
 * Why not fetch on Node: undici's fetch builds WHATWG Request, Headers, Response and a ReadableStream for every call,
 * which costs more CPU than the client's own work on a small answer (see `npm run bench`, section 3); node:http hands
 * over the status, headers and Buffers as they are read.
 *
 * node:http is imported lazily, inside an async function, so that this module loads where there is no node:http (a
 * browser bundle) and stays loadable by require() (no top-level await). Requests go through the module's `request`
 * as it is at each call (the CommonJS object, not a binding copied at import), so that MSW's `setupServer`, nock and
 * other interceptors that patch it see the client's calls.
 *
 * No request is ever sent twice. Node's agent reuses an idle connection, and a server may close one just as a request
 * goes out on it: the request then fails with ECONNRESET ("socket hang up"), and nothing on this side can tell whether
 * the server had already acted on it (work submitted, then the connection lost). So that failure is a
 * SvcTransportError like any other, for every operation; idle connections are let go early (see {@link IDLE_MS}) to
 * make the race rare, and a connection idle past its limit by the clock is never handed to a request, even when the
 * process was too busy for its timer to fire (see {@link dropExpired}).
 */
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import { bodyTextDecoder } from '../codec/charset.js';
import { SvcResponseTooLargeError, SvcTimeoutError, SvcTransportError } from '../errors.js';
import {
  MAX_TIMER_MS,
  checkLimits,
  contentLength,
  failureMessage,
  outgoingHeaders,
  responseOf,
  timeoutMessage,
  type HttpRequest,
  type HttpResponse,
} from './transport.js';

/** What {@link sendNodeRequest} needs: a request as for fetch, without the fetch. */
export type NodeHttpRequest = Omit<HttpRequest, 'fetch'>;

/**
 * How long a connection may stay idle in the pool before it is closed: below the idle timeouts of common servers
 * (Node's 5 s, IIS's 120 s) so that the client rarely sends on a connection the server is closing. A server's
 * `Keep-Alive: timeout=n` shortens it further (Node's agent keeps it to n - 1 s).
 */
export const IDLE_MS = 4000;

/**
 * With no `timeoutMs`, a call whose connection stays silent this long fails (fetch's undici gives up after the same
 * 300 s without headers or body), so that a server that never answers cannot hold a call forever.
 */
const SILENT_MS = 300_000;

interface NodeHttp {
  readonly request: typeof import('node:http').request;
}

/** The loaded modules and one keep-alive agent per scheme. */
interface Loaded {
  readonly http: NodeHttp;
  readonly https: NodeHttp;
  readonly httpAgent: Agent;
  readonly httpsAgent: Agent;
}

const HTTP = 'node:http';
const HTTPS = 'node:https';

let loaded: Loaded | undefined;
let loading: Promise<Loaded> | undefined;

/**
 * node:http and node:https, and their agents, made once per process. The agents are shared by every client, as
 * fetch's global dispatcher is: a client is made per set of credentials, so an application may hold many clients for
 * one service, and one pool lets them reuse each other's connections instead of each keeping its own idle sockets.
 * Idle sockets are unref'd by Node's agent, so the pool never keeps a process alive.
 */
function load(): Promise<Loaded> {
  loading ??= (async () => {
    // Specifiers in variables, and the bundler hints, keep browser bundlers from trying to resolve node:http.
    const [http, https] = (await Promise.all([
      import(/* webpackIgnore: true */ /* @vite-ignore */ HTTP),
      import(/* webpackIgnore: true */ /* @vite-ignore */ HTTPS),
    ])) as [{ default: typeof import('node:http') }, { default: typeof import('node:https') }];
    // The default exports are the CommonJS objects that interceptors patch.
    const options = { keepAlive: true, scheduling: 'lifo' as const, timeout: IDLE_MS };
    loaded = {
      http: http.default,
      https: https.default,
      httpAgent: stamping(new http.default.Agent(options)),
      httpsAgent: stamping(new https.default.Agent(options)),
    };
    return loaded;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** When each pooled connection went back to the pool, by the clock (Date.now()). */
const idleSince = new WeakMap<Duplex, number>();

/** `agent`, noting when each connection it keeps goes idle (its keepSocketAlive, which sets the idle limit too). */
function stamping(agent: Agent): Agent {
  const keep = agent.keepSocketAlive.bind(agent) as (socket: Duplex) => boolean;
  (agent as unknown as { keepSocketAlive(socket: Duplex): boolean }).keepSocketAlive = (socket) => {
    const kept = keep(socket);
    if (kept) idleSince.set(socket, Date.now());
    return kept;
  };
  return agent;
}

/**
 * Destroys the pooled connections that have been idle past their limit ({@link IDLE_MS}, or less where the server's
 * `Keep-Alive: timeout` says so), before a request takes one. Their timers close them in time while the process is
 * free; after a long synchronous task they have not fired yet, the server's limit may have passed too, and the server
 * resets the connection as soon as its own timer runs, under a request it never read (ECONNRESET: a call failed that
 * would have worked). A connection dropped here carried nothing of the request, so nothing is sent twice. The agent
 * hands out its newest idle connection and skips destroyed ones at the front only, so each expired one is dropped
 * with every older one.
 */
function dropExpired(agent: Agent): void {
  const now = Date.now();
  for (const sockets of Object.values(agent.freeSockets)) {
    if (sockets === undefined) continue;
    let last = -1;
    sockets.forEach((socket, i) => {
      const since = idleSince.get(socket);
      const limit = socket.timeout ?? IDLE_MS;
      if (since !== undefined && limit > 0 && now - since >= limit) last = i;
    });
    for (const socket of sockets.slice(0, last + 1)) socket.destroy();
  }
}

/** Whether node:http is loaded already (then {@link sendNodeRequest} needs no wait for it). */
export function nodeHttpLoaded(): boolean {
  return loaded !== undefined;
}

/** Whether node:http could be loaded here (resolves false in a runtime without it). */
export async function nodeHttpAvailable(): Promise<boolean> {
  try {
    await load();
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends `req` over node:http(s) and reads the whole response; resolves and rejects exactly as
 * {@link import('./transport.js').sendRequest} does (an HTTP error status is not an error here).
 * @param req - the request
 */
export async function sendNodeRequest(req: NodeHttpRequest): Promise<HttpResponse> {
  checkLimits(req);
  const { signal } = req;
  if (signal?.aborted) throw signal.reason;
  const method = req.method === 'GET' ? 'GET' : 'POST';
  let modules = loaded;
  if (modules === undefined) {
    try {
      modules = await load();
    } catch (error) {
      throw new SvcTransportError(failureMessage(method, req.url, error), error);
    }
    if (signal?.aborted) throw signal.reason;
  }
  return exchange(modules, method, req);
}

function exchange(modules: Loaded, method: 'GET' | 'POST', req: NodeHttpRequest): Promise<HttpResponse> {
  const { signal, timeoutMs, maxResponseBytes: limit } = req;
  const headers = outgoingHeaders({ ...req, method });
  const body = method === 'POST' ? (req.body ?? '') : undefined;

  return new Promise<HttpResponse>((resolve, reject) => {
    let request: ClientRequest | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const onAbort = (): void => fail(signal?.reason);
    /** Ends the call with `error`, dropping the connection (a dropped socket is never returned to the pool). */
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      cleanUp();
      request?.destroy();
      reject(error);
    };
    const cleanUp = (): void => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const failed = (error: unknown): void => fail(new SvcTransportError(failureMessage(method, req.url, error), error));

    let target: Target;
    try {
      target = targetOf(req.url);
    } catch (error) {
      failed(error);
      return;
    }
    const { secure } = target;
    const agent = secure ? modules.httpsAgent : modules.httpAgent;
    dropExpired(agent);
    const options: RequestOptions = {
      method,
      headers,
      agent,
      hostname: target.hostname,
      port: target.port,
      path: target.path,
    };
    if (timeoutMs !== undefined && timeoutMs <= MAX_TIMER_MS) {
      timer = setTimeout(() => fail(new SvcTimeoutError(timeoutMessage(method, req.url, timeoutMs), timeoutMs)), timeoutMs);
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    try {
      request = (secure ? modules.https : modules.http).request(options, (res) => read(res));
    } catch (error) {
      // A header value node:http refuses (a control character), thrown before anything is sent.
      failed(error);
      return;
    }
    request.on('error', failed);
    if (timer === undefined) {
      request.setTimeout(SILENT_MS, () => failed(Object.assign(new Error('no data from the server'), { code: 'ETIMEDOUT' })));
    }
    if (body === undefined) request.end();
    else request.end(body, 'utf8');

    function read(res: IncomingMessage): void {
      const status = res.statusCode ?? 0;
      const contentType = res.headers['content-type'] ?? '';
      const declared = contentLength(res.headers['content-length']);
      if (limit !== undefined && declared !== undefined && declared > limit) {
        fail(new SvcResponseTooLargeError(limit, status));
        return;
      }
      // The bytes become text as they come (see bodyTextDecoder): a large body is never held as chunks plus their
      // concatenation plus its text.
      // node:http never reuses a chunk it has emitted, so the decoder may keep them.
      const text = bodyTextDecoder(contentType, 'response', declared, true);
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        if (settled) return;
        total += chunk.byteLength;
        if (limit !== undefined && total > limit) {
          fail(new SvcResponseTooLargeError(limit, status));
          return;
        }
        text.write(chunk);
      });
      res.on('error', failed);
      res.on('close', () => {
        if (!res.complete) failed(Object.assign(new Error('the connection closed before the response was complete'), { code: 'ECONNRESET' }));
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        cleanUp();
        try {
          resolve(responseOf(status, contentType, text.endSource()));
        } catch (error) {
          // A SvcDecodeError, as it is: the body was complete, only its bytes are wrong.
          reject(error);
        }
      });
    }
  });
}

/** Where a URL's requests go, as node:http takes it. */
interface Target {
  readonly secure: boolean;
  readonly hostname: string;
  readonly port: string;
  readonly path: string;
}

/** Targets by URL without a query: a client sends to a few (its service path, one per operation over HTTP POST) again and again. */
const TARGETS = new Map<string, Target>();
const MAX_TARGETS = 256;

/** The target of `url`, parsed once; throws a TypeError for a URL fetch would refuse too. */
function targetOf(url: string): Target {
  let target = TARGETS.get(url);
  if (target !== undefined) return target;
  const u = new URL(url);
  const secure = u.protocol === 'https:';
  if (!secure && u.protocol !== 'http:') throw new TypeError(`unsupported protocol ${u.protocol}`);
  // As fetch does: credentials in a URL would be sent as an Authorization header nobody asked for.
  if (u.username !== '' || u.password !== '') throw new TypeError('a request URL must not carry credentials');
  const hostname = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  target = { secure, hostname, port: u.port, path: `${u.pathname}${u.search}` };
  // An HTTP GET call's query is its parameters and key: different each time, and not to be kept.
  if (u.search !== '') return target;
  if (TARGETS.size >= MAX_TARGETS) TARGETS.clear();
  TARGETS.set(url, target);
  return target;
}
