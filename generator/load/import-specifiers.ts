/**
 * The module specifiers a TypeScript file imports, found in its tokens (typescript-tokens.ts) rather than by parsing
 * it: `import ... from 'x'`, `export ... from 'x'`, `import 'x'`, `import('x')` and `require('x')`, and nothing inside
 * comments, strings, template literals or regular expressions.
 */
import { TokenStream, type Token } from './typescript-tokens.js';

/** A specifier and the offset of its opening quote in the text. */
export interface ImportedSpecifier {
  readonly specifier: string;
  readonly pos: number;
}

export function importedSpecifiers(text: string): ImportedSpecifier[] {
  const found: ImportedSpecifier[] = [];
  const tokens = new TokenStream(text, false);
  // The three tokens before the current one, the nearest last (there are no comments or white space among them).
  let a: Token | undefined;
  let b: Token | undefined;
  let c: Token | undefined;
  for (let t = tokens.next(); t !== undefined; t = tokens.next()) {
    if (t.kind === 'string' && specifierAfter(a, b, c)) found.push({ specifier: t.value ?? '', pos: t.pos });
    a = b;
    b = c;
    c = t;
  }
  return found;
}

/**
 * Whether a string after the tokens `a b c` is a module specifier: after `from` or `import` (not a member such as
 * `x.from`), or the argument of `import(` or `require(` (not `x.import(`).
 */
function specifierAfter(a: Token | undefined, b: Token | undefined, c: Token | undefined): boolean {
  const notMember = (k: Token | undefined) => k === undefined || k.text !== '.';
  if (c?.kind === 'word' && (c.text === 'from' || c.text === 'import')) return notMember(b);
  return c?.text === '(' && b?.kind === 'word' && (b.text === 'import' || b.text === 'require') && notMember(a);
}
