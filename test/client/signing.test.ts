/**
 * The key computation of DECISIONS.md, checked on the wire: the published known answer, vectors of our own for
 * each kind of EAT marker, the custom `sign` option, and the embedded-page helpers.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcRequestError, embeddedPageQuery, signQueryString } from '../../generated/client/index.js';
import { generateFixture } from './support/generate-fixture.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';
import { hmacHex, parseSoapCall } from './support/wire.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

const OK = '<errorMessage>OK</errorMessage><errorCode>OK</errorCode>';

function sentKey(style: 'soap11' | 'httpPost' = 'soap11'): string {
  const body = server.requests.at(-1)!.body;
  if (style === 'httpPost') return new URLSearchParams(body).get('key') ?? '';
  return parseSoapCall(body).children.find(([n]) => n === 'key')?.[1] ?? '';
}

function known(now = 1521234048): PayerClient {
  return new PayerClient({ baseUrl: server.url, payerName: 'MyPayer', apiKey: 'boguskey', now: () => now });
}

describe('known answers', () => {
  it('DECISIONS.md: MyPayer, 1521234048, boguskey, GetBalances (EAT none)', async () => {
    server.respond(resultResponse('soap11', 'GetBalances', '<errorCode>0</errorCode>', 'x'));
    await known().getBalances();
    expect(sentKey()).toBe('bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162');
  });

  it('a fractional now is floored: same key', async () => {
    server.respond(resultResponse('httpPost', 'GetBalances', '<errorCode>0</errorCode>', 'SvcGetBalanceResponse'));
    await new PayerClient({
      baseUrl: server.url,
      payerName: 'MyPayer',
      apiKey: 'boguskey',
      now: () => 1521234048.999,
      style: 'httpPost',
    }).getBalances();
    expect(sentKey('httpPost')).toBe('bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162');
  });

  it('string marker (fileName) signs the value as sent', async () => {
    server.respond(resultResponse('soap11', 'TestMultiCurrencyPaymentFile', OK, 'x'));
    await known().testMultiCurrencyPaymentFile({ fileName: 'pay_2026-11.csv' });
    expect(sentKey()).toBe('0ebe940bfefaf2f57e7a4b500b94d3a02fec82335c2fb71ff6f6e525d3b58fbd');
  });

  it('double marker (totalAmount) signs the truncated integer: 1234.56 -> 1234', async () => {
    server.respond(resultResponse('soap11', 'TestPaymentFile', OK, 'x'));
    await known().testPaymentFile({ fileName: 'f.csv', totalAmount: 1234.56 });
    expect(sentKey()).toBe('112ea18472ab78fc6cef1762a2130a6425dfe83dbd20dec22ea81a7d2c992b59');
  });

  it('long marker (requestId) signs all digits, exact past 2^53, whether given as string, bigint', async () => {
    for (const requestId of ['9007199254740993', 9007199254740993n]) {
      server.respond(
        resultResponse('soap11', 'GetProcessingRequestStatus', `${OK}<requestStatus>Processing</requestStatus>`, 'x'),
      );
      await known().getProcessingRequestStatus({ requestId });
      expect(sentKey()).toBe('ff82a2ca7f2deaad4e638a187d317a44d00d4f0fcec7f76a1976cebb5e96d7bd');
    }
  });

  it('the MultiCurrency Async quirk: marked totalAmount, no such parameter, empty string signed', async () => {
    server.respond(
      resultResponse('soap11', 'ProcessMultiCurrencyPaymentFileAsync', `${OK}<requestId>1</requestId>`, 'x'),
    );
    await known().processMultiCurrencyPaymentFileAsync({ fileName: 'pay_2026-11.csv' });
    expect(sentKey()).toBe('bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162');
  });
});

describe('EAT markers the payer interface lacks (generated from a fixture spec)', () => {
  let client: { [op: string]: (p: unknown) => Promise<unknown> };
  beforeAll(async () => {
    const mod = await generateFixture(join(import.meta.dirname, 'fixtures', 'eat-kinds.yaml'), 'eat-kinds');
    const Client = mod['EatKindsClient'] as new (o: unknown) => typeof client;
    client = new Client({ baseUrl: server.url, user: 'MyPayer', apiKey: 'boguskey', now: () => 1521234048 });
  });
  const reply = (op: string) =>
    server.respond(resultResponse('soap11', op, '<message>OK</message><code>OK</code>', 'Ack', 'urn:eat-kinds'));
  const key = (eat: string) => hmacHex('boguskey', `MyPayer1521234048${eat}`);
  const sig = () => parseSoapCall(server.requests.at(-1)!.body).children.find(([n]) => n === 'sig')?.[1];

  it('dateTime marker signs Unix seconds', async () => {
    reply('AtTime');
    await client['atTime']!({ when: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
    expect(sig()).toBe('a9477d0eb0a438a1b3c9827a12834834f34d44ab29ed43e425e14308bef0feba');
    reply('AtTime');
    await client['atTime']!({ when: '2026-01-02T05:04:05+02:00' });
    expect(sig()).toBe('a9477d0eb0a438a1b3c9827a12834834f34d44ab29ed43e425e14308bef0feba');
  });

  it('int marker signs its decimal digits, with credentials placed where the spec lists them', async () => {
    reply('Counted');
    await client['counted']!({ count: -42 });
    const children = parseSoapCall(server.requests.at(-1)!.body).children;
    expect(children.map(([n]) => n)).toEqual(['sig', 'count', 'user', 'ts']);
    expect(sig()).toBe(key('-42'));
  });

  it('boolean marker signs true/false as sent', async () => {
    reply('Flagged');
    await client['flagged']!({ flag: true });
    expect(sig()).toBe(key('true'));
  });

  it('an optional marker left out signs the empty string and is not sent', async () => {
    reply('Noted');
    await client['noted']!({});
    expect(sig()).toBe(key(''));
    expect(parseSoapCall(server.requests.at(-1)!.body).children.map(([n]) => n)).toEqual(['user', 'ts', 'sig']);
    reply('Noted');
    await client['noted']!({ note: 'hello' });
    expect(sig()).toBe(key('hello'));
  });
});

describe('custom sign', () => {
  it('receives operation, payerName, timestamp, eatValue and message, and its answer is sent as key', async () => {
    const seen: unknown[] = [];
    const c = new PayerClient({
      baseUrl: server.url,
      payerName: 'MyPayer',
      apiKey: 'unused',
      now: () => 1521234048,
      sign: (input) => {
        seen.push(input);
        return 'custom-signature';
      },
    });
    server.respond(resultResponse('soap11', 'TestPaymentFile', OK, 'x'));
    await c.testPaymentFile({ fileName: 'f.csv', totalAmount: 77.9 });
    expect(seen).toEqual([
      {
        operation: 'TestPaymentFile',
        payerName: 'MyPayer',
        timestamp: '1521234048',
        eatValue: '77',
        message: 'MyPayer152123404877',
      },
    ]);
    expect(sentKey()).toBe('custom-signature');
  });
});

describe('embedded page', () => {
  it('signQueryString appends hashkey = HMAC of the query exactly as given', () => {
    const query = 'a=1&b=x+y&token=tok-123';
    expect(signQueryString(query, 'dyn-key')).toBe(
      `${query}&hashkey=b959e22aca0ee1edb4dc9e135741a99bea647863739b1f7dc0a47345262afd54`,
    );
  });

  it('embeddedPageQuery form-encodes in order, adds token, signs with the dynamic Key, hashkey last', () => {
    const q = embeddedPageQuery({ a: '1', b: 'x y' }, { Key: 'dyn-key', Token: 'tok-123' });
    expect(q).toBe('a=1&b=x+y&token=tok-123&hashkey=b959e22aca0ee1edb4dc9e135741a99bea647863739b1f7dc0a47345262afd54');
    expect(q).not.toContain('dyn-key');
  });

  it('refuses a token or hashkey already in the params and a missing key, without echoing the key', () => {
    expect(() => embeddedPageQuery({ token: 'x' }, { Key: 'dyn-key', Token: 't' })).toThrow(SvcRequestError);
    expect(() => embeddedPageQuery({ hashkey: 'x' }, { Key: 'dyn-key', Token: 't' })).toThrow(SvcRequestError);
    let message = '';
    try {
      embeddedPageQuery({ a: '1' }, { Key: '', Token: 't' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).not.toBe('');
  });
});
