/**
 * The `tls` and `proxy` options without a network: what the constructor refuses (a bad value, a combination that
 * fetch or a browser could not honour) and that its message never quotes a secret; how NO_PROXY lists and the
 * environment variables are read; and that the proxy's credentials are masked in an error that echoes them. The
 * real TLS server and forward proxy are in test/network (npm run test:network).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerClient, SvcHttpError, SvcRequestError, type PayerClientOptions } from '../../generated/client/index.js';
import { checkNetworkOptions, proxyFor } from '../../templates/runtime/client/network.js';

const SECRET = 'Pr0xy-Secret-Pass';
const BASE = { baseUrl: 'https://svc.example', payerName: 'MyPayer', apiKey: 'unit-test-api-key' } as const;
const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

afterEach(() => {
  vi.unstubAllGlobals();
});

function refusal(options: Partial<PayerClientOptions> & Record<string, unknown>): SvcRequestError {
  try {
    new PayerClient({ ...BASE, ...options } as PayerClientOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(SvcRequestError);
    return error as SvcRequestError;
  }
  throw new Error('the constructor accepted the options');
}

/** Options the constructor refuses, and what its message says. */
const REFUSED: ReadonlyArray<[string, Record<string, unknown>, RegExp]> = [
  [
    'tls with the fetch option',
    { tls: { ca: CA }, fetch: globalThis.fetch },
    /^tls cannot be honoured through the fetch option/,
  ],
  [
    "tls with transport: 'fetch'",
    { tls: { ca: CA }, transport: 'fetch' },
    /^tls needs the node transport: transport: 'fetch' cannot honour them/,
  ],
  [
    'a proxy with the fetch option',
    { proxy: 'http://proxy.example:3128', fetch: globalThis.fetch },
    /^proxy cannot be honoured through the fetch option/,
  ],
  ["proxy: 'env' with transport: 'fetch'", { proxy: 'env', transport: 'fetch' }, /^proxy needs the node transport/],
  [
    'tls and a proxy with the fetch option',
    { tls: { ca: CA }, proxy: 'http://proxy.example:3128', fetch: globalThis.fetch },
    /^tls and proxy cannot be honoured/,
  ],
  [
    'tls with an http: baseUrl',
    { baseUrl: 'http://svc.example', tls: { ca: CA } },
    /^tls applies to an https: baseUrl/,
  ],
  ['tls that is not an object', { tls: 'ca.pem' }, /^tls must be an object/],
  ['a misspelt tls option', { tls: { rejectUnauthorised: false } }, /^tls has no option "rejectUnauthorised"/],
  ['a ca that is a number', { tls: { ca: 42 } }, /^tls\.ca must be PEM text or bytes/],
  ['an empty ca list', { tls: { ca: [] } }, /^tls\.ca must be PEM text or bytes, or a non-empty array/],
  ['cert without key', { tls: { cert: CA } }, /^tls\.cert and tls\.key go together/],
  ['key without cert', { tls: { key: 'k' } }, /^tls\.cert and tls\.key go together/],
  ['pfx and cert', { tls: { pfx: 'p', cert: CA, key: 'k' } }, /either as tls\.pfx or as tls\.cert and tls\.key/],
  [
    'a passphrase with nothing to decrypt',
    { tls: { ca: CA, passphrase: SECRET } },
    /^tls\.passphrase decrypts tls\.key or tls\.pfx/,
  ],
  ['a passphrase that is not a string', { tls: { pfx: 'p', passphrase: 7 } }, /^tls\.passphrase must be a string/],
  [
    'rejectUnauthorized that is not a boolean',
    { tls: { rejectUnauthorized: 'no' } },
    /^tls\.rejectUnauthorized must be a boolean/,
  ],
  [
    'a servername that is an IP address',
    { tls: { servername: '10.0.0.1' } },
    /^tls\.servername must be a DNS host name/,
  ],
  [
    'a servername that is not a host name',
    { tls: { servername: 'svc example' } },
    /^tls\.servername must be a DNS host name/,
  ],
  [
    'an https: proxy',
    { proxy: `https://user:${SECRET}@proxy.example` },
    /^proxy must be an http:\/\/ proxy .*https:\/\/ proxies are not supported$/,
  ],
  ['a socks proxy', { proxy: 'socks5://proxy.example:1080' }, /^proxy must be an http:\/\/ proxy/],
  ['a proxy that is not a URL', { proxy: 'proxy.example:3128' }, /^proxy must be a proxy URL/],
  [
    'a proxy URL with a path',
    { proxy: `http://user:${SECRET}@proxy.example:3128/x` },
    /^proxy must be only the proxy's scheme, host and port/,
  ],
  [
    'credentials twice',
    { proxy: { url: `http://user:${SECRET}@proxy.example`, password: SECRET } },
    /^proxy\.url carries credentials and proxy\.username or proxy\.password is given too/,
  ],
  [
    'a user name with a colon',
    { proxy: { url: 'http://proxy.example', username: 'a:b', password: SECRET } },
    /must not contain ':'/,
  ],
  [
    'credentials with a control character',
    { proxy: { url: 'http://proxy.example', username: 'a', password: `${SECRET}\r\n` } },
    /must not contain control characters/,
  ],
  [
    'bad percent-encoding in the URL',
    { proxy: `http://user:${SECRET}%zz@proxy.example` },
    /^the credentials in proxy are not valid percent-encoding/,
  ],
  [
    'a misspelt proxy option',
    { proxy: { url: 'http://proxy.example', no_proxy: 'x' } },
    /^proxy has no option "no_proxy"/,
  ],
  ['a proxy that is a number', { proxy: 3128 }, /^proxy must be a URL string, 'env' or/],
  ['a proxy without url', { proxy: { username: 'u' } }, /^proxy\.url must be/],
  [
    'noProxy that is a number',
    { proxy: { url: 'http://proxy.example', noProxy: 5 } },
    /^proxy\.noProxy must be a string or an array of strings/,
  ],
  [
    'noProxy with a URL in it',
    { proxy: { url: 'http://proxy.example', noProxy: 'http://x.example/' } },
    /^proxy\.noProxy holds "http:\/\/x\.example\/", which is not a host/,
  ],
];

