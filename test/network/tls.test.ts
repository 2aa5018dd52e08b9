/**
 * The client's `tls` option against a real TLS server: nginx with a certificate of a private authority made here
 * (openssl) and `ssl_verify_client on`, in front of the generated mock. The right authority and client certificate
 * (as cert + key, as an encrypted key, as pfx) reach the mock; what is missing or wrong fails with an error that says
 * what: a TLS failure (an untrusted server, a wrong servername) is an SvcTransportError with
 * node:tls's code, and nginx's refusal of a missing or untrusted client certificate (an HTTP 400 page, after the
 * handshake) is an SvcHttpError quoting that page's title; a key, pfx or passphrase that cannot be used is an
 * SvcRequestError with OpenSSL's reason, raised before anything is sent. No error carries the passphrase, a key or the
 * API key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PayerClient,
  SvcHttpError,
  SvcRequestError,
  SvcTransportError,
  type TlsOptions,
} from '../../generated/client/index.js';
import { VirtualClock, exampleHandlers, startMockServer } from '../../generated/mock/index.js';
import { makePki, type Issued, type Pki } from './support/certs.js';
import { startNginx, type Nginx } from './support/nginx.js';

const NOW = Date.UTC(2026, 0, 1);
const PAYER = 'MyPayer';
const API_KEY = 'tls-test-secret-key';
const PASSPHRASE = 'pfx-pass-Phrase-9';

type Server = Awaited<ReturnType<typeof startMockServer>>;
let mock: Server;
let nginx: Nginx;
let pki: Pki;
let stranger: Pki;
let client: Issued;
let strangerClient: Issued;
let pfx: Buffer;
let encryptedKey: string;

beforeAll(async () => {
  pki = makePki('svc-test-ca');
  stranger = makePki('stranger-ca');
  const server = pki.issue('server', { server: { dns: ['svc.test'], ip: ['127.0.0.1'] } });
  client = pki.issue('client', { client: 'payer-client' });
  strangerClient = stranger.issue('client', { client: 'payer-client' });
  pfx = pki.pfx(client, PASSPHRASE);
  encryptedKey = pki.encryptedKey(client, PASSPHRASE);
  mock = await startMockServer({
    credentials: { [PAYER]: API_KEY },
    clock: new VirtualClock(NOW),
    handlers: exampleHandlers,
  });
  nginx = await startNginx({
    name: 'tls-client-cert',
    files: { 'server.pem': server.cert, 'server.key': server.key, 'ca.pem': pki.ca.cert },
    // $connection, the serial number of the connection, shows keep-alive at work.
    servers: (port, dir) => `log_format conn '$connection $request $status';
  server {
    access_log ${dir}/access.log plain;
    access_log ${dir}/connections.log conn;
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${dir}/server.pem;
    ssl_certificate_key ${dir}/server.key;
    ssl_client_certificate ${dir}/ca.pem;
    ssl_verify_client on;
    location / { proxy_pass http://${new URL(mock.url).host}; }
  }`,
  });
});

afterAll(async () => {
  await Promise.all([mock?.close(), nginx?.stop()]);
  pki?.remove();
  stranger?.remove();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function payer(tls: TlsOptions): PayerClient {
  return new PayerClient({
    baseUrl: `https://127.0.0.1:${nginx.port}`,
    payerName: PAYER,
    apiKey: API_KEY,
    now: () => NOW,
    tls,
  });
}

/** The settings that reach the mock, each with the right authority: the client certificate in every form. */
const GOOD: ReadonlyArray<[string, () => TlsOptions]> = [
  ['ca, cert and key', () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key })],
  ['ca and pfx with its passphrase', () => ({ ca: pki.ca.cert, pfx, passphrase: PASSPHRASE })],
  [
    'ca, cert and an encrypted key with its passphrase',
    () => ({ ca: pki.ca.cert, cert: client.cert, key: encryptedKey, passphrase: PASSPHRASE }),
  ],
  [
    'servername naming the certificate',
    () => ({ ca: [pki.ca.cert], cert: client.cert, key: client.key, servername: 'svc.test' }),
  ],
  ['rejectUnauthorized: false and no ca', () => ({ cert: client.cert, key: client.key, rejectUnauthorized: false })],
  [
    'bytes instead of text',
    () => ({ ca: Buffer.from(pki.ca.cert), cert: Buffer.from(client.cert), key: Buffer.from(client.key) }),
  ],
];

