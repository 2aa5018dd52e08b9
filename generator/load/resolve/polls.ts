/** The spec's `polls`: client methods that call a status operation until its status field has a final value. */
import type { FieldModel, OperationModel, ParameterModel, PollModel, StructModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { ResolvableSpec } from '../salvage.js';
import { suggest } from '../suggest.js';
import type { TypesContext } from './context.js';
import type { ResolvedOperations } from './operations.js';

type RawPoll = NonNullable<ResolvableSpec['polls'][number]>;

/** What a poll is checked against: the operations, and whether the service errors are known (service-errors.ts). */
interface PollSite {
  readonly tx: TypesContext;
  readonly resolved: ResolvedOperations;
  readonly serviceErrorsUnknown: boolean;
  readonly poll: RawPoll;
  readonly path: SpecPath;
}

export function resolvePolls(
  tx: TypesContext,
  resolved: ResolvedOperations,
  serviceErrorsUnknown: boolean,
): PollModel[] {
  const polls: PollModel[] = [];
  tx.raw.polls.forEach((poll, i) => {
    if (!poll) return;
    const model = pollOf({ tx, resolved, serviceErrorsUnknown, poll, path: ['polls', i] });
    if (model) polls.push(model);
  });
  return polls;
}

/** One poll, or none (a problem reported, or the operation it names not resolved). */
function pollOf(site: PollSite): PollModel | undefined {
  const { tx, resolved, poll, path } = site;
  const { report } = tx;
  if (resolved.methodNames.has(poll.method))
    report(
      [...path, 'method'],
      `method "${poll.method}" clashes with the method of operation ${resolved.methodNames.get(poll.method)}`,
    );
  const op = resolved.operations.find((o) => o.name === poll.operation);
  if (!op) {
    if (resolved.unresolved.has(poll.operation) || tx.aside.has('operations', poll.operation)) return undefined;
    report(
      [...path, 'operation'],
      `unknown operation "${poll.operation}"${suggest(
        poll.operation,
        resolved.operations.map((o) => o.name),
      )}`,
    );
    return undefined;
  }
  const result = op.result.kind === 'value' && !op.result.nullable ? op.result.struct : undefined;
  if (!result) {
    report(
      [...path, 'operation'],
      `${op.name} does not return a record or result type (never null), so it has no status field to poll`,
    );
    return undefined;
  }
  const idParameter = pollIdParameter(site, op);
  const statusField = pollStatusField(site, result);
  const failureCodes = poll.failureCodes ?? [];
  failureCodeProblems(site, result, failureCodes);
  const pollDecision = tx.decision(poll.decision, [...path, 'decision']);
  if (!idParameter || !statusField) return undefined;
  return {
    kind: 'poll',
    method: poll.method,
    operation: op,
    idParameter,
    result,
    statusField,
    finalValues: poll.finalValues,
    failureCodes,
    decision: pollDecision,
    doc: poll.doc,
  };
}

/** The parameter the poll passes: the only one the caller must. */
function pollIdParameter({ tx, resolved, poll, path }: PollSite, op: OperationModel): ParameterModel | undefined {
  const { report } = tx;
  const idParameter = op.inputParams.find((p) => p.name === poll.idParameter);
  if (!idParameter) {
    if (!resolved.lacking.has(op.name))
      report([...path, 'idParameter'], `"${poll.idParameter}" is not a parameter the caller passes to ${op.name}`);
  } else if (idParameter.type.kind !== 'primitive')
    report([...path, 'idParameter'], `"${poll.idParameter}" must have an XML Schema type to be polled by`);
  else if (op.inputParams.some((p) => p !== idParameter && !p.optional)) {
    report(
      [...path, 'operation'],
      `${op.name} has other required parameters; a poll passes only "${poll.idParameter}"`,
    );
  }
  return idParameter;
}

/** The field of the result the poll watches, and its final values (values of its enum, where it has one). */
function pollStatusField({ tx, poll, path }: PollSite, result: StructModel): FieldModel | undefined {
  const { report } = tx;
  const statusField = result.fields.find((f) => f.name === poll.statusField);
  if (!statusField) {
    if (!tx.incompleteTypes.has(result.name))
      report([...path, 'statusField'], `"${poll.statusField}" is not a field of ${result.name}`);
  } else if (statusField.type.kind === 'enum') {
    const values = statusField.type.enum.values;
    poll.finalValues.forEach((v, j) => {
      if (!values.includes(v))
        report(
          [...path, 'finalValues', j],
          `"${v}" is not a value of enum ${statusField.type.kind === 'enum' ? statusField.type.enum.name : ''}`,
        );
    });
  }
  return statusField;
}

/** The error codes that end a poll as failed: codes of the result's error code field. */
function failureCodeProblems(
  { tx, serviceErrorsUnknown, path }: PollSite,
  result: StructModel,
  failureCodes: readonly string[],
): void {
  const { report } = tx;
  const status = result.status;
  if (failureCodes.length > 0 && !status) {
    if (!serviceErrorsUnknown && !tx.incompleteTypes.has(result.name))
      report([...path, 'failureCodes'], `${result.name} has no error code field, so failureCodes cannot apply`);
  } else if (status?.codeKind === 'enum' && status.codeField.type.kind === 'enum') {
    const codes = status.codeField.type.enum;
    failureCodes.forEach((c, j) => {
      if (!codes.values.includes(c))
        report([...path, 'failureCodes', j], `"${c}" is not a value of enum ${codes.name}${suggest(c, codes.values)}`);
    });
  } else if (status?.codeKind === 'int') {
    failureCodes.forEach((c, j) => {
      if (!/^-?\d+$/.test(c))
        report([...path, 'failureCodes', j], `"${c}" is not an integer, but ${result.name} reports int error codes`);
    });
  }
}
