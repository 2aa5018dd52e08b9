/**
 * Issue 25: a field's or parameter's `pattern` (xs:pattern) is translated when the spec is loaded. One JavaScript
 * cannot say, one on a type whose value is not its text, and an example not matching its pattern are each reported
 * at their file:line:column; one that loads reaches the model with its translation and a sample that matches it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot } from '../helpers/paths.js';
import { specEdits } from './support/spec-edits.js';

const FILE = 'pattern.yaml';
const { change, issuesOf, at } = specEdits(readFileSync(fromRoot('test/fixtures/specs/minimal.yaml'), 'utf8'), FILE);
const LABEL = '      - name: label\n        type: string';
const ID = '      - name: id\n        type: long';
const ITEM_ID = '  itemId:\n    type: long';

describe('pattern', () => {
  it('reaches the model translated, with a sample that matches it, on fields and parameters', () => {
    const text = change(
      ITEM_ID,
      "  itemId:\n    type: token\n    pattern: '[A-Z]{2}\\d+'",
      change(LABEL, `${LABEL}\n        pattern: 'a.c|\\s'`),
    );
    const model = parseSpec(text, FILE);
    const label = model.records.find((r) => r.name === 'Item')!.fields.find((f) => f.name === 'label')!;
    expect(label.pattern).toEqual({ xsd: 'a.c|\\s', source: '^(?:a[^\\n\\r]c|[ \\t\\n\\r])$', sample: 'aac' });
    expect(model.parameters.find((p) => p.name === 'itemId')!.pattern).toMatchObject({
      source: '^(?:[A-Z]{2}\\p{Nd}+)$',
      sample: 'AA0',
    });
  });

  it.each([
    [
      'a pattern JavaScript cannot say',
      `${LABEL}\n        pattern: 'x\\i\\c*'`,
      "pattern: 'x\\i\\c*'",
      "'",
      'pattern',
      /^at character 2 of the pattern: \\i \(XML 1\.0's name characters\) has no JavaScript equivalent/,
    ],
    [
      'a block escape',
      `${LABEL}\n        pattern: '\\p{IsBasicLatin}+'`,
      "pattern: '\\p{IsBasicLatin}+'",
      "'",
      'pattern',
      /^at character 1 of the pattern: the block escape \\p\{IsBasicLatin\} has no JavaScript equivalent/,
    ],
    [
      'a pattern on a long',
      `${ID}\n        pattern: '[0-9]+'`,
      "pattern: '[0-9]+'",
      "'",
      'pattern',
      /^a pattern restricts a text type \(string, token, NMTOKEN, Name, NCName, language\), whose value is its text; not long/,
    ],
    [
      'a pattern nothing matches, without an example',
      `${LABEL}\n        pattern: '[a-[a]]'`,
      "pattern: '[a-[a]]'",
      "'",
      'pattern',
      /^no value matching the pattern was found for the examples and the mock's answers: give one with example/,
    ],
    [
      'an example not matching',
      `${LABEL}\n        pattern: '[a-z]+'\n        example: Abc`,
      'example: Abc',
      'Abc',
      'example',
      /^"Abc" does not match the pattern "\[a-z\]\+"/,
    ],
  ])('%s is reported at its place', (_, replacement, needle, token, key, message) => {
    const text = change(replacement.startsWith(ID) ? ID : LABEL, replacement);
    const issues = issuesOf(text);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(message);
    expect(issues[0]).toMatchObject({
      ...at(text, needle, token),
      path: expect.stringMatching(new RegExp(`\\.${key}$`)),
    });
  });
});
