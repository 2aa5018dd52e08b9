/**
 * The root element of an operation's HTTP POST answer, where it has a name, and its result element: the docs' example
 * answers and the mock's operation table read them alike.
 */
import type { OperationModel } from './types.js';

/** The root's name: as shown, by ASMX's convention or assumed; XML content under its result element; else none. */
export function httpPostRootName(op: OperationModel): string | undefined {
  const post = op.httpPostRoot;
  switch (post.kind) {
    case 'shown':
    case 'convention':
      return post.name;
    case 'notShown':
      return post.assumed;
    case 'any':
      // XML content is the HTTP POST answer itself; a null one is nil under the result element's name.
      return resultElementName(op);
    default:
      return undefined;
  }
}

/** The result's element in a SOAP answer: as the spec names it, else ASMX's `<Op>Result`. */
export function resultElementName(op: OperationModel): string {
  return op.result.kind === 'value' ? op.result.element : `${op.name}Result`;
}
