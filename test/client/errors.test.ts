/**
 * Every error class of the client, produced against a real loopback server: what is thrown, what it carries, that
 * bad input is refused before anything is sent, and that no secret ever appears in an error.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PayerClient,
  SvcDecodeError,
  SvcError,
  SvcHttpError,
  SvcRequestError,
  SvcServiceError,
  SvcSoapFault,
  SvcTimeoutError,
  SvcTransportError,
  type Style,
} from '../../generated/client/index.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { faultResponse, resultResponse } from './support/responses.js';
import { hmacHex } from './support/wire.js';
import { rejected } from '../helpers/failures.js';

const API_KEY = 'sEcReT-api-key-value';
const NOW = 1700000000;
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
    apiKey: API_KEY,
    style,
    now: () => NOW,
    ...extra,
  });
}

/** Every string an error exposes: message, stack, own enumerable properties, cause chain, JSON. */
function exposedText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error) parts.push(e.message, e.stack ?? '');
    try {
      parts.push(JSON.stringify(e));
    } catch {
      /* circular results are fine: their fields were covered by the message */
    }
    // A logger prints any thrown value this way: that text is exposed too.
    // oxlint-disable-next-line typescript/no-base-to-string
    parts.push(String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join('\n');
}

function assertNoSecret(error: unknown, extraSecrets: string[] = []): void {
  const text = exposedText(error);
  for (const secret of [API_KEY, ...extraSecrets]) expect(text).not.toContain(secret);
}

describe('SvcServiceError', () => {
  it('(S) result with a non-OK code throws, carrying code, operation and the decoded result with its line errors', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'TestPaymentFile',
        '<errorMessage>Line errors found</errorMessage><errorCode>ValidationError</errorCode><LineErrorsOrWarning><LineErrorOrWarning><lineNumber>2</lineNumber><isWarning>false</isWarning><message>bad amount</message></LineErrorOrWarning></LineErrorsOrWarning>',
        'SvcProcessPaymentResponse',
      ),
    );
    const error = await rejected(client().testPaymentFile({ fileName: 'f.csv', totalAmount: 10 }));
    expect(error).toBeInstanceOf(SvcServiceError);
    expect(error).toBeInstanceOf(SvcError);
    const e = error as SvcServiceError<{ LineErrorsOrWarning: unknown[] }>;
    expect(e.code).toBe('ValidationError');
    expect(e.operation).toBe('TestPaymentFile');
    expect(e.message).toContain('Line errors found');
    expect(e.result.LineErrorsOrWarning).toEqual([{ lineNumber: 2, isWarning: false, message: 'bad amount' }]);
    assertNoSecret(error);
  });

  it('(I) result with a non-zero code throws with the number and the known name', async () => {
    server.respond(
      resultResponse(
        'httpPost',
        'GetBalances',
        '<errorMessage>Unknown payer</errorMessage><errorCode>1004</errorCode>',
        'SvcGetBalanceResponse',
      ),
    );
    const e = (await rejected(client('httpPost').getBalances())) as SvcServiceError;
    expect(e).toBeInstanceOf(SvcServiceError);
    expect(e.code).toBe(1004);
    expect(e.message).toContain('PayerUnknown');
  });

  it('an int code with no known name is exposed as the number, never guessed', async () => {
    server.respond(
      resultResponse('soap12', 'CreatePaymentOrdersReport', '<errorCode>1999</errorCode>', 'SvcReportResponse'),
    );
    const e = (await rejected(
      client('soap12').createPaymentOrdersReport({ startTime: new Date(0), endTime: new Date(1000) }),
    )) as SvcServiceError;
    expect(e.code).toBe(1999);
    expect(e.message).not.toMatch(/\(\w+\)/);
  });

  it('throwOnServiceError: false returns the result instead', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'GetDynamicKey',
        '<errorMessage>no</errorMessage><errorCode>AuthorizationError</errorCode>',
        'SecurityToken',
      ),
    );
    const result = await client('soap11', { throwOnServiceError: false }).getDynamicKey();
    expect(result).toEqual({ errorMessage: 'no', errorCode: 'AuthorizationError', Key: undefined, Token: undefined });
  });

  it('a response that leaves errorCode out, and a result type without one, are successes; "Ok." is not a failure', async () => {
    server.respond(resultResponse('soap11', 'GetProviderAccounts', '<errorMessage>Ok.</errorMessage>', 'x'));
    await expect(client().getProviderAccounts()).resolves.toMatchObject({ errorMessage: 'Ok.' });
    server.respond(resultResponse('soap11', 'GetPayerFees', '<SvcFees />', 'x'));
    await expect(client().getPayerFees({ beginDateTimeStamp: 1, endDateTimeStamp: 2 })).resolves.toMatchObject({
      SvcFees: [],
    });
  });

  it('the optional errorCode of PayerFees is checked when present', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'GetPayerFees',
        '<errorMessage>denied</errorMessage><errorCode>AuthorizationError</errorCode>',
        'x',
      ),
    );
    await expect(client().getPayerFees({ beginDateTimeStamp: 1, endDateTimeStamp: 2 })).rejects.toBeInstanceOf(
      SvcServiceError,
    );
  });
});

