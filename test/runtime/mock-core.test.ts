import { beforeEach, describe, expect, it } from 'vitest';
import { SvcSoapFault } from '../../templates/runtime/errors.js';
import {
  DEFAULT_MAX_REQUEST_BYTES,
  MAX_RECORDED_CALLS,
  MockCore,
  MockFault,
} from '../../templates/runtime/mock/core.js';
import { parseSoapFault } from '../../templates/runtime/codec/soap.js';
import {
  FIND_NS,
  KEY,
  NS,
  OPERATIONS,
  ORIGIN,
  PATH,
  PAYER,
  S11,
  S12,
  STAMP,
  XSD,
  XSI,
  credentialElements,
  envelope,
  formCredentials,
  getThingBody,
  makeFixture,
  type Fixture,
} from './mock-fixture.js';

const TEXT_XML = 'text/xml; charset=utf-8';
const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
const FORM = 'application/x-www-form-urlencoded';
const TEXT_PLAIN = 'text/plain; charset=utf-8';

let fx: Fixture;
beforeEach(() => {
  fx = makeFixture();
});

function soap11(body: string, action: string | null = `"${NS}GetThing"`, contentType = TEXT_XML): Request {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (action !== null) headers['SOAPAction'] = action;
  return new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers, body });
}

function soap12(body: string, contentType = SOAP12_TYPE): Request {
  return new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

function form(operation: string, body: string, contentType = FORM): Request {
  return new Request(`${ORIGIN}${PATH}/${operation}`, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body,
  });
}

/** The answer's text, checked to hold no credential value. */
async function textOf(response: Response): Promise<string> {
  const text = await response.text();
  for (const secret of [KEY, PAYER, STAMP]) expect(text).not.toContain(secret);
  return text;
}

/** A SOAP fault answer of `version`: HTTP 500, the version's Content-Type, a well-formed fault. */
async function faultOf(response: Response, version: '1.1' | '1.2' = '1.1'): Promise<SvcSoapFault> {
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toBe(version === '1.1' ? TEXT_XML : SOAP12_TYPE);
  const text = await textOf(response);
  expect(text).toContain(`xmlns:soap="${version === '1.1' ? S11 : S12}"`);
  const fault = parseSoapFault(text, 500);
  expect(fault).toBeInstanceOf(SvcSoapFault);
  return fault!;
}

async function clientFault(request: Request): Promise<string> {
  const fault = await faultOf(await fx.core.handle(request));
  expect(fault.code).toBe('soap:Client');
  return fault.reason;
}

async function senderFault(request: Request): Promise<string> {
  const fault = await faultOf(await fx.core.handle(request), '1.2');
  expect(fault.code).toBe('soap:Sender');
  return fault.reason;
}

/** An HTTP POST error: HTTP 500 text/plain. */
async function formError(request: Request): Promise<string> {
  const response = await fx.core.handle(request);
  expect(response.status).toBe(500);
  expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
  return textOf(response);
}

const GOOD_RESULT =
  `<GetThingResponse xmlns="${NS}"><GetThingResult><id>9007199254740993</id><total>12.5</total>` +
  '</GetThingResult></GetThingResponse>';

