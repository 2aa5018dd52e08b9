/**
 * Text content with attributes and xs:form on the wire (issue 25, category 3), from a WSDL in the shape real schemas
 * have (test/fixtures/simple-content/Trade.wsdl): ebXML's PartyId (a `type` attribute and text), a Money with its
 * `currency` and decimal text, a TaxedMoney extending it (a simpleContent chain), an element with form="unqualified",
 * an attribute with form="qualified", and a second schema with elementFormDefault="unqualified" and
 * attributeFormDefault="qualified". Imported and generated once (`--wsdl`); the output type-checks; the client sends
 * exactly the XML below and reads it back strictly; client and generated mock agree in SOAP 1.1, SOAP 1.2 and HTTP
 * POST; what both send validates (libxml2) against the fixture's own schema and against the generated WSDL's, and so do
 * the docs' example exchanges; node-soap serving the fixture gets what the client sends and answers what it reads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { startNodeSoapServer } from '../helpers/node-soap-server.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/simple-content/Trade.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'text-content');
const NS = 'http://example.org/trade/';
const CODES = 'http://example.org/trade/codes';

type Style = 'soap11' | 'soap12' | 'httpPost';
type Handlers = Record<string, (params: Record<string, unknown>) => unknown>;
interface Client {
  register(p: unknown): Promise<unknown>;
  findParties(p: unknown): Promise<unknown>;
  quote(p: unknown): Promise<unknown>;
}
interface MockService {
  handle(request: Request): Promise<Response>;
}

let client: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  ({ client, mock: mockModule } = await generatedFromWsdl(WSDL, OUT));
}, 120_000);

/** Every request body the clients sent and every answer the mocks gave, for the schema checks at the end. */
const wire: Array<{ what: string; xml: string }> = [];

function clientFor(style: Style, answer: (request: Request) => Promise<Response>): { client: Client; sent: string[] } {
  const sent: string[] = [];
  const Ctor = client['TradeClient'] as new (o: Record<string, unknown>) => Client;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const body = await request.clone().text();
    sent.push(body);
    if (style !== 'httpPost') wire.push({ what: `request ${style} ${body.slice(0, 120)}`, xml: soapBodyElement(body) });
    return answer(request);
  };
  return { client: new Ctor({ baseUrl: 'http://trade.test', style, fetch }), sent };
}

/** The generated mock with these handlers; each answer of 200 it gives is kept for the schema checks. */
function mock(handlers: Handlers): MockService {
  const service = (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({ handlers });
  return {
    async handle(request) {
      const response = await service.handle(request);
      const text = await response.clone().text();
      if (response.status === 200) {
        const soap = /Envelope/.test(text);
        wire.push({
          what: `answer ${text.slice(0, 160)}`,
          xml: soap ? soapBodyElement(text) : text.replace(/^<\?xml[^>]*\?>\s*/, ''),
        });
      }
      return response;
    },
  };
}

/** A SOAP 1.1 response to `op` holding `content` in <OpResponse>. */
function soapResponse(op: string, content: string): () => Promise<Response> {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body><${op}Response xmlns="${NS}">${content}</${op}Response></soap:Body></soap:Envelope>`;
  return async () => new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } });
}

/** A SOAP 1.1 request to `op` with `content` as its parameters. */
function soapRequest(op: string, content: string): Request {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="${NS}">${content}</${op}></soap:Body></soap:Envelope>`;
  return new Request('http://trade.test/Trade.asmx', {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}${op}"` },
  });
}

/** The children of a SOAP request's operation element, as markup. */
function params(envelope: string, op: string): string {
  const match = new RegExp(`<${op}[^>]*>([\\s\\S]*)</${op}>`).exec(envelope);
  if (!match) throw new Error(`no <${op}> in ${envelope}`);
  return match[1]!;
}

const PARTY = {
  PartyId: [{ Value: '123456789', type: 'urn:duns' }, { Value: 'anon' }],
  Name: 'ACME & Sons',
  Role: 'buyer',
  Note: null,
  Alias: ['A', null],
  Limit: { Value: '1000.50', currency: 'EUR', rate: 20 },
  Code: { Value: 'X1', scheme: 'iso', version: '2' },
  Address: { Street: 'Main 1', Zip: 1000, kind: 'home' },
  Places: [{ Street: 'Side 2', Zip: 2000, kind: 'work' }, null],
  ref: 'P-1',
  status: 'active',
};

