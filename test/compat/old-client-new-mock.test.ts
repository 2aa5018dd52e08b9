/**
 * Issue 11 part 3, forward compatibility for clients: a client generated from spec/payer-v5.yaml against a mock
 * generated from the grown v6 fixture (test/fixtures/specs/payer-v6/payer-v6.yaml), over real HTTP, in every style.
 *
 * The v6 mock answers every operation with its example, except where v6 grew: GetBalances answers the new
 * BalanceResult.lastUpdated, the new SvcAccountInfo.AccountName and the new providers, with the new integer code 1016
 * (PaymentOrderNotFound); the file operations and GetUpdatedPayments answer the new string codes. The v5 client
 * (throwOnServiceError false) must decode every answer of every v5 operation: unknown enum values kept as strings
 * (enums are open), unknown integer codes kept as numbers, new fields skipped. The diff (diff-v5-v6.test.ts) says all
 * of these changes are compatible for clients; this is the proof on the wire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateService, type GeneratedService } from '../mock/support/generated-service.js';
import {
  API_KEY,
  NOW,
  PAYER,
  STYLES,
  V5_CALLS,
  V5_SPEC,
  V6_SPEC,
  invoke,
  type ClientClass,
  type ErrorClass,
  type Handlers,
  type MockServer,
  type StartMockServer,
  type Style,
} from './support/compat.js';

const LAST_UPDATED = new Date(Date.UTC(2026, 10, 23, 12, 30, 0));

/** What the v6 mock answers where the v6 interface grew; every other operation answers its example. */
const V6_ANSWERS: Record<string, unknown> = {
  getBalances: {
    errorMessage: 'PaymentOrderNotFound',
    errorCode: 1016,
    AccountInfos: [
      {
        Provider: 'LocalBankTransfer',
        AccountIdentifier: 'LB-001',
        Balance: 1250.5,
        Currency: 'EUR',
        AccountName: 'Main <EUR> account',
      },
      null,
      { Provider: 'DigitalWallet', AccountIdentifier: 'DW-7', Balance: -0.01, Currency: 'USD', AccountName: null },
      { Provider: 'Payer', AccountIdentifier: '00123', Balance: 0, Currency: 'JPY' },
    ],
    lastUpdated: LAST_UPDATED,
  },
  testPaymentFile: {
    errorMessage: 'Account suspended',
    errorCode: 'PayerAccountSuspended',
    LineErrorsOrWarning: [],
    resultsFile: null,
  },
  processMultiCurrencyPaymentFileAsync: {
    errorMessage: 'Account suspended',
    errorCode: 'PayerAccountSuspended',
    requestId: '42',
  },
  getUpdatedPayments: {
    errorMessage: 'no such order',
    errorCode: 'PaymentOrderNotFound',
    ChangedPaymentOrdersRefCode: [],
  },
};

/** What a v5 decoder makes of a v6 answer: the fields v6 added are skipped. */
function asV5(method: string, value: unknown): unknown {
  if (method !== 'getBalances') return value;
  const {
    lastUpdated: _,
    AccountInfos,
    ...rest
  } = value as { lastUpdated?: unknown; AccountInfos: Array<Record<string, unknown> | null> };
  return {
    ...rest,
    AccountInfos: AccountInfos.map((a) =>
      a === null ? null : Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'AccountName')),
    ),
  };
}

