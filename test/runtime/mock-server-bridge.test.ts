/**
 * mock-server.ts beyond the mock's own answers (mock-server.test.ts): a MockCore served directly reads headers and
 * bodies as a web Request would give them; a handler that is not a MockCore gets a real Request and has its Response
 * written; a wrapper around `core.handle` gets real ones.
 */
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockAnswer, MockCore, MockCoreOptions } from '../../templates/runtime/mock/core.js';
import {
  startServer,
  type ExchangeHandler,
  type MockServer,
  type RequestHandler,
} from '../../templates/runtime/mock/server.js';
import { NS, ORIGIN, PATH, envelope, getThingBody, makeFixture } from './mock-fixture.js';

const TEXT_XML = 'text/xml; charset=utf-8';
const ACTION = `"${NS}GetThing"`;

let running: MockServer[] = [];

afterEach(async () => {
  await Promise.all(running.map((s) => s.close()));
  running = [];
});

async function serve(handler: RequestHandler | ExchangeHandler): Promise<MockServer> {
  const server = await startServer(handler);
  running.push(server);
  return server;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request over its own connection, with headers as given (an array is sent as repeated header lines). */
function send(
  server: MockServer,
  path: string,
  headers: OutgoingHttpHeaders,
  body?: string,
  method = 'POST',
): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Raw bytes over a socket; what came back before the server closed or `ms` passed, and whether it closed. */
function raw(server: MockServer, bytes: string, ms = 1000): Promise<{ text: string; closed: boolean }> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, ms);
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on('error', () => undefined);
    socket.write(bytes);
  });
}

/** The same request answered by `handle` in process, for comparison. */
async function handled(
  core: MockCore,
  path: string,
  headers: Array<[string, string]>,
  body: string,
): Promise<{ status: number; body: string }> {
  const response = await core.handle(new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body }));
  return { status: response.status, body: await response.text() };
}

const WAYS: ReadonlyArray<readonly [string, (core: MockCore) => RequestHandler | ExchangeHandler]> = [
  ['a function of a web Request', (core) => (request) => core.handle(request)],
  ['the MockCore itself', (core) => core],
];