describe('the constructor refuses', () => {
  it.each(REFUSED)('%s', (_, options, message) => {
    const error = refusal(options);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(SECRET);
  });

  it.each([
    ['tls', { tls: { ca: CA } }],
    ['a proxy', { proxy: 'http://proxy.example:3128' }],
    ["proxy: 'env'", { proxy: 'env' }],
  ])('%s outside Node (a browser), saying why', (_, options) => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' });
    expect(refusal(options).message).toMatch(
      /needs Node\.js \(node:http and node:https\): this runtime's fetch takes no TLS or proxy settings/,
    );
  });

  it('a proxy variable that is not a proxy URL, naming the variable and not its value', () => {
    expect(() =>
      checkNetworkOptions(
        { baseUrl: 'https://svc.example', proxy: 'env' },
        { HTTPS_PROXY: `ftp://user:${SECRET}@proxy.example` },
      ),
    ).toThrow(/^the HTTPS_PROXY environment variable must be an http:\/\/ proxy/);
    expect(() =>
      checkNetworkOptions({ baseUrl: 'https://svc.example', proxy: 'env' }, { no_proxy: 'a.example, b/c' }),
    ).toThrow(/^the NO_PROXY environment variable holds "b\/c"/);
  });
});

describe('the constructor accepts', () => {
  it.each([
    [
      'tls with the default transport',
      { tls: { ca: CA, cert: CA, key: 'k', servername: 'svc.test', rejectUnauthorized: true } },
    ],
    ["tls with transport: 'node'", { tls: { pfx: new Uint8Array([1]), passphrase: SECRET }, transport: 'node' }],
    [
      'a proxy with its credentials apart',
      {
        proxy: {
          url: 'http://proxy.example:3128',
          username: 'u',
          password: SECRET,
          noProxy: ['.internal', 'localhost:8080'],
        },
      },
    ],
    ["proxy: 'env'", { proxy: 'env' }],
  ])('%s', (_, options) => {
    expect(new PayerClient({ ...BASE, ...options } as PayerClientOptions)).toBeInstanceOf(PayerClient);
  });
});

