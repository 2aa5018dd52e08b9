/**
 * The parts of the layout (generator/print/layout/) on their own: what counts as too wide, a class whose member the
 * body writer cannot follow, and the documents emitters build (calls, arrow functions, conditionals, assignments,
 * types), each laid out at widths that make it break, against prettier itself.
 */
import { format } from 'prettier';
import type { WriterFunction } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { StructureKind } from '../../generator/print/kinds.js';
import { layOutStatements, overflows } from '../../generator/print/layout/lay-out.js';
import {
  arrayDoc,
  arrowDoc,
  assignBreakingDoc,
  assignDoc,
  callDoc,
  conditionalDoc,
  ifStatementDoc,
  newDoc,
  objectDoc,
  writeDoc,
} from '../../generator/print/layout/code.js';
import { typeDoc } from '../../generator/print/layout/type-doc.js';
import type { Statement } from '../../generator/print/statement.js';
import type { Options } from 'prettier';

/** prettier's settings as the old layout imitated them (this layout goes with its emitters' conversion). */
const PRETTIER: Options = { parser: 'babel-ts', printWidth: 120, singleQuote: true, trailingComma: 'all', arrowParens: 'always' };

const noFallback = (): string => {
  throw new Error('no statement here needs ts-morph');
};

/** The statement laid out: its text, and whether it was left to prettier. */
function layOut(statement: Statement): { text: string; left: boolean } {
  const segments = layOutStatements([statement], noFallback);
  return { text: segments.map((s) => s.separator + s.text).join(''), left: segments.some((s) => s.format !== 'none') };
}

describe('overflows', () => {
  it('lets a comment line be wider than the print width: prettier never breaks one', () => {
    const jsdoc = `/** ${'word '.repeat(30)}*/`;
    expect(jsdoc.length).toBeGreaterThan(120);
    expect(overflows(jsdoc)).toBe(false);
    expect(overflows(`  ${jsdoc}`)).toBe(false);
    expect(overflows(`   * ${'word '.repeat(30)}`)).toBe(false);
    expect(overflows(`  // ${'word '.repeat(30)}`)).toBe(false);
  });

  it('measures a code line as prettier does: combining accents take no column, wide characters two', () => {
    expect(overflows(`const a = f(${"'x', ".repeat(25)});`)).toBe(true);
    // 70 accented letters written as letter + combining accent: 140 UTF-16 units, 70 columns for prettier.
    expect(overflows(`const a = '${'e\u0301'.repeat(70)}';`)).toBe(false);
    // 55 CJK characters: 110 columns plus the code around them.
    expect(overflows(`const a = '${'\u4e2d'.repeat(55)}';`)).toBe(true);
  });
});

describe('a class laid out member by member', () => {
  it('leaves to prettier only the member whose body the writer could not follow', () => {
    const confused: WriterFunction = (w) => {
      w.write("return 'open");
    };
    const segments = layOutStatements(
      [
        {
          kind: StructureKind.Class,
          name: 'A',
          methods: [
            { name: 'good', statements: ['return 1;'] },
            { name: 'bad', statements: confused },
          ],
        },
      ],
      noFallback,
    );
    const formats = segments.map((s) => [s.text.trim().split('\n')[0], s.format]);
    expect(formats).toEqual([
      ['class A {', 'none'],
      ['good() {', 'none'],
      ['bad() {', 'member'],
      ['}', 'none'],
    ]);
  });
});

/** A statement written by a writer function with one document, and its layout, which must be prettier's. */
async function expectPrettier(write: WriterFunction): Promise<string> {
  const { text, left } = layOut(write);
  expect(left).toBe(false);
  expect(`${text}\n`).toBe(await format(text, PRETTIER));
  return text;
}

const long = (name: string) => `${name}${'X'.repeat(40)}`;

