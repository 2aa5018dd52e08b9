/**
 * The work of `svc-codegen import-wsdl <file.wsdl | url> [--out spec.yaml [--force] | --update spec.yaml [--check]]`
 * (its flags: import-wsdl-cli.ts): a spec drafted from a WSDL (generator/import), or an existing spec brought up to
 * date with it (generator/update: the WSDL's changes applied, every hand-made decision kept, the diff on stdout).
 * `--out` never replaces an existing file without `--force`.
 *
 * A URL (http or https, e.g. an ASMX service's `?WSDL`) is fetched, and so are the WSDLs and schemas it imports on
 * the same origin (WCF's `?wsdl=wsdl0`, `?xsd=xsd0`); a file's imports are read from its folder, a URL it names from
 * a file beside it that stands for the URL (generator/import/stand-in.ts; stderr says which). The draft names the WSDL as typed (an absolute path:
 * relative to the working directory).
 *
 * With --out, writes the YAML there and the JSON Schema of the format beside it (the draft's `$schema` line names it,
 * as `generate --spec-schema` keeps it next to a spec); without, writes the YAML to stdout, without `$schema` lines
 * (they would name a file that is not there). Prints every problem (a construct the format cannot express, with its
 * line:column) on stderr. Exit code 0 when a draft was written, problems or not (they are also listed in the draft's
 * top comment, and its TODO(import) marks are generation's warnings); 2 when the input cannot be read as the WSDL of a
 * SOAP service (not found, not XML, not WSDL 1.1, no SOAP port), or when no operation of it can be drafted (an RPC
 * service): then nothing is written. The problems end with one line counting them by kind (`left out: N constructs
 * (...)`), for measuring a corpus; it is kept out of the draft, whose top comment lists them one by one.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_SCHEMA_FILE, renderSpecSchema } from '../generate.js';
import {
  formatProblem,
  importWsdl,
  NothingToDraftError,
  readWsdlSource,
  WsdlImportError,
  WsdlSourceError,
  type ImportProblem,
  type ImportResult,
} from '../import/index.js';
import { leftOutLine } from '../import/left-out.js';
import { SpecError } from '../load/errors.js';
import { renderUpdate, UpdateError, updateSpec, type UpdateResult } from '../update/index.js';

export interface ImportRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

export interface ImportWsdlOptions {
  readonly file: string;
  /** Write a fresh draft there; an existing file only with `force`. */
  readonly out?: string;
  /** Bring this spec up to date with the WSDL, keeping its hand-made decisions. */
  readonly update?: string;
  /** With `update`: write nothing, exit 1 when the spec would change. */
  readonly check?: boolean;
  /** With `out`: replace an existing file. */
  readonly force?: boolean;
  readonly cwd?: string;
}

/** The command without the process: what it writes and prints, and its exit code (the tests call this). */
export async function runImportWsdl(options: ImportWsdlOptions): Promise<ImportRun> {
  const cwd = options.cwd ?? process.cwd();
  const misuse = flagProblem(options, cwd);
  if (misuse !== undefined) return { stdout: '', stderr: `${misuse}\n`, exitCode: 2 };
  let result: ImportResult;
  let shown: string;
  try {
    const source = await readWsdlSource(options.file, cwd);
    shown = source.shown;
    result = importWsdl(source.text, source.shown, { readFile: source.readFile, schema: options.out !== undefined });
    if (options.update !== undefined) return update(options.update, result, shown, options.check === true, cwd);
  } catch (error) {
    if (error instanceof NothingToDraftError)
      return { stdout: '', stderr: `${problemLines(error.problems)}${error.message}\n`, exitCode: 2 };
    if (error instanceof WsdlImportError || error instanceof WsdlSourceError)
      return { stdout: '', stderr: `${error.message}\n`, exitCode: 2 };
    throw error;
  }
  let stderr = result.notes.map((p) => `${formatProblem(p)}\n`).join('') + problemLines(result.problems);
  if (options.out === undefined) return { stdout: result.yaml, stderr, exitCode: 0 };
  writeFileSync(resolve(cwd, options.out), result.yaml);
  const schema = join(dirname(options.out), DEFAULT_SCHEMA_FILE);
  writeFileSync(resolve(cwd, schema), renderSpecSchema());
  const count = result.problems.length;
  stderr += `Wrote ${options.out} (and ${schema.split('\\').join('/')}, the JSON Schema it names) from ${shown}${count > 0 ? ` (${count} problem${count === 1 ? '' : 's'} listed above and in its top comment)` : ''}.\n`;
  return { stdout: '', stderr, exitCode: 0 };
}

/** A combination of flags that cannot work, in words naming the flags; undefined when they are fine. */
function flagProblem(options: ImportWsdlOptions, cwd: string): string | undefined {
  if (options.update !== undefined && options.out !== undefined)
    return 'import-wsdl: give --update <spec> (update a spec) or --out <spec> (write a new draft), not both';
  if (options.check && options.update === undefined)
    return 'import-wsdl: --check goes with --update <spec> (it reports whether the spec would change, and writes nothing)';
  if (options.force && options.out === undefined)
    return 'import-wsdl: --force goes with --out <spec> (it lets a new draft replace an existing file)';
  if (options.out !== undefined && !options.force && existsSync(resolve(cwd, options.out))) {
    return (
      `import-wsdl: ${options.out} exists, and a draft would replace it with everything edited by hand lost. ` +
      `Use --update ${options.out} to apply the WSDL's changes and keep your edits, or --force to replace it.`
    );
  }
  if (options.update !== undefined && !existsSync(resolve(cwd, options.update))) {
    return `import-wsdl: ${options.update}: cannot read the spec to update: file not found (--out ${options.update} writes a new draft there)`;
  }
  return undefined;
}

/** `--update`: the spec brought up to date with the WSDL's draft, its report on stdout; written unless `check`. */
function update(file: string, result: ImportResult, shown: string, check: boolean, cwd: string): ImportRun {
  const path = resolve(cwd, file);
  const name = file.split('\\').join('/');
  let updated: UpdateResult;
  try {
    updated = updateSpec({ text: readFileSync(path, 'utf8'), name }, result.yaml, shown);
  } catch (error) {
    if (error instanceof UpdateError || error instanceof SpecError)
      return { stdout: '', stderr: `${error.message}\n`, exitCode: 2 };
    throw error;
  }
  const report = renderUpdate(updated);
  const left =
    updated.left.length > 0
      ? ` ${updated.left.length} change${updated.left.length === 1 ? '' : 's'} of the WSDL not applied (listed): edit ${name} by hand.`
      : '';
  if (!updated.changed)
    return {
      stdout: report,
      stderr: `${name} is up to date with ${shown}.${left}\n`,
      exitCode: check && left !== '' ? 1 : 0,
    };
  const count = updated.diff.changes.length;
  const what = `${count} change${count === 1 ? '' : 's'}`;
  if (check)
    return {
      stdout: report,
      stderr: `${name} is not up to date with ${shown}: --update would make ${what} (listed); nothing written.${left}\n`,
      exitCode: 1,
    };
  writeFileSync(path, updated.text);
  return {
    stdout: report,
    stderr: `Updated ${name} from ${shown}: ${what} (listed), hand-made decisions kept.${left}\n`,
    exitCode: 0,
  };
}

/** Each problem on a line of its own, then the count of what was left out by kind (none: nothing). */
function problemLines(problems: readonly ImportProblem[]): string {
  const count = leftOutLine(problems);
  return problems.map((p) => `${formatProblem(p)}\n`).join('') + (count !== undefined ? `${count}\n` : '');
}
