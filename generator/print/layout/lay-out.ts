/**
 * Lays out the statements of a generated TypeScript file in its final form, without a formatter: each statement
 * (and each member of a class) is printed from its document (declarations.ts) by prettier's layout algorithm, which
 * breaks what does not fit exactly as prettier does. What this cannot vouch for is left to prettier, a statement or
 * class member at a time (format.ts): a line still wider than the print width (code an emitter wrote as one line,
 * which prettier would break), a body whose strings it could not follow, a structure it does not know. prettier
 * formats a statement, or a member inside a stand-in class, the same alone as within its file.
 *
 * That the layout is prettier's is checked with prettier itself: test/generator/layout.test.ts (every fixture spec,
 * the payer spec, imported WSDLs, synthetic specs with short and long names) and prettier-judge.test.ts (generated/
 * and the golden output).
 */
import { builders, printer as docPrinter } from 'prettier/doc';
import { StructureKind } from '../kinds.js';
import type { Statement } from '../statement.js';
import { classMemberDocs, statementDoc, UnknownLayout, type LayoutNotes } from './declarations.js';

const { hardline, indent } = builders;
type Doc = builders.Doc;

/** The print width of format.ts's settings: a line wider than this would be broken by prettier. */
export const PRINT_WIDTH = 120;

/**
 * A piece of a file: text laid out here (`format: 'none'`), or text for prettier to format as a whole statement or
 * as a member of a class (indented by one level). `separator` goes before it: one or two line breaks.
 */
export interface Segment {
  readonly text: string;
  readonly format: 'none' | 'statement' | 'member';
  readonly separator: string;
}

/** Prints statements by ts-morph (for structures this layout does not know), without formatting. */
export type FallbackPrinter = (statement: Statement) => string;

/** `formatAll`: every segment is left to prettier (to compare the layout with prettier's). */
export function layOutStatements(statements: readonly Statement[], fallback: FallbackPrinter, formatAll = false): Segment[] {
  const out: Segment[] = [];
  let previous = '';
  for (const s of statements) {
    let pieces = layOutStatement(s, fallback);
    if (formatAll) pieces = pieces.map((p, i) => (p.format !== 'none' ? p : { ...p, format: pieces.length === 1 ? 'statement' : i === 0 || i === pieces.length - 1 ? 'none' : 'member' }));
    const first = pieces[0]!;
    out.push({ ...first, separator: previous === '' ? '' : separatorBetween(previous, first.text) }, ...pieces.slice(1));
    previous = pieces[pieces.length - 1]!.text;
  }
  return out;
}

/** The start of a top-level declaration's first line (its JSDoc, or its keyword). */
const DECLARATION_START = /^(?:\/\*\*|export |const |function |class |interface |type |let )/;

/**
 * A line break after a complete line (`;`, `}`, `]`) and before a declaration: where a blank line separates
 * top-level declarations (the printer's rule for text ts-morph prints, and the layout's for its own).
 */
export const BEFORE_DECLARATION = new RegExp(`([;}\\]])\\n(?=${DECLARATION_START.source.slice(1)})`, 'g');

/**
 * The line breaks between two top-level statements, as ts-morph printed them and the printer then separated
 * declarations (a blank line after a closing brace, and before a declaration that follows a complete line), which
 * prettier keeps.
 */
function separatorBetween(before: string, after: string): string {
  const last = before.trimEnd();
  if (last.endsWith('}')) return '\n\n';
  const end = last[last.length - 1];
  return (end === ';' || end === ']') && DECLARATION_START.test(after) ? '\n\n' : '\n';
}

function layOutStatement(s: Statement, fallback: FallbackPrinter): Segment[] {
  try {
    if (typeof s !== 'function' && s.kind === StructureKind.Class) return layOutClass(s);
    const notes: LayoutNotes = { confused: false };
    let text = print(statementDoc(s, notes));
    // Code a writer function writes at the top level is separated as the printer separates declarations.
    if (typeof s === 'function') text = text.replace(BEFORE_DECLARATION, '$1\n\n');
    return [{ text, format: notes.confused || overflows(text) ? 'statement' : 'none', separator: '' }];
  } catch (error) {
    if (!(error instanceof UnknownLayout)) throw error;
    return [{ text: fallback(s).trimEnd(), format: 'statement', separator: '' }];
  }
}

/**
 * A class: its head and closing brace laid out here, each member (or the properties together) a segment of its own.
 * A class this cannot lay out (a member it does not know, a head too wide) throws, and is printed whole by ts-morph.
 */
