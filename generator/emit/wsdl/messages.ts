/**
 * `wsdl:message`s and `wsdl:portType`s, named as ASMX names them: `<Op>SoapIn`/`<Op>SoapOut` (one part,
 * `parameters`, the wrapper element), `<Op><Header>` for each SOAP header, `<Op>HttpPostIn` (one `s:string` part per
 * parameter: a form sends everything as text) and `<Op>HttpPostOut` (the root element as part `Body`). The SOAP
 * 1.1 and 1.2 bindings share the port type `<Service>Soap`.
 */
import type { OperationModel, ServiceModel } from '../../model/types.js';
import { NS, qname, wsdlName, type Prefixes } from './namespaces.js';
import { writeFaultMessages, writePortTypeFaults } from './faults.js';
import type { SchemaPlan } from './schema.js';
import { child, documentation, type XMLBuilder } from './xml.js';

export const SOAP_PORT_TYPE = (model: ServiceModel) => `${model.name}Soap`;
export const HTTP_POST_PORT_TYPE = (model: ServiceModel) => `${model.name}HttpPost`;

export function hasSoap(model: ServiceModel): boolean {
  return model.bindings.includes('soap11') || model.bindings.includes('soap12');
}

export const HTTP_GET_PORT_TYPE = (model: ServiceModel) => `${model.name}HttpGet`;

/** The operations of the HTTP POST port type and binding: all that have it, none when the service has no such binding. */
export function httpPostOperations(model: ServiceModel): OperationModel[] {
  return model.bindings.includes('httpPost') ? model.operations.filter((op) => op.httpPost) : [];
}

/** The operations of the HTTP GET port type and binding, likewise. */
export function httpGetOperations(model: ServiceModel): OperationModel[] {
  return model.bindings.includes('httpGet') ? model.operations.filter((op) => op.httpGet) : [];
}

/** The form bindings as ASMX writes them, HTTP GET before HTTP POST, with their operations. */
export function formBindings(
  model: ServiceModel,
): { suffix: 'HttpGet' | 'HttpPost'; verb: 'GET' | 'POST'; operations: OperationModel[] }[] {
  const bindings = [];
  if (model.bindings.includes('httpGet'))
    bindings.push({ suffix: 'HttpGet' as const, verb: 'GET' as const, operations: httpGetOperations(model) });
  if (model.bindings.includes('httpPost'))
    bindings.push({ suffix: 'HttpPost' as const, verb: 'POST' as const, operations: httpPostOperations(model) });
  return bindings;
}

/** The name of the message carrying `header` for `op`. */
export function headerMessage(op: OperationModel, element: string): string {
  return `${op.name}${element}`;
}

export function writeMessages(
  definitions: XMLBuilder,
  model: ServiceModel,
  plan: SchemaPlan,
  prefixes: Prefixes,
): void {
  if (hasSoap(model)) {
    for (const op of model.operations) {
      const elements = plan.operations.get(op)!;
      if (elements.bare !== undefined) {
        // Not wrapped: a part per element of the Body, none for an empty one.
        const input = message(definitions, `${op.name}SoapIn`);
        for (const p of elements.bare.input) part(input, p.name, ['element', prefixes.format(p.element)]);
        const output = message(definitions, `${op.name}SoapOut`);
        for (const p of elements.bare.output) part(output, p.name, ['element', prefixes.format(p.element)]);
      } else {
        part(message(definitions, `${op.name}SoapIn`), 'parameters', ['element', prefixes.format(elements.request)]);
        part(message(definitions, `${op.name}SoapOut`), 'parameters', ['element', prefixes.format(elements.response)]);
      }
      for (const h of op.headers) {
        part(message(definitions, headerMessage(op, h.element)), h.element, [
          'element',
          prefixes.format(plan.headers.get(h)!),
        ]);
      }
      // An answered header has the message of the same name as a sent one (ASMX writes one for both directions).
      for (const h of op.responseHeaders) {
        if (op.headers.some((x) => x.element === h.element)) continue;
        part(message(definitions, headerMessage(op, h.element)), h.element, [
          'element',
          prefixes.format(qname(model.namespace.uri, h.element)),
        ]);
      }
    }
    writeFaultMessages(definitions, model, prefixes);
  }
  for (const { suffix, operations } of formBindings(model)) {
    for (const op of operations) {
      const input = message(definitions, `${op.name}${suffix}In`);
      for (const p of op.params) part(input, p.name, ['type', prefixes.format(qname(NS.xsd, 'string'))]);
      const output = message(definitions, `${op.name}${suffix}Out`);
      const root = plan.operations.get(op)!.httpPostRoot;
      // A void operation answers with an empty body: no part. XML content may have any root: a part naming none.
      if (root === 'any') part(output, 'Body');
      else if (root !== undefined && root !== 'empty') part(output, 'Body', ['element', prefixes.format(root)]);
    }
  }
}

export function writePortTypes(definitions: XMLBuilder, model: ServiceModel): void {
  if (hasSoap(model)) portType(definitions, model, SOAP_PORT_TYPE(model), model.operations, 'Soap');
  for (const { suffix, operations } of formBindings(model))
    portType(definitions, model, `${model.name}${suffix}`, operations, suffix);
}

function portType(
  definitions: XMLBuilder,
  model: ServiceModel,
  name: string,
  operations: readonly OperationModel[],
  suffix: string,
): void {
  const type = child(definitions, 'wsdl:portType', [['name', name]]);
  for (const op of operations) {
    const operation = child(type, 'wsdl:operation', [['name', op.name]]);
    documentation(operation, op.doc);
    child(operation, 'wsdl:input', [['message', wsdlName(model, `${op.name}${suffix}In`)]]);
    child(operation, 'wsdl:output', [['message', wsdlName(model, `${op.name}${suffix}Out`)]]);
    if (suffix === 'Soap') writePortTypeFaults(operation, model, op);
  }
}

function message(definitions: XMLBuilder, name: string): XMLBuilder {
  return child(definitions, 'wsdl:message', [['name', name]]);
}

function part(msg: XMLBuilder, name: string, ref?: readonly [string, string]): void {
  child(msg, 'wsdl:part', ref ? [['name', name], ref] : [['name', name]]);
}
