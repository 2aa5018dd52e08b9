/** `svc-codegen generate --spec FILE [--out DIR] [--check] [--spec-schema]`: a thin command line over `generate()`. */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EmitError } from './emit/errors.js';
import { DEFAULT_SCHEMA_FILE, generate } from './generate.js';
import { SpecError } from './spec/errors.js';
import { countLine, describeChanges } from './write/summary.js';

const argv = yargs(hideBin(process.argv))
  .scriptName('svc-codegen')
  .usage('$0 [generate] --spec FILE [--out DIR] [--check] [--spec-schema]')
  .command(['generate', '$0'], 'generate the client, types, runtime and package files from a service spec into --out')
  .option('spec', { type: 'string', demandOption: true, describe: 'the service spec (YAML)' })
  .option('out', { type: 'string', default: 'generated', describe: 'the output directory; nothing is written outside it unless asked' })
  .option('check', { type: 'boolean', default: false, describe: 'write nothing; fail if the output is stale' })
  .option('spec-schema', {
    type: 'boolean',
    default: false,
    describe: `also write (with --check: check) the JSON Schema of the spec format as ${DEFAULT_SCHEMA_FILE} next to the spec, for editors`,
  })
  .strict()
  .help()
  .parseSync();

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