function soapDocument(version: '1.1' | '1.2', body: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${version === '1.1' ? S11 : S12}" ` +
    `xmlns:xsi="${XSI}" xmlns:xsd="${XSD}"><soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

describe('MockCore routing', () => {
  it.each([
    ['another path', '/other'],
    ['a longer name', `${PATH}x`],
    ['a nested path under an operation', `${PATH}/GetThing/more`],
    ['the bare operation prefix', `${PATH}/`],
  ])('answers 404 text/plain for %s', async (_, path) => {
    const response = await fx.core.handle(new Request(`${ORIGIN}${path}`, { method: 'POST', body: 'x' }));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
    expect(await response.text()).toBe(`Not found. The service is at ${PATH}.`);
  });

  it.each(['?WSDL', '?wsdl', '?Wsdl'])('answers GET %s with 404 when it has no WSDL', async (query) => {
    const response = await fx.core.handle(new Request(`${ORIGIN}${PATH}${query}`));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
    expect(await response.text()).toBe('this mock has no WSDL');
  });

  it.each(['?WSDL', '?wsdl'])(
    'answers GET %s with its WSDL at the origin asked, and HEAD with its headers alone',
    async (query) => {
      const withWsdl = makeFixture({ wsdl: (origin) => `<definitions location="${origin}${PATH}"/>` });
      const response = await withWsdl.core.handle(new Request(`${ORIGIN}${PATH}${query}`));
      expect([response.status, response.headers.get('content-type')]).toEqual([200, 'text/xml; charset=utf-8']);
      expect(await response.text()).toBe(`<definitions location="${ORIGIN}${PATH}"/>`);
      const head = await withWsdl.core.handle(new Request(`${ORIGIN}${PATH}${query}`, { method: 'HEAD' }));
      expect([head.status, await head.text()]).toEqual([200, '']);
      // Any other query on GET is no WSDL: the method is not allowed.
      expect((await withWsdl.core.handle(new Request(`${ORIGIN}${PATH}?disco`))).status).toBe(405);
    },
  );

  it('answers GET <path>/<Operation> as ASMX does when its HTTP GET protocol is not enabled: 500, the request format is unrecognized', async () => {
    const response = await fx.core.handle(new Request(`${ORIGIN}${PATH}/GetThing?requestId=1`));
    expect([response.status, response.headers.get('content-type')]).toEqual([500, TEXT_PLAIN]);
    expect(await response.text()).toBe("Request format is unrecognized for URL unexpectedly ending in '/GetThing'.");
  });

  it.each([
    ['GET', PATH],
    ['PUT', PATH],
    ['DELETE', PATH],
    ['GET', `${PATH}?op=GetThing`],
  ])('answers %s %s with 405 and Allow: POST', async (method, path) => {
    const response = await fx.core.handle(new Request(`${ORIGIN}${path}`, { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
    expect(await response.text()).toBe(`The method ${method} is not allowed here: send a POST.`);
  });

  it.each([
    ['text/plain', 'The Content-Type "text/plain" is not accepted'],
    ['application/json; charset=utf-8', 'The Content-Type "application/json; charset=utf-8" is not accepted'],
    [FORM, `The Content-Type "${FORM}" is not accepted`],
  ])('answers a SOAP request with Content-Type %s with 415 naming the accepted types', async (type, start) => {
    const response = await fx.core.handle(soap11(envelope(getThingBody()), `"${NS}GetThing"`, type));
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
    expect(await response.text()).toBe(
      `${start}; this URL accepts text/xml (SOAP 1.1), application/soap+xml (SOAP 1.2).`,
    );
    expect(fx.seen).toHaveLength(0);
  });

  it('answers a request without Content-Type with 415', async () => {
    const request = new Request(`${ORIGIN}${PATH}`, { method: 'POST', body: new Uint8Array([60, 97, 47, 62]) });
    const response = await fx.core.handle(request);
    expect(response.status).toBe(415);
    expect(await response.text()).toBe(
      'No Content-Type was given; this URL accepts text/xml (SOAP 1.1), application/soap+xml (SOAP 1.2).',
    );
  });

  it('answers 415 for a style the service does not offer, and 404 for HTTP POST paths without the binding', async () => {
    const soap11Only = makeFixture({ styles: ['soap11'] }).core;
    const s12 = await soap11Only.handle(soap12(envelope(getThingBody(), '1.2')));
    expect(s12.status).toBe(415);
    expect(await s12.text()).toBe(
      `The Content-Type "${SOAP12_TYPE}" is not accepted; this URL accepts text/xml (SOAP 1.1).`,
    );
    const post = await soap11Only.handle(form('GetThing', `${formCredentials()}&requestId=1&amount=2`));
    expect(post.status).toBe(404);
    const formsOnly = await makeFixture({ styles: ['httpPost'] }).core.handle(soap11(envelope(getThingBody())));
    expect(formsOnly.status).toBe(415);
    expect(await formsOnly.text()).toBe(
      `The Content-Type "${TEXT_XML}" is not accepted; this service takes HTTP POST forms only, at its path + /<Operation>.`,
    );
  });

  it('answers an unknown operation on the HTTP POST path with 500 text/plain, naming a misspelt one', async () => {
    expect(await formError(form('Nope', 'a=1'))).toBe('Unknown web method Nope.');
    expect(await formError(form('getthing', 'a=1'))).toBe(
      'Unknown web method getthing. (The operation is spelt GetThing.)',
    );
    expect(await formError(form('%3Cscript%3E', 'a=1'))).toBe('Unknown web method "<script>".');
  });

  it('answers 500 text/plain for an operation without an HTTP POST binding', async () => {
    expect(await formError(form('Divide', 'a=1&b=2'))).toBe(
      'The operation Divide has no HTTP POST binding: call it with SOAP.',
    );
  });

  it('answers 415 on the HTTP POST path for anything but a form', async () => {
    const response = await fx.core.handle(form('GetThing', envelope(getThingBody()), TEXT_XML));
    expect(response.status).toBe(415);
    expect(await response.text()).toBe(
      `The Content-Type "${TEXT_XML}" is not accepted; this URL accepts application/x-www-form-urlencoded (HTTP POST).`,
    );
  });
});

describe('MockCore SOAP actions', () => {
  it.each([
    ['quoted', `"${NS}GetThing"`],
    ['unquoted', `${NS}GetThing`],
    ['quoted with spaces around', `  "${NS}GetThing" `],
  ])('accepts the SOAPAction %s', async (_, action) => {
    const response = await fx.core.handle(soap11(envelope(getThingBody()), action));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(soapDocument('1.1', GOOD_RESULT));
  });

  it('refuses a missing SOAPAction with a Client fault naming the expected one', async () => {
    expect(await clientFault(soap11(envelope(getThingBody()), null))).toBe(
      `the SOAPAction HTTP header is missing: GetThing expects "${NS}GetThing"`,
    );
    expect(fx.seen).toHaveLength(0);
  });

  it.each([
    [
      'wrong',
      `"${NS}Nothing"`,
      `Server did not recognize the value of HTTP Header SOAPAction: "${NS}Nothing"; the action of GetThing is "${NS}GetThing"`,
    ],
    [
      'empty',
      '""',
      `Server did not recognize the value of HTTP Header SOAPAction: ""; the action of GetThing is "${NS}GetThing"`,
    ],
    [
      'of another case',
      `"${NS}getthing"`,
      `Server did not recognize the value of HTTP Header SOAPAction: "${NS}getthing"; the action of GetThing is "${NS}GetThing"`,
    ],
    [
      'of another operation',
      `"${NS}Ping"`,
      'the SOAPAction HTTP header names operation Ping, but the SOAP Body holds <GetThing>',
    ],
    [
      'of an operation with an explicit action',
      'urn:calc/divide',
      'the SOAPAction HTTP header names operation Divide, but the SOAP Body holds <GetThing>',
    ],
  ])('refuses a SOAPAction that is %s with a Client fault', async (_, action, message) => {
    expect(await clientFault(soap11(envelope(getThingBody()), action))).toBe(message);
    expect(fx.seen).toHaveLength(0);
  });

  it('uses an explicit soapAction, and the service namespace for an operation with a namespace of its own', async () => {
    const divide = await fx.core.handle(
      soap11(envelope(`<Divide xmlns="${NS}"><a>7</a><b>2</b></Divide>`), '"urn:calc/divide"'),
    );
    expect(divide.status).toBe(200);
    const find = `<FindThing xmlns="${FIND_NS}">${credentialElements('timestamp')}</FindThing>`;
    expect((await fx.core.handle(soap11(envelope(find), `"${NS}FindThing"`))).status).toBe(200);
    expect(await clientFault(soap11(envelope(find), `"${FIND_NS}/FindThing"`))).toContain('Server did not recognize');
  });

  it('takes SOAP 1.2 without an action, or with the action parameter of the operation', async () => {
    const body = envelope(getThingBody(), '1.2');
    for (const type of [
      SOAP12_TYPE,
      `application/soap+xml; charset=utf-8; action="${NS}GetThing"`,
      `Application/SOAP+XML;action=${NS}GetThing`,
    ]) {
      const response = await fx.core.handle(soap12(body, type));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(SOAP12_TYPE);
      expect(await response.text()).toBe(soapDocument('1.2', GOOD_RESULT));
    }
  });

  it('ignores a SOAPAction header on SOAP 1.2', async () => {
    const request = new Request(`${ORIGIN}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': SOAP12_TYPE, SOAPAction: '"wrong"' },
      body: envelope(getThingBody(), '1.2'),
    });
    expect((await fx.core.handle(request)).status).toBe(200);
  });

  it("refuses a SOAP 1.2 action parameter that is not the operation's with a Sender fault", async () => {
    const body = envelope(getThingBody(), '1.2');
    expect(await senderFault(soap12(body, `${SOAP12_TYPE}; action="${NS}Ping"`))).toBe(
      'the action parameter of the Content-Type names operation Ping, but the SOAP Body holds <GetThing>',
    );
    expect(await senderFault(soap12(body, `${SOAP12_TYPE}; action="urn:x"`))).toBe(
      `the action parameter of the Content-Type, "urn:x", is not the action of GetThing: expected "${NS}GetThing"`,
    );
    expect(fx.seen).toHaveLength(0);
  });
});

