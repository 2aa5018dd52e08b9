/**
 * Issue 17 item 5, document/literal not wrapped (ASMX's `ParameterStyle = Bare`), end to end on
 * test/fixtures/specs/bare/quotes.yaml (generated once): the generated client calls every operation in every style
 * against the generated mock on a real loopback server, and each request and answer is recorded as it crossed the wire:
 * the SOAP Body holds the parameters' elements themselves, the answer the result and out parameters' elements, the
 * operation is named by the SOAPAction (SOAP 1.1) or the Content-Type's action (SOAP 1.2). Every Body element sent
 * either way is valid against the schema of the exported WSDL, whose messages have one part per element; the docs'
 * examples are what the client sends and the mock answers. The mock refuses, with Client faults, bare requests it
 * cannot route or read; the loader refuses bare operations the wire cannot carry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClientAsync } from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { generateService, ROOT, type GeneratedService } from '../mock/support/generated-service.js';
import { extractSchema, validateAll } from '../helpers/xsd.js';
import { unindent } from '../docs/support/xml-infoset.js';
import { evaluateExpression } from '../helpers/evaluate.js';

interface Quote {
  Symbol: string;
  Price: number;
  Tags: string[];
}
interface Client {
  getQuote(p: { request: { Symbol: string; Currency: string } }): Promise<Quote>;
  convert(p: { amount: number; source: string; target: string }): Promise<number>;
  findQuote(p: { symbol: string }): Promise<Quote | null>;
  split(p: { symbols: string }): Promise<{ SplitResult: number; first: string; rest: string }>;
  ping(): Promise<undefined>;
  echo(p: { text: string }): Promise<string>;
}
interface Server {
  url: string;
  close(): Promise<void>;
}
interface Exchange {
  style: string;
  contentType: string | null;
  soapAction: string | null;
  request: string;
  answer: string;
}

const NS = 'http://quotes.example/';
const PATH = '/Quotes.asmx';
const OUT = 'bare-quotes';
let generated: GeneratedService;
let server: Server;
const wire: Exchange[] = [];

const handlers = {
  getQuote: ({ request }: { request: { Symbol: string; Currency: string } }) => ({
    Symbol: `${request.Symbol}.${request.Currency}`,
    Price: 12.5,
    Tags: ['a', 'b'],
  }),
  convert: ({ amount, source, target }: { amount: number; source: string; target: string }) =>
    source === target ? amount : amount * 2,
  findQuote: ({ symbol }: { symbol: string }) => (symbol === 'NONE' ? null : { Symbol: symbol, Price: 1, Tags: [] }),
  split: ({ symbols }: { symbols: string }) => {
    const [first = '', ...rest] = symbols.split(',');
    return { SplitResult: rest.length, first, rest: rest.join(',') };
  },
  ping: () => undefined,
  echo: ({ text }: { text: string }) => text,
};

/** A fetch that records each request and its answer as they crossed the wire. */
function recording(style: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    const response = await fetch(request);
    wire.push({
      style,
      contentType: request.headers.get('content-type'),
      soapAction: request.headers.get('soapaction'),
      request: body,
      answer: await response.clone().text(),
    });
    return response;
  };
}

function client(style: string): Client {
  const Ctor = generated.client['QuotesClient'] as new (o: Record<string, unknown>) => Client;
  return new Ctor({ baseUrl: server.url, style, fetch: recording(style) });
}

/** The Body's children of an envelope, each as a document of its own (xsi declared where the envelope declared it). */
function bodyElements(envelope: string): Array<{ name: string; ns: string; xml: string }> {
  const reader = new XmlReader(envelope);
  reader.readRoot();
  while (reader.nextChild() && reader.localName !== 'Body') reader.skip();
  const out: Array<{ name: string; ns: string; xml: string }> = [];
  while (reader.nextChild()) {
    const name = reader.localName;
    const ns = reader.namespaceUri;
    const xml = reader.readOuterXml();
    out.push({
      name,
      ns,
      xml: xml.includes('xsi:')
        ? xml.replace(/^<[^\s/>]+/, (tag) => `${tag} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`)
        : xml,
    });
  }
  return out;
}

