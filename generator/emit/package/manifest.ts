/**
 * package.json and tsconfig.json of the generated SDK's two packages, the client (the output's client/ folder) and
 * the mock (its mock/ folder), ESM packages that build themselves (prepack runs tsc into dist/) and install anywhere,
 * not only inside this repository; and the package.json of the output folder, a private npm workspace over the two,
 * so that the mock builds and packs against the client beside it before either is published.
 */
import { titleAndVersion } from '../../model/text.js';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { importedSpecifiers } from '../../load/import-specifiers.js';
import type { ServiceModel } from '../../model/types.js';
import { EmitError } from '../errors.js';
import { RUNTIME_OUT_DIR, runtimeTemplates } from '../runtime.js';
import { MOCK_SIMULATOR_DIR } from '../mock/simulator.js';
import { mockCommandName } from '../mock/cli.js';

/** Where tsc writes the build; neither it nor installed dependencies are ever part of the generated files. */
export const BUILD_DIR = 'dist';
/** The mock package's folder inside the output: the mock's sources are its sources (DESIGN.md). */
export const MOCK_PACKAGE_DIR = 'mock';
/** The client package's folder inside the output, likewise; the runtime beside it is built into both. */
export const CLIENT_PACKAGE_DIR = 'client';
/** The workspace's packages, in the order they build, pack and publish: the mock depends on the client. */
export const WORKSPACES: readonly string[] = [CLIENT_PACKAGE_DIR, MOCK_PACKAGE_DIR];
/** The folder of the runtime (inside its own folder) that ships with the mock, not with the client. */
export const RUNTIME_MOCK_DIR = 'mock';
/**
 * What installing and building leave in the output (the workspace's node_modules, each package's dist/ and any
 * node_modules npm nests in it): never part of the generated files.
 */
export const LOCAL_ONLY_DIRS: readonly string[] = [
  'node_modules',
  ...WORKSPACES.flatMap((d) => [`${d}/${BUILD_DIR}`, `${d}/node_modules`]),
];

/** The mock package's build step after tsc (templates/package/link-client.mjs), copied into the mock's folder. */
export const LINK_CLIENT_SCRIPT = 'link-client.mjs';

/**
 * The subpath of the client package under which it exports its whole build, for its mock package alone: the mock
 * imports the client's runtime from there rather than shipping a copy (a second copy would break `instanceof`).
 */
export const INTERNAL_SUBPATH = './internal';

/** A public entry point: a subpath of its package and the source it exports, without `.ts`, relative to the output. */
export interface EntryPoint {
  readonly subpath: string;
  readonly source: string;
}

/** The client package's entry points. The first is also the package root ("."). */
export const CLIENT_ENTRY_POINTS: readonly EntryPoint[] = [{ subpath: './client', source: 'client/index' }];

/**
 * The mock package's entry points: its root, and `./msw` apart because it imports msw, an optional peer: the rest
 * of the mock loads, and type-checks, without msw installed.
 */
export const MOCK_ENTRY_POINTS: readonly EntryPoint[] = [
  { subpath: '.', source: `${MOCK_PACKAGE_DIR}/index` },
  { subpath: './msw', source: `${MOCK_PACKAGE_DIR}/msw` },
];

/** The mock's command (mock/cli.ts), the mock package's one `bin`, so that `npx <mock package>` serves the mock. */
export const MOCK_BIN_SOURCE = `${MOCK_PACKAGE_DIR}/cli`;

// 20.19 is the first Node 20 that lets CommonJS code require() an ES module without a flag, so CJS callers can
// use these ESM-only packages too.
const NODE_ENGINE = '>=20.19';

/** Tools the packages' own builds need, pinned to what this repository builds and tests the output with. */
const CLIENT_BUILD_TOOLS = ['@types/node', 'typescript'];
const MOCK_BUILD_TOOLS = ['@types/node', 'msw', 'typescript'];

/**
 * Packages the mock can use but does not need: msw, for `mswHandlers` only (its own entry point, `./msw`).
 * Any 2.x will do: the handlers use nothing newer than 2.0's `http.all`.
 */
const OPTIONAL_PEERS: Readonly<Record<string, string>> = { msw: '>=2.0.0 <3' };

/**
 * Packages the client can use but does not need: @node-ntlm/core makes the NTLM messages of `httpAuth.ntlm`, loaded
 * by that option alone (runtime/client/ntlm.ts), so that a client without Windows authentication depends on nothing.
 */
const CLIENT_OPTIONAL_PEERS: Readonly<Record<string, string>> = { '@node-ntlm/core': '>=0.3.2 <1' };

const GENERATOR_MANIFEST = fileURLToPath(new URL('../../../package.json', import.meta.url));

export interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

const ownManifest = (): Manifest => JSON.parse(readFileSync(GENERATOR_MANIFEST, 'utf8')) as Manifest;

/** The mock package's name (by default the client's with `-mock`); also the name of its command. */
export function mockPackageName(model: ServiceModel): string {
  return model.package.mockName;
}

