/**
 * The generated client in a real browser (issue 27): Debian's Chromium, driven by playwright-core (which downloads no
 * browser of its own), loads the client package bundled by esbuild for platform browser as a page's module script,
 * and calls the generated mock over loopback HTTP from another origin, through CORS as a real deployment would: a
 * page served from one port, the service on another. The calls are signed with WebCrypto's HMAC and the mock checks
 * every signature, so a wrong signature would be its EncryptionKeyFailedValidation answer. Each answer must be what
 * the client on Node gets from the same service. Options a browser cannot honour are refused in the constructor.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, embeddedPageQuery, type Style } from '../../generated/client/index.js';
import { DEFAULT_PAYER, createMockService } from '../../generated/mock/index.js';
import { bundleClientForBrowser } from '../helpers/browser-bundle.js';
import { ensureDebianPackages } from './support/debian.js';

/** Debian's chromium package installs its launcher here. */
const CHROMIUM = '/usr/bin/chromium';
/**
 * Each style, and the requests Chromium makes for one call: SOAPAction or an XML Content-Type make a CORS preflight
 * first; an HTTP POST form is a "simple" request, sent at once.
 */
const STYLES: Array<[Style, string[]]> = [
  ['soap11', ['OPTIONS', 'POST']],
  ['soap12', ['OPTIONS', 'POST']],
  ['httpPost', ['POST']],
];

const service = createMockService();
let bundle: string;
let pageServer: Server;
let serviceServer: Server;
let pageOrigin: string;
let serviceUrl: string;
let browser: Browser;
let page: Page;
/** Each request the service got: its method, and the Origin it came from. */
const seen: Array<{ method: string; origin: string | undefined }> = [];
/** What the page wrote to its console as errors, and what it threw. */
const pageErrors: string[] = [];

const PAGE = `<!doctype html><meta charset="utf-8"><title>svc client</title>
<script type="module">
import * as svc from '/client.js';
window.svc = svc;
window.refusal = (options) => {
  try { new svc.PayerClient(options); return 'constructed'; } catch (e) { return e.name + ': ' + e.message; }
};
window.ready = true;
</script>`;

beforeAll(async () => {
  ensureDebianPackages(['chromium']);
  bundle = (await bundleClientForBrowser('esm')).code;
  pageServer = await listen((req, res) => {
    if (req.url === '/client.js') send(res, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }, bundle);
    else if (req.url === '/') send(res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, PAGE);
    else if (req.url === '/favicon.ico') send(res, 204, {}, '');
    else send(res, 404, { 'Content-Type': 'text/plain' }, 'not found');
  });
  pageOrigin = originOf(pageServer);
  serviceServer = await listen(answerWithCors);
  serviceUrl = originOf(serviceServer);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // The refusals below make no request; any other console error is the bundle's, and fails the test.
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(`${pageOrigin}/`);
  await page.waitForFunction('window.ready === true', null, { timeout: 15_000 }).catch((error: unknown) => {
    throw new Error(`the page did not load the client bundle: ${pageErrors.join('; ') || String(error)}`);
  });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(
    [pageServer, serviceServer].map((s) => (s ? new Promise((resolve) => s.close(resolve)) : Promise.resolve())),
  );
  await service.close();
});

/** Runs `body` (the text of an async function's body, with `svc` the client module) in the page. */
async function inPage<T>(body: string, args: unknown = null): Promise<T> {
  return page.evaluate(`(async (svc, args) => { ${body} })(window.svc, ${JSON.stringify(args)})`) as Promise<T>;
}

