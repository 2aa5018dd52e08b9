/** `svc-codegen diff <old.yaml> <new.yaml>`: what changed between two specs, classified for clients and servers. */
import type { Argv } from 'yargs';
import { diffSpecs, failsOn, loadDiffSide, renderJson, renderMarkdown } from '../diff/index.js';
import { SpecError } from '../load/errors.js';

export interface DiffRun {
  readonly output: string;
  /** 0, 1 when `--fail-on` is met, 2 when a spec cannot be read or is invalid. */
  readonly exitCode: number;
  readonly error: string | undefined;
}

/** The command without the process: what it prints and the exit code (the tests call this). */
export function runDiff(options: {
  old: string;
  new: string;
  format?: 'markdown' | 'json';
  failOn?: 'breaking' | 'any' | 'none';
  cwd?: string;
}): DiffRun {
  try {
    const diff = diffSpecs(loadDiffSide(options.old, options.cwd), loadDiffSide(options.new, options.cwd));
    const output = options.format === 'json' ? renderJson(diff) : renderMarkdown(diff);
    return { output, exitCode: failsOn(diff, options.failOn ?? 'none') ? 1 : 0, error: undefined };
  } catch (error) {
    if (error instanceof SpecError) return { output: '', exitCode: 2, error: error.message };
    throw error;
  }
}

export function diffCommand(cli: Argv): Argv {
  return cli.command(
    'diff <old> <new>',
    'compare two specs (files, or git revisions such as HEAD~1:spec/service.yaml) and classify each change for existing clients and servers',
    (y) =>
      y
        .positional('old', { type: 'string', demandOption: true, describe: 'the old spec: a file or <revision>:<path>' })
        .positional('new', { type: 'string', demandOption: true, describe: 'the new spec: a file or <revision>:<path>' })
        .option('format', { choices: ['markdown', 'json'] as const, default: 'markdown' as const, describe: 'Markdown for a pull request, or JSON' })
        .option('fail-on', {
          choices: ['breaking', 'any', 'none'] as const,
          default: 'none' as const,
          describe: 'exit 1 when a change is breaking for clients or servers (breaking), or on any change (any)',
        }),
    (argv) => {
      const run = runDiff({ old: argv.old, new: argv.new, format: argv.format, failOn: argv.failOn });
      if (run.error !== undefined) process.stderr.write(`${run.error}\n`);
      process.stdout.write(run.output);
      process.exitCode = run.exitCode;
    },
  );
}
