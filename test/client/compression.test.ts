/**
 * Compressed answers on a real loopback server: node:http asks for gzip and deflate (unless told not to) and decodes
 * them with node:zlib as they stream in; fetch decodes for itself. On both, maxResponseBytes holds for the decoded
 * bytes (a small gzip bomb is refused), a body that is not valid in its coding is an SvcDecodeError, and on node:http
 * a coding it does not decode is an SvcDecodeError naming it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  PayerClient,
  SvcDecodeError,
  SvcHttpError,
  SvcRequestError,
  SvcResponseTooLargeError,
} from '../../generated/client/index.js';
import { sendNodeRequest } from '../../templates/runtime/client/node-transport.js';
import { rejected } from '../helpers/failures.js';
import { resultResponse } from './support/responses.js';

// Long enough that a compressed body is much shorter than its text, and its Content-Length tells nothing of it.
const items = Array.from(
  { length: 300 },
  (_, i) =>
    `<SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>A${i}</AccountIdentifier><Balance>7.5</Balance><Currency>EUR</Currency></SvcAccountInfo>`,
).join('');
const balances = resultResponse(
  'soap11',
  'GetBalances',
  `<errorCode>0</errorCode><AccountInfos>${items}</AccountInfos>`,
  'SvcGetBalanceResponse',
);
const plain = Buffer.from(balances.body, 'utf8');

let server: Server;
let base = '';
let reply: { encoding: string; body: Buffer; status?: number } = { encoding: 'gzip', body: gzipSync(plain) };
const asked: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.writeHead(reply.status ?? 200, {
        'Content-Type': balances.contentType,
        'Content-Encoding': reply.encoding,
        'Content-Length': reply.body.byteLength,
      });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  asked.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function client(extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {}): PayerClient {
  return new PayerClient({ baseUrl: base, payerName: 'MyPayer', apiKey: 'boguskey', ...extra });
}

const TRANSPORTS = [
  ['node', { transport: 'node' as const }],
  ['fetch', { transport: 'fetch' as const }],
] as const;

const ENCODED: Array<[string, string, Buffer]> = [
  ['gzip', 'gzip', gzipSync(plain)],
  ['x-gzip (gzip’s old name)', 'x-gzip', gzipSync(plain)],
  ['GZIP in capitals', 'GZIP', gzipSync(plain)],
  ['deflate (zlib-wrapped)', 'deflate', deflateSync(plain)],
  ['deflate sent raw, as IIS once did', 'deflate', deflateRawSync(plain)],
  ['gzip in two members', 'gzip', Buffer.concat([gzipSync(plain.subarray(0, 1000)), gzipSync(plain.subarray(1000))])],
  ['identity', 'identity', plain],
];

describe('a compressed answer', () => {
  it.each(ENCODED)('is decoded by node:http (%s)', async (_name, encoding, body) => {
    reply = { encoding, body };
    // Above the compressed size, at the decoded size: the cap counts decoded bytes, and exactly that many pass.
    const result = await client({ transport: 'node', maxResponseBytes: plain.byteLength }).getBalances();
    expect(result.AccountInfos).toHaveLength(300);
    expect(result.AccountInfos?.[299]?.AccountIdentifier).toBe('A299');
  });

  it.each(TRANSPORTS)('is asked for as the transport does (%s)', async (name, options) => {
    reply = { encoding: 'gzip', body: gzipSync(plain) };
    await client(options).getBalances();
    await client({ ...options, compression: false }).getBalances();
    const encodings = asked.map((h) => h['accept-encoding']);
    // fetch asks as its platform does; node:http asks for what node:zlib decodes, unless told not to.
    if (name === 'node') expect(encodings).toEqual(['gzip, deflate', undefined]);
    else expect(encodings.every((e) => typeof e === 'string' && e.includes('gzip'))).toBe(true);
  });

  it('is decoded by node:http also when it was not asked for', async () => {
    reply = { encoding: 'gzip', body: gzipSync(plain) };
    expect((await client({ transport: 'node', compression: false }).getBalances()).AccountInfos).toHaveLength(300);
  });

  it.each(TRANSPORTS)(
    'that decodes past maxResponseBytes is refused, a small gzip bomb (%s)',
    async (_name, options) => {
      // 8 MiB of spaces inside the result: about 8 KiB on the wire.
      const bomb = balances.body.replace('<errorCode>', `${' '.repeat(8 * 1024 * 1024)}<errorCode>`);
      reply = { encoding: 'gzip', body: gzipSync(bomb) };
      expect(reply.body.byteLength).toBeLessThan(64 * 1024);
      const error = await rejected(
        client({ ...options, maxResponseBytes: 1024 * 1024 }).getBalances(),
        SvcResponseTooLargeError,
      );
      expect(error.maxResponseBytes).toBe(1024 * 1024);
    },
  );

  it.each(TRANSPORTS)(
    'is refused when it decodes to one byte over the cap, decoded whole at the cap (%s)',
    async (_name, options) => {
      reply = { encoding: 'gzip', body: gzipSync(plain) };
      await rejected(
        client({ ...options, maxResponseBytes: plain.byteLength - 1 }).getBalances(),
        SvcResponseTooLargeError,
      );
      expect(
        (await client({ ...options, maxResponseBytes: plain.byteLength }).getBalances()).AccountInfos,
      ).toHaveLength(300);
    },
  );

  it.each(TRANSPORTS)(
    'longer than it decodes to (stored, level 0) is read whole at a cap of its decoded size (%s)',
    async (_name, options) => {
      // Its Content-Length counts the compressed bytes, which are more here: it says nothing of the decoded size.
      reply = { encoding: 'gzip', body: gzipSync(plain, { level: 0 }) };
      expect(reply.body.byteLength).toBeGreaterThan(plain.byteLength);
      expect(
        (await client({ ...options, maxResponseBytes: plain.byteLength }).getBalances()).AccountInfos,
      ).toHaveLength(300);
    },
  );

  it('of empty blocks, which decodes to nothing, is refused once it is twice as long as the cap (node:http)', async () => {
    // A gzip member whose deflate stream is empty stored blocks (5 bytes each) and a final one; CRC and size 0.
    const blocks = Buffer.alloc(5 * 600_000);
    for (let at = 0; at < blocks.length; at += 5) blocks.set([0x00, 0x00, 0x00, 0xff, 0xff], at);
    const member = Buffer.concat([
      Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]),
      blocks,
      Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]),
      Buffer.alloc(8),
    ]);
    reply = { encoding: 'gzip', body: member };
    await rejected(
      client({ transport: 'node', maxResponseBytes: 1024 * 1024 }).getBalances(),
      SvcResponseTooLargeError,
    );
    // Under that, it is read to its (empty) end: the call fails on the empty document instead.
    await rejected(client({ transport: 'node', maxResponseBytes: 2 * 1024 * 1024 }).getBalances(), SvcDecodeError);
  });

  it('that is empty is an empty body (an error status without content), not a broken gzip stream', async () => {
    reply = { encoding: 'gzip', body: Buffer.alloc(0), status: 503 };
    const error = await rejected(client({ transport: 'node' }).getBalances(), SvcHttpError);
    expect([error.status, error.bodyExcerpt]).toEqual([503, '']);
    reply = { encoding: 'gzip', body: gzipSync(plain) };
  });

  it.each(['accept-encoding', 'Accept-Encoding', 'ACCEPT-ENCODING'])(
    'is not asked for by node:http over an Accept-Encoding the request carries (%s)',
    async (name) => {
      reply = { encoding: 'identity', body: plain };
      await sendNodeRequest({ url: `${base}/x`, headers: { [name]: 'identity' }, body: '' });
      expect(asked.map((h) => h['accept-encoding'])).toEqual(['identity']);
    },
  );

  it.each([
    ['cut short', 'gzip', gzipSync(plain).subarray(0, 200)],
    ['not gzip at all', 'gzip', plain],
    ['not deflate at all', 'deflate', Buffer.from('\u00ff\u00ff\u00ff\u00ff not deflate', 'latin1')],
  ])('is an SvcDecodeError on node:http when %s', async (_name, encoding, body) => {
    reply = { encoding, body };
    const error = await rejected(client({ transport: 'node' }).getBalances(), SvcDecodeError);
    expect(error.message).toBe(`the response body is not valid ${encoding} data`);
  });

  it.each([
    ['br', 'br'],
    ['compress', 'compress'],
    ['gzip, br', 'gzip, br'],
  ])('in a coding node:http does not decode is an SvcDecodeError naming it (%s)', async (_name, encoding) => {
    reply = { encoding, body: plain };
    const error = await rejected(client({ transport: 'node' }).getBalances(), SvcDecodeError);
    expect(error.message).toBe(
      `the response has Content-Encoding "${encoding}", which the client does not decode (it asks for gzip, deflate)`,
    );
  });

  it('refuses a compression option that is not a boolean', () => {
    expect(() => client({ compression: 'no' as never })).toThrow(SvcRequestError);
    expect(() => client({ compression: 'no' as never })).toThrow('compression must be a boolean');
  });
});
