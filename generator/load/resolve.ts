/**
 * Turns a schema-valid spec into the model: resolves names to nodes, applies the ASMX defaults (reference types
 * may be absent or nil, value types may not), and checks everything the schema cannot (unknown types, duplicates,
 * EAT markers, credential roles, decision ids). Problems are collected, never thrown one at a time. What failed the
 * schema was set aside before (salvage.ts): a reference to it is not reported again, nor is a check that needs it.
 */
import type {
  AuthFailureCode,
  AuthFailureKind,
  AuthModel,
  BindingName,
  Decision,
  EatModel,
  FieldModel,
  HttpPostRootModel,
  OperationGroupModel,
  OperationModel,
  PackageModel,
  ParameterModel,
  PollModel,
  ResultModel,
  ValueResult,
  VoidResult,
  XmlNamespace,
  ResponseHeaderModel,
  SoapHeaderModel,
  ServiceErrorsModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../model/types.js';
import type { SpecIssue } from './errors.js';
import type { SpecPath } from './locate.js';
import { kebabCase } from './names.js';
import { defaultMockName } from './package-info.js';
import { specNames } from './spec-names.js';
import { ownNamespaceProblem, unqualifiedHoldingProblem } from './text-content.js';
import { list, suggest } from './suggest.js';
import { SetAside, type ResolvableSpec } from './salvage.js';
import { namespaces, type ResolveContext, type TypesContext } from './resolve/context.js';
import { decisionLookup, resolveDecisions } from './resolve/decisions.js';
import { fieldsOf } from './resolve/fields.js';
import { linkTypes } from './resolve/inheritance.js';
import { parameterOf, resolveParameters } from './resolve/parameters.js';
import { resolveErrors } from './resolve/service-errors.js';
import { declareTypes } from './resolve/types.js';
import { defaultItemElement, typeOf } from './resolve/type-refs.js';
import { checkBareOperations } from './bare.js';
import { checkNoNamespaceActions } from './no-namespace.js';
import { describeType } from './describe-type.js';
import type { RawResult, RawSpec, RawTypeRef } from './schema.js';
import { DEFAULT_AUTH_EXAMPLE } from './schema.js';
import { capitalise } from '../model/text.js';

type At = (path: SpecPath, message: string, key?: boolean) => SpecIssue;

const EAT_WORDS: Readonly<Record<string, 'none' | 'null' | 'notMarked'>> = {
  none: 'none',
  null: 'null',
  'not marked': 'notMarked',
};
const ROLES = ['principal', 'timestamp', 'signature'] as const;

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

  const mockName = raw.service.package?.mockName;
  if (mockName !== undefined && mockName === raw.service.package?.name) {
    report(
      ['service', 'package', 'mockName'],
      `"${mockName}" is the client package's name too: the client and the mock packages need names of their own`,
    );
  }

  // Decisions first: everything else may reference them.
  const decisions = resolveDecisions(raw, report);
  const cx: ResolveContext = {
    raw,
    aside,
    report,
    decision: decisionLookup(decisions, aside, report),
    // The TypeScript names of types and operations, for the whole spec at once (docs/spec-format.md, How names are formed).
    names: specNames(raw),
    ...namespaces(raw.service.namespace.uri),
  };
  const { decision, names, elementNamespaceOf } = cx;
  const tx: TypesContext = { ...cx, ...declareTypes(cx), incompleteTypes: new Set() };
  const { enums, structs, incompleteTypes } = tx;
  for (const [name, r] of Object.entries(raw.records))
    fieldsOf(tx, ['records', name, 'fields'], name, r.fields, structs.get(name)!.own);
  for (const [name, r] of Object.entries(raw.results))
    fieldsOf(tx, ['results', name, 'fields'], name, r.fields, structs.get(name)!.own);
  linkTypes(tx);
  const { serviceErrors, serviceErrorsUnknown } = resolveErrors(tx);
  const parameters = resolveParameters(tx);

  const { sent: soapHeaders, all: allHeaders } = resolveHeaders(raw, structs, parameters, aside, report);

  // Without a list, the three bindings ASMX enables by default; HTTP GET is off by default (web.config), so only listed.
  const bindings: BindingName[] = (['soap11', 'soap12', 'httpPost', 'httpGet'] as const).filter(
    (b) => raw.service.bindings?.includes(b) ?? b !== 'httpGet',
  );
  // Bindings set aside: whether an operation has HTTP POST is unknown, so nothing that depends on it is checked.
  const bindingsKnown = !aside.whole('bindings');
  const signed = raw.auth !== undefined;
  const operations: OperationModel[] = [];
  const outputStructs: StructModel[] = [];
  const opNames = new Map<string, number>();
  const methodNames = new Map<string, string>();
  /** Operations written but not in the model (set aside, or with a problem reported): polls of them are not checked. */
  const unresolved = new Set<string>();
  /** Operations in the model without a parameter they list (one with a problem reported). */
  const lacking = new Set<string>();
  raw.operations.forEach((op, i) => {
    const path: SpecPath = ['operations', i];
    // An operation set aside still has its name, when that is a name: a later one of the same name is a duplicate.
    const opName = op?.name ?? aside.entryAt('operations', i)?.name;
    if (typeof opName === 'string') {
      const first = opNames.get(opName);
      if (first !== undefined)
        report([...path, 'name'], `duplicate operation "${opName}" (first defined at operations[${first}])`);
      else opNames.set(opName, i);
    }
    if (!op) {
      if (typeof opName === 'string') unresolved.add(opName);
      return;
    }
    // The method, and the names made from tsName, meet no other name: specNames numbered them where they would.
    const { tsName, methodName: method } = names.operation(i);
    methodNames.set(method, op.name);
    if (op.responseHeaders !== undefined && op.responseHeaders.length > 0)
      methodNames.set(`${method}WithHeaders`, op.name);

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
      const p = typeof entry === 'string' ? parameters.get(name) : parameterOf(tx, name, entry, [...path, 'params', j]);
      if (p) params.push(p);
      else {
        incomplete = true;
        if (typeof entry === 'string' && !raw.parameters[name] && !aside.has('parameters', name)) {
          report(
            [...path, 'params', j],
            `unknown parameter "${name}"; expected one defined under parameters, or a definition { name, type, doc }${suggest(name, [...parameters.keys()])}`,
          );
        }
      }
    });
    // With a parameter already reported, a credential missing is most likely that one.
    if (raw.auth && !incomplete) {
      for (const role of ROLES) {
        const count = params.filter((p) => p.role === role).length;
        if (count !== 1)
          report([...path, 'params'], `expected exactly one ${role} parameter (auth is set), found ${count}`);
      }
    }

    const returned = resolveResult(
      op.name,
      op.result,
      [...path, 'result'],
      (t, p, use) => typeOf(tx, t, p, use),
      elementNamespaceOf,
      report,
    );
    let result: ResultModel | undefined = returned;
    const resultHolding =
      returned?.kind === 'value' && returned.form !== undefined
        ? unqualifiedHoldingProblem('the result', returned.type)
        : undefined;
    if (resultHolding) report([...path, 'result', 'form'], resultHolding);
    if (op.outputs !== undefined && returned) {
      // Out parameters: the response element holds the result and one element per output, read as one record.
      const name = `${tsName}Output`;
      const fields: FieldModel[] = [];
      if (returned.kind === 'value') {
        const nullable = returned.nullable;
        const form = returned.form !== undefined ? { form: returned.form } : {};
        const own = returned.namespace !== undefined ? { namespace: returned.namespace } : {};
        fields.push({
          kind: 'field',
          name: returned.element,
          xmlName: returned.element,
          type: returned.type,
          doc: `What ${op.name} returns.`,
          nillable: nullable,
          optional: nullable,
          secret: false,
          attribute: false,
          ...form,
          ...own,
          decision: undefined,
        });
      }
      fieldsOf(tx, [...path, 'outputs'], name, op.outputs, fields);
      fields.forEach((f) => {
        const j = op.outputs!.findIndex((o) => o.name === f.name);
        const problem =
          f.form === 'unqualified' && j >= 0 ? unqualifiedHoldingProblem(`output "${f.name}"`, f.type) : undefined;
        if (problem) report([...path, 'outputs', j, 'form'], problem);
      });
      op.outputs.forEach((o, j) => {
        if (returned.kind === 'value' && o.name === returned.element)
          report([...path, 'outputs', j, 'name'], `"${o.name}" is the result element's name`);
      });
      const struct: StructModel = {
        kind: 'result',
        name,
        xmlName: name,
        doc: `What ${op.name} returns: ${returned.kind === 'value' ? 'its result and ' : ''}its out parameters, the children of <${op.name}Response>.`,
        fields,
        ownFields: fields,
        base: undefined,
        decision: undefined,
        documentedErrorCode: 'none',
        status: undefined,
      };
      outputStructs.push(struct);
      result = { kind: 'outputs', struct, returned };
    }

    // With a parameter already reported unknown, a marker naming no parameter is most likely the same typo.
    // Both entries are asked for only where they mean something: a marker where requests are signed, a root where
    // the operation has the HTTP POST binding.
    let eat: EatModel | undefined;
    if (op.eat !== undefined)
      eat = resolveEat(op.eat, params, incomplete, parameters, [...path, 'eat'], decision, report);
    else if (signed)
      report(
        [...path, 'eat'],
        'missing required key "eat": a service that signs requests (auth) needs the EAT marker of every operation',
      );
    else eat = { kind: 'unsigned', marker: '' };

    const bindingReport = bindingsKnown ? report : () => undefined;
    // HTTP POST and HTTP GET carry the same form (in the body, in the query string), so both take the same checks.
    const formBinding = (binding: 'httpPost' | 'httpGet', title: string, flag: boolean | undefined): boolean => {
      const serviceHas = bindings.includes(binding);
      if (flag === true && !serviceHas) {
        bindingReport(
          [...path, binding],
          `the service has no ${title} binding (service.bindings), so the operation cannot have one`,
          true,
        );
      }
      const has = serviceHas && flag !== false;
      if (has && op.outputs !== undefined) {
        bindingReport(
          [...path, 'outputs'],
          `out parameters are SOAP only: ASMX's ${title} binding returns one value; add ${binding}: false to the operation`,
          true,
        );
      }
      if (has) {
        params.forEach((p) => {
          if (p.role || formType(p.type)) return;
          const j = op.params.findIndex((e) => (typeof e === 'string' ? e : e.name) === p.name);
          bindingReport(
            [...path, 'params', j],
            `parameter "${p.name}" is ${describeType(p.type)}, which ASMX's ${title} binding cannot carry (only XML Schema types, enums and lists of them); add ${binding}: false to the operation, or leave ${binding} out of service.bindings`,
          );
        });
      }
      return has;
    };
    const httpPost = formBinding('httpPost', 'HTTP POST', op.httpPost);
    const httpGet = formBinding('httpGet', 'HTTP GET', op.httpGet);
    const serviceHasForm = bindings.includes('httpPost') || bindings.includes('httpGet');
    let httpPostRoot: HttpPostRootModel | undefined;
    const rawRoot = op.httpPostRoot;
    // The root of the form bindings' answer: HTTP GET answers the same document as HTTP POST.
    if (!httpPost && !httpGet) {
      if (rawRoot !== undefined) {
        // Names the form bindings the service has, which the operation opts out of; or that the service has none.
        const forms = (['httpPost', 'httpGet'] as const).filter((b) => bindings.includes(b));
        const why = serviceHasForm
          ? `the operation has no ${forms.map((b) => (b === 'httpPost' ? 'HTTP POST' : 'HTTP GET')).join(' or ')} binding (${forms.map((b) => `${b}: false`).join(', ')})`
          : 'the service has no HTTP POST binding (service.bindings)';
        bindingReport([...path, 'httpPostRoot'], `${why}, so an HTTP POST root means nothing here`, true);
      }
      httpPostRoot = { kind: 'unbound' };
    } else if (result?.kind === 'void') {
      if (rawRoot !== undefined)
        bindingReport(
          [...path, 'httpPostRoot'],
          'a void operation answers HTTP POST with an empty body: there is no root',
          true,
        );
      httpPostRoot = { kind: 'empty' };
    } else if (rawRoot === undefined) {
      if (result?.kind === 'value') httpPostRoot = conventionalRoot(result.type);
    } else if (typeof rawRoot === 'string') {
      httpPostRoot = { kind: 'shown', name: rawRoot };
    } else {
      const d = decision(rawRoot.decision, [...path, 'httpPostRoot', 'decision']);
      if (d) httpPostRoot = { kind: 'notShown', assumed: rawRoot.assumed, decision: d };
    }

    let headers: SoapHeaderModel[] = soapHeaders;
    if (op.headers !== undefined) {
      headers = [];
      op.headers.forEach((h, j) => {
        const found = soapHeaders.find((x) => x.element === h);
        if (!found) {
          if (allHeaders.has(h))
            report(
              [...path, 'headers', j],
              `SOAP header "${h}" has no client option (soapHeaders), so the client cannot send it; give it an option, or list it under responseHeaders`,
            );
          else if (!aside.has('soapHeaders', h))
            report(
              [...path, 'headers', j],
              `unknown SOAP header "${h}"; expected one of soapHeaders: ${list(soapHeaders.map((x) => x.element))}`,
            );
        } else if (headers.includes(found)) report([...path, 'headers', j], `SOAP header "${h}" is listed twice`);
        else headers.push(found);
      });
      headers.sort((a, b) => soapHeaders.indexOf(a) - soapHeaders.indexOf(b));
    }
    const responseHeaders: ResponseHeaderModel[] = [];
    const order = [...allHeaders.keys()];
    op.responseHeaders?.forEach((entry, j) => {
      const name = typeof entry === 'string' ? entry : entry.element;
      const at: SpecPath =
        typeof entry === 'string' ? [...path, 'responseHeaders', j] : [...path, 'responseHeaders', j, 'element'];
      const found = allHeaders.get(name);
      if (!found) {
        if (!aside.has('soapHeaders', name))
          report(
            at,
            `unknown SOAP header "${name}"; expected one of soapHeaders: ${list(order)}${suggest(name, order)}`,
          );
      } else if (responseHeaders.some((x) => x.element === name)) report(at, `SOAP header "${name}" is listed twice`);
      else
        responseHeaders.push({
          kind: 'responseHeader',
          element: name,
          record: found.record,
          required: typeof entry === 'string' ? false : (entry.required ?? false),
          doc: found.doc,
        });
    });

    const bare = (op.parameterStyle ?? raw.service.parameterStyle) === 'bare';
    if (bare) {
      // A bare operation's parameters and result are top-level elements of the schema, always qualified.
      const why = "a bare operation's elements are top-level elements of the schema, always in its namespace";
      op.params.forEach((entry, j) => {
        const p = typeof entry === 'string' ? raw.parameters[entry] : entry;
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
    if (result && eat && httpPostRoot) {
      operations.push({
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
      });
    } else unresolved.add(op.name);
    if (incomplete) lacking.add(op.name);
  });

  const groups = resolveGroups(raw, aside, report);
  const opIndex = new Map(raw.operations.map((op, i) => [op?.name, i] as const));
  checkBareOperations(
    operations.map((op) => ({ op, index: opIndex.get(op.name) ?? 0 })),
    raw.service.namespace.uri,
    bindings,
    soapHeaders,
    report,
  );
  checkNoNamespaceActions(
    operations.map((op) => ({ op, index: opIndex.get(op.name) ?? 0 })),
    raw.service.namespace.uri,
    bindings,
    report,
  );

  const polls: PollModel[] = [];
  raw.polls.forEach((poll, i) => {
    if (!poll) return;
    const path: SpecPath = ['polls', i];
    if (methodNames.has(poll.method))
      report(
        [...path, 'method'],
        `method "${poll.method}" clashes with the method of operation ${methodNames.get(poll.method)}`,
      );
    const op = operations.find((o) => o.name === poll.operation);
    if (!op) {
      if (unresolved.has(poll.operation) || aside.has('operations', poll.operation)) return;
      report(
        [...path, 'operation'],
        `unknown operation "${poll.operation}"${suggest(
          poll.operation,
          operations.map((o) => o.name),
        )}`,
      );
      return;
    }
    const result = op.result.kind === 'value' && !op.result.nullable ? op.result.struct : undefined;
    if (!result) {
      report(
        [...path, 'operation'],
        `${op.name} does not return a record or result type (never null), so it has no status field to poll`,
      );
      return;
    }
    const idParameter = op.inputParams.find((p) => p.name === poll.idParameter);
    if (!idParameter) {
      if (!lacking.has(op.name))
        report([...path, 'idParameter'], `"${poll.idParameter}" is not a parameter the caller passes to ${op.name}`);
    } else if (idParameter.type.kind !== 'primitive')
      report([...path, 'idParameter'], `"${poll.idParameter}" must have an XML Schema type to be polled by`);
    else if (op.inputParams.some((p) => p !== idParameter && !p.optional)) {
      report(
        [...path, 'operation'],
        `${op.name} has other required parameters; a poll passes only "${poll.idParameter}"`,
      );
    }
    const statusField = result.fields.find((f) => f.name === poll.statusField);
    if (!statusField) {
      if (!incompleteTypes.has(result.name))
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
    const failureCodes = poll.failureCodes ?? [];
    const status = result.status;
    if (failureCodes.length > 0 && !status) {
      if (!serviceErrorsUnknown && !incompleteTypes.has(result.name))
        report([...path, 'failureCodes'], `${result.name} has no error code field, so failureCodes cannot apply`);
    } else if (status?.codeKind === 'enum' && status.codeField.type.kind === 'enum') {
      const codes = status.codeField.type.enum;
      failureCodes.forEach((c, j) => {
        if (!codes.values.includes(c))
          report(
            [...path, 'failureCodes', j],
            `"${c}" is not a value of enum ${codes.name}${suggest(c, codes.values)}`,
          );
      });
    } else if (status?.codeKind === 'int') {
      failureCodes.forEach((c, j) => {
        if (!/^-?\d+$/.test(c))
          report([...path, 'failureCodes', j], `"${c}" is not an integer, but ${result.name} reports int error codes`);
      });
    }
    const pollDecision = decision(poll.decision, [...path, 'decision']);
    if (idParameter && statusField) {
      polls.push({
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
      });
    }
  });

  const model: ServiceModel = {
    kind: 'service',
    source,
    name: raw.service.name,
    title: raw.service.title,
    version: raw.service.version,
    path: raw.service.path,
    namespace: {
      uri: raw.service.namespace.uri,
      decision: decision(raw.service.namespace.decision, ['service', 'namespace', 'decision']),
    },
    clientName: raw.service.client,
    bindings,
    package: packageOf(raw.service),
    doc: raw.service.doc,
    serviceErrors,
    auth: raw.auth
      ? {
          scheme: raw.auth.scheme,
          timestampUnit: raw.auth.timestampUnit,
          example: raw.auth.example ?? DEFAULT_AUTH_EXAMPLE,
          failures: serviceErrorsUnknown
            ? undefined
            : resolveAuthFailures(raw.auth.failures, serviceErrors, decision, report),
          decision: decision(raw.auth.decision, ['auth', 'decision']),
        }
      : undefined,
    soapHeaders,
    decisions: [...decisions.values()],
    parameters: [...parameters.values()],
    enums: [...enums.values()],
    records: [...structs.values()].map((s) => s.model).filter((s) => s.kind === 'record'),
    results: [...[...structs.values()].map((s) => s.model).filter((s) => s.kind === 'result'), ...outputStructs],
    operations,
    groups,
    polls,
    simulator: undefined,
  };
  return { model, issues };
}

/**
 * The groups the docs list operations under: the spec's `groups` in their order (each operation's `group` must name
 * one, and each must have an operation), or without them, the groups the operations name, by first appearance.
 */
function resolveGroups(
  raw: ResolvableSpec,
  aside: SetAside,
  report: (path: SpecPath, message: string) => void,
): OperationGroupModel[] {
  const operations = raw.operations.filter((op) => op !== undefined);
  if (raw.groups === undefined) {
    const titles = [...new Set(operations.flatMap((op) => (op.group === undefined ? [] : [op.group])))];
    return titles.map((title) => ({ kind: 'group', title, doc: undefined }));
  }
  // An operation set aside may be the one in a group: the one naming it, or one whose group is not even a title.
  const asideIn = (title: string): boolean =>
    aside.whole('operations') ||
    aside
      .entries('operations')
      .some((op) => op.group === title || (op.group !== undefined && typeof op.group !== 'string'));
  const groups: OperationGroupModel[] = [];
  raw.groups.forEach((g, i) => {
    if (!g) return;
    if (groups.some((x) => x.title === g.title)) report(['groups', i, 'title'], `duplicate group "${g.title}"`);
    else if (!operations.some((op) => op.group === g.title) && !asideIn(g.title))
      report(['groups', i, 'title'], `no operation is in group "${g.title}"`);
    else groups.push({ kind: 'group', title: g.title, doc: g.doc });
  });
  const titles = raw.groups.flatMap((g) => (g ? [g.title] : []));
  raw.operations.forEach((op, i) => {
    if (op?.group !== undefined && !titles.includes(op.group) && !aside.has('groups', op.group)) {
      report(
        ['operations', i, 'group'],
        `unknown group "${op.group}"; expected one of the titles under groups: ${list(titles)}${suggest(op.group, titles)}`,
      );
    }
  });
  return groups;
}

/** The npm package of the SDK: as the spec gives it, or defaults that let a spec without `package` generate. */
function packageOf(service: ResolvableSpec['service']): PackageModel {
  const p = service.package;
  const name = p?.name ?? `${kebabCase(service.name)}-client`;
  return {
    name,
    version: p?.version ?? '0.0.0',
    description: p?.description ?? `TypeScript client for ${service.title} ${service.version}`,
    license: p?.license ?? 'UNLICENSED',
    ...(p?.repository !== undefined ? { repository: p.repository } : {}),
    ...(p?.author !== undefined ? { author: p.author } : {}),
    mockName: p?.mockName ?? defaultMockName(name),
  };
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

/** An operation's result as written: `void`, a type, or a type with its options. */
function resolveResult(
  operation: string,
  raw: RawResult,
  path: SpecPath,
  typeOf: (t: RawTypeRef, path: SpecPath, use: { results?: boolean }) => TypeModel | undefined,
  namespaceOf: (uri: string | undefined) => XmlNamespace | undefined,
  report: (path: SpecPath, message: string) => void,
): VoidResult | ValueResult | undefined {
  if (raw === 'void') return { kind: 'void' };
  const full =
    typeof raw === 'object' && 'type' in raw
      ? raw
      : { type: raw, nullable: undefined, element: undefined, form: undefined, namespace: undefined };
  if (full.namespace !== undefined && full.form !== undefined)
    report([...path, 'namespace'], ownNamespaceProblem({ form: full.form, choice: false })!);
  const type = typeOf(full.type, typeof raw === 'object' && 'type' in raw ? [...path, 'type'] : path, {
    results: true,
  });
  if (!type) return undefined;
  return {
    kind: 'value',
    type,
    nullable: full.nullable ?? false,
    element: full.element ?? `${operation}Result`,
    ...(full.form !== undefined ? { form: full.form } : {}),
    ...(full.namespace !== undefined && full.form === undefined ? { namespace: namespaceOf(full.namespace) } : {}),
    struct: type.kind === 'record' ? type.record : undefined,
  };
}

/** The root ASMX gives an HTTP POST response: the type's name, the XML Schema type's name, or ArrayOfX. */
function conventionalRoot(type: TypeModel): HttpPostRootModel {
  if (type.kind === 'list') return { kind: 'convention', name: `ArrayOf${capitalise(type.itemElement)}` };
  // XML content is written as it is: its root is whatever the service returns. A DataSet is a class's content, under
  // the class's name.
  if (type.kind === 'primitive' && type.name === 'xml' && !type.dataSet) return { kind: 'any' };
  return { kind: 'convention', name: defaultItemElement(type) };
}

/** Whether ASMX's HTTP POST binding can carry a parameter of this type: XML Schema types, enums and lists of them. */
function formType(type: TypeModel): boolean {
  if (type.kind === 'list') return type.item.kind !== 'list' && formType(type.item);
  return type.kind === 'enum' || (type.kind === 'primitive' && type.name !== 'xml');
}

/**
 * The SOAP header records: each a record; those the client sends (`sent`) with a client option of its own. `all` has
 * every header by element name, in the spec's order, sent or only answered.
 */
function resolveHeaders(
  raw: ResolvableSpec,
  structs: ReadonlyMap<string, { model: StructModel }>,
  parameters: ReadonlyMap<string, ParameterModel>,
  aside: SetAside,
  report: (path: SpecPath, message: string) => void,
): { sent: SoapHeaderModel[]; all: Map<string, { record: StructModel; doc: string | undefined }> } {
  const taken = new Set([
    'baseUrl',
    'apiKey',
    'style',
    'namespace',
    'fetch',
    'now',
    'sign',
    'timeoutMs',
    'maxResponseBytes',
    'throwOnServiceError',
  ]);
  for (const p of parameters.values()) if (p.role === 'principal') taken.add(p.name);
  const headers: SoapHeaderModel[] = [];
  const all = new Map<string, { record: StructModel; doc: string | undefined }>();
  const elements = new Set<string>();
  raw.soapHeaders.forEach((h, i) => {
    if (!h) return;
    const path: SpecPath = ['soapHeaders', i];
    if (elements.has(h.element)) report([...path, 'element'], `duplicate SOAP header "${h.element}"`);
    elements.add(h.element);
    if (h.option !== undefined) {
      if (taken.has(h.option))
        report([...path, 'option'], `option "${h.option}" is already an option of the client; choose another name`);
      taken.add(h.option);
    } else if (h.required !== undefined) {
      report(
        [...path, 'required'],
        'a header without a client option is never sent, so required means nothing here (say it in responseHeaders)',
      );
    }
    const record = structs.get(h.type)?.model;
    if (!record && aside.has('records', h.type)) return;
    if (!record || record.kind !== 'record') {
      // A result type is no "unknown record" to be suggested as itself: say what it is.
      const records = [...structs.values()].filter((s) => s.model.kind === 'record').map((s) => s.model.name);
      report(
        [...path, 'type'],
        record
          ? `"${h.type}" is a result type; a SOAP header holds a record defined under records`
          : `unknown record "${h.type}"; a SOAP header holds a record defined under records${suggest(h.type, records)}`,
      );
      return;
    }
    if (!all.has(h.element)) all.set(h.element, { record, doc: h.doc });
    if (h.option !== undefined)
      headers.push({
        kind: 'soapHeader',
        element: h.element,
        record,
        option: h.option,
        required: h.required ?? true,
        doc: h.doc,
      });
  });
  return { sent: headers, all };
}
