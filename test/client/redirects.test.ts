/**
 * Redirects are never followed, on any transport: a 307/308 would re-post the signed envelope (principal, timestamp,
 * computed key) to wherever the Location points, and a 301/302/303 would turn it into a GET there whose answer would
 * be taken for the operation's result. Two real loopback servers: the service answers every call with a redirect to
 * the second, which counts what reaches it; nothing may.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerClient, SvcHttpError } from '../../generated/client/index.js';
import { sendRequest } from '../../templates/runtime/client/transport.js';
import { rejected } from '../helpers/failures.js';

const API_KEY = 'redirect-test-api-key-0123456789';

let service: Server;
let elsewhere: Server;
let serviceUrl = '';
let elsewhereUrl = '';
/** What reached the server the redirects point at. */
const reachedElsewhere: string[] = [];
let status = 307;
let location = (): string => `${elsewhereUrl}/collect?apiKey=${API_KEY}&next=1`;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  service = createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res
        .writeHead(status, { Location: location(), 'Content-Type': 'text/html' })
        .end('<html><title>Object moved</title></html>'),
    );
  });
  elsewhere = createServer((req, res) => {
    reachedElsewhere.push(`${req.method ?? ''} ${req.url ?? ''}`);
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8' }).end('<?xml version="1.0"?><x/>');
  });
  serviceUrl = await listen(service);
  elsewhereUrl = await listen(elsewhere);
});

afterEach(() => {
  reachedElsewhere.length = 0;
  status = 307;
  location = () => `${elsewhereUrl}/collect?apiKey=${API_KEY}&next=1`;
  vi.restoreAllMocks();
});

afterAll(async () => {
  service.closeAllConnections();
  elsewhere.closeAllConnections();
  await Promise.all([new Promise((r) => service.close(r)), new Promise((r) => elsewhere.close(r))]);
});

function client(extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {}): PayerClient {
  return new PayerClient({ baseUrl: serviceUrl, payerName: 'MyPayer', apiKey: API_KEY, ...extra });
}

/** How the client is set up to send, and whatever it needs installed for that. */
const TRANSPORTS: Array<[string, () => PayerClient]> = [
  ["transport: 'fetch'", () => client({ transport: 'fetch' })],
  ["transport: 'node'", () => client({ transport: 'node' })],
  ['the default transport', () => client()],
  [
    'the default transport with a wrapped globalThis.fetch',
    () => {
      const real = globalThis.fetch;
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => real(input, init));
      return client();
    },
  ],
  ['a fetch option', () => client({ fetch: (input, init) => fetch(input, init) })],
];

const CASES = TRANSPORTS.flatMap(([name, make]) =>
  [301, 302, 303, 307, 308].map((code) => [name, code, make] as const),
);

describe('a redirect answered to a call', () => {
  it.each(CASES)('is an SvcHttpError naming it, never followed (%s, %i)', async (_name, code, make) => {
    status = code;
    const made = make();
    const error = await rejected(made.getBalances(), SvcHttpError);
    expect(reachedElsewhere).toEqual([]);
    expect(error.status).toBe(code);
    // The Location without its query, which here carries the key.
    expect(error.location).toBe(`${elsewhereUrl}/collect`);
    expect(error.message).toBe(
      `HTTP ${code} (text/html) from POST ${serviceUrl}/v5/PayerFunctions.asmx: a redirect to ${elsewhereUrl}/collect, not followed (following it would send the signed request on)`,
    );
  });

  it('is resolved against the request URL and masked like every error (a relative Location carrying the key)', async () => {
    location = () => `/moved/${API_KEY}`;
    const error = await rejected(client({ transport: 'node' }).getBalances(), SvcHttpError);
    expect(error.location).toBe(`${serviceUrl}/moved/[redacted]`);
    expect(
      JSON.stringify({ ...Object.fromEntries(Object.entries(error)), message: error.message, stack: error.stack }),
    ).not.toContain(API_KEY);
  });

  it('is refused also when an injected fetch ignores redirect: manual and follows it', async () => {
    const follows = vi.fn(((input, init) => fetch(input, { ...init, redirect: 'follow' })) as typeof fetch);
    const error = await rejected(client({ fetch: follows }).getBalances(), SvcHttpError);
    // Too late for this request (that fetch sent it on), but that host's answer is not taken for the result.
    expect(reachedElsewhere).toEqual(['POST /collect?apiKey=redirect-test-api-key-0123456789&next=1']);
    expect(error.status).toBe(200);
    expect(error.location).toBe(`${elsewhereUrl}/collect`);
  });
});

describe('the fetch transport', () => {
  it('asks fetch not to follow redirects', async () => {
    const seen = vi.fn(((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response('<a/>'))) as typeof fetch);
    await sendRequest({ fetch: seen, url: `${serviceUrl}/x`, headers: {}, body: '' });
    await sendRequest({ fetch: seen, url: `${serviceUrl}/x`, method: 'GET', headers: {} });
    expect(seen.mock.calls.map(([, init]) => init?.redirect)).toEqual(['manual', 'manual']);
  });

  it("reads a browser's opaque redirect (status 0, Location hidden) as a redirect", async () => {
    // What a browser's fetch answers a redirect with under redirect: 'manual'; Node's never does, hence a look-alike.
    const opaque = {
      type: 'opaqueredirect',
      status: 0,
      redirected: false,
      url: '',
      headers: new Headers(),
      body: null,
    } as unknown as Response;
    const response = await sendRequest({
      fetch: () => Promise.resolve(opaque),
      url: `${serviceUrl}/x`,
      headers: {},
      body: '',
    });
    expect(response).toMatchObject({ status: 0, location: '', body: '' });
    const error = await rejected(client({ fetch: () => Promise.resolve(opaque) }).getBalances(), SvcHttpError);
    expect(error.status).toBe(0);
    expect(error.location).toBe('');
    expect(error.message).toBe(
      `HTTP 0 from POST ${serviceUrl}/v5/PayerFunctions.asmx: a redirect whose target the platform hides, not followed (following it would send the signed request on)`,
    );
  });
});
