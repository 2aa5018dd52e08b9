import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SvcDecodeError,
  SvcRequestError,
  SvcResponseTooLargeError,
  SvcTimeoutError,
  SvcTransportError,
} from '../../templates/runtime/errors.js';
import { textOf } from '../../templates/runtime/codec/text-source.js';
import { sendRequest, type HttpRequest, type HttpResponse } from '../../templates/runtime/client/transport.js';
import { sendNodeRequest } from '../../templates/runtime/client/node-transport.js';
import { rejected } from '../helpers/failures.js';

const SECRET = 'apikey-SECRET-value';

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base = '';
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const handler = routes.get(req.url ?? '');
      if (handler) handler(req, Buffer.concat(chunks), res);
      else res.writeHead(404).end();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function echo(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify({
      method: req.method,
      contentLength: req.headers['content-length'],
      contentType: req.headers['content-type'],
      soapAction: req.headers['soapaction'],
      received: body.length,
      body: body.toString('utf8'),
    }),
  );
}
routes.set('/echo', echo);
routes.set('/fault', (_req, _body, res) => {
  res.writeHead(500, { 'Content-Type': 'text/xml; charset=utf-8' });
  res.end('<soap:Envelope/>');
});
routes.set('/hang', () => {
  // never answers
});
routes.set('/slow-body', (_req, _body, res) => {
  res.writeHead(200, { 'Content-Type': 'text/xml' });
  res.write('<partial>');
  // the rest never comes
});
routes.set('/no-type', (_req, _body, res) => {
  res.writeHead(200);
  res.end('x');
});

/**
 * The client's two transports, which must behave alike over a real connection: fetch (Node's undici) and node:http.
 * Tests of the exchange run once with each (`via`); tests of an injected fetch's odd answers run with fetch only.
 */
const SEND: Record<'fetch' | 'node', (req: Omit<HttpRequest, 'fetch'>) => Promise<HttpResponse>> = {
  fetch: (req) => sendRequest({ ...req, fetch }),
  node: sendNodeRequest,
};
type Via = keyof typeof SEND;
const VIA: Via[] = ['fetch', 'node'];

/** Each row once per transport, the transport first (for `%s: ...` titles). */
function withVia<T extends unknown[]>(rows: readonly T[]): Array<[Via, ...T]> {
  return VIA.flatMap((via) => rows.map((row) => [via, ...row] as [Via, ...T]));
}

function request(
  path: string,
  extra: { timeoutMs?: number; signal?: AbortSignal; body?: string; maxResponseBytes?: number } = {},
  via: Via = 'fetch',
) {
  return SEND[via]({
    url: `${base}${path}`,
    headers: {
      'Content-Type': 'text/xml; charset=utf-8',
      SOAPAction: '"http://svc.example/Op"',
      'content-length': '1',
    },
    body: extra.body ?? `<key>${SECRET}</key>`,
    ...(extra.timeoutMs !== undefined ? { timeoutMs: extra.timeoutMs } : {}),
    ...(extra.signal !== undefined ? { signal: extra.signal } : {}),
    ...(extra.maxResponseBytes !== undefined ? { maxResponseBytes: extra.maxResponseBytes } : {}),
  });
}

/**
 * Registers `path` to answer `status` with these headers and body parts. Several parts are written one by one and,
 * with no Content-Length given, go out chunked; a single part gets a Content-Length unless `chunked` is set.
 */
function serve(
  path: string,
  status: number,
  headers: Record<string, string>,
  parts: Buffer[],
  chunked = parts.length > 1,
): void {
  routes.set(path, (_req, _body, res) => {
    const length = parts.reduce((n, part) => n + part.length, 0);
    res.writeHead(status, chunked ? headers : { ...headers, 'Content-Length': String(length) });
    for (const part of parts) res.write(part);
    res.end();
  });
}

