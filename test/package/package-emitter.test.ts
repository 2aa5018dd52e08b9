/**
 * The package emitter's parts: which npm packages the runtime needs (read from its imports), the versions they are
 * pinned to, and a package.json and tsconfig.json that agree with the files the other emitters render.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmitError } from '../../generator/emit/errors.js';
import { importedPackages, pinnedVersions, runtimeImports, shippedImports } from '../../generator/emit/package/manifest.js';
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
      "const text = \"import { q } from 'in-a-string'\";",
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

  it("depends on exactly the packages the runtime and the simulator import, at this repository's versions", () => {
    const manifest = JSON.parse(file('package.json')) as { dependencies?: Record<string, string>; devDependencies: Record<string, string>; peerDependencies?: unknown; peerDependenciesMeta?: unknown };
    const own = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const imported = [...shippedImports(loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot })).keys()];
    // Independently of the emitter: the bare imports of the copied runtime and simulator files.
    const bare = new Set(
      files
        .filter((f) => f.path.startsWith('runtime/') || f.path.startsWith('mock/simulator/'))
        .flatMap((f) => [...f.content.matchAll(/^(?:import|export)\b[^'"\n]*(?:\n[^'"\n]*)*?from '([^'.][^']*)'/gm)].map((m) => m[1]!))
        .filter((s) => !s.startsWith('node:') && !s.startsWith('#')),
    );
    const deps = manifest.dependencies ?? {};
    expect(Object.keys(deps)).toEqual([...bare].sort());
    expect(Object.keys(deps)).toEqual(imported);
    for (const [name, version] of Object.entries(deps)) expect(version, name).toBe(own.dependencies[name] ?? own.devDependencies[name]);
    // The payer runtime builds envelopes as strings and reads XML itself: it needs no package at all. Its simulator
    // reads scenario files (YAML, checked with a zod schema).
    expect(runtimeImports().size).toBe(0);
    expect(manifest.dependencies).toEqual({ yaml: own.dependencies['yaml'], zod: own.dependencies['zod'] });
    expect(manifest.devDependencies).toEqual({
      '@types/node': own.devDependencies['@types/node'],
      msw: own.devDependencies['msw'],
      typescript: own.devDependencies['typescript'],
    });
    // msw is for the mock's mswHandlers only: a peer the package works without.
    expect(manifest.peerDependencies).toEqual({ msw: '>=2.0.0 <3' });
    expect(manifest.peerDependenciesMeta).toEqual({ msw: { optional: true } });
  });

  it('has git ignore what building, installing and `npm pack` leave in it (a .tgz in any package folder)', () => {
    expect(file('.gitignore').split('\n').filter((l) => l !== '' && !l.startsWith('#'))).toEqual(['*.tgz', 'dist/', 'node_modules/']);
    // Asked of git itself, on this repository's committed copy of the output.
    const ignored = (path: string) => spawnSync('git', ['check-ignore', '-q', path], { cwd: repoRoot }).status === 0;
    expect([ignored('generated/svc-payer-client-5.0.0.tgz'), ignored('generated/client/svc-payer-client-5.0.0.tgz')]).toEqual([true, true]);
    expect(ignored('generated/package.json')).toBe(false);
  });

  it('builds every TypeScript file it renders, and exports entry points that the build produces', () => {
    const tsconfig = JSON.parse(file('tsconfig.json').replace(/^\/\/.*\n/gm, '')) as {
      compilerOptions: { outDir: string; rootDir: string };
      include: string[];
    };
    expect(tsconfig.compilerOptions).toMatchObject({ outDir: 'dist', rootDir: '.' });
    const folders = tsconfig.include.map((p) => p.replace(/\/\*\*\/\*\.ts$/, '/'));
    const sources = files.map((f) => f.path).filter((p) => p.endsWith('.ts'));
    for (const p of sources) expect(folders.some((d) => p.startsWith(d)), `${p} is built`).toBe(true);

    const manifest = JSON.parse(file('package.json')) as { exports: Record<string, unknown>; types: string };
    expect(Object.keys(manifest.exports)).toEqual(['.', './client', './mock', './mock/msw', './package.json']);
    expect(manifest.exports['./package.json']).toBe('./package.json');
    const targets = Object.entries(manifest.exports)
      .filter(([k]) => k !== './package.json')
      .flatMap(([, v]) => Object.values(v as Record<string, string>));
    for (const t of [...targets, manifest.types]) {
      const source = t.replace(/^\.\/dist\//, '').replace(/\.d\.ts$|\.js$/, '.ts');
      expect(sources, `${t} is built from a rendered file`).toContain(source);
    }
  });
});
