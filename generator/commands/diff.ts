/**
 * The work of `svc-codegen diff <old.yaml> <new.yaml>` (its flags: diff-cli.ts): what changed between two specs,
 * or between a spec and a WSDL (a live service's `?WSDL`: drift), classified for clients and servers.
 */
import { asmxCannotShow, diffSpecs, failsOn, loadDiffSides, renderJson, renderMarkdown } from '../diff/index.js';
import { WsdlImportError, WsdlSourceError } from '../import/index.js';
import { SpecError } from '../load/errors.js';

export interface DiffRun {
  readonly output: string;
  /** 0, 1 when `--fail-on` is met, 2 when a spec cannot be read or is invalid. */
  readonly exitCode: number;
  readonly error: string | undefined;
}

/** The command without the process: what it prints and the exit code (the tests call this). */
export async function runDiff(options: {
  old: string;
  new: string;
  format?: 'markdown' | 'json';
  failOn?: 'breaking' | 'any' | 'none';
  cwd?: string;
}): Promise<DiffRun> {
  try {
    const { sides, asWsdls } = await loadDiffSides(options.old, options.new, options.cwd);
    const diff = diffSpecs(...sides, asWsdls ? (c) => asmxCannotShow(c, ...sides) : undefined);
    const output = options.format === 'json' ? renderJson(diff) : renderMarkdown(diff);
    return { output, exitCode: failsOn(diff, options.failOn ?? 'none') ? 1 : 0, error: undefined };
  } catch (error) {
    if (error instanceof SpecError || error instanceof WsdlImportError || error instanceof WsdlSourceError)
      return { output: '', exitCode: 2, error: error.message };
    throw error;
  }
}
