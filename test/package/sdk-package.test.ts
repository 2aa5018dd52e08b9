/**
 * generated/ is two real npm packages: the client (generated/client/) and the mock (generated/mock/). Copied out of
 * this repository, `npm pack` builds each (prepack -> tsc, and for the mock the step that points its imports of client
 * code at the client package) into a tarball of compiled JavaScript and declarations; a fresh project installs both
 * tarballs at once without any build tools, imports the client by its name from plain Node.js to call a local SOAP
 * 1.1 server, require()s every entry point of both from CommonJS, type-checks a strict TypeScript consumer (the
 * READMEs' examples included) against the installed declarations without msw installed, serves the mock with the
 * mock package's command and calls it with the client. Every name either README promises is imported here.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, scratchDir, type Scratch } from '../helpers/files.js';
import { LOCAL_ONLY_DIRS } from '../../generator/emit/package/index.js';
import { GENERATED_DIR, fromRoot } from '../helpers/paths.js';
import { CONSUMER_OPTIONS } from '../helpers/typecheck.js';

const run = promisify(execFile);
const TIMEOUT = 180_000;
const NAME = 'svc-payer-client';
const MOCK = `${NAME}-mock`;

// The variables an npm script run exports would point a nested npm at this repository (prefix) or make it think
// it runs a lifecycle script of ours; the child commands must behave as in a fresh shell in their own directory.
const env = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !/^(npm_lifecycle_|npm_package_|npm_config_(local_)?prefix$|INIT_CWD$|NODE_OPTIONS$)/i.test(k),
  ),
);

async function sh(command: string, args: readonly string[], cwd: string): Promise<string> {
  try {
    return (await run(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024, timeout: TIMEOUT })).stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`,
      { cause: error },
    );
  }
}

let scratch: Scratch;
let sdk: string; // the copy of generated/ that is packed: the client package in its client/, the mock package in its mock/
let app: string; // the fresh consumer project
let tarball: string;
let mockTarball: string;
let entries: string[]; // files in the client's tarball, relative to its package/ folder
let mockEntries: string[];
let builtBeforePack: boolean;
interface PackageManifest {
  name: string;
  version: string;
  exports: Record<string, unknown>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(fromRoot(GENERATED_DIR, 'client', 'package.json'), 'utf8')) as PackageManifest;
const mockManifest = JSON.parse(
  readFileSync(fromRoot(GENERATED_DIR, 'mock', 'package.json'), 'utf8'),
) as PackageManifest;

/** npm pack of the package in `dir`: the tarball's path and its files, relative to its package/ folder. */
async function pack(dir: string): Promise<{ tarball: string; entries: string[] }> {
  const packed = JSON.parse(await sh('npm', ['pack', '--json', '--pack-destination', scratch.dir], dir)) as Array<{
    filename: string;
  }>;
  const file = join(scratch.dir, packed[0]!.filename);
  const listed = (await sh('tar', ['-tzf', file], scratch.dir))
    .split('\n')
    .filter((l) => l !== '' && !l.endsWith('/'))
    .map((l) => l.replace(/^package\//, ''))
    .sort();
  return { tarball: file, entries: listed };
}

beforeAll(async () => {
  scratch = scratchDir('sdk-package');
  sdk = join(scratch.dir, 'sdk');
  app = join(scratch.dir, 'app');
  // A maintainer's local build or install in generated/ must not stand in for the one prepack has to do.
  cpSync(fromRoot(GENERATED_DIR), sdk, {
    recursive: true,
    filter: (src) => !LOCAL_ONLY_DIRS.includes(relative(fromRoot(GENERATED_DIR), src).split(sep).join('/')),
  });
  // The packages' builds find tsc and @types/node here instead of installing them from the network.
  symlinkSync(fromRoot('node_modules'), join(sdk, 'client', 'node_modules'), 'dir');
  symlinkSync(fromRoot('node_modules'), join(sdk, 'mock', 'node_modules'), 'dir');
  builtBeforePack = existsSync(join(sdk, 'client', 'dist')) || existsSync(join(sdk, 'mock', 'dist'));

  // The mock's build compiles the client's sources beside it, not the client's build: the two packs are independent.
  const [client, mock] = await Promise.all([pack(join(sdk, 'client')), pack(join(sdk, 'mock'))]);
  ({ tarball, entries } = client);
  ({ tarball: mockTarball, entries: mockEntries } = mock);

  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'fresh-app', private: true, type: 'module' })}\n`);
  // Both at once, as a user installs them; the mock's dependencies come from npm's cache, which this repository's
  // own install filled, and its dependency on the client is the client's tarball.
  await sh('npm', ['install', tarball, mockTarball, '--prefer-offline', '--no-audit', '--no-fund'], app);
}, TIMEOUT);

afterAll(() => {
  scratch?.remove();
});

describe('the generated packages', { timeout: TIMEOUT }, () => {
  it('are named and versioned by the spec, the mock after the client', () => {
    expect(manifest.name).toBe(NAME);
    expect(mockManifest.name).toBe(MOCK);
    expect(mockManifest.version).toBe(manifest.version);
    expect(tarball.endsWith(`${sep}${NAME}-5.0.0.tgz`)).toBe(true);
    expect(mockTarball.endsWith(`${sep}${MOCK}-5.0.0.tgz`)).toBe(true);
    for (const file of [tarball, mockTarball]) {
      const bytes = readFileSync(file);
      expect([bytes[0], bytes[1]], 'gzip magic number').toEqual([0x1f, 0x8b]);
    }
  });

  it('npm pack builds dist/ through prepack and packs the build, not the sources; the client has no mock, the mock no client code', () => {
    expect(builtBeforePack, 'the copy had no dist/ before npm pack').toBe(false);
    expect(existsSync(join(sdk, 'client', 'dist', 'client', 'index.js')), 'prepack ran the build').toBe(true);
    expect(entries).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/client/index.js', 'dist/client/index.d.ts']),
    );
    const runtime = listFiles(fromRoot(GENERATED_DIR, 'runtime')).filter((f) => f.endsWith('.ts'));
    const clientRuntime = runtime.filter((f) => !f.startsWith('mock/'));
    expect(clientRuntime.length).toBeGreaterThan(0);
    expect(runtime.length).toBeGreaterThan(clientRuntime.length);
    for (const f of runtime) {
      const [inClient, inMock] = clientRuntime.includes(f) ? [entries, mockEntries] : [mockEntries, entries];
      for (const ext of ['.js', '.d.ts']) {
        const built = `dist/runtime/${f.replace(/\.ts$/, ext)}`;
        expect(inClient, f).toContain(built);
        expect(inMock, f).not.toContain(built);
      }
    }
    expect(
      entries.filter((f) => f.startsWith('dist/mock/')),
      'the mock in the client package',
    ).toEqual([]);
    expect(mockEntries).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'dist/mock/index.js',
        'dist/mock/index.d.ts',
        'dist/mock/simulator/index.js',
      ]),
    );
    expect(
      mockEntries.filter(
        (f) => !f.startsWith('dist/mock/') && !f.startsWith('dist/runtime/mock/') && f.startsWith('dist/'),
      ),
      'client code in the mock package',
    ).toEqual([]);
    for (const list of [entries, mockEntries]) {
      expect(
        list.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
        'TypeScript sources in the tarball',
      ).toEqual([]);
      expect(
        list.filter((f) => !f.startsWith('dist/')),
        'files outside dist/',
      ).toEqual(['README.md', 'package.json']);
    }
  });

  it('install together in a fresh project: the client with no dependency at all, the mock with the client at its version and what the simulator imports', () => {
    expect(manifest.dependencies, 'the client package depends on nothing').toBeUndefined();
    expect(manifest.bin, 'the client package has no command').toBeUndefined();
    const own = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(mockManifest.dependencies).toEqual({
      [NAME]: manifest.version,
      yaml: own.dependencies['yaml'],
      zod: own.dependencies['zod'],
    });
    for (const [pkg, m] of [
      [NAME, manifest],
      [MOCK, mockManifest],
    ] as const) {
      const installed = join(app, 'node_modules', pkg);
      expect(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'))).toMatchObject({
        name: pkg,
        version: '5.0.0',
      });
      expect(listFiles(installed).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
      for (const [dep, version] of Object.entries(m.dependencies ?? {})) {
        expect(
          (JSON.parse(readFileSync(join(app, 'node_modules', dep, 'package.json'), 'utf8')) as { version: string })
            .version,
          dep,
        ).toBe(version);
      }
    }
    // Nothing but the two packages and the mock's dependencies (and npm's own bookkeeping) was installed; the
    // client the mock depends on is the one installed beside it, not a second copy.
    expect(
      readdirSync(join(app, 'node_modules'))
        .filter((e) => !e.startsWith('.'))
        .sort(),
    ).toEqual([NAME, MOCK, 'yaml', 'zod'].sort());
    expect(existsSync(join(app, 'node_modules', MOCK, 'node_modules')), 'a nested install under the mock').toBe(false);
    expect(Object.keys(manifest.devDependencies).sort()).toEqual(['@types/node', 'typescript']);
    expect(Object.keys(mockManifest.devDependencies).sort()).toEqual(['@types/node', 'msw', 'typescript']);
    expect(existsSync(join(app, 'node_modules', 'msw')), 'msw (an optional peer) installed in the fresh project').toBe(
      false,
    );
    expect(existsSync(join(app, 'node_modules', 'typescript')), 'typescript installed in the fresh project').toBe(
      false,
    );
    expect(existsSync(join(app, 'node_modules', '@types', 'node')), '@types/node installed in the fresh project').toBe(
      false,
    );
  });

  it('is imported by its name from plain Node.js and calls a SOAP 1.1 service', async () => {
    writeFileSync(join(app, 'call.mjs'), CALL_SCRIPT);
    const out = JSON.parse(await sh(process.execPath, ['call.mjs'], app)) as CallOutput;

    expect(out.resolved.root).toBe(join(app, 'node_modules', NAME, 'dist', 'client', 'index.js'));
    expect(out.sameClient, "'<name>' and '<name>/client' export the same client class").toBe(true);
    expect(out.result).toEqual({
      errorMessage: 'OK',
      errorCode: 0,
      AccountInfos: [
        { Provider: 'Payer', AccountIdentifier: '007', Balance: 1234.5, Currency: 'EUR' },
        { Provider: 'BrandNewProvider', AccountIdentifier: 'A-2', Balance: -12, Currency: 'USD' },
        null,
      ],
    });

    expect(out.received).toHaveLength(1);
    const req = out.received[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v5/PayerFunctions.asmx');
    expect(req.soapAction).toBe('"http://svc.example/GetBalances"');
    expect(req.contentType).toMatch(/^text\/xml;\s*charset=utf-8$/i);
    expect(req.body).toContain('http://schemas.xmlsoap.org/soap/envelope/');
    expect(req.body).toMatch(/<GetBalances xmlns="http:\/\/svc\.example\/">/);
    expect(req.body).toContain('<payerName>MyPayer</payerName>');
    expect(req.body).toMatch(/<key>[0-9a-f]{64}<\/key>/);
    expect(req.body).not.toContain(API_KEY);

    // The README's error list is exactly the package's error classes.
    const readme = readFileSync(join(app, 'node_modules', NAME, 'README.md'), 'utf8');
    const errorsSection = readme.split('## Errors')[1]?.split('\n## ')[0] ?? '';
    const named = [...errorsSection.matchAll(/`(Svc\w+)`/g)].map((m) => m[1]!);
    expect(out.errorClasses.length).toBeGreaterThan(1);
    expect([...new Set(named)].sort()).toEqual([...out.errorClasses].sort());
  });

  it("have entry points that CommonJS require()s (no top-level await), only the msw one needing msw; the mock loads the client package's runtime, not a copy", async () => {
    const subpaths = (m: PackageManifest) =>
      Object.keys(m.exports).filter((k) => k !== './package.json' && !k.endsWith('/*'));
    expect(subpaths(manifest)).toEqual(['.', './client']);
    expect(subpaths(mockManifest)).toEqual(['.', './msw']);
    const specifiers = [
      ...subpaths(manifest).map((s) => (s === '.' ? NAME : `${NAME}/${s.slice(2)}`)),
      ...subpaths(mockManifest).map((s) => (s === '.' ? MOCK : `${MOCK}/${s.slice(2)}`)),
    ];
    writeFileSync(join(app, 'require-all.cjs'), REQUIRE_SCRIPT);
    const loaded = JSON.parse(
      await sh(process.execPath, ['require-all.cjs', JSON.stringify(specifiers)], app),
    ) as Record<string, Loaded>;
    expect(process.features).toHaveProperty('require_module', true);
    for (const s of specifiers.filter((x) => !x.endsWith('/msw'))) {
      expect(loaded[s], s).toHaveProperty('exports');
      expect((loaded[s] as { exports: string[] }).exports.length, s).toBeGreaterThan(0);
    }
    expect(loaded[MOCK]).toHaveProperty('exports', expect.arrayContaining(['createMockService', 'startMockServer']));
    expect(loaded[MOCK]).not.toHaveProperty('exports', expect.arrayContaining(['mswHandlers']));
    // msw is an optional peer, not installed here: its entry point alone fails, naming it.
    expect(loaded[`${MOCK}/msw`]).toMatchObject({ code: 'ERR_MODULE_NOT_FOUND' });
    expect((loaded[`${MOCK}/msw`] as { message: string }).message).toContain("'msw'");
    // One copy of the runtime: what the mock loads of it is the client package's own module.
    writeFileSync(join(app, 'same-runtime.cjs'), SAME_RUNTIME_SCRIPT);
    expect(JSON.parse(await sh(process.execPath, ['same-runtime.cjs'], app))).toEqual({
      fromClient: true,
      nested: false,
    });
  });

  it('type-check strict consumers of the client and the mock and the README examples (skipLibCheck: false) without msw installed', () => {
    expect(existsSync(join(app, 'node_modules', 'msw'))).toBe(false);
    const readme = readFileSync(join(app, 'node_modules', NAME, 'README.md'), 'utf8');
    const mockReadme = readFileSync(join(app, 'node_modules', MOCK, 'README.md'), 'utf8');
    // One module per README, its blocks in order, as a reader follows them: a later block uses what an earlier made.
    const blocks = [readme, mockReadme].map((r) =>
      codeBlocks(r)
        .filter((b) => !/from 'msw/.test(b))
        .join('\n'),
    );
    expect(blocks[0]).toContain(`from '${NAME}'`);
    expect(blocks[0]).toContain('isServiceError(');
    expect(blocks[1]).toContain(`from '${MOCK}'`);
    blocks.forEach((b, i) => writeFileSync(join(app, `readme-${i}.ts`), b));
    writeFileSync(join(app, 'consumer.ts'), CONSUMER);
    writeFileSync(join(app, 'mock-consumer.ts'), MOCK_CONSUMER);
    const roots = ['consumer.ts', 'mock-consumer.ts', ...blocks.map((_, i) => `readme-${i}.ts`)].map((f) =>
      join(app, f),
    );

    const options: ts.CompilerOptions = { ...CONSUMER_OPTIONS, exactOptionalPropertyTypes: true, skipLibCheck: false };
    const resolved = (spec: string) =>
      ts.resolveModuleName(spec, roots[0]!, options, ts.sys).resolvedModule?.resolvedFileName;
    expect(resolved(NAME)).toBe(join(app, 'node_modules', NAME, 'dist', 'client', 'index.d.ts'));
    expect(resolved(`${NAME}/client`)).toBe(join(app, 'node_modules', NAME, 'dist', 'client', 'index.d.ts'));
    expect(resolved(MOCK)).toBe(join(app, 'node_modules', MOCK, 'dist', 'mock', 'index.d.ts'));
    expect(strictDiagnostics(roots, options)).toBe('');
  });

  it("serves the mock with the mock package's command, which the client package calls", async () => {
    expect(mockManifest.bin).toEqual({ [MOCK]: './dist/mock/cli.js' });
    const child = spawn(join(app, 'node_modules', '.bin', MOCK), ['--port', '0', '--log-level', 'silent'], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const first = await new Promise<string>((resolve, reject) => {
        child.once('error', reject);
        child.once('exit', (code) => reject(new Error(`the mock's command exited with ${code}`)));
        createInterface({ input: child.stdout }).once('line', resolve);
      });
      const origin = new URL(/https?:\/\/\S+/.exec(first)![0]).origin;
      writeFileSync(join(app, 'call-mock.mjs'), CALL_MOCK_SCRIPT);
      const out = JSON.parse(await sh(process.execPath, ['call-mock.mjs', origin], app)) as {
        errorCode: unknown;
        accounts: number;
      };
      expect(out.errorCode).toBe(0);
      expect(out.accounts).toBeGreaterThan(0);
    } finally {
      child.kill();
    }
  });

  it('import every name the READMEs promise, the msw entry point once msw is installed', async () => {
    // msw as a user would add it, the version this repository tests with.
    symlinkSync(fromRoot('node_modules', 'msw'), join(app, 'node_modules', 'msw'), 'dir');
    const promised = new Map<string, Set<string>>();
    for (const pkg of [NAME, MOCK]) {
      const readme = readFileSync(join(app, 'node_modules', pkg, 'README.md'), 'utf8');
      for (const block of codeBlocks(readme)) {
        for (const m of block.matchAll(/^import \{([^}]*)\} from '([^']+)';$/gm)) {
          if (m[2] !== NAME && !m[2]!.startsWith(`${NAME}/`) && m[2] !== MOCK && !m[2]!.startsWith(`${MOCK}/`))
            continue;
          const names = promised.get(m[2]!) ?? new Set<string>();
          for (const part of m[1]!
            .split(',')
            .map((p) => p.trim())
            .filter((p) => p !== ''))
            names.add(part.replace(/^type\s+/, ''));
          promised.set(m[2]!, names);
        }
      }
      // The errors a README lists are promised by the client's root.
      const errorsSection = readme.split('## Errors')[1]?.split('\n## ')[0] ?? '';
      for (const m of errorsSection.matchAll(/`(Svc\w+)`/g)) promised.get(NAME)?.add(m[1]!);
    }
    expect([...promised.keys()].sort()).toEqual([NAME, MOCK, `${MOCK}/msw`]);
    expect(promised.get(NAME)!.size).toBeGreaterThan(5);

    const specifiers = [...promised.keys()];
    const loaded = JSON.parse(
      await sh(process.execPath, ['require-all.cjs', JSON.stringify(specifiers)], app),
    ) as Record<string, Loaded>;
    for (const [specifier, names] of promised) {
      const exported = (loaded[specifier] as { exports?: string[] }).exports;
      expect(exported, specifier).toBeDefined();
      // Type-only names (none today) are checked by the type-check of the README's blocks above.
      expect(
        [...names].filter((n) => !exported!.includes(n)),
        `${specifier} lacks what the README promises`,
      ).toEqual([]);
    }
    expect(loaded[`${MOCK}/msw`]).toHaveProperty('exports', ['mswHandlers']);
  });
});

