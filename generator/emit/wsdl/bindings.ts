/**
 * `wsdl:binding`s and the `wsdl:service`, as ASMX writes them: `<Service>Soap` (SOAP 1.1) and `<Service>Soap12`
 * (SOAP 1.2, which ASMX also gives a soapAction), document style with literal bodies and the operation's SOAP
 * headers on its input; `<Service>HttpGet` (the form in the query string) and `<Service>HttpPost` (the form in the
 * body), each answering an XML document. Only the bindings the spec lists.
 */
import type { OperationModel, ServiceModel } from '../../model/types.js';
import { writeBindingFaults } from './faults.js';
import { SOAP_PORT_TYPE, formBindings, headerMessage } from './messages.js';
import { NS, wsdlName } from './namespaces.js';
import { child, documentation, type XMLBuilder } from './xml.js';

/** The origin the document's addresses carry unless another is given (the service's own host is not in the spec). */
export const DEFAULT_ORIGIN = 'http://localhost';

const SOAP_BINDINGS = [
  { binding: 'soap11', suffix: 'Soap', prefix: 'soap' },
  { binding: 'soap12', suffix: 'Soap12', prefix: 'soap12' },
] as const;

/**
 * The SOAPAction of an operation: the spec's, else ASMX's default, the service namespace (not an operation's own) +
 * `/` when it does not end with one + the name; the client and the mock use the same rule.
 */
export function soapActionOf(model: ServiceModel, op: OperationModel): string {
  if (op.soapAction !== undefined) return op.soapAction;
  const ns = model.namespace.uri;
  return `${ns}${ns.endsWith('/') ? '' : '/'}${op.name}`;
}

export function writeBindings(definitions: XMLBuilder, model: ServiceModel): void {
  for (const { binding, suffix, prefix } of SOAP_BINDINGS) {
    if (!model.bindings.includes(binding)) continue;
    const b = child(definitions, 'wsdl:binding', [
      ['name', `${model.name}${suffix}`],
      ['type', wsdlName(model, SOAP_PORT_TYPE(model))],
    ]);
    child(b, `${prefix}:binding`, [['transport', NS.soapHttp]]);
    for (const op of model.operations) {
      const operation = child(b, 'wsdl:operation', [['name', op.name]]);
      child(operation, `${prefix}:operation`, [
        ['soapAction', soapActionOf(model, op)],
        ['style', 'document'],
      ]);
      const input = child(operation, 'wsdl:input');
      child(input, `${prefix}:body`, [['use', 'literal']]);
      for (const h of op.headers) {
        child(input, `${prefix}:header`, [
          ['message', wsdlName(model, headerMessage(op, h.element))],
          ['part', h.element],
          ['use', 'literal'],
        ]);
      }
      const output = child(operation, 'wsdl:output');
      child(output, `${prefix}:body`, [['use', 'literal']]);
      for (const h of op.responseHeaders) {
        child(output, `${prefix}:header`, [
          ['message', wsdlName(model, headerMessage(op, h.element))],
          ['part', h.element],
          ['use', 'literal'],
        ]);
      }
      writeBindingFaults(operation, prefix, op);
    }
  }
  for (const { suffix, verb, operations } of formBindings(model)) {
    const b = child(definitions, 'wsdl:binding', [
      ['name', `${model.name}${suffix}`],
      ['type', wsdlName(model, `${model.name}${suffix}`)],
    ]);
    child(b, 'http:binding', [['verb', verb]]);
    for (const op of operations) {
      const operation = child(b, 'wsdl:operation', [['name', op.name]]);
      child(operation, 'http:operation', [['location', `/${op.name}`]]);
      if (verb === 'GET') child(child(operation, 'wsdl:input'), 'http:urlEncoded');
      else child(child(operation, 'wsdl:input'), 'mime:content', [['type', 'application/x-www-form-urlencoded']]);
      const output = child(operation, 'wsdl:output');
      // A void operation's response has no body, so no XML part to describe. XML content is the body itself, of any
      // root: ASMX describes it as text/xml content, not as an element of its schema.
      if (op.httpPostRoot.kind === 'any') {
        child(output, 'mime:content', [
          ['part', 'Body'],
          ['type', 'text/xml'],
        ]);
      } else if (op.httpPostRoot.kind !== 'empty') child(output, 'mime:mimeXml', [['part', 'Body']]);
    }
  }
}

/** `wsdl:service` with one port per binding, all at `origin` + the service path. */
export function writeService(definitions: XMLBuilder, model: ServiceModel, origin: string): void {
  const location = `${origin.replace(/\/+$/, '')}${model.path}`;
  const service = child(definitions, 'wsdl:service', [['name', model.name]]);
  documentation(service, model.doc);
  const ports = [
    { binding: 'soap11', suffix: 'Soap', address: 'soap:address' },
    { binding: 'soap12', suffix: 'Soap12', address: 'soap12:address' },
    { binding: 'httpGet', suffix: 'HttpGet', address: 'http:address' },
    { binding: 'httpPost', suffix: 'HttpPost', address: 'http:address' },
  ] as const;
  for (const { binding, suffix, address } of ports) {
    if (!model.bindings.includes(binding)) continue;
    const port = child(service, 'wsdl:port', [
      ['name', `${model.name}${suffix}`],
      ['binding', wsdlName(model, `${model.name}${suffix}`)],
    ]);
    child(port, address, [['location', location]]);
  }
}
