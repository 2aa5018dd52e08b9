/**
 * The config file: `svc-codegen.config.yaml` (or `.yml`, `.json`) in the working directory, or the file `--config`
 * names. It holds what the generate command's flags say (the service, the output, the options, the npm packages'
 * metadata), so that `svc-codegen` alone generates. Paths in it are relative to its own folder. Its problems are reported as a spec's
 * are: each at its file:line:column, all of them at once, unknown keys with the key meant.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { formatIssue, formatPath, type SpecIssue } from '../load/errors.js';
import { SourceLocator, type SpecPath } from '../load/locate.js';
import { plainMessage, schemaIssues } from '../load/schema-messages.js';
import { fileFailure } from '../load/read-failure.js';
import { npmNameSchema, semverSchema } from '../load/schema.js';

/** The names looked for in the working directory, in this order (the first found is read). */
export const CONFIG_FILES = ['svc-codegen.config.yaml', 'svc-codegen.config.yml', 'svc-codegen.config.json'] as const;

const text = z.string().min(1);

/** What a config file may say; every key is optional, and a flag given on the command line wins over it. */
export const configSchema = z.strictObject({
  /** For editors that read a JSON Schema reference; not used by the generator. */
  $schema: text.optional(),
  /** The service spec (YAML), relative to the config file. */
  spec: text.optional(),
  /** Or the WSDL of the service: a file relative to the config file, or an http(s) URL. */
  wsdl: text.optional(),
  /** The output directory, relative to the config file (default `generated`). */
  out: text.optional(),
  /** The TODO(import) marks are errors (as `--strict`). */
  strict: z.boolean().optional(),
  /** Also write the spec format's JSON Schema beside the spec (as `--spec-schema`). */
  specSchema: z.boolean().optional(),
  /** The npm packages' metadata, over the spec's `service.package` (as the `--package-*` flags). */
  package: z
    .strictObject({
      name: npmNameSchema.optional(),
      version: semverSchema.optional(),
      description: text.optional(),
      license: text.optional(),
      repository: text.optional(),
      author: text.optional(),
      mockName: npmNameSchema.optional(),
    })
    .optional(),
});

export type ConfigValues = z.infer<typeof configSchema>;

export interface Config {
  /** The file as shown in messages (relative to the working directory when inside it). */
  readonly file: string;
  /** Its absolute path. */
  readonly path: string;
  /** Its folder: the base of the paths it names. */
  readonly dir: string;
  readonly values: ConfigValues;
}

/** A config file that cannot be read or says something it may not; `issues` each have their place. */
export class ConfigError extends Error {
  readonly issues: readonly SpecIssue[];

  constructor(issues: readonly SpecIssue[]) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`Invalid config file (${count}):\n${issues.map((i) => `  ${formatIssue(i)}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** The config file of `cwd` (the first of CONFIG_FILES there), or undefined when it has none. */
export function findConfig(cwd: string): string | undefined {
  return CONFIG_FILES.map((name) => join(cwd, name)).find((path) => existsSync(path));
}

/** Reads and validates the config file at `file` (relative to `cwd`); throws ConfigError listing every problem. */
export function loadConfig(file: string, cwd: string): Config {
  const path = resolve(cwd, file);
  const rel = relative(cwd, path);
  const shown = (rel.startsWith('..') ? path : rel).split(sep).join('/');
  let source: string;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([
      { file: shown, line: 1, column: 1, path: '', message: `cannot read the config file: ${fileFailure(error)}` },
    ]);
  }
  return { file: shown, path, dir: dirname(path), values: parseConfig(source, shown) };
}

/** Validates config text (YAML, or JSON, which YAML reads as well) named `file` in messages. */
export function parseConfig(source: string, file: string): ConfigValues {
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => {
        const pos = lines.linePos(e.pos[0]);
        return { file, line: pos.line, column: pos.col, path: '', message: e.message.split('\n')[0] ?? e.message };
      }),
    );
  }
  const locator = new SourceLocator(doc, lines);
  const at = (path: SpecPath, message: string, key = false): SpecIssue => ({
    file,
    ...locator.locate(path, { key }),
    path: formatPath(path),
    message,
  });
  const input: unknown = doc.toJS();
  if (input === null || input === undefined) {
    throw new ConfigError([
      at([], `the config file is empty: it needs at least spec (or wsdl), e.g. "spec: service.yaml"`),
    ]);
  }
  const parsed = configSchema.safeParse(input, { error: plainMessage });
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.flatMap((issue) => schemaIssues(issue, [], at, input)));
  if (parsed.data.spec !== undefined && parsed.data.wsdl !== undefined) {
    throw new ConfigError([at(['wsdl'], 'give the service as either spec or wsdl, not both', true)]);
  }
  return parsed.data;
}
