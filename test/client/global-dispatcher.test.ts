/**
 * A global undici dispatcher the user installed is honoured by the default transport: it goes through fetch, which
 * reads it, and not through node:http, which would drop what it carries (here a private CA, the usual reason to
 * install one). Node's own dispatcher, which its fetch installs on first use, is the one told apart, by identity:
 * the user's is named `Agent` too.
 *
 * The server is HTTPS with a certificate of a private CA (test/fixtures/tls) that only the user's dispatcher trusts:
 * the call succeeds through it and fails over node:https. The npm undici is not a dependency, and Node 20 does not
 * expose its Agent: the user's dispatcher is an `Agent` by name that hands each request to an Agent of Node's own
 * undici (the class of the dispatcher Node installs) given the CA, as `setGlobalDispatcher(new Agent({ connect:
 * { ca } }))` of the npm undici does; the second case installs such an Agent of Node's class itself.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerClient, SvcTransportError } from '../../generated/client/index.js';
import { rejected } from '../helpers/failures.js';
import { resultResponse } from './support/responses.js';

const TLS = new URL('../fixtures/tls/', import.meta.url);
const CA = readFileSync(new URL('ca.crt', TLS), 'utf8');

const balances = resultResponse(
  'soap11',
  'GetBalances',
  '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>A1</AccountIdentifier><Balance>7.5</Balance><Currency>EUR</Currency></SvcAccountInfo></AccountInfos>',
  'SvcGetBalanceResponse',
);

const SLOT = Symbol.for('undici.globalDispatcher.1');
const globals = globalThis as unknown as Record<symbol, unknown>;

/** Whether each request that reached a server came through fetch (which adds sec-fetch-mode; node:http does not). */
const viaFetch: boolean[] = [];
function answer(req: IncomingMessage, res: ServerResponse): void {
  viaFetch.push(req.headers['sec-fetch-mode'] !== undefined);
  req.resume();
  req.on('end', () => res.writeHead(200, { 'Content-Type': balances.contentType }).end(balances.body));
}
const plain = createServer(answer);
const secure = createTlsServer(
  { cert: readFileSync(new URL('server.crt', TLS)), key: readFileSync(new URL('server.key', TLS)) },
  answer,
);
let plainUrl = '';
let secureUrl = '';

interface Dispatcher {
  dispatch(options: unknown, handler: unknown): boolean;
  close(): Promise<void>;
  destroy(): Promise<void>;
}
type AgentClass = new (options: { connect: { ca: string } }) => Dispatcher;

/** Node's own dispatcher and its class, as Node's fetch installs them on first use. */
let nodeOwn: Dispatcher;
let NodeAgent: AgentClass;
const made: Dispatcher[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
  plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  secureUrl = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  // What any first use of fetch does: Node's undici loads and installs its own Agent.
  void globalThis.Headers;
  nodeOwn = globals[SLOT] as Dispatcher;
  NodeAgent = nodeOwn.constructor as AgentClass;
});

afterEach(() => {
  globals[SLOT] = nodeOwn;
  viaFetch.length = 0;
});

afterAll(async () => {
  await Promise.all(made.map((d) => d.destroy()));
  plain.closeAllConnections();
  secure.closeAllConnections();
  await Promise.all([new Promise((r) => plain.close(r)), new Promise((r) => secure.close(r))]);
});

function client(baseUrl: string): PayerClient {
  return new PayerClient({ baseUrl, payerName: 'MyPayer', apiKey: 'boguskey' });
}

/**
 * The user's dispatcher, shaped as the npm undici's Agent is (an Agent over a dispatcher base with a `destroyed`
 * getter), handing each request to an Agent of Node's undici that trusts the private CA.
 */
