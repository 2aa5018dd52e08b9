/**
 * Serves a mock over node:http, on loopback by default.
 *
 * A MockCore is served through its exchange entry (mock-exchange.ts): the request is read straight from node:http
 * (its headers, its body's chunks, a signal made only when asked for) and the answer is written whole, with no web
 * Request or Response in between, which would cost a third of the server's time. A handler given as a function of a
 * web Request (a wrapper of the mock, say) gets a real Request, whose body is a stream that reads from the socket only
 * when the handler asks for more.
 *
 * Either way the mock's size cap holds: a body it refuses is not read further, and the connection is closed after the
 * answer rather than drained. Answers are sent whole, with a Content-Length.
 */
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDrop, type MockExchange, type MockReply } from './mock-exchange.js';
import { textReply } from './mock-faults.js';

/** Answers one web Request; a MockCore's `handle`, bound. */
export type RequestHandler = (request: Request) => Promise<Response>;

/** Answers one request read directly; a MockCore is one. */
export interface ExchangeHandler {
  serveExchange(exchange: MockExchange): Promise<MockReply>;
}

/** Where the server listens. */
export interface MockServerOptions {
  /** TCP port; default 0, a free one. */
  readonly port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly host?: string;
}

/** A running server. */
export interface MockServer {
  /** The origin to call, e.g. `http://127.0.0.1:41234` (no path). */
  readonly url: string;
  /** Stops listening and closes every connection, idle keep-alive ones included; resolves once closed. */
  close(): Promise<void>;
}

/**
 * Starts serving `handler`. Rejects when the server cannot listen (a port in use, say).
 * @param handler - answers each request: a MockCore, or a function of a web Request
 * @param options - port and host
 */
export function startServer(handler: RequestHandler | ExchangeHandler, options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = createServer((req, res) => {
    void serve(handler, req, res, origin);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      origin = `http://${urlHost(host)}:${(server.address() as AddressInfo).port}`;
      resolve({ url: origin, close: closer(server) });
    });
  });
}

/** The host part of a URL reaching `host`: a wildcard address is reached on loopback, IPv6 goes in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function closer(server: Server): () => Promise<void> {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= new Promise((resolve) => {
      // The callback gets an error when the server was not listening any more; closed is closed either way.
      server.close(() => resolve());
      server.closeAllConnections();
    });
    return closed;
  };
}

async function serve(handler: RequestHandler | ExchangeHandler, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  res.on('error', noop);
  const url = requestUrl(req, origin);
  if (url === undefined) {
    sendReply(req, res, textReply(400, 'the request cannot be read as an HTTP request'));
    return;
  }
  const exchange = new NodeExchange(req, res, url);
  if (typeof handler !== 'function') {
    sendReply(req, res, await viaExchange(handler, exchange));
    return;
  }
  const answer = await viaRequest(handler, exchange);
  // Whatever a Request's reader left unread is no longer wanted: Node discards it (or the connection closes).
  exchange.stopBodyStream();
  if (answer instanceof Response) await sendResponse(req, res, answer);
  else sendReply(req, res, answer);
}

async function viaExchange(handler: ExchangeHandler, exchange: NodeExchange): Promise<MockReply> {
  try {
    return await handler.serveExchange(exchange);
  } catch {
    return textReply(500, 'the mock failed to answer');
  }
}

/** Calls a function of a web Request with the request as one. */
async function viaRequest(handle: RequestHandler, exchange: NodeExchange): Promise<MockReply | Response> {
  try {
    return await handle(exchange.toRequest());
  } catch {
    return textReply(500, 'the mock failed to answer');
  }
}

/** Methods a web Request cannot have: a request with one is answered 400, as it cannot be handed to a handler. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * The request's URL, or undefined for a request no web Request could stand for: a forbidden method, a target that
 * is no URL, or one with credentials in it. Node's parser has already refused malformed methods and header fields.
 */
function requestUrl(req: IncomingMessage, origin: string): URL | undefined {
  if (FORBIDDEN_METHODS.has((req.method ?? '').toUpperCase())) return undefined;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', origin);
  } catch {
    return undefined;
  }
  return url.username === '' && url.password === '' ? url : undefined;
}

