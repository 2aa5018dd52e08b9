/**
 * The node-soap server harness (test/helpers/node-soap-server.ts) on each third-party ASMX WSDL under
 * test/fixtures/wsdl/: raw SOAP 1.1 and SOAP 1.2 requests reach the handler with the right arguments and get a
 * namespace-well-formed envelope of the right SOAP version carrying the handler's values. The last block pins down
 * how node-soap 1.13.0 itself serialises and parses (described in test/fixtures/wsdl/README.md), so that a node-soap
 * upgrade that changes any of it is noticed.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import { orderedParser, type Ordered } from '../client/support/wire.js';
import { describe, it, expect } from 'vitest';
import { declareXsiOnEnvelope, startNodeSoapServer, type NodeSoapHandler } from '../helpers/node-soap-server.js';

const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';

function fixture(relative: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/wsdl/${relative}`, import.meta.url)), 'utf8');
}

interface SoapCall {
  url: string;
  version: '1.1' | '1.2';
  namespace: string;
  operation: string;
  soapAction: string;
  /** The children of the operation element (unprefixed, in the operation's default namespace). */
  body: string;
  /** Elements for soap:Header (each declaring its own namespace). */
  header?: string;
}

async function send(call: SoapCall): Promise<{ status: number; contentType: string; text: string }> {
  const env = call.version === '1.1' ? SOAP11_ENV : SOAP12_ENV;
  const xml =
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap:Envelope xmlns:soap="${env}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
    (call.header ? `<soap:Header>${call.header}</soap:Header>` : '') +
    `<soap:Body><${call.operation} xmlns="${call.namespace}">${call.body}</${call.operation}></soap:Body>` +
    `</soap:Envelope>`;
  const headers: Record<string, string> =
    call.version === '1.1'
      ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${call.soapAction}"` }
      : { 'Content-Type': `application/soap+xml; charset=utf-8; action="${call.soapAction}"` };
  const res = await fetch(call.url, { method: 'POST', headers, body: xml });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

type XmlNode = Ordered;

/**
 * Problems that make the text not namespace-well-formed XML: XML 1.0 errors, and element or attribute prefixes not
 * declared in scope (what a namespace-aware parser such as libxml2 or .NET rejects).
 */
function namespaceProblems(xml: string): string[] {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return [`not well-formed: ${valid.err.msg} (line ${valid.err.line})`];
  const problems: string[] = [];
  const walk = (nodes: XmlNode[], scope: ReadonlySet<string>) => {
    for (const node of nodes) {
      const name = Object.keys(node).find((k) => k !== ':@');
      if (!name || name === '#text' || name === '?xml' || name === '#comment') continue;
      const attrs = (node[':@'] ?? {}) as Record<string, string>;
      const inner = new Set(scope);
      for (const a of Object.keys(attrs)) if (a.startsWith('xmlns:')) inner.add(a.slice(6));
      const check = (qname: string, what: string) => {
        const i = qname.indexOf(':');
        if (i > 0) {
          const prefix = qname.slice(0, i);
          if (prefix !== 'xml' && prefix !== 'xmlns' && !inner.has(prefix)) {
            problems.push(`undeclared prefix ${prefix} on ${what} ${qname}`);
          }
        }
      };
      check(name, 'element');
      for (const a of Object.keys(attrs)) check(a, `attribute of ${name}:`);
      walk(node[name] as XmlNode[], inner);
    }
  };
  walk(orderedParser.parse(xml) as XmlNode[], new Set());
  return problems;
}

/** The namespace URI declared for the Envelope element's prefix. */
function envelopeNamespace(xml: string): string | undefined {
  const m = /<(?:([\w.-]+):)?Envelope\b([^>]*)>/.exec(xml);
  if (!m) return undefined;
  const decl = m[1] ? `xmlns:${m[1]}` : 'xmlns';
  return new RegExp(`\\s${decl}\\s*=\\s*"([^"]*)"`).exec(m[2] ?? '')?.[1];
}

interface Case {
  name: string;
  wsdl: string;
  path: string;
  serviceName: string;
  port: string;
  namespace: string;
  operation: string;
  soapAction: string;
  body: string;
  header?: string;
  handlerResult: unknown;
  expectedArgs: unknown;
  expectedHeaders?: unknown;
  /** Fragments the response must contain (compared after removing whitespace between tags). */
  expectedInResponse: string[];
}

const cases: Case[] = [
  {
    name: 'holiday (HolidayService2): enum and int parameters, an ArrayOfHoliday result with a nil string',
    wsdl: 'holiday/HolidayService2.wsdl',
    path: '/HolidayService_v2/HolidayService2.asmx',
    serviceName: 'HolidayService2',
    port: 'HolidayService2Soap',
    namespace: 'http://www.holidaywebservice.com/HolidayService_v2/',
    operation: 'GetHolidaysForMonth',
    soapAction: 'http://www.holidaywebservice.com/HolidayService_v2/GetHolidaysForMonth',
    body: '<countryCode>UnitedStates</countryCode><year>2024</year><month>7</month>',
    expectedArgs: { countryCode: 'UnitedStates', year: 2024, month: 7 },
    handlerResult: {
      GetHolidaysForMonthResult: {
        Holiday: [
          {
            Country: 'UnitedStates',
            HolidayCode: 'INDEPENDENCE-DAY-ACTUAL',
            Descriptor: 'Independence Day',
            HolidayType: 'Notable',
            DateType: 'Actual',
            BankHoliday: 'Recognized',
            Date: '2024-07-04T00:00:00',
            RelatedHolidayCode: null,
            ApplicableRegions: { RegionCode: [{ Code: 'US-ALL', Description: 'All states' }] },
          },
        ],
      },
    },
    expectedInResponse: [
      '<GetHolidaysForMonthResult><Holiday><Country>UnitedStates</Country>',
      '<Date>2024-07-04T00:00:00</Date><RelatedHolidayCode xsi:nil="true"></RelatedHolidayCode>',
      '<ApplicableRegions><RegionCode><Code>US-ALL</Code><Description>All states</Description></RegionCode></ApplicableRegions>',
    ],
  },
  {
    name: 'wsf-schedule (WSF Schedule): a record parameter, the APIAccessHeader SOAP header, a record result',
    wsdl: 'wsf-schedule/WSF_x0020_Schedule.wsdl',
    path: '/ferries/schedule/Default.asmx',
    serviceName: 'WSF_x0020_Schedule',
    port: 'WSF_x0020_ScheduleSoap',
    namespace: 'http://www.wsdot.wa.gov/ferries/schedule/',
    operation: 'GetScheduleByRoute',
    soapAction: 'http://www.wsdot.wa.gov/ferries/schedule/GetScheduleByRoute',
    header:
      '<APIAccessHeader xmlns="http://www.wsdot.wa.gov/ferries/schedule/"><APIAccessCode>secret-code</APIAccessCode></APIAccessHeader>',
    body: '<request><TripDate>2024-05-01T00:00:00</TripDate><RouteID>9</RouteID></request>',
    expectedArgs: { request: { TripDate: new Date('2024-05-01T00:00:00'), RouteID: 9 } },
    expectedHeaders: { APIAccessHeader: { APIAccessCode: 'secret-code' } },
    handlerResult: {
      GetScheduleByRouteResult: {
        ScheduleID: 190,
        ScheduleName: 'Spring 2024',
        ScheduleSeason: 'Spring',
        ScheduleStart: '2024-03-31T00:00:00-07:00',
        ScheduleEnd: '2024-06-15T00:00:00-07:00',
        AllRoutes: { int: [9, 13] },
        TerminalCombos: { SchedTerminalCombo: [] },
      },
    },
    expectedInResponse: [
      '<GetScheduleByRouteResult><ScheduleID>190</ScheduleID><ScheduleName>Spring 2024</ScheduleName>',
      '<AllRoutes><int>9</int><int>13</int></AllRoutes><TerminalCombos></TerminalCombos>',
    ],
  },
  {
    name: 'interhome (WebService): ServiceAuthHeader, a record parameter, an extended result with decimals',
    wsdl: 'interhome/WebService.wsdl',
    path: '/quality/partnerV3/WebService.asmx',
    serviceName: 'WebService',
    port: 'WebServiceSoap',
    namespace: 'http://www.interhome.com/webservice',
    operation: 'AdditionalServices',
    soapAction: 'http://www.interhome.com/webservice/AdditionalServices',
    header:
      '<ServiceAuthHeader xmlns="http://www.interhome.com/webservice"><Username>partner</Username><Password>pw</Password></ServiceAuthHeader>',
    body:
      '<inputValue><AccommodationCode>AT6370.100.1</AccommodationCode><LanguageCode>EN</LanguageCode>' +
      '<Adults>2</Adults><Children>1</Children><Babies>0</Babies></inputValue>',
    expectedArgs: {
      inputValue: { AccommodationCode: 'AT6370.100.1', LanguageCode: 'EN', Adults: 2, Children: 1, Babies: 0 },
    },
    expectedHeaders: { ServiceAuthHeader: { Username: 'partner', Password: 'pw' } },
    handlerResult: {
      AdditionalServicesResult: {
        Ok: true,
        AdditionalServices: {
          AdditionalServiceItem: [
            {
              AdditionalServiceType: 'BookableServiceOnInvoice',
              Amount: '79228162514264337593543950335',
              Code: 'BED',
              Count: 2,
              IsDefaultService: false,
              IsIncluded: false,
              IsInsurance: false,
              IsMandatory: true,
            },
          ],
        },
      },
    },
    expectedInResponse: [
      '<AdditionalServicesResult><Ok>true</Ok><AdditionalServices><AdditionalServiceItem>',
      '<Amount>79228162514264337593543950335</Amount><Code>BED</Code><Count>2</Count>',
      '<IsMandatory>true</IsMandatory></AdditionalServiceItem></AdditionalServices></AdditionalServicesResult>',
    ],
  },
  {
    name: 'products (ProductService): int and decimal parameters, a boolean result',
    wsdl: 'products/ProductService.wsdl',
    path: '/Logistics/Product/V001/ProductService.asmx',
    serviceName: 'ProductService',
    port: 'ProductServiceSoap',
    namespace: 'http://24sevenOffice.com/webservices',
    operation: 'SetStockQuantity',
    soapAction: 'http://24sevenOffice.com/webservices/SetStockQuantity',
    body: '<productId>42</productId><stockQuantity>17.25</stockQuantity>',
    expectedArgs: { productId: 42, stockQuantity: 17.25 },
    handlerResult: { SetStockQuantityResult: true },
    expectedInResponse: [
      '<SetStockQuantityResponse xmlns="http://24sevenOffice.com/webservices"><SetStockQuantityResult>true</SetStockQuantityResult></SetStockQuantityResponse>',
    ],
  },
  {
    name: 'ssrs-execution (ReportExecutionService): a void operation',
    wsdl: 'ssrs-execution/ReportExecutionService.wsdl',
    path: '/ReportServer/ReportExecution2005.asmx',
    serviceName: 'ReportExecutionService',
    port: 'ReportExecutionServiceSoap',
    namespace: 'http://schemas.microsoft.com/sqlserver/2005/06/30/reporting/reportingservices',
    operation: 'LogonUser',
    soapAction: 'http://schemas.microsoft.com/sqlserver/2005/06/30/reporting/reportingservices/LogonUser',
    body: '<userName>reader</userName><password>pw</password><authority></authority>',
    expectedArgs: { userName: 'reader', password: 'pw', authority: '' },
    handlerResult: {},
    expectedInResponse: [
      '<soap:Body><LogonUserResponse xmlns="http://schemas.microsoft.com/sqlserver/2005/06/30/reporting/reportingservices"></LogonUserResponse></soap:Body>',
    ],
  },
];

const squeeze = (xml: string) => xml.replace(/>\s+</g, '><');

describe('node-soap server harness on third-party ASMX WSDLs', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const seen: Array<{ args: unknown; headers: unknown }> = [];
      const handler: NodeSoapHandler = (args, _cb, headers) => {
        seen.push({ args, headers });
        return c.handlerResult;
      };
      const server = await startNodeSoapServer({
        wsdl: fixture(c.wsdl),
        path: c.path,
        service: { [c.serviceName]: { [c.port]: { [c.operation]: handler } } },
      });
      try {
        for (const version of ['1.1', '1.2'] as const) {
          const res = await send({ url: server.url + c.path, version, ...c });
          expect(res.status, res.text).toBe(200);
          expect(namespaceProblems(res.text)).toEqual([]);
          expect(envelopeNamespace(res.text)).toBe(version === '1.1' ? SOAP11_ENV : SOAP12_ENV);
          for (const fragment of c.expectedInResponse) expect(squeeze(res.text)).toContain(fragment);
          if (version === '1.1') expect(res.contentType).toMatch(/^text\/xml/);
          else expect(res.contentType).toMatch(/^application\/soap\+xml/);
        }
        expect(seen).toHaveLength(2);
        for (const s of seen) {
          expect(s.args).toEqual(c.expectedArgs);
          expect(s.headers).toEqual(c.expectedHeaders);
        }
        expect(server.requests.map((r) => r.soapVersion)).toEqual(['1.1', '1.2']);
        expect(server.requests[0]?.headers['soapaction']).toBe(`"${c.soapAction}"`);
        expect(server.requests[1]?.headers['soapaction']).toBeUndefined();
        expect(server.requests[1]?.body).toContain(`<soap:Envelope xmlns:soap="${SOAP12_ENV}"`);
      } finally {
        await server.close();
      }
    });
  }

  it('calls the handler registered under the SOAP 1.2 port for SOAP 1.2, that of the SOAP 1.1 port for SOAP 1.1', async () => {
    const path = '/HolidayService_v2/HolidayService2.asmx';
    const server = await startNodeSoapServer({
      wsdl: fixture('holiday/HolidayService2.wsdl'),
      path,
      service: {
        HolidayService2: {
          HolidayService2Soap: { GetHolidayDate: () => ({ GetHolidayDateResult: '2024-12-25T00:00:00' }) },
          HolidayService2Soap12: { GetHolidayDate: () => ({ GetHolidayDateResult: '2025-12-25T00:00:00' }) },
        },
      },
    });
    try {
      const call = {
        url: server.url + path,
        namespace: 'http://www.holidaywebservice.com/HolidayService_v2/',
        operation: 'GetHolidayDate',
        soapAction: 'http://www.holidaywebservice.com/HolidayService_v2/GetHolidayDate',
        body: '<countryCode>Canada</countryCode><holidayCode>CHRISTMAS</holidayCode><year>2024</year>',
      };
      expect((await send({ ...call, version: '1.1' })).text).toContain('<GetHolidayDateResult>2024-12-25T00:00:00<');
      expect((await send({ ...call, version: '1.2' })).text).toContain('<GetHolidayDateResult>2025-12-25T00:00:00<');
    } finally {
      await server.close();
    }
  });

  it('answers only on its path, and serves the WSDL on ?wsdl', async () => {
    const wsdl = fixture('products/ProductService.wsdl');
    const server = await startNodeSoapServer({
      wsdl,
      path: '/ProductService.asmx',
      service: { ProductService: { ProductServiceSoap: {} } },
    });
    try {
      expect((await fetch(`${server.url}/Other.asmx`, { method: 'POST', body: '<x/>' })).status).toBe(404);
      const res = await fetch(`${server.url}/ProductService.asmx?wsdl`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<wsdl:service name="ProductService">');
    } finally {
      await server.close();
    }
  });
});