describe('the environment variables', () => {
  const env = (vars: Record<string, string>) =>
    checkNetworkOptions({ baseUrl: 'https://svc.example', proxy: 'env' }, vars);
  it.each([
    ['none set: no proxy at all', {}, undefined, undefined],
    [
      'upper case',
      { HTTP_PROXY: 'http://h.example:1', HTTPS_PROXY: 'http://s.example:2' },
      'http://h.example:1',
      'http://s.example:2',
    ],
    [
      'lower case before upper case',
      { http_proxy: 'http://lower.example:1', HTTP_PROXY: 'http://upper.example:1' },
      'http://lower.example:1',
      undefined,
    ],
    [
      'an empty lower case one counts as unset',
      { https_proxy: ' ', HTTPS_PROXY: 'http://upper.example:2' },
      undefined,
      'http://upper.example:2',
    ],
    ['the default port', { HTTP_PROXY: 'http://h.example' }, 'http://h.example:80', undefined],
  ])('%s', (_, vars, http, https) => {
    const network = env(vars);
    expect(network?.httpProxy?.origin).toBe(http);
    expect(network?.httpsProxy?.origin).toBe(https);
  });

  it('are not read without proxy: env', () => {
    expect(
      checkNetworkOptions({ baseUrl: 'https://svc.example' }, { HTTPS_PROXY: 'http://s.example:2' }),
    ).toBeUndefined();
  });

  it('are read from process.env when the client is made', () => {
    vi.stubEnv('HTTPS_PROXY', 'http://from-env.example:8080');
    try {
      expect(checkNetworkOptions({ baseUrl: 'https://svc.example', proxy: 'env' })?.httpsProxy?.origin).toBe(
        'http://from-env.example:8080',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('NO_PROXY lists', () => {
  /** A list, a target (https?, host, port), and whether it goes through the proxy. */
  const CASES: ReadonlyArray<[string, boolean, string, string, boolean]> = [
    ['', true, 'svc.example', '', true],
    ['*', true, 'svc.example', '', false],
    ['svc.example', true, 'svc.example', '', false],
    ['svc.example', true, 'api.svc.example', '', false],
    ['svc.example', true, 'notsvc.example', '', true],
    ['.svc.example', true, 'svc.example', '', true],
    ['.svc.example', true, 'api.svc.example', '', false],
    ['*.svc.example', true, 'api.svc.example', '', false],
    ['*.svc.example', true, 'svc.example', '', true],
    ['SVC.Example', true, 'svc.example', '', false],
    ['svc.example', true, 'SVC.EXAMPLE.', '', false],
    ['svc.example:443', true, 'svc.example', '', false],
    ['svc.example:443', false, 'svc.example', '', true],
    ['svc.example:8443', true, 'svc.example', '8443', false],
    ['svc.example:8443', true, 'svc.example', '443', true],
    ['a.example  svc.example,b.example', true, 'svc.example', '', false],
    ['10.1.2.3', false, '10.1.2.3', '', false],
    ['10.1.2.3', false, '10.1.2.30', '', true],
    ['[::1]:8080', false, '::1', '8080', false],
    ['[::1]', false, '::1', '9', false],
    ['::1', false, '::1', '9', false],
    ['::1', false, '::2', '9', true],
  ];
  it.each(CASES)('%j, https %s, %s:%s, proxied: %s', (list, secure, host, port, proxied) => {
    const network = checkNetworkOptions({
      baseUrl: 'https://svc.example',
      proxy: { url: 'http://proxy.example:3128', noProxy: list },
    })!;
    expect(proxyFor(network, secure, host, port) !== undefined).toBe(proxied);
  });
});

describe('secrets', () => {
  it('the passphrase and the proxy password and Basic token are masked', () => {
    const network = checkNetworkOptions({
      baseUrl: 'https://svc.example',
      tls: { pfx: 'p', passphrase: 'pfx-Passphrase' },
      proxy: `http://us%C3%A9r:${SECRET}@proxy.example:3128`,
    })!;
    const token = Buffer.from(`usér:${SECRET}`, 'utf8').toString('base64');
    expect(network.httpsProxy?.authorization).toBe(`Basic ${token}`);
    expect(network.httpsProxy?.origin).toBe('http://proxy.example:3128');
    expect([...network.secrets].sort()).toEqual(['pfx-Passphrase', SECRET, token].sort());
  });

  describe('a proxy that echoes the request in its error page', () => {
    let proxy: Server;
    let url = '';
    beforeAll(async () => {
      proxy = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res
            .writeHead(502, { 'Content-Type': 'text/plain' })
            .end(`bad gateway for ${req.method} ${req.url}\n${JSON.stringify(req.headers)}`);
        });
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      url = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    });

    it.each([
      ['in the URL', () => `http://alice:${SECRET}@${url}`],
      ['apart', () => ({ url: `http://${url}`, username: 'alice', password: SECRET })],
    ])('credentials %s: masked in the SvcHttpError', async (_, proxyOption) => {
      const client = new PayerClient({ ...BASE, baseUrl: 'http://svc.example', proxy: proxyOption() });
      const error: unknown = await client.getBalances().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcHttpError);
      const token = Buffer.from(`alice:${SECRET}`).toString('base64');
      const http = error as SvcHttpError;
      // The request reached the stub as a proxy request: absolute form, the target's Host, the credentials.
      expect(http.bodyExcerpt).toContain('POST http://svc.example/v5/PayerFunctions.asmx');
      expect(http.bodyExcerpt).toContain('"host":"svc.example"');
      expect(http.bodyExcerpt).toContain('"proxy-authorization":"Basic [redacted]"');
      for (const shown of [http.message, http.bodyExcerpt, JSON.stringify(error), String(http.stack)]) {
        expect(shown).not.toContain(SECRET);
        expect(shown).not.toContain(token);
      }
    });
  });
});
