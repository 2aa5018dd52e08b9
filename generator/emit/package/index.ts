/**
 * The package emitter: makes the output two self-contained npm packages from one spec, the client (its client/
 * folder: client and runtime, no dependency) and the mock (its mock/ folder: mock runtime, simulator, command; it
 * depends on the client package), each with package.json, the tsconfig.json its build uses and README.md; and the
 * output folder a private npm workspace over the two (package.json, README.md with the build and publish commands,
 * .npmrc, .gitignore), so the SDK can be built, packed and installed outside this repository before anything is
 * published.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import {
  BUILD_DIR,
  CLIENT_PACKAGE_DIR,
  LINK_CLIENT_SCRIPT,
  MOCK_PACKAGE_DIR,
  clientPackageJson,
  mockPackageJson,
  mockTsconfigJson,
  tsconfigJson,
  workspacePackageJson,
} from './manifest.js';
import { mockReadme, readme } from './readme.js';
import { workspaceReadme } from './workspace-readme.js';

export {
  BUILD_DIR,
  CLIENT_ENTRY_POINTS,
  CLIENT_PACKAGE_DIR,
  LOCAL_ONLY_DIRS,
  MOCK_ENTRY_POINTS,
  MOCK_PACKAGE_DIR,
} from './manifest.js';

const LINK_CLIENT_TEMPLATE = fileURLToPath(
  new URL(`../../../templates/package/${LINK_CLIENT_SCRIPT}`, import.meta.url),
);

// A library publishes no lockfile; without this, `npm install` in the workspace would add one the generator does
// not render, and the output would no longer match it.
const NPMRC = 'package-lock=false';

export function emitPackage(model: ServiceModel, printer: Printer): GeneratedFile[] {
  const client = (path: string) => `${CLIENT_PACKAGE_DIR}/${path}`;
  const mock = (path: string) => `${MOCK_PACKAGE_DIR}/${path}`;
  return [
    printer.json('package.json', workspacePackageJson(model)),
    printer.markup('README.md', workspaceReadme(model)),
    printer.hashCommented('.npmrc', NPMRC),
    // What building, installing and `npm pack` leave in the workspace and its package folders, for a user who
    // commits the output: never theirs to commit. (npm packs by the manifest's `files`, so this does not change what
    // a package holds.)
    printer.hashCommented('.gitignore', ['*.tgz', `${BUILD_DIR}/`, 'node_modules/'].join('\n')),
    printer.json(client('package.json'), clientPackageJson(model)),
    printer.json(client('tsconfig.json'), tsconfigJson(), { comments: true }),
    printer.markup(client('README.md'), readme(model)),
    printer.json(mock('package.json'), mockPackageJson(model)),
    printer.json(mock('tsconfig.json'), mockTsconfigJson(), { comments: true }),
    printer.markup(mock('README.md'), mockReadme(model)),
    printer.copiedTypescript(mock(LINK_CLIENT_SCRIPT), readFileSync(LINK_CLIENT_TEMPLATE, 'utf8')),
  ];
}
