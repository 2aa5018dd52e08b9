/**
 * The runtime's error classes, read from templates/runtime/errors.ts, where they are defined and documented, so that
 * the README and the docs name exactly the classes the client throws, with their own JSDoc.
 *
 * Read by a small scanner of that one file, not by TypeScript's parser: loading TypeScript to read a dozen class
 * heads cost more than the rest of a small generation. The file is ours and written plainly (an exported class a
 * statement, its JSDoc before it, one property a declaration); test/generator/runtime-errors.test.ts checks the
 * scanner against TypeScript's reading of it.
 */
import { runtimeTemplates } from './runtime.js';

/** An error class of the runtime, as errors.ts documents it (JSDoc text: its description, tags left out). */
export interface ErrorClass {
  readonly name: string;
  readonly base: string;
  readonly exported: boolean;
  readonly doc: string;
  /** Its properties that are not private, with their JSDoc. */
  readonly properties: ReadonlyArray<{ readonly name: string; readonly doc: string }>;
}

/**
 * The classes of errors.ts that extend Error, or a class of it that does, in source order (a class whose base comes
 * later in the file is still taken).
 */
export function runtimeErrorClasses(source = runtimeErrorsSource()): ErrorClass[] {
  const all = scanClasses(source);
  const errors = new Set(['Error']);
  const taken = new Set<ErrorClass>();
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all) {
      if (!taken.has(c) && errors.has(c.base)) {
        errors.add(c.name);
        taken.add(c);
        grew = true;
      }
    }
  }
  return all.filter((c) => taken.has(c));
}

function runtimeErrorsSource(): string {
  return runtimeTemplates().find((t) => t.name === 'errors.ts')?.source ?? '';
}

/** Every top-level class of `source` with an `extends` clause. */
function scanClasses(source: string): ErrorClass[] {
  const tokens = new Scanner(source);
  const out: ErrorClass[] = [];
  let doc = '';
  for (let t = tokens.next(); t !== undefined; t = tokens.next()) {
    if (t.kind === 'doc') {
      doc = t.text;
      continue;
    }
    if (t.kind === 'word' && (t.text === 'export' || t.text === 'class')) {
      const exported = t.text === 'export';
      const cls = exported ? tokens.nextSignificant() : t;
      if (cls?.text !== 'class') {
        doc = '';
        continue;
      }
      const name = tokens.nextSignificant()?.text ?? '';
      let base = '';
      for (let h = tokens.nextSignificant(); h !== undefined && h.text !== '{'; h = tokens.nextSignificant()) {
        if (h.text === '<') tokens.skipAngles();
        else if (h.text === 'extends') base = tokens.nextSignificant()?.text ?? '';
      }
      const properties = classProperties(tokens);
      if (base !== '') out.push({ name, base, exported, doc: jsDocText(doc), properties });
      doc = '';
      continue;
    }
    if (t.kind !== 'space') doc = '';
    if (t.text === '{') tokens.skipBlock();
  }
  return out;
}

/** The properties of a class whose `{` was just read, up to its `}`. */
function classProperties(tokens: Scanner): Array<{ name: string; doc: string }> {
  const out: Array<{ name: string; doc: string }> = [];
  let doc = '';
  let modifiers: string[] = [];
  for (let t = tokens.next(); t !== undefined && t.text !== '}'; t = tokens.next()) {
    if (t.kind === 'space') continue;
    if (t.kind === 'doc') {
      doc = t.text;
      continue;
    }
    if (t.kind === 'word' && MODIFIERS.has(t.text)) {
      modifiers.push(t.text);
      continue;
    }
    if (t.kind === 'word' || t.text.startsWith('#')) {
      const after = tokens.peekSignificant();
      if (after === '(' || after === '<') {
        // A method or the constructor: its parameters and body.
        tokens.skipTo('{');
        tokens.skipBlock();
      } else {
        if (!modifiers.includes('private') && !t.text.startsWith('#')) out.push({ name: t.text, doc: jsDocText(doc) });
        tokens.skipTo(';');
      }
    } else if (t.text === '{') tokens.skipBlock();
    doc = '';
    modifiers = [];
  }
  return out;
}

const MODIFIERS = new Set([
  'readonly',
  'private',
  'public',
  'protected',
  'static',
  'declare',
  'override',
  'abstract',
  'accessor',
]);

