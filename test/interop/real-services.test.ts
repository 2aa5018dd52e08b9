/**
 * The generated clients of the five third-party ASMX services of test/fixtures/wsdl/ against node-soap 1.13 serving
 * each ORIGINAL WSDL (test/helpers/node-soap-server.ts): every operation of every spec, over SOAP 1.1 and SOAP 1.2.
 *
 * Per row of the tables in test/interop/support/*-rows.ts (one or more per operation): the client is called with
 * typed arguments; the node-soap handler records the arguments and SOAP headers it got (node-soap's parse of the
 * request, checked against the row after the call) and returns the row's canned result in schema order; the client's
 * decoded result must equal the row's expectation in the client's types. node-soap is an independent implementation
 * of the WSDL, so a request it parses as the row says and a response it writes that the client decodes as the row
 * says are evidence that the spec, the generator and the runtime agree with the WSDL.
 *
 * Every request is also checked against the WSDL itself (support/wsdl-facts.ts), not the spec: the SOAPAction of its
 * binding, the content type, the envelope version, the header blocks its binding declares, and validity against its
 * schema (sequence order, required elements, nil only where nillable, every element in the target namespace, values of
 * their XML Schema types and enumerations). So are the canned responses, so that they are ones a real service could
 * send. `on the wire` tests pin the exact text of some requests (node-soap's parse trims strings and loses digits).
 *
 * node-soap's quirks worked around (see test/fixtures/wsdl/README.md): containers nested by hand, values written as
 * text, nil list items via an xsi:nil attribute (support/real-service-case.ts NIL_ITEM), exact request text kept with
 * its customDeserializer, response SOAP headers added through its Server (`this` of a handler). The HTTP POST binding
 * (holiday, wsf-schedule) is not served by node-soap and not exercised here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { generateFixture } from '../client/support/generate-fixture.js';
import { parseXml, readSoapRequest, type XmlNode } from '../client/support/xml-tree.js';
import type { NodeSoapServer } from '../helpers/node-soap-server.js';
import { holiday } from './support/holiday-rows.js';
import { interhome } from './support/interhome-rows.js';
import { products } from './support/products-rows.js';
import { ssrsExecution } from './support/ssrs-execution-rows.js';
import { wsfSchedule } from './support/wsf-schedule-rows.js';
import type { Row, ServiceCase } from './support/real-service-case.js';
import { schemaProblems, wsdlFacts } from './support/wsdl-facts.js';
import { OriginalWsdlService, STYLES, definedPaths, fixturePath, methodName } from './support/original-wsdl-service.js';

const SERVICES: readonly ServiceCase[] = [holiday, wsfSchedule, interhome, products, ssrsExecution];
const ENVELOPE = {
  soap11: 'http://schemas.xmlsoap.org/soap/envelope/',
  soap12: 'http://www.w3.org/2003/05/soap-envelope',
};
type Style = (typeof STYLES)[number];

/** The hand-written spec of a service of this file (each has one). */
function handSpec(c: ServiceCase): string {
  if (c.spec === undefined) throw new Error(`${c.name} has no hand-written spec`);
  return fixturePath(c.spec);
}

const units = new Map(SERVICES.map((c) => [c.name, new OriginalWsdlService(c, readFileSync(handSpec(c), 'utf8'))]));
function unit(name: string): OriginalWsdlService {
  const u = units.get(name);
  if (!u) throw new Error(`no service ${name}`);
  return u;
}

/** The operations of a service's spec, which its node-soap server serves. */
function specOperations(c: ServiceCase): string[] {
  return (parseYaml(readFileSync(handSpec(c), 'utf8')) as { operations: Array<{ name: string }> }).operations.map(
    (o) => o.name,
  );
}

function title(row: Row): string {
  return row.variant ? `${row.op} (${row.variant})` : row.op;
}

interface WireCheck {
  service: string;
  title: string;
  /** The row (by operation and variant) whose call is checked. */
  op: string;
  variant?: string;
  style: Style;
  check(exchange: {
    request: NodeSoapServer['requests'][number];
    response: NodeSoapServer['responses'][number];
    /** The request's header blocks and body element in canonical markup (xmlns shown where it changes). */
    soap: ReturnType<typeof readSoapRequest>;
  }): void;
}