describe('with the right authority and client certificate, calls reach the mock through nginx', () => {
  it.each(GOOD)('%s', async (_, tls) => {
    const before = mock.service.calls.length;
    const direct = await new PayerClient({
      baseUrl: mock.url,
      payerName: PAYER,
      apiKey: API_KEY,
      now: () => NOW,
    }).getBalances();
    expect(await payer(tls()).getBalances()).toEqual(direct);
    expect(mock.service.calls.length).toBe(before + 2);
    expect(nginx.accessLog()).toMatch(/^POST \/v5\/PayerFunctions\.asmx HTTP\/1\.1 200$/m);
  });

  it('goes through node:https even when globalThis.fetch is replaced (fetch could not take the certificate)', async () => {
    const stub = vi.fn(() => Promise.reject(new Error('fetch must not be used')));
    vi.stubGlobal('fetch', stub);
    const result = await payer({ ca: pki.ca.cert, cert: client.cert, key: client.key }).getBalances();
    expect(result.errorCode).toBe(0);
    expect(stub).not.toHaveBeenCalled();
  });

  it('keeps the connection alive across calls of one client', async () => {
    const balances = payer({ ca: pki.ca.cert, cert: client.cert, key: client.key });
    const before = nginxConnections();
    for (let i = 0; i < 3; i++) await balances.getBalances();
    expect(nginxConnections() - before).toBe(1);
  });
});

/** The connections nginx has served requests on so far. */
function nginxConnections(): number {
  const log = readFileSync(join(nginx.dir, 'connections.log'), 'utf8');
  return new Set(
    log
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split(' ')[0]),
  ).size;
}

/**
 * Settings that fail, the same settings with the one thing at fault put right (which must succeed: so the failure is
 * that setting's and no other's), the error class, and its message (node:tls's code for a TLS failure).
 */
const BAD: ReadonlyArray<
  [
    string,
    () => TlsOptions,
    () => TlsOptions,
    typeof SvcTransportError | typeof SvcHttpError | typeof SvcRequestError,
    RegExp,
  ]
> = [
  [
    'no client certificate',
    () => ({ ca: pki.ca.cert }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key }),
    SvcHttpError,
    /^HTTP 400 \(text\/html\) from POST https:\/\/127\.0\.0\.1:\d+\/v5\/PayerFunctions\.asmx: 400 No required SSL certificate was sent$/,
  ],
  [
    'a client certificate of another authority',
    () => ({ ca: pki.ca.cert, cert: strangerClient.cert, key: strangerClient.key }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key }),
    SvcHttpError,
    /^HTTP 400 .*: 400 The SSL certificate error$/,
  ],
  [
    'an authority that did not sign the server certificate',
    () => ({ ca: stranger.ca.cert, cert: client.cert, key: client.key }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key }),
    SvcTransportError,
    /failed \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/,
  ],
  [
    "Node's own authorities (no ca)",
    () => ({ cert: client.cert, key: client.key }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key }),
    SvcTransportError,
    /failed \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)$/,
  ],
  [
    'a servername the certificate does not name',
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key, servername: 'other.test' }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key, servername: 'svc.test' }),
    SvcTransportError,
    /failed \(ERR_TLS_CERT_ALTNAME_INVALID\)$/,
  ],
  [
    'pfx with a wrong passphrase',
    () => ({ ca: pki.ca.cert, pfx, passphrase: `${PASSPHRASE}-wrong` }),
    () => ({ ca: pki.ca.cert, pfx, passphrase: PASSPHRASE }),
    SvcRequestError,
    /^the tls option cannot be used \([^)]+\): check tls\.ca, tls\.pfx, tls\.passphrase$/,
  ],
  [
    'an encrypted key with a wrong passphrase',
    () => ({ ca: pki.ca.cert, cert: client.cert, key: encryptedKey, passphrase: 'wrong-passphrase-123' }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: encryptedKey, passphrase: PASSPHRASE }),
    SvcRequestError,
    /^the tls option cannot be used \(error:[0-9A-F]+:[^)]*bad decrypt\): check tls\.ca, tls\.cert, tls\.key, tls\.passphrase$/,
  ],
  [
    'a key that is not one',
    () => ({ ca: pki.ca.cert, cert: client.cert, key: 'not a key' }),
    () => ({ ca: pki.ca.cert, cert: client.cert, key: client.key }),
    SvcRequestError,
    /^the tls option cannot be used \(error:[0-9A-F]+:[^)]*unsupported\): check tls\.ca, tls\.cert, tls\.key$/,
  ],
];

describe('missing or wrong settings fail with an error that says what, and no secret', () => {
  it.each(BAD)('%s', async (_, tls, fixed, type, message) => {
    const settings = tls();
    expect((await payer(fixed()).getBalances()).errorCode).toBe(0);
    const before = mock.service.calls.length;
    const error: unknown = await payer(settings)
      .getBalances()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toMatch(message);
    expect(mock.service.calls.length).toBe(before);
    const shown = [
      (error as Error).message,
      (error as Error).stack,
      JSON.stringify(error),
      String((error as { cause?: Error }).cause?.message),
      String((error as { cause?: Error }).cause?.stack),
    ].join('\n');
    for (const secret of [API_KEY, PASSPHRASE, settings.passphrase ?? PASSPHRASE]) expect(shown).not.toContain(secret);
    expect(shown).not.toContain('PRIVATE KEY');
  });
});