describe('MockCore envelopes', () => {
  it('answers a SOAP 1.2 envelope sent as text/xml with a SOAP 1.1 VersionMismatch fault', async () => {
    const fault = await faultOf(await fx.core.handle(soap11(envelope(getThingBody(), '1.2'))));
    expect(fault.code).toBe('soap:VersionMismatch');
    expect(fault.reason).toBe('the request is a SOAP 1.2 envelope, but the Content-Type asks for SOAP 1.1');
  });

  it('answers a SOAP 1.1 envelope sent as application/soap+xml with a SOAP 1.2 VersionMismatch fault', async () => {
    const fault = await faultOf(await fx.core.handle(soap12(envelope(getThingBody()))), '1.2');
    expect(fault.code).toBe('soap:VersionMismatch');
    expect(fault.reason).toBe('the request is a SOAP 1.1 envelope, but the Content-Type asks for SOAP 1.2');
  });

  it('answers an Envelope in another namespace with VersionMismatch', async () => {
    const body = `<Envelope xmlns="urn:not-soap"><Body>${getThingBody()}</Body></Envelope>`;
    const fault = await faultOf(await fx.core.handle(soap11(body)));
    expect(fault.code).toBe('soap:VersionMismatch');
    expect(fault.reason).toBe(
      'the Envelope is in namespace "urn:not-soap", which is no SOAP envelope namespace; the Content-Type asks for SOAP 1.1',
    );
  });

  it.each([
    ['a root that is not an Envelope', getThingBody(), 'the root element <GetThing> is not a SOAP Envelope'],
    ['an envelope without Body', `<soap:Envelope xmlns:soap="${S11}"/>`, 'SOAP Envelope without a Body'],
    ['an empty Body', envelope(''), 'empty SOAP Body'],
    [
      'two elements in Body',
      envelope(getThingBody() + getThingBody()),
      'the SOAP Body holds more than one element: <GetThing> follows <GetThing>',
    ],
    [
      'an unknown operation',
      envelope(`<Nope xmlns="${NS}"/>`),
      'the SOAP Body holds <Nope>, which is not an operation of this service',
    ],
    [
      'a misspelt operation',
      envelope(`<getThing xmlns="${NS}"/>`),
      'the SOAP Body holds <getThing>, which is not an operation of this service (The operation is spelt GetThing.)',
    ],
    [
      'an operation in another namespace',
      envelope(`<GetThing xmlns="urn:other">${credentialElements()}</GetThing>`),
      `<GetThing> is in namespace "urn:other", but the operation is in namespace "${NS}"`,
    ],
    [
      'an unqualified operation',
      envelope(`<GetThing>${credentialElements()}</GetThing>`),
      `<GetThing> is in no namespace, but the operation is in namespace "${NS}"`,
    ],
    [
      'a stray element before Body',
      `<soap:Envelope xmlns:soap="${S11}"><x/><soap:Body/></soap:Envelope>`,
      'unexpected <x> in no namespace in the SOAP Envelope',
    ],
  ])('refuses %s with a Client fault', async (_, body, message) => {
    expect(await clientFault(soap11(body))).toBe(message);
    expect(fx.seen).toHaveLength(0);
  });

  it('skips headers, understood or not, and content after the Body', async () => {
    const header =
      '<soap:Header><h:Auth xmlns:h="urn:h" soap:mustUnderstand="1"><h:user>u</h:user></h:Auth></soap:Header>';
    const body = envelope(getThingBody(), '1.1', header).replace(
      '</soap:Body>',
      '</soap:Body><trailer xmlns="urn:t"/>',
    );
    expect((await fx.core.handle(soap11(body))).status).toBe(200);
  });

  it.each([
    [
      'unclosed tags',
      envelope(getThingBody()).replace('</soap:Envelope>', ''),
      /^unexpected end of document inside <Envelope>/,
    ],
    [
      'a mismatched end tag',
      envelope(getThingBody().replace('</amount>', '</amont>')),
      /^mismatched end tag: expected <\/amount> but found <\/amont> at line 1/,
    ],
    ['junk after the envelope', `${envelope(getThingBody())}<more/>`, /^a second root element after the root element/],
    ['text that is not XML', 'hello', /^not XML: the document does not start with markup/],
    ['an empty body', '', /^empty document, expected XML/],
  ])('refuses malformed XML (%s) with a Client fault saying where', async (_, body, message) => {
    expect(await clientFault(soap11(body))).toMatch(message);
    expect(fx.seen).toHaveLength(0);
  });

  it('refuses a DOCTYPE with an entity without expanding anything', async () => {
    const body =
      '<?xml version="1.0"?><!DOCTYPE soap:Envelope [<!ENTITY boom "EXPANDED">]>' +
      envelope(getThingBody('<requestId>1</requestId><amount>1</amount><note>&boom;</note>')).replace(
        /^<\?xml[^>]*>/,
        '',
      );
    const reason = await clientFault(soap11(body));
    expect(reason).toMatch(/^DOCTYPE is not allowed \(no DTD processing\) at line 1/);
    expect(reason).not.toContain('EXPANDED');
    expect(fx.seen).toHaveLength(0);
  });

  it('refuses a body that is not valid in its charset, and reads a declared one', async () => {
    const bad = new Uint8Array([...new TextEncoder().encode(envelope(getThingBody()).slice(0, 60)), 0xc3, 0x28]);
    const request = new Request(`${ORIGIN}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': TEXT_XML, SOAPAction: NS + 'GetThing' },
      body: bad,
    });
    expect(await clientFault(request)).toBe('the request body is not valid UTF-8');
    const latin1 = Buffer.from(
      envelope(getThingBody('<requestId>1</requestId><amount>1</amount><note>caf\u00e9</note>')),
      'latin1',
    );
    const ok = new Request(`${ORIGIN}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=iso-8859-1', SOAPAction: NS + 'GetThing' },
      body: latin1,
    });
    expect((await fx.core.handle(ok)).status).toBe(200);
    expect(fx.seen[0]!.params['note']).toBe('caf\u00e9');
  });
});

