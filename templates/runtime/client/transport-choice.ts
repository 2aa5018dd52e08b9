/**
 * Which transport a call goes through, decided at each call from the client's options and the runtime:
 *
 * - a `fetch` option: that function, always;
 * - `transport: 'fetch'`: `globalThis.fetch` as it is at that moment;
 * - `transport: 'node'`: node:http / node:https with a keep-alive agent (node-transport.ts);
 * - a client with network settings (`tls`, `proxy`: network.ts): node:http, which alone honours them; the
 *   constructor has refused them with a `fetch` option, `transport: 'fetch'` or outside Node;
 * - neither (the default): node:http on Node, unless `globalThis.fetch` is no longer Node's own (a test's stub, a
 *   spy, MSW's or another interceptor's replacement) or a global undici dispatcher other than the default one is
 *   installed (undici's MockAgent, a ProxyAgent): then `globalThis.fetch` of the moment, as the user has arranged
 *   for fetch. Elsewhere (browsers, Deno, Bun, whose fetch is their fast path) `globalThis.fetch`.
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
  readonly tls?: TlsOptions | undefined;
  readonly proxy?: ProxyOption | undefined;
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

/** undici's global dispatcher slot (Node's fetch reads it too); undefined or a plain Agent unless the user set one. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

function defaultDispatcher(): boolean {
  const dispatcher = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];
  return dispatcher === undefined || (dispatcher as { constructor?: { name?: unknown } }).constructor?.name === 'Agent';
}

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
    const what = options.tls != null && options.proxy != null ? 'tls and proxy' : options.tls != null ? 'tls' : 'proxy';
    if (options.fetch != null) {
      throw new SvcRequestError(`${what} cannot be honoured through the fetch option (fetch takes no TLS or proxy settings): configure them in that fetch (undici's Agent or ProxyAgent as its dispatcher), or leave fetch out`);
    }
    if (transport === 'fetch') {
      throw new SvcRequestError(`${what} needs the node transport: transport: 'fetch' cannot honour them (fetch takes no TLS or proxy settings without undici's dispatcher); leave transport out or set 'node'`);
    }
    if (!isNode()) {
      throw new SvcRequestError(`${what} needs Node.js (node:http and node:https): this runtime's fetch takes no TLS or proxy settings (a browser uses the system's certificates and proxy)`);
    }
  }
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
export async function sendChosen(options: TransportOptions, operation: string, req: NodeHttpRequest): Promise<HttpResponse> {
  if (options.fetch != null) return sendRequest({ ...req, fetch: options.fetch });
  if (options.network !== undefined) return sendNodeRequest({ ...req, network: options.network });
  const transport = options.transport ?? undefined;
  if (transport === 'node') return sendNodeRequest(req);
  if (transport === undefined && !nodeMissing && isNode() && isNodeFetch(globalThis.fetch) && defaultDispatcher()) {
    if (nodeHttpLoaded() || (await nodeHttpAvailable())) return sendNodeRequest(req);
    nodeMissing = true;
  }
  return sendRequest({ ...req, fetch: currentFetch(operation) });
}

/** The global fetch of the moment. */
function currentFetch(operation: string): typeof fetch {
  const found: unknown = globalThis.fetch;
  if (typeof found !== 'function') throw new SvcRequestError('no fetch implementation: pass the fetch option', { operation });
  return found as typeof fetch;
}
