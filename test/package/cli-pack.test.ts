/**
 * svc-codegen as a package people install: `npm pack` of this repository (the bin built by test/setup/compile-entries.ts
 * as `npm run build` builds it), the tarball installed into an empty folder with its dependencies and nothing else,
 * and `npx svc-codegen` run there on a spec of that folder's own: generate (from a config file), --check,
 * import-wsdl, diff and --help. One install for the whole file: it is the expensive part.
 *
 * The install is offline (test/helpers/packed-cli.ts).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { listFiles, scratchDir, type Scratch } from '../helpers/files.js';
import { installedPackages, installPacked, NPX, ownManifest } from '../helpers/packed-cli.js';
import { fromRoot } from '../helpers/paths.js';

const run = promisify(execFile);

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

describe('the packed svc-codegen, installed into an empty folder', () => {
  let scratch: Scratch;
  let app: string;
  /** `npx svc-codegen ...args` in the consumer folder; resolves with its exit code and output. */
  const npx = async (...args: string[]): Promise<Run> => {
    try {
      const { stdout, stderr } = await run(NPX, ['--offline', 'svc-codegen', ...args], { cwd: app });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: unknown; stdout?: string; stderr?: string };
      if (typeof e.code !== 'number') throw error;
      return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  };

  beforeAll(async () => {
    scratch = scratchDir('cli-pack');
    // dist/ is built by the suite's global setup, as `npm run build` builds it.
    ({ app } = await installPacked(scratch.dir));
    mkdirSync(join(app, 'spec'));
    cpSync(fromRoot('test/fixtures/specs/minimal.yaml'), join(app, 'spec', 'minimal.yaml'));
    cpSync(fromRoot('test/fixtures/import/Shapes.wsdl'), join(app, 'Shapes.wsdl'));
    cpSync(fromRoot('test/fixtures/import/Shapes.xsd'), join(app, 'Shapes.xsd'));
    writeFileSync(
      join(app, 'svc-codegen.config.json'),
      `${JSON.stringify({ spec: 'spec/minimal.yaml', out: 'sdk' })}\n`,
    );
  }, 240_000);

  afterAll(() => scratch.remove());

  it('ships compiled JavaScript and the templates, and installs no dev dependency', () => {
    const own = ownManifest();
    const root = join(app, 'node_modules', own.name);
    const files = listFiles(root);
    expect(files).toContain('dist/cli.js');
    expect(files.filter((f) => f.endsWith('.ts') && !f.startsWith('templates/'))).toEqual([]);
    expect(files.some((f) => f.startsWith('templates/runtime/'))).toBe(true);
    expect(files.some((f) => f.startsWith('templates/docs/'))).toBe(true);
    expect(files.filter((f) => f.startsWith('generator/') || f.startsWith('test/') || f.startsWith('spec/'))).toEqual(
      [],
    );
    const names = installedPackages(join(app, 'node_modules'));
    for (const dependency of Object.keys(own.dependencies)) expect(names).toContain(dependency);
    expect(names.filter((name) => name in own.devDependencies)).toEqual([]);
    expect(existsSync(join(app, 'node_modules', '.bin', 'tsx'))).toBe(false);
  });

  it('prints its help with an example of each flag', async () => {
    const help = await npx('--help');
    expect(help.code).toBe(0);
    for (const flag of ['--spec', '--wsdl', '--out', '--config', '--check', '--watch', '--strict', '--spec-schema']) {
      expect(help.stdout).toMatch(new RegExp(`^ {2}svc-codegen .*${flag}\\b`, 'm'));
    }
  });

  it("generates from the folder's config file alone, as the generator of this repository does, and checks it", async () => {
    const generated = await npx();
    expect(generated).toMatchObject({ code: 0, stderr: '' });
    expect(generated.stdout).toMatch(/^Generated sdk from spec\/minimal\.yaml: \d+ added, 0 changed, 0 removed\.\n$/);
    // Byte for byte what the sources generate: the templates were found from the compiled code.
    expect((await generate({ spec: 'spec/minimal.yaml', out: 'sdk', check: true, cwd: app })).changes).toEqual([]);
    const check = await npx('--check');
    expect(check).toMatchObject({ code: 0, stdout: 'Generated files are up to date (spec/minimal.yaml -> sdk).\n' });
  });

  it('drafts a spec from a WSDL and compares two specs', async () => {
    const drafted = await npx('import-wsdl', 'Shapes.wsdl', '--out', 'spec/shapes.yaml');
    expect(drafted.code).toBe(0);
    expect(drafted.stderr).toContain(
      'Wrote spec/shapes.yaml (and spec/svc-spec.schema.json, the JSON Schema it names) from Shapes.wsdl',
    );
    expect(readFileSync(join(app, 'spec', 'shapes.yaml'), 'utf8')).toMatch(/^specVersion: 1$/m);

    const minimal = readFileSync(join(app, 'spec', 'minimal.yaml'), 'utf8');
    writeFileSync(
      join(app, 'spec', 'minimal-v2.yaml'),
      minimal.replace('title: Minimal Service', 'title: Minimal Service, revised'),
    );
    const diff = await npx('diff', 'spec/minimal.yaml', 'spec/minimal-v2.yaml', '--format', 'json', '--fail-on', 'any');
    expect(diff.code).toBe(1);
    expect(JSON.stringify(JSON.parse(diff.stdout))).toContain('service.title');
  });
});
