/**
 * The TypeScript names of a spec's types and operations, handed out once for the whole spec by the rule of
 * `names.ts`: types first (enums, records, results, each in the spec's order), then operations (in order), so that a
 * name meets only those that come before it and the same spec always gets the same names.
 */
import { CLIENT_MEMBERS, NameTable, enumDerived, operationDerived, operationMethods, structDerived } from './names.js';
import type { ResolvableSpec } from './salvage.js';

export interface SpecNames {
  /** The TypeScript name of the type keyed `key` under `section`. */
  type(section: 'enums' | 'records' | 'results', key: string): string;
  /** The stem and method of the operation at `index` of the spec's operations. */
  operation(index: number): { readonly tsName: string; readonly methodName: string };
}

export function specNames(raw: ResolvableSpec): SpecNames {
  const table = new NameTable();
  const service = raw.service.name;
  table.reserve(raw.service.client, `${raw.service.client}Options`, `${service}MockOptions`, `${service}MockService`, `${service}Operation`, `${service}Handlers`);

  const sections = [
    ['enums', Object.keys(raw.enums), enumDerived],
    ['records', Object.keys(raw.records), structDerived],
    ['results', Object.keys(raw.results), structDerived],
  ] as const;
  const typeRequests = sections.flatMap(([section, keys, derive]) => keys.map((key) => ({ section, key, wire: key, derive })));
  const typeNames = table.claimAll(typeRequests);
  const types = new Map(typeRequests.map((r, i) => [`${r.section}/${r.key}`, typeNames[i]!]));

  const methods = new NameTable([...CLIENT_MEMBERS, ...raw.polls.flatMap((p) => (p ? [p.method] : []))]);
  const ops = raw.operations.map((op, index) => ({ op, index })).filter((x) => x.op !== undefined);
  const opRequests = ops.map(({ op }) => {
    const has = { outputs: (op!.outputs?.length ?? 0) > 0, responseHeaders: (op!.responseHeaders?.length ?? 0) > 0 };
    return { wire: op!.name, derive: operationDerived(has), options: { declared: false, alongside: { table: methods, names: operationMethods(has) } } };
  });
  const stems = table.claimAll(opRequests);
  const operations = new Map(
    ops.map(({ op, index }, i) => {
      const has = { responseHeaders: (op!.responseHeaders?.length ?? 0) > 0 };
      return [index, { tsName: stems[i]!, methodName: operationMethods(has)(stems[i]!)[0]! }] as const;
    }),
  );

  return {
    type: (section, key) => types.get(`${section}/${key}`) ?? key,
    operation: (index) => operations.get(index) ?? { tsName: raw.operations[index]?.name ?? '', methodName: '' },
  };
}