/** PARTY as the client writes it (the element `party`). */
const PARTY_XML =
  `<party xmlns:tns="${NS}" tns:ref="P-1" status="active">` +
  '<PartyId type="urn:duns">123456789</PartyId><PartyId>anon</PartyId>' +
  '<Name>ACME &amp; Sons</Name>' +
  '<Role xmlns="">buyer</Role>' +
  '<Note xmlns="" xsi:nil="true"/>' +
  '<Alias xmlns="">A</Alias><Alias xmlns="" xsi:nil="true"/>' +
  '<Limit currency="EUR" rate="20">1000.50</Limit>' +
  `<Code xmlns:ns1="${CODES}" ns1:scheme="iso" version="2">X1</Code>` +
  `<Address xmlns:ns1="${CODES}" ns1:kind="home"><Street xmlns="">Main 1</Street><Zip xmlns="">1000</Zip></Address>` +
  `<Places><Address xmlns="" xmlns:ns1="${CODES}" ns1:kind="work"><Street xmlns="">Side 2</Street><Zip xmlns="">2000</Zip></Address><Address xmlns="" xsi:nil="true"/></Places>` +
  '</party>';

/** What the decoders give for PARTY: every member, undefined where absent. */
const PARTY_READ = {
  ...PARTY,
  PartyId: [
    { Value: '123456789', type: 'urn:duns' },
    { Value: 'anon', type: undefined },
  ],
};

describe('the import', () => {
  const { yaml, problems } = importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Trade.wsdl');

  it('drafts text content with attributes as records with a text field, a chain with extends, and each form that is not the default', () => {
    for (const line of [
      '      - { name: Value, type: string, text: true }\n      - { name: type, type: string, attribute: true }',
      '      - { name: Value, type: decimal, text: true }\n      - { name: currency, type: string, optional: false, attribute: true }',
      '  TaxedMoney:\n    extends: Money\n    fields:\n      - { name: rate, type: int, optional: true, attribute: true }',
      '      - { name: Role, type: string, nillable: false, form: unqualified }',
      '      - { name: ref, type: string, attribute: true, form: qualified }',
      '      - { name: scheme, type: string, optional: false, attribute: true, form: qualified }',
      '      - { name: version, type: string, attribute: true }',
      '      - { name: Street, type: string, nillable: false, form: unqualified }',
      '      - { name: Places, type: { list: Address, form: unqualified }, nillable: false }',
    ]) {
      expect(yaml).toContain(line);
    }
    // Nothing of it is reported left out: the unqualified schema's elements are drafted with their form.
    expect(problems.map((p) => `${p.line} ${p.construct}`)).toEqual([]);
  });

  it('the generated WSDL imports back to the same records', () => {
    const records = (text: string) =>
      parse(text.slice(text.indexOf('\nrecords:'), text.indexOf('\noperations:'))) as unknown;
    const again = importWsdl(readFileSync(join(OUT, 'wsdl', 'Trade.wsdl'), 'utf8'), 'Trade.wsdl').yaml;
    expect(records(again)).toEqual(records(yaml));
    expect(records(yaml)).toHaveProperty('records.PartyId');
  });

  it("the output type-checks with a strict consumer's settings, text and attributes members of the records", () => {
    const consumer = join(OUT, 'consumer.ts');
    writeFileSync(
      consumer,
      [
        "import type { Money, Party, TaxedMoney } from './client/types.js';",
        "export const money: Money = { Value: '1.5', currency: 'EUR' };",
        "export const taxed: TaxedMoney = { Value: '1.5', currency: 'EUR', rate: 20 };",
        "export const party: Party = { PartyId: [{ Value: 'x', type: 'urn:duns' }], Alias: [], Role: 'r', ref: 'P-1', Code: { Value: 'c', scheme: 'iso' } };",
        '// @ts-expect-error the currency is required',
        "export const noCurrency: Money = { Value: '1.5' };",
        '// @ts-expect-error the text is required',
        "export const noText: Money = { currency: 'EUR' };",
        '',
      ].join('\n'),
    );
    expect(typecheckDir(OUT).diagnostics).toEqual([]);
  }, 120_000);
});

