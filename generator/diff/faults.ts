/**
 * Typed SOAP faults in a diff: an operation's declared faults added or removed, and a fault's declaration changed
 * (its detail element, namespace or record). The records themselves are compared with the other records, as types
 * answers carry (compare.ts's usages marks them output).
 */
import type { FaultModel, OperationModel, ServiceModel } from '../model/types.js';
import type { ChangeKind } from './rules.js';

type Add = (kind: ChangeKind, path: string, detail: string) => void;

/** The faults an operation declares, by name: added and removed. */
export function compareOperationFaults(at: string, a: OperationModel, b: OperationModel, add: Add): void {
  for (const f of b.faults) {
    if (!a.faults.some((x) => x.name === f.name)) add('fault-added', `${at}.faults.${f.name}`, describe(f));
  }
  for (const f of a.faults) {
    if (!b.faults.some((x) => x.name === f.name)) add('fault-removed', `${at}.faults.${f.name}`, describe(f));
  }
}

/** The spec's faults kept by name whose detail element, namespace or record changed. */
export function compareFaultDeclarations(a: ServiceModel, b: ServiceModel, add: Add): void {
  for (const f of b.faults) {
    const old = a.faults.find((x) => x.name === f.name);
    if (old !== undefined && describe(old) !== describe(f))
      add('fault-changed', `faults.${f.name}`, `${describe(old)} -> ${describe(f)}`);
  }
}

/** `<element>` in its namespace holding the record: what a fault's declaration says on the wire. */
function describe(f: FaultModel): string {
  return `{${f.namespace}}${f.element} of ${f.record.name}`;
}
