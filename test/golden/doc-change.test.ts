/**
 * Changing one doc string in the YAML changes exactly the expected lines of generated/: the JSDoc of the
 * declarations generated from that node in TypeScript files, and one contiguous place in any other file.
 */
import { readFileSync } from 'node:fs';
import { structuredPatch } from 'diff';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { render } from '../../generator/generate.js';
import type { ServiceModel } from '../../generator/model/types.js';
import type { GeneratedFile } from '../../generator/print/printer.js';
import { parseSpec } from '../../generator/load/load.js';
import { jsDocBlocks } from '../helpers/jsdoc.js';
import { PAYER_SPEC, fromRoot } from '../helpers/paths.js';

/** Where the payer spec's relative paths (its simulator folder) start. */
const SPEC_DIR = { baseDir: fromRoot('spec') };

// Long enough to wrap onto more lines than the original, so the rest of each file shifts.
const NEW_DOC =
  'Zanzibar marker text for the doc-change test: this sentence replaces the original documentation and is deliberately long, ' +
  'so that it wraps onto more lines than before and moves everything after it down in the generated file.';

let text: string;
let model: ServiceModel;
let baseline: GeneratedFile[];
beforeAll(async () => {
  text = readFileSync(fromRoot(PAYER_SPEC), 'utf8');
  model = parseSpec(text, PAYER_SPEC, SPEC_DIR);
  baseline = await render(model);
});

/** The spec text with the doc at `path` replaced, edited through the YAML document so the rest is untouched. */
function withDoc(path: ReadonlyArray<string | number>, doc: string): string {
  const document = parseDocument(text);
  expect(document.hasIn(path), `the spec has ${path.join('.')}`).toBe(true);
  document.setIn(path, doc);
  return document.toString({ lineWidth: 0 });
}

interface ChangedLine {
  readonly file: string;
  readonly side: 'before' | 'after';
  readonly line: number;
  readonly text: string;
}

/** Every line removed from `before` or added in `after`, per file, with its line number on its side. */
function changedLines(before: readonly GeneratedFile[], after: readonly GeneratedFile[]): ChangedLine[] {
  expect(after.map((f) => f.path), 'a doc change adds or removes no file').toEqual(before.map((f) => f.path));
  const out: ChangedLine[] = [];
  before.forEach((b, i) => {
    const a = after[i]!;
    if (a.content === b.content) return;
    for (const hunk of structuredPatch(b.path, a.path, b.content, a.content, '', '', { context: 0 }).hunks) {
      let oldLine = hunk.oldStart;
      let newLine = hunk.newStart;
      for (const l of hunk.lines) {
        if (l.startsWith('-')) out.push({ file: b.path, side: 'before', line: oldLine++, text: l.slice(1) });
        else if (l.startsWith('+')) out.push({ file: b.path, side: 'after', line: newLine++, text: l.slice(1) });
        else if (!l.startsWith('\\')) {
          oldLine++;
          newLine++;
        }
      }
    }
  });
  return out;
}

/** Fails unless every changed line of a .ts file is inside a JSDoc comment of a declaration that `owns` accepts. */
function expectOnlyJsDoc(lines: readonly ChangedLine[], before: readonly GeneratedFile[], after: readonly GeneratedFile[], owns: (owner: string) => boolean) {
  const blocksOf = new Map<string, ReturnType<typeof jsDocBlocks>>();
  const blocks = (side: 'before' | 'after', file: string) => {
    const key = `${side}:${file}`;
    if (!blocksOf.has(key)) {
      const content = (side === 'before' ? before : after).find((f) => f.path === file)!.content;
      blocksOf.set(key, jsDocBlocks(file, content));
    }
    return blocksOf.get(key)!;
  };
  for (const l of lines.filter((x) => isCode(x.file))) {
    const inside = blocks(l.side, l.file).filter((b) => l.line >= b.startLine && l.line <= b.endLine);
    const where = `${l.file}:${l.line} (${l.side}): ${l.text}`;
    expect(inside.length, `changed line outside any JSDoc: ${where}`).toBeGreaterThan(0);
    expect(inside.some((b) => owns(b.owner)), `changed JSDoc of ${inside.map((b) => b.owner).join(', ')}: ${where}`).toBe(true);
  }
}

