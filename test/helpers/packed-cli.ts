/**
 * This repository packed (`npm pack`) and installed into an empty folder as a user installs it: the tarball and its
 * dependencies, nothing else. Used by the packed-CLI test and the bench's CLI section.
 *
 * The install is offline: the folder's lockfile is made from this repository's (the tarball, and every package of
 * the lock that is not a dev dependency, at the version this repository is tested with), so npm takes each package
 * from its cache and needs no registry.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fromRoot } from './paths.js';

const run = promisify(execFile);
export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
}

export interface OwnManifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  readonly bin: Readonly<Record<string, string>>;
}

export function ownManifest(): OwnManifest {
  return JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as OwnManifest;
}

export interface PackedInstall {
  /** The consumer folder: package.json, package-lock.json, node_modules/. */
  readonly app: string;
  /** Its node_modules/.bin/svc-codegen. */
  readonly bin: string;
  /** The tarball `npm pack` wrote. */
  readonly tarball: string;
}

/**
 * Packs this repository into `dir` and installs the tarball into `dir`/app. Packs without running `prepare`: the
 * caller has built dist/ (a rebuild would swap it under whatever else runs it meanwhile).
 */
export async function installPacked(dir: string): Promise<PackedInstall> {
  const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: fromRoot() });
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  const app = join(dir, 'app');
  mkdirSync(app);
  const tarball = join(dir, filename);
  consumerProject(app, tarball);
  await run(NPM, ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: app });
  return { app, bin: join(app, 'node_modules', '.bin', 'svc-codegen'), tarball };
}

/** package.json and package-lock.json of a project that depends on the tarball alone. */
function consumerProject(dir: string, tarball: string): void {
  const own = ownManifest();
  const lock = JSON.parse(readFileSync(fromRoot('package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const spec = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [own.name]: spec } },
    [`node_modules/${own.name}`]: {
      version: own.version,
      resolved: spec,
      dependencies: own.dependencies,
      bin: own.bin,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev && !entry.link) packages[path] = entry;
  }
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, dependencies: { [own.name]: spec } }, null, 2)}\n`,
  );
  writeFileSync(
    join(dir, 'package-lock.json'),
    `${JSON.stringify({ name: 'consumer', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
}

/** The names of the packages installed in `nodeModules` (scoped ones as @scope/name). */
export function installedPackages(nodeModules: string): string[] {
  return readdirSync(nodeModules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(nodeModules, name)).map((inner) => `${name}/${inner}`) : [name],
    );
}