const API_KEY = 'not-a-real-key-3f9a';

type Loaded = { exports: string[] } | { code: string; message: string };

/** The ```ts blocks of a Markdown text. */
function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * The diagnostics of `roots` type-checked as a strict NodeNext consumer in the app, with the package's declarations
 * checked in full (skipLibCheck: false); only Node's own types come from this repository.
 */
function strictDiagnostics(roots: string[], options: ts.CompilerOptions): string {
  const program = ts.createProgram({ rootNames: roots, options, host: ts.createCompilerHost(options, true) });
  // Our files and the package's declarations are checked in full; other libraries are not this test's business.
  const own = program
    .getSourceFiles()
    .filter(
      (f) =>
        roots.includes(f.fileName) ||
        [NAME, MOCK].some((p) => f.fileName.startsWith(join(app, 'node_modules', p) + sep)),
    );
  if (!own.some((f) => f.fileName.endsWith(`${NAME}/dist/runtime/errors.d.ts`)))
    return 'the client package declarations were not checked';
  if (!own.some((f) => f.fileName.endsWith(`${MOCK}/dist/runtime/mock/core.d.ts`)))
    return 'the mock package declarations were not checked';
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)]),
  ];
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => app,
    getNewLine: () => '\n',
  };
  return diagnostics.map((d) => ts.formatDiagnostic(d, host).trimEnd()).join('\n');
}

