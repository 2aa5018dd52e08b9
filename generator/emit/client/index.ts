/** The client emitter: codec, client class and public index. */
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { emitClientClass } from './client-class.js';
import { emitCodec } from './codec.js';
import { emitIndex } from './index-file.js';

export function emitClient(model: ServiceModel, printer: Printer): GeneratedFile[] {
  return [emitCodec(model, printer), emitClientClass(model, printer), emitIndex(model, printer)];
}
