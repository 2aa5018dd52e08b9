/**
 * `svc-codegen [generate]`: its flags, help and examples. Light on purpose: the generator is imported by the handler
 * (generate-main.ts) when the command runs, so that `--help` and a misused flag answer at once.
 */
import type { Argv } from 'yargs';
import { DEFAULT_SCHEMA_FILE } from '../load/schema-file.js';
import { PACKAGE_FLAGS, PACKAGE_KEYS, type PackageKey } from '../load/package-info.js';
import { UsageError } from './usage.js';

const CONFIG_EXAMPLE = 'svc-codegen.config.yaml';

/** The help of each package flag; the config file's `package` key takes the same values by the same names. */
const PACKAGE_HELP: Readonly<Record<PackageKey, string>> = {
  name: "the client package's npm name; a scope (@acme/service-client) is recommended: an unscoped name may belong to someone else on the public registry",
  version: "the packages' version (semver), the mock's as the client's",
  description: "the client package's description",
  license: 'an SPDX license expression, or UNLICENSED',
  repository: "package.json's repository: a URL or a shorthand such as github:acme/service-sdk",
  author: 'package.json\'s author: "Name <email> (url)"',
  mockName: "the mock package's npm name [default: the client's name with -mock]",
};

/** `y` with the package flags, all strings, in a help group of their own. */
function withPackageFlags<T>(y: Argv<T>): Argv<T> {
  let out = y;
  for (const key of PACKAGE_KEYS) {
    out = out.option(PACKAGE_FLAGS[key], {
      type: 'string',
      group: "Package (over the spec's service.package and the config file's package):",
      describe: PACKAGE_HELP[key],
    });
  }
  return out;
}

/** The command's own flags, the package flags, and what they rule out together. */
function generateFlags<T>(y: Argv<T>) {
  return withPackageFlags(y)
    .option('spec', { type: 'string', describe: 'the service spec (YAML)' })
    .option('wsdl', {
      type: 'string',
      describe:
        'or the WSDL of an ASMX-style service (a file or its http(s) URL): its spec is drafted in memory, as import-wsdl would write it',
    })
    .option('out', {
      type: 'string',
      describe: 'the output directory; nothing is written outside it unless asked [default: "generated"]',
    })
    .option('config', {
      type: 'string',
      describe: `a config file (YAML or JSON) naming spec (or wsdl), out, strict, specSchema and package (name, version, description, license, repository, author, mockName), paths relative to it; read without this flag from ${CONFIG_EXAMPLE}, .yml or .json in the working directory when neither --spec nor --wsdl is given. Flags win over it`,
    })
    .option('check', { type: 'boolean', describe: 'write nothing; fail (exit 1) if the output is stale' })
    .option('watch', {
      type: 'boolean',
      describe:
        'generate, then again on each change of the spec, its simulator folder, the config file or the WSDL file, printing what changed; Ctrl-C stops',
    })
    .option('strict', {
      type: 'boolean',
      describe:
        'fail (exit 2) on the TODO(import) marks a spec still has, rather than warn about them (for CI); --no-strict overrides the config file',
    })
    .option('spec-schema', {
      type: 'boolean',
      describe: `also write (with --check: check) the JSON Schema of the spec format as ${DEFAULT_SCHEMA_FILE} next to the spec, for editors`,
    })
    .check((argv) => {
      if (argv.spec !== undefined && argv.wsdl !== undefined)
        throw new UsageError('Give the service as either --spec <file.yaml> or --wsdl <file | url>, not both.');
      if (argv.wsdl !== undefined && argv.specSchema)
        throw new UsageError(
          '--spec-schema writes beside a spec; with --wsdl there is none (import-wsdl --out writes both).',
        );
      if (argv.watch && argv.check)
        throw new UsageError('--check writes nothing and --watch writes on each change: give one of them.');
      return true;
    });
}

/** The command's examples, after its flags. */
function withExamples<T>(y: Argv<T>): Argv<T> {
  return y
    .example(
      '$0',
      `generate from what ${CONFIG_EXAMPLE} in this folder names (e.g. "spec: spec/service.yaml" and "out: generated")`,
    )
    .example('$0 --spec spec/service.yaml --out generated', 'generate from a spec into generated/')
    .example('$0 --wsdl "https://host/Service.asmx?WSDL" --out generated', "generate straight from a service's WSDL")
    .example(
      '$0 --config config/svc.json --out build/svc',
      'take a config file from elsewhere; the flag overrides its out',
    )
    .example('$0 --check', 'in CI: exit 1 when the committed output differs from what the spec generates')
    .example('$0 --watch', 'regenerate while editing the spec or its simulator')
    .example(
      '$0 --wsdl Service.wsdl --package-name @acme/service-client --package-version 1.0.0',
      'name and version the npm packages (or in the config file: package: { name, version })',
    )
    .example('$0 --spec spec/service.yaml --strict', 'refuse a spec that still has TODO(import) marks')
    .example('$0 --spec spec/service.yaml --spec-schema', `also write spec/${DEFAULT_SCHEMA_FILE}, for editors`);
}

export function generateCommand(cli: Argv): Argv {
  return cli.command(
    ['generate', '$0'],
    `generate the client, mock, docs, WSDL, runtime and package files from a service spec (or straight from a WSDL) into --out; without --spec or --wsdl, from what ${CONFIG_EXAMPLE} (or .json) in the working directory names`,
    (y) => withExamples(generateFlags(y)),
    async (argv) => {
      const { generateMain } = await import('./generate-main.js');
      process.exitCode = await generateMain({
        spec: argv.spec,
        wsdl: argv.wsdl,
        out: argv.out,
        config: argv.config,
        check: argv.check,
        watch: argv.watch,
        strict: argv.strict,
        specSchema: argv.specSchema,
        package: Object.fromEntries(
          PACKAGE_KEYS.map((key) => [key, (argv as Record<string, unknown>)[PACKAGE_FLAGS[key]] as string | undefined]),
        ),
      });
    },
  );
}
