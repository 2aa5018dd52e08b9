/**
 * Enumerations of xs:token (issue 25: drafted as string enums and reported, compared as written). XML Schema collapses
 * a token's whitespace before comparing it with the enumeration, so a value a service sends as `"  In   Stock "` is the
 * member `In Stock`. test/fixtures/import/token-enums/Stock.wsdl has a named token enumeration on a parameter, an
 * element and an attribute, an inline one on a local element, and a string enumeration compared as written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/import/token-enums/Stock.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'token-enums');
const NS = 'http://example.org/stock/';
const ENVELOPE = (inside: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${inside}</soap:Body></soap:Envelope>`;

interface Client {
  check(p: unknown): Promise<unknown>;
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
  const { yaml, problems } = importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Stock.wsdl');

  it.each([
    ['a named token enumeration', '  Availability:\n    values: [ In Stock, Sold Out ]\n    base: token\n'],
    ['an inline one of a local element', '  Size:\n    values: [ Extra Large, Small ]\n    base: token\n'],
    ['a string enumeration without a base', '  Colour:\n    values: [ Red, Blue ]\n  Size:'],
  ])('keeps the base of %s', (_, text) => {
    expect(yaml).toContain(text);
  });

  it('reports nothing of the token bases', () => {
    expect(problems.map((p) => `${p.construct}: ${p.message}`)).toEqual([]);
  });
});

describe('the spec', () => {
  it.each([
    ['a value with a space at an end', "' In Stock'"],
    ['a value with two spaces inside', "'In  Stock'"],
  ])('refuses a token enumeration with %s, which no collapsed text could match', (_, value) => {
    const text = `specVersion: 1\nservice: { name: S, title: S, path: /S.asmx, namespace: { uri: 'http://s/' }, client: SClient }\nenums:\n  A:\n    values: [ ${value} ]\n    base: token\noperations:\n  - { name: Op, params: [ { name: a, type: A } ], result: { type: string } }\n`;
    expect(() => parseSpec(text, 's.yaml')).toThrow(
      /enums\.A\.values\[0\]: .* is not a token: its whitespace collapses to "In Stock"/,
    );
  });
});

describe('on the wire', () => {
  const handled: unknown[] = [];
  const mock = (): MockService =>
    (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({
      handlers: {
        check: (params: { wanted: string; colour: string }) => {
          handled.push(params);
          return { State: params.wanted, Shade: params.colour, shelf: params.wanted, Size: 'Extra Large' };
        },
      },
    });
  const client = (answer: (request: Request) => Promise<Response>): { client: Client; sent: string[] } => {
    const sent: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      sent.push(soapBodyElement(await request.clone().text()));
      return answer(request);
    };
    const Ctor = clientModule['StockClient'] as new (o: Record<string, unknown>) => Client;
    return { client: new Ctor({ baseUrl: 'http://stock.test', style: 'soap11', fetch }), sent };
  };
  const post = (inside: string): Promise<Response> =>
    mock().handle(
      new Request('http://stock.test/Stock.asmx', {
        method: 'POST',
        body: ENVELOPE(`<Check xmlns="${NS}">${inside}</Check>`),
        headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}Check"` },
      }),
    );

  it('reads an answer whose token values have extra whitespace as the members; a string enumeration as sent', async () => {
    const answer = ENVELOPE(
      `<CheckResponse xmlns="${NS}"><CheckResult shelf=" Sold  Out "><State>\n  In \t Stock </State><Shade> Red </Shade><Size>Extra   Large</Size></CheckResult></CheckResponse>`,
    );
    const { client: c } = client(
      async () => new Response(answer, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } }),
    );
    expect(await c.check({ wanted: 'In Stock', colour: 'Red' })).toEqual({
      State: 'In Stock',
      Shade: ' Red ',
      Size: 'Extra Large',
      shelf: 'Sold Out',
    });
  });

  it.each([
    ['extra whitespace around and inside', '  In \n  Stock ', 'In Stock'],
    ['the value as declared', 'Sold Out', 'Sold Out'],
  ])('the mock reads a token parameter with %s as the member', async (_, sent, member) => {
    handled.length = 0;
    const response = await post(`<wanted>${sent}</wanted><colour>Blue</colour>`);
    expect(response.status).toBe(200);
    expect(handled).toEqual([{ wanted: member, colour: 'Blue' }]);
  });

  it('the mock collapses a token enumeration only: a string one with a space, or a token no member once collapsed, is a Client fault', async () => {
    handled.length = 0;
    expect((await post('<wanted> Sold   Out</wanted><colour>Blue</colour>')).status).toBe(200);
    expect(handled).toEqual([{ wanted: 'Sold Out', colour: 'Blue' }]);
    for (const [inside, message] of [
      ['<wanted>In Stock</wanted><colour> Blue</colour>', /" Blue" is not a value of Colour/],
      ['<wanted>In Stock Now</wanted><colour>Blue</colour>', /"In Stock Now" is not a value of Availability/],
    ] as const) {
      const response = await post(inside);
      const text = await response.text();
      expect(response.status, inside).toBe(500);
      expect(text).toContain('<faultcode>soap:Client</faultcode>');
      expect(text).toMatch(message);
    }
    expect(handled).toHaveLength(1);
  });

  it('sends the members as declared, exactly, and the mock answers them so', async () => {
    const answered: string[] = [];
    const { client: c, sent } = client(async (r) => {
      const response = await mock().handle(r);
      answered.push(soapBodyElement(await response.clone().text()));
      return response;
    });
    const answer = await c.check({ wanted: 'Sold Out', colour: 'Blue' });
    const inner = (xml: string): string => xml.replace(/^<(\w+)[^>]*>/, '<$1>');
    expect(sent.map(inner)).toEqual(['<Check><wanted>Sold Out</wanted><colour>Blue</colour></Check>']);
    expect(answered.map(inner)).toEqual([
      '<CheckResponse><CheckResult shelf="Sold Out"><State>Sold Out</State><Shade>Blue</Shade><Size>Extra Large</Size></CheckResult></CheckResponse>',
    ]);
    expect(answer).toEqual({ State: 'Sold Out', Shade: 'Blue', Size: 'Extra Large', shelf: 'Sold Out' });
  });

  it("declares base s:token in the generated WSDL, whose schema and the fixture's take what is sent", async () => {
    const wsdl = readFileSync(join(OUT, 'wsdl', 'Stock.wsdl'), 'utf8');
    const flat = wsdl.replace(/\s+/g, ' ');
    expect(flat).toContain('<s:simpleType name="Availability"> <s:restriction base="s:token">');
    expect(flat).toContain('<s:simpleType name="Size"> <s:restriction base="s:token">');
    expect(flat).toContain('<s:simpleType name="Colour"> <s:restriction base="s:string">');
    const documents = {
      spaced: `<Check xmlns="${NS}"><wanted>  In   Stock </wanted><colour>Red</colour></Check>`,
      broken: `<Check xmlns="${NS}"><wanted>In Stock</wanted><colour> Red</colour></Check>`,
    };
    for (const file of [join(ROOT, WSDL), join(OUT, 'wsdl', 'Stock.wsdl')]) {
      const errors = await validateAll(extractSchemas(readFileSync(file, 'utf8')), documents);
      expect(errors.get('spaced') ?? [], file).toEqual([]);
      expect(errors.get('broken')?.join('\n'), file).toMatch(/Red/);
    }
  });
});
