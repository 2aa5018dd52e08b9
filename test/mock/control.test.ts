/**
 * The mock's generic control API (`inject`, `calls`, `reset`) seen through the generated client, over real HTTP on
 * loopback in every style, with the default scenario's simulator answering whatever is not injected.
 *
 * An injection replaces the next answer(s) of one operation, after the request was read and its credentials passed:
 * an error code inside a 200 result (the string for (S) results, the integer for (I) results, -1 with the name in
 * errorMessage where no integer is known), a SOAP fault (HTTP POST: 500 text), any HTTP status and body, a dropped
 * connection, a whole result value, and a real delay (kept at or under 300 ms here).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PayerClient,
  SvcDecodeError,
  SvcHttpError,
  SvcServiceError,
  SvcSoapFault,
  SvcTimeoutError,
  SvcTransportError,
  type PayerClientOptions,
  type Style,
} from '../../generated/client/index.js';
import {
  DEFAULT_PAYER,
  VirtualClock,
  createMockService,
  startMockServer,
  type MockInjection,
  type PayerFunctionsMockService,
  type PayerFunctionsOperation,
} from '../../generated/mock/index.js';
import { rejected } from '../helpers/failures.js';

const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const START = Date.UTC(2026, 5, 1) / 1000;
const PATH = '/v5/PayerFunctions.asmx';
const TEXT_PLAIN = 'text/plain; charset=utf-8';
/** The fault codes a style sends for the two kinds. */
const FAULT_CODES: Record<'soap11' | 'soap12', Record<'Client' | 'Server', string>> = {
  soap11: { Client: 'soap:Client', Server: 'soap:Server' },
  soap12: { Client: 'soap:Sender', Server: 'soap:Receiver' },
};
/** The default scenario's balances, the simulator's answer when nothing is injected. */
const BALANCES = {
  errorCode: 0,
  errorMessage: 'OK',
  AccountInfos: [
    { Provider: 'None', AccountIdentifier: 'ACC-USD-001', Balance: 25000, Currency: 'USD' },
    { Provider: 'Payer', AccountIdentifier: 'ACC-EUR-001', Balance: 18000.5, Currency: 'EUR' },
    { Provider: '<provider_name_1>', AccountIdentifier: 'ACC-GBP-001', Balance: 9000, Currency: 'GBP' },
    { Provider: '<provider_name_2>', AccountIdentifier: 'ACC-CAD-001', Balance: 0, Currency: 'CAD' },
  ],
};

type Server = Awaited<ReturnType<typeof startMockServer>>;
type Method = (params?: unknown) => Promise<unknown>;

/** One call of an operation through the client: its method and arguments. */
interface Call {
  operation: PayerFunctionsOperation;
  method: string;
  args?: unknown;
}
const GET_BALANCES: Call = { operation: 'GetBalances', method: 'getBalances' };
const GET_CUSTOM_FIELDS: Call = { operation: 'GetCustomFields', method: 'getCustomFields' };

function invoke(c: PayerClient, call: Call): Promise<unknown> {
  const method = (c as unknown as Record<string, Method>)[call.method]!;
  return method.call(c, call.args);
}

