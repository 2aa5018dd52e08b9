/**
 * The plain printer of structures (generator/print/structures.ts) and the formatter pass (print/format.ts): each
 * structure emitters use, printed and formatted, gives the expected code; a structure member the printer does not
 * know, and text that does not parse, are errors, never dropped or written as they are.
 */
import { describe, expect, it } from 'vitest';
import { FormatError, formatTypescript } from '../../generator/print/format.js';
import { StructureKind, VariableDeclarationKind } from '../../generator/print/kinds.js';
import type { Statement } from '../../generator/print/statement.js';
import { printStatements, UnknownStructure } from '../../generator/print/structures.js';

const cases: ReadonlyArray<readonly [string, readonly Statement[], string]> = [
  [
    'imports together, then a blank line',
    [
      {
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: './a.js',
        namedImports: ['a', { name: 'B', isTypeOnly: true }],
      },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: "./it's.js", namespaceImport: 'ns' },
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: './c.js', namedExports: ['c'] },
    ],
    "import { a, type B } from './a.js';\nimport * as ns from \"./it's.js\";\n\nexport { c } from './c.js';\n",
  ],
  [
    'an interface with docs, an optional property and a method',
    [
      {
        kind: StructureKind.Interface,
        name: 'Shape',
        isExported: true,
        docs: ['A shape.'],
        properties: [{ name: 'side', type: 'number', isReadonly: true, hasQuestionToken: true, docs: ['Two\nlines.'] }],
        methods: [{ name: 'area', parameters: [{ name: 'scale', type: 'number' }], returnType: 'number' }],
      },
    ],
    '/** A shape. */\nexport interface Shape {\n  /**\n   * Two\n   * lines.\n   */\n  readonly side?: number;\n  area(scale: number): number;\n}\n',
  ],
  [
    'a constant and a function whose body a writer writes',
    [
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name: 'xs', type: 'number[]', initializer: '[1, 2]' }],
      },
      {
        kind: StructureKind.Function,
        name: 'twice',
        isAsync: true,
        parameters: [{ name: 'n', type: 'number', initializer: '1' }],
        returnType: 'Promise<number>',
        statements: (w) => w.writeLine('return n * 2;'),
      },
    ],
    'const xs: number[] = [1, 2];\n\nasync function twice(n: number = 1): Promise<number> {\n  return n * 2;\n}\n',
  ],
  [
    'a class: properties, constructor, methods',
    [
      {
        kind: StructureKind.Class,
        name: 'C',
        isExported: true,
        implements: ['I'],
        properties: [{ name: '#x', type: 'number', isReadonly: true }],
        ctors: [{ parameters: [{ name: 'x', type: 'number' }], statements: 'this.#x = x;' }],
        methods: [{ name: 'get', isStatic: false, returnType: 'number', statements: ['return this.#x;'] }],
      },
    ],
    'export class C implements I {\n  readonly #x: number;\n\n  constructor(x: number) {\n    this.#x = x;\n  }\n\n  get(): number {\n    return this.#x;\n  }\n}\n',
  ],
  [
    'top-level code from a writer, declarations separated by a blank line',
    [(w) => w.writeLine('const a = 1;').writeLine('const b = 2;').writeLine('f(a, b);')],
    'const a = 1;\n\nconst b = 2;\nf(a, b);\n',
  ],
];

describe('printing structures, then formatting', () => {
  for (const [name, statements, expected] of cases) {
    it(name, async () => {
      expect(await formatTypescript('x.ts', printStatements(statements))).toBe(expected);
    });
  }

  it('lays out what does not fit in 120 columns, and keeps what does', async () => {
    const long = Array.from({ length: 12 }, (_, i) => `'value${i}'`).join(' | ');
    const text = printStatements([
      { kind: StructureKind.TypeAlias, name: 'Long', type: long },
      { kind: StructureKind.TypeAlias, name: 'Short', type: "'a' | 'b'" },
    ]);
    const formatted = await formatTypescript('x.ts', text);
    expect(formatted).toContain("type Long =\n  | 'value0'\n  | 'value1'\n");
    expect(formatted).toContain("type Short = 'a' | 'b';\n");
    expect(formatted.split('\n').every((l) => l.length <= 120)).toBe(true);
  });

  it('refuses a structure member it does not know', () => {
    const decorated = {
      kind: StructureKind.Class,
      name: 'C',
      decorators: [{ name: 'sealed' }],
    } as unknown as Statement;
    expect(() => printStatements([decorated])).toThrow(UnknownStructure);
    expect(() => printStatements([decorated])).toThrow('class structures with decorators');
    expect(() =>
      printStatements([
        { kind: StructureKind.Interface, name: 'I', properties: [{ name: 'p', type: 'T', initializer: '1' } as never] },
      ]),
    ).toThrow('property structures with initializer');
  });

  it('refuses generated text that does not parse, naming the file and the place', async () => {
    const error = await formatTypescript('client/broken.ts', 'const a = {\nconst b = 2;\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormatError);
    expect((error as Error).message).toMatch(/^client\/broken\.ts: generated TypeScript does not parse: .+ near "/);
  });
});
