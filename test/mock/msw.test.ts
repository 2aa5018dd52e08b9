/**
 * The mock's MSW handlers: the generated client's own fetch is intercepted in-process by msw (2.x), with no server,
 * in every style; requests to other origins are not answered by them.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcTransportError, type Style } from '../../generated/client/index.js';
import { createMockService, exampleHandlers } from '../../generated/mock/index.js';
import { mswHandlers } from '../../generated/mock/msw.js';

const BASE = 'https://payer.example';
const service = createMockService({
  credentials: { MyPayer: 'boguskey' },
  handlers: {
    ...exampleHandlers,
    getBalances: () => ({
      errorCode: 0,
      AccountInfos: [{ Provider: 'Payer', AccountIdentifier: 'A1', Balance: 1500.25, Currency: 'EUR' }],
    }),
  },
});
const server = setupServer(...mswHandlers(service, BASE));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(async () => {
  server.close();
  // The mock's simulator made a temporary SFTP folder: close() removes it.
  await service.close();
});

describe.each<Style>(['soap11', 'soap12', 'httpPost'])('the client over %s, intercepted by msw', (style) => {
  it("gets the handler's answer and the mock records the call; an operation without a handler answers its example", async () => {
    const client = new PayerClient({ baseUrl: BASE, payerName: 'MyPayer', apiKey: 'boguskey', style });
    const before = service.calls.length;
    const balances = await client.getBalances();
    expect(balances.AccountInfos).toEqual([
      { Provider: 'Payer', AccountIdentifier: 'A1', Balance: 1500.25, Currency: 'EUR' },
    ]);
    const status = await client.getProcessingRequestStatus({ requestId: '9007199254740993' });
    expect(status.errorCode).toBe('OK');
    expect(service.calls.slice(before).map((c) => [c.operation, c.style])).toEqual([
      ['GetBalances', style],
      ['GetProcessingRequestStatus', style],
    ]);
  });

  it('checks credentials as the server does', async () => {
    const client = new PayerClient({ baseUrl: BASE, payerName: 'MyPayer', apiKey: 'wrong', style });
    await expect(client.getBalances()).rejects.toMatchObject({ code: 1006 });
  });
});

it('matches only its origin: a request elsewhere is not answered by the mock', async () => {
  const client = new PayerClient({ baseUrl: 'https://other.example', payerName: 'MyPayer', apiKey: 'boguskey' });
  await expect(client.getBalances()).rejects.toBeInstanceOf(SvcTransportError);
});

it('answers the WSDL path as the server does: the WSDL, its addresses at the origin asked', async () => {
  const response = await fetch(`${BASE}/v5/PayerFunctions.asmx?WSDL`);
  expect(response.status).toBe(200);
  const wsdl = await response.text();
  expect(wsdl).toContain('<wsdl:definitions');
  expect(wsdl).toContain(`<soap12:address location="${BASE}/v5/PayerFunctions.asmx"/>`);
});
