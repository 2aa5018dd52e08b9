/**
 * Serves a mock's `handle(Request) -> Response` over node:http, on loopback by default.
 *
 * The request body is handed over as a stream that reads from the socket only when the mock asks for more, so the
 * mock's size cap holds: a body it refuses is not read further, and the connection is closed after the answer rather
 * than drained. Answers are sent whole, with a Content-Length.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { textResponse } from './mock-faults.js';

/** Answers one web Request; a MockCore's `handle`, bound. */
export type RequestHandler = (request: Request) => Promise<Response>;

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
 * Starts serving `handle`. Rejects when the server cannot listen (a port in use, say).
 * @param handle - answers each request
 * @param options - port and host
 */
export function startServer(handle: RequestHandler, options: MockServerOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const server = createServer((req, res) => {
    void serve(handle, req, res, origin);
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

async function serve(handle: RequestHandler, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  res.on('error', noop);
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client closed the connection'));
  });
  const body = new BodySource(req);
  let response: Response;
  try {
    const request = toRequest(req, origin, controller.signal, body);
    try {
      response = await handle(request);
    } catch {
      response = textResponse(500, 'the mock failed to answer');
    }
  } catch {
    response = textResponse(400, 'the request cannot be read as an HTTP request');
  }
  // Whatever the handler left unread is no longer wanted: Node discards it (or the connection closes, see send).
  body.done = true;
  await send(req, res, response);
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal, body: BodySource): Request {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const method = req.method ?? 'GET';
  // duplex is required by Node's fetch for a streamed body, and missing from the DOM typings.
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (method !== 'GET' && method !== 'HEAD') {
    init.body = body.stream();
    init.duplex = 'half';
  }
  return new Request(new URL(req.url ?? '/', origin), init);
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

/** Writes the answer whole; a body left unread makes the connection close after it instead of being drained. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  // Response.error() is the fetch world's "no answer": the connection is dropped, as a crashed server would.
  if (response.type === 'error') {
    req.socket.destroy();
    return;
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch {
    response = textResponse(500, 'the mock failed to write its answer');
    body = Buffer.from(await response.arrayBuffer());
  }
  if (res.destroyed || res.headersSent) return;
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') res.setHeader(name, value);
  });
  res.setHeader('Content-Length', body.byteLength);
  if (!req.complete) res.setHeader('Connection', 'close');
  res.writeHead(response.status);
  res.end(body);
}

function noop(): void {}