class DispatcherBase {
  #destroyed = false;
  get destroyed(): boolean {
    return this.#destroyed;
  }
}
class Agent extends DispatcherBase implements Dispatcher {
  readonly #inner = trustingAgent();
  dispatch(options: unknown, handler: unknown): boolean {
    return this.#inner.dispatch(options, handler);
  }
  close(): Promise<void> {
    return this.#inner.close();
  }
  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** An Agent of Node's undici that trusts the private CA. */
function trustingAgent(): Dispatcher {
  const agent = new NodeAgent({ connect: { ca: CA } });
  made.push(agent);
  return agent;
}

describe('the default transport with a global undici dispatcher', () => {
  it('is node:http under Node’s own dispatcher, which does not trust the private CA', async () => {
    expect((await client(plainUrl).getBalances()).AccountInfos).toHaveLength(1);
    const error = await rejected(client(secureUrl).getBalances(), SvcTransportError);
    expect(error.message).toMatch(
      /^POST request to https:\/\/127\.0\.0\.1:\d+\/v5\/PayerFunctions\.asmx failed \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)\)$/,
    );
    expect(viaFetch).toEqual([false]);
  });

  it('is fetch through the user’s Agent (named Agent, not Node’s), whose CA makes the call succeed', async () => {
    globals[SLOT] = new Agent();
    expect((await client(secureUrl).getBalances()).AccountInfos).toHaveLength(1);
    expect((await client(plainUrl).getBalances()).AccountInfos).toHaveLength(1);
    expect(viaFetch).toEqual([true, true]);
  });

  it('is fetch through the user’s Agent installed before the client was loaded, never having seen Node’s own', async () => {
    // A fresh copy of the client's modules, as in a process where the user's setGlobalDispatcher ran first.
    globals[SLOT] = new Agent();
    vi.resetModules();
    const fresh = (await import('../../generated/client/index.js')) as { PayerClient: typeof PayerClient };
    const call = () =>
      new fresh.PayerClient({ baseUrl: secureUrl, payerName: 'MyPayer', apiKey: 'boguskey' }).getBalances();
    expect((await call()).AccountInfos).toHaveLength(1);
    expect(viaFetch).toEqual([true]);
  });

  it('is fetch through a dispatcher of Node’s undici that is no Agent (a Client to one origin), even seen first', async () => {
    // How Node's Agent makes its connection pools; a Client's class is Node's bundled undici too.
    const factory = (nodeOwn as unknown as Record<symbol, unknown>)[
      Object.getOwnPropertySymbols(nodeOwn).find((s) => s.description === 'factory')!
    ];
    const single = (factory as (origin: string, options: object) => Dispatcher)(plainUrl, { connections: 1 });
    made.push(single);
    expect(single.constructor.name).toBe('Client');
    globals[SLOT] = single;
    vi.resetModules();
    const fresh = (await import('../../generated/client/index.js')) as { PayerClient: typeof PayerClient };
    await new fresh.PayerClient({ baseUrl: plainUrl, payerName: 'MyPayer', apiKey: 'boguskey' }).getBalances();
    expect(viaFetch).toEqual([true]);
  });

  it('is fetch through a subclass of Node’s Agent named Agent, even seen first', async () => {
    const Agent = class Agent extends NodeAgent {};
    const mine = new Agent({ connect: { ca: CA } });
    made.push(mine);
    globals[SLOT] = mine;
    vi.resetModules();
    const fresh = (await import('../../generated/client/index.js')) as { PayerClient: typeof PayerClient };
    expect(
      (await new fresh.PayerClient({ baseUrl: secureUrl, payerName: 'MyPayer', apiKey: 'boguskey' }).getBalances())
        .AccountInfos,
    ).toHaveLength(1);
    expect(viaFetch).toEqual([true]);
  });

  it('is node:http in a client loaded while Node’s own dispatcher is in place', async () => {
    vi.resetModules();
    const fresh = (await import('../../generated/client/index.js')) as { PayerClient: typeof PayerClient };
    await new fresh.PayerClient({ baseUrl: plainUrl, payerName: 'MyPayer', apiKey: 'boguskey' }).getBalances();
    expect(viaFetch).toEqual([false]);
  });

  it('is fetch through another Agent of Node’s own class, once Node’s own has been seen: identity, not class', async () => {
    // The client has seen Node's own dispatcher: a call under it goes over node:http.
    await client(plainUrl).getBalances();
    globals[SLOT] = trustingAgent();
    expect((await client(secureUrl).getBalances()).AccountInfos).toHaveLength(1);
    globals[SLOT] = nodeOwn;
    await client(plainUrl).getBalances();
    expect(viaFetch).toEqual([false, true, false]);
  });
});
