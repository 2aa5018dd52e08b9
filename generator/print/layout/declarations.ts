/**
 * Lays out the declarations emitters describe (ts-morph structures: imports, exports, interfaces, type aliases,
 * functions, classes, variable statements) the way prettier prints them with the generator's settings (format.ts),
 * as documents of prettier's own layout algorithm (`prettier/doc`): what may break (parameter lists, import and
 * export lists, long unions) is a group that breaks exactly when prettier's would. Bodies come from the emitters'
 * writer functions (body-writer.ts) as lines already laid out.
 *
 * Only the structure members emitters use are known here; anything else throws {@link UnknownLayout}, and the
 * printer then has the statement printed by ts-morph and formatted by prettier, as before.
 */
import { builders } from 'prettier/doc';
import type { WriterFunction } from 'ts-morph';
import { StructureKind } from '../kinds.js';
import { tsString as quote } from '../ts-string.js';
import type { Statement } from '../statement.js';
import { BodyWriter, DOC_MARK, type BodyLine } from './body-writer.js';
import { typeDoc as annotatedTypeDoc } from './type-doc.js';

type Doc = builders.Doc;
const { group, indent, softline, line, hardline, literalline, ifBreak, join } = builders;

/** A structure, or a member of one, that this layout does not know. */
export class UnknownLayout extends Error {}

/** What printing a statement found that prettier may lay out otherwise (a body it could not follow). */
export interface LayoutNotes {
  confused: boolean;
}

type Docs = ReadonlyArray<string | { description?: unknown; tags?: unknown }> | undefined;

interface Param {
  readonly name: string;
  readonly type?: unknown;
  readonly initializer?: unknown;
  readonly hasQuestionToken?: boolean;
  readonly isRestParameter?: boolean;
  readonly scope?: unknown;
  readonly isReadonly?: boolean;
  readonly decorators?: readonly unknown[];
}

interface TypeParam {
  readonly name: string;
  readonly constraint?: unknown;
  readonly default?: unknown;
}

type Body = string | WriterFunction | ReadonlyArray<string | WriterFunction> | undefined;

const KNOWN: Record<string, ReadonlySet<string>> = {
  import: new Set(['kind', 'moduleSpecifier', 'namedImports', 'isTypeOnly', 'defaultImport', 'namespaceImport']),
  export: new Set(['kind', 'moduleSpecifier', 'namedExports', 'isTypeOnly']),
  interface: new Set(['kind', 'name', 'docs', 'isExported', 'typeParameters', 'extends', 'properties', 'methods']),
  property: new Set(['name', 'type', 'docs', 'isReadonly', 'hasQuestionToken', 'kind']),
  method: new Set(['name', 'docs', 'typeParameters', 'parameters', 'returnType', 'hasQuestionToken', 'kind']),
  typeAlias: new Set(['kind', 'name', 'docs', 'isExported', 'typeParameters', 'type']),
  function: new Set(['kind', 'name', 'docs', 'isExported', 'isAsync', 'typeParameters', 'parameters', 'returnType', 'statements']),
  variable: new Set(['kind', 'docs', 'isExported', 'declarationKind', 'declarations']),
  declaration: new Set(['name', 'type', 'initializer', 'kind']),
  class: new Set(['kind', 'name', 'docs', 'isExported', 'typeParameters', 'extends', 'implements', 'properties', 'ctors', 'methods']),
  classProperty: new Set(['name', 'type', 'docs', 'isReadonly', 'isStatic', 'hasQuestionToken', 'hasExclamationToken', 'initializer', 'scope', 'kind']),
  ctor: new Set(['docs', 'parameters', 'statements', 'scope', 'kind']),
  classMethod: new Set(['name', 'docs', 'isStatic', 'isAsync', 'typeParameters', 'parameters', 'returnType', 'statements', 'scope', 'kind']),
  param: new Set(['name', 'type', 'initializer', 'hasQuestionToken', 'kind']),
  typeParam: new Set(['name', 'constraint', 'kind']),
};

function check(what: keyof typeof KNOWN, structure: object): void {
  const known = KNOWN[what]!;
  for (const [key, value] of Object.entries(structure)) {
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    if (!known.has(key)) throw new UnknownLayout(`${what} with ${key}`);
  }
}

/** The document of one top-level statement, without its final newline. */
export function statementDoc(s: Statement, notes: LayoutNotes): Doc {
  if (typeof s === 'function') return bodyLines(writeBody(s, notes), 0, notes);
  switch (s.kind) {
    case StructureKind.ImportDeclaration:
      return importDoc(s);
    case StructureKind.ExportDeclaration:
      return exportDoc(s);
    case StructureKind.Interface:
      return interfaceDoc(s, notes);
    case StructureKind.TypeAlias:
      return typeAliasDoc(s, notes);
    case StructureKind.Function:
      return functionDoc(s, notes);
    case StructureKind.VariableStatement:
      return variableDoc(s, notes);
    case StructureKind.Class:
      return classDoc(s, notes);
    default:
      throw new UnknownLayout(`statement of kind ${String((s as { kind: unknown }).kind)}`);
  }
}

