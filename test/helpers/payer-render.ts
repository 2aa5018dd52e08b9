/**
 * The payer spec rendered once per test worker and shared by the files that read it: rendering it costs seconds,
 * and files of a worker share their modules (vitest.config.ts). Tests whose point is rendering again (determinism)
 * still call render() themselves.
 */
import { headerSpecName, render } from '../../generator/generate.js';
import type { GeneratedFile } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { GENERATED_DIR, PAYER_SPEC, fromRoot, repoRoot } from './paths.js';

let rendering: Promise<readonly GeneratedFile[]> | undefined;

/** The spec as the headers in generated/ name it: relative to generated/. */
export const PAYER_SPEC_NAME = headerSpecName(fromRoot(GENERATED_DIR), fromRoot(PAYER_SPEC));

/** `render(loadSpec(spec/payer-v5.yaml))` as `npm run generate` renders it into generated/, frozen, so that no file can change what the next one reads. */
export function renderedPayer(): Promise<readonly GeneratedFile[]> {
  rendering ??= render(loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot }), { specName: PAYER_SPEC_NAME }).then((files) =>
    Object.freeze(files.map((f) => Object.freeze(f))),
  );
  return rendering;
}
