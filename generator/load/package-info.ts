/**
 * The npm package metadata of the generated SDK given outside the spec: by the config file's `package` key or the
 * generate command's flags. They win over the spec, which wins over the defaults (generator/load/resolve/service.ts);
 * each value is checked as the spec's own would be, and a bad one is refused naming where it came from.
 */
import type { PackageModel, ServiceModel } from '../model/types.js';
import { npmNameSchema, semverSchema } from './schema.js';

/** What may be set outside the spec; every key is optional. */
export interface PackageOptions {
  readonly name?: string | undefined;
  readonly version?: string | undefined;
  readonly description?: string | undefined;
  readonly license?: string | undefined;
  readonly repository?: string | undefined;
  readonly author?: string | undefined;
  readonly mockName?: string | undefined;
}

export type PackageKey = keyof PackageOptions;

/** Each key with its flag, in the order help and messages list them. */
export const PACKAGE_FLAGS: Readonly<Record<PackageKey, string>> = {
  name: 'package-name',
  version: 'package-version',
  description: 'package-description',
  license: 'package-license',
  repository: 'package-repository',
  author: 'package-author',
  mockName: 'mock-package-name',
};

export const PACKAGE_KEYS = Object.keys(PACKAGE_FLAGS) as PackageKey[];

/** The mock package's name when none is given: the client's with `-mock` (also the mock's command). */
export function defaultMockName(name: string): string {
  return `${name}-mock`;
}

/** Why `value` cannot be the package's `key`, or undefined when it can. */
export function packageValueProblem(key: PackageKey, value: string): string | undefined {
  const schema = key === 'name' || key === 'mockName' ? npmNameSchema : key === 'version' ? semverSchema : undefined;
  if (schema === undefined) return value.trim() === '' ? 'must not be empty' : undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A package value that cannot be used; `where` names the flag or key it came from. */
export class PackageOptionError extends Error {
  constructor(where: string, value: string, problem: string) {
    super(`${where} ${JSON.stringify(value)}: ${problem}`);
    this.name = 'PackageOptionError';
  }
}

/**
 * `model` with `options` over its package. The mock's name follows a new client name unless it was given (in the
 * spec or here). `where` names a key for messages (default `package.<key>`, as the config file spells it).
 */
export function withPackage(
  model: ServiceModel,
  options: PackageOptions,
  where: (key: PackageKey) => string = (k) => `package.${k}`,
): ServiceModel {
  const given = PACKAGE_KEYS.filter((k) => options[k] !== undefined);
  if (given.length === 0) return model;
  for (const key of given) {
    const problem = packageValueProblem(key, options[key]!);
    if (problem !== undefined) throw new PackageOptionError(where(key), options[key]!, problem);
  }
  const old = model.package;
  const name = options.name ?? old.name;
  const mockDerived = old.mockName === defaultMockName(old.name);
  const pkg: PackageModel = {
    ...old,
    ...Object.fromEntries(given.map((k) => [k, options[k]])),
    mockName: options.mockName ?? (mockDerived ? defaultMockName(name) : old.mockName),
  };
  if (pkg.mockName === pkg.name) {
    throw new PackageOptionError(
      where(options.mockName !== undefined ? 'mockName' : 'name'),
      pkg.name,
      'the client and the mock packages need names of their own',
    );
  }
  return { ...model, package: pkg };
}