describe('SvcSoapFault', () => {
  it.each([
    ['soap11', 'soap:Client'],
    ['soap12', 'soap:Sender'],
  ] as const)('%s fault (HTTP 500) carries code, reason and detail', async (style, code) => {
    server.respond(faultResponse(style, 'Client', 'Server was unable to read request.', 'line 1'));
    const e = (await rejected(client(style).getBalances())) as SvcSoapFault;
    expect(e).toBeInstanceOf(SvcSoapFault);
    expect(e.code).toBe(code);
    expect(e.reason).toBe('Server was unable to read request.');
    expect(e.detail).toBe('line 1');
    expect(e.status).toBe(500);
  });

  it('a fault without detail has detail undefined', async () => {
    server.respond(faultResponse('soap12', 'Server', 'boom'));
    const e = (await rejected(client('soap12').getBalances())) as SvcSoapFault;
    expect(e.code).toBe('soap:Receiver');
    expect(e.detail).toBeUndefined();
  });
});

describe('SvcHttpError', () => {
  it('HTTP POST error: 500 text/plain with a body excerpt of at most 500 characters', async () => {
    server.respond({ status: 500, contentType: 'text/plain', body: `Missing parameter: key.${'x'.repeat(2000)}` });
    const e = (await rejected(client('httpPost').getBalances())) as SvcHttpError;
    expect(e).toBeInstanceOf(SvcHttpError);
    expect(e.status).toBe(500);
    expect(e.bodyExcerpt.startsWith('Missing parameter: key.')).toBe(true);
    expect(e.bodyExcerpt.length).toBe(500);
    expect(e.message).toBe(
      `HTTP 500 (text/plain) from POST ${server.url}/v5/PayerFunctions.asmx/GetBalances: Missing parameter: key.${'x'.repeat(136)}…`,
    );
    expect([e.method, e.url]).toEqual(['POST', `${server.url}/v5/PayerFunctions.asmx/GetBalances`]);
  });

  it('a SOAP call answered by a non-fault error page: the message names the method, the URL and the page title', async () => {
    server.respond({
      status: 404,
      contentType: 'text/html',
      body: '<html><head><title>The resource cannot be found.</title></head><body>Not Found</body></html>',
    });
    const e = (await rejected(
      client('soap11', { baseUrl: `${server.url}/v5/PayerFunctions.asmx/v5/PayerFunctions.asmx` }).getBalances(),
    )) as SvcHttpError;
    expect(e).toBeInstanceOf(SvcHttpError);
    expect(e.status).toBe(404);
    expect(e.message).toBe(
      `HTTP 404 (text/html) from POST ${server.url}/v5/PayerFunctions.asmx/v5/PayerFunctions.asmx: The resource cannot be found.`,
    );
  });
});

