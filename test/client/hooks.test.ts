/**
 * The client's hooks and per-call options, against a real loopback server, on both transports:
 *
 * - onRequest sees the method, URL, headers (Content-Length included) and body as sent, with every secret masked
 *   (the computed key, the Basic password and its encoded form, the WS-Security password) and the Authorization
 *   value masked whole after its scheme; onResponse sees the status, Content-Type, body (masked too) and a duration,
 *   or the error when no answer came;
 * - a hook that throws or rejects fails the call with SvcHookError (cause attached): onRequest before anything is
 *   sent, onResponse after; an async hook is awaited;
 * - per call, `timeoutMs` replaces the client's and `headers` are sent, refused when they would replace a header that
 *   frames the call, carry a line break, or (in a browser) be dropped by fetch.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PayerClient,
  SvcHookError,
  SvcHttpError,
  SvcRequestError,
  SvcTimeoutError,
  SvcTransportError,
  type RequestHookEvent,
  type ResponseHookEvent,
  type Style,
} from '../../generated/client/index.js';
import { rejected } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';
import { hmacHex } from './support/wire.js';

const API_KEY = 'hooks-test-api-key-0123456789';
const NOW = 1700000000;
const KEY = hmacHex(API_KEY, `MyPayer${NOW}`);
const BASIC_PASSWORD = 'basic-pass-0123456789abc';
const WS_PASSWORD = 'ws-pass-0123456789abcdef';
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

type Options = ConstructorParameters<typeof PayerClient>[0];

function client(transport: 'node' | 'fetch', style: Style, extra: Partial<Options> = {}): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: 'MyPayer',
    apiKey: API_KEY,
    style,
    transport,
    now: () => NOW,
    ...extra,
  });
}

const BALANCES = '<errorCode>0</errorCode><errorMessage>ok</errorMessage>';
/** A GetBalances answer that echoes the key the client sent, as a careless server might. */
function answerEchoingKey(style: Style): (req: { body: string; path: string }) => ReturnType<typeof resultResponse> {
  return (req) => {
    const sentKey = /key(?:>|=)([0-9a-f]{64})/.exec(req.body + req.path)?.[1] ?? 'none';
    return resultResponse(
      style as 'soap11' | 'soap12' | 'httpPost',
      'GetBalances',
      `${BALANCES}<AccountInfos/>`.replace('ok', `echo ${sentKey}`),
      'SvcGetBalanceResponse',
    );
  };
}

/** Nothing of `secret` (a run of 12 of its characters) anywhere in `text`. */
function expectAbsent(text: string, ...secrets: string[]): void {
  for (const secret of secrets)
    for (let i = 0; i + 12 <= secret.length; i++) expect(text).not.toContain(secret.slice(i, i + 12));
}

