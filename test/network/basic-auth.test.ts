/**
 * HTTP Basic authentication against a real nginx `auth_basic` in front of the generated mock, with an htpasswd file
 * the test writes (`openssl passwd -apr1`, as the nginx documentation shows): the right user and password reach the
 * mock on both transports and in every style; a wrong password, or none, is nginx's 401 as an SvcHttpError, and the
 * password appears nowhere in it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcHttpError, type Style } from '../../generated/client/index.js';
import { VirtualClock, exampleHandlers, startMockServer } from '../../generated/mock/index.js';
import { ensureDebianPackages } from './support/debian.js';
import { startNginx, type Nginx } from './support/nginx.js';

const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const TRANSPORTS = ['node', 'fetch'] as const;
const NOW = Date.UTC(2026, 0, 1);
const PAYER = 'MyPayer';
const API_KEY = 'basic-auth-test-api-key';
const USER = 'svc-user';
/** Not ASCII, with a colon: RFC 7617's UTF-8 and its "password may hold colons". */
const PASSWORD = 'pässwörd:with-colon-0123456789';

type Server = Awaited<ReturnType<typeof startMockServer>>;
let mock: Server;
let nginx: Nginx;

beforeAll(async () => {
  ensureDebianPackages(['openssl']);
  // -apr1 (Apache's MD5) and -5 (SHA-256 crypt) are both read by nginx; apr1 is what its documentation shows.
  const hash = execFileSync('openssl', ['passwd', '-apr1', '-stdin'], { input: PASSWORD, encoding: 'utf8' }).trim();
  expect(hash).toMatch(/^\$apr1\$/);
  mock = await startMockServer({
    credentials: { [PAYER]: API_KEY },
    clock: new VirtualClock(NOW),
    handlers: exampleHandlers,
  });
  const target = new URL(mock.url);
  nginx = await startNginx({
    name: 'basic-auth',
    files: { htpasswd: `${USER}:${hash}\n` },
    servers: (port, dir) => `server {
    listen 127.0.0.1:${port};
    location / {
      auth_basic "svc";
      auth_basic_user_file ${dir}/htpasswd;
      proxy_pass http://${target.host};
    }
  }`,
  });
});

afterAll(async () => {
  await Promise.all([mock?.close(), nginx?.stop()]);
});

function client(style: Style, transport: 'node' | 'fetch', password: string | undefined): PayerClient {
  return new PayerClient({
    baseUrl: `http://127.0.0.1:${nginx.port}`,
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    transport,
    now: () => NOW,
    ...(password !== undefined ? { httpAuth: { basic: { username: USER, password } } } : {}),
  });
}

describe.each(TRANSPORTS)('transport %s', (transport) => {
  describe.each(STYLES)('%s behind nginx auth_basic', (style) => {
    it('the right user and password reach the mock; without httpAuth nginx refuses the same call with 401', async () => {
      const direct = await new PayerClient({
        baseUrl: mock.url,
        payerName: PAYER,
        apiKey: API_KEY,
        style,
        now: () => NOW,
      }).getBalances();
      const before = mock.service.calls.length;
      const result = await client(style, transport, PASSWORD).getBalances();
      expect(result).toEqual(direct);
      expect(mock.service.calls.length).toBe(before + 1);
      expect(nginx.accessLog()).toMatch(/^POST \S+ HTTP\/1\.[01] 200$/m);
      const refused: unknown = await client(style, transport, undefined)
        .getBalances()
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(SvcHttpError);
      expect((refused as SvcHttpError).status).toBe(401);
      expect(mock.service.calls.length).toBe(before + 1);
    });

    it('a wrong password: nginx answers 401 (password mismatch), an SvcHttpError without the password', async () => {
      const password = `${PASSWORD}-wrong`;
      const before = mock.service.calls.length;
      const error: unknown = await client(style, transport, password)
        .getBalances()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcHttpError);
      expect((error as SvcHttpError).status).toBe(401);
      expect(mock.service.calls.length).toBe(before);
      // nginx says why it refused (at info level): it was sent this user, with another password.
      expect(readFileSync(join(nginx.dir, 'error.log'), 'utf8')).toContain(`user "${USER}": password mismatch`);
      const exposed = [String(error), (error as Error).stack, JSON.stringify(error), inspect(error, { depth: 5 })].join(
        '\n',
      );
      expect(exposed).not.toContain(password);
      expect(exposed).not.toContain(Buffer.from(`${USER}:${password}`).toString('base64'));
    });
  });
});