describe('MockCore SOAP parameters', () => {
  it('reads parameters in any order, with comments and whitespace between them', async () => {
    const body =
      `<GetThing xmlns="${NS}">\n  <!-- first the amount -->\n  <amount>12.5</amount>\n  <?pi x?>` +
      `<key>${KEY}</key> <requestId>9007199254740993</requestId>\r\n<timeStamp>${STAMP}</timeStamp>` +
      `<tags><string>a</string><!-- c --><string>b &amp; c</string></tags><payerName>${PAYER}</payerName>` +
      '<since>2024-01-02T03:04:05Z</since></GetThing>';
    const response = await fx.core.handle(soap11(envelope(body)));
    expect(await response.text()).toBe(soapDocument('1.1', GOOD_RESULT));
    expect(fx.seen[0]!.params).toEqual({
      amount: 12.5,
      requestId: '9007199254740993',
      tags: ['a', 'b & c'],
      since: new Date('2024-01-02T03:04:05Z'),
    });
  });

  it('reads a prefixed operation and prefixed parameters', async () => {
    const body =
      `<t:GetThing xmlns:t="${NS}">${credentialElements('timeStamp', 't:')}<t:requestId>1</t:requestId>` +
      '<t:amount>2</t:amount></t:GetThing>';
    const response = await fx.core.handle(soap11(envelope(body)));
    expect(response.status).toBe(200);
    expect(fx.seen[0]!.params).toEqual({ requestId: '1', amount: 2 });
  });

  it('reads a default-namespace envelope', async () => {
    const body = `<Envelope xmlns="${S11}"><Body>${getThingBody()}</Body></Envelope>`;
    expect((await fx.core.handle(soap11(body))).status).toBe(200);
  });

  it("reads an operation's parameters in its namespace and list items in the service namespace", async () => {
    const body =
      `<f:FindThing xmlns:f="${FIND_NS}" xmlns:s="${NS}">${credentialElements('timestamp', 'f:')}` +
      '<f:ids><s:int>1</s:int><s:int>2</s:int></f:ids></f:FindThing>';
    const response = await fx.core.handle(soap11(envelope(body), `"${NS}FindThing"`));
    expect(await response.text()).toBe(
      soapDocument(
        '1.1',
        `<FindThingResponse xmlns="${FIND_NS}"><FindThingResult>found 1,2</FindThingResult></FindThingResponse>`,
      ),
    );
    const wrongItems = `<FindThing xmlns="${FIND_NS}">${credentialElements('timestamp')}<ids><int>1</int></ids></FindThing>`;
    expect(await clientFault(soap11(envelope(wrongItems), `"${NS}FindThing"`))).toMatch(
      /^<int> in namespace "urn:find" inside a list, which holds only items of namespace "http:\/\/svc.example\/"/,
    );
  });

  it.each([
    [
      'timestamp for timeStamp',
      getThingBody().replace(/timeStamp/g, 'timestamp'),
      'GetThing',
      'parameter "timestamp" is misspelt: expected "timeStamp"',
    ],
    [
      'timeStamp for timestamp',
      `<FindThing xmlns="${FIND_NS}">${credentialElements('timeStamp')}</FindThing>`,
      'FindThing',
      'parameter "timeStamp" is misspelt: expected "timestamp"',
    ],
    [
      'PayerName for payerName',
      getThingBody().replace(/payerName/g, 'PayerName'),
      'GetThing',
      'parameter "PayerName" is misspelt: expected "payerName"',
    ],
  ])('refuses a misspelt parameter (%s) with a Client fault', async (_, body, operation, message) => {
    expect(await clientFault(soap11(envelope(body), `"${NS}${operation}"`))).toBe(message);
    expect(fx.seen).toHaveLength(0);
  });

  it.each([
    [
      'an unknown parameter',
      '<requestId>1</requestId><amount>1</amount><bogus>x</bogus>',
      'unknown parameter "bogus" in <GetThing> (expected: payerName, timeStamp, key, requestId, amount, note, tags, since)',
    ],
    [
      'a parameter given twice',
      '<requestId>1</requestId><amount>1</amount><amount>2</amount>',
      'parameter "amount" appears more than once',
    ],
    ['a missing parameter', '<requestId>1</requestId>', 'required parameter "amount" is missing'],
    ['two missing parameters', '', 'required parameters "requestId", "amount" are missing'],
    [
      'an unqualified parameter',
      '<requestId>1</requestId><amount xmlns="">1</amount>',
      `parameter "amount" is not in namespace "${NS}" (it is unqualified)`,
    ],
    [
      'a parameter in another namespace',
      '<requestId>1</requestId><x:amount xmlns:x="urn:x">1</x:amount>',
      `parameter "amount" is not in namespace "${NS}" (it is in namespace "urn:x")`,
    ],
    [
      'nil on a parameter that is not nillable',
      `<requestId xsi:nil="true"/><amount>1</amount>`,
      'parameter "requestId" is nil (xsi:nil), but it is not nillable',
    ],
    [
      '"lots" as a double',
      '<requestId>1</requestId><amount>lots</amount>',
      'invalid xs:double "lots" (at Envelope/Body/GetThing/amount)',
    ],
    [
      '1.5 as a long',
      '<requestId>1.5</requestId><amount>1</amount>',
      'invalid xs:long "1.5" (at Envelope/Body/GetThing/requestId)',
    ],
    [
      'a date that is not one',
      '<requestId>1</requestId><amount>1</amount><since>yesterday</since>',
      /^invalid xs:dateTime "yesterday": .* \(at Envelope\/Body\/GetThing\/since\)$/,
    ],
    [
      'elements inside a scalar',
      '<requestId>1</requestId><amount><x/></amount>',
      /^element <amount> has child elements where text was expected at line 1/,
    ],
  ])('refuses %s with a Client fault', async (_, params, message) => {
    const reason = await clientFault(soap11(envelope(getThingBody(params))));
    if (typeof message === 'string') expect(reason).toBe(message);
    else expect(reason).toMatch(message);
    expect(fx.seen).toHaveLength(0);
  });

  it('passes nil on a nillable parameter as null and leaves absent optional ones out', async () => {
    await fx.core.handle(
      soap11(envelope(getThingBody('<requestId>1</requestId><amount>1</amount><note xsi:nil="true"/>'))),
    );
    expect(fx.seen[0]!.params).toEqual({ requestId: '1', amount: 1, note: null });
    expect(Object.keys(fx.seen[0]!.params)).toEqual(['requestId', 'amount', 'note']);
  });

  it("never quotes a credential's value, whatever is wrong with it", async () => {
    const badStamp = getThingBody().replace(`<timeStamp>${STAMP}</timeStamp>`, `<timeStamp>${KEY}</timeStamp>`);
    expect(await clientFault(soap11(envelope(badStamp)))).toBe(
      'parameter "timeStamp" is not valid (the value of a credential is not shown)',
    );
    const nested = getThingBody().replace(`<key>${KEY}</key>`, `<key>${KEY}<x/></key>`);
    expect(await clientFault(soap11(envelope(nested)))).toBe(
      'parameter "key" is not valid (the value of a credential is not shown)',
    );
  });

  it('passes credentials to the handler as text only, and records calls without them', async () => {
    const body = getThingBody().replace(`<key>${KEY}</key>`, '<key> a&amp;b&#xD; </key>');
    await fx.core.handle(soap11(envelope(body)));
    const { params, context } = fx.seen[0]!;
    expect(params).toEqual({ requestId: '9007199254740993', amount: 12.5 });
    expect(context.credentials).toEqual({ principal: PAYER, timestamp: STAMP, signature: ' a&b\r ' });
    expect(context.operation).toBe('GetThing');
    expect(context.style).toBe('soap11');
    expect(context.signal).toBeInstanceOf(AbortSignal);
    expect(fx.core.calls).toEqual([
      { operation: 'GetThing', style: 'soap11', params: { requestId: '9007199254740993', amount: 12.5 } },
    ]);
    expect(JSON.stringify(fx.core.calls)).not.toMatch(new RegExp(`${KEY}|${STAMP}|${PAYER}`));
  });

  it('answers a reader that fails on its own (a bug) with a Server fault', async () => {
    const broken = makeFixture({
      operations: [
        {
          ...OPERATIONS[2]!,
          params: [
            {
              name: 'count',
              required: false,
              nillable: false,
              form: undefined,
              read: () => {
                throw new Error('reader bug');
              },
            },
          ],
        },
      ],
    }).core;
    const fault = await faultOf(
      await broken.handle(soap11(envelope(`<Ping xmlns="${NS}"><count>1</count></Ping>`), `"${NS}Ping"`)),
    );
    expect(fault.code).toBe('soap:Server');
    expect(fault.reason).toBe('the mock failed while reading the request: reader bug');
    const lazy = makeFixture({
      operations: [
        {
          ...OPERATIONS[2]!,
          params: [{ name: 'count', required: false, nillable: false, form: undefined, read: () => 1 }],
        },
      ],
    }).core;
    const fault2 = await faultOf(
      await lazy.handle(soap11(envelope(`<Ping xmlns="${NS}"><count>1</count></Ping>`), `"${NS}Ping"`)),
    );
    expect(fault2.reason).toBe(
      "the mock failed while reading the request: the mock's reader of parameter count did not consume exactly its element",
    );
  });
});

