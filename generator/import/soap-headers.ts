/**
 * SOAP headers: those a binding's operation sends and answers (soap:header), each element drafted once as a header of
 * the spec, with a client option when an operation sends it.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import type { DraftHeader } from './draft.js';
import type { OperationAt } from './messages.js';
import type { Problems } from './problems.js';
import { qnameAttr } from './read-wsdl.js';
import type { TypePlanner } from './schema.js';
import { kids, type QName, type XmlElement } from './xml.js';

/**
 * The headers the binding's operation `bOp` sends (`opHeaders`) and answers (`answered`), by element name, each
 * drafted into `headers` once. Reports a SOAP-encoded body (drafted as literal) and a header naming no element part.
 */
export function bindingHeaders(
  at: OperationAt,
  bOp: XmlElement,
  headers: Map<string, DraftHeader>,
): { readonly opHeaders: string[]; readonly answered: string[] } {
  const { doc, types, problems, name } = at;
  const file = doc.file;
  const opHeaders: string[] = [];
  const answered: string[] = [];
  for (const io of ['input', 'output'] as const) {
    const ioNode = kids(bOp, NS.wsdl, io)[0];
    if (!ioNode) continue;
    for (const c of ioNode.children) {
      if (c.name === 'body' && c.attrs.get('use') === 'encoded')
        problems.add(file, c, 'use="encoded"', `${name} uses SOAP encoding; drafted as literal`);
      if (c.name !== 'header' || (c.ns !== NS.soap && c.ns !== NS.soap12)) continue;
      const msg = qnameAttr(c, 'message');
      const message = msg ? doc.messages.get(msg.local) : undefined;
      const part = message
        ? kids(message, NS.wsdl, 'part').find((p) => p.attrs.get('name') === c.attrs.get('part'))
        : undefined;
      const element = part ? qnameAttr(part, 'element') : undefined;
      if (!element) {
        problems.add(file, c, 'soap:header', `a header of ${name} does not name an element part; left out`);
        continue;
      }
      const header = draftHeader(types, problems, file, c, element, headers, io === 'input');
      const into = io === 'input' ? opHeaders : answered;
      if (header && !into.includes(header)) into.push(header);
    }
  }
  return { opHeaders, answered };
}

/**
 * A header's element and its record, once per element; returns the element name. A header some operation sends
 * (`sent`) gets a client option; one that answers only carry gets none.
 */
function draftHeader(
  types: TypePlanner,
  problems: Problems,
  file: string,
  at: XmlElement,
  element: QName,
  headers: Map<string, DraftHeader>,
  sent: boolean,
): string | undefined {
  const known = headers.get(element.local);
  if (known) {
    if (sent && known.option === undefined) Object.assign(known, sentHeader(element.local));
    return element.local;
  }
  const declared = types.element(element);
  const type = declared ? qnameAttr(declared.node, 'type') : undefined;
  const planned = type && declared ? types.named(type, declared.file, declared.node) : undefined;
  // A header element of an inline type (EWS's RequestServerVersion) holds a record named after it.
  const record =
    typeof planned?.ref === 'string'
      ? planned.ref
      : !type && declared
        ? types.inlineRecord(element, declared)
        : undefined;
  if (record === undefined || !types.isRecord(record)) {
    problems.add(file, at, 'soap:header', `the header ${element.local} does not hold a record; left out`);
    return undefined;
  }
  headers.set(element.local, { element: element.local, type: record, ...(sent ? sentHeader(element.local) : {}) });
  return element.local;
}

/** What a header the client sends adds: its client option, which a person may rename. */
function sentHeader(element: string): Pick<DraftHeader, 'option' | 'todo'> {
  return {
    option: lowerFirst(element),
    todo: `choose the client option that supplies the SOAP header ${element} (drafted: ${lowerFirst(element)}), and add required: false if calls may go without it`,
  };
}

/** A client option name: `AuthHeader` -> `authHeader`, `APIAccessHeader` -> `apiAccessHeader`. */
function lowerFirst(name: string): string {
  const run = /^[A-Z]+/.exec(name)?.[0] ?? '';
  const lower = run.length > 1 && run.length < name.length ? run.length - 1 : run.length;
  return name.slice(0, lower).toLowerCase() + name.slice(lower);
}
