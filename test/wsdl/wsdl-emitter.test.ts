/**
 * The WSDL emitter on the payer spec: the document (wsdl/PayerFunctions.wsdl) has what payer-interface-v5.md and the
 * spec's decisions say, read back with test/helpers/wsdl-compare.ts: a message pair per operation, the three bindings
 * with their SOAPActions, the parameter spellings and types, the HTTP POST roots of part 4.1, the enums, the nillable
 * fields; and it is well-formed and deterministic. The other shapes (headers, an operation's own namespace, out
 * parameters, XML content, guid and char) are checked on test/client/fixtures/shapes.yaml and xsd-types.yaml.
 */
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { WSDL_FILE, emitWsdl, wsdlDocument } from '../../generator/emit/wsdl/index.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { GENERATED_MARKER, Printer } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';
import { summarizeWsdl, type Particle, type WsdlSummary } from '../helpers/wsdl-compare.js';

const NS = 'http://svc.example/';

let payer: ServiceModel;
let text: string;
let wsdl: WsdlSummary;

beforeAll(() => {
  payer = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
  text = wsdlDocument(payer);
  wsdl = summarizeWsdl(text);
});

/** The sequence of a top-level element's anonymous type (an operation's wrapper). */
function wrapper(name: string): Particle[] {
  const element = wsdl.elements[name];
  if (!element?.complexType) throw new Error(`no wrapper element ${name}`);
  return element.complexType.sequence as Particle[];
}

function fieldsOf(type: string): Particle[] {
  const t = wsdl.complexTypes[type];
  if (!t) throw new Error(`no complex type ${type}`);
  return t.sequence as Particle[];
}

function particle(list: Particle[], name: string): Particle {
  const p = list.find((x) => x.name === name);
  if (!p) throw new Error(`no element ${name} in ${list.map((x) => x.name).join(', ')}`);
  return p;
}

/** Part 4.1 of the interface document: parameters in order, result type, HTTP POST root (the decided one for the "not shown"). */
const OPERATIONS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['TestMultiCurrencyPaymentFile', 'payerName timestamp key fileName', 'FileResult', 'SvcProcessPaymentResponse'],
  ['ProcessMultiCurrencyPaymentFile', 'payerName timestamp key fileName', 'FileResult', 'SvcProcessPaymentResponse'],
  ['TestPaymentFile', 'payerName timestamp key fileName totalAmount', 'FileResult', 'SvcProcessPaymentResponse'],
  ['ProcessPaymentFile', 'payerName timestamp key fileName totalAmount', 'FileResult', 'SvcProcessPaymentResponse'],
  [
    'TestMultiCurrencyPaymentFileAsync',
    'payerName timestamp key fileName',
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
  ],
  [
    'ProcessMultiCurrencyPaymentFileAsync',
    'payerName timestamp key fileName',
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
  ],
  [
    'TestPaymentFileAsync',
    'payerName timestamp key fileName totalAmount',
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
  ],
  [
    'ProcessPaymentFileAsync',
    'payerName timeStamp key fileName totalAmount',
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
  ],
  [
    'GetProcessingRequestStatus',
    'payerName requestId timeStamp key',
    'ProcessingRequestStatusResult',
    'SvcGetProcessingRequestStatusResult',
  ],
  [
    'ProcessPaymentsAsyncResult',
    'payerName requestId timeStamp key',
    'ExpandedProcessPaymentResult',
    'SvcExpandedProcessPaymentResponse',
  ],
  ['GetCustomFields', 'payerName timestamp key', 'CustomFieldsResult', 'SvcGetCustomFieldsResponse'],
  ['GetProviderAccounts', 'payerName timestamp key', 'ProviderAccountsResult', 'SvcGetProviderAccountsResponse'],
  ['CreatePayeeStatusFile', 'payerName timestamp key saveToFile changesSinceDate', 'StatusFileResult', 'SvcResponse'],
  ['GetDynamicKey', 'payerName timestamp key', 'SecurityToken', 'SecurityToken'],
  [
    'GetDynamicKeyOfSubPayer',
    'payerName subPayerName timestamp key',
    'SubPayerSecurityToken',
    'SvcSubPayerSecurityToken',
  ],
  ['GetBalances', 'payerName timestamp key', 'BalanceResult', 'SvcGetBalanceResponse'],
  [
    'GetPayerFees',
    'payerName timestamp key beginDateTimeStamp endDateTimeStamp',
    'PayerFeesResult',
    'SvcGetPayerFeesResponse',
  ],
  ['CreatePaymentOrdersReport', 'payerName timestamp key startTime endTime', 'ReportResult', 'SvcReportResponse'],
  [
    'GetUpdatedPayments',
    'payerName timestamp key changedSince',
    'UpdatedPaymentsResult',
    'SvcGetUpdatedPaymentsResponse',
  ],
];

