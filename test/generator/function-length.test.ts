/**
 * No function of the generator or of the runtime templates spans more than 80 lines (issue 28): a longer one is several
 * steps that want names of their own. The exceptions are listed below, each with why, and the list only shrinks: a
 * listed function that is short again (or gone) must leave it, so that the next one split stays split.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const LIMIT = 80;
const ROOTS = ['generator', 'templates/runtime'];

interface Allowed {
  /** The file, from the repository root. */
  readonly file: string;
  /** The function as {@link functionName} names it. */
  readonly name: string;
  /** Why it stays long: a reason, or "to split (issue 28)". */
  readonly reason: string;
}

/** The functions over the limit, each for a reason of its own or until someone splits it. */
const ALLOWED: readonly Allowed[] = [];

interface Measured {
  readonly file: string;
  readonly name: string;
  readonly lines: number;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.AccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isAccessor(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

/** A class member's name with its class's: `Class.member`. */
function memberName(node: ts.ClassElement | ts.ObjectLiteralElement, own: string): string {
  const owner = node.parent;
  return ts.isClassLike(owner) && owner.name ? `${owner.name.text}.${own}` : own;
}

/**
 * How the list names a function: its own name (`Class.method` for a class member), the name it is assigned to, or
 * for a callback, the function around it and the call it is passed to (`resolveSpec > raw.operations.forEach`).
 */
function functionName(node: FunctionNode, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return memberName(node, 'constructor');
  if ((ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node)) && node.name) return node.name.text;
  if ((ts.isMethodDeclaration(node) || ts.isAccessor(node)) && !ts.isComputedPropertyName(node.name))
    return memberName(node, node.name.getText(file));
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && !ts.isComputedPropertyName(parent.name))
    return memberName(parent, parent.name.getText(file));
  let around: ts.Node = parent;
  while (!ts.isSourceFile(around) && !isFunction(around)) around = around.parent;
  const outer = isFunction(around) ? functionName(around, file) : '(module)';
  const callee =
    ts.isCallExpression(parent) || ts.isNewExpression(parent) ? parent.expression.getText(file) : undefined;
  const call =
    callee === undefined ? '(anonymous)' : `${ts.isNewExpression(parent) ? 'new ' : ''}${callee.replace(/\s+/g, '')}`;
  return `${outer} > ${call}`;
}

/** Every .ts file of the roots that is not a test: one parse each. */
function sourceFiles(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(fromRoot(root), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .map((f) => join(root, f).split('\\').join('/')),
  );
}

/** Each function over the limit, with its span in lines (first line to last, both counted). */
function longFunctions(): Measured[] {
  const found: Measured[] = [];
  for (const file of sourceFiles()) {
    const source = ts.createSourceFile(file, readFileSync(fromRoot(file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (isFunction(node) && node.body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = last - first + 1;
        if (lines > LIMIT) found.push({ file, name: functionName(node, source), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const key = (x: { file: string; name: string }): string => `${x.file}: ${x.name}`;

describe(`functions of ${ROOTS.join(' and ')} span at most ${LIMIT} lines`, () => {
  const long = longFunctions();
  const listed = new Set(ALLOWED.map(key));

  it('has no function over the limit that the list does not name', () => {
    const unlisted = long.filter((f) => !listed.has(key(f))).map((f) => `${key(f)} (${f.lines} lines)`);
    expect(unlisted, `split these, or list them in ${relative(repoRoot, import.meta.filename)} with why`).toEqual([]);
  });

  it('lists only functions that exist and are still over the limit (the list only shrinks)', () => {
    const over = new Set(long.map(key));
    const stale = ALLOWED.filter((a) => !over.has(key(a))).map(key);
    expect(stale, 'remove these from the list: they are short now, or gone').toEqual([]);
  });

  it('names each exception once, with a reason', () => {
    expect(ALLOWED.filter((a) => a.reason.trim() === '').map(key)).toEqual([]);
    expect(ALLOWED.map(key).filter((k, i, all) => all.indexOf(k) !== i)).toEqual([]);
  });
});
