/**
 * The cookieJar option on both transports against a loopback server: the jar's cookies go in the Cookie header, every
 * answer's Set-Cookie values (several at once, an error answer's too) go to the jar, a cookie the jar refuses is
 * dropped without failing the call, and a value that is no jar is refused in the constructor. (A real ASMX session
 * through the jar: test/network/session-cookies.test.ts.)
 */
import { CookieJar } from 'tough-cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcHttpError, SvcRequestError } from '../../generated/client/index.js';
import { rejected, thrown } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

const OK = resultResponse('soap11', 'GetBalances', '<errorCode>0</errorCode>', 'SvcGetBalanceResponse');

function client(transport: 'node' | 'fetch', cookieJar: unknown): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: 'MyPayer',
    apiKey: 'k',
    style: 'soap11',
    transport,
    cookieJar: cookieJar as never,
  });
}

describe.each(['node', 'fetch'] as const)('transport %s', (transport) => {
  it('sends what the jar holds and keeps every Set-Cookie of an answer', async () => {
    const jar = new CookieJar();
    await jar.setCookie('pre=set', server.url);
    const c = client(transport, jar);
    server.respond({
      ...OK,
      headers: { 'Set-Cookie': ['ASP.NET_SessionId=abc123; path=/; HttpOnly', 'affinity=node7; path=/'] },
    });
    await c.getBalances();
    server.respond(OK);
    await c.getBalances();
    expect(server.requests.slice(-2).map((r) => r.headers['cookie'])).toEqual([
      'pre=set',
      'pre=set; ASP.NET_SessionId=abc123; affinity=node7',
    ]);
  });

  it("keeps an error answer's cookie, and the error is the call's", async () => {
    const jar = new CookieJar();
    server.respond({
      status: 500,
      contentType: 'text/plain',
      body: 'down',
      headers: { 'Set-Cookie': 'seen=1; path=/' },
    });
    await rejected(client(transport, jar).getBalances(), SvcHttpError);
    expect(await jar.getCookieString(server.url)).toBe('seen=1');
  });

  it("drops a cookie the jar refuses (another site's) and still answers", async () => {
    const jar = new CookieJar();
    server.respond({ ...OK, headers: { 'Set-Cookie': ['other=1; Domain=example.com; path=/', 'mine=2; path=/'] } });
    await expect(client(transport, jar).getBalances()).resolves.toBeDefined();
    expect(await jar.getCookieString(server.url)).toBe('mine=2');
  });

  it('without a jar, sends no Cookie header and keeps nothing', async () => {
    server.respond({ ...OK, headers: { 'Set-Cookie': 'x=1; path=/' } });
    const c = new PayerClient({ baseUrl: server.url, payerName: 'MyPayer', apiKey: 'k', style: 'soap11', transport });
    await c.getBalances();
    await c.getBalances();
    expect(server.requests.at(-1)?.headers['cookie']).toBeUndefined();
  });
});

it.each<[string, unknown]>([
  ['a string', 'a=1'],
  ['an object without setCookie', { getCookieString: () => '' }],
  ['tough-cookie the class, not a jar', CookieJar],
])('cookieJar refused in the constructor: %s', (_, jar) => {
  expect(thrown(() => client('node', jar), SvcRequestError).message).toMatch(
    /cookieJar must be a cookie jar with getCookieString\(url\) and setCookie\(cookie, url\)/,
  );
});
