/**
 * svc-codegen as a package people install: `npm pack` of this repository (the bin built by test/setup/compile-entries.ts
 * as `npm run build` builds it), the tarball installed into an empty folder with its dependencies and nothing else,
 * and `npx svc-codegen` run there on a spec of that folder's own: generate (from a config file), --check,
 * import-wsdl, diff and --help. One install for the whole file: it is the expensive part.
 *
 * The install is offline: its lockfile is made from this repository's (the tarball, and every package of the lock
 * that is not a dev dependency, at the version this repository is tested with), so npm takes every package from its
 * cache and needs no registry.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { listFiles, scratchDir, type Scratch } from '../helpers/files.js';
import { fromRoot } from '../helpers/paths.js';

const run = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
  readonly [key: string]: unknown;
}

interface Lock {
  readonly packages: Readonly<Record<string, LockEntry>>;
}

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  readonly bin: Readonly<Record<string, string>>;
}

/** package.json and package-lock.json of a project that depends on the tarball alone. */
function consumerProject(dir: string, tarball: string): void {
  const own = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as Manifest;
  const lock = JSON.parse(readFileSync(fromRoot('package-lock.json'), 'utf8')) as Lock;
  const spec = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [own.name]: spec } },
    [`node_modules/${own.name}`]: { version: own.version, resolved: spec, dependencies: own.dependencies, bin: own.bin },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev && !entry.link) packages[path] = entry;
  }
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, dependencies: { [own.name]: spec } }, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`);
}

/** The names of the packages installed in `nodeModules` (scoped ones as @scope/name). */
function installed(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`) : [name]));
}

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
      const { stdout, stderr } = await run(NPM === 'npm' ? 'npx' : 'npx.cmd', ['--offline', 'svc-codegen', ...args], { cwd: app });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: unknown; stdout?: string; stderr?: string };
      if (typeof e.code !== 'number') throw error;
      return { code: e.code, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  };

  beforeAll(async () => {
    scratch = scratchDir('cli-pack');
    app = join(scratch.dir, 'app');
    mkdirSync(app);
    // The bin is built already (the suite's global setup); packing must not rebuild it under the tests that run it.
    const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch.dir], { cwd: fromRoot() });
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    consumerProject(app, join(scratch.dir, filename));
    await run(NPM, ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: app });
    mkdirSync(join(app, 'spec'));
    cpSync(fromRoot('test/fixtures/specs/minimal.yaml'), join(app, 'spec', 'minimal.yaml'));
    cpSync(fromRoot('test/fixtures/import/Shapes.wsdl'), join(app, 'Shapes.wsdl'));
    cpSync(fromRoot('test/fixtures/import/Shapes.xsd'), join(app, 'Shapes.xsd'));
    writeFileSync(join(app, 'svc-codegen.config.json'), `${JSON.stringify({ spec: 'spec/minimal.yaml', out: 'sdk' })}\n`);
  }, 240_000);

  afterAll(() => scratch.remove());

  it('ships compiled JavaScript and the templates, and installs no dev dependency', () => {
    const own = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as Manifest;
    const root = join(app, 'node_modules', own.name);
    const files = listFiles(root);
    expect(files).toContain('dist/cli.js');
    expect(files.filter((f) => f.endsWith('.ts') && !f.startsWith('templates/'))).toEqual([]);
    expect(files.some((f) => f.startsWith('templates/runtime/'))).toBe(true);
    expect(files.some((f) => f.startsWith('templates/docs/'))).toBe(true);
    expect(files.filter((f) => f.startsWith('generator/') || f.startsWith('test/') || f.startsWith('spec/'))).toEqual([]);
    const names = installed(join(app, 'node_modules'));
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

  it('generates from the folder\'s config file alone, as the generator of this repository does, and checks it', async () => {
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
    expect(drafted.stderr).toContain('Wrote spec/shapes.yaml (and spec/svc-spec.schema.json, the JSON Schema it names) from Shapes.wsdl');
    expect(readFileSync(join(app, 'spec', 'shapes.yaml'), 'utf8')).toMatch(/^specVersion: 1$/m);

    const minimal = readFileSync(join(app, 'spec', 'minimal.yaml'), 'utf8');
    writeFileSync(join(app, 'spec', 'minimal-v2.yaml'), minimal.replace('title: Minimal Service', 'title: Minimal Service, revised'));
    const diff = await npx('diff', 'spec/minimal.yaml', 'spec/minimal-v2.yaml', '--format', 'json', '--fail-on', 'any');
    expect(diff.code).toBe(1);
    expect(JSON.stringify(JSON.parse(diff.stdout))).toContain('service.title');
  });
});
