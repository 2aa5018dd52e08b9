/**
 * An operation's messages: the parts of its input or output message the SOAP Body carries, each with the element it
 * names. draftOperation (operations.ts) reads them; draftWrapped (wrapped.ts) and draftBare (bare.ts) draft
 * parameters, result and outputs from them.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import type { Binding } from './bindings.js';
import type { DraftField, DraftParam, DraftResult } from './draft.js';
import type { Problems } from './problems.js';
import { qnameAttr, type WsdlDoc } from './read-wsdl.js';
import type { PlannedType, TypePlanner } from './schema.js';
import { kids, type QName, type XmlElement } from './xml.js';

/** A port type operation being drafted, with what each step of its drafting looks up. */
export interface OperationAt {
  readonly doc: WsdlDoc;
  readonly types: TypePlanner;
  readonly problems: Problems;
  /** The port type's wsdl:operation. */
  readonly op: XmlElement;
  /** Its name in the port type. */
  readonly name: string;
  /** The SOAP binding's operation of that name, if it has one. */
  readonly bOp: XmlElement | undefined;
  /** The SOAP binding (1.1, else 1.2). */
  readonly main: Binding;
}

/** A part of a message the SOAP Body carries, with the element it names and where that is declared. */
export interface BodyPart {
  readonly part: XmlElement;
  readonly element: QName;
  readonly node: XmlElement;
  readonly file: string;
}

/** What the messages of an operation give the draft. */
export interface DraftedMessages {
  readonly params: DraftParam[];
  readonly result: DraftResult;
  readonly resultType: PlannedType | undefined;
  readonly outputs: DraftField[];
  readonly namespace: string | undefined;
}

/**
 * The Body parts of the operation's input or output message. Reports and returns undefined when the operation is
 * left out: no message, a part naming a type (RPC style; its name is added to `rpcLeftOut` for the binding's
 * report), or an element no schema declares.
 */
export function bodyParts(at: OperationAt, io: 'input' | 'output', rpcLeftOut: Set<string>): BodyPart[] | undefined {
  const { doc, types, problems, op, name, bOp, main } = at;
  const file = doc.file;
  const ioNode = kids(op, NS.wsdl, io)[0];
  const msg = ioNode ? qnameAttr(ioNode, 'message') : undefined;
  const message = msg ? doc.messages.get(msg.local) : undefined;
  if (!ioNode || !message) {
    problems.add(file, ioNode ?? op, `wsdl:${io}`, `${name} has no ${io} message; the operation is left out`);
    return undefined;
  }
  // The binding's soap:body may name the parts of the Body (the others being headers).
  const body = bOp
    ? kids(bOp, NS.wsdl, io)[0]?.children.find((c) => c.name === 'body' && (c.ns === NS.soap || c.ns === NS.soap12))
    : undefined;
  const only = body?.attrs
    .get('parts')
    ?.split(/\s+/)
    .filter((n) => n !== '');
  const parts = kids(message, NS.wsdl, 'part').filter(
    (p) => only === undefined || only.includes(p.attrs.get('name') ?? ''),
  );
  const out: BodyPart[] = [];
  for (const part of parts) {
    const element = qnameAttr(part, 'element');
    if (!element) {
      const type = part.attrs.get('type');
      const what = `the part ${part.attrs.get('name') ?? ''} of ${name}'s ${io} names a type${type !== undefined ? ` (${type})` : ''}, not an element`;
      const soapOp = bOp?.children.find((c) => c.name === 'operation' && (c.ns === NS.soap || c.ns === NS.soap12));
      const rpc =
        (soapOp?.attrs.get('style') ?? main.node.children.find((c) => c.name === 'binding')?.attrs.get('style')) ===
        'rpc';
      const style = body?.attrs.get('use') === 'encoded' ? 'RPC/encoded' : 'RPC';
      const why = rpc ? `: ${name} is ${style} style` : ` (as RPC style does, though ${name} is document style)`;
      problems.add(
        file,
        part,
        'wsdl:part',
        `${what}${why}, which the format does not support (it has document/literal operations only); the operation is left out`,
      );
      rpcLeftOut.add(name);
      return undefined;
    }
    const declared = types.element(element);
    if (!declared) {
      problems.add(
        file,
        part,
        'wsdl:part',
        `the element ${element.local} of ${name}'s ${io} is not declared; the operation is left out`,
      );
      return undefined;
    }
    out.push({ part, element, node: declared.node, file: declared.file });
  }
  return out;
}
