/**
 * A client made at module level, before MSW's `server.listen()` in `beforeAll` (the usual layout of a vitest file),
 * still goes through MSW: without a `fetch` option the client looks `globalThis.fetch` up at each call instead of
 * keeping the one there was when it was made. A real loopback server stands at the client's baseUrl and counts what
 * reaches it, so a request that slipped past MSW is seen, not only a failed one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PayerClient, SvcError } from '../../generated/client/index.js';
import { resultResponse } from './support/responses.js';

let reached = 0;
const origin: Server = createServer((_req, res) => {
  reached++;
  res.writeHead(503, { 'Content-Type': 'text/plain' }).end('the real server was reached');
});
await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
const BASE = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;

// Made at import time, as in the issue: before MSW is listening. The default transport (node:http on Node, fetch
// while MSW has replaced it), and each transport forced: MSW's setupServer intercepts node:http's requests as well.
const CLIENTS = [
  ['default transport', new PayerClient({ baseUrl: BASE, payerName: 'MyPayer', apiKey: 'boguskey' })],
  [
    "transport: 'node'",
    new PayerClient({ baseUrl: BASE, payerName: 'MyPayer', apiKey: 'boguskey', transport: 'node' }),
  ],
  [
    "transport: 'fetch'",
    new PayerClient({ baseUrl: BASE, payerName: 'MyPayer', apiKey: 'boguskey', transport: 'fetch' }),
  ],
] as const;

const balances = resultResponse(
  'soap11',
  'GetBalances',
  '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>A1</AccountIdentifier><Balance>7.5</Balance><Currency>EUR</Currency></SvcAccountInfo></AccountInfos>',
  'SvcGetBalanceResponse',
);
const mswServer = setupServer(
  http.post(`${BASE}/v5/PayerFunctions.asmx`, () =>
    HttpResponse.text(balances.body, { headers: { 'Content-Type': balances.contentType } }),
  ),
);

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  mswServer.close();
  await new Promise<void>((resolve) => origin.close(() => resolve()));
});

it.each(CLIENTS)(
  'a client made before server.listen() is answered by MSW, and nothing reaches the network (%s)',
  async (_name, client) => {
    const result = await client
      .getBalances()
      .catch((error: unknown) => (error instanceof SvcError ? error.message : error));
    expect(result).toMatchObject({
      errorCode: 0,
      AccountInfos: [{ AccountIdentifier: 'A1', Balance: 7.5, Currency: 'EUR' }],
    });
    expect(reached).toBe(0);
  },
);

it.each(CLIENTS)(
  'after server.close(), the same client reaches the network again (the fetch of the moment, not a copy; %s)',
  async (_name, client) => {
    mswServer.close();
    const before = reached;
    try {
      await expect(client.getBalances()).rejects.toMatchObject({ name: 'SvcHttpError', status: 503 });
      expect(reached).toBe(before + 1);
    } finally {
      mswServer.listen({ onUnhandledRequest: 'error' });
    }
  },
);