describe.each(WAYS)('a MockCore served as %s', (_, handlerOf) => {
  function start(options: Partial<MockCoreOptions> = {}) {
    const fx = makeFixture(options);
    return { fx, server: serve(handlerOf(fx.core)) };
  }

  it('reads a repeated header as web Headers do, its values joined with ", "', async () => {
    const { fx, server } = start();
    const body = envelope(getThingBody());
    const got = await send(await server, PATH, { 'Content-Type': TEXT_XML, SOAPAction: [ACTION, ACTION] }, body);
    const want = await handled(
      fx.core,
      PATH,
      [
        ['Content-Type', TEXT_XML],
        ['SOAPAction', ACTION],
        ['SOAPAction', ACTION],
      ],
      body,
    );
    expect(got.status).toBe(500);
    expect({ status: got.status, body: got.body }).toEqual(want);
    expect(got.body).toContain(`${NS}GetThing\\", \\"${NS}GetThing`);
  });

  it('reads a repeated Content-Type whole too (node:http would keep the first)', async () => {
    const { fx, server } = start();
    const got = await send(
      await server,
      PATH,
      { 'Content-Type': ['text/xml', 'application/json'], SOAPAction: ACTION },
      'x',
    );
    const want = await handled(
      fx.core,
      PATH,
      [
        ['Content-Type', 'text/xml'],
        ['Content-Type', 'application/json'],
        ['SOAPAction', ACTION],
      ],
      'x',
    );
    expect(got.status).toBe(415);
    expect({ status: got.status, body: got.body }).toEqual(want);
    expect(got.body).toContain('"text/xml, application/json"');
  });

  it('answers with a Content-Length and the Content-Type of the style, keeping the connection open', async () => {
    const { server } = start();
    const body = envelope(getThingBody());
    const request = `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: ${TEXT_XML}\r\nSOAPAction: ${ACTION}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    const { text, closed } = await raw(await server, request, 300);
    expect(closed).toBe(false);
    const [head, answer] = text.split('\r\n\r\n') as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    // Header names are case-insensitive; a web Response gives them in lower case.
    expect(head.toLowerCase()).toContain(`\r\ncontent-type: ${TEXT_XML}\r\n`);
    expect(head.toLowerCase()).toContain(`\r\ncontent-length: ${Buffer.byteLength(answer)}\r\n`);
    expect(head).not.toMatch(/\r\nConnection: close/i);
    expect(answer).toContain('<id>9007199254740993</id>');
  });

  it('tells onAnswer of each request once, a dropped one with status 0', async () => {
    const answers: MockAnswer[] = [];
    const { fx, server } = start({ onAnswer: (a) => answers.push(a) });
    const s = await server;
    await send(s, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody()));
    await send(s, '/elsewhere', {}, '', 'GET');
    fx.core.inject('GetThing', { drop: true });
    await expect(
      send(s, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody())),
    ).rejects.toThrow();
    expect(answers.map((a) => [a.operation, a.style, a.status])).toEqual([
      ['GetThing', 'soap11', 200],
      [undefined, undefined, 404],
      ['GetThing', 'soap11', 0],
    ]);
  });

  it('drops the connection for an injected drop, then answers the next request', async () => {
    const { fx, server } = start();
    const s = await server;
    fx.core.inject('GetThing', { drop: true });
    const dropped = await raw(
      s,
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: ${ACTION}\r\nContent-Length: ${Buffer.byteLength(envelope(getThingBody()))}\r\n\r\n${envelope(getThingBody())}`,
    );
    expect(dropped).toEqual({ text: '', closed: true });
    expect(
      (await send(s, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody()))).status,
    ).toBe(200);
  });

  it('answers an injected 204 with no body', async () => {
    // handle() answers 500 here (mock-inject.test.ts: undici refuses a Response of 204 with a body of ''); the server
    // writes the reply itself.
    const { fx, server } = start();
    fx.core.inject('GetThing', { status: 204 });
    const got = await send(
      await server,
      PATH,
      { 'Content-Type': TEXT_XML, SOAPAction: ACTION },
      envelope(getThingBody()),
    );
    expect([got.status, got.body, got.headers['content-length']]).toEqual([204, '', undefined]);
  });

  it('refuses a Content-Length over the cap at once, without waiting for the body, and closes the connection', async () => {
    const { server } = start({ maxRequestBytes: 1000 });
    const head = `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: ${ACTION}\r\nContent-Length: 100000\r\n\r\n`;
    const { text, closed } = await raw(await server, `${head}<soap:Envelope`);
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 500 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
    expect(text).toContain('Maximum request length exceeded: the request body is larger than 1000 bytes');
  });

  it('gives a signal already aborted to a handler that asks for it after the client went away', async () => {
    let gone!: () => void;
    const clientGone = new Promise<void>((resolve) => (gone = resolve));
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let aborted: boolean | undefined;
    const { fx, server } = start();
    fx.behaviour.result = async () => {
      entered();
      await clientGone;
      aborted = fx.seen.at(-1)!.context.signal.aborted;
      return undefined;
    };
    const s = await server;
    const { port } = new URL(s.url);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `${PATH}/Ping`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      agent: false,
    });
    req.on('error', () => undefined);
    req.end('count=1');
    await inHandler;
    req.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    gone();
    await expect.poll(() => aborted).toBe(true);
  });

  it('routes an absolute-form target by its path, and refuses one with credentials (400)', async () => {
    const { server } = start();
    const s = await server;
    const body = envelope(getThingBody());
    const request = (target: string) =>
      `POST ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: text/xml\r\nSOAPAction: ${ACTION}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    expect((await raw(s, request(`http://elsewhere.test${PATH}`))).text).toMatch(/^HTTP\/1\.1 200 /);
    expect((await raw(s, request(`http://user:secret@elsewhere.test${PATH}`))).text).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe('a wrapper around core.handle', () => {
  it('that reads the request first still gets its answer', async () => {
    const fx = makeFixture();
    let seen: string | null = null;
    const server = await serve(async (request) => {
      seen = request.headers.get('soapaction');
      return fx.core.handle(request);
    });
    const got = await send(server, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody()));
    expect(got.status).toBe(200);
    expect(got.body).toContain('<id>9007199254740993</id>');
    expect(seen).toBe(ACTION);
  });

  it('that reads the request after handing it over sees its headers, and its body used (the mock read it)', async () => {
    const fx = makeFixture();
    let after: { action: string | null; used: boolean } | undefined;
    const server = await serve(async (request) => {
      const response = await fx.core.handle(request);
      after = { action: request.headers.get('soapaction'), used: request.bodyUsed };
      return response;
    });
    const got = await send(server, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody()));
    expect(got.status).toBe(200);
    expect(after).toEqual({ action: ACTION, used: true });
  });

  it('that changes the answer has the changed answer written', async () => {
    const fx = makeFixture();
    const server = await serve(async (request) => {
      const response = await fx.core.handle(request);
      expect(response).toBeInstanceOf(Response);
      response.headers.set('X-Extra', 'yes');
      return response;
    });
    const got = await send(server, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody()));
    expect(got.status).toBe(200);
    expect(got.headers['x-extra']).toBe('yes');
    expect(got.headers['content-type']).toBe(TEXT_XML);
    expect(got.body).toContain('<id>9007199254740993</id>');
  });

  it('that answers with a Response of its own has that one written', async () => {
    const fx = makeFixture();
    const server = await serve(async (request) => {
      const response = await fx.core.handle(request);
      return new Response(`wrapped ${response.status}`, { status: 418 });
    });
    const got = await send(server, PATH, { 'Content-Type': TEXT_XML, SOAPAction: ACTION }, envelope(getThingBody()));
    expect([got.status, got.body]).toEqual([418, 'wrapped 200']);
  });
});

