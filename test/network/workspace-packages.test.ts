/**
 * From a WSDL to two packed npm packages in an empty folder, as a maintainer adopting svc-codegen would go: a config
 * file names the WSDL and the packages' scope and version, `svc-codegen` generates, and then only the commands of the
 * generated README's "Build and publish" section run in the output folder, as written. Nothing is published and
 * nothing is linked by hand: the workspace links the client into the mock, and the registry is asked only for the
 * build tools (TypeScript, Node's types, msw) and the mock's dependencies (from npm's cache when it has them). The
 * tarballs then install into a fresh project, where the scoped mock serves and the scoped client loads.
 *
 * In the second suite (`npm run test:interop`): it needs the npm registry (or a warm cache), and two builds and
 * packs take about half a minute.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { scratchDir, type Scratch } from '../helpers/files.js';
import { fromRoot } from '../helpers/paths.js';

const run = promisify(execFile);
const TIMEOUT = 300_000;
const CLIENT = '@acme/weather-client';
const MOCK = '@acme/weather-client-mock';
const VERSION = '1.2.3';
const TARBALLS = ['acme-weather-client-1.2.3.tgz', 'acme-weather-client-mock-1.2.3.tgz'];

// A fresh shell's environment: nothing of an npm script run of this repository (its prefix, its lifecycle), and npm
// told to take what its cache has before asking the registry, and to keep quiet about audits and funding.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|INIT_CWD$|NODE_OPTIONS$)/i.test(k))),
  npm_config_prefer_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

async function sh(command: string, cwd: string): Promise<string> {
  try {
    return (await run('sh', ['-c', command], { cwd, env, maxBuffer: 16 * 1024 * 1024, timeout: TIMEOUT })).stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} failed in ${cwd}: ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`, {
      cause: error,
    });
  }
}

/** The commands of the first sh block of the README section `heading`, one a line. */
function sectionCommands(readme: string, heading: string): string[] {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0];
  if (section === undefined) throw new Error(`the README has no "${heading}" section`);
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error(`the README's "${heading}" section has no sh block`);
  return block.split('\n').filter((l) => l.trim() !== '');
}

/** The files of a tarball, relative to its package/ folder. */
async function tarEntries(file: string): Promise<string[]> {
  return (await sh(`tar -tzf '${file}'`, '.'))
    .split('\n')
    .filter((l) => l !== '' && !l.endsWith('/'))
    .map((l) => l.replace(/^package\//, ''));
}

let scratch: Scratch;
let sdk: string;
let commands: string[];
let generated: { code: number; stderr: string };

beforeAll(async () => {
  scratch = scratchDir('workspace-packages');
  copyFileSync(
    fromRoot('test', 'fixtures', 'wsdl', 'cdyne-weather', 'weather-ws.wsdl'),
    join(scratch.dir, 'Weather.wsdl'),
  );
  writeFileSync(
    join(scratch.dir, 'svc-codegen.config.yaml'),
    `wsdl: Weather.wsdl\nout: sdk\npackage:\n  name: "${CLIENT}"\n  version: ${VERSION}\n`,
  );
  generated = await runCli([], scratch.dir);
  sdk = join(scratch.dir, 'sdk');
  commands = sectionCommands(readFileSync(join(sdk, 'README.md'), 'utf8'), 'Build and publish');
  for (const command of commands) await sh(command, sdk);
}, TIMEOUT);

afterAll(() => scratch?.remove());

describe('a WSDL to two packed packages with the generated README commands', { timeout: TIMEOUT }, () => {
  it('generates from the config file, and the README builds with install, build and pack alone: no publish, no link', () => {
    expect(generated.code, generated.stderr).toBe(0);
    expect(commands).toEqual(['npm install', 'npm run build', 'npm pack --workspaces']);
  });

  it('links the client into the workspace rather than fetching a package of its name', () => {
    const linked = join(sdk, 'node_modules', '@acme', 'weather-client');
    expect(lstatSync(linked).isSymbolicLink()).toBe(true);
    expect(realpathSync(linked)).toBe(realpathSync(join(sdk, 'client')));
    expect(existsSync(join(sdk, 'mock', 'node_modules', '@acme')), 'a second copy of the client under the mock').toBe(
      false,
    );
  });

  it('packs two tarballs named and versioned by the config file, the client without the mock, the mock without client code', async () => {
    expect(
      readdirSync(sdk)
        .filter((f) => f.endsWith('.tgz'))
        .sort(),
    ).toEqual(TARBALLS);
    const [client, mock] = await Promise.all(TARBALLS.map((t) => tarEntries(join(sdk, t))));
    expect(client).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/client/index.js', 'dist/client/index.d.ts']),
    );
    expect(client!.filter((f) => f.startsWith('dist/mock/') || f.startsWith('dist/runtime/mock/'))).toEqual([]);
    expect(mock).toEqual(
      expect.arrayContaining(['package.json', 'README.md', 'dist/mock/index.js', 'dist/mock/cli.js']),
    );
    expect(
      mock!.filter((f) => f.startsWith('dist/') && !f.startsWith('dist/mock/') && !f.startsWith('dist/runtime/mock/')),
    ).toEqual([]);
  });

  it('installs into a fresh project, where the scoped mock serves on loopback and the scoped client loads with its one client class', async () => {
    const app = join(scratch.dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'app', private: true, type: 'module' })}\n`);
    await sh(`npm install ${TARBALLS.map((t) => `'${join(sdk, t)}'`).join(' ')}`, app);
    for (const name of [CLIENT, MOCK]) {
      expect(JSON.parse(readFileSync(join(app, 'node_modules', name, 'package.json'), 'utf8'))).toMatchObject({
        name,
        version: VERSION,
      });
    }
    writeFileSync(
      join(app, 'check.mjs'),
      [
        `import * as client from '${CLIENT}';`,
        `import { startMockServer } from '${MOCK}';`,
        'const mock = await startMockServer({ port: 0 });',
        'await mock.close();',
        "console.log(JSON.stringify({ url: mock.url, clients: Object.keys(client).filter((k) => k.endsWith('Client')) }));",
      ].join('\n'),
    );
    const out = JSON.parse(await sh('node check.mjs', app)) as { url: string; clients: string[] };
    expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.clients).toHaveLength(1);
  });
});
