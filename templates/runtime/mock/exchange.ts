/**
 * The request and answer shapes the mock engine works on, and their bridges to web Request and Response.
 *
 * The engine (mock-core.ts) reads a request through a {@link MockExchange} and answers with a {@link MockReply}: plain
 * values, so that the node:http server (mock-server.ts) serves it without making a web Request and Response for each
 * call, which took about a third of the server's time (undici's Headers, AbortSignal, body streams). A fetch handler
 * (MSW, a test's fetch) goes through {@link webExchange} and {@link replyResponse} instead.
 */
import { readBody } from '../client/transport.js';

/** One request, as the mock engine reads it. */
export interface MockExchange {
  /** The method, as a web Request gives it. */
  readonly method: string;
  /** The URL: the engine reads its `pathname` and `search`. */
  readonly url: URL;
  /**
   * A header's value, undefined when absent; a repeated header reads as web Headers read it, its values joined with
   * ", ". Names are looked up case-insensitively.
   * @param name - the header name, lower case
   */
  header(name: string): string | undefined;
  /** Aborted when the caller goes away. Made when first read, as most requests never need it. */
  readonly signal: AbortSignal;
  /**
   * The caller's IP address as the server's socket saw it (an IPv4 caller of a dual-stack server as `::ffff:1.2.3.4`);
   * undefined when the request came through no socket (a web Request handed to the mock: `handle`, MSW).
   */
  readonly remoteAddress?: string | undefined;
  /**
   * The whole body, or undefined when it is larger than `maxBytes`: then the rest is not read for the engine (nothing
   * at all when a Content-Length says so; a server may drain it after the answer). Rejects when the body cannot be
   * read to its end. Called at most once.
   * @param maxBytes - the largest body accepted
   */
  readBody(maxBytes: number): Promise<Uint8Array | undefined>;
}

/** An HTTP answer, sent whole. */
export interface MockHttpReply {
  readonly status: number;
  /** Headers of the answer; never Content-Length, Transfer-Encoding or Connection, which the server sets. */
  readonly headers: Readonly<Record<string, string>>;
  /** Text (sent as UTF-8), or bytes sent as they are. */
  readonly body: string | Uint8Array;
}

/** No answer at all: the connection is dropped (a fetch handler gets `Response.error()`). */
export interface MockDrop {
  readonly drop: true;
}

/** What the mock engine answers a {@link MockExchange} with. */
export type MockReply = MockHttpReply | MockDrop;

/** The one {@link MockDrop}. */
export const DROP: MockDrop = Object.freeze({ drop: true });

/** @param reply - an answer */
export function isDrop(reply: MockReply): reply is MockDrop {
  return 'drop' in reply;
}

/**
 * The status `onAnswer` is told of: 0 for a drop, as `Response.error()` has.
 * @param reply - an answer
 */
export function replyStatus(reply: MockReply): number {
  return isDrop(reply) ? 0 : reply.status;
}

// ---- the web bridges -----------------------------------------------------------------------------------------------

/**
 * A web Request as an exchange. Its parts are read when the engine asks for them, so that a request that cannot be
 * read (not a Request at all, say) fails inside the engine, which answers every failure.
 * @param request - the web Request
 */
export function webExchange(request: Request): MockExchange {
  return new WebExchange(request);
}

// A class rather than an object literal with getters: V8 gives each such literal a hidden class of its own, which
// cost more in garbage collection than the rest of this module.
class WebExchange implements MockExchange {
  readonly #request: Request;
  #url: URL | undefined;

  constructor(request: Request) {
    this.#request = request;
  }

  get method(): string {
    return this.#request.method;
  }

  get url(): URL {
    return (this.#url ??= new URL(this.#request.url));
  }

  header(name: string): string | undefined {
    return this.#request.headers.get(name) ?? undefined;
  }

  get signal(): AbortSignal {
    return this.#request.signal;
  }

  readBody(maxBytes: number): Promise<Uint8Array | undefined> {
    return readBody(this.#request, maxBytes);
  }
}

const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

/**
 * A reply as a web Response: `Response.error()` for a drop.
 * @param reply - an answer
 */
export function replyResponse(reply: MockReply): Response {
  if (isDrop(reply)) return Response.error();
  // A web Response of these statuses may have no body at all, not even an empty one.
  // Bytes are copied into an ArrayBuffer of their own, the one kind of Uint8Array a body is typed to take.
  const body = NULL_BODY_STATUSES.has(reply.status)
    ? null
    : typeof reply.body === 'string'
      ? reply.body
      : new Uint8Array(reply.body);
  return new Response(body, { status: reply.status, headers: reply.headers });
}