// CommonJS, as an older project would load the package: require() of each specifier, its export names or its error.
const REQUIRE_SCRIPT = `const out = {};
for (const specifier of JSON.parse(process.argv[2])) {
  try {
    out[specifier] = { exports: Object.keys(require(specifier)).sort() };
  } catch (error) {
    out[specifier] = { code: error.code, message: error.message };
  }
}
process.stdout.write(JSON.stringify(out));
`;

// The client against the mock that the package's command serves, with the default scenario's payer.
const CALL_MOCK_SCRIPT = `import { PayerClient } from '${NAME}';
import { DEFAULT_PAYER } from '${MOCK}';

const client = new PayerClient({ baseUrl: process.argv[2], ...DEFAULT_PAYER });
const result = await client.getBalances();
process.stdout.write(JSON.stringify({ errorCode: result.errorCode, accounts: result.AccountInfos?.length ?? 0 }));
`;

// A strict consumer of the mock's main entry point, which must not need msw's types.
const MOCK_CONSUMER = `import { createMockService, startMockServer, DEFAULT_PAYER, MockFault, VirtualClock } from '${MOCK}';

export const service = createMockService({ clock: new VirtualClock() });
export async function serve(): Promise<string> {
  const mock = await startMockServer({ port: 0 });
  await mock.close();
  return mock.url + DEFAULT_PAYER.payerName;
}
export const fault: MockFault = new MockFault('Client', 'refused');
// @ts-expect-error the MSW handlers are in the mock's msw entry point, not here
export { mswHandlers } from '${MOCK}';
`;