function layOutClass(s: Extract<Statement, { kind: typeof StructureKind.Class }>): Segment[] {
  const notes: LayoutNotes = { confused: false };
  const head = print(statementDoc({ ...s, properties: [], ctors: [], methods: [] }, notes));
  // `... {}` for an empty class; otherwise the head ends with its opening brace.
  const members = classMemberDocs(s);
  if (members.length === 0) return [{ text: head, format: 'none', separator: '' }];
  const out: Segment[] = [{ text: head.slice(0, -1), format: overflows(head) ? 'statement' : 'none', separator: '' }];
  if (out[0]!.format !== 'none') throw new UnknownLayout('a class head wider than the line');
  members.forEach((m, i) => {
    const text = print(indent([hardline, m.doc])).slice(1);
    // Each member's own notes: a body the writer could not follow leaves that member alone to prettier.
    out.push({ text, format: m.notes.confused || overflows(text) ? 'member' : 'none', separator: i === 0 ? '\n' : '\n\n' });
  });
  out.push({ text: '}', format: 'none', separator: '\n' });
  return out;
}

function print(doc: Doc): string {
  return docPrinter.printDocToString(doc, { printWidth: PRINT_WIDTH, tabWidth: 2, useTabs: false }).formatted;
}

/** A line of a comment: `/**`, ` * ...`, ` */` or `// ...` (after its indentation). */
function isCommentLine(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && text.charCodeAt(i) === 32) i++;
  return text.startsWith('/**', i) || text.startsWith('* ', i) || text.startsWith('*/', i) || text.startsWith('//', i) || (text[i] === '*' && i + 1 === end);
}

/**
 * Whether a line is wider than prettier allows, measured as prettier measures it (per code point: control characters
 * and combining accents take no column) or wider, never narrower: every character from U+1100 on (CJK, emoji, their
 * variation selectors) and the two emoji below it count as two columns, so that a line this passes fits whatever
 * prettier measures.
 */
export function overflows(text: string): boolean {
  let start = 0;
  let inTemplate = false;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (inTemplate) {
      // A template literal's text is kept as written; its line with the closing backtick may go on with code.
      const close = closingBacktick(text, start, end);
      if (close === SUBSTITUTION) return true;
      inTemplate = close < 0;
      if (close >= 0 && lineWidth(text, start, end) > PRINT_WIDTH && lineWidth(text, close, end) > 2) return true;
    } else if (end - start > PRINT_WIDTH / 2 && !isCommentLine(text, start, end) && lineWidth(text, start, end) > PRINT_WIDTH) {
      // At most two columns a UTF-16 unit: a line of half the width fits. A comment line is kept as written, however
      // wide (prettier breaks no comment), and so is a line prettier cannot break either: a string literal alone, or
      // a constant whose value is a template literal.
      const line = text.slice(start, end);
      if (!LONE_STRING.test(line) && !TEMPLATE_CONSTANT.test(line)) return true;
    }
    if (!inTemplate && TEMPLATE_CONSTANT.test(text.slice(start, end))) {
      const close = closingBacktick(text, text.indexOf('`', start) + 1, end);
      if (close === SUBSTITUTION) return true;
      inTemplate = close < 0;
    }
    start = end + 1;
  }
  return false;
}

/** A line holding only a string literal, perhaps followed by `,` or `;`. */
const LONE_STRING = /^\s*(['"])(?:\\.|(?!\1).)*\1[,;]?$/;

/** The first line of a constant declared as a template literal: `const NAME = \`...`. */
const TEMPLATE_CONSTANT = /^\s*(?:export )?(?:const|let) [\w$]+(?:: [\w$.<>[\]]+)? = `/;

/**
 * The offset of the `}` closing a substitution whose code starts at `start`, on the line (before `end`), or -1: braces
 * counted, quoted strings and nested templates passed over (a template inside is not followed).
 */
function substitutionEnd(text: string, start: number, end: number): number {
  let depth = 0;
  for (let i = start; i < end; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && depth-- === 0) return i;
    else if (c === '`') return -1;
    else if (c === "'" || c === '"') {
      for (i++; i < end && text[i] !== c; i++) if (text[i] === '\\') i++;
    }
  }
  return -1;
}

/** What {@link closingBacktick} finds at a `${` it does not follow (one that goes on past its line). */
const SUBSTITUTION = -2;

/**
 * The offset just after the unescaped backtick that closes a template literal within [start, end), -1 when the line
 * ends inside it, or {@link SUBSTITUTION}.
 */
function closingBacktick(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 96) return i + 1;
    else if (c === 36 && text.charCodeAt(i + 1) === 123) {
      // A substitution closed on the same line is passed over; one that goes on is not followed.
      const close = substitutionEnd(text, i + 2, end);
      if (close < 0) return SUBSTITUTION;
      i = close;
    }
  }
  return -1;
}

function lineWidth(text: string, start: number, end: number): number {
  let width = 0;
  for (let i = start; i < end; i++) {
    const c = text.codePointAt(i)!;
    if (c > 0xffff) i++;
    if (c <= 0x7f) width += c <= 0x1f ? 0 : 1;
    else if (c <= 0x9f || (c >= 0x300 && c <= 0x36f)) continue;
    else width += c >= 0x1100 || c === 0xa9 || c === 0xae ? 2 : 1;
  }
  return width;
}
