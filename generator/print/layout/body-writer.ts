/**
 * The writer that emitters' writer functions write code bodies with: the part of ts-morph's CodeBlockWriter they use
 * (`write`, `writeLine`, `newLine`, `blankLine`, `indent`, `block`, `inlineBlock`), with the same results, but
 * without ts-morph: it keeps lines rather than one string, which the printer lays out inside a declaration.
 *
 * Like CodeBlockWriter, it indents each new line by the current level unless the line goes on inside a string or a
 * template literal, so it follows the code's quotes and comments as it goes (a quote inside a comment or a regular
 * expression is not a string). Code it cannot follow (a string still open at the end) is reported by `confused`, and
 * the printer then leaves the layout to prettier.
 */

import type { builders } from 'prettier/doc';

/**
 * A line of a body: its indentation level, its text, and whether it continues a string (kept exactly as written).
 * `docs`: layout documents written into the line (see {@link BodyWriter.doc}), in order, each after the text before
 * it: `text` then holds a NUL character where each goes.
 */
export interface BodyLine {
  readonly level: number;
  readonly text: string;
  readonly verbatim: boolean;
  readonly docs?: readonly builders.Doc[];
}

/** Stands in a line's text for a layout document written into it. */
export const DOC_MARK = '\u0000';

const INDENT = '  ';

const enum Ch {
  Newline = 10,
  Quote = 34,
  Dollar = 36,
  Apostrophe = 39,
  Star = 42,
  Slash = 47,
  Backslash = 92,
  Backtick = 96,
  OpenBrace = 123,
  CloseBrace = 125,
}

export class BodyWriter {
  readonly #lines: BodyLine[] = [];
  /** The line being written (not yet in #lines); undefined when at the start of a new line. */
  #text: string | undefined = undefined;
  #textLevel = 0;
  #textVerbatim = false;
  #textDocs: builders.Doc[] | undefined = undefined;
  #level = 0;
  #newLineOnNextWrite = false;
  /** Open strings and template substitutions: a quote character, or `{` for a `${` inside a template. */
  readonly #strings: number[] = [];
  #comment: 'line' | 'block' | undefined = undefined;
  #last = -1;
  /** The last character was a backslash escaping the next one (inside a string). */
  #escaping = false;

  constructor(level = 0) {
    this.#level = level;
  }

  write(text: string): this {
    this.#newLineIfQueued();
    this.#writeLines(text);
    return this;
  }

