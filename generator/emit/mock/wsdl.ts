/**
 * Emits mock/wsdl.ts: the service's WSDL (the document wsdl/<Service>.wsdl holds) as a module, so that the mock
 * answers `GET <path>?WSDL` with it, its addresses pointing at the mock itself, from any build of the package.
 */
import { StructureKind, VariableDeclarationKind } from '../../print/kinds.js';
import type { ServiceModel } from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { tsLiteral } from '../ts-types.js';
import { WSDL_FILE, wsdlDocument } from '../wsdl/index.js';

export const MOCK_WSDL_FILE = 'mock/wsdl.ts';

/** Stands for the mock's origin in the embedded text; no real address looks like it. */
const ORIGIN = 'http://svc-codegen.mock.origin.invalid';

export function emitMockWsdl(model: ServiceModel, printer: Printer): GeneratedFile {
  return printer.typescript(MOCK_WSDL_FILE, [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: [jsDoc(`The text of ${WSDL_FILE(model)}, its addresses at {@link ORIGIN}.`)],
      declarations: [{ name: 'WSDL', initializer: templateLiteral(wsdlDocument(model, ORIGIN)) }],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      docs: ['Where the origin of the service stands in {@link WSDL}.'],
      declarations: [{ name: 'ORIGIN', initializer: tsLiteral(ORIGIN) }],
    },
    {
      kind: StructureKind.Function,
      name: 'wsdlAt',
      isExported: true,
      parameters: [{ name: 'origin', type: 'string' }],
      returnType: 'string',
      docs: [jsDoc('The WSDL of the service with its addresses at `origin` (e.g. `http://127.0.0.1:8080`).')],
      statements: ['return WSDL.replaceAll(ORIGIN, origin);'],
    },
  ]);
}

/** `text` as a template literal, line breaks kept, so that the module reads like the document. */
function templateLiteral(text: string): string {
  return `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}
