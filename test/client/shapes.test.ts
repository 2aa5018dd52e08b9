/**
 * Every shape of the widened spec format (fixtures/shapes.yaml) from YAML to the wire and back, through the generated
 * client against a real loopback server, in every style an operation has: scalar, void, nullable, list and nested
 * list results; enum, record, list and nillable parameters; records with a base type, attributes, lists without a
 * container and XML content; the AuthHeader SOAP header; an operation's own SOAPAction, namespace and result element;
 * HTTP POST forms and ASMX's conventional HTTP POST roots. Bad input is refused before anything is sent, and the
 * header's password never shows in an error.
 *
 * Requests are read back with a third-party parser (support/xml-tree.ts) and compared as canonical markup: element
 * names, namespaces (an xmlns shown wherever the namespace changes), attributes and text, in order.
 */
import { inspect } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejected, thrown } from '../helpers/failures.js';
import { generateFixture } from './support/generate-fixture.js';
import {
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
  type Reply,
} from './support/recording-server.js';
import { faultResponse } from './support/responses.js';
import { postBody, readSoapRequest, soapBody } from './support/xml-tree.js';

const SPEC = join(import.meta.dirname, 'fixtures', 'shapes.yaml');
const NS = 'http://shapes.example/';
const OTHER = 'http://other.example/';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

type Soap = 'soap11' | 'soap12';
type Style = Soap | 'httpPost';
const SOAP_STYLES: readonly Soap[] = ['soap11', 'soap12'];

type Call = (params?: Record<string, unknown>) => Promise<unknown>;
type Method =
  | 'ping'
  | 'isAlive'
  | 'add'
  | 'concat'
  | 'echo'
  | 'getItems'
  | 'findItem'
  | 'search'
  | 'sum'
  | 'mix'
  | 'getMatrix'
  | 'getDataSet'
  | 'custom'
  | 'saveItem'
  | 'saveOrder'
  | 'tag'
  | 'relay'
  | 'divide'
  | 'getEntity';
type Client = Record<Method, Call>;
type ClientClass = new (options: Record<string, unknown>) => Client;
type ErrorClass = abstract new (...args: never[]) => Error;

const PASSWORD = 'Pa55&w0rd<very>-secret-"quoted"';
const AUTH = { Username: 'ann & <bob>', Password: PASSWORD };
/** The AuthHeader block every SOAP call but Custom carries: in the service namespace, every text escaped. */
const AUTH_BLOCK = `<AuthHeader xmlns="${NS}"><Username>ann &amp; &lt;bob&gt;</Username><Password>Pa55&amp;w0rd&lt;very&gt;-secret-"quoted"</Password></AuthHeader>`;

let mod: Record<string, unknown>;
let server: RecordingServer;
let SvcRequestError: ErrorClass;
let SvcDecodeError: ErrorClass & (abstract new (...args: never[]) => Error & { readonly path: string | undefined });

beforeAll(async () => {
  [mod, server] = await Promise.all([generateFixture(SPEC, 'shapes'), startRecordingServer()]);
  SvcRequestError = mod['SvcRequestError'] as ErrorClass;
  SvcDecodeError = mod['SvcDecodeError'] as typeof SvcDecodeError;
});
afterAll(async () => {
  await server?.close();
});

function client(style: Style, options: Record<string, unknown> = {}): Client {
  const ShapesClient = mod['ShapesClient'] as ClientClass;
  return new ShapesClient({ baseUrl: server.url, auth: AUTH, style, ...options });
}

/** Calls `method` with the server answering `reply`; returns the result and the one request the call made. */
async function exchange(
  style: Style,
  method: Method,
  params: Record<string, unknown> | undefined,
  reply: Reply,
): Promise<{ result: unknown; request: RecordedRequest }> {
  server.respond(reply);
  const before = server.requests.length;
  const result = await client(style)[method](params);
  expect(server.requests.length - before, 'one request per call').toBe(1);
  return { result, request: server.requests[before]! };
}

/** Calls `method`, which must fail with `type`, and returns the error. */
async function failure<E extends Error>(
  style: Style,
  method: Method,
  params: Record<string, unknown> | undefined,
  reply: Reply,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  server.respond(reply);
  return rejected(client(style)[method](params), type);
}

/** The `<OpResponse>` of a SOAP answer holding `content`. */
function soapReply(style: Soap, operation: string, content: string, ns = NS): Reply {
  return soapBody(
    style,
    content === ''
      ? `<${operation}Response xmlns="${ns}"/>`
      : `<${operation}Response xmlns="${ns}">${content}</${operation}Response>`,
  );
}

/** The SOAP request: headers, the SOAPAction, and the header blocks and body element as canonical markup. */
function soapRequest(
  style: Soap,
  request: RecordedRequest,
): { action: string | undefined; headers: readonly string[]; hasHeader: boolean; body: string } {
  expect(request.method).toBe('POST');
  expect(request.path).toBe('/Shapes.asmx');
  expect(request.headers['content-type']).toBe(
    style === 'soap11' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
  );
  const read = readSoapRequest(request.body);
  expect(read.envelopeNs).toBe(style === 'soap11' ? SOAP11 : SOAP12);
  const action = request.headers['soapaction'];
  if (style === 'soap12') expect(action, 'SOAP 1.2 has no SOAPAction header').toBeUndefined();
  return {
    action: typeof action === 'string' ? action : undefined,
    headers: read.headers,
    hasHeader: read.hasHeader,
    body: read.body,
  };
}

/** The fields of an HTTP POST request to `operation`, in order. */
function formOf(request: RecordedRequest, operation: string): Array<[string, string]> {
  expect(request.method).toBe('POST');
  expect(request.path).toBe(`/Shapes.asmx/${operation}`);
  expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
  expect(request.headers['soapaction']).toBeUndefined();
  expect(request.body).not.toContain('AuthHeader');
  return [...new URLSearchParams(request.body)] as Array<[string, string]>;
}

const CREATED = new Date(Date.UTC(2024, 1, 29, 12, 30, 0));
const CREATED_WIRE = '2024-02-29T12:30:00.000Z';

