/**
 * Prints the ts-morph structures emitters describe (imports, exports, interfaces, type aliases, functions, classes,
 * variable statements) as plain TypeScript: every declaration on the lines it starts, bodies as the emitters' writer
 * functions write them. No layout: the formatter pass (format.ts) lays out the whole file afterwards.
 *
 * Written with code-block-writer (the writer ts-morph hands writer functions), without ts-morph itself: loading
 * ts-morph loads TypeScript, over a second, which a generation need not pay. Only the structure members emitters use
 * are known; any other is an error, so that nothing an emitter describes is silently dropped.
 */
import CodeBlockWriter from 'code-block-writer';
import type { WriterFunction } from 'ts-morph';
import { StructureKind } from './kinds.js';
import type { Statement } from './statement.js';
import { tsString as quote } from './ts-string.js';

/** A structure member, or a structure, that the printer does not know: a defect of the emitter that wrote it. */
export class UnknownStructure extends Error {}

const KNOWN: Record<string, ReadonlySet<string>> = {
  import: new Set(['kind', 'moduleSpecifier', 'namedImports', 'isTypeOnly', 'defaultImport', 'namespaceImport']),
  export: new Set(['kind', 'moduleSpecifier', 'namedExports', 'isTypeOnly']),
  interface: new Set(['kind', 'name', 'docs', 'isExported', 'typeParameters', 'extends', 'properties', 'methods']),
  property: new Set(['name', 'type', 'docs', 'isReadonly', 'hasQuestionToken', 'kind']),
  method: new Set(['name', 'docs', 'typeParameters', 'parameters', 'returnType', 'hasQuestionToken', 'kind']),
  typeAlias: new Set(['kind', 'name', 'docs', 'isExported', 'typeParameters', 'type']),
  function: new Set([
    'kind',
    'name',
    'docs',
    'isExported',
    'isAsync',
    'typeParameters',
    'parameters',
    'returnType',
    'statements',
  ]),
  variable: new Set(['kind', 'docs', 'isExported', 'declarationKind', 'declarations']),
  declaration: new Set(['name', 'type', 'initializer', 'kind']),
  class: new Set([
    'kind',
    'name',
    'docs',
    'isExported',
    'typeParameters',
    'extends',
    'implements',
    'properties',
    'ctors',
    'methods',
  ]),
  classProperty: new Set([
    'name',
    'type',
    'docs',
    'isReadonly',
    'isStatic',
    'hasQuestionToken',
    'hasExclamationToken',
    'initializer',
    'scope',
    'kind',
  ]),
  ctor: new Set(['docs', 'parameters', 'statements', 'scope', 'kind']),
  classMethod: new Set([
    'name',
    'docs',
    'isStatic',
    'isAsync',
    'typeParameters',
    'parameters',
    'returnType',
    'statements',
    'scope',
    'kind',
  ]),
  param: new Set(['name', 'type', 'initializer', 'hasQuestionToken', 'kind']),
  typeParam: new Set(['name', 'constraint', 'kind']),
};

function check(what: keyof typeof KNOWN, structure: object): void {
  const known = KNOWN[what]!;
  for (const [key, value] of Object.entries(structure)) {
    if (value === undefined || value === false || (Array.isArray(value) && value.length === 0)) continue;
    if (!known.has(key)) throw new UnknownStructure(`the printer does not know ${what} structures with ${key}`);
  }
}

/** A line break after a complete line (`;`, `}`, `]`) and before a top-level declaration (its JSDoc or keyword). */
const BEFORE_DECLARATION = /([;}\]])\n(?=\/\*\*|export |const |function |class |interface |type |let )/g;

type Body = string | WriterFunction | ReadonlyArray<string | WriterFunction> | undefined;

interface Param {
  readonly name: string;
  readonly type?: unknown;
  readonly initializer?: unknown;
  readonly hasQuestionToken?: boolean;
}

/** A writer as ts-morph's printer would hand writer functions one: two-space indents, single quotes, LF. */
export function newWriter(): CodeBlockWriter {
  return new CodeBlockWriter({ indentNumberOfSpaces: 2, useSingleQuote: true, newLine: '\n', useTabs: false });
}

/** The text of `statements`, one after another, a blank line between declarations (imports kept together). */
export function printStatements(statements: readonly Statement[]): string {
  const w = newWriter();
  let previousImport = false;
  statements.forEach((s, i) => {
    const isImport = typeof s !== 'function' && s.kind === StructureKind.ImportDeclaration;
    if (i > 0) {
      if (isImport && previousImport) w.newLineIfLastNot();
      else w.blankLineIfLastNot();
    }
    printStatement(w, s);
    previousImport = isImport;
  });
  return w.toString();
}

