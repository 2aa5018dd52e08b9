/**
 * Issue 25: WSDLs from outside ASP.NET, each a hand-written fixture under test/fixtures/import/ in the shape of real
 * ones, imported, generated with no edit, type-checked, and called by the generated client against the generated mock
 * in SOAP 1.1 and 1.2, with exact checks of the headers and Body on the wire:
 * - EmptyAction.wsdl (JAX-WS): soapAction="" on every operation: SOAP 1.1 sends `SOAPAction: ""`, SOAP 1.2 no action,
 *   and the mock knows the operation by the Body's first element;
 * - SharedAction.wsdl (Exchange's GetEvents / GetStreamingEvents): two bare operations of one SOAPAction, told apart
 *   by the Body's first element;
 * - MessageContract.wsdl (WCF MessageContract, MyBoardPack's): one wrapper element named apart from the operations,
 *   shared by two of them, drafted as a bare parameter (and result) of a record named after the element;
 * - NoNamespace.wsdl (WCF, Namespace = ""): elements in no namespace, written unqualified and read so.
 * Raw requests check that the mock accepts `SOAPAction: ""` and refuses a wrong action with a Client fault.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';

interface Server {
  url: string;
  close(): Promise<void>;
}
interface Exchange {
  contentType: string | null;
  soapAction: string | null;
  request: string;
  answer: string;
}
type Client = Record<string, (p?: unknown) => Promise<unknown>>;

interface Fixture {
  readonly name: string;
  readonly clientClass: string;
  readonly path: string;
  readonly handlers: Record<string, (p: never) => unknown>;
}

const FIXTURES: readonly Fixture[] = [
  {
    name: 'EmptyAction',
    clientClass: 'QuoteServiceClient',
    path: '/quotes/QuoteService',
    handlers: {
      getQuote: ({ getQuote }: { getQuote: { symbol: string } }) => ({
        price: getQuote.symbol === 'ABC' ? '12.5' : '1',
      }),
      countSymbols: ({ countSymbols }: { countSymbols: { prefix: string } }) => ({ count: countSymbols.prefix.length }),
      quoteIn: ({ currency, getQuote }: { currency: string; getQuote: { symbol: string } }) =>
        `${getQuote.symbol} in ${currency}`,
      echo: ({ text }: { text: string }) => `${text}!`,
    },
  },
  {
    name: 'SharedAction',
    clientClass: 'EventsServiceClient',
    path: '/EWS/Exchange.asmx',
    handlers: {
      getEvents: ({ GetEvents }: { GetEvents: { SubscriptionId: string } }) => ({
        Count: 1,
        Source: `events ${GetEvents.SubscriptionId}`,
      }),
      getStreamingEvents: ({ GetStreamingEvents }: { GetStreamingEvents: { SubscriptionId: string } }) => ({
        Count: 2,
        Source: `streaming ${GetStreamingEvents.SubscriptionId}`,
      }),
    },
  },
  {
    name: 'MessageContract',
    clientClass: 'BoardServiceClient',
    path: '/BoardService.svc',
    handlers: {
      getUser: ({ stringReqM }: { stringReqM: { value: string } }) => ({ Result: `user ${stringReqM.value}` }),
      getUserNameByEmail: ({ stringReqM }: { stringReqM: { value: string } }) => ({
        Result: `name of ${stringReqM.value}`,
      }),
    },
  },
  {
    name: 'NoNamespace',
    clientClass: 'SoapServiceClient',
    path: '/Soap.svc',
    handlers: {
      findMember: ({ name }: { name: string }) => ({ Id: '7', Name: name }),
      rename: ({ member, to }: { member: { Id: string; Name: string }; to: string }) => member.Name !== to,
    },
  },
];

const OUT = 'test/.tmp/issue25-import';
const ENV11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const ENV12 = 'http://www.w3.org/2003/05/soap-envelope';

interface Loaded {
  readonly yaml: string;
  readonly problems: readonly string[];
  readonly dir: string;
  readonly client: Record<string, unknown>;
  readonly server: Server;
  readonly wsdl: string;
}
const loaded = new Map<string, Loaded>();
const wire: Exchange[] = [];

function recording(): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    const response = await fetch(request);
    wire.push({
      contentType: request.headers.get('content-type'),
      soapAction: request.headers.get('soapaction'),
      request: body,
      answer: await response.clone().text(),
    });
    return response;
  };
}

function client(name: string, style: string): Client {
  const f = FIXTURES.find((x) => x.name === name)!;
  const l = loaded.get(name)!;
  const Ctor = l.client[f.clientClass] as new (o: Record<string, unknown>) => Client;
  return new Ctor({ baseUrl: l.server.url, style, fetch: recording() });
}

/** Calls `run` and returns what crossed the wire for it (one exchange). */
async function exchange(run: () => Promise<unknown>): Promise<{ result: unknown; sent: Exchange }> {
  const before = wire.length;
  const result = await run();
  expect(wire.length).toBe(before + 1);
  return { result, sent: wire[before]! };
}

