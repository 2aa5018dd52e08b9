/**
 * Generating again in the same process (`--watch`) formats again only the segments left to prettier whose text
 * changed: a segment is a statement or a class member, so an operation added changes no other segment, and what the
 * last generation formatted is remembered until the next one ends. (Here every segment is left to prettier, as in a
 * spec the layout cannot vouch for.)
 */
import { describe, expect, it } from 'vitest';
import { emitters } from '../../generator/emit/index.js';
import { FormatCache, formatFiles } from '../../generator/print/format.js';
import { Printer, type GeneratedFile } from '../../generator/print/printer.js';
import { parseSpec } from '../../generator/load/load.js';
import { syntheticSpec } from '../bench/synthetic-spec.js';

function printed(spec: string): GeneratedFile[] {
  const model = parseSpec(spec, 'synthetic.yaml');
  // Every statement left to prettier, as a spec the layout cannot vouch for would be.
  const printer = new Printer(model, { formatAll: true });
  return emitters.flatMap((e) => e(model, printer)).filter((f) => f.pieces !== undefined);
}

function pieceCount(files: readonly GeneratedFile[]): number {
  return files.reduce((n, f) => n + f.pieces!.length, 0);
}

describe('formatting again in one process', () => {
  const first = syntheticSpec(16);
  const again = printed(first);
  // ListThing1's doc text appears once in the spec.
  const docEdited = printed(first.replace('lists things of group 1.', 'lists things of group 1, edited.'));
  const opAdded = printed(syntheticSpec(17));

  it('formats only the pieces whose text changed, into what formatting without the cache gives', async () => {
    const cache = new FormatCache();
    const missesOf = async (files: readonly GeneratedFile[], compare = false) => {
      const before = cache.misses;
      const output = await formatFiles(files, cache);
      cache.endGeneration();
      if (compare) expect(output).toEqual(await formatFiles(files));
      return cache.misses - before;
    };
    expect(await missesOf(printed(first))).toBe(new Set(again.flatMap((f) => f.pieces!.filter((p) => p.format !== 'none').map((p) => `${p.format}:${p.text}`))).size);
    expect(await missesOf(again)).toBe(0);
    // One doc: the few pieces that show it.
    const doc = await missesOf(docEdited);
    expect(doc).toBeGreaterThan(0);
    expect(doc).toBeLessThan(pieceCount(docEdited) / 10);
    // An operation more (its types, codecs, methods, and the lists that name every operation): cut by position, the
    // pieces after each insertion changed too, two thirds of them.
    const added = await missesOf(opAdded, true);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(pieceCount(opAdded) / 2);
  });
});
