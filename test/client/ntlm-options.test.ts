/**
 * The httpAuth.ntlm option where no server is needed: refused in the constructor wherever NTLM could not be made as
 * asked (through fetch, outside Node, through a proxy, with values Windows names cannot hold), never quoting the
 * password; and the reading of a 401's WWW-Authenticate that picks the scheme and the challenge. The handshake itself
 * is tested against a server that verifies NTLMv2 (test/network/ntlm.test.ts, the second suite).
 */
import { describe, expect, it } from 'vitest';
import { PayerClient, SvcRequestError } from '../../generated/client/index.js';
import { challengeToken, checkNtlm, ntlmScheme } from '../../generated/runtime/client/ntlm.js';
import { thrown } from '../helpers/failures.js';

const PASSWORD = 'ntlm-unit-password-0123';
const NTLM = { username: 'CONTOSO\\alice', password: PASSWORD };

function client(options: Record<string, unknown>): PayerClient {
  return new PayerClient({
    baseUrl: 'http://127.0.0.1:9/',
    payerName: 'MyPayer',
    apiKey: 'k',
    httpAuth: { ntlm: NTLM },
    ...options,
  } as never);
}

describe('httpAuth.ntlm refused in the constructor', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['with the fetch option', { fetch: globalThis.fetch }, /httpAuth\.ntlm cannot be made through the fetch option/],
    ["with transport: 'fetch'", { transport: 'fetch' }, /httpAuth\.ntlm needs the node transport/],
    ['through a proxy', { proxy: 'http://127.0.0.1:3128' }, /httpAuth\.ntlm cannot go through a proxy yet/],
    [
      'a domain given twice',
      { httpAuth: { ntlm: { ...NTLM, domain: 'OTHER' } } },
      /either in username \(DOMAIN\\user\) or as domain, not both/,
    ],
    [
      'no user after the domain',
      { httpAuth: { ntlm: { username: 'CONTOSO\\', password: PASSWORD } } },
      /no user name after the domain/,
    ],
    ['an unknown key', { httpAuth: { ntlm: { ...NTLM, realm: 'x' } } }, /httpAuth\.ntlm has no option "realm"/],
    [
      'a password that is not a string',
      { httpAuth: { ntlm: { username: 'alice', password: 42 } } },
      /httpAuth\.ntlm\.password must be a string/,
    ],
    [
      'a control character in the workstation',
      { httpAuth: { ntlm: { ...NTLM, workstation: 'PC\n1' } } },
      /workstation must not contain control characters/,
    ],
  ])('%s', (_, options, message) => {
    const error = thrown(() => client(options), SvcRequestError);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(PASSWORD);
  });

  it('is accepted on the node transport (the default on Node) and with tls', () => {
    expect(client({})).toBeInstanceOf(PayerClient);
    expect(client({ transport: 'node' })).toBeInstanceOf(PayerClient);
    expect(client({ baseUrl: 'https://127.0.0.1:9/', tls: { rejectUnauthorized: true } })).toBeInstanceOf(PayerClient);
  });
});

describe('the credentials as the messages carry them', () => {
  it.each<[string, Record<string, unknown>, { username: string; domain: string; workstation: string }]>([
    [
      'DOMAIN\\user',
      { username: 'CONTOSO\\alice', password: 'p' },
      { username: 'alice', domain: 'CONTOSO', workstation: '' },
    ],
    [
      'user and domain apart',
      { username: 'alice', domain: 'CONTOSO', password: 'p' },
      { username: 'alice', domain: 'CONTOSO', workstation: '' },
    ],
    [
      'a local account (no domain)',
      { username: 'alice', password: 'p', workstation: 'PC1' },
      { username: 'alice', domain: '', workstation: 'PC1' },
    ],
  ])('%s', (_, given, expected) => {
    expect(checkNtlm(given)).toEqual({ ...expected, password: 'p' });
  });
});

describe('a 401 read for NTLM', () => {
  it.each<[string, string[], 'NTLM' | 'Negotiate' | undefined]>([
    ['IIS with both providers (two headers)', ['Negotiate', 'NTLM'], 'NTLM'],
    ['both in one header', ['Negotiate, NTLM'], 'NTLM'],
    ['Negotiate alone', ['Negotiate'], 'Negotiate'],
    ['any case', ['ntlm'], 'NTLM'],
    ['Basic alone', ['Basic realm="x"'], undefined],
    ['none', [], undefined],
  ])('%s: the scheme taken', (_, headers, scheme) => {
    expect(ntlmScheme(headers)).toBe(scheme);
  });

  it.each<[string, string[], 'NTLM' | 'Negotiate', string | undefined]>([
    ['the NTLM challenge', ['NTLM TlRMTVNTUAACAAAA'], 'NTLM', 'TlRMTVNTUAACAAAA'],
    ['the Negotiate challenge beside Basic', ['Basic realm="x", Negotiate TlRMTVNT'], 'Negotiate', 'TlRMTVNT'],
    ["another scheme's token is not taken", ['Negotiate TlRMTVNT'], 'NTLM', undefined],
    ['a scheme without a token', ['NTLM'], 'NTLM', undefined],
  ])('%s', (_, headers, scheme, token) => {
    expect(challengeToken(headers, scheme)).toBe(token);
  });
});
