/**
 * The wsSecurity option: a WS-Security UsernameToken header in every SOAP request, checked by a verifier written from
 * the OASIS profile (support/wss-verifier.ts) in front of the generated mock: PasswordText and PasswordDigest, SOAP
 * 1.1 and 1.2, both transports, a fresh nonce per request (the verifier refuses a replay), a wrong password refused
 * with the profile's fault. Interop both ways with node-soap: its WSSecurity header passes the same verifier, and
 * the client's digest is the one node-soap computes for the same nonce and time. The password never shows in an
 * error; the option is refused where there is no SOAP header to carry it.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WSSecurity, passwordDigest as nodeSoapDigest } from 'soap';
import {
  PayerClient,
  SvcDecodeError,
  SvcHttpError,
  SvcRequestError,
  SvcSoapFault,
  type Style,
} from '../../generated/client/index.js';
import { VirtualClock, createMockService, exampleHandlers } from '../../generated/mock/index.js';
import { usernameTokenHeader } from '../../templates/runtime/client/ws-security.js';
import { thrown } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { parseXml } from './support/xml-tree.js';
import {
  WSSE,
  WSU,
  startWssGateway,
  verifyUsernameToken,
  withSecurityTimestamp,
  type WssGateway,
} from './support/wss-verifier.js';
import { resultResponse } from './support/responses.js';

const PAYER = 'MyPayer';
const API_KEY = 'wss-test-api-key-0123456789';
const NOW = 1767225600;
const USER = 'wcf-user';
const PASSWORD = 'Pa55-wörd<&>-0123456789';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';

let gateway: WssGateway;
let echo: RecordingServer;
const service = createMockService({
  credentials: { [PAYER]: API_KEY },
  clock: new VirtualClock(NOW),
  handlers: exampleHandlers,
});

beforeAll(async () => {
  // The verifier's clock is the clients' (NOW): the token's times are the client's `now`.
  gateway = await startWssGateway({ users: { [USER]: PASSWORD }, now: () => NOW * 1000 }, service);
  echo = await startRecordingServer();
});
afterAll(async () => {
  await Promise.all([gateway.close(), echo.close()]);
});

type WsType = 'PasswordText' | 'PasswordDigest';

function client(
  url: string,
  style: Style,
  ws: { password?: string; passwordType?: WsType; timestamp?: boolean } = {},
  transport: 'node' | 'fetch' = 'node',
): PayerClient {
  return new PayerClient({
    baseUrl: url,
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    transport,
    now: () => NOW,
    wsSecurity: {
      username: USER,
      password: ws.password ?? PASSWORD,
      ...(ws.passwordType ? { passwordType: ws.passwordType } : {}),
      ...(ws.timestamp !== undefined ? { timestamp: ws.timestamp } : {}),
    },
  });
}

/** What the mock answers without any security in front of it. */
async function direct(style: Style) {
  return new PayerClient({
    baseUrl: 'http://127.0.0.1:1',
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    now: () => NOW,
    fetch: (input, init) => service.handle(new Request(input, init)),
  }).getBalances();
}

describe.each(['node', 'fetch'] as const)('transport %s', (transport) => {
  describe.each<[Style, WsType]>([
    ['soap11', 'PasswordText'],
    ['soap11', 'PasswordDigest'],
    ['soap12', 'PasswordText'],
    ['soap12', 'PasswordDigest'],
  ])('%s with %s', (style, passwordType) => {
    it('the verifier accepts the token, twice (a fresh nonce each time), and the service answers', async () => {
      const before = gateway.verdicts.length;
      const c = client(gateway.url, style, { passwordType }, transport);
      const want = await direct(style);
      expect(await c.getBalances()).toEqual(want);
      expect(await c.getBalances()).toEqual(want);
      expect(gateway.verdicts.slice(before)).toEqual([
        { ok: true, username: USER, passwordType, timestamp: true },
        { ok: true, username: USER, passwordType, timestamp: true },
      ]);
    });

    it('a wrong password: the verifier refuses it with FailedAuthentication, an SvcSoapFault', async () => {
      const error: unknown = await client(gateway.url, style, { passwordType, password: 'not-the-password' }, transport)
        .getBalances()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcSoapFault);
      expect((error as SvcSoapFault).reason).toContain(
        passwordType === 'PasswordDigest' ? 'the password digest does not match' : 'the password does not match',
      );
      expect(gateway.verdicts.at(-1)).toMatchObject({ ok: false });
    });
  });
});