describe('a handler that is not a MockCore', () => {
  it('gets a real Request: method, URL, headers (repeated ones joined), body, signal', async () => {
    let got: { method: string; url: string; action: string | null; body: string; signal: boolean } | undefined;
    const server = await serve(async (request) => {
      got = {
        method: request.method,
        url: request.url,
        action: request.headers.get('x-action'),
        body: await request.text(),
        signal: request.signal instanceof AbortSignal,
      };
      return new Response('ok', { headers: { 'X-Answer': '1' } });
    });
    const answer = await send(server, '/any/path?q=1', { 'X-Action': ['a', 'b'] }, 'the body');
    expect(got).toEqual({
      method: 'POST',
      url: `${server.url}/any/path?q=1`,
      action: 'a, b',
      body: 'the body',
      signal: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('ok');
    expect(answer.headers['x-answer']).toBe('1');
    expect(answer.headers['content-length']).toBe('2');
  });

  it('has its Response written whole, the server setting Content-Length and Connection itself', async () => {
    const server = await serve(async () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('one '));
          controller.enqueue(new TextEncoder().encode('two'));
          controller.close();
        },
      });
      return new Response(stream, { status: 201, headers: { 'Content-Type': 'text/plain', 'Content-Length': '999' } });
    });
    const answer = await send(server, '/', {}, '', 'GET');
    expect([answer.status, answer.body, answer.headers['content-length'], answer.headers['content-type']]).toEqual([
      201,
      'one two',
      '7',
      'text/plain',
    ]);
  });

  it('that leaves the body unread has the connection closed after its answer', async () => {
    const server = await serve(() => Promise.resolve(new Response('early')));
    const { port } = new URL(server.url);
    const head = `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n`;
    const { text, closed } = await raw(server, `${head}${'x'.repeat(10)}`);
    expect(port).not.toBe('');
    expect(closed).toBe(true);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('drops the connection for Response.error(), and answers 500 when it throws', async () => {
    let calls = 0;
    const server = await serve(async () => {
      calls++;
      if (calls === 1) return Response.error();
      throw new Error('boom');
    });
    expect(await raw(server, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n')).toEqual({ text: '', closed: true });
    const failed = await send(server, '/', {}, '', 'GET');
    expect([failed.status, failed.body]).toEqual([500, 'the mock failed to answer']);
  });

  it('is not called for a request no web Request can stand for (400)', async () => {
    let calls = 0;
    const server = await serve(() => {
      calls++;
      return Promise.resolve(new Response('ok'));
    });
    expect((await raw(server, 'TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).text).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    expect((await raw(server, 'GET http://u:p@x/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).text).toMatch(
      /^HTTP\/1\.1 400 /,
    );
    expect(calls).toBe(0);
  });
});
