/**
 * A complex type of text content alone (`s:simpleContent` extending a simple type, adding nothing), as .NET publishes
 * a class whose one member is [XmlText], is on the wire an element of that simple type: the importer drafts it so
 * (3PL Central's `I18nDateTime`, test/fixtures/wsdl/threepl-contracts/). Text content WITH attributes has no
 * counterpart in the format and is still reported where it stands.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importWsdl } from '../../generator/import/index.js';

const FILE = 'Text.wsdl';

const WSDL = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="http://example.org/text/" targetNamespace="http://example.org/text/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="http://example.org/text/">
      <s:element name="Find">
        <s:complexType>
          <s:sequence>
            <s:element minOccurs="0" maxOccurs="1" name="since" type="tns:I18nDateTime" />
            <s:element minOccurs="1" maxOccurs="1" name="size" type="tns:Size" />
            <s:element minOccurs="0" maxOccurs="1" name="label" type="tns:Tagged" />
          </s:sequence>
        </s:complexType>
      </s:element>
      <s:element name="FindResponse">
        <s:complexType>
          <s:sequence>
            <s:element minOccurs="0" maxOccurs="1" name="FindResult" type="tns:ArrayOfI18nDateTime" />
          </s:sequence>
        </s:complexType>
      </s:element>
      <s:complexType name="I18nDateTime">
        <s:simpleContent><s:extension base="s:dateTime" /></s:simpleContent>
      </s:complexType>
      <s:simpleType name="Shape"><s:restriction base="s:string"><s:enumeration value="Small" /><s:enumeration value="Large" /></s:restriction></s:simpleType>
      <s:complexType name="Size">
        <s:simpleContent><s:extension base="tns:Shape" /></s:simpleContent>
      </s:complexType>
      <s:complexType name="Tagged">
        <s:simpleContent>
          <s:extension base="s:string"><s:attribute name="lang" type="s:string" /></s:extension>
        </s:simpleContent>
      </s:complexType>
      <s:complexType name="ArrayOfI18nDateTime">
        <s:sequence><s:element minOccurs="0" maxOccurs="unbounded" name="I18nDateTime" type="tns:I18nDateTime" /></s:sequence>
      </s:complexType>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="FindSoapIn"><wsdl:part name="parameters" element="tns:Find" /></wsdl:message>
  <wsdl:message name="FindSoapOut"><wsdl:part name="parameters" element="tns:FindResponse" /></wsdl:message>
  <wsdl:portType name="TextSoap">
    <wsdl:operation name="Find"><wsdl:input message="tns:FindSoapIn" /><wsdl:output message="tns:FindSoapOut" /></wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="TextSoap" type="tns:TextSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
    <wsdl:operation name="Find">
      <soap:operation soapAction="http://example.org/text/Find" style="document" />
      <wsdl:input><soap:body use="literal" /></wsdl:input>
      <wsdl:output><soap:body use="literal" /></wsdl:output>
    </wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Text">
    <wsdl:port name="TextSoap" binding="tns:TextSoap"><soap:address location="http://localhost/Text.asmx" /></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;

describe('importWsdl: text content', () => {
  const { problems, yaml } = importWsdl(WSDL, FILE);
  const draft = parse(yaml) as { operations: Array<{ params: Array<{ name: string; type: unknown }>; result: unknown }>; records?: Record<string, unknown> };
  const find = draft.operations[0]!;

  it('drafts text content extending a simple type as that type, its name kept for list items', () => {
    expect(find.params.find((p) => p.name === 'since')?.type).toBe('dateTime');
    expect(find.params.find((p) => p.name === 'size')?.type).toBe('Shape');
    expect(find.result).toMatchObject({ type: { list: 'dateTime', item: 'I18nDateTime' } });
    expect(Object.keys(draft.records ?? {})).not.toContain('I18nDateTime');
    expect(problems.filter((p) => /I18nDateTime|Size|Shape/.test(p.message))).toEqual([]);
  });

  it('still reports text content with attributes, where it stands', () => {
    const line = WSDL.split('\n').findIndex((l) => l.includes('<s:simpleContent>') && !l.includes('extension')) + 1;
    expect(problems.map((p) => `${p.line} ${p.construct} ${p.message}`)).toContain(`${line} s:simpleContent in Tagged: text content with attributes has no counterpart in the format; left out`);
  });
});