/** A raw SOAP request to the mock. */
async function post(body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${PATH}`, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

function envelope11(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

function envelope12(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

beforeAll(async () => {
  generated = await generateService('test/fixtures/specs/bare/quotes.yaml', OUT);
  const start = generated.mock['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
  server = await start({ handlers });
  // Every operation in every style it has: the recorded wire is what the later tests read.
  for (const style of ['soap11', 'soap12', 'httpPost']) {
    const c = client(style);
    const soap = style !== 'httpPost';
    if (soap) await c.getQuote({ request: { Symbol: 'ABC', Currency: 'EUR' } });
    await c.convert({ amount: 2.5, source: 'EUR', target: 'USD' });
    await c.findQuote({ symbol: 'NONE' });
    await c.findQuote({ symbol: 'XYZ' });
    if (soap) await c.split({ symbols: 'a,b,c' });
    await c.ping();
    await c.echo({ text: 'hi' });
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('bare operations: the generated client against the generated mock', () => {
  it.each(['soap11', 'soap12'])('answers every operation over %s', async (style) => {
    const c = client(style);
    expect(await c.getQuote({ request: { Symbol: 'ABC', Currency: 'EUR' } })).toEqual({
      Symbol: 'ABC.EUR',
      Price: 12.5,
      Tags: ['a', 'b'],
    });
    expect(await c.convert({ amount: 2.5, source: 'EUR', target: 'USD' })).toBe(5);
    expect(await c.findQuote({ symbol: 'NONE' })).toBeNull();
    expect(await c.findQuote({ symbol: 'XYZ' })).toEqual({ Symbol: 'XYZ', Price: 1, Tags: [] });
    expect(await c.split({ symbols: 'a,b,c' })).toEqual({ SplitResult: 2, first: 'a', rest: 'b,c' });
    expect(await c.ping()).toBeUndefined();
    expect(await c.echo({ text: 'hi' })).toBe('hi');
  });

  it('answers the bare operations HTTP POST has as ASMX does: the same form and root as wrapped ones', async () => {
    const c = client('httpPost');
    expect(await c.convert({ amount: 2.5, source: 'EUR', target: 'EUR' })).toBe(2.5);
    expect(await c.findQuote({ symbol: 'NONE' })).toBeNull();
    const sent = wire.find((w) => w.style === 'httpPost' && w.request.startsWith('amount='))!;
    expect(sent.request).toBe('amount=2.5&source=EUR&target=USD');
    expect(sent.answer).toContain('<double ');
  });

  it('sends the parameters as the elements of the Body, with no operation element, and names the operation by its action', () => {
    const convert11 = wire.find((w) => w.style === 'soap11' && w.request.includes('<amount'))!;
    expect(convert11.soapAction).toBe(`"${NS}Convert"`);
    expect(bodyElements(convert11.request).map((e) => [e.name, e.ns])).toEqual([
      ['amount', NS],
      ['source', NS],
      ['target', NS],
    ]);
    const convert12 = wire.find((w) => w.style === 'soap12' && w.request.includes('<amount'))!;
    expect(convert12.contentType).toBe(`application/soap+xml; charset=utf-8; action="${NS}Convert"`);
    const record = wire.find((w) => w.style === 'soap11' && w.request.includes('<request'))!;
    expect(bodyElements(record.request).map((e) => e.xml)).toEqual([
      `<request xmlns="${NS}"><Symbol>ABC</Symbol><Currency>EUR</Currency></request>`,
    ]);
    const ping = wire.find((w) => w.style === 'soap12' && w.contentType?.endsWith('/Ping"'))!;
    expect(bodyElements(ping.request)).toEqual([]);
    // The wrapped operation beside them keeps its element, and SOAP 1.2 its plain Content-Type.
    const echo = wire.find((w) => w.style === 'soap12' && w.request.includes('<Echo '))!;
    expect(echo.contentType).toBe('application/soap+xml; charset=utf-8');
    expect(bodyElements(echo.request).map((e) => e.name)).toEqual(['Echo']);
  });

  it('is answered with the result element, nil for null, and the out parameters, with no response element', () => {
    const answers = wire.filter((w) => w.style === 'soap11').map((w) => bodyElements(w.answer).map((e) => e.xml));
    expect(answers).toContainEqual([`<ConvertResult xmlns="${NS}">5</ConvertResult>`]);
    expect(answers).toContainEqual([
      `<Found xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="${NS}" xsi:nil="true" />`,
    ]);
    expect(answers).toContainEqual([
      `<SplitResult xmlns="${NS}">2</SplitResult>`,
      `<first xmlns="${NS}">a</first>`,
      `<rest xmlns="${NS}">b,c</rest>`,
    ]);
    expect(answers).toContainEqual([]);
  });

  it('sends and answers only Body elements the exported WSDL declares (libxml2)', async () => {
    const wsdl = readFileSync(join(ROOT, 'test', '.tmp', OUT, 'wsdl', 'Quotes.wsdl'), 'utf8');
    const documents: Record<string, string> = {};
    wire
      .filter((w) => w.style !== 'httpPost')
      .forEach((w, i) => {
        for (const [side, text] of [
          ['request', w.request],
          ['answer', w.answer],
        ] as const) {
          bodyElements(text).forEach((e, j) => (documents[`${i} ${side} ${j} <${e.name}>`] = e.xml));
        }
      });
    expect(Object.keys(documents).length).toBeGreaterThan(20);
    const problems = await validateAll(extractSchema(wsdl), documents);
    expect([...problems].filter(([, errors]) => errors.length > 0)).toEqual([]);
  });

  it('publishes one message part per element of the Body', () => {
    const wsdl = readFileSync(join(ROOT, 'test', '.tmp', OUT, 'wsdl', 'Quotes.wsdl'), 'utf8');
    const parts = (message: string) =>
      [
        ...(
          new RegExp(`<wsdl:message name="${message}"(?:/>|>([\\s\\S]*?)</wsdl:message>)`).exec(wsdl)?.[1] ?? ''
        ).matchAll(/<wsdl:part name="(\w+)" element="tns:(\w+)"\/>/g),
      ].map((m) => `${m[1]}=${m[2]}`);
    expect(parts('ConvertSoapIn')).toEqual(['amount=amount', 'source=source', 'target=target']);
    expect(parts('ConvertSoapOut')).toEqual(['ConvertResult=ConvertResult']);
    expect(parts('SplitSoapOut')).toEqual(['SplitResult=SplitResult', 'first=first', 'rest=rest']);
    expect(parts('FindQuoteSoapOut')).toEqual(['Found=Found']);
    expect(parts('PingSoapIn')).toEqual([]);
    expect(parts('EchoSoapIn')).toEqual(['parameters=Echo']);
    expect(wsdl).toContain('<s:element name="request" nillable="true" type="tns:QuoteRequest"/>');
    expect(wsdl).toContain('<s:element name="amount" type="s:double"/>');
  });

  it('documents the Body elements each way and the action, instead of operation elements', () => {
    const page = (name: string) =>
      readFileSync(join(ROOT, 'test', '.tmp', OUT, 'docs', 'operations', `${name}.md`), 'utf8');
    expect(page('Split')).toContain(`| Request Body | \`<symbols>\` in \`${NS}\` |`);
    expect(page('Split')).toContain('| SOAP response Body | `<SplitResult>`, `<first>`, `<rest>` |');
    expect(page('Ping')).toContain(`| Request Body | none (an empty Body) in \`${NS}\` |`);
    expect(page('Ping')).toContain(
      `| SOAP action | \`"${NS}Ping"\` (the SOAPAction header in SOAP 1.1, the Content-Type's action in SOAP 1.2) |`,
    );
    expect(page('Split')).not.toContain('<SplitResponse>');
    expect(page('Echo')).toContain('| SOAP response | `<EchoResponse>` holding `<EchoResult>` |');
  });

  it('documents the exchange the client sends and the mock answers, byte for byte', async () => {
    const page = readFileSync(join(ROOT, 'test', '.tmp', OUT, 'docs', 'operations', 'Convert.md'), 'utf8');
    const section = page.slice(page.indexOf('### SOAP 1.2'));
    const [request, response] = [...section.matchAll(/```http\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    expect(request).toContain(`Content-Type: application/soap+xml; charset=utf-8; action="${NS}Convert"`);
    const sentBody = request!.slice(request!.indexOf('\n\n') + 2);
    // The page's call, with its example arguments as written.
    const args = evaluateExpression(/await client\.convert\((.*)\);$/m.exec(page)![1]!) as {
      amount: number;
      source: string;
      target: string;
    };
    const before = wire.length;
    await client('soap12').convert(args);
    // The docs show the XML indented: without the white space between elements it is the bytes on the wire.
    expect(wire[before]!.request).toBe(unindent(sentBody));
    // The docs answer with the example result; this test's handler answers the amount (source = target), so the
    // two differ in that one text.
    expect(args.source).toBe(args.target);
    const shown = unindent(response!.slice(response!.indexOf('\n\n') + 2));
    expect(wire[before]!.answer).toBe(
      shown.replace(/(<ConvertResult [^>]*>)[^<]*(<\/ConvertResult>)/, `$1${args.amount}$2`),
    );
    expect(sentBody).not.toBe(wire[before]!.request);
  });
});

describe('node-soap as the client, reading the WSDL the mock serves', () => {
  it('calls the bare operations of one part each way (node-soap writes several parts as one element)', async () => {
    const client = (await createClientAsync(`${server.url}${PATH}?WSDL`)) as unknown as Record<
      string,
      (args: unknown) => Promise<[unknown, string]>
    >;
    const [quote, quoteXml] = await client['GetQuoteAsync']!({ Symbol: 'ABC', Currency: 'EUR' });
    expect(quote).toEqual({ Symbol: 'ABC.EUR', Price: 12.5, Tags: { string: ['a', 'b'] } });
    expect(quoteXml).toContain(`<soap:Body><GetQuoteResult xmlns="${NS}">`);
    const [found] = await client['FindQuoteAsync']!('XYZ');
    expect(found).toEqual({ Symbol: 'XYZ', Price: 1, Tags: null });
    // node-soap's request for three parts nests them in the first; the mock refuses it as ASMX would, with a fault.
    await expect(client['ConvertAsync']!({ amount: 1, source: 'A', target: 'B' })).rejects.toThrow(
      /soap:Client: element <amount> has child elements/,
    );
  });
});

describe('bare requests the mock refuses, each with a Client fault', () => {
  const convert = `<amount xmlns="${NS}">1</amount><source xmlns="${NS}">A</source><target xmlns="${NS}">B</target>`;
  const soap11 = (action?: string) => ({
    'Content-Type': 'text/xml; charset=utf-8',
    ...(action === undefined ? {} : { SOAPAction: `"${action}"` }),
  });
  const soap12 = (action?: string) => ({
    'Content-Type': `application/soap+xml; charset=utf-8${action === undefined ? '' : `; action="${action}"`}`,
  });

  it('routes SOAP 1.2 without an action by the first element, when one operation has it', async () => {
    const answer = await post(envelope12(convert), soap12());
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<ConvertResult xmlns="${NS}">2</ConvertResult>`);
  });

  it.each([
    [
      'SOAP 1.1 without SOAPAction',
      envelope11(convert),
      soap11(),
      /SOAPAction HTTP header is missing: Convert expects/,
    ],
    [
      'the action of another operation',
      envelope11(convert),
      soap11(`${NS}FindQuote`),
      /unknown parameter "amount" in the SOAP Body of FindQuote/,
    ],
    [
      'an action of no operation',
      envelope11(convert),
      soap11(`${NS}Nothing`),
      /did not recognize the value of HTTP Header SOAPAction/,
    ],
    ['an empty Body without action', envelope12(''), soap12(), /the SOAP Body is empty/],
    [
      'an empty Body for an operation with a required parameter',
      envelope12(''),
      soap12(`${NS}Convert`),
      /required parameters "amount", "source", "target" are missing/,
    ],
    [
      'a parameter of another namespace',
      envelope12(`<symbol xmlns="urn:other">X</symbol>`),
      soap12(`${NS}FindQuote`),
      /parameter "symbol" is not in namespace/,
    ],
    [
      'a parameter twice',
      envelope12(`<symbol xmlns="${NS}">X</symbol><symbol xmlns="${NS}">Y</symbol>`),
      soap12(`${NS}FindQuote`),
      /appears more than once/,
    ],
    [
      'an element no operation has',
      envelope12(`<nothing xmlns="${NS}"/>`),
      soap12(),
      /not an operation of this service/,
    ],
    [
      'a wrapper element for a bare operation',
      envelope12(`<Convert xmlns="${NS}"><amount>1</amount></Convert>`),
      soap12(`${NS}Convert`),
      /unknown parameter "Convert" in the SOAP Body of Convert/,
    ],
  ])('%s', async (_, body, headers, reason) => {
    const answer = await post(body, headers);
    expect(answer.status).toBe(500);
    expect(answer.text).toMatch(/soap:Client|soap:Sender/);
    expect(answer.text).toMatch(reason);
  });
});

