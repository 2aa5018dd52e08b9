/**
 * Serves a mock over node:http, on loopback by default.
 *
 * A MockCore is served through its exchange entry (mock-exchange.ts): the request is read straight from node:http
 * (its headers, its body's chunks, a signal made only when asked for) and the answer is written whole, with no web
 * Request or Response in between, which would cost a third of the server's time. A handler given as a function of a
 * web Request (a wrapper of the mock, say) gets a real Request, whose body is a stream that reads from the socket only
 * when the handler asks for more.
 *
 * Either way the mock's size cap holds: the handler never gets more of a body than the cap. A refused body is answered
 * at once, and then, as ASP.NET does, the rest is read and thrown away before the connection closes: a server that
 * closed while the sender was still writing would make the sender's next write fail (EPIPE, a reset), and most
 * senders then lose the answer that was already on its way. The draining is bounded in bytes and time
 * ({@link DrainBounds}), so a sender cannot hold the connection open by trickling. `Expect: 100-continue` is answered
 * only when the body is wanted, so a body refused by its Content-Length is never sent at all.
 *
 * CONNECT, which Node's server hands over as a raw socket, gets a 400; upgrade requests (websocket, h2c) are served
 * as the plain HTTP/1.1 requests they also are. Answers are sent whole, with a Content-Length; an answer that cannot
 * be written (a header value with a line break, say) becomes a 500 rather than a failure of the server.
 */
import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { isDrop, type MockExchange, type MockReply } from './exchange.js';
import { textReply } from './faults.js';

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
  /** How much of a refused body is read and thrown away after the answer; default {@link DEFAULT_DRAIN}. */
  readonly drain?: Partial<DrainBounds>;
}

/**
 * The bounds of reading the rest of a request after its answer (a body over the cap), before the connection is
 * closed anyway. Only the rest of the refused request is read: nothing more is served on that connection.
 */
export interface DrainBounds {
  /** Bytes read and discarded at most. */
  readonly maxBytes: number;
  /** Milliseconds after the answer at most. */
  readonly maxMs: number;
}

/**
 * 32 MiB (twice the largest `maxRequestBytes`) and 5 s, the time Kestrel gives a body it drains: enough for any
 * sender on a working network, not enough to hold a connection open for long.
 */
export const DEFAULT_DRAIN: DrainBounds = Object.freeze({ maxBytes: 32 * 1024 * 1024, maxMs: 5000 });

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
export function startServer(
  handler: RequestHandler | ExchangeHandler,
  options: MockServerOptions = {},
): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  const drain = drainBounds(options.drain);
  let origin = '';
  const onRequest = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean): void => {
    serve(handler, { req, res, drain, expectsContinue }, origin).catch(() => req.socket.destroy());
  };
  const server = createServer((req, res) => onRequest(req, res, false));
  // IIS keeps an idle connection 120 s (its connectionTimeout), Node's server 5 s. A client reuses an idle connection
  // for less than either, but under load the server may close one just as a request arrives on it, which the client
  // then sees reset; as long as IIS, as a client of a real service would expect (sent as `Keep-Alive: timeout=120`).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // With a listener, Node leaves `Expect: 100-continue` to us: the 100 goes out when the body is first read.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => onRequest(req, res, true));
  // Without a listener, Node would destroy a CONNECT's socket without a word.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => refuseConnect(socket, drain));
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

/** How long the mock keeps an idle connection open: IIS's default connectionTimeout. */
export const KEEP_ALIVE_MS = 120_000;

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

function drainBounds(given: Partial<DrainBounds> | undefined): DrainBounds {
  const bounds = { ...DEFAULT_DRAIN, ...given };
  if (
    !(
      Number.isSafeInteger(bounds.maxBytes) &&
      bounds.maxBytes >= 0 &&
      Number.isSafeInteger(bounds.maxMs) &&
      bounds.maxMs >= 0
    )
  ) {
    throw new RangeError('drain.maxBytes and drain.maxMs must be whole numbers, 0 or more');
  }
  return bounds;
}

