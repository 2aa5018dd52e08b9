/**
 * The tokens of a TypeScript source, read by TypeScript's own scanner (`ts.createScanner`, from the TypeScript that
 * ts-morph loads for the generator anyway) without parsing: enough for the few places that read a file's shape
 * rather than its meaning, the imports of a simulator or runtime file (import-specifiers.ts) and the runtime's error
 * classes (emit/runtime-errors.ts). The scanner alone cannot tell a regular expression from a division, nor where a
 * template literal's `${...}` ends: a parser would say, and so does this stream, from the token before a `/` and
 * from the braces it has counted.
 */
import { ts } from 'ts-morph';

/**
 * A token: `word` an identifier, a keyword or a `#private` name; `string` a quoted string (its `value` unescaped);
 * `template` a template literal or a piece of one between its substitutions; `doc` a JSDoc comment; `space` white
 * space or another comment; `other` a number or a regular expression; `punct` punctuation.
 */
export interface Token {
  readonly kind: 'word' | 'string' | 'template' | 'doc' | 'space' | 'other' | 'punct';
  readonly text: string;
  /** The offset of its first character in the source. */
  readonly pos: number;
  /** A string's value, its escapes read. */
  readonly value: string | undefined;
}

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

// The syntax kinds, read once: `ts.SyntaxKind.X` through ts-morph's `ts` on every token cost about a third of the
// stream's time on the runtime templates.
const {
  EndOfFileToken,
  SlashToken,
  SlashEqualsToken,
  OpenBraceToken,
  CloseBraceToken,
  TemplateHead,
  TemplateMiddle,
  StringLiteral,
  MultiLineCommentTrivia,
  Identifier,
  PrivateIdentifier,
  FirstKeyword,
  LastKeyword,
  FirstTriviaToken,
  LastTriviaToken,
  FirstTemplateToken,
  LastTemplateToken,
  FirstLiteralToken,
  LastLiteralToken,
} = ts.SyntaxKind;

/** The tokens of one source, in order; `peekSignificant` looks ahead without consuming. */
export class TokenStream {
  readonly #scanner: ts.Scanner;
  /** Brace depth at which each open template literal's `${` started. */
  readonly #templates: number[] = [];
  #braces = 0;
  /** The last token that is not white space or a comment, for telling a regular expression from a division. */
  #last: Token | undefined;
  /** Tokens read ahead by `peekSignificant`, handed out next. */
  readonly #ahead: Token[] = [];

  /**
   * @param comments - whether comments and white space come as tokens (`doc` and `space`); without them the scanner
   * passes over them itself, which reads a file in less than half the time.
   */
  constructor(text: string, comments = true) {
    this.#scanner = ts.createScanner(ts.ScriptTarget.Latest, !comments, ts.LanguageVariant.Standard, text);
  }

  /** The next token, or undefined at the end of the source. */
  next(): Token | undefined {
    return this.#ahead.length > 0 ? this.#ahead.shift() : this.#scan();
  }

  /** The next token that is not white space or a comment. */
  nextSignificant(): Token | undefined {
    let t = this.next();
    while (t !== undefined && (t.kind === 'space' || t.kind === 'doc')) t = this.next();
    return t;
  }

  /** The next significant token's text, without consuming anything. */
  peekSignificant(): string | undefined {
    for (const t of this.#ahead) if (t.kind !== 'space' && t.kind !== 'doc') return t.text;
    for (let t = this.#scan(); t !== undefined; t = this.#scan()) {
      this.#ahead.push(t);
      if (t.kind !== 'space' && t.kind !== 'doc') return t.text;
    }
    return undefined;
  }

  /** Consumes tokens through the first `text` at this nesting level (brackets are skipped whole). */
  skipTo(text: string): void {
    for (let t = this.next(); t !== undefined && t.text !== text; t = this.next()) {
      if (t.text === '{') this.skipPair('{', '}');
      else if (t.text === '(') this.skipPair('(', ')');
      else if (t.text === '[') this.skipPair('[', ']');
    }
  }

  /** Consumes through the `close` that matches an `open` just read. */
  skipPair(open: string, close: string): void {
    let depth = 1;
    for (let t = this.next(); t !== undefined; t = this.next()) {
      if (t.text === open) depth++;
      else if (t.text === close && --depth === 0) return;
    }
  }

  #scan(): Token | undefined {
    const s = this.#scanner;
    let kind = s.scan();
    if (kind === EndOfFileToken) return undefined;
    if ((kind === SlashToken || kind === SlashEqualsToken) && this.#operandExpected()) kind = s.reScanSlashToken();
    else if (kind === OpenBraceToken) this.#braces++;
    else if (kind === CloseBraceToken) kind = this.#closeBrace();
    if (kind === TemplateHead || kind === TemplateMiddle) {
      this.#templates.push(this.#braces);
      this.#braces++;
    }
    const token = tokenOf(kind, s);
    if (token.kind !== 'space' && token.kind !== 'doc') this.#last = token;
    return token;
  }

  /** A `}`: the end of a block, or of a template's substitution, where the template's text goes on. */
  #closeBrace(): ts.SyntaxKind {
    this.#braces--;
    if (this.#templates.length === 0 || this.#templates[this.#templates.length - 1] !== this.#braces)
      return CloseBraceToken;
    this.#templates.pop();
    return this.#scanner.reScanTemplateToken(false);
  }

  /** Whether a `/` here starts a regular expression: where an operand is expected, as the token before says. */
  #operandExpected(): boolean {
    const last = this.#last;
    if (last === undefined) return true;
    if (last.kind === 'word') return OPERAND_BEFORE.has(last.text);
    // A template's text up to a `${`: the substitution's first operand comes next.
    if (last.kind === 'template') return last.text.endsWith('${');
    if (last.kind !== 'punct') return false;
    return !(last.text === ')' || last.text === ']' || last.text === '}');
  }
}

/** The token the scanner stands on, as a {@link Token}. */
function tokenOf(kind: ts.SyntaxKind, s: ts.Scanner): Token {
  // One shape for every token (`value` always there) keeps the consumers' property reads monomorphic.
  const text = s.getTokenText();
  return {
    kind: kindOf(kind, text),
    text,
    pos: s.getTokenStart(),
    value: kind === StringLiteral ? s.getTokenValue() : undefined,
  };
}

/** Which of {@link Token}'s kinds a token of the scanner's `kind` is. */
function kindOf(kind: ts.SyntaxKind, text: string): Token['kind'] {
  if (kind >= FirstTriviaToken && kind <= LastTriviaToken)
    return kind === MultiLineCommentTrivia && text.startsWith('/**') && text !== '/**/' ? 'doc' : 'space';
  if (kind === StringLiteral) return 'string';
  if (kind >= FirstTemplateToken && kind <= LastTemplateToken) return 'template';
  if (kind === Identifier || kind === PrivateIdentifier || (kind >= FirstKeyword && kind <= LastKeyword)) return 'word';
  if (kind >= FirstLiteralToken && kind <= LastLiteralToken) return 'other';
  return 'punct';
}
