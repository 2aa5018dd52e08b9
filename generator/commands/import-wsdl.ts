/**
 * `svc-codegen import-wsdl <file.wsdl | url> [--out spec.yaml]`: a spec drafted from a WSDL (generator/import).
 *
 * A URL (http or https, e.g. an ASMX service's `?WSDL`) is fetched; the schemas such a WSDL imports by relative
 * location are not fetched, and are reported as problems.
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
        .positional('file', { type: 'string', demandOption: true, describe: 'the WSDL file, or its http(s) URL' })
        .option('out', { type: 'string', describe: 'the spec file to write (default: stdout)' }),
    async (argv) => {
      const file = argv.file;
      const remote = /^https?:\/\//i.test(file);
      let text: string;
      try {
        text = remote ? await fetchText(file) : readFileSync(file, 'utf8');
      } catch (error) {
        process.stderr.write(`${file}: cannot read the WSDL: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`);
        process.exitCode = 2;
        return;
      }
      let result: ReturnType<typeof importWsdl>;
      try {
        result = importWsdl(text, file, remote ? { readFile: notFetched } : {});
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

/** The body of a 200 answer to GET `url`. */
async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

function notFetched(): string {
  throw new Error('the schemas of a WSDL read from a URL are not fetched; save the WSDL and its schemas as files');
}
