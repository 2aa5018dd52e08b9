/**
 * package.json and tsconfig.json of the generated SDK: what makes the output directory an ESM package that builds
 * itself (prepack runs tsc into dist/) and installs anywhere, not only inside this repository.
 */
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';
import type { ServiceModel } from '../../model/types.js';
import { EmitError } from '../errors.js';
import { RUNTIME_OUT_DIR, runtimeTemplates } from '../runtime.js';
import { MOCK_SIMULATOR_DIR } from '../mock/simulator.js';

/** Where tsc writes the build; neither it nor installed dependencies are ever part of the generated files. */
export const BUILD_DIR = 'dist';
export const LOCAL_ONLY_DIRS: readonly string[] = [BUILD_DIR, 'node_modules'];

/** A public entry point: a subpath of the package and the source it exports, without `.ts`. */
export interface EntryPoint {
  readonly subpath: string;
  readonly source: string;
}

/**
 * The public entry points. The first is also the package root ("."). `./mock/msw` is apart from `./mock` because it
 * imports msw, an optional peer: the rest of the mock loads, and type-checks, without msw installed.
 */
export const ENTRY_POINTS: readonly EntryPoint[] = [
  { subpath: './client', source: 'client/index' },
  { subpath: './mock', source: 'mock/index' },
  { subpath: './mock/msw', source: 'mock/msw' },
];

/** The mock's command (mock/cli.ts), the package's one `bin`, so that `npx <package>` serves the mock. */
export const MOCK_BIN_SOURCE = 'mock/cli';

// 20.19 is the first Node 20 that lets CommonJS code require() an ES module without a flag, so CJS callers can
// use this ESM-only package too.
const NODE_ENGINE = '>=20.19';

/** Tools the package's own build needs, pinned to what this repository builds and tests the output with. */
const BUILD_TOOLS = ['@types/node', 'msw', 'typescript'];

/**
 * Packages the mock can use but does not need: msw, for `mswHandlers` only (its own entry point, `./mock/msw`).
 * Any 2.x will do: the handlers use nothing newer than 2.0's `http.all`.
 */
const OPTIONAL_PEERS: Readonly<Record<string, string>> = { msw: '>=2.0.0 <3' };

const GENERATOR_MANIFEST = fileURLToPath(new URL('../../../package.json', import.meta.url));

export interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

export function packageJson(model: ServiceModel): Record<string, unknown> {
  const own = JSON.parse(readFileSync(GENERATOR_MANIFEST, 'utf8')) as Manifest;
  const [main] = ENTRY_POINTS;
  if (!main) throw new EmitError('the package has no entry point');
  const exports: Record<string, unknown> = { '.': entry(main.source) };
  for (const e of ENTRY_POINTS) exports[e.subpath] = entry(e.source);
  exports['./package.json'] = './package.json';
  const shipped = shippedImports(model);
  const dependencies = pinnedVersions(own, [...shipped.keys()], (name) => `${shipped.get(name)} imports '${name}'`);
  return {
    name: model.package.name,
    version: model.package.version,
    description: model.package.description,
    license: model.package.license,
    type: 'module',
    exports,
    types: built(main.source, '.d.ts'),
    bin: { [`${model.package.name}-mock`]: built(MOCK_BIN_SOURCE, '.js') },
    files: [BUILD_DIR],
    sideEffects: false,
    engines: { node: NODE_ENGINE },
    scripts: { build: 'tsc -p tsconfig.json', prepack: 'npm run build' },
    // A runtime built on Node's own modules alone depends on nothing: the key is left out rather than written empty.
    ...(Object.keys(dependencies).length > 0 ? { dependencies } : {}),
    peerDependencies: OPTIONAL_PEERS,
    peerDependenciesMeta: Object.fromEntries(Object.keys(OPTIONAL_PEERS).map((name) => [name, { optional: true }])),
    devDependencies: pinnedVersions(own, BUILD_TOOLS, (name) => `the package's build script needs ${name}`),
  };
}

export function tsconfigJson(): Record<string, unknown> {
  return {
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: ['node'],
      declaration: true,
      outDir: BUILD_DIR,
      rootDir: '.',
      noEmit: false,
      skipLibCheck: true,
    },
    include: [...new Set([...ENTRY_POINTS.map((e) => e.source.split('/')[0]!), RUNTIME_OUT_DIR])].map((dir) => `${dir}/**/*.ts`),
    exclude: [...LOCAL_ONLY_DIRS],
  };
}

/**
 * The npm packages the runtime imports (bare specifiers, not node builtins), each with the first runtime file that
 * imports it. Read from the templates, so a dependency added to or dropped from the runtime shows up here alone.
 */
export function runtimeImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const t of runtimeTemplates()) {
    for (const name of importedPackages(t.source)) if (!found.has(name)) found.set(name, t.name);
  }
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The npm packages the shipped hand-written code imports (the runtime's, and the spec's simulator's), each with the
 * first file that imports it, as the output names it.
 */
export function shippedImports(model: ServiceModel): Map<string, string> {
  const found = new Map([...runtimeImports()].map(([name, file]) => [name, `${RUNTIME_OUT_DIR}/${file}`]));
  for (const file of model.simulator?.files ?? []) {
    for (const name of importedPackages(file.text)) if (!found.has(name)) found.set(name, `${MOCK_SIMULATOR_DIR}/${file.name}`);
  }
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The npm packages a TypeScript source imports from, in order of first appearance. */
export function importedPackages(source: string): string[] {
  const names = new Set<string>();
  // preProcessFile sees imports, re-exports and import() calls, and nothing inside comments or strings.
  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    const name = packageName(specifier);
    if (name !== undefined) names.add(name);
  }
  return [...names];
}

/** The package a specifier loads from, or undefined for relative paths and Node builtins. */
function packageName(specifier: string): string | undefined {
  // '#...' are a package's own imports (the simulator's #generated/ among them), not packages.
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('#') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? undefined : name;
}

/**
 * `names` with the versions the generator's own package.json pins, sorted by name; an EmitError naming `why` the
 * package is needed when one is not pinned there.
 */
export function pinnedVersions(own: Manifest, names: readonly string[], why: (name: string) => string): Record<string, string> {
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
