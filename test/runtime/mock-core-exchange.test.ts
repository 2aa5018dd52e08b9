/**
 * MockCore's exchange entry (`serveExchange`) and the web bridge of mock-exchange.ts, without a server: the same
 * answers as `handle`, as plain replies, and no web Request or Response made on the way.
 */
import { describe, expect, it } from 'vitest';
import { DROP, replyResponse, type MockExchange, type MockReply } from '../../templates/runtime/mock/exchange.js';
import { NS, ORIGIN, PATH, envelope, formCredentials, getThingBody, makeFixture } from './mock-fixture.js';

const TEXT_XML = 'text/xml; charset=utf-8';

/** An exchange over fixed parts, counting what the engine asked of it. */
function exchangeOf(path: string, headers: Record<string, string>, body: string, method = 'POST') {
  const asked = { signal: 0, bodies: 0, headers: [] as string[] };
  const exchange: MockExchange = {
    method,
    url: new URL(path, ORIGIN),
    header(name) {
      asked.headers.push(name);
      return headers[name];
    },
    get signal() {
      asked.signal++;
      return new AbortController().signal;
    },
    readBody(maxBytes) {
      asked.bodies++;
      const bytes = new TextEncoder().encode(body);
      return Promise.resolve(bytes.byteLength > maxBytes ? undefined : bytes);
    },
  };
  return { exchange, asked };
}

async function webAnswer(
  core: ReturnType<typeof makeFixture>['core'],
  path: string,
  headers: Record<string, string>,
  body: string,
) {
  const response = await core.handle(new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body }));
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

function plain(reply: MockReply) {
  if ('drop' in reply) return reply;
  return {
    status: reply.status,
    headers: Object.fromEntries(Object.entries(reply.headers).map(([k, v]) => [k.toLowerCase(), v])),
    body: reply.body,
  };
}

describe('MockCore.serveExchange', () => {
  it.each([
    ['a SOAP 1.1 result', PATH, { 'content-type': TEXT_XML, soapaction: `"${NS}GetThing"` }, envelope(getThingBody())],
    [
      'a SOAP 1.2 result',
      PATH,
      { 'content-type': 'application/soap+xml; charset=utf-8' },
      envelope(getThingBody(), '1.2'),
    ],
    [
      'an HTTP POST result',
      `${PATH}/GetThing`,
      { 'content-type': 'application/x-www-form-urlencoded' },
      `${formCredentials()}&requestId=1&amount=2`,
    ],
    ['a fault', PATH, { 'content-type': TEXT_XML, soapaction: 'nope' }, envelope(getThingBody())],
    ['a 404', '/elsewhere', { 'content-type': TEXT_XML }, 'x'],
    ['a 415', PATH, { 'content-type': 'application/json' }, '{}'],
  ])('answers %s as handle() does', async (_, path, headers, body) => {
    const fx = makeFixture();
    const { exchange } = exchangeOf(path, headers, body);
    expect(plain(await fx.core.serveExchange(exchange))).toEqual(await webAnswer(fx.core, path, headers, body));
  });

  it('asks for headers by lower-case name, reads the body once, and makes no signal unless the handler asks', async () => {
    const fx = makeFixture();
    const { exchange, asked } = exchangeOf(
      PATH,
      { 'content-type': TEXT_XML, soapaction: `"${NS}GetThing"` },
      envelope(getThingBody()),
    );
    expect(((await fx.core.serveExchange(exchange)) as { status: number }).status).toBe(200);
    expect(asked.signal).toBe(0);
    expect(asked.bodies).toBe(1);
    expect(asked.headers.every((name) => name === name.toLowerCase())).toBe(true);
    expect(fx.seen[0]!.context.signal).toBeInstanceOf(AbortSignal);
    expect(asked.signal).toBe(1);
  });

  it('answers an injected drop with DROP, and a refused body with a fault', async () => {
    const fx = makeFixture({ maxRequestBytes: 400 });
    fx.core.inject('Ping', { drop: true });
    const ping = exchangeOf(
      PATH,
      { 'content-type': TEXT_XML, soapaction: `"${NS}Ping"` },
      envelope(`<Ping xmlns="${NS}"/>`),
    );
    expect(await fx.core.serveExchange(ping.exchange)).toBe(DROP);
    const big = exchangeOf(
      PATH,
      { 'content-type': TEXT_XML, soapaction: `"${NS}GetThing"` },
      envelope(getThingBody(`<note>${'x'.repeat(400)}</note>`)),
    );
    const reply = await fx.core.serveExchange(big.exchange);
    expect(reply).toMatchObject({ status: 500 });
    expect((reply as { body: string }).body).toContain('Maximum request length exceeded');
  });

  it('answers an exchange that fails with 500 "the mock failed", never rejecting', async () => {
    const fx = makeFixture();
    const broken = {
      method: 'POST',
      get url(): URL {
        throw new Error('no URL');
      },
    } as unknown as MockExchange;
    expect(plain(await fx.core.serveExchange(broken))).toEqual({
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'the mock failed: no URL',
    });
  });
});

describe('the web bridge', () => {
  it('handle() still answers what is no Request at all', async () => {
    const fx = makeFixture();
    for (const odd of [undefined, null, 'text', { url: 'not a url' }]) {
      const response = await fx.core.handle(odd as unknown as Request);
      expect(response.status).toBe(500);
      expect(await response.text()).toMatch(/^the mock failed: /);
    }
  });

  it('replyResponse makes a web Response of a reply, Response.error() of a drop', async () => {
    const response = replyResponse({ status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'no' });
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      404,
      'text/plain',
      'no',
    ]);
    expect(replyResponse(DROP).type).toBe('error');
  });
});
