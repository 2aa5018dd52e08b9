/**
 * Typed SOAP faults: the spec's top-level `faults` (each the record a fault detail's element holds) and the lists of
 * them operations declare. A fault is declared once and shared, as a WSDL's fault message is shared by the operations
 * naming it (Crowd's InvalidAuthenticationException, on nearly every operation).
 */
import type { FaultModel, StructModel } from '../model/types.js';
import type { SpecPath } from './locate.js';
import type { ResolvableSpec, SetAside } from './salvage.js';
import { list, suggest } from './suggest.js';

type Report = (path: SpecPath, message: string) => void;

/**
 * The spec's faults, by name, in the spec's order. A fault holds a record (not a result type); two faults on one
 * element in one namespace are refused, since a detail holding that element could then be either.
 * @param raw - the spec
 * @param records - the records and results by name
 * @param serviceNamespace - the default namespace of a fault's element
 * @param aside - what failed the schema (a record set aside is not reported again)
 * @param report - where problems go
 */
export function resolveFaults(
  raw: ResolvableSpec,
  records: ReadonlyMap<string, { readonly model: StructModel }>,
  serviceNamespace: string,
  aside: SetAside,
  report: Report,
): Map<string, FaultModel> {
  const faults = new Map<string, FaultModel>();
  const elements = new Map<string, string>();
  const bodies = wrapperElements(raw, serviceNamespace);
  for (const [name, f] of Object.entries(raw.faults)) {
    const path: SpecPath = ['faults', name];
    const element = f.element ?? name;
    const namespace = f.namespace ?? serviceNamespace;
    const key = `{${namespace}}${element}`;
    const body = bodies.get(key);
    if (body !== undefined) {
      report(
        [...path, f.element !== undefined ? 'element' : 'type'],
        `fault "${name}" has the detail element <${element}>, which is ${body}: a detail element is one of its own`,
      );
      continue;
    }
    const first = elements.get(key);
    if (first !== undefined) {
      report(
        [...path, f.element !== undefined ? 'element' : 'type'],
        `fault "${name}" has the detail element <${element}> of fault "${first}" in the same namespace: a detail holding it could be either`,
      );
      continue;
    }
    elements.set(key, name);
    const record = records.get(f.type)?.model;
    if (record?.kind === 'record') {
      faults.set(name, { kind: 'fault', name, element, namespace, record, doc: f.doc });
      continue;
    }
    if (!record && aside.has('records', f.type)) continue;
    const known = [...records.values()].filter((r) => r.model.kind === 'record').map((r) => r.model.name);
    report(
      [...path, 'type'],
      record
        ? `"${f.type}" is a result type; a fault's detail holds a record defined under records`
        : `unknown record "${f.type}"; a fault's detail holds a record defined under records${suggest(f.type, known)}`,
    );
  }
  return faults;
}

/**
 * The request and response elements of the wrapped operations (`{ns}local`), each with what it is: a fault's detail
 * element of the same name and namespace would be a second top-level element of one name in the WSDL's schema.
 */
function wrapperElements(raw: ResolvableSpec, serviceNamespace: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const op of raw.operations) {
    if (!op || (op.parameterStyle ?? raw.service.parameterStyle) === 'bare') continue;
    const ns = op.namespace ?? serviceNamespace;
    found.set(`{${ns}}${op.name}`, `the request element of the operation ${op.name}`);
    found.set(`{${ns}}${op.name}Response`, `the response element of the operation ${op.name}`);
  }
  return found;
}

/**
 * The faults an operation lists, in its order: each must be one of the spec's faults, and listed once.
 * @param names - the operation's `faults`, or undefined
 * @param path - the operation's path in the spec
 * @param faults - the spec's faults ({@link resolveFaults})
 * @param declared - every name under the spec's faults (one with a problem of its own is not reported again here)
 * @param aside - what failed the schema (a fault set aside is not reported again)
 * @param report - where problems go
 */
export function operationFaults(
  names: readonly string[] | undefined,
  path: SpecPath,
  faults: ReadonlyMap<string, FaultModel>,
  declared: readonly string[],
  aside: SetAside,
  report: Report,
): FaultModel[] {
  const listed: FaultModel[] = [];
  const seen = new Set<string>();
  (names ?? []).forEach((name, j) => {
    const at: SpecPath = [...path, 'faults', j];
    if (seen.has(name)) {
      report(at, `fault "${name}" is listed twice`);
      return;
    }
    seen.add(name);
    const fault = faults.get(name);
    if (fault) listed.push(fault);
    else if (!declared.includes(name) && !aside.has('faults', name)) {
      report(at, `unknown fault "${name}"; expected one of faults: ${list(declared)}${suggest(name, declared)}`);
    }
  });
  return listed;
}
