/** The semver bump, the TypeScript names, and how a side's text is read (the mock key blanked out). */
import { describe, expect, it } from 'vitest';
import { diffSpecs, semverBump } from '../../generator/diff/index.js';
import { stripMock } from '../../generator/diff/source.js';
import { parseSpec } from '../../generator/load/load.js';
import { BASE, model } from './helpers.js';

const ADD_OP: [string, string] = [
  '  - name: FindItems',
  '  - name: DeleteItem\n    doc: Deletes one item.\n    params: [user, timestamp, key, itemId]\n    result: ItemResult\n    eat: { marker: itemId }\n  - name: FindItems',
];

describe('semver bump of the generated package', () => {
  it.each([
    ['none for identical specs', [], [], 'none'],
    ['patch for a doc-only change', [], [['doc: Returns one item.', 'doc: Returns a single item.']], 'patch'],
    [
      'patch for an example-only change',
      [],
      [
        [
          '      - name: label\n        type: string',
          '      - name: label\n        type: string\n        example: A label',
        ],
      ],
      'patch',
    ],
    ['minor for an addition', [], [ADD_OP], 'minor'],
    [
      'minor for a change compatible for clients but breaking for servers',
      [],
      [['values: [Light, Dark]', 'values: [Light, Dark, Medium]']],
      'minor',
    ],
    ['major for a removal', [ADD_OP], [], 'major'],
    [
      'major for timestamp -> timeStamp',
      [],
      [
        ['params: [user, timestamp, key, itemId]', 'params: [user, timeStamp, key, itemId]'],
        [
          '  key:\n    type: string',
          '  timeStamp:\n    type: double\n    role: timestamp\n    doc: The request time.\n  key:\n    type: string',
        ],
      ],
      'major',
    ],
  ] as Array<[string, Array<[string, string]>, Array<[string, string]>, string]>)(
    '%s',
    (_, oldEdits, newEdits, bump) => {
      expect(diffSpecs(model(oldEdits), model(newEdits)).summary.bump).toBe(bump);
    },
  );

  it('is computed from the changes alone', () => {
    expect(semverBump([])).toBe('none');
  });
});

describe('TypeScript names', () => {
  it('lists the names an added operation brings, and the types that change', () => {
    const diff = diffSpecs(model(), model([ADD_OP, ['values: [OK, NotFound]', 'values: [OK, NotFound, Busy]']]));
    expect(diff.names).toEqual([
      {
        name: 'MinimalClient',
        kind: 'class',
        change: 'changed',
        old: 'class with 3 methods',
        new: 'class with 4 methods',
      },
      {
        name: 'MinimalClient.deleteItem',
        kind: 'method',
        change: 'added',
        old: undefined,
        new: '(params: DeleteItemParams): Promise<ItemResult>',
      },
      {
        name: 'ErrorCode',
        kind: 'type',
        change: 'changed',
        old: "'OK' | 'NotFound'",
        new: "'OK' | 'NotFound' | 'Busy'",
      },
      {
        name: 'DeleteItemParams',
        kind: 'interface',
        change: 'added',
        old: undefined,
        new: '{ itemId: string | bigint | number }',
      },
    ]);
  });

  it('lists removed names, and names that change with a parameter type', () => {
    const diff = diffSpecs(
      model([['values: [Light, Dark]', 'values: [Light, Dark]\n\n  Size:\n    doc: A size.\n    values: [S, M]']]),
      model([['  itemId:\n    type: long', '  itemId:\n    type: int']]),
    );
    expect(diff.names.map((n) => `${n.change} ${n.name}`)).toEqual([
      'changed GetItemParams',
      'removed Size',
      'removed SizeValues',
    ]);
    expect(diff.names[0]).toMatchObject({ old: '{ itemId: string | bigint | number }', new: '{ itemId: number }' });
  });
});

describe('reading a side', () => {
  it('blanks the mock key out, keeping every line and column', () => {
    const text = `${BASE}mock:\n  simulator: no-such-folder\n`;
    expect(() => parseSpec(text, 'with-mock.yaml')).toThrow(/simulator/);
    const stripped = stripMock(text);
    expect(stripped.split('\n')).toHaveLength(text.split('\n').length);
    expect(stripped.startsWith(BASE)).toBe(true);
    expect(diffSpecs(parseSpec(stripped, 'with-mock.yaml'), model()).changes).toEqual([]);
  });

  it('leaves text without a mock key, or invalid YAML, as it is', () => {
    expect(stripMock(BASE)).toBe(BASE);
    expect(stripMock('a: [')).toBe('a: [');
  });
});
