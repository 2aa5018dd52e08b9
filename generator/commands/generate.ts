/**
 * `svc-codegen [generate] (--spec FILE | --wsdl FILE|URL) [--out DIR] [--check] [--strict] [--spec-schema]`:
 * generate() from the command line.
 *
 * Warnings (the TODO(import) marks a spec still has; with --wsdl, also what the format could not express) go to
 * stderr, each at its file:line:column, and leave the exit code 0; with --strict the marks are errors (exit 2).
 */
import type { Argv } from 'yargs';
import { EmitError } from '../emit/errors.js';
import { DEFAULT_SCHEMA_FILE, generate, type GenerateOptions, type GenerateResult } from '../generate.js';
import { formatProblem, WsdlImportError, WsdlSourceError } from '../import/index.js';
import { formatIssue, SpecError } from '../load/errors.js';
import { countLine, describeChanges } from '../write/summary.js';
import { UsageError } from './usage.js';

export interface GenerateRun {
  readonly stdout: string;
  readonly stderr: string;
  /** 0; 1 when `check` finds the output stale; 2 when the spec (or WSDL) cannot be read, is invalid, or is not strict enough. */
  readonly exitCode: number;
}

/** The command without the process: what it prints and its exit code (the tests call this). */
export async function runGenerate(options: GenerateOptions): Promise<GenerateRun> {
  const from = options.spec ?? options.wsdl ?? '';
  let result: GenerateResult;
  try {
    result = await generate(options);
  } catch (error) {
    if (error instanceof SpecError || error instanceof EmitError || error instanceof WsdlImportError || error instanceof WsdlSourceError) {
      return { stdout: '', stderr: `${error.message}\n`, exitCode: 2 };
    }
    throw error;
  }
  let stderr = warningsText(result);
  let stdout = '';
  let exitCode = 0;
  const { changes } = result;
  if (options.check) {
    if (changes.length > 0) {
      stderr += `Generated files are stale (${countLine(changes)}). Run \`npm run generate\` and commit the result.\n\n${describeChanges(changes)}\n`;
      exitCode = 1;
    } else {
      stdout = `Generated files are up to date (${from} -> ${options.out}).\n`;
    }
  } else {
    stdout = `Generated ${options.out} from ${from}: ${countLine(changes)}.\n`;
  }
  return { stdout, stderr, exitCode };
}

function warningsText(result: GenerateResult): string {
  const lines: string[] = [];
  const problems = result.draft?.problems ?? [];
  if (problems.length > 0) {
    lines.push(`Not expressible in the spec format, left out of the draft (${problems.length}):`, ...problems.map((p) => `  ${formatProblem(p)}`));
  }
  if (result.warnings.length > 0) {
    const where = result.draft
      ? ` of the draft (kept in memory; \`svc-codegen import-wsdl ${result.model.source} --out ${result.draft.file}\` writes it, these lines included)`
      : '';
    lines.push(
      `Warning: ${result.warnings.length} decision${result.warnings.length === 1 ? '' : 's'} left to you${where}; --strict makes ${result.warnings.length === 1 ? 'it an error' : 'them errors'}:`,
      ...result.warnings.map((w) => `  ${formatIssue(w)}`),
    );
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

export function generateCommand(cli: Argv): Argv {
  return cli.command(
    ['generate', '$0'],
    'generate the client, mock, docs, WSDL, runtime and package files from a service spec (or straight from a WSDL) into --out',
    (y) =>
      y
        .option('spec', { type: 'string', describe: 'the service spec (YAML)' })
        .option('wsdl', {
          type: 'string',
          describe: 'or the WSDL of an ASMX-style service (a file or its http(s) URL): its spec is drafted in memory, as import-wsdl would write it',
        })
        .option('out', { type: 'string', default: 'generated', describe: 'the output directory; nothing is written outside it unless asked' })
        .option('check', { type: 'boolean', default: false, describe: 'write nothing; fail if the output is stale' })
        .option('strict', {
          type: 'boolean',
          default: false,
          describe: 'fail (exit 2) on the TODO(import) marks a spec still has, rather than warn about them (for CI)',
        })
        .option('spec-schema', {
          type: 'boolean',
          default: false,
          describe: `also write (with --check: check) the JSON Schema of the spec format as ${DEFAULT_SCHEMA_FILE} next to the spec, for editors`,
        })
        .check((argv) => {
          if ((argv.spec === undefined) === (argv.wsdl === undefined)) throw new UsageError('Give the service as either --spec <file.yaml> or --wsdl <file | url>.');
          if (argv.wsdl !== undefined && argv.specSchema) throw new UsageError('--spec-schema writes beside a spec; with --wsdl there is none (import-wsdl --out writes both).');
          return true;
        }),
    async (argv) => {
      const run = await runGenerate({
        ...(argv.spec !== undefined ? { spec: argv.spec } : { wsdl: argv.wsdl! }),
        out: argv.out,
        check: argv.check,
        strict: argv.strict,
        ...(argv.specSchema ? { schemaFile: DEFAULT_SCHEMA_FILE } : {}),
      });
      process.stderr.write(run.stderr);
      process.stdout.write(run.stdout);
      process.exitCode = run.exitCode;
    },
  );
}
