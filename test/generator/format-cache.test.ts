/**
 * Generating again in the same process (`--watch`) formats again only the files whose printed text changed: what the
 * last generation formatted is remembered until the next one ends.
 */
import { describe, expect, it } from 'vitest';
import { emitters } from '../../generator/emit/index.js';
import { FormatCache, formatFiles } from '../../generator/print/format.js';
import { Printer, type GeneratedFile } from '../../generator/print/printer.js';
import { parseSpec } from '../../generator/load/load.js';
import { syntheticSpec } from '../bench/synthetic-spec.js';

function printed(spec: string): GeneratedFile[] {
  const model = parseSpec(spec, 'synthetic.yaml');
  const printer = new Printer(model);
  return emitters.flatMap((e) => e(model, printer)).filter((f) => f.unformatted);
}

describe('formatting again in one process', () => {
  const first = syntheticSpec(16);
  const again = printed(first);
  // ListThing1's doc text appears once in the spec.
  const docEdited = printed(first.replace('lists things of group 1.', 'lists things of group 1, edited.'));
  const opAdded = printed(syntheticSpec(17));

  it('formats only the files whose text changed, into what formatting without the cache gives', async () => {
    const cache = new FormatCache();
    const missesOf = async (files: readonly GeneratedFile[], compare = false) => {
      const before = cache.misses;
      const output = await formatFiles(files, cache);
      cache.endGeneration();
      if (compare) expect(output).toEqual(await formatFiles(files));
      return cache.misses - before;
    };
    expect(await missesOf(printed(first), true)).toBe(again.length);
    expect(await missesOf(again)).toBe(0);
    // One doc: the few files that show it.
    const doc = await missesOf(docEdited, true);
    expect(doc).toBeGreaterThan(0);
    expect(doc).toBeLessThan(docEdited.length);
    // An operation more changes nearly every file, and each is formatted again.
    expect(await missesOf(opAdded, true)).toBeGreaterThan(doc);
  });
});