describe('SvcDecodeError', () => {
  const cases: Array<[string, { status?: number; contentType?: string; body: string }]> = [
    ['not XML', { body: 'definitely not xml' }],
    ['an HTML page with status 200', { body: '<!DOCTYPE html><html><body>hi</body></html>' }],
    ['the wrong response element', resultResponse('soap11', 'GetCustomFields', '<errorCode>OK</errorCode>', 'x')],
    [
      'a response in another namespace',
      {
        body: resultResponse('soap11', 'GetBalances', '', 'x').body.replace(
          'http://svc.example/',
          'http://other.example/',
        ),
      },
    ],
    ['an empty int', resultResponse('soap11', 'GetBalances', '<errorCode></errorCode>', 'x')],
    [
      'a malformed double',
      resultResponse(
        'soap11',
        'GetBalances',
        '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>None</Provider><Balance>12,5</Balance></SvcAccountInfo></AccountInfos>',
        'x',
      ),
    ],
    [
      'a missing required value',
      resultResponse(
        'soap11',
        'GetBalances',
        '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>None</Provider></SvcAccountInfo></AccountInfos>',
        'x',
      ),
    ],
    [
      'truncated XML',
      { body: resultResponse('soap11', 'GetBalances', '<errorCode>0</errorCode>', 'x').body.slice(0, -30) },
    ],
  ];
  it.each(cases)('%s', async (_name, reply) => {
    server.respond(reply);
    const e = await rejected(client('soap11').getBalances());
    expect(e).toBeInstanceOf(SvcDecodeError);
  });

  it('a malformed boolean and a malformed date name their element', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'TestPaymentFile',
        '<errorCode>OK</errorCode><LineErrorsOrWarning><LineErrorOrWarning><lineNumber>1</lineNumber><isWarning>yes</isWarning></LineErrorOrWarning></LineErrorsOrWarning>',
        'x',
      ),
    );
    const e1 = (await rejected(client().testPaymentFile({ fileName: 'f', totalAmount: 1 }))) as SvcDecodeError;
    expect(e1).toBeInstanceOf(SvcDecodeError);
    expect(e1.path).toContain('isWarning');
    server.respond(
      resultResponse(
        'soap11',
        'GetPayerFees',
        '<SvcFees><SvcFee><FeeCollectionDate>2026-13-45T00:00:00</FeeCollectionDate><FeeAmount>1</FeeAmount></SvcFee></SvcFees>',
        'x',
      ),
    );
    const e2 = (await rejected(
      client().getPayerFees({ beginDateTimeStamp: 1, endDateTimeStamp: 2 }),
    )) as SvcDecodeError;
    expect(e2).toBeInstanceOf(SvcDecodeError);
    expect(e2.path).toContain('FeeCollectionDate');
  });

  it('a nil item in a list that does not allow nil items', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'TestPaymentFile',
        '<errorCode>OK</errorCode><LineErrorsOrWarning><LineErrorOrWarning xsi:nil="true" /></LineErrorsOrWarning>',
        'x',
      ),
    );
    await expect(client().testPaymentFile({ fileName: 'f', totalAmount: 1 })).rejects.toBeInstanceOf(SvcDecodeError);
  });
});

describe('SvcRequestError: bad input fails before anything is sent', () => {
  const cases: Array<[string, (c: PayerClient) => Promise<unknown>]> = [
    ['NaN amount', (c) => c.testPaymentFile({ fileName: 'f', totalAmount: Number.NaN })],
    ['infinite amount', (c) => c.processPaymentFile({ fileName: 'f', totalAmount: Infinity })],
    ['missing required parameter', (c) => c.testPaymentFile({ fileName: 'f' } as never)],
    ['missing params object', (c) => c.testPaymentFile(undefined as never)],
    ['unknown parameter', (c) => c.getBalances({ payerName: 'other' } as never)],
    [
      'a credential passed as a parameter',
      (c) => c.testPaymentFile({ fileName: 'f', totalAmount: 1, key: 'x' } as never),
    ],
    // 2^53 + 1 cannot be a number, which is the point: the caller's literal already lost it.
    // oxlint-disable-next-line no-loss-of-precision
    ['unsafe integer requestId', (c) => c.getProcessingRequestStatus({ requestId: 9007199254740993 })],
    ['non-integer requestId string', (c) => c.processPaymentsAsyncResult({ requestId: '12.5' })],
    ['requestId beyond xs:long', (c) => c.processPaymentsAsyncResult({ requestId: '9223372036854775808' })],
    ['invalid Date', (c) => c.createPaymentOrdersReport({ startTime: new Date('nope'), endTime: new Date() })],
    [
      'date string that is not ISO',
      (c) => c.createPaymentOrdersReport({ startTime: '01/02/2026', endTime: new Date() }),
    ],
    ['a string parameter of the wrong type', (c) => c.testMultiCurrencyPaymentFile({ fileName: 42 as never })],
    ['a control character XML cannot carry', (c) => c.testMultiCurrencyPaymentFile({ fileName: 'a\u0001b' })],
  ];
  it.each(cases)('%s', async (_name, act) => {
    const before = server.requests.length;
    const e = await rejected(act(client()));
    expect(e).toBeInstanceOf(SvcRequestError);
    expect(server.requests.length).toBe(before);
    assertNoSecret(e);
  });

  it('names the operation and the parameter', async () => {
    const e = (await rejected(client().testPaymentFile({ fileName: 'f', totalAmount: Number.NaN }))) as SvcRequestError;
    expect(e.operation).toBe('TestPaymentFile');
    expect(e.parameter).toBe('totalAmount');
    expect(e.message).toContain('totalAmount');
  });

  it.each([
    ['no baseUrl', { baseUrl: 'not a url' }],
    ['a non-http baseUrl', { baseUrl: 'ftp://host' }],
    ['an empty payerName', { payerName: '' }],
    ['an empty apiKey', { apiKey: '' }],
    ['an unknown style', { style: 'soap13' as never }],
  ])('the constructor refuses %s', (_name, extra) => {
    expect(() => client('soap11', extra)).toThrow(SvcRequestError);
  });
});

