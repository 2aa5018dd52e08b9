/**
 * Formatting of generated TypeScript with prettier. ts-morph builds the code; prettier wraps long lines the way a
 * person would. Files come in pieces (see pieces.ts), which prettier formats the same alone as within their file:
 * formatted one at a time, they bound the memory prettier holds (the syntax tree and document of one piece)
 * whatever the size of the file.
 */
import { format, type Options } from 'prettier';
import { joinPieces } from './pieces.js';
import type { GeneratedFile } from './printer.js';

/**
 * Formatting of generated TypeScript: fixed here, never read from a user's prettier config. The babel-ts parser
 * reads this code as the typescript parser does, in about half the time; the printing, which is the same, is
 * most of what remains.
 */
export const PRETTIER: Options = {
  parser: 'babel-ts',
  printWidth: 120,
  tabWidth: 2,
  useTabs: false,
  semi: true,
  singleQuote: true,
  quoteProps: 'as-needed',
  trailingComma: 'all',
  bracketSpacing: true,
  arrowParens: 'always',
  endOfLine: 'lf',
};

/**
 * Runs the files that ask for it through prettier, a piece at a time; the others, such as copied runtime files,
 * are returned unchanged.
 */
export async function formatFiles(files: readonly GeneratedFile[]): Promise<GeneratedFile[]> {
  const out: GeneratedFile[] = [];
  for (const f of files) {
    if (f.pieces === undefined) {
      out.push({ path: f.path, content: f.content });
      continue;
    }
    const formatted: string[] = [];
    for (const piece of f.pieces) formatted.push(await format(piece.text, PRETTIER));
    out.push({ path: f.path, content: joinPieces(f.pieces, formatted) });
  }
  return out;
}
