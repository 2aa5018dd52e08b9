/**
 * Every error code the interface document lists for the dynamic-key operations (GetDynamicKey and
 * GetDynamicKeyOfSubPayer) can be produced from a scenario, so that a client's handling of each can be tested without
 * `inject`: SubPayerIsNotFound, SubPayerDoensNotSupportDynamicKey, EncryptionKeyFailedValidation,
 * InvalidPayerIpAddress (a payer's `allowedIpAddresses`), EnahncedSecurityNotConfigured, AuthorizationError
 * (`dynamicKeysAuthorized: false`) and PayerUnknown.
 *
 * The caller's address is the server socket's: over a real loopback server it is 127.0.0.1. A request handed to
 * `service.handle()` (or MSW) comes through no socket, so it has no address, which is in no list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { VirtualClock, createMockService, startMockServer, type ScenarioInput } from '../../generated/mock/index.js';

const START = Date.UTC(2026, 5, 1) / 1000;
const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const SUBS = [
  { payerName: 'Sub', apiKey: 'sub-key', dynamicKeys: true },
  { payerName: 'OldSub', apiKey: 'old-key', dynamicKeys: false },
];

const SCENARIO: ScenarioInput = {
  payers: [
    { payerName: 'Anywhere', apiKey: 'k-any', dynamicKeys: true, subPayers: [SUBS[0]!] },
    {
      payerName: 'Loopback',
      apiKey: 'k-loop',
      dynamicKeys: true,
      allowedIpAddresses: ['10.0.0.0/8', '127.0.0.1'],
      subPayers: [SUBS[1]!],
    },
    { payerName: 'Office', apiKey: 'k-office', dynamicKeys: true, allowedIpAddresses: ['10.0.0.0/8', '::2'] },
    { payerName: 'NotAuthorised', apiKey: 'k-na', dynamicKeys: true, dynamicKeysAuthorized: false },
    { payerName: 'NoKeys', apiKey: 'k-none', dynamicKeys: false },
  ],
};

const clock = new VirtualClock(START);
let server: Awaited<ReturnType<typeof startMockServer>>;
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: SCENARIO, clock });
});
afterAll(async () => {
  await server?.close();
});

const OK_TOKEN = { errorMessage: 'OK', Key: expect.any(String), Token: expect.stringMatching(/^[0-9a-f]{32}$/) };

describe.each(STYLES)('%s, over a loopback server (the caller is 127.0.0.1)', (style) => {
  const client = (payerName: string, apiKey: string) =>
    new PayerClient({
      baseUrl: server.url,
      payerName,
      apiKey,
      style,
      now: () => clock.now(),
      throwOnServiceError: false,
    });

  it.each([
    // [payer, key, GetDynamicKey's code (S), GetDynamicKeyOfSubPayer's answer for subPayerName (I), its message]
    ['Anywhere', 'k-any', 'OK', 'Sub', 0, 'OK'],
    ['Loopback', 'k-loop', 'OK', 'Nobody', -1, 'SubPayerIsNotFound: Loopback has no sub payer "Nobody"'],
    [
      'Loopback',
      'k-loop',
      'OK',
      'OldSub',
      -1,
      'SubPayerDoensNotSupportDynamicKey: the sub payer OldSub does not support dynamic keys',
    ],
    ['Anywhere', 'wrong', 'EncryptionKeyFailedValidation', 'Sub', 1006, 'EncryptionKeyFailedValidation'],
    [
      'Office',
      'k-office',
      'InvalidPayerIpAddress',
      'Sub',
      -1,
      'InvalidPayerIpAddress: Office does not allow calls from address 127.0.0.1',
    ],
    [
      'NotAuthorised',
      'k-na',
      'AuthorizationError',
      'Sub',
      -1,
      'AuthorizationError: NotAuthorised is not authorised to ask for dynamic keys',
    ],
    [
      'NoKeys',
      'k-none',
      'EnahncedSecurityNotConfigured',
      'Nobody',
      -1,
      'SubPayerIsNotFound: NoKeys has no sub payer "Nobody"',
    ],
    ['Stranger', 'k', 'PayerUnknown', 'Sub', 1004, 'PayerUnknown'],
  ] as const)(
    '%s (key %s): GetDynamicKey %s; GetDynamicKeyOfSubPayer(%s) %d',
    async (payer, key, code, subPayerName, subCode, subMessage) => {
      const c = client(payer, key);
      const token = await c.getDynamicKey();
      expect(token.errorCode).toBe(code);
      if (code === 'OK') expect(token).toEqual({ errorCode: 'OK', ...OK_TOKEN });
      const sub = await c.getDynamicKeyOfSubPayer({ subPayerName });
      if (subCode === 0) expect(sub).toEqual({ errorCode: 0, ...OK_TOKEN });
      else expect(sub).toEqual({ errorCode: subCode, errorMessage: subMessage });
    },
  );

  it("the refusals' messages: the address the call came from, the payer", async () => {
    expect(await client('Office', 'k-office').getDynamicKey()).toEqual({
      errorCode: 'InvalidPayerIpAddress',
      errorMessage: 'Office does not allow calls from address 127.0.0.1',
    });
    expect(await client('NotAuthorised', 'k-na').getDynamicKey()).toEqual({
      errorCode: 'AuthorizationError',
      errorMessage: 'NotAuthorised is not authorised to ask for dynamic keys',
    });
  });

  it('only the dynamic-key operations look at the address', async () => {
    expect(await client('Office', 'k-office').getBalances()).toEqual({
      errorCode: 0,
      errorMessage: 'OK',
      AccountInfos: [],
    });
  });
});

describe('through service.handle(), which has no socket', () => {
  const service = createMockService({ scenario: SCENARIO, clock });
  afterAll(() => service.close());
  const client = (payerName: string, apiKey: string) =>
    new PayerClient({
      baseUrl: 'http://payer.test',
      payerName,
      apiKey,
      now: () => clock.now(),
      throwOnServiceError: false,
      fetch: (input, init) => service.handle(new Request(input, init)),
    });

  it('a payer with allowedIpAddresses answers InvalidPayerIpAddress, even where loopback is allowed; one without answers', async () => {
    expect(await client('Loopback', 'k-loop').getDynamicKey()).toEqual({
      errorCode: 'InvalidPayerIpAddress',
      errorMessage: 'Loopback does not allow calls from a request that came through no socket, so from no address',
    });
    expect(await client('Loopback', 'k-loop').getDynamicKeyOfSubPayer({ subPayerName: 'OldSub' })).toEqual({
      errorCode: -1,
      errorMessage:
        'InvalidPayerIpAddress: Loopback does not allow calls from a request that came through no socket, so from no address',
    });
    expect((await client('Anywhere', 'k-any').getDynamicKey()).errorCode).toBe('OK');
    expect((await client('NotAuthorised', 'k-na').getDynamicKey()).errorCode).toBe('AuthorizationError');
  });
});

describe("a handler's context.remoteAddress", () => {
  it("is the socket's address over the server, undefined through handle()", async () => {
    const seen: Array<string | undefined> = [];
    const handlers = {
      getBalances(_params: unknown, context: { remoteAddress?: string | undefined }) {
        seen.push(context.remoteAddress);
        return { errorCode: 0, errorMessage: 'OK', AccountInfos: [] };
      },
    };
    const own = await startMockServer({ port: 0, handlers, credentials: false });
    try {
      await new PayerClient({ baseUrl: own.url, payerName: 'A', apiKey: 'k' }).getBalances();
      await new PayerClient({
        baseUrl: 'http://payer.test',
        payerName: 'A',
        apiKey: 'k',
        fetch: (input, init) => own.service.handle(new Request(input, init)),
      }).getBalances();
    } finally {
      await own.close();
    }
    expect(seen).toEqual(['127.0.0.1', undefined]);
  });
});