describe('the client writes text, attributes and forms', () => {
  it('sends records of text content with their attributes, unqualified elements in no namespace, qualified attributes with a prefix', async () => {
    const { client: c, sent } = clientFor(
      'soap11',
      soapResponse('Register', '<RegisterResult type="urn:duns">123456789</RegisterResult>'),
    );
    expect(await c.register({ party: PARTY, deposit: { Value: '10.50', currency: 'EUR' } })).toEqual({
      Value: '123456789',
      type: 'urn:duns',
    });
    expect(params(sent[0]!, 'Register')).toBe(`${PARTY_XML}<deposit currency="EUR">10.50</deposit>`);
  });

  it('sends the empty text and escapes text and attributes', async () => {
    const { client: c, sent } = clientFor('soap11', soapResponse('FindParties', ''));
    await c.findParties({ ids: [{ Value: '', type: 'a"<b' }, { Value: 'x<y' }] });
    expect(params(sent[0]!, 'FindParties')).toBe(
      '<ids><PartyId type="a&quot;&lt;b"></PartyId><PartyId>x&lt;y</PartyId></ids>',
    );
  });

  const refused: ReadonlyArray<[string, unknown, RegExp]> = [
    ['text left out', { deposit: { currency: 'EUR' } }, /deposit\.Value is required/],
    ['a required attribute left out', { deposit: { Value: '1' } }, /deposit\.currency is required/],
    [
      'text that is no decimal',
      { deposit: { Value: 'ten', currency: 'EUR' } },
      /deposit\.Value must be a decimal string/,
    ],
    ['null text', { deposit: { Value: null, currency: 'EUR' } }, /deposit\.Value cannot be null/],
    [
      'an unknown member',
      { deposit: { Value: '1', currency: 'EUR', $value: '2' } },
      /deposit\.\$value is not a member/,
    ],
  ];
  it.each(refused)('refuses %s before sending anything', async (_, args, message) => {
    const { client: c, sent } = clientFor('soap11', soapResponse('Register', ''));
    await expect(c.register(args)).rejects.toMatchObject({
      name: 'SvcRequestError',
      message: expect.stringMatching(message),
    });
    expect(sent).toEqual([]);
  });
});

describe('the client reads text, attributes and forms strictly', () => {
  const party = (inner: string, attributes = '') =>
    `<FindPartiesResult><Party${attributes}>${inner}</Party></FindPartiesResult>`;

  it('reads each back as it was sent', async () => {
    const { client: c } = clientFor(
      'soap11',
      soapResponse(
        'FindParties',
        `<FindPartiesResult>${PARTY_XML.replace(/^<party/, '<Party').replace(/<\/party>$/, '</Party>')}</FindPartiesResult>`,
      ),
    );
    expect(await c.findParties({})).toEqual([PARTY_READ]);
  });

  it('takes a qualified attribute by its namespace, whatever the prefix', async () => {
    const { client: c } = clientFor(
      'soap11',
      soapResponse('FindParties', party('<Name>n</Name>', ` xmlns:x="${NS}" x:ref="R"`)),
    );
    expect(await c.findParties({})).toEqual([expect.objectContaining({ ref: 'R', Name: 'n' })]);
  });

  const bad: ReadonlyArray<[string, string, RegExp]> = [
    ['a money without its currency', '<Limit rate="1">5</Limit>', /TaxedMoney: required attribute currency is missing/],
    [
      'text that is no decimal',
      '<Limit currency="EUR">five</Limit>',
      /invalid xs:decimal "five" \(at .*\/Party\/Limit\)/,
    ],
    [
      'an element inside text content',
      '<Limit currency="EUR">5<b/></Limit>',
      /<Limit> has child elements where text was expected.*\/Party\/Limit\)/,
    ],
    ['an attribute that is no int', '<Limit currency="EUR" rate="x">5</Limit>', /Limit\/@rate/],
    [
      'a qualified attribute sent unqualified',
      '<Code scheme="iso">X</Code>',
      /TypedCode: required attribute scheme is missing/,
    ],
    [
      'an unqualified element sent qualified',
      `<Address><Zip xmlns="${CODES}">1</Zip></Address>`,
      /Address: required element <Zip> is missing/,
    ],
    [
      'an unqualified list item sent qualified',
      `<Places><Address><Zip xmlns="">1</Zip></Address></Places>`,
      /<Address> in namespace "http:\/\/example.org\/trade\/" inside a list, which holds only items of namespace ""/,
    ],
  ];
  it.each(bad)('%s is a decode error, never a shorter result', async (_, inner, message) => {
    const { client: c } = clientFor('soap11', soapResponse('FindParties', party(inner)));
    await expect(c.findParties({})).rejects.toMatchObject({
      name: 'SvcDecodeError',
      message: expect.stringMatching(message),
    });
  });

  it('an unqualified element in the service namespace is not that field (ASMX would not take it either)', async () => {
    const { client: c } = clientFor(
      'soap11',
      soapResponse('FindParties', party(`<Role>r</Role><Role xmlns="">s</Role>`)),
    );
    expect(await c.findParties({})).toEqual([expect.objectContaining({ Role: 's' })]);
  });

  it('a qualified attribute sent unqualified, where it is optional, is not taken for it', async () => {
    const { client: c } = clientFor('soap11', soapResponse('FindParties', party('', ' ref="R"')));
    expect(await c.findParties({})).toEqual([expect.objectContaining({ ref: undefined })]);
  });
});

