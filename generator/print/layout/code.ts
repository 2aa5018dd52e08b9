/**
 * Layout documents for the expressions emitters write that may not fit on a line: calls, arrays and objects, arrow
 * functions, conditionals, assignments and `if (test) statement`, each built as prettier's printer builds it, laid
 * out as prettier lays them out (a group that breaks one item a line, with a trailing comma, when it does not fit;
 * a call whose last argument is an object or array keeps the others on the first line and breaks only that one, when
 * that fits). Emitters write them with `BodyWriter.doc`.
 */
import { builders, printer as docPrinter, utils as docUtils } from 'prettier/doc';
import type { CodeBlockWriter } from 'ts-morph';
import { BodyWriter } from './body-writer.js';

type Doc = builders.Doc;
const { group, indent, softline, line, hardline, ifBreak, join, conditionalGroup, align, indentIfBreak, breakParent } = builders;

/** An object or array literal, or an arrow function, which a call's last argument may be "hugged" as. */
export interface Literal {
  readonly kind: 'object' | 'array' | 'arrow';
  readonly doc: Doc;
  /** An object written one member a line whatever its width (prettier keeps objects that were written so). */
  readonly expanded: boolean;
  /** The literal broken (one member a line). */
  readonly broken: Doc;
  /** How it is printed as a call's hugged last argument, where that differs from `doc` (an arrow function). */
  readonly last?: Doc;
}

/**
 * `[a, b, c]`, or one item a line. `pairs`: every item is itself an array or object literal of more than one member
 * (and there are at least two), which prettier always writes one item a line.
 */
export function arrayDoc(items: readonly Doc[], pairs = false): Literal {
  if (items.length === 0) return { kind: 'array', doc: '[]', expanded: false, broken: '[]' };
  const inner = join([',', line], [...items]);
  const shouldBreak = pairs && items.length > 1;
  return {
    kind: 'array',
    doc: group(['[', indent([softline, inner]), ifBreak(','), softline, ']'], { shouldBreak }),
    expanded: false,
    broken: ['[', indent([hardline, join([',', hardline], [...items])]), ',', hardline, ']'],
  };
}

/**
 * `{ a: 1, b: 2 }`, or one member a line. `expanded`: always one member a line, as prettier keeps an object whose
 * first member was written on a line of its own.
 */
export function objectDoc(members: readonly Doc[], expanded = false): Literal {
  if (members.length === 0) return { kind: 'object', doc: '{}', expanded: false, broken: '{}' };
  const broken: Doc = ['{', indent([hardline, join([',', hardline], [...members])]), ',', hardline, '}'];
  return {
    kind: 'object',
    doc: expanded ? broken : group(['{', indent([line, join([',', line], [...members])]), ifBreak(','), line, '}']),
    expanded,
    broken,
  };
}

/**
 * `callee(a, b)`, broken one argument a line, or with its last argument (an object or array literal, an arrow
 * function) hugged: the others kept on the first line and only that one broken, as prettier does where the one
 * before it is not of the same kind.
 */
export function callDoc(callee: Doc, args: ReadonlyArray<Doc | Literal>): Doc {
  if (args.length === 0) return [callee, '()'];
  const docs = args.map(docOf);
  const allBroken: Doc = group(['(', indent([line, join([',', line], docs)]), ifBreak(','), line, ')'], { shouldBreak: true });
  const last = args[args.length - 1]!;
  const before = args.length > 1 ? args[args.length - 2]! : undefined;
  if (isLiteral(last) && !(before !== undefined && isLiteral(before) && before.kind === last.kind)) {
    // An argument before the last that must break breaks them all.
    if (docs.slice(0, -1).some((d) => docUtils.willBreak(d))) return [callee, allBroken];
    const head = docs.slice(0, -1).flatMap((d) => [d, ',', line]);
    const flat: Doc = ['(', ...head, last.last ?? (last.expanded ? last.broken : last.doc), ')'];
    const hugged: Doc = ['(', ...head, group(last.last ?? last.broken, { shouldBreak: true }), ')'];
    const states = conditionalGroup(last.expanded ? [hugged, allBroken] : [flat, hugged, allBroken]);
    return [callee, docs.some((d) => docUtils.willBreak(d)) ? [breakParent, states] : states];
  }
  return [callee, group(['(', indent([softline, join([',', line], docs)]), ifBreak(','), softline, ')'])];
}

