/** Markdown tables for the benchmark summary. */

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|');

/** A table with a header row; `align` marks right-aligned (numeric) columns with 'r'. */
export function table(
  headers: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  align?: readonly ('l' | 'r')[],
): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  const rule = headers.map((_, i) => (align?.[i] === 'r' ? '---:' : '---'));
  return [line(headers.map(escapeCell)), line(rule), ...rows.map((row) => line(row.map(escapeCell)))].join('\n');
}

/** One paragraph from pieces written on several source lines (no line breaks in the output). */
export function paragraph(...pieces: readonly string[]): string {
  return pieces.map((p) => p.trim()).join(' ');
}
