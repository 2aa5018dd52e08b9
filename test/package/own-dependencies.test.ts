/**
 * The generator's own package.json: a runtime dependency is one that the shipped code (generator/, templates/, the
 * spec's simulator) imports; what only tests and benchmarks import is a devDependency, so that installing
 * svc-codegen does not install it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages } from '../../generator/emit/package/manifest.js';
import { fromRoot } from '../helpers/paths.js';

function importsUnder(dir: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(fromRoot(dir), { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.ts') || file.endsWith('.js'))
      for (const name of importedPackages(readFileSync(join(fromRoot(dir), file), 'utf8'))) names.add(name);
  }
  return names;
}

describe("svc-codegen's dependencies", () => {
  it('are exactly the packages generator/, templates/ and spec/ import', () => {
    const own = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const shipped = new Set([...importsUnder('generator'), ...importsUnder('templates'), ...importsUnder('spec')]);
    expect(
      Object.keys(own.dependencies).filter((name) => !shipped.has(name)),
      'dependencies nothing shipped imports',
    ).toEqual([]);
    expect(
      [...shipped].filter((name) => !(name in own.dependencies)).sort(),
      'imports that are not dependencies',
    ).toEqual([]);
    expect(own.devDependencies).toHaveProperty('fast-xml-parser');
  });
});
