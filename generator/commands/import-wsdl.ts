/**
 * The work of `svc-codegen import-wsdl <file.wsdl | url> [--out spec.yaml]` (its flags: import-wsdl-cli.ts): a spec
 * drafted from a WSDL (generator/import).
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
 * SOAP service (not found, not XML, not WSDL 1.1, no SOAP port).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_SCHEMA_FILE, renderSpecSchema } from '../generate.js';
import { formatProblem, importWsdl, readWsdlSource, WsdlImportError, WsdlSourceError, type ImportResult } from '../import/index.js';

export interface ImportRun {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** The command without the process: what it writes and prints, and its exit code (the tests call this). */
export async function runImportWsdl(options: { file: string; out?: string; cwd?: string }): Promise<ImportRun> {
  const cwd = options.cwd ?? process.cwd();
  let result: ImportResult;
  let shown: string;
  try {
    const source = await readWsdlSource(options.file, cwd);
    shown = source.shown;
    result = importWsdl(source.text, source.shown, { readFile: source.readFile, schema: options.out !== undefined });
  } catch (error) {
    if (error instanceof WsdlImportError || error instanceof WsdlSourceError) return { stdout: '', stderr: `${error.message}\n`, exitCode: 2 };
    throw error;
  }
  let stderr = [...result.notes, ...result.problems].map((p) => `${formatProblem(p)}\n`).join('');
  if (options.out === undefined) return { stdout: result.yaml, stderr, exitCode: 0 };
  writeFileSync(resolve(cwd, options.out), result.yaml);
  const schema = join(dirname(options.out), DEFAULT_SCHEMA_FILE);
  writeFileSync(resolve(cwd, schema), renderSpecSchema());
  const count = result.problems.length;
  stderr += `Wrote ${options.out} (and ${schema.split('\\').join('/')}, the JSON Schema it names) from ${shown}${count > 0 ? ` (${count} problem${count === 1 ? '' : 's'} listed above and in its top comment)` : ''}.\n`;
  return { stdout: '', stderr, exitCode: 0 };
}
