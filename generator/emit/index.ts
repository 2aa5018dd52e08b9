/** The emitters, in output order. Each reads only the model and returns files; one signature for all. */
import type { ServiceModel } from '../model/types.js';
import type { GeneratedFile, Printer } from '../print/printer.js';
import { emitClient } from './client/index.js';
import { emitDocs } from './docs/index.js';
import { emitMock } from './mock/index.js';
import { emitPackage } from './package/index.js';
import { emitRuntime } from './runtime.js';
import { emitTypes } from './types.js';
import { emitWsdl } from './wsdl/index.js';

export type Emitter = (model: ServiceModel, printer: Printer) => GeneratedFile[];

export const emitters: readonly Emitter[] = [
  emitRuntime,
  emitTypes,
  emitClient,
  emitMock,
  emitWsdl,
  emitDocs,
  emitPackage,
];
