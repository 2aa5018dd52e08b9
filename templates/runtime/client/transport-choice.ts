/**
 * Which transport a call goes through, decided at each call from the client's options and the runtime:
 *
 * - a `fetch` option: that function, always;
 * - `transport: 'fetch'`: `globalThis.fetch` as it is at that moment;
 * - `transport: 'node'`: node:http / node:https with a keep-alive agent (node-transport.ts);
 * - a client with network settings (`tls`, `proxy`: network.ts): node:http, which alone honours them; the
 *   constructor has refused them with a `fetch` option, `transport: 'fetch'` or outside Node;
 * - neither (the default): node:http on Node, unless `globalThis.fetch` is no longer Node's own (a test's stub, a
 *   spy, MSW's or another interceptor's replacement) or a global undici dispatcher other than Node's own is
 *   installed (an Agent trusting a private CA, undici's MockAgent, a ProxyAgent): then `globalThis.fetch` of the
 *   moment, as the user has arranged for fetch. Elsewhere (browsers, Deno, Bun, whose fetch is their fast path) `globalThis.fetch`.
 *
 * Deciding at each call keeps what a test does after the client was made (MSW's `server.listen()` in `beforeAll`, a
 * stub installed later) in force for that client; MSW's `setupServer` intercepts node:http as well.
 */
import { SvcRequestError } from '../errors.js';
import { asksForNetwork, type Network, type ProxyOption, type TlsOptions } from './network.js';
import { nodeHttpAvailable, nodeHttpLoaded, sendNodeRequest, type NodeHttpRequest } from './node-transport.js';
import { sendRequest, type HttpResponse } from './transport.js';

/** The transports a client can be told to use. */
export type TransportName = 'node' | 'fetch';

/** The transport names, for checking options. */
export const TRANSPORTS: readonly TransportName[] = ['node', 'fetch'];

/** What the choice depends on: the client's options. */
export interface TransportOptions {
  readonly fetch?: typeof fetch | undefined;
  readonly transport?: TransportName | undefined;
  /** false: node:http asks for no compressed answer (fetch decides for itself). */
  readonly compression?: boolean | undefined;
  readonly tls?: TlsOptions | undefined;
  readonly proxy?: ProxyOption | undefined;
  readonly httpAuth?: { readonly ntlm?: unknown } | undefined;
  /** The `tls` and `proxy` options resolved (network.ts); set, calls go through node:http. */
  readonly network?: Network | undefined;
}

/**
 * True on Node itself: node:http is there and is what Node's own fetch is built on. Bun and Deno also answer to
 * `process.versions.node`, but their fetch is native and fast; a worker runtime with a Node compatibility layer has a
 * navigator that is not Node's.
 */
export function isNode(): boolean {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process?.versions;
  if (typeof versions?.node !== 'string' || versions.bun !== undefined || versions.deno !== undefined) return false;
  const agent = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
  return typeof agent !== 'string' || agent.startsWith('Node.js');
}

/** The last function found to be Node's own fetch, so that the check is made once per function. */
let nodeFetch: unknown;

/**
 * Whether `f` is Node's built-in fetch rather than a replacement. Node exposes no reference to compare with, so this
 * looks for the lazy undici loader in its source; should a Node version word it otherwise, the answer is "replaced",
 * which costs speed (fetch is used) and never correctness.
 */
function isNodeFetch(f: unknown): boolean {
  if (f === nodeFetch) return true;
  if (typeof f !== 'function') return f === undefined;
  if (!Function.prototype.toString.call(f).includes('internal/deps/undici')) return false;
  nodeFetch = f;
  return true;
}

/**
 * undici's global dispatcher slot, which Node's fetch reads. Empty until Node's bundled undici loads (at the first
 * fetch, or the first use of `Headers`, `Request` or `Response`), which then puts a plain Agent of its own there; or
 * until the user's `setGlobalDispatcher` (the npm undici's) puts theirs: an `Agent({ connect: { ca } })` to trust a
 * private CA, a ProxyAgent, a MockAgent.
 */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/** Node's own dispatcher, once seen: the only one that stands for the defaults. */
let nodeDispatcher: object | undefined;
/** The last dispatcher found to be someone else's, so that a call does not look at it again. */
let foreignDispatcher: unknown;

/**
 * Whether the global dispatcher is Node's own (or none yet), which node:http stands in for; any other is the user's,
 * and its settings (a CA, a proxy, limits, timeouts) hold only through fetch. Told apart by identity, not by the
 * class name (the npm undici's Agent is named `Agent` too): Node's is the first dispatcher seen whose class is the
 * Agent of Node's bundled undici; from then on only that very object is. Node puts it there once and never again, so
 * no later dispatcher, whatever its class, is taken for it.
 */
function defaultDispatcher(): boolean {
  const dispatcher = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];
  if (dispatcher === undefined || dispatcher === nodeDispatcher) return true;
  if (dispatcher === foreignDispatcher) return false;
  if (nodeDispatcher === undefined && isNodesAgent(dispatcher)) {
    nodeDispatcher = dispatcher as object;
    return true;
  }
  foreignDispatcher = dispatcher;
  return false;
}

/**
 * Whether `dispatcher` is an Agent of Node's bundled undici itself (not of a subclass): its prototype's prototype (the
 * dispatcher base) has a `destroyed` getter whose code lives in `node:internal/deps/undici`. Node exposes no
 * reference to its Agent, so the getter is called with no receiver, which makes it throw at once (and do nothing
 * else), and its stack says where it is. Any doubt (no such getter, no stack) answers "not Node's": fetch is then
 * used, which costs speed and never the user's settings.
 */
