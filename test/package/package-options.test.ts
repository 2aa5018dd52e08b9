/**
 * The npm package metadata set outside the spec: the config file's `package` key and the `--package-*` flags (and
 * `--mock-package-name`). Spec values win over the defaults, the config file over the spec, flags over both; a bad
 * value is refused naming the flag or the config key it came from; with --wsdl (a spec drafted in memory) as with
 * --spec, the generated manifests carry what was set.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../generator/commands/config.js';
import { resolveOptions, type GenerateFlags } from '../../generator/commands/options.js';
import { UsageError } from '../../generator/commands/usage.js';
import { generate } from '../../generator/generate.js';
import { parseSpec } from '../../generator/load/load.js';
import { PackageOptionError, withPackage } from '../../generator/load/package-info.js';
import type { PackageModel } from '../../generator/model/types.js';
import { scratchDir, type Scratch } from '../helpers/files.js';
import { fromRoot } from '../helpers/paths.js';

const MINIMAL = readFileSync(fromRoot('test', 'fixtures', 'specs', 'minimal.yaml'), 'utf8');
const WSDL = fromRoot('test', 'fixtures', 'wsdl', 'cdyne-weather', 'weather-ws.wsdl');

/** minimal.yaml with `package` lines (indented under service), or as it is. */
function specWith(packageLines: readonly string[]): string {
  if (packageLines.length === 0) return MINIMAL;
  return MINIMAL.replace(
    '  client: MinimalClient\n',
    `  client: MinimalClient\n  package:\n${packageLines.map((l) => `    ${l}\n`).join('')}`,
  );
}

const SPEC_PACKAGE = [
  'name: minimal-sdk',
  'version: 2.0.0',
  'description: From the spec.',
  'license: MIT',
  'repository: github:acme/minimal',
  'author: Spec Author',
];

let project: Scratch;

/** The model's package after the options the flags and `config` (the text of a config file, if any) resolve to. */
function packageOf(spec: readonly string[], config: string | undefined, flags: GenerateFlags['package']): PackageModel {
  const model = parseSpec(specWith(spec), 'minimal.yaml');
  if (config !== undefined) writeFileSync(join(project.dir, 'cfg.yaml'), config);
  const { options } = resolveOptions(
    { spec: 'minimal.yaml', ...(config !== undefined ? { config: 'cfg.yaml' } : {}), package: flags },
    project.dir,
  );
  return withPackage(model, options.package ?? {}, (k) => options.packageSource?.[k] ?? `package.${k}`).package;
}

/** The message of what `f` throws (of the class `type`). */
function thrown(f: () => unknown, type: new (...args: never[]) => Error): string {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return (error as Error).message;
  }
  throw new Error('nothing was thrown');
}

beforeAll(() => {
  project = scratchDir('package-options');
});

afterAll(() => project?.remove());

