/**
 * Issue 16, item 5: a request that is not well-formed XML gets the style's Client fault (soap:Client in SOAP 1.1,
 * soap:Sender in SOAP 1.2) before anything runs, wherever the construct is: in a parameter, an attribute, a Header
 * the mock skips, the prolog. A literal U+FFFF in a parameter used to reach the simulator and come back as
 * soap:Server; the other constructs were answered 200.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PayerClient } from '../../generated/client/index.js';
import { createMockService } from '../../generated/mock/index.js';
import { parseSoapFault } from '../../generated/runtime/codec/soap.js';

const service = createMockService();
afterAll(async () => {
  await service.close();
});

/** A real, signed TestPaymentFile request of `style`, as the generated client sends it. */
async function validRequest(style: 'soap11' | 'soap12'): Promise<{ url: string; headers: Headers; body: string }> {
  let seen: { url: string; headers: Headers; body: string } | undefined;
  const client = new PayerClient({
    baseUrl: 'http://mock.test',
    payerName: 'MyPayer',
    apiKey: 'boguskey',
    style,
    throwOnServiceError: false,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen = { url: request.url, headers: request.headers, body: await request.clone().text() };
      return service.handle(request);
    },
  });
  await client.testPaymentFile({ fileName: 'R-1', totalAmount: 1 });
  return seen!;
}

const CONSTRUCTS: Array<[string, (body: string) => string, RegExp]> = [
  ['a literal NUL in a parameter', (b) => b.replace('>R-1<', '>R\u00001<'), /U\+0000/],
  ['a literal U+0001 in a parameter', (b) => b.replace('>R-1<', '>R\u00011<'), /U\+0001/],
  ['a literal U+FFFE in a parameter', (b) => b.replace('>R-1<', '>R\uFFFE1<'), /U\+FFFE/],
  ['a literal U+FFFF in a parameter', (b) => b.replace('>R-1<', '>R\uFFFF1<'), /U\+FFFF/],
  ['"]]>" in a parameter', (b) => b.replace('>R-1<', '>R]]>1<'), /"]]>" in text/],
  ['a duplicate attribute', (b) => b.replace('<soap:Body>', '<soap:Body a="1" a="2">'), /duplicate attribute "a"/],
  [
    'the same attribute through two prefixes bound to one namespace',
    (b) => b.replace('<soap:Body>', '<soap:Body xmlns:p="urn:n" xmlns:q="urn:n" p:x="1" q:x="2">'),
    /duplicate attribute "q:x"/,
  ],
  [
    'an undeclared attribute prefix',
    (b) => b.replace('<soap:Body>', '<soap:Body p:x="1">'),
    /undeclared namespace prefix "p"/,
  ],
  ['"--" inside a comment', (b) => b.replace('<soap:Body>', '<soap:Body><!-- a -- b -->'), /"--" inside a comment/],
  [
    'a name with "!" in a Header',
    (b) => b.replace('<soap:Body>', '<soap:Header><a!b>x</a!b></soap:Header><soap:Body>'),
    /malformed name "a!b"/,
  ],
  [
    'a name with two colons in a Header',
    (b) => b.replace('<soap:Body>', '<soap:Header><soap:b:c>x</soap:b:c></soap:Header><soap:Body>'),
    /malformed name "soap:b:c"/,
  ],
  [
    'a reference to U+0000 in a Header',
    (b) => b.replace('<soap:Body>', '<soap:Header><h>&#0;</h></soap:Header><soap:Body>'),
    /U\+0000/,
  ],
  ['a comment before the XML declaration', (b) => `<!-- c -->${b}`, /XML declaration not at the very start/],
  [
    'an XML declaration of version 2.0',
    (b) => b.replace(/^<\?xml version="1\.0"/, '<?xml version="2.0"'),
    /malformed XML declaration/,
  ],
];

describe.each([
  ['soap11', 'soap:Client', 'text/xml; charset=utf-8'],
  ['soap12', 'soap:Sender', 'application/soap+xml; charset=utf-8'],
] as const)('requests that are not well-formed XML over %s', (style, code, contentType) => {
  it('starts from a request the mock accepts', async () => {
    const { url, headers, body } = await validRequest(style);
    expect(body.startsWith('<?xml version="1.0"')).toBe(true);
    expect(body).toContain('>R-1<');
    const response = await service.handle(new Request(url, { method: 'POST', headers, body }));
    expect(response.status).toBe(200);
  });

  it.each(CONSTRUCTS)(`answers %s with ${code}`, async (_label, edit, message) => {
    const { url, headers, body } = await validRequest(style);
    const response = await service.handle(new Request(url, { method: 'POST', headers, body: edit(body) }));
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe(contentType);
    const fault = parseSoapFault(await response.text(), 500);
    expect(fault?.code).toBe(code);
    expect(fault?.reason).toMatch(message);
  });
});
