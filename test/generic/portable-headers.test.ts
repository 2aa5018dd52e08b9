/**
 * Generated files name what made them portably: a spec given by an absolute path (outside the working directory)
 * is named in every header relative to the output folder, the simulator files copied beside it too, and the
 * command is svc-codegen's, not this repository's `npm run generate`. No absolute path reaches any generated file.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, headerSpecName } from '../../generator/generate.js';
import { GENERATED_MARKER } from '../../generator/print/printer.js';
import { listFiles, scratchDir, type Scratch } from '../helpers/files.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

let project: Scratch;
let out: string;
let files: Array<{ path: string; content: string }>;

beforeAll(async () => {
  // Outside the working directory (the repository), so that no relative path from there reaches the spec.
  project = scratchDir('portable-headers');
  mkdirSync(join(project.dir, 'specs'));
  cpSync(fromRoot('test/fixtures/specs/inventory/inventory.yaml'), join(project.dir, 'specs', 'inventory.yaml'));
  cpSync(
    fromRoot('test/fixtures/specs/inventory/inventory.simulator'),
    join(project.dir, 'specs', 'inventory.simulator'),
    { recursive: true },
  );
  out = join(project.dir, 'sdk', 'generated');
  await generate({ spec: join(project.dir, 'specs', 'inventory.yaml'), out, cwd: repoRoot });
  files = listFiles(out).map((path) => ({ path, content: readFileSync(join(out, path), 'utf8') }));
});
afterAll(() => {
  project.remove();
});

describe('svc-codegen --spec <absolute path> --out <absolute path>', () => {
  it('writes no absolute path into any file', () => {
    expect(files.length).toBeGreaterThan(0);
    const leaks = files.flatMap((f) =>
      [project.dir, repoRoot].filter((dir) => f.content.includes(dir)).map((dir) => `${f.path} contains ${dir}`),
    );
    expect(leaks).toEqual([]);
  });

  it('names the spec relative to the output folder, and the command generically, in every header', () => {
    const headed = files.filter((f) => f.content.includes(GENERATED_MARKER));
    expect(headed.length).toBeGreaterThan(40);
    for (const f of headed) {
      expect(f.content, f.path).toContain(`${GENERATED_MARKER} from ../../specs/inventory.yaml. DO NOT EDIT.`);
      expect(f.content, f.path).not.toContain('npm run generate');
      expect(f.content, f.path).toMatch(/run svc-codegen again\./);
    }
    const copied = files.find((f) => f.path === 'mock/simulator/store.ts');
    expect(copied?.content).toContain(
      '// Copied from ../../specs/inventory.simulator/store.ts (relative to the output folder)',
    );
  });

  it.each([
    ['a spec beside the output folder', '/p/generated', '/p/spec/a.yaml', '../spec/a.yaml'],
    ['a spec inside it', '/p/out', '/p/out/specs/a.yaml', 'specs/a.yaml'],
    ['a WSDL URL, kept as it is', '/p/out', 'https://host/S.asmx?WSDL', 'https://host/S.asmx?WSDL'],
  ])('headerSpecName: %s', (_label, outDir, spec, want) => {
    expect(headerSpecName(outDir, spec)).toBe(want);
  });
});