function body11(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV11}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}
function body12(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENV12}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** A raw SOAP 1.1 request to a fixture's mock. */
async function post(
  name: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const l = loaded.get(name)!;
  const f = FIXTURES.find((x) => x.name === name)!;
  const response = await fetch(`${l.server.url}${f.path}`, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

beforeAll(async () => {
  const root = fromRoot(OUT);
  rmSync(root, { recursive: true, force: true });
  for (const f of FIXTURES) {
    const file = `test/fixtures/import/${f.name}.wsdl`;
    const imported = importWsdl(readFileSync(fromRoot(file), 'utf8'), file);
    const dir = join(root, f.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'spec.yaml'), imported.yaml);
    // The draft as it is: no edit between import and generation.
    await generate({ spec: `${OUT}/${f.name}/spec.yaml`, out: join(dir, 'out'), cwd: repoRoot });
    const clientModule = (await import(join(dir, 'out', 'client', 'index.ts'))) as Record<string, unknown>;
    const mockModule = (await import(join(dir, 'out', 'mock', 'index.ts'))) as Record<string, unknown>;
    const start = mockModule['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
    const server = await start({ handlers: f.handlers });
    const wsdl = readFileSync(join(dir, 'out', 'wsdl', `${/\w+(?=Client$)/.exec(f.clientClass)![0]}.wsdl`), 'utf8');
    loaded.set(f.name, {
      yaml: imported.yaml,
      problems: imported.problems.map((p) => p.message),
      dir,
      client: clientModule,
      server,
      wsdl,
    });
  }
}, 120_000);
afterAll(async () => {
  for (const l of loaded.values()) await l.server.close();
});

describe('issue 25: import and generate with no edit', () => {
  it.each(FIXTURES.map((f) => f.name))('%s type-checks as a strict consumer compiles it', (name) => {
    expect(typecheckDir(join(loaded.get(name)!.dir, 'out')).diagnostics).toEqual([]);
  });

  it.each([
    ['EmptyAction', "soapAction: ''", 4],
    ['SharedAction', 'soapAction: http://events.example.org/messages/GetEvents', 1],
    ['MessageContract', 'parameterStyle: bare', 2],
    ['NoNamespace', "namespace: { uri: '' }", 1],
  ] as const)('%s drafts every operation (%s, %i times)', (name, line, count) => {
    const { yaml, problems } = loaded.get(name)!;
    expect(
      yaml.split('\n').filter((l) => l.trim() === line || l.trim().startsWith(`${line} `) || l.includes(line)).length,
    ).toBe(count);
    expect(problems.filter((p) => /left out;|cannot be drafted/.test(p))).toEqual([]);
  });

  it('drafts the MessageContract wrapper as a record named after its element, a bare parameter and result', () => {
    const { yaml } = loaded.get('MessageContract')!;
    expect(yaml).toContain(`  - name: GetUser
    params:
      - { name: stringReqM, type: stringReqM, optional: true }
    result: { type: stringRespM, element: stringRespM }
    soapAction: urn:IBoardService/GetUser
    parameterStyle: bare`);
    expect(yaml).toContain(`  stringReqM:
    fields:
      - { name: Credentials, type: string }
      - { name: value, type: string }`);
  });

  it('exports WSDLs with soapAction="" and, in no namespace, schemas without targetNamespace, valid for libxml2', async () => {
    const empty = loaded.get('EmptyAction')!.wsdl;
    expect(empty.match(/soapAction=""/g)?.length).toBe(8);
    const none = loaded.get('NoNamespace')!.wsdl;
    expect(none).not.toMatch(/targetNamespace=""|xmlns:tns|xmlns=""|tns:/);
    expect(none).toContain('<s:schema elementFormDefault="qualified">');
    expect(none).toContain('<wsdl:part name="parameters" element="FindMember"/>');
    expect(none).toContain('<wsdl:binding name="SoapServiceSoap" type="SoapServiceSoap">');
    // The exported schema accepts the Body the client sends.
    const sent = body11('<FindMember><name>Ann</name><limit>3</limit></FindMember>').replace(
      /^.*<soap:Body>|<\/soap:Body>.*$/g,
      '',
    );
    const found = await validateAll(extractSchemas(none), { sent });
    expect([...found.values()].flat()).toEqual([]);
  });
});

describe('issue 25: the docs show the empty action', () => {
  const docs = (file: string) => readFileSync(join(loaded.get('EmptyAction')!.dir, 'out', 'docs', file), 'utf8');

  it('in the index, the operation pages and their wire examples', () => {
    expect(docs('README.md')).toContain('`Content-Type: text/xml; charset=utf-8`, `SOAPAction: ""`, `Content-Length`');
    const bare = docs('operations/getQuote.md');
    expect(bare).toContain(
      '| SOAP action | `""` (the SOAPAction header in SOAP 1.1, empty; none in SOAP 1.2: the service knows the operation by the Body\'s first element) |',
    );
    expect(bare).toContain('Content-Type: text/xml; charset=utf-8\nSOAPAction: ""\n');
    expect(bare).not.toContain('action=');
    expect(docs('operations/echo.md')).toContain('| SOAPAction (SOAP 1.1) | `""` |');
  });
});

describe('issue 25: the generated client against the generated mock', () => {
  it('EmptyAction: SOAP 1.1 sends SOAPAction: "" and the Body names the operation', async () => {
    const c = client('EmptyAction', 'soap11');
    const quote = await exchange(() => c['getQuote']!({ getQuote: { symbol: 'ABC' } }));
    expect(quote.result).toEqual({ price: '12.5' });
    expect(quote.sent.soapAction).toBe('""');
    expect(quote.sent.contentType).toBe('text/xml; charset=utf-8');
    expect(quote.sent.request).toBe(
      body11('<getQuote xmlns="http://quotes.example.org/"><symbol>ABC</symbol></getQuote>'),
    );
    const count = await exchange(() => c['countSymbols']!({ countSymbols: { prefix: 'AB' } }));
    expect(count.result).toEqual({ count: 2 });
    expect(count.sent.request).toBe(
      body11('<countSymbols xmlns="http://quotes.example.org/"><prefix>AB</prefix></countSymbols>'),
    );
    const echo = await exchange(() => c['echo']!({ text: 'hi' }));
    expect(echo.result).toBe('hi!');
    expect(echo.sent.soapAction).toBe('""');
    expect(echo.sent.request).toBe(body11('<echo xmlns="http://quotes.example.org/"><text>hi</text></echo>'));
  });

  it('EmptyAction: SOAP 1.2 sends no action', async () => {
    const c = client('EmptyAction', 'soap12');
    const quote = await exchange(() => c['getQuote']!({ getQuote: { symbol: 'ABC' } }));
    expect(quote.result).toEqual({ price: '12.5' });
    expect(quote.sent.soapAction).toBeNull();
    expect(quote.sent.contentType).toBe('application/soap+xml; charset=utf-8');
    expect(quote.sent.request).toBe(
      body12('<getQuote xmlns="http://quotes.example.org/"><symbol>ABC</symbol></getQuote>'),
    );
    expect(await c['countSymbols']!({ countSymbols: { prefix: 'ABC' } })).toEqual({ count: 3 });
    expect(await c['echo']!({ text: 'yo' })).toBe('yo!');
    // <getQuote> is also quoteIn's second part: without an action, only the first element tells the two apart.
    const both = await exchange(() => c['quoteIn']!({ currency: 'EUR', getQuote: { symbol: 'X' } }));
    expect(both.result).toBe('X in EUR');
    expect(both.sent.contentType).toBe('application/soap+xml; charset=utf-8');
    expect(both.sent.request).toBe(
      body12(
        '<currency xmlns="http://quotes.example.org/">EUR</currency><getQuote xmlns="http://quotes.example.org/"><symbol>X</symbol></getQuote>',
      ),
    );
  });

  it.each(['soap11', 'soap12'])('SharedAction over %s: one action, told apart by the first element', async (style) => {
    const c = client('SharedAction', style);
    const action = 'http://events.example.org/messages/GetEvents';
    const events = await exchange(() => c['getEvents']!({ GetEvents: { SubscriptionId: 's1', Watermark: 'w' } }));
    expect(events.result).toEqual({ Count: 1, Source: 'events s1' });
    const streaming = await exchange(() =>
      c['getStreamingEvents']!({ GetStreamingEvents: { SubscriptionId: 's2', ConnectionTimeout: 5 } }),
    );
    expect(streaming.result).toEqual({ Count: 2, Source: 'streaming s2' });
    const build = style === 'soap11' ? body11 : body12;
    expect(events.sent.request).toBe(
      build(
        '<GetEvents xmlns="http://events.example.org/messages"><SubscriptionId>s1</SubscriptionId><Watermark>w</Watermark></GetEvents>',
      ),
    );
    expect(streaming.sent.request).toBe(
      build(
        '<GetStreamingEvents xmlns="http://events.example.org/messages"><SubscriptionId>s2</SubscriptionId><ConnectionTimeout>5</ConnectionTimeout></GetStreamingEvents>',
      ),
    );
    for (const sent of [events.sent, streaming.sent]) {
      if (style === 'soap11') expect(sent.soapAction).toBe(`"${action}"`);
      else expect(sent.contentType).toBe(`application/soap+xml; charset=utf-8; action="${action}"`);
    }
    expect(streaming.sent.answer).toContain(
      '<GetStreamingEventsResponse xmlns="http://events.example.org/messages"><Count>2</Count><Source>streaming s2</Source></GetStreamingEventsResponse>',
    );
  });

  it.each(['soap11', 'soap12'])('MessageContract over %s: the shared wrapper, routed by the action', async (style) => {
    const c = client('MessageContract', style);
    const user = await exchange(() => c['getUser']!({ stringReqM: { Credentials: 'k', value: 'ann' } }));
    expect(user.result).toEqual({ Result: 'user ann' });
    const name = await exchange(() => c['getUserNameByEmail']!({ stringReqM: { Credentials: 'k', value: 'a@x' } }));
    expect(name.result).toEqual({ Result: 'name of a@x' });
    const build = style === 'soap11' ? body11 : body12;
    expect(user.sent.request).toBe(
      build('<stringReqM xmlns="urn:boards"><Credentials>k</Credentials><value>ann</value></stringReqM>'),
    );
    expect(name.sent.request).toBe(
      build('<stringReqM xmlns="urn:boards"><Credentials>k</Credentials><value>a@x</value></stringReqM>'),
    );
    if (style === 'soap11')
      expect([user.sent.soapAction, name.sent.soapAction]).toEqual([
        '"urn:IBoardService/GetUser"',
        '"urn:IBoardService/GetUserNameByEmail"',
      ]);
    else
      expect(name.sent.contentType).toBe(
        'application/soap+xml; charset=utf-8; action="urn:IBoardService/GetUserNameByEmail"',
      );
    expect(user.sent.answer).toContain('<stringRespM xmlns="urn:boards"><Result>user ann</Result></stringRespM>');
  });

  it.each(['soap11', 'soap12'])('NoNamespace over %s: elements unqualified both ways', async (style) => {
    const c = client('NoNamespace', style);
    const found = await exchange(() => c['findMember']!({ name: 'Ann', limit: 3 }));
    expect(found.result).toEqual({ Id: '7', Name: 'Ann' });
    const build = style === 'soap11' ? body11 : body12;
    expect(found.sent.request).toBe(build('<FindMember><name>Ann</name><limit>3</limit></FindMember>'));
    if (style === 'soap11') expect(found.sent.soapAction).toBe('"urn:SoapService/FindMember"');
    expect(found.sent.answer).toContain(
      `${style === 'soap11' ? ENV11 : ENV12}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body><FindMemberResponse><FindMemberResult xmlns:ns1="http://schemas.datacontract.org/2004/07/Boards"><ns1:Id>7</ns1:Id><ns1:Name>Ann</ns1:Name></FindMemberResult></FindMemberResponse></soap:Body>`,
    );
    const renamed = await exchange(() => c['rename']!({ member: { Id: '7', Name: 'Ann' }, to: 'Bo' }));
    expect(renamed.result).toBe(true);
    expect(renamed.sent.request).toBe(
      build(
        '<Rename><member xmlns:ns1="http://schemas.datacontract.org/2004/07/Boards"><ns1:Id>7</ns1:Id><ns1:Name>Ann</ns1:Name></member><to>Bo</to></Rename>',
      ),
    );
  });
});

describe('issue 25: raw requests to the mock', () => {
  const quote = body11('<getQuote xmlns="http://quotes.example.org/"><symbol>ABC</symbol></getQuote>');
  const echo = body11('<echo xmlns="http://quotes.example.org/"><text>hi</text></echo>');
  const countSymbols = body11('<countSymbols xmlns="http://quotes.example.org/"><prefix>AB</prefix></countSymbols>');

  it.each([
    [
      'a bare operation with SOAPAction: ""',
      quote,
      '""',
      200,
      '<getQuoteResponse xmlns="http://quotes.example.org/"><price>12.5</price></getQuoteResponse>',
    ],
    ['a wrapped operation with SOAPAction: ""', echo, '""', 200, '<echoResult>hi!</echoResult>'],
    [
      'a bare operation with a wrong action',
      quote,
      '"urn:wrong"',
      500,
      '<faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction: "urn:wrong"</faultstring>',
    ],
    [
      'a bare operation of a unique first element with a wrong action',
      countSymbols,
      '"urn:wrong"',
      500,
      '<faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction: "urn:wrong"; the action of countSymbols is ""</faultstring>',
    ],
    [
      'a wrapped operation with a wrong action',
      echo,
      'urn:wrong',
      500,
      '<faultcode>soap:Client</faultcode><faultstring>Server did not recognize the value of HTTP Header SOAPAction: "urn:wrong"; the action of echo is ""</faultstring>',
    ],
    [
      'an element no operation starts with',
      body11('<nothing xmlns="http://quotes.example.org/"/>'),
      '""',
      500,
      '<faultcode>soap:Client</faultcode>',
    ],
  ])('EmptyAction: %s', async (_, body, action, status, part) => {
    const answer = await post('EmptyAction', body, { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: action });
    expect(answer.status).toBe(status);
    expect(answer.text).toContain(part);
  });

  it('SharedAction: a Body that neither operation of the action starts with is a Client fault', async () => {
    const answer = await post(
      'SharedAction',
      body11('<GetEventsResponse xmlns="http://events.example.org/messages"/>'),
      {
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: '"http://events.example.org/messages/GetEvents"',
      },
    );
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('<faultcode>soap:Client</faultcode>');
  });

  it('NoNamespace: an element in a namespace is refused, as the service reads its elements in none', async () => {
    const answer = await post(
      'NoNamespace',
      body11('<FindMember xmlns="urn:SoapService"><name>Ann</name></FindMember>'),
      {
        'Content-Type': 'text/xml; charset=utf-8',
        SOAPAction: '"urn:SoapService/FindMember"',
      },
    );
    expect(answer.status).toBe(500);
    expect(answer.text).toContain(
      '<faultcode>soap:Client</faultcode><faultstring>&lt;FindMember&gt; is in namespace "urn:SoapService", but the operation is in namespace ""</faultstring>',
    );
  });
});