describe('the header', () => {
  it.each<[string, () => number, string]>([
    ['whole seconds', () => NOW, '2026-01-01T00:00:00.000Z'],
    ['a fraction of a second', () => NOW + 0.25, '2026-01-01T00:00:00.250Z'],
  ])("its times come from the client's now option (%s), not the system clock", async (_, now, created) => {
    echo.respond(
      resultResponse(
        'soap11',
        'GetBalances',
        '<errorMessage>OK</errorMessage><errorCode>0</errorCode>',
        'BalanceResult',
      ),
    );
    const before = echo.requests.length;
    await new PayerClient({
      baseUrl: echo.url,
      payerName: PAYER,
      apiKey: API_KEY,
      now,
      wsSecurity: { username: USER, password: PASSWORD },
    }).getBalances();
    const security = parseXml(echo.requests[before]!.body).children[0]!.children[0]!;
    const token = security.children.find((c) => c.name === 'UsernameToken')!;
    const stamp = security.children.find((c) => c.name === 'Timestamp' && c.ns === WSU)!;
    expect(token.children.find((c) => c.name === 'Created' && c.ns === WSU)!.text).toBe(created);
    expect(stamp.children.map((c) => [c.name, c.text])).toEqual([
      ['Created', created],
      ['Expires', new Date(Date.parse(created) + 5 * 60_000).toISOString()],
    ]);
  });

  it('is marked mustUnderstand, and timestamp: false leaves the wsu:Timestamp out (still verified)', async () => {
    const before = gateway.verdicts.length;
    await client(gateway.url, 'soap11', { passwordType: 'PasswordDigest', timestamp: false }).getBalances();
    expect(gateway.verdicts.slice(before)).toEqual([
      { ok: true, username: USER, passwordType: 'PasswordDigest', timestamp: false },
    ]);
  });

  it("PasswordDigest: the client's digest is node-soap's for the same nonce and time, and node-soap's own header passes the same verifier", async () => {
    const nonce = Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + 11) & 0xff);
    const at = Date.UTC(2026, 10, 28, 12, 0, 0, 250);
    const header = await usernameTokenHeader(
      { username: USER, password: PASSWORD, passwordType: 'PasswordDigest', timestamp: true },
      nonce,
      at,
    );
    const token = parseXml(envelope(header)).children[0]!.children[0]!.children.find(
      (c) => c.name === 'UsernameToken',
    )!;
    const text = (name: string, ns = WSSE) => token.children.find((c) => c.name === name && c.ns === ns)!.text;
    expect(text('Nonce')).toBe(Buffer.from(nonce).toString('base64'));
    expect(text('Created', WSU)).toBe('2026-11-28T12:00:00.250Z');
    expect(text('Password')).toBe(
      nodeSoapDigest(Buffer.from(nonce).toString('base64'), '2026-11-28T12:00:00.250Z', PASSWORD),
    );
    expect(
      verifyUsernameToken(envelope(header), { users: { [USER]: PASSWORD }, now: () => at }, new Set()),
    ).toMatchObject({ ok: true });

    for (const passwordType of ['PasswordDigest', 'PasswordText'] as const) {
      const theirs = new WSSecurity(USER, PASSWORD, { passwordType, mustUnderstand: true }).toXML();
      expect(
        verifyUsernameToken(envelope(theirs), { users: { [USER]: PASSWORD }, now: () => Date.now() }, new Set()),
      ).toEqual({
        ok: true,
        username: USER,
        passwordType,
        timestamp: true,
      });
    }
  });
});

/** A SOAP 1.1 envelope with `header` in soap:Header and an empty Body. */
function envelope(header: string): string {
  return `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Header>${header}</soap:Header><soap:Body/></soap:Envelope>`;
}

describe("the answer's wsse:Security header (WCF's Timestamp, marked mustUnderstand)", () => {
  it.each<Style>(['soap11', 'soap12'])(
    '%s: understood when the client sends wsSecurity; refused, as any unknown mustUnderstand header, when not',
    async (style) => {
      const answer = resultResponse(
        style as 'soap11' | 'soap12',
        'GetBalances',
        '<errorCode>0</errorCode>',
        'SvcGetBalanceResponse',
      );
      echo.respond({ ...answer, body: withSecurityTimestamp(answer.body, Date.now()) });
      await expect(client(echo.url, style).getBalances()).resolves.toMatchObject({ errorCode: 0 });
      const plain = new PayerClient({ baseUrl: echo.url, payerName: PAYER, apiKey: API_KEY, style, now: () => NOW });
      const error = await plain.getBalances().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcDecodeError);
      expect((error as Error).message).toContain('marked mustUnderstand');
    },
  );
});