/** The bytes of `text` in UTF-16 big-endian. */
function utf16be(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

/** An injected fetch that answers every call with `response`. */
function answering(response: unknown): typeof fetch {
  return (() => Promise.resolve(response)) as unknown as typeof fetch;
}

/** `promise`, or a rejection naming `what` once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Decodes `parts` served with `contentType` through a real loopback exchange. */
async function served(
  path: string,
  contentType: string | undefined,
  parts: Buffer[],
  via: Via = 'fetch',
): Promise<string> {
  serve(path, 200, contentType !== undefined ? { 'Content-Type': contentType } : {}, parts);
  return textOf((await request(path, {}, via)).body);
}

const SAMPLE = '<a>Zoë 東京 😀</a>';

function expectNoSecret(error: unknown): void {
  expect(String((error as Error).message)).not.toContain(SECRET);
  expect(String((error as Error).message)).not.toContain('SOAPAction');
}

describe('sendRequest', () => {
  it.each(VIA)('%s: POSTs the body with the headers and a Content-Length counted in UTF-8 bytes', async (via) => {
    const body = `<fileName>Zoë 東京 😀</fileName><key>${SECRET}</key>`;
    const res = await request('/echo', { body }, via);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/json; charset=utf-8');
    const seen = JSON.parse(textOf(res.body)) as Record<string, unknown>;
    expect(seen).toEqual({
      method: 'POST',
      contentLength: String(Buffer.byteLength(body, 'utf8')),
      contentType: 'text/xml; charset=utf-8',
      soapAction: '"http://svc.example/Op"',
      received: Buffer.byteLength(body, 'utf8'),
      body,
    });
    expect(Buffer.byteLength(body, 'utf8')).toBeGreaterThan(body.length);
  });

  it.each(VIA)('%s: returns error statuses instead of throwing', async (via) => {
    const res = await request('/fault', {}, via);
    expect([res.status, res.contentType, textOf(res.body)]).toEqual([
      500,
      'text/xml; charset=utf-8',
      '<soap:Envelope/>',
    ]);
  });

  it.each(VIA)('%s: gives an empty content type when the server sends none', async (via) => {
    expect((await request('/no-type', {}, via)).contentType).toBe('');
  });

  it.each(VIA)('%s: times out waiting for the response', async (via) => {
    const started = Date.now();
    const error = await rejected(request('/hang', { timeoutMs: 150 }, via));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect((error as SvcTimeoutError).timeoutMs).toBe(150);
    expect((error as Error).message).toMatch(/timed out after 150 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
    expectNoSecret(error);
  });

  it.each(VIA)('%s: counts reading the body against the timeout', async (via) => {
    const error = await rejected(request('/slow-body', { timeoutMs: 150 }, via));
    expect(error).toBeInstanceOf(SvcTimeoutError);
  });

  it.each(VIA)('%s: rejects with the caller’s abort reason, unchanged', async (via) => {
    const controller = new AbortController();
    const reason = { custom: 'reason' };
    const pending = request('/hang', { signal: controller.signal, timeoutMs: 10_000 }, via);
    setTimeout(() => controller.abort(reason), 50);
    expect(await rejected(pending)).toBe(reason);
  });

  it('rejects with the reason of a signal that was already aborted, without sending', async () => {
    const reason = new Error('cancelled before start');
    let called = false;
    const error = await rejected(
      sendRequest({
        fetch: (() => {
          called = true;
          return Promise.reject(new Error('unreachable'));
        }) as typeof fetch,
        url: `${base}/echo`,
        headers: {},
        body: '',
        signal: AbortSignal.abort(reason),
      }),
    );
    expect(error).toBe(reason);
    expect(called).toBe(false);
  });

  it.each(VIA)('%s: aborting while the body is read also rejects with the reason', async (via) => {
    const controller = new AbortController();
    const pending = request('/slow-body', { signal: controller.signal }, via);
    setTimeout(() => controller.abort('stop'), 100);
    expect(await rejected(pending)).toBe('stop');
  });

  it.each(VIA)('%s: maps a refused connection to SvcTransportError with the cause', async (via) => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await rejected(
      SEND[via]({
        url: `http://127.0.0.1:${port}/x?key=${SECRET}`,
        headers: { 'X-Key': SECRET },
        body: SECRET,
      }),
    );
    expect(error).toBeInstanceOf(SvcTransportError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`POST request to http://127.0.0.1:${port}/x failed (ECONNREFUSED)`);
    expectNoSecret(error);
  });

  it.each(VIA)('%s: keeps URL credentials out of the message when fetch refuses the URL', async (via) => {
    const error = await rejected(SEND[via]({ url: `http://user:${SECRET}@127.0.0.1:1/x`, headers: {}, body: '' }));
    expect(error).toBeInstanceOf(SvcTransportError);
    expectNoSecret(error);
  });

  it('times out even when an injected fetch ignores its signal', async () => {
    const error = await rejected(
      sendRequest({
        fetch: (() => new Promise(() => {})) as typeof fetch,
        url: 'http://x.invalid/',
        headers: {},
        body: '',
        timeoutMs: 50,
      }),
    );
    expect(error).toBeInstanceOf(SvcTimeoutError);
  });

  it('maps a fetch that throws synchronously to SvcTransportError, keeping its message out', async () => {
    const boom = new TypeError(`bad header ${SECRET}`);
    const error = await rejected(
      sendRequest({
        fetch: (() => {
          throw boom;
        }) as typeof fetch,
        url: 'http://x.invalid/',
        headers: {},
        body: '',
      }),
    );
    expect(error).toBeInstanceOf(SvcTransportError);
    expect((error as Error).cause).toBe(boom);
    expectNoSecret(error);
  });

  it.each<[string, { timeoutMs?: number; signal?: AbortSignal }, boolean]>([
    ['with a timeout', { timeoutMs: 5000 }, true],
    ["with the caller's signal", { signal: new AbortController().signal }, true],
    ['with neither (nothing to stop, so no controller)', {}, false],
  ])(
    'passes a signal to fetch only when something can stop the call (%s) and sets Content-Length once',
    async (_label, extra, withSignal) => {
      let seen: RequestInit | undefined;
      const res = await sendRequest({
        fetch: ((_url: string, init: RequestInit) => {
          seen = init;
          return Promise.resolve(new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
        }) as unknown as typeof fetch,
        url: 'http://x.invalid/',
        headers: { 'CONTENT-LENGTH': '999', A: 'b' },
        body: 'é',
        ...extra,
      });
      expect(res).toEqual({ status: 200, contentType: 'text/plain', body: 'ok' });
      expect(seen?.headers).toEqual({ A: 'b', 'Content-Length': '2' });
      if (withSignal) expect(seen?.signal).toBeInstanceOf(AbortSignal);
      else expect(seen?.signal).toBeUndefined();
      expect(seen?.method).toBe('POST');
    },
  );

  it('reads a chunked body with a Content-Length into one buffer, and one that runs past it whole', async () => {
    const body = (chunks: string[], length: number) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
            c.close();
          },
        }),
        { headers: { 'Content-Length': String(length), 'Content-Type': 'text/plain; charset=utf-8' } },
      );
    const send = (response: Response) =>
      sendRequest({
        fetch: (() => Promise.resolve(response)) as unknown as typeof fetch,
        url: 'http://x.invalid/',
        headers: {},
        body: '',
      });
    expect(textOf((await send(body(['ab', 'cé', 'f', 'g'], 7))).body)).toBe('abcéfg');
    expect(textOf((await send(body(['ab', 'cd', 'ef'], 4))).body)).toBe('abcdef');
    expect(textOf((await send(body(['ab', 'c'], 10))).body)).toBe('abc');
  });

  it.each(withVia([[0], [-1], [NaN], ['5' as unknown as number]]))(
    '%s: refuses timeoutMs %s',
    async (via, timeoutMs) => {
      expect(await rejected(SEND[via]({ url: `${base}/echo`, headers: {}, body: '', timeoutMs }))).toBeInstanceOf(
        SvcRequestError,
      );
    },
  );
});

