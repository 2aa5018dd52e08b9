/**
 * Turns a schema-valid spec into the model: resolves names to nodes, applies the ASMX defaults (reference types
 * may be absent or nil, value types may not), and checks everything the schema cannot (unknown types, duplicates,
 * EAT markers, credential roles, decision ids). Problems are collected, never thrown one at a time. What failed the
 * schema was set aside before (salvage.ts): a reference to it is not reported again, nor is a check that needs it.
 *
 * Each section of the spec has a module of its own under resolve/, in the order they are resolved here: what a
 * section references is resolved before it. They share a context (resolve/context.ts) rather than a closure.
 */
import type { ServiceModel } from '../model/types.js';
import type { SpecIssue } from './errors.js';
import type { SpecPath } from './locate.js';
import { SetAside, type ResolvableSpec } from './salvage.js';
import { specNames } from './spec-names.js';
import { serviceBindings } from './resolve/bindings.js';
import { namespaces, type OperationsContext, type ResolveContext } from './resolve/context.js';
import { decisionLookup, resolveDecisions } from './resolve/decisions.js';
import { resolveGroups } from './resolve/groups.js';
import { resolveFaults } from './faults.js';
import { resolveHeaders } from './resolve/headers.js';
import { checkAcrossOperations, resolveOperations } from './resolve/operations.js';
import { resolveParameters } from './resolve/parameters.js';
import { resolvePolls } from './resolve/polls.js';
import { checkPackageNames, serviceModel } from './resolve/service.js';
import { resolveErrors } from './resolve/service-errors.js';
import { resolveTypes } from './resolve/types.js';

type At = (path: SpecPath, message: string, key?: boolean) => SpecIssue;

export function resolveSpec(
  raw: ResolvableSpec,
  source: string,
  at: At,
  aside: SetAside = SetAside.none,
): { model: ServiceModel; issues: SpecIssue[] } {
  const issues: SpecIssue[] = [];
  const report = (path: SpecPath, message: string, key = false): void => {
    issues.push(at(path, message, key));
  };
  checkPackageNames(raw, report);

  // Decisions first: everything else may reference them.
  const decisions = resolveDecisions(raw, report);
  const cx: ResolveContext = {
    raw,
    aside,
    report,
    decision: decisionLookup(decisions, aside, report),
    // The TypeScript names of types and operations, for the whole spec at once (docs/spec-format.md, How names are
    // formed).
    names: specNames(raw),
    ...namespaces(raw.service.namespace.uri),
  };
  const tx = resolveTypes(cx);
  const { serviceErrors, serviceErrorsUnknown } = resolveErrors(tx);
  const parameters = resolveParameters(tx);
  const { sent: soapHeaders, all: allHeaders } = resolveHeaders(raw, tx.structs, parameters, aside, report);
  const faults = resolveFaults(raw, tx.structs, raw.service.namespace.uri, aside, report);
  const ox: OperationsContext = {
    ...tx,
    parameters,
    soapHeaders,
    allHeaders,
    faults,
    bindings: serviceBindings(raw),
    bindingsKnown: !aside.whole('bindings'),
  };
  const resolved = resolveOperations(ox);
  const groups = resolveGroups(raw, aside, report);
  checkAcrossOperations(ox, resolved.operations);
  const polls = resolvePolls(tx, resolved, serviceErrorsUnknown);
  const model = serviceModel(ox, source, { decisions, serviceErrors, serviceErrorsUnknown, resolved, groups, polls });
  return { model, issues };
}
