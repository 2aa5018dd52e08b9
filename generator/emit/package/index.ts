/**
 * The package emitter: makes the output directory a self-contained npm package (package.json, the tsconfig.json
 * its build uses, README.md, .npmrc, .gitignore), so the SDK can be packed and installed outside this repository.
 */
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { LOCAL_ONLY_DIRS, packageJson, tsconfigJson } from './manifest.js';
import { readme } from './readme.js';

export { BUILD_DIR, ENTRY_POINTS, LOCAL_ONLY_DIRS } from './manifest.js';

export function emitPackage(model: ServiceModel, printer: Printer): GeneratedFile[] {
  return [
    printer.json('package.json', packageJson(model)),
    printer.json('tsconfig.json', tsconfigJson(), { comments: true }),
    printer.markup('README.md', readme(model)),
    // A library publishes no lockfile; without this, `npm install` in the output would add one the generator
    // does not render, and the output would no longer match it.
    printer.hashCommented('.npmrc', 'package-lock=false'),
    // What building, installing and `npm pack` leave in the output, for a user who commits the output: never theirs
    // to commit. (npm packs by the manifest's `files`, so this does not change what a package holds.)
    printer.hashCommented('.gitignore', ['*.tgz', ...LOCAL_ONLY_DIRS.map((d) => `${d}/`)].join('\n')),
  ];
}
