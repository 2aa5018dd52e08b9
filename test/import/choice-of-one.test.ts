/**
 * An s:choice of one element (EC2's ModifyVolumeAttributeType: `<xs:choice><xs:element name="autoEnableIO"/></xs:choice>`)
 * was reported ("has no counterpart in the format") and left out, so the client could not send the required element
 * (found calling every operation of amazon-ec2, SVC_CORPUS=full). It is that element, as often as the choice and the
 * element both say, as a named group of one element already was: in a sequence, as a type's whole content, and in an
 * extension.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { typeSummary } from './model-summary.js';

const TNS = 'http://example.org/volumes/';

function wsdl(types: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <xs:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <xs:element name="Modify"><xs:complexType><xs:sequence><xs:element name="request" type="tns:ModifyType"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="ModifyResponse"><xs:complexType><xs:sequence><xs:element name="ModifyResult" type="xs:boolean"/></xs:sequence></xs:complexType></xs:element>
      ${types}
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="ModifyIn"><wsdl:part name="parameters" element="tns:Modify"/></wsdl:message>
  <wsdl:message name="ModifyOut"><wsdl:part name="parameters" element="tns:ModifyResponse"/></wsdl:message>
  <wsdl:portType name="VolumesSoap"><wsdl:operation name="Modify"><wsdl:input message="tns:ModifyIn"/><wsdl:output message="tns:ModifyOut"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="VolumesSoap" type="tns:VolumesSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="Modify"><soap:operation soapAction="${TNS}Modify" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Volumes"><wsdl:port name="VolumesSoap" binding="tns:VolumesSoap"><soap:address location="http://example.org/Volumes.asmx"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
}

const CASES: ReadonlyArray<[what: string, types: string, record: string, fields: unknown[]]> = [
  [
    'in a sequence (EC2)',
    '<xs:complexType name="ModifyType"><xs:sequence><xs:element name="volumeId" type="xs:string"/><xs:choice><xs:element name="autoEnableIO" type="xs:boolean"/></xs:choice></xs:sequence></xs:complexType>',
    'ModifyType',
    [
      { name: 'volumeId', type: 'string', optional: false },
      { name: 'autoEnableIO', type: 'boolean', optional: false },
    ],
  ],
  [
    'as a type\'s whole content, optional and repeated',
    '<xs:complexType name="ModifyType"><xs:choice minOccurs="0" maxOccurs="unbounded"><xs:element name="tag" type="xs:string"/></xs:choice></xs:complexType>',
    'ModifyType',
    [{ name: 'tag', type: { list: 'string', item: 'tag', nillableItems: false, container: false }, optional: false }],
  ],
  [
    'in an extension',
    '<xs:complexType name="BaseType"><xs:sequence><xs:element name="volumeId" type="xs:string"/></xs:sequence></xs:complexType>' +
      '<xs:complexType name="ModifyType"><xs:complexContent><xs:extension base="tns:BaseType"><xs:choice minOccurs="0"><xs:element name="size" type="xs:int"/></xs:choice></xs:extension></xs:complexContent></xs:complexType>',
    'ModifyType',
    [
      { name: 'volumeId', type: 'string', optional: false },
      { name: 'size', type: 'int', optional: true },
    ],
  ],
];

describe('a choice of one element', () => {
  it.each(CASES)('%s is that element, nothing reported', (_what, types, record, fields) => {
    const imported = importWsdl(wsdl(types), 'Volumes.wsdl');
    expect(imported.problems.map((p) => p.message).filter((m) => m.includes('choice'))).toEqual([]);
    const model = parseSpec(imported.yaml, 'Volumes.yaml', { strict: true });
    const found = model.records.find((r) => r.name === record)!;
    expect(found.fields.map((f) => ({ name: f.name, type: typeSummary(f.type), optional: f.optional }))).toEqual(fields);
  });
});
