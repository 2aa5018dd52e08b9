/**
 * Issue 25: the importer keeps wire names. An ASMX operation with a MessageName is named by its request element
 * (`List.Delete`, where the port type says `DeleteList`); overloads (one port-type name, two MessageNames) are two
 * operations, each with its own binding operation, found by its wsdl:input name; a dotted type name stays the key;
 * and a third type of one local name is numbered past the names the WSDL declares.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatProblem, importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';

const TNS = 'http://tempuri.org/';

/** An ASMX service whose methods have MessageNames: DeleteList as List.Delete, and two overloads of Get. */
const ASMX = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <s:element name="List.Delete"><s:complexType><s:sequence><s:element minOccurs="1" maxOccurs="1" name="list.id" type="s:int" /></s:sequence></s:complexType></s:element>
      <s:element name="List.DeleteResponse"><s:complexType><s:sequence><s:element minOccurs="0" maxOccurs="1" name="List.DeleteResult" type="tns:SalesOrder.Line" /></s:sequence></s:complexType></s:element>
      <s:element name="User.Get"><s:complexType><s:sequence><s:element minOccurs="0" maxOccurs="1" name="name" type="s:string" /></s:sequence></s:complexType></s:element>
      <s:element name="User.GetResponse"><s:complexType><s:sequence><s:element minOccurs="0" maxOccurs="1" name="User.GetResult" type="s:string" /></s:sequence></s:complexType></s:element>
      <s:element name="Item.Get"><s:complexType><s:sequence><s:element minOccurs="1" maxOccurs="1" name="id" type="s:int" /></s:sequence></s:complexType></s:element>
      <s:element name="Item.GetResponse"><s:complexType><s:sequence><s:element minOccurs="0" maxOccurs="1" name="Item.GetResult" type="s:string" /></s:sequence></s:complexType></s:element>
      <s:complexType name="SalesOrder.Line"><s:sequence><s:element minOccurs="0" maxOccurs="1" name="Sku-Code" type="s:string" /></s:sequence></s:complexType>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="List.DeleteSoapIn"><wsdl:part name="parameters" element="tns:List.Delete" /></wsdl:message>
  <wsdl:message name="List.DeleteSoapOut"><wsdl:part name="parameters" element="tns:List.DeleteResponse" /></wsdl:message>
  <wsdl:message name="User.GetSoapIn"><wsdl:part name="parameters" element="tns:User.Get" /></wsdl:message>
  <wsdl:message name="User.GetSoapOut"><wsdl:part name="parameters" element="tns:User.GetResponse" /></wsdl:message>
  <wsdl:message name="Item.GetSoapIn"><wsdl:part name="parameters" element="tns:Item.Get" /></wsdl:message>
  <wsdl:message name="Item.GetSoapOut"><wsdl:part name="parameters" element="tns:Item.GetResponse" /></wsdl:message>
  <wsdl:portType name="ListsSoap">
    <wsdl:operation name="DeleteList"><wsdl:input name="List.Delete" message="tns:List.DeleteSoapIn" /><wsdl:output name="List.Delete" message="tns:List.DeleteSoapOut" /></wsdl:operation>
    <wsdl:operation name="Get"><wsdl:input name="User.Get" message="tns:User.GetSoapIn" /><wsdl:output name="User.Get" message="tns:User.GetSoapOut" /></wsdl:operation>
    <wsdl:operation name="Get"><wsdl:input name="Item.Get" message="tns:Item.GetSoapIn" /><wsdl:output name="Item.Get" message="tns:Item.GetSoapOut" /></wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="ListsSoap" type="tns:ListsSoap">
    <soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
    <wsdl:operation name="DeleteList"><soap:operation soapAction="${TNS}List.Delete" style="document" /><wsdl:input name="List.Delete"><soap:body use="literal" /></wsdl:input><wsdl:output name="List.Delete"><soap:body use="literal" /></wsdl:output></wsdl:operation>
    <wsdl:operation name="Get"><soap:operation soapAction="urn:actions:user-get" style="document" /><wsdl:input name="User.Get"><soap:body use="literal" /></wsdl:input><wsdl:output name="User.Get"><soap:body use="literal" /></wsdl:output></wsdl:operation>
    <wsdl:operation name="Get"><soap:operation soapAction="urn:actions:item-get" style="document" /><wsdl:input name="Item.Get"><soap:body use="literal" /></wsdl:input><wsdl:output name="Item.Get"><soap:body use="literal" /></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Lists"><wsdl:port name="ListsSoap" binding="tns:ListsSoap"><soap:address location="http://localhost/Lists.asmx" /></wsdl:port></wsdl:service>
