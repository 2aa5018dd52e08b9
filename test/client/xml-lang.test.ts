/**
 * XML's own attributes (`<xs:attribute ref="xml:lang"/>`, Exchange's ReplyBody) from import to the wire and back
 * (issue 25, item 8: they were reported and left out). test/fixtures/import/xml-lang/Notes.wsdl refers to xml:lang
 * (optional) and xml:base (required) and imports XML's namespace without a location, as Exchange's types.xsd does.
 * The draft has them as attribute fields in that namespace; the client writes them with the prefix xml and no
 * declaration (declaring another prefix for it is an error, and the xml prefix needs none), the generated mock reads
 * and answers them, the client reads them back; what both send validates against the fixture's schema and the
 * generated WSDL's (which refers to them as the fixture does).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { extractSchemas, validateAll, XML_NAMESPACE } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/import/xml-lang/Notes.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'xml-lang');
const NS = 'http://example.org/notes/';

interface Client {
  reply(p: unknown): Promise<unknown>;
}
interface MockService {
  handle(request: Request): Promise<Response>;
}

let clientModule: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  ({ client: clientModule, mock: mockModule } = await generatedFromWsdl(WSDL, OUT));
}, 120_000);

describe('the import', () => {
  const { yaml, problems } = importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Notes.wsdl');

  it.each([
    ['an optional one', `      - { name: lang, type: string, attribute: true, namespace: ${XML_NAMESPACE} }`],
    [
      'a required one',
      `      - { name: base, type: string, optional: false, attribute: true, namespace: ${XML_NAMESPACE} }`,
    ],
  ])("drafts %s as an attribute field in XML's namespace", (_, line) => {
    expect(yaml).toContain(line);
  });

  it('reports nothing: neither the references nor the import of the namespace without a location', () => {
    expect(problems).toEqual([]);
  });

  it('names the field xmlLang (xmlName lang) where the record has a field lang already', () => {
    const text = readFileSync(join(ROOT, WSDL), 'utf8').replace('name="Message"', 'name="lang"');
    expect(importWsdl(text, 'Notes.wsdl').yaml).toContain(
      `      - { name: xmlLang, xmlName: lang, type: string, attribute: true, namespace: ${XML_NAMESPACE} }`,
    );
  });

  it('reports xml:space, whose type (default or preserve) is no string, and a name XML does not have', () => {
    for (const name of ['space', 'tongue']) {
      const text = readFileSync(join(ROOT, WSDL), 'utf8').replace('ref="xml:base"', `ref="xml:${name}"`);
      expect(importWsdl(text, 'Notes.wsdl').problems.map((p) => `${p.construct}: ${p.message}`)).toEqual([
        's:attribute ref: in ReplyBody: an attribute reference is not read; left out',
      ]);
    }
  });
});

describe('the spec', () => {
  const spec = (namespace: string, name = 'lang', more = '') =>
    `specVersion: 1\nservice: { name: S, title: S, version: 1.0.0, path: /S.asmx, namespace: { uri: 'urn:s' }, client: SClient, bindings: [soap11] }\n` +
    `records:\n  R:\n    fields:\n      - { name: ${name}, type: string, attribute: true, namespace: '${namespace}'${more} }\n` +
    `operations:\n  - { name: Get, result: { type: R } }\n`;

  it.each([
    [
      'another namespace',
      spec('urn:other'),
      /an attribute is in no namespace, in its record's \(form: qualified\) or in XML's/,
    ],
    [
      'a name XML does not have',
      spec(XML_NAMESPACE, 'tongue'),
      /XML's namespace has the attributes lang, space, base, id only, not tongue/,
    ],
    ['form beside it', spec(XML_NAMESPACE, 'lang', ', form: qualified'), /either form or a namespace, not both/],
  ])('refuses an attribute in %s', (_, text, message) => {
    expect(() => parseSpec(text, 'S.yaml')).toThrow(message);
  });
});

describe('on the wire', () => {
  const wire: string[] = [];
  const mock = (): MockService => {
    const service = (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({
      handlers: {
        reply: (params: { body?: Record<string, unknown> }) => ({
          ...params.body,
          Message: `re: ${String(params.body?.['Message'])}`,
          lang: 'fr',
        }),
      },
    });
    return {
      async handle(request) {
        const response = await service.handle(request);
        wire.push(soapBodyElement(await response.clone().text()));
        return response;
      },
    };
  };
  const client = (answer: (request: Request) => Promise<Response>): { client: Client; sent: string[] } => {
    const sent: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      sent.push(await request.clone().text());
      wire.push(soapBodyElement(sent.at(-1)!));
      return answer(request);
    };
    const Ctor = clientModule['NotesClient'] as new (o: Record<string, unknown>) => Client;
    return { client: new Ctor({ baseUrl: 'http://notes.test', style: 'soap11', fetch }), sent };
  };

  it('writes xml:lang and xml:base with the prefix xml, undeclared, and the mock reads and answers them', async () => {
    const service = mock();
    const { client: c, sent } = client((r) => service.handle(r));
    const answer = await c.reply({ body: { Message: 'hi', lang: 'en-GB', base: 'http://example.org/a/' } });
    expect(sent[0]).toContain('<body xml:lang="en-GB" xml:base="http://example.org/a/"><Message>hi</Message></body>');
    expect(sent[0]).not.toContain('xmlns:xml');
    expect(answer).toEqual({ Message: 're: hi', lang: 'fr', base: 'http://example.org/a/' });
  });

  it('leaves out an optional one the caller leaves out, and reads an answer without it', async () => {
    const service = mock();
    const { client: c, sent } = client((r) => service.handle(r));
    await c.reply({ body: { Message: 'x', base: 'b/' } });
    expect(sent[0]).toContain('<body xml:base="b/"><Message>x</Message></body>');
  });

  it('reads them from an answer as a service writes it', async () => {
    const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><ReplyResponse xmlns="${NS}"><ReplyResult xml:base="c/" xml:lang="de"><Message>Hallo</Message></ReplyResult></ReplyResponse></soap:Body></soap:Envelope>`;
    const { client: c } = client(
      async () => new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } }),
    );
    expect(await c.reply({})).toEqual({ Message: 'Hallo', lang: 'de', base: 'c/' });
  });

  it("writes them so in the docs' example exchanges too", () => {
    const page = readFileSync(join(OUT, 'docs', 'operations', 'Reply.md'), 'utf8');
    expect(page).toMatch(/<body xml:lang="[^"]*" xml:base="[^"]*">/);
    expect(page).not.toContain('xmlns:xml');
  });

  it("refers to them in the generated WSDL as the fixture does, importing XML's namespace (XML Schema wants the import)", () => {
    const wsdl = readFileSync(join(OUT, 'wsdl', 'Notes.wsdl'), 'utf8');
    expect(wsdl).toContain(`<s:import namespace="${XML_NAMESPACE}"/>`);
    expect(wsdl).toContain('<s:attribute ref="xml:lang"/>\n        <s:attribute ref="xml:base" use="required"/>');
  });

  it("sends and answers only what the fixture's schema and the generated WSDL's take", async () => {
    expect(wire.length).toBeGreaterThanOrEqual(4);
    for (const wsdl of [join(ROOT, WSDL), join(OUT, 'wsdl', 'Notes.wsdl')]) {
      const documents = Object.fromEntries(wire.map((xml, i) => [`message ${i}`, xml]));
      const errors = await validateAll(extractSchemas(readFileSync(wsdl, 'utf8')), documents);
      expect([...errors.values()].flat(), wsdl).toEqual([]);
    }
  });
});
