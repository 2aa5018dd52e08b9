/**
 * Docs are optional in the spec format: an undocumented name gets no text of ours in any output (JSDoc, docs pages,
 * WSDL documentation, package README), and no emitter writes "undefined", an empty JSDoc or a gap where the doc was.
 *
 * test/fixtures/specs/minimal.yaml has every section of the format; it is rendered as it is and with every `doc` key
 * removed, and the two outputs are compared file by file.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMap, parseDocument, visit } from 'yaml';
import { render } from '../../generator/generate.js';
import type { GeneratedFile } from '../../generator/print/printer.js';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot } from '../helpers/paths.js';

const MINIMAL = 'test/fixtures/specs/minimal.yaml';

/** The spec text without any `doc` key, and the docs it had. */
function withoutDocs(text: string): { text: string; docs: string[] } {
  const doc = parseDocument(text);
  const docs: string[] = [];
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return;
      const value = map.get('doc');
      if (typeof value === 'string') docs.push(value);
      map.delete('doc');
    },
  });
  return { text: doc.toString(), docs };
}

/** Lines of `file` matching `test`, as a set (whitespace at the ends kept). */
function lines(files: readonly GeneratedFile[], test: (line: string) => boolean): Set<string> {
  return new Set(
    files.flatMap((f) =>
      f.content
        .split('\n')
        .filter(test)
        .map((l) => `${f.path}: ${l}`),
    ),
  );
}

let documented: GeneratedFile[];
let undocumented: GeneratedFile[];
let docs: string[];

beforeAll(async () => {
  const text = readFileSync(fromRoot(MINIMAL), 'utf8');
  const stripped = withoutDocs(text);
  docs = stripped.docs;
  [documented, undocumented] = await Promise.all([
    render(parseSpec(text, MINIMAL)),
    render(parseSpec(stripped.text, MINIMAL)),
  ]);
}, 60_000);

describe('a spec without any doc', () => {
  it('generates the same files', () => {
    expect(docs.length).toBeGreaterThan(5);
    expect(undocumented.map((f) => f.path)).toEqual(documented.map((f) => f.path));
  });

  it('carries none of the docs (each of which the documented output has)', () => {
    const all = (files: readonly GeneratedFile[]) => files.map((f) => f.content.replace(/\s+/g, ' ')).join('\n');
    const withDocs = all(documented);
    const without = all(undocumented);
    for (const d of docs) {
      const first = d.replace(/\s+/g, ' ').split(/(?<=\.) /)[0]!;
      expect(withDocs, d).toContain(first);
      expect(without, d).not.toContain(first);
    }
  });

  it('has no empty JSDoc', () => {
    for (const f of undocumented) expect(f.content, f.path).not.toMatch(/\/\*\*[\s*]*\*\//);
  });

  it('writes "undefined" nowhere the documented output does not', () => {
    const before = lines(documented, (l) => l.includes('undefined'));
    expect([...lines(undocumented, (l) => l.includes('undefined'))].filter((l) => !before.has(l))).toEqual([]);
  });

  it('leaves no gap where a doc was: no trailing or doubled space, no run of blank lines the documented output lacks', () => {
    // Table rows aside: an empty cell is written as a blank on purpose (markdown.ts `cell`).
    const odd = (l: string) => !l.startsWith('|') && /\S[ \t]+$|\S {2,}\S/.test(l);
    const before = lines(documented, odd);
    expect([...lines(undocumented, odd)].filter((l) => !before.has(l))).toEqual([]);
    for (const f of undocumented.filter((x) => x.path.endsWith('.md'))) {
      const twice = documented.find((x) => x.path === f.path)!.content.includes('\n\n\n');
      if (!twice) expect(f.content, f.path).not.toContain('\n\n\n');
    }
  });

  it('has no wsdl:documentation', () => {
    const wsdl = undocumented.find((f) => f.path.endsWith('.wsdl'))!;
    expect(documented.find((f) => f.path === wsdl.path)!.content).toContain('<wsdl:documentation>');
    expect(wsdl.content).not.toContain('wsdl:documentation');
  });
});
