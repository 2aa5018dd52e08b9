/**
 * What the mock can answer that a client must never send: an error code or status the spec does not list yet (a
 * newer service's), and the doubles .NET writes as INF, -INF and NaN. The client keeps them, as it must.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { createMockService } from '../../generated/mock/index.js';

describe.each<Style>(['soap11', 'soap12', 'httpPost'])('answers over %s', (style) => {
  const service = createMockService({
    handlers: {
      getProcessingRequestStatus: () => ({
        errorCode: 'SomethingNew',
        errorMessage: 'added later',
        requestStatus: 'Paused',
      }),
      getBalances: () => ({
        errorCode: 0,
        AccountInfos: [
          { Provider: 'NewProvider', AccountIdentifier: 'A', Balance: Number.POSITIVE_INFINITY, Currency: 'EUR' },
          { Provider: 'Payer', AccountIdentifier: 'B', Balance: Number.NEGATIVE_INFINITY, Currency: 'EUR' },
          { Provider: 'Payer', AccountIdentifier: 'C', Balance: Number.NaN, Currency: 'EUR' },
        ],
      }),
    },
  });
  const client = new PayerClient({
    baseUrl: 'http://mock.test',
    payerName: 'MyPayer',
    apiKey: 'boguskey',
    style,
    throwOnServiceError: false,
    fetch: (input, init) => service.handle(new Request(input, init)),
  });
  // The mock's simulator made a temporary SFTP folder: close() removes it.
  afterAll(async () => {
    await service.close();
  });

  it('an error code and a status the spec does not list are sent and kept', async () => {
    expect(await client.getProcessingRequestStatus({ requestId: '1' })).toEqual({
      errorCode: 'SomethingNew',
      errorMessage: 'added later',
      requestStatus: 'Paused',
    });
  });

  it('INF, -INF and NaN are sent as .NET writes them and read back', async () => {
    const balances = (await client.getBalances()).AccountInfos!.map((a) => [a!.Provider, a!.Balance]);
    expect(balances).toEqual([
      ['NewProvider', Number.POSITIVE_INFINITY],
      ['Payer', Number.NEGATIVE_INFINITY],
      ['Payer', Number.NaN],
    ]);
  });
});

it('a client still refuses to send a value outside an enum or a non-finite double (requests stay strict)', async () => {
  const client = new PayerClient({
    baseUrl: 'http://mock.test',
    payerName: 'MyPayer',
    apiKey: 'boguskey',
    fetch: () => Promise.reject(new Error('nothing is sent')),
  });
  await expect(client.testPaymentFile({ fileName: 'a.csv', totalAmount: Number.POSITIVE_INFINITY })).rejects.toThrow(
    /finite/,
  );
});
