/**
 * Issue 17, item 9: the importer drops nothing silently. Every construct it leaves out of the draft, or drafts as
 * something else, is a problem naming its place in the WSDL (file:line:column), listed at the top of the draft. The
 * WSDL below has one of each construct that was once skipped without a word.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';

const FILE = 'Left.wsdl';

const WSDL = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/" xmlns:tns="http://example.org/left/" xmlns:o="urn:other" targetNamespace="http://example.org/left/" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" attributeFormDefault="qualified" targetNamespace="http://example.org/left/">
      <s:import namespace="urn:other" />
      <s:element name="Get">
        <s:complexType>
          <s:sequence>
            <s:element minOccurs="0" maxOccurs="1" name="item" type="tns:Item" />
          </s:sequence>
        </s:complexType>
      </s:element>
      <s:element name="GetResponse">
        <s:complexType>
          <s:sequence>
            <s:element minOccurs="1" maxOccurs="1" form="unqualified" name="GetResult" type="s:int" />
          </s:sequence>
        </s:complexType>
      </s:element>
      <s:complexType name="Item">
        <s:attribute name="Kind" form="qualified">
          <s:simpleType><s:restriction base="s:string"><s:enumeration value="A" /></s:restriction></s:simpleType>
        </s:attribute>
      </s:complexType>
      <s:complexType name="Unused">
        <s:sequence />
      </s:complexType>
      <s:element name="Orphan" type="s:string" />
      <s:element name="Problem" type="s:string" />
    </s:schema>
  </wsdl:types>
  <wsdl:message name="GetSoapIn"><wsdl:part name="parameters" element="tns:Get" /></wsdl:message>
  <wsdl:message name="GetSoapOut"><wsdl:part name="parameters" element="tns:GetResponse" /></wsdl:message>
  <wsdl:message name="GetFault"><wsdl:part name="detail" element="tns:Problem" /></wsdl:message>
  <wsdl:message name="PostIn" />
  <wsdl:message name="PostOut"><wsdl:part name="Body" element="tns:Problem" /></wsdl:message>
  <wsdl:portType name="LeftSoap">
    <wsdl:operation name="Get">
      <wsdl:input message="tns:GetSoapIn" />
      <wsdl:output message="tns:GetSoapOut" />
      <wsdl:fault name="Problem" message="tns:GetFault" />
    </wsdl:operation>
  </wsdl:portType>
  <wsdl:portType name="LeftHttpPost">
    <wsdl:operation name="OnlyPost">
      <wsdl:input message="tns:PostIn" />
      <wsdl:output message="tns:PostOut" />
    </wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="LeftSoap" type="tns:LeftSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="rpc" />
    <wsdl:operation name="Get">
      <soap:operation soapAction="http://example.org/left/Get" />
      <wsdl:input><soap:body use="literal" /></wsdl:input>
      <wsdl:output><soap:body use="literal" /></wsdl:output>
    </wsdl:operation>
  </wsdl:binding>
  <wsdl:binding name="LeftHttpPost" type="tns:LeftHttpPost">
    <http:binding verb="POST" />
    <wsdl:operation name="OnlyPost">
      <http:operation location="/OnlyPost" />
      <wsdl:input><mime:content type="application/x-www-form-urlencoded" /></wsdl:input>
      <wsdl:output><mime:mimeXml part="Body" /></wsdl:output>
    </wsdl:operation>
  </wsdl:binding>
  <wsdl:binding name="Spare" type="tns:LeftSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
  </wsdl:binding>
  <wsdl:service name="Left">
    <wsdl:port name="LeftSoap" binding="tns:LeftSoap"><soap:address location="http://localhost/Left.asmx" /></wsdl:port>
    <wsdl:port name="LeftSoapAgain" binding="tns:LeftSoap"><soap:address location="http://localhost/Again.asmx" /></wsdl:port>
    <wsdl:port name="LeftHttpPost" binding="tns:LeftHttpPost"><http:address location="http://localhost/Left.asmx" /></wsdl:port>
  </wsdl:service>
</wsdl:definitions>
`;

/** `line:column` of the `<` of the first line holding `snippet` (after the line holding `after`, if given). */
function placeOf(snippet: string, after?: string): string {
  const lines = WSDL.split('\n');
  const start = after === undefined ? 0 : lines.findIndex((l) => l.includes(after));
  const i = lines.findIndex((l, n) => n >= start && l.includes(snippet));
  if (i < 0) throw new Error(`no line holds ${snippet}`);
  const at = lines[i]!.indexOf(snippet);
  return `${i + 1}:${lines[i]!.lastIndexOf('<', at) + 1}`;
}

describe('importWsdl: nothing left out without a word', () => {
  const { problems, yaml } = importWsdl(WSDL, FILE);
  const found = problems.map((p) => `${p.line}:${p.column} ${p.construct}`);

  it.each([
    ['an import of a namespace no schema declares', 's:import', '<s:import namespace="urn:other"'],
    ['an attribute typed inline (drafted as string)', 'anonymous s:simpleType', '<s:simpleType>'],
    ['a named type no operation uses', 's:complexType Unused', 'name="Unused"'],
    ['a global element no message names', 's:element Orphan', 'name="Orphan"'],
    ['a fault of an operation', 'wsdl:fault', '<wsdl:fault'],
    [
      'an operation of the HTTP POST binding that the SOAP port type lacks',
      'wsdl:operation',
      '<wsdl:operation name="OnlyPost">',
      '<wsdl:binding name="LeftHttpPost"',
    ],
    [
      'RPC style given on the binding',
      'style="rpc"',
      '<soap:binding transport="http://schemas.xmlsoap.org/soap/http" style="rpc"',
    ],
    ['a binding no port uses', 'wsdl:binding', '<wsdl:binding name="Spare"'],
    ['a second port of the same protocol', 'wsdl:port', 'name="LeftSoapAgain"'],
  ])('reports %s where it stands', (_, construct, snippet, after?: string) => {
    expect(found).toContain(`${placeOf(snippet, after)} ${construct}`);
  });

  it('drafts a result element of form="unqualified" with form: unqualified rather than reporting it', () => {
    expect(yaml).toContain('result: { type: int, form: unqualified }');
    expect(found.filter((f) => f.endsWith('form="unqualified"'))).toEqual([]);
  });

  it('drafts a qualified attribute (form, attributeFormDefault) with form: qualified rather than reporting it', () => {
    expect(yaml).toContain('{ name: Kind, type: string, attribute: true, form: qualified }');
    expect(found.filter((f) => /attributeFormDefault|form="qualified"/.test(f))).toEqual([]);
  });

  it('lists each one at the top of the draft', () => {
    expect(problems.length).toBeGreaterThanOrEqual(9);
    for (const p of problems) expect(yaml).toContain(`# - ${FILE}:${p.line}:${p.column}: ${p.construct}: ${p.message}`);
  });
});
