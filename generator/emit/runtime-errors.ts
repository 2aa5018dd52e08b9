/**
 * The runtime's error classes, read from templates/runtime/errors.ts, where they are defined and documented, so that
 * the README and the docs name exactly the classes the client throws, with their own JSDoc.
 *
 * Read from that one file's tokens (load/typescript-tokens.ts), not by parsing it: the file is ours and written
 * plainly (an exported class a statement, its JSDoc before it, one property a declaration);
 * test/generator/runtime-errors.test.ts checks this reading against TypeScript's parser.
 */
import { TokenStream } from '../load/typescript-tokens.js';
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
  const tokens = new TokenStream(source);
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
        if (h.text === '<') tokens.skipPair('<', '>');
        else if (h.text === 'extends') base = tokens.nextSignificant()?.text ?? '';
      }
      const properties = classProperties(tokens);
      if (base !== '') out.push({ name, base, exported, doc: jsDocText(doc), properties });
      doc = '';
      continue;
    }
    if (t.kind !== 'space') doc = '';
    if (t.text === '{') tokens.skipPair('{', '}');
  }
  return out;
}

/** The properties of a class whose `{` was just read, up to its `}`. */
function classProperties(tokens: TokenStream): Array<{ name: string; doc: string }> {
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
    if (t.kind === 'word') {
      const after = tokens.peekSignificant();
      if (after === '(' || after === '<') {
        // A method or the constructor: its parameters and body.
        tokens.skipTo('{');
        tokens.skipPair('{', '}');
      } else {
        if (!modifiers.includes('private') && !t.text.startsWith('#')) out.push({ name: t.text, doc: jsDocText(doc) });
        tokens.skipTo(';');
      }
    } else if (t.text === '{') tokens.skipPair('{', '}');
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
