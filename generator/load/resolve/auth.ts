/**
 * The spec's `auth` section and what it asks of operations: the credential parameters, each operation's EAT marker
 * (what a request's signature covers), and the error codes a failed credential check is answered with.
 */
import type {
  AuthFailureCode,
  AuthFailureKind,
  AuthModel,
  Decision,
  EatModel,
  ParameterModel,
  ServiceErrorsModel,
} from '../../model/types.js';
import { describeType } from '../describe-type.js';
import type { SpecPath } from '../locate.js';
import type { RawOperation, RawSpec } from '../schema.js';
import { DEFAULT_AUTH_EXAMPLE } from '../schema.js';
import { list, suggest } from '../suggest.js';
import type { OperationsContext, Report, ResolveContext } from './context.js';

const EAT_WORDS: Readonly<Record<string, 'none' | 'null' | 'notMarked'>> = {
  none: 'none',
  null: 'null',
  'not marked': 'notMarked',
};
const ROLES = ['principal', 'timestamp', 'signature'] as const;

/** The service's auth (none without the section); failures only where the service errors are known. */
export function authOf(
  cx: ResolveContext,
  serviceErrors: ServiceErrorsModel | undefined,
  serviceErrorsUnknown: boolean,
): AuthModel | undefined {
  const { raw } = cx;
  return raw.auth
    ? {
        scheme: raw.auth.scheme,
        timestampUnit: raw.auth.timestampUnit,
        example: raw.auth.example ?? DEFAULT_AUTH_EXAMPLE,
        failures: serviceErrorsUnknown
          ? undefined
          : resolveAuthFailures(raw.auth.failures, serviceErrors, cx.decision, cx.report),
        decision: cx.decision(raw.auth.decision, ['auth', 'decision']),
      }
    : undefined;
}

/** A signed service's operation has exactly one parameter of each credential role. */
export function credentialProblems(report: Report, params: readonly ParameterModel[], path: SpecPath): void {
  for (const role of ROLES) {
    const count = params.filter((p) => p.role === role).length;
    if (count !== 1)
      report([...path, 'params'], `expected exactly one ${role} parameter (auth is set), found ${count}`);
  }
}

/**
 * An operation's EAT marker: asked for only where requests are signed. With a parameter already reported unknown
 * (`incomplete`), a marker naming no parameter is most likely the same typo.
 */
export function operationEat(
  ox: OperationsContext,
  op: RawOperation,
  params: readonly ParameterModel[],
  incomplete: boolean,
  path: SpecPath,
): EatModel | undefined {
  if (op.eat !== undefined)
    return resolveEat(op.eat, params, incomplete, ox.parameters, [...path, 'eat'], ox.decision, ox.report);
  if (ox.raw.auth !== undefined) {
    ox.report(
      [...path, 'eat'],
      'missing required key "eat": a service that signs requests (auth) needs the EAT marker of every operation',
    );
    return undefined;
  }
  return { kind: 'unsigned', marker: '' };
}

function resolveEat(
  eat: NonNullable<RawSpec['operations'][number]['eat']>,
  params: readonly ParameterModel[],
  incomplete: boolean,
  parameters: ReadonlyMap<string, ParameterModel>,
  path: SpecPath,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): EatModel | undefined {
  const word = EAT_WORDS[eat.marker];
  const own = params.find((p) => p.name === eat.marker);
  if (eat.absentParameter) {
    if (word || own) {
      report(
        [...path, 'absentParameter'],
        `absentParameter is for a marker naming a parameter the operation does not have; "${eat.marker}" ${word ? 'is a keyword' : 'is one of its parameters'}`,
      );
      return undefined;
    }
    if (!eat.decision)
      report([...path, 'absentParameter'], 'an absent-parameter marker is a quirk: give the decision that explains it');
    if (!parameters.has(eat.marker)) report([...path, 'marker'], `"${eat.marker}" is not a parameter of the service`);
    return { kind: 'absentParameter', marker: eat.marker, decision: decision(eat.decision, [...path, 'decision']) };
  }
  if (word) return { kind: word, marker: eat.marker };
  if (own) {
    if (own.role) report([...path, 'marker'], `the EAT marker cannot be the ${own.role} parameter "${own.name}"`);
    if (own.type.kind !== 'primitive' && own.type.kind !== 'enum') {
      report(
        [...path, 'marker'],
        `the EAT marker names "${own.name}", ${describeType(own.type)}; only a parameter of an XML Schema type or an enum can be signed`,
      );
    }
    return { kind: 'parameter', marker: eat.marker, parameter: own };
  }
  if (incomplete) return undefined;
  report(
    [...path, 'marker'],
    `EAT marker "${eat.marker}" names no parameter of this operation; expected one of ${list(params.filter((p) => !p.role).map((p) => p.name))}, "none", "null" or "not marked" (or absentParameter: true for a documented quirk)`,
  );
  return undefined;
}

/** The codes a failed credential check is answered with: values of the service's error enum. */
function resolveAuthFailures(
  raw: NonNullable<RawSpec['auth']>['failures'],
  se: ServiceErrorsModel | undefined,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): AuthModel['failures'] {
  if (raw === undefined) return undefined;
  const path: SpecPath = ['auth', 'failures'];
  if (!se) {
    report(path, 'failures are error codes of serviceErrors, which the spec does not have');
    return undefined;
  }
  const codes: Partial<Record<AuthFailureKind, AuthFailureCode>> = {};
  for (const kind of ['unknownPrincipal', 'badSignature', 'staleTimestamp', 'requestLimit'] as const) {
    const value = raw[kind];
    if (value === undefined) continue;
    if (!se.enum.values.includes(value)) {
      report([...path, kind], `"${value}" is not a value of enum ${se.enum.name}${suggest(value, se.enum.values)}`);
      continue;
    }
    codes[kind] = { value, number: se.enum.numeric?.codes.find(([, v]) => v === value)?.[0] };
  }
  if (raw.unknownNumber === undefined) {
    for (const [kind, code] of Object.entries(codes)) {
      if (code.number === undefined && se.enum.numeric !== undefined) {
        report(
          [...path, kind],
          `"${code.value}" has no integer code in ${se.enum.name}.numeric, which (I) results need: add one, or give unknownNumber`,
        );
      }
    }
  }
  return { codes, unknownNumber: raw.unknownNumber, decision: decision(raw.decision, [...path, 'decision']) };
}