/** One request being answered. */
interface Answering {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly drain: DrainBounds;
  /** The sender waits for `100 Continue` before it sends the body. */
  readonly expectsContinue: boolean;
}

async function serve(handler: RequestHandler | ExchangeHandler, at: Answering, origin: string): Promise<void> {
  const { req, res } = at;
  res.on('error', noop);
  const url = requestUrl(req, origin);
  if (url === undefined) {
    sendReply(at, textReply(400, 'the request cannot be read as an HTTP request'));
    return;
  }
  const exchange = new NodeExchange(at, url);
  if (typeof handler !== 'function') {
    sendReply(at, await viaExchange(handler, exchange));
    return;
  }
  const answer = await viaRequest(handler, exchange);
  // Whatever a Request's reader left unread is no longer wanted: it is drained (within bounds) after the answer.
  exchange.stopBodyStream();
  if (answer instanceof Response) await sendResponse(at, answer);
  else sendReply(at, answer as MockReply);
}

/**
 * Answers a CONNECT (the mock is no proxy) with a 400 on the raw socket Node hands over, then closes it as a refused
 * body's connection is closed.
 */
function refuseConnect(socket: Socket, drain: DrainBounds): void {
  socket.on('error', noop);
  const body = 'The method CONNECT is not allowed: this is a web service, not a proxy.';
  socket.write(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
  socket.end();
  discardUntilClosed(socket, socket, drain);
}

/**
 * Reads and throws away what `source` still sends, until it ends or `drain.maxBytes` were read (then `socket` is
 * closed once the answer is out) or `drain.maxMs` passed (then it is closed at once).
 */
function discardUntilClosed(source: NodeJS.ReadableStream, socket: Socket, drain: DrainBounds): void {
  let left = drain.maxBytes;
  const close = (): void => {
    clearTimeout(timer);
    if (socket.writableFinished) socket.destroy();
    else socket.once('finish', () => socket.destroy());
  };
  const timer = setTimeout(() => socket.destroy(), drain.maxMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
  if ((source as Partial<IncomingMessage>).complete === true) {
    close();
    return;
  }
  // Counted as read off the socket, not as the request emits it: once the answer is out Node throws away the body of
  // a request nobody read (IncomingMessage's _dump), whose bytes then never reach a listener of the request.
  socket.on('data', (chunk: Buffer | string) => {
    left -= chunk.length;
    if (left < 0) close();
  });
  source.once('end', close);
  source.resume();
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

/**
 * Methods a web Request cannot have: a request with one is answered 400, as it cannot be handed to a handler (CONNECT
 * reaches the 'connect' listener instead, and gets its 400 there).
 */
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
  /** `100 Continue` is still owed: sent when the body is first read. */
  #owesContinue: boolean;
  #controller: AbortController | undefined;
  #bodyTaken = false;
  #bodyStream: BodySource | undefined;

  constructor(at: Answering, url: URL) {
    const { req, res } = at;
    this.#req = req;
    this.#res = res;
    this.#owesContinue = at.expectsContinue;
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
    this.#continue();
    return collectBody(this.#req, maxBytes);
  }

  /** Tells a sender waiting with `Expect: 100-continue` to send its body, once. */
  #continue(): void {
    if (!this.#owesContinue) return;
    this.#owesContinue = false;
    if (!this.#res.headersSent && !this.#res.destroyed) this.#res.writeContinue();
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
      this.#bodyStream = new BodySource(req, () => this.#continue());
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
 * stays unread until the answer is out (then it is drained, within bounds). Rejects when the connection closes before
 * the body's end.
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
  /** Called before the socket is first read (to send `100 Continue`). */
  private readonly beforeRead: () => void;

  constructor(req: IncomingMessage, beforeRead: () => void) {
    this.req = req;
    this.beforeRead = beforeRead;
  }

  stream(): ReadableStream<Uint8Array> {
    const req = this.req;
    const beforeRead = this.beforeRead;
    return new ReadableStream<Uint8Array>(
      {
        // Arrows, so that `this` stays the body (a source's methods are called with the source as `this`).
        start: (controller) => {
          req.pause();
          req.on('data', (chunk: Buffer) => {
            if (this.done) return;
            controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if ((controller.desiredSize ?? 0) <= 0) req.pause();
          });
          req.once('end', () => {
            if (this.done) return;
            this.done = true;
            controller.close();
          });
          req.once('close', () => {
            if (this.done) return;
            this.done = true;
            controller.error(new Error('the connection closed before the end of the request body'));
          });
        },
        pull: () => {
          beforeRead();
          req.resume();
        },
        cancel: () => {
          this.done = true;
          req.pause();
        },
      },
      { highWaterMark: 0 },
    );
  }
}

/** Writes a reply; a drop is the fetch world's "no answer": the connection is dropped, as a crashed server would. */
function sendReply(at: Answering, reply: MockReply): void {
  // A handler function (from JavaScript) may answer anything at all; what is no reply is the handler's failure.
  if (reply === null || typeof reply !== 'object') {
    write(at, textReply(500, 'the mock failed to write its answer: the handler answered no Response'));
    return;
  }
  if (isDrop(reply)) {
    at.req.socket.destroy();
    return;
  }
  write(at, reply);
}

/** Headers of a Response that the server sets itself. */
const SERVER_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);

/** Writes a handler's web Response, read whole first. */
async function sendResponse(at: Answering, response: Response): Promise<void> {
  if (response.type === 'error') {
    at.req.socket.destroy();
    return;
  }
  let body: Uint8Array;
  try {
    body = new Uint8Array(await response.arrayBuffer());
  } catch {
    sendReply(at, textReply(500, 'the mock failed to write its answer'));
    return;
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!SERVER_HEADERS.has(name)) headers[name] = value;
  });
  write(at, { status: response.status, headers, body });
}

/** Statuses whose answers have no body, and so no Content-Length. */
const NO_BODY_STATUSES = new Set([204, 304]);

/** An answer to write: a {@link MockReply}'s, or a web Response's read whole. */
interface Written {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array;
}

/**
 * Writes an answer whole. One that Node refuses to write (a header value with a line break or beyond Latin-1, a
 * status out of range, a body that is no text or bytes) is answered 500 instead. A request whose body was left
 * unread gets `Connection: close`, and its connection is drained before it closes.
 */
function write(at: Answering, answer: Written): void {
  const { req, res } = at;
  if (res.destroyed || res.headersSent) return;
  const complete = req.complete;
  try {
    head(res, answer, complete);
  } catch {
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    const failed = textReply(500, 'the mock failed to write its answer: a header or the body is not valid HTTP');
    head(res, failed, complete);
    answer = failed;
  }
  if (!complete) drainAfterAnswer(at);
  res.end(answer.body);
}

/** Writes the head of an answer; throws when Node refuses it, before anything is sent. */
function head(res: ServerResponse, answer: Written, complete: boolean): void {
  const { status, body } = answer;
  if (typeof body !== 'string' && !(body instanceof Uint8Array))
    throw new TypeError('the body is neither text nor bytes');
  const headers: OutgoingHttpHeaders = { ...answer.headers };
  if (!NO_BODY_STATUSES.has(status))
    headers['Content-Length'] = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  if (!complete) headers.Connection = 'close';
  // One writeHead with every header is Node's quickest way; a string body goes out with the head in one write.
  res.writeHead(status, headers);
}

/**
 * After an answer that left the body unread, Node would close the connection at once (its `destroySoon`), and a
 * sender still writing would get a reset instead of the answer. So once the answer is out the connection is
 * half-closed and the rest of the request is read and thrown away, within the bounds, before it is closed for good.
 */
function drainAfterAnswer(at: Answering): void {
  const { req, drain } = at;
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    discardUntilClosed(req, socket, drain);
  };
}

function noop(): void {}