describe('package metadata outside the spec', () => {
  const precedence: Array<
    [string, readonly string[], string | undefined, GenerateFlags['package'], Partial<PackageModel>]
  > = [
    [
      'defaults without a package section',
      [],
      undefined,
      {},
      { name: 'minimal-client', version: '0.0.0', license: 'UNLICENSED', mockName: 'minimal-client-mock' },
    ],
    [
      'the spec over the defaults',
      SPEC_PACKAGE,
      undefined,
      {},
      {
        name: 'minimal-sdk',
        version: '2.0.0',
        description: 'From the spec.',
        license: 'MIT',
        repository: 'github:acme/minimal',
        author: 'Spec Author',
        mockName: 'minimal-sdk-mock',
      },
    ],
    [
      'the config file over the spec; the mock name follows the new name',
      SPEC_PACKAGE,
      'package:\n  name: "@acme/minimal"\n  version: 3.0.0\n  author: Acme <sdk@acme.example>\n',
      {},
      {
        name: '@acme/minimal',
        version: '3.0.0',
        description: 'From the spec.',
        license: 'MIT',
        author: 'Acme <sdk@acme.example>',
        mockName: '@acme/minimal-mock',
      },
    ],
    [
      'flags over the config file and the spec',
      SPEC_PACKAGE,
      'package:\n  name: "@acme/minimal"\n  version: 3.0.0\n  license: ISC\n',
      {
        version: '3.1.0-beta.1',
        mockName: '@acme/minimal-simulator',
        repository: 'https://git.acme.example/minimal.git',
      },
      {
        name: '@acme/minimal',
        version: '3.1.0-beta.1',
        license: 'ISC',
        repository: 'https://git.acme.example/minimal.git',
        mockName: '@acme/minimal-simulator',
      },
    ],
    [
      'a mock name the spec gives stays when a flag renames the client',
      [...SPEC_PACKAGE, 'mockName: minimal-server'],
      undefined,
      { name: '@acme/m' },
      { name: '@acme/m', mockName: 'minimal-server' },
    ],
  ];

  it.each(precedence)('%s', (_, spec, config, flags, expected) => {
    expect(packageOf(spec, config, flags)).toMatchObject(expected);
  });

  const badFlags: Array<[GenerateFlags['package'], string]> = [
    [{ name: 'Weather' }, '--package-name "Weather": must be an npm package name'],
    [{ name: '@acme/' }, '--package-name "@acme/": must be an npm package name'],
    [{ version: '1.0' }, '--package-version "1.0": must be a semantic version'],
    [{ mockName: 'My Mock' }, '--mock-package-name "My Mock": must be an npm package name'],
    [{ license: ' ' }, '--package-license " ": must not be empty'],
  ];

  it.each(badFlags)('refuses the flags %j naming the flag', (flags, message) => {
    expect(thrown(() => packageOf(SPEC_PACKAGE, undefined, flags), UsageError)).toContain(message);
  });

  const badConfigs: Array<[string, string]> = [
    ['package:\n  name: Weather\n', 'cfg.yaml:2:9: package.name: must be an npm package name'],
    ['package:\n  version: "1"\n', 'cfg.yaml:2:12: package.version: must be a semantic version'],
    ['package:\n  mockName: "@x"\n', 'cfg.yaml:2:13: package.mockName: must be an npm package name'],
    ['package:\n  scope: acme\n', 'cfg.yaml:2:3: package.scope: unknown key "scope"'],
  ];

  it.each(badConfigs)('refuses the config file %j naming the key at its place', (config, message) => {
    expect(thrown(() => packageOf(SPEC_PACKAGE, config, {}), ConfigError)).toContain(message);
  });

  it('refuses one name for both packages, naming where the name came from', () => {
    expect(thrown(() => packageOf(SPEC_PACKAGE, undefined, { mockName: 'minimal-sdk' }), PackageOptionError)).toBe(
      '--mock-package-name "minimal-sdk": the client and the mock packages need names of their own',
    );
    expect(
      thrown(
        () => packageOf([...SPEC_PACKAGE, 'mockName: minimal-x'], 'package:\n  name: minimal-x\n', {}),
        PackageOptionError,
      ),
    ).toBe('cfg.yaml: package.name "minimal-x": the client and the mock packages need names of their own');
  });

  it(
    'names, versions and describes both packages of a --wsdl generation from the config file and the flags',
    { timeout: 120_000 },
    async () => {
      const dir = join(project.dir, 'wsdl');
      mkdirSync(dir);
      copyFileSync(WSDL, join(dir, 'weather.wsdl'));
      writeFileSync(
        join(dir, 'svc-codegen.config.yaml'),
        'wsdl: weather.wsdl\nout: sdk\npackage:\n  name: "@acme/weather-client"\n  version: 1.2.3\n  repository: github:acme/weather\n  author: Acme\n',
      );
      const { options } = resolveOptions({ package: { description: 'Weather for Acme.', license: 'MIT' } }, dir);
      await generate(options);
      const read = (path: string) =>
        JSON.parse(readFileSync(join(dir, 'sdk', path), 'utf8')) as Record<string, unknown>;
      const fields = { version: '1.2.3', license: 'MIT', repository: 'github:acme/weather', author: 'Acme' };
      expect(read('client/package.json')).toMatchObject({
        name: '@acme/weather-client',
        description: 'Weather for Acme.',
        ...fields,
      });
      expect(read('mock/package.json')).toMatchObject({
        name: '@acme/weather-client-mock',
        ...fields,
        dependencies: expect.objectContaining({ '@acme/weather-client': '1.2.3' }),
        bin: { 'weather-client-mock': './dist/mock/cli.js' },
      });
      expect(read('package.json')).toMatchObject({
        name: '@acme/weather-client-workspace',
        private: true,
        workspaces: ['client', 'mock'],
      });
      const readme = readFileSync(join(dir, 'sdk', 'README.md'), 'utf8');
      expect(readme).toContain('`acme-weather-client-1.2.3.tgz` and `acme-weather-client-mock-1.2.3.tgz`');
      expect(readme).toContain(
        'npm publish acme-weather-client-1.2.3.tgz\nnpm publish acme-weather-client-mock-1.2.3.tgz\n',
      );
      expect(readme).toContain('The packages are scoped (`@acme`)');
    },
  );
});

describe("this repository's page on publishing (docs/publishing.md)", () => {
  const section = readFileSync(fromRoot('docs', 'publishing.md'), 'utf8');
  const block = (lang: string) =>
    [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].find((m) => m[1] === lang)?.[2] ?? '';

  it('shows a config file that names the packages as it says', () => {
    expect(parseConfig(block('yaml'), 'svc-codegen.config.yaml')).toEqual({
      wsdl: 'Weather.wsdl',
      out: 'sdk',
      package: { name: '@acme/weather-client', version: '1.2.3' },
    });
  });

  it("gives the generated README's build commands, in its order", () => {
    const generated =
      readFileSync(fromRoot('generated', 'README.md'), 'utf8').split('\n## Build and publish\n')[1] ?? '';
    const commands = (text: string) =>
      (/```sh\n([\s\S]*?)```/.exec(text)?.[1] ?? '')
        .split('\n')
        .map((l) => l.replace(/\s+#.*$/, '').trim())
        .filter((l) => l !== '');
    const own = commands(section);
    expect(own.slice(1, 4)).toEqual(commands(generated));
    expect(own[0]).toBe('cd generated');
  });
});
