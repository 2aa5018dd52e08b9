/**
 * The module specifiers a TypeScript file imports, found by a small scanner rather than by the TypeScript compiler
 * (whose 9 MB would be loaded for this alone): `import ... from 'x'`, `export ... from 'x'`, `import 'x'`,
 * `import('x')` and `require('x')`, and nothing inside comments, strings, template literals or regular expressions.
 */

/** A specifier and the offset of its opening quote in the text. */
export interface ImportedSpecifier {
  readonly specifier: string;
  readonly pos: number;
}

type Token = { readonly kind: 'word' | 'string' | 'punct' | 'other'; readonly text: string; readonly pos: number };

/** Words after which a `/` starts a regular expression (an operand is expected), not a division. */
const OPERAND_BEFORE = new Set([
  'return',
  'typeof',
  'case',
  'do',
  'else',
  'in',
  'of',
  'instanceof',
  'new',
  'delete',
  'void',
  'throw',
  'yield',
  'await',
]);

export function importedSpecifiers(text: string): ImportedSpecifier[] {
  const found: ImportedSpecifier[] = [];
  const tokens: Token[] = [];
  /** Brace depth at which each open template literal's `${` started. */
  const templates: number[] = [];
  let braces = 0;
  let i = 0;
  const push = (t: Token) => {
    const [a, b, c] = [tokens[tokens.length - 3], tokens[tokens.length - 2], tokens[tokens.length - 1]];
    if (t.kind === 'string') {
      const notMember = (k: Token | undefined) => k === undefined || k.text !== '.';
      if (c?.kind === 'word' && (c.text === 'from' || c.text === 'import') && notMember(b))
        found.push({ specifier: t.text, pos: t.pos });
      else if (c?.text === '(' && b?.kind === 'word' && (b.text === 'import' || b.text === 'require') && notMember(a))
        found.push({ specifier: t.text, pos: t.pos });
    }
    tokens.push(t);
    if (tokens.length > 8) tokens.splice(0, tokens.length - 3);
  };
  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    if (last === undefined) return true;
    if (last.kind === 'word') return OPERAND_BEFORE.has(last.text);
    if (last.kind === 'string' || last.kind === 'other') return false;
    return !(last.text === ')' || last.text === ']' || last.text === '}');
  };
  /** Reads a template literal's text from `i` (after its backtick or its `}`) to its end or its next `${`. */
  const templateText = () => {
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '\\') i += 2;
      else if (ch === '`') {
        i++;
        return;
      } else if (ch === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(braces);
        braces++;
        return;
      } else i++;
    }
  };
  while (i < text.length) {
    const ch = text[i]!;
    const start = i;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') i++;
    else if (ch === '/' && text[i + 1] === '/') i = lineEnd(text, i);
    else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (ch === '"' || ch === "'") {
      i++;
      let from = i;
      let value = '';
      while (i < text.length && text[i] !== ch && text[i] !== '\n') {
        if (text[i] === '\\') {
          value += text.slice(from, i) + (text[i + 1] ?? '');
          i += 2;
          from = i;
        } else i++;
      }
      value += text.slice(from, Math.min(i, text.length));
      i++;
      push({ kind: 'string', text: value, pos: start });
    } else if (ch === '`') {
      i++;
      templateText();
      push({ kind: 'other', text: '`', pos: start });
    } else if (ch === '/' && regexAllowed()) {
      i = regexEnd(text, i);
      push({ kind: 'other', text: '/', pos: start });
    } else if (startsWord(text.charCodeAt(i), ch)) {
      WORD.lastIndex = i;
      WORD.test(text);
      i = WORD.lastIndex;
      push({ kind: 'word', text: text.slice(start, i), pos: start });
    } else if (/[0-9]/.test(ch)) {
      while (i < text.length && /[\w.]/.test(text[i]!)) i++;
      push({ kind: 'other', text: text.slice(start, i), pos: start });
    } else {
      i++;
      if (ch === '{') braces++;
      else if (ch === '}') {
        braces--;
        if (templates.length > 0 && templates[templates.length - 1] === braces) {
          templates.pop();
          templateText();
          push({ kind: 'other', text: '`', pos: start });
          continue;
        }
      }
      push({ kind: 'punct', text: ch, pos: start });
    }
  }
  return found;
}

/** The rest of a word: letters, digits, `_` and `$` (sticky: matched from `lastIndex`). */
const WORD = /[\p{L}\p{N}_$]*/uy;

/** Whether a word starts here: an ASCII letter, `_` or `$` decided by code, anything else beyond ASCII by Unicode. */
function startsWord(code: number, ch: string): boolean {
  if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36) return true;
  return code >= 128 && /\p{L}/u.test(ch);
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : end;
}

/** The end of the regular expression literal at `from`: its closing `/` (not inside a class) and its flags. */
function regexEnd(text: string, from: number): number {
  let i = from + 1;
  let inClass = false;
  while (i < text.length && text[i] !== '\n') {
    const ch = text[i]!;
    if (ch === '\\') i += 2;
    else {
      i++;
      if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      else if (ch === '/' && !inClass) break;
    }
  }
  while (i < text.length && /[a-z]/i.test(text[i]!)) i++;
  return i;
}
