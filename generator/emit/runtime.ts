/**
 * Copies the hand-written runtime (templates/runtime) into the output, so that the generated SDK is
 * self-contained. The runtime is generic: it depends on nothing in the model.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceModel } from '../model/types.js';
import type { GeneratedFile, Printer } from '../print/printer.js';

const RUNTIME_DIR = fileURLToPath(new URL('../../templates/runtime/', import.meta.url));

/** The folder of the output the runtime is copied into. */
export const RUNTIME_OUT_DIR = 'runtime';

export interface RuntimeTemplate {
  /** The file name, e.g. `errors.ts`. */
  readonly name: string;
  readonly source: string;
}

/** The runtime sources that are copied, in name order (the package emitter reads their imports too). */
export function runtimeTemplates(): RuntimeTemplate[] {
  return readdirSync(RUNTIME_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => ({ name, source: readFileSync(`${RUNTIME_DIR}${name}`, 'utf8') }));
}

export function emitRuntime(_model: ServiceModel, printer: Printer): GeneratedFile[] {
  return runtimeTemplates().map((t) => printer.copiedTypescript(`${RUNTIME_OUT_DIR}/${t.name}`, t.source));
}
