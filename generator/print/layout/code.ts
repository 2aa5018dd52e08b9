/**
 * Layout documents for the expressions emitters write that may not fit on a line: calls, arrays and objects, laid
 * out as prettier lays them out (a group that breaks one item a line, with a trailing comma, when it does not fit;
 * a call whose last argument is an object or array keeps the others on the first line and breaks only that one, when
 * that fits). Emitters write them with `BodyWriter.doc`.
 */
import { builders, printer as docPrinter } from 'prettier/doc';
import type { CodeBlockWriter } from 'ts-morph';
import { BodyWriter } from './body-writer.js';

type Doc = builders.Doc;
const { group, indent, softline, line, hardline, ifBreak, join, conditionalGroup } = builders;

/** An object or array literal, which a call's last argument may be "hugged" as. */
export interface Literal {
  readonly kind: 'object' | 'array';
  readonly doc: Doc;
  /** An object written one member a line whatever its width (prettier keeps objects that were written so). */
  readonly expanded: boolean;
  /** The literal broken (one member a line). */
  readonly broken: Doc;
}

/** `[a, b, c]`, or one item a line. */
export function arrayDoc(items: readonly Doc[]): Literal {
  if (items.length === 0) return { kind: 'array', doc: '[]', expanded: false, broken: '[]' };
  const inner = join([',', line], [...items]);
  return {
    kind: 'array',
    doc: group(['[', indent([softline, inner]), ifBreak(','), softline, ']']),
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

/** `callee(a, b)`, broken one argument a line, or with its last argument (an object or array literal) hugged. */
export function callDoc(callee: Doc, args: ReadonlyArray<Doc | Literal>): Doc {
  if (args.length === 0) return [callee, '()'];
  const docs = args.map(docOf);
  const allBroken: Doc = group(['(', indent([softline, join([',', line], docs)]), ifBreak(','), softline, ')'], { shouldBreak: true });
  const last = args[args.length - 1]!;
  if (isLiteral(last) && !args.slice(0, -1).some(isLiteral)) {
    const head = docs.slice(0, -1).flatMap((d) => [d, ', ']);
    const flat: Doc = ['(', ...head, last.expanded ? last.broken : last.doc, ')'];
    const hugged: Doc = ['(', ...head, group(last.broken, { shouldBreak: true }), ')'];
    return [callee, conditionalGroup(last.expanded ? [hugged, allBroken] : [flat, hugged, allBroken])];
  }
  return [callee, group(['(', indent([softline, join([',', line], docs)]), ifBreak(','), softline, ')'])];
}

function isLiteral(d: Doc | Literal): d is Literal {
  return typeof d === 'object' && d !== null && !Array.isArray(d) && 'kind' in d && (d.kind === 'object' || d.kind === 'array') && 'broken' in d;
}

function docOf(d: Doc | Literal): Doc {
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
