/** Emits client/codec.ts: every decoder and encoder of the service. */
import { StructureKind } from 'ts-morph';
import type { ServiceModel, StructModel, TypeModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { OPEN_ENUM, paramsTypeName } from '../ts-types.js';
import { decoderFunction, decoderImports } from './decoders.js';
import { encoderFunction, encoderImports } from './encoders.js';

export const CODEC_FILE = 'client/codec.ts';

export function emitCodec(model: ServiceModel, printer: Printer): GeneratedFile {
  const structs = [...model.records, ...model.results];
  const enc = encoderImports(model.operations);
  return printer.typescript(CODEC_FILE, [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/decode.js', namedImports: decoderImports(structs) },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/request.js',
      namedImports: [...enc.request, { name: 'EncodedRequest', isTypeOnly: true }],
    },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/values.js', namedImports: enc.values },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/xml-reader.js', isTypeOnly: true, namedImports: ['XmlReader'] },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './types.js',
      isTypeOnly: true,
      namedImports: [...structs.map((s) => s.name), ...enumsUsed(structs), ...model.operations.map((o) => paramsTypeName(o.name))].sort(),
    },
    ...structs.map(decoderFunction),
    ...model.operations.map(encoderFunction),
  ]);
}

/** The enum types (and the open-enum helper) that the decoders' local variables mention. */
function enumsUsed(structs: readonly StructModel[]): string[] {
  const names = new Set<string>();
  const visit = (t: TypeModel) => {
    if (t.kind === 'list') visit(t.item);
    else if (t.kind === 'enum') names.add(t.enum.name).add(OPEN_ENUM);
  };
  for (const s of structs) for (const f of s.fields) visit(f.type);
  return [...names];
}
