import { describe, expect, it } from 'vitest';
import { SvcDecodeError, SvcSoapFault } from '../../templates/runtime/errors.js';
import { openPlainRoot, openSoapResult, parseSoapFault } from '../../templates/runtime/soap.js';
import { XmlReader } from '../../templates/runtime/xml-reader.js';
import { thrown } from '../helpers/failures.js';

const NS = 'http://svc.example/';
const S11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const S12 = 'http://www.w3.org/2003/05/soap-envelope';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

function envelope(version: '1.1' | '1.2', body: string, header = ''): string {
  const ns = version === '1.1' ? S11 : S12;
  return `<?xml version="1.0" encoding="utf-8"?>\r\n<soap:Envelope xmlns:soap="${ns}" xmlns:xsi="${XSI}" ` +
    `xmlns:xsd="http://www.w3.org/2001/XMLSchema">${header}<soap:Body>${body}</soap:Body></soap:Envelope>`;
}

const BALANCES = `<GetBalancesResponse xmlns="${NS}"><GetBalancesResult><errorMessage>OK</errorMessage>` +
  '<errorCode>0</errorCode></GetBalancesResult></GetBalancesResponse>';

function fields(r: XmlReader): Record<string, string> {
  const out: Record<string, string> = {};
  while (r.nextChild()) out[r.localName] = r.readText();
  return out;
}

function open(xml: string, version: '1.1' | '1.2' = '1.1', operation = 'GetBalances'): XmlReader {
  const r = new XmlReader(xml);
  openSoapResult(r, version, NS, operation, `${operation}Result`);
  return r;
}


const FAULT11 = `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Server was unable to read request. ---&gt; ` +
  `There is an error in XML document (1, 2).</faultstring><detail /></soap:Fault>`;
const FAULT11_DETAIL = '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Boom</faultstring>' +
  '<faultactor>http://svc.example/x.asmx</faultactor><detail><Error xmlns="urn:e"><Code>42</Code></Error></detail></soap:Fault>';
const FAULT11_TEXT_DETAIL = '<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Boom</faultstring>' +
  '<detail>a &amp; b</detail></soap:Fault>';
const FAULT12 = '<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason>' +
  '<soap:Text xml:lang="en">Unable to handle request without a valid action parameter.</soap:Text></soap:Reason>' +
  '<soap:Detail /></soap:Fault>';
const FAULT12_DETAIL = '<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value><soap:Subcode>' +
  '<soap:Value xmlns:e="urn:e">e:Timeout</soap:Value></soap:Subcode></soap:Code><soap:Reason>' +
  '<soap:Text xml:lang="en">Too slow</soap:Text><soap:Text xml:lang="fr">Trop lent</soap:Text></soap:Reason>' +
  '<soap:Detail><e:Info xmlns:e="urn:e">late</e:Info></soap:Detail></soap:Fault>';

/** [label, version, fault body, expected code, subcode, reason, detail] */
const FAULTS: Array<[string, '1.1' | '1.2', string, string, string | undefined, string, string | undefined]> = [
  ['1.1 without detail', '1.1', FAULT11, 'soap:Client', undefined,
    'Server was unable to read request. ---> There is an error in XML document (1, 2).', undefined],
  ['1.1 with structured detail', '1.1', FAULT11_DETAIL, 'soap:Server', undefined, 'Boom',
    '<Error xmlns="urn:e"><Code>42</Code></Error>'],
  ['1.1 with text detail', '1.1', FAULT11_TEXT_DETAIL, 'soap:Server', undefined, 'Boom', 'a & b'],
  ['1.2 without detail', '1.2', FAULT12, 'soap:Sender', undefined,
    'Unable to handle request without a valid action parameter.', undefined],
  ['1.2 with subcode and detail', '1.2', FAULT12_DETAIL, 'soap:Receiver', 'e:Timeout', 'Too slow',
    '<e:Info xmlns:e="urn:e">late</e:Info>'],
];

