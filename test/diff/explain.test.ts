/**
 * What `diff` says about a change, in words (issue 27, item 7): the reason printed for a removed field follows its
 * optionality, and a removed and an added field of the same type at the same position are flagged as a possible rename.
 */
import { describe, expect, it } from 'vitest';
import { diffSpecs, renderMarkdown } from '../../generator/diff/index.js';
import { COUNT_FIELD, ITEM_FIELDS, model, type Edit } from './helpers.js';

interface Row {
  readonly old?: readonly Edit[];
  readonly new: readonly Edit[];
  /** The Markdown table rows of the diff (`| kind | where | detail | clients | servers | why |`), in order. */
  readonly want: readonly string[];
}

const REQUIRED_GONE =
  'response: old decoders require it (and the property disappears), new decoders skip it from an old server; request: an old server may require it';
const OPTIONAL_GONE =
  'response: old decoders accept its absence, but the property disappears from the type (a source break); new decoders skip it from an old server; request: the service may refuse it from old clients that send it, an old server never required it';
const ADDED =
  'response: old decoders skip it, new decoders require it from an old server; request: old clients do not send it, an old server does not expect it';

const rows: Array<[string, Row]> = [
  [
    'an optional result field removed: old decoders do not require it',
    {
      old: [[COUNT_FIELD, `${COUNT_FIELD}\n        optional: true`]],
      new: [[COUNT_FIELD, '']],
      want: [
        `| field-removed-optional | \`CountResult.count\` | count: int (optional) | **breaking** | compatible | ${OPTIONAL_GONE} |`,
      ],
    },
  ],
  [
    'a required result field removed: old decoders require it',
    {
      new: [[COUNT_FIELD, '']],
      want: [`| field-removed | \`CountResult.count\` | count: int | **breaking** | compatible | ${REQUIRED_GONE} |`],
    },
  ],
  [
    'a field renamed in place (same type, same position): both rows say "renamed?"',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('name: id', 'name: code')]],
      want: [
        `| field-removed | \`Item.id\` | id: long (renamed? id -> code: same type and position) | **breaking** | compatible | ${REQUIRED_GONE} |`,
        `| field-added | \`Item.code\` | code: long (renamed? id -> code: same type and position) | compatible | **breaking** | ${ADDED} |`,
      ],
    },
  ],
  [
    'a field removed and another of another type added in its place: no guess',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('name: id\n        type: long', 'name: code\n        type: int')]],
      want: [
        `| field-removed | \`Item.id\` | id: long | **breaking** | compatible | ${REQUIRED_GONE} |`,
        `| field-added | \`Item.code\` | code: int | compatible | **breaking** | ${ADDED} |`,
      ],
    },
  ],
  [
    'a field removed and one of the same type added elsewhere: no guess',
    {
      new: [
        [
          ITEM_FIELDS,
          ITEM_FIELDS.replace('      - name: id\n        type: long\n', '') +
            '\n      - name: code\n        type: long',
        ],
      ],
      want: [
        `| field-removed | \`Item.id\` | id: long | **breaking** | compatible | ${REQUIRED_GONE} |`,
        `| field-added | \`Item.code\` | code: long | compatible | **breaking** | ${ADDED} |`,
      ],
    },
  ],
];

describe('diff explains removed and renamed fields', () => {
  it.each(rows)('%s', (_, row) => {
    const markdown = renderMarkdown(diffSpecs(model(row.old), model(row.new)));
    const fieldRows = markdown.split('\n').filter((l) => l.startsWith('| field-'));
    expect(fieldRows).toEqual(row.want);
  });
});
