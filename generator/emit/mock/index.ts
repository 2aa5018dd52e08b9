/** The mock emitter: handler types, codec, examples, the service and its server, the public index, its WSDL, the simulator. */
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { emitMockCli } from './cli.js';
import { emitMockCodec } from './codec.js';
import { emitMockMsw } from './msw.js';
import { emitMockSimulator } from './simulator.js';
import { emitMockWsdl } from './wsdl.js';
import { emitMockExamples, emitMockIndex, emitMockService } from './service.js';
import { emitMockTypes } from './types.js';

export function emitMock(model: ServiceModel, printer: Printer): GeneratedFile[] {
  return [
    emitMockTypes(model, printer),
    emitMockCodec(model, printer),
    emitMockExamples(model, printer),
    emitMockService(model, printer),
    emitMockMsw(model, printer),
    emitMockIndex(model, printer),
    emitMockCli(model, printer),
    emitMockWsdl(model, printer),
    ...emitMockSimulator(model, printer),
  ];
}
