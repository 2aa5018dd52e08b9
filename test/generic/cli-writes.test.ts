/**
 * The CLI writes only under --out unless asked: the JSON Schema of the spec format goes next to the spec with
 * --spec-schema alone, and the count it reports is of the files it wrote.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCHEMA_FILE, renderSpecSchema } from '../../generator/generate.js';
import { loadConfig } from '../../generator/commands/config.js';
import { runCli } from '../helpers/cli.js';
import { listFiles, scratchDir, type Scratch } from '../helpers/files.js';
import { fromRoot } from '../helpers/paths.js';

const SPEC = 'specs/minimal.yaml';

let project: Scratch;
beforeAll(() => {
  project = scratchDir('cli-writes');
  mkdirSync(join(project.dir, 'specs'));
  cpSync(fromRoot('test/fixtures/specs/minimal.yaml'), join(project.dir, SPEC));
});
afterAll(() => {
  project.remove();
});

describe('svc-codegen --spec --out', () => {
  it('writes nothing next to the spec and counts only the files under --out', async () => {
    const run = await runCli(['--spec', SPEC, '--out', 'out'], project.dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(listFiles(join(project.dir, 'specs'))).toEqual(['minimal.yaml']);
    const written = listFiles(project.dir).filter((f) => f !== SPEC);
    expect(written.length).toBeGreaterThan(0);
    expect(
      written.filter((f) => !f.startsWith('out/')),
      'files outside --out',
    ).toEqual([]);
    expect(run.stdout).toBe(`Generated out from ${SPEC}: ${written.length} added, 0 changed, 0 removed.\n`);
  });

  it('with --spec-schema also writes the JSON Schema of the spec format next to the spec', async () => {
    const before = listFiles(join(project.dir, 'out'));
    const run = await runCli(['--spec', SPEC, '--out', 'out', '--spec-schema'], project.dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Generated out from ${SPEC}: 1 added, 0 changed, 0 removed.\n`);
    expect(listFiles(join(project.dir, 'specs'))).toEqual([DEFAULT_SCHEMA_FILE, 'minimal.yaml'].sort());
    expect(readFileSync(join(project.dir, 'specs', DEFAULT_SCHEMA_FILE), 'utf8')).toBe(renderSpecSchema());
    expect(listFiles(join(project.dir, 'out'))).toEqual(before);

    // Check mode covers the schema file only when asked, as `npm run generate -- --check` does.
    const check = await runCli(['--spec', SPEC, '--out', 'out', '--spec-schema', '--check'], project.dir);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('Generated files are up to date');
  });

  it('names the flag in its help, and this project generates with it (through its config file)', async () => {
    const help = await runCli(['--help'], project.dir);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--spec-schema\b/);
    const config = loadConfig('svc-codegen.config.yaml', fromRoot());
    expect(config.values.specSchema).toBe(true);
    const scripts = (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    // The script names no spec: the config file does.
    expect(scripts['generate']).not.toMatch(/--spec\b/);
  });
});
