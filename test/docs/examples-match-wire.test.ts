/**
 * The examples of the committed docs cannot drift from the wire. For every operation of the payer interface in every
 * style its spec offers, the page's TypeScript call (the spec's example values, or the defaults picked by name and
 * type), run on the generated client (payer MyPayer, the bogus API key, `now` fixed at 1521234048, a fetch that
 * records the request and answers with the page's response), sends the documented request: the same method, path
 * and headers in order, and the same body, which the docs show indented. So each XML body is checked three ways:
 * the docs' indenter applied to the recorded bytes gives the page's body; the page's body without its indentation
 * (line breaks and pairs of spaces between two pieces of markup) is the recorded bytes exactly; and the two parse to
 * the same elements, attributes and text (read by saxes, independently of the indenter). A form body is compared as
 * it is, and its decoded fields with the page's table. The page's Content-Length is the length of the body it
 * shows. The client decodes the page's response into the mock's example result; and the generated mock, given the
 * page's request exactly as shown (a reader copying it), answers the page's response, indentation aside.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { createMockService, exampleHandlers } from '../../generated/mock/index.js';
import { indentXml } from '../../generator/emit/docs/indent-xml.js';
import { indentOptions } from '../../generator/emit/docs/wire.js';
import { STYLE_TITLES } from '../../generator/emit/features.js';
import { loadSpec } from '../../generator/load/load.js';
import type { BindingName, StructModel, TypeModel } from '../../generator/model/types.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';
import { infoset, unindent } from './support/xml-infoset.js';
import { evaluateExpression } from '../helpers/evaluate.js';

const BASE = 'https://payer.example';

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

interface Example {
  readonly request: HttpMessage;
  readonly response: HttpMessage;
  /** The table of decoded form fields under a form request. */
  readonly form: Array<[string, string]>;
}

interface Page {
  readonly method: string;
  readonly args: unknown;
  readonly examples: Map<string, Example>;
}

function readPage(operation: string): Page {
  const text = readFileSync(fromRoot('generated/docs/operations', `${operation}.md`), 'utf8');
  const call = /^(?:const result = )?await client\.(\w+)\((.*)\);$/m.exec(text);
  if (!call) throw new Error(`${operation}.md has no client call`);
  // The documented arguments, evaluated as written (object literals of strings, numbers, dates).
  const args = evaluateExpression(call[2] === '' ? 'undefined' : call[2]!);
  const examples = new Map<string, Example>();
  const sections = text.slice(text.indexOf('\n## Examples\n')).split(/^### /m).slice(1);
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'));
    const blocks = [...section.matchAll(/^```http\n([\s\S]*?)\n```$/gm)].map((m) => parseHttp(m[1]!));
    expect(blocks, `${operation} ${title}`).toHaveLength(2);
    const between = section.slice(section.indexOf('```\n') + 4, section.indexOf('\nResponse:'));
    const form = [...between.matchAll(/^\| `([^`]*)` \| (?:`([^`]*)`|\(empty\)) \|$/gm)].map((m): [string, string] => [
      m[1]!,
      (m[2] ?? '').replace(/\\\|/g, '|'),
    ]);
    examples.set(title, { request: blocks[0]!, response: blocks[1]!, form });
  }
  return { method: call[1]!, args, examples };
}

const model = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
const indent = indentOptions(model);
const service = createMockService({ handlers: exampleHandlers, credentials: false });
afterAll(async () => {
  await service.close();
});

const isForm = (style: BindingName): boolean => style === 'httpPost' || style === 'httpGet';
const STYLES = model.bindings.map((style) => [style, STYLE_TITLES[style]] as const);

type Method = (params?: unknown) => Promise<unknown>;

/** The headers without Content-Length, and Content-Length, which differs between a shown body and a sent one. */
function splitLength(
  headers: ReadonlyArray<readonly [string, string]>,
): [Array<readonly [string, string]>, string | undefined] {
  return [headers.filter(([n]) => n !== 'Content-Length'), headers.find(([n]) => n === 'Content-Length')?.[1]];
}

