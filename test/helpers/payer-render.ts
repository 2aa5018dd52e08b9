/**
 * The payer spec rendered once per test worker and shared by the files that read it: rendering it costs seconds,
 * and files of a worker share their modules (vitest.config.ts). Tests whose point is rendering again (determinism)
 * still call render() themselves.
 */
import { render } from '../../generator/generate.js';
import type { GeneratedFile } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { PAYER_SPEC, fromRoot, repoRoot } from './paths.js';

let rendering: Promise<readonly GeneratedFile[]> | undefined;

/** `render(loadSpec(spec/payer-v5.yaml))`, frozen, so that no file can change what the next one reads. */
export function renderedPayer(): Promise<readonly GeneratedFile[]> {
  rendering ??= render(loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot })).then((files) => Object.freeze(files.map((f) => Object.freeze(f))));
  return rendering;
}