describe.each(SOAP_STYLES)('SOAP requests and their results (%s)', (style) => {
  it('a scalar result: the AuthHeader block before the parameters, which go in order; <AddResult>3</AddResult> is 3', async () => {
    const { result, request } = await exchange(
      style,
      'add',
      { b: 2, a: 1 },
      soapReply(style, 'Add', '<AddResult>3</AddResult>'),
    );
    expect(result).toBe(3);
    const sent = soapRequest(style, request);
    if (style === 'soap11') expect(sent.action).toBe('"http://shapes.example/Add"');
    expect(sent.headers).toEqual([AUTH_BLOCK]);
    expect(sent.body).toBe(`<Add xmlns="${NS}"><a>1</a><b>2</b></Add>`);
    // Escaped on the wire as written, not only as the parser reads it back.
    expect(request.body).toContain('<Password>Pa55&amp;w0rd&lt;very&gt;-secret-"quoted"</Password>');
  });

  it('a boolean result; an operation without parameters is an empty element', async () => {
    const { result, request } = await exchange(
      style,
      'isAlive',
      undefined,
      soapReply(style, 'IsAlive', '<IsAliveResult>true</IsAliveResult>'),
    );
    expect(result).toBe(true);
    expect(soapRequest(style, request).body).toBe(`<IsAlive xmlns="${NS}"/>`);
  });

  it('the same parameter names as Add with other types; an optional parameter left out is not sent', async () => {
    const first = await exchange(
      style,
      'concat',
      { a: '00123' },
      soapReply(style, 'Concat', '<ConcatResult>  00123 </ConcatResult>'),
    );
    expect(first.result).toBe('  00123 ');
    expect(soapRequest(style, first.request).body).toBe(`<Concat xmlns="${NS}"><a>00123</a></Concat>`);
    const second = await exchange(
      style,
      'concat',
      { a: '1', b: '2' },
      soapReply(style, 'Concat', '<ConcatResult>12</ConcatResult>'),
    );
    expect(soapRequest(style, second.request).body).toBe(`<Concat xmlns="${NS}"><a>1</a><b>2</b></Concat>`);
  });

  it('Custom: its own SOAPAction, namespace and result element <Answer>, and no header (headers: [])', async () => {
    const { result, request } = await exchange(
      style,
      'custom',
      { q: 'why & how?' },
      soapReply(style, 'Custom', '<Answer>because</Answer>', OTHER),
    );
    expect(result).toBe('because');
    const sent = soapRequest(style, request);
    if (style === 'soap11') expect(sent.action).toBe('"urn:custom#Custom"');
    expect(sent.hasHeader).toBe(false);
    expect(sent.body).toBe(`<Custom xmlns="${OTHER}"><q>why &amp; how?</q></Custom>`);
  });

  it('Custom: an answer in the service namespace, or with <CustomResult> instead of <Answer>, is not its answer', async () => {
    const wrongNs = await failure(
      style,
      'custom',
      { q: 'x' },
      soapReply(style, 'Custom', '<Answer>because</Answer>', NS),
      SvcDecodeError,
    );
    expect(wrongNs.message).toContain(`expected <CustomResponse> in namespace ${OTHER}`);
    const wrongElement = await failure(
      style,
      'custom',
      { q: 'x' },
      soapReply(style, 'Custom', '<CustomResult>because</CustomResult>', OTHER),
      SvcDecodeError,
    );
    expect(wrongElement.message).toContain('holds no <Answer>');
  });

  it('a nil parameter is xsi:nil; a nullable result left out or nil is null, an empty one ""', async () => {
    const nil = await exchange(style, 'echo', { text: null }, soapReply(style, 'Echo', ''));
    expect(nil.result).toBeNull();
    expect(soapRequest(style, nil.request).body).toBe(`<Echo xmlns="${NS}"><text xsi:nil="true"/></Echo>`);
    expect(
      (await exchange(style, 'echo', { text: 'a' }, soapReply(style, 'Echo', '<EchoResult xsi:nil="true"/>'))).result,
    ).toBeNull();
    expect((await exchange(style, 'echo', { text: '' }, soapReply(style, 'Echo', '<EchoResult/>'))).result).toBe('');
    expect(
      (await exchange(style, 'echo', { text: 'a' }, soapReply(style, 'Echo', '<EchoResult>a</EchoResult>'))).result,
    ).toBe('a');
  });

  it('a void operation: <PingResponse/> is undefined', async () => {
    const { result, request } = await exchange(style, 'ping', undefined, soapReply(style, 'Ping', ''));
    expect(result).toBeUndefined();
    expect(soapRequest(style, request).body).toBe(`<Ping xmlns="${NS}"/>`);
  });

  it('a record with attributes and a base type: attributes on its element, base members first, all in wire order; a nil record', async () => {
    const item = {
      Color: 'Green',
      Tags: ['new', null, ''],
      Price: '-79228162514264337593543950335',
      Name: 'Chair <b>',
      Size: 3,
      Code: 'C&"1"',
      Created: CREATED,
      Id: 7,
    };
    const { result, request } = await exchange(
      style,
      'saveItem',
      { replaces: null, item },
      soapReply(style, 'SaveItem', '<SaveItemResult>9223372036854775807</SaveItemResult>'),
    );
    expect(result, 'a long past 2^53 is kept exact, as a string').toBe('9223372036854775807');
    const sent = soapRequest(style, request);
    if (style === 'soap11') expect(sent.action).toBe('"http://shapes.example/SaveItem"');
    expect(sent.headers).toEqual([AUTH_BLOCK]);
    expect(sent.body).toBe(
      `<SaveItem xmlns="${NS}">` +
        '<item Code="C&amp;&quot;1&quot;" Size="3">' +
        `<Id>7</Id><Created>${CREATED_WIRE}</Created><Name>Chair &lt;b&gt;</Name><Price>-79228162514264337593543950335</Price>` +
        '<Tags><string>new</string><string xsi:nil="true"/><string/></Tags><Color>Green</Color>' +
        '</item>' +
        '<replaces xsi:nil="true"/>' +
        '</SaveItem>',
    );
  });

  it('a record with only its required members: optional attributes and members left out', async () => {
    const minimal = { Id: 1, Created: CREATED, Price: '0.0000000000000000000000000001' };
    const { request } = await exchange(
      style,
      'saveItem',
      { item: minimal, replaces: { ...minimal, Code: '' } },
      soapReply(style, 'SaveItem', '<SaveItemResult>1</SaveItemResult>'),
    );
    expect(soapRequest(style, request).body).toBe(
      `<SaveItem xmlns="${NS}">` +
        `<item><Id>1</Id><Created>${CREATED_WIRE}</Created><Price>0.0000000000000000000000000001</Price></item>` +
        `<replaces Code=""><Id>1</Id><Created>${CREATED_WIRE}</Created><Price>0.0000000000000000000000000001</Price></replaces>` +
        '</SaveItem>',
    );
  });

  it('lines repeated without a container (a nil one xsi:nil), a nested list, XML content as given; void result', async () => {
    const extra = '<DataSet xmlns="urn:ds"><row id="1">a &amp; b</row><!--kept--><![CDATA[<raw>]]></DataSet>';
    const order = {
      Number: '9007199254740993',
      Line: [{ Id: 1, Created: CREATED, Price: '1', Code: 'L1' }, null, { Id: 2, Created: CREATED, Price: '2.50' }],
      Matrix: [[1, -2], [], null],
      Extra: extra,
    };
    const { result, request } = await exchange(style, 'saveOrder', { order }, soapReply(style, 'SaveOrder', ''));
    expect(result).toBeUndefined();
    expect(soapRequest(style, request).body).toBe(
      `<SaveOrder xmlns="${NS}"><order Number="9007199254740993">` +
        `<Line Code="L1"><Id>1</Id><Created>${CREATED_WIRE}</Created><Price>1</Price></Line>` +
        '<Line xsi:nil="true"/>' +
        `<Line><Id>2</Id><Created>${CREATED_WIRE}</Created><Price>2.50</Price></Line>` +
        '<Matrix><ArrayOfInt><int>1</int><int>-2</int></ArrayOfInt><ArrayOfInt/><ArrayOfInt xsi:nil="true"/></Matrix>' +
        '<Extra><DataSet xmlns="urn:ds"><row id="1">a &amp; b</row>&lt;raw&gt;</DataSet></Extra>' +
        '</order></SaveOrder>',
    );
    expect(request.body, 'XML content is written verbatim').toContain(`<Extra>${extra}</Extra>`);
  });

  it('no lines at all is no <Line> element; a long given as a bigint', async () => {
    const { request } = await exchange(
      style,
      'saveOrder',
      { order: { Number: -(2n ** 63n), Line: [] } },
      soapReply(style, 'SaveOrder', ''),
    );
    expect(soapRequest(style, request).body).toBe(
      `<SaveOrder xmlns="${NS}"><order Number="-9223372036854775808"/></SaveOrder>`,
    );
  });

  it('a filter record: an enum list in its container, a nil member, strings repeated without a container', async () => {
    const filter = { Codes: ['x', 'y & z'], MinPrice: null, Colors: ['Red', 'Blue'], Text: 'lamp' };
    const { result, request } = await exchange(
      style,
      'search',
      { filter },
      soapReply(style, 'Search', '<SearchResult/>'),
    );
    expect(result).toEqual([]);
    const sent = soapRequest(style, request);
    if (style === 'soap11') expect(sent.action).toBe('"http://shapes.example/Search"');
    expect(sent.body).toBe(
      `<Search xmlns="${NS}"><filter>` +
        '<Text>lamp</Text><Colors><Color>Red</Color><Color>Blue</Color></Colors><MinPrice xsi:nil="true"/><Codes>x</Codes><Codes>y &amp; z</Codes>' +
        '</filter></Search>',
    );
  });

  it('lists in their containers with their item names (string, the custom Id), a nil item; an empty list', async () => {
    const { result, request } = await exchange(
      style,
      'tag',
      { tags: ['a', null, 'b c'], ids: [1, 2], note: 'n' },
      soapReply(style, 'Tag', '<TagResult><string>a</string><string xsi:nil="true"/><string/></TagResult>'),
    );
    expect(result).toEqual(['a', null, '']);
    expect(soapRequest(style, request).body).toBe(
      `<Tag xmlns="${NS}"><tags><string>a</string><string xsi:nil="true"/><string>b c</string></tags><ids><Id>1</Id><Id>2</Id></ids><note>n</note></Tag>`,
    );
    const empty = await exchange(
      style,
      'tag',
      { tags: [], ids: [], note: null },
      soapReply(style, 'Tag', '<TagResult/>'),
    );
    expect(empty.result).toEqual([]);
    expect(soapRequest(style, empty.request).body).toBe(`<Tag xmlns="${NS}"><tags/><ids/><note xsi:nil="true"/></Tag>`);
  });

  it('decimals at their extremes stay exact both ways', async () => {
    const values = ['79228162514264337593543950335', '-0.0000000000000000000000000001', 12n, 1.5];
    const { result, request } = await exchange(
      style,
      'sum',
      { values },
      soapReply(style, 'Sum', '<SumResult>-79228162514264337593543950335</SumResult>'),
    );
    expect(result).toBe('-79228162514264337593543950335');
    expect(soapRequest(style, request).body).toBe(
      `<Sum xmlns="${NS}"><values><decimal>79228162514264337593543950335</decimal><decimal>-0.0000000000000000000000000001</decimal><decimal>12</decimal><decimal>1.5</decimal></values></Sum>`,
    );
    expect(
      (
        await exchange(
          style,
          'sum',
          { values: [] },
          soapReply(style, 'Sum', '<SumResult>0.0000000000000000000000000001</SumResult>'),
        )
      ).result,
    ).toBe('0.0000000000000000000000000001');
  });

  it('enums: a default sent when left out; an enum result, an unknown value kept', async () => {
    const { result, request } = await exchange(
      style,
      'mix',
      { first: 'Red' },
      soapReply(style, 'Mix', '<MixResult>Green</MixResult>'),
    );
    expect(result).toBe('Green');
    expect(soapRequest(style, request).body).toBe(`<Mix xmlns="${NS}"><first>Red</first><second>Blue</second></Mix>`);
    expect(
      (
        await exchange(
          style,
          'mix',
          { first: 'Red', second: 'Green' },
          soapReply(style, 'Mix', '<MixResult>Purple</MixResult>'),
        )
      ).result,
    ).toBe('Purple');
  });

  it('Relay (its own namespace, no soapAction): the SOAPAction is the service namespace + name, as ASMX makes it', async () => {
    const { request } = await exchange(
      style,
      'relay',
      { filter: { Codes: [] } },
      soapReply(style, 'Relay', '<RelayResult/>', OTHER),
    );
    const sent = soapRequest(style, request);
    if (style === 'soap11') expect(sent.action).toBe('"http://shapes.example/Relay"');
    expect(sent.headers, 'the header stays in the service namespace').toEqual([AUTH_BLOCK]);
  });

  it("Relay: the parameter element is in the operation namespace, the record's members in the service namespace", async () => {
    const filter = { Text: 't', Colors: ['Red'], Codes: ['c'] };
    const { request } = await exchange(style, 'relay', { filter }, soapReply(style, 'Relay', '<RelayResult/>', OTHER));
    expect(soapRequest(style, request).body).toBe(
      `<Relay xmlns="${OTHER}"><filter>` +
        `<Text xmlns="${NS}">t</Text><Colors xmlns="${NS}"><Color>Red</Color></Colors><Codes xmlns="${NS}">c</Codes>` +
        '</filter></Relay>',
    );
  });

  it('Relay: a record result in the operation namespace whose members are in the service namespace', async () => {
    const content = `<RelayResult><Text xmlns="${NS}">t</Text><Codes xmlns="${NS}">a</Codes><Text xmlns="${OTHER}">skipped</Text><Codes xmlns="${NS}">b</Codes></RelayResult>`;
    const { result } = await exchange(
      style,
      'relay',
      { filter: { Codes: [] } },
      soapReply(style, 'Relay', content, OTHER),
    );
    expect(result).toEqual({ Text: 't', Colors: undefined, MinPrice: undefined, Codes: ['a', 'b'] });
  });
});

