/**
 * Typed SOAP faults in the WSDL: one `wsdl:message` per fault of the spec (named as the fault, one part `detail`, the
 * detail element), shared by every operation that declares it, as WCF shares a `[FaultContract]`'s; `wsdl:fault` in
 * the SOAP port type's operations; `soap:fault` / `soap12:fault` (literal) in the SOAP bindings. HTTP POST and GET
 * have no faults (an error there is an HTTP 500 with text). The detail element and its record are declared in the
 * schema by the schema planner.
 */
import type { FaultModel, OperationModel, ServiceModel } from '../../model/types.js';
import { qname, wsdlName, type Prefixes } from './namespaces.js';
import { child, type XMLBuilder } from './xml.js';

/** The name of a fault's message: the fault's own, so that an import gives the same name back. */
export function faultMessage(fault: FaultModel): string {
  return fault.name;
}

/** The faults' messages, in the spec's order. */
export function writeFaultMessages(definitions: XMLBuilder, model: ServiceModel, prefixes: Prefixes): void {
  for (const fault of model.faults) {
    const message = child(definitions, 'wsdl:message', [['name', faultMessage(fault)]]);
    child(message, 'wsdl:part', [
      ['name', 'detail'],
      ['element', prefixes.format(qname(fault.namespace, fault.element))],
    ]);
  }
}

/** An operation's `wsdl:fault`s in a port type, after its input and output. */
export function writePortTypeFaults(operation: XMLBuilder, model: ServiceModel, op: OperationModel): void {
  for (const fault of op.faults) {
    child(operation, 'wsdl:fault', [
      ['name', fault.name],
      ['message', wsdlName(model, faultMessage(fault))],
    ]);
  }
}

/** An operation's faults in a SOAP binding (`prefix` `soap` or `soap12`), after its input and output. */
export function writeBindingFaults(operation: XMLBuilder, prefix: string, op: OperationModel): void {
  for (const fault of op.faults) {
    child(child(operation, 'wsdl:fault', [['name', fault.name]]), `${prefix}:fault`, [
      ['name', fault.name],
      ['use', 'literal'],
    ]);
  }
}
