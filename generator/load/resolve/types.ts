/**
 * The spec's named types (`enums`, `records`, `results`) declared: one namespace of type names, enums complete,
 * records and results created empty, then filled once every name is known (fields.ts, inheritance.ts).
 */
import { DATA_SET_TYPE, isPrimitiveName } from '../../model/primitives.js';
import type { EnumModel, FieldModel, StructModel } from '../../model/types.js';
import type { ResolvableSpec } from '../salvage.js';
import type { Mutable, Report, ResolveContext, StructEntry, TypesContext } from './context.js';
import { fieldsOf } from './fields.js';
import { linkTypes } from './inheritance.js';
import { tokenValueProblems } from '../enum-base.js';

/** Takes a type name for a section, reporting a name taken already or one of the format's own types. */
type Claim = (name: string, section: string) => void;

/** The spec's types, complete: declared, their fields resolved, each linked to its base. */
export function resolveTypes(cx: ResolveContext): TypesContext {
  const tx: TypesContext = { ...cx, ...declareTypes(cx), incompleteTypes: new Set() };
  for (const [name, r] of Object.entries(cx.raw.records))
    fieldsOf(tx, ['records', name, 'fields'], name, r.fields, tx.structs.get(name)!.own);
  for (const [name, r] of Object.entries(cx.raw.results))
    fieldsOf(tx, ['results', name, 'fields'], name, r.fields, tx.structs.get(name)!.own);
  linkTypes(tx);
  return tx;
}

/** The enums, records and results by their keys, in the spec's order. */
function declareTypes(cx: ResolveContext): {
  enums: Map<string, EnumModel>;
  structs: Map<string, StructEntry>;
} {
  const claim = typeNames(cx.report);
  const enums = new Map<string, EnumModel>();
  for (const [name, e] of Object.entries(cx.raw.enums)) enums.set(name, enumOf(cx, claim, name, e));
  const structs = new Map<string, StructEntry>();
  for (const [name, r] of Object.entries(cx.raw.records)) structs.set(name, emptyStruct(cx, claim, 'record', name, r));
  for (const [name, r] of Object.entries(cx.raw.results)) structs.set(name, emptyStruct(cx, claim, 'result', name, r));
  return { enums, structs };
}

/** Type names (the spec's keys) share one namespace in the spec. */
function typeNames(report: Report): Claim {
  const typeOwner = new Map<string, string>();
  return (name, section) => {
    // A type named as one of the format's own (a schema's complexType Name) would never be the one a field names.
    if (isPrimitiveName(name) || name === DATA_SET_TYPE) {
      report(
        [section, name],
        `type name "${name}" is the format's own type ${name}, which a field of type ${name} would be; name it otherwise (xmlName: ${name} keeps its XML name)`,
        true,
      );
    }
    const previous = typeOwner.get(name);
    if (previous) report([section, name], `type name "${name}" is already defined under ${previous}`, true);
    else typeOwner.set(name, section);
  };
}

function enumOf(cx: ResolveContext, claim: Claim, name: string, e: ResolvableSpec['enums'][string]): EnumModel {
  const { report } = cx;
  claim(name, 'enums');
  const seen = new Set<string>();
  e.values.forEach((v, i) => {
    if (seen.has(v)) report(['enums', name, 'values', i], `duplicate enum value "${v}"`);
    seen.add(v);
  });
  for (const p of tokenValueProblems(e.base, e.values)) report(['enums', name, 'values', p.index], p.message);
  let numeric: EnumModel['numeric'];
  if (e.numeric) {
    const codes: Array<readonly [number, string]> = [];
    for (const [code, value] of Object.entries(e.numeric.codes)) {
      if (!seen.has(value))
        report(['enums', name, 'numeric', 'codes', code], `"${value}" is not a value of enum ${name}`);
      codes.push([Number(code), value]);
    }
    codes.sort((a, b) => a[0] - b[0]);
    const d = cx.decision(e.numeric.decision, ['enums', name, 'numeric', 'decision']);
    if (d) numeric = { decision: d, codes };
  }
  return {
    kind: 'enum',
    name: cx.names.type('enums', name),
    xmlName: e.xmlName ?? name,
    doc: e.doc,
    values: e.values,
    ...(e.base === 'token' ? { base: 'token' as const } : {}),
    numeric,
    placeholders: e.placeholders,
  };
}

function emptyStruct(
  cx: ResolveContext,
  claim: Claim,
  kind: 'record' | 'result',
  name: string,
  def: {
    doc?: string | undefined;
    decision?: string | undefined;
    namespace?: string | undefined;
    anyAttribute?: boolean | undefined;
    xmlName?: string | undefined;
    abstract?: boolean | undefined;
  },
): StructEntry {
  claim(name, kind === 'record' ? 'records' : 'results');
  const own: FieldModel[] = [];
  const all: FieldModel[] = [];
  const model: Mutable<StructModel> = {
    kind,
    name: cx.names.type(`${kind}s`, name),
    xmlName: def.xmlName ?? name,
    doc: def.doc,
    fields: all,
    ownFields: own,
    base: undefined,
    ...(def.namespace !== undefined && cx.namespaceOf(def.namespace)
      ? { namespace: cx.namespaceOf(def.namespace) }
      : {}),
    ...(def.anyAttribute === true ? { anyAttribute: true } : {}),
    ...(def.abstract === true ? { abstract: { concrete: [] } } : {}),
    decision: cx.decision(def.decision, [`${kind}s`, name, 'decision']),
    documentedErrorCode: undefined,
    status: undefined,
  };
  return { model, own, all };
}