describe('HTTP POST requests and their roots', () => {
  it('Add: fields in order, no header; the root <int> by ASMX convention', async () => {
    const { result, request } = await exchange(
      'httpPost',
      'add',
      { b: 2, a: 1 },
      postBody(`<int xmlns="${NS}">3</int>`),
    );
    expect(result).toBe(3);
    expect(formOf(request, 'Add')).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    const wrongRoot = await failure(
      'httpPost',
      'add',
      { a: 1, b: 2 },
      postBody(`<long xmlns="${NS}">3</long>`),
      SvcDecodeError,
    );
    expect(wrongRoot.message).toContain('expected root <int>');
  });

  it('IsAlive: <boolean>', async () => {
    const { result, request } = await exchange(
      'httpPost',
      'isAlive',
      undefined,
      postBody(`<boolean xmlns="${NS}">false</boolean>`),
    );
    expect(result).toBe(false);
    expect(formOf(request, 'IsAlive')).toEqual([]);
  });

  it('Concat: an optional parameter left out is a field left out; the root <string>', async () => {
    const { result, request } = await exchange(
      'httpPost',
      'concat',
      { a: '00123' },
      postBody(`<string xmlns="${NS}"> 00123</string>`),
    );
    expect(result).toBe(' 00123');
    expect(formOf(request, 'Concat')).toEqual([['a', '00123']]);
  });

  it('Ping: an empty body is undefined; a body with anything in it is not the answer of a void operation', async () => {
    const { result, request } = await exchange('httpPost', 'ping', undefined, postBody(''));
    expect(result).toBeUndefined();
    expect(formOf(request, 'Ping')).toEqual([]);
    const error = await failure(
      'httpPost',
      'ping',
      undefined,
      postBody(`<string xmlns="${NS}">x</string>`),
      SvcDecodeError,
    );
    expect(error.message).toBe('Ping: expected an empty HTTP POST response (the operation returns nothing)');
  });

  it('Echo: a nil parameter is a field left out; a nil root is null, an empty <string/> is ""', async () => {
    const nil = await exchange('httpPost', 'echo', { text: null }, postBody(`<string xsi:nil="true" xmlns="${NS}"/>`));
    expect(nil.result).toBeNull();
    expect(formOf(nil.request, 'Echo')).toEqual([]);
    const given = await exchange('httpPost', 'echo', { text: 'a&b c' }, postBody(`<string xmlns="${NS}"/>`));
    expect(given.result).toBe('');
    expect(given.request.body).toBe('text=a%26b+c');
  });

  it('Add: a nil root where the result is not nullable is a decode error', async () => {
    const error = await failure(
      'httpPost',
      'add',
      { a: 1, b: 2 },
      postBody(`<int xsi:nil="true" xmlns="${NS}"/>`),
      SvcDecodeError,
    );
    expect(error.message).toContain('the result is nil, but Add does not return null');
  });

  it('Tag: a list is its field repeated, a nil parameter left out; the root <ArrayOfString>', async () => {
    const { result, request } = await exchange(
      'httpPost',
      'tag',
      { tags: ['a', 'b c'], ids: [1, 2], note: null },
      postBody(`<ArrayOfString xmlns="${NS}"><string>a</string><string xsi:nil="true"/></ArrayOfString>`),
    );
    expect(result).toEqual(['a', null]);
    expect(formOf(request, 'Tag')).toEqual([
      ['tags', 'a'],
      ['tags', 'b c'],
      ['ids', '1'],
      ['ids', '2'],
    ]);
    // An empty list would be no field at all, which ASMX answers with a 500: refused before anything is sent.
    const before = server.requests.length;
    const empty = await rejected(client('httpPost').tag({ tags: [], ids: [3], note: '' }), SvcRequestError);
    expect(empty.message).toBe(
      'Tag: tags is an empty list, which an HTTP POST form cannot carry (ASMX needs at least one field); call it over SOAP',
    );
    expect(server.requests.length).toBe(before);
  });

  it('Sum: decimals as repeated fields, exact; the root <decimal>', async () => {
    const { result, request } = await exchange(
      'httpPost',
      'sum',
      { values: ['-79228162514264337593543950335', '0.0000000000000000000000000001'] },
      postBody(`<decimal xmlns="${NS}">79228162514264337593543950335</decimal>`),
    );
    expect(result).toBe('79228162514264337593543950335');
    expect(formOf(request, 'Sum')).toEqual([
      ['values', '-79228162514264337593543950335'],
      ['values', '0.0000000000000000000000000001'],
    ]);
  });

  it("Mix: the default in the form; the root is the enum's name, <Color>", async () => {
    const { result, request } = await exchange(
      'httpPost',
      'mix',
      { first: 'Green' },
      postBody(`<Color xmlns="${NS}">Blue</Color>`),
    );
    expect(result).toBe('Blue');
    expect(formOf(request, 'Mix')).toEqual([
      ['first', 'Green'],
      ['second', 'Blue'],
    ]);
  });

  it('GetItems: the root <ArrayOfItem>', async () => {
    const root = `<ArrayOfItem xmlns="${NS}"><Item Code="A"><Id>1</Id><Created>${CREATED_WIRE}</Created><Price>1</Price></Item><Item xsi:nil="true"/></ArrayOfItem>`;
    const { result } = await exchange('httpPost', 'getItems', undefined, postBody(root));
    expect(result).toEqual([
      {
        Id: 1,
        Created: CREATED,
        Code: 'A',
        Size: undefined,
        Name: undefined,
        Price: '1',
        Tags: undefined,
        Color: undefined,
      },
      null,
    ]);
  });

  it('GetMatrix: the root <ArrayOfArrayOfInt>', async () => {
    const root = `<ArrayOfArrayOfInt xmlns="${NS}"><ArrayOfInt><int>1</int></ArrayOfInt><ArrayOfInt/></ArrayOfArrayOfInt>`;
    expect((await exchange('httpPost', 'getMatrix', undefined, postBody(root))).result).toEqual([[1], []]);
  });

  it('FindItem: the root <Item> with its attributes; a nil root is null', async () => {
    const root = `<Item xmlns="${NS}" Size="4"><Id>5</Id><Created>${CREATED_WIRE}</Created><Price>9.99</Price></Item>`;
    const { result, request } = await exchange('httpPost', 'findItem', { id: 5 }, postBody(root));
    expect(result).toMatchObject({ Id: 5, Size: 4, Code: undefined, Price: '9.99' });
    expect(formOf(request, 'FindItem')).toEqual([['id', '5']]);
    expect(
      (await exchange('httpPost', 'findItem', { id: 6 }, postBody(`<Item xsi:nil="true" xmlns="${NS}"/>`))).result,
    ).toBeNull();
  });

  it("Custom: the root <Answer> in the operation's namespace", async () => {
    const { result, request } = await exchange(
      'httpPost',
      'custom',
      { q: 'why?' },
      postBody(`<Answer xmlns="${OTHER}">because</Answer>`),
    );
    expect(result).toBe('because');
    expect(formOf(request, 'Custom')).toEqual([['q', 'why?']]);
    await failure(
      'httpPost',
      'custom',
      { q: 'why?' },
      postBody(`<Answer xmlns="${NS}">because</Answer>`),
      SvcDecodeError,
    );
  });

  it.each([
    `<DataSet xmlns="${NS}"><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" id="NewDataSet"/><diffgr:diffgram xmlns:diffgr="urn:d"><T>1 &amp; 2</T></diffgr:diffgram></DataSet>`,
    '<report xmlns="urn:reports" id="7">a &amp; b<line/></report>',
    '<r:data xmlns:r="urn:other"><r:x>1</r:x></r:data>',
    '<plain/>',
  ])(
    'GetDataSet: the XML content is the answer, its root of any name and namespace, returned whole: %s',
    async (root) => {
      const body = `<?xml version="1.0" encoding="utf-8"?>\n${root}`;
      const { result } = await exchange('httpPost', 'getDataSet', undefined, {
        status: 200,
        contentType: 'text/xml; charset=utf-8',
        body,
      });
      expect(result).toBe(root);
    },
  );

  it.each<[Method, Record<string, unknown>]>([
    ['search', { filter: { Codes: [] } }],
    ['saveItem', { item: { Id: 1, Created: CREATED, Price: '1' }, replaces: null }],
    ['saveOrder', { order: { Number: '1', Line: [] } }],
    ['relay', { filter: { Codes: [] } }],
  ])('%s (httpPost: false) is refused with style httpPost before anything is sent', async (method, params) => {
    const before = server.requests.length;
    const error = await rejected(client('httpPost')[method](params), SvcRequestError);
    expect(error.message).toMatch(/has no HTTP POST binding: call it with style soap11 or soap12$/);
    expect(server.requests.length).toBe(before);
  });
});

