/**
 * Copies the hand-written runtime (templates/runtime) into the output, so that the generated SDK is
 * self-contained. The runtime is generic: it depends on nothing in the model.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceModel } from '../model/types.js';
import type { GeneratedFile, Printer } from '../print/printer.js';

const RUNTIME_DIR = fileURLToPath(new URL('../../templates/runtime/', import.meta.url));

export function emitRuntime(_model: ServiceModel, printer: Printer): GeneratedFile[] {
  return readdirSync(RUNTIME_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => printer.copiedTypescript(`runtime/${name}`, readFileSync(`${RUNTIME_DIR}${name}`, 'utf8')));
}