/** Injected error codes, and the result the client decodes (throwOnServiceError: false). */
const CODE_ROWS: ReadonlyArray<[string, { call: Call; injection: MockInjection; want: Record<string, unknown> }]> = [
  [
    'a name on an (I) result: its integer',
    {
      call: GET_BALANCES,
      injection: { errorCode: 'PayerUnknown' },
      want: { errorCode: 1004, errorMessage: 'PayerUnknown' },
    },
  ],
  [
    'an integer and a message on an (I) result',
    {
      call: GET_BALANCES,
      injection: { errorCode: 1007, errorMessage: 'the range is wrong' },
      want: { errorCode: 1007, errorMessage: 'the range is wrong' },
    },
  ],
  [
    'a name with no known integer on an (I) result: -1, the name in errorMessage',
    {
      call: GET_BALANCES,
      injection: { errorCode: 'RequestLimitReached' },
      want: { errorCode: -1, errorMessage: 'RequestLimitReached' },
    },
  ],
  [
    'an integer no name is known for, on an (I) result',
    {
      call: {
        operation: 'GetDynamicKeyOfSubPayer',
        method: 'getDynamicKeyOfSubPayer',
        args: { subPayerName: 'MySubPayer' },
      },
      injection: { errorCode: 1008 },
      want: { errorCode: 1008, errorMessage: '1008' },
    },
  ],
  [
    'a string code on an (S) result',
    {
      call: GET_CUSTOM_FIELDS,
      injection: { errorCode: 'CustomFieldDoesNotExist' },
      want: { errorCode: 'CustomFieldDoesNotExist', errorMessage: 'CustomFieldDoesNotExist' },
    },
  ],
  [
    'an integer on an (S) result: its name',
    {
      call: GET_CUSTOM_FIELDS,
      injection: { errorCode: 1004 },
      want: { errorCode: 'PayerUnknown', errorMessage: 'PayerUnknown' },
    },
  ],
  [
    'an (S) result with required members: they keep their defaults',
    {
      call: { operation: 'CreatePayeeStatusFile', method: 'createPayeeStatusFile', args: { saveToFile: 'payees.csv' } },
      injection: { errorCode: 'CannotWriteFile', errorMessage: 'the disk is full' },
      want: { errorCode: 'CannotWriteFile', errorMessage: 'the disk is full', b: false, i: 0, d: 0 },
    },
  ],
  [
    'an async operation: requestId 0',
    {
      call: {
        operation: 'ProcessPaymentFileAsync',
        method: 'processPaymentFileAsync',
        args: { fileName: 'a.csv', totalAmount: 1 },
      },
      injection: { errorCode: 'ItemAlreadyInProcess' },
      want: { errorCode: 'ItemAlreadyInProcess', errorMessage: 'ItemAlreadyInProcess', requestId: '0' },
    },
  ],
  [
    'a status result: requestStatus at its default',
    {
      call: {
        operation: 'GetProcessingRequestStatus',
        method: 'getProcessingRequestStatus',
        args: { requestId: '1000' },
      },
      injection: { errorCode: 'AuthorizationError' },
      want: { errorCode: 'AuthorizationError', errorMessage: 'AuthorizationError', requestStatus: 'Processing' },
    },
  ],
  [
    'a result whose code is optional (UpdatedPaymentsResult)',
    {
      call: { operation: 'GetUpdatedPayments', method: 'getUpdatedPayments', args: { changedSince: 0 } },
      injection: { errorCode: 'ParameterError', errorMessage: 'changedSince is in the future' },
      want: { errorCode: 'ParameterError', errorMessage: 'changedSince is in the future' },
    },
  ],
];

/** Injected result values, decoded exactly. */
const RESULT_ROWS: ReadonlyArray<[string, { call: Call; result: Record<string, unknown> }]> = [
  [
    'GetBalances: an account of another provider, a negative balance, a long list',
    {
      call: GET_BALANCES,
      result: {
        errorCode: 0,
        errorMessage: 'injected',
        AccountInfos: [
          { Provider: '<provider_name_16>', AccountIdentifier: 'X & <Y>', Balance: -0.01, Currency: 'JPY' },
          ...Array.from({ length: 20 }, (_, i) => ({
            Provider: 'Payer',
            AccountIdentifier: `A${i}`,
            Balance: i * 1.25,
            Currency: 'EUR',
          })),
        ],
      },
    },
  ],
  [
    'ProcessPaymentFileAsync: the largest long as requestId',
    {
      call: {
        operation: 'ProcessPaymentFileAsync',
        method: 'processPaymentFileAsync',
        args: { fileName: 'a.csv', totalAmount: 1 },
      },
      result: { errorCode: 'OK', errorMessage: 'OK', requestId: '9223372036854775807' },
    },
  ],
  [
    'GetProcessingRequestStatus: Cancelled',
    {
      call: { operation: 'GetProcessingRequestStatus', method: 'getProcessingRequestStatus', args: { requestId: '5' } },
      result: { errorCode: 'OK', errorMessage: 'OK', requestStatus: 'Cancelled' },
    },
  ],
  [
    'GetCustomFields: nil Values, an empty list, a nil item',
    {
      call: GET_CUSTOM_FIELDS,
      result: {
        errorCode: 'OK',
        errorMessage: 'OK',
        CustomFields: [
          { Entity: 'E', Title: 'T', Description: 'D', ValueType: 'V', SubEntity: 'S', Values: null, Category: 'C' },
          null,
          { Title: 'empty', Values: [] },
        ],
      },
    },
  ],
];