// The runtime module the mock package loads is the client package's, resolved from the mock's folder.
const SAME_RUNTIME_SCRIPT = `const { dirname, join } = require('node:path');
const { existsSync } = require('node:fs');
const mockDir = dirname(require.resolve('${MOCK}/package.json'));
const fromMock = require.resolve('${NAME}/internal/runtime/errors.js', { paths: [mockDir] });
const fromApp = require.resolve('${NAME}/internal/runtime/errors.js');
process.stdout.write(JSON.stringify({ fromClient: fromMock === fromApp, nested: existsSync(join(mockDir, 'node_modules')) }));
`;

interface CallOutput {
  resolved: { root: string };
  sameClient: boolean;
  result: unknown;
  received: Array<{ method: string; url: string; soapAction: string | null; contentType: string | null; body: string }>;
  errorClasses: string[];
}

const RESPONSE =
  '<?xml version="1.0" encoding="utf-8"?>' +
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
  '<soap:Body><GetBalancesResponse xmlns="http://svc.example/"><GetBalancesResult>' +
  '<errorMessage>OK</errorMessage><errorCode>0</errorCode><AccountInfos>' +
  '<SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>007</AccountIdentifier><Balance>1234.5</Balance><Currency>EUR</Currency></SvcAccountInfo>' +
  '<SvcAccountInfo><Provider>BrandNewProvider</Provider><AccountIdentifier>A-2</AccountIdentifier><Balance>-12</Balance><Currency>USD</Currency></SvcAccountInfo>' +
  '<SvcAccountInfo xsi:nil="true" />' +
  '</AccountInfos></GetBalancesResult></GetBalancesResponse></soap:Body></soap:Envelope>';

