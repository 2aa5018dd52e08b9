/** The spec's `operations`: each one's parameters, result, EAT marker, bindings and headers, checked together. */
import type { OperationModel, ParameterModel, StructModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { RawOperation } from '../schema.js';
import { checkBareOperations } from '../bare.js';
import { operationFaults } from '../faults.js';
import { checkNoNamespaceActions } from '../no-namespace.js';
import { suggest } from '../suggest.js';
import { credentialProblems, operationEat } from './auth.js';
import { operationBindings } from './bindings.js';
import type { OperationsContext } from './context.js';
import { operationHeaders, operationResponseHeaders } from './headers.js';
import { parameterOf } from './parameters.js';
import { operationResult } from './results.js';

export interface ResolvedOperations {
  readonly operations: OperationModel[];
  /** The records of the operations with out parameters, in their order. */
  readonly outputStructs: StructModel[];
  /** The operation of each client method. */
  readonly methodNames: Map<string, string>;
  /** Operations written but not in the model (set aside, or with a problem reported): polls of them are not checked. */
  readonly unresolved: Set<string>;
  /** Operations in the model without a parameter they list (one with a problem reported). */
  readonly lacking: Set<string>;
}

export function resolveOperations(ox: OperationsContext): ResolvedOperations {
  const done: ResolvedOperations = {
    operations: [],
    outputStructs: [],
    methodNames: new Map(),
    unresolved: new Set(),
    lacking: new Set(),
  };
  const opNames = new Map<string, number>();
  ox.raw.operations.forEach((op, i) => {
    const path: SpecPath = ['operations', i];
    // An operation set aside still has its name, when that is a name: a later one of the same name is a duplicate.
    const opName = op?.name ?? ox.aside.entryAt('operations', i)?.name;
    if (typeof opName === 'string') {
      const first = opNames.get(opName);
      if (first !== undefined)
        ox.report([...path, 'name'], `duplicate operation "${opName}" (first defined at operations[${first}])`);
      else opNames.set(opName, i);
    }
    if (!op) {
      if (typeof opName === 'string') done.unresolved.add(opName);
      return;
    }
    resolveOperation(ox, op, i, done);
  });
  return done;
}

/** What holds across operations: bare operations' elements, and actions in no namespace, told apart. */
export function checkAcrossOperations(ox: OperationsContext, operations: readonly OperationModel[]): void {
  const opIndex = new Map(ox.raw.operations.map((op, i) => [op?.name, i] as const));
  checkBareOperations(
    operations.map((op) => ({ op, index: opIndex.get(op.name) ?? 0 })),
    ox.raw.service.namespace.uri,
    ox.bindings,
    ox.soapHeaders,
    ox.report,
  );
  checkNoNamespaceActions(
    operations.map((op) => ({ op, index: opIndex.get(op.name) ?? 0 })),
    ox.raw.service.namespace.uri,
    ox.bindings,
    ox.report,
  );
}

/** One operation, into `done`: the model, or its name among the unresolved. */
function resolveOperation(ox: OperationsContext, op: RawOperation, i: number, done: ResolvedOperations): void {
  const path: SpecPath = ['operations', i];
  // The method, and the names made from tsName, meet no other name: specNames numbered them where they would.
  const { tsName, methodName: method } = ox.names.operation(i);
  done.methodNames.set(method, op.name);
  if (op.responseHeaders !== undefined && op.responseHeaders.length > 0)
    done.methodNames.set(`${method}WithHeaders`, op.name);
  const { params, incomplete } = operationParams(ox, op, path);
  // With a parameter already reported, a credential missing is most likely that one.
  if (ox.raw.auth && !incomplete) credentialProblems(ox.report, params, path);
  const result = operationResult(ox, op, path, tsName, done.outputStructs);
  const eat = operationEat(ox, op, params, incomplete, path);
  const { httpPost, httpGet, httpPostRoot } = operationBindings(ox, op, path, params, result);
  const headers = operationHeaders(ox, op, path);
  const responseHeaders = operationResponseHeaders(ox, op, path);
  const bare = (op.parameterStyle ?? ox.raw.service.parameterStyle) === 'bare';
  if (bare) bareElementProblems(ox, op, path);
  if (result && eat && httpPostRoot) {
    done.operations.push({
      kind: 'operation',
      name: op.name,
      tsName,
      methodName: method,
      doc: op.doc,
      params,
      inputParams: params.filter((p) => p.role === undefined),
      result,
      httpPostRoot,
      httpPost,
      httpGet,
      eat,
      submitsPayments: op.submitsPayments ?? false,
      soapAction: op.soapAction,
      bare,
      namespace: op.namespace,
      headers,
      responseHeaders,
      group: op.group,
      faults: operationFaults(op.faults, path, ox.faults, Object.keys(ox.raw.faults), ox.aside, ox.report),
    });
  } else done.unresolved.add(op.name);
  if (incomplete) done.lacking.add(op.name);
}

/** The parameters the operation lists, by name or defined inline; `incomplete` when one has a problem reported. */
function operationParams(
  ox: OperationsContext,
  op: RawOperation,
  path: SpecPath,
): { params: ParameterModel[]; incomplete: boolean } {
  const { report, parameters } = ox;
  const params: ParameterModel[] = [];
  const seen = new Set<string>();
  let incomplete = false;
  op.params.forEach((entry, j) => {
    const name = typeof entry === 'string' ? entry : entry.name;
    if (seen.has(name))
      report(
        [...path, 'params', j, ...(typeof entry === 'string' ? [] : ['name'])],
        `parameter "${name}" is listed twice`,
      );
    seen.add(name);
    const p = typeof entry === 'string' ? parameters.get(name) : parameterOf(ox, name, entry, [...path, 'params', j]);
    if (p) params.push(p);
    else {
      incomplete = true;
      if (typeof entry === 'string' && !ox.raw.parameters[name] && !ox.aside.has('parameters', name)) {
        report(
          [...path, 'params', j],
          `unknown parameter "${name}"; expected one defined under parameters, or a definition { name, type, doc }${suggest(name, [...parameters.keys()])}`,
        );
      }
    }
  });
  return { params, incomplete };
}

/** A bare operation's parameters and result are top-level elements of the schema, always qualified. */
function bareElementProblems(ox: OperationsContext, op: RawOperation, path: SpecPath): void {
  const { report } = ox;
  const why = "a bare operation's elements are top-level elements of the schema, always in its namespace";
  op.params.forEach((entry, j) => {
    const p = typeof entry === 'string' ? ox.raw.parameters[entry] : entry;
    if (p?.form !== undefined)
      report(
        [...path, 'params', j, ...(typeof entry === 'string' ? [] : ['form'])],
        `${why}: "${typeof entry === 'string' ? entry : entry.name}" cannot be unqualified`,
      );
    if (p?.namespace !== undefined)
      report(
        [...path, 'params', j, ...(typeof entry === 'string' ? [] : ['namespace'])],
        `${why}: "${typeof entry === 'string' ? entry : entry.name}" cannot have a namespace of its own (give the operation's namespace)`,
      );
  });
  if (typeof op.result === 'object' && 'type' in op.result && op.result.form !== undefined)
    report([...path, 'result', 'form'], `${why}: the result cannot be unqualified`);
  if (typeof op.result === 'object' && 'type' in op.result && op.result.namespace !== undefined)
    report([...path, 'result', 'namespace'], `${why}: the result cannot have a namespace of its own`);
  op.outputs?.forEach((o, j) => {
    if (o.form !== undefined) report([...path, 'outputs', j, 'form'], `${why}: an output cannot be unqualified`);
  });
}
