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
import { bodyTextDecoder, type BodyTextDecoder } from '../codec/charset.js';
import { SvcDecodeError, SvcResponseTooLargeError, SvcTimeoutError, SvcTransportError } from '../errors.js';
import type { Network } from './network.js';
import {
  proxyFailureMessage,
  proxyRefusal,
  routeOf,
  tlsAgentOptions,
  type AgentModules,
  type Route,
} from './node-agents.js';
import {
  authenticateMessage,
  challengeToken,
  Lanes,
  loadNtlmLibrary,
  negotiateMessage,
  ntlmScheme,
  type Lane,
} from './ntlm.js';
import {
  MAX_TIMER_MS,
  checkLimits,
  contentLength,
  failureMessage,
  outgoingHeaders,
  redirectLocation,
  responseOf,
  timeoutMessage,
  type HttpRequest,
  type HttpResponse,
} from './transport.js';

/**
 * What {@link sendNodeRequest} needs: a request as for fetch, without the fetch, and the client's network settings
 * (TLS, proxy), if it has any.
 */
export interface NodeHttpRequest extends Omit<HttpRequest, 'fetch'> {
  /**
   * Whether to ask for a compressed answer (`Accept-Encoding: gzip, deflate`); default true. A compressed answer is
   * decoded whether asked for or not.
   */
  readonly compression?: boolean;
  readonly network?: Network | undefined;
}

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
interface Loaded extends AgentModules {
  readonly http: NodeHttp & AgentModules['http'];
  readonly https: NodeHttp & AgentModules['https'];
  readonly zlib: typeof import('node:zlib');
}

const HTTP = 'node:http';
const HTTPS = 'node:https';
const TLS = 'node:tls';

/** The options of every agent: connections kept alive, the most recently used first, let go after {@link IDLE_MS}. */
const POOL = { keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS } as const;
const ZLIB = 'node:zlib';

