/**
 * Typed SOAP faults from a WSDL: each `wsdl:fault` of a port type's operation names a message whose one part names
 * the detail element; its record is drafted, and the fault declared once under the spec's `faults`, named after the
 * element. WCF writes a message per operation (`IService_Op_ServiceFault_FaultMessage`) around one shared element,
 * Crowd and VirtualBox one message shared by every operation: either way, one element is one declaration, listed by
 * every operation that may answer it.
 */
import type { DraftFault } from './draft.js';
import type { Problems } from './problems.js';
import { NS } from '../emit/wsdl/namespaces.js';
import { qnameAttr, type WsdlDoc } from './read-wsdl.js';
import type { TypePlanner } from './schema.js';
import { kids, type QName, type XmlElement } from './xml.js';

/** Drafts the faults of a service's operations, one declaration per detail element. */
export class FaultDrafter {
  /** The faults drafted, by name, in order of first use. */
  readonly faults = new Map<string, DraftFault>();
  /** Each detail element's fault name (`{ns}local`), or null where it could not be drafted. */
  private readonly byElement = new Map<string, string | null>();

  constructor(
    private readonly doc: WsdlDoc,
    private readonly types: TypePlanner,
    private readonly problems: Problems,
  ) {}

  /**
   * The names of the faults a port type's operation declares, in its order, each drafted at first use; a fault that
   * cannot be (a message or element not declared, a part naming a type, a detail that is no record) is reported and
   * left out, the fault still an SvcSoapFault with its detail as text.
   * @param op - the port type's `wsdl:operation`
   * @param name - the operation's name, for messages
   */
  declare(op: XmlElement, name: string): string[] {
    const names: string[] = [];
    for (const fault of kids(op, NS.wsdl, 'fault')) {
      const drafted = this.fault(fault, name);
      if (drafted !== undefined && !names.includes(drafted)) names.push(drafted);
    }
    return names;
  }

  private fault(fault: XmlElement, op: string): string | undefined {
    const file = this.doc.file;
    const label = `the fault ${fault.attrs.get('name') ?? ''} of ${op}`;
    const leftOut = (why: string): undefined => {
      this.problems.add(
        file,
        fault,
        'wsdl:fault',
        `${label} is left out: ${why}; it is an SvcSoapFault, its detail as text`,
      );
      return undefined;
    };
    const ref = qnameAttr(fault, 'message');
    const message = ref ? this.doc.messages.get(ref.local) : undefined;
    if (!message) return leftOut(`its message ${fault.attrs.get('message') ?? ''} is not declared`);
    const parts = kids(message, NS.wsdl, 'part');
    const element = parts.length === 1 ? qnameAttr(parts[0]!, 'element') : undefined;
    if (!element) return leftOut(`its message ${ref!.local} does not have one part naming an element`);
    const k = `{${element.ns}}${element.local}`;
    // Telkom's fault names the operation's own output message: that element is the answer's, not a detail's.
    if (this.bodyElements().has(k))
      return leftOut(`its detail element ${element.local} is the body of an operation's input or output message`);
    const known = this.byElement.get(k);
    if (known !== undefined) return known ?? leftOut(`its detail element ${element.local} holds no record`);
    const record = this.record(element);
    if (record === undefined) {
      this.byElement.set(k, null);
      return leftOut(`its detail element ${element.local} holds no record`);
    }
    const name = this.freeName(element.local);
    this.byElement.set(k, name);
    this.faults.set(name, {
      type: record,
      ...(name !== element.local ? { element: element.local } : {}),
      ...(element.ns !== this.doc.targetNamespace ? { namespace: element.ns } : {}),
    });
    return name;
  }

  /** The elements the port types' input and output messages name (`{ns}local`), computed once. */
  private bodies: Set<string> | undefined;

  private bodyElements(): Set<string> {
    if (this.bodies !== undefined) return this.bodies;
    this.bodies = new Set();
    for (const portType of this.doc.portTypes.values()) {
      for (const op of kids(portType, NS.wsdl, 'operation')) {
        for (const io of [...kids(op, NS.wsdl, 'input'), ...kids(op, NS.wsdl, 'output')]) {
          const ref = qnameAttr(io, 'message');
          const message = ref ? this.doc.messages.get(ref.local) : undefined;
          for (const part of message ? kids(message, NS.wsdl, 'part') : []) {
            const element = qnameAttr(part, 'element');
            if (element) this.bodies.add(`{${element.ns}}${element.local}`);
          }
        }
      }
    }
    return this.bodies;
  }

  /** The record a detail element holds: its named type's, or one drafted from its inline type. */
  private record(element: QName): string | undefined {
    const declared = this.types.element(element);
    if (!declared) return undefined;
    const type = qnameAttr(declared.node, 'type');
    const planned = type ? this.types.named(type, declared.file, declared.node) : undefined;
    const record =
      typeof planned?.ref === 'string' ? planned.ref : !type ? this.types.inlineRecord(element, declared) : undefined;
    return record !== undefined && this.types.isRecord(record) ? record : undefined;
  }

  /** The element's name, numbered from 2 past a fault of another element's that has it. */
  private freeName(local: string): string {
    let name = local;
    for (let n = 2; this.faults.has(name); n++) name = `${local}${n}`;
    return name;
  }
}
