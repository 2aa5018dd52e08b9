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
    "as a type's whole content, optional and repeated",
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
  // Equifax's IQAnswerRequest and InteractiveQuery: the one element's type is declared inline. The element is read
  // with the choice's occurrence (a copy of its declaration), which must still find its inline type.
  [
    'of an inline complex type, repeated (Equifax)',
    '<xs:complexType name="ModifyType"><xs:choice><xs:element maxOccurs="6" name="Answer"><xs:complexType><xs:attribute name="answerId" type="xs:int" use="required"/></xs:complexType></xs:element></xs:choice></xs:complexType>',
    'ModifyType',
    [
      {
        name: 'Answer',
        type: { list: 'record Answer', item: 'Answer', nillableItems: false, container: false },
        optional: false,
      },
    ],
  ],
  [
    'of an inline enumeration, optional',
    '<xs:complexType name="ModifyType"><xs:choice minOccurs="0"><xs:element name="Mode"><xs:simpleType><xs:restriction base="xs:string"><xs:enumeration value="Fast"/><xs:enumeration value="Slow"/></xs:restriction></xs:simpleType></xs:element></xs:choice></xs:complexType>',
    'ModifyType',
    [{ name: 'Mode', type: 'enum Mode', optional: true }],
  ],
];

describe('a choice of one element', () => {
  it.each(CASES)('%s is that element, nothing reported', (_what, types, record, fields) => {
    const imported = importWsdl(wsdl(types), 'Volumes.wsdl');
    expect(imported.problems.map((p) => p.message).filter((m) => m.includes('choice'))).toEqual([]);
    const model = parseSpec(imported.yaml, 'Volumes.yaml', { strict: true });
    const found = model.records.find((r) => r.name === record)!;
    expect(found.fields.map((f) => ({ name: f.name, type: typeSummary(f.type), optional: f.optional }))).toEqual(
      fields,
    );
  });
});

/**
 * Found calling every operation of exchange-ews (SVC_CORPUS=full): a type named ArrayOf... whose whole content is a
 * repeated choice of one element (ArrayOfSmtpAddressType: `<xs:choice minOccurs="1" maxOccurs="unbounded"><xs:element
 * name="SmtpAddress"/></xs:choice>`) was reported and drafted as string, so its element was sent as text; and a choice
 * of one reference to the head of a substitution group (NonEmptyArrayOfPathsToElementType: `<xs:choice
 * maxOccurs="unbounded"><xs:element ref="t:Path"/></xs:choice>`) was drafted as the abstract head itself, which no
 * service takes. The first is a list of that element, its bounds the choice's; the second a list of choices of the
 * group's members.
 */
const LISTS: ReadonlyArray<[what: string, types: string, field: unknown, minItems: number | undefined | 'not a list']> =
  [
    [
      'an ArrayOf type whose content is a repeated choice of one element is a list of it',
      '<xs:complexType name="ModifyType"><xs:sequence><xs:element name="Addresses" type="tns:ArrayOfSmtpAddressType"/></xs:sequence></xs:complexType>' +
        '<xs:complexType name="ArrayOfSmtpAddressType"><xs:choice minOccurs="1" maxOccurs="unbounded"><xs:element name="SmtpAddress" type="xs:string"/></xs:choice></xs:complexType>',
      {
        name: 'Addresses',
        type: { list: 'string', item: 'SmtpAddress', nillableItems: false, container: true },
        optional: false,
      },
      1,
    ],
    [
      "an optional repeated choice of one element is a list that may be empty (the choice's minOccurs, not the element's)",
      '<xs:complexType name="ModifyType"><xs:sequence><xs:element name="Recipients" type="tns:ArrayOfRecipientsType"/></xs:sequence></xs:complexType>' +
        '<xs:complexType name="ArrayOfRecipientsType"><xs:choice minOccurs="0" maxOccurs="unbounded"><xs:element name="Mailbox" type="xs:string"/></xs:choice></xs:complexType>',
      {
        name: 'Recipients',
        type: { list: 'string', item: 'Mailbox', nillableItems: false, container: true },
        optional: false,
      },
      undefined,
    ],
    [
      "a repeated choice of one reference to a substitution group's abstract head is a list of choices of its members",
      '<xs:element name="Path" type="tns:PathType" abstract="true"/>' +
        '<xs:complexType name="PathType"><xs:sequence><xs:element name="Uri" type="xs:string"/></xs:sequence></xs:complexType>' +
        '<xs:element name="FieldURI" type="tns:PathType" substitutionGroup="tns:Path"/>' +
        '<xs:element name="IndexedFieldURI" type="tns:PathType" substitutionGroup="tns:Path"/>' +
        '<xs:complexType name="ModifyType"><xs:choice maxOccurs="unbounded"><xs:element ref="tns:Path"/></xs:choice></xs:complexType>',
      {
        name: 'Items',
        type: {
          list: {
            choice: [
              { name: 'FieldURI', type: 'record PathType' },
              { name: 'IndexedFieldURI', type: 'record PathType' },
            ],
          },
          item: 'Items',
          nillableItems: false,
          container: false,
        },
        optional: false,
      },
      1,
    ],
    [
      "a named group of one reference to a substitution group's abstract head is a choice of its members",
      '<xs:element name="Path" type="tns:PathType" abstract="true"/>' +
        '<xs:complexType name="PathType"><xs:sequence><xs:element name="Uri" type="xs:string"/></xs:sequence></xs:complexType>' +
        '<xs:element name="FieldURI" type="tns:PathType" substitutionGroup="tns:Path"/>' +
        '<xs:element name="IndexedFieldURI" type="tns:PathType" substitutionGroup="tns:Path"/>' +
        '<xs:group name="PathGroup"><xs:sequence><xs:element ref="tns:Path"/></xs:sequence></xs:group>' +
        '<xs:complexType name="ModifyType"><xs:sequence><xs:group ref="tns:PathGroup"/></xs:sequence></xs:complexType>',
      {
        name: 'Item',
        type: {
          choice: [
            { name: 'FieldURI', type: 'record PathType' },
            { name: 'IndexedFieldURI', type: 'record PathType' },
          ],
        },
        optional: false,
      },
      'not a list',
    ],
  ];

describe('a repeated choice of one element, a group of one head', () => {
  it.each(LISTS)('%s, nothing reported', (_what, types, field, minItems) => {
    const imported = importWsdl(wsdl(types), 'Volumes.wsdl');
    expect(
      imported.problems.map((p) => p.message).filter((m) => m.includes('choice') || m.includes('abstract')),
    ).toEqual([]);
    const model = parseSpec(imported.yaml, 'Volumes.yaml', { strict: true });
    const f = model.records.find((r) => r.name === 'ModifyType')!.fields[0]!;
    expect({ name: f.name, type: typeSummary(f.type), optional: f.optional }).toEqual(field);
    expect(f.type.kind === 'list' ? f.type.minItems : 'not a list').toBe(minItems);
  });
});