const NS = {
  holiday: 'http://www.holidaywebservice.com/HolidayService_v2/',
  wsf: 'http://www.wsdot.wa.gov/ferries/schedule/',
  interhome: 'http://www.interhome.com/webservice',
  products: 'http://24sevenOffice.com/webservices',
  ssrs: 'http://schemas.microsoft.com/sqlserver/2005/06/30/reporting/reportingservices',
};

/**
 * Exact request text for a few calls: what node-soap's parse cannot show (digits of decimals, HTTP headers, element
 * namespaces, the spelling of nil and empty elements).
 */
const WIRE: readonly WireCheck[] = [
  {
    service: 'products',
    title: 'SOAP 1.1: SOAPAction, text/xml, decimals and ints at their extremes exactly as given',
    op: 'SetStockQuantity',
    style: 'soap11',
    check: ({ request }) => {
      expect(request.headers['soapaction']).toBe('"http://24sevenOffice.com/webservices/SetStockQuantity"');
      expect(request.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(request.body).toContain('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"');
      expect(request.body).toContain(
        '<soap:Body><SetStockQuantity xmlns="http://24sevenOffice.com/webservices"><productId>2147483647</productId>' +
          '<stockQuantity>79228162514264337593543950335</stockQuantity></SetStockQuantity></soap:Body>',
      );
    },
  },
  {
    service: 'products',
    title:
      'SOAP 1.2: application/soap+xml without SOAPAction, the SOAP 1.2 envelope, the smallest decimal step exactly',
    op: 'SetStockQuantity',
    variant: 'the smallest decimal step, false',
    style: 'soap12',
    check: ({ request, response }) => {
      expect(request.headers['soapaction']).toBeUndefined();
      expect(request.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
      expect(request.body).toContain('<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"');
      expect(request.body).toContain(
        '<productId>-2147483648</productId><stockQuantity>-0.0000000000000000000000000001</stockQuantity>',
      );
      expect(response.body).toContain('<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"');
    },
  },
  {
    service: 'products',
    title: 'a record parameter and a list parameter with a nil and an empty item, all in the service namespace',
    op: 'GetProducts',
    style: 'soap11',
    check: ({ soap }) => {
      expect(soap.hasHeader).toBe(false);
      expect(soap.body).toBe(
        `<GetProducts xmlns="${NS.products}"><searchParams><Id>-2147483648</Id><CategoryId>7</CategoryId><No/>` +
          '<EAN1>&lt;a &amp; "b"&gt; \'c\' ]]&gt;</EAN1><Name>Zürich – Ærø 東京 🚢⛴️</Name>' +
          '<Price>-0.0000000000000000000000000001</Price><DateChanged>2024-01-02T03:04:05.006Z</DateChanged>' +
          '<ProductIds><int>1</int><int>2147483647</int><int>-2147483648</int></ProductIds></searchParams>' +
          '<returnProperties><string>Name</string><string xsi:nil="true"/><string/><string>Price</string></returnProperties>' +
          '</GetProducts>',
      );
    },
  },
  {
    service: 'products',
    title: 'empty lists as empty container elements',
    op: 'GetProducts',
    variant: 'empty lists sent, an empty list returned',
    style: 'soap12',
    check: ({ soap }) => {
      expect(soap.body).toBe(
        `<GetProducts xmlns="${NS.products}"><searchParams><ProductIds/></searchParams><returnProperties/></GetProducts>`,
      );
    },
  },
  {
    service: 'products',
    title: 'a Product sent back: double.MinValue as JavaScript writes it, a nil boolean field, a nil list item',
    op: 'SaveProducts',
    style: 'soap12',
    check: ({ soap }) => {
      expect(soap.body).toMatch(
        new RegExp(
          `^<SaveProducts xmlns="${NS.products}"><products><Product><CashPriceIncTax>-1.7976931348623157e\\+308</CashPriceIncTax>`,
        ),
      );
      expect(soap.body).toContain('<DateChanged>2024-02-29T23:59:59.999Z</DateChanged>');
      expect(soap.body).toContain(
        '<Web>true</Web><ProductCode>PC</ProductCode><StockControlled>false</StockControlled><NewOffer xsi:nil="true"/><NewProduct>true</NewProduct></Product>',
      );
      expect(soap.body).toMatch(
        /<\/Product><Product xsi:nil="true"\/><Product><Name>New<\/Name><\/Product><\/products><\/SaveProducts>$/,
      );
    },
  },
  {
    service: 'products',
    title: 'a list of records with a nil item; xsi:nil for a nillable boolean field',
    op: 'DeleteProducts',
    style: 'soap11',
    check: ({ soap }) => {
      expect(soap.body).toBe(
        `<DeleteProducts xmlns="${NS.products}"><products><Product><Id>1001</Id></Product>` +
          '<Product><Id>2147483647</Id><Web xsi:nil="true"/><NewOffer>true</NewOffer></Product></products></DeleteProducts>',
      );
    },
  },
  {
    service: 'holiday',
    title: "SOAPAction from a namespace ending in '/'; an optional parameter left out",
    op: 'GetHolidayDate',
    variant: 'optional holidayCode left out, year at the int minimum, a result with an offset',
    style: 'soap11',
    check: ({ request, soap }) => {
      expect(request.headers['soapaction']).toBe('"http://www.holidaywebservice.com/HolidayService_v2/GetHolidayDate"');
      expect(soap.body).toBe(
        `<GetHolidayDate xmlns="${NS.holiday}"><countryCode>Scotland</countryCode><year>-2147483648</year></GetHolidayDate>`,
      );
    },
  },
  {
    service: 'holiday',
    title: 'dateTime parameters in UTC, from a Date and from an ISO string with an offset',
    op: 'GetHolidaysForDateRange',
    style: 'soap12',
    check: ({ soap }) => {
      expect(soap.body).toBe(
        `<GetHolidaysForDateRange xmlns="${NS.holiday}"><countryCode>Canada</countryCode>` +
          '<startDate>2024-12-01T00:00:00.000Z</startDate><endDate>2024-12-31T21:59:59.999Z</endDate></GetHolidaysForDateRange>',
      );
    },
  },
  {
    service: 'wsf-schedule',
    title: 'the APIAccessHeader block in the service namespace, its secret escaped',
    op: 'GetRouteDetail',
    style: 'soap11',
    check: ({ request, soap }) => {
      expect(request.headers['soapaction']).toBe('"http://www.wsdot.wa.gov/ferries/schedule/GetRouteDetail"');
      expect(soap.headers).toEqual([
        `<APIAccessHeader xmlns="${NS.wsf}"><APIAccessCode>wsdot-&lt;key&gt;&amp;"1"</APIAccessCode></APIAccessHeader>`,
      ]);
      expect(soap.body).toBe(
        `<GetRouteDetail xmlns="${NS.wsf}"><request><TripDate>2024-05-01T00:00:00.000Z</TripDate><RouteID>5</RouteID></request></GetRouteDetail>`,
      );
    },
  },
  {
    service: 'wsf-schedule',
    title: 'GetCacheFlushDate sends no header at all (its binding declares none)',
    op: 'GetCacheFlushDate',
    style: 'soap12',
    check: ({ soap }) => {
      expect(soap.hasHeader).toBe(false);
      expect(soap.body).toBe(`<GetCacheFlushDate xmlns="${NS.wsf}"/>`);
    },
  },
  {
    service: 'interhome',
    title: 'lists of enums with items named like the enum, an empty one, and the ServiceAuthHeader block',
    op: 'Search',
    style: 'soap11',
    check: ({ soap }) => {
      expect(soap.headers).toEqual([
        `<ServiceAuthHeader xmlns="${NS.interhome}"><Username>partner-ch</Username><Password>p&lt;a&gt;ss &amp; "w'ord"</Password></ServiceAuthHeader>`,
      ]);
      expect(soap.body).toContain(
        '<Facilities><Facilities>Balcony</Facilities><Facilities>NiceSourroundings</Facilities><Facilities>Pets3</Facilities></Facilities>' +
          '<Accessibilities><Accessibilities>FamilyFrienldy</Accessibilities></Accessibilities><Activities/>' +
          '<Situations><Situations>Lake10000</Situations><Situations>SeaView</Situations></Situations>' +
          '<PropertyTypes><PropertyTypes>CastleManor</PropertyTypes></PropertyTypes><SpecialOffer>LastMinute</SpecialOffer>',
      );
      expect(soap.body).toMatch(
        new RegExp(`^<Search xmlns="${NS.interhome}"><inputValue><Page>1</Page><PageSize>20</PageSize>`),
      );
    },
  },
  {
    service: 'interhome',
    title: 'whitespace, a tab and CR LF in strings sent exactly (CR as a character reference)',
    op: 'Newsletter',
    style: 'soap12',
    check: ({ request }) => {
      expect(request.body).toContain(
        '<Street>  Bahnhofstrasse 1\t</Street><AdditionalStreet>c/o Müller&#xD;\nHinterhaus</AdditionalStreet>',
      );
    },
  },
  {
    service: 'interhome',
    title: 'AffiliateDetail sends no header (its binding declares none), though the client has one',
    op: 'AffiliateDetail',
    style: 'soap12',
    check: ({ soap }) => {
      expect(soap.hasHeader).toBe(false);
      expect(soap.body).toBe(
        `<AffiliateDetail xmlns="${NS.interhome}"><inputValue><Username>affiliate</Username>` +
          '<Password>&lt;a &amp; "b"&gt; \'c\' ]]&gt;</Password></inputValue></AffiliateDetail>',
      );
    },
  },
  {
    service: 'ssrs-execution',
    title: 'both headers, the base64Binary token; a list of records extending an empty type, with a nil item',
    op: 'SetExecutionParameters',
    style: 'soap11',
    check: ({ soap, response }) => {
      expect([...soap.headers].sort()).toEqual([
        `<ExecutionHeader xmlns="${NS.ssrs}"><ExecutionID>ebz5pwyhxiufc0jogfudjn55</ExecutionID></ExecutionHeader>`,
        `<TrustedUserHeader xmlns="${NS.ssrs}"><UserName>CONTOSO\\reader</UserName><UserToken>AAEC+v8+Pw==</UserToken></TrustedUserHeader>`,
      ]);
      expect(soap.body).toBe(
        `<SetExecutionParameters xmlns="${NS.ssrs}"><Parameters>` +
          '<ParameterValue><Name>StartDate</Name><Value>2024-01-01</Value><Label>Start</Label></ParameterValue>' +
          '<ParameterValue><Name>Region</Name><Value/></ParameterValue><ParameterValue xsi:nil="true"/></Parameters>' +
          '<ParameterLanguage>de-CH</ParameterLanguage></SetExecutionParameters>',
      );
      expect(response.body).toContain(`<soap:Header><ServerInfoHeader xmlns="${NS.ssrs}">`);
    },
  },
  {
    service: 'ssrs-execution',
    title: 'the response headers of LoadReport (ServerInfoHeader, ExecutionHeader) are sent in the order of the WSDL',
    op: 'LoadReport',
    style: 'soap12',
    check: ({ response }) => {
      // In the order of the WSDL's output: ExecutionHeader, then ServerInfoHeader.
      expect(response.body).toContain(
        `<soap:Header><ExecutionHeader xmlns="${NS.ssrs}"><ExecutionID>ebz5pwyhxiufc0jogfudjn55</ExecutionID></ExecutionHeader>` +
          `<ServerInfoHeader xmlns="${NS.ssrs}"><ReportServerVersionNumber>2009.100.1600.01</ReportServerVersionNumber>`,
      );
    },
  },
  {
    service: 'ssrs-execution',
    title: 'LogonUser sends no header; the void response is an empty element',
    op: 'LogonUser',
    style: 'soap11',
    check: ({ soap, response }) => {
      expect(soap.hasHeader).toBe(false);
      expect(soap.body).toBe(
        `<LogonUser xmlns="${NS.ssrs}"><userName>reader</userName><password>&lt;a &amp; "b"&gt; 'c' ]]&gt;</password><authority/></LogonUser>`,
      );
      expect(response.body).toContain(`<LogonUserResponse xmlns="${NS.ssrs}"></LogonUserResponse>`);
    },
  },
];

for (const c of SERVICES) {
  describe(`${c.name}: ${c.clientClass} against node-soap on ${c.wsdl}`, () => {
    const u = unit(c.name);
    beforeAll(async () => u.start(specOperations(c), await generateFixture(handSpec(c), `real-${c.name}`)));
    afterAll(() => u.stop());

    it('has a row for every operation of the spec', () => {
      const spec = parseYaml(readFileSync(handSpec(c), 'utf8')) as { operations: Array<{ name: string }> };
      const covered = new Set(c.rows.map((r) => r.op));
      expect(spec.operations.map((o) => o.name).filter((name) => !covered.has(name))).toEqual([]);
      expect([...covered].filter((name) => !spec.operations.some((o) => o.name === name))).toEqual([]);
    });

    for (const row of c.rows) {
      for (const style of STYLES) {
        it(`${title(row)} over ${style}`, async () => {
          const result = await u.call(style, row);
          expect(u.calls).toHaveLength(1);
          expect(u.calls[0]?.op).toBe(row.op);
          expect(u.calls[0]?.args).toEqual(row.received);
          expect(u.calls[0]?.headers).toEqual(row.headers);
          expect(result).toEqual(row.expected);
          // toEqual ignores undefined members; the decoded result also carries no member the row does not show.
          expect(definedPaths(result)).toEqual(definedPaths(row.expected));
          const { request, response } = u.lastExchange();
          expect(response.status).toBe(200);
          checkRequestAgainstWsdl(u, style, row, request);
          // The canned result is valid against the WSDL too (it is the handler's, not the client's, but a response
          // a real service could not send would prove nothing).
          const answer = parseXml(response.body).children.find((e) => e.name === 'Body')?.children[0];
          expect(answer?.name).toBe(`${row.op}Response`);
          expect(schemaProblems(u.wsdl.schema, answer!)).toEqual(row.responseOutsideSchema ?? []);
          // The response carried the headers a real service sends (read, and left out of the plain call's result).
          const responseHeaders = u.wsdl.operations.get(row.op)?.outputHeaders ?? [];
          if (c.responseHeaders) for (const name of responseHeaders) expect(response.body).toContain(`<${name} xmlns=`);
        });
      }
    }

    if (c.responseHeaders) {
      // Issue 17, item 6: the headers node-soap answers with, as the WSDL declares them, read by <method>WithHeaders.
      const row = c.rows.find(
        (r) => (r.client ?? 'default') === 'default' && (u.wsdl.operations.get(r.op)?.outputHeaders.length ?? 0) > 1,
      )!;
      for (const style of STYLES) {
        it(`${row.op}WithHeaders over ${style} decodes the response headers the WSDL declares`, async () => {
          const answer = (await u.call(style, row, `${methodName(row.op)}WithHeaders`)) as {
            result: unknown;
            headers: Record<string, Record<string, string>>;
          };
          expect(answer.result).toEqual(row.expected);
          const names = u.wsdl.operations.get(row.op)!.outputHeaders;
          expect(Object.keys(answer.headers).sort()).toEqual([...names].sort());
          for (const name of names) {
            const text = c.responseHeaders![name]!;
            for (const [, field, value] of text.matchAll(/<(\w+)>([^<]*)<\/\1>/g))
              expect(answer.headers[name]?.[field!]).toBe(value);
          }
        });
      }
    }

    for (const w of WIRE.filter((x) => x.service === c.name)) {
      it(`on the wire: ${w.title}`, async () => {
        const row = c.rows.find((r) => r.op === w.op && r.variant === w.variant);
        if (!row) throw new Error(`no row ${w.op} ${w.variant ?? ''}`);
        const result = await u.call(w.style, row);
        expect(result).toEqual(row.expected);
        const { request, response } = u.lastExchange();
        w.check({ request, response, soap: readSoapRequest(request.body) });
      });
    }
  });
}

/**
 * What the WSDL (not the spec) says about the request of `row`: the SOAPAction of the SOAP 1.1 binding, the content
 * types, the envelope version, the operation element and everything inside it in the target namespace
 * (elementFormDefault="qualified"), and the header blocks its binding declares, also in the target namespace.
 */
function checkRequestAgainstWsdl(
  u: OriginalWsdlService,
  style: Style,
  row: Row,
  request: NodeSoapServer['requests'][number],
): void {
  const op = u.wsdl.operations.get(row.op);
  if (!op) throw new Error(`${row.op} is not in the WSDL's SOAP 1.1 binding`);
  expect(u.wsdl.operations12.get(row.op)?.inputHeaders).toEqual(op.inputHeaders);
  if (style === 'soap11') {
    expect(request.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(request.headers['soapaction']).toBe(`"${op.soapAction}"`);
  } else {
    expect(request.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
    expect(request.headers['soapaction']).toBeUndefined();
  }
  const envelope = parseXml(request.body);
  expect(envelope.ns).toBe(ENVELOPE[style]);
  const parts = readSoapRequest(request.body);
  expect(parts.envelopeNs).toBe(ENVELOPE[style]);
  const body = envelope.children.find((c) => c.name === 'Body')?.children[0];
  expect(body?.name).toBe(row.op);
  expect(outsideNamespace(body!, u.wsdl.targetNamespace)).toEqual([]);
  const blocks = envelope.children.find((c) => c.name === 'Header')?.children ?? [];
  expect(blocks.map((b) => b.name).sort()).toEqual(Object.keys(row.headers ?? {}).sort());
  for (const block of blocks) expect(outsideNamespace(block, u.wsdl.targetNamespace)).toEqual([]);
  // Valid against the WSDL's schema: .NET's XmlSerializer reads a sequence in order and drops what comes out of order.
  expect(schemaProblems(u.wsdl.schema, body!)).toEqual([]);
  for (const block of blocks) expect(schemaProblems(u.wsdl.schema, block)).toEqual([]);
  // A client with every header sends exactly the header blocks the binding declares for the operation.
  if ((row.client ?? 'default') === 'default')
    expect(blocks.map((b) => b.name).sort()).toEqual([...op.inputHeaders].sort());
}

/** Elements of the tree under `node` (itself included) that are not in `ns`, as paths. */
function outsideNamespace(node: XmlNode, ns: string, path = ''): string[] {
  const here = `${path}/${node.name}`;
  const own = node.ns === ns ? [] : [`${here} in "${node.ns}"`];
  return [...own, ...node.children.flatMap((c) => outsideNamespace(c, ns, here))];
}

// The WSDL checks above prove something only if they can fail: schemaProblems on requests it must refuse.
describe('schemaProblems (support/wsdl-facts.ts) on the products WSDL', () => {
  const { schema } = wsdlFacts(readFileSync(fixturePath('products/ProductService.wsdl'), 'utf8'));
  const check = (xml: string) =>
    schemaProblems(
      schema,
      parseXml(
        xml.replace(/^<(\w+)/, `<$1 xmlns="${NS.products}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`),
      ),
    );

  it('accepts a valid request', () => {
    expect(
      check(
        '<GetProducts><searchParams><Id>1</Id><ProductIds><int>2</int></ProductIds></searchParams><returnProperties/></GetProducts>',
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'out of order',
      '<GetProducts><searchParams><Name>n</Name><Id>1</Id></searchParams></GetProducts>',
      '/GetProducts/searchParams/Id is unexpected here',
    ],
    [
      'a required element missing',
      '<SetStockQuantity><productId>1</productId></SetStockQuantity>',
      '/SetStockQuantity/stockQuantity is missing',
    ],
    [
      'nil where not nillable',
      '<GetProducts><searchParams><ProductIds><int xsi:nil="true"/></ProductIds></searchParams></GetProducts>',
      'is nil, but not nillable',
    ],
    [
      'an int out of range',
      '<SetStockQuantity><productId>2147483648</productId><stockQuantity>1</stockQuantity></SetStockQuantity>',
      'is outside xs:int',
    ],
    [
      'a decimal in exponent notation',
      '<SetStockQuantity><productId>1</productId><stockQuantity>1e3</stockQuantity></SetStockQuantity>',
      'is not an xsd:decimal',
    ],
    [
      'an element in no namespace',
      '<SetStockQuantity><productId xmlns="">1</productId><stockQuantity>1</stockQuantity></SetStockQuantity>',
      'is in ""',
    ],
  ])('refuses %s', (_what, xml, problem) => {
    expect(check(xml).join('\n')).toContain(problem);
  });
});