describe('sendRequest with maxResponseBytes', () => {
  it.each(VIA)(
    '%s: refuses a Content-Length over the limit before the body arrives, and drops the connection',
    async (via) => {
      let serverClosed: (finished: boolean) => void = () => {};
      const closed = new Promise<boolean>((resolve) => {
        serverClosed = resolve;
      });
      routes.set('/declared-large', (_req, _body, res) => {
        res.on('close', () => serverClosed(res.writableFinished));
        res.writeHead(200, { 'Content-Type': 'text/xml', 'Content-Length': '10000000' });
        res.write('<start/>');
        // the other 9,999,992 bytes never come: only a refusal from the header can end this before the timeout
      });
      const started = Date.now();
      const error = await rejected(
        request('/declared-large', { maxResponseBytes: 1000, timeoutMs: 5000 }, via),
        SvcResponseTooLargeError,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect([error.maxResponseBytes, error.status]).toEqual([1000, 200]);
      expect(error.message).toMatch(/larger than maxResponseBytes \(1000 bytes\)/);
      expectNoSecret(error);
      expect(await within(closed, 2000, 'the server seeing its connection closed')).toBe(false);
    },
  );

  it.each(VIA)(
    '%s: refuses a chunked body mid-stream once it passes the limit, and closes the connection',
    async (via) => {
      const CHUNK = 1024;
      const MAX_CHUNKS = 1000;
      let serverClosed: (seen: { sent: number; finished: boolean }) => void = () => {};
      const closed = new Promise<{ sent: number; finished: boolean }>((resolve) => {
        serverClosed = resolve;
      });
      routes.set('/endless', (_req, _body, res) => {
        let sent = 0;
        res.on('close', () => serverClosed({ sent, finished: res.writableFinished }));
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        const pump = (): void => {
          if (res.destroyed) return;
          if (sent >= MAX_CHUNKS) {
            res.end();
            return;
          }
          res.write(Buffer.alloc(CHUNK, 0x61));
          sent++;
          setTimeout(pump, 2);
        };
        pump();
      });
      const error = await rejected(
        request('/endless', { maxResponseBytes: 16 * CHUNK }, via),
        SvcResponseTooLargeError,
      );
      expect([error.maxResponseBytes, error.status]).toEqual([16 * CHUNK, 200]);
      const seen = await within(closed, 2000, 'the server seeing its connection closed');
      expect(seen.finished).toBe(false);
      expect(seen.sent).toBeGreaterThan(16);
      expect(seen.sent).toBeLessThan(MAX_CHUNKS);
    },
  );

  it.each(
    withVia<[string, boolean]>([
      ['with a Content-Length', false],
      ['chunked', true],
    ]),
  )('%s: accepts a body of exactly the limit and refuses one byte more (%s)', async (via, _name, chunked) => {
    const tag = chunked ? 'chunked' : 'length';
    const exact = [Buffer.alloc(60, 0x61), Buffer.alloc(40, 0x62)];
    serve(`/exact-${tag}`, 200, { 'Content-Type': 'text/plain' }, chunked ? exact : [Buffer.concat(exact)], chunked);
    const over = [Buffer.alloc(60, 0x61), Buffer.alloc(41, 0x62)];
    serve(`/over-${tag}`, 200, { 'Content-Type': 'text/plain' }, chunked ? over : [Buffer.concat(over)], chunked);
    const res = await request(`/exact-${tag}`, { maxResponseBytes: 100 }, via);
    expect(textOf(res.body)).toBe(`${'a'.repeat(60)}${'b'.repeat(40)}`);
    const error = await rejected(request(`/over-${tag}`, { maxResponseBytes: 100 }, via), SvcResponseTooLargeError);
    expect([error.maxResponseBytes, error.status]).toEqual([100, 200]);
  });

  it.each(
    withVia<[string, boolean]>([
      ['with a Content-Length', false],
      ['chunked', true],
    ]),
  )('%s: applies the limit to a 500 body too (%s)', async (via, _name, chunked) => {
    const parts = [Buffer.from('<soap:Envelope>'), Buffer.alloc(2000, 0x20), Buffer.from('</soap:Envelope>')];
    serve(
      `/large-fault-${String(chunked)}`,
      500,
      { 'Content-Type': 'text/xml; charset=utf-8' },
      chunked ? parts : [Buffer.concat(parts)],
      chunked,
    );
    const error = await rejected(
      request(`/large-fault-${String(chunked)}`, { maxResponseBytes: 1000 }, via),
      SvcResponseTooLargeError,
    );
    expect([error.maxResponseBytes, error.status]).toEqual([1000, 500]);
    expect(error).not.toBeInstanceOf(SvcTransportError);
  });

  it.each(VIA)('%s: still counts a slow body against the timeout', async (via) => {
    const error = await rejected(request('/slow-body', { timeoutMs: 150, maxResponseBytes: 1_000_000 }, via));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect((error as SvcTimeoutError).timeoutMs).toBe(150);
  });

  it.each(VIA)('%s: still rejects with the caller’s reason when aborted while the body is read', async (via) => {
    const controller = new AbortController();
    const pending = request('/slow-body', { signal: controller.signal, maxResponseBytes: 1_000_000 }, via);
    setTimeout(() => controller.abort('stop'), 100);
    expect(await rejected(pending)).toBe('stop');
  });

  it('races each chunk read against the timeout and abort, for a stream that ignores the signal', async () => {
    const stalled = () => {
      const state = { cancelled: false };
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array([0x3c]));
        },
        pull() {
          return new Promise<void>(() => {}); // the next chunk never comes
        },
        cancel() {
          state.cancelled = true;
        },
      });
      return { state, fetch: answering(new Response(body)) };
    };
    const timed = stalled();
    const timeout = await within(
      rejected(
        sendRequest({
          fetch: timed.fetch,
          url: 'http://x.invalid/',
          headers: {},
          body: '',
          timeoutMs: 100,
          maxResponseBytes: 1000,
        }),
      ),
      3000,
      'the timeout',
    );
    expect(timeout).toBeInstanceOf(SvcTimeoutError);
    expect(timed.state.cancelled).toBe(true);
    const aborted = stalled();
    const controller = new AbortController();
    setTimeout(() => controller.abort('enough'), 50);
    expect(
      await within(
        rejected(
          sendRequest({
            fetch: aborted.fetch,
            url: 'http://x.invalid/',
            headers: {},
            body: '',
            signal: controller.signal,
          }),
        ),
        3000,
        'the abort',
      ),
    ).toBe('enough');
    expect(aborted.state.cancelled).toBe(true);
  });

  it('stops pulling an injected stream at the chunk that crosses the limit, and cancels it', async () => {
    let pulls = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          if (pulls > 1000) controller.close();
          else controller.enqueue(new Uint8Array(4).fill(0x61));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const error = await rejected(
      sendRequest({
        fetch: answering(new Response(body, { status: 200 })),
        url: 'http://x.invalid/',
        headers: {},
        body: '',
        maxResponseBytes: 10,
      }),
      SvcResponseTooLargeError,
    );
    expect(error.status).toBe(200);
    expect(cancelled).toBe(true);
    expect(pulls).toBe(3);
  });

  it('cancels an injected body whose Content-Length is over the limit without reading it', async () => {
    let pulls = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls++;
          controller.enqueue(new Uint8Array(4));
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const response = new Response(body, { status: 503, headers: { 'Content-Length': '5000' } });
    const error = await rejected(
      sendRequest({
        fetch: answering(response),
        url: 'http://x.invalid/',
        headers: {},
        body: '',
        maxResponseBytes: 4999,
      }),
      SvcResponseTooLargeError,
    );
    expect([error.maxResponseBytes, error.status]).toEqual([4999, 503]);
    expect(cancelled).toBe(true);
    expect(pulls).toBe(0);
  });

  it('checks a Response look-alike without a stream after its arrayBuffer()', async () => {
    const lookAlike = (bytes: number) => ({
      status: 200,
      headers: new Headers({ 'Content-Type': 'text/plain; charset=utf-8' }),
      arrayBuffer: () => Promise.resolve(new Uint8Array(bytes).fill(0x7a).buffer),
    });
    const call = (bytes: number) =>
      sendRequest({
        fetch: answering(lookAlike(bytes)),
        url: 'http://x.invalid/',
        headers: {},
        body: '',
        maxResponseBytes: 8,
      });
    expect(textOf((await call(8)).body)).toBe('zzzzzzzz');
    expect((await rejected(call(9), SvcResponseTooLargeError)).maxResponseBytes).toBe(8);
  });

  it.each(withVia([[0], [-1], [1.5], [NaN], [Infinity], ['5' as unknown as number]]))(
    '%s: refuses maxResponseBytes %s',
    async (via, max) => {
      const error = await rejected(
        SEND[via]({ url: `${base}/echo`, headers: {}, body: '', maxResponseBytes: max }),
        SvcRequestError,
      );
      expect(error.parameter).toBe('maxResponseBytes');
    },
  );
});

