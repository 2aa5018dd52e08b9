/**
 * `service.package` in a spec: npm name and semver validated with file:line:column like every spec error, the
 * optional fields defaulted, and a spec without the section still generating a package named after the service.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/load/errors.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { kebabCase } from '../../generator/load/names.js';
import { thrown } from '../helpers/failures.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';

const FILE = 'test/fixtures/specs/minimal.yaml';
const MINIMAL = readFileSync(fromRoot(FILE), 'utf8');
const CLIENT_LINE = '  client: MinimalClient\n';

/** minimal.yaml with `lines` (indented under service.package) after its client line, and where they start. */
function withPackage(lines: readonly string[]): { text: string; firstLine: number } {
  expect(MINIMAL).toContain(CLIENT_LINE);
  const at = MINIMAL.indexOf(CLIENT_LINE) + CLIENT_LINE.length;
  const block = ['  package:', ...lines.map((l) => `    ${l}`)].join('\n');
  return {
    text: `${MINIMAL.slice(0, at)}${block}\n${MINIMAL.slice(at)}`,
    firstLine: MINIMAL.slice(0, at).split('\n').length,
  };
}

function issues(text: string) {
  return thrown(() => parseSpec(text, FILE), SpecError).issues.map((i) => ({
    line: i.line,
    column: i.column,
    path: i.path,
    message: i.message,
  }));
}

describe('service.package', () => {
  it('of the payer spec names and versions the SDK', () => {
    const model = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
    expect(model.package).toMatchObject({ name: 'svc-payer-client', version: '5.0.0', license: 'UNLICENSED' });
    expect(model.package.description).toMatch(/^TypeScript client for the Payer Payment Interface v5\b/);
  });

  it('defaults, without the section, to the service name in kebab-case plus -client, version 0.0.0', () => {
    expect(parseSpec(MINIMAL, FILE).package).toEqual({
      name: 'minimal-client',
      version: '0.0.0',
      description: 'TypeScript client for Minimal Service v1',
      license: 'UNLICENSED',
      mockName: 'minimal-client-mock',
    });
  });

  it('defaults description and license when only name and version are given', () => {
    const { text } = withPackage(['name: minimal-sdk', 'version: 1.2.3']);
    expect(parseSpec(text, FILE).package).toEqual({
      name: 'minimal-sdk',
      version: '1.2.3',
      description: 'TypeScript client for Minimal Service v1',
      license: 'UNLICENSED',
      mockName: 'minimal-sdk-mock',
    });
  });

  it('accepts scoped names, pre-release and build versions, and its own description and license', () => {
    const { text } = withPackage([
      'name: "@acme/minimal.sdk_x~1"',
      'version: 2.0.0-beta.1+build.7',
      'description: The Minimal SDK.',
      'license: MIT',
    ]);
    expect(parseSpec(text, FILE).package).toEqual({
      name: '@acme/minimal.sdk_x~1',
      version: '2.0.0-beta.1+build.7',
      description: 'The Minimal SDK.',
      license: 'MIT',
      mockName: '@acme/minimal.sdk_x~1-mock',
    });
  });

  it.each([
    ['upper case', 'Minimal-Client'],
    ['a leading dot', '.minimal'],
    ['a leading underscore', '_minimal'],
    ['a space', 'minimal client'],
    ['a scope without a name', '"@acme/"'],
    ['a name without a scope', '"@acme"'],
    ['a slash outside a scope', 'acme/minimal'],
    ['more than 214 characters', 'm'.repeat(215)],
  ])('rejects a name with %s, at its place', (_, name) => {
    const { text, firstLine } = withPackage([`name: ${name}`, 'version: 1.0.0']);
    const found = issues(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ line: firstLine + 1, column: 11, path: 'service.package.name' });
    expect(found[0]!.message).toMatch(/^must be an npm package name/);
  });

  it.each(['1', '1.0', 'v1.0.0', '01.0.0', '1.0.0-01', '1.0.0-', '1.0.0+', '1.0.0-beta..1'])(
    'rejects version %s, at its place',
    (version) => {
      const { text, firstLine } = withPackage(['name: minimal-sdk', `version: "${version}"`]);
      expect(issues(text)).toEqual([
        {
          line: firstLine + 2,
          column: 14,
          path: 'service.package.version',
          message: 'must be a semantic version such as 1.2.3 or 2.0.0-beta.1',
        },
      ]);
    },
  );

  it('carries repository, author and the mock name; refuses a mock name that is the client name, at its place', () => {
    const extra = [
      'name: "@acme/minimal"',
      'version: 1.0.0',
      'repository: github:acme/minimal',
      'author: Acme <sdk@acme.example>',
    ];
    expect(parseSpec(withPackage([...extra, 'mockName: "@acme/minimal-server"']).text, FILE).package).toMatchObject({
      repository: 'github:acme/minimal',
      author: 'Acme <sdk@acme.example>',
      mockName: '@acme/minimal-server',
    });
    const { text, firstLine } = withPackage([...extra, 'mockName: "@acme/minimal"']);
    expect(issues(text)).toEqual([
      {
        line: firstLine + 5,
        column: 15,
        path: 'service.package.mockName',
        message:
          '"@acme/minimal" is the client package\'s name too: the client and the mock packages need names of their own',
      },
    ]);
  });

  it('reports every problem of the section at once: a missing version, an unknown key, an empty license', () => {
    const { text, firstLine } = withPackage(['name: minimal-sdk', 'licence: MIT', "license: ''"]);
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    expect(issues(text).sort(byPath)).toEqual(
      [
        // A missing key is placed at the map that lacks it (its first key).
        { line: firstLine + 1, column: 5, path: 'service.package.version', message: 'missing required key "version"' },
        {
          line: firstLine + 2,
          column: 5,
          path: 'service.package.licence',
          message: expect.stringMatching(/^unknown key "licence"/),
        },
        { line: firstLine + 3, column: 14, path: 'service.package.license', message: expect.any(String) },
      ].sort(byPath),
    );
  });
});

describe('kebabCase', () => {
  it.each([
    ['WeatherService', 'weather-service'],
    ['PayerFunctions', 'payer-functions'],
    ['HTTPGateway', 'http-gateway'],
    ['GLAccounts', 'gl-accounts'],
    ['Orders_V2', 'orders-v2'],
    ['_Private_', 'private'],
    ['URL', 'url'],
    ['Minimal', 'minimal'],
  ])('%s -> %s', (name, expected) => {
    expect(kebabCase(name)).toBe(expected);
  });
});
