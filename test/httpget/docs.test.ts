/**
 * HTTP GET in the docs of test/fixtures/specs/almanac/almanac.yaml: every operation with the binding has an HTTP GET
 * example (a request line carrying the query string, no headers, no body) that the generated client sends exactly and
 * that the generated mock answers with exactly the documented response; an operation without it has none, and the
 * index lists the style with its method.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, generateService, type GeneratedService } from '../mock/support/generated-service.js';
import { infoset, unindent } from '../docs/support/xml-infoset.js';
import { evaluateExpression } from '../helpers/evaluate.js';

const BASE = 'https://almanac.example';
let generated: GeneratedService;
const page = (op: string) =>
  readFileSync(join(ROOT, 'test', '.tmp', 'almanac-docs', 'docs', 'operations', `${op}.md`), 'utf8');

/** The call of the page's TypeScript block, and the HTTP GET example's request line and response (status, body). */
function getExample(op: string) {
  const text = page(op);
  const call = /^(?:const result = )?await client\.(\w+)\((.*)\);$/m.exec(text)!;
  const args = evaluateExpression(call[2] === '' ? 'undefined' : call[2]!);
  const section = text.slice(text.indexOf('\n### HTTP GET\n'));
  const blocks = [...section.matchAll(/^```http\n([\s\S]*?)\n```$/gm)].map((m) => m[1]!);
  const response = blocks[1]!;
  const blank = response.indexOf('\n\n');
  // The table of the query's fields, decoded, between the request and the response.
  const between = section.slice(section.indexOf('```\n') + 4, section.indexOf('\nResponse:'));
  const form = [...between.matchAll(/^\| `([^`]*)` \| (?:`([^`]*)`|\(empty\)) \|$/gm)].map((m) => [m[1]!, m[2] ?? '']);
  return {
    method: call[1]!,
    args,
    request: blocks[0]!,
    form,
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(response)![1]),
    body: blank < 0 ? '' : response.slice(blank + 2),
  };
}

beforeAll(async () => {
  generated = await generateService('test/fixtures/specs/almanac/almanac.yaml', 'almanac-docs');
});

describe('the docs of a service with HTTP GET', () => {
  it('list HTTP GET among the styles, with its method', () => {
    const index = readFileSync(join(ROOT, 'test', '.tmp', 'almanac-docs', 'docs', 'README.md'), 'utf8');
    expect(index).toMatch(/^\| HTTP GET \| GET \| `\/Almanac\.asmx\/Op\?name=value&…` \|/m);
    expect(index).toMatch(/^\| HTTP POST \| POST \|/m);
  });

  it('give no HTTP GET example where the operation has no binding', () => {
    expect(page('StoreDay')).not.toContain('### HTTP GET');
    expect(page('StoreDay')).toContain('| HTTP GET | not available (no HTTP GET binding) |');
  });

  it.each(['Echo', 'DescribeDay', 'NextSequence', 'Forget'])(
    '%s: the client sends the documented GET and the mock answers the documented response',
    async (op) => {
      const example = getExample(op);
      expect(example.request).toMatch(new RegExp(`^GET /Almanac\\.asmx/${op}(\\?\\S+)? HTTP/1\\.1$`));
      const sent: Request[] = [];
      const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
        sent.push(new Request(url, init));
        return new Response(example.body, {
          status: example.status,
          headers: example.body === '' ? {} : { 'Content-Type': 'text/xml; charset=utf-8' },
        });
      };
      const Ctor = generated.client['AlmanacClient'] as new (
        o: Record<string, unknown>,
      ) => Record<string, (p?: unknown) => Promise<unknown>>;
      const client = new Ctor({ baseUrl: BASE, style: 'httpGet', fetch });
      await client[example.method]!(example.args);
      expect(sent).toHaveLength(1);
      const url = new URL(sent[0]!.url);
      expect(`${sent[0]!.method} ${url.pathname}${url.search} HTTP/1.1`).toBe(example.request);
      expect([...sent[0]!.headers]).toEqual([]);
      expect(example.form).toEqual([...url.searchParams]);

      const createMockService = generated.mock['createMockService'] as (o: Record<string, unknown>) => {
        handle(r: Request): Promise<Response>;
      };
      const answer = await createMockService({}).handle(new Request(`${BASE}${example.request.split(' ')[1]}`));
      expect(answer.status).toBe(example.status);
      // The docs show the XML indented: only white space between elements differs from what the mock sends.
      const body = await answer.text();
      expect(unindent(example.body)).toBe(body);
      if (body !== '') expect(infoset(example.body)).toEqual(infoset(body));
    },
  );

  it('leave the payer docs without HTTP GET (the interface has three styles)', () => {
    const payer = readFileSync(join(ROOT, 'generated', 'docs', 'README.md'), 'utf8');
    expect(payer).not.toContain('HTTP GET');
  });
});