describe.each(SOAP_STYLES)('decoding results (%s)', (style) => {
  it('a result that is not nullable, left out or nil, is a decode error', async () => {
    const missing = await failure(style, 'add', { a: 1, b: 2 }, soapReply(style, 'Add', ''), SvcDecodeError);
    expect(missing.message).toContain('<AddResponse> holds no <AddResult>');
    const nil = await failure(
      style,
      'add',
      { a: 1, b: 2 },
      soapReply(style, 'Add', '<AddResult xsi:nil="true"/>'),
      SvcDecodeError,
    );
    expect(nil.message).toContain('the result is nil, but Add does not return null');
    await failure(style, 'getItems', undefined, soapReply(style, 'GetItems', ''), SvcDecodeError);
  });

  it('FindItem: left out or nil is null; else the item with its base fields and attributes', async () => {
    expect((await exchange(style, 'findItem', { id: 1 }, soapReply(style, 'FindItem', ''))).result).toBeNull();
    expect(
      (await exchange(style, 'findItem', { id: 1 }, soapReply(style, 'FindItem', '<FindItemResult xsi:nil="true"/>')))
        .result,
    ).toBeNull();
    const content =
      `<FindItemResult Code="A&amp;B" Size="-3"><Color>Blue</Color><Price>0.0000000000000000000000000001</Price><Name>Lamp</Name>` +
      `<Tags><string>x</string><string xsi:nil="true"/></Tags><Created>${CREATED_WIRE}</Created><Id>1</Id></FindItemResult>`;
    const { result, request } = await exchange(style, 'findItem', { id: 1 }, soapReply(style, 'FindItem', content));
    expect(soapRequest(style, request).body).toBe(`<FindItem xmlns="${NS}"><id>1</id></FindItem>`);
    expect(result).toEqual({
      Id: 1,
      Created: CREATED,
      Code: 'A&B',
      Size: -3,
      Name: 'Lamp',
      Price: '0.0000000000000000000000000001',
      Tags: ['x', null],
      Color: 'Blue',
    });
  });

  it('GetItems: <GetItemsResult><Item>…, a nil item null, an optional attribute absent; an empty list []', async () => {
    const content =
      '<GetItemsResult>' +
      `<Item Code="A" Size="2"><Id>1</Id><Created>${CREATED_WIRE}</Created><Price>-79228162514264337593543950335</Price></Item>` +
      '<Item xsi:nil="true"/>' +
      `<Item><Id>2</Id><Created>2024-01-01T00:00:00+01:00</Created><Price>2</Price><Tags/></Item>` +
      '</GetItemsResult>';
    const { result } = await exchange(style, 'getItems', undefined, soapReply(style, 'GetItems', content));
    expect(result).toEqual([
      {
        Id: 1,
        Created: CREATED,
        Code: 'A',
        Size: 2,
        Name: undefined,
        Price: '-79228162514264337593543950335',
        Tags: undefined,
        Color: undefined,
      },
      null,
      {
        Id: 2,
        Created: new Date(Date.UTC(2023, 11, 31, 23)),
        Code: undefined,
        Size: undefined,
        Name: undefined,
        Price: '2',
        Tags: [],
        Color: undefined,
      },
    ]);
    expect(
      (await exchange(style, 'getItems', undefined, soapReply(style, 'GetItems', '<GetItemsResult/>'))).result,
    ).toEqual([]);
  });

  it('an item without a base field is a decode error (inheritance: base fields are required too)', async () => {
    const content = `<GetItemsResult><Item><Created>${CREATED_WIRE}</Created><Price>2</Price></Item></GetItemsResult>`;
    const error = await failure(style, 'getItems', undefined, soapReply(style, 'GetItems', content), SvcDecodeError);
    expect(error.message).toContain('Item: required element <Id> is missing');
  });

  it('an attribute with a bad value is a decode error at /@Size', async () => {
    const content = `<FindItemResult Size="big"><Id>1</Id><Created>${CREATED_WIRE}</Created><Price>1</Price></FindItemResult>`;
    const error = await failure(style, 'findItem', { id: 1 }, soapReply(style, 'FindItem', content), SvcDecodeError);
    expect(error.path).toMatch(/\/@Size$/);
  });

  it('GetMatrix: nested lists <ArrayOfInt>, an empty and a nil inner list', async () => {
    const content =
      '<GetMatrixResult><ArrayOfInt><int>1</int><int>2</int></ArrayOfInt><ArrayOfInt/><ArrayOfInt xsi:nil="true"/><ArrayOfInt><int>-3</int></ArrayOfInt></GetMatrixResult>';
    expect((await exchange(style, 'getMatrix', undefined, soapReply(style, 'GetMatrix', content))).result).toEqual([
      [1, 2],
      [],
      null,
      [-3],
    ]);
    const nilInt = '<GetMatrixResult><ArrayOfInt><int xsi:nil="true"/></ArrayOfInt></GetMatrixResult>';
    await failure(style, 'getMatrix', undefined, soapReply(style, 'GetMatrix', nilInt), SvcDecodeError);
  });

  const ORDER_LINE = (id: number) =>
    `<Line><Id>${id}</Id><Created>${CREATED_WIRE}</Created><Price>${id}</Price></Line>`;
  const line = (id: number) => ({
    Id: id,
    Created: CREATED,
    Code: undefined,
    Size: undefined,
    Name: undefined,
    Price: String(id),
    Tags: undefined,
    Color: undefined,
  });

  it('Search: orders whose lines are repeated without a container: none is [], many keep their order, a nil one is null', async () => {
    const extra =
      '<DataSet xmlns="urn:ds" xmlns:x="urn:x"><x:row a="1">t &amp; u<![CDATA[<c>]]></x:row><!--note--></DataSet>';
    const content =
      '<SearchResult>' +
      '<Order Number="9007199254740993"><Matrix/></Order>' +
      `<Order Number="-9223372036854775808">${ORDER_LINE(3)}<Matrix><ArrayOfInt><int>7</int></ArrayOfInt></Matrix>${ORDER_LINE(1)}<Line xsi:nil="true"/>${ORDER_LINE(2)}<Extra>${extra}</Extra></Order>` +
      '<Order xsi:nil="true"/>' +
      '</SearchResult>';
    const { result } = await exchange(style, 'search', { filter: { Codes: [] } }, soapReply(style, 'Search', content));
    expect(result).toEqual([
      { Number: '9007199254740993', Line: [], Matrix: [], Extra: undefined },
      { Number: '-9223372036854775808', Line: [line(3), line(1), null, line(2)], Matrix: [[7]], Extra: extra },
      null,
    ]);
  });

  it('an order without its required attribute Number, or with a bad one, is a decode error at /@Number', async () => {
    const missing = await failure(
      style,
      'search',
      { filter: { Codes: [] } },
      soapReply(style, 'Search', '<SearchResult><Order/></SearchResult>'),
      SvcDecodeError,
    );
    expect(missing.message).toContain('Order: required attribute Number is missing');
    expect(missing.path).toMatch(/\/@Number$/);
    const bad = await failure(
      style,
      'search',
      { filter: { Codes: [] } },
      soapReply(style, 'Search', '<SearchResult><Order Number="1.5"/></SearchResult>'),
      SvcDecodeError,
    );
    expect(bad.path).toMatch(/\/@Number$/);
    const tooBig = await failure(
      style,
      'search',
      { filter: { Codes: [] } },
      soapReply(style, 'Search', '<SearchResult><Order Number="9223372036854775808"/></SearchResult>'),
      SvcDecodeError,
    );
    expect(tooBig.path).toMatch(/\/@Number$/);
  });

  it('GetDataSet: XML content kept verbatim, prefixes, comments and CDATA included', async () => {
    const inner =
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" id="NewDataSet"/>\n<diffgr:diffgram xmlns:diffgr="urn:d"><T a=\'1\'>1 &amp; 2<!--c--><![CDATA[<x>]]></T></diffgr:diffgram>';
    expect(
      (
        await exchange(
          style,
          'getDataSet',
          undefined,
          soapReply(style, 'GetDataSet', `<GetDataSetResult>${inner}</GetDataSetResult>`),
        )
      ).result,
    ).toBe(inner);
    expect(
      (await exchange(style, 'getDataSet', undefined, soapReply(style, 'GetDataSet', '<GetDataSetResult/>'))).result,
    ).toBe('');
  });
});