/** `{ a, b }` of an import or export: broken one per line when too long, unless there is only one. */
function specifierList(items: readonly string[]): Doc {
  if (items.length === 0) return '{}';
  if (items.length === 1) return ['{ ', items[0]!, ' }'];
  return group(['{', indent([line, join([',', line], [...items])]), ifBreak(','), line, '}']);
}

function specifier(s: unknown): string {
  if (typeof s === 'string') return s;
  const o = s as { name: string; alias?: string; isTypeOnly?: boolean };
  return `${o.isTypeOnly ? 'type ' : ''}${o.name}${o.alias ? ` as ${o.alias}` : ''}`;
}

function importDoc(s: Extract<Statement, { kind: typeof StructureKind.ImportDeclaration }>): Doc {
  check('import', s);
  if (typeof s.namedImports === 'function') throw new UnknownLayout('imports written by a function');
  const named = (s.namedImports ?? []).map(specifier);
  const parts: Doc[] = [];
  if (s.defaultImport) parts.push(s.defaultImport);
  if (s.namespaceImport) parts.push(`* as ${s.namespaceImport}`);
  if (named.length > 0) parts.push(specifierList(named));
  const from = quote(s.moduleSpecifier);
  if (parts.length === 0) return `import ${from};`;
  return [s.isTypeOnly ? 'import type ' : 'import ', join(', ', parts), ' from ', from, ';'];
}

function exportDoc(s: Extract<Statement, { kind: typeof StructureKind.ExportDeclaration }>): Doc {
  check('export', s);
  const named = Array.isArray(s.namedExports) ? s.namedExports.map(specifier) : [];
  const head = s.isTypeOnly ? 'export type ' : 'export ';
  const from = s.moduleSpecifier === undefined ? '' : ` from ${quote(s.moduleSpecifier)}`;
  if (named.length === 0) return [head, '*', from, ';'];
  return [head, specifierList(named), from, ';'];
}

/** The JSDoc comments of a declaration, each followed by a line break, as ts-morph writes them. */
function docsDoc(docs: Docs): Doc[] {
  const out: Doc[] = [];
  for (const d of docs ?? []) {
    if (typeof d !== 'string') throw new UnknownLayout('a JSDoc structure');
    const lines = d.split(/\r?\n/);
    const from = lines[0] === '' ? 1 : 0;
    if (lines.length <= 1) out.push(`/** ${lines[0] ?? ''} */`, hardline);
    else {
      out.push('/**');
      for (const l of lines.slice(from)) out.push(hardline, l.length > 0 ? ` * ${l}`.trimEnd() : ' *');
      out.push(hardline, ' */', hardline);
    }
  }
  return out;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new UnknownLayout(`${what} that is not a string`);
  if (value.includes('\n')) throw new UnknownLayout(`${what} over several lines`);
  return value;
}

function typeParamsDoc(params: readonly unknown[] | undefined): string {
  if (!params || params.length === 0) return '';
  const printed = params.map((p) => {
    if (typeof p === 'string') return p;
    check('typeParam', p as object);
    const t = p as TypeParam;
    return `${t.name}${t.constraint !== undefined ? ` extends ${text(t.constraint, 'a constraint')}` : ''}`;
  });
  return `<${printed.join(', ')}>`;
}

function paramDoc(p: Param): string {
  check('param', p);
  const type = p.type !== undefined ? `: ${text(p.type, 'a parameter type')}` : '';
  const init = p.initializer !== undefined ? ` = ${text(p.initializer, 'a default value')}` : '';
  return `${p.name}${p.hasQuestionToken ? '?' : ''}${type}${init}`;
}

/** `(a: A, b: B)`: one per line, with a trailing comma, when the line does not fit. */
function paramsDoc(params: readonly Param[] | undefined): Doc {
  if (!params || params.length === 0) return '()';
  return group(['(', indent([softline, join([',', line], params.map(paramDoc))]), ifBreak(','), softline, ')']);
}

