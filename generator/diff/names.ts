/**
 * The TypeScript names the generated client exports for a model, with their types written out, named by the
 * emitters' own naming functions (types.ts, ts-types.ts, client-class.ts), and how they differ between two models.
 */
import { optionsTypeName } from '../emit/client/client-class.js';
import { fieldType, paramType, paramsTypeName, resultType, tsLiteral } from '../emit/ts-types.js';
import type { ServiceModel, StructModel } from '../model/types.js';
import type { NameChange, TsName } from './types.js';

export function tsNames(model: ServiceModel): TsName[] {
  const names: TsName[] = [];
  const methods = [
    ...model.operations.map(
      (op) =>
        `${op.methodName}(${op.inputParams.every((p) => p.optional) ? 'params?' : 'params'}: ${paramsTypeName(op.tsName)}): Promise<${resultType(op.result)}>`,
    ),
    ...model.polls.map(
      (p) =>
        `${p.method}(${p.idParameter.name}: ${paramType(p.idParameter)}, options?: PollOptions): Promise<${p.result.name}>`,
    ),
  ];
  names.push({ name: model.clientName, kind: 'class', type: `class with ${methods.length} methods` });
  for (const m of methods) {
    const method = m.slice(0, m.indexOf('('));
    names.push({ name: `${model.clientName}.${method}`, kind: 'method', type: m.slice(method.length) });
  }
  names.push({
    name: optionsTypeName(model),
    kind: 'interface',
    type: `client options${model.soapHeaders.map((h) => `; ${h.option}${h.required ? '' : '?'}: ${h.record.name}`).join('')}`,
  });
  for (const e of model.enums) {
    names.push({ name: e.name, kind: 'type', type: e.values.map(tsLiteral).join(' | ') });
    names.push({ name: `${e.name}Values`, kind: 'const', type: `readonly ${e.name}[]` });
    if (e.numeric) names.push({ name: `${e.name}ByNumber`, kind: 'const', type: `ReadonlyMap<number, ${e.name}>` });
  }
  for (const s of [...model.records, ...model.results])
    names.push({ name: s.name, kind: 'interface', type: structType(s) });
  for (const op of model.operations) {
    const name = paramsTypeName(op.tsName);
    const type =
      op.inputParams.length === 0
        ? 'Record<string, never>'
        : `{ ${op.inputParams.map((p) => `${p.name}${p.optional ? '?' : ''}: ${paramType(p)}`).join('; ')} }`;
    names.push({ name, kind: op.inputParams.length === 0 ? 'type' : 'interface', type });
  }
  return names;
}

function structType(s: StructModel): string {
  const body = `{ ${s.ownFields.map((f) => `${f.name}${f.optional ? '?' : ''}: ${fieldType(f)}`).join('; ')} }`;
  return s.base ? `${s.base.name} & ${body}` : body;
}

/** Names that appear, disappear or change type: in the new model's order, removed ones last in the old order. */
export function compareNames(oldModel: ServiceModel, newModel: ServiceModel): NameChange[] {
  const before = new Map(tsNames(oldModel).map((n) => [n.name, n]));
  const after = tsNames(newModel);
  const afterNames = new Set(after.map((n) => n.name));
  const changes: NameChange[] = [];
  for (const n of after) {
    const old = before.get(n.name);
    if (!old) changes.push({ name: n.name, kind: n.kind, change: 'added', old: undefined, new: n.type });
    else if (old.type !== n.type || old.kind !== n.kind)
      changes.push({ name: n.name, kind: n.kind, change: 'changed', old: old.type, new: n.type });
  }
  for (const n of before.values()) {
    if (!afterNames.has(n.name))
      changes.push({ name: n.name, kind: n.kind, change: 'removed', old: n.type, new: undefined });
  }
  return changes;
}