function printStatement(w: CodeBlockWriter, s: Statement): void {
  if (typeof s === 'function') {
    // Code a writer function writes at the top level gets the blank lines the printer puts between declarations.
    const own = newWriter();
    s(own as never);
    w.write(own.toString().replace(BEFORE_DECLARATION, '$1\n\n'));
    return;
  }
  switch (s.kind) {
    case StructureKind.ImportDeclaration:
      return printImport(w, s);
    case StructureKind.ExportDeclaration:
      return printExport(w, s);
    case StructureKind.Interface:
      return printInterface(w, s);
    case StructureKind.TypeAlias:
      check('typeAlias', s);
      docs(w, s.docs);
      w.writeLine(`${s.isExported ? 'export ' : ''}type ${s.name}${typeParams(s.typeParameters)} = ${text(s.type)};`);
      return;
    case StructureKind.Function:
      check('function', s);
      docs(w, s.docs);
      w.write(
        `${s.isExported ? 'export ' : ''}${s.isAsync ? 'async ' : ''}function ${s.name ?? ''}${typeParams(s.typeParameters)}`,
      );
      w.write(signature(s.parameters as readonly Param[] | undefined, s.returnType));
      block(w, s.statements as Body);
      return;
    case StructureKind.VariableStatement:
      return printVariable(w, s);
    case StructureKind.Class:
      return printClass(w, s);
    default:
      throw new UnknownStructure(
        `the printer does not know statements of kind ${String((s as { kind: unknown }).kind)}`,
      );
  }
}

function specifier(s: unknown): string {
  if (typeof s === 'string') return s;
  const o = s as { name: string; alias?: string; isTypeOnly?: boolean };
  return `${o.isTypeOnly ? 'type ' : ''}${o.name}${o.alias ? ` as ${o.alias}` : ''}`;
}

function printImport(
  w: CodeBlockWriter,
  s: Extract<Statement, { kind: typeof StructureKind.ImportDeclaration }>,
): void {
  check('import', s);
  if (typeof s.namedImports === 'function')
    throw new UnknownStructure('the printer does not know imports written by a function');
  const parts: string[] = [];
  if (s.defaultImport) parts.push(s.defaultImport);
  if (s.namespaceImport) parts.push(`* as ${s.namespaceImport}`);
  const named = (s.namedImports ?? []).map(specifier);
  if (named.length > 0) parts.push(`{ ${named.join(', ')} }`);
  const from = quote(s.moduleSpecifier);
  w.writeLine(
    parts.length === 0 ? `import ${from};` : `import ${s.isTypeOnly ? 'type ' : ''}${parts.join(', ')} from ${from};`,
  );
}

function printExport(
  w: CodeBlockWriter,
  s: Extract<Statement, { kind: typeof StructureKind.ExportDeclaration }>,
): void {
  check('export', s);
  const named = Array.isArray(s.namedExports) ? s.namedExports.map(specifier) : [];
  const from = s.moduleSpecifier === undefined ? '' : ` from ${quote(s.moduleSpecifier)}`;
  w.writeLine(`export ${s.isTypeOnly ? 'type ' : ''}${named.length === 0 ? '*' : `{ ${named.join(', ')} }`}${from};`);
}

/** JSDoc comments as ts-morph writes them: one line when the text is one line. */
function docs(w: CodeBlockWriter, list: unknown): void {
  for (const d of (list as readonly unknown[] | undefined) ?? []) {
    if (typeof d !== 'string') throw new UnknownStructure('the printer does not know JSDoc structures');
    const lines = d.split(/\r?\n/);
    if (lines.length <= 1) {
      w.writeLine(`/** ${lines[0] ?? ''} */`);
      continue;
    }
    w.writeLine('/**');
    for (const l of lines.slice(lines[0] === '' ? 1 : 0)) w.writeLine(l.length > 0 ? ` * ${l}`.trimEnd() : ' *');
    w.writeLine(' */');
  }
}

function text(value: unknown): string {
  if (typeof value !== 'string')
    throw new UnknownStructure('the printer knows types, defaults and initializers only as strings');
  return value;
}

function typeParams(params: readonly unknown[] | undefined): string {
  if (!params || params.length === 0) return '';
  const printed = params.map((p) => {
    if (typeof p === 'string') return p;
    check('typeParam', p as object);
    const t = p as { name: string; constraint?: unknown };
    return `${t.name}${t.constraint !== undefined ? ` extends ${text(t.constraint)}` : ''}`;
  });
  return `<${printed.join(', ')}>`;
}

function param(p: Param): string {
  check('param', p);
  const type = p.type !== undefined ? `: ${text(p.type)}` : '';
  const init = p.initializer !== undefined ? ` = ${text(p.initializer)}` : '';
  return `${p.name}${p.hasQuestionToken ? '?' : ''}${type}${init}`;
}