describe('client and generated mock', () => {
  const soap: readonly Style[] = ['soap11', 'soap12'];
  it.each(soap)('agree on records of text content, forms and lists of them in %s', async (style) => {
    const service = mock({
      register: ({ party, deposit }) => {
        expect(party).toEqual(PARTY_READ);
        expect(deposit).toEqual({ Value: '10.50', currency: 'EUR' });
        return { Value: 'R-9', type: 'urn:x' };
      },
      findParties: ({ ids }) =>
        (ids as Array<{ Value: string }>).map((id) => ({ ...PARTY, Name: id.Value, PartyId: [id] })),
    });
    const { client: c } = clientFor(style, (r) => service.handle(r));
    expect(await c.register({ party: PARTY, deposit: { Value: '10.50', currency: 'EUR' } })).toEqual({
      Value: 'R-9',
      type: 'urn:x',
    });
    expect(await c.findParties({ ids: [{ Value: 'a', type: 't' }, { Value: 'b' }] })).toEqual([
      { ...PARTY_READ, Name: 'a', PartyId: [{ Value: 'a', type: 't' }] },
      { ...PARTY_READ, Name: 'b', PartyId: [{ Value: 'b', type: undefined }] },
    ]);
  });

  it('agree on a list of money over HTTP POST, and in SOAP', async () => {
    const service = mock({
      quote: ({ amount }) => [
        { Value: String(amount), currency: 'EUR' },
        { Value: '0', currency: 'USD' },
      ],
    });
    for (const style of ['httpPost', 'soap12'] as const) {
      const { client: c, sent } = clientFor(style, (r) => service.handle(r));
      expect(await c.quote({ partyId: 'P', amount: '12.5' })).toEqual([
        { Value: '12.5', currency: 'EUR' },
        { Value: '0', currency: 'USD' },
      ]);
      if (style === 'httpPost') expect(sent[0]).toBe('partyId=P&amount=12.5');
    }
  });

  it('the mock answers a wrongly qualified element, or text it cannot read, with a SOAP Client fault', async () => {
    const service = mock({ register: () => ({ Value: 'never' }) });
    const cases: ReadonlyArray<[string, RegExp]> = [
      [
        `<party><Address><Zip xmlns="${CODES}">1</Zip></Address></party>`,
        /Address: required element &lt;Zip&gt; is missing/,
      ],
      [`<party><Code scheme="iso">X</Code></party>`, /TypedCode: required attribute scheme is missing/],
      ['<deposit currency="EUR">ten</deposit>', /deposit/],
    ];
    for (const [content, message] of cases) {
      const answer = await service.handle(soapRequest('Register', content));
      expect(answer.status).toBe(500);
      const text = await answer.text();
      expect(text).toMatch(/<faultcode>soap:Client<\/faultcode>/);
      expect(text).toMatch(message);
    }
  });

  it("the mock's example answers hold the text and the attributes", async () => {
    const service = mock({});
    const { client: c } = clientFor('soap11', (r) => service.handle(r));
    const found = (await c.findParties({})) as Array<Record<string, unknown>>;
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatchObject({
      Limit: { Value: expect.any(String), currency: expect.any(String) },
      Code: { Value: expect.any(String), scheme: expect.any(String) },
    });
  });
});

