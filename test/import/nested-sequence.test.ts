/**
 * A sequence inside a sequence (docdata's payment service: `destination` is `name`, then `<sequence>` around
 * `address`) was reported "not mapped; left out" and its elements dropped, so every request naming a billTo lacked its
 * required address and the service's schema refused it (found by a trial over WSDLs not in the corpus, issue 25).
 * Occurring once, its particles stand in place, as XML Schema reads them; occurring otherwise it stays reported.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { typeSummary } from './model-summary.js';

const TNS = 'http://example.org/payments/';

function wsdl(types: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <xs:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <xs:element name="Pay"><xs:complexType><xs:sequence><xs:element name="billTo" type="tns:Destination"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="PayResponse"><xs:complexType><xs:sequence><xs:element name="PayResult" type="xs:boolean"/></xs:sequence></xs:complexType></xs:element>
      <xs:complexType name="Address"><xs:sequence><xs:element name="city" type="xs:string"/></xs:sequence></xs:complexType>
      ${types}
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="PayIn"><wsdl:part name="parameters" element="tns:Pay"/></wsdl:message>
  <wsdl:message name="PayOut"><wsdl:part name="parameters" element="tns:PayResponse"/></wsdl:message>
  <wsdl:portType name="PaymentsSoap"><wsdl:operation name="Pay"><wsdl:input message="tns:PayIn"/><wsdl:output message="tns:PayOut"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="PaymentsSoap" type="tns:PaymentsSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="Pay"><soap:operation soapAction="${TNS}Pay" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Payments"><wsdl:port name="PaymentsSoap" binding="tns:PaymentsSoap"><soap:address location="http://example.org/Payments.asmx"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
}

const CASES: ReadonlyArray<[what: string, types: string, fields: unknown[], reported: string[]]> = [
  [
    "docdata's destination: a sequence occurring once after an element",
    '<xs:complexType name="Destination"><xs:sequence><xs:element name="name" type="xs:string"/><xs:sequence><xs:element name="address" type="tns:Address"/></xs:sequence></xs:sequence></xs:complexType>',
    [
      { name: 'name', type: 'string', optional: false },
      { name: 'address', type: 'record Address', optional: false },
    ],
    [],
  ],
  [
    'two levels deep, between elements, an optional element inside',
    '<xs:complexType name="Destination"><xs:sequence><xs:element name="name" type="xs:string"/><xs:sequence><xs:sequence><xs:element name="address" type="tns:Address"/><xs:element name="note" type="xs:string" minOccurs="0"/></xs:sequence></xs:sequence><xs:element name="phone" type="xs:string"/></xs:sequence></xs:complexType>',
    [
      { name: 'name', type: 'string', optional: false },
      { name: 'address', type: 'record Address', optional: false },
      { name: 'note', type: 'string', optional: true },
      { name: 'phone', type: 'string', optional: false },
    ],
    [],
  ],
  [
    "in an extension's sequence",
    '<xs:complexType name="Named"><xs:sequence><xs:element name="name" type="xs:string"/></xs:sequence></xs:complexType>' +
      '<xs:complexType name="Destination"><xs:complexContent><xs:extension base="tns:Named"><xs:sequence><xs:sequence><xs:element name="address" type="tns:Address"/></xs:sequence></xs:sequence></xs:extension></xs:complexContent></xs:complexType>',
    [
      { name: 'name', type: 'string', optional: false },
      { name: 'address', type: 'record Address', optional: false },
    ],
    [],
  ],
  [
    'an optional nested sequence stays reported (its elements would be absent together)',
    '<xs:complexType name="Destination"><xs:sequence><xs:element name="name" type="xs:string"/><xs:sequence minOccurs="0"><xs:element name="address" type="tns:Address"/></xs:sequence></xs:sequence></xs:complexType>',
    [{ name: 'name', type: 'string', optional: false }],
    ['in Destination: not mapped; left out'],
  ],
];

describe('a sequence inside a sequence', () => {
  it.each(CASES)('%s', (_what, types, fields, reported) => {
    const imported = importWsdl(wsdl(types), 'Payments.wsdl');
    expect(
      imported.problems.map((p) => p.message).filter((m) => m.includes('not mapped') || m.includes('sequence')),
    ).toEqual(reported);
    const model = parseSpec(imported.yaml, 'Payments.yaml', { strict: true });
    const found = model.records.find((r) => r.name === 'Destination')!;
    expect(found.fields.map((f) => ({ name: f.name, type: typeSummary(f.type), optional: f.optional }))).toEqual(
      fields,
    );
  });
});
