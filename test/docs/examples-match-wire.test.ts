/**
 * The examples of the committed docs cannot drift from the wire. For every operation and style of the payer
 * interface, the page's TypeScript call, run on the generated client (payer MyPayer, the bogus API key, `now` fixed at
 * 1521234048, a fetch that records the request and answers with the page's response), sends exactly the documented
 * request (method, path, headers in order, body) and decodes the documented response into the mock's example
 * result; and the generated mock, given the documented request, answers exactly the documented response.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { createMockService, exampleHandlers } from '../../generated/mock/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';

const BASE = 'https://payer.example';
const STYLES: ReadonlyArray<readonly [Style, string]> = [
  ['soap11', 'SOAP 1.1'],
  ['soap12', 'SOAP 1.2'],
  ['httpPost', 'HTTP POST'],
];

interface HttpMessage {
  readonly startLine: string;
  readonly headers: Array<[string, string]>;
  readonly body: string;
}

/** An `http` code block: start line, headers, a blank line, the body as it is. */
function parseHttp(block: string): HttpMessage {
  const lines = block.split('\n');
  const blank = lines.indexOf('');
  const head = blank < 0 ? lines : lines.slice(0, blank);
  const headers = head.slice(1).map((l): [string, string] => {
    const colon = l.indexOf(': ');
    return [l.slice(0, colon), l.slice(colon + 2)];
  });
  return { startLine: head[0]!, headers, body: blank < 0 ? '' : lines.slice(blank + 1).join('\n') };
}

interface Page {
  readonly method: string;
  readonly args: unknown;
  readonly examples: Map<string, { request: HttpMessage; response: HttpMessage }>;
}

function readPage(operation: string): Page {
  const text = readFileSync(fromRoot('generated/docs/operations', `${operation}.md`), 'utf8');
  const call = /^(?:const result = )?await client\.(\w+)\((.*)\);$/m.exec(text);
  if (!call) throw new Error(`${operation}.md has no client call`);
  // The documented arguments, evaluated as written (object literals of strings, numbers, dates).
  const args = new Function(`"use strict"; return (${call[2] === '' ? 'undefined' : call[2]});`)() as unknown;
  const examples = new Map<string, { request: HttpMessage; response: HttpMessage }>();
  const sections = text.slice(text.indexOf('\n## Examples\n')).split(/^### /m).slice(1);
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'));
    const blocks = [...section.matchAll(/^```http\n([\s\S]*?)\n```$/gm)].map((m) => parseHttp(m[1]!));
    expect(blocks, `${operation} ${title}`).toHaveLength(2);
    examples.set(title, { request: blocks[0]!, response: blocks[1]! });
  }
  return { method: call[1]!, args, examples };
}

const model = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
const service = createMockService({ handlers: exampleHandlers, credentials: false });
afterAll(async () => {
  await service.close();
});

type Method = (params?: unknown) => Promise<unknown>;

describe.each(model.operations.map((op) => op.name))('%s', (operation) => {
  const page = readPage(operation);

  it('documents a call of its client method and an example in every style', () => {
    expect(page.method).toBe(model.operations.find((o) => o.name === operation)!.methodName);
    expect([...page.examples.keys()]).toEqual(STYLES.map(([, title]) => title));
  });

  it.each(STYLES)('%s: the client sends the documented request and decodes the documented response', async (style, title) => {
    const { request, response } = page.examples.get(title)!;
    const sent: Array<{ url: string; init: RequestInit }> = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      sent.push({ url: String(url), init: init ?? {} });
      const [, status] = /^HTTP\/1\.1 (\d+)/.exec(response.startLine)!;
      return new Response(response.body, { status: Number(status), headers: response.headers });
    };
    const client = new PayerClient({ baseUrl: BASE, payerName: 'MyPayer', apiKey: 'boguskey', style, now: () => 1521234048, fetch });
    const method = (client as unknown as Record<string, Method>)[page.method]!.bind(client);
    const result = await method(page.args);

    expect(sent).toHaveLength(1);
    const [verb, path, version] = request.startLine.split(' ');
    expect([sent[0]!.init.method, new URL(sent[0]!.url).pathname, version]).toEqual([verb, path, 'HTTP/1.1']);
    expect(Object.entries(sent[0]!.init.headers as Record<string, string>)).toEqual(request.headers);
    expect(sent[0]!.init.body).toBe(request.body);
    const example = (exampleHandlers as unknown as Record<string, () => unknown>)[page.method]!();
    expect(result).toEqual(example);
  });

  it.each(STYLES)('%s: the mock answers the documented request with the documented response', async (_style, title) => {
    const { request, response } = page.examples.get(title)!;
    const [, path] = request.startLine.split(' ');
    const answer = await service.handle(new Request(`${BASE}${path}`, { method: 'POST', headers: request.headers, body: request.body }));
    expect(`HTTP/1.1 ${answer.status} ${answer.statusText || 'OK'}`).toBe(response.startLine);
    for (const [name, value] of response.headers) expect(answer.headers.get(name), name).toBe(value);
    expect(await answer.text()).toBe(response.body);
  });
});
