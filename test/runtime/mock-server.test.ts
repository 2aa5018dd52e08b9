import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSoapFault } from '../../templates/runtime/codec/soap.js';
import type { MockCore } from '../../templates/runtime/mock/core.js';
import {
  startServer,
  type ExchangeHandler,
  type MockServer,
  type RequestHandler,
} from '../../templates/runtime/mock/server.js';
import { KEY, NS, PATH, envelope, formCredentials, getThingBody, makeFixture, type Fixture } from './mock-fixture.js';

const CAP = 4096;
let fx: Fixture;
let server: MockServer;

/** The two ways a MockCore is served: generated mocks pass a function of a web Request. */
const WAYS: ReadonlyArray<readonly [string, (core: MockCore) => RequestHandler | ExchangeHandler]> = [
  ['a function of a web Request', (core) => (request) => core.handle(request)],
  ['the MockCore itself', (core) => core],
];

function post(path: string, headers: Record<string, string>, body: BodyInit): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
}

/** A good SOAP 1.1 call, which must succeed: the server is still answering. */
async function stillAnswers(): Promise<void> {
  const response = await post(
    PATH,
    { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}GetThing"` },
    envelope(getThingBody()),
  );
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<id>9007199254740993</id><total>12.5</total>');
}

/** Sends raw bytes and returns what came back before the server closed or `ms` passed. */
function raw(bytes: string, ms = 500): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let got = '';
    const done = () => {
      socket.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(got);
    });
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

