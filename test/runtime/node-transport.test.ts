/**
 * The client's transports on Node: which one a call goes through (node:http by default, fetch when the user has
 * replaced globalThis.fetch or installed an undici dispatcher, either when forced), and that neither sends a request
 * twice when the server drops a reused keep-alive connection. A real loopback server tells the transports apart by
 * the headers fetch adds (`sec-fetch-mode`), which node:http does not send.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerClient, SvcRequestError, SvcTransportError } from '../../generated/client/index.js';
import { sendNodeRequest } from '../../templates/runtime/client/node-transport.js';
import { sendRequest } from '../../templates/runtime/client/transport.js';
import { SvcTransportError as RuntimeTransportError } from '../../templates/runtime/errors.js';
import { rejected } from '../helpers/failures.js';
import { resultResponse } from '../client/support/responses.js';

const balances = resultResponse(
  'soap11',
  'GetBalances',
  '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>A1</AccountIdentifier><Balance>7.5</Balance><Currency>EUR</Currency></SvcAccountInfo></AccountInfos>',
  'SvcGetBalanceResponse',
);

/** What reached the server: one entry per request, with the connection it came on. */
const seen: Array<{ url: string; fetchHeaders: boolean; connection: number; body: string }> = [];
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void = answerBalances;
let server: Server;
let base = '';
const sockets = new Map<Socket, number>();

function answerBalances(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': balances.contentType }).end(balances.body);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        url: req.url ?? '',
        fetchHeaders: req.headers['sec-fetch-mode'] !== undefined,
        connection: sockets.get(req.socket) ?? -1,
        body,
      });
      handler(req, res, body);
    });
  });
  server.on('connection', (s) => {
    sockets.set(s, sockets.size);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen.length = 0;
  handler = answerBalances;
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const s of sockets.keys()) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {}): PayerClient {
  return new PayerClient({ baseUrl: base, payerName: 'MyPayer', apiKey: 'boguskey', ...extra });
}

describe('the transport a call goes through', () => {
  it('is node:http by default on Node, while globalThis.fetch is Node’s own', async () => {
    expect((await client().getBalances()).AccountInfos).toHaveLength(1);
    expect(seen.map((s) => s.fetchHeaders)).toEqual([false]);
  });

  it('is globalThis.fetch of the moment once it has been replaced (a spy installed after the client was made)', async () => {
    const made = client();
    const spy = vi.spyOn(globalThis, 'fetch');
    await made.getBalances();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.fetchHeaders)).toEqual([true]);
    spy.mockRestore();
    await made.getBalances();
    expect(seen.map((s) => s.fetchHeaders)).toEqual([true, false]);
  });

  it('is fetch when a global undici dispatcher other than the default Agent is installed (MockAgent, ProxyAgent)', async () => {
    const slot = Symbol.for('undici.globalDispatcher.1');
    const globals = globalThis as unknown as Record<symbol, unknown>;
    const before = globals[slot];
    class ProxyAgent {
      dispatched = 0;
      dispatch(): boolean {
        this.dispatched++;
        throw new Error('refused by the test dispatcher');
      }
    }
    const dispatcher = new ProxyAgent();
    globals[slot] = dispatcher;
    try {
      await rejected(client().getBalances(), SvcTransportError);
    } finally {
      globals[slot] = before;
    }
    expect(dispatcher.dispatched).toBe(1);
    expect(seen).toEqual([]);
  });

  it.each([
    ["transport: 'fetch'", { transport: 'fetch' as const }, true],
    ["transport: 'node'", { transport: 'node' as const }, false],
  ])('is the one forced with %s', async (_name, options, fetchHeaders) => {
    await client(options).getBalances();
    expect(seen.map((s) => s.fetchHeaders)).toEqual([fetchHeaders]);
  });

  it('is the fetch option when one is given, whatever globalThis.fetch is', async () => {
    const own = vi.fn(((input, init) => fetch(input, init)) as typeof fetch);
    await client({ fetch: own, transport: 'fetch' }).getBalances();
    await client({ fetch: own }).getBalances();
    expect(own).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['an unknown transport', { transport: 'xhr' as never }, 'transport must be one of node, fetch'],
    [
      'a fetch with transport: node',
      { transport: 'node' as const, fetch },
      'the fetch option and transport: node exclude each other',
    ],
  ])('refuses %s in the constructor', (_name, options, message) => {
    expect(() => client(options)).toThrow(SvcRequestError);
    expect(() => client(options)).toThrow(message);
  });
});

// Whether the second request is known to come on the first one's connection: node:http's agent (lifo) reuses it at
// once; undici may open another, which still tests that a dropped connection is not followed by a resend.
const TRANSPORTS = [
  [
    'node',
    (url: string, body: string) => sendNodeRequest({ url, headers: { 'Content-Type': 'text/xml' }, body }),
    true,
  ],
  [
    'fetch',
    (url: string, body: string) => sendRequest({ fetch, url, headers: { 'Content-Type': 'text/xml' }, body }),
    false,
  ],
] as const;

describe('a reused keep-alive connection that the server drops', () => {
  it.each(TRANSPORTS)('fails the call without sending it again (%s)', async (_name, send, reused) => {
    const first = await send(`${base}/query`, '<query/>');
    expect(first.status).toBe(200);
    // The next request comes on the same, idle connection; the server takes it and drops the connection without an
    // answer, as one that acted on a payment and then failed would. Nothing tells the client whether it was acted on.
    handler = (req) => req.socket.destroy();
    const error = await rejected(send(`${base}/payment`, '<pay>1250.50</pay>'), RuntimeTransportError);
    expect(error.message).toMatch(/^POST request to http:\/\/127\.0\.0\.1:\d+\/payment failed/);
    expect(seen.map((s) => s.url)).toEqual(['/query', '/payment']);
    if (reused) expect(seen[1]!.connection).toBe(seen[0]!.connection);
    // The pool is not left broken: the next call gets a new connection.
    handler = answerBalances;
    await send(`${base}/query`, '<query/>');
    expect(seen.filter((s) => s.url === '/payment')).toHaveLength(1);
  });
});
