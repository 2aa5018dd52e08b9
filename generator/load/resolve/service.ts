/** The spec's `service` section: the npm packages, and the model of the whole service once everything is resolved. */
import type {
  Decision,
  OperationGroupModel,
  PackageModel,
  PollModel,
  ServiceErrorsModel,
  ServiceModel,
} from '../../model/types.js';
import { kebabCase } from '../names.js';
import { titleAndVersion } from '../../model/text.js';
import { defaultMockName } from '../package-info.js';
import type { ResolvableSpec } from '../salvage.js';
import { authOf } from './auth.js';
import type { OperationsContext, Report } from './context.js';
import type { ResolvedOperations } from './operations.js';

/** The client's and the mock's packages need names of their own. */
export function checkPackageNames(raw: ResolvableSpec, report: Report): void {
  const mockName = raw.service.package?.mockName;
  if (mockName !== undefined && mockName === raw.service.package?.name) {
    report(
      ['service', 'package', 'mockName'],
      `"${mockName}" is the client package's name too: the client and the mock packages need names of their own`,
    );
  }
}

/** The npm package of the SDK: as the spec gives it, or defaults that let a spec without `package` generate. */
export function packageOf(service: ResolvableSpec['service']): PackageModel {
  const p = service.package;
  const name = p?.name ?? `${kebabCase(service.name)}-client`;
  return {
    name,
    version: p?.version ?? '0.0.0',
    description: p?.description ?? `TypeScript client for ${titleAndVersion(service)}`,
    license: p?.license ?? 'UNLICENSED',
    ...(p?.repository !== undefined ? { repository: p.repository } : {}),
    ...(p?.author !== undefined ? { author: p.author } : {}),
    mockName: p?.mockName ?? defaultMockName(name),
  };
}

/** What the service's model gathers from the sections resolved before it. */
export interface ServiceParts {
  readonly decisions: ReadonlyMap<string, Decision>;
  readonly serviceErrors: ServiceErrorsModel | undefined;
  readonly serviceErrorsUnknown: boolean;
  readonly resolved: ResolvedOperations;
  readonly groups: OperationGroupModel[];
  readonly polls: PollModel[];
}

/** The model of the whole service: its own section's entries, then every section's resolved entries. */
export function serviceModel(ox: OperationsContext, source: string, parts: ServiceParts): ServiceModel {
  const { raw, structs } = ox;
  return {
    kind: 'service',
    source,
    name: raw.service.name,
    title: raw.service.title,
    version: raw.service.version,
    path: raw.service.path,
    namespace: {
      uri: raw.service.namespace.uri,
      decision: ox.decision(raw.service.namespace.decision, ['service', 'namespace', 'decision']),
    },
    clientName: raw.service.client,
    bindings: ox.bindings,
    package: packageOf(raw.service),
    doc: raw.service.doc,
    serviceErrors: parts.serviceErrors,
    auth: authOf(ox, parts.serviceErrors, parts.serviceErrorsUnknown),
    soapHeaders: ox.soapHeaders,
    faults: [...ox.faults.values()],
    decisions: [...parts.decisions.values()],
    parameters: [...ox.parameters.values()],
    enums: [...ox.enums.values()],
    records: [...structs.values()].map((s) => s.model).filter((s) => s.kind === 'record'),
    results: [
      ...[...structs.values()].map((s) => s.model).filter((s) => s.kind === 'result'),
      ...parts.resolved.outputStructs,
    ],
    operations: parts.resolved.operations,
    groups: parts.groups,
    polls: parts.polls,
    simulator: undefined,
  };
}
