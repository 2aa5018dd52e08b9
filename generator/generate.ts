/**
 * The library entry point: spec -> model -> emitters -> files, written or checked. The CLI is a thin layer over
 * `generate`; tests call it directly.
 */
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { emitters } from './emit/index.js';
import { LOCAL_ONLY_DIRS } from './emit/package/index.js';
import type { ServiceModel } from './model/types.js';
import { FormatCache, formatFiles } from './print/format.js';
import { Printer, type GeneratedFile } from './print/printer.js';
import { importWsdl, readWsdlSource, type ImportProblem } from './import/index.js';
import { SpecError, formatIssue, type SpecIssue } from './load/errors.js';
import { specJsonSchema } from './load/schema.js';
import { loadSpec, parseSpec } from './load/load.js';
import { withPackage, type PackageKey, type PackageOptions } from './load/package-info.js';
import { applyChanges, planChanges, type FileChange, type Target } from './write/plan.js';
import { isHttpUrl } from './model/text.js';

export interface GenerateOptions {
  /** The spec file. Give this or `wsdl`. */
  readonly spec?: string;
  /**
   * Or a WSDL (a file or an http(s) URL): its spec is drafted in memory, as `svc-codegen import-wsdl` would write it,
   * and generated from.
   */
  readonly wsdl?: string;
  /** The TODO(import) marks of the spec are errors (a `SpecError`), not warnings. */
  readonly strict?: boolean;
  /** The output directory (its generated files are replaced as a whole). */
  readonly out: string;
  /** Compare only; write nothing. */
  readonly check?: boolean;
  /**
   * Also write (or check) the spec format's JSON Schema next to the spec, as this file name. Off by default, so
   * that generating writes nowhere but `out`.
   */
  readonly schemaFile?: string;
  /** Base for relative paths and for the names shown in headers and messages (default: process.cwd()). */
  readonly cwd?: string;
  /** npm package metadata over the spec's (`service.package`): the config file's `package` key and the flags. */
  readonly package?: PackageOptions;
  /** How a refused `package` value is named in its error (a flag, a config file key); default `package.<key>`. */
  readonly packageSource?: Readonly<Partial<Record<PackageKey, string>>>;
}

export interface GenerateResult {
  readonly model: ServiceModel;
  /** Differences between the generated output and the disk (already applied unless `check`). */
  readonly changes: readonly FileChange[];
  /** The TODO(import) marks left in the spec, each at its place (none when `strict`: they are errors then). */
  readonly warnings: readonly SpecIssue[];
  /**
   * With `wsdl`: what the format could not express, at its place in the WSDL; and the name its warnings give the
   * draft, `<Service>.yaml` (the file `import-wsdl --out` would write, line for line).
   */
  readonly draft?: {
    readonly file: string;
    readonly problems: readonly ImportProblem[];
    readonly notes?: readonly ImportProblem[];
  };
}

export { DEFAULT_SCHEMA_FILE } from './load/schema.js';

export interface RenderOptions {
  /**
   * How the generated headers name the spec: {@link headerSpecName} of the output folder and the spec, as generate()
   * gives it; default the model's source (the spec's path as the loader was given it).
   */
  readonly specName?: string;
}

/**
 * The spec's path relative to the output folder `out`, with / separators, as the generated headers name it: the same
 * wherever the output is checked out and whatever path the spec was given by. An http(s) URL is kept as it is.
 */
export function headerSpecName(out: string, spec: string): string {
  if (isHttpUrl(spec)) return spec;
  const rel = relative(resolve(out), resolve(spec)).split(sep).join('/');
  // Another drive (Windows) has no relative path: the file name alone then, rather than an absolute path.
  return isAbsolute(rel) ? basename(spec) : rel;
}

/**
 * The files this process formatted in its last generation: `--watch`, and a process that generates several times,
 * format again only the files whose text changed.
 */
const formatted = new FormatCache();

/**
 * Renders every output file of a service, in a stable order. Pure: reads nothing but the model, the templates and
 * the dependency versions pinned in the generator's own package.json.
 */
