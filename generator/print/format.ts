/**
 * The one layout of generated TypeScript: each file, printed plainly from its structures (structures.ts), is laid
 * out whole by oxfmt, the Oxc formatter (prettier's output, in a fraction of its time: it parses and prints in Rust).
 * Its settings are fixed here, never read from a user's config.
 */
import type { FormatConfig } from 'oxfmt';
import type { GeneratedFile } from './printer.js';

/** oxfmt, loaded on first use: a generation that writes no TypeScript never needs it. */
let oxfmt: Promise<typeof import('oxfmt')> | undefined;

/** Formatting of generated TypeScript. */
export const FORMAT: FormatConfig = {
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: true,
  // As the emitters wrote them: they quote a member exactly where TypeScript's own scanner refuses the name, and oxfmt's
  // newer Unicode tables would unquote a letter TypeScript does not know yet (U+16ECC, Unicode 16).
  quoteProps: 'preserve',
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
  // Template literals carry WSDL and XML text: kept as written.
  embeddedLanguageFormatting: 'off',
};

/** A formatter that found the text not to be TypeScript: a defect of the emitter that wrote it. */
export class FormatError extends Error {}

/** `text`, a TypeScript file (named `path` in errors), laid out by oxfmt. */
export async function formatTypescript(path: string, text: string): Promise<string> {
  oxfmt ??= import('oxfmt');
  const result = await (await oxfmt).format(path.endsWith('.ts') ? path : `${path}.ts`, text, FORMAT);
  if (result.errors.length > 0) {
    const first = result.errors[0]!;
    const at = first.labels[0]?.start;
    throw new FormatError(
      `${path}: generated TypeScript does not parse: ${first.message}${at !== undefined ? ` near "${text.slice(Math.max(0, at - 40), at + 40)}"` : ''}`,
    );
  }
  return result.code;
}

/**
 * Files formatted by this process, by their unformatted text: what a generation formatted is kept until the next one
 * ends, so that generating again (`--watch`, a test run) formats only the files whose text changed. A file the last
 * generation did not use is dropped, so that the memory held is one output's, not every output's.
 */
export class FormatCache {
  private previous = new Map<string, string>();
  private current = new Map<string, string>();
  /** How many files were formatted (not found), since the cache was made. */
  misses = 0;

  /** The formatted text of `text`: remembered, or formatted now. */
  async format(path: string, text: string): Promise<string> {
    let formatted = this.current.get(text) ?? this.previous.get(text);
    if (formatted === undefined) {
      formatted = await formatTypescript(path, text);
      this.misses++;
    }
    this.current.set(text, formatted);
    return formatted;
  }

  /** Ends a generation: what it did not use is forgotten. */
  endGeneration(): void {
    this.previous = this.current;
    this.current = new Map();
  }
}

/**
 * Lays out the TypeScript files (each remembered by `cache`, when given), all at once: oxfmt formats on threads of its
 * own. The others, such as copied runtime files, are returned unchanged.
 */
export async function formatFiles(files: readonly GeneratedFile[], cache?: FormatCache): Promise<GeneratedFile[]> {
  return Promise.all(
    files.map(async (f): Promise<GeneratedFile> => {
      if (!f.unformatted) return { path: f.path, content: f.content };
      const body = cache ? await cache.format(f.path, f.content) : await formatTypescript(f.path, f.content);
      return { path: f.path, content: body };
    }),
  );
}