describe('the password', () => {
  it.each<[Style, WsType]>([
    ['soap11', 'PasswordText'],
    ['soap12', 'PasswordText'],
  ])(
    '%s %s: a server echoing the token in its error page does not put it in the error',
    async (style, passwordType) => {
      const token = (body: string) => /<wsse:UsernameToken[\s\S]*<\/wsse:UsernameToken>/.exec(body)?.[0] ?? 'no token';
      echo.respond((req) => ({ status: 500, contentType: 'text/plain', body: `rejected: ${token(req.body)}` }));
      const error = await client(echo.url, style, { passwordType })
        .getBalances()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcHttpError);
      // Sent as text (escaped), then masked wherever it came back.
      expect(echo.requests.at(-1)!.body).toContain('Pa55-wörd&lt;&amp;&gt;-0123456789');
      const exposed = [String(error), (error as Error).stack, JSON.stringify(error), inspect(error, { depth: 5 })].join(
        '\n',
      );
      expect(exposed).not.toContain('Pa55-wörd');
      expect(exposed).toContain('[redacted]');
    },
  );
});

describe('refused in the constructor', () => {
  it.each<[string, Style, unknown, RegExp]>([
    [
      'with HTTP POST, which carries no header',
      'httpPost',
      { username: USER, password: PASSWORD },
      /wsSecurity is a SOAP header: it needs style soap11 or soap12/,
    ],
    ['without a username', 'soap11', { password: PASSWORD }, /wsSecurity\.username must be a non-empty string/],
    [
      'with a password that is not a string',
      'soap11',
      { username: USER, password: 42 },
      /wsSecurity\.password must be a string/,
    ],
    [
      'with a password XML cannot carry',
      'soap11',
      { username: USER, password: 'a\u0001b' },
      /wsSecurity\.password.*U\+0001/,
    ],
    [
      'with a user name XML cannot carry',
      'soap11',
      { username: 'a\uFFFEb', password: PASSWORD },
      /wsSecurity\.username.*U\+FFFE/,
    ],
    [
      'with an unknown password type',
      'soap12',
      { username: USER, password: PASSWORD, passwordType: 'PasswordHash' },
      /passwordType must be 'PasswordText' or 'PasswordDigest'/,
    ],
    [
      'with a timestamp that is not a boolean',
      'soap11',
      { username: USER, password: PASSWORD, timestamp: 'yes' },
      /wsSecurity\.timestamp must be a boolean/,
    ],
    ['when it is not an object', 'soap11', 'user:pass', /wsSecurity must be an object/],
  ])('%s', (_, style, wsSecurity, message) => {
    const error = thrown(
      () =>
        new PayerClient({
          baseUrl: echo.url,
          payerName: PAYER,
          apiKey: API_KEY,
          style,
          wsSecurity: wsSecurity as never,
        }),
      SvcRequestError,
    );
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(PASSWORD);
  });
  it.each<[string, unknown, WsType, RegExp]>([
    [
      'PasswordDigest where crypto.subtle is missing (a browser page over http)',
      { getRandomValues: (b: Uint8Array) => b },
      'PasswordDigest',
      /'PasswordDigest' needs crypto\.subtle \(WebCrypto\), which browsers give to secure \(https\) pages only/,
    ],
    [
      'any type where there is no WebCrypto at all',
      undefined,
      'PasswordText',
      /wsSecurity needs crypto\.getRandomValues \(WebCrypto\)/,
    ],
  ])('%s', (_, crypto, passwordType, message) => {
    vi.stubGlobal('crypto', crypto);
    try {
      const error = thrown(() => client(echo.url, 'soap11', { passwordType }), SvcRequestError);
      expect(error.message).toMatch(message);
    } finally {
      vi.unstubAllGlobals();
    }
    // PasswordText needs no digest: accepted with getRandomValues alone.
    vi.stubGlobal('crypto', { getRandomValues: (b: Uint8Array) => b });
    try {
      expect(client(echo.url, 'soap11', { passwordType: 'PasswordText' })).toBeInstanceOf(PayerClient);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
