/**
 * Golden output of a service with nothing of the payer interface: test/fixtures/specs/plain/plain.yaml has no auth,
 * no decisions, no polls, no error codes, no headers and no simulator. Its whole output is rendered in memory and
 * compared byte for byte with the committed folder beside the spec (golden/), and no payer-only word or phrase may
 * appear anywhere in it: every sentence of the output comes from the spec or is true of every service.
 *
 * golden/ holds every file but the runtime: the runtime is copied unchanged into every output, so its files must be
 * those of generated/runtime/ (checked byte for byte by generated.test.ts) but for the header naming the spec.
 *
 * After a deliberate change of the output, rewrite golden/ with `SVC_UPDATE_GOLDEN=1 npx vitest run
 * test/golden/plain-service.test.ts` and review its diff.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assert, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_OUT_DIR } from '../../generator/emit/runtime.js';
import { headerSpecName, render } from '../../generator/generate.js';
import type { GeneratedFile } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { readableDiff } from '../helpers/diff.js';
import { listFiles } from '../helpers/files.js';
import { GENERATED_DIR, fromRoot, repoRoot } from '../helpers/paths.js';
import { PAYER_SPEC_NAME } from '../helpers/payer-render.js';

const SPEC = 'test/fixtures/specs/plain/plain.yaml';
const GOLDEN = 'test/fixtures/specs/plain/golden';
const UPDATE = process.env['SVC_UPDATE_GOLDEN'] === '1';

/**
 * Words and phrases of the payer interface, or of features this service does not have (auth, decisions, polls, error
 * codes, a simulator), that must appear nowhere in its output. Case-insensitive unless a regular expression says
 * otherwise; `EAT` is matched as a capitalised word, since `eat` is part of ordinary words.
 */
const FORBIDDEN: ReadonlyArray<string | RegExp> = [
  'payer',
  'payment',
  'MyPayer',
  'boguskey',
  'apiKey',
  'API key',
  'API_KEY',
  'dynamic key',
  'hashkey',
  'embeddedPageQuery',
  'SFTP',
  /\bEAT\b/,
  'timestamp',
  'requestId',
  'poll',
  'waitFor',
  'Decisions',
  'decision',
  'not shown',
  'interface document',
  'credential',
  'signature',
  'errorCode',
  'errorMessage',
  'SvcServiceError',
  'throwOnServiceError',
  'scenario',
  'svc-codegen repository',
  'npm run mock',
];

/**
 * What the output may say although the list above forbids it: the client's index exports every error class for every
 * service, so that code handling the clients of several services catches them alike.
 */
const ALLOWED: ReadonlyArray<{ readonly file: string; readonly text: string }> = [{ file: 'client/index.ts', text: 'SvcServiceError,' }];

/**
 * The runtime is the same for every service: it may speak of what the spec format has (credentials, timestamps, the
 * EAT value, error codes, polls) but never of the payer's own things.
 */
const FORBIDDEN_IN_RUNTIME: ReadonlyArray<string | RegExp> = ['payer', 'payment', 'MyPayer', 'boguskey', 'dynamic key', 'SFTP', 'requestId'];

/**
 * Payer text still in the runtime, in a file another piece of work owns at the moment (the mock's engine); each must
 * still be there (so the list cannot go stale) and goes when that file is free.
 */
const RUNTIME_LEFTOVERS: ReadonlyArray<{ readonly file: string; readonly text: string }> = [];

let rendered: GeneratedFile[];
beforeAll(async () => {
  rendered = await render(loadSpec(fromRoot(SPEC), { cwd: repoRoot }), { specName: headerSpecName(fromRoot(GOLDEN), fromRoot(SPEC)) });
  if (UPDATE) {
    rmSync(fromRoot(GOLDEN), { recursive: true, force: true });
    for (const file of rendered.filter((f) => !isRuntime(f.path))) {
      mkdirSync(dirname(fromRoot(GOLDEN, file.path)), { recursive: true });
      writeFileSync(fromRoot(GOLDEN, file.path), file.content);
    }
  }
});

