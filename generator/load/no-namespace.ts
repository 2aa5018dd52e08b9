/**
 * The check a service in no namespace (`namespace.uri: ''`, a WCF contract with `Namespace = ""`) needs: the default
 * SOAPAction is the service namespace + name, which for no namespace would be `/Name`, an action no such service has,
 * so every operation of a SOAP binding must give its own.
 */
import type { BindingName, OperationModel } from '../model/types.js';
import type { SpecPath } from './locate.js';

type Report = (path: SpecPath, message: string, key?: boolean) => void;

/**
 * Reports each operation of a SOAP service in no namespace that gives no soapAction.
 * @param operations - the resolved operations with their index under `operations`
 * @param serviceNamespace - the service namespace; nothing is checked unless it is ''
 * @param bindings - the service's bindings
 */
export function checkNoNamespaceActions(
  operations: ReadonlyArray<{ readonly op: OperationModel; readonly index: number }>,
  serviceNamespace: string,
  bindings: readonly BindingName[],
  report: Report,
): void {
  if (serviceNamespace !== '' || !(bindings.includes('soap11') || bindings.includes('soap12'))) return;
  for (const { op, index } of operations) {
    if (op.soapAction !== undefined) continue;
    report(
      ['operations', index, 'name'],
      `the service is in no namespace (service.namespace.uri: ''), so ${op.name} has no default SOAPAction (namespace + name): give its soapAction ('' for an empty one)`,
    );
  }
}
