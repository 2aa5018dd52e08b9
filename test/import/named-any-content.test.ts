/**
 * Found calling every operation of exchange-ews (SVC_CORPUS=full): a NAMED complex type whose whole content is
 * `s:any` (EWS's EncryptedDataContainerType: `<xs:sequence><xs:any processContents="skip" namespace="##other"/>
 * </xs:sequence>`) was drafted as an empty record, its content reported ("any content among other elements") and
 * left out, so a required <Token> went out empty, which the schema refuses. It is XML content, as an anonymous type
 * of the same content already was: the field holds the markup.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { typeSummary } from './model-summary.js';

const TNS = 'http://example.org/sharing/';

function wsdl(types: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <xs:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <xs:element name="Share"><xs:complexType><xs:sequence><xs:element name="request" type="tns:ShareType"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="ShareResponse"><xs:complexType><xs:sequence><xs:element name="ShareResult" type="xs:boolean"/></xs:sequence></xs:complexType></xs:element>
      <xs:complexType name="ShareType"><xs:sequence><xs:element name="Name" type="xs:string"/><xs:element name="Token" type="tns:ContainerType"/></xs:sequence></xs:complexType>
      ${types}
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="ShareIn"><wsdl:part name="parameters" element="tns:Share"/></wsdl:message>
  <wsdl:message name="ShareOut"><wsdl:part name="parameters" element="tns:ShareResponse"/></wsdl:message>
  <wsdl:portType name="SharingSoap"><wsdl:operation name="Share"><wsdl:input message="tns:ShareIn"/><wsdl:output message="tns:ShareOut"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="SharingSoap" type="tns:SharingSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="Share"><soap:operation soapAction="${TNS}Share" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Sharing"><wsdl:port name="SharingSoap" binding="tns:SharingSoap"><soap:address location="http://example.org/Sharing.asmx"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
}

const CASES: ReadonlyArray<[what: string, container: string, token: string]> = [
  [
    'one s:any of another namespace (EWS)',
    '<xs:complexType name="ContainerType"><xs:sequence><xs:any processContents="skip" namespace="##other"/></xs:sequence></xs:complexType>',
    'xml',
  ],
  [
    'an s:any after the s:schema of a DataSet',
    '<xs:complexType name="ContainerType"><xs:sequence><xs:element ref="xs:schema"/><xs:any/></xs:sequence></xs:complexType>',
    'xml',
  ],
  // Anything beside the s:any keeps the type a record.
  [
    'an s:any after an element: still a record',
    '<xs:complexType name="ContainerType"><xs:sequence><xs:element name="Kind" type="xs:string"/><xs:any namespace="##other"/></xs:sequence></xs:complexType>',
    'record ContainerType',
  ],
];

describe('a named type of XML content', () => {
  it.each(CASES)('%s', (_what, container, token) => {
    const imported = importWsdl(wsdl(container), 'Sharing.wsdl');
    const model = parseSpec(imported.yaml, 'Sharing.yaml', { strict: true });
    const f = model.records.find((r) => r.name === 'ShareType')!.fields.find((x) => x.name === 'Token')!;
    expect(typeSummary(f.type)).toBe(token);
    expect(model.records.some((r) => r.name === 'ContainerType')).toBe(token !== 'xml');
    if (token === 'xml') expect(imported.problems.map((p) => p.construct)).toEqual([]);
  });
});