/** A request read straight from node:http. */
class NodeExchange implements MockExchange {
  readonly method: string;
  readonly url: URL;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse;
  #controller: AbortController | undefined;
  #bodyTaken = false;
  #bodyStream: BodySource | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, url: URL) {
    this.#req = req;
    this.#res = res;
    // Node's parser passes only known methods, in upper case: as a web Request has them.
    this.method = req.method ?? 'GET';
    this.url = url;
  }

  /** Asked of the socket only when read (a system call, once per connection), as most handlers never need it. */
  get remoteAddress(): string | undefined {
    return this.#req.socket.remoteAddress;
  }

  header(name: string): string | undefined {
    // headersDistinct, unlike headers, keeps every value of a repeated header (headers keeps the first of some).
    const values = this.#req.headersDistinct[name];
    if (values === undefined) return undefined;
    return values.length === 1 ? values[0] : values.join(', ');
  }

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      const controller = new AbortController();
      const res = this.#res;
      const abort = (): void => {
        if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
      };
      // The answer closes with the connection; one that closed before the signal was asked for aborts it at once.
      if (res.destroyed) abort();
      else res.once('close', abort);
      this.#controller = controller;
    }
    return this.#controller.signal;
  }

  readBody(maxBytes: number): Promise<Uint8Array | undefined> {
    if (this.#bodyTaken) return Promise.reject(new Error('the request body was read already'));
    this.#bodyTaken = true;
    const declared = declaredLength(this.header('content-length'));
    if (declared !== undefined && declared > maxBytes) return Promise.resolve(undefined);
    return collectBody(this.#req, maxBytes);
  }

  /** The request as a web Request, its body a pulling stream. */
  toRequest(): Request {
    const req = this.#req;
    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
    // duplex is required by Node's fetch for a streamed body, and missing from the DOM typings.
    const init: RequestInit & { duplex?: 'half' } = { method: this.method, headers, signal: this.signal };
    if (!this.#bodyTaken && this.method !== 'GET' && this.method !== 'HEAD') {
      this.#bodyTaken = true;
      this.#bodyStream = new BodySource(req);
      init.body = this.#bodyStream.stream();
      init.duplex = 'half';
    }
    return new Request(this.url, init);
  }

  /** Once the handler answered, a Request's body stream queues nothing more. */
  stopBodyStream(): void {
    if (this.#bodyStream !== undefined) this.#bodyStream.done = true;
  }
}

/** A Content-Length's value, or undefined when absent or not a plain number. */
function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * The body's bytes, or undefined at the chunk that takes it over `maxBytes`: the request is paused there, so the rest
 * stays unread (the answer then closes the connection). Rejects when the connection closes before the body's end.
 */
function collectBody(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
    };
    const onData = (chunk: Buffer): void => {
      total += chunk.byteLength;
      if (total <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      resolve(undefined);
    };
    const onEnd = (): void => {
      stop();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onClose = (): void => {
      stop();
      reject(new Error('the connection closed before the end of the request body'));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    // An 'error' listener also keeps an aborted request's error from being thrown; 'close' follows it.
    req.once('error', onClose);
    req.once('close', onClose);
  });
}

/**
 * The body as a web stream that pulls: the socket is read only while the reader waits for a chunk, so a reader that
 * stops (a body over the cap) leaves the rest unread. Once `done`, nothing more is queued, so a body nobody reads
 * cannot pile up in the stream.
 */
class BodySource {
  done = false;
  private readonly req: IncomingMessage;

  constructor(req: IncomingMessage) {
    this.req = req;
  }

  stream(): ReadableStream<Uint8Array> {
    const req = this.req;
    // The stream's callbacks have a `this` of their own.
    const source = this;
    return new ReadableStream<Uint8Array>(
      {
        start(controller) {
          req.pause();
          req.on('data', (chunk: Buffer) => {
            if (source.done) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once('end', () => {
            if (source.done) return;
            source.done = true;
            controller.close();
          });
          req.once('close', () => {
            if (source.done) return;
            source.done = true;
            controller.error(new Error('the connection closed before the end of the request body'));
          });
        },
        pull() {
          req.resume();
        },
        cancel() {
          source.done = true;
          req.pause();
        },
      },
      { highWaterMark: 0 },
    );
  }
}

/** Writes a reply; a drop is the fetch world's "no answer": the connection is dropped, as a crashed server would. */
function sendReply(req: IncomingMessage, res: ServerResponse, reply: MockReply): void {
  if (isDrop(reply)) {
    req.socket.destroy();
    return;
  }
  write(req, res, reply.status, reply.headers, reply.body);
}

/** Headers of a Response that the server sets itself. */
const SERVER_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/** Writes a handler's web Response, read whole first. */
async function sendResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (response.type === 'error') {
    req.socket.destroy();
    return;
  }
  let body: Uint8Array;
  try {
    body = new Uint8Array(await response.arrayBuffer());
  } catch {
    sendReply(req, res, textReply(500, 'the mock failed to write its answer'));
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!SERVER_HEADERS.has(name)) headers[name] = value;
  });
  write(req, res, response.status, headers, body);
}

/** Statuses whose answers have no body, and so no Content-Length. */
const NO_BODY_STATUSES = new Set([204, 304]);

/** Writes an answer whole; a body left unread makes the connection close after it instead of being drained. */
function write(req: IncomingMessage, res: ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: string | Uint8Array): void {
  if (res.destroyed || res.headersSent) return;
  const head: OutgoingHttpHeaders = { ...headers };
  if (!NO_BODY_STATUSES.has(status)) head['Content-Length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (!req.complete) head.Connection = 'close';
  // One writeHead with every header is Node's quickest way; a string body goes out with the head in one write.
  res.writeHead(status, head);
  res.end(body);
}

function noop(): void {}