describe('MockCore request size', () => {
  const SMALL = 1024;

  /** A body of `chunks` chunks of `size` bytes that counts how often it is pulled and whether it was cancelled. */
  function countingStream(chunks: number, size: number) {
    const state = { pulls: 0, cancelled: false };
    const chunk = new TextEncoder().encode(`<!--${'x'.repeat(size - 7)}-->`);
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          state.pulls++;
          if (state.pulls > chunks) controller.close();
          else controller.enqueue(chunk);
        },
        cancel() {
          state.cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, state };
  }

  function streamed(
    stream: ReadableStream<Uint8Array>,
    headers: Record<string, string>,
    url = `${ORIGIN}${PATH}`,
  ): Request {
    return new Request(url, { method: 'POST', headers, body: stream, duplex: 'half' } as RequestInit);
  }

  it('refuses a streamed body over the cap at the chunk that crosses it, reading no further', async () => {
    const { core } = makeFixture({ maxRequestBytes: SMALL });
    const { stream, state } = countingStream(1000, 256);
    const response = await core.handle(streamed(stream, { 'Content-Type': TEXT_XML, SOAPAction: `"${NS}GetThing"` }));
    const fault = await faultOf(response);
    expect(fault.code).toBe('soap:Client');
    expect(fault.reason).toBe(`Maximum request length exceeded: the request body is larger than ${SMALL} bytes`);
    expect(state.pulls).toBe(5);
    expect(state.cancelled).toBe(true);
  });

  it('refuses a Content-Length over the cap before reading anything', async () => {
    const { core } = makeFixture({ maxRequestBytes: SMALL });
    const { stream, state } = countingStream(1000, 256);
    const headers = { 'Content-Type': SOAP12_TYPE, 'Content-Length': String(256_000) };
    const fault = await faultOf(await core.handle(streamed(stream, headers)), '1.2');
    expect(fault.code).toBe('soap:Sender');
    expect(fault.reason).toBe(`Maximum request length exceeded: the request body is larger than ${SMALL} bytes`);
    expect(state.pulls).toBe(0);
    expect(state.cancelled).toBe(true);
  });

  it('refuses an HTTP POST body over the cap with 500 text/plain', async () => {
    const { core } = makeFixture({ maxRequestBytes: SMALL });
    const { stream, state } = countingStream(1000, 256);
    const response = await core.handle(streamed(stream, { 'Content-Type': FORM }, `${ORIGIN}${PATH}/GetThing`));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe(TEXT_PLAIN);
    expect(await response.text()).toBe(
      `Maximum request length exceeded: the request body is larger than ${SMALL} bytes`,
    );
    expect(state.pulls).toBeLessThanOrEqual(5);
  });

  it('reads a body of exactly the cap', async () => {
    const body = envelope(getThingBody());
    const { core } = makeFixture({ maxRequestBytes: Buffer.byteLength(body) });
    expect((await core.handle(soap11(body))).status).toBe(200);
    const { core: tight } = makeFixture({ maxRequestBytes: Buffer.byteLength(body) - 1 });
    expect((await tight.handle(soap11(body))).status).toBe(500);
  });

  it('refuses a body stream that fails with a Client fault', async () => {
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const fault = await faultOf(await fx.core.handle(streamed(stream, { 'Content-Type': TEXT_XML })));
    expect(fault.reason).toBe('the request body could not be read to its end');
  });

  it('defaults to 4 MiB and refuses limits that are not positive integers up to 16 MiB', () => {
    expect(DEFAULT_MAX_REQUEST_BYTES).toBe(4 * 1024 * 1024);
    expect(() => makeFixture({ maxRequestBytes: 16 * 1024 * 1024 })).not.toThrow();
    for (const bad of [16 * 1024 * 1024 + 1, 0, -1, 1.5, Number.NaN]) {
      expect(() => makeFixture({ maxRequestBytes: bad })).toThrow(RangeError);
    }
  });

  it('refuses bad options', () => {
    expect(() => makeFixture({ path: 'v5/Test.asmx' })).toThrow(TypeError);
    expect(() => makeFixture({ path: '//v5/Test.asmx' })).toThrow(TypeError);
    expect(() => makeFixture({ operations: [OPERATIONS[0]!, OPERATIONS[0]!] })).toThrow(
      'operation GetThing is defined twice',
    );
  });
});

