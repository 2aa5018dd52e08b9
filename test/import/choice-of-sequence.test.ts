/**
 * A sequence as an alternative of a choice (OpenTravel's `(Success, Warnings?, data?) | Errors`, whl-travel): drafted
 * as the choice of the sequence's first element, the rest optional fields after it, only where that first element
 * tells the sequence apart (it occurs once) and the choice and the sequence occur once; any other shape is reported,
 * the choice left out, as before. test/import/issue25-answers.test.ts takes the drafted shape over the wire.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { typeSummary } from './model-summary.js';

const TNS = 'http://example.org/travel/';

function wsdl(content: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <xs:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <xs:element name="List"><xs:complexType><xs:sequence><xs:element name="language" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="ListResponse"><xs:complexType><xs:sequence><xs:element name="ListResult" type="tns:ListRS"/></xs:sequence></xs:complexType></xs:element>
      <xs:complexType name="ListRS">${content}</xs:complexType>
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="ListIn"><wsdl:part name="parameters" element="tns:List"/></wsdl:message>
  <wsdl:message name="ListOut"><wsdl:part name="parameters" element="tns:ListResponse"/></wsdl:message>
  <wsdl:portType name="TravelSoap"><wsdl:operation name="List"><wsdl:input message="tns:ListIn"/><wsdl:output message="tns:ListOut"/></wsdl:operation></wsdl:portType>
  <wsdl:binding name="TravelSoap" type="tns:TravelSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="List"><soap:operation soapAction="${TNS}List" style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Travel"><wsdl:port name="TravelSoap" binding="tns:TravelSoap"><soap:address location="http://example.org/Travel.asmx"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
}

const seq = (first: string, attrs = '') =>
  `<xs:sequence${attrs}><xs:element name="Success" type="xs:string"${first}/><xs:element minOccurs="0" name="Data" type="xs:int"/></xs:sequence>`;
const choice = (sequence: string, attrs = '') =>
  `<xs:choice${attrs}>${sequence}<xs:element name="Errors" type="xs:string"/></xs:choice>`;

describe('a sequence as an alternative of a choice', () => {
  it('is the choice of its first element, the rest optional after it, nothing reported', () => {
    const imported = importWsdl(wsdl(choice(seq(''))), 'Travel.wsdl');
    expect(imported.problems.map((p) => p.message)).toEqual([]);
    const model = parseSpec(imported.yaml, 'Travel.yaml', { strict: true });
    const found = model.records.find((r) => r.name === 'ListRS')!;
    expect(found.fields.map((f) => ({ name: f.name, type: typeSummary(f.type), optional: f.optional }))).toEqual([
      {
        name: 'Item',
        type: {
          choice: [
            { name: 'Success', type: 'string' },
            { name: 'Errors', type: 'string' },
          ],
        },
        optional: false,
      },
      { name: 'Data', type: 'int', optional: true },
    ]);
  });

  it.each([
    ['its first element optional (it cannot tell the sequence apart)', choice(seq(' minOccurs="0"'))],
    ['its first element repeated', choice(seq(' maxOccurs="unbounded"'))],
    ['the sequence repeated', choice(seq('', ' maxOccurs="2"'))],
    ['the choice repeated', choice(seq(''), ' maxOccurs="unbounded"')],
    [
      'a choice inside the sequence',
      choice(
        `<xs:sequence><xs:element name="Success" type="xs:string"/>${choice('<xs:element name="A" type="xs:int"/>')}</xs:sequence>`,
      ),
    ],
    ['two sequences', choice(`${seq('')}<xs:sequence><xs:element name="Other" type="xs:string"/></xs:sequence>`)],
  ])('with %s is reported and left out, as before', (_what, content) => {
    const imported = importWsdl(wsdl(content), 'Travel.wsdl');
    expect(imported.problems.map((p) => p.construct)).toContain('s:sequence in s:choice');
  });
});

describe('alternatives of a schema that does not qualify its local elements', () => {
  // They were drafted qualified and reported (the format had no form on an alternative), so whl-travel's answers failed
  // its schema; test/import/unqualified-alternatives.test.ts takes them over the wire.
  it('are drafted unqualified, as the schema has them, nothing reported', () => {
    const unqualified = wsdl(choice(seq(''))).replace(
      'elementFormDefault="qualified"',
      'elementFormDefault="unqualified"',
    );
    const imported = importWsdl(unqualified, 'Travel.wsdl');
    expect(imported.problems.filter((p) => p.message.includes('alternative')).map((p) => p.message)).toEqual([]);
    const model = parseSpec(imported.yaml, 'Travel.yaml', { strict: true });
    const item = model.records.find((r) => r.name === 'ListRS')!.fields[0]!.type;
    expect(item.kind === 'choice' && item.alternatives.map((a) => [a.name, a.form])).toEqual([
      ['Success', 'unqualified'],
      ['Errors', 'unqualified'],
    ]);
  });
});
