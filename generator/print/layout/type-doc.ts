/**
 * TypeScript types as prettier lays them out where they may not fit: unions one member a line (each led by `| `),
 * type arguments and object types broken one per line. The types emitters write are parsed (names, type arguments,
 * `[]`, object types of `name: type` members, unions); a type outside that grammar is kept as one unbroken text.
 */
import { builders } from 'prettier/doc';

type Doc = builders.Doc;
const { group, indent, softline, line, ifBreak, join, align } = builders;

type TypeNode =
  | { readonly kind: 'union'; readonly members: readonly TypeNode[] }
  | { readonly kind: 'object'; readonly fields: ReadonlyArray<{ readonly name: string; readonly optional: boolean; readonly type: TypeNode }> }
  | { readonly kind: 'ref'; readonly name: string; readonly args?: readonly TypeNode[]; readonly arrays: number };

/**
 * Where a type stands: `annotation` after a variable's or a property's colon (a union breaks onto the next lines,
 * indented), `inline` anywhere else (an `as` cast, a parameter: a union broken is indented, its first member on a
 * line of its own too).
 */
export type TypePosition = 'annotation' | 'inline';

/** The document of a type written after `: ` or `as `. */
export function typeDoc(text: string, position: TypePosition): Doc {
  const node = parseType(text);
  if (node === undefined) return text;
  if (node.kind === 'union' && !hugs(node)) {
    const code = unionCode(node);
    if (position === 'annotation') return group(indent([softline, group(code)]));
    return group(indent([ifBreak([line, '| ']), join([line, '| '], node.members.map((m) => align(2, print(m))))]));
  }
  return print(node);
}

function unionCode(node: Extract<TypeNode, { kind: 'union' }>): Doc[] {
  return [ifBreak('| '), join([line, '| '], node.members.map((m) => align(2, print(m))))];
}

function print(node: TypeNode): Doc {
  switch (node.kind) {
    case 'union':
      return hugs(node) ? join(' | ', node.members.map(print)) : group(unionCode(node));
    case 'object': {
      if (node.fields.length === 0) return '{}';
      const fields = node.fields.map((f) => group([f.name, f.optional ? '?' : '', ': ', print(f.type)]));
      return group(['{', indent([line, join([';', line], fields), ifBreak(';')]), line, '}']);
    }
    case 'ref': {
      const arrays = '[]'.repeat(node.arrays);
      if (node.args === undefined) return node.name + arrays;
      const args = node.args.map(print);
      const only = node.args.length === 1 ? node.args[0]! : undefined;
      if (only !== undefined && (only.kind === 'object' || isSimple(only) || (only.kind === 'union' && hugs(only)))) return [node.name, '<', args[0]!, '>', arrays];
      return [node.name, group(['<', indent([softline, join([',', line], args)]), softline, '>']), arrays];
    }
  }
}

/** A name without type arguments (a keyword, a literal, a type's name). */
function isSimple(node: TypeNode): boolean {
  return node.kind === 'ref' && node.args === undefined && node.arrays === 0;
}

/** `T | null` (an object type or a named type with `null`s): prettier keeps it on one line, `T` breaking inside. */
function hugs(node: Extract<TypeNode, { kind: 'union' }>): boolean {
  const nulls = node.members.filter((m) => m.kind === 'ref' && m.args === undefined && m.arrays === 0 && (m.name === 'null' || m.name === 'void')).length;
  return nulls === node.members.length - 1 && node.members.some((m) => m.kind === 'object' || isReference(m));
}

/** A type reference (a name, perhaps with type arguments), not a keyword or a literal. */
function isReference(node: TypeNode): boolean {
  if (node.kind !== 'ref' || node.arrays > 0) return false;
  return /^[A-Za-z_$][\w$.]*$/.test(node.name) && !KEYWORDS.has(node.name);
}

const KEYWORDS = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'undefined', 'null', 'void']);

/** Parses a type of the grammar above; undefined for anything else. */
function parseType(text: string): TypeNode | undefined {
  let i = 0;
  const skip = () => {
    while (text[i] === ' ') i++;
  };
  const union = (): TypeNode | undefined => {
    const members: TypeNode[] = [];
    for (;;) {
      skip();
      const m = member();
      if (m === undefined) return undefined;
      members.push(m);
      skip();
      if (text[i] !== '|') break;
      i++;
    }
    return members.length === 1 ? members[0] : { kind: 'union', members };
  };
  const member = (): TypeNode | undefined => {
    if (text[i] === '{') {
      i++;
      const fields: Array<{ name: string; optional: boolean; type: TypeNode }> = [];
      for (;;) {
        skip();
        if (text[i] === '}') break;
        const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i))?.[0];
        if (name === undefined) return undefined;
        i += name.length;
        const optional = text[i] === '?';
        if (optional) i++;
        if (text[i] !== ':') return undefined;
        i++;
        const type = union();
        if (type === undefined) return undefined;
        fields.push({ name, optional, type });
        skip();
        if (text[i] === ';') i++;
      }
      i++;
      return { kind: 'object', fields };
    }
    const name = /^(?:[A-Za-z_$][\w$.]*|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)/.exec(text.slice(i))?.[0];
    if (name === undefined) return undefined;
    i += name.length;
    let args: TypeNode[] | undefined;
    if (text[i] === '<') {
      i++;
      args = [];
      for (;;) {
        const a = union();
        if (a === undefined) return undefined;
        args.push(a);
        skip();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] !== '>') return undefined;
        i++;
        break;
      }
    }
    let arrays = 0;
    while (text.startsWith('[]', i)) {
      arrays++;
      i += 2;
    }
    return args === undefined ? { kind: 'ref', name, arrays } : { kind: 'ref', name, args, arrays };
  };
  const node = union();
  skip();
  return node !== undefined && i === text.length ? node : undefined;
}