describe.each(SOAP_STYLES)('out parameters and derived types (%s)', (style) => {
  it('Divide: the quotient and its out parameters read as one DivideOutput from <DivideResponse>', async () => {
    const content = '<DivideResult>3</DivideResult><remainder>1</remainder><note>a &amp; b</note>';
    const { result, request } = await exchange(style, 'divide', { a: 10, b: 3 }, soapReply(style, 'Divide', content));
    expect(soapRequest(style, request).body).toBe(`<Divide xmlns="${NS}"><a>10</a><b>3</b></Divide>`);
    expect(result).toEqual({ DivideResult: 3, remainder: 1, note: 'a & b' });
    // In any order, an optional output left out; a required one missing or sent twice is an error.
    const reordered = await exchange(
      style,
      'divide',
      { a: 1, b: 1 },
      soapReply(style, 'Divide', '<remainder>0</remainder><DivideResult>1</DivideResult>'),
    );
    expect(reordered.result).toEqual({ DivideResult: 1, remainder: 0, note: undefined });
    const missing = await failure(
      style,
      'divide',
      { a: 1, b: 1 },
      soapReply(style, 'Divide', '<DivideResult>1</DivideResult>'),
      SvcDecodeError,
    );
    expect(missing.message).toContain('required element <remainder> is missing');
    await failure(
      style,
      'divide',
      { a: 1, b: 1 },
      soapReply(style, 'Divide', '<DivideResult>1</DivideResult><remainder>0</remainder><remainder>0</remainder>'),
      SvcDecodeError,
    );
  });

  it('GetEntity: an Entity, or with xsi:type="Item" an Item with its own fields and attributes', async () => {
    const plain = await exchange(
      style,
      'getEntity',
      undefined,
      soapReply(style, 'GetEntity', `<GetEntityResult><Id>7</Id><Created>${CREATED_WIRE}</Created></GetEntityResult>`),
    );
    expect(plain.result).toEqual({ Id: 7, Created: CREATED });
    const derived =
      `<GetEntityResult xsi:type="q1:Item" xmlns:q1="${NS}" Code="Z"><Id>8</Id><Created>${CREATED_WIRE}</Created>` +
      '<Name>Lamp</Name><Price>9.99</Price></GetEntityResult>';
    const { result } = await exchange(style, 'getEntity', undefined, soapReply(style, 'GetEntity', derived));
    expect(result).toEqual({
      Id: 8,
      Created: CREATED,
      Code: 'Z',
      Size: undefined,
      Name: 'Lamp',
      Price: '9.99',
      Tags: undefined,
      Color: undefined,
    });
    // A type the spec does not know cannot be read whole: read as the declared one, its own members would be dropped
    // (issue 25; README, "xsi:type"). So it is a decode error, as .NET's XmlSerializer makes it.
    const unknown = await failure(
      style,
      'getEntity',
      undefined,
      soapReply(
        style,
        'GetEntity',
        `<GetEntityResult xsi:type="Gadget"><Id>9</Id><Created>${CREATED_WIRE}</Created><Watts>5</Watts></GetEntityResult>`,
      ),
      SvcDecodeError,
    );
    expect(unknown.message).toContain(`xsi:type names {${NS}}Gadget, which is not Entity nor a type derived from it`);
  });

  it('Divide has no HTTP POST binding: refused before anything is sent', async () => {
    const before = server.requests.length;
    const error = await rejected(client('httpPost').divide({ a: 1, b: 2 }), SvcRequestError);
    expect(error.message).toBe('Divide: the operation has no HTTP POST binding: call it with style soap11 or soap12');
    expect(server.requests.length).toBe(before);
  });
});

