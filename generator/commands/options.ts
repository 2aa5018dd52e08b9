/**
 * The generate command's flags and its config file made into one set of GenerateOptions. A flag wins over the
 * config file; the config file is read when no service is named on the command line (`--spec`, `--wsdl`), or when
 * `--config` names it. Paths are made relative to the config file's folder, which generation runs from, so that what
 * the output names does not depend on where the command was started.
 */
import { relative, resolve } from 'node:path';
import type { GenerateOptions } from '../generate.js';
import { DEFAULT_SCHEMA_FILE } from '../load/schema-file.js';
import {
  PACKAGE_FLAGS,
  PACKAGE_KEYS,
  packageValueProblem,
  type PackageKey,
  type PackageOptions,
} from '../load/package-info.js';
import { CONFIG_FILES, findConfig, loadConfig, type Config } from './config.js';
import { UsageError } from './usage.js';
import { isHttpUrl } from '../model/text.js';

/** The generate command's flags as yargs gives them: undefined when not given. */
export interface GenerateFlags {
  readonly spec?: string | undefined;
  readonly wsdl?: string | undefined;
  readonly out?: string | undefined;
  readonly check?: boolean | undefined;
  readonly strict?: boolean | undefined;
  readonly specSchema?: boolean | undefined;
  readonly config?: string | undefined;
  /** The `--package-*` flags (and `--mock-package-name`), by the key they set. */
  readonly package?: PackageOptions | undefined;
}

export const DEFAULT_OUT = 'generated';

export interface ResolvedOptions {
  /** With `cwd` set: the config file's folder, or the working directory without one. */
  readonly options: GenerateOptions & { readonly cwd: string };
  readonly config: Config | undefined;
}

/** Throws UsageError when the service is named nowhere (or twice), ConfigError when the config file is invalid. */
export function resolveOptions(flags: GenerateFlags, cwd: string): ResolvedOptions {
  const named = flags.spec !== undefined || flags.wsdl !== undefined;
  const file = flags.config ?? (named ? undefined : findConfig(cwd));
  const config = file === undefined ? undefined : loadConfig(file, cwd);
  const base = config?.dir ?? cwd;
  // Without a config file, paths go on as typed (generated headers name the spec so).
  const fromFlag = (path: string): string =>
    config === undefined || isHttpUrl(path) ? path : relative(base, resolve(cwd, path)) || '.';
  const values = config?.values ?? {};
  const source = named
    ? flags.spec !== undefined
      ? { spec: fromFlag(flags.spec) }
      : { wsdl: fromFlag(flags.wsdl!) }
    : values.spec !== undefined
      ? { spec: values.spec }
      : values.wsdl !== undefined
        ? { wsdl: values.wsdl }
        : undefined;
  if (source === undefined) {
    throw new UsageError(
      config === undefined
        ? `Give the service as --spec <file.yaml> or --wsdl <file | url>, or name it in a config file (${CONFIG_FILES.join(', ')}) in the working directory.`
        : `${config.file} names no service: give it spec (or wsdl), or the command line --spec or --wsdl.`,
    );
  }
  const specSchema = flags.specSchema ?? values.specSchema ?? false;
  if ('wsdl' in source && specSchema) {
    throw new UsageError(
      '--spec-schema writes beside a spec; with --wsdl there is none (import-wsdl --out writes both).',
    );
  }
  const pkg = packageOptions(flags.package ?? {}, values.package ?? {}, config);
  return {
    options: {
      ...source,
      ...pkg,
      out: flags.out !== undefined ? fromFlag(flags.out) : (values.out ?? DEFAULT_OUT),
      check: flags.check ?? false,
      strict: flags.strict ?? values.strict ?? false,
      ...(specSchema ? { schemaFile: DEFAULT_SCHEMA_FILE } : {}),
      cwd: base,
    },
    config,
  };
}

/**
 * The package values of the flags over the config file's, with where each came from; a flag's value is checked here
 * (the config file's, by its schema), so that a bad one is refused naming the flag.
 */
function packageOptions(
  flags: PackageOptions,
  values: PackageOptions,
  config: Config | undefined,
): Pick<GenerateOptions, 'package' | 'packageSource'> {
  const merged: Record<string, string> = {};
  const source: Partial<Record<PackageKey, string>> = {};
  for (const key of PACKAGE_KEYS) {
    const flag = flags[key];
    if (flag !== undefined) {
      const problem = packageValueProblem(key, flag);
      if (problem !== undefined) throw new UsageError(`--${PACKAGE_FLAGS[key]} ${JSON.stringify(flag)}: ${problem}.`);
      merged[key] = flag;
      source[key] = `--${PACKAGE_FLAGS[key]}`;
    } else if (values[key] !== undefined) {
      merged[key] = values[key];
      source[key] = `${config?.file ?? 'the config file'}: package.${key}`;
    }
  }
  return Object.keys(merged).length === 0 ? {} : { package: merged, packageSource: source };
}