/**
 * Code, whose doc changes must stay in JSDoc; the other files (Markdown, the WSDL, and the mock's module holding the
 * WSDL's text) carry docs as content.
 */
function isCode(path: string): boolean {
  return path.endsWith('.ts') && path !== 'mock/wsdl.ts';
}

/**
 * Fails unless every place a changed non-code file changed in shows the new doc: a doc may stand in several places
 * of a document (the WSDL documents an operation in each port type), but nothing else may change.
 */
function expectOnlyDocHunksElsewhere(before: readonly GeneratedFile[], after: readonly GeneratedFile[]) {
  before.forEach((b, i) => {
    const a = after[i]!;
    if (isCode(b.path) || a.content === b.content) return;
    const hunks = structuredPatch(b.path, a.path, b.content, a.content, '', '', { context: 0 }).hunks;
    for (const hunk of hunks) {
      const added = hunk.lines.filter((l) => l.startsWith('+')).join('\n');
      expect(added, `${b.path}: a change at line ${hunk.newStart} that is not the new doc`).toContain('Zanzibar');
    }
  });
}

describe('a doc change in the YAML', () => {
  it('changes nothing when the YAML is only re-serialized (control)', async () => {
    expect(await render(parseSpec(withDoc(['service', 'title'], model.title), PAYER_SPEC, SPEC_DIR))).toEqual(baseline);
  });

  it("of a result field changes only that field's JSDoc", async () => {
    const results = parseDocument(text).getIn(['results', 'BalanceResult', 'fields']) as { toJSON(): Array<{ name: string }> };
    const index = results.toJSON().findIndex((f) => f.name === 'AccountInfos');
    expect(index).toBeGreaterThanOrEqual(0);

    const after = await render(parseSpec(withDoc(['results', 'BalanceResult', 'fields', index, 'doc'], NEW_DOC), PAYER_SPEC, SPEC_DIR));
    const lines = changedLines(baseline, after);
    expect(lines.some((l) => l.file.endsWith('.ts') && l.side === 'after' && l.text.includes('Zanzibar')), 'the new doc reaches a .ts file').toBe(true);
    expect(lines.some((l) => l.side === 'before' && l.text.includes('Per account, the provider')), 'the old doc is gone').toBe(true);
    expectOnlyJsDoc(lines, baseline, after, (owner) => owner === 'BalanceResult.AccountInfos');
    expectOnlyDocHunksElsewhere(baseline, after);
  });

  it("of a record field changes only that field's JSDoc", async () => {
    const after = await render(parseSpec(withDoc(['records', 'LineErrorOrWarning', 'fields', 0, 'doc'], NEW_DOC), PAYER_SPEC, SPEC_DIR));
    const lines = changedLines(baseline, after);
    expect(lines.filter((l) => l.side === 'after' && l.text.includes('Zanzibar')).length).toBeGreaterThan(0);
    expectOnlyJsDoc(lines, baseline, after, (owner) => owner === 'LineErrorOrWarning.lineNumber');
    expectOnlyDocHunksElsewhere(baseline, after);
  });

  it("of an operation changes only the JSDoc of the declarations made for that operation", async () => {
    const index = model.operations.findIndex((o) => o.name === 'GetBalances');
    const op = model.operations[index]!;
    const after = await render(parseSpec(withDoc(['operations', index, 'doc'], NEW_DOC), PAYER_SPEC, SPEC_DIR));
    const lines = changedLines(baseline, after);
    // Operation docs reach the output once an emitter uses them (the client's methods do); then the change
    // must show. Either way, nothing but that operation's JSDoc may change.
    const used = baseline.some((f) => f.content.includes('Returns, per account, the provider'));
    if (used) expect(lines.some((l) => l.side === 'after' && l.text.includes('Zanzibar'))).toBe(true);
    else expect(lines).toEqual([]);
    const names = new Set([op.name, op.methodName, `${op.name}Params`]);
    expectOnlyJsDoc(lines, baseline, after, (owner) => owner.split('.').some((part) => names.has(part)));
    expectOnlyDocHunksElsewhere(baseline, after);
  });
});
