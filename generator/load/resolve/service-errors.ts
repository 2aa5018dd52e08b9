/**
 * The spec's `serviceErrors`: the error code and message fields that results carry, the enum of the codes, and the
 * success values; with each result type's status (where its error code field is, what success looks like).
 */
import type { Decision, EnumModel, FieldModel, ResultStatus, ServiceErrorsModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { ResolvableSpec, SetAside } from '../salvage.js';
import type { TypesContext } from './context.js';

/**
 * The service errors, and whether they are unknown: set aside, or naming an enum that is, so that what depends on
 * them is not checked (its problem is reported already). Gives each result type its documented code and status.
 */
export function resolveErrors(cx: TypesContext): {
  serviceErrors: ServiceErrorsModel | undefined;
  serviceErrorsUnknown: boolean;
} {
  const { raw, report } = cx;
  const serviceErrors = resolveServiceErrors(raw, cx.enums, cx.aside, cx.decision, report);
  const serviceErrorsUnknown =
    cx.aside.whole('serviceErrors') || (raw.serviceErrors !== undefined && serviceErrors === undefined);
  for (const [name, r] of Object.entries(raw.results)) {
    const entry = cx.structs.get(name)!;
    const documented = r.errorCode ?? 'none';
    entry.model.documentedErrorCode = documented;
    entry.model.status = serviceErrorsUnknown
      ? undefined
      : resultStatus(name, documented, entry.all, cx.incompleteTypes.has(name), serviceErrors, report);
  }
  return { serviceErrors, serviceErrorsUnknown };
}

function resolveServiceErrors(
  raw: ResolvableSpec,
  enums: ReadonlyMap<string, EnumModel>,
  aside: SetAside,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): ServiceErrorsModel | undefined {
  const se = raw.serviceErrors;
  if (!se) return undefined;
  const e = enums.get(se.enum);
  if (!e) {
    if (!aside.has('enums', se.enum))
      report(['serviceErrors', 'enum'], `unknown enum "${se.enum}"; expected one defined under enums`);
    return undefined;
  }
  if (!e.values.includes(se.success.S))
    report(['serviceErrors', 'success', 'S'], `"${se.success.S}" is not a value of enum ${e.name}`);
  return {
    codeField: se.codeField,
    messageField: se.messageField,
    enum: e,
    success: se.success,
    decision: decision(se.decision, ['serviceErrors', 'decision']),
  };
}

function resultStatus(
  name: string,
  documented: 'S' | 'I' | 'none',
  fields: readonly FieldModel[],
  incomplete: boolean,
  se: ServiceErrorsModel | undefined,
  report: (path: SpecPath, message: string) => void,
): ResultStatus | undefined {
  const path: SpecPath = ['results', name, 'errorCode'];
  if (!se) {
    if (documented !== 'none') report(path, `errorCode ${documented} needs serviceErrors at the top level`);
    return undefined;
  }
  const code = fields.find((f) => f.name === se.codeField);
  const message = fields.find((f) => f.name === se.messageField);
  if (!code) {
    if (documented !== 'none' && !incomplete)
      report(path, `a result marked ${documented} must have a field "${se.codeField}"`);
    return undefined;
  }
  const isEnum = code.type.kind === 'enum' && code.type.enum === se.enum;
  const isInt = code.type.kind === 'primitive' && code.type.name === 'int';
  if (documented === 'S' && !isEnum) report(path, `a result marked S must type "${se.codeField}" as ${se.enum.name}`);
  if (documented === 'I' && !isInt) report(path, `a result marked I must type "${se.codeField}" as int`);
  if (documented === 'none' && !code.optional) {
    report(path, `"${se.codeField}" of a result marked none must be optional (the document does not list it)`);
  }
  if (!isEnum && !isInt) return undefined;
  return {
    codeField: code,
    codeKind: isEnum ? 'enum' : 'int',
    success: isEnum ? se.success.S : se.success.I,
    messageField: message,
  };
}
