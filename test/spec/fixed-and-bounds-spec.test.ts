/**
 * Issue 25: a field's `fixed` and `default` values and a list's `minItems`/`maxItems` are checked when the spec is
 * loaded, each problem at its file:line:column: a value that does not fit its type (checked as an example is), both
 * on one field, and bounds the wrong way round. Ones that fit reach the model as the text the client sends.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot } from '../helpers/paths.js';
import { specEdits } from './support/spec-edits.js';

const FILE = 'fixed.yaml';
const { change, issuesOf, at } = specEdits(readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8'), FILE);
const LABEL = '      - name: label\n        type: string';
const COUNT = '      - name: count\n        type: int';

describe('fixed and default', () => {
  it('reach the model as the text the client sends', () => {
    const text = change(
      COUNT,
      `${COUNT}\n        fixed: '+017'\n      - name: tags\n        type: { list: string, container: false, minItems: 1, maxItems: 3 }`,
    );
    const model = parseSpec(change(LABEL, `${LABEL}\n        default: none`, text), FILE);
    const field = (record: string, name: string) =>
      [...model.records, ...model.results].find((r) => r.name === record)!.fields.find((f) => f.name === name)!;
    expect(field('CountResult', 'count').fixed).toBe('17');
    expect(field('Item', 'label').default).toBe('none');
    expect(field('CountResult', 'tags').type).toMatchObject({ kind: 'list', minItems: 1, maxItems: 3 });
  });

  it.each([
    [
      'a fixed value that does not fit',
      `${COUNT}\n        fixed: abc`,
      'fixed: abc',
      'abc',
      'fixed',
      /^does not fit its type: invalid xs:int "abc"/,
    ],
    [
      'a default value that does not fit',
      `${COUNT}\n        default: 2147483648`,
      'default: 2147483648',
      '2147483648',
      'default',
      /^does not fit its type: invalid xs:int "2147483648"/,
    ],
    [
      'both on one field',
      `${COUNT}\n        fixed: 1\n        default: 2`,
      'default: 2',
      '2',
      'default',
      /^a field with a fixed value has no default/,
    ],
    [
      'a fixed value on a record',
      '      - name: item\n        type: Item\n        fixed: q',
      'fixed: q',
      'q',
      'fixed',
      /^a fixed value is only possible for an XML Schema type/,
    ],
  ])('%s is reported at its place', (_, replacement, needle, token, key, message) => {
    const anchor = replacement.startsWith(COUNT) ? COUNT : '      - name: item\n        type: Item';
    const text = change(anchor, replacement);
    const issues = issuesOf(text);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(message);
    expect(issues[0]).toMatchObject({
      ...at(text, needle, token),
      path: expect.stringMatching(new RegExp(`\\.${key}$`)),
    });
  });
});

describe('minItems and maxItems', () => {
  it('maxItems less than minItems is reported at maxItems', () => {
    const text = change(
      COUNT,
      `${COUNT}\n      - name: tags\n        type: { list: string, container: false, minItems: 3, maxItems: 2 }`,
    );
    const issues = issuesOf(text);
    expect(issues).toEqual([
      {
        ...at(text, 'maxItems: 2', '2'),
        path: 'results.CountResult.fields[3].type.maxItems',
        message: 'must not be less than minItems (3)',
      },
    ]);
  });
});