describe('documents of code.ts and type-doc.ts, as prettier lays them out', () => {
  it('a call with an arrow function last: kept flat, hugged, or one argument a line', async () => {
    const call = (width: number) => {
      const arrow = arrowDoc(['v: string', 'n: string'], callDoc('nestedParam', ["'day'", 'v', 'n', long('writeDay').slice(0, width)]));
      return (w: Parameters<WriterFunction>[0]) => writeDoc(w, [assignDoc('const w_day', callDoc('encodeParam', ["'StoreDay'", "'day'", 'p', arrow])), ';']);
    };
    expect(await expectPrettier(call(8))).toBe("const w_day = encodeParam('StoreDay', 'day', p, (v: string, n: string) => nestedParam('day', v, n, writeDay));");
    expect(await expectPrettier(call(48))).toContain('(v: string, n: string) =>\n  nestedParam(');
    const allBroken = (w: Parameters<WriterFunction>[0]) =>
      writeDoc(w, [assignDoc('const w', callDoc('encodeParam', [`'${long('Op')}'`, `'${long('name')}'`, arrowDoc([`v: ${long('T')}`], callDoc('f', ['v']))])), ';']);
    expect(await expectPrettier(allBroken)).toContain('\n  (v: ');
  });

  it('an arrow function whose body is a conditional: in parentheses on the line, bare when broken', async () => {
    const body = (width: number) => conditionalDoc('v === null', "nilParam('since')", callDoc('encodeDateTime', ['v', long('n').slice(0, width)]));
    const flat = await expectPrettier((w) => writeDoc(w, [assignDoc('const w', callDoc('encode', ["'GetItem'", arrowDoc(['v: Date | null', 'n: string'], body(1), true)])), ';']));
    expect(flat).toContain('=> (v === null ?');
    const hugged = await expectPrettier((w) => writeDoc(w, [assignDoc('const w', callDoc('encodeParam', ["'GetItem'", "'since'", arrowDoc(['v: Date | null', 'n: string'], body(30), true)])), ';']));
    expect(hugged).toContain('(v: Date | null, n: string) =>\n  v === null ? ');
  });

  it('an assignment of a conditional whose test is a comparison: broken after the =, then before ? and :', async () => {
    const value = (width: number) =>
      assignBreakingDoc('const w_account', conditionalDoc("p['account'] === undefined", 'undefined', callDoc('encodeParam', ["'Balance'", `'${long('account').slice(0, width)}'`, 'encodeString'])));
    expect(await expectPrettier((w) => writeDoc(w, [value(0), ';']))).not.toContain('\n');
    expect(await expectPrettier((w) => writeDoc(w, [value(30), ';']))).toMatch(/^const w_account =\n {2}p\['account'\] === undefined \? undefined : encodeParam/);
    expect(await expectPrettier((w) => writeDoc(w, [value(40), ';']))).toContain('\n    ? undefined\n    : encodeParam(');
  });

  it('if (test) throw: the statement on the next line when it does not fit', async () => {
    const guard = (message: string) => (w: Parameters<WriterFunction>[0]) =>
      writeDoc(w, ifStatementDoc("typeof options.payerName !== 'string' || options.payerName === ''", ['throw ', newDoc('SvcRequestError', [`'${message}'`]), ';']));
    expect(await expectPrettier(guard('short'))).not.toContain('\n');
    expect(await expectPrettier(guard('payerName must be a non-empty string'))).toContain(")\n  throw new SvcRequestError('payerName");
  });

  it('arrays of two or more pairs one pair a line, a single pair and an expanded object as written', async () => {
    const pairs = (n: number) => (w: Parameters<WriterFunction>[0]) =>
      writeDoc(w, [assignDoc('const a', callDoc('choiceWriter', [arrayDoc(["['A', writeA]", "['B', writeB]"].slice(0, n), n > 1)])), ';']);
    expect(await expectPrettier(pairs(1))).toBe("const a = choiceWriter([['A', writeA]]);");
    expect(await expectPrettier(pairs(2))).toBe("const a = choiceWriter([\n  ['A', writeA],\n  ['B', writeB],\n]);");
    const expanded = await expectPrettier((w) => writeDoc(w, [assignDoc('this.core', newDoc('ClientCore', [callDoc('check', [objectDoc(['a: 1', 'b: 2'], true)])])), ';']));
    expect(expanded).toBe('this.core = new ClientCore(\n  check({\n    a: 1,\n    b: 2,\n  }),\n);');
  });

  it('types: a union after a colon broken one member a line, a union in type arguments too, T | null kept', async () => {
    const member = (letter: string) => {
      const name = `${letter}${'X'.repeat(25)}`;
      return `{ ${name}: ${name}; ${name}Other?: never }`;
    };
    const union = `${member('A')} | ${member('B')}`;
    const letUnion = await expectPrettier((w) => writeDoc(w, ['let f_x: ', typeDoc(`${union} | undefined`, 'annotation'), ';']));
    expect(letUnion).toMatch(/^let f_x:\n {2}\| \{ A/);
    const inArgs = await expectPrettier((w) => writeDoc(w, ['let f_y: ', typeDoc(`Array<${union}> | null`, 'annotation'), ';']));
    expect(inArgs).toMatch(/^let f_y: Array<\n {2}\| \{ A[^\n]*\n {2}\| \{ B[^\n]*\n> \| null;$/);
    expect(await expectPrettier((w) => writeDoc(w, ['let f_z: ', typeDoc('Date | string | null', 'annotation'), ';']))).toBe('let f_z: Date | string | null;');
  });

  it('a type alias whose union does not fit after the = but fits on the next line: kept there on one line', async () => {
    const values = Array.from({ length: 8 }, (_, i) => `'Value5x${i}'`);
    const statement = { kind: StructureKind.TypeAlias, name: 'Kind5', isExported: true, type: values.join(' | ') } as const;
    const { text, left } = layOut(statement);
    expect(left).toBe(false);
    expect(text).toBe(`export type Kind5 =\n  ${values.join(' | ')};`);
    expect(`${text}\n`).toBe(await format(text, PRETTIER));
  });
});