/** `new Callee(a, b)`: a call's layout. */
export function newDoc(callee: string, args: ReadonlyArray<Doc | Literal>): Doc {
  return callDoc(`new ${callee}`, args);
}

/**
 * `(a: A, b: B) => body`: the body on the same line, or on the next one indented. `body` is a call or an other
 * expression; a conditional (`conditional`) is wrapped in parentheses when it stays on the line, as prettier does.
 */
export function arrowDoc(params: readonly Doc[], body: Doc, conditional = false): Literal {
  // Hugged as a call's last argument, the parameters stay on one line.
  const flatParams = docUtils.removeLines(['(', join(', ', [...params]), ')']);
  const brokenParams = params.length === 0 ? '()' : group(['(', indent([softline, join([',', line], [...params])]), ifBreak(','), softline, ')']);
  const bodyDoc = (last: boolean): Doc => {
    const tail: Doc = last ? [ifBreak(','), softline] : '';
    if (conditional) return group([' ', group([ifBreak('', '('), indent([softline, body]), ifBreak('', ')'), tail])]);
    return group([indent([line, body]), tail]);
  };
  return {
    kind: 'arrow',
    doc: group([group(brokenParams), ' =>', bodyDoc(false)]),
    expanded: false,
    broken: group([group(brokenParams), ' =>', bodyDoc(false)]),
    last: group([group(flatParams), ' =>', bodyDoc(true)]),
  };
}

/** `test ? consequent : alternate`, or broken before `?` and `:` (each branch aligned under its operator). */
export function conditionalDoc(test: Doc, consequent: Doc | Literal, alternate: Doc | Literal): Doc {
  return group([test, indent([line, '? ', align(2, docOf(consequent)), line, ': ', align(2, docOf(alternate))])]);
}

/**
 * `left = right` (or an object's `key: value`, `operator` `:`) where `right` is a call, an object or a name
 * (prettier's "fluid" assignment): `right` stays on the first line as long as its start fits there, and breaks
 * inside itself.
 */
export function assignDoc(left: Doc, right: Doc | Literal, operator: ' =' | ':' = ' ='): Doc {
  const id = Symbol('assignment');
  return group([group(left), operator, group(indent(line), { id }), indentIfBreak(docOf(right), { groupId: id })]);
}

/**
 * `left = right` where `right` is a binary expression or a conditional whose test is one (prettier's
 * "break-after-operator"): `right` goes to the next line, indented, when it does not fit after the `=`.
 */
export function assignBreakingDoc(left: Doc, right: Doc, operator: ' =' | ':' = ' ='): Doc {
  return group([group(left), operator, group(indent([line, right]))]);
}

/**
 * `left op right` of a logical or arithmetic operator where the parent indents (an assignment's or a property's
 * value): broken after the operator, the right side under the left, when it does not fit.
 */
export function binaryDoc(left: Doc, operator: string, right: Doc): Doc {
  return group([left, ` ${operator}`, line, right]);
}

/** `if (test) statement`: the statement on the next line, indented, when the line does not fit. */
export function ifStatementDoc(test: Doc, statement: Doc): Doc {
  return group(['if (', group([indent([softline, test]), softline]), ')', indent([line, statement])]);
}

/** Whether `d` is a literal made here (an object, array or arrow function), rather than a plain document. */
export function isLiteral(d: Doc | Literal): d is Literal {
  return typeof d === 'object' && d !== null && !Array.isArray(d) && 'kind' in d && (d.kind === 'object' || d.kind === 'array' || d.kind === 'arrow') && 'broken' in d;
}

/** The document of a literal, or `d` itself. */
export function docOf(d: Doc | Literal): Doc {
  return isLiteral(d) ? d.doc : d;
}

/**
 * Writes `doc` with a writer function's writer: laid out where it stands by the printer's writer, or on one line by
 * ts-morph's (whose output prettier formats).
 */
export function writeDoc(w: CodeBlockWriter, doc: Doc): void {
  if (w instanceof BodyWriter) w.doc(doc);
  else w.write(docPrinter.printDocToString(doc, { printWidth: Number.MAX_SAFE_INTEGER, tabWidth: 2 }).formatted);
}

/** `switch (expression)`: the expression on lines of its own when it does not fit (or must break). */
export function switchDoc(expression: builders.Doc): builders.Doc {
  return builders.group(['switch (', builders.indent([builders.softline, expression]), builders.softline, ')']);
}