describe.each(STYLES)('the control API over %s', (style) => {
  const clock = new VirtualClock(START);
  let server: Server;
  let service: PayerFunctionsMockService;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, clock });
    service = server.service;
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await service.reset();
  });

  function client(options: Partial<PayerClientOptions> = {}): PayerClient {
    return new PayerClient({
      baseUrl: server.url,
      payerName: DEFAULT_PAYER.payerName,
      apiKey: DEFAULT_PAYER.apiKey,
      style,
      now: () => clock.now(),
      throwOnServiceError: false,
      ...options,
    });
  }

  // ---- error codes -----------------------------------------------------------------------------------------------------

  it.each(CODE_ROWS)('errorCode: %s', async (_, { call, injection, want }) => {
    service.inject(call.operation, injection);
    expect(await invoke(client(), call)).toEqual(want);
    // The call was recorded; the simulator was not reached (no request, no file).
    expect(service.calls.map((c) => c.operation)).toEqual([call.operation]);
    expect(service.simulator.requests()).toEqual([]);
    // Used once: the next call is the simulator's.
    const next = (await invoke(client(), call)) as { errorCode?: unknown };
    expect(next.errorCode === want['errorCode']).toBe(false);
  });

  it('an injected code is a SvcServiceError by default, with the integer named', async () => {
    service.inject('GetBalances', { errorCode: 'PayerUnknown' });
    const error = await rejected(client({ throwOnServiceError: true }).getBalances(), SvcServiceError);
    expect(error).toMatchObject({
      operation: 'GetBalances',
      code: 1004,
      codeName: 'PayerUnknown',
      serviceMessage: 'PayerUnknown',
    });
    expect(error.result).toEqual({ errorCode: 1004, errorMessage: 'PayerUnknown' });
  });

  it('inject takes the handler name (as `handlers` does) as well as the wire name (as `calls` records it)', async () => {
    service.inject('getBalances', { errorCode: 'PayerUnknown' });
    service.inject('GetBalances', { errorCode: 'ParameterError' });
    expect(await client().getBalances()).toEqual({ errorCode: 1004, errorMessage: 'PayerUnknown' });
    expect(await client().getBalances()).toEqual({ errorCode: 1007, errorMessage: 'ParameterError' });
    expect(() => service.inject('toString' as never, { errorCode: 'PayerUnknown' })).toThrow(TypeError);
  });

  it("PayerClient.isServiceError tells an operation's SvcServiceError apart and types its result", async () => {
    service.inject('GetBalances', { errorCode: 'PayerUnknown' });
    const error = await client({ throwOnServiceError: true })
      .getBalances()
      .catch((e: unknown) => e);
    expect(PayerClient.isServiceError(error, 'GetCustomFields')).toBe(false);
    expect(PayerClient.isServiceError(new Error('GetBalances'), 'GetBalances')).toBe(false);
    if (!PayerClient.isServiceError(error, 'GetBalances'))
      throw new Error(`not the service error of GetBalances: ${String(error)}`);
    // Typed as a BalanceResult without a cast: the repository's type check covers these lines.
    const code: number | undefined = error.result.errorCode;
    expect(code).toBe(1004);
    expect(error.result).toEqual({ errorCode: 1004, errorMessage: 'PayerUnknown' });
    expect(error.result.AccountInfos).toBeUndefined();
  });

  it('times: 2 answers the next two calls, then the simulator answers again', async () => {
    service.inject('GetBalances', { errorCode: 'ParameterError', times: 2 });
    const results = [await client().getBalances(), await client().getBalances(), await client().getBalances()];
    expect(results).toEqual([
      { errorCode: 1007, errorMessage: 'ParameterError' },
      { errorCode: 1007, errorMessage: 'ParameterError' },
      BALANCES,
    ]);
  });

  it('injections are used in the order given, each only for its own operation', async () => {
    service.inject('GetBalances', { errorCode: 'PayerUnknown' });
    service.inject('GetBalances', { errorCode: 'ParameterError' });
    service.inject('GetCustomFields', { errorCode: 'UnknownError', errorMessage: 'custom' });
    expect(await client().getProviderAccounts()).toMatchObject({ errorCode: 'OK' });
    expect(await client().getBalances()).toEqual({ errorCode: 1004, errorMessage: 'PayerUnknown' });
    expect(await client().getCustomFields()).toEqual({ errorCode: 'UnknownError', errorMessage: 'custom' });
    expect(await client().getBalances()).toEqual({ errorCode: 1007, errorMessage: 'ParameterError' });
    expect(await client().getBalances()).toEqual(BALANCES);
    expect(await client().getCustomFields()).toMatchObject({ errorCode: 'OK' });
  });

  it('an injection is used only by a request whose credentials pass', async () => {
    service.inject('GetBalances', { errorCode: 'ParameterError' });
    // Refused credentials are answered first and leave the injection in place.
    expect(await client({ apiKey: 'wrongkey' }).getBalances()).toEqual({
      errorCode: 1006,
      errorMessage: 'EncryptionKeyFailedValidation',
    });
    expect(await client({ payerName: 'Nobody' }).getBalances()).toEqual({
      errorCode: 1004,
      errorMessage: 'PayerUnknown',
    });
    expect(await client({ now: () => clock.now() - 301 }).getBalances()).toEqual({
      errorCode: 1006,
      errorMessage: 'EncryptionKeyFailedValidation',
    });
    // So is a request the mock cannot read (no key).
    const unread = await fetch(`${server.url}${PATH}/GetBalances`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `payerName=MyPayer&timestamp=${START}`,
    });
    expect(unread.status).toBe(500);
    expect(service.calls).toEqual([]);
    expect(await client().getBalances()).toEqual({ errorCode: 1007, errorMessage: 'ParameterError' });
    expect(await client().getBalances()).toEqual(BALANCES);
  });

  // ---- faults and HTTP answers ------------------------------------------------------------------------------------------

  it.each(['Server', 'Client'] as const)('fault: %s, with message and detail', async (kind) => {
    service.inject('GetBalances', { fault: kind, message: 'the database is down', detail: 'ORA-01034' });
    if (style === 'httpPost') {
      const error = await rejected(client().getBalances(), SvcHttpError);
      expect(error).toMatchObject({ status: 500, bodyExcerpt: 'the database is down', contentType: TEXT_PLAIN });
    } else {
      const error = await rejected(client().getBalances(), SvcSoapFault);
      expect(error).toMatchObject({
        code: FAULT_CODES[style][kind],
        reason: 'the database is down',
        detail: 'ORA-01034',
        status: 500,
      });
    }
    expect(await client().getBalances()).toEqual(BALANCES);
  });

  it('fault without a message: the default names the operation; no detail', async () => {
    service.inject('GetCustomFields', { fault: 'Server' });
    const error = await rejected(client().getCustomFields());
    if (style === 'httpPost') {
      expect(error).toBeInstanceOf(SvcHttpError);
      expect((error as SvcHttpError).bodyExcerpt).toBe('GetCustomFields: an injected Server fault');
    } else {
      expect(error).toBeInstanceOf(SvcSoapFault);
      expect(error).toMatchObject({ reason: 'GetCustomFields: an injected Server fault', detail: undefined });
    }
  });

  it.each([
    [
      '503 with a text body',
      { status: 503, body: 'Service Unavailable' },
      { status: 503, bodyExcerpt: 'Service Unavailable', contentType: TEXT_PLAIN },
    ],
    [
      '502 as HTML',
      { status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' },
      { status: 502, bodyExcerpt: '<html><body>Bad gateway</body></html>', contentType: 'text/html' },
    ],
    ['429 with no body', { status: 429 }, { status: 429, bodyExcerpt: '', contentType: TEXT_PLAIN }],
  ] as const)('status: %s is a SvcHttpError', async (_, injection, want) => {
    service.inject('GetBalances', injection);
    const error = await rejected(client().getBalances(), SvcHttpError);
    expect({ status: error.status, bodyExcerpt: error.bodyExcerpt, contentType: error.contentType }).toEqual(want);
  });

  it('status: 200 with a body that is not the result is a SvcDecodeError', async () => {
    service.inject('GetBalances', { status: 200, body: 'not xml' });
    await rejected(client().getBalances(), SvcDecodeError);
    expect(await client().getBalances()).toEqual(BALANCES);
  });

  it('drop: the connection is closed without an answer (SvcTransportError); the server goes on', async () => {
    service.inject('GetBalances', { drop: true });
    const error = await rejected(client().getBalances(), SvcTransportError);
    expect(error.message).toMatch(
      /^(POST|GET) request to http:\/\/127\.0\.0\.1:\d+\/v5\/PayerFunctions\.asmx(\/GetBalances)? failed/,
    );
    expect(await client().getBalances()).toEqual(BALANCES);
  });

  // ---- results and delays -------------------------------------------------------------------------------------------------

  it.each(RESULT_ROWS)('result: %s', async (_, { call, result }) => {
    service.inject(call.operation, { result });
    expect(await invoke(client(), call)).toEqual(result);
    expect(service.simulator.requests()).toEqual([]);
  });

  it('result: a value the operation cannot write is a Server fault (HTTP POST: 500 text)', async () => {
    service.inject('GetBalances', { result: { errorCode: 0, AccountInfos: [{ Provider: 'None', Balance: 'lots' }] } });
    const message =
      "the mock's handler for GetBalances returned a result that cannot be written: result.AccountInfos[0].Balance must be a number, got string";
    const error = await rejected(client().getBalances());
    if (style === 'httpPost') expect(error).toMatchObject({ name: 'SvcHttpError', status: 500, bodyExcerpt: message });
    else expect(error).toMatchObject({ name: 'SvcSoapFault', code: FAULT_CODES[style].Server, reason: message });
  });

  it("delayMs longer than the client's timeoutMs: SvcTimeoutError; the injection is used up", async () => {
    service.inject('GetBalances', { delayMs: 300 });
    const started = performance.now();
    const error = await rejected(client({ timeoutMs: 100 }).getBalances(), SvcTimeoutError);
    const elapsed = performance.now() - started;
    expect(error.timeoutMs).toBe(100);
    expect(elapsed).toBeGreaterThanOrEqual(90);
    expect(elapsed).toBeLessThan(290);
    expect(await client({ timeoutMs: 1000 }).getBalances()).toEqual(BALANCES);
  });

  it('delayMs alone: the usual answer, late; with a code: the code, late', async () => {
    service.inject('GetBalances', { delayMs: 120 });
    service.inject('GetBalances', { delayMs: 60, errorCode: 'UnknownError' });
    let started = performance.now();
    expect(await client().getBalances()).toEqual(BALANCES);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    started = performance.now();
    expect(await client().getBalances()).toEqual({ errorCode: -1, errorMessage: 'UnknownError' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
  });

  // ---- inject's checks, reset and calls ------------------------------------------------------------------------------------

  it.each([
    [
      'two answers',
      'GetBalances',
      { errorCode: 'OK', fault: 'Server' },
      'inject: give one answer, not errorCode and fault',
    ],
    [
      'three answers',
      'GetBalances',
      { status: 503, drop: true, result: {} },
      'inject: give one answer, not status and drop and result',
    ],
    [
      'an unknown operation',
      'GetBalance',
      { errorCode: 'OK' },
      'inject: "GetBalance" is not an operation of this service',
    ],
    [
      'an operation in the wrong case',
      'getbalances',
      { errorCode: 'OK' },
      'inject: "getbalances" is not an operation of this service',
    ],
    ['times 0', 'GetBalances', { errorCode: 'OK', times: 0 }, 'inject: times must be a positive integer, got 0'],
    ['times 1.5', 'GetBalances', { errorCode: 'OK', times: 1.5 }, 'inject: times must be a positive integer, got 1.5'],
    [
      'a negative delay',
      'GetBalances',
      { delayMs: -1 },
      'inject: delayMs must be from 0 to 2147483647 (about 24.8 days, the most a timer holds), got -1',
    ],
    ['status 99', 'GetBalances', { status: 99 }, 'inject: status must be an HTTP status from 200 to 599, got 99'],
    ['status 600', 'GetBalances', { status: 600 }, 'inject: status must be an HTTP status from 200 to 599, got 600'],
    [
      'another fault kind',
      'GetBalances',
      { fault: 'Receiver' },
      "inject: fault must be 'Client' or 'Server', got Receiver",
    ],
  ])('inject throws TypeError for %s, and nothing is queued', async (_, operation, injection, message) => {
    expect(() => service.inject(operation as PayerFunctionsOperation, injection as MockInjection)).toThrow(
      new TypeError(message),
    );
    expect(await client().getBalances()).toEqual(BALANCES);
  });

  it('drop: false is no answer of its own: it goes with another', async () => {
    service.inject('GetBalances', { drop: false, errorCode: 'ParameterError' });
    expect(await client().getBalances()).toEqual({ errorCode: 1007, errorMessage: 'ParameterError' });
  });

  it('reset() forgets pending injections and recorded calls', async () => {
    service.inject('GetBalances', { errorCode: 'PayerUnknown', times: 5 });
    service.inject('GetCustomFields', { fault: 'Server' });
    expect(await client().getBalances()).toEqual({ errorCode: 1004, errorMessage: 'PayerUnknown' });
    expect(service.calls).toHaveLength(1);
    await service.reset();
    expect(service.calls).toEqual([]);
    expect(await client().getBalances()).toEqual(BALANCES);
    expect((await client().getCustomFields()).errorCode).toBe('OK');
    expect(service.calls.map((c) => c.operation)).toEqual(['GetBalances', 'GetCustomFields']);
  });

  it('calls hold the decoded parameters and never a credential', async () => {
    await writeFile(join(service.simulator.folderOf('MyPayer'), 'a.csv'), 'P001,12.50,USD,CALL-1\n');
    service.inject('GetDynamicKey', { result: { errorCode: 'OK', Key: 'a-dynamic-key', Token: 'a-token' } });
    await client().getBalances();
    await client().testPaymentFile({ fileName: 'a.csv', totalAmount: 12.5 });
    await client().getDynamicKey();
    await client().getDynamicKey();
    await client().getDynamicKeyOfSubPayer({ subPayerName: 'MySubPayer' });
    await client().processPaymentFileAsync({ fileName: 'a.csv', totalAmount: 12.5 });
    await client().getProcessingRequestStatus({ requestId: 1000n });
    await client().createPayeeStatusFile({ saveToFile: 'p.csv' });
    await client().createPaymentOrdersReport({ startTime: new Date(START * 1000), endTime: '2026-06-02T00:00:00Z' });
    await client({ apiKey: 'wrongkey' }).getBalances(); // refused: not recorded
    expect(service.calls).toEqual([
      { operation: 'GetBalances', style, params: {} },
      { operation: 'TestPaymentFile', style, params: { fileName: 'a.csv', totalAmount: 12.5 } },
      { operation: 'GetDynamicKey', style, params: {} },
      { operation: 'GetDynamicKey', style, params: {} },
      { operation: 'GetDynamicKeyOfSubPayer', style, params: { subPayerName: 'MySubPayer' } },
      { operation: 'ProcessPaymentFileAsync', style, params: { fileName: 'a.csv', totalAmount: 12.5 } },
      { operation: 'GetProcessingRequestStatus', style, params: { requestId: '1000' } },
      { operation: 'CreatePayeeStatusFile', style, params: { saveToFile: 'p.csv', changesSinceDate: 0 } },
      {
        operation: 'CreatePaymentOrdersReport',
        style,
        params: { startTime: new Date(START * 1000), endTime: new Date('2026-06-02T00:00:00Z') },
      },
    ]);
    const text = JSON.stringify(service.calls);
    for (const secret of [
      'boguskey',
      'wrongkey',
      'MyPayer',
      'payerName',
      'timestamp',
      'timeStamp',
      '"key"',
      'a-dynamic-key',
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    // Recorded calls cannot be changed by a test.
    expect(Object.isFrozen(service.calls[0]!.params)).toBe(true);
  });
});

// ---- without a server ----------------------------------------------------------------------------------------------------

describe('drop without a server: handle() gives Response.error()', () => {
  it('the answer is a network error Response; a fetch built on handle() rejects as fetch does', async () => {
    const service = createMockService({ clock: new VirtualClock(START) });
    try {
      service.inject('GetBalances', { drop: true });
      const answers: Response[] = [];
      const c = new PayerClient({
        baseUrl: 'http://mock.test',
        payerName: DEFAULT_PAYER.payerName,
        apiKey: DEFAULT_PAYER.apiKey,
        now: () => START,
        fetch: async (input, init) => {
          const answer = await service.handle(new Request(input, init));
          answers.push(answer);
          if (answer.type === 'error') throw new TypeError('fetch failed');
          return answer;
        },
      });
      await rejected(c.getBalances(), SvcTransportError);
      expect(answers.map((a) => [a.type, a.status])).toEqual([['error', 0]]);
      // The next call is answered as usual.
      expect(await c.getBalances()).toEqual(BALANCES);
      expect(answers.map((a) => [a.type, a.status])).toEqual([
        ['error', 0],
        ['default', 200],
      ]);
    } finally {
      await service.close();
    }
  });
});
