/**
 * Pattern facets (xs:pattern) from import to the wire (issue 25: they were reported and drafted as their base).
 * test/fixtures/import/patterns/Codes.wsdl restricts a parameter, an element, an attribute and a field with a length
 * beside its pattern; one pattern JavaScript cannot say (`\i\c*`) and one on a repeated element are reported. The
 * client refuses a value not matching before anything is sent (an SvcRequestError naming it), the mock answers a
 * request holding one with a Client fault, the client reads an answer breaking a pattern as sent (lenient, see
 * docs/spec-format.md, Patterns), the mock's example answer matches every pattern, and the generated WSDL declares
 * them: the real XML Schema validator takes what client and mock send, and refuses a value breaking a pattern.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/import/patterns/Codes.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'patterns');
const NS = 'http://example.org/codes/';
const POSTAL = '[a-zA-Z][0-9][a-zA-Z] ?[0-9][a-zA-Z][0-9]';

interface Client {
  lookup(p: unknown): Promise<unknown>;
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
  const { yaml, problems } = importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Codes.wsdl');

  it.each([
    ['an anonymous one on a parameter', "      - { name: province, type: string, pattern: '[A-Z][A-Z]' }"],
    ['a named one on an element', `      - { name: Postal, type: string, nillable: false, pattern: '${POSTAL}' }`],
    ['a named one on an attribute', `      - { name: country, type: string, pattern: '${POSTAL}', attribute: true }`],
    ['one beside a length', "      - { name: Street, type: string, nillable: false, pattern: '[a-zA-Z0-9#/,\\- .]*' }"],
  ])('keeps %s', (_, line) => {
    expect(yaml).toContain(line);
  });

  it('reports what it does not keep: a pattern restricting another, one JavaScript cannot say, a length, the pattern of repeated items', () => {
    expect(yaml).toContain(`      - { name: Upper, type: string, nillable: false, pattern: '${POSTAL}' }`);
    expect(problems.map((p) => `${p.construct}: ${p.message}`)).toEqual([
      `s:pattern: a pattern restricting a type with a pattern of its own (both apply); the base's, ${JSON.stringify(POSTAL)}, is kept`,
      's:pattern: the pattern "\\\\i\\\\c*" is not kept: \\i (XML 1.0\'s name characters) has no JavaScript equivalent; spell the characters out in a class',
      'anonymous s:simpleType: the type of Street is declared inline, a restriction of string drafted as string; its facets are not kept',
      `s:pattern: the pattern of the items of Other, "${POSTAL}", is not kept: the format keeps a pattern on a field or parameter holding one value`,
    ]);
    expect(yaml).toContain('      - { name: Tag, type: string, nillable: false }');
  });
});

describe('on the wire', () => {
  const wire: string[] = [];
  const mock = (record = true): MockService => {
    const service = (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({
      handlers: {
        lookup: (params: { province: string; address?: Record<string, unknown> }) => ({
          ...params.address,
          Street: `${params.province} 1`,
        }),
      },
    });
    return {
      async handle(request) {
        const response = await service.handle(request);
        if (record) wire.push(soapBodyElement(await response.clone().text()));
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
    const Ctor = clientModule['CodesClient'] as new (o: Record<string, unknown>) => Client;
    return { client: new Ctor({ baseUrl: 'http://codes.test', style: 'soap11', fetch }), sent };
  };

  it.each([
    ['a parameter', { province: 'Qc' }, /^Lookup: province is "Qc", which does not match its pattern "\[A-Z\]\[A-Z\]"/],
    [
      'an element',
      { province: 'QC', address: { Postal: 'H2X-1Y4' } },
      /^Lookup: address\.Postal is "H2X-1Y4", which does not match/,
    ],
    [
      'an attribute',
      { province: 'QC', address: { country: 'x' } },
      /^Lookup: address\.country is "x", which does not match/,
    ],
    ['a field with a length too', { province: 'QC', address: { Street: 'a;b' } }, /^Lookup: address\.Street is "a;b"/],
  ])('refuses %s not matching before sending: SvcRequestError naming it', async (_, params, message) => {
    const { client: c, sent } = client(async () => new Response('', { status: 500 }));
    const error = await c.lookup(params).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(clientModule['SvcRequestError'] as new () => Error);
    expect((error as Error).message).toMatch(message);
    expect(sent).toEqual([]);
  });

  it.each([
    ['a parameter', '<province>qc</province>', /"qc" does not match the pattern "\[A-Z\]\[A-Z\]"/],
    [
      'an element of a record',
      '<province>QC</province><address><Postal>0</Postal></address>',
      /Postal is "0", which does not match its pattern/,
    ],
    [
      'an attribute',
      '<province>QC</province><address country="0"></address>',
      /country is "0", which does not match its pattern/,
    ],
  ])('the mock answers a request with %s not matching with a Client fault', async (_, inside, message) => {
    const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Lookup xmlns="${NS}">${inside}</Lookup></soap:Body></soap:Envelope>`;
    const response = await mock(false).handle(
      new Request('http://codes.test/Codes.asmx', {
        method: 'POST',
        body,
        headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}Lookup"` },
      }),
    );
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).toContain('<faultcode>soap:Client</faultcode>');
    expect(text).toMatch(message);
  });

  it('reads an answer breaking a pattern as the service sent it, where the mock refuses the value in a request', async () => {
    const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><LookupResponse xmlns="${NS}"><LookupResult country="?"><Postal>not a code</Postal></LookupResult></LookupResponse></soap:Body></soap:Envelope>`;
    const { client: c } = client(
      async () => new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } }),
    );
    expect(await c.lookup({ province: 'ON' })).toEqual({ Postal: 'not a code', country: '?', Other: [] });
    const { client: strict } = client((r) => mock(false).handle(r));
    await expect(strict.lookup({ province: 'ON', address: { Postal: 'H2X 1Y4' } })).resolves.toBeDefined();
    const request = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Lookup xmlns="${NS}"><province>ON</province><address><Postal>not a code</Postal></address></Lookup></soap:Body></soap:Envelope>`;
    const refused = await mock(false).handle(
      new Request('http://codes.test/Codes.asmx', {
        method: 'POST',
        body: request,
        headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}Lookup"` },
      }),
    );
    expect(refused.status).toBe(500);
  });

  it("answers with the mock's example values, which match every pattern", async () => {
    const service = (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({});
    const { client: c } = client((r) => service.handle(r));
    const answer = (await c.lookup({ province: 'ON' })) as Record<string, string>;
    expect(answer['Postal']).toMatch(/^[a-zA-Z][0-9][a-zA-Z] ?[0-9][a-zA-Z][0-9]$/);
    expect(answer['country']).toMatch(/^[a-zA-Z][0-9][a-zA-Z] ?[0-9][a-zA-Z][0-9]$/);
    expect(answer['Street']).toMatch(/^[a-zA-Z0-9#/,\- .]*$/);
  });

  it('declares the patterns in the generated WSDL', () => {
    const wsdl = readFileSync(join(OUT, 'wsdl', 'Codes.wsdl'), 'utf8').replace(/\s+/g, ' ');
    const restricted = (start: string, pattern: string) =>
      `${start}> <s:simpleType> <s:restriction base="s:string"> <s:pattern value="${pattern}"/> </s:restriction> </s:simpleType>`;
    expect(wsdl).toContain(restricted('<s:element minOccurs="0" maxOccurs="1" name="province"', '[A-Z][A-Z]'));
    expect(wsdl).toContain(restricted('<s:element minOccurs="0" maxOccurs="1" name="Postal"', POSTAL));
    expect(wsdl).toContain(restricted('<s:attribute name="country"', POSTAL));
  });

  it("sends and answers only what the fixture's schema and the generated WSDL's take; both refuse a broken pattern", async () => {
    // Values that match are sent, read by the mock and answered.
    const service = mock();
    const { client: c } = client((r) => service.handle(r));
    const answer = await c.lookup({ province: 'QC', address: { Postal: 'H2X 1Y4', country: 'K1A0B1' } });
    expect(answer).toEqual({ Postal: 'H2X 1Y4', country: 'K1A0B1', Street: 'QC 1', Other: [] });
    expect(wire.length).toBeGreaterThanOrEqual(4);
    const broken = `<Lookup xmlns="${NS}"><province>qc</province></Lookup>`;
    for (const wsdl of [join(ROOT, WSDL), join(OUT, 'wsdl', 'Codes.wsdl')]) {
      const schemas = extractSchemas(readFileSync(wsdl, 'utf8'));
      const documents = Object.fromEntries(wire.map((xml, i) => [`message ${i}`, xml]));
      const errors = await validateAll(schemas, { ...documents, broken });
      expect(errors.get('broken')?.join('\n'), wsdl).toMatch(/pattern/i);
      errors.delete('broken');
      expect([...errors.values()].flat(), wsdl).toEqual([]);
    }
  });
});
