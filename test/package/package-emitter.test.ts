/**
 * The package emitter's parts: which npm packages the runtime needs (read from its imports), the versions they are
 * pinned to, and a package.json and tsconfig.json that agree with the files the other emitters render.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmitError } from '../../generator/emit/errors.js';
import { clientImports, importedPackages, mockImports, pinnedVersions } from '../../generator/emit/package/manifest.js';
import type { GeneratedFile } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';
import { renderedPayer } from '../helpers/payer-render.js';

describe('importedPackages', () => {
  it('finds every import form, by package name, and ignores relative paths, Node builtins, comments and strings', () => {
    const source = [
      "import { create } from 'xmlbuilder2';",
      "import type { X } from '@scope/types/deep/path';",
      "export { y } from 'lib-a/sub';",
      "import 'side-effect';",
      "const lazy = await import('lazy-lib');",
      "import { createHmac } from 'node:crypto';",
      "import { readFileSync } from 'fs';",
      "import { readFile } from 'fs/promises';",
      "import { local } from './local.js';",
      "import { up } from '../up.js';",
      "// import { old } from 'commented-out';",
      "/** e.g. import { Client } from 'my-sdk'; */",
      'const text = "import { q } from \'in-a-string\'";',
      "import { again } from 'xmlbuilder2';",
    ].join('\n');
    expect(importedPackages(source)).toEqual(['xmlbuilder2', '@scope/types', 'lib-a', 'side-effect', 'lazy-lib']);
  });
});

describe('pinnedVersions', () => {
  const own = { dependencies: { b: '2.0.0', a: '1.0.0' }, devDependencies: { c: '3.0.0', a: '9.9.9' } };

  it('takes the versions the generator pins, dependencies first, sorted by name', () => {
    expect(Object.entries(pinnedVersions(own, ['c', 'b', 'a'], () => 'unused'))).toEqual([
      ['a', '1.0.0'],
      ['b', '2.0.0'],
      ['c', '3.0.0'],
    ]);
  });

  it('fails with a message naming the package, why it is needed and how to pin it', () => {
    const error = thrown(() => pinnedVersions(own, ['a', 'left-pad'], (n) => `runtime/x.ts imports '${n}'`), EmitError);
    expect(error.message).toContain("runtime/x.ts imports 'left-pad'");
    expect(error.message).toContain('npm install --save-exact left-pad');
    expect(error.name).toBe('EmitError');
  });
});

interface PackageManifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: unknown;
  peerDependenciesMeta?: unknown;
}

