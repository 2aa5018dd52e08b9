/**
 * The spec's `mock.simulator`: a folder beside the spec whose TypeScript is shipped in the mock. What would not
 * resolve in the generated package is refused at its file, line and column; the folder itself at the spec's key.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecError, formatIssue } from '../../generator/load/errors.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';
import { fromRoot } from '../helpers/paths.js';

const SPEC = `${readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8')}\nmock:\n  simulator: sim\n`;
/** The line of `simulator: sim` in SPEC. */
const SIMULATOR_LINE = SPEC.split('\n').indexOf('  simulator: sim') + 1;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A spec with a simulator folder holding `files`, loaded from disk (cwd: its folder, so paths are short). */
function load(files: Readonly<Record<string, string>>, spec = SPEC) {
  const dir = mkdtempSync(join(tmpdir(), 'sim-spec-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'svc.yaml'), spec);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'sim', name, '..'), { recursive: true });
    writeFileSync(join(dir, 'sim', name), text);
  }
  return () => loadSpec(join(dir, 'svc.yaml'), { cwd: dir });
}
const issuesOf = (run: () => unknown) => thrown(run, SpecError).issues.map(formatIssue);

const INDEX = "import type { MinimalHandlers } from '#generated/mock/types.js';\nexport const x = 1;\n";

describe('a simulator folder that ships', () => {
  it('is read into the model: its .ts files in name order (not tests), their #generated/ imports located', () => {
    const model = load({
      'index.ts': INDEX,
      'parts/clock.ts':
        "export { VirtualClock } from '#generated/runtime/mock/clock.js';\nimport { x } from '../index.js';\n",
      'index.test.ts': 'this is not shipped',
      'notes.md': 'nor this',
    })();
    const sim = model.simulator!;
    expect(sim.folder).toBe('sim');
    expect(sim.files.map((f) => [f.name, f.source])).toEqual([
      ['index.ts', 'sim/index.ts'],
      ['parts/clock.ts', 'sim/parts/clock.ts'],
    ]);
    const [index, clock] = sim.files;
    expect(index!.generatedImports.map((g) => [index!.text.slice(g.start, g.end), g.target])).toEqual([
      ['#generated/mock/types.js', 'mock/types.js'],
    ]);
    expect(clock!.generatedImports.map((g) => g.target)).toEqual(['runtime/mock/clock.js']);
  });

  it('is optional: a spec without `mock` has no simulator', () => {
    expect(
      parseSpec(readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8'), 'm.yaml').simulator,
    ).toBeUndefined();
  });
});

describe('a simulator that would not work is refused', () => {
  it.each<[string, { files: Record<string, string>; want: string[] }]>([
    [
      'a folder that does not exist',
      {
        files: {},
        want: [
          `svc.yaml:${SIMULATOR_LINE}:14: mock.simulator: the simulator folder "sim" does not exist beside the spec`,
        ],
      },
    ],
    [
      'a folder without index.ts',
      {
        files: { 'main.ts': INDEX },
        want: [
          `svc.yaml:${SIMULATOR_LINE}:14: mock.simulator: the simulator folder "sim" has no index.ts (it must export createSimulator)`,
        ],
      },
    ],
    [
      'a relative import leaving the folder',
      {
        files: { 'index.ts': "import { x } from '../elsewhere.js';\n" },
        want: [
          'sim/index.ts:1:19: "../elsewhere.js" is not a file of the simulator folder (import generated code as #generated/<path>, other files of the folder as ./<name>.js)',
        ],
      },
    ],
    [
      'an import of a file the folder lacks',
      {
        files: { 'index.ts': "\n\nexport * from './missing.js';\n" },
        want: [
          'sim/index.ts:3:15: "./missing.js" is not a file of the simulator folder (import generated code as #generated/<path>, other files of the folder as ./<name>.js)',
        ],
      },
    ],
    [
      'another package alias',
      {
        files: { 'index.ts': "import x from '#lib/x.js';\n" },
        want: [
          'sim/index.ts:1:15: "#lib/x.js" would not resolve in the generated package; import generated code as #generated/<path>',
        ],
      },
    ],
    [
      'a #generated/ path that climbs out',
      {
        files: { 'index.ts': "import x from '#generated/../secret.js';\n" },
        want: [
          'sim/index.ts:1:15: "#generated/../secret.js" must name a file of the generated output, e.g. #generated/mock/types.js',
        ],
      },
    ],
    [
      'a Node builtin without node:',
      {
        files: { 'index.ts': "import { readFileSync } from 'fs';\n" },
        want: ['sim/index.ts:1:30: import Node\'s "fs" as "node:fs"'],
      },
    ],
  ])('%s', (_, { files, want }) => {
    expect(issuesOf(load(files))).toEqual(want);
  });

  it('every problem of every file at once', () => {
    const issues = issuesOf(
      load({ 'index.ts': "import a from '#x';\nimport b from 'os';\n", 'b.ts': "import c from '../c.js';\n" }),
    );
    expect(issues.map((i) => i.split(': ')[0])).toEqual(['sim/b.ts:1:15', 'sim/index.ts:1:15', 'sim/index.ts:2:15']);
  });

  it('parsed from text alone, without the folder it names', () => {
    expect(issuesOf(() => parseSpec(SPEC, 'svc.yaml'))).toEqual([
      `svc.yaml:${SIMULATOR_LINE}:14: mock.simulator: a spec with a simulator must be loaded from its file (the folder is read beside it)`,
    ]);
  });

  it('an unknown key under mock', () => {
    expect(
      issuesOf(() =>
        parseSpec(SPEC.replace('  simulator: sim\n', '  simulator: sim\n  handlers: x\n'), 'svc.yaml', {
          baseDir: '/nowhere',
        }),
      ),
    ).toEqual([`svc.yaml:${SIMULATOR_LINE + 1}:3: mock.handlers: unknown key "handlers"; allowed here: simulator`]);
  });
});
