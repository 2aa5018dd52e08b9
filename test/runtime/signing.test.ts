import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SvcRequestError } from '../../templates/runtime/errors.js';
import {
  embeddedPageQuery,
  embeddedPageQueryAsync,
  hmacSha256Hex,
  signQueryString,
  signQueryStringAsync,
} from '../../templates/runtime/signing.js';
import { thrown } from '../helpers/failures.js';

const DYNAMIC_KEY = 'dyn-SECRET-key';

function requestFailure(fn: () => unknown): SvcRequestError {
  const error = thrown(fn, SvcRequestError);
  expect(error.message).not.toContain(DYNAMIC_KEY);
  return error;
}

/** Splits a signed query at its trailing hashkey and checks the signature over everything before it. */
function verify(signed: string, key: string): string {
  const at = signed.lastIndexOf('hashkey=');
  const signedPart = at === 0 ? '' : signed.slice(0, at - 1);
  if (at > 0) expect(signed[at - 1]).toBe('&');
  expect(signed.slice(at + 'hashkey='.length)).toBe(createHmac('sha256', key).update(signedPart, 'utf8').digest('hex'));
  return signedPart;
}

describe('hmacSha256Hex', () => {
  it('gives the known answer of DECISIONS.md', () => {
    expect(hmacSha256Hex('boguskey', 'MyPayer1521234048')).toBe(
      'bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162',
    );
  });

  it('hashes secret and message as UTF-8', () => {
    const want = createHmac('sha256', Buffer.from('clé', 'utf8')).update(Buffer.from('Zoë東京', 'utf8')).digest('hex');
    expect(hmacSha256Hex('clé', 'Zoë東京')).toBe(want);
    expect(hmacSha256Hex('k', '')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('signQueryString', () => {
  it.each([
    ['a=1&b=x+y', 'a=1&b=x+y&hashkey='],
    ['', 'hashkey='],
    ['token=T%2F1%3D', 'token=T%2F1%3D&hashkey='],
  ])('signs %j exactly as given', (query, prefix) => {
    const signed = signQueryString(query, DYNAMIC_KEY);
    expect(signed.startsWith(prefix)).toBe(true);
    expect(verify(signed, DYNAMIC_KEY)).toBe(query);
    expect(signed).not.toContain(DYNAMIC_KEY);
  });

  it('refuses an empty key without echoing anything', () => {
    requestFailure(() => signQueryString('a=1', ''));
  });
});

describe('embeddedPageQuery', () => {
  const token = { Key: DYNAMIC_KEY, Token: 'tok/en+==' };

  it('form-encodes params in order, then token, then hashkey over everything before it', () => {
    const q = embeddedPageQuery({ payee: 'John Smith', ref: 'a&b', lang: 'fr' }, token);
    expect(q).toMatch(/^payee=John\+Smith&ref=a%26b&lang=fr&token=tok%2Fen%2B%3D%3D&hashkey=[0-9a-f]{64}$/);
    expect(verify(q, DYNAMIC_KEY)).toBe('payee=John+Smith&ref=a%26b&lang=fr&token=tok%2Fen%2B%3D%3D');
    expect(q).not.toContain(DYNAMIC_KEY);
  });

  it('works without params and with pairs that keep integer-like keys in place', () => {
    expect(verify(embeddedPageQuery({}, token), DYNAMIC_KEY)).toBe('token=tok%2Fen%2B%3D%3D');
    expect(
      verify(
        embeddedPageQuery(
          [
            ['b', '1'],
            ['2', 'x'],
          ],
          token,
        ),
        DYNAMIC_KEY,
      ),
    ).toBe('b=1&2=x&token=tok%2Fen%2B%3D%3D');
  });

  it.each([
    ['token', { token: 'x' }],
    ['Token', { Token: 'x' }],
    ['hashkey', { a: '1', hashkey: 'x' }],
    ['HashKey', { HashKey: 'x' }],
  ])('refuses a reserved %s param', (name, params) => {
    expect(requestFailure(() => embeddedPageQuery(params, token)).parameter).toBe(name);
  });

  it.each([
    ['missing Key', { Token: 't' }, 'Key'],
    ['empty Key', { Key: '', Token: 't' }, 'Key'],
    ['missing Token', { Key: DYNAMIC_KEY }, 'Token'],
    ['empty Token', { Key: DYNAMIC_KEY, Token: '' }, 'Token'],
    ['no token object', undefined, 'token'],
  ])('refuses a %s without echoing the key', (_label, t, parameter) => {
    const e = requestFailure(() => embeddedPageQuery({ a: '1' }, t as unknown as { Key: string; Token: string }));
    expect(e.parameter).toBe(parameter);
  });

  it('refuses a non-string param value', () => {
    requestFailure(() => embeddedPageQuery({ n: 1 as unknown as string }, token));
  });
});

// The browser's way (WebCrypto) is run by test/package/browser-bundle.test.ts, in a context without node:crypto.
describe('the async variants, on Node', () => {
  const token = { Key: DYNAMIC_KEY, Token: 'tok/en+==' };

  it.each([['a=1&b=x+y'], [''], ['token=T%2F1%3D']])(
    'signQueryStringAsync signs %j as signQueryString',
    async (query) => {
      expect(await signQueryStringAsync(query, DYNAMIC_KEY)).toBe(signQueryString(query, DYNAMIC_KEY));
    },
  );

  it.each([
    [{ payee: 'John Smith', ref: 'a&b' }],
    [
      [
        ['b', '1'],
        ['2', 'x'],
      ] as Array<[string, string]>,
    ],
    [{}],
  ])('embeddedPageQueryAsync builds %j as embeddedPageQuery', async (params) => {
    expect(await embeddedPageQueryAsync(params, token)).toBe(embeddedPageQuery(params, token));
  });

  it.each([
    ['a reserved param', () => embeddedPageQueryAsync({ Token: 'x' }, token), 'Token'],
    ['a token without Key', () => embeddedPageQueryAsync({}, { Token: 't' } as unknown as typeof token), 'Key'],
    ['an empty key', () => signQueryStringAsync('a=1', ''), 'key'],
    ['a query that is no string', () => signQueryStringAsync(1 as unknown as string, DYNAMIC_KEY), 'query'],
  ])('refuses %s as the synchronous one does', async (_what, call, parameter) => {
    const error = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SvcRequestError);
    expect((error as SvcRequestError).parameter).toBe(parameter);
    expect((error as Error).message).not.toContain(DYNAMIC_KEY);
  });
});