/** Part 4 of the document: the SOAP type of each parameter. */
const PARAMETER_TYPES: Readonly<Record<string, string>> = {
  payerName: 'xs:string',
  timestamp: 'xs:double',
  timeStamp: 'xs:double',
  key: 'xs:string',
  fileName: 'xs:string',
  totalAmount: 'xs:double',
  saveToFile: 'xs:string',
  changesSinceDate: 'xs:double',
  requestId: 'xs:long',
  subPayerName: 'xs:string',
  beginDateTimeStamp: 'xs:double',
  endDateTimeStamp: 'xs:double',
  startTime: 'xs:dateTime',
  endTime: 'xs:dateTime',
  changedSince: 'xs:double',
};

describe('the payer WSDL', () => {
  it('is written to wsdl/PayerFunctions.wsdl with the generated header after the XML declaration', () => {
    expect(WSDL_FILE(payer)).toBe('wsdl/PayerFunctions.wsdl');
    const [file, ...more] = emitWsdl(payer, new Printer(payer));
    expect(more).toEqual([]);
    expect(file!.path).toBe('wsdl/PayerFunctions.wsdl');
    const lines = file!.content.split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="utf-8"?>');
    expect(lines[1]).toBe(`<!-- ${GENERATED_MARKER} from ${PAYER_SPEC}. DO NOT EDIT.`);
    expect(file!.content.endsWith('</wsdl:definitions>\n')).toBe(true);
  });

  it('is well-formed XML, 2-space indented, with the ASMX prefixes and the service namespace as target', () => {
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<wsdl:definitions /);
    expect(text).toContain(
      '\n  <wsdl:types>\n    <s:schema elementFormDefault="qualified" targetNamespace="http://svc.example/">\n',
    );
    const root = /<wsdl:definitions[^>]*>/.exec(text)![0];
    for (const [prefix, uri] of [
      ['soap', 'http://schemas.xmlsoap.org/wsdl/soap/'],
      ['soap12', 'http://schemas.xmlsoap.org/wsdl/soap12/'],
      ['http', 'http://schemas.xmlsoap.org/wsdl/http/'],
      ['mime', 'http://schemas.xmlsoap.org/wsdl/mime/'],
      ['tm', 'http://microsoft.com/wsdl/mime/textMatching/'],
      ['s', 'http://www.w3.org/2001/XMLSchema'],
      ['tns', NS],
      ['wsdl', 'http://schemas.xmlsoap.org/wsdl/'],
    ]) {
      expect(root).toContain(` xmlns:${prefix}="${uri}"`);
    }
    expect(wsdl.targetNamespace).toBe(NS);
    expect(wsdl.otherSchemas).toEqual([]);
  });

  it('is deterministic: the same text twice, and another origin changes the addresses only', () => {
    expect(wsdlDocument(payer)).toBe(text);
    expect(wsdlDocument(loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot }))).toBe(text);
    const elsewhere = wsdlDocument(payer, 'http://127.0.0.1:41234/');
    expect(elsewhere.replaceAll('http://127.0.0.1:41234/v5/', 'http://localhost/v5/')).toBe(text);
    expect(elsewhere.match(/location="http:\/\/127\.0\.0\.1:41234\/v5\/PayerFunctions\.asmx"/g)).toHaveLength(3);
  });

  it('has the three bindings and their ports, at the service path', () => {
    expect(Object.entries(wsdl.bindings).map(([name, b]) => [name, b.protocol, b.portType])).toEqual([
      ['PayerFunctionsSoap', 'soap11', 'PayerFunctionsSoap'],
      ['PayerFunctionsSoap12', 'soap12', 'PayerFunctionsSoap'],
      ['PayerFunctionsHttpPost', 'httpPost', 'PayerFunctionsHttpPost'],
    ]);
    expect(wsdl.service).toMatchObject({
      name: 'PayerFunctions',
      ports: {
        PayerFunctionsSoap: { binding: 'PayerFunctionsSoap', address: 'soap', path: '/v5/PayerFunctions.asmx' },
        PayerFunctionsSoap12: { binding: 'PayerFunctionsSoap12', address: 'soap12', path: '/v5/PayerFunctions.asmx' },
        PayerFunctionsHttpPost: { binding: 'PayerFunctionsHttpPost', address: 'http', path: '/v5/PayerFunctions.asmx' },
      },
    });
    expect(Object.keys(wsdl.portTypes)).toEqual(['PayerFunctionsSoap', 'PayerFunctionsHttpPost']);
  });

  it('lists the 19 operations of part 4.1, in order, in every port type and binding', () => {
    const names = OPERATIONS.map(([op]) => op);
    expect(payer.operations.map((o) => o.name)).toEqual(names);
    for (const ops of Object.values(wsdl.portTypes)) expect(Object.keys(ops)).toEqual(names);
    for (const b of Object.values(wsdl.bindings)) expect(Object.keys(b.operations)).toEqual(names);
  });

  describe.each(OPERATIONS)('%s', (op, params, result, root) => {
    it('has its SoapIn/SoapOut messages on the wrapper elements and its HTTP POST messages', () => {
      const soap = wsdl.portTypes['PayerFunctionsSoap']![op]!;
      expect(soap.input).toEqual({ name: `${op}SoapIn`, parts: [{ name: 'parameters', element: op }] });
      expect(soap.output).toEqual({ name: `${op}SoapOut`, parts: [{ name: 'parameters', element: `${op}Response` }] });
      const post = wsdl.portTypes['PayerFunctionsHttpPost']![op]!;
      expect(post.input).toEqual({
        name: `${op}HttpPostIn`,
        parts: params.split(' ').map((name) => ({ name, type: 'xs:string' })),
      });
      expect(post.output).toEqual({ name: `${op}HttpPostOut`, parts: [{ name: 'Body', element: root }] });
      expect(soap.documentation).toBe(payer.operations.find((o) => o.name === op)!.doc);
    });

    it('takes its parameters in order, spelt and typed as the document says', () => {
      expect(wrapper(op).map((p) => [p.name, p.type])).toEqual(
        params.split(' ').map((name) => [name, PARAMETER_TYPES[name]]),
      );
    });

    it(`returns <${op}Result> of type ${result}`, () => {
      expect(wrapper(`${op}Response`)).toEqual([{ name: `${op}Result`, type: result, minOccurs: '1', maxOccurs: '1' }]);
    });

    it(`declares the HTTP POST root <${root}> as a nillable ${result}`, () => {
      expect(wsdl.elements[root]).toEqual({ type: result, nillable: true });
      expect(wsdl.bindings['PayerFunctionsHttpPost']!.operations[op]).toEqual({
        location: `/${op}`,
        input: ['mime:content application/x-www-form-urlencoded'],
        output: ['mime:mimeXml Body'],
      });
    });

    it(`has the SOAPAction ${NS}${op} in both SOAP bindings, document/literal`, () => {
      for (const [binding, prefix] of [
        ['PayerFunctionsSoap', 'soap'],
        ['PayerFunctionsSoap12', 'soap12'],
      ] as const) {
        expect(wsdl.bindings[binding]!.operations[op]).toEqual({
          soapAction: `${NS}${op}`,
          style: 'document',
          input: [`${prefix}:body literal`],
          output: [`${prefix}:body literal`],
        });
      }
    });
  });

  it.each([
    ['ProcessPaymentFileAsync', 'timeStamp'],
    ['GetProcessingRequestStatus', 'timeStamp'],
    ['ProcessPaymentsAsyncResult', 'timeStamp'],
    ['TestPaymentFileAsync', 'timestamp'],
    ['GetBalances', 'timestamp'],
  ])('%s spells the timestamp %s (a required double)', (op, spelling) => {
    const other = spelling === 'timeStamp' ? 'timestamp' : 'timeStamp';
    expect(particle(wrapper(op), spelling)).toEqual({
      name: spelling,
      type: 'xs:double',
      minOccurs: '1',
      maxOccurs: '1',
    });
    expect(wrapper(op).map((p) => p.name)).not.toContain(other);
  });

  it('spells timeStamp in exactly the three operations the document names', () => {
    const withCapital = OPERATIONS.filter(([op]) => wrapper(op).some((p) => p.name === 'timeStamp')).map(([op]) => op);
    expect(withCapital).toEqual([
      'ProcessPaymentFileAsync',
      'GetProcessingRequestStatus',
      'ProcessPaymentsAsyncResult',
    ]);
  });

  it.each([
    [
      'requestId of GetProcessingRequestStatus',
      () => particle(wrapper('GetProcessingRequestStatus'), 'requestId'),
      { type: 'xs:long', minOccurs: '1' },
    ],
    [
      'requestId of ProcessPaymentsAsyncResult',
      () => particle(wrapper('ProcessPaymentsAsyncResult'), 'requestId'),
      { type: 'xs:long', minOccurs: '1' },
    ],
    [
      'requestId of AsyncRequestResult',
      () => particle(fieldsOf('AsyncRequestResult'), 'requestId'),
      { type: 'xs:long', minOccurs: '1' },
    ],
    // Optional for the caller, but the client sends 0 when it is left out (decision changes-since-default).
    [
      'changesSinceDate',
      () => particle(wrapper('CreatePayeeStatusFile'), 'changesSinceDate'),
      { type: 'xs:double', minOccurs: '1' },
    ],
    // ASMX's strings: minOccurs 0, not nillable.
    ['payerName', () => particle(wrapper('GetBalances'), 'payerName'), { type: 'xs:string', minOccurs: '0' }],
    [
      'startTime',
      () => particle(wrapper('CreatePaymentOrdersReport'), 'startTime'),
      { type: 'xs:dateTime', minOccurs: '1' },
    ],
  ])('%s', (_name, get, expected) => {
    const p = get();
    expect({ type: p.type, minOccurs: p.minOccurs, maxOccurs: p.maxOccurs, nillable: p.nillable }).toEqual({
      ...expected,
      maxOccurs: '1',
      nillable: undefined,
    });
  });

  it('has ChangedPaymentOrdersRefCode as an ArrayOfString of string items', () => {
    expect(particle(fieldsOf('UpdatedPaymentsResult'), 'ChangedPaymentOrdersRefCode')).toMatchObject({
      type: 'ArrayOfString',
      minOccurs: '0',
      maxOccurs: '1',
    });
    expect(wsdl.complexTypes['ArrayOfString']).toEqual({
      sequence: [{ name: 'string', type: 'xs:string', minOccurs: '0', maxOccurs: 'unbounded', nillable: true }],
      attributes: [],
    });
  });

  it('has the lists of part 2 as ArrayOfX containers, nil items refused where the decision nil-list-items says', () => {
    const item = (list: string) => (wsdl.complexTypes[list]!.sequence as Particle[])[0];
    expect(item('ArrayOfLineErrorOrWarning')).toEqual({
      name: 'LineErrorOrWarning',
      type: 'LineErrorOrWarning',
      minOccurs: '0',
      maxOccurs: 'unbounded',
    });
    expect(item('ArrayOfExpandedLineResult')).toEqual({
      name: 'ExpandedLineResult',
      type: 'ExpandedLineResult',
      minOccurs: '0',
      maxOccurs: 'unbounded',
    });
    expect(item('ArrayOfSvcAccountInfo')).toEqual({
      name: 'SvcAccountInfo',
      type: 'SvcAccountInfo',
      minOccurs: '0',
      maxOccurs: 'unbounded',
      nillable: true,
    });
    expect(item('ArrayOfSvcFee')).toMatchObject({ name: 'SvcFee', nillable: true });
    expect(particle(fieldsOf('FileResult'), 'LineErrorsOrWarning').type).toBe('ArrayOfLineErrorOrWarning');
    expect(particle(fieldsOf('BalanceResult'), 'AccountInfos').type).toBe('ArrayOfSvcAccountInfo');
  });

  it('has StatusFileResult with b, i and d nillable and required (bool?, int?, double?), s an ordinary string', () => {
    expect(fieldsOf('StatusFileResult').map((p) => [p.name, p.type, p.minOccurs, p.nillable ?? false])).toEqual([
      ['errorMessage', 'xs:string', '0', true],
      ['errorCode', 'ErrorCode', '0', false],
      ['b', 'xs:boolean', '1', true],
      ['i', 'xs:int', '1', true],
      ['d', 'xs:double', '1', true],
      ['s', 'xs:string', '0', true],
    ]);
  });

  it('types errorCode as the ErrorCode enum in (S) results and as an int in (I) results', () => {
    expect(particle(fieldsOf('FileResult'), 'errorCode').type).toBe('ErrorCode');
    expect(particle(fieldsOf('SecurityToken'), 'errorCode').type).toBe('ErrorCode');
    for (const result of ['SubPayerSecurityToken', 'ExpandedProcessPaymentResult', 'BalanceResult', 'ReportResult']) {
      expect(particle(fieldsOf(result), 'errorCode').type).toBe('xs:int');
    }
  });

  it('declares the enums of parts 2.3 and 7 as string restrictions, values in order', () => {
    expect(wsdl.simpleTypes['RequestStatus']).toEqual({
      base: 'xs:string',
      enumeration: ['Processing', 'Failed', 'Cancelled', 'Completed'],
    });
    expect(wsdl.simpleTypes['LineStatus']).toEqual({ base: 'xs:string', enumeration: ['OK', 'Warning', 'Error'] });
    const provider = wsdl.simpleTypes['Provider']!.enumeration;
    expect(provider).toHaveLength(18);
    expect([provider[0], provider[1], provider[4], provider[17]]).toEqual([
      'None',
      '<provider_name_1>',
      'Payer',
      '<provider_name_16>',
    ]);
    const codes = wsdl.simpleTypes['ErrorCode']!.enumeration;
    expect(codes).toHaveLength(70);
    expect(codes.slice(0, 2)).toEqual(['UnknownError', 'OK']);
    expect(codes).toContain('SubPayerDoensNotSupportDynamicKey');
    expect(Object.keys(wsdl.simpleTypes)).toEqual(['ErrorCode', 'RequestStatus', 'LineStatus', 'Provider']);
    expect(particle(fieldsOf('SvcAccountInfo'), 'Provider')).toEqual({
      name: 'Provider',
      type: 'Provider',
      minOccurs: '1',
      maxOccurs: '1',
    });
    expect(particle(fieldsOf('ExpandedLineResult'), 'status').type).toBe('LineStatus');
  });

  it('declares every record and result as a complex type with its fields in spec order', () => {
    for (const struct of [...payer.records, ...payer.results]) {
      expect(
        fieldsOf(struct.name).map((p) => p.name),
        struct.name,
      ).toEqual(struct.fields.map((f) => f.name));
    }
  });

  it('declares the HTTP POST roots of part 4.1 once each, after everything else', () => {
    const roots = [...new Set(OPERATIONS.map(([, , , root]) => root))];
    const declared = [...text.matchAll(/^ {6}<s:element name="(\w+)" nillable="true" type="tns:\w+"\/>$/gm)].map(
      (m) => m[1],
    );
    expect(declared).toEqual(roots);
    expect(text.indexOf(`<s:element name="${roots[0]}"`)).toBeGreaterThan(text.lastIndexOf('<s:complexType name='));
  });
});