  writeLine(text: string): this {
    this.#newLineIfQueued();
    if (!this.#isEmpty()) this.newLineIfLastNot();
    this.#writeLines(text);
    this.newLine();
    return this;
  }

  newLine(): this {
    this.#newLineOnNextWrite = false;
    this.#breakLine();
    return this;
  }

  newLineIfLastNot(): this {
    this.#newLineIfQueued();
    if (!this.#atLineStart()) this.newLine();
    return this;
  }

  blankLine(): this {
    return this.newLineIfLastNot().newLine();
  }

  /** Runs `block` one level deeper (a count writes that many indentation units instead, as CodeBlockWriter does). */
  indent(block?: (() => void) | number): this {
    if (typeof block === 'number' || block === undefined) {
      this.#newLineIfQueued();
      return this.write(INDENT.repeat(block ?? 1));
    }
    this.#indented(block);
    if (!this.#atLineStart()) this.#newLineOnNextWrite = true;
    return this;
  }

  /** ` {`, `block` one level deeper, `}`, and a new line before whatever comes next. */
  block(block?: () => void): this {
    this.#newLineIfQueued();
    if (!this.#isEmpty() && !this.#atLineStart() && this.#last !== 32) this.write(' ');
    this.inlineBlock(block);
    this.#newLineOnNextWrite = true;
    return this;
  }

  /** `{`, `block` one level deeper, then `}` on a line of its own. */
  inlineBlock(block?: () => void): this {
    this.#newLineIfQueued();
    this.write('{');
    this.#indented(block);
    this.newLineIfLastNot().write('}');
    return this;
  }

  /**
   * Writes code laid out by prettier's algorithm where it stands (a call, array or object that breaks only when it
   * does not fit, see code.ts). Its own strings and comments must be complete.
   */
  doc(doc: builders.Doc): this {
    this.#newLineIfQueued();
    this.#append(DOC_MARK);
    (this.#textDocs ??= []).push(doc);
    return this;
  }

  /** The lines written, the current one included. */
  lines(): readonly BodyLine[] {
    const out = this.#lines.slice();
    if (this.#text !== undefined) out.push(this.#current());
    // A trailing newline leaves an empty last line in the CodeBlockWriter's text too; the printer ends lines itself.
    while (out.length > 0 && out[out.length - 1]!.text === '' && !out[out.length - 1]!.verbatim) out.pop();
    return out;
  }

  /** True when the code left a string, template or block comment open: its lines may be indented wrongly. */
  get confused(): boolean {
    return this.#strings.length > 0 || this.#comment === 'block';
  }

  #indented(block: (() => void) | undefined): void {
    if (!this.#isEmpty()) this.newLineIfLastNot();
    this.#level++;
    block?.();
    this.#level = Math.max(0, this.#level - 1);
  }

  #newLineIfQueued(): void {
    if (!this.#newLineOnNextWrite) return;
    this.#newLineOnNextWrite = false;
    this.newLine();
  }

  #isEmpty(): boolean {
    return this.#lines.length === 0 && this.#text === undefined;
  }

  /** The last thing written was a line break (false before anything is written, as in CodeBlockWriter). */
  #atLineStart(): boolean {
    return this.#text === undefined && this.#lines.length > 0;
  }

  #writeLines(text: string): void {
    let start = 0;
    for (;;) {
      const nl = text.indexOf('\n', start);
      const part = nl < 0 ? text.slice(start) : text.slice(start, nl);
      if (part !== '') this.#append(part);
      if (nl < 0) return;
      this.#breakLine();
      start = nl + 1;
    }
  }

  #append(part: string): void {
    if (this.#text === undefined) {
      const inString = this.#inString();
      this.#text = '';
      this.#textLevel = inString ? 0 : this.#level;
      this.#textVerbatim = inString;
    }
    this.#text += part;
    this.#follow(part);
  }

  #breakLine(): void {
    if (this.#comment === 'line') this.#comment = undefined;
    // An unterminated quote ends with its line (a template literal does not).
    const top = this.#strings[this.#strings.length - 1];
    if ((top === Ch.Quote || top === Ch.Apostrophe) && !this.#escaping) this.#strings.pop();
    this.#escaping = false;
    if (this.#text === undefined) {
      const inString = this.#inString();
      this.#lines.push({ level: inString ? 0 : this.#level, text: '', verbatim: inString });
    } else {
      this.#lines.push(this.#current());
      this.#text = undefined;
      this.#textDocs = undefined;
    }
    this.#last = Ch.Newline;
  }

  #current(): BodyLine {
    const line = { level: this.#textLevel, text: this.#text ?? '', verbatim: this.#textVerbatim };
    return this.#textDocs ? { ...line, docs: this.#textDocs } : line;
  }

  #inString(): boolean {
    const top = this.#strings[this.#strings.length - 1];
    return top !== undefined && top !== Ch.OpenBrace;
  }

  /** Follows quotes, template substitutions and comments through `text`. */
  #follow(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const past = this.#last;
      this.#last = c;
      if (this.#comment === 'line') continue;
      if (this.#comment === 'block') {
        if (past === Ch.Star && c === Ch.Slash) this.#comment = undefined;
        continue;
      }
      const top = this.#strings[this.#strings.length - 1];
      const inString = top !== undefined && top !== Ch.OpenBrace;
      if (inString) {
        if (this.#escaping) {
          this.#escaping = false;
          continue;
        }
        if (c === Ch.Backslash) {
          this.#escaping = true;
          continue;
        }
      } else if (past === Ch.Slash && (c === Ch.Slash || c === Ch.Star)) {
        this.#comment = c === Ch.Slash ? 'line' : 'block';
        continue;
      }
      if (c === Ch.Quote || c === Ch.Apostrophe || c === Ch.Backtick) {
        if (top === c) this.#strings.pop();
        else if (top === undefined || top === Ch.OpenBrace) this.#strings.push(c);
      } else if (past === Ch.Dollar && c === Ch.OpenBrace && top === Ch.Backtick) {
        this.#strings.push(Ch.OpenBrace);
      } else if (c === Ch.CloseBrace && top === Ch.OpenBrace) {
        this.#strings.pop();
      }
    }
  }
}