describe.each(['node', 'fetch'] as const)('transport %s', (transport) => {
  describe.each<Style>(['soap11', 'soap12', 'httpPost'])('%s', (style) => {
    it('onRequest and onResponse see the exchange as sent and answered, every secret masked', async () => {
      server.respond(answerEchoingKey(style));
      const requests: RequestHookEvent[] = [];
      const responses: ResponseHookEvent[] = [];
      const ws = style === 'httpPost' ? {} : { wsSecurity: { username: 'ws-user', password: WS_PASSWORD } };
      const result = await client(transport, style, {
        httpAuth: { basic: { username: 'basic-user', password: BASIC_PASSWORD } },
        ...ws,
        onRequest: (e) => void requests.push(e),
        onResponse: (e) => void responses.push(e),
      }).getBalances({}, { headers: { 'X-Request-Id': 'abc-123' } });
      expect(result.errorMessage).toBe(`echo ${KEY}`);
      const sent = server.requests.at(-1)!;
      expect(requests).toHaveLength(1);
      expect(responses).toHaveLength(1);
      const [request] = requests as [RequestHookEvent];
      const [response] = responses as [ResponseHookEvent];
      expect(request.operation).toBe('GetBalances');
      expect(request.method).toBe('POST');
      expect(request.url).toBe(`${server.url}${sent.path}`);
      // Every header the server got from the client is there, with the same value unless it is a credential.
      expect(request.headers['Content-Length']).toBe(String(sent.bodyBytes));
      expect(request.headers['X-Request-Id']).toBe('abc-123');
      expect(request.headers['Authorization']).toBe('Basic [redacted]');
      expect(sent.headers['authorization']).toBe(
        `Basic ${Buffer.from(`basic-user:${BASIC_PASSWORD}`).toString('base64')}`,
      );
      expect(sent.headers['x-request-id']).toBe('abc-123');
      // The body is the one sent, with the key (and the WS-Security password) masked.
      expect(sent.body).toContain(KEY);
      expect(request.body).toBe(sent.body.replaceAll(KEY, '[redacted]').replaceAll(WS_PASSWORD, '[redacted]'));
      expect(request.startTime).toBeGreaterThan(Date.now() - 60_000);
      expect(response.request).toBe(request);
      expect(response.status).toBe(200);
      expect(response.contentType).toBe(
        style === 'soap12' ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8',
      );
      expect(response.body).toContain('echo [redacted]');
      expect(response.error).toBeUndefined();
      expect(response.durationMs).toBeGreaterThanOrEqual(0);
      expect(response.durationMs).toBeLessThan(60_000);
      const everything = JSON.stringify([requests, responses]);
      expectAbsent(
        everything,
        KEY,
        API_KEY,
        BASIC_PASSWORD,
        WS_PASSWORD,
        Buffer.from(`basic-user:${BASIC_PASSWORD}`).toString('base64'),
      );
    });

    it('a throwing onRequest fails the call with SvcHookError and nothing is sent', async () => {
      server.respond(answerEchoingKey(style));
      const before = server.requests.length;
      const boom = new Error('logger down');
      const error = await rejected(
        client(transport, style, {
          onRequest: () => {
            throw boom;
          },
        }).getBalances(),
        SvcHookError,
      );
      expect(error.hook).toBe('onRequest');
      expect(error.requestSent).toBe(false);
      expect(error.cause).toBe(boom);
      expect(error.message).toContain('the onRequest hook threw: Error: logger down (nothing was sent)');
      expect(server.requests.length).toBe(before);
    });

    it('a rejecting async onResponse fails the call with SvcHookError after the request went out', async () => {
      server.respond(answerEchoingKey(style));
      const before = server.requests.length;
      let awaited = false;
      const error = await rejected(
        client(transport, style, {
          onResponse: async () => {
            await new Promise((resolve) => setImmediate(resolve));
            awaited = true;
            throw new TypeError('span exporter failed');
          },
        }).getBalances(),
        SvcHookError,
      );
      expect(awaited).toBe(true);
      expect(error.hook).toBe('onResponse');
      expect(error.requestSent).toBe(true);
      expect(error.cause).toBeInstanceOf(TypeError);
      expect(server.requests.length).toBe(before + 1);
    });
  });

  it('onResponse sees a failure with no answer (connection refused) and the call rejects with that error', async () => {
    const responses: ResponseHookEvent[] = [];
    const c = new PayerClient({
      baseUrl: 'http://127.0.0.1:1',
      payerName: 'MyPayer',
      apiKey: API_KEY,
      transport,
      onResponse: (e) => void responses.push(e),
    });
    const error = await rejected(c.getBalances(), SvcTransportError);
    expect(responses).toHaveLength(1);
    expect(responses[0]!.status).toBeUndefined();
    expect(responses[0]!.body).toBeUndefined();
    expect(responses[0]!.error).toBe(error);
  });

  it('an HTTP error reaches onResponse with its status and masked body before the call rejects', async () => {
    server.respond((req) => ({ status: 500, contentType: 'text/plain', body: `echo: ${req.body}` }));
    const responses: ResponseHookEvent[] = [];
    await rejected(
      client(transport, 'soap11', { onResponse: (e) => void responses.push(e) }).getBalances(),
      SvcHttpError,
    );
    expect(responses[0]!.status).toBe(500);
    expect(responses[0]!.body).toContain('[redacted]');
    expectAbsent(responses[0]!.body ?? '', KEY);
  });

  it("per call, timeoutMs replaces the client's (none here) and headers are sent", async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    server.respond(resultResponse('soap11', 'GetBalances', BALANCES, 'SvcGetBalanceResponse'));
    const c = client(transport, 'soap11');
    await c.getBalances({}, { timeoutMs: 5000, headers: { traceparent } });
    expect(server.requests.at(-1)!.headers['traceparent']).toBe(traceparent);
    server.respond({ ...resultResponse('soap11', 'GetBalances', BALANCES, 'SvcGetBalanceResponse'), delayMs: 2000 });
    const started = performance.now();
    const error = await rejected(c.getBalances({}, { timeoutMs: 50 }), SvcTimeoutError);
    expect(error.timeoutMs).toBe(50);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('per-call options that are refused before anything is sent', () => {
  it.each<[string, Partial<Options>, Record<string, unknown>, RegExp]>([
    [
      'a header that frames the call',
      {},
      { headers: { 'content-type': 'text/plain' } },
      /the header "content-type" frames the request and is set by the client/,
    ],
    ['SOAPAction, in any case', {}, { headers: { soapaction: '"x"' } }, /the header "soapaction" frames the request/],
    [
      'Authorization when httpAuth sets it',
      { httpAuth: { basic: { username: 'u', password: 'p' } } },
      { headers: { Authorization: 'Bearer x' } },
      /the header "Authorization" is set by the client's httpAuth option/,
    ],
    [
      'a value with a line break',
      {},
      { headers: { 'X-Note': 'a\r\nInjected: yes' } },
      /the header "X-Note" has a line break/,
    ],
    [
      'a name that is not a token',
      {},
      { headers: { 'X Note': 'a' } },
      /the header "X Note" is not a valid header name/,
    ],
    [
      'a value that is not a string',
      {},
      { headers: { 'X-Count': 3 } },
      /the header "X-Count" must have a string value/,
    ],
    ['headers that are not an object', {}, { headers: 'X-A: b' }, /headers must be an object/],
    ['a timeoutMs that is not positive', {}, { timeoutMs: 0 }, /timeoutMs must be a positive number/],
  ])('%s (before onRequest sees anything)', async (_, options, call, message) => {
    const before = server.requests.length;
    const seen: RequestHookEvent[] = [];
    const error = await rejected(
      client('node', 'soap11', { ...options, onRequest: (e) => void seen.push(e) }).getBalances({}, call as never),
      SvcRequestError,
    );
    expect(error.message).toMatch(message);
    expect(seen).toEqual([]);
    expect(server.requests.length).toBe(before);
  });

  it('Authorization and Cookie are allowed per call when no httpAuth is set, sent as given and masked whole in the hooks', async () => {
    server.respond(resultResponse('soap11', 'GetBalances', BALANCES, 'SvcGetBalanceResponse'));
    const seen: RequestHookEvent[] = [];
    await client('node', 'soap11', { onRequest: (e) => void seen.push(e) }).getBalances(
      {},
      { headers: { Authorization: 'Bearer t0ken', Cookie: 'ASP.NET_SessionId=s3ss10n' } },
    );
    expect(server.requests.at(-1)!.headers['authorization']).toBe('Bearer t0ken');
    expect(server.requests.at(-1)!.headers['cookie']).toBe('ASP.NET_SessionId=s3ss10n');
    expect(seen[0]!.headers['Authorization']).toBe('Bearer [redacted]');
    expect(seen[0]!.headers['Cookie']).toBe('[redacted]');
  });

  it('in a browser, a header fetch would drop is refused (Cookie, Origin, Proxy-*, Sec-*), others pass', async () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' });
    server.respond(resultResponse('soap11', 'GetBalances', BALANCES, 'SvcGetBalanceResponse'));
    for (const name of ['Cookie', 'Origin', 'Proxy-Authorization', 'Sec-Fetch-Mode']) {
      const error = await rejected(
        client('fetch', 'soap11').getBalances({}, { headers: { [name]: 'x' } }),
        SvcRequestError,
      );
      expect(error.message).toContain(`the header "${name}" is one a browser's fetch does not let a page set`);
    }
    await client('fetch', 'soap11').getBalances({}, { headers: { 'X-Request-Id': 'ok' } });
    expect(server.requests.at(-1)!.headers['x-request-id']).toBe('ok');
    // Deno's fetch sends them: there they are not refused.
    vi.stubGlobal('navigator', { userAgent: 'Deno/2.1.4' });
    await client('fetch', 'soap11').getBalances({}, { headers: { Cookie: 'a=b' } });
    expect(server.requests.at(-1)!.headers['cookie']).toBe('a=b');
  });
});

describe('hook options refused in the constructor', () => {
  it.each([['onRequest'], ['onResponse']])('%s that is not a function', (hook) => {
    expect(() => client('node', 'soap11', { [hook]: 'log' } as never)).toThrow(
      new SvcRequestError(`${hook} must be a function`),
    );
  });
});