/** A JSDoc's description as one paragraph: the text before its first tag, `{@link X}` as `X` in code. */
function jsDocText(doc: string): string {
  if (doc === '') return '';
  const lines = doc
    .slice(3, -2)
    .split('\n')
    .map((l) => l.replace(/^\s*\*? ?/, ''));
  // The description ends at the first tag: an `@word` at the start of a line or after white space.
  const joined = lines.join('\n');
  const tag = joined.search(/(^|\s)@\w/);
  const text = tag < 0 ? joined : joined.slice(0, tag);
  return paragraphOf(text.replace(/\{@link\s+([^}\s]+)\s*\}/g, '`$1`'));
}

/** White space made single spaces; Markdown's own characters escaped outside code spans. */
function paragraphOf(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*_<>[\]]/g, (c) => `\\${c}`)))
    .join('');
}

interface Token {
  readonly kind: 'word' | 'doc' | 'space' | 'punct' | 'string';
  readonly text: string;
}

/** Words, JSDoc comments and punctuation of TypeScript source; other comments and strings are passed over whole. */
class Scanner {
  #at = 0;
  constructor(private readonly src: string) {}

  next(): Token | undefined {
    const s = this.src;
    if (this.#at >= s.length) return undefined;
    const start = this.#at;
    const c = s[start]!;
    if (/\s/.test(c)) {
      while (this.#at < s.length && /\s/.test(s[this.#at]!)) this.#at++;
      return { kind: 'space', text: s.slice(start, this.#at) };
    }
    if (s.startsWith('/**', start) && !s.startsWith('/**/', start)) {
      this.#at = end(s.indexOf('*/', start + 3), s.length) + 2;
      return { kind: 'doc', text: s.slice(start, this.#at) };
    }
    if (s.startsWith('/*', start)) {
      this.#at = end(s.indexOf('*/', start + 2), s.length) + 2;
      return { kind: 'space', text: ' ' };
    }
    if (s.startsWith('//', start)) {
      this.#at = end(s.indexOf('\n', start), s.length);
      return { kind: 'space', text: ' ' };
    }
    if (c === "'" || c === '"' || c === '`') {
      this.#at = this.#stringEnd(start);
      return { kind: 'string', text: s.slice(start, this.#at) };
    }
    if (/[\w$#]/.test(c)) {
      while (this.#at < s.length && /[\w$#]/.test(s[this.#at]!)) this.#at++;
      return { kind: 'word', text: s.slice(start, this.#at) };
    }
    this.#at++;
    return { kind: 'punct', text: c };
  }

  /** The next token that is not white space or a comment. */
  nextSignificant(): Token | undefined {
    let t = this.next();
    while (t !== undefined && (t.kind === 'space' || t.kind === 'doc')) t = this.next();
    return t;
  }

  /** The next token's text that is not white space or a comment, without consuming anything. */
  peekSignificant(): string | undefined {
    const at = this.#at;
    const t = this.nextSignificant();
    this.#at = at;
    return t?.text;
  }

  /** Consumes tokens through the first `text` at this nesting level (brackets are skipped whole). */
  skipTo(text: string): void {
    for (let t = this.next(); t !== undefined && t.text !== text; t = this.next()) {
      if (t.text === '{') this.skipBlock();
      else if (t.text === '(') this.#skipPair('(', ')');
      else if (t.text === '[') this.#skipPair('[', ']');
    }
  }

  /** Consumes through the `}` closing a `{` just read. */
  skipBlock(): void {
    this.#skipPair('{', '}');
  }

  /** Consumes through the `>` closing a `<` just read. */
  skipAngles(): void {
    this.#skipPair('<', '>');
  }

  #skipPair(open: string, close: string): void {
    let depth = 1;
    for (let t = this.next(); t !== undefined; t = this.next()) {
      if (t.text === open) depth++;
      else if (t.text === close && --depth === 0) return;
    }
  }

  /** The end of the string or template literal starting at `start` (templates' `${...}` followed through). */
  #stringEnd(start: number): number {
    const s = this.src;
    const q = s[start]!;
    let i = start + 1;
    while (i < s.length) {
      const c = s[i]!;
      if (c === '\\') i += 2;
      else if (c === q) return i + 1;
      else if (q === '`' && c === '$' && s[i + 1] === '{') {
        this.#at = i + 2;
        this.#skipPair('{', '}');
        i = this.#at;
      } else i++;
    }
    return s.length;
  }
}

function end(index: number, length: number): number {
  return index < 0 ? length : index;
}
