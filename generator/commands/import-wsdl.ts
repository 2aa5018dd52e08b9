/**
 * `svc-codegen import-wsdl <file.wsdl> [--out spec.yaml]`: a spec drafted from a WSDL (generator/import).
 *
 * Writes the YAML to --out, or to stdout without it; prints every problem (a construct the format cannot express,
 * with its line:column) on stderr. Exit code 0 when a draft was written, problems or not (they are also listed in the
 * draft's top comment, and the TODO(import) marks are the loader's to report); 2 when the input cannot be read as
 * the WSDL of a SOAP service (not found, not XML, not WSDL 1.1, no SOAP port).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { formatProblem, importWsdl, WsdlImportError } from '../import/index.js';

export function importWsdlCommand(cli: Argv): Argv {
  return cli.command(
    'import-wsdl <file>',
    'draft a spec (YAML) from the WSDL 1.1 of an ASMX-style service',
    (y) =>
      y
        .positional('file', { type: 'string', demandOption: true, describe: 'the WSDL file' })
        .option('out', { type: 'string', describe: 'the spec file to write (default: stdout)' }),
    (argv) => {
      const file = argv.file;
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        process.stderr.write(`${file}: cannot read the WSDL: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
        process.exitCode = 2;
        return;
      }
      let result: ReturnType<typeof importWsdl>;
      try {
        result = importWsdl(text, file);
      } catch (error) {
        if (!(error instanceof WsdlImportError)) throw error;
        process.stderr.write(`${error.message}\n`);
        process.exitCode = 2;
        return;
      }
      for (const p of result.problems) process.stderr.write(`${formatProblem(p)}\n`);
      if (argv.out === undefined) {
        process.stdout.write(result.yaml);
      } else {
        writeFileSync(argv.out, result.yaml);
        const count = result.problems.length;
        process.stderr.write(`Wrote ${argv.out} from ${file}${count > 0 ? ` (${count} problem${count === 1 ? '' : 's'} listed above and in its top comment)` : ''}.\n`);
      }
    },
  );
}