describe('against node-soap serving the fixture', () => {
  const versions: ReadonlyArray<Exclude<Style, 'httpPost'>> = ['soap11', 'soap12'];
  it.each(versions)(
    "node-soap gets the text and the attributes the client sends, and the client reads node-soap's (%s)",
    async (style) => {
      const got: unknown[] = [];
      const server = await startNodeSoapServer({
        wsdl: readFileSync(join(ROOT, WSDL), 'utf8'),
        path: '/Trade.asmx',
        service: {
          Trade: {
            TradeSoap: {
              Register: (args: unknown) => (
                got.push(args),
                { RegisterResult: { attributes: { type: 'urn:x' }, $value: 'R-9' } }
              ),
              FindParties: (args: unknown) => (
                got.push(args),
                {
                  FindPartiesResult: {
                    Party: [
                      {
                        attributes: { status: 's' },
                        Name: 'n',
                        Limit: { attributes: { currency: 'EUR', rate: 2 }, $value: '5.5' },
                      },
                    ],
                  },
                }
              ),
            },
          },
        },
      });
      try {
        const c = new (client['TradeClient'] as new (o: Record<string, unknown>) => Client)({
          baseUrl: server.url,
          style,
        });
        const party = {
          PartyId: [{ Value: '1', type: 't' }],
          Role: 'b',
          ref: 'P',
          Code: { Value: 'X', scheme: 'iso' },
        };
        expect(await c.register({ party, deposit: { Value: '10.50', currency: 'EUR' } })).toEqual({
          Value: 'R-9',
          type: 'urn:x',
        });
        expect(await c.findParties({ ids: [{ Value: 'a', type: 't' }] })).toEqual([
          { PartyId: [], Name: 'n', Alias: [], Limit: { Value: '5.5', currency: 'EUR', rate: 2 }, status: 's' },
        ]);
        // node-soap keeps attributes by their names as sent (prefix and all) and parses a decimal text as a number.
        expect(got).toEqual([
          {
            party: {
              attributes: { 'tns:ref': 'P' },
              PartyId: [{ attributes: { type: 't' }, $value: '1' }],
              Role: 'b',
              Code: { attributes: { 'ns1:scheme': 'iso' }, $value: 'X' },
            },
            deposit: { attributes: { currency: 'EUR' }, $value: 10.5 },
          },
          { ids: { PartyId: [{ attributes: { type: 't' }, $value: 'a' }] } },
        ]);
      } finally {
        await server.close();
      }
    },
  );
});

describe('the schemas', () => {
  it('of the fixture and of the generated WSDL accept every request the clients sent and every answer the mocks gave', async () => {
    expect(wire.length).toBeGreaterThan(10);
    const documents: Record<string, string> = Object.fromEntries(wire.map((w, i) => [`${i} ${w.what}`, w.xml]));
    // The docs' examples are what the client sends and the mock answers too.
    for (const op of ['Register', 'FindParties', 'Quote']) {
      const page = readFileSync(join(OUT, 'docs', 'operations', `${op}.md`), 'utf8');
      // Each example exchange's XML body: a SOAP envelope's Body element, or an HTTP POST answer as it is.
      const bodies = [...page.matchAll(/```http\n([\s\S]*?)```/g)]
        .map((m) => m[1]!.slice(m[1]!.indexOf('\n\n') + 2).trim())
        .filter((b) => b.startsWith('<'));
      expect(bodies.length).toBeGreaterThan(op === 'Quote' ? 3 : 1);
      bodies.forEach(
        (b, i) =>
          (documents[`docs ${op} ${i}`] = b.includes('Envelope')
            ? soapBodyElement(b)
            : b.replace(/^<\?xml[^>]*\?>\s*/, '')),
      );
    }
    // The check can fail: the schema refuses what the writers sent before, an unqualified element qualified and a
    // qualified attribute unqualified.
    const body = (party: string) =>
      `<Register xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${party}</Register>`;
    documents['old: Role qualified'] = body(PARTY_XML.replace('<Role xmlns="">', '<Role>'));
    documents['old: ref unqualified'] = body(
      PARTY_XML.replace(`<party xmlns:tns="${NS}" tns:ref="P-1"`, '<party ref="P-1"'),
    );
    for (const wsdl of [
      readFileSync(join(ROOT, WSDL), 'utf8'),
      readFileSync(join(OUT, 'wsdl', 'Trade.wsdl'), 'utf8'),
    ]) {
      const errors = await validateAll(extractSchemas(wsdl), documents);
      expect(errors.get('old: Role qualified')!.join('\n')).toMatch(/Role': This element is not expected/);
      expect(errors.get('old: ref unqualified')!.join('\n')).toMatch(
        /attribute 'ref': The attribute 'ref' is not allowed/,
      );
      expect([...errors].filter(([name, e]) => !name.startsWith('old:') && e.length > 0)).toEqual([]);
    }
  }, 60_000);
});
