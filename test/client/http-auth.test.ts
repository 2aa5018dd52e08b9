/**
 * The httpAuth option's Basic authentication against a loopback server: the header sent with every request on both
 * transports (UTF-8, RFC 7617), the password and its encoded form masked in an error whose page echoes them, and the
 * option refused in the constructor where it could not be sent as given. (test/network/basic-auth.test.ts checks it
 * against nginx's auth_basic.)
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcHttpError, SvcRequestError, type Style } from '../../generated/client/index.js';
import { rejected, thrown } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';

const API_KEY = 'http-auth-test-api-key-0123';
const USER = 'domain-user';
const PASSWORD = 'Ünïcode-pass:word-0123456789';
/** base64 of the UTF-8 bytes of user:password, computed here independently of the client. */
const TOKEN = Buffer.from(`${USER}:${PASSWORD}`, 'utf8').toString('base64');
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

function client(
  transport: 'node' | 'fetch',
  style: Style,
  httpAuth: unknown = { basic: { username: USER, password: PASSWORD } },
): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: 'MyPayer',
    apiKey: API_KEY,
    style,
    transport,
    httpAuth: httpAuth as never,
  });
}

describe.each(['node', 'fetch'] as const)('transport %s', (transport) => {
  it.each<Style>(['soap11', 'soap12', 'httpPost'])(
    '%s: Authorization: Basic base64(UTF-8 user:password) with every request',
    async (style) => {
      server.respond(resultResponse(style, 'GetBalances', '<errorCode>0</errorCode>', 'SvcGetBalanceResponse'));
      const c = client(transport, style);
      await c.getBalances();
      await c.getBalances();
      expect(server.requests.slice(-2).map((r) => r.headers['authorization'])).toEqual([
        `Basic ${TOKEN}`,
        `Basic ${TOKEN}`,
      ]);
    },
  );

  it('a 401 page that echoes the header and the password: both masked in the error', async () => {
    server.respond((req) => ({
      status: 401,
      contentType: 'text/plain',
      body: `denied ${req.headers['authorization'] ?? ''} (password ${PASSWORD})`,
    }));
    const error = await rejected(client(transport, 'soap11').getBalances(), SvcHttpError);
    expect(error.status).toBe(401);
    expect(error.bodyExcerpt).toBe('denied Basic [redacted] (password [redacted])');
    const exposed = [String(error), error.stack, JSON.stringify(error), inspect(error, { depth: 5 })].join('\n');
    expect(exposed).not.toContain(PASSWORD);
    expect(exposed).not.toContain(TOKEN);
  });
});

describe('httpAuth refused in the constructor', () => {
  it.each<[string, unknown, RegExp]>([
    ['not an object', 'user:pass', /httpAuth must be an object/],
    [
      'an unknown scheme',
      { digest: { username: USER, password: PASSWORD } },
      /httpAuth\.digest is not a supported authentication \(supported: basic, ntlm\)/,
    ],
    [
      'two schemes at once',
      { basic: { username: USER, password: PASSWORD }, ntlm: { username: USER, password: PASSWORD } },
      /httpAuth takes one authentication: basic or ntlm/,
    ],
    ['basic that is not an object', { basic: 'x' }, /httpAuth\.basic must be an object/],
    [
      'an empty user name',
      { basic: { username: '', password: PASSWORD } },
      /httpAuth\.basic\.username must be a non-empty string/,
    ],
    [
      'a password that is not a string',
      { basic: { username: USER, password: 1234 } },
      /httpAuth\.basic\.password must be a string/,
    ],
    ['a colon in the user name (RFC 7617)', { basic: { username: 'a:b', password: PASSWORD } }, /must not contain ":"/],
    [
      'a control character in the user name',
      { basic: { username: 'a\nb', password: PASSWORD } },
      /username must not contain control characters/,
    ],
    [
      'a line break in the password',
      { basic: { username: USER, password: 'p\r\nX-Injected: 1' } },
      /password must not contain control characters/,
    ],
    [
      'a lone surrogate in the password',
      { basic: { username: USER, password: 'p\ud800' } },
      /must not contain a lone surrogate/,
    ],
  ])('%s', (_, httpAuth, message) => {
    const error = thrown(() => client('node', 'soap11', httpAuth), SvcRequestError);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(PASSWORD);
  });
});
