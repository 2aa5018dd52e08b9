/**
 * A parameter's or field's `example` (issue 18 item 7) is checked against its declared type with the runtime's
 * codecs and reported at its file:line:column when it does not fit; one that fits reaches the model as the text the
 * client sends for it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SpecError, type SpecIssue } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot } from '../helpers/paths.js';

const MINIMAL = readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8');
const FILE = 'examples.yaml';

/** minimal.yaml with each `[find, replace]` applied once (each `find` must be there). */
function edited(edits: ReadonlyArray<readonly [string, string]>): string {
  let text = MINIMAL;
  for (const [find, replace] of edits) {
    expect(text.includes(find), find).toBe(true);
    text = text.replace(find, replace);
  }
  return text;
}

function issuesOf(text: string): readonly SpecIssue[] {
  try {
    parseSpec(text, FILE);
  } catch (error) {
    if (error instanceof SpecError) return error.issues;
    throw error;
  }
  return [];
}

/** The 1-based line and column where `needle` (unique in `text`) starts. */
function where(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  expect(at, needle).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(needle, at + 1), `${needle} is not unique`).toBe(-1);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

const ITEM_ID = '  itemId:\n    type: long\n';
const LABEL = '      - name: label\n        type: string';
const COUNT = '      - name: count\n        type: int';

describe('example', () => {
  it('reaches the model as the text the client sends, for parameters and record and result fields', () => {
    const text = edited([
      [ITEM_ID, `${ITEM_ID}    example: '9007199254740993'\n`],
      [LABEL, `${LABEL}\n        example: A label & more`],
      [COUNT, `${COUNT}\n        example: +0042`],
      [
        '      - name: errorCode\n        type: ErrorCode',
        '      - name: errorCode\n        type: ErrorCode\n        example: NotFound',
      ],
    ]);
    const model = parseSpec(text, FILE);
    const field = (type: string, name: string) =>
      [...model.records, ...model.results].find((s) => s.name === type)!.fields.find((f) => f.name === name)!;
    expect(model.parameters.find((p) => p.name === 'itemId')!.example).toBe('9007199254740993');
    expect(field('Item', 'label').example).toBe('A label & more');
    // As the client's encoder writes it: the sign and leading zeros go.
    expect(field('CountResult', 'count').example).toBe('42');
    expect(field('ItemResult', 'errorCode').example).toBe('NotFound');
    expect(field('Item', 'id').example).toBeUndefined();
  });

  it.each([
    ['an int that is not a number', COUNT, 'example: abc', /^does not fit its type: invalid xs:int "abc"$/],
    [
      'an int out of range',
      COUNT,
      'example: 2147483648',
      /^does not fit its type: invalid xs:int "2147483648": outside the 32-bit range$/,
    ],
    [
      'a value not in the enum',
      '      - name: errorCode\n        type: ErrorCode',
      'example: Missing',
      /^"Missing" is not a value of enum ErrorCode$/,
    ],
    [
      'a long YAML reads as an inexact number',
      ITEM_ID.trimEnd(),
      'example: 9007199254740993',
      /^must be quoted \('...'\) so that its digits are kept exactly/,
    ],
    [
      'a number for a string',
      LABEL,
      'example: 12',
      /^must be a string \(found a number: 12; quote it, '12', to make it text\)$/,
    ],
    [
      'an example of a record',
      '      - name: item\n        type: Item',
      'example: x',
      /^an example is only possible for an XML Schema type \(not xml\) or an enum/,
    ],
  ])('%s is reported at its file:line:column', (_, anchor, example, message) => {
    const indent = ' '.repeat(anchor.split('\n').at(-1)!.search(/\S/));
    const text = edited([[anchor, `${anchor}\n${indent}${example}`]]);
    const issues = issuesOf(text);
    expect(issues).toHaveLength(1);
    const { line, column } = where(text, `${indent}${example}\n`);
    const valueColumn = column + indent.length + 'example: '.length;
    expect(issues[0]).toMatchObject({ file: FILE, line, column: valueColumn });
    expect(issues[0]!.path).toMatch(/\.example$/);
    expect(issues[0]!.message).toMatch(message);
  });

  it('reports a date-time that is not one, and a date alone, for a dateTime field', () => {
    const text = edited([
      [
        LABEL,
        `${LABEL}\n      - name: created\n        type: dateTime\n        example: 2026-02-30T00:00:00\n      - name: changed\n        type: dateTime\n        example: 2026-01-01`,
      ],
    ]);
    const issues = issuesOf(text);
    expect(issues.map((i) => [i.line, i.column, i.path])).toEqual([
      [where(text, '2026-02-30T').line, where(text, '2026-02-30T').column, 'records.Item.fields[2].example'],
      [where(text, '2026-01-01\n').line, where(text, '2026-01-01\n').column, 'records.Item.fields[3].example'],
    ]);
    expect(issues[0]!.message).toMatch(/^does not fit its type: invalid xs:dateTime "2026-02-30T00:00:00"/);
    expect(issues[1]!.message).toMatch(/^does not fit its type: invalid xs:dateTime "2026-01-01"/);
  });

  it('is refused on a credential, which the client fills in', () => {
    const text = edited([['    role: principal\n', '    role: principal\n    example: someone\n']]);
    const issues = issuesOf(text);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: 'parameters.user.example', ...where(text, 'someone') });
    expect(issues[0]!.message).toMatch(/filled in by the client/);
  });
});