describe('MockCore HTTP POST', () => {
  it('reads the fields in any order and answers with the root in the operation namespace', async () => {
    const response = await fx.core.handle(
      form('GetThing', `amount=12.5&requestId=9007199254740993&${formCredentials()}&tags=a&tags=b+c&note=x%26y`),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(TEXT_XML);
    expect(await response.text()).toBe(
      `<?xml version="1.0" encoding="utf-8"?><SvcThing xmlns:xsi="${XSI}" xmlns:xsd="${XSD}" ` +
        `xmlns="${NS}"><id>9007199254740993</id><total>12.5</total></SvcThing>`,
    );
    expect(fx.seen[0]!.params).toEqual({
      requestId: '9007199254740993',
      amount: 12.5,
      note: 'x&y',
      tags: ['a', 'b c'],
    });
    expect(fx.seen[0]!.context.credentials).toEqual({ principal: PAYER, timestamp: STAMP, signature: KEY });
    expect(fx.core.calls).toEqual([{ operation: 'GetThing', style: 'httpPost', params: fx.seen[0]!.params }]);
  });

  it.each([
    [
      'an unknown field',
      'bogus=1',
      'Unknown parameter: bogus. (Expected: payerName, timeStamp, key, requestId, amount, note, tags, since.)',
    ],
    ['a misspelt field', 'TimeStamp=1', 'Unknown parameter: TimeStamp. It is misspelt: expected "timeStamp".'],
    [
      'a strange field name',
      '%3Cb%3E=1',
      'Unknown parameter: "<b>". (Expected: payerName, timeStamp, key, requestId, amount, note, tags, since.)',
    ],
    ['a repeated field', 'amount=2', 'amount is sent 2 times, but holds a single value (at amount)'],
    ['"lots" as a double', 'amount=lots', undefined],
  ])('refuses %s with 500 text/plain', async (_, extra, message) => {
    const body =
      extra === 'amount=lots'
        ? `${formCredentials()}&requestId=1&amount=lots`
        : `${formCredentials()}&requestId=1&amount=1&${extra}`;
    expect(await formError(form('GetThing', body))).toBe(message ?? 'invalid xs:double "lots" (at amount)');
    expect(fx.seen).toHaveLength(0);
  });

  it("refuses a missing field with ASMX's wording, naming the first", async () => {
    expect(await formError(form('GetThing', `${formCredentials()}`))).toBe('Missing parameter: requestId.');
    expect(await formError(form('GetThing', `${formCredentials()}&requestId=1`))).toBe('Missing parameter: amount.');
    expect(await formError(form('GetThing', ''))).toBe('Missing parameter: payerName.');
  });

  it('refuses 1.5 as a long, a field a form cannot carry, and a malformed escape', async () => {
    expect(await formError(form('GetThing', `${formCredentials()}&requestId=1.5&amount=1`))).toBe(
      'invalid xs:long "1.5" (at requestId)',
    );
    expect(await formError(form('FindThing', `${formCredentials('timestamp')}&ids=1`))).toBe(
      'Parameter ids cannot be sent in an HTTP POST form.',
    );
    expect(await formError(form('GetThing', `${formCredentials()}&requestId=1&amount=1&note=%E0%A4%A`))).toBe(
      'The form body is not valid: a field holds a malformed percent-escape or bytes that are not UTF-8.',
    );
    expect(await formError(form('GetThing', `${formCredentials()}&requestId=1&amount=1&note=%C3%28`))).toBe(
      'The form body is not valid: a field holds a malformed percent-escape or bytes that are not UTF-8.',
    );
  });

  it("never quotes a credential's value", async () => {
    const body = `payerName=${PAYER}&timeStamp=${KEY}&key=${KEY}&requestId=1&amount=1`;
    expect(await formError(form('GetThing', body))).toBe(
      'Parameter timeStamp is not valid (the value of a credential is not shown).',
    );
    const twice = `${formCredentials()}&key=${KEY}&requestId=1&amount=1`;
    expect(await formError(form('GetThing', twice))).toBe(
      'Parameter key is not valid (the value of a credential is not shown).',
    );
  });

  it('answers a null result as a nil root and a void operation with an empty body', async () => {
    const nil = await fx.core.handle(form('FindThing', formCredentials('timestamp')));
    expect(nil.status).toBe(200);
    expect(await nil.text()).toBe(
      `<?xml version="1.0" encoding="utf-8"?><string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${FIND_NS}" />`,
    );
    const empty = await fx.core.handle(form('Ping', 'count=3'));
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toBe(TEXT_XML);
    expect(await empty.text()).toBe('');
    expect(fx.seen.at(-1)!.params).toEqual({ count: 3 });
  });
});

describe('MockCore results', () => {
  it('leaves a null result out of <OpResponse> and answers void with an empty one', async () => {
    const find = `<FindThing xmlns="${FIND_NS}">${credentialElements('timestamp')}</FindThing>`;
    const nil = await fx.core.handle(soap12(envelope(find, '1.2')));
    expect(await nil.text()).toBe(soapDocument('1.2', `<FindThingResponse xmlns="${FIND_NS}" />`));
    const ping = await fx.core.handle(soap11(envelope(`<Ping xmlns="${NS}"/>`), `"${NS}Ping"`));
    expect(await ping.text()).toBe(soapDocument('1.1', `<PingResponse xmlns="${NS}" />`));
  });

  it('lets the writer of an operation with out parameters write the whole response element', async () => {
    const response = await fx.core.handle(
      soap11(envelope(`<Divide xmlns="${NS}"><b>2</b><a>7</a></Divide>`), 'urn:calc/divide'),
    );
    expect(await response.text()).toBe(
      soapDocument(
        '1.1',
        `<DivideResponse xmlns="${NS}"><DivideResult>3</DivideResult><remainder>1</remainder></DivideResponse>`,
      ),
    );
  });

  it.each([
    ['soap11', 'soap:Client', 'soap:Server'],
    ['soap12', 'soap:Sender', 'soap:Receiver'],
  ] as const)('answers a MockFault from the handler as that fault (%s)', async (style, client, server) => {
    const request = () =>
      style === 'soap11' ? soap11(envelope(getThingBody())) : soap12(envelope(getThingBody(), '1.2'));
    const version = style === 'soap11' ? '1.1' : '1.2';
    fx.behaviour.result = () => {
      throw new MockFault('Client', 'payer <unknown> & gone', 'more & more');
    };
    const fault = await faultOf(await fx.core.handle(request()), version);
    expect([fault.code, fault.reason, fault.detail]).toEqual([client, 'payer <unknown> & gone', 'more & more']);
    fx.behaviour.result = () => {
      throw new MockFault('Server', 'down');
    };
    const down = await faultOf(await fx.core.handle(request()), version);
    expect([down.code, down.reason, down.detail]).toEqual([server, 'down', undefined]);
  });

  it('answers a MockFault over HTTP POST as 500 text/plain', async () => {
    fx.behaviour.result = () => {
      throw new MockFault('Client', 'no such payer');
    };
    expect(await formError(form('GetThing', `${formCredentials()}&requestId=1&amount=1`))).toBe('no such payer');
  });

  it('answers any other exception of the handler with a Server fault naming the operation', async () => {
    fx.behaviour.result = () => {
      throw new Error('boom');
    };
    const fault = await faultOf(await fx.core.handle(soap11(envelope(getThingBody()))));
    expect([fault.code, fault.reason]).toEqual(['soap:Server', "the mock's handler for GetThing failed: boom"]);
    fx.behaviour.result = () => Promise.reject('a string');
    const fault2 = await faultOf(await fx.core.handle(soap12(envelope(getThingBody(), '1.2'))), '1.2');
    expect([fault2.code, fault2.reason]).toEqual(['soap:Receiver', "the mock's handler for GetThing failed: a string"]);
    fx.behaviour.result = () => {
      throw new Error('bad \u0000 char');
    };
    const fault3 = await faultOf(await fx.core.handle(soap11(envelope(getThingBody()))));
    expect(fault3.reason).toBe("the mock's handler for GetThing failed: bad \ufffd char");
    fx.behaviour.result = () => {
      throw {
        toString: () => {
          throw new Error('no');
        },
      };
    };
    const fault4 = await faultOf(await fx.core.handle(soap11(envelope(getThingBody()))));
    expect(fault4.reason).toBe("the mock's handler for GetThing failed: an unprintable exception");
  });

  it('masks the key a handler puts into its error, and keeps the payer and timestamp, which are not secret', async () => {
    fx.behaviour.result = () => {
      throw new Error(`key ${KEY} of ${PAYER} at ${STAMP} refused`);
    };
    // Read directly: faultOf's check that no credential shows is for the mock's own messages.
    const text = await (await fx.core.handle(soap11(envelope(getThingBody())))).text();
    expect(text).not.toContain(KEY);
    expect(parseSoapFault(text, 500)?.reason).toBe(
      `the mock's handler for GetThing failed: key [redacted] of ${PAYER} at ${STAMP} refused`,
    );
  });

  it('answers a result its writer refuses, or a missing one, with a Server fault naming the operation', async () => {
    fx.behaviour.result = () => ({ id: 'x', total: 'lots' });
    const fault = await faultOf(await fx.core.handle(soap11(envelope(getThingBody()))));
    expect([fault.code, fault.reason]).toEqual([
      'soap:Server',
      "the mock's handler for GetThing returned a result that cannot be written: total must be a number",
    ]);
    fx.behaviour.result = () => null;
    const fault2 = await faultOf(await fx.core.handle(soap11(envelope(getThingBody()))));
    expect(fault2.reason).toBe(
      "the mock's handler for GetThing returned a result that cannot be written: it is null, but GetThing does not return null",
    );
    expect(await formError(form('GetThing', `${formCredentials()}&requestId=1&amount=1`))).toBe(
      "the mock's handler for GetThing returned a result that cannot be written: it is null, but GetThing does not return null",
    );
  });

  it("awaits a handler's promise", async () => {
    fx.behaviour.result = async () => ({ id: 'later', total: 1 });
    const response = await fx.core.handle(soap11(envelope(getThingBody())));
    expect(await response.text()).toContain('<id>later</id>');
  });

  it('records calls that reached the handler, failed or not, keeping the latest', async () => {
    fx.behaviour.result = () => {
      throw new Error('boom');
    };
    await fx.core.handle(soap11(envelope(getThingBody())));
    await fx.core.handle(soap11(envelope(getThingBody()), null));
    expect(fx.core.calls).toHaveLength(1);
    fx.behaviour.result = undefined;
    const ping = soap11(envelope(`<Ping xmlns="${NS}"/>`), `"${NS}Ping"`);
    const text = await ping.text();
    for (let i = 0; i < MAX_RECORDED_CALLS + 5; i++) {
      await fx.core.handle(new Request(ping.url, { method: 'POST', headers: ping.headers, body: text }));
    }
    expect(fx.core.calls).toHaveLength(MAX_RECORDED_CALLS);
    expect(fx.core.calls.every((c) => c.operation === 'Ping')).toBe(true);
    expect(Object.isFrozen(fx.core.calls[0]!.params)).toBe(true);
  });
});

describe('MockCore never fails', () => {
  it('answers 500 text/plain when a request cannot be read at all', async () => {
    const request = new Request(`${ORIGIN}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': TEXT_XML },
      body: 'x',
    });
    await request.text();
    const response = await new MockCore({ ...optionsOf(), maxRequestBytes: 10 }).handle(request);
    expect(response.status).toBe(500);
    const odd = { url: 'not a url', method: 'POST' } as unknown as Request;
    const failed = await fx.core.handle(odd);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toBe(TEXT_PLAIN);
    expect(await failed.text()).toMatch(/^the mock failed: /);
  });
});

function optionsOf() {
  return { path: PATH, namespace: NS, styles: ['soap11'] as const, operations: OPERATIONS, invoke: () => undefined };
}
