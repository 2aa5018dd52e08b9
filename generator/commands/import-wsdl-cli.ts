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
        .option('out', { type: 'string', describe: `the spec file to write, with ${DEFAULT_SCHEMA_FILE} beside it (default: the spec to stdout)` })
        .example('$0 import-wsdl Service.wsdl --out spec/service.yaml', `write the draft spec and spec/${DEFAULT_SCHEMA_FILE}`)
        .example('$0 import-wsdl "https://host/Service.asmx?WSDL"', 'fetch a live WSDL (and what it imports) and print the draft'),
    async (argv) => {
      const { runImportWsdl } = await import('./import-wsdl.js');
      const run = await runImportWsdl({ file: argv.file, ...(argv.out !== undefined ? { out: argv.out } : {}) });
      process.stderr.write(run.stderr);
      process.stdout.write(run.stdout);
      process.exitCode = run.exitCode;
    },
  );
}
