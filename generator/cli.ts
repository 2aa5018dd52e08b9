/** The `svc-codegen` command line: one module per command under commands/, each a thin layer over a library call. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { diffCommand } from './commands/diff.js';
import { generateCommand } from './commands/generate.js';
import { importWsdlCommand } from './commands/import-wsdl.js';
import { UsageError } from './commands/usage.js';

const commands = [generateCommand, importWsdlCommand, diffCommand];

await commands
  .reduce((cli, command) => command(cli), yargs(hideBin(process.argv)).scriptName('svc-codegen'))
  .strict()
  .help()
  // A misused command exits 2, as an unreadable spec does: 1 is `diff --fail-on`'s verdict and a stale `--check`.
  .fail((message, error) => {
    if (error && !(error instanceof UsageError)) throw error;
    process.stderr.write(`${message}\nRun svc-codegen --help for the commands and their options.\n`);
    process.exit(2);
  })
  .parseAsync();
