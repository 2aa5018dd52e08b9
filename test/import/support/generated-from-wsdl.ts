/**
 * `svc-codegen --wsdl <wsdl> --out <out>` in process, then the generated client's and mock's entry modules imported:
 * the start of every test that takes one hand-written WSDL fixture through generation to calls.
 */
import { isAbsolute, join } from 'node:path';
import { runGenerate } from '../../../generator/commands/generate.js';
import { fromRoot, repoRoot } from '../../helpers/paths.js';

export interface GeneratedModules {
  readonly client: Record<string, unknown>;
  readonly mock: Record<string, unknown>;
}

/** `out`: a folder, absolute or from the repository's root. */
export async function generatedFromWsdl(wsdl: string, out: string): Promise<GeneratedModules> {
  const dir = isAbsolute(out) ? out : fromRoot(out);
  const run = await runGenerate({ wsdl, out, cwd: repoRoot });
  if (run.exitCode !== 0) throw new Error(`generate exited ${run.exitCode}: ${run.stderr}`);
  const [client, mock] = await Promise.all([
    import(join(dir, 'client', 'index.ts')) as Promise<Record<string, unknown>>,
    import(join(dir, 'mock', 'index.ts')) as Promise<Record<string, unknown>>,
  ]);
  return { client, mock };
}