</wsdl:definitions>
`;

interface Draft {
  records?: Record<string, { xmlName?: string; namespace?: string; fields: Array<{ name: string; type: string }> }>;
  operations: Array<{ name: string; params?: Array<{ name: string }>; result: unknown; soapAction?: string }>;
}

describe('import: ASMX MessageNames', () => {
  const { yaml, problems } = importWsdl(ASMX, 'Lists.wsdl');
  const draft = parse(yaml) as Draft;

  it('names each operation by its request element, with the SOAPAction of its own binding operation', () => {
    expect(draft.operations.map((o) => [o.name, o.soapAction])).toEqual([
      ['List.Delete', undefined],
      ['User.Get', 'urn:actions:user-get'],
      ['Item.Get', 'urn:actions:item-get'],
    ]);
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('keeps dotted and hyphenated names as written, the result element the conventional one, and loads them', () => {
    expect(draft.operations[0]).toMatchObject({
      params: [{ name: 'list.id' }],
      result: { type: 'SalesOrder.Line', nullable: true },
    });
    expect(draft.records).toEqual({
      'SalesOrder.Line': { fields: [{ name: 'Sku-Code', type: 'string', nillable: false }] },
    });
    const model = parseSpec(yaml, 'Lists.yaml');
    const result = model.operations[0]!.result;
    expect(result.kind === 'value' ? [result.element, result.struct?.fields.map((f) => f.name)] : []).toEqual([
      'List.DeleteResult',
      ['Sku-Code'],
    ]);
    expect(model.operations[0]!.params.map((p) => p.name)).toEqual(['list.id']);
  });

  it('generates from the draft: wire names kept, TypeScript names made', () => {
    const model = parseSpec(yaml, 'Lists.yaml');
    expect(model.operations.map((o) => [o.name, o.tsName, o.methodName])).toEqual([
      ['List.Delete', 'List_Delete', 'list_Delete'],
      ['User.Get', 'User_Get', 'user_Get'],
      ['Item.Get', 'Item_Get', 'item_Get'],
    ]);
    expect(model.records.map((r) => [r.name, r.xmlName])).toEqual([['SalesOrder_Line', 'SalesOrder.Line']]);
  });
});

/** A WSDL declaring `Address` in namespaces a and b, then `Address2` in c, all reached by Send. */
const THREE = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" xmlns:a="urn:a" xmlns:b="urn:b" xmlns:c="urn:c" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <s:element name="Send"><s:complexType><s:sequence>
        <s:element minOccurs="0" maxOccurs="1" name="x" type="b:Address" />
        <s:element minOccurs="0" maxOccurs="1" name="y" type="c:Address2" />
        <s:element minOccurs="0" maxOccurs="1" name="z" type="a:Address" />
      </s:sequence></s:complexType></s:element>
      <s:element name="SendResponse"><s:complexType><s:sequence /></s:complexType></s:element>
    </s:schema>
    <s:schema elementFormDefault="qualified" targetNamespace="urn:a">
      <s:complexType name="Address"><s:sequence><s:element minOccurs="0" maxOccurs="1" name="a1" type="s:string" /></s:sequence></s:complexType>
    </s:schema>
    <s:schema elementFormDefault="qualified" targetNamespace="urn:b">
      <s:complexType name="Address"><s:sequence><s:element minOccurs="0" maxOccurs="1" name="b1" type="s:string" /></s:sequence></s:complexType>
    </s:schema>
    <s:schema elementFormDefault="qualified" targetNamespace="urn:c">
      <s:complexType name="Address2"><s:sequence><s:element minOccurs="0" maxOccurs="1" name="c2" type="s:string" /></s:sequence></s:complexType>
    </s:schema>
  </wsdl:types>
  <wsdl:message name="SendSoapIn"><wsdl:part name="parameters" element="tns:Send" /></wsdl:message>
  <wsdl:message name="SendSoapOut"><wsdl:part name="parameters" element="tns:SendResponse" /></wsdl:message>
  <wsdl:portType name="S"><wsdl:operation name="Send"><wsdl:input message="tns:SendSoapIn" /><wsdl:output message="tns:SendSoapOut" /></wsdl:operation></wsdl:portType>
  <wsdl:binding name="S" type="tns:S"><soap:binding transport="http://schemas.xmlsoap.org/soap/http" />
    <wsdl:operation name="Send"><soap:operation soapAction="${TNS}Send" style="document" /><wsdl:input><soap:body use="literal" /></wsdl:input><wsdl:output><soap:body use="literal" /></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="S"><wsdl:port name="S" binding="tns:S"><soap:address location="http://localhost/S.asmx" /></wsdl:port></wsdl:service>
</wsdl:definitions>
`;

describe('import: one local name in several namespaces', () => {
  it('keys types in declaration order, a numbered key never taking a name the WSDL declares', () => {
    const { yaml } = importWsdl(THREE, 'S.wsdl');
    const draft = parse(yaml) as Draft;
    const rows = Object.entries(draft.records ?? {}).map(([key, r]) => [
      key,
      r.xmlName,
      r.namespace,
      r.fields[0]!.name,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['Address', undefined, 'urn:a', 'a1'],
        ['Address2', undefined, 'urn:c', 'c2'],
        ['Address3', 'Address', 'urn:b', 'b1'],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(
      parseSpec(yaml, 'S.yaml').operations[0]!.params.map((p) => [
        p.name,
        p.type.kind === 'record' ? p.type.record.name : '',
      ]),
    ).toEqual([
      ['x', 'Address3'],
      ['y', 'Address2'],
      ['z', 'Address'],
    ]);
  });
});
