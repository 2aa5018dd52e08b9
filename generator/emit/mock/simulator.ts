/**
 * Emits mock/simulator/: the spec's simulator folder, copied, with each `#generated/<path>` import made relative to
 * where the copy stands, so that the generated package holds everything its mock runs.
 */
import { posix } from 'node:path';
import type { ServiceModel, SimulatorFileModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';

export const MOCK_SIMULATOR_DIR = 'mock/simulator';

export function emitMockSimulator(model: ServiceModel, printer: Printer): GeneratedFile[] {
  const simulator = model.simulator;
  if (simulator === undefined) return [];
  return simulator.files.map((file) => {
    const path = `${MOCK_SIMULATOR_DIR}/${file.name}`;
    return printer.copiedTypescript(
      path,
      rewritten(file, posix.dirname(path)),
      posix.join(simulator.folder, file.name),
    );
  });
}

/** The file's text with its generated imports pointing from `dir` (inside the output) at their targets. */
function rewritten(file: SimulatorFileModel, dir: string): string {
  let text = '';
  let at = 0;
  for (const { start, end, target } of file.generatedImports) {
    const relative = posix.relative(dir, target);
    text += file.text.slice(at, start) + (relative.startsWith('.') ? relative : `./${relative}`);
    at = end;
  }
  return text + file.text.slice(at);
}