describe('declareXsiOnEnvelope', () => {
  it('declares xsi on the envelope only when the body uses it undeclared', () => {
    const raw =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"  xmlns:tns="urn:x">' +
      '<soap:Body><R xmlns="urn:x"><A xsi:nil="true"></A></R></soap:Body></soap:Envelope>';
    expect(namespaceProblems(raw)).toEqual(['undeclared prefix xsi on attribute of A: xsi:nil']);
    const fixed = declareXsiOnEnvelope(raw);
    expect(fixed).toBe(
      raw.replace('xmlns:tns="urn:x">', 'xmlns:tns="urn:x" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'),
    );
    expect(namespaceProblems(fixed)).toEqual([]);
    expect(declareXsiOnEnvelope(fixed)).toBe(fixed);
    const noNil = raw.replace(' xsi:nil="true"', '');
    expect(declareXsiOnEnvelope(noNil)).toBe(noNil);
  });
});

/**
 * What node-soap 1.13.0 itself does with the values a handler returns and with the values a client sends. Pinned here
 * so that the notes about it stay true. The responses are node-soap's own text (before the harness' xsi fix).
 */
describe('node-soap 1.13.0 on the wire (what tests against it can rely on)', () => {
  const path = '/Logistics/Product/V001/ProductService.asmx';
  const ns = 'http://24sevenOffice.com/webservices';

  async function roundTrip(
    operation: string,
    body: string,
    result: unknown,
    options?: Parameters<typeof startNodeSoapServer>[0]['nodeSoapOptions'],
  ) {
    let args: unknown;
    const server = await startNodeSoapServer({
      wsdl: fixture('products/ProductService.wsdl'),
      path,
      service: { ProductService: { ProductServiceSoap: { [operation]: (a: unknown) => ((args = a), result) } } },
      nodeSoapOptions: options,
    });
    try {
      const res = await send({
        url: server.url + path,
        version: '1.1',
        namespace: ns,
        operation,
        soapAction: `${ns}/${operation}`,
        body,
      });
      return { args, status: res.status, sent: res.text, nodeSoap: server.responses[0]?.nodeSoapBody ?? '' };
    } finally {
      await server.close();
    }
  }

  it('serialises handler values: null as an undeclared xsi:nil, undefined left out, Date objects as empty elements', async () => {
    const r = await roundTrip('GetProducts', '', {
      GetProductsResult: {
        Product: [
          {
            Id: 1,
            Name: undefined,
            Web: null,
            NewOffer: false,
            Price: '1.10',
            TaxRate: 0.25,
            Stock: 1e21,
            DateChanged: new Date('2024-01-02T03:04:05Z'),
          },
          null,
        ],
      },
    });
    expect(r.nodeSoap).not.toContain('xmlns:xsi');
    expect(namespaceProblems(r.nodeSoap)).toEqual(['undeclared prefix xsi on attribute of Web: xsi:nil']);
    expect(namespaceProblems(r.sent)).toEqual([]);
    expect(r.nodeSoap).toContain(
      '<GetProductsResult><Product><Id>1</Id><Web xsi:nil="true"></Web><NewOffer>false</NewOffer><Price>1.10</Price>' +
        '<TaxRate>0.25</TaxRate><Stock>1e+21</Stock><DateChanged></DateChanged></Product><Product></Product></GetProductsResult>',
    );
  });

  it('serialises an empty array as an empty container, and a void result as an empty response element', async () => {
    expect((await roundTrip('GetProducts', '', { GetProductsResult: { Product: [] } })).nodeSoap).toContain(
      '<GetProductsResponse xmlns="http://24sevenOffice.com/webservices"><GetProductsResult></GetProductsResult></GetProductsResponse>',
    );
    expect((await roundTrip('GetProducts', '', {})).nodeSoap).toContain(
      '<soap:Body><GetProductsResponse xmlns="http://24sevenOffice.com/webservices"></GetProductsResponse></soap:Body>',
    );
  });

  it("writes an array as its key's element repeated (no container is added), an empty array as nothing", async () => {
    const r = await roundTrip('GetProducts', '', { GetProductsResult: { Product: [{ Id: 1, Name: ['a', 'b'] }] } });
    expect(r.nodeSoap).toContain(
      '<GetProductsResult><Product><Id>1</Id><Name>a</Name><Name>b</Name></Product></GetProductsResult>',
    );
    expect((await roundTrip('GetProducts', '', { GetProductsResult: [] })).nodeSoap).toContain(
      '<GetProductsResponse xmlns="http://24sevenOffice.com/webservices"></GetProductsResponse>',
    );
  });

  it('makes the response element itself nil when the handler returns null', async () => {
    const r = await roundTrip('GetProducts', '', null);
    expect(r.nodeSoap).toContain(
      '<GetProductsResponse xmlns="http://24sevenOffice.com/webservices" xsi:nil="true"></GetProductsResponse>',
    );
    expect(namespaceProblems(r.sent)).toEqual([]);
  });

  it('writes fields in the order of the handler object (not the schema), and XML attributes from an `attributes` key', async () => {
    const r = await roundTrip('GetProducts', '', {
      GetProductsResult: { Product: [{ Name: 'n', Id: 1, attributes: { note: 'x' } }] },
    });
    expect(r.nodeSoap).toContain(
      '<GetProductsResult><Product note="x"><Name>n</Name><Id>1</Id></Product></GetProductsResult>',
    );
  });

  it('turns a thrown Error into HTTP 500 with a SOAP 1.2-shaped fault (Code/Reason), also in a SOAP 1.1 envelope', async () => {
    let thrown = true;
    const server = await startNodeSoapServer({
      wsdl: fixture('products/ProductService.wsdl'),
      path,
      service: {
        ProductService: {
          ProductServiceSoap: {
            SetStockQuantity: () => {
              if (thrown) throw new Error('boom');
              return { SetStockQuantityResult: true };
            },
          },
        },
      },
    });
    try {
      const call = {
        url: server.url + path,
        namespace: ns,
        operation: 'SetStockQuantity',
        soapAction: `${ns}/SetStockQuantity`,
      };
      const body = '<productId>1</productId><stockQuantity>1</stockQuantity>';
      const res = await send({ ...call, version: '1.1', body });
      expect(res.status).toBe(500);
      expect(envelopeNamespace(res.text)).toBe(SOAP11_ENV);
      expect(res.text).toContain(
        '<soap:Fault><soap:Code><soap:Value>SOAP-ENV:Server</soap:Value><soap:Subcode><soap:Value>InternalServerError</soap:Value>' +
          '</soap:Subcode></soap:Code><soap:Reason><soap:Text>Error: boom</soap:Text></soap:Reason></soap:Fault>',
      );
      thrown = false;
      expect((await send({ ...call, version: '1.2', body })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('parses request values by schema type: decimal and long as JS numbers, dateTime as Date, nil as null', async () => {
    const r = await roundTrip(
      'GetProducts',
      '<searchParams><Id>3</Id><Price>12345678901234567890.125</Price><DateChanged>2024-01-02T03:04:05Z</DateChanged>' +
        '<ProductIds><int>1</int></ProductIds></searchParams><returnProperties><string>Name</string><string xsi:nil="true"/></returnProperties>',
      { GetProductsResult: { Product: [] } },
    );
    expect(r.args).toEqual({
      searchParams: {
        Id: 3,
        Price: 12345678901234567000,
        DateChanged: new Date('2024-01-02T03:04:05Z'),
        ProductIds: { int: [1] },
      },
      returnProperties: { string: ['Name', null] },
    });
    const keepText = await roundTrip(
      'SetStockQuantity',
      '<productId>7</productId><stockQuantity>12345678901234567890.125</stockQuantity>',
      { SetStockQuantityResult: false },
      { customDeserializer: { decimal: (text: string) => text } },
    );
    expect(keepText.args).toEqual({ productId: 7, stockQuantity: '12345678901234567890.125' });
  });
});
