/** Problems found in a spec, each with the place it was found, reported together. */

export interface SpecIssue {
  /** The spec file as given to the loader. */
  readonly file: string;
  /** 1-based line and column of the offending node (or of its parent when the node is missing). */
  readonly line: number;
  readonly column: number;
  /** Where in the spec, e.g. `operations[3].params[1]`. */
  readonly path: string;
  readonly message: string;
}

export function formatIssue(issue: SpecIssue): string {
  const where = issue.path ? ` ${issue.path}:` : '';
  return `${issue.file}:${issue.line}:${issue.column}:${where} ${issue.message}`;
}

/** Thrown by `loadSpec` when the spec cannot be read, parsed, validated or resolved. */
export class SpecError extends Error {
  readonly issues: readonly SpecIssue[];

  constructor(issues: readonly SpecIssue[]) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`Invalid spec (${count}):\n${issues.map((i) => `  ${formatIssue(i)}`).join('\n')}`);
    this.name = 'SpecError';
    this.issues = issues;
  }
}

export function formatPath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

/**
 * The spec file itself cannot be read: one problem at its first position, said as the command line says every input
 * it cannot read (not "Invalid spec": nothing of it was read).
 */
export class SpecReadError extends SpecError {
  constructor(file: string, reason: string) {
    super([{ file, line: 1, column: 1, path: '', message: `cannot read the spec: ${reason}` }]);
    this.name = 'SpecReadError';
    this.message = `${file}: cannot read the spec: ${reason}`;
  }
}
