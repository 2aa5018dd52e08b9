/**
 * The client package bundles for a browser (issue 27): esbuild with platform browser leaves no `node:` import in the
 * bundle, and the bundle works where there is no Node at all. It is run in a V8 context of its own that has what a
 * browser page has (fetch, WebCrypto, TextDecoder, atob, ...) and neither `process` nor `Buffer`, and answers like
 * the client on Node does: a call signed with WebCrypto HMAC that the mock verifies, answers in the charsets and
 * sizes that take the decoder's other paths. The real browser is test/network/browser.test.ts (Chromium, interop
 * suite); this one needs nothing but Node.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PayerClient,
  SvcRequestError,
  embeddedPageQuery,
  embeddedPageQueryAsync,
  signQueryString,
  signQueryStringAsync,
} from '../../generated/client/index.js';
import { decodeBase64, encodeBase64 } from '../../generated/runtime/codec/values.js';
import type { bodyTextDecoder } from '../../generated/runtime/codec/charset.js';
import { DEFAULT_PAYER, createMockService } from '../../generated/mock/index.js';
import { resultResponse } from '../client/support/responses.js';
import { bundleClientForBrowser, bundleSizes } from '../helpers/browser-bundle.js';

/** What a browser page has, taken from Node; deliberately without process, Buffer, require or global. */
function browserGlobals(fetch: typeof globalThis.fetch): Record<string, unknown> {
  return {
    fetch,
    crypto: globalThis.crypto,
    navigator: {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    },
    TextDecoder,
    TextEncoder,
    URL,
    URLSearchParams,
    Request,
    Response,
    Headers,
    AbortController,
    AbortSignal,
    DOMException,
    ReadableStream,
    atob,
    btoa,
    setTimeout,
    clearTimeout,
    queueMicrotask,
    performance,
    console,
  };
}

/** Runs an IIFE bundle in a fresh browser-like context and returns what it exports. */
function load<T>(code: string, fetch: typeof globalThis.fetch): T {
  const context = createContext(browserGlobals(fetch));
  runInContext(`${code}\nglobalThis.SvcClient = SvcClient;`, context);
  expect(runInContext('typeof process + typeof Buffer', context)).toBe('undefinedundefined');
  return (context as { SvcClient: T }).SvcClient;
}

type ClientModule = {
  PayerClient: typeof PayerClient;
  SvcRequestError: typeof SvcRequestError;
  embeddedPageQuery: typeof embeddedPageQuery;
  embeddedPageQueryAsync: typeof embeddedPageQueryAsync;
  signQueryString: typeof signQueryString;
  signQueryStringAsync: typeof signQueryStringAsync;
};

let clientCode: string;

beforeAll(async () => {
  clientCode = (await bundleClientForBrowser('iife')).code;
});

it('leaves no node: import in the esm bundle of the client package, static or dynamic; its size is as docs/browser.md says', async () => {
  const { code, nodeImports } = await bundleClientForBrowser('esm');
  expect(nodeImports).toEqual([]);
  // The table's figures, within 10%: a change of the runtime that grows or shrinks the bundle more updates the page.
  const page = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'browser.md'), 'utf8');
  const stated = (row: string) =>
    Number(new RegExp(`^\\| ${row} \\| ([\\d,]+) `, 'm').exec(page)?.[1]?.replaceAll(',', ''));
  const measured = bundleSizes(code);
  for (const [row, bytes] of [
    ['minified', measured.minified],
    ['minified, then gzip -9', measured.gzip],
  ] as const) {
    expect(stated(row), row).toBeGreaterThan(0);
    expect(Math.abs(bytes / stated(row) - 1), `${row}: measured ${bytes} bytes`).toBeLessThanOrEqual(0.1);
  }
});

