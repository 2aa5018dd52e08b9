/**
 * The generated client and mock behind a real reverse proxy (nginx, as in front of most services), under a path
 * prefix the service itself does not know: every style reaches the mock and decodes what it answered directly, and
 * when the service behind the proxy is down the proxy's own HTML 502 page is an SvcHttpError naming the status,
 * with no secret in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcHttpError, type Style } from '../../generated/client/index.js';
import { VirtualClock, exampleHandlers, startMockServer } from '../../generated/mock/index.js';
import { startNginx, type Nginx } from './support/nginx.js';

/** The styles the payer service offers (its spec's bindings). */
const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const NOW = Date.UTC(2026, 0, 1);
const PAYER = 'MyPayer';
const API_KEY = 'proxy-test-secret-key';

type Server = Awaited<ReturnType<typeof startMockServer>>;
let mock: Server;
let nginx: Nginx;
/** The mock's port, for a proxy to a port where nothing listens once the mock is stopped. */
let deadPort: number;
let nginxDown: Nginx;

beforeAll(async () => {
  mock = await startMockServer({
    credentials: { [PAYER]: API_KEY },
    clock: new VirtualClock(NOW),
    handlers: exampleHandlers,
  });
  const target = new URL(mock.url);
  nginx = await startNginx({
    name: 'reverse-proxy',
    servers: (port) => `server {
    listen 127.0.0.1:${port};
    location /svc/ { proxy_pass http://${target.host}/; }
  }`,
  });
  const gone = await startMockServer({ credentials: { [PAYER]: API_KEY }, handlers: exampleHandlers });
  deadPort = Number(new URL(gone.url).port);
  await gone.close();
  nginxDown = await startNginx({
    name: 'reverse-proxy-down',
    servers: (port) => `server {
    listen 127.0.0.1:${port};
    location /svc/ { proxy_pass http://127.0.0.1:${deadPort}/; }
  }`,
  });
});

afterAll(async () => {
  await Promise.all([mock?.close(), nginx?.stop(), nginxDown?.stop()]);
});

function client(proxy: Nginx, style: Style): PayerClient {
  return new PayerClient({
    baseUrl: `http://127.0.0.1:${proxy.port}/svc`,
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    now: () => NOW,
  });
}

describe.each(STYLES)('%s through nginx under /svc/', (style) => {
  it('reaches the mock and decodes what it answers directly', async () => {
    const before = mock.service.calls.length;
    const direct = await new PayerClient({
      baseUrl: mock.url,
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
    }).getBalances();
    const proxied = await client(nginx, style).getBalances();
    expect(proxied).toEqual(direct);
    expect(mock.service.calls.length).toBe(before + 2);
    expect(nginx.accessLog()).toMatch(new RegExp(`^(POST|GET) /svc/\\S+ HTTP/1\\.[01] 200$`, 'm'));
  });

  it("the proxy's 502 page when the service is down is an SvcHttpError with the status, and no secret", async () => {
    const error: unknown = await client(nginxDown, style)
      .getBalances()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcHttpError);
    expect((error as SvcHttpError).status).toBe(502);
    expect(String((error as Error).message)).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });
});