export async function render(model: ServiceModel, options: RenderOptions = {}): Promise<GeneratedFile[]> {
  const printer = new Printer(model, options.specName !== undefined ? { specName: options.specName } : {});
  const files: GeneratedFile[] = [];
  // Formatted emitter by emitter, so that only one emitter's unformatted files are held at a time.
  try {
    for (const emit of emitters) files.push(...(await formatFiles(emit(model, printer), formatted)));
  } finally {
    formatted.endGeneration();
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The JSON Schema of the spec format, as written next to specs for editors. */
export function renderSpecSchema(): string {
  const schema = specJsonSchema() as Record<string, unknown>;
  const { $schema, ...rest } = schema;
  const withComment = {
    $schema,
    $comment:
      'Code generated by svc-codegen: the JSON Schema of its spec format. DO NOT EDIT. svc-codegen --spec-schema writes it again.',
    title: 'svc-codegen service spec',
    ...rest,
  };
  return `${JSON.stringify(withComment, null, 2)}\n`;
}

/** A WSDL given as a file, resolved against `cwd`; a URL as the import shows it (`shown`). */
function wsdlPath(wsdl: string, cwd: string, shown: string): string {
  return isHttpUrl(wsdl) ? shown : resolve(cwd, wsdl);
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const cwd = options.cwd ?? process.cwd();
  if ((options.spec === undefined) === (options.wsdl === undefined))
    throw new TypeError('generate: give either spec or wsdl');
  const warnings: SpecIssue[] = [];
  const parse = { strict: options.strict ?? false, onWarning: (w: SpecIssue) => warnings.push(w) };
  let model: ServiceModel;
  let draft: GenerateResult['draft'];
  const targets: Target[] = [];
  if (options.spec !== undefined) {
    const specPath = resolve(cwd, options.spec);
    model = loadSpec(specPath, { ...parse, cwd });
    if (options.schemaFile !== undefined) {
      targets.push({
        dir: dirname(specPath),
        files: [{ path: basename(options.schemaFile), content: renderSpecSchema() }],
        prune: false,
      });
    }
  } else {
    const source = await readWsdlSource(options.wsdl!, cwd);
    // With the $schema lines, so that the draft's lines are those import-wsdl --out writes.
    const imported = importWsdl(source.text, source.shown, { readFile: source.readFile, schema: true });
    draft = { file: `${imported.service}.yaml`, problems: imported.problems, notes: imported.notes };
    try {
      model = parseSpec(imported.yaml, draft.file, { ...parse, source: source.shown });
    } catch (error) {
      if (error instanceof SpecError && parse.strict) throw new StrictDraftError(error, source.shown, draft.file);
      throw error;
    }
  }
  if (options.package !== undefined) {
    const source = options.packageSource ?? {};
    model = withPackage(model, options.package, (key) => source[key] ?? `package.${key}`);
  }
  const outDir = resolve(cwd, options.out);
  const specName = headerSpecName(
    outDir,
    options.spec !== undefined ? resolve(cwd, options.spec) : wsdlPath(options.wsdl!, cwd, model.source),
  );
  targets.unshift({ dir: outDir, files: await render(model, { specName }), prune: true, ignore: LOCAL_ONLY_DIRS });
  const changes = planChanges(targets, cwd);
  if (!options.check) applyChanges(changes, cwd);
  return { model, changes, warnings, ...(draft ? { draft } : {}) };
}

/**
 * --strict met decisions left in a draft made from a WSDL: the places are in a file that exists only in memory, so the
 * message says how to write it, where to decide, and how to generate from it.
 */
export class StrictDraftError extends SpecError {
  constructor(marks: SpecError, wsdl: string, draft: string) {
    super(marks.issues);
    this.name = 'StrictDraftError';
    const count = marks.issues.length === 1 ? '1 decision' : `${marks.issues.length} decisions`;
    this.message =
      `${wsdl}: --strict refuses the draft: ${count} left to you. The draft is kept in memory; ` +
      `\`svc-codegen import-wsdl ${wsdl} --out ${draft}\` writes it (these places are its lines): decide there, ` +
      `then generate with --spec ${draft}, or drop --strict to generate with the draft's choices:\n` +
      marks.issues.map((i) => `  ${formatIssue(i)}`).join('\n');
  }
}
