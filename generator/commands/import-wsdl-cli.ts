/** `svc-codegen import-wsdl`: its flags, help and examples; the importer is loaded when the command runs. */
import type { Argv } from 'yargs';
import { DEFAULT_SCHEMA_FILE } from '../load/schema-file.js';

export function importWsdlCommand(cli: Argv): Argv {
  return cli.command(
    'import-wsdl <file>',
    'draft a spec (YAML) from the WSDL 1.1 of an ASMX-style service',
    (y) =>
      y
        .positional('file', { type: 'string', demandOption: true, describe: 'the WSDL file, or its http(s) URL' })
        .option('out', {
          type: 'string',
          describe: `the spec file to write, with ${DEFAULT_SCHEMA_FILE} beside it (default: the spec to stdout)`,
        })
        .option('update', {
          type: 'string',
          describe:
            'the spec to bring up to date with the WSDL: its changes applied, every hand-made decision kept; prints the diff',
        })
        .option('check', {
          type: 'boolean',
          describe: 'with --update: write nothing; exit 1 when the spec would change',
        })
        .option('force', {
          type: 'boolean',
          describe: 'with --out: replace an existing file (without it, an existing spec is never overwritten)',
        })
        .example(
          '$0 import-wsdl Service.wsdl --out spec/service.yaml',
          `write the draft spec and spec/${DEFAULT_SCHEMA_FILE}`,
        )
        .example(
          '$0 import-wsdl Service.wsdl --update spec/service.yaml',
          "apply the WSDL's changes to the spec, keeping docs, auth and every decision made by hand",
        )
        .example(
          '$0 import-wsdl "https://host/Service.asmx?WSDL" --update spec/service.yaml --check',
          'in CI: exit 1 when the live WSDL has changes the spec lacks',
        )
        .example(
          '$0 import-wsdl "https://host/Service.asmx?WSDL"',
          'fetch a live WSDL (and what it imports) and print the draft',
        ),
    async (argv) => {
      const { runImportWsdl } = await import('./import-wsdl.js');
      const run = await runImportWsdl({
        file: argv.file,
        ...(argv.out !== undefined ? { out: argv.out } : {}),
        ...(argv.update !== undefined ? { update: argv.update } : {}),
        ...(argv.check !== undefined ? { check: argv.check } : {}),
        ...(argv.force !== undefined ? { force: argv.force } : {}),
      });
      process.stderr.write(run.stderr);
      process.stdout.write(run.stdout);
      process.exitCode = run.exitCode;
    },
  );
}