describe('the payer package files', () => {
  let files: GeneratedFile[];
  const file = (path: string) => {
    const found = files.find((f) => f.path === path);
    expect(found, path).toBeDefined();
    return found!.content;
  };
  beforeAll(async () => {
    files = [...(await renderedPayer())];
  });

  it("has a client that depends on nothing, and a mock that depends on the client at its version and on exactly what the mock's runtime and the simulator import, at this repository's versions", () => {
    const client = JSON.parse(file('client/package.json')) as PackageManifest;
    const mock = JSON.parse(file('mock/package.json')) as PackageManifest;
    const own = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const model = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
    // Independently of the emitter: the bare imports of the copied runtime and simulator files, by package.
    const bare = (keep: (path: string) => boolean) =>
      new Set(
        files
          .filter((f) => keep(f.path))
          .flatMap((f) =>
            [...f.content.matchAll(/^(?:import|export)\b[^'"\n]*(?:\n[^'"\n]*)*?from '([^'.][^']*)'/gm)].map(
              (m) => m[1]!,
            ),
          )
          .filter((s) => !s.startsWith('node:') && !s.startsWith('#')),
      );
    const clientBare = bare((p) => p.startsWith('runtime/') && !p.startsWith('runtime/mock/'));
    const mockBare = bare((p) => p.startsWith('runtime/mock/') || p.startsWith('mock/simulator/'));
    // The payer runtime builds envelopes as strings and reads XML itself: it needs no package at all.
    expect([...clientBare]).toEqual([]);
    expect(clientImports().size).toBe(0);
    expect(client.dependencies).toBeUndefined();
    // One optional peer, loaded by httpAuth.ntlm alone (runtime/client/ntlm.ts): nothing is required.
    expect(client.peerDependencies).toEqual({ '@node-ntlm/core': '>=0.3.2 <1' });
    expect(client.peerDependenciesMeta).toEqual({ '@node-ntlm/core': { optional: true } });
    expect(client.bin).toBeUndefined();
    // Its simulator reads scenario files (YAML, checked with a zod schema).
    expect([...mockImports(model).keys()]).toEqual([...mockBare].sort());
    expect(mock.dependencies).toEqual({
      [client.name]: client.version,
      yaml: own.dependencies['yaml'],
      zod: own.dependencies['zod'],
    });
    expect(mock.name).toBe(`${client.name}-mock`);
    expect(mock.version).toBe(client.version);
    expect(client.devDependencies).toEqual({
      '@types/node': own.devDependencies['@types/node'],
      typescript: own.devDependencies['typescript'],
    });
    expect(mock.devDependencies).toEqual({
      '@types/node': own.devDependencies['@types/node'],
      msw: own.devDependencies['msw'],
      typescript: own.devDependencies['typescript'],
    });
    // msw is for the mock's mswHandlers only: a peer the mock works without.
    expect(mock.peerDependencies).toEqual({ msw: '>=2.0.0 <3' });
    expect(mock.peerDependenciesMeta).toEqual({ msw: { optional: true } });
    expect(mock.bin).toEqual({ [mock.name]: './dist/mock/cli.js' });
  });

  it('has git ignore what building, installing and `npm pack` leave in it (a .tgz in any package folder)', () => {
    expect(
      file('.gitignore')
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#')),
    ).toEqual(['*.tgz', 'dist/', 'node_modules/']);
    // Asked of git itself, on this repository's committed copy of the output.
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '-q', path], { cwd: repoRoot }).status === 0;
    expect([
      ignored('generated/svc-payer-client-5.0.0.tgz'),
      ignored('generated/client/svc-payer-client-5.0.0.tgz'),
    ]).toEqual([true, true]);
    // The mock package's folder too: its tarball, build and install.
    expect(
      ['mock/svc-payer-client-mock-5.0.0.tgz', 'mock/dist/mock/index.js', 'mock/node_modules/x/index.js'].map((p) =>
        ignored(`generated/${p}`),
      ),
    ).toEqual([true, true, true]);
    expect(ignored('generated/mock/package.json')).toBe(false);
    expect(ignored('generated/package.json')).toBe(false);
    expect(
      ['client/dist/client/index.js', 'client/node_modules/x/index.js', 'node_modules/x/index.js'].map((p) =>
        ignored(`generated/${p}`),
      ),
    ).toEqual([true, true, true]);
    expect(ignored('generated/client/package.json')).toBe(false);
  });

  it('builds every TypeScript file it renders in exactly one package, and exports entry points that the builds produce', () => {
    const tsconfig = (path: string) =>
      JSON.parse(file(path).replace(/^\/\/.*\n/gm, '')) as {
        compilerOptions: { outDir: string; rootDir: string };
        include: string[];
        exclude: string[];
      };
    const client = tsconfig('client/tsconfig.json');
    const mock = tsconfig('mock/tsconfig.json');
    // Each build mirrors the output folder in its dist/, so that the mock's imports of client code can be mapped.
    expect(client.compilerOptions).toMatchObject({ outDir: 'dist', rootDir: '..' });
    expect(mock.compilerOptions).toMatchObject({ outDir: 'dist', rootDir: '..' });
    const folders = (include: string[], base: string) =>
      include.map((p) => posix.normalize(posix.join(base, p.replace(/\*\*\/\*\.ts$/, ''))));
    const sources = files.map((f) => f.path).filter((p) => p.endsWith('.ts'));
    const inClient = (p: string) =>
      folders(client.include, 'client').some((d) => p.startsWith(d)) &&
      !folders(client.exclude, 'client').some((d) => p.startsWith(`${d}/`));
    const inMock = (p: string) => folders(mock.include, 'mock').some((d) => p.startsWith(d === '.' ? '' : d));
    for (const p of sources)
      expect([inClient(p), inMock(p)].filter(Boolean), `${p} is built by one package`).toHaveLength(1);
    expect(sources.filter((p) => p.startsWith('runtime/mock/')).every(inMock)).toBe(true);

    for (const [path, subpaths] of [
      ['client/package.json', ['.', './client', './internal/*', './package.json']],
      ['mock/package.json', ['.', './msw', './package.json']],
    ] as const) {
      const manifest = JSON.parse(file(path)) as { exports: Record<string, unknown>; types: string };
      expect(Object.keys(manifest.exports), path).toEqual(subpaths);
      expect(manifest.exports['./package.json']).toBe('./package.json');
      const targets = Object.entries(manifest.exports)
        .filter(([k]) => k !== './package.json' && !k.endsWith('/*'))
        .flatMap(([, v]) => Object.values(v as Record<string, string>));
      for (const t of [...targets, manifest.types]) {
        const source = t.replace(/^\.\/dist\//, '').replace(/\.d\.ts$|\.js$/, '.ts');
        expect(sources, `${t} is built from a rendered file`).toContain(source);
      }
    }
  });
});
