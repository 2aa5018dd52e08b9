/**
 * The mock serves the service's WSDL at `GET <path>?WSDL`, as ASMX does: the generated document with the mock's own
 * address, which a third-party tool (node-soap) loads from that URL and calls the mock through.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PAYER, startMockServer } from '../../generated/mock/index.js';
import { hmacSha256Hex } from '../../templates/runtime/signing.js';
import { createNodeSoapClient } from '../helpers/node-soap-client.js';
import { ROOT } from './support/generated-service.js';

const PATH = '/v5/PayerFunctions.asmx';
let mock: Awaited<ReturnType<typeof startMockServer>>;

beforeAll(async () => {
  mock = await startMockServer({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

it('answers GET ?WSDL with the generated WSDL, its three addresses at the mock', async () => {
  const response = await fetch(`${mock.url}${PATH}?WSDL`);
  expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/xml; charset=utf-8']);
  const served = await response.text();
  // The committed file, less its generated-file header, with the placeholder origin replaced.
  const file = readFileSync(join(ROOT, 'generated', 'wsdl', 'PayerFunctions.wsdl'), 'utf8').replace(
    /<!--[\s\S]*?-->\n/,
    '',
  );
  expect(served).toBe(file.replaceAll('http://localhost/', `${mock.url}/`));
  expect(served.match(/:address location="[^"]+"/g)).toEqual([
    `:address location="${mock.url}${PATH}"`,
    `:address location="${mock.url}${PATH}"`,
    `:address location="${mock.url}${PATH}"`,
  ]);
});

it('is what node-soap loads from the URL and calls the mock through', async () => {
  const soap = await createNodeSoapClient({
    wsdl: `${mock.url}${PATH}?wsdl`,
    endpoint: `${mock.url}${PATH}`,
    soapVersion: '1.1',
    service: 'PayerFunctions',
    port: 'PayerFunctionsSoap',
  });
  const timestamp = String(Math.floor(mock.service.clock.now()));
  const key = hmacSha256Hex(DEFAULT_PAYER.apiKey, `${DEFAULT_PAYER.payerName}${timestamp}`);
  const { result } = await soap.call('GetBalances', { payerName: DEFAULT_PAYER.payerName, timestamp, key });
  const balances = result['GetBalancesResult'] as {
    errorCode: number;
    AccountInfos: { SvcAccountInfo: Array<{ Currency: string; Balance: number }> };
  };
  expect(balances.errorCode).toBe(0);
  expect(balances.AccountInfos.SvcAccountInfo.map((a) => [a.Currency, a.Balance])).toEqual([
    ['USD', 25000],
    ['EUR', 18000.5],
    ['GBP', 9000],
    ['CAD', 0],
  ]);
});