describe('sendRequest decoding', () => {
  it.each(VIA)(
    '%s: gives a large pure-ASCII body as a source for the reader, and the same text when asked',
    async (via) => {
      const body = `<r>${'<item>x &amp; y</item>'.repeat(20_000)}</r>`;
      const parts = [
        Buffer.from(body.slice(0, 100_000)),
        Buffer.from(body.slice(100_000, 300_000)),
        Buffer.from(body.slice(300_000)),
      ];
      serve('/large-ascii', 200, { 'Content-Type': 'text/xml; charset=utf-8' }, parts);
      const res = await request('/large-ascii', {}, via);
      const source = res.body;
      if (typeof source === 'string') throw new Error('expected the body as a source');
      expect(source.text(0, source.length)).toBe(body);
      expect(source.text(99_990, 100_010)).toBe(body.slice(99_990, 100_010));
      expect(textOf(res.body)).toBe(body);
      // A small body is a string only.
      const small = await request('/fault', {}, via);
      expect(small.body).toBe('<soap:Envelope/>');
    },
  );

  it.each(VIA)('%s: decodes UTF-16LE after its byte-order mark, leaving the mark out', async (via) => {
    const text = await served(
      '/utf16le-bom',
      'text/xml',
      [Buffer.from([0xff, 0xfe]), Buffer.from(SAMPLE, 'utf16le')],
      via,
    );
    expect(text).toBe(SAMPLE);
  });

  it.each(VIA)('%s: decodes UTF-16BE after its byte-order mark, leaving the mark out', async (via) => {
    const text = await served(
      '/utf16be-bom',
      'text/xml; charset=utf-16',
      [Buffer.from([0xfe, 0xff]), utf16be(SAMPLE)],
      via,
    );
    expect(text).toBe(SAMPLE);
  });

  it.each(VIA)('%s: strips a UTF-8 byte-order mark', async (via) => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const text = await served('/utf8-bom', 'text/xml; charset=utf-8', [bom, Buffer.from(SAMPLE)], via);
    expect(text).toBe(SAMPLE);
  });

  it.each(VIA)('%s: lets the byte-order mark win over the Content-Type charset', async (via) => {
    const text = await served(
      '/bom-wins',
      'text/xml; charset=iso-8859-1',
      [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>é</a>')],
      via,
    );
    expect(text).toBe('<a>é</a>');
  });

  it.each(VIA)('%s: decodes charset=utf-16le without a byte-order mark', async (via) => {
    expect(await served('/utf16le', 'text/xml; charset=utf-16le', [Buffer.from(SAMPLE, 'utf16le')], via)).toBe(SAMPLE);
  });

  it.each(VIA)('%s: reads a quoted, upper-case charset="UTF-16" without a mark as big-endian', async (via) => {
    expect(await served('/utf16-quoted', 'text/xml; charset="UTF-16"', [utf16be(SAMPLE)], via)).toBe(SAMPLE);
  });

  it.each(
    withVia(['ISO-8859-1', 'latin1', 'L1', 'us-ascii', 'ascii', '"iso-8859-1"', 'iso8859-1', 'cp819'].map((l) => [l])),
  )('%s: decodes charset=%s as exact ISO-8859-1 (0xE9 is é, 0x80 is U+0080)', async (via, label) => {
    const path = `/latin1-${encodeURIComponent(label)}`;
    const text = await served(
      path,
      `text/xml;charset=${label}`,
      [Buffer.from([0x3c, 0x61, 0x3e, 0xe9, 0x80, 0xff])],
      via,
    );
    expect(text).toBe('<a>é\u0080ÿ');
  });

  it.each(VIA)(
    '%s: decodes windows-1252 by its own table: 0x80 is €, undefined bytes stay C1 controls',
    async (via) => {
      const bytes = Buffer.from([0x80, 0xe9, 0x9f, 0x81, 0x41]);
      const text = await served('/cp1252', 'text/plain; charset=windows-1252', [bytes], via);
      expect(text).toBe('€éŸ\u0081A');
    },
  );

  it.each(VIA)('%s: uses the XML declaration’s encoding when the Content-Type has no charset', async (via) => {
    const declaration = '<?xml version="1.0" encoding="ISO-8859-1"?>';
    const body = Buffer.concat([Buffer.from(`${declaration}<a>`), Buffer.from([0xe9, 0x80]), Buffer.from('</a>')]);
    expect(await served('/xml-decl', 'text/xml', [body], via)).toBe(`${declaration}<a>é\u0080</a>`);
    expect(await served('/xml-decl-no-type', undefined, [body], via)).toContain('<a>é\u0080</a>');
  });

  it.each(VIA)('%s: prefers the Content-Type charset to the XML declaration', async (via) => {
    const body = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>');
    expect(await served('/charset-wins', 'text/xml; charset=utf-8', [body], via)).toContain('<a>é</a>');
  });

  it.each(VIA)('%s: reads a UTF-16 declaration found in single-byte text as UTF-8', async (via) => {
    const body = Buffer.from("<?xml version='1.0' encoding='utf-16'?><a>é</a>");
    expect(await served('/xml-decl-utf16', 'text/xml', [body], via)).toContain('<a>é</a>');
  });

  it.each(VIA)('%s: decodes UTF-8 when nothing names a charset', async (via) => {
    expect(await served('/plain-utf8', 'text/xml', [Buffer.from(SAMPLE)], via)).toBe(SAMPLE);
  });

  it.each(VIA)('%s: decodes other WHATWG charsets strictly through TextDecoder', async (via) => {
    expect(await served('/sjis', 'text/plain; charset=Shift_JIS', [Buffer.from([0x82, 0xa0])], via)).toBe('あ');
    serve('/sjis-bad', 200, { 'Content-Type': 'text/plain; charset=Shift_JIS' }, [Buffer.from([0x41, 0x82])]);
    const error = await rejected(request('/sjis-bad', {}, via), SvcDecodeError);
    expect(error.message).toBe('the response body is not valid shift_jis');
  });

  it.each(VIA)('%s: joins the chunks before decoding, so a character split between chunks survives', async (via) => {
    const bytes = Buffer.from(SAMPLE, 'utf16le');
    const parts = [bytes.subarray(0, 7), bytes.subarray(7, 17), bytes.subarray(17)];
    const text = await served('/split', 'text/xml; charset=utf-16le', parts, via);
    expect(text).toBe(SAMPLE);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3]));
        controller.enqueue(new Uint8Array([0xa9, 0x3c, 0x2f, 0x61, 0x3e]));
        controller.close();
      },
    });
    const res = await sendRequest({
      fetch: answering(new Response(body)),
      url: 'http://x.invalid/',
      headers: {},
      body: '',
      maxResponseBytes: 9,
    });
    expect(textOf(res.body)).toBe('<a>é</a>');
  });

  it.each(
    withVia([
      ['charset=utf-8', 'text/xml; charset=utf-8'],
      ['no charset', 'text/xml'],
    ]),
  )(
    '%s: refuses invalid UTF-8 with SvcDecodeError rather than replacement characters (%s)',
    async (via, name, type) => {
      const path = `/bad-utf8-${encodeURIComponent(name)}`;
      serve(path, 200, { 'Content-Type': type }, [Buffer.from([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c])]);
      const error = await rejected(request(path, {}, via), SvcDecodeError);
      expect(error.message).toBe('the response body is not valid UTF-8');
      expectNoSecret(error);
    },
  );

  it.each(
    withVia<[string, string, Buffer, string]>([
      [
        'an odd number of UTF-16LE bytes',
        'text/xml; charset=utf-16le',
        Buffer.concat([Buffer.from('<a/>', 'utf16le'), Buffer.from([0x41])]),
        'UTF-16LE',
      ],
      ['a lone surrogate in UTF-16BE', 'text/xml', Buffer.from([0xfe, 0xff, 0xd8, 0x3d, 0x00, 0x41]), 'UTF-16BE'],
      [
        'an odd number of UTF-16BE bytes after the mark',
        'text/xml',
        Buffer.from([0xfe, 0xff, 0x00, 0x41, 0x00]),
        'UTF-16BE',
      ],
    ]),
  )('%s: refuses %s with SvcDecodeError', async (via, name, type, body, encoding) => {
    serve(`/bad-utf16-${name.length}`, 200, { 'Content-Type': type }, [body]);
    const error = await rejected(request(`/bad-utf16-${name.length}`, {}, via), SvcDecodeError);
    expect(error.message).toBe(`the response body is not valid ${encoding}`);
  });

  it.each(VIA)('%s: decodes a long multi-byte UTF-8 body sent in small chunks that cut its characters', async (via) => {
    const text = `<a>${'Zoë 東京 😀 € '.repeat(400)}</a>`;
    const bytes = Buffer.from(text, 'utf8');
    const parts: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 101) parts.push(bytes.subarray(at, at + 101));
    expect(await served(`/long-utf8-${via}`, 'text/xml; charset=utf-8', parts, via)).toBe(text);
    expect(await served(`/long-utf8-bom-${via}`, 'text/xml', [Buffer.from([0xef, 0xbb, 0xbf]), ...parts], via)).toBe(
      text,
    );
  });

  it('still refuses a body as too large when an earlier chunk was not valid UTF-8, and as undecodable when it fits', async () => {
    const bad = new Uint8Array(Buffer.concat([Buffer.from('<a>'.repeat(300)), Buffer.from([0xc3, 0x28])]));
    const stream = (): ReadableStream<Uint8Array> =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bad);
          controller.enqueue(new Uint8Array(600).fill(0x61));
          controller.close();
        },
      });
    const send = (maxResponseBytes: number) =>
      sendRequest({
        fetch: answering(new Response(stream(), { status: 200 })),
        url: 'http://x.invalid/',
        headers: {},
        body: '',
        maxResponseBytes,
      });
    await rejected(send(1000), SvcResponseTooLargeError);
    const error = await rejected(send(2000), SvcDecodeError);
    expect(error.message).toBe('the response body is not valid UTF-8');
  });

  it.each(VIA)('%s: refuses an unknown charset with SvcDecodeError naming it', async (via) => {
    serve('/klingon', 200, { 'Content-Type': 'text/xml; charset=x-klingon' }, [Buffer.from('<a/>')]);
    const error = await rejected(request('/klingon', {}, via), SvcDecodeError);
    expect(error.message).toBe('the response names an unsupported charset "x-klingon"');
    const declared = Buffer.from('<?xml version="1.0" encoding="x-klingon"?><a/>');
    serve('/klingon-decl', 200, { 'Content-Type': 'text/xml' }, [declared]);
    expect((await rejected(request('/klingon-decl', {}, via), SvcDecodeError)).message).toContain('"x-klingon"');
  });

  it('gives an empty text for a Response with a null body, without buffering anything', async () => {
    const response = new Response(null, { status: 202, headers: { 'Content-Type': 'text/xml' } });
    const unexpected = () => Promise.reject(new Error('a null body has nothing to buffer'));
    Object.assign(response, { arrayBuffer: unexpected, text: unexpected });
    const res = await sendRequest({
      fetch: answering(response),
      url: 'http://x.invalid/',
      headers: {},
      body: '',
      maxResponseBytes: 10,
    });
    expect(res).toEqual({ status: 202, contentType: 'text/xml', body: '' });
  });
});
