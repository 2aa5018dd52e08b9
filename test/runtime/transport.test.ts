import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SvcRequestError, SvcTimeoutError, SvcTransportError } from '../../templates/runtime/errors.js';
import { sendRequest } from '../../templates/runtime/transport.js';
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
  res.end(JSON.stringify({
    method: req.method,
    contentLength: req.headers['content-length'],
    contentType: req.headers['content-type'],
    soapAction: req.headers['soapaction'],
    received: body.length,
    body: body.toString('utf8'),
  }));
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

function request(path: string, extra: { timeoutMs?: number; signal?: AbortSignal; body?: string } = {}) {
  return sendRequest({
    fetch,
    url: `${base}${path}`,
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '"http://svc.example/Op"', 'content-length': '1' },
    body: extra.body ?? `<key>${SECRET}</key>`,
    ...(extra.timeoutMs !== undefined ? { timeoutMs: extra.timeoutMs } : {}),
    ...(extra.signal !== undefined ? { signal: extra.signal } : {}),
  });
}


function expectNoSecret(error: unknown): void {
  expect(String((error as Error).message)).not.toContain(SECRET);
  expect(String((error as Error).message)).not.toContain('SOAPAction');
}

describe('sendRequest', () => {
  it('POSTs the body with the headers and a Content-Length counted in UTF-8 bytes', async () => {
    const body = `<fileName>Zoë 東京 😀</fileName><key>${SECRET}</key>`;
    const res = await request('/echo', { body });
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/json; charset=utf-8');
    const seen = JSON.parse(res.text) as Record<string, unknown>;
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

  it('returns error statuses instead of throwing', async () => {
    const res = await request('/fault');
    expect([res.status, res.contentType, res.text]).toEqual([500, 'text/xml; charset=utf-8', '<soap:Envelope/>']);
  });

  it('gives an empty content type when the server sends none', async () => {
    expect((await request('/no-type')).contentType).toBe('');
  });

  it('times out waiting for the response', async () => {
    const started = Date.now();
    const error = await rejected(request('/hang', { timeoutMs: 150 }));
    expect(error).toBeInstanceOf(SvcTimeoutError);
    expect((error as SvcTimeoutError).timeoutMs).toBe(150);
    expect((error as Error).message).toMatch(/timed out after 150 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
    expectNoSecret(error);
  });

  it('counts reading the body against the timeout', async () => {
    const error = await rejected(request('/slow-body', { timeoutMs: 150 }));
    expect(error).toBeInstanceOf(SvcTimeoutError);
  });

  it('rejects with the caller’s abort reason, unchanged', async () => {
    const controller = new AbortController();
    const reason = { custom: 'reason' };
    const pending = request('/hang', { signal: controller.signal, timeoutMs: 10_000 });
    setTimeout(() => controller.abort(reason), 50);
    expect(await rejected(pending)).toBe(reason);
  });

  it('rejects with the reason of a signal that was already aborted, without sending', async () => {
    const reason = new Error('cancelled before start');
    let called = false;
    const error = await rejected(sendRequest({
      fetch: (() => {
        called = true;
        return Promise.reject(new Error('unreachable'));
      }) as typeof fetch,
      url: `${base}/echo`, headers: {}, body: '', signal: AbortSignal.abort(reason),
    }));
    expect(error).toBe(reason);
    expect(called).toBe(false);
  });

  it('aborting while the body is read also rejects with the reason', async () => {
    const controller = new AbortController();
    const pending = request('/slow-body', { signal: controller.signal });
    setTimeout(() => controller.abort('stop'), 100);
    expect(await rejected(pending)).toBe('stop');
  });

  it('maps a refused connection to SvcTransportError with the cause', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const error = await rejected(sendRequest({
      fetch, url: `http://127.0.0.1:${port}/x?key=${SECRET}`, headers: { 'X-Key': SECRET }, body: SECRET,
    }));
    expect(error).toBeInstanceOf(SvcTransportError);
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`request to http://127.0.0.1:${port}/x failed (ECONNREFUSED)`);
    expectNoSecret(error);
  });

  it('keeps URL credentials out of the message when fetch refuses the URL', async () => {
    const error = await rejected(sendRequest({ fetch, url: `http://user:${SECRET}@127.0.0.1:1/x`, headers: {}, body: '' }));
    expect(error).toBeInstanceOf(SvcTransportError);
    expectNoSecret(error);
  });

  it('times out even when an injected fetch ignores its signal', async () => {
    const error = await rejected(sendRequest({
      fetch: (() => new Promise(() => {})) as typeof fetch, url: 'http://x.invalid/', headers: {}, body: '', timeoutMs: 50,
    }));
    expect(error).toBeInstanceOf(SvcTimeoutError);
  });

  it('maps a fetch that throws synchronously to SvcTransportError, keeping its message out', async () => {
    const boom = new TypeError(`bad header ${SECRET}`);
    const error = await rejected(sendRequest({
      fetch: (() => {
        throw boom;
      }) as typeof fetch,
      url: 'http://x.invalid/', headers: {}, body: '',
    }));
    expect(error).toBeInstanceOf(SvcTransportError);
    expect((error as Error).cause).toBe(boom);
    expectNoSecret(error);
  });

  it('passes the signal to fetch and sets Content-Length once', async () => {
    let seen: RequestInit | undefined;
    const res = await sendRequest({
      fetch: ((_url: string, init: RequestInit) => {
        seen = init;
        return Promise.resolve(new Response('ok', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
      }) as unknown as typeof fetch,
      url: 'http://x.invalid/', headers: { 'CONTENT-LENGTH': '999', A: 'b' }, body: 'é',
    });
    expect(res).toEqual({ status: 200, contentType: 'text/plain', text: 'ok' });
    expect(seen?.headers).toEqual({ A: 'b', 'Content-Length': '2' });
    expect(seen?.signal).toBeInstanceOf(AbortSignal);
    expect(seen?.method).toBe('POST');
  });

  it.each([0, -1, NaN, '5' as unknown as number])('refuses timeoutMs %s', async (timeoutMs) => {
    expect(await rejected(sendRequest({ fetch, url: `${base}/echo`, headers: {}, body: '', timeoutMs })))
      .toBeInstanceOf(SvcRequestError);
  });
});
