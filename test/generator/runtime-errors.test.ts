/**
 * The README and the docs list the runtime's error classes as a small scanner reads them from errors.ts; TypeScript's
 * own parser must read the same classes, bases, exports, properties and JSDoc from that file, and from a file with
 * the shapes the scanner must pass over (generics, methods, private members, strings with braces, comments).
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runtimeTemplates } from '../../generator/emit/runtime.js';
import { runtimeErrorClasses, type ErrorClass } from '../../generator/emit/runtime-errors.js';
import { paragraph } from '../../generator/emit/docs/markdown.js';

/** What TypeScript reads: the reference the scanner is held to. */
function byTypeScript(source: string): ErrorClass[] {
  const file = ts.createSourceFile('errors.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const docOf = (node: ts.Node) =>
    paragraph(
      ts
        .getJSDocCommentsAndTags(node)
        .filter(ts.isJSDoc)
        .slice(-1)
        .map((d) => ts.getTextOfJSDocComment(d.comment) ?? '')
        .join(' ')
        .replace(/\{@link\s+([^}\s]+)\s*\}/g, '`$1`'),
    );
  const known = new Set(['Error']);
  const out: ErrorClass[] = [];
  for (const node of file.statements) {
    if (!ts.isClassDeclaration(node) || !node.name) continue;
    const base = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    if (!base || !ts.isIdentifier(base) || !known.has(base.text)) continue;
    known.add(node.name.text);
    const properties = node.members
      .filter((m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && ts.isIdentifier(m.name))
      .filter((m) => !m.modifiers?.some((x) => x.kind === ts.SyntaxKind.PrivateKeyword))
      .map((m) => ({ name: (m.name as ts.Identifier).text, doc: docOf(m) }));
    const exported = node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
    out.push({ name: node.name.text, base: base.text, exported, doc: docOf(node), properties });
  }
  return out;
}

describe("the runtime's error classes", () => {
  it('are read from errors.ts as TypeScript reads them', () => {
    const source = runtimeTemplates().find((t) => t.name === 'errors.ts')!.source;
    const scanned = runtimeErrorClasses(source);
    expect(scanned.map((c) => c.name)).toEqual(
      expect.arrayContaining(['SvcError', 'SvcServiceError', 'SvcSoapFault', 'SvcDecodeError']),
    );
    expect(scanned).toEqual(byTypeScript(source));
    expect(runtimeErrorClasses()).toEqual(scanned);
  });

  it('pass over what is not a property: methods, private members, strings and comments with braces', () => {
    const source = [
      '/** Not an error. */',
      'export class Helper { run() { return "}"; } }',
      '/** Base, see {@link Helper}. */',
      'export class AError<T = { a: string }> extends Error {',
      '  /** The code; `{` in code. @see x */',
      '  readonly code: number;',
      '  private secret = `${"}"}`;',
      '  #hidden = 1;',
      '  // a } comment',
      '  /**',
      '   * Two lines',
      '   * of text.',
      '   * @param x - a tag',
      '   */',
      '  value?: { x: number; y: string } = { x: 1, y: "}" };',
      '  constructor(message: string) { super(message); if (message === "{") { this.code = 1; } }',
      '  static of<U>(u: U): AError { return new AError(String(u)); }',
      '  /** Last. */ extra!: string;',
      '}',
      'class BError extends AError {',
      '  /** Kept. */',
      '  readonly kept: boolean = false;',
      '}',
      'export class CError extends Helper {}',
    ].join('\n');
    const scanned = runtimeErrorClasses(source);
    expect(scanned.map((c) => `${c.exported ? 'export ' : ''}${c.name} < ${c.base}`)).toEqual([
      'export AError < Error',
      'BError < AError',
    ]);
    expect(scanned[0]!.properties.map((p) => p.name)).toEqual(['code', 'value', 'extra']);
    expect(scanned[0]!.properties[1]!.doc).toBe('Two lines of text.');
    expect(scanned).toEqual(byTypeScript(source));
  });
});
