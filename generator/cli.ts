#!/usr/bin/env node
/**
 * The `svc-codegen` command line: each command's flags in commands/<name>-cli.ts, its work in a module that command
 * imports when it runs, so that `--help` loads yargs and little else (the package's bin runs this file compiled:
 * build/build-cli.mjs).
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { diffCommand } from './commands/diff-cli.js';
import { generateCommand } from './commands/generate-cli.js';
import { importWsdlCommand } from './commands/import-wsdl-cli.js';
import { UsageError } from './commands/usage.js';

const commands = [generateCommand, importWsdlCommand, diffCommand];

await commands
  .reduce((cli, command) => command(cli), yargs(hideBin(process.argv)).scriptName('svc-codegen'))
  .strict()
  .help()
  .alias('help', 'h')
  .wrap(Math.min(120, process.stdout.columns || 100))
  // A misused command exits 2, as an unreadable spec does: 1 is `diff --fail-on`'s verdict and a stale `--check`.
  .fail((message, error) => {
    if (error && !(error instanceof UsageError)) throw error;
    process.stderr.write(`${message ?? error?.message}\nRun svc-codegen --help for the commands and their options.\n`);
    process.exit(2);
  })
  .parseAsync();