describe('openSoapResult', () => {
  it.each(['1.1', '1.2'] as const)('positions on the result of a SOAP %s response', (version) => {
    const r = open(envelope(version, BALANCES), version);
    expect(r.localName).toBe('GetBalancesResult');
    expect(r.namespaceUri).toBe(NS);
    expect(fields(r)).toEqual({ errorMessage: 'OK', errorCode: '0' });
  });

  it('skips a Header, whitespace, comments and elements before the result', () => {
    const body = `\r\n  <!-- c --><GetBalancesResponse xmlns="${NS}">\r\n    <Extra>x</Extra><GetBalancesResult>` +
      '<errorCode>0</errorCode></GetBalancesResult></GetBalancesResponse>';
    const r = open(envelope('1.1', body, '<soap:Header><Auth xmlns="urn:a"><k>1</k></Auth></soap:Header>'));
    expect(fields(r)).toEqual({ errorCode: '0' });
  });

  it('accepts other prefixes for the envelope and the service namespace', () => {
    const xml = `<e:Envelope xmlns:e="${S11}"><e:Body><p:GetBalancesResponse xmlns:p="${NS}">` +
      '<p:GetBalancesResult><p:errorCode>0</p:errorCode></p:GetBalancesResult></p:GetBalancesResponse></e:Body></e:Envelope>';
    expect(fields(open(xml))).toEqual({ errorCode: '0' });
  });

  it('leaves a nil result for the caller to see', () => {
    const r = open(envelope('1.1', `<GetBalancesResponse xmlns="${NS}"><GetBalancesResult xsi:nil="true"/></GetBalancesResponse>`));
    expect(r.isNil).toBe(true);
  });

  it.each([
    ['1.1 envelope where 1.2 was expected', envelope('1.1', BALANCES), '1.2', /SOAP 1\.1 envelope was received where SOAP 1\.2 was expected/],
    ['1.2 envelope where 1.1 was expected', envelope('1.2', BALANCES), '1.1', /SOAP 1\.2 envelope was received where SOAP 1\.1 was expected/],
    ['not an envelope', `<GetBalancesResult xmlns="${NS}"/>`, '1.1', /expected a SOAP 1\.1 Envelope, found <GetBalancesResult> in namespace/],
    ['no Body', `<soap:Envelope xmlns:soap="${S11}"><soap:Header/></soap:Envelope>`, '1.1', /without a Body/],
    ['empty Body', envelope('1.1', ''), '1.1', /empty SOAP Body/],
    ['foreign element in the envelope', `<soap:Envelope xmlns:soap="${S11}"><Body/></soap:Envelope>`, '1.1', /unexpected <Body> in no namespace/],
    ['wrong response element', envelope('1.1', `<GetFeesResponse xmlns="${NS}"/>`), '1.1',
      /expected <GetBalancesResponse> in namespace http:\/\/svc\.example\/, found <GetFeesResponse> in namespace http:\/\/svc\.example\//],
    ['wrong namespace', envelope('1.1', '<GetBalancesResponse xmlns="http://other/"/>'), '1.1',
      /found <GetBalancesResponse> in namespace http:\/\/other\//],
    ['result left out (null result)', envelope('1.1', `<GetBalancesResponse xmlns="${NS}" />`), '1.1', /no result/],
    ['result in another namespace', envelope('1.1', `<GetBalancesResponse xmlns="${NS}"><GetBalancesResult xmlns=""/></GetBalancesResponse>`), '1.1', /no result/],
    ['HTML page', '<html><body>Service Unavailable</body></html>', '1.1', /found <html>/],
    ['plain text', 'Missing parameter: key.', '1.1', /not XML/],
    ['empty body', '', '1.1', /empty document/],
  ] as const)('refuses %s', (_label, xml, version, message) => {
    const error = thrown(() => open(xml, version));
    expect(error).toBeInstanceOf(SvcDecodeError);
    expect((error as Error).message).toMatch(message);
  });

  it.each(FAULTS)('throws the SOAP fault found in Body: %s', (_label, version, fault, code, subcode, reason, detail) => {
    const error = thrown(() => open(envelope(version, fault), version));
    expect(error).toBeInstanceOf(SvcSoapFault);
    const f = error as SvcSoapFault;
    expect({ code: f.code, subcode: f.subcode, reason: f.reason, detail: f.detail, status: f.status })
      .toEqual({ code, subcode, reason, detail, status: 200 });
  });
});

describe('parseSoapFault', () => {
  it.each(FAULTS)('reads %s', (_label, version, fault, code, subcode, reason, detail) => {
    const f = parseSoapFault(envelope(version, fault), 500);
    expect(f).toBeInstanceOf(SvcSoapFault);
    expect({ code: f?.code, subcode: f?.subcode, reason: f?.reason, detail: f?.detail, status: f?.status })
      .toEqual({ code, subcode, reason, detail, status: 500 });
    expect(f?.message).toContain(code);
  });

  it('keeps reason text exactly, CR from a character reference included', () => {
    const f = parseSoapFault(envelope('1.1', '<soap:Fault><faultcode> soap:Client </faultcode><faultstring> a&#xD;b </faultstring></soap:Fault>'), 500);
    expect(f?.code).toBe('soap:Client');
    expect(f?.reason).toBe(' a\rb ');
    expect(f?.detail).toBeUndefined();
  });

  it('stays linear on long whitespace runs in fault parts', () => {
    const spaces = ' '.repeat(200_000);
    const body = envelope('1.1', `<soap:Fault><faultcode>${spaces}x${spaces}</faultcode><faultstring>r</faultstring>` +
      `<detail>${spaces}y${spaces}</detail></soap:Fault>`);
    const started = Date.now();
    const f = parseSoapFault(body, 500);
    expect([f?.code, f?.detail]).toEqual(['x', 'y']);
    expect(() => open(body)).toThrow(SvcSoapFault);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it.each([
    ['a non-fault envelope', envelope('1.1', BALANCES)],
    ['an HTML error page', '<!DOCTYPE html><html><body><h1>Fault</h1></body></html>'],
    ['an HTML page without doctype', '<html><body><h1>Fault</h1></body></html>'],
    ['plain text', 'Missing parameter: key. Fault'],
    ['empty body', ''],
    ['malformed XML', envelope('1.1', '<soap:Fault><faultcode>soap:Client</faultstring></soap:Fault>')],
    ['an entity declared in a DOCTYPE', `<!DOCTYPE x [<!ENTITY e "boom">]>${envelope('1.1', FAULT11.replace('soap:Client', '&e;'))}`],
    ['an unknown entity', envelope('1.1', FAULT11.replace('soap:Client', '&nbsp;'))],
  ])('returns undefined for %s', (_label, body) => {
    expect(parseSoapFault(body, 500)).toBeUndefined();
  });
});

describe('openPlainRoot', () => {
  const doc = `<?xml version="1.0" encoding="utf-8"?>\r\n<SvcGetBalanceResponse xmlns:xsi="${XSI}" xmlns="${NS}">` +
    '<errorCode>0</errorCode></SvcGetBalanceResponse>';

  it('positions on the documented root', () => {
    const r = new XmlReader(doc);
    openPlainRoot(r, NS, 'SvcGetBalanceResponse');
    expect(fields(r)).toEqual({ errorCode: '0' });
  });

  it('accepts any root when none is documented, still checking the namespace', () => {
    const r = new XmlReader(doc);
    openPlainRoot(r, NS, undefined);
    expect(r.localName).toBe('SvcGetBalanceResponse');
    expect(thrown(() => openPlainRoot(new XmlReader(doc), 'http://other/', undefined))).toBeInstanceOf(SvcDecodeError);
  });

  it.each([
    ['another root', doc, NS, 'SvcResponse', /expected root <SvcResponse> in namespace http:\/\/svc\.example\/, found <SvcGetBalanceResponse>/],
    ['another namespace', doc, 'http://other/', 'SvcGetBalanceResponse', /found <SvcGetBalanceResponse> in namespace http:\/\/svc\.example\//],
    ['no namespace', '<SvcGetBalanceResponse/>', NS, 'SvcGetBalanceResponse', /in no namespace/],
    ['plain text error', 'Missing parameter: key.', NS, undefined, /not XML/],
  ])('refuses %s', (_label, xml, ns, root, message) => {
    const error = thrown(() => openPlainRoot(new XmlReader(xml), ns, root));
    expect(error).toBeInstanceOf(SvcDecodeError);
    expect((error as Error).message).toMatch(message);
  });
});
