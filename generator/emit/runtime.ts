/**
 * Copies the hand-written runtime (templates/runtime) into the output, so that the generated SDK is
 * self-contained. The runtime is generic: it depends on nothing in the model.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServiceModel } from '../model/types.js';
import type { GeneratedFile, Printer } from '../print/printer.js';

const RUNTIME_DIR = fileURLToPath(new URL('../../templates/runtime/', import.meta.url));

/** The folder of the output the runtime is copied into. */
export const RUNTIME_OUT_DIR = 'runtime';

export interface RuntimeTemplate {
  /** The path inside the runtime folder, e.g. `errors.ts` or `mock/core.ts`. */
  readonly name: string;
  readonly source: string;
}

/** The runtime sources that are copied, in path order (the package emitter reads their imports too). */
export function runtimeTemplates(): RuntimeTemplate[] {
  return readdirSync(RUNTIME_DIR, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split('\\').join(posix.sep))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => ({ name, source: readFileSync(`${RUNTIME_DIR}${name}`, 'utf8') }));
}

export function emitRuntime(_model: ServiceModel, printer: Printer): GeneratedFile[] {
  return runtimeTemplates().map((t) => printer.copiedTypescript(`${RUNTIME_OUT_DIR}/${t.name}`, t.source));
}
