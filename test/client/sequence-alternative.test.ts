/**
 * A sequence as an alternative of a choice (xs:sequence inside xs:choice, chromedata-description's
 * VehicleDescriptionRequest; issue 25): test/fixtures/import/sequence-alternative/Vehicles.wsdl chooses among
 * (modelYear, makeName, modelName), (vin, reducingStyleId?) and styleId. The draft has each sequence as an
 * alternative named by its first element; the client writes its elements in order where the choice stands, the
 * generated mock reads them back and answers them, the client reads the answer; the alternative is chosen by its first
 * element, and what the schema refuses (an element of a sequence without its first, a missing required one, two
 * alternatives) is refused by the client before sending, by the mock with a Client fault and by the client's reader.
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

const WSDL = 'test/fixtures/import/sequence-alternative/Vehicles.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'sequence-alternative');
const NS = 'http://example.org/vehicles/';

interface Client {
  describe(p: unknown): Promise<unknown>;
}
interface MockService {
  handle(request: Request): Promise<Response>;
}

let clientModule: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  ({ client: clientModule, mock: mockModule } = await generatedFromWsdl(WSDL, OUT));
}, 120_000);

const wire: string[] = [];
const received: unknown[] = [];

function mock(): MockService {
  const service = (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({
    handlers: {
      describe: (params: { query: unknown }) => {
        received.push(params.query);
        return params.query;
      },
    },
  });
  return {
    async handle(request) {
      const response = await service.handle(request);
      wire.push(soapBodyElement(await response.clone().text()));
      return response;
    },
  };
}

function client(answer: (request: Request) => Promise<Response>): { client: Client; sent: string[] } {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push(await request.clone().text());
    wire.push(soapBodyElement(sent.at(-1)!));
    return answer(request);
  };
  const Ctor = clientModule['VehiclesClient'] as new (o: Record<string, unknown>) => Client;
  return { client: new Ctor({ baseUrl: 'http://vehicles.test', style: 'soap11', fetch }), sent };
}

/** A SOAP 1.1 envelope of `body`. */
function envelope(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** A client whose service answers `result` (the content of DescribeResult) as written. */
function answering(result: string): Client {
  const body = envelope(
    `<DescribeResponse xmlns="${NS}"><DescribeResult>${result}</DescribeResult></DescribeResponse>`,
  );
  return client(async () => new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } }))
    .client;
}

