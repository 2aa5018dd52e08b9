/**
 * Cuts the statements of a TypeScript file into pieces of a bounded size, which ts-morph prints and prettier
 * formats one at a time, and joins the pieces' texts back into the file. Time and memory then grow with the size
 * of the file: no call of either tool holds more than one piece (a single statement can still be large, such as
 * the client's table of operations).
 *
 * A piece is a run of whole top-level statements, cut only where the file has a blank line anyway (before an
 * exported or documented declaration; see `separateDeclarations` in the printer), so that pieces joined by a blank
 * line read exactly as the whole file would. Where to cut is decided by the content (a hash of the declaration's
 * name), not by position, so that a declaration added or removed changes the pieces around it and no other: a piece
 * whose text did not change is not formatted again when the same process generates again (format.ts). A class with more methods than fit in a piece (the client class of a
 * large service) is cut between its methods: the piece that opens it ends with its closing `}` still there, and
 * each following piece holds the next methods inside a stand-in class line, `class _ {`. Neither line is output.
 * prettier formats a method the same whichever class it is in.
 */
import type { ClassDeclarationStructure, StatementStructures, WriterFunction } from 'ts-morph';
import { StructureKind } from './kinds.js';

/**
 * A top-level statement of a generated TypeScript file: a ts-morph structure, which names its `kind`
 * (`StructureKind.Interface`, `StructureKind.Function`, ...), or a writer function for code without a structure.
 */
export type Statement = StatementStructures | WriterFunction;

/** The statements of one piece, before printing. */
export interface Part {
  readonly statements: readonly Statement[];
  /** It starts with the stand-in class line, which wraps methods of a class opened in an earlier piece. */
  readonly wrapped: boolean;
  /** It ends with the `}` of a class whose methods go on in the next piece. */
  readonly continued: boolean;
}

/** A piece of a TypeScript file, printed: its text ends with a newline. */
export interface Piece {
  readonly text: string;
  readonly wrapped: boolean;
  readonly continued: boolean;
}

const STAND_IN = 'class _ {';
const CLASS_END = '}';

/**
 * `statements` cut into parts of about `length` statements each (at most `MAX_RUN` times that), and classes into
 * parts of about `length` methods. A part starts only at an exported or documented declaration: imports, re-exports
 * and writer-function statements stay with what precedes them.
 */
export function cutStatements(statements: readonly Statement[], length: number): Part[] {
  const parts: Part[] = [];
  let current: Statement[] = [];
  let wrapped = false;
  const cut = (continued: boolean, next: Statement[], nextWrapped: boolean) => {
    parts.push({ statements: current, wrapped, continued });
    current = next;
    wrapped = nextWrapped;
  };
  for (const s of statements) {
    if (current.length > 0 && startsDeclaration(s) && cutsBefore(nameOf(s), current.length, length)) cut(false, [], false);
    const methods = typeof s !== 'function' && s.kind === StructureKind.Class ? (s.methods ?? []) : [];
    const runs = methodRuns(methods, length);
    if (runs.length <= 1) {
      current.push(s);
      continue;
    }
    current.push({ ...(s as ClassDeclarationStructure), methods: runs[0]! });
    for (const run of runs.slice(1)) cut(true, [{ kind: StructureKind.Class, name: '_', methods: run }], true);
  }
  if (current.length > 0 || parts.length === 0) cut(false, [], false);
  return parts;
}

/** A piece holds at most this many times `length` statements or methods, whatever their names. */
const MAX_RUN = 4;

/**
 * Whether a piece of `count` statements ends before a declaration named `name`: about one declaration in `length`
 * starts a piece, chosen by its name alone, and a piece never grows past `MAX_RUN * length`.
 */
function cutsBefore(name: string | undefined, count: number, length: number): boolean {
  if (count >= MAX_RUN * length) return true;
  return name !== undefined && nameHash(name) % length === 0;
}

/** The methods of a class in runs, cut as statements are (by name). */
function methodRuns<T extends { readonly name: string }>(methods: readonly T[], length: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  for (const m of methods) {
    if (run.length > 0 && cutsBefore(m.name, run.length, length)) {
      runs.push(run);
      run = [];
    }
    run.push(m);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The name a statement declares (a variable statement's first), if any. */
function nameOf(s: Statement): string | undefined {
  if (typeof s === 'function') return undefined;
  if (s.kind === StructureKind.VariableStatement) return s.declarations[0]?.name;
  return 'name' in s && typeof s.name === 'string' ? s.name : undefined;
}

/** FNV-1a, 32 bits: a spread of names over the residues of `length`. */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function startsDeclaration(s: Statement): boolean {
  if (typeof s === 'function' || s.kind === StructureKind.ImportDeclaration || s.kind === StructureKind.ExportDeclaration) return false;
  return ('isExported' in s && s.isExported === true) || ('docs' in s && (s.docs?.length ?? 0) > 0);
}

/**
 * The text of a file from the texts of its pieces (as printed, or as formatted: each ending with a newline), in
 * order: stand-in lines dropped, a blank line between pieces.
 */
export function joinPieces(pieces: readonly Piece[], texts: readonly string[]): string {
  return pieces
    .map((piece, i) => {
      let text = texts[i]!;
      if (piece.wrapped) text = dropLine(text, 'first', STAND_IN);
      if (piece.continued) text = dropLine(text, 'last', CLASS_END);
      return text;
    })
    .join('\n');
}

function dropLine(text: string, which: 'first' | 'last', expected: string): string {
  const at = which === 'first' ? text.indexOf('\n') : text.lastIndexOf('\n', text.length - 2);
  const line = which === 'first' ? text.slice(0, at) : text.slice(at + 1, -1);
  // A formatter that printed the stand-in or the closing brace differently would make the joined file wrong.
  if (line !== expected) throw new Error(`a split class piece has "${line}" where "${expected}" was expected`);
  return which === 'first' ? text.slice(at + 1) : text.slice(0, at + 1);
}
