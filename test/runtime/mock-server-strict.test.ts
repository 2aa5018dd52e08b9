/**
 * The node:http server at its edges, over a real loopback server: a body over the cap gets its fault through to the
 * sender (the rest is drained, within bounds), CONNECT and upgrade requests get HTTP answers, Expect: 100-continue is
 * answered before the body when the body is refused, and an answer that cannot be written is a 500, not a crash.
 */
import { execFile } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSoapFault } from '../../templates/runtime/codec/soap.js';
import type { MockExchange, MockReply } from '../../templates/runtime/mock/exchange.js';
import { startServer, type MockServer } from '../../templates/runtime/mock/server.js';
import { NS, PATH, envelope, getThingBody, makeFixture, type Fixture } from './mock-fixture.js';

const SOAP11 = { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}GetThing"` };

/** What came back on a raw connection: the bytes, and whether the server closed it. */
interface RawAnswer {
  readonly text: string;
  readonly closed: boolean;
}

/**
 * Opens a raw connection to the server. `allowHalfOpen`: the socket keeps sending after the server has ended its side,
 * as a sender still writing a body does, instead of ending its own side at once (Node's default).
 */
function open(server: MockServer, allowHalfOpen = false): Promise<Socket> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * Writes `head` and waits for a whole answer (a head and as many body bytes as its Content-Length says) or the
 * server's close, whichever comes first.
 */
function exchange(socket: Socket, head: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (closed: boolean) => {
      socket.off('data', onData);
      resolve({ text, closed });
    };
    const onData = (d: Buffer) => {
      text += d.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (text.startsWith('HTTP/1.1 100 ')) return;
      if (length !== null && text.length - end - 4 >= Number(length[1])) finish(false);
    };
    socket.on('data', onData);
    socket.once('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

/**
 * Resolves when the connection is closed for good: the server has destroyed it, and what this side still wrote was
 * refused. Not at the server's end of its answer (its half-close, the 'end' event), after which a draining server
 * still reads: a test of the drain's bounds that took that for the close would pass with no bound at all.
 */
function closedBy(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve();
    socket.once('close', () => resolve());
  });
}

/**
 * A sender in a process of its own, as a real client is (in the test's own process the server and the sender share
 * one event loop, which hides the race): Node's fetch sends a body of each size `tries` times and counts the
 * answers that are the Client fault; anything else is listed. Each run is `<size>x<tries>`.
 */
const SENDER = `
const [url, action, ...runs] = process.argv.slice(1);
const counts = {};
for (const run of runs) {
  const [size, tries] = run.split('x').map(Number);
  const body = new Uint8Array(size).fill(32);
  const got = { fault: 0, other: [] };
  for (let i = 0; i < tries; i++) {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/xml', SOAPAction: action }, body });
      const text = await response.text();
      if (response.status === 500 && text.includes('<faultcode>soap:Client</faultcode>') && text.includes('Maximum request length exceeded')) got.fault++;
      else got.other.push(response.status);
    } catch (error) {
      got.other.push(String(error.cause?.code ?? error.message));
    }
  }
  counts[size] = got;
}
process.stdout.write(JSON.stringify(counts));
`;

describe('a body over maxRequestBytes', () => {
  const cap = 1024 * 1024;
  let fx: Fixture;
  let server: MockServer;

  beforeAll(async () => {
    fx = makeFixture({ maxRequestBytes: cap });
    server = await startServer(fx.core);
  });

  afterAll(() => server.close());

  it('gets its Client fault through to every sender (fetch, 10-20 tries at each size), and never reaches the handler', async () => {
    // Before the mock drained, 1-13 of 20 got the fault at each of these sizes; the rest got EPIPE.
    const runs = [
      [cap + 1, 20],
      [cap * 4, 20],
      [16 * 1024 * 1024 + 1, 10],
    ] as const;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        SENDER,
        `${server.url}${PATH}`,
        `"${NS}GetThing"`,
        ...runs.map(([size, tries]) => `${size}x${tries}`),
      ],
      { timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toEqual(
      Object.fromEntries(runs.map(([size, tries]) => [size, { fault: tries, other: [] }])),
    );
    expect(fx.seen).toHaveLength(0);
  });

  it('a sender in this process too', async () => {
    const response = await fetch(`${server.url}${PATH}`, {
      method: 'POST',
      headers: SOAP11,
      body: new Uint8Array(cap * 2),
    });
    const fault = parseSoapFault(await response.text(), 500);
    expect([response.status, fault?.code, fault?.reason]).toEqual([
      500,
      'soap:Client',
      `Maximum request length exceeded: the request body is larger than ${cap} bytes`,
    ]);
  });
});