/** A body the docs show indented, against the bytes sent: the three checks of the module comment. */
function expectIndentedForm(shown: string, sent: string, what: string): void {
  expect(indentXml(sent, indent), `${what}: the recorded bytes, indented`).toBe(shown);
  expect(unindent(shown), `${what}: the page's body, unindented`).toBe(sent);
  expect(infoset(shown), `${what}: what the XML says`).toEqual(infoset(sent));
  // Not vacuous: the docs really indent (every payer body has nested elements).
  expect(shown).not.toBe(sent);
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The fields with a spec example reachable from a type, with their examples (records at any depth). */
function fieldExamples(t: TypeModel | undefined, seen = new Set<StructModel>()): Array<[string, string]> {
  if (!t) return [];
  if (t.kind === 'list') return fieldExamples(t.item, seen);
  if (t.kind !== 'record' || seen.has(t.record)) return [];
  seen.add(t.record);
  return t.record.fields.flatMap((f) => [
    ...(f.example !== undefined ? [[f.name, f.example] as [string, string]] : []),
    ...fieldExamples(f.type, seen),
  ]);
}

it('the payer spec gives examples that the docs show (parameters and fields)', () => {
  expect(model.parameters.filter((p) => p.example !== undefined).map((p) => p.name)).toEqual(
    expect.arrayContaining(['totalAmount', 'saveToFile']),
  );
});

describe.each(model.operations.map((op) => op.name))('%s', (operation) => {
  const op = model.operations.find((o) => o.name === operation)!;
  const page = readPage(operation);

  it('documents a call of its client method and an example in every style', () => {
    expect(page.method).toBe(op.methodName);
    expect([...page.examples.keys()]).toEqual(
      STYLES.filter(([s]) => (s !== 'httpPost' || op.httpPost) && (s !== 'httpGet' || op.httpGet)).map(
        ([, title]) => title,
      ),
    );
  });

  it.each(STYLES)(
    '%s: the client sends the documented request, with the spec examples, and decodes the documented response',
    async (style, title) => {
      const { request, response, form } = page.examples.get(title)!;
      const sent: Array<{ url: string; init: RequestInit }> = [];
      const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
        sent.push({ url: url instanceof Request ? url.url : String(url), init: init ?? {} });
        const [, status] = /^HTTP\/1\.1 (\d+)/.exec(response.startLine)!;
        return new Response(response.body, { status: Number(status), headers: response.headers });
      };
      const client = new PayerClient({
        baseUrl: BASE,
        payerName: 'MyPayer',
        apiKey: 'boguskey',
        style: style as Style,
        now: () => 1521234048,
        fetch,
      });
      const method = (client as unknown as Record<string, Method>)[page.method]!.bind(client);
      const result = await method(page.args);

      expect(sent).toHaveLength(1);
      const [verb, target, version] = request.startLine.split(' ');
      const url = new URL(sent[0]!.url);
      expect([sent[0]!.init.method, url.pathname + url.search, version]).toEqual([verb, target, 'HTTP/1.1']);
      const body = (sent[0]!.init.body as string | undefined) ?? '';
      const [headers, length] = splitLength(Object.entries((sent[0]!.init.headers ?? {}) as Record<string, string>));
      const [shownHeaders, shownLength] = splitLength(request.headers);
      expect(headers).toEqual(shownHeaders);
      // The client states the length of what it sends; the page, the length of what it shows.
      if (length !== undefined) expect(Number(length)).toBe(Buffer.byteLength(body));
      if (shownLength !== undefined) expect(Number(shownLength)).toBe(Buffer.byteLength(request.body));
      expect(shownLength === undefined).toBe(length === undefined);

      const values = new Map(op.inputParams.filter((p) => p.example !== undefined).map((p) => [p.name, p.example!]));
      if (isForm(style)) {
        expect(body).toBe(request.body);
        const fields = [...new URLSearchParams(style === 'httpGet' ? url.search : body)];
        expect(form).toEqual(fields);
        for (const [name, value] of values) expect(fields, name).toContainEqual([name, value]);
      } else {
        expectIndentedForm(request.body, body, 'request');
        expect(form).toEqual([]);
        for (const [name, value] of values) expect(body, name).toContain(`<${name}>${escapeXml(value)}</${name}>`);
      }
      const r =
        op.result.kind === 'outputs' ? op.result.struct : op.result.kind === 'value' ? op.result.struct : undefined;
      for (const [name, value] of fieldExamples(r && { kind: 'record', record: r }))
        expect(response.body, name).toContain(`<${name}>${escapeXml(value)}</${name}>`);

      const example = (exampleHandlers as unknown as Record<string, () => unknown>)[page.method]!();
      expect(result).toEqual(example);
    },
  );

  it.each(STYLES)(
    '%s: the mock answers the documented request, as shown, with the documented response',
    async (style, title) => {
      const { request, response } = page.examples.get(title)!;
      const [verb, target] = request.startLine.split(' ');
      const answer = await service.handle(
        new Request(`${BASE}${target}`, {
          method: verb,
          headers: request.headers,
          ...(verb === 'GET' ? {} : { body: request.body }),
        }),
      );
      expect(`HTTP/1.1 ${answer.status} ${answer.statusText || 'OK'}`).toBe(response.startLine);
      for (const [name, value] of response.headers) expect(answer.headers.get(name), name).toBe(value);
      const body = await answer.text();
      if (body === '' || (isForm(style) && op.httpPostRoot.kind === 'any')) expect(body).toBe(response.body);
      else expectIndentedForm(response.body, body, 'response');
    },
  );
});