function interfaceDoc(s: Extract<Statement, { kind: typeof StructureKind.Interface }>, notes: LayoutNotes): Doc {
  check('interface', s);
  const head = [
    ...docsDoc(s.docs as Docs),
    s.isExported ? 'export ' : '',
    'interface ',
    s.name,
    typeParamsDoc(s.typeParameters),
    s.extends && (s.extends as unknown[]).length > 0 ? ` extends ${(s.extends as unknown[]).map((e) => text(e, 'an extended type')).join(', ')}` : '',
  ];
  const members: Doc[] = [];
  for (const p of s.properties ?? []) {
    check('property', p);
    const name = `${p.isReadonly ? 'readonly ' : ''}${p.name}${p.hasQuestionToken ? '?' : ''}`;
    members.push([...docsDoc(p.docs as Docs), group([name, ': ', annotatedTypeDoc(text(p.type, 'a property type'), 'annotation'), ';'])]);
  }
  for (const m of s.methods ?? []) {
    check('method', m);
    members.push([
      ...docsDoc(m.docs as Docs),
      group([
        m.name,
        m.hasQuestionToken ? '?' : '',
        typeParamsDoc(m.typeParameters),
        paramsDoc(m.parameters as readonly Param[] | undefined),
        m.returnType !== undefined ? `: ${text(m.returnType, 'a return type')}` : '',
        ';',
      ]),
    ]);
  }
  void notes;
  if (members.length === 0) return [...head, ' {}'];
  return [...head, ' {', indent([hardline, join(hardline, members)]), hardline, '}'];
}

function typeAliasDoc(s: Extract<Statement, { kind: typeof StructureKind.TypeAlias }>, notes: LayoutNotes): Doc {
  check('typeAlias', s);
  void notes;
  const type = text(s.type, 'an aliased type');
  return [
    ...docsDoc(s.docs as Docs),
    s.isExported ? 'export ' : '',
    'type ',
    s.name,
    typeParamsDoc(s.typeParameters),
    // After `= ` as after a property's `: `: a union that does not fit goes on the next lines, one member a line.
    ' = ',
    annotatedTypeDoc(type, 'annotation'),
    ';',
  ];
}

function functionDoc(s: Extract<Statement, { kind: typeof StructureKind.Function }>, notes: LayoutNotes): Doc {
  check('function', s);
  return [
    ...docsDoc(s.docs as Docs),
    group([
      s.isExported ? 'export ' : '',
      s.isAsync ? 'async ' : '',
      'function ',
      s.name ?? '',
      typeParamsDoc(s.typeParameters),
      signatureDoc(s.parameters as readonly Param[] | undefined, s.returnType, s.typeParameters),
      ' {',
    ]),
    blockBody(s.statements as Body, notes),
  ];
}

/**
 * `(params): ReturnType`. Where prettier groups the parameters on their own (one parameter, no type parameters,
 * and an object type returned), the parameters stay on the line and the object type breaks instead.
 */
function signatureDoc(params: readonly Param[] | undefined, returnType: unknown, typeParameters: readonly unknown[] | undefined): Doc {
  if (returnType === undefined) return paramsDoc(params);
  const type = text(returnType, 'a return type');
  if (params?.length === 1 && (typeParameters?.length ?? 0) === 0 && type.startsWith('{')) return [paramsDoc(params), ': ', annotatedTypeDoc(type, 'inline')];
  return [paramsDoc(params), `: ${type}`];
}

/** The lines of a body and its closing brace (`{}` when empty: the opening brace is already written). */
function blockBody(body: Body, notes: LayoutNotes): Doc {
  const lines = bodyOf(body, notes);
  if (lines.length === 0) return '}';
  return [indent([hardline, bodyLines(lines, 0, notes)]), hardline, '}'];
}

function bodyOf(body: Body, notes: LayoutNotes): BodyLine[] {
  if (body === undefined) return [];
  const parts = typeof body === 'string' || typeof body === 'function' ? [body] : body;
  const w = new BodyWriter();
  for (const part of parts) {
    if (typeof part === 'string') w.writeLine(part);
    else if (typeof part === 'function') part(w as never);
    else throw new UnknownLayout('a structure inside a body');
  }
  if (w.confused) notes.confused = true;
  return [...w.lines()];
}

function writeBody(fn: WriterFunction, notes: LayoutNotes): BodyLine[] {
  return bodyOf(fn, notes);
}

/** Lines of a body: each at its level below the enclosing indentation, lines inside a string as written. */
function bodyLines(lines: readonly BodyLine[], base: number, notes: LayoutNotes): Doc {
  void notes;
  const out: Doc[] = [];
  lines.forEach((l, i) => {
    if (i > 0) out.push(l.verbatim ? literalline : hardline);
    const level = Math.max(0, l.level - base);
    if (l.docs === undefined) {
      out.push(l.verbatim ? l.text : '  '.repeat(level) + l.text);
      return;
    }
    // Breaks inside a document are indented from the line's own level.
    const parts: Doc[] = [];
    l.text.split(DOC_MARK).forEach((t, k) => {
      if (k > 0) parts.push(l.docs![k - 1]!);
      if (t !== '') parts.push(t);
    });
    let nested: Doc = parts;
    for (let k = 0; k < level; k++) nested = indent(nested);
    out.push('  '.repeat(level), nested);
  });
  return out;
}