describe('other shapes', () => {
  let shapes: WsdlSummary;
  let shapesText: string;
  beforeAll(() => {
    shapesText = wsdlDocument(loadSpec(fromRoot('test/client/fixtures/shapes.yaml'), { cwd: repoRoot }));
    shapes = summarizeWsdl(shapesText);
  });

  it('puts the wrapper elements of an operation with its own namespace in a schema of that namespace, importing the types', () => {
    expect(shapes.otherSchemas).toEqual(['http://other.example/']);
    expect(shapes.elements['{http://other.example/}Relay']!.complexType!.sequence).toEqual([
      { name: 'filter', type: 'Filter', minOccurs: '0', maxOccurs: '1' },
    ]);
    expect(shapes.portTypes['ShapesSoap']!['Custom']!.input.parts).toEqual([
      { name: 'parameters', element: '{http://other.example/}Custom' },
    ]);
    expect(shapes.portTypes['ShapesHttpPost']!['Custom']!.output.parts).toEqual([
      { name: 'Body', element: '{http://other.example/}Answer' },
    ]);
    expect(shapesText).toContain(
      '<s:schema elementFormDefault="qualified" targetNamespace="http://other.example/">\n      <s:import namespace="http://shapes.example/"/>',
    );
    // The spec's own SOAPAction; the convention (service namespace + name) elsewhere, also in another namespace.
    expect(shapes.bindings['ShapesSoap']!.operations['Custom']!.soapAction).toBe('urn:custom#Custom');
    expect(shapes.bindings['ShapesSoap']!.operations['Relay']!.soapAction).toBe('http://shapes.example/Relay');
  });

  it('sends the SOAP header on the operations that take it, in both SOAP bindings', () => {
    expect(shapes.elements['AuthHeader']).toEqual({ type: 'AuthHeader' });
    expect(shapes.bindings['ShapesSoap']!.operations['Ping']!.input).toEqual([
      'soap:body literal',
      'soap:header PingAuthHeader/AuthHeader -> AuthHeader literal',
    ]);
    expect(shapes.bindings['ShapesSoap12']!.operations['Ping']!.input).toEqual([
      'soap12:body literal',
      'soap12:header PingAuthHeader/AuthHeader -> AuthHeader literal',
    ]);
    expect(shapes.bindings['ShapesSoap']!.operations['Custom']!.input).toEqual(['soap:body literal']);
  });

  it('writes attributes, extension, repeated elements without a container and nested lists', () => {
    expect(shapes.complexTypes['Item']).toMatchObject({
      base: 'Entity',
      attributes: [
        { name: 'Code', type: 'xs:string' },
        { name: 'Size', type: 'xs:int' },
      ],
    });
    expect(shapes.complexTypes['Order']!.attributes).toEqual([{ name: 'Number', type: 'xs:long', use: 'required' }]);
    expect(shapes.complexTypes['Order']!.sequence[0]).toEqual({
      name: 'Line',
      type: 'Item',
      minOccurs: '0',
      maxOccurs: 'unbounded',
      nillable: true,
    });
    expect(shapes.complexTypes['ArrayOfArrayOfInt']!.sequence).toEqual([
      { name: 'ArrayOfInt', type: 'ArrayOfInt', minOccurs: '0', maxOccurs: 'unbounded', nillable: true },
    ]);
    // A second list of ints with another item element gets the next ASMX name.
    expect(shapes.complexTypes['ArrayOfInt1']!.sequence).toEqual([
      { name: 'Id', type: 'xs:int', minOccurs: '0', maxOccurs: 'unbounded' },
    ]);
  });

  it('writes out parameters beside the result, XML content as any content, and a void operation without a body', () => {
    expect(shapes.elements['DivideResponse']!.complexType!.sequence.map((p) => (p as Particle).name)).toEqual([
      'DivideResult',
      'remainder',
      'note',
    ]);
    expect((shapes.elements['GetDataSetResponse']!.complexType!.sequence[0] as Particle).type).toMatch(
      /^\(inline .*"any":\{"minOccurs":"0","maxOccurs":"unbounded","processContents":"lax"\}/,
    );
    // As ASMX publishes an XmlElement result: a Body part naming no element, described as text/xml content (any root).
    expect(shapes.portTypes['ShapesHttpPost']!['GetDataSet']!.output.parts).toEqual([{ name: 'Body' }]);
    expect(shapes.bindings['ShapesHttpPost']!.operations['GetDataSet']!.output).toEqual(['mime:content text/xml']);
    expect(shapes.bindings['ShapesHttpPost']!.operations['GetItems']!.output).toEqual(['mime:mimeXml Body']);
    expect(shapes.portTypes['ShapesHttpPost']!['Ping']!.output.parts).toEqual([]);
    expect(shapes.bindings['ShapesHttpPost']!.operations['Ping']!.output).toEqual([]);
    expect(shapes.elements['PingResponse']!.complexType!.sequence).toEqual([]);
    // httpPost: false keeps an operation out of the HTTP POST port type and binding only.
    expect(Object.keys(shapes.portTypes['ShapesHttpPost']!)).not.toContain('Search');
    expect(Object.keys(shapes.portTypes['ShapesSoap']!)).toContain('Search');
  });

  it("declares guid and char in Microsoft's types namespace, as ASMX does", () => {
    const xsdTypes = summarizeWsdl(
      wsdlDocument(loadSpec(fromRoot('test/client/fixtures/xsd-types.yaml'), { cwd: repoRoot })),
    );
    expect(xsdTypes.otherSchemas).toEqual(['http://microsoft.com/wsdl/types/']);
    expect(xsdTypes.simpleTypes['ms:guid']).toEqual({
      base: 'xs:string',
      enumeration: [],
      pattern: '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}',
    });
    expect(xsdTypes.simpleTypes['ms:char']).toEqual({ base: 'xs:unsignedShort', enumeration: [] });
    expect(particle(xsdTypes.elements['Echo']!.complexType!.sequence as Particle[], 'id').type).toBe('ms:guid');
  });

  it('leaves out the HTTP POST binding of a service without it', () => {
    const plain = summarizeWsdl(
      wsdlDocument(loadSpec(fromRoot('test/client/fixtures/plain-soap.yaml'), { cwd: repoRoot })),
    );
    expect(Object.values(plain.bindings).map((b) => b.protocol)).not.toContain('httpPost');
    expect(Object.keys(plain.portTypes).some((n) => n.endsWith('HttpPost'))).toBe(false);
  });
});
