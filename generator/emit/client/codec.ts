/** Emits client/codec.ts: every decoder and encoder of the service. */
import { StructureKind } from '../../print/kinds.js';
import type { OperationModel, ServiceModel, StructModel, TypeModel } from '../../model/types.js';
import type { GeneratedFile, Printer, Statement } from '../../print/printer.js';
import { OPEN_ENUM, paramsTypeName } from '../ts-types.js';
import {
  attributeDecoderImports,
  decoderFunction,
  decoderImports,
  resultDecoderFunction,
  subtypesOf,
} from './decoders.js';
import {
  encoderFunction,
  heldUnqualified,
  recordWriterFunction,
  requestCodec,
  unqualifiedTypeNamespace,
  writerConstants,
} from './encoders.js';
import { alternativeTypes } from '../../model/alternatives.js';

export const CODEC_FILE = 'client/codec.ts';

export function emitCodec(model: ServiceModel, printer: Printer): GeneratedFile {
  const structs = [...model.records, ...model.results];
  const results = model.operations.flatMap((o) =>
    o.result.kind === 'value' && !o.result.struct ? [o.result.type] : [],
  );
  const enc = requestCodec(model);
  const subtypes = subtypesOf(structs);
  const held = heldUnqualified(model);
  const values = [...new Set([...enc.values, ...attributeDecoderImports(structs)])].sort();
  const imports: Statement[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/codec/decode.js',
      namedImports: decoderImports(structs, results),
    },
  ];
  if (enc.encode.length > 0) {
    imports.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/codec/encode.js',
      namedImports: [...enc.encode],
    });
  }
  imports.push(
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/client/request.js',
      namedImports: [...enc.request, { name: 'EncodedRequest', isTypeOnly: true }],
    },
    ...(values.length > 0
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            moduleSpecifier: '../runtime/codec/values.js',
            namedImports: values,
          } satisfies Statement,
        ]
      : []),
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/codec/xml-reader.js',
      isTypeOnly: true,
      namedImports: ['XmlReader'],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './types.js',
      isTypeOnly: true,
      namedImports: [
        ...new Set([
          ...structs.map((s) => s.name),
          ...enumsUsed(structs, model.operations),
          ...model.operations.map((o) => paramsTypeName(o.tsName)),
        ]),
      ].sort(),
    },
  );
  if (enc.enums.length > 0) {
    imports.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: './types.js',
      namedImports: enc.enums.map((e) => `${e.name}Values`).sort(),
    });
  }
  return printer.typescript(CODEC_FILE, [
    ...imports,
    ...writerConstants(enc),
    ...structs.map((s) => decoderFunction(s, subtypes.get(s), model.namespace.uri)),
    ...model.operations.flatMap((o) => resultDecoderFunction(o) ?? []),
    ...enc.records.map((r) => recordWriterFunction(r, subtypes.get(r), unqualifiedTypeNamespace(model, held, r))),
    ...model.operations.map((op) => encoderFunction(model, op)),
  ]);
}

/** The enum types (and the open-enum helper) that the decoders' local variables and the encoders' casts mention. */
function enumsUsed(structs: readonly StructModel[], operations: readonly OperationModel[]): string[] {
  const names = new Set<string>();
  const visit = (t: TypeModel, open: boolean) => {
    if (t.kind === 'list') visit(t.item, open);
    else if (t.kind === 'choice') t.alternatives.flatMap(alternativeTypes).forEach((x) => visit(x, open));
    else if (t.kind === 'enum') {
      names.add(t.enum.name);
      if (open) names.add(OPEN_ENUM);
    }
  };
  for (const s of structs) for (const f of s.fields) visit(f.type, true);
  for (const o of operations) {
    for (const p of o.inputParams) visit(p.type, false);
    if (o.result.kind === 'value') visit(o.result.type, true);
  }
  return [...names];
}