describe('draining is bounded', () => {
  let fx: Fixture;
  let server: MockServer;

  beforeAll(async () => {
    fx = makeFixture({ maxRequestBytes: 1024 });
    server = await startServer(fx.core, { drain: { maxBytes: 64 * 1024, maxMs: 200 } });
  });

  afterAll(() => server.close());

  it('a sender that trickles the rest of a refused body is cut off once the time is up', async () => {
    const socket = await open(server, true);
    const closed = closedBy(socket);
    const answer = exchange(
      socket,
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: "${NS}GetThing"\r\nContent-Length: 100000000\r\n\r\n`,
    );
    const got = await answer;
    expect(got.text).toMatch(/^HTTP\/1\.1 500 /);
    expect(got.text).toMatch(/\r\nConnection: close\r\n/i);
    // A slow loris: a byte now and then, far below the byte bound. Bounded: the loop ends once the server closes.
    let trickling = true;
    void closed.then(() => (trickling = false));
    // oxlint-disable-next-line no-unmodified-loop-condition -- the close handler above clears it between writes
    for (let i = 0; i < 1000 && trickling; i++) {
      if (!socket.destroyed) socket.write('x');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(trickling).toBe(false);
    socket.destroy();
  });
});

describe('draining is bounded in bytes, whatever the time bound', () => {
  const MAX_BYTES = 64 * 1024;
  const CHUNK = 16 * 1024;
  let fx: Fixture;
  let server: MockServer;

  beforeAll(async () => {
    fx = makeFixture({ maxRequestBytes: 1024 });
    // A time bound far longer than the test may take: only the byte bound can close the connection in time.
    server = await startServer(fx.core, { drain: { maxBytes: MAX_BYTES, maxMs: 30_000 } });
  });

  afterAll(() => server.close());

  it('a sender that sends more than the byte bound is cut off within a few chunks past it, long before the time bound', async () => {
    const started = performance.now();
    const socket = await open(server, true);
    try {
      let open_ = true;
      void closedBy(socket).then(() => (open_ = false));
      const got = await exchange(
        socket,
        `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: "${NS}GetThing"\r\nContent-Length: 100000000\r\n\r\n`,
      );
      expect(got.text).toMatch(/^HTTP\/1\.1 500 /);
      const chunk = 'y'.repeat(CHUNK);
      // Every byte sent from here is drained. The server and this sender share one event loop, so the server reads each
      // chunk before the next is written. Bounded: 64 chunks are 1 MiB, sixteen times the bound.
      let sent = 0;
      // oxlint-disable-next-line no-unmodified-loop-condition -- the socket's close handler clears it between writes
      for (let i = 0; i < 64 && open_ && !socket.destroyed; i++) {
        await new Promise<void>((resolve) => socket.write(chunk, () => resolve()));
        sent += CHUNK;
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(open_, `the connection was still open after ${sent} bytes`).toBe(false);
      // The server closes once it has read past the bound; this side sees it at its next write or two (112 KiB here).
      expect(sent, 'bytes sent before the server closed').toBeLessThanOrEqual(MAX_BYTES + 6 * CHUNK);
      // The 30 s time bound had no part in it.
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(fx.seen).toHaveLength(0);
    } finally {
      socket.destroy();
    }
  });
});

describe('requests that are not plain requests', () => {
  let fx: Fixture;
  let server: MockServer;

  beforeAll(async () => {
    fx = makeFixture({ maxRequestBytes: 1024 });
    server = await startServer(fx.core);
  });

  afterAll(() => server.close());

  it('CONNECT gets a 400 with a text body and Connection: close', async () => {
    const socket = await open(server);
    const got = await exchange(socket, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    socket.destroy();
    expect(got.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(got.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(got.text).toMatch(/\r\nContent-Type: text\/plain; charset=utf-8\r\n/i);
    expect(got.text).toContain('CONNECT');
  });

  it('a websocket upgrade of the service path gets the usual 405, not a 101', async () => {
    const socket = await open(server);
    const got = await exchange(
      socket,
      `GET ${PATH} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
    );
    socket.destroy();
    expect(got.text).toMatch(/^HTTP\/1\.1 405 /);
  });

  it('an h2c upgrade of a SOAP call is answered as HTTP/1.1', async () => {
    const body = envelope(getThingBody());
    const socket = await open(server);
    const got = await exchange(
      socket,
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n` +
        `Content-Type: text/xml\r\nSOAPAction: "${NS}GetThing"\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.destroy();
    expect(got.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(got.text).toContain('<total>12.5</total>');
  });

  it('Expect: 100-continue: a body within the cap is asked for and answered', async () => {
    const body = envelope(getThingBody());
    const socket = await open(server);
    const first = await new Promise<string>((resolve) => {
      socket.once('data', (d: Buffer) => resolve(d.toString('latin1')));
      socket.write(
        `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: "${NS}GetThing"\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
    });
    expect(first).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n$/);
    const got = await exchange(socket, body);
    socket.destroy();
    expect(got.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(got.text).toContain('<total>12.5</total>');
  });

  it('Expect: 100-continue: a body over the cap gets the fault without being asked for', async () => {
    const socket = await open(server);
    const got = await exchange(
      socket,
      `POST ${PATH} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nSOAPAction: "${NS}GetThing"\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n`,
    );
    socket.destroy();
    expect(got.text).toMatch(/^HTTP\/1\.1 500 /);
    expect(got.text).not.toContain('100 Continue');
    expect(got.text).toContain('Maximum request length exceeded');
  });

  it('Expect: 100-continue on a path that is no operation gets its 404 without the body being asked for', async () => {
    const socket = await open(server);
    const got = await exchange(
      socket,
      'POST /elsewhere HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n',
    );
    socket.destroy();
    expect(got.text).toMatch(/^HTTP\/1\.1 404 /);
  });
});

describe('an answer that cannot be written', () => {
  /** An exchange handler answering whatever the test sets, the MockCore's way of serving. */
  let next: () => MockReply = () => ({ status: 200, headers: {}, body: 'ok' });
  let server: MockServer;
  let byFunction: MockServer;
  let answerOf: () => unknown = () => new Response('ok');

  beforeAll(async () => {
    server = await startServer({ serveExchange: (_: MockExchange) => Promise.resolve(next()) });
    byFunction = await startServer(() => Promise.resolve(answerOf() as Response));
  });

  afterAll(async () => {
    await server.close();
    await byFunction.close();
  });

  it.each([
    [
      'a header value with CR LF',
      () => ({ status: 200, headers: { 'Content-Type': 'text/plain\r\nX-Evil: 1' }, body: 'x' }),
    ],
    [
      'a header value beyond Latin-1',
      () => ({ status: 200, headers: { 'Content-Type': 'text/plain; name=\u20ac' }, body: 'x' }),
    ],
    ['a header name that is no token', () => ({ status: 200, headers: { 'Bad Name': 'x' }, body: 'x' })],
    ['a body that is a number', () => ({ status: 200, headers: {}, body: 42 as unknown as string })],
    ['a status out of range', () => ({ status: 1000, headers: {}, body: 'x' })],
  ])('%s: 500, and the server keeps serving', async (_, reply) => {
    next = reply as () => MockReply;
    const response = await fetch(`${server.url}/x`);
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toContain('the mock failed to write its answer');
    next = () => ({ status: 200, headers: {}, body: 'ok' });
    const after = await fetch(`${server.url}/x`);
    expect([after.status, await after.text()]).toEqual([200, 'ok']);
  });

  it.each([
    ['a string', () => 'not a Response'],
    ['null', () => null],
    ['an object with a bad header', () => ({ status: 200, headers: { 'Content-Type': 'a\nb' }, body: 'x' })],
  ])('a handler function answering %s: 500, and the server keeps serving', async (_, answer) => {
    answerOf = answer;
    const response = await fetch(`${byFunction.url}/x`);
    expect(response.status).toBe(500);
    answerOf = () => new Response('ok');
    const after = await fetch(`${byFunction.url}/x`);
    expect([after.status, await after.text()]).toEqual([200, 'ok']);
  });
});
