/**
 * Issue 25, item 8: `xs:token` (PayPal's codes and identifiers, SAP's) was drafted as `string` and reported as a type
 * the format lacks. It is a type of the format now, with its rule (collapsed whitespace) checked before sending and
 * applied when reading (test/client/xsd-types.test.ts); here, the import drafts it as such, also as the base of an
 * inline restriction, and reports neither. `xs:anySimpleType` (marketo) is drafted as `string`, which holds any simple
 * value's text as it is, and no longer reported.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';

const WSDL = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="urn:t" targetNamespace="urn:t" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="urn:t">
      <s:element name="Find">
        <s:complexType>
          <s:sequence>
            <s:element minOccurs="0" maxOccurs="1" name="code" type="s:token" />
            <s:element minOccurs="0" maxOccurs="1" name="anything" type="s:anySimpleType" />
            <s:element minOccurs="0" maxOccurs="1" name="words">
              <s:simpleType><s:restriction base="s:token"><s:maxLength value="9" /></s:restriction></s:simpleType>
            </s:element>
          </s:sequence>
        </s:complexType>
      </s:element>
      <s:element name="FindResponse">
        <s:complexType>
          <s:sequence><s:element minOccurs="0" maxOccurs="1" name="FindResult" type="s:token" /></s:sequence>
        </s:complexType>
      </s:element>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="FindSoapIn"><wsdl:part name="parameters" element="tns:Find" /></wsdl:message>
  <wsdl:message name="FindSoapOut"><wsdl:part name="parameters" element="tns:FindResponse" /></wsdl:message>
  <wsdl:portType name="TSoap"><wsdl:operation name="Find"><wsdl:input message="tns:FindSoapIn" /><wsdl:output message="tns:FindSoapOut" /></wsdl:operation></wsdl:portType>
  <wsdl:binding name="TSoap" type="tns:TSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
    <wsdl:operation name="Find"><soap:operation soapAction="urn:t/Find" /><wsdl:input><soap:body use="literal" /></wsdl:input><wsdl:output><soap:body use="literal" /></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="T"><wsdl:port name="TSoap" binding="tns:TSoap"><soap:address location="http://localhost/T.asmx" /></wsdl:port></wsdl:service>
</wsdl:definitions>
`;

describe('importWsdl: xs:token and xs:anySimpleType', () => {
  const { yaml, problems } = importWsdl(WSDL, 'T.wsdl');

  it.each([
    ['a parameter', '      - { name: code, type: token, optional: true }'],
    ['the base of an inline restriction', '      - { name: words, type: token, optional: true }'],
    ['a result', '    result: { type: token, nullable: true }'],
    [
      'an xs:anySimpleType (any simple value, its text as it is)',
      '      - { name: anything, type: string, optional: true }',
    ],
  ])('drafts %s', (_, line) => {
    expect(yaml).toContain(line);
  });

  it('reports only the facet it does not keep', () => {
    expect(problems.map((p) => p.construct)).toEqual(['anonymous s:simpleType']);
  });
});
