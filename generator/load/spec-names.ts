/**
 * The TypeScript names of a spec's types and operations, handed out once for the whole spec by the rule of
 * `names.ts`: types first (enums, records, results, each in the spec's order), then operations (in order), so that a
 * name meets only those that come before it and the same spec always gets the same names. Methods come from a table
 * of their own (see {@link methodDerived}).
 */
import {
  CLIENT_MEMBERS,
  NameTable,
  declaredStem,
  enumDerived,
  identifierStem,
  methodDerived,
  methodName,
  operationDerived,
  reservedNames,
  structDerived,
} from './names.js';
import type { ResolvableSpec } from './salvage.js';

export interface SpecNames {
  /** The TypeScript name of the type keyed `key` under `section`. */
  type(section: 'enums' | 'records' | 'results', key: string): string;
  /** The stem and method of the operation at `index` of the spec's operations. */
  operation(index: number): { readonly tsName: string; readonly methodName: string };
}

export function specNames(raw: ResolvableSpec): SpecNames {
  const table = new NameTable(reservedNames(), declaredStem);
  const service = raw.service.name;
  table.reserve(
    raw.service.client,
    `${raw.service.client}Options`,
    `${service}MockOptions`,
    `${service}MockService`,
    `${service}Operation`,
    `${service}Handlers`,
  );

  const sections = [
    ['enums', Object.keys(raw.enums), enumDerived],
    ['records', Object.keys(raw.records), structDerived],
    ['results', Object.keys(raw.results), structDerived],
  ] as const;
  const typeRequests = sections.flatMap(([section, keys, derive]) =>
    keys.map((key) => ({ section, key, wire: key, derive })),
  );
  const typeNames = table.claimAll(typeRequests);
  const types = new Map(typeRequests.map((r, i) => [`${r.section}/${r.key}`, typeNames[i]!]));

  const isStruct = (type: unknown) =>
    typeof type === 'string' && (Object.hasOwn(raw.records, type) || Object.hasOwn(raw.results, type));
  const ops = raw.operations.flatMap((op, index) => {
    if (!op) return [];
    const outputs = op.outputs !== undefined;
    const returned = typeof op.result === 'object' && 'type' in op.result ? op.result.type : op.result;
    const has = {
      outputs,
      responseHeaders: (op.responseHeaders?.length ?? 0) > 0,
      valueResult: !outputs && returned !== 'void' && !isStruct(returned),
      faults: (op.faults?.length ?? 0) > 0,
    };
    return [{ op, index, has }];
  });
  const stems = table.claimAll(
    ops.map(({ op, has }) => ({ wire: op.name, derive: operationDerived(has), options: { declared: false } })),
  );
  // Poll methods are the spec's own names: operations' methods give way to them.
  const methods = new NameTable([...CLIENT_MEMBERS, ...raw.polls.flatMap((p) => (p ? [p.method] : []))]);
  const methodNames = methods.claimAll(
    ops.map(({ op, has }) => ({
      wire: methodName(identifierStem(op.name)),
      plain: identifierStem(op.name) === op.name,
      derive: methodDerived(has),
    })),
  );
  const operations = new Map(
    ops.map(({ index }, i) => [index, { tsName: stems[i]!, methodName: methodNames[i]! }] as const),
  );

  return {
    type: (section, key) => types.get(`${section}/${key}`) ?? key,
    operation: (index) =>
      operations.get(index) ?? { tsName: declaredStem(raw.operations[index]?.name ?? ''), methodName: '' },
  };
}
