/** `svc-codegen [generate] --spec FILE [--out DIR] [--check] [--spec-schema]`: generate() from the command line. */
import type { Argv } from 'yargs';
import { EmitError } from '../emit/errors.js';
import { DEFAULT_SCHEMA_FILE, generate } from '../generate.js';
import { SpecError } from '../spec/errors.js';
import { countLine, describeChanges } from '../write/summary.js';

export function generateCommand(cli: Argv): Argv {
  return cli.command(
    ['generate', '$0'],
    'generate the client, mock, docs, WSDL, runtime and package files from a service spec into --out',
    (y) =>
      y
        .option('spec', { type: 'string', demandOption: true, describe: 'the service spec (YAML)' })
        .option('out', { type: 'string', default: 'generated', describe: 'the output directory; nothing is written outside it unless asked' })
        .option('check', { type: 'boolean', default: false, describe: 'write nothing; fail if the output is stale' })
        .option('spec-schema', {
          type: 'boolean',
          default: false,
          describe: `also write (with --check: check) the JSON Schema of the spec format as ${DEFAULT_SCHEMA_FILE} next to the spec, for editors`,
        }),
    async (argv) => {
      try {
        const { changes } = await generate({
          spec: argv.spec,
          out: argv.out,
          check: argv.check,
          ...(argv.specSchema ? { schemaFile: DEFAULT_SCHEMA_FILE } : {}),
        });
        if (argv.check) {
          if (changes.length > 0) {
            process.stderr.write(`Generated files are stale (${countLine(changes)}). Run \`npm run generate\` and commit the result.\n\n`);
            process.stderr.write(`${describeChanges(changes)}\n`);
            process.exitCode = 1;
          } else {
            process.stdout.write(`Generated files are up to date (${argv.spec} -> ${argv.out}).\n`);
          }
        } else {
          process.stdout.write(`Generated ${argv.out} from ${argv.spec}: ${countLine(changes)}.\n`);
        }
      } catch (error) {
        if (error instanceof SpecError || error instanceof EmitError) {
          process.stderr.write(`${error.message}\n`);
          process.exitCode = 2;
        } else {
          throw error;
        }
      }
    },
  );
}
