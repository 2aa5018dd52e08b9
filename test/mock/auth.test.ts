/**
 * The payer mock checks credentials as the client computes them, for every operation in every style: with the right
 * API key every call reaches its handler; a wrong key, an unknown payer, a stale timestamp or a payer over its limit
 * is answered as the spec's auth.failures say (decision auth-failures), in the result type's own code kind, and the
 * handler is never reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcServiceError, type Style } from '../../generated/client/index.js';
import { VirtualClock, exampleHandlers, startMockServer } from '../../generated/mock/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { rejected } from '../helpers/failures.js';
import { ROOT } from './support/generated-service.js';
import { PAYER_ROWS } from './support/payer-rows.js';
import { join } from 'node:path';

const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const NOW = 1_700_000_000;
const KEYS = { MyPayer: 'boguskey', 'Payer & <Söhne>': 'k€y with spaces' };
const model = loadSpec(join(ROOT, 'spec', 'payer-v5.yaml'));
/** Whether an operation's result carries (S) string or (I) int codes. */
const codeKind = (operation: string): 'enum' | 'int' => {
  const r = model.operations.find((o) => o.name === operation)!.result;
  return r.kind === 'value' && r.struct?.status?.codeKind === 'int' ? 'int' : 'enum';
};
const ROWS = PAYER_ROWS.filter((r, i, all) => all.findIndex((x) => x.operation === r.operation) === i);

type Server = Awaited<ReturnType<typeof startMockServer>>;
let server: Server;
let limited: Server;
let handled = 0;

beforeAll(async () => {
  // Every handler counts its calls: a refused request must never reach one.
  const counting = Object.fromEntries(
    model.operations.map((o) => [
      o.methodName,
      () => {
        handled++;
        throw new Error('not answered in this test');
      },
    ]),
  );
  [server, limited] = await Promise.all([
    startMockServer({ credentials: KEYS, clock: new VirtualClock(NOW), skewSeconds: 60, handlers: exampleHandlers }),
    startMockServer({
      credentials: KEYS,
      clock: new VirtualClock(NOW),
      requestLimit: { max: 2, perSeconds: 60 },
      handlers: counting,
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.close(), limited?.close()]);
});

function client(
  base: Server,
  style: Style,
  options: { payerName?: string; apiKey?: string; now?: number } = {},
): PayerClient {
  return new PayerClient({
    baseUrl: base.url,
    payerName: options.payerName ?? 'MyPayer',
    apiKey: options.apiKey ?? 'boguskey',
    style,
    now: () => options.now ?? NOW,
  });
}

function call(c: PayerClient, row: (typeof ROWS)[number]): Promise<unknown> {
  return (c as unknown as Record<string, (args: unknown) => Promise<unknown>>)[row.method]!(row.args);
}

describe.each(STYLES)('credentials over %s', (style) => {
  it.each(ROWS)('$operation: the right key reaches the handler (the example answers)', async (row) => {
    const before = server.service.calls.length;
    await call(client(server, style), row);
    expect(server.service.calls.length).toBe(before + 1);
    expect(server.service.calls.at(-1)?.operation).toBe(row.operation);
  });

  it('a principal with markup and non-ASCII in its name and key signs like any other', async () => {
    await expect(
      client(server, style, { payerName: 'Payer & <Söhne>', apiKey: 'k€y with spaces' }).getBalances(),
    ).resolves.toBeDefined();
  });

  it.each([
    ['a wrong API key', { apiKey: 'wrong' }, 'EncryptionKeyFailedValidation', 1006],
    ['an unknown payer', { payerName: 'Nobody' }, 'PayerUnknown', 1004],
    ['a timestamp 61 s late', { now: NOW - 61 }, 'EncryptionKeyFailedValidation', 1006],
    ['a timestamp 61 s early', { now: NOW + 61 }, 'EncryptionKeyFailedValidation', 1006],
  ] as const)('%s is answered in the result, for every operation, and no handler runs', async (_, options, S, I) => {
    for (const row of ROWS) {
      const before = server.service.calls.length;
      const error = await rejected(call(client(server, style, options), row), SvcServiceError);
      expect([row.operation, error.code]).toEqual([row.operation, codeKind(row.operation) === 'int' ? I : S]);
      expect(server.service.calls.length).toBe(before);
    }
  });

  it('a payer over its request limit gets RequestLimitReached (-1 in (I) results, which know no integer for it)', async () => {
    const payer = `Limited ${style}`;
    const keys = KEYS as Record<string, string>;
    keys[payer] = 'limit-key';
    const c = client(limited, style, { payerName: payer, apiKey: 'limit-key' });
    // Under the limit, the calls reach the handler (which throws: a Server fault or HTTP 500, not a limit).
    const start = handled;
    for (let i = 0; i < 2; i++)
      await expect(c.testPaymentFile({ fileName: 'a.csv', totalAmount: 1 })).rejects.toThrow();
    expect(handled).toBe(start + 2);
    const handledBefore = handled;
    expect((await rejected(c.testPaymentFile({ fileName: 'a.csv', totalAmount: 1 }), SvcServiceError)).code).toBe(
      'RequestLimitReached',
    );
    expect((await rejected(c.getBalances(), SvcServiceError)).code).toBe(-1);
    expect(handled).toBe(handledBefore);
  });
});

it('without credentials the mock does not check them (any key is answered)', async () => {
  const open = await startMockServer({ credentials: false, handlers: exampleHandlers });
  try {
    await expect(
      new PayerClient({ baseUrl: open.url, payerName: 'anyone', apiKey: 'anything' }).getBalances(),
    ).resolves.toBeDefined();
  } finally {
    await open.close();
  }
});