// Plain JavaScript, as a consumer without TypeScript would write it: only the package name, no paths.
const CALL_SCRIPT = `import { createServer } from 'node:http';
import * as sdk from '${NAME}';
import * as viaClient from '${NAME}/client';

const received = [];
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({
      method: req.method,
      url: req.url,
      soapAction: req.headers['soapaction'] ?? null,
      contentType: req.headers['content-type'] ?? null,
      body,
    });
    res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
    res.end(${JSON.stringify(RESPONSE)});
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
try {
  const client = new sdk.PayerClient({ baseUrl: 'http://127.0.0.1:' + server.address().port, payerName: 'MyPayer', apiKey: ${JSON.stringify(API_KEY)} });
  const result = await client.getBalances();
  const errorClasses = Object.keys(sdk).filter(
    (k) => typeof sdk[k] === 'function' && (sdk[k] === sdk.SvcError || sdk[k].prototype instanceof sdk.SvcError),
  );
  const root = new URL(import.meta.resolve('${NAME}')).pathname;
  process.stdout.write(JSON.stringify({ resolved: { root }, sameClient: sdk.PayerClient === viaClient.PayerClient, result, received, errorClasses }));
} finally {
  server.close();
}
`;

// Strict consumer code; each @ts-expect-error fails the check if the declarations degrade to any.
const CONSUMER = `import { PayerClient, SvcError, SvcServiceError, type BalanceResult, type PayerClientOptions } from '${NAME}';
import { PayerClient as ClientViaSubpath } from '${NAME}/client';

const options: PayerClientOptions = { baseUrl: 'http://127.0.0.1:8080', payerName: 'MyPayer', apiKey: 'key', style: 'soap12' };
const client: PayerClient = new ClientViaSubpath(options);

export async function totalBalance(): Promise<number> {
  const result: BalanceResult = await client.getBalances();
  let total = 0;
  for (const account of result.AccountInfos ?? []) total += account?.Balance ?? 0;
  return total;
}

export function describeError(error: unknown): string {
  if (error instanceof SvcServiceError) return 'service error: ' + error.message;
  return error instanceof SvcError ? error.name : 'unknown';
}

// @ts-expect-error payerName is required
export const missing: PayerClientOptions = { baseUrl: 'http://127.0.0.1', apiKey: 'key' };
// @ts-expect-error there is no such style
export const badStyle: PayerClientOptions = { ...options, style: 'soap13' };
// @ts-expect-error a balance is a number
export const balance: string | undefined = (await client.getBalances()).AccountInfos?.[0]?.Balance;
// @ts-expect-error no such operation
void client.getBalance();
`;
