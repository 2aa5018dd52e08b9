/** The WSDL emitter: wsdl/<Service>.wsdl, the WSDL 1.1 document an ASMX service publishes for the spec. */
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { wsdlDocument } from './document.js';

export { DEFAULT_ORIGIN, soapActionOf } from './bindings.js';
export { wsdlDocument } from './document.js';

/** Where the document is written, relative to the output directory. */
export function WSDL_FILE(model: ServiceModel): string {
  return `wsdl/${model.name}.wsdl`;
}

export function emitWsdl(model: ServiceModel, printer: Printer): GeneratedFile[] {
  return [printer.markup(WSDL_FILE(model), wsdlDocument(model))];
}