describe('bad input is refused before anything is sent', () => {
  const item = { Id: 1, Created: CREATED, Price: '1' };
  it.each<[string, Style, Method, Record<string, unknown>, RegExp]>([
    [
      'an unknown record member',
      'soap11',
      'saveItem',
      { item: { ...item, Nmae: 'x' }, replaces: null },
      /^SaveItem: item\.Nmae is not a member of this record \(expected: Id, Created, Code, Size, Name, Price, Tags, Color\)$/,
    ],
    [
      'a missing required member (of the base type)',
      'soap12',
      'saveItem',
      { item: { Created: CREATED, Price: '1' }, replaces: null },
      /^SaveItem: item\.Id is required$/,
    ],
    [
      'a missing required member',
      'soap11',
      'saveItem',
      { item: { Id: 1, Created: CREATED }, replaces: null },
      /^SaveItem: item\.Price is required$/,
    ],
    [
      'a null attribute',
      'soap11',
      'saveItem',
      { item: { ...item, Code: null }, replaces: null },
      /^SaveItem: item\.Code cannot be null/,
    ],
    [
      'a missing required attribute',
      'soap11',
      'saveOrder',
      { order: { Line: [] } },
      /^SaveOrder: order\.Number is required$/,
    ],
    [
      'a long attribute out of range',
      'soap11',
      'saveOrder',
      { order: { Number: '9223372036854775808', Line: [] } },
      /^SaveOrder: order\.Number /,
    ],
    [
      'an enum value not in the enum',
      'soap11',
      'mix',
      { first: 'Purple' },
      /^Mix: first is not a Color value \(expected one of Red, Green, Blue\)$/,
    ],
    [
      "an enum value not in the enum, in a record's list",
      'soap12',
      'search',
      { filter: { Colors: ['Red', 'Pink'], Codes: [] } },
      /^Search: filter\.Colors\[1\] is not a Color value/,
    ],
    [
      'an enum value not in the enum, over HTTP POST',
      'httpPost',
      'mix',
      { first: 'Red', second: 'red' },
      /^Mix: second is not a Color value/,
    ],
    [
      'a null item in a list whose items cannot be nil',
      'soap11',
      'sum',
      { values: ['1', null] },
      /^Sum: values\[1\] is null, but the items of this list cannot be nil$/,
    ],
    [
      'a null item in a list whose items cannot be nil, over HTTP POST',
      'httpPost',
      'tag',
      { tags: [], ids: [1, null], note: null },
      /^Tag: ids\[1\] is null/,
    ],
    [
      'a null item in a nested list',
      'soap11',
      'saveOrder',
      { order: { Number: '1', Line: [], Matrix: [[1, null]] } },
      /^SaveOrder: order\.Matrix\[0\]\[1\] is null, but the items of this list cannot be nil$/,
    ],
    [
      'a null list item in an HTTP POST form',
      'httpPost',
      'tag',
      { tags: ['a', null], ids: [], note: null },
      /^Tag: tags\[1\] is null, which an HTTP POST form cannot carry$/,
    ],
    [
      'a list that is not an array',
      'soap11',
      'tag',
      { tags: 'a', ids: [], note: null },
      /^Tag: tags must be an array, got string$/,
    ],
    [
      'a record parameter under HTTP POST',
      'httpPost',
      'search',
      { filter: { Codes: [] } },
      /^Search: the operation has no HTTP POST binding/,
    ],
    [
      'unbalanced XML content',
      'soap11',
      'saveOrder',
      { order: { Number: '1', Line: [], Extra: '<a><b></a>' } },
      /^SaveOrder: order\.Extra is not well-formed XML content/,
    ],
    [
      'XML content with an undefined entity',
      'soap11',
      'saveOrder',
      { order: { Number: '1', Line: [], Extra: 'a&nbsp;b' } },
      /^SaveOrder: order\.Extra is not well-formed XML content/,
    ],
    [
      'XML content that closes the element it is in',
      'soap11',
      'saveOrder',
      { order: { Number: '1', Line: [], Extra: '</Extra><Line/>' } },
      /^SaveOrder: order\.Extra is not well-formed XML content/,
    ],
    [
      'XML content with a DOCTYPE',
      'soap11',
      'saveOrder',
      { order: { Number: '1', Line: [], Extra: '<!DOCTYPE x [<!ENTITY e "boom">]><x>&e;</x>' } },
      /^SaveOrder: order\.Extra is not well-formed XML content/,
    ],
    [
      'a line without its required members',
      'soap12',
      'saveOrder',
      { order: { Number: '1', Line: [{ Id: 1 }] } },
      /^SaveOrder: order\.Line\[0\]\.Created is required$/,
    ],
    [
      'a record given as an array',
      'soap11',
      'search',
      { filter: [] },
      /^Search: filter must be an object, got an array$/,
    ],
    [
      'a nil parameter that is not nillable',
      'soap11',
      'saveOrder',
      { order: null },
      /^SaveOrder: missing required parameter order$/,
    ],
    ['an unknown parameter', 'soap11', 'add', { a: 1, b: 2, c: 3 }, /^Add: unknown parameter c \(expected: a, b\)$/],
  ])('%s (%s %s)', async (_label, style, method, params, message) => {
    const before = server.requests.length;
    const error = await rejected(client(style)[method](params), SvcRequestError);
    expect(error.message).toMatch(message);
    expect(server.requests.length, 'nothing was sent').toBe(before);
  });

  it('a required header option missing, or not a valid AuthHeader, is refused when the client is built', () => {
    const ShapesClient = mod['ShapesClient'] as ClientClass;
    const before = server.requests.length;
    const build = (options: Record<string, unknown>) =>
      thrown(() => new ShapesClient({ baseUrl: server.url, ...options }), SvcRequestError).message;
    expect(build({})).toBe('auth must be given: it is sent as the SOAP header <AuthHeader>');
    expect(build({ auth: null })).toBe('auth must be given: it is sent as the SOAP header <AuthHeader>');
    expect(build({ auth: { Password: PASSWORD } })).toBe('auth.Username is required');
    expect(build({ auth: { Username: 'u', Pasword: PASSWORD } })).toBe(
      'auth.Pasword is not a member of this record (expected: Username, Password)',
    );
    expect(build({ auth: { Username: 'u', Password: 42 } })).toMatch(/^auth\.Password /);
    expect(server.requests.length).toBe(before);
  });
});

