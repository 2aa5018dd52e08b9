/**
 * Inputs are checked the same way in every style: options once in the constructor, what a call computes (the
 * timestamp, a custom signature) once per call, all before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcRequestError, type Style } from '../../generated/client/index.js';
import { rejected, thrown } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';

const STYLES: Style[] = ['soap11', 'soap12', 'httpPost'];
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
  server.respond((req) =>
    resultResponse(
      req.headers['content-type']?.startsWith('application/soap')
        ? 'soap12'
        : req.path.endsWith('/GetBalances')
          ? 'httpPost'
          : 'soap11',
      'GetBalances',
      '<errorCode>0</errorCode>',
      'SvcGetBalanceResponse',
    ),
  );
});
afterAll(async () => {
  await server.close();
});

type Options = ConstructorParameters<typeof PayerClient>[0];
const base = (): Options => ({
  baseUrl: server.url,
  payerName: 'MyPayer',
  apiKey: 'an-api-key',
  now: () => 1700000000,
});

describe.each(STYLES)('the constructor (%s)', (style) => {
  it.each<[string, Partial<Options>, RegExp]>([
    ['a NUL in payerName', { payerName: 'My\u0000Payer' }, /U\+0000/],
    ['a lone surrogate in payerName', { payerName: 'My\uD800Payer' }, /U\+D800/],
    ['a payerName that is not a string', { payerName: 42 as never }, /payerName must be a non-empty string/],
    ['a baseUrl with a query string', { baseUrl: 'https://host/api?x=1' }, /query string or fragment/],
    ['a baseUrl with an empty query', { baseUrl: 'https://host/api?' }, /query string or fragment/],
    ['a baseUrl with a fragment', { baseUrl: 'https://host/api#top' }, /query string or fragment/],
    [
      "?WSDL after a URL that is not the service's",
      { baseUrl: 'https://host/other.asmx?WSDL' },
      /query string or fragment/,
    ],
    ['?WSDL with a fragment', { baseUrl: 'https://host/v5/PayerFunctions.asmx?WSDL#x' }, /query string or fragment/],
    ['a baseUrl with credentials', { baseUrl: 'https://user:pw@host/' }, /credentials/],
    ['a baseUrl that is not a string', { baseUrl: new URL('https://host') as never }, /baseUrl/],
    ['a namespace that is not a string', { namespace: 7 as never }, /namespace must be a string/],
    ['a namespace with a control character', { namespace: 'urn:a\u0001' }, /U\+0001/],
    ['a fetch that is not a function', { fetch: 'fetch' as never }, /fetch/],
    ['a now that is not a function', { now: 5 as never }, /now must be a function/],
    ['a sign that is not a function', { sign: 'x' as never }, /sign must be a function/],
    ['a zero timeoutMs', { timeoutMs: 0 }, /timeoutMs/],
    ['a string timeoutMs', { timeoutMs: '100' as never }, /timeoutMs/],
    ['a zero maxResponseBytes', { maxResponseBytes: 0 }, /maxResponseBytes must be a positive integer/],
    ['a fractional maxResponseBytes', { maxResponseBytes: 1.5 }, /maxResponseBytes/],
    ['an infinite maxResponseBytes', { maxResponseBytes: Infinity }, /maxResponseBytes/],
    [
      'a throwOnServiceError that is not a boolean',
      { throwOnServiceError: 'no' as never },
      /throwOnServiceError must be a boolean/,
    ],
  ])('refuses %s', (_label, extra, message) => {
    const e = thrown(() => new PayerClient({ ...base(), style, ...extra }), SvcRequestError);
    expect(e.message).toMatch(message);
  });

  it('accepts a baseUrl with a path and trailing slashes, and appends the service path', async () => {
    const before = server.requests.length;
    await new PayerClient({ ...base(), style, baseUrl: `${server.url}/gateway//` }).getBalances();
    expect(server.requests[before]?.path).toBe(
      `/gateway/v5/PayerFunctions.asmx${style === 'httpPost' ? '/GetBalances' : ''}`,
    );
  });

  it.each([
    ['the service URL', '/gateway/v5/PayerFunctions.asmx'],
    ['the service URL with a trailing slash', '/gateway/v5/PayerFunctions.asmx/'],
    ['the service URL in another case (IIS paths are case-insensitive)', '/gateway/V5/payerfunctions.ASMX'],
    ['the WSDL URL', '/gateway/v5/PayerFunctions.asmx?WSDL'],
    ['the WSDL URL in lower case', '/gateway/v5/payerfunctions.asmx?wsdl'],
  ])(
    'takes %s as baseUrl: the service path is not appended twice, and is sent as the spec spells it',
    async (_label, path) => {
      const before = server.requests.length;
      await new PayerClient({ ...base(), style, baseUrl: `${server.url}${path}` }).getBalances();
      expect(server.requests[before]?.path).toBe(
        `/gateway/v5/PayerFunctions.asmx${style === 'httpPost' ? '/GetBalances' : ''}`,
      );
    },
  );
});

describe.each(STYLES)('per call, before anything is sent (%s)', (style) => {
  async function refused(options: Partial<Options>, message: RegExp): Promise<void> {
    const before = server.requests.length;
    const e = await rejected(new PayerClient({ ...base(), style, ...options }).getBalances(), SvcRequestError);
    expect(e.message).toMatch(message);
    expect(e.operation).toBe('GetBalances');
    expect(server.requests.length).toBe(before);
  }

  it.each<[string, unknown, RegExp]>([
    ['a number', 42, /the sign option returned a number, not a non-empty string/],
    ['undefined', undefined, /returned a undefined/],
    ['null', null, /returned a null/],
    ['an empty string', '', /returned an empty string/],
    ['an object', { toString: () => 'x' }, /returned a object/],
    // Only the built-in signer's promise (WebCrypto, off Node) is awaited; a custom sign returns the key itself.
    ['a promise', Promise.resolve('a-key'), /returned a object/],
  ])('a custom sign returning %s', async (_label, value, message) => {
    await refused({ sign: () => value as string }, message);
  });

  it('a custom sign returning a key with a NUL', async () => {
    await refused({ sign: () => 'ab\u0000cd' }, /the key returned by the sign option contains U\+0000/);
  });

  it.each<[string, unknown]>([
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['a string', '1700000000'],
  ])('a now option returning %s', async (_label, value) => {
    await refused({ now: () => value as number }, /the now option returned .*, not a finite number of seconds/);
  });

  it('a custom sign that throws: its own error, nothing sent', async () => {
    const boom = new Error('vault unavailable');
    const before = server.requests.length;
    await expect(
      new PayerClient({
        ...base(),
        style,
        sign: () => {
          throw boom;
        },
      }).getBalances(),
    ).rejects.toBe(boom);
    expect(server.requests.length).toBe(before);
  });
});
