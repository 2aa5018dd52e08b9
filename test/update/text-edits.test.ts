/** The text edits `--update` makes: each row edits a small YAML text at its parsed nodes and gives the whole result. */
import { describe, expect, it } from 'vitest';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import type { Change } from '../../generator/diff/index.js';
import { editsFor } from '../../generator/update/apply.js';
import {
  applyEdits,
  insertItems,
  insertPair,
  removeItem,
  removePair,
  styleOf,
  type TextEdit,
} from '../../generator/update/text-edits.js';

const seq = (text: string, key: string) => parseDocument(text).get(key, true) as YAMLSeq;
const map = (text: string, key: string) => parseDocument(text).get(key, true) as YAMLMap;

const BLOCK = 'values:\n  # the first\n  - a\n  - b # b\n  # the last\n  - c\nnext: 1\n';
const FIELDS = 'fields:\n  - { name: id, type: int }\nnext: 1\n';

const rows: Array<[string, string, (text: string) => TextEdit, string]> = [
  ['the first of a flow sequence', 'v: [a, b, c]\n', (t) => removeItem(t, seq(t, 'v'), 0), 'v: [b, c]\n'],
  ['the middle of a flow sequence', 'v: [a, b, c]\n', (t) => removeItem(t, seq(t, 'v'), 1), 'v: [a, c]\n'],
  ['the last of a flow sequence', 'v: [ a, b, c ]\n', (t) => removeItem(t, seq(t, 'v'), 2), 'v: [ a, b ]\n'],
  [
    'a block item with the comment above it',
    BLOCK,
    (t) => removeItem(t, seq(t, 'values'), 2),
    'values:\n  # the first\n  - a\n  - b # b\nnext: 1\n',
  ],
  [
    'the first block item with its comment',
    BLOCK,
    (t) => removeItem(t, seq(t, 'values'), 0),
    'values:\n  - b # b\n  # the last\n  - c\nnext: 1\n',
  ],
  [
    'items put in an empty flow sequence',
    'v: []\nw: 1\n',
    (t) => insertItems(t, seq(t, 'v'), -1, ['a', 'b'], styleOf(t)),
    'v: [a, b]\nw: 1\n',
  ],
  [
    'an item inserted first in a flow sequence',
    'v: [a, b]\n',
    (t) => insertItems(t, seq(t, 'v'), -1, ['z'], styleOf(t)),
    'v: [z, a, b]\n',
  ],
  [
    'items inserted after a block item, quoted where needed',
    BLOCK,
    (t) => insertItems(t, seq(t, 'values'), 1, ['x', 'y, z'], styleOf(t)),
    "values:\n  # the first\n  - a\n  - b # b\n  - x\n  - 'y, z'\n  # the last\n  - c\nnext: 1\n",
  ],
  [
    'a map item in the style of its neighbours',
    FIELDS,
    (t) => insertItems(t, seq(t, 'fields'), 0, [{ name: 'label', type: { list: 'string' } }], styleOf(t)),
    'fields:\n  - { name: id, type: int }\n  - { name: label, type: { list: string } }\nnext: 1\n',
  ],
  [
    'a pair added to a block map',
    'records:\n  A:\n    fields: []\nnext: 1\n',
    (t) => insertPair(t, map(t, 'records'), 0, 'B', { doc: 'A b.', fields: [{ name: 'id', type: 'int' }] }, styleOf(t)),
    'records:\n  A:\n    fields: []\n  B:\n    doc: A b.\n    fields:\n      - name: id\n        type: int\nnext: 1\n',
  ],
  [
    'an enum added to a spec that pads its flow sequences, padded',
    'enums:\n  A:\n    values: [ x, y ]\n',
    (t) => insertPair(t, map(t, 'enums'), 0, 'B', { values: ['p', 'q'] }, styleOf(t)),
    'enums:\n  A:\n    values: [ x, y ]\n  B:\n    values: [ p, q ]\n',
  ],
  [
    'a pair removed from a block map',
    'records:\n  A:\n    x: 1\n  # about B\n  B:\n    x: 2\n  C: 3\n',
    (t) => removePair(t, map(t, 'records'), 1),
    'records:\n  A:\n    x: 1\n  C: 3\n',
  ],
];

describe('text edits keep every byte they do not change', () => {
  it.each(rows)('%s', (_, text, edit, want) => {
    expect(applyEdits(text, [edit(text)])).toBe(want);
  });

  it('makes the same edit once, and refuses edits that overlap', () => {
    const same: TextEdit = { start: 3, end: 4, text: 'X' };
    expect(applyEdits('v: a\n', [same, same])).toBe('v: X\n');
    expect(() => applyEdits('v: abc\n', [same, { start: 3, end: 6, text: 'Y' }])).toThrow(
      'overlapping edits of the spec: 3-4 and 3-6',
    );
  });
});

describe('editsFor leaves alone an entry the spec does not have (the check after the update then lists the change)', () => {
  const text =
    'operations:\n  - name: A\n    params: [x]\n    result: int\nrecords:\n  R:\n    fields:\n      - { name: id, type: int }\nenums:\n  E:\n    values: [a]\n';
  const change = (kind: string, path: string): Change => ({
    category: 'operations',
    kind,
    path,
    detail: '',
    client: 'breaking',
    server: 'breaking',
  });
  it.each([
    ['an operation', change('operation-removed', 'B')],
    ['a parameter', change('parameter-removed', 'A(y)')],
    ['a field', change('field-removed', 'R.label')],
    ['an enum value', change('enum-value-removed', 'E.b')],
  ])('%s removed', (_, c) => {
    expect(editsFor(text, parseDocument(text), [c], { operations: [], service: {} })).toEqual([]);
  });
});
