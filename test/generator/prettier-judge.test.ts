/**
 * prettier is the judge of the generated TypeScript's layout: every file the printer lays out must be exactly what
 * prettier makes of it (prettier's `check`, as `prettier --check` runs it, with the generator's settings). Run on
 * outputs already committed, so that no generation is added to the suite: generated/ (the payer spec; that it is
 * what generating gives now is generated.test.ts's and `generate --check`'s work) and the plain fixture's golden/
 * (plain-service.test.ts). Copied files (the runtime, the simulator) keep the layout they were written in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { check, format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { RUNTIME_OUT_DIR } from '../../generator/emit/runtime.js';
import { PRETTIER } from '../../generator/print/format.js';
import { createTwoFilesPatch } from 'diff';
import { listFiles } from '../helpers/files.js';
import { GENERATED_DIR, fromRoot } from '../helpers/paths.js';

/** Outputs committed in this repository, each a folder of files as the generator wrote them. */
const OUTPUTS = [GENERATED_DIR, 'test/fixtures/specs/plain/golden'];

/** The TypeScript files of an output that the printer lays out: not the copied runtime or simulator. */
function printedFiles(dir: string): string[] {
  return listFiles(fromRoot(dir)).filter(
    (path) => path.endsWith('.ts') && !path.startsWith(`${RUNTIME_OUT_DIR}/`) && !path.startsWith('mock/simulator/'),
  );
}

/** What prettier would change in `path`, as a unified diff, at most 80 lines. */
function prettierDiff(path: string, generated: string, formatted: string): string {
  const lines = createTwoFilesPatch(`${path} (as generated)`, `${path} (as prettier lays it out)`, generated, formatted, '', '', { context: 3 }).split('\n').slice(1);
  return [...lines.slice(0, 80), ...(lines.length > 80 ? [`... ${lines.length - 80} more diff lines`] : [])].join('\n');
}

/** Each file prettier would change, with what it would change, as a readable diff. */
async function misformatted(dir: string, files: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of files) {
    const text = readFileSync(join(fromRoot(dir), path), 'utf8');
    if (await check(text, PRETTIER)) continue;
    found.push(prettierDiff(`${dir}/${path}`, text, await format(text, PRETTIER)));
  }
  return found;
}

describe('the generated TypeScript is laid out as prettier lays it out', () => {
  it('finds a misformatted file and shows what prettier would change', async () => {
    // The judge itself: a layout prettier would change is reported, with the file and the change.
    const text = "export const a = { b: 1 }\n";
    expect(await check(text, PRETTIER)).toBe(false);
    expect(prettierDiff('x.ts', text, await format(text, PRETTIER))).toContain('+export const a = { b: 1 };');
  });

  for (const dir of OUTPUTS) {
    it(`in ${dir}/`, async () => {
      const files = printedFiles(dir);
      expect(files).toEqual(expect.arrayContaining(['client/client.ts', 'client/codec.ts', 'client/types.ts', 'mock/codec.ts']));
      const found = await misformatted(dir, files);
      expect(found, found.join('\n\n')).toEqual([]);
    });
  }
});