describe('the AuthHeader password never shows in an error', () => {
  /** Every text an error exposes to a logger: message, stack, cause chain, JSON and util.inspect. */
  function exposed(error: unknown): string {
    const parts: string[] = [inspect(error, { depth: 6 }), JSON.stringify(error), String(error)];
    for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
      parts.push(e.message, e.stack ?? '');
    return parts.join('\n');
  }
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  /** The password in each form it takes on the wire and in a fault that quotes the request. */
  const FORMS = [PASSWORD, escapeXml(PASSWORD), escapeXml(escapeXml(PASSWORD))];
  function expectNoPassword(error: unknown): void {
    const text = exposed(error);
    for (const form of FORMS) expect(text).not.toContain(form);
    expect(text).not.toContain('w0rd');
  }

  it.each(SOAP_STYLES)('a fault (%s) quoting the request in its reason and detail', async (style) => {
    const SvcSoapFault = mod['SvcSoapFault'] as ErrorClass;
    server.respond((req) => {
      const echoed = escapeXml(req.body);
      return faultResponse(
        style,
        'Client',
        `Server was unable to read request: ${echoed}`,
        `<echo>${echoed}</echo><pw>${escapeXml(PASSWORD)}</pw>`,
      );
    });
    const error = await rejected(client(style).add({ a: 1, b: 2 }), SvcSoapFault);
    expect(server.requests.at(-1)?.body, 'the password was sent').toContain(escapeXml(PASSWORD));
    expect(error.message).toContain('[redacted]');
    expectNoPassword(error);
  });

  it.each<Style>(['soap11', 'soap12', 'httpPost'])(
    'an HTTP error page (%s) echoing the request and the password',
    async (style) => {
      const SvcHttpError = mod['SvcHttpError'] as ErrorClass &
        (abstract new (...args: never[]) => Error & { readonly bodyExcerpt: string });
      server.respond((req) => ({
        status: 500,
        contentType: 'text/html',
        body: `<html><pre>${escapeXml(req.body)}</pre><p>password was ${PASSWORD}</p></html>`,
      }));
      const error = await rejected(client(style).echo({ text: 'x' }), SvcHttpError);
      expect(error.bodyExcerpt).toContain('[redacted]');
      expectNoPassword(error);
    },
  );

  it('a decode error quoting a value that is the password', async () => {
    const error = await failure(
      'soap11',
      'add',
      { a: 1, b: 2 },
      soapReply('soap11', 'Add', `<AddResult>${escapeXml(PASSWORD)}</AddResult>`),
      SvcDecodeError,
    );
    expectNoPassword(error);
  });

  it('a bad password is refused without quoting it', () => {
    const ShapesClient = mod['ShapesClient'] as ClientClass;
    const bad = `${PASSWORD}\u0000`;
    const error = thrown(
      () => new ShapesClient({ baseUrl: server.url, auth: { Username: 'u', Password: bad } }),
      SvcRequestError,
    );
    expect(error.message).toMatch(/^auth\.Password contains U\+0000/);
    expectNoPassword(error);
  });
});