describe('the import', () => {
  const text = readFileSync(join(ROOT, WSDL), 'utf8');

  it('drafts each sequence as an alternative of the choice, nothing reported', () => {
    const { yaml, problems } = importWsdl(text, 'Vehicles.wsdl');
    expect(problems).toEqual([]);
    expect(yaml).toContain(
      '            - { sequence: [ { name: modelYear, type: int }, { name: makeName, type: string }, { name: modelName, type: string } ] }\n' +
        '            - { sequence: [ { name: vin, type: string }, { name: reducingStyleId, type: int, optional: true } ] }\n' +
        '            - { name: styleId, type: int }',
    );
  });

  it.each([
    [
      'a sequence whose first element may be absent (the choice would depend on what follows)',
      '<s:element name="vin" type="s:string" />',
      '<s:element minOccurs="0" name="vin" type="s:string" />',
      'Vehicles.wsdl:18:15: s:sequence in s:choice: in Query: the first element vin of a sequence alternative is optional, so it cannot choose it; the choice is left out',
    ],
    [
      'a sequence that repeats',
      '<s:sequence>\n              <s:element name="vin"',
      '<s:sequence maxOccurs="2">\n              <s:element name="vin"',
      'Vehicles.wsdl:17:13: s:sequence in s:choice: in Query: a sequence alternative that repeats or may be absent; the choice is left out',
    ],
    [
      'a sequence in a choice that repeats (each item would need its elements told apart from the next)',
      '<s:choice>',
      '<s:choice maxOccurs="2">',
      [12, 17].map(
        (line) =>
          `Vehicles.wsdl:${line}:13: s:sequence in s:choice: in Query: a sequence is an alternative only of a choice of a record field that does not repeat; the choice is left out`,
      ),
    ],
    [
      'an element of a sequence that repeats',
      '<s:element minOccurs="0" name="reducingStyleId" type="s:int" />',
      '<s:element minOccurs="0" maxOccurs="3" name="reducingStyleId" type="s:int" />',
      'Vehicles.wsdl:19:15: s:sequence in s:choice: in Query: the element reducingStyleId of a sequence alternative repeats; the choice is left out',
    ],
  ])('reports %s at its place, the choice left out', (_, from, to, line) => {
    const { problems } = importWsdl(text.replace(from, to), 'Vehicles.wsdl');
    const shown = problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.construct}: ${p.message}`);
    expect(shown).toEqual([
      'Vehicles.wsdl:11:11: s:choice: in Query: the choice is left out, since not all of its alternatives can be mapped',
      ...[line].flat(),
    ]);
  });
});

describe('the spec', () => {
  const spec = (choice: string, more = '') =>
    `specVersion: 1\nservice: { name: S, title: S, version: 1.0.0, path: /S.asmx, namespace: { uri: 'urn:s' }, client: SClient, bindings: [soap11] }\n` +
    `records:\n  R:\n    fields:\n      - name: Item\n        type: { ${choice} }\n${more}` +
    `operations:\n  - { name: Get, result: { type: R } }\n`;
  const pair = '{ sequence: [ { name: a, type: int }, { name: b, type: string } ] }';

  it.each([
    [
      'an optional first element',
      spec(
        'choice: [ { sequence: [ { name: a, type: int, optional: true }, { name: b, type: string } ] }, { name: c, type: int } ]',
      ),
      /the first element of a sequence alternative chooses it on the wire and cannot be optional/,
    ],
    [
      'an element name of another alternative',
      spec(`choice: [ ${pair}, { name: b, type: int } ]`),
      /duplicate alternative "b" in this choice|duplicate element <b> in this choice/,
    ],
    [
      'an element name of a field of the record',
      spec(`choice: [ ${pair}, { name: c, type: int } ]`, '      - { name: b, type: string }\n'),
      /has an alternative <b>, the element of field "b" too/,
    ],
    [
      'a repeated choice',
      spec(`list: { choice: [ ${pair}, { name: c, type: int } ] }, container: false`),
      /only a choice typing a record field \(not repeated\) can have a sequence as an alternative/,
    ],
  ])('refuses %s', (_, text, message) => {
    expect(() => parseSpec(text, 'S.yaml')).toThrow(message);
  });
});

describe('on the wire', () => {
  const query = (choice: string) => `<query>${choice}<trimName>XLT</trimName></query>`;

  it.each([
    [
      'the first sequence, every element in order',
      { Item: { modelYear: { modelYear: 2020, makeName: 'Ford', modelName: 'F-150' } }, trimName: 'XLT' },
      query('<modelYear>2020</modelYear><makeName>Ford</makeName><modelName>F-150</modelName>'),
    ],
    [
      'the second sequence, its optional element given',
      { Item: { vin: { vin: '1FT', reducingStyleId: 7 } }, trimName: 'XLT' },
      query('<vin>1FT</vin><reducingStyleId>7</reducingStyleId>'),
    ],
    [
      'the second sequence, its optional element left out',
      { Item: { vin: { vin: '1FT' } }, trimName: 'XLT' },
      query('<vin>1FT</vin>'),
    ],
    ['the element alternative', { Item: { styleId: 42 }, trimName: 'XLT' }, query('<styleId>42</styleId>')],
  ])('sends %s exactly, which the mock reads and answers back', async (_, value, xml) => {
    const service = mock();
    const { client: c, sent } = client((r) => service.handle(r));
    received.length = 0;
    const answer = await c.describe({ query: value });
    expect(soapBodyElement(sent[0]!)).toMatch(new RegExp(`^<Describe [^>]*xmlns="${NS}">${xml}</Describe>$`));
    const expected = {
      ...value,
      Item: Object.fromEntries(
        Object.entries(value.Item).map(([k, v]) => [
          k,
          typeof v === 'object' ? { reducingStyleId: undefined, ...v } : v,
        ]),
      ),
    };
    // The second sequence's optional element reads as undefined when absent, as a record's optional field does.
    const exact = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
    expect(exact(received[0])).toEqual(exact(expected));
    expect(exact(answer)).toEqual(exact(expected));
  });

  it.each([
    [
      'a required element of the sequence left out',
      { Item: { modelYear: { modelYear: 2020, makeName: 'Ford' } } },
      'query.Item.modelYear.modelName is required',
    ],
    [
      'an element of another alternative inside the sequence',
      { Item: { vin: { vin: '1FT', styleId: 3 } } },
      'query.Item.vin.styleId is not a member of this record (expected: vin, reducingStyleId)',
    ],
    [
      'two alternatives',
      { Item: { vin: { vin: '1FT' }, styleId: 3 } },
      'query.Item must hold exactly one of modelYear, vin, styleId, but holds vin and styleId',
    ],
    [
      'the sequence as its first element only',
      { Item: { vin: '1FT' } },
      'query.Item.vin must be an object, got string',
    ],
  ])('refuses %s before sending', async (_, value, message) => {
    const { client: c, sent } = client(async () => new Response('', { status: 500 }));
    await expect(c.describe({ query: value })).rejects.toThrow(message);
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'an element of a sequence before its first one',
      '<reducingStyleId>7</reducingStyleId><vin>1FT</vin>',
      'Query: <reducingStyleId> belongs to the sequence that <vin> starts (one alternative of a choice), which is not there before it',
    ],
    [
      'a required element of the sequence missing',
      '<modelYear>2020</modelYear><makeName>Ford</makeName>',
      'Query: required element <modelName> is missing',
    ],
    [
      'an element of another alternative after the sequence',
      '<vin>1FT</vin><styleId>3</styleId>',
      'Query: <styleId> follows <vin>, but a choice holds exactly one of its alternatives',
    ],
    [
      "an element of another sequence after the sequence's first",
      '<vin>1FT</vin><makeName>Ford</makeName>',
      'Query: <makeName> follows <vin>, but a choice holds exactly one of its alternatives',
    ],
    ['the sequence twice', '<vin>1FT</vin><vin>2FT</vin>', 'Query: <vin> appears more than once'],
  ])('the client refuses an answer with %s', async (_, result, message) => {
    await expect(answering(result).describe({ query: { Item: { styleId: 1 } } })).rejects.toThrow(message);
  });

  it('the client reads an answer choosing the sequence by its first element', async () => {
    const answer = await answering('<vin>1FT</vin><reducingStyleId>7</reducingStyleId>').describe({
      query: { Item: { styleId: 1 } },
    });
    expect(answer).toEqual({ Item: { vin: { vin: '1FT', reducingStyleId: 7 } }, trimName: undefined });
  });

  it.each([
    [
      'an element of a sequence before its first one',
      '<makeName>Ford</makeName><modelYear>2020</modelYear><modelName>F</modelName>',
      'belongs to the sequence that &lt;modelYear&gt; starts',
    ],
    [
      'a required element of the sequence missing',
      '<modelYear>2020</modelYear><makeName>Ford</makeName><trimName>x</trimName>',
      'required element &lt;modelName&gt; is missing',
    ],
    [
      'an element of another sequence after the sequence',
      '<vin>1FT</vin><reducingStyleId>7</reducingStyleId><modelName>F</modelName>',
      '&lt;modelName&gt; follows &lt;vin&gt;',
    ],
    ['two alternatives', '<vin>1FT</vin><styleId>3</styleId>', '&lt;styleId&gt; follows &lt;vin&gt;'],
  ])('the mock answers a request with %s with a Client fault', async (_, choice, message) => {
    const request = new Request('http://vehicles.test/Vehicles.asmx', {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}Describe"` },
      body: envelope(`<Describe xmlns="${NS}"><query>${choice}</query></Describe>`),
    });
    const response = await mock().handle(request);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain('<faultcode>soap:Client</faultcode>');
    expect(text).toContain(message);
  });

  it('declares the choice with its sequences in the generated WSDL', () => {
    const wsdl = readFileSync(join(OUT, 'wsdl', 'Vehicles.wsdl'), 'utf8');
    expect(wsdl).toMatch(
      /<s:choice minOccurs="1" maxOccurs="1">\s*<s:sequence>\s*<s:element minOccurs="1" maxOccurs="1" name="modelYear" type="s:int"\/>\s*<s:element minOccurs="1" maxOccurs="1" name="makeName" type="s:string"\/>\s*<s:element minOccurs="1" maxOccurs="1" name="modelName" type="s:string"\/>\s*<\/s:sequence>\s*<s:sequence>\s*<s:element minOccurs="1" maxOccurs="1" name="vin" type="s:string"\/>\s*<s:element minOccurs="0" maxOccurs="1" name="reducingStyleId" type="s:int"\/>\s*<\/s:sequence>\s*<s:element minOccurs="1" maxOccurs="1" name="styleId" type="s:int"\/>\s*<\/s:choice>/,
    );
  });

  it("sends and answers only what the fixture's schema and the generated WSDL's take", async () => {
    const ok = wire.filter((x) => !x.includes('Fault'));
    expect(ok.length).toBeGreaterThanOrEqual(8);
    for (const wsdl of [join(ROOT, WSDL), join(OUT, 'wsdl', 'Vehicles.wsdl')]) {
      const documents = Object.fromEntries(ok.map((xml, i) => [`message ${i}`, xml]));
      const errors = await validateAll(extractSchemas(readFileSync(wsdl, 'utf8')), documents);
      expect([...errors.values()].flat(), wsdl).toEqual([]);
    }
  });
});
