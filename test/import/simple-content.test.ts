/**
 * A complex type of text content alone (`s:simpleContent` extending a simple type, adding nothing), as .NET publishes
 * a class whose one member is [XmlText], is on the wire an element of that simple type: the importer drafts it so
 * (3PL Central's `I18nDateTime`, test/fixtures/wsdl/threepl-contracts/). Text content WITH attributes is a record
 * of a text field (`text: true`) and its attribute fields; a restriction of text content is drafted as its base; an
 * attribute named as the text field moves the text field's name on; an unqualified element that would hold a
 * qualified one is drafted qualified, and reported.
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
  const draft = parse(yaml) as {
    operations: Array<{ params: Array<{ name: string; type: unknown }>; result: unknown }>;
    records?: Record<string, unknown>;
  };
  const find = draft.operations[0]!;

  it('drafts text content extending a simple type as that type, its name kept for list items', () => {
    expect(find.params.find((p) => p.name === 'since')?.type).toBe('dateTime');
    expect(find.params.find((p) => p.name === 'size')?.type).toBe('Shape');
    expect(find.result).toMatchObject({ type: { list: 'dateTime', item: 'I18nDateTime' } });
    expect(Object.keys(draft.records ?? {})).not.toContain('I18nDateTime');
    expect(problems.filter((p) => /I18nDateTime|Size|Shape/.test(p.message))).toEqual([]);
  });

  it('drafts text content with attributes as a record of a text field and attribute fields, reporting nothing', () => {
    expect(draft.records?.['Tagged']).toEqual({
      fields: [
        { name: 'Value', type: 'string', text: true },
        { name: 'lang', type: 'string', attribute: true },
      ],
    });
    expect(find.params.find((p) => p.name === 'label')?.type).toBe('Tagged');
    expect(problems.filter((p) => /Tagged|simpleContent/.test(`${p.construct} ${p.message}`))).toEqual([]);
  });
});

/** The WSDL above with other types for `label`: `inner` declares them (the types of the service namespace). */
function withTypes(inner: string): string {
  return WSDL.replace(/<s:complexType name="Tagged">[\s\S]*?<\/s:complexType>/, inner);
}

describe('importWsdl: text content, restrictions, names and forms', () => {
  const cases: ReadonlyArray<{
    kind: string;
    types: string;
    records: Record<string, unknown>;
    label: string;
    reported: string[];
  }> = [
    {
      kind: 'a restriction of text content is drafted as its base, its facets reported',
      types:
        '<s:complexType name="Base"><s:simpleContent><s:extension base="s:string"><s:attribute name="lang" type="s:string" /></s:extension></s:simpleContent></s:complexType>' +
        '<s:complexType name="Tagged"><s:simpleContent><s:restriction base="tns:Base"><s:maxLength value="3" /></s:restriction></s:simpleContent></s:complexType>',
      records: {
        Base: {
          fields: [
            { name: 'Value', type: 'string', text: true },
            { name: 'lang', type: 'string', attribute: true },
          ],
        },
      },
      label: 'Base',
      reported: ['s:simpleContent/s:restriction Tagged is drafted as its base Base; its facets are not kept'],
    },
    {
      kind: 'an attribute named Value moves the text field to Value1',
      types:
        '<s:complexType name="Tagged"><s:simpleContent><s:extension base="s:int"><s:attribute name="Value" type="s:string" /></s:extension></s:simpleContent></s:complexType>',
      records: {
        Tagged: {
          fields: [
            { name: 'Value1', type: 'int', text: true },
            { name: 'Value', type: 'string', attribute: true },
          ],
        },
      },
      label: 'Tagged',
      reported: [],
    },
    {
      kind: 'text content extending text content without attributes takes its simple type',
      types:
        '<s:complexType name="Plain"><s:simpleContent><s:extension base="s:decimal" /></s:simpleContent></s:complexType>' +
        '<s:complexType name="Tagged"><s:simpleContent><s:extension base="tns:Plain"><s:attribute name="unit" type="s:string" use="required" /></s:extension></s:simpleContent></s:complexType>',
      records: {
        Tagged: {
          fields: [
            { name: 'Value', type: 'decimal', text: true },
            { name: 'unit', type: 'string', optional: false, attribute: true },
          ],
        },
      },
      label: 'Tagged',
      reported: [],
    },
    {
      kind: 'an unqualified element holding a qualified one stays unqualified; the qualified one gets its namespace as its own',
      types:
        '<s:complexType name="Inner"><s:sequence><s:element minOccurs="0" name="Deep" type="s:string" /></s:sequence></s:complexType>' +
        '<s:complexType name="Tagged"><s:sequence><s:element minOccurs="0" form="unqualified" name="Outer" type="tns:Inner" /><s:element minOccurs="0" form="unqualified" name="Flat" type="s:string" /></s:sequence></s:complexType>',
      records: {
        Inner: { fields: [{ name: 'Deep', type: 'string', nillable: false, namespace: 'http://example.org/text/' }] },
        Tagged: {
          fields: [
            { name: 'Outer', type: 'Inner', form: 'unqualified' },
            { name: 'Flat', type: 'string', nillable: false, form: 'unqualified' },
          ],
        },
      },
      label: 'Tagged',
      reported: [],
    },
    {
      // It was drafted qualified, and reported, while an alternative could have no namespace of its own (whl-travel).
      kind: 'an unqualified element holding a qualified choice stays unqualified; the alternatives get their namespace as their own',
      types:
        '<s:complexType name="Inner"><s:sequence><s:choice><s:element name="A" type="s:string" /><s:element name="B" type="s:int" /></s:choice></s:sequence></s:complexType>' +
        '<s:complexType name="Tagged"><s:sequence><s:element minOccurs="0" form="unqualified" name="Outer" type="tns:Inner" /></s:sequence></s:complexType>',
      records: {
        Inner: {
          fields: [
            {
              name: 'Item',
              type: {
                choice: [
                  { name: 'A', type: 'string', namespace: 'http://example.org/text/' },
                  { name: 'B', type: 'int', namespace: 'http://example.org/text/' },
                ],
              },
            },
          ],
        },
        Tagged: { fields: [{ name: 'Outer', type: 'Inner', form: 'unqualified' }] },
      },
      label: 'Tagged',
      reported: [],
    },
  ];
  it.each(cases)('$kind', ({ types, records, label, reported }) => {
    const { problems, yaml } = importWsdl(withTypes(types), FILE);
    const draft = parse(yaml) as {
      operations: Array<{ params: Array<{ name: string; type: unknown }> }>;
      records?: Record<string, unknown>;
    };
    expect(draft.records).toMatchObject(records);
    expect(draft.operations[0]!.params.find((p) => p.name === 'label')?.type).toBe(label);
    expect(
      problems.map((p) => `${p.construct} ${p.message}`).filter((m) => !/I18nDateTime|Size|Shape/.test(m)),
    ).toEqual(reported);
  });
});
