/**
 * The formatter is the judge of the generated TypeScript's layout: every file the printer writes must be stable under
 * it, exactly what the formatter makes of it again with the generator's settings. Run on
 * outputs already committed, so that no generation is added to the suite: generated/ (the payer spec; that it is
 * what generating gives now is generated.test.ts's and `generate --check`'s work) and the plain fixture's golden/
 * (plain-service.test.ts). Copied files (the runtime, the simulator) keep the layout they were written in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_OUT_DIR } from '../../generator/emit/runtime.js';
import { formatTypescript } from '../../generator/print/format.js';
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

/** What the formatter would change in `path`, as a unified diff, at most 80 lines. */
function formatterDiff(path: string, generated: string, formatted: string): string {
  const lines = createTwoFilesPatch(
    `${path} (as generated)`,
    `${path} (as the formatter lays it out)`,
    generated,
    formatted,
    '',
    '',
    { context: 3 },
  )
    .split('\n')
    .slice(1);
  return [...lines.slice(0, 80), ...(lines.length > 80 ? [`... ${lines.length - 80} more diff lines`] : [])].join('\n');
}

/** Each file the formatter would change, with what it would change, as a readable diff. */
async function misformatted(dir: string, files: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of files) {
    const text = readFileSync(join(fromRoot(dir), path), 'utf8');
    const formatted = await formatTypescript(path, text);
    if (formatted === text) continue;
    found.push(formatterDiff(`${dir}/${path}`, text, formatted));
  }
  return found;
}

describe('the generated TypeScript is stable under the formatter', () => {
  it('finds a misformatted file and shows what the formatter would change', async () => {
    // The judge itself: a layout the formatter would change is reported, with the file and the change.
    const text = 'export const a = { b: 1 }\n';
    expect(await formatTypescript('x.ts', text)).not.toBe(text);
    expect(formatterDiff('x.ts', text, await formatTypescript('x.ts', text))).toContain('+export const a = { b: 1 };');
  });

  for (const dir of OUTPUTS) {
    it(`in ${dir}/`, async () => {
      const files = printedFiles(dir);
      expect(files).toEqual(
        expect.arrayContaining(['client/client.ts', 'client/codec.ts', 'client/types.ts', 'mock/codec.ts']),
      );
      const found = await misformatted(dir, files);
      expect(found, found.join('\n\n')).toEqual([]);
    });
  }
});
