/**
 * The simulator's CSV reader keeps the physical line of each record (line errors are reported by line number) and
 * reads what its writer wrote, whatever the fields contain.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, toCsv, type CsvRow } from '../../spec/payer-v5.simulator/csv.js';

describe('parseCsv', () => {
  it.each<[string, { given: string; want: CsvRow[] }]>([
    ['empty text', { given: '', want: [] }],
    ['one record without a line end', { given: 'a,b', want: [{ line: 1, fields: ['a', 'b'] }] }],
    ['a trailing LF gives no extra row', { given: 'a,b\n', want: [{ line: 1, fields: ['a', 'b'] }] }],
    [
      'a trailing CRLF gives no extra row',
      {
        given: 'a\r\nb\r\n',
        want: [
          { line: 1, fields: ['a'] },
          { line: 2, fields: ['b'] },
        ],
      },
    ],
    [
      'LF line ends',
      {
        given: 'a\nb\nc',
        want: [
          { line: 1, fields: ['a'] },
          { line: 2, fields: ['b'] },
          { line: 3, fields: ['c'] },
        ],
      },
    ],
    [
      'a lone CR ends a line',
      {
        given: 'a\rb',
        want: [
          { line: 1, fields: ['a'] },
          { line: 2, fields: ['b'] },
        ],
      },
    ],
    ['empty fields', { given: ',a,,\n', want: [{ line: 1, fields: ['', 'a', '', ''] }] }],
    ['spaces are kept', { given: ' a , b ', want: [{ line: 1, fields: [' a ', ' b '] }] }],
    [
      'blank and whitespace-only lines are skipped but counted',
      {
        given: 'a\n\n  \t\r\nb\n\n',
        want: [
          { line: 1, fields: ['a'] },
          { line: 4, fields: ['b'] },
        ],
      },
    ],
    ['a quoted empty field is a record', { given: '""\n', want: [{ line: 1, fields: [''] }] }],
    ['a quoted comma', { given: '"a,b",c', want: [{ line: 1, fields: ['a,b', 'c'] }] }],
    ['doubled quotes', { given: '"say ""hi""",x', want: [{ line: 1, fields: ['say "hi"', 'x'] }] }],
    ['a quote inside an unquoted field is text', { given: 'a"b,c', want: [{ line: 1, fields: ['a"b', 'c'] }] }],
    [
      'an embedded LF keeps the record on its first line and counts the line',
      {
        given: 'h\n"one\ntwo",x\nnext',
        want: [
          { line: 1, fields: ['h'] },
          { line: 2, fields: ['one\ntwo', 'x'] },
          { line: 4, fields: ['next'] },
        ],
      },
    ],
    [
      'an embedded CRLF is kept and counted once',
      {
        given: '"a\r\nb"\r\nc\r\n',
        want: [
          { line: 1, fields: ['a\r\nb'] },
          { line: 3, fields: ['c'] },
        ],
      },
    ],
    [
      'several multi-line fields in one record',
      {
        given: '"1\n2","3\n\n4"\nz',
        want: [
          { line: 1, fields: ['1\n2', '3\n\n4'] },
          { line: 5, fields: ['z'] },
        ],
      },
    ],
    ['a last quoted field at the end of the text', { given: 'a,"b"', want: [{ line: 1, fields: ['a', 'b'] }] }],
  ])('%s', (_name, { given, want }) => {
    expect(parseCsv(given)).toEqual(want);
  });

  it.each<[string, { given: string; want: { line: number; message: RegExp } }]>([
    ['an unterminated quote on the first line', { given: '"abc', want: { line: 1, message: /never closed/ } }],
    [
      'an unterminated quote after other lines',
      { given: 'a\n\nb,"c\nd\n', want: { line: 3, message: /opened on line 3/ } },
    ],
    [
      'an unterminated quote opened on a later line of a record',
      { given: '"x\ny","z\n', want: { line: 2, message: /opened on line 2/ } },
    ],
    ['text after a closing quote', { given: 'ok\n"a"b,c', want: { line: 2, message: /after a closing quote/ } }],
  ])('%s throws CsvSyntaxError', (_name, { given, want }) => {
    let error: unknown;
    try {
      parseCsv(given);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBe(want.line);
    expect((error as CsvSyntaxError).message).toMatch(want.message);
  });
});

describe('toCsv', () => {
  it.each<[string, { given: string[][]; want: string }]>([
    ['no rows', { given: [], want: '' }],
    [
      'plain fields are not quoted',
      {
        given: [
          ['a', 'b'],
          ['1', '2'],
        ],
        want: 'a,b\r\n1,2\r\n',
      },
    ],
    ['a comma', { given: [['a,b']], want: '"a,b"\r\n' }],
    ['a quote', { given: [['say "hi"']], want: '"say ""hi"""\r\n' }],
    ['a line feed', { given: [['a\nb', 'c']], want: '"a\nb",c\r\n' }],
    ['a carriage return', { given: [['a\rb']], want: '"a\rb"\r\n' }],
    ['a leading or trailing space', { given: [[' a', 'b ', 'c d']], want: '" a","b ",c d\r\n' }],
    ['empty fields', { given: [['', 'x', '']], want: ',x,\r\n' }],
    ['a lone empty field would read as a blank line', { given: [['']], want: '""\r\n' }],
    ['a lone tab would read as a blank line', { given: [['\t']], want: '"\t"\r\n' }],
  ])('%s', (_name, { given, want }) => {
    expect(toCsv(given)).toBe(want);
  });

  it('parseCsv reads back what toCsv wrote', () => {
    // Printable text with the characters that need quoting made frequent.
    const unit = fc.oneof(
      fc.constantFrom(',', '"', '\n', '\r', '\r\n', ' ', '\t', '""'),
      fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }),
      fc.constantFrom('é', '€', '漢', '😀'),
    );
    const field = fc.string({ unit, maxLength: 8 });
    const rows = fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 6 });
    fc.assert(
      fc.property(rows, (given) => {
        expect(parseCsv(toCsv(given)).map((r) => r.fields)).toEqual(given);
      }),
      { numRuns: 500 },
    );
  });

  it('line numbers count the line breaks inside quoted fields', () => {
    const given = [['a\nb'], ['c'], ['d\r\ne\rf'], ['g']];
    expect(parseCsv(toCsv(given)).map((r) => r.line)).toEqual([1, 3, 4, 7]);
  });
});