describe('the client bundle in Chromium', () => {
  it('runs where there is no Node: no process, no Buffer', async () => {
    expect(await inPage('return [typeof process, typeof Buffer, typeof svc.PayerClient, isSecureContext];')).toEqual([
      'undefined',
      'undefined',
      'function',
      true,
    ]);
  });

  it.each(STYLES)(
    'makes a signed call in style %s from another origin, answered as on Node',
    async (style, requests) => {
      const before = seen.length;
      const options = { baseUrl: serviceUrl, payerName: DEFAULT_PAYER.payerName, apiKey: DEFAULT_PAYER.apiKey, style };
      const inBrowser = await inPage('return await new svc.PayerClient(args).getBalances();', options);
      expect(inBrowser).toMatchObject({ errorCode: 0 });
      // The call went through CORS, from the page's origin.
      expect(seen.slice(before)).toEqual(requests.map((method) => ({ method, origin: pageOrigin })));
      expect(inBrowser).toEqual(JSON.parse(JSON.stringify(await new PayerClient(options).getBalances())));
    },
  );

  it('signs with the API key: a wrong one gets the service error a wrong signature gets on Node', async () => {
    const options = {
      baseUrl: serviceUrl,
      payerName: DEFAULT_PAYER.payerName,
      apiKey: 'not-the-key',
      throwOnServiceError: false,
    };
    const inBrowser = await inPage<{ errorCode: number }>(
      'return await new svc.PayerClient(args).getBalances();',
      options,
    );
    expect(inBrowser.errorCode).not.toBe(0);
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(await new PayerClient(options).getBalances())));
    const thrown = await inPage<string>(
      'try { await new svc.PayerClient(args).getBalances(); return "no error"; } catch (e) { return e.name + " " + (e instanceof svc.SvcServiceError); }',
      { ...options, throwOnServiceError: true },
    );
    expect(thrown).toBe('SvcServiceError true');
  });

  it('signs an embedded page query with a dynamic key, as embeddedPageQuery does on Node', async () => {
    const options = { baseUrl: serviceUrl, payerName: DEFAULT_PAYER.payerName, apiKey: DEFAULT_PAYER.apiKey };
    const { token, query } = await inPage<{ token: { Key: string; Token: string }; query: string }>(
      `const token = await new svc.PayerClient(args).getDynamicKey();
       return { token: { Key: token.Key, Token: token.Token }, query: await svc.embeddedPageQueryAsync([['payee', 'Zoë'], ['lang', 'fr']], token) };`,
      options,
    );
    expect(token.Key).not.toBe('');
    expect(query).toBe(
      embeddedPageQuery(
        [
          ['payee', 'Zoë'],
          ['lang', 'fr'],
        ],
        token,
      ),
    );
  });

  const base = { payerName: 'P', apiKey: 'k' };
  const refused: Array<[string, Record<string, unknown>, RegExp]> = [
    [
      'tls',
      { tls: { ca: '-----BEGIN CERTIFICATE-----' } },
      /^SvcRequestError: tls needs Node\.js .*a browser uses the system's certificates/,
    ],
    [
      'proxy',
      { proxy: 'http://proxy.example:3128' },
      /^SvcRequestError: proxy needs Node\.js .*a browser uses the system's certificates and proxy/,
    ],
    [
      'NTLM',
      { httpAuth: { ntlm: { username: 'u', password: 'p' } } },
      /^SvcRequestError: httpAuth\.ntlm needs Node\.js .*the browser itself answers Windows authentication/,
    ],
    ['the node transport', { transport: 'node' }, /^SvcRequestError: transport: node needs Node\.js/],
    [
      'a cookie jar',
      { cookieJar: { getCookieString: () => '', setCookie: () => undefined } },
      /^SvcRequestError: cookieJar cannot be used in a browser/,
    ],
  ];
  it.each(refused)('refuses %s in the constructor, with the reason', async (_what, option, message) => {
    // Functions do not cross into the page: the cookie jar is made there.
    const jar = 'cookieJar' in option;
    const args = { ...base, baseUrl: serviceUrl, ...(jar ? {} : option) };
    const answer = await inPage<string>(
      jar
        ? 'return window.refusal({ ...args, cookieJar: { getCookieString: () => "", setCookie: () => undefined } });'
        : 'return window.refusal(args);',
      args,
    );
    expect(answer).toMatch(message);
  });

  it('wrote no error to the console and threw none', () => {
    expect(pageErrors).toEqual([]);
  });
});

/** The mock service, with the CORS answers a service called from a page of another origin must give. */
function answerWithCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  seen.push({ method: req.method ?? '', origin });
  const cors = { 'Access-Control-Allow-Origin': pageOrigin, Vary: 'Origin' };
  if (req.method === 'OPTIONS') {
    send(
      res,
      204,
      {
        ...cors,
        'Access-Control-Allow-Methods': 'POST, GET',
        'Access-Control-Allow-Headers': 'Content-Type, SOAPAction',
        'Access-Control-Max-Age': '0',
      },
      '',
    );
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
    service
      .handle(new Request(`${serviceUrl}${req.url ?? '/'}`, { method: req.method, headers, body }))
      .then(async (answer) =>
        send(
          res,
          answer.status,
          { ...Object.fromEntries(answer.headers), ...cors },
          Buffer.from(await answer.arrayBuffer()),
        ),
      )
      .catch((error: unknown) => send(res, 500, { 'Content-Type': 'text/plain', ...cors }, String(error)));
  });
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer): void {
  res.writeHead(status, headers).end(body);
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return server;
}

function originOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
