/**
 * The corpus test's node-soap shapes (support/node-soap-shapes.ts) for text content with attributes
 * (`s:simpleContent`): node-soap reads such an element as its text alone, or as `{ attributes, $value }`, and writes
 * `$value` as the element's text. The shapes had the text field as a child element `Value`, so acton-service's
 * `binaryData` (MTOM's xmime:base64Binary) was reported as a mismatch (found by a trial over WSDLs not in the corpus,
 * issue 25). Checked here against node-soap's own parser and writer, on a WSDL of both kinds.
 */
import { WSDL } from 'soap';
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { nodeSoapReturns, receivedArgs } from './support/node-soap-shapes.js';

const TNS = 'http://example.org/payments/';
const TEXT = `<?xml version="1.0" encoding="utf-8"?>
<wsdl:definitions xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="${TNS}" targetNamespace="${TNS}" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">
  <wsdl:types>
    <s:schema elementFormDefault="qualified" targetNamespace="${TNS}">
      <s:element name="Pay"><s:complexType><s:sequence><s:element name="amount" type="tns:Money"/><s:element name="note" type="tns:Note"/></s:sequence></s:complexType></s:element>
      <s:element name="PayResponse"><s:complexType><s:sequence><s:element name="PayResult" type="tns:Money"/><s:element name="memo" type="tns:Note"/></s:sequence></s:complexType></s:element>
      <s:complexType name="Money"><s:simpleContent><s:extension base="s:string"><s:attribute name="currency" type="s:string"/></s:extension></s:simpleContent></s:complexType>
      <s:complexType name="Note"><s:simpleContent><s:extension base="s:string"><s:attribute name="lang" type="s:string"/></s:extension></s:simpleContent></s:complexType>
    </s:schema>
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

async function nodeSoapWsdl(): Promise<WSDL> {
  const wsdl = new WSDL(TEXT, 'Payments.wsdl', {});
  // node-soap's server sets `attributesKey` so (server.js); a WSDL made alone leaves it unset.
  wsdl.options.attributesKey = 'attributes';
  await new Promise<void>((resolve, reject) => wsdl.onReady((error) => (error ? reject(error) : resolve())));
  return wsdl;
}

const model = parseSpec(importWsdl(TEXT, 'Payments.wsdl').yaml, 'Payments.yaml', { strict: true });
const pay = model.operations.find((o) => o.name === 'Pay')!;

/** The client's values: one element with its attribute, one with the attribute left out. */
const ARGS = { amount: { Value: '12.50', currency: 'EUR' }, note: { Value: 'by card' } };

describe("node-soap's shape of text content with attributes", () => {
  it('is what node-soap parses a request into, and what it writes from an answer', async () => {
    const wsdl = await nodeSoapWsdl();
    const request =
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Pay xmlns="${TNS}">` +
      '<amount currency="EUR">12.50</amount><note>by card</note></Pay></soap:Body></soap:Envelope>';
    const parsed = wsdl.xmlToObject(request) as { Body: { Pay: unknown } };
    expect(receivedArgs(pay, ARGS)).toEqual(parsed.Body.Pay);

    const answer = nodeSoapReturns(pay, { PayResult: { Value: '3.10', currency: 'USD' }, memo: { Value: 'ok' } });
    const written = String(wsdl.objectToDocumentXML('PayResponse', answer, 'tns', TNS));
    expect(written).toBe(
      `<PayResponse xmlns="${TNS}"><PayResult currency="USD">3.10</PayResult><memo>ok</memo></PayResponse>`,
    );
  });
});
