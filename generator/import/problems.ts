/** What the importer could not carry into the spec, each with where it stands in the WSDL (or an imported schema). */
import type { XmlElement } from './xml.js';

export interface ImportProblem {
  /** The file as it was named to the importer (an imported schema: its path as resolved from the WSDL's folder). */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The construct, e.g. `s:anyAttribute`, `abstract="true"`, `HTTP GET binding`. */
  readonly construct: string;
  /** What was not carried over, and what the draft has instead. */
  readonly message: string;
}

export function formatProblem(p: ImportProblem): string {
  return `${p.file}:${p.line}:${p.column}: ${p.construct}: ${p.message}`;
}

/** Collects problems; the same construct at the same place is reported once. */
export class Problems {
  readonly list: ImportProblem[] = [];
  private readonly seen = new Set<string>();

  add(file: string, at: Pick<XmlElement, 'line' | 'column'>, construct: string, message: string): void {
    const key = `${file}:${at.line}:${at.column}:${construct}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ file, line: at.line, column: at.column, construct, message });
  }

  sorted(): ImportProblem[] {
    return [...this.list].sort((a, b) => (a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1));
  }
}