describe('the bundle, run without Node', () => {
  const service = createMockService();
  const viaMock = ((input: RequestInfo | URL, init?: RequestInit) =>
    service.handle(new Request(input, init))) as typeof fetch;
  const baseUrl = 'http://127.0.0.1:8080';

  const cases: Array<[string, string, (balances: Awaited<ReturnType<PayerClient['getBalances']>>) => void]> = [
    ['the right key', DEFAULT_PAYER.apiKey, (r) => expect(r.errorCode).toBe(0)],
    ['a wrong key', 'not-the-key', (r) => expect(r.errorCode).not.toBe(0)],
  ];
  it.each(cases)('signs with WebCrypto HMAC as node:crypto does: %s', async (_what, apiKey, check) => {
    const { PayerClient: BrowserClient } = load<ClientModule>(clientCode, viaMock);
    const options = { baseUrl, payerName: DEFAULT_PAYER.payerName, apiKey, throwOnServiceError: false };
    const inBrowser = await new BrowserClient(options).getBalances();
    const onNode = await new PayerClient({ ...options, fetch: viaMock }).getBalances();
    check(inBrowser);
    expect(inBrowser).toEqual(onNode);
  });

  it('signs every style, also the same key twice', async () => {
    const seen: string[] = [];
    const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(typeof init?.body === 'string' ? init.body : input instanceof Request ? input.url : String(input));
      return service.handle(new Request(input, init));
    }) as typeof fetch;
    const { PayerClient: BrowserClient } = load<ClientModule>(clientCode, recording);
    for (const style of ['soap11', 'soap12', 'httpPost'] as const) {
      const client = new BrowserClient({
        baseUrl,
        payerName: DEFAULT_PAYER.payerName,
        apiKey: DEFAULT_PAYER.apiKey,
        style,
      });
      expect((await client.getBalances()).errorCode).toBe(0);
      expect((await client.getBalances()).errorCode).toBe(0);
    }
    expect(seen).toHaveLength(6);
  });

  it("counts the body's UTF-8 bytes for the Content-Length the onRequest hook sees, as on Node", async () => {
    const lengths: string[] = [];
    // The hook sees the body with its secrets masked, so the lengths are compared with Node's, not with that body.
    const onRequest = (event: { headers: Readonly<Record<string, string>> }) => {
      lengths.push(event.headers['Content-Length'] ?? 'none');
    };
    const { PayerClient: BrowserClient } = load<ClientModule>(clientCode, viaMock);
    // Not ASCII, so that characters and bytes differ.
    const options = { baseUrl, payerName: 'Zoë 東京', apiKey: 'k', throwOnServiceError: false, onRequest };
    await new BrowserClient(options).getBalances();
    await new PayerClient({ ...options, fetch: viaMock }).getBalances();
    expect(lengths).toHaveLength(2);
    expect(lengths[0]).toMatch(/^\d+$/);
    expect(lengths[0]).toBe(lengths[1]);
  });

  // Answers that take the decoder's paths off Node: latin1 text without Buffer, a large ASCII body read in windows
  // across chunks, a UTF-8 body that is not ASCII.
  const account = (i: number, id: string) =>
    `<SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>${id}${i}</AccountIdentifier><Balance>${i}.25</Balance><Currency>EUR</Currency></SvcAccountInfo>`;
  const many = (id: string, n: number) => Array.from({ length: n }, (_, i) => account(i, id)).join('');
  const answers: Array<[string, string, string, number]> = [
    ['ISO-8859-1', 'text/xml; charset=iso-8859-1', many('Zo\u00eb-\u00a7', 3), 4096],
    ['windows-1252', 'text/xml; charset=windows-1252', many('\u20ac-', 3), 4096],
    ['a large ASCII body in chunks', 'text/xml; charset=utf-8', many('A', 3000), 7000],
    ['UTF-8 after ASCII chunks', 'text/xml; charset=utf-8', `${many('A', 1000)}${many('\u6771\u4eac', 1000)}`, 5001],
  ];
  it.each(answers)('decodes %s as on Node', async (_what, contentType, accounts, chunkBytes) => {
    const { body } = resultResponse(
      'soap11',
      'GetBalances',
      `<errorCode>0</errorCode><AccountInfos>${accounts}</AccountInfos>`,
      'BalanceResult',
    );
    const charset = /charset=(.*)$/.exec(contentType)![1]!;
    const text = body.replace('encoding="utf-8"', `encoding="${charset}"`);
    const bytes = charset === 'utf-8' ? new TextEncoder().encode(text) : encodeSingleByte(text);
    const answer = (async () =>
      new Response(chunked(bytes, chunkBytes), {
        status: 200,
        headers: { 'content-type': contentType },
      })) as unknown as typeof fetch;
    const options = { baseUrl, payerName: 'P', apiKey: 'k' };
    const { PayerClient: BrowserClient } = load<ClientModule>(clientCode, answer);
    const inBrowser = await new BrowserClient(options).getBalances();
    const onNode = await new PayerClient({ ...options, fetch: answer }).getBalances();
    expect(inBrowser.AccountInfos?.length).toBeGreaterThan(0);
    expect(inBrowser).toEqual(onNode);
  });

  it('signs an embedded page query with WebCrypto as node:crypto does; the synchronous helpers say to use these', async () => {
    const svc = load<ClientModule>(clientCode, viaMock);
    const token = { Key: 'dyn-key', Token: 'tok/en+==' };
    const params = [
      ['payee', 'Zoë Smith'],
      ['lang', 'fr'],
    ] as Array<[string, string]>;
    expect(await svc.embeddedPageQueryAsync(params, token)).toBe(embeddedPageQuery(params, token));
    expect(await svc.signQueryStringAsync('a=1&b=%C3%A9', 'k\u00e9y')).toBe(
      signQueryString('a=1&b=%C3%A9', 'k\u00e9y'),
    );
    expect(() => svc.embeddedPageQuery(params, token)).toThrow(
      /embeddedPageQuery needs node:crypto .*use embeddedPageQueryAsync/,
    );
    expect(() => svc.signQueryString('a=1', 'k')).toThrow(
      /signQueryString needs node:crypto .*use signQueryStringAsync/,
    );
  });

  it('refuses the default signing in the constructor where crypto.subtle is missing (an http page), not at the first call', () => {
    const context = createContext({
      ...browserGlobals(viaMock),
      crypto: { getRandomValues: (b: Uint8Array<ArrayBuffer>) => globalThis.crypto.getRandomValues(b) },
    });
    runInContext(`${clientCode}\nglobalThis.SvcClient = SvcClient;`, context);
    const svc = (context as { SvcClient: ClientModule }).SvcClient;
    const make = (sign?: () => string) =>
      new svc.PayerClient({ baseUrl, payerName: 'P', apiKey: 'k', ...(sign ? { sign } : {}) });
    expect(make).toThrow(svc.SvcRequestError);
    expect(make).toThrow(
      /signing requests needs crypto\.subtle \(WebCrypto\), which browsers give to secure pages only/,
    );
    expect(make(() => 'custom-key')).toBeInstanceOf(svc.PayerClient);
  });

  it('gives any part of a large ASCII body kept in chunks, within a chunk or across them, as the text itself', async () => {
    const entry = join(import.meta.dirname, '..', '..', 'generated', 'runtime', 'codec', 'charset.ts');
    const charset = load<{ bodyTextDecoder: typeof bodyTextDecoder }>(
      (await bundleClientForBrowser('iife', true, entry)).code,
      viaMock,
    );
    const text = Array.from({ length: 12_000 }, (_, i) => `<v>${i}</v>`).join('');
    const bytes = new TextEncoder().encode(text);
    for (const chunkBytes of [7000, 20_000]) {
      const decoder = charset.bodyTextDecoder('text/xml', 'response', undefined, true);
      for (let at = 0; at < bytes.byteLength; at += chunkBytes) decoder.write(bytes.subarray(at, at + chunkBytes));
      const source = decoder.endSource();
      if (typeof source === 'string') throw new Error('expected a source read in parts');
      expect(source.length).toBe(text.length);
      const parts: Array<[number, number]> = [
        [0, 10],
        [6990, 7010],
        [100, 6900],
        [5000, 30_000],
        [69_999, 70_001],
        [0, text.length],
        [text.length - 3, text.length],
      ];
      for (const [start, end] of parts)
        expect(source.text(start, end), `${chunkBytes}: ${start}-${end}`).toBe(text.slice(start, end));
    }
  });

  it('says hmacSha256Hex (of the runtime) needs node:crypto, rather than failing on a missing module', async () => {
    const entry = join(import.meta.dirname, '..', '..', 'generated', 'runtime', 'signing.ts');
    const signing = load<{ hmacSha256Hex: (key: string, message: string) => string }>(
      (await bundleClientForBrowser('iife', true, entry)).code,
      viaMock,
    );
    expect(() => signing.hmacSha256Hex('k', 'm')).toThrow(/signing a query string needs node:crypto \(Node\.js\)/);
  });

  it('codes xs:base64Binary with atob and btoa as Node does', async () => {
    const entry = join(import.meta.dirname, '..', '..', 'generated', 'runtime', 'codec', 'values.ts');
    const values = load<{ encodeBase64: typeof encodeBase64; decodeBase64: typeof decodeBase64 }>(
      (await bundleClientForBrowser('iife', true, entry)).code,
      viaMock,
    );
    for (const length of [0, 1, 2, 3, 4, 5, 8189, 8190, 8191, 20_000]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 131 + 7) % 256);
      const text = values.encodeBase64(bytes, 'data');
      expect(text).toBe(encodeBase64(bytes, 'data'));
      expect(Array.from(values.decodeBase64(text, 'data'))).toEqual(Array.from(bytes));
    }
  });
});

/** Text of code points below 0x100 (and windows-1252's euro sign) as single bytes. */
function encodeSingleByte(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => (c === '\u20ac' ? 0x80 : c.charCodeAt(0)));
}

/** `bytes` as a stream of chunks of `size` bytes. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.byteLength) controller.close();
      else controller.enqueue(bytes.slice(at, (at += size)));
    },
  });
}
