/**
 * The work of `svc-codegen [generate]`: generate() with its outcome as the command line reports it. The flags, help
 * and examples are in generate-cli.ts; the config file and --watch in generate-main.ts.
 *
 * Warnings (the TODO(import) marks a spec still has; with --wsdl, also what the format could not express) go to
 * stderr, each at its file:line:column, and leave the exit code 0; with --strict the marks are errors (exit 2). What the
 * format could not express ends with its count by kind (`left out: N constructs (...)`). A WSDL none of whose
 * operations can be drafted (an RPC service) is an error (exit 2) that lists why, each reason at its place.
 */
import { dirname, resolve } from 'node:path';
import { EmitError } from '../emit/errors.js';
import { generate, type GenerateOptions, type GenerateResult } from '../generate.js';
import {
  formatProblem,
  NothingToDraftError,
  WsdlImportError,
  WsdlSourceError,
  type ImportProblem,
} from '../import/index.js';
import { leftOutLine } from '../import/left-out.js';
import { formatIssue, SpecError } from '../load/errors.js';
import { PackageOptionError } from '../load/package-info.js';
import type { FileChange } from '../write/plan.js';
import { countLine, describeChanges } from '../write/summary.js';

export interface GenerateRun {
  readonly stdout: string;
  readonly stderr: string;
  /** 0; 1 when `check` finds the output stale; 2 when the spec (or WSDL) cannot be read, is invalid, or is not strict enough. */
  readonly exitCode: number;
  /** What generating changed (or, with `check`, would change); absent when the spec could not be generated from. */
  readonly changes?: readonly FileChange[];
  /** The simulator folder the spec names (absolute), for --watch; absent without one or when the spec is invalid. */
  readonly simulatorDir?: string;
}

/** The command without the process: what it prints and its exit code (the tests call this). */
export async function runGenerate(options: GenerateOptions): Promise<GenerateRun> {
  const from = options.spec ?? options.wsdl ?? '';
  let result: GenerateResult;
  try {
    result = await generate(options);
  } catch (error) {
    if (error instanceof NothingToDraftError)
      return { stdout: '', stderr: `${problemsText(error.problems).join('\n')}\n${error.message}\n`, exitCode: 2 };
    if (
      error instanceof SpecError ||
      error instanceof EmitError ||
      error instanceof WsdlImportError ||
      error instanceof WsdlSourceError ||
      error instanceof PackageOptionError
    ) {
      return { stdout: '', stderr: `${error.message}\n`, exitCode: 2 };
    }
    throw error;
  }
  let stderr = warningsText(result);
  let stdout = '';
  let exitCode = 0;
  const { changes } = result;
  if (options.check) {
    if (changes.length > 0) {
      stderr += `Generated files are stale (${countLine(changes)}). Run the same command without --check to write them, and commit the result.\n\n${describeChanges(changes)}\n`;
      exitCode = 1;
    } else {
      stdout = `Generated files are up to date (${from} -> ${options.out}).\n`;
    }
  } else {
    stdout = `Generated ${options.out} from ${from}: ${countLine(changes)}.\n`;
  }
  const folder = result.model.simulator?.folder;
  const simulatorDir = folder !== undefined && options.spec !== undefined ? simulatorPath(options, folder) : undefined;
  return { stdout, stderr, exitCode, changes, ...(simulatorDir !== undefined ? { simulatorDir } : {}) };
}

function simulatorPath(options: GenerateOptions, folder: string): string {
  return resolve(dirname(resolve(options.cwd ?? process.cwd(), options.spec!)), folder);
}

function warningsText(result: GenerateResult): string {
  const lines = [...(result.draft?.notes ?? []).map(formatProblem), ...problemsText(result.draft?.problems ?? [])];
  if (result.warnings.length > 0) {
    const where = result.draft
      ? ` of the draft (kept in memory; \`svc-codegen import-wsdl ${result.model.source} --out ${result.draft.file}\` writes it, these lines included)`
      : '';
    lines.push(
      `Warning: ${result.warnings.length} decision${result.warnings.length === 1 ? '' : 's'} left to you${where}; --strict makes ${result.warnings.length === 1 ? 'it an error' : 'them errors'}:`,
      ...result.warnings.map((w) => `  ${formatIssue(w)}`),
    );
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** What the format could not express, one problem a line, closed by their count by kind; nothing without problems. */
function problemsText(problems: readonly ImportProblem[]): string[] {
  if (problems.length === 0) return [];
  return [
    `Not expressible in the spec format, left out of the draft (${problems.length}):`,
    ...problems.map((p) => `  ${formatProblem(p)}`),
    leftOutLine(problems)!,
  ];
}
