/**
 * RFC 4180 CSV, just enough for the payer mock's payment files and reports.
 *
 * The parser keeps the physical line where each record starts, because the service reports problems per line
 * (LineErrorOrWarning.lineNumber) and a quoted field may span several lines. It is strict about quotes (a quote
 * opens a field only at its start, and a closing quote must be followed by a comma or a line end) so that a
 * malformed file is reported at its line rather than silently read as something else.
 */

export type CsvRow = { line: number; fields: string[] };

/** A file that is not CSV at all; `line` is where the broken record starts (1-based). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

/** Line breaks in a chunk: LF, CRLF (once) and a lone CR, as editors number lines. */
function countBreaks(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

const isLineEnd = (c: string | undefined): boolean => c === '\n' || c === '\r';

/**
 * Parses CSV text into records. Blank lines (only whitespace) are skipped but still counted, so line numbers stay
 * those an editor shows. A trailing line break does not make an extra record.
 */
export function parseCsv(text: string): CsvRow[] {
  return [...csvRows(text)];
}

/**
 * The records of CSV text one at a time, as {@link parseCsv} reads them, so that a caller can stop between records
 * (the mock reads a large payment file in slices and answers other requests between them). Throws CsvSyntaxError
 * when it reaches a record that is not CSV.
 */
export function* csvRows(text: string): Generator<CsvRow, void, undefined> {
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let quoted = false;
    for (;;) {
      if (text[i] === '"') {
        quoted = true;
        const opened = line;
        i++;
        let value = '';
        for (;;) {
          const q = text.indexOf('"', i);
          if (q < 0) throw new CsvSyntaxError(`a quoted field opened on line ${opened} is never closed`, opened);
          const chunk = text.slice(i, q);
          line += countBreaks(chunk);
          value += chunk;
          if (text[q + 1] === '"') {
            value += '"';
            i = q + 2;
          } else {
            i = q + 1;
            break;
          }
        }
        if (i < n && text[i] !== ',' && !isLineEnd(text[i])) {
          throw new CsvSyntaxError(`unexpected text after a closing quote on line ${line}`, line);
        }
        fields.push(value);
      } else {
        const from = i;
        while (i < n && text[i] !== ',' && !isLineEnd(text[i])) i++;
        fields.push(text.slice(from, i));
      }
      if (text[i] !== ',') break;
      i++;
    }
    if (i < n) {
      i += text[i] === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
    }
    // A quoted empty field ("") is data, not a blank line.
    if (!quoted && fields.length === 1 && fields[0]!.trim() === '') continue;
    yield { line: start, fields };
  }
}

function quoteIfNeeded(field: string, alone: boolean): string {
  const needs =
    /[",\r\n]/.test(field) ||
    field.startsWith(' ') ||
    field.endsWith(' ') ||
    // A record of one blank field would read back as a skipped blank line.
    (alone && field.trim() === '');
  return needs ? `"${field.replaceAll('"', '""')}"` : field;
}

/**
 * Writes records as CSV with CRLF line ends (RFC 4180) and a final CRLF. Fields are quoted only when needed, so
 * files stay readable in a text editor. A record with no fields cannot be represented and is written as a blank line.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  let out = '';
  for (const row of rows) out += row.map((f) => quoteIfNeeded(f, row.length === 1)).join(',') + '\r\n';
  return out;
}