function isNodesAgent(dispatcher: unknown): boolean {
  if (dispatcher === null || typeof dispatcher !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(dispatcher);
  if (proto === null || (proto as { constructor?: { name?: unknown } }).constructor?.name !== 'Agent') return false;
  // oxlint-disable-next-line typescript/unbound-method -- called with no receiver on purpose (see above)
  const getter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(proto) as object, 'destroyed')?.get;
  if (typeof getter !== 'function') return false;
  let stack: unknown;
  try {
    getter.call(null);
  } catch (error) {
    stack = (error as { stack?: unknown } | null)?.stack;
  }
  return typeof stack === 'string' && stack.includes('(node:internal/deps/undici/');
}

// Looked at once when the client is loaded too, so that Node's dispatcher, if it is there already, is known before
// the user can install another.
if (isNode()) defaultDispatcher();

/** Set once node:http turned out not to load here: the default then stays with fetch. */
let nodeMissing = false;

/**
 * Checks the transport options once, in the client's constructor.
 * @param options - the client's options
 */
export function checkTransportOptions(options: TransportOptions): void {
  const { transport } = options;
  if (asksForNetwork(options)) {
    // fetch has no way to take a CA, a client certificate or a proxy without undici's dispatcher, and a browser
    // takes them from the system: sending without them would be a silent downgrade, so the client is refused.
    const asked = [options.tls != null ? 'tls' : '', options.proxy != null ? 'proxy' : ''].filter(Boolean);
    if (asked.length > 0) {
      const what = asked.join(' and ');
      if (options.fetch != null) {
        throw new SvcRequestError(
          `${what} cannot be honoured through the fetch option (fetch takes no TLS or proxy settings): configure them in that fetch (undici's Agent or ProxyAgent as its dispatcher), or leave fetch out`,
        );
      }
      if (transport === 'fetch') {
        throw new SvcRequestError(
          `${what} needs the node transport: transport: 'fetch' cannot honour them (fetch takes no TLS or proxy settings without undici's dispatcher); leave transport out or set 'node'`,
        );
      }
      if (!isNode()) {
        throw new SvcRequestError(
          `${what} needs Node.js (node:http and node:https): this runtime's fetch takes no TLS or proxy settings (a browser uses the system's certificates and proxy)`,
        );
      }
    }
    // NTLM authenticates a connection, which fetch never lets its caller hold (a browser makes NTLM itself, with the
    // system's credentials, for sites the system trusts).
    if (options.httpAuth?.ntlm != null) {
      if (options.fetch != null)
        throw new SvcRequestError(
          'httpAuth.ntlm cannot be made through the fetch option (NTLM needs one connection held for its handshake): leave fetch out',
        );
      if (transport === 'fetch')
        throw new SvcRequestError(
          "httpAuth.ntlm needs the node transport (NTLM needs one connection held for its handshake, which fetch does not give): leave transport out or set 'node'",
        );
      if (!isNode())
        throw new SvcRequestError(
          'httpAuth.ntlm needs Node.js (node:http): in a browser, the browser itself answers Windows authentication for the sites the system trusts',
        );
    }
  }
  if (options.compression !== undefined && typeof options.compression !== 'boolean')
    throw new SvcRequestError('compression must be a boolean');
  if (transport == null) return;
  if (!TRANSPORTS.includes(transport)) throw new SvcRequestError(`transport must be one of ${TRANSPORTS.join(', ')}`);
  if (transport === 'node') {
    if (options.fetch != null) throw new SvcRequestError('the fetch option and transport: node exclude each other');
    if (!isNode()) throw new SvcRequestError('transport: node needs Node.js (node:http); leave it out to use fetch');
  }
}

/**
 * Sends one request through the transport the options and the runtime choose (see the module comment).
 * @param options - the client's options
 * @param operation - the operation, for the error when there is no fetch at all
 * @param req - the request
 */
export function sendChosen(options: TransportOptions, operation: string, req: NodeHttpRequest): Promise<HttpResponse> {
  // Not async itself: a call through the fetch option (a browser's, MSW's, a test's) adds no promise here.
  if (options.fetch != null) return sendRequest(req, options.fetch);
  return sendDefault(options, operation, req);
}

/**
 * {@link sendChosen} without a fetch option. Async only until node:http has been found loadable, so that the usual
 * call adds no promise either.
 */
function sendDefault(options: TransportOptions, operation: string, req: NodeHttpRequest): Promise<HttpResponse> {
  if (options.network !== undefined) return sendNodeRequest({ ...nodeRequest(options, req), network: options.network });
  const transport = options.transport ?? undefined;
  if (transport === 'node') return sendNodeRequest(nodeRequest(options, req));
  if (transport === undefined && !nodeMissing && isNode() && isNodeFetch(globalThis.fetch) && defaultDispatcher()) {
    if (nodeHttpLoaded()) return sendNodeRequest(nodeRequest(options, req));
    return nodeHttpAvailable().then((available) => {
      if (available) return sendNodeRequest(nodeRequest(options, req));
      nodeMissing = true;
      return sendRequest(req, currentFetch(operation));
    });
  }
  try {
    return sendRequest(req, currentFetch(operation));
  } catch (error) {
    // No fetch at all: a rejection like every other failure, never a throw from the call itself.
    return Promise.reject(error);
  }
}

/** The request as node:http sends it under the client's options. */
function nodeRequest(options: TransportOptions, req: NodeHttpRequest): NodeHttpRequest {
  return options.compression === false ? { ...req, compression: false } : req;
}

/** The global fetch of the moment. */
function currentFetch(operation: string): typeof fetch {
  const found: unknown = globalThis.fetch;
  if (typeof found !== 'function')
    throw new SvcRequestError('no fetch implementation: pass the fetch option', { operation });
  return found as typeof fetch;
}
