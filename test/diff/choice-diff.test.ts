/**
 * The diff of choices (issue 17 item 4): alternatives added, removed or retyped, each reported on its own and judged
 * by the direction the choice travels (Item in responses, Query and a parameter in requests); the order of the
 * alternatives means nothing on the wire. Each row edits the base spec (test/fixtures/diff/base.yaml) on both sides.
 */
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/diff/index.js';
import { model, type Edit } from './helpers.js';

const ITEM_LABEL = `      - name: label
        type: string`;
const QUERY_TEXT = `      - name: text
        type: string`;

/** Item (in responses) and Query (in requests) get a field `where`, a choice of these alternatives. */
function choices(itemAlternatives: string, queryAlternatives = itemAlternatives): Edit[] {
  return [
    [ITEM_LABEL, `${ITEM_LABEL}\n      - name: where\n        type: { choice: [${itemAlternatives}] }`],
    [
      QUERY_TEXT,
      `${QUERY_TEXT}\n      - name: where\n        type: { list: { choice: [${queryAlternatives}] }, container: false }`,
    ],
  ];
}

/** The query parameter (in requests; FindItems has no HTTP POST form) becomes a choice of these alternatives. */
function parameter(alternatives: string): Edit[] {
  return [['    type: Query\n    optional: true\n', `    type: { choice: [${alternatives}] }\n    optional: true\n`]];
}

const AB = '{ name: Shelf, type: string }, { name: Bin, type: int }';
const ABC = '{ name: Shelf, type: string }, { name: Bin, type: int }, { name: Room, type: string }';

/** A sequence alternative (xs:sequence inside xs:choice) beside an element; only a record field's choice has one. */
const SEQUENCE = '{ sequence: [ { name: Shelf, type: string }, { name: Slot, type: int } ] }, { name: Bin, type: int }';
const SEQUENCE_LONGER =
  '{ sequence: [ { name: Shelf, type: string }, { name: Slot, type: int }, { name: Level, type: int, optional: true } ] }, { name: Bin, type: int }';

const rows: Array<[string, { old: Edit[]; new: Edit[]; want: string[] }]> = [
  ['the same sequence alternative', { old: choices(SEQUENCE, AB), new: choices(SEQUENCE, AB), want: [] }],
  [
    'a sequence alternative gains an element: it is retyped, as an alternative of another type is',
    {
      old: choices(SEQUENCE, AB),
      new: choices(SEQUENCE_LONGER, AB),
      want: ['choice-alternative-retyped Item.where.Shelf breaking/breaking'],
    },
  ],
  [
    'an element alternative becomes a sequence starting with it',
    {
      old: choices(AB, AB),
      new: choices(SEQUENCE, AB),
      want: ['choice-alternative-retyped Item.where.Shelf breaking/breaking'],
    },
  ],
  ['the same choices', { old: choices(AB), new: choices(AB), want: [] }],
  [
    'the alternatives reordered',
    { old: choices(AB), new: choices('{ name: Bin, type: int }, { name: Shelf, type: string }'), want: [] },
  ],
  [
    'an alternative added: breaks old clients reading responses, old servers reading requests',
    {
      old: choices(AB),
      new: choices(ABC),
      want: [
        'choice-alternative-added Query.where.Room compatible/breaking',
        'choice-alternative-added Item.where.Room breaking/compatible',
      ],
    },
  ],
  [
    'an alternative removed',
    {
      old: choices(ABC),
      new: choices(AB),
      want: [
        'choice-alternative-removed Query.where.Room breaking/compatible',
        'choice-alternative-removed Item.where.Room breaking/breaking',
      ],
    },
  ],
  [
    'an alternative retyped',
    {
      old: choices(AB),
      new: choices('{ name: Shelf, type: string }, { name: Bin, type: long }'),
      want: [
        'choice-alternative-retyped Query.where.Bin breaking/breaking',
        'choice-alternative-retyped Item.where.Bin breaking/breaking',
      ],
    },
  ],
  [
    // whl-travel: an alternative's element moved to no namespace, or to one of its own, is another element on the wire.
    'an alternative made unqualified, another given a namespace of its own',
    {
      old: choices(AB),
      new: choices(
        '{ name: Shelf, type: string, form: unqualified }, { name: Bin, type: int, namespace: http://other.example/ }',
      ),
      want: [
        'choice-alternative-retyped Query.where.Shelf breaking/breaking',
        'choice-alternative-retyped Query.where.Bin breaking/breaking',
        'choice-alternative-retyped Item.where.Shelf breaking/breaking',
        'choice-alternative-retyped Item.where.Bin breaking/breaking',
      ],
    },
  ],
  [
    'a choice parameter gains an alternative',
    {
      old: parameter(AB),
      new: parameter(ABC),
      want: ['choice-alternative-added FindItems(query).Room compatible/breaking'],
    },
  ],
  [
    'a field that becomes a choice is retyped',
    {
      old: [],
      new: [[ITEM_LABEL, `      - name: label\n        type: { choice: [${AB}] }`]],
      // A choice is never absent (unless optional) nor nil: those are changes of their own.
      want: [
        'field-retyped Item.label breaking/breaking',
        'field-made-required Item.label compatible/breaking',
        'field-made-non-nillable Item.label compatible/breaking',
      ],
    },
  ],
];

describe('diffSpecs classifies changes of choices', () => {
  it.each(rows)('%s', (_, row) => {
    const diff = diffSpecs(model(row.old), model(row.new));
    expect(diff.changes.map((c) => `${c.kind} ${c.path} ${c.client}/${c.server}`)).toEqual(row.want);
  });
});
