/** The spec's `parameters`, and the parameters an operation defines inline: what the caller (or the client) passes. */
import type { ParameterModel, TypeModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { RawInlineParameter, RawParameter } from '../schema.js';
import { ownNamespaceProblem, unqualifiedHoldingProblem } from '../text-content.js';
import type { Report, TypesContext } from './context.js';
import { typeOf } from './type-refs.js';
import { exampleOf } from './values.js';
import { patternOf } from '../pattern.js';
import { repeatedParamProblem } from '../repeated-param.js';

type RawAnyParameter = RawParameter | RawInlineParameter;

/** The parameters defined once, under `parameters`, by name (those with a problem left out). */
export function resolveParameters(cx: TypesContext): Map<string, ParameterModel> {
  const parameters = new Map<string, ParameterModel>();
  for (const [name, p] of Object.entries(cx.raw.parameters)) {
    const model = parameterOf(cx, name, p, ['parameters', name]);
    if (model) parameters.set(name, model);
  }
  return parameters;
}

/** A parameter as written at `path`, or none (its problem reported). */
export function parameterOf(
  cx: TypesContext,
  name: string,
  p: RawAnyParameter,
  path: SpecPath,
): ParameterModel | undefined {
  const { report } = cx;
  if (p.role && 'name' in p) {
    // The client has one option per credential, named after the one top-level definition.
    report(
      [...path, 'role'],
      `a ${p.role} parameter is a credential the client fills in for every operation: define it once under parameters and list it by name`,
    );
    return undefined;
  }
  if (p.default !== undefined && !p.optional)
    report([...path, 'default'], 'a default is only meaningful on an optional parameter (add optional: true)');
  if (p.role && p.optional)
    report([...path, 'optional'], `a ${p.role} parameter is filled in by the client and cannot be optional`);
  const type = typeOf(cx, p.type, [...path, 'type'], { choice: true, field: name, parameter: true });
  if (!type) return undefined;
  typeProblems(report, p, path, type);
  formProblems(report, name, p, path, type);
  const example = p.role ? {} : exampleOf(report, p.example, type, [...path, 'example']);
  return {
    kind: 'parameter',
    name,
    type,
    doc: p.doc,
    role: p.role,
    optional: p.optional ?? false,
    nillable: p.nillable ?? false,
    default: p.default,
    quirk: p.quirk,
    secret: p.secret ?? false,
    ...(p.form !== undefined ? { form: p.form } : {}),
    ...(p.namespace !== undefined ? { namespace: cx.elementNamespaceOf(p.namespace) } : {}),
    ...example,
    ...patternOf(p.pattern, type, example.example, path, report),
    decision: cx.decision(p.decision, [...path, 'decision']),
  };
}

/** What the parameter's type rules out: absence or nil of a list without container or a choice, a default, a role. */
function typeProblems(report: Report, p: RawAnyParameter, path: SpecPath, type: TypeModel): void {
  // ASMX's `[XmlElement] string[] name`: the items are the parameter's own element, repeated; none is the empty list
  // (or, optional, the parameter left out: repeated-param.ts).
  const repeated = type.kind === 'list' && !type.container;
  const refused = repeated ? repeatedParamProblem(p, type) : undefined;
  if (refused) report([...path, refused.key], refused.message);
  if (type.kind === 'choice' && p.nillable)
    report(
      [...path, 'nillable'],
      'a choice has no element of its own that could be nil (make it optional: true to allow none of its alternatives)',
    );
  if (p.role && type.kind !== 'primitive')
    report([...path, 'type'], `a ${p.role} parameter is filled in by the client: it must have an XML Schema type`);
  if (p.role && p.example !== undefined)
    report(
      [...path, 'example'],
      `a ${p.role} parameter is filled in by the client: the docs show the credentials of auth.example instead`,
    );
  if (p.default !== undefined && type.kind !== 'primitive' && type.kind !== 'enum') {
    report([...path, 'default'], 'a default is only possible for an XML Schema type or an enum');
  }
  if (p.default !== undefined && type.kind === 'enum' && !type.enum.values.includes(String(p.default))) {
    report([...path, 'default'], `"${String(p.default)}" is not a value of enum ${type.enum.name}`);
  }
}

/** What a credential (role), a choice or a record rules out among nil, secret, form and namespace. */
function formProblems(report: Report, name: string, p: RawAnyParameter, path: SpecPath, type: TypeModel): void {
  if (p.nillable && p.role)
    report([...path, 'nillable'], `a ${p.role} parameter is filled in by the client and cannot be nil`);
  if (p.secret && p.role)
    report(
      [...path, 'secret'],
      `a ${p.role} parameter is filled in by the client, which already keeps its secrets out of errors: remove secret`,
    );
  if (p.secret && type.kind !== 'primitive' && type.kind !== 'enum') {
    report(
      [...path, 'secret'],
      'secret is for a parameter of an XML Schema type; mark the secret members of a record with secret on their fields',
    );
  }
  if (p.form !== undefined && p.role)
    report(
      [...path, 'form'],
      `a ${p.role} parameter is filled in by the client in the operation's namespace: it cannot be unqualified`,
    );
  if (p.form !== undefined && type.kind === 'choice')
    report(
      [...path, 'form'],
      'a choice has no element of its own: its alternatives are qualified, as the elements of their operation',
    );
  const holding =
    p.form !== undefined && type.kind !== 'choice' ? unqualifiedHoldingProblem(`parameter "${name}"`, type) : undefined;
  if (holding) report([...path, 'form'], holding);
  if (p.namespace !== undefined) {
    const why = ownNamespaceProblem({ form: p.form, choice: type.kind === 'choice' });
    if (why) report([...path, 'namespace'], why);
  }
}
