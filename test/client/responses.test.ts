/**
 * How the client takes a response as a whole: the size cap (decision response-size), the charset of the body,
 * faults of either SOAP version whatever the status, and error excerpts that stay valid text.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PayerClient,
  SvcDecodeError,
  SvcError,
  SvcHttpError,
  SvcResponseTooLargeError,
  SvcSoapFault,
  type Style,
} from '../../generated/client/index.js';
import { rejected } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { faultResponse, resultResponse } from './support/responses.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

function client(
  style: Style = 'soap11',
  extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {},
): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: 'MyPayer',
    apiKey: 'an-api-key',
    style,
    now: () => 1700000000,
    ...extra,
  });
}

describe('maxResponseBytes', () => {
  const accounts = (n: number) =>
    `<errorCode>0</errorCode><AccountInfos>${'<SvcAccountInfo><Provider>Payer</Provider><Balance>1</Balance></SvcAccountInfo>'.repeat(n)}</AccountInfos>`;

  it.each<Style>(['soap11', 'soap12', 'httpPost'])(
    'refuses a body over the limit with its own error (%s)',
    async (style) => {
      server.respond(resultResponse(style, 'GetBalances', accounts(200), 'SvcGetBalanceResponse'));
      const error = await rejected(client(style, { maxResponseBytes: 4096 }).getBalances(), SvcResponseTooLargeError);
      expect(error).toBeInstanceOf(SvcError);
      expect(error.maxResponseBytes).toBe(4096);
      expect(error.status).toBe(200);
      expect(error.message).toContain('maxResponseBytes (4096 bytes)');
    },
  );

  it('reads a body of exactly the limit', async () => {
    const reply = resultResponse('soap11', 'GetBalances', accounts(3), 'SvcGetBalanceResponse');
    server.respond(reply);
    const result = await client('soap11', { maxResponseBytes: Buffer.byteLength(reply.body) }).getBalances();
    expect(result.AccountInfos).toHaveLength(3);
    await expect(
      client('soap11', { maxResponseBytes: Buffer.byteLength(reply.body) - 1 }).getBalances(),
    ).rejects.toBeInstanceOf(SvcResponseTooLargeError);
  });

  it('applies to an error body too', async () => {
    server.respond({ status: 500, contentType: 'text/html', body: 'x'.repeat(10_000) });
    await expect(client('soap11', { maxResponseBytes: 1000 }).getBalances()).rejects.toBeInstanceOf(
      SvcResponseTooLargeError,
    );
  });

  it('the default (64 MiB) reads an ordinary large result', async () => {
    server.respond(resultResponse('soap11', 'GetBalances', accounts(20_000), 'SvcGetBalanceResponse'));
    expect((await client().getBalances()).AccountInfos).toHaveLength(20_000);
  });
});

describe('charset of the response body', () => {
  let raw: Server;
  let url = '';
  let reply: { contentType: string; bytes: Buffer } = { contentType: '', bytes: Buffer.alloc(0) };
  beforeAll(async () => {
    raw = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': reply.contentType, 'Content-Length': reply.bytes.length });
        res.end(reply.bytes);
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    raw.closeAllConnections();
    await new Promise<void>((resolve) => raw.close(() => resolve()));
  });

  const body = (message: string) =>
    resultResponse(
      'soap11',
      'GetBalances',
      `<errorMessage>${message}</errorMessage><errorCode>0</errorCode>`,
      'x',
    ).body.replace('encoding="utf-8"', 'encoding="ENC"');
  const message = async () =>
    (await new PayerClient({ baseUrl: url, payerName: 'P', apiKey: 'k' }).getBalances()).errorMessage;

  it.each<[string, string, (text: string) => Buffer]>([
    ['UTF-8', 'text/xml; charset=utf-8', (t) => Buffer.from(t, 'utf8')],
    [
      'UTF-16LE with a BOM',
      'text/xml; charset=utf-16',
      (t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]),
    ],
    [
      'UTF-16BE with a BOM',
      'text/xml; charset=utf-16',
      (t) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()]),
    ],
    ['ISO-8859-1', 'text/xml; charset=ISO-8859-1', (t) => Buffer.from(t, 'latin1')],
    [
      'ISO-8859-1 named only by the XML declaration',
      'text/xml',
      (t) => Buffer.from(t.replace('encoding="ENC"', 'encoding="ISO-8859-1"'), 'latin1'),
    ],
  ])('%s', async (_label, contentType, encode) => {
    reply = { contentType, bytes: encode(body('Zürich café ±')) };
    expect(await message()).toBe('Zürich café ±');
  });

  it('bytes that are not valid in the declared charset are a decode error, not replacement characters', async () => {
    reply = {
      contentType: 'text/xml; charset=utf-8',
      bytes: Buffer.concat([
        Buffer.from(body('a')).subarray(0, 200),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(body('a')).subarray(200),
      ]),
    };
    await expect(message()).rejects.toBeInstanceOf(SvcDecodeError);
  });
});

describe('faults of the other SOAP version', () => {
  it.each([500, 200])(
    'a SOAP 1.2 fault answering a SOAP 1.1 request is the same SvcSoapFault on HTTP %i',
    async (status) => {
      server.respond({ ...faultResponse('soap12', 'Client', 'Version mismatch', 'details here'), status });
      const error = await rejected(client('soap11').getBalances(), SvcSoapFault);
      expect({ code: error.code, reason: error.reason, detail: error.detail, status: error.status }).toEqual({
        code: 'soap:Sender',
        reason: 'Version mismatch',
        detail: 'details here',
        status,
      });
    },
  );

  it('an Envelope without the SOAP namespace on a 500 is an HTTP error, not a fault', async () => {
    server.respond({
      status: 500,
      body: '<Envelope><Body><Fault><faultcode>x</faultcode><faultstring>y</faultstring></Fault></Body></Envelope>',
    });
    await expect(client('soap11').getBalances()).rejects.toBeInstanceOf(SvcHttpError);
  });

  it('a CDATA detail comes back as its text', async () => {
    server.respond(faultResponse('soap11', 'Server', 'Boom', '<![CDATA[a < b && c]]>'));
    expect((await rejected(client('soap11').getBalances(), SvcSoapFault)).detail).toBe('a < b && c');
  });
});

describe('bodyExcerpt', () => {
  it('never ends in half of a surrogate pair', async () => {
    server.respond({ status: 503, contentType: 'text/plain', body: `${'x'.repeat(499)}😀 and more` });
    const error = await rejected(client('httpPost').getBalances(), SvcHttpError);
    expect(error.bodyExcerpt).toBe('x'.repeat(499));
    expect(error.bodyExcerpt.charCodeAt(error.bodyExcerpt.length - 1)).toBe(0x78);
  });

  it('keeps a whole pair that fits', async () => {
    server.respond({ status: 503, contentType: 'text/plain', body: `${'x'.repeat(498)}😀 and more` });
    expect((await rejected(client('httpPost').getBalances(), SvcHttpError)).bodyExcerpt).toBe(`${'x'.repeat(498)}😀`);
  });
});
