/**
 * The node:http transport after the process was too busy for timers to run (a long synchronous task, as the corpus
 * test's type-checks are, with node-soap in the same process): the pooled connection is past its idle limit, and so is
 * the server's, but neither timer has fired. The transport used to send on it; the server's timer then ran first and
 * reset the connection under a request it never read (ECONNRESET in the full corpus run against node-soap). It now
 * drops a connection idle past its limit by the clock before a request takes one, and the call goes on a new one:
 * nothing is ever sent twice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendNodeRequest } from '../../templates/runtime/client/node-transport.js';

/** The connection (by number) each request the server read came on. */
const seen: number[] = [];
const connections = new Map<Socket, number>();
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(connections.get(req.socket) ?? -1);
      // The client keeps the connection (2 - 1) s; the server lets it go after 0.3 s of idleness.
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Keep-Alive': 'timeout=2' }).end('ok');
    });
  });
  server.keepAliveTimeout = 300;
  server.on('connection', (s) => connections.set(s, connections.size));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Service.asmx`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const call = () =>
  sendNodeRequest({ method: 'POST', url, headers: { 'Content-Type': 'text/xml; charset=utf-8' }, body: '<x/>' });

it('never sends on a pooled connection idle past its limit, even when its timer could not run: a new one is opened', async () => {
  await expect(call()).resolves.toMatchObject({ status: 200, body: 'ok' });
  // Out of the response's callbacks, then blocked past both limits without letting a timer run.
  await new Promise((resolve) => setImmediate(resolve));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1600);
  await expect(call()).resolves.toMatchObject({ status: 200, body: 'ok' });
  expect(seen).toEqual([0, 1]);
});

it('still reuses a pooled connection within its limit', async () => {
  seen.length = 0;
  await call();
  await call();
  expect(seen[1]).toBe(seen[0]);
});
