/**
 * Turns a schema-valid spec into the model: resolves names to nodes, applies the ASMX defaults (reference types
 * may be absent or nil, value types may not), and checks everything the schema cannot (unknown types, duplicates,
 * EAT markers, credential roles, decision ids). Problems are collected, never thrown one at a time.
 */
import type {
  BindingName,
  Decision,
  EatModel,
  EnumModel,
  FieldModel,
  HttpPostRootModel,
  OperationModel,
  PackageModel,
  ParameterModel,
  PollModel,
  ResultStatus,
  ScalarType,
  ServiceErrorsModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../model/types.js';
import { PRIMITIVE_NAMES, isPrimitiveName, isReferencePrimitive } from '../model/primitives.js';
import type { SpecIssue } from './errors.js';
import type { SpecPath } from './locate.js';
import { kebabCase, methodName } from './names.js';
import type { RawField, RawSpec, RawTypeRef } from './schema.js';

type At = (path: SpecPath, message: string, key?: boolean) => SpecIssue;


const EAT_WORDS: Readonly<Record<string, 'none' | 'null' | 'notMarked'>> = {
  none: 'none',
  null: 'null',
  'not marked': 'notMarked',
};
const ROLES = ['principal', 'timestamp', 'signature'] as const;

export function resolveSpec(raw: RawSpec, source: string, at: At): { model: ServiceModel; issues: SpecIssue[] } {
  const issues: SpecIssue[] = [];
  const report = (path: SpecPath, message: string, key = false): void => {
    issues.push(at(path, message, key));
  };

  // Decisions first: everything else may reference them.
  const decisions = new Map<string, Decision>();
  raw.decisions.forEach((d, i) => {
    if (decisions.has(d.id)) report(['decisions', i, 'id'], `duplicate decision id "${d.id}"`);
    else decisions.set(d.id, { kind: 'decision', id: d.id, title: d.title, note: d.note });
  });
  const decision = (id: string | undefined, path: SpecPath): Decision | undefined => {
    if (id === undefined) return undefined;
    const found = decisions.get(id);
    if (!found) report(path, `unknown decision "${id}"; expected one of the ids under decisions: ${list([...decisions.keys()])}`);
    return found;
  };

  // Type names share one namespace in the generated code.
  const typeOwner = new Map<string, string>();
  const claim = (name: string, section: string): void => {
    const previous = typeOwner.get(name);
    if (previous) report([section, name], `type name "${name}" is already defined under ${previous}`, true);
    else typeOwner.set(name, section);
  };

  const enums = new Map<string, EnumModel>();
  for (const [name, e] of Object.entries(raw.enums)) {
    claim(name, 'enums');
    const seen = new Set<string>();
    e.values.forEach((v, i) => {
      if (seen.has(v)) report(['enums', name, 'values', i], `duplicate enum value "${v}"`);
      seen.add(v);
    });
    let numeric: EnumModel['numeric'];
    if (e.numeric) {
      const codes: Array<readonly [number, string]> = [];
      for (const [code, value] of Object.entries(e.numeric.codes)) {
        if (!seen.has(value)) report(['enums', name, 'numeric', 'codes', code], `"${value}" is not a value of enum ${name}`);
        codes.push([Number(code), value]);
      }
      codes.sort((a, b) => a[0] - b[0]);
      const d = decision(e.numeric.decision, ['enums', name, 'numeric', 'decision']);
      if (d) numeric = { decision: d, codes };
    }
    enums.set(name, { kind: 'enum', name, doc: e.doc, values: e.values, numeric, placeholders: e.placeholders });
  }

  // Structs are created empty and filled afterwards, so that fields can point at any record, in any order.
  const structs = new Map<string, { model: StructModel; fields: FieldModel[] }>();
  const makeStruct = (kind: 'record' | 'result', name: string, def: { doc: string; decision?: string | undefined }) => {
    claim(name, kind === 'record' ? 'records' : 'results');
    const fields: FieldModel[] = [];
    const model: StructModel = {
      kind,
      name,
      doc: def.doc,
      fields,
      decision: decision(def.decision, [`${kind}s`, name, 'decision']),
      documentedErrorCode: undefined,
      status: undefined,
    };
    structs.set(name, { model, fields });
    return model;
  };
  for (const [name, r] of Object.entries(raw.records)) makeStruct('record', name, r);
  for (const [name, r] of Object.entries(raw.results)) makeStruct('result', name, r);

  const scalar = (name: string, path: SpecPath): ScalarType | undefined => {
    if (isPrimitiveName(name)) return { kind: 'primitive', name };
    const e = enums.get(name);
    if (e) return { kind: 'enum', enum: e };
    const s = structs.get(name);
    if (s && s.model.kind === 'record') return { kind: 'record', record: s.model };
    if (s) {
      report(path, `"${name}" is a result type and cannot be used as a field type; expected a record`);
      return undefined;
    }
    const known = [...PRIMITIVE_NAMES, ...enums.keys(), ...[...structs.values()].filter((x) => x.model.kind === 'record').map((x) => x.model.name)];
    report(path, `unknown type "${name}"; expected an XML Schema type (${PRIMITIVE_NAMES.join(', ')}), an enum or a record${suggest(name, known)}`);
    return undefined;
  };

  const typeOf = (t: RawTypeRef, path: SpecPath): TypeModel | undefined => {
    if (typeof t === 'string') return scalar(t, [...path]);
    const item = scalar(t.list, [...path, 'list']);
    if (!item) return undefined;
    const reference = item.kind === 'record' || (item.kind === 'primitive' && isReferencePrimitive(item.name));
    return {
      kind: 'list',
      item,
      itemElement: t.item ?? (item.kind === 'primitive' ? item.name : item.kind === 'enum' ? item.enum.name : item.record.name),
      nillableItems: t.nillableItems ?? reference,
    };
  };

  const fieldsOf = (section: 'records' | 'results', name: string, raws: readonly RawField[], into: FieldModel[]) => {
    const seen = new Set<string>();
    raws.forEach((f, i) => {
      const path: SpecPath = [section, name, 'fields', i];
      if (seen.has(f.name)) report([...path, 'name'], `duplicate field "${f.name}" in ${name}`);
      seen.add(f.name);
      const type = typeOf(f.type, [...path, 'type']);
      if (!type) return;
      // ASMX maps reference types (strings, classes, arrays) to elements that may be left out or nil.
      const reference = type.kind === 'record' || type.kind === 'list' || (type.kind === 'primitive' && isReferencePrimitive(type.name));
      into.push({
        kind: 'field',
        name: f.name,
        type,
        doc: f.doc,
        nillable: f.nillable ?? reference,
        optional: f.optional ?? reference,
        secret: f.secret ?? false,
        decision: decision(f.decision, [...path, 'decision']),
      });
    });
  };
  for (const [name, r] of Object.entries(raw.records)) fieldsOf('records', name, r.fields, structs.get(name)!.fields);
  for (const [name, r] of Object.entries(raw.results)) fieldsOf('results', name, r.fields, structs.get(name)!.fields);

  const serviceErrors = resolveServiceErrors(raw, enums, decision, report);
  for (const [name, r] of Object.entries(raw.results)) {
    const entry = structs.get(name)!;
    const status = resultStatus(name, r.errorCode, entry.fields, serviceErrors, report);
    structs.set(name, { model: { ...entry.model, documentedErrorCode: r.errorCode, status }, fields: entry.fields });
  }
  // Records may have been captured by field types before results were finalised; results never are field types,
  // so replacing the result objects above is safe.

  const parameters = new Map<string, ParameterModel>();
  for (const [name, p] of Object.entries(raw.parameters)) {
    const path: SpecPath = ['parameters', name];
    if (p.default !== undefined && !p.optional) report([...path, 'default'], 'a default is only meaningful on an optional parameter (add optional: true)');
    if (p.role && p.optional) report([...path, 'optional'], `a ${p.role} parameter is filled in by the client and cannot be optional`);
    parameters.set(name, {
      kind: 'parameter',
      name,
      type: p.type,
      doc: p.doc,
      role: p.role,
      optional: p.optional ?? false,
      default: p.default,
      quirk: p.quirk,
      decision: decision(p.decision, [...path, 'decision']),
    });
  }

  const bindings: BindingName[] = (['soap11', 'soap12', 'httpPost'] as const).filter((b) => raw.service.bindings?.includes(b) ?? true);
  const signed = raw.auth !== undefined;
  const operations: OperationModel[] = [];
  const opNames = new Map<string, number>();
  const methodNames = new Map<string, string>();
  raw.operations.forEach((op, i) => {
    const path: SpecPath = ['operations', i];
    const first = opNames.get(op.name);
    if (first !== undefined) report([...path, 'name'], `duplicate operation "${op.name}" (first defined at operations[${first}])`);
    else opNames.set(op.name, i);
    const method = methodName(op.name);
    const clash = methodNames.get(method);
    if (clash && clash !== op.name) report([...path, 'name'], `method name "${method}" clashes with operation ${clash}`);
    methodNames.set(method, op.name);

    const params: ParameterModel[] = [];
    const seen = new Set<string>();
    op.params.forEach((name, j) => {
      if (seen.has(name)) report([...path, 'params', j], `parameter "${name}" is listed twice`);
      seen.add(name);
      const p = parameters.get(name);
      if (!p) report([...path, 'params', j], `unknown parameter "${name}"; expected one defined under parameters${suggest(name, [...parameters.keys()])}`);
      else params.push(p);
    });
    if (raw.auth) {
      for (const role of ROLES) {
        const count = params.filter((p) => p.role === role).length;
        if (count !== 1) report([...path, 'params'], `expected exactly one ${role} parameter (auth is set), found ${count}`);
      }
    }

    const result = structs.get(op.result)?.model;
    if (!result || result.kind !== 'result') {
      report([...path, 'result'], `unknown result type "${op.result}"; expected one defined under results${suggest(op.result, [...Object.keys(raw.results)])}`);
    }

    // With a parameter already reported unknown, a marker naming no parameter is most likely the same typo.
    const incomplete = params.length < new Set(op.params).size;
    // Both entries are asked for only where they mean something: a marker where requests are signed, a root where
    // the service has the HTTP POST binding.
    let eat: EatModel | undefined;
    if (op.eat !== undefined) eat = resolveEat(op.eat, params, incomplete, parameters, [...path, 'eat'], decision, report);
    else if (signed) report([...path, 'eat'], 'missing required key "eat": a service that signs requests (auth) needs the EAT marker of every operation');
    else eat = { kind: 'unsigned', marker: '' };
    let httpPostRoot: HttpPostRootModel | undefined;
    const rawRoot = op.httpPostRoot;
    if (!bindings.includes('httpPost')) {
      if (rawRoot !== undefined) report([...path, 'httpPostRoot'], 'the service has no HTTP POST binding (service.bindings), so an HTTP POST root means nothing here', true);
      httpPostRoot = { kind: 'unbound' };
    } else if (rawRoot === undefined) {
      report([...path, 'httpPostRoot'], 'missing required key "httpPostRoot": the HTTP POST binding needs it (or leave httpPost out of service.bindings)');
    } else if (typeof rawRoot === 'string') {
      httpPostRoot = { kind: 'shown', name: rawRoot };
    } else {
      const d = decision(rawRoot.decision, [...path, 'httpPostRoot', 'decision']);
      if (d) httpPostRoot = { kind: 'notShown', assumed: rawRoot.assumed, decision: d };
    }

    if (result && result.kind === 'result' && eat && httpPostRoot) {
      operations.push({
        kind: 'operation',
        name: op.name,
        methodName: method,
        doc: op.doc,
        params,
        inputParams: params.filter((p) => p.role === undefined),
        result,
        httpPostRoot,
        eat,
        submitsPayments: op.submitsPayments ?? false,
      });
    }
  });

  const polls: PollModel[] = [];
  raw.polls.forEach((poll, i) => {
    const path: SpecPath = ['polls', i];
    if (methodNames.has(poll.method)) report([...path, 'method'], `method "${poll.method}" clashes with the method of operation ${methodNames.get(poll.method)}`);
    const op = operations.find((o) => o.name === poll.operation);
    if (!op) {
      report([...path, 'operation'], `unknown operation "${poll.operation}"${suggest(poll.operation, operations.map((o) => o.name))}`);
      return;
    }
    const idParameter = op.inputParams.find((p) => p.name === poll.idParameter);
    if (!idParameter) report([...path, 'idParameter'], `"${poll.idParameter}" is not a parameter the caller passes to ${op.name}`);
    else if (op.inputParams.some((p) => p !== idParameter && !p.optional)) {
      report([...path, 'operation'], `${op.name} has other required parameters; a poll passes only "${poll.idParameter}"`);
    }
    const statusField = op.result.fields.find((f) => f.name === poll.statusField);
    if (!statusField) report([...path, 'statusField'], `"${poll.statusField}" is not a field of ${op.result.name}`);
    else if (statusField.type.kind === 'enum') {
      const values = statusField.type.enum.values;
      poll.finalValues.forEach((v, j) => {
        if (!values.includes(v)) report([...path, 'finalValues', j], `"${v}" is not a value of enum ${statusField.type.kind === 'enum' ? statusField.type.enum.name : ''}`);
      });
    }
    const failureCodes = poll.failureCodes ?? [];
    const status = op.result.status;
    if (failureCodes.length > 0 && !status) {
      report([...path, 'failureCodes'], `${op.result.name} has no error code field, so failureCodes cannot apply`);
    } else if (status?.codeKind === 'enum' && status.codeField.type.kind === 'enum') {
      const codes = status.codeField.type.enum;
      failureCodes.forEach((c, j) => {
        if (!codes.values.includes(c)) report([...path, 'failureCodes', j], `"${c}" is not a value of enum ${codes.name}${suggest(c, codes.values)}`);
      });
    } else if (status?.codeKind === 'int') {
      failureCodes.forEach((c, j) => {
        if (!/^-?\d+$/.test(c)) report([...path, 'failureCodes', j], `"${c}" is not an integer, but ${op.result.name} reports int error codes`);
      });
    }
    const pollDecision = decision(poll.decision, [...path, 'decision']);
    if (idParameter && statusField) {
      polls.push({
        kind: 'poll',
        method: poll.method,
        operation: op,
        idParameter,
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
    namespace: { uri: raw.service.namespace.uri, decision: decision(raw.service.namespace.decision, ['service', 'namespace', 'decision']) },
    clientName: raw.service.client,
    bindings,
    package: packageOf(raw.service),
    doc: raw.service.doc,
    serviceErrors,
    auth: raw.auth
      ? { scheme: raw.auth.scheme, timestampUnit: raw.auth.timestampUnit, decision: decision(raw.auth.decision, ['auth', 'decision']) }
      : undefined,
    decisions: [...decisions.values()],
    parameters: [...parameters.values()],
    enums: [...enums.values()],
    records: [...structs.values()].map((s) => s.model).filter((s) => s.kind === 'record'),
    results: [...structs.values()].map((s) => s.model).filter((s) => s.kind === 'result'),
    operations,
    polls,
  };
  return { model, issues };
}

/** The npm package of the SDK: as the spec gives it, or defaults that let a spec without `package` generate. */
function packageOf(service: RawSpec['service']): PackageModel {
  const p = service.package;
  return {
    name: p?.name ?? `${kebabCase(service.name)}-client`,
    version: p?.version ?? '0.0.0',
    description: p?.description ?? `TypeScript client for ${service.title} ${service.version}`,
    license: p?.license ?? 'UNLICENSED',
  };
}

function resolveServiceErrors(
  raw: RawSpec,
  enums: ReadonlyMap<string, EnumModel>,
  decision: (id: string | undefined, path: SpecPath) => Decision | undefined,
  report: (path: SpecPath, message: string) => void,
): ServiceErrorsModel | undefined {
  const se = raw.serviceErrors;
  if (!se) return undefined;
  const e = enums.get(se.enum);
  if (!e) {
    report(['serviceErrors', 'enum'], `unknown enum "${se.enum}"; expected one defined under enums`);
    return undefined;
  }
  if (!e.values.includes(se.success.S)) report(['serviceErrors', 'success', 'S'], `"${se.success.S}" is not a value of enum ${e.name}`);
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
    if (documented !== 'none') report(path, `a result marked ${documented} must have a field "${se.codeField}"`);
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
      report([...path, 'absentParameter'], `absentParameter is for a marker naming a parameter the operation does not have; "${eat.marker}" ${word ? 'is a keyword' : 'is one of its parameters'}`);
      return undefined;
    }
    if (!eat.decision) report([...path, 'absentParameter'], 'an absent-parameter marker is a quirk: give the decision that explains it');
    if (!parameters.has(eat.marker)) report([...path, 'marker'], `"${eat.marker}" is not a parameter of the service`);
    return { kind: 'absentParameter', marker: eat.marker, decision: decision(eat.decision, [...path, 'decision']) };
  }
  if (word) return { kind: word, marker: eat.marker };
  if (own) {
    if (own.role) report([...path, 'marker'], `the EAT marker cannot be the ${own.role} parameter "${own.name}"`);
    return { kind: 'parameter', marker: eat.marker, parameter: own };
  }
  if (incomplete) return undefined;
  report(
    [...path, 'marker'],
    `EAT marker "${eat.marker}" names no parameter of this operation; expected one of ${list(params.filter((p) => !p.role).map((p) => p.name))}, "none", "null" or "not marked" (or absentParameter: true for a documented quirk)`,
  );
  return undefined;
}

function list(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((n) => `"${n}"`).join(', ');
}

/** A "did you mean" for near-misses (case or a letter or two). */
function suggest(name: string, known: readonly string[]): string {
  const lower = name.toLowerCase();
  const close = known
    .filter((k) => k.toLowerCase() === lower || distance(k.toLowerCase(), lower) <= 2)
    .map((k) => ({ k, d: distance(k, name) }));
  // Only the nearest, counting case and swapped neighbours: "Itme" is "Item", not also the XML Schema type "time".
  const best = Math.min(...close.map((c) => c.d));
  const nearest = close.filter((c) => c.d === best).map((c) => c.k);
  return nearest.length > 0 ? ` (did you mean ${list(nearest.slice(0, 3))}?)` : '';
}

/** Edit distance with a swap of two neighbouring characters counted as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
