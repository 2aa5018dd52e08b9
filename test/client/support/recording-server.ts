/**
 * A real HTTP server on loopback that records every request and answers with whatever the test queued. The
 * client under test talks to it through its default fetch, so nothing on the wire is simulated.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly bodyBytes: number;
}

export interface Reply {
  readonly status?: number;
  readonly contentType?: string;
  readonly body: string;
  /** Wait this long before answering (for timeout tests). */
  readonly delayMs?: number;
  /** More response headers (several values of one name, such as Set-Cookie, as an array). */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
}

export type Responder = (request: RecordedRequest) => Reply;

export interface RecordingServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Sets how the next requests are answered (default: 500 "no reply queued"). */
  respond(responder: Responder | Reply): void;
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ status: 500, contentType: 'text/plain', body: 'no reply queued' });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const buffer = Buffer.concat(chunks);
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: buffer.toString('utf8'),
        bodyBytes: buffer.length,
      };
      requests.push(recorded);
      const reply = responder(recorded);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, {
          ...reply.headers,
          'Content-Type': reply.contentType ?? 'text/xml; charset=utf-8',
        });
        res.end(reply.body);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(r) {
      responder = typeof r === 'function' ? r : () => r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