describe('the loader refuses bare operations the wire cannot carry', () => {
  const spec = (operations: string) => `specVersion: 1
service: { name: S, title: S, version: '1', path: /S.asmx, namespace: { uri: 'http://s.example/' }, client: SClient, bindings: [soap11, soap12] }
operations:
${operations}`;
  const issues = (operations: string): string[] => {
    try {
      parseSpec(spec(operations), 's.yaml');
    } catch (error) {
      if (error instanceof SpecError) return error.issues.map((i) => i.message);
      throw error;
    }
    return [];
  };

  it('a parameter element named as another operation', () => {
    const found = issues(`  - { name: Find, params: [{ name: Count, type: string }], result: int, parameterStyle: bare }
  - { name: Count, result: int }`);
    expect(found).toEqual([
      expect.stringMatching(
        /^<Count> is a top-level element of operation Find, holding an xs:string \(nillable\), but also of operation Count, holding the operation element of Count/,
      ),
    ]);
  });

  it('one element name holding two types in two bare operations', () => {
    const found = issues(`  - { name: A, params: [{ name: id, type: int }], result: int, parameterStyle: bare }
  - { name: B, params: [{ name: id, type: string }], result: int, parameterStyle: bare }`);
    expect(found).toEqual([
      expect.stringMatching(
        /^<id> is a top-level element of operation B, holding an xs:string \(nillable\), but also of operation A, holding an xs:int/,
      ),
    ]);
  });

  it('the same element of the same type in two operations is one element', () => {
    expect(
      issues(`  - { name: A, params: [{ name: id, type: int }], result: int, parameterStyle: bare }
  - { name: B, params: [{ name: id, type: int }], result: int, parameterStyle: bare }`),
    ).toEqual([]);
  });

  it('an output list without container, and a SOAPAction another operation has', () => {
    const found = issues(`  - name: A
    params: [{ name: id, type: int }]
    result: int
    outputs: [{ name: ids, type: { list: int, container: false } }]
    parameterStyle: bare
    soapAction: 'urn:x'
  - { name: B, params: [{ name: id, type: int }], result: int, soapAction: 'urn:x', parameterStyle: bare }`);
    expect(found).toEqual([
      expect.stringMatching(/output "ids" is a list without container, which a bare operation cannot answer/),
      expect.stringMatching(
        /is known by its SOAPAction, else by its Body's first element, but "urn:x" is also the SOAPAction of B and both Bodies start with <id>: nothing tells them apart/,
      ),
      expect.stringMatching(
        /is known by its SOAPAction, else by its Body's first element, but "urn:x" is also the SOAPAction of A and both Bodies start with <id>/,
      ),
    ]);
  });

  it('a parameter style where there is no SOAP binding', () => {
    const found = issues(
      `  - { name: A, params: [{ name: id, type: int }], result: int, parameterStyle: bare }`,
    ).length;
    expect(found).toBe(0);
    const noSoap = spec(
      `  - { name: A, params: [{ name: id, type: int }], result: int, parameterStyle: bare }`,
    ).replace('[soap11, soap12]', '[httpPost]');
    expect(() => parseSpec(noSoap, 's.yaml')).toThrow(
      /the service has no SOAP binding \(service.bindings\), so a parameter style means nothing here/,
    );
  });
});