describe('SvcTimeoutError, SvcTransportError and abort', () => {
  it('timeoutMs cuts a slow call', async () => {
    server.respond({ body: resultResponse('soap11', 'GetBalances', '', 'x').body, delayMs: 2000 });
    const e = (await rejected(client('soap11', { timeoutMs: 100 }).getBalances())) as SvcTimeoutError;
    expect(e).toBeInstanceOf(SvcTimeoutError);
    expect(e.timeoutMs).toBe(100);
  });

  it('a refused connection is a SvcTransportError with its cause', async () => {
    const port = await freePort();
    const c = new PayerClient({ baseUrl: `http://127.0.0.1:${port}`, payerName: 'MyPayer', apiKey: API_KEY });
    const e = (await rejected(c.getBalances())) as SvcTransportError;
    expect(e).toBeInstanceOf(SvcTransportError);
    expect(e.cause).toBeDefined();
    assertNoSecret(e);
  });

  it("a caller's abort rejects with the signal's reason", async () => {
    server.respond({ body: '', delayMs: 2000 });
    const reason = new Error('user left the page');
    const controller = new AbortController();
    const pending = client().getBalances({}, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    expect(await rejected(pending)).toBe(reason);
  });
});

describe('secrets', () => {
  it('no error of any kind contains the API key or the computed key', async () => {
    const key = hmacHex(API_KEY, `MyPayer${NOW}`);
    const errors: unknown[] = [];
    server.respond({ status: 500, contentType: 'text/plain', body: 'error' });
    errors.push(await rejected(client('httpPost').getBalances()));
    server.respond(faultResponse('soap11', 'Client', 'bad'));
    errors.push(await rejected(client('soap11').getBalances()));
    server.respond({ body: 'garbage' });
    errors.push(await rejected(client('soap12').getBalances()));
    server.respond(resultResponse('soap11', 'GetBalances', '<errorCode>1006</errorCode>', 'x'));
    errors.push(await rejected(client('soap11').getBalances()));
    server.respond({ body: '', delayMs: 1000 });
    errors.push(await rejected(client('soap11', { timeoutMs: 20 }).getBalances()));
    for (const e of errors) {
      expect(e).toBeInstanceOf(SvcError);
      assertNoSecret(e, [key]);
    }
    // The key was really computed and sent, so the check above is meaningful.
    expect(server.requests.some((r) => r.body.includes(key))).toBe(true);
  });

  it('the API key is not reachable from the client object', () => {
    const c = client();
    expect(JSON.stringify(c)).not.toContain(API_KEY);
    expect(Object.values(c).join()).not.toContain(API_KEY);
  });
});

describe('markup in parameter values', () => {
  it.each(['soap11', 'soap12', 'httpPost'] as const)('%s: values containing markup arrive as text', async (style) => {
    const nasty = 'a</fileName><x>y</x>]]><![CDATA[z&amp;R&D;x"\'';
    server.respond(
      resultResponse(style, 'TestMultiCurrencyPaymentFile', '<errorCode>OK</errorCode>', 'SvcProcessPaymentResponse'),
    );
    await client(style).testMultiCurrencyPaymentFile({ fileName: nasty });
    const body = server.requests.at(-1)!.body;
    if (style === 'httpPost') {
      expect(new URLSearchParams(body).get('fileName')).toBe(nasty);
    } else {
      const { parseSoapCall } = await import('./support/wire.js');
      const call = parseSoapCall(body);
      expect(call.children.map(([n]) => n)).toEqual(['payerName', 'timestamp', 'key', 'fileName']);
      expect(call.children[3]![1]).toBe(nasty);
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