function variableDoc(s: Extract<Statement, { kind: typeof StructureKind.VariableStatement }>, notes: LayoutNotes): Doc {
  check('variable', s);
  if (s.declarations.length !== 1) throw new UnknownLayout('several declarations in one statement');
  const d = s.declarations[0]!;
  check('declaration', d);
  const head = `${s.isExported ? 'export ' : ''}${s.declarationKind ?? 'let'} ${d.name}${d.type !== undefined ? `: ${text(d.type, 'a variable type')}` : ''}`;
  if (d.initializer === undefined) return [...docsDoc(s.docs as Docs), head, ';'];
  const init = typeof d.initializer === 'string' ? bodyOf(d.initializer.includes('\n') ? (w) => w.write(d.initializer as string) : d.initializer, notes) : bodyOf(d.initializer as WriterFunction, notes);
  return [...docsDoc(s.docs as Docs), head, ' = ', bodyLines(init, 0, notes), ';'];
}

function classDoc(s: Extract<Statement, { kind: typeof StructureKind.Class }>, notes: LayoutNotes): Doc {
  check('class', s);
  const head = [
    ...docsDoc(s.docs as Docs),
    s.isExported ? 'export ' : '',
    'class ',
    s.name ?? '',
    typeParamsDoc(s.typeParameters),
    s.extends !== undefined ? ` extends ${text(s.extends, 'an extended class')}` : '',
    s.implements && (s.implements as unknown[]).length > 0 ? ` implements ${(s.implements as unknown[]).map((e) => text(e, 'an implemented type')).join(', ')}` : '',
    ' {',
  ];
  const groups = classMembers(s, notes);
  if (groups.length === 0) return [...head, '}'];
  return [...head, indent([hardline, join([hardline, hardline], groups)]), hardline, '}'];
}

/** The members of a class, each group separated by a blank line: the properties together, then each constructor and method. */
export function classMembers(s: Extract<Statement, { kind: typeof StructureKind.Class }>, notes: LayoutNotes): Doc[] {
  return classMemberDocs(s).map((m) => {
    if (m.notes.confused) notes.confused = true;
    return m.doc;
  });
}

/**
 * The members of a class as {@link classMembers} gives them, each with what printing it found: a body the writer
 * could not follow leaves that member (not every member) to prettier.
 */
export function classMemberDocs(s: Extract<Statement, { kind: typeof StructureKind.Class }>): Array<{ doc: Doc; notes: LayoutNotes }> {
  const groups: Array<{ doc: Doc; notes: LayoutNotes }> = [];
  const member = (build: (notes: LayoutNotes) => Doc): void => {
    const notes: LayoutNotes = { confused: false };
    groups.push({ doc: build(notes), notes });
  };
  const props = (s.properties ?? []).map((p) => {
    check('classProperty', p);
    const mods = `${scopeOf(p.scope)}${p.isStatic ? 'static ' : ''}${p.isReadonly ? 'readonly ' : ''}`;
    const type = p.type !== undefined ? `: ${text(p.type, 'a property type')}` : '';
    const init = p.initializer !== undefined ? ` = ${text(p.initializer, 'a property value')}` : '';
    return [...docsDoc(p.docs as Docs), `${mods}${p.name}${p.hasQuestionToken ? '?' : p.hasExclamationToken ? '!' : ''}${type}${init};`];
  });
  if (props.length > 0) member(() => join(hardline, props));
  for (const c of s.ctors ?? []) {
    check('ctor', c);
    member((notes) => [
      ...docsDoc(c.docs as Docs),
      group([scopeOf(c.scope), 'constructor', paramsDoc(c.parameters as readonly Param[] | undefined), ' {']),
      blockBody(c.statements as Body, notes),
    ]);
  }
  for (const m of s.methods ?? []) member((notes) => methodDoc(m, notes));
  return groups;
}

export function methodDoc(m: NonNullable<Extract<Statement, { kind: typeof StructureKind.Class }>['methods']>[number], notes: LayoutNotes): Doc {
  check('classMethod', m);
  return [
    ...docsDoc(m.docs as Docs),
    group([
      scopeOf(m.scope),
      m.isStatic ? 'static ' : '',
      m.isAsync ? 'async ' : '',
      m.name,
      typeParamsDoc(m.typeParameters),
      signatureDoc(m.parameters as readonly Param[] | undefined, m.returnType, m.typeParameters),
      ' {',
    ]),
    blockBody(m.statements as Body, notes),
  ];
}

function scopeOf(scope: unknown): string {
  return typeof scope === 'string' && scope !== 'public' ? `${scope} ` : '';
}