/**
 * package.json of the output folder: a private npm workspace over the two packages. `npm install` there links the
 * client into the mock's node_modules by the mock's dependency on it (same name, same version), so nothing is fetched
 * from a registry under the client's name; `npm run build` builds both; `npm pack --workspaces` packs both.
 */
export function workspacePackageJson(model: ServiceModel): Record<string, unknown> {
  return {
    name: `${model.package.name}-workspace`,
    version: model.package.version,
    private: true,
    description: `Builds and packs ${model.package.name} and ${mockPackageName(model)} (README.md); never published itself.`,
    // The runtime/ folder beside the two packages is theirs too: its sources are ES modules as theirs are.
    type: 'module',
    workspaces: WORKSPACES,
    scripts: { build: 'npm run build --workspaces' },
    engines: { node: NODE_ENGINE },
  };
}

/** package.json's optional metadata, as the model has it. */
function metadata(model: ServiceModel): Record<string, string> {
  const { repository, author } = model.package;
  return { ...(repository !== undefined ? { repository } : {}), ...(author !== undefined ? { author } : {}) };
}

/** package.json of the client package (the output's client/): the client and the runtime it needs, nothing of the mock. */
export function clientPackageJson(model: ServiceModel): Record<string, unknown> {
  const own = ownManifest();
  const [main] = CLIENT_ENTRY_POINTS;
  if (!main) throw new EmitError('the client package has no entry point');
  const exports: Record<string, unknown> = { '.': entry(main.source) };
  for (const e of CLIENT_ENTRY_POINTS) exports[e.subpath] = entry(e.source);
  // Every built file, by its path under dist/ (`.js`, which TypeScript maps to its `.d.ts`), for the mock package.
  exports[`${INTERNAL_SUBPATH}/*`] = `./${BUILD_DIR}/*`;
  exports['./package.json'] = './package.json';
  const imported = clientImports();
  const dependencies = pinnedVersions(own, [...imported.keys()], (name) => `${imported.get(name)} imports '${name}'`);
  return {
    name: model.package.name,
    version: model.package.version,
    description: model.package.description,
    license: model.package.license,
    ...metadata(model),
    type: 'module',
    exports,
    types: built(main.source, '.d.ts'),
    files: [BUILD_DIR],
    sideEffects: false,
    engines: { node: NODE_ENGINE },
    scripts: { build: 'tsc -p tsconfig.json', prepack: 'npm run build' },
    // A runtime built on Node's own modules alone depends on nothing: the key is left out rather than written empty.
    ...(Object.keys(dependencies).length > 0 ? { dependencies } : {}),
    peerDependencies: CLIENT_OPTIONAL_PEERS,
    peerDependenciesMeta: Object.fromEntries(
      Object.keys(CLIENT_OPTIONAL_PEERS).map((name) => [name, { optional: true }]),
    ),
    devDependencies: pinnedVersions(
      own,
      CLIENT_BUILD_TOOLS,
      (name) => `the client package's build script needs ${name}`,
    ),
  };
}

/**
 * package.json of the mock package (the output's mock/ folder): the mock, its runtime, the simulator and the
 * command; it depends on the client package at the same version, and on what the mock's code imports.
 */
export function mockPackageJson(model: ServiceModel): Record<string, unknown> {
  const own = ownManifest();
  const exports: Record<string, unknown> = {};
  for (const e of MOCK_ENTRY_POINTS) exports[e.subpath] = entry(e.source);
  exports['./package.json'] = './package.json';
  const imported = mockImports(model);
  const dependencies = {
    [model.package.name]: model.package.version,
    ...pinnedVersions(own, [...imported.keys()], (name) => `${imported.get(name)} imports '${name}'`),
  };
  const ownDirs = [MOCK_PACKAGE_DIR, `${RUNTIME_OUT_DIR}/${RUNTIME_MOCK_DIR}`];
  return {
    name: mockPackageName(model),
    version: model.package.version,
    description: `Mock server of ${titleAndVersion(model)} for tests and local runs, for the client package ${model.package.name}.`,
    license: model.package.license,
    ...metadata(model),
    type: 'module',
    exports,
    types: built(MOCK_ENTRY_POINTS[0]!.source, '.d.ts'),
    // npm installs a command by the key's last segment: a scoped name's command is its name without the scope.
    bin: { [mockCommandName(model)]: built(MOCK_BIN_SOURCE, '.js') },
    files: [BUILD_DIR],
    sideEffects: false,
    engines: { node: NODE_ENGINE },
    scripts: {
      build: `tsc -p tsconfig.json && node ${LINK_CLIENT_SCRIPT} ${ownDirs.join(' ')}`,
      prepack: 'npm run build',
    },
    dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : 1))),
    peerDependencies: OPTIONAL_PEERS,
    peerDependenciesMeta: Object.fromEntries(Object.keys(OPTIONAL_PEERS).map((name) => [name, { optional: true }])),
    devDependencies: pinnedVersions(own, MOCK_BUILD_TOOLS, (name) => `the mock package's build script needs ${name}`),
  };
}