describe.each(WAYS)('startServer given %s', (_, handlerOf) => {
  beforeAll(async () => {
    fx = makeFixture({ maxRequestBytes: CAP });
    server = await startServer(handlerOf(fx.core));
  });

  afterAll(async () => {
    await server.close();
  });

  it('listens on 127.0.0.1 on a free port and gives the origin as url', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(new URL(server.url).port).not.toBe('0');
  });

  it('serves the three styles, with a Content-Length', async () => {
    await stillAnswers();
    const s12 = await post(
      PATH,
      { 'Content-Type': 'application/soap+xml; charset=utf-8' },
      envelope(getThingBody(), '1.2'),
    );
    expect(s12.status).toBe(200);
    expect(s12.headers.get('content-type')).toBe('application/soap+xml; charset=utf-8');
    const text = await s12.text();
    expect(s12.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    const form = await post(
      `${PATH}/GetThing`,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      `${formCredentials()}&requestId=1&amount=2`,
    );
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<SvcThing ');
    expect(fx.core.calls.at(-1)).toEqual({
      operation: 'GetThing',
      style: 'httpPost',
      params: { requestId: '1', amount: 2 },
    });
  });

  it.each([
    [
      'malformed XML',
      () => post(PATH, { 'Content-Type': 'text/xml', SOAPAction: `"${NS}GetThing"` }, '<soap:Envelope'),
      500,
    ],
    [
      'a DOCTYPE',
      () =>
        post(
          PATH,
          { 'Content-Type': 'text/xml', SOAPAction: `"${NS}GetThing"` },
          '<!DOCTYPE x [<!ENTITY e "e">]><x>&e;</x>',
        ),
      500,
    ],
    [
      'a wrong SOAPAction',
      () => post(PATH, { 'Content-Type': 'text/xml', SOAPAction: 'nope' }, envelope(getThingBody())),
      500,
    ],
    [
      'an unknown parameter',
      () => post(PATH, { 'Content-Type': 'text/xml', SOAPAction: `"${NS}GetThing"` }, envelope(getThingBody('<x/>'))),
      500,
    ],
    ['another path', () => post('/elsewhere', { 'Content-Type': 'text/xml' }, 'x'), 404],
    ['a GET', () => fetch(`${server.url}${PATH}`), 405],
    ['the WSDL', () => fetch(`${server.url}${PATH}?WSDL`), 404],
    ['another Content-Type', () => post(PATH, { 'Content-Type': 'application/json' }, '{}'), 415],
    [
      'an unknown operation',
      () => post(`${PATH}/Nope`, { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1'),
      500,
    ],
    [
      'a missing form field',
      () => post(`${PATH}/GetThing`, { 'Content-Type': 'application/x-www-form-urlencoded' }, formCredentials()),
      500,
    ],
    [
      'a handler failure',
      () => {
        fx.behaviour.result = () => {
          throw new Error('boom');
        };
        return post(PATH, { 'Content-Type': 'text/xml', SOAPAction: `"${NS}GetThing"` }, envelope(getThingBody()));
      },
      500,
    ],
  ])('still answers after %s', async (_, send, status) => {
    const response = await send();
    expect(response.status).toBe(status);
    const text = await response.text();
    expect(text).not.toContain(KEY);
    fx.behaviour.result = undefined;
    await stillAnswers();
  });

  it('refuses a body over the cap with a fault and closes that connection, then still answers', async () => {
    const big = envelope(getThingBody(`<note>${'x'.repeat(CAP * 4)}</note>`));
    const response = await post(PATH, { 'Content-Type': 'text/xml', SOAPAction: `"${NS}GetThing"` }, big);
    expect(response.status).toBe(500);
    expect(parseSoapFault(await response.text(), 500)?.reason).toBe(
      `Maximum request length exceeded: the request body is larger than ${CAP} bytes`,
    );
    await stillAnswers();
  });

  it('stops reading a chunked body at the cap', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`<!--${'x'.repeat(1000)}-->`);
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          sent++;
          if (sent > 10_000) controller.close();
          else controller.enqueue(chunk);
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      },
      { highWaterMark: 0 },
    );
    const response = await post(PATH, { 'Content-Type': 'text/xml', SOAPAction: `"${NS}GetThing"` }, body);
    expect(response.status).toBe(500);
    expect(response.headers.get('connection')).toBe('close');
    expect(parseSoapFault(await response.text(), 500)?.code).toBe('soap:Client');
    // The cap is about five chunks; the client may write a few more into the socket's buffers, no more.
    expect(sent).toBeLessThan(100);
    await stillAnswers();
  });

  it('still answers after a client that goes away in the middle of a body, and after bytes that are not HTTP', async () => {
    const { port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: PATH,
        headers: { 'Content-Type': 'text/xml', 'Content-Length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('<soap:Envelope', () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 20),
      );
    });
    await stillAnswers();
    expect(await raw('NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    await stillAnswers();
    expect(await raw(`TRACE ${PATH} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400 /);
    await stillAnswers();
  });

  it("aborts the handler's signal when the client goes away", async () => {
    let signal: AbortSignal | undefined;
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    fx.behaviour.result = () => {
      signal = fx.seen.at(-1)!.context.signal;
      entered();
      return new Promise((resolve) => signal!.addEventListener('abort', () => resolve(undefined)));
    };
    const controller = new AbortController();
    const aborted = fetch(`${server.url}${PATH}/Ping`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'count=1',
      signal: controller.signal,
    }).catch(() => 'aborted');
    await inHandler;
    expect(signal?.aborted).toBe(false);
    controller.abort();
    expect(await aborted).toBe('aborted');
    await expect.poll(() => signal?.aborted).toBe(true);
    fx.behaviour.result = undefined;
    await stillAnswers();
  });

  it('close() closes idle keep-alive connections too, and refuses a second listener on the same port', async () => {
    const other = await startServer(handlerOf(fx.core), { port: 0, host: '127.0.0.1' });
    const response = await fetch(`${other.url}/nowhere`);
    expect(response.status).toBe(404);
    await response.text();
    await expect(
      startServer(() => Promise.resolve(new Response('')), { port: Number(new URL(other.url).port) }),
    ).rejects.toThrow(/EADDRINUSE/);
    const started = Date.now();
    await other.close();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await expect(fetch(`${other.url}/nowhere`)).rejects.toThrow();
  });
});
