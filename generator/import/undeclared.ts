/**
 * A WSDL whose messages name elements no schema of it declares (a ServiceStack WSDL whose `wsdl:types` holds only the
 * Serialization schema), so that no operation can be drafted: the import fails with the elements named and placed,
 * rather than with a draft of no operation, which the spec format refuses ("operations: must not be empty").
 */
import { NS } from '../emit/wsdl/namespaces.js';
import { formatProblem, type Problems } from './problems.js';
import { qnameAttr, type WsdlDoc } from './read-wsdl.js';
import type { TypePlanner } from './schema.js';
import { kids } from './xml.js';

/** How many undeclared elements the error lists with their places; the rest are counted. */
export const UNDECLARED_SHOWN = 5;

/** The constructs of the problems saying a document the WSDL names was not read. */
const UNREAD_CONSTRUCTS = new Set(['s:import', 's:include', 'wsdl:import']);

/** The WSDL's messages name elements that are declared nowhere, and no operation is left to draft. */
export class UndeclaredElementsError extends Error {}

/**
 * Throws {@link UndeclaredElementsError} when the messages of `doc` name elements no schema declares; call it when no
 * operation could be drafted (then those elements are why, or part of why). Each element is counted once, at the
 * first part naming it, in the WSDL's order.
 */
export function failOnUndeclaredElements(doc: WsdlDoc, types: TypePlanner, problems: Problems): void {
  // Faults are never drafted (the client reports every fault as SvcSoapFault): an element only a fault names is not
  // why an operation could not be drafted. Messages are keyed by local name, as the port types name them.
  const carried = new Set<string>();
  for (const portType of doc.portTypes.values()) {
    for (const op of kids(portType, NS.wsdl, 'operation')) {
      for (const io of [...kids(op, NS.wsdl, 'input'), ...kids(op, NS.wsdl, 'output')]) {
        const message = qnameAttr(io, 'message');
        if (message) carried.add(message.local);
      }
    }
  }
  const undeclared = new Map<string, string>();
  for (const [name, message] of doc.messages) {
    if (!carried.has(name)) continue;
    for (const part of kids(message, NS.wsdl, 'part')) {
      const element = qnameAttr(part, 'element');
      if (!element || types.element(element)) continue;
      const key = `{${element.ns}}${element.local}`;
      if (!undeclared.has(key))
        undeclared.set(
          key,
          `${problems.fileOf(part, doc.file)}:${part.line}:${part.column}: ${part.attrs.get('element')} (${key})`,
        );
    }
  }
  if (undeclared.size === 0) return;
  const namespaces = [...new Set(doc.schemas.map((s) => s.targetNamespace || '(no namespace)'))];
  const held =
    namespaces.length === 0 ? 'the WSDL holds no schema' : `the schemas it holds are of ${namespaces.join(', ')}`;
  const shown = [...undeclared.values()].slice(0, UNDECLARED_SHOWN);
  const more = undeclared.size - shown.length;
  // A document the WSDL names but that was not read (a URL no file stands for) may be where they are declared.
  const unread = problems.list.filter((p) => UNREAD_CONSTRUCTS.has(p.construct));
  const why =
    unread.length === 0
      ? []
      : [
          `the WSDL names ${unread.length} document${unread.length === 1 ? '' : 's'} that could not be read, which may declare them:`,
          ...unread.slice(0, UNDECLARED_SHOWN).map((p) => `  ${formatProblem(p)}`),
          ...(unread.length > UNDECLARED_SHOWN ? [`  and ${unread.length - UNDECLARED_SHOWN} more`] : []),
        ];
  throw new UndeclaredElementsError(
    [
      `${doc.file}: no operation can be drafted: ${undeclared.size} element${undeclared.size === 1 ? '' : 's'} its messages name ${undeclared.size === 1 ? 'is' : 'are'} declared in no schema of the WSDL (${held}):`,
      ...shown.map((s) => `  ${s}`),
      ...(more > 0 ? [`  and ${more} more`] : []),
      ...why,
    ].join('\n'),
  );
}
