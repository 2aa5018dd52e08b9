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
  /** The document each node of an imported WSDL or schema comes from, which a problem at that node names. */
  private readonly files = new WeakMap<object, string>();

  /** Marks every node under `root` as coming from `file`. */
  register(root: XmlElement, file: string): void {
    const stack = [root];
    for (let node = stack.pop(); node; node = stack.pop()) {
      this.files.set(node, file);
      stack.push(...node.children);
    }
  }

  /** The document `at` comes from (registered), else `given`. */
  fileOf(at: object, given: string): string {
    return this.files.get(at) ?? given;
  }

  add(given: string, at: Pick<XmlElement, 'line' | 'column'>, construct: string, message: string): void {
    const file = this.files.get(at) ?? given;
    const key = `${file}:${at.line}:${at.column}:${construct}:${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.list.push({ file, line: at.line, column: at.column, construct, message });
  }

  /**
   * What the import did in the user's stead that is no loss (a file read for a URL named in a file), said on stderr;
   * the same shape as a problem, for its place.
   */
  readonly notes: ImportProblem[] = [];

  note(given: string, at: Pick<XmlElement, 'line' | 'column'>, construct: string, message: string): void {
    this.notes.push({ file: this.files.get(at) ?? given, line: at.line, column: at.column, construct, message });
  }

  sorted(): ImportProblem[] {
    return [...this.list].sort((a, b) =>
      a.file === b.file ? a.line - b.line || a.column - b.column : a.file < b.file ? -1 : 1,
    );
  }
}
