/**
 * Layout documents for the statements around the literals of code.ts, laid out as prettier's printer lays them out
 * (prettier 3): object properties (its "fluid" layout), arrow functions whose body is a block, an object or an
 * expression (as object members and statements; code.ts's `arrowDoc` is the one hugged as a call's last argument),
 * blocks, clauses without a block (`for (...) x;`, `else x;`), `return`, and arrays that prettier always breaks.
 * Conditionals, assignments broken after their operator and `if (test) x;` are code.ts's. Each mirrors the
 * printer's rule for the construct (src/language-js/print/assignment.js, arrow-function.js, array.js); they are
 * meant for the shapes emitters write, not for any expression.
 */
import { builders } from 'prettier/doc';
import { arrayDoc, docOf, isLiteral, objectDoc, type Literal } from './code.js';

type Doc = builders.Doc;
const { group, hardline, indent, join, line } = builders;

/**
 * `key: value`, or `left = value`: prettier's "fluid" layout, which keeps the value on the line whenever its first
 * line fits there (always so for the objects, arrays, calls and arrow functions emitters write).
 */
export function propertyDoc(key: string, value: Doc | Literal, operator = ':'): Doc {
  return [key, operator, ' ', docOf(value)];
}

/** How an arrow function's body goes: beside `=>` whatever happens (a block, an object or array literal) or below it. */
export type ArrowBody = { readonly kind: 'block'; readonly statements: readonly Doc[] } | { readonly kind: 'beside'; readonly doc: Doc } | { readonly kind: 'expression'; readonly doc: Doc };

/**
 * `(params) => body`. A block, an object literal (written in parentheses) or an array stays beside the arrow and
 * breaks inside; any other expression moves to the next line, indented, when it does not fit beside it.
 */
export function arrowDoc(params: string, body: ArrowBody): Doc {
  const head = `${params} =>`;
  if (body.kind === 'block') return [head, ' ', blockDoc(body.statements)];
  if (body.kind === 'beside') return group([head, ' ', body.doc]);
  return group([head, group(indent([line, body.doc]))]);
}

/** An arrow function's body that is an object literal: `({ ... })`. */
export function objectBody(object: Literal): ArrowBody {
  return { kind: 'beside', doc: ['(', object.doc, ')'] };
}

/** An arrow function's body that is an expression: beside the arrow when it is an object or array literal. */
export function expressionBody(value: Doc | Literal): ArrowBody {
  if (isLiteral(value)) return value.kind === 'object' ? objectBody(value) : { kind: 'beside', doc: value.doc };
  return { kind: 'expression', doc: value };
}

/** `{`, one statement a line, `}` (`{}` when empty). */
export function blockDoc(statements: readonly Doc[]): Doc {
  if (statements.length === 0) return '{}';
  return ['{', indent([hardline, join(hardline, [...statements])]), hardline, '}'];
}

/**
 * A statement that is not a block after its head (`for (...)`, `else`, or an `if`'s test), moved to the next line
 * (indented) when the whole does not fit.
 */
export function clauseDoc(head: Doc, statement: Doc): Doc {
  return group([head, indent([line, statement])]);
}

/** `return value;` (a value that prettier does not wrap in parentheses: not a binary expression). */
export function returnDoc(value: Doc | Literal): Doc {
  return ['return ', docOf(value), ';'];
}

/**
 * An array literal as prettier lays it out: like code.ts's `arrayDoc`, but always one item a line when it holds
 * more than one item and all are object literals (of {@link objectOf}) with more than one member, or all arrays of
 * more than one item.
 */
export function arrayOf(items: ReadonlyArray<Doc | Literal>): Literal {
  const array = arrayDoc(items.map(docOf));
  const first = items[0];
  const broken =
    items.length > 1 &&
    first !== undefined &&
    isLiteral(first) &&
    items.every((i) => isLiteral(i) && i.kind === first.kind && (SIZES.get(i) ?? 0) > 1);
  const out = broken ? { ...array, doc: array.broken } : array;
  SIZES.set(out, items.length);
  return out;
}

/** The number of members (or items) of the literals made here, which {@link arrayOf} needs. */
const SIZES = new WeakMap<object, number>();

/** An object literal of `key: value` members (keys written as given). */
export function objectOf(members: ReadonlyArray<readonly [string, Doc | Literal]>): Literal {
  const object = objectDoc(members.map(([k, v]) => propertyDoc(k, v)));
  SIZES.set(object, members.length);
  return object;
}
