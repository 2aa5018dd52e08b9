/**
 * prettier, for what the layout (layout/lay-out.ts) leaves to it: a statement, or a class member inside a stand-in
 * class, which prettier formats the same alone as within its file. Formatted one at a time, they bound the memory
 * prettier holds whatever the size of the file. Its settings here are also the layout's, and the tests' judge.
 */
import type { Options } from 'prettier';
import type { Segment } from './layout/lay-out.js';
import { joinSegments, type GeneratedFile } from './printer.js';

/** prettier, loaded on first use: most generations lay out everything themselves and never need it. */
let prettier: Promise<typeof import('prettier')> | undefined;

async function format(text: string, options: Options): Promise<string> {
  prettier ??= import('prettier');
  return (await prettier).format(text, options);
}

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
 * Segments formatted by this process, by their unformatted text: what a generation formatted is kept until the next
 * one ends, so that generating again (`--watch`, a test run) formats only the segments whose text changed. A segment
 * the last generation did not use is dropped, so that the memory held is one output's, not every output's.
 */
export class FormatCache {
  private previous = new Map<string, string>();
  private current = new Map<string, string>();
  /** How many segments were formatted (not found), since the cache was made. */
  misses = 0;

  /** The formatted text of `text`: remembered, or formatted now. */
  async format(text: string): Promise<string> {
    let formatted = this.current.get(text) ?? this.previous.get(text);
    if (formatted === undefined) {
      formatted = await format(text, PRETTIER);
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
 * Runs the files that ask for it through prettier, a piece at a time (each remembered by `cache`, when given); the
 * others, such as copied runtime files, are returned unchanged.
 */
export async function formatFiles(files: readonly GeneratedFile[], cache?: FormatCache): Promise<GeneratedFile[]> {
  const out: GeneratedFile[] = [];
  for (const f of files) {
    if (f.pieces === undefined) {
      out.push({ path: f.path, content: f.content });
      continue;
    }
    const formatted: string[] = [];
    for (const piece of f.pieces) formatted.push(await formatSegment(piece, cache));
    out.push({ path: f.path, content: joinSegments(f.pieces, formatted) });
  }
  return out;
}

const STAND_IN = 'class _ {';

/** A segment's final text: as laid out, or formatted by prettier (a member inside a stand-in class). */
async function formatSegment(segment: Segment, cache: FormatCache | undefined): Promise<string> {
  if (segment.format === 'none') return segment.text;
  const source = segment.format === 'member' ? `${STAND_IN}\n${segment.text}\n}\n` : `${segment.text}\n`;
  const formatted = (cache ? await cache.format(source) : await format(source, PRETTIER)).replace(/\n$/, '');
  if (segment.format === 'statement') return formatted;
  const first = formatted.indexOf('\n');
  const last = formatted.lastIndexOf('\n');
  // A formatter that printed the stand-in class otherwise would make the member wrong.
  if (formatted.slice(0, first) !== STAND_IN || formatted.slice(last + 1) !== '}') throw new Error(`a class member was formatted as "${formatted}"`);
  return formatted.slice(first + 1, last);
}
