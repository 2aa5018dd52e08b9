/**
 * The diff command: golden Markdown and JSON for one fixture pair (UPDATE_GOLDEN=1 rewrites them), reading a side
 * with `git show`, and the exit codes of --fail-on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../generator/commands/diff.js';
import { fromRoot } from '../helpers/paths.js';
import { FIXTURES } from './helpers.js';

const ROOT = join(FIXTURES, '..', '..', '..');
const OLD = 'test/fixtures/diff/base.yaml';
const NEW = 'test/fixtures/diff/new.yaml';
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

function expectGolden(file: string, actual: string): void {
  const path = join(FIXTURES, file);
  if (UPDATE) writeFileSync(path, actual);
  const expected = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (actual !== expected) {
    const patch = createTwoFilesPatch(`${file} (committed)`, `${file} (now)`, expected, actual);
    throw new Error(
      `test/fixtures/diff/${file} is stale; rerun with UPDATE_GOLDEN=1 if the change is intended:\n${patch}`,
    );
  }
}

describe('svc-codegen diff', () => {
  it('writes the Markdown of the golden pair', async () => {
    const run = await runDiff({ old: OLD, new: NEW, cwd: ROOT });
    expect(run.exitCode).toBe(0);
    expectGolden('golden.md', run.output);
  });

  it('writes the JSON of the golden pair, keys in a stable order', async () => {
    const run = await runDiff({ old: OLD, new: NEW, format: 'json', cwd: ROOT });
    expectGolden('golden.json', run.output);
    const parsed = JSON.parse(run.output) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['old', 'new', 'summary', 'changes', 'names']);
    expect(parsed['summary']).toEqual({ changes: 7, breakingForClients: 3, breakingForServers: 3, bump: 'major' });
  });

  describe('--fail-on', () => {
    const docOnly = mkdtempSync(join(tmpdir(), 'svc-diff-'));
    afterAll(() => rmSync(docOnly, { recursive: true, force: true }));
    const docFile = join(docOnly, 'doc.yaml');
    writeFileSync(
      docFile,
      readFileSync(join(FIXTURES, 'base.yaml'), 'utf8').replace(
        'doc: Returns one item.',
        'doc: Returns a single item.',
      ),
    );

    it.each([
      ['breaking', NEW, 1],
      ['breaking', docFile, 0],
      ['any', docFile, 1],
      ['any', OLD, 0],
      ['none', NEW, 0],
    ] as const)('%s with %s exits %i', async (failOn, other, code) => {
      expect((await runDiff({ old: OLD, new: other, failOn, cwd: ROOT })).exitCode).toBe(code);
    });

    it('exits 2 with the reason when a side cannot be read', async () => {
      const run = await runDiff({ old: 'HEAD:no/such/spec.yaml', new: NEW, cwd: ROOT });
      expect(run.exitCode).toBe(2);
      expect(run.error).toMatch(/HEAD:no\/such\/spec\.yaml:1:1: cannot read the spec with git show/);
      const missing = await runDiff({ old: 'no-such-file.yaml', new: NEW, cwd: ROOT });
      expect(missing.exitCode).toBe(2);
      expect(missing.error).toMatch(
        /no-such-file\.yaml:1:1: cannot read the spec: no such file, nor a git revision such as HEAD~1:spec\/service\.yaml; check the path/,
      );
    });

    it('sets the exit code of the real command line', async () => {
      const cli = (failOn: string) =>
        spawnSync(
          process.execPath,
          [fromRoot('dist', 'cli.js'), 'diff', OLD, NEW, '--fail-on', failOn, '--format', 'json'],
          {
            cwd: ROOT,
            encoding: 'utf8',
          },
        );
      const failing = cli('breaking');
      expect(failing.stderr).toBe('');
      expect(failing.status).toBe(1);
      expect(failing.stdout).toBe(readFileSync(join(FIXTURES, 'golden.json'), 'utf8'));
    });
  });

  describe('git revisions', () => {
    const head = execFileSync('git', ['show', 'HEAD:spec/payer-v5.yaml'], { cwd: ROOT, encoding: 'utf8' });

    it('HEAD:spec/payer-v5.yaml against the same text in a file: no changes', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-diff-'));
      try {
        writeFileSync(join(dir, 'payer-v5.yaml'), head);
        const run = await runDiff({
          old: 'HEAD:spec/payer-v5.yaml',
          new: join(dir, 'payer-v5.yaml'),
          format: 'json',
          failOn: 'any',
          cwd: ROOT,
        });
        expect(run.error).toBeUndefined();
        expect(run.exitCode).toBe(0);
        expect(JSON.parse(run.output)).toMatchObject({ summary: { changes: 0, bump: 'none' }, changes: [], names: [] });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    // Others may be editing the spec in this working copy; the comparison with it holds when it is unmodified.
    const unmodified = readFileSync(join(ROOT, 'spec/payer-v5.yaml'), 'utf8') === head;
    it.runIf(unmodified)('HEAD:spec/payer-v5.yaml against the working file: no changes', async () => {
      const run = await runDiff({
        old: 'HEAD:spec/payer-v5.yaml',
        new: 'spec/payer-v5.yaml',
        failOn: 'any',
        cwd: ROOT,
      });
      expect(run.exitCode).toBe(0);
      expect(run.output).toBe(
        '## Spec diff: HEAD:spec/payer-v5.yaml -> spec/payer-v5.yaml\n\n**No changes.** Semver: none.\n',
      );
    });
  });
});