function isRuntime(path: string): boolean {
  return path.startsWith(`${RUNTIME_OUT_DIR}/`);
}

/** Each place where one of `patterns` occurs in `file`, as `path:line: text`. */
function occurrences(file: GeneratedFile, patterns: ReadonlyArray<string | RegExp>, allowed: readonly string[] = []): string[] {
  const found: string[] = [];
  file.content.split('\n').forEach((line, i) => {
    for (const p of patterns) {
      const hit = typeof p === 'string' ? line.toLowerCase().includes(p.toLowerCase()) : p.test(line);
      if (hit && !allowed.some((a) => line.includes(a))) found.push(`${file.path}:${i + 1}: ${String(p)} in: ${line.trim()}`);
    }
  });
  return found;
}

describe('the output of a service without auth, decisions, polls or error codes', () => {
  it(`is ${GOLDEN}/, byte for byte (the runtime aside)`, () => {
    const expected = rendered.filter((f) => !isRuntime(f.path));
    const problems: string[] = [];
    for (const file of expected) {
      let onDisk: string | undefined;
      try {
        onDisk = readFileSync(fromRoot(GOLDEN, file.path), 'utf8');
      } catch {
        onDisk = undefined;
      }
      if (onDisk === undefined) problems.push(`missing: ${GOLDEN}/${file.path}`);
      else if (onDisk !== file.content) problems.push(readableDiff(`${GOLDEN}/${file.path}`, file.content, onDisk));
    }
    const extra = listFiles(fromRoot(GOLDEN)).filter((p) => !expected.some((f) => f.path === p));
    problems.push(...extra.map((p) => `no longer rendered: ${GOLDEN}/${p}`));
    if (problems.length > 0) assert.fail(`${GOLDEN}/ is stale; after a deliberate change run SVC_UPDATE_GOLDEN=1 npx vitest run ${join('test', 'golden', 'plain-service.test.ts')}\n\n${problems.join('\n\n')}`);
  });

  it('has the runtime of every output: generated/runtime/, but for the spec named in the header', () => {
    const runtime = rendered.filter((f) => isRuntime(f.path));
    expect(runtime.map((f) => f.path)).toEqual(listFiles(fromRoot(GENERATED_DIR, RUNTIME_OUT_DIR)).map((p) => `${RUNTIME_OUT_DIR}/${p}`));
    for (const file of runtime) {
      const payer = readFileSync(fromRoot(GENERATED_DIR, file.path), 'utf8');
      expect(file.content, file.path).toBe(payer.replace(`from ${PAYER_SPEC_NAME}.`, `from ${headerSpecName(fromRoot(GOLDEN), fromRoot(SPEC))}.`));
    }
  });

  it('has no decisions page, no flows page, and no link to either', () => {
    const paths = rendered.map((f) => f.path);
    expect(paths).not.toContain('docs/decisions.md');
    expect(paths).not.toContain('docs/flows.md');
    for (const file of rendered.filter((f) => f.path.endsWith('.md'))) {
      expect(file.content, file.path).not.toMatch(/\]\([^)]*(decisions|flows)\.md/);
    }
  });

  it('says nothing of the payer, nor of auth, decisions, polls or error codes, which it does not have', () => {
    const found = rendered
      .filter((f) => !isRuntime(f.path))
      .flatMap((f) => occurrences(f, FORBIDDEN, ALLOWED.filter((l) => l.file === f.path).map((l) => l.text)));
    if (found.length > 0) assert.fail(`payer-only text in the output of ${SPEC}:\n${found.join('\n')}`);
  });

  it("has a runtime that says nothing of the payer's own things", () => {
    const found = rendered
      .filter((f) => isRuntime(f.path))
      .flatMap((f) => occurrences(f, FORBIDDEN_IN_RUNTIME, RUNTIME_LEFTOVERS.filter((l) => l.file === f.path).map((l) => l.text)));
    if (found.length > 0) assert.fail(`payer-only text in the runtime copied into every output:\n${found.join('\n')}`);
    for (const l of RUNTIME_LEFTOVERS) expect(rendered.find((f) => f.path === l.file)?.content, l.file).toContain(l.text);
  });
});
