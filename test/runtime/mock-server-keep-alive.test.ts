/**
 * The mock server keeps an idle connection as long as IIS does (120 s), not Node's 5 s: under load a server that
 * closes an idle connection just as a client's next request arrives on it resets that request (ECONNRESET), which a
 * real ASMX host on IIS would not do to a client that reuses connections for a few seconds. Node's server says its
 * limit in every answer (`Keep-Alive: timeout=<s>`), which is what the client's node transport reads.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, startServer, type MockServer } from '../../templates/runtime/mock/server.js';

let server: MockServer;
beforeAll(async () => {
  // The handler reads the whole request, as the mock's core does: a body left unread closes the connection.
  server = await startServer(async (request) => {
    await request.text();
    return new Response('<ok/>', { headers: { 'Content-Type': 'text/xml; charset=utf-8' } });
  });
});
afterAll(() => server.close());

it('answers with Keep-Alive: timeout=120 and keeps the connection', async () => {
  expect(KEEP_ALIVE_MS).toBe(120_000);
  const agent = new Agent({ keepAlive: true });
  const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
    const req = request(server.url, { method: 'POST', headers: { 'Content-Type': 'text/xml' }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    });
    req.on('error', reject);
    req.end('<a/>');
  });
  agent.destroy();
  expect([headers['connection'], headers['keep-alive']]).toEqual(['keep-alive', 'timeout=120']);
});

it('closes kept connections when closed, without waiting for them', async () => {
  const other = await startServer(async () => new Response('ok'));
  const started = performance.now();
  await fetch(other.url, { method: 'POST', body: 'x' }).then((r) => r.text());
  await other.close();
  // A kept connection would hold close() for 120 s; the test's own timeout (5 s) is far below that.
  expect(performance.now() - started).toBeLessThan(KEEP_ALIVE_MS);
});
