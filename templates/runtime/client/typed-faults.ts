/**
 * Typed fault details: a SOAP fault whose detail holds the element of a fault the operation declares (the spec's
 * `faults`, a WSDL's `wsdl:fault`) gets it decoded as {@link SvcSoapFault.fault}. The fault stays what the service
 * said it was (code, reason, detail as text) whatever its detail holds: an undeclared element leaves `fault`
 * undefined, and so does a declared one that does not decode, with that SvcDecodeError as the fault's `cause`, since
 * the caller still has a fault to act on and its code and reason are the service's answer.
 */
import { SvcDecodeError, SvcSoapFault } from '../errors.js';
import { detailDocumentOf } from '../codec/soap.js';
import { XmlReader } from '../codec/xml-reader.js';

/** A fault an operation declares: its name, its detail element and the decoder of the record that element holds. */
export interface FaultBinding {
  readonly name: string;
  readonly element: string;
  readonly namespace: string;
  /** The record's decoder, on the detail element. */
  readonly decode: (r: XmlReader) => unknown;
}

/**
 * Sets `fault.fault` from its detail when the detail's first element the operation declares is there (SOAP 1.1
 * `<detail>`, SOAP 1.2 `<soap:Detail>`). Never throws: what does not decode is the fault's `cause`.
 * @param fault - the fault the call ended with
 * @param faults - the faults the operation declares
 * @param memberNamespace - the namespace fields are read in (the service's), as for results
 */
export function readTypedFault(fault: SvcSoapFault, faults: readonly FaultBinding[], memberNamespace: string): void {
  const document = detailDocumentOf(fault);
  if (document === undefined) return;
  const reader = new XmlReader(document);
  reader.memberNamespace = memberNamespace;
  try {
    reader.readRoot();
    while (reader.nextChild()) {
      const local = reader.localName;
      const ns = reader.namespaceUri;
      const declared = faults.find((f) => f.element === local && f.namespace === ns);
      if (declared === undefined) {
        reader.skip();
        continue;
      }
      Object.defineProperty(fault, 'fault', { value: { name: declared.name, value: declared.decode(reader) } });
      return;
    }
  } catch (error) {
    const cause =
      error instanceof SvcDecodeError
        ? error
        : new SvcDecodeError(
            `the fault detail could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
          );
    if ((fault as { cause?: unknown }).cause === undefined)
      Object.defineProperty(fault, 'cause', { value: cause, enumerable: false, writable: true, configurable: true });
  }
}