const COMPILER_OPTIONS = {
  strict: true,
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  lib: ['ES2022', 'DOM'],
  types: ['node'],
  declaration: true,
  outDir: BUILD_DIR,
  // The output folder, so that dist/ mirrors it (dist/client/, dist/runtime/; dist/mock/, dist/runtime/mock/).
  rootDir: '..',
  noEmit: false,
  skipLibCheck: true,
};

/** tsconfig.json of the client package (in client/): the client and the runtime but the mock's. */
export function tsconfigJson(): Record<string, unknown> {
  return {
    compilerOptions: COMPILER_OPTIONS,
    include: ['**/*.ts', `../${RUNTIME_OUT_DIR}/**/*.ts`],
    exclude: [`../${RUNTIME_OUT_DIR}/${RUNTIME_MOCK_DIR}`, BUILD_DIR, 'node_modules'],
  };
}

/**
 * tsconfig.json of the mock package (in mock/): what tsc builds of the client's code there (the mock imports it by
 * relative paths), the build's link step removes.
 */
export function mockTsconfigJson(): Record<string, unknown> {
  return {
    compilerOptions: COMPILER_OPTIONS,
    include: ['**/*.ts', `../${RUNTIME_OUT_DIR}/${RUNTIME_MOCK_DIR}/**/*.ts`],
    exclude: [BUILD_DIR, 'node_modules'],
  };
}

/** True for a runtime template (its path inside the runtime folder) that ships with the mock. */
export function isMockRuntime(name: string): boolean {
  return name.startsWith(`${RUNTIME_MOCK_DIR}/`);
}

/** The npm packages the client package's runtime imports, each with the first runtime file that imports it. */
export function clientImports(): Map<string, string> {
  return importsOf(
    runtimeTemplates()
      .filter((t) => !isMockRuntime(t.name))
      .map((t) => ({ name: `${RUNTIME_OUT_DIR}/${t.name}`, text: t.source })),
  );
}

/** The npm packages the mock's runtime and the spec's simulator import, each with the first file that imports it. */
export function mockImports(model: ServiceModel): Map<string, string> {
  return importsOf([
    ...runtimeTemplates()
      .filter((t) => isMockRuntime(t.name))
      .map((t) => ({ name: `${RUNTIME_OUT_DIR}/${t.name}`, text: t.source })),
    ...(model.simulator?.files ?? []).map((f) => ({ name: `${MOCK_SIMULATOR_DIR}/${f.name}`, text: f.text })),
  ]);
}

function importsOf(files: ReadonlyArray<{ name: string; text: string }>): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of files) for (const name of importedPackages(f.text)) if (!found.has(name)) found.set(name, f.name);
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The packages each runtime file and simulator file imports, by its text: the manifests and READMEs of one generation
 * ask for the same files several times, and a process that generates again (`--watch`) for the same runtime.
 */
const packagesOf = new Map<string, string[]>();

/** The npm packages a TypeScript source imports from, in order of first appearance. */
export function importedPackages(source: string): string[] {
  let packages = packagesOf.get(source);
  if (packages === undefined) {
    packages = scanPackages(source);
    // Bounded: a long --watch session over edited simulator files would otherwise keep every version.
    if (packagesOf.size > 256) packagesOf.clear();
    packagesOf.set(source, packages);
  }
  return [...packages];
}

function scanPackages(source: string): string[] {
  const names = new Set<string>();
  // The loader's scanner: imports, re-exports, import() and require() calls, nothing inside comments or strings.
  for (const { specifier } of importedSpecifiers(source)) {
    const name = packageName(specifier);
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/** The package a specifier loads from, or undefined for relative paths and Node builtins. */
function packageName(specifier: string): string | undefined {
  // '#...' are a package's own imports (the simulator's #generated/ among them), not packages.
  if (
    specifier.startsWith('.') ||
    specifier.startsWith('/') ||
    specifier.startsWith('#') ||
    specifier.startsWith('node:')
  )
    return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? undefined : name;
}

/**
 * `names` with the versions the generator's own package.json pins, sorted by name; an EmitError naming `why` the
 * package is needed when one is not pinned there.
 */
export function pinnedVersions(
  own: Manifest,
  names: readonly string[],
  why: (name: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...names].sort()) {
    const version = own.dependencies?.[name] ?? own.devDependencies?.[name];
    if (version === undefined) {
      throw new EmitError(
        `cannot write the SDK's package.json: ${why(name)}, but the generator's package.json pins no version of it. ` +
          `Add it there (npm install --save-exact ${name}) so the SDK gets the version this repository tests with.`,
      );
    }
    out[name] = version;
  }
  return out;
}

function entry(source: string): Record<string, string> {
  // "types" first: resolvers take the first condition that matches.
  return { types: built(source, '.d.ts'), default: built(source, '.js') };
}

/** Where the build puts what tsc makes of `source` (a path without `.ts`), with the extension `ext`. */
function built(source: string, ext: string): string {
  return `./${BUILD_DIR}/${source}${ext}`;
}