function signature(params: readonly Param[] | undefined, returnType: unknown): string {
  return `(${(params ?? []).map(param).join(', ')})${returnType !== undefined ? `: ${text(returnType)}` : ''}`;
}

/** ` {`, the body (strings as lines, writer functions as they write), `}`. */
function block(w: CodeBlockWriter, body: Body): void {
  w.write(' ').inlineBlock(() => writeBody(w, body));
  w.newLine();
}

function writeBody(w: CodeBlockWriter, body: Body): void {
  if (body === undefined) return;
  const parts = typeof body === 'string' || typeof body === 'function' ? [body] : body;
  for (const part of parts) {
    if (typeof part === 'string') w.writeLine(part);
    else if (typeof part === 'function') part(w as never);
    else throw new UnknownStructure('the printer does not know structures inside a body');
  }
}

function printInterface(w: CodeBlockWriter, s: Extract<Statement, { kind: typeof StructureKind.Interface }>): void {
  check('interface', s);
  docs(w, s.docs);
  const ext = (s.extends as unknown[] | undefined) ?? [];
  w.write(
    `${s.isExported ? 'export ' : ''}interface ${s.name}${typeParams(s.typeParameters)}${ext.length > 0 ? ` extends ${ext.map(text).join(', ')}` : ''} `,
  );
  w.inlineBlock(() => {
    for (const p of s.properties ?? []) {
      check('property', p);
      docs(w, p.docs);
      w.writeLine(`${p.isReadonly ? 'readonly ' : ''}${p.name}${p.hasQuestionToken ? '?' : ''}: ${text(p.type)};`);
    }
    for (const m of s.methods ?? []) {
      check('method', m);
      docs(w, m.docs);
      w.writeLine(
        `${m.name}${m.hasQuestionToken ? '?' : ''}${typeParams(m.typeParameters)}${signature(m.parameters as readonly Param[] | undefined, m.returnType)};`,
      );
    }
  });
  w.newLine();
}

function printVariable(
  w: CodeBlockWriter,
  s: Extract<Statement, { kind: typeof StructureKind.VariableStatement }>,
): void {
  check('variable', s);
  docs(w, s.docs);
  w.write(`${s.isExported ? 'export ' : ''}${s.declarationKind ?? 'let'} `);
  s.declarations.forEach((d, i) => {
    check('declaration', d);
    if (i > 0) w.write(', ');
    w.write(`${d.name}${d.type !== undefined ? `: ${text(d.type)}` : ''}`);
    if (d.initializer === undefined) return;
    w.write(' = ');
    if (typeof d.initializer === 'string') w.write(d.initializer);
    else (d.initializer as WriterFunction)(w as never);
  });
  w.write(';').newLine();
}

function scope(value: unknown): string {
  return typeof value === 'string' && value !== 'public' ? `${value} ` : '';
}

function printClass(w: CodeBlockWriter, s: Extract<Statement, { kind: typeof StructureKind.Class }>): void {
  check('class', s);
  docs(w, s.docs);
  const impl = (s.implements as unknown[] | undefined) ?? [];
  w.write(`${s.isExported ? 'export ' : ''}class ${s.name ?? ''}${typeParams(s.typeParameters)}`);
  w.write(
    `${s.extends !== undefined ? ` extends ${text(s.extends)}` : ''}${impl.length > 0 ? ` implements ${impl.map(text).join(', ')}` : ''} `,
  );
  w.inlineBlock(() => {
    for (const p of s.properties ?? []) {
      check('classProperty', p);
      docs(w, p.docs);
      const mods = `${scope(p.scope)}${p.isStatic ? 'static ' : ''}${p.isReadonly ? 'readonly ' : ''}`;
      const mark = p.hasQuestionToken ? '?' : p.hasExclamationToken ? '!' : '';
      w.writeLine(
        `${mods}${p.name}${mark}${p.type !== undefined ? `: ${text(p.type)}` : ''}${p.initializer !== undefined ? ` = ${text(p.initializer)}` : ''};`,
      );
    }
    for (const c of s.ctors ?? []) {
      check('ctor', c);
      w.blankLineIfLastNot();
      docs(w, c.docs);
      w.write(`${scope(c.scope)}constructor${signature(c.parameters as readonly Param[] | undefined, undefined)}`);
      block(w, c.statements as Body);
    }
    for (const m of s.methods ?? []) {
      check('classMethod', m);
      w.blankLineIfLastNot();
      docs(w, m.docs);
      w.write(
        `${scope(m.scope)}${m.isStatic ? 'static ' : ''}${m.isAsync ? 'async ' : ''}${m.name}${typeParams(m.typeParameters)}`,
      );
      w.write(signature(m.parameters as readonly Param[] | undefined, m.returnType));
      block(w, m.statements as Body);
    }
  });
  w.newLine();
}