describe('a v5 client against a v6 mock', () => {
  let v5: GeneratedService;
  let v6: GeneratedService;
  let server: MockServer;
  let v6Examples: Handlers;

  beforeAll(async () => {
    // Names of their own: test files run in parallel, and new-client-old-mock generates the same specs.
    [v5, v6] = await Promise.all([
      generateService(V5_SPEC, 'compat-ocnm-v5'),
      generateService(V6_SPEC, 'compat-ocnm-v6'),
    ]);
    v6Examples = v6.mock['exampleHandlers'] as Handlers;
    const handlers: Record<string, () => unknown> = { ...(v6Examples as Record<string, () => unknown>) };
    for (const [method, answer] of Object.entries(V6_ANSWERS)) handlers[method] = () => answer;
    // `credentials: false`: no check, as for the v5 mock (whose simulator would otherwise check its scenario's keys).
    server = await (v6.mock['startMockServer'] as StartMockServer)({ port: 0, handlers, credentials: false });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  function v5Client(style: Style, throwOnServiceError = false): object {
    const PayerClient = v5.client['PayerClient'] as ClientClass;
    return new PayerClient({
      baseUrl: server.url,
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
      throwOnServiceError,
    });
  }
  function v6Client(style: Style): object {
    const PayerClient = v6.client['PayerClient'] as ClientClass;
    return new PayerClient({
      baseUrl: server.url,
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
      throwOnServiceError: false,
    });
  }
  const v6Answer = (method: string): unknown =>
    method in V6_ANSWERS ? V6_ANSWERS[method] : (v6Examples[method] as () => unknown)();

  it('the v6 mock serves every v5 operation and one more; the v5 client knows none of the new enum values', () => {
    const v5Methods = new Set(V5_CALLS.map((c) => c.method));
    expect(Object.keys(v6Examples).filter((m) => !v5Methods.has(m))).toEqual(['getPaymentOrderStatus']);
    expect(v5.client['ErrorCodeValues']).not.toContain('PaymentOrderNotFound');
    expect(v5.client['ProviderValues']).not.toContain('LocalBankTransfer');
    expect((v5.client['ErrorCodeByNumber'] as ReadonlyMap<number, string>).has(1016)).toBe(false);
    expect((v6.client['ErrorCodeByNumber'] as ReadonlyMap<number, string>).get(1016)).toBe('PaymentOrderNotFound');
  });

  describe.each(STYLES)('%s', (style) => {
    it.each(V5_CALLS)('$title: the v5 client decodes the v6 answer', async (call) => {
      const before = server.service.calls.length;
      const result = await invoke(v5Client(style), call.method, call.args);
      expect(result).toEqual(asV5(call.method, v6Answer(call.method)));
      expect(server.service.calls.slice(before).map((c) => [c.operation, c.style])).toEqual([[call.operation, style]]);
    });

    it('GetBalances: new providers kept as strings, the unknown integer code kept, the new fields skipped', async () => {
      const result = (await invoke(v5Client(style), 'getBalances', {})) as Record<string, unknown>;
      expect(result).toStrictEqual({
        errorMessage: 'PaymentOrderNotFound',
        errorCode: 1016,
        AccountInfos: [
          { Provider: 'LocalBankTransfer', AccountIdentifier: 'LB-001', Balance: 1250.5, Currency: 'EUR' },
          null,
          { Provider: 'DigitalWallet', AccountIdentifier: 'DW-7', Balance: -0.01, Currency: 'USD' },
          { Provider: 'Payer', AccountIdentifier: '00123', Balance: 0, Currency: 'JPY' },
        ],
      });
      expect(result).not.toHaveProperty('lastUpdated');
      // The same answer read by a v6 client carries the new fields: they were on the wire.
      const v6Result = (await invoke(v6Client(style), 'getBalances', {})) as Record<string, unknown>;
      expect(v6Result['lastUpdated']).toEqual(LAST_UPDATED);
      expect((v6Result['AccountInfos'] as Array<Record<string, unknown> | null>)[0]?.['AccountName']).toBe(
        'Main <EUR> account',
      );
    });

    it('new string codes come back as they are, and are service errors by default', async () => {
      const tested = (await invoke(v5Client(style), 'testPaymentFile', {
        fileName: 'f.csv',
        totalAmount: 1,
      })) as Record<string, unknown>;
      expect(tested['errorCode']).toBe('PayerAccountSuspended');
      const updated = (await invoke(v5Client(style), 'getUpdatedPayments', { changedSince: 0 })) as Record<
        string,
        unknown
      >;
      expect(updated).toEqual({
        errorMessage: 'no such order',
        errorCode: 'PaymentOrderNotFound',
        ChangedPaymentOrdersRefCode: [],
      });

      const SvcServiceError = v5.client['SvcServiceError'] as ErrorClass;
      const thrown = await invoke(v5Client(style, true), 'processMultiCurrencyPaymentFileAsync', {
        fileName: 'm.csv',
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(SvcServiceError);
      expect(thrown).toMatchObject({
        code: 'PayerAccountSuspended',
        operation: 'ProcessMultiCurrencyPaymentFileAsync',
      });
      const byNumber = await invoke(v5Client(style, true), 'getBalances', {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(byNumber).toBeInstanceOf(SvcServiceError);
      expect(byNumber).toMatchObject({ code: 1016, operation: 'GetBalances' });
    });
  });
});
