/** `svc-codegen diff`: its flags, help and examples; the spec loader is loaded when the command runs. */
import type { Argv } from 'yargs';

export function diffCommand(cli: Argv): Argv {
  return cli.command(
    'diff <old> <new>',
    "compare two specs (files, or git revisions such as HEAD~1:spec/service.yaml), or a spec and a WSDL (a file or a live service's ?WSDL URL), and classify each change for existing clients and servers",
    (y) =>
      y
        .positional('old', {
          type: 'string',
          demandOption: true,
          describe: 'the old side: a spec (a file or <revision>:<path>) or a WSDL (a .wsdl file or an http(s) URL)',
        })
        .positional('new', {
          type: 'string',
          demandOption: true,
          describe: 'the new side: a spec (a file or <revision>:<path>) or a WSDL (a .wsdl file or an http(s) URL)',
        })
        .option('format', {
          choices: ['markdown', 'json'] as const,
          default: 'markdown' as const,
          describe: 'Markdown for a pull request, or JSON',
        })
        .option('fail-on', {
          choices: ['breaking', 'any', 'none'] as const,
          default: 'none' as const,
          describe: 'exit 1 when a change is breaking for clients or servers (breaking), or on any change (any)',
        })
        .example(
          '$0 diff HEAD~1:spec/service.yaml spec/service.yaml',
          'what the working copy changed since the last commit, as Markdown',
        )
        .example('$0 diff old.yaml new.yaml --format json', 'the same as JSON, for a script')
        .example(
          '$0 diff main:spec/service.yaml spec/service.yaml --fail-on breaking',
          'in CI: exit 1 when a change breaks existing clients or servers',
        )
        .example(
          '$0 diff spec/service.yaml https://host/Service.asmx?WSDL --fail-on breaking',
          'drift: what the live service changed against the spec, compared as WSDLs say it',
        ),
    async (argv) => {
      const { runDiff } = await import('./diff.js');
      const run = await runDiff({ old: argv.old, new: argv.new, format: argv.format, failOn: argv.failOn });
      if (run.error !== undefined) process.stderr.write(`${run.error}\n`);
      process.stdout.write(run.output);
      process.exitCode = run.exitCode;
    },
  );
}