/** What the client asks for: the codings every server that compresses offers, which node:zlib decodes. */
const ACCEPT_ENCODING = 'gzip, deflate';

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
    const [http, https, tls, zlib] = (await Promise.all([
      import(/* webpackIgnore: true */ /* @vite-ignore */ HTTP),
      import(/* webpackIgnore: true */ /* @vite-ignore */ HTTPS),
      import(/* webpackIgnore: true */ /* @vite-ignore */ TLS),
      import(/* webpackIgnore: true */ /* @vite-ignore */ ZLIB),
    ])) as [
      { default: typeof import('node:http') },
      { default: typeof import('node:https') },
      { default: typeof import('node:tls') },
      { default: typeof import('node:zlib') },
    ];
    // The default exports are the CommonJS objects that interceptors patch.
    loaded = {
      http: http.default,
      https: https.default,
      tls: tls.default,
      zlib: zlib.default,
      httpAgent: stamping(new http.default.Agent(POOL)),
      httpsAgent: stamping(new https.default.Agent(POOL)),
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
  // Run before every request: no array or closure is made unless a connection has expired.
  const free = agent.freeSockets;
  let now: number | undefined;
  for (const name in free) {
    const sockets = free[name];
    if (sockets === undefined) continue;
    let last = -1;
    for (let i = 0; i < sockets.length; i++) {
      const socket = sockets[i]!;
      const since = idleSince.get(socket);
      const limit = socket.timeout ?? IDLE_MS;
      now ??= Date.now();
      if (since !== undefined && limit > 0 && now - since >= limit) last = i;
    }
    // A copy: destroying a connection takes it out of the agent's list.
    if (last >= 0) for (const socket of sockets.slice(0, last + 1)) socket.destroy();
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
  if (req.network?.ntlm !== undefined) return sendWithNtlm(modules, method, req);
  return exchange(modules, method, req);
}

/** How a step of the NTLM handshake is sent (ntlm.ts): on its lane's agent, with its Authorization, maybe bodiless. */
interface Via {
  readonly agent: Agent;
  readonly authorization?: string;
  /** The negotiate message goes with `Content-Length: 0`: the call's body is sent once the connection is authenticated. */
  readonly withoutBody?: boolean;
}

/** A response as an NTLM step reads it: with the WWW-Authenticate values of a 401. */
interface ViaResponse extends HttpResponse {
  readonly challenges: readonly string[];
}

function exchange(modules: Loaded, method: 'GET' | 'POST', req: NodeHttpRequest): Promise<HttpResponse>;
function exchange(modules: Loaded, method: 'GET' | 'POST', req: NodeHttpRequest, via: Via): Promise<ViaResponse>;
function exchange(
  modules: Loaded,
  method: 'GET' | 'POST',
  req: NodeHttpRequest,
  via?: Via,
): Promise<HttpResponse | ViaResponse> {
  const bodiless = via?.withoutBody === true && method === 'POST';
  const headers = outgoingHeaders({ headers: req.headers, method, body: bodiless ? '' : (req.body ?? '') });
  if (via?.authorization !== undefined) headers['Authorization'] = via.authorization;
  if (req.compression !== false && !hasHeader(headers, 'accept-encoding')) headers['Accept-Encoding'] = ACCEPT_ENCODING;
  const body = method === 'POST' ? (bodiless ? '' : (req.body ?? '')) : undefined;
  return new Promise<HttpResponse | ViaResponse>((resolve, reject) => {
    new NodeExchange(modules, method, req, via, resolve, reject).start(headers, body);
  });
}

/**
 * One request over node:http(s), from sending it to its whole response: it settles its promise exactly once, with
 * the response or with the first failure (a timeout, the caller's abort, a network error, a refused response).
 */
class NodeExchange {
  private request: ClientRequest | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private settled = false;
  private route: Route | undefined;
  private readonly onAbort = (): void => this.fail(this.req.signal?.reason);

  constructor(
    private readonly modules: Loaded,
    private readonly method: 'GET' | 'POST',
    private readonly req: NodeHttpRequest,
    private readonly via: Via | undefined,
    private readonly resolve: (response: HttpResponse | ViaResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  /** Ends the call with `error`, dropping the connection (a dropped socket is never returned to the pool). */
  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.cleanUp();
    this.request?.destroy();
    this.reject(error);
  }

  /** Ends the call with a transport failure (`error` its cause), naming the proxy when the call went through one. */
  private readonly failed = (error: unknown): void => {
    const { method, req, route } = this;
    const message =
      route?.proxy !== undefined
        ? proxyFailureMessage(method, req.url, route.proxy, error)
        : failureMessage(method, req.url, error);
    this.fail(new SvcTransportError(message, error));
  };

  private cleanUp(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.req.signal?.removeEventListener('abort', this.onAbort);
  }

  /** Sends the request with `headers` and `body` (undefined for a GET). */
  start(headers: Record<string, string>, body: string | undefined): void {
    const { modules, req } = this;
    let target: Target;
    try {
      target = targetOf(req.url);
    } catch (error) {
      this.failed(error);
      return;
    }
    // A client with network settings (TLS, a proxy) goes by its route; routeOf throws SvcRequestError for TLS options
    // that cannot be used (a wrong passphrase), which rejects the call as it is.
    if (req.network !== undefined) this.route = routeOf(modules, POOL, req.network, target, req.url);
    const options = this.requestOptions(target, headers);
    this.arm();
    try {
      this.request = (target.secure ? modules.https : modules.http).request(options, (res) => this.read(res));
    } catch (error) {
      // A header value node:http refuses (a control character), thrown before anything is sent.
      this.failed(error);
      return;
    }
    this.request.on('error', this.failed);
    if (this.timer === undefined) {
      this.request.setTimeout(SILENT_MS, () =>
        this.failed(Object.assign(new Error('no data from the server'), { code: 'ETIMEDOUT' })),
      );
    }
    if (body === undefined) this.request.end();
    else this.request.end(body, 'utf8');
  }

  /** node:http's options of the request: by the route when there is one, on the agent of its lane, pool or scheme. */
  private requestOptions(target: Target, headers: Record<string, string>): RequestOptions {
    const { modules, route } = this;
    const agent = this.via?.agent ?? route?.agent ?? (target.secure ? modules.httpsAgent : modules.httpAgent);
    dropExpired(agent);
    return {
      method: this.method,
      headers: route?.headers === undefined ? headers : { ...headers, ...route.headers },
      agent,
      hostname: route?.hostname ?? target.hostname,
      port: route?.port ?? target.port,
      path: route?.path ?? target.path,
    };
  }

  /** Starts the timeout, and listens for the caller's abort. */
  private arm(): void {
    const { method, req } = this;
    const { timeoutMs } = req;
    if (timeoutMs !== undefined && timeoutMs <= MAX_TIMER_MS) {
      this.timer = setTimeout(
        () => this.fail(new SvcTimeoutError(timeoutMessage(method, req.url, timeoutMs), timeoutMs)),
        timeoutMs,
      );
    }
    req.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** Reads the response: refuses what it cannot take at its head, else decodes its body as it comes. */
  private read(res: IncomingMessage): void {
    const status = res.statusCode ?? 0;
    if (status === 407 && this.route?.proxy !== undefined) {
      // The proxy's, not the service's: an error naming the proxy, not an HTTP error of the service's URL.
      this.failed(proxyRefusal(this.modules, this.route.proxy, status));
      return;
    }
    const coding = contentCoding(res.headers['content-encoding']);
    // A compressed body's Content-Length counts its compressed bytes: neither its size once decoded nor a hint.
    const declared = coding === undefined ? contentLength(res.headers['content-length']) : undefined;
    const refusal = this.refusal(status, coding, declared);
    if (refusal !== undefined) {
      this.fail(refusal);
      return;
    }
    const contentType = res.headers['content-type'] ?? '';
    // The bytes become text as they come (see bodyTextDecoder): a large body is never held as chunks plus their
    // concatenation plus its text.
    // node:http never reuses a chunk it has emitted, nor zlib a part of its output, so the decoder may keep them.
    const text = bodyTextDecoder(contentType, 'response', declared, true);
    this.readBody(res, status, coding, text, () => this.finish(res, status, contentType, text));
  }

  /** Why the response is refused from its head alone (a content coding not decoded, a length over the limit), or undefined. */
  private refusal(status: number, coding: string | undefined, declared: number | undefined): Error | undefined {
    const limit = this.req.maxResponseBytes;
    if (coding !== undefined && !DECODED.has(coding)) {
      return new SvcDecodeError(
        `the response has Content-Encoding ${JSON.stringify(coding)}, which the client does not decode (it asks for ${ACCEPT_ENCODING})`,
      );
    }
    if (limit !== undefined && declared !== undefined && declared > limit)
      return new SvcResponseTooLargeError(limit, status);
    return undefined;
  }

  /** Resolves with the response, once its body is complete. */
  private finish(res: IncomingMessage, status: number, contentType: string, text: BodyTextDecoder): void {
    if (this.settled) return;
    this.settled = true;
    this.cleanUp();
    try {
      const response = responseOf(
        status,
        contentType,
        text.endSource(),
        redirectLocation(status, res.headers.location),
      );
      if (this.req.wantsCookies === true) response.setCookies = res.headers['set-cookie'] ?? [];
      this.resolve(
        this.via === undefined
          ? response
          : Object.assign(response, {
              challenges: status === 401 ? (res.headersDistinct['www-authenticate'] ?? []) : [],
            }),
      );
    } catch (error) {
      // A SvcDecodeError, as it is: the body was complete, only its bytes are wrong.
      this.reject(error);
    }
  }

  /** Feeds the body, inflated when it is compressed, to `text` under the size limit, then calls `finish`. */
  private readBody(
    res: IncomingMessage,
    status: number,
    coding: string | undefined,
    text: BodyTextDecoder,
    finish: () => void,
  ): void {
    const limit = this.req.maxResponseBytes;
    // The cap holds for the decoded bytes (a small gzip bomb decodes to gigabytes), and for the bytes received: a
    // compressed body may be a little longer than it decodes to (stored blocks), but not twice as long, and a
    // stream of empty blocks decodes to nothing at all.
    const received = limit === undefined || coding === undefined ? limit : 2 * limit;
    let total = 0;
    let decoded = 0;
    let inflater: Inflater | undefined;
    const take = (chunk: Buffer): void => {
      if (this.settled) return;
      decoded += chunk.byteLength;
      if (limit !== undefined && decoded > limit) {
        this.fail(new SvcResponseTooLargeError(limit, status));
        // What was received already would go on being inflated for nothing.
        inflater?.destroy();
        return;
      }
      text.write(chunk);
    };
    inflater =
      coding === undefined
        ? undefined
        : decoderOf(this.modules.zlib, coding, {
            data: take,
            error: (error) =>
              this.fail(new SvcDecodeError(`the response body is not valid ${coding} data`, { cause: error })),
            end: finish,
          });
    res.on('data', (chunk: Buffer) => {
      if (this.settled) return;
      total += chunk.byteLength;
      if (received !== undefined && total > received) {
        this.fail(new SvcResponseTooLargeError(limit ?? 0, status));
        return;
      }
      if (inflater === undefined) take(chunk);
      else inflater.write(chunk);
    });
    res.on('error', this.failed);
    res.on('close', () => {
      if (res.complete) return;
      this.failed(
        Object.assign(new Error('the connection closed before the response was complete'), { code: 'ECONNRESET' }),
      );
      inflater?.destroy();
    });
    res.on('end', () => {
      if (inflater === undefined) finish();
      else if (!this.settled) inflater.end();
    });
  }
}

/** Whether `headers` has the header `lowerName` (given in lower case), in any case. */
function hasHeader(headers: Record<string, string>, lowerName: string): boolean {
  for (const name in headers) if (name.toLowerCase() === lowerName) return true;
  return false;
}

/** The content codings decoded here (`x-gzip` is gzip's old name, which HTTP/1.1 still accepts). */
const DECODED: ReadonlySet<string> = new Set(['gzip', 'x-gzip', 'deflate']);

/**
 * A response's content coding in lower case, or undefined for none (absent, empty or `identity`); several codings
 * (`gzip, br`) are returned as they are, to be refused.
 */
function contentCoding(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const coding = header.trim().toLowerCase();
  return coding === '' || coding === 'identity' ? undefined : coding;
}

/** A decoder of a compressed body: its bytes go in through write and end; what it decodes goes to its callbacks. */
interface Inflater {
  write(chunk: Buffer): void;
  end(): void;
  destroy(): void;
}

/** Where an {@link Inflater} sends what it decodes, its failure, and the end. */
interface InflaterSink {
  readonly data: (chunk: Buffer) => void;
  readonly error: (error: unknown) => void;
  readonly end: () => void;
}

/**
 * The decoder of `coding`, made at the first chunk. `deflate` means zlib-wrapped data, but some servers (IIS among
 * them, in the past) send raw deflate: a zlib header is two bytes whose first has 8 in its low four bits and which
 * together are a multiple of 31, so the first chunk tells which it is. A truncated stream is an error (zlib's
 * default finish), not a shorter body; an empty body decodes to nothing.
 */
function decoderOf(zlib: typeof import('node:zlib'), coding: string, sink: InflaterSink): Inflater {
  let stream: import('node:zlib').Gunzip | import('node:zlib').Inflate | import('node:zlib').InflateRaw | undefined;
  const open = (first: Buffer): NonNullable<typeof stream> => {
    const wrapped =
      first.byteLength < 2 ? (first[0]! & 0x0f) === 8 : (first[0]! & 0x0f) === 8 && first.readUInt16BE(0) % 31 === 0;
    const made = coding !== 'deflate' ? zlib.createGunzip() : wrapped ? zlib.createInflate() : zlib.createInflateRaw();
    made.on('data', sink.data);
    made.on('error', sink.error);
    made.on('end', sink.end);
    return made;
  };
  return {
    write(chunk) {
      if (chunk.byteLength === 0) return;
      stream ??= open(chunk);
      stream.write(chunk);
    },
    end() {
      if (stream === undefined) sink.end();
      else stream.end();
    },
    destroy() {
      stream?.destroy();
    },
  };
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

/** Each client's NTLM lanes (ntlm.ts), by its settings and the target's scheme. */
const LANES = new WeakMap<Network, { http?: Lanes<Agent>; https?: Lanes<Agent> }>();

/**
 * Sends `req` on an authenticated connection of the client's (ntlm.ts): on a lane whose connection is authenticated,
 * as it is; else after the handshake on that lane's connection.
 */
async function sendWithNtlm(modules: Loaded, method: 'GET' | 'POST', req: NodeHttpRequest): Promise<HttpResponse> {
  const network = req.network!;
  let target: Target;
  try {
    target = targetOf(req.url);
  } catch (error) {
    throw new SvcTransportError(failureMessage(method, req.url, error), error);
  }
  let byScheme = LANES.get(network);
  if (byScheme === undefined) LANES.set(network, (byScheme = {}));
  const lanes = target.secure
    ? (byScheme.https ??= new Lanes<Agent>(() =>
        stamping(
          new modules.https.Agent({
            ...POOL,
            maxSockets: 1,
            ...(network.tls !== undefined ? tlsAgentOptions(modules, network.tls) : {}),
          }),
        ),
      ))
    : (byScheme.http ??= new Lanes<Agent>(() => stamping(new modules.http.Agent({ ...POOL, maxSockets: 1 }))));
  const lane = await lanes.take();
  try {
    // A lane whose connection was let go (idle, or closed by the server) is no longer authenticated.
    if (lane.authenticated && !connected(lane.agent)) lane.authenticated = false;
    if (lane.authenticated) {
      const response = await exchange(modules, method, req, { agent: lane.agent });
      // A 401 asking for NTLM again: the server did not act on the request; authenticate and send it once more.
      if (response.status !== 401 || ntlmScheme(response.challenges) === undefined) return response;
      lane.authenticated = false;
    }
    return await handshake(modules, method, req, lane);
  } catch (error) {
    lane.authenticated = false;
    throw error;
  } finally {
    lanes.give(lane);
  }
}

/** The NTLM handshake on `lane`'s connection, the call's request sent with its last step. */
async function handshake(
  modules: Loaded,
  method: 'GET' | 'POST',
  req: NodeHttpRequest,
  lane: Lane<Agent>,
): Promise<HttpResponse> {
  const lib = await loadNtlmLibrary();
  const credentials = req.network!.ntlm!;
  let scheme = lane.scheme ?? 'NTLM';
  let challenge = await exchange(modules, method, req, {
    agent: lane.agent,
    authorization: negotiateMessage(lib, credentials, scheme),
    withoutBody: true,
  });
  if (challenge.status !== 401) {
    // The service asks for no authentication: the negotiate message had no body, so the call goes now, as it is.
    lane.authenticated = true;
    return exchange(modules, method, req, { agent: lane.agent });
  }
  let token = challengeToken(challenge.challenges, scheme);
  const offered = ntlmScheme(challenge.challenges);
  if (token === undefined && offered !== undefined && offered !== scheme) {
    // IIS set to Negotiate alone: the same message under the scheme it offers.
    scheme = offered;
    challenge = await exchange(modules, method, req, {
      agent: lane.agent,
      authorization: negotiateMessage(lib, credentials, scheme),
      withoutBody: true,
    });
    token = challengeToken(challenge.challenges, scheme);
  }
  // No challenge to answer: the server offers no NTLM, or refused the negotiation; its 401 is the call's answer.
  if (token === undefined) return challenge;
  let authorization: string;
  try {
    authorization = authenticateMessage(lib, credentials, scheme, token);
  } catch (error) {
    throw new SvcTransportError(
      `${method} ${req.url.split('?')[0]} failed: the server's NTLM challenge could not be read (${(error as Error).message})`,
      error,
    );
  }
  const answer = await exchange(modules, method, req, { agent: lane.agent, authorization });
  lane.authenticated = answer.status !== 401;
  lane.scheme = scheme;
  return answer;
}

/** Whether the lane's agent still holds its connection (idle or in use). */
function connected(agent: Agent): boolean {
  const holds = (sockets: NodeJS.ReadOnlyDict<readonly unknown[]>): boolean =>
    Object.values(sockets).some((list) => (list?.length ?? 0) > 0);
  return holds(agent.freeSockets) || holds(agent.sockets);
}
