/**
 * Emits mock/types.ts: what a handler of each operation receives (its parameters, decoded as the service sees
 * them, credentials left out) and the handler interface, one method per operation.
 */
import { titleAndVersion } from '../../model/text.js';
import { StructureKind } from '../../print/kinds.js';
import type { OperationModel, ServiceModel, TypeModel } from '../../model/types.js';
import { jsDoc, jsDocs } from '../../print/jsdoc.js';
import type { GeneratedFile, Printer, Statement } from '../../print/printer.js';
import { ImportSet } from '../../print/imports.js';
import { takesCredentials } from '../features.js';
import { OPEN_ENUM, optionalType, resultType, tsLiteral, valueType } from '../ts-types.js';
import { responseHeadersTypeName } from '../types.js';
import { propertyKey } from '../../load/names.js';
import { alternativeTypes } from '../../model/alternatives.js';

export const MOCK_TYPES_FILE = 'mock/types.ts';

/** The union type of the service's operation names. */
export function operationTypeName(model: ServiceModel): string {
  return `${model.name}Operation`;
}

export function requestTypeName(op: OperationModel): string {
  return `${op.tsName}Request`;
}

export function handlersTypeName(model: ServiceModel): string {
  return `${model.name}Handlers`;
}

/** A parameter a default fills in is always on the wire, so the handler always has it. */
function always(p: OperationModel['inputParams'][number]): boolean {
  return !p.optional || p.default !== undefined;
}

export function emitMockTypes(model: ServiceModel, printer: Printer): GeneratedFile {
  const types = clientTypes(model);
  const imports = new ImportSet([
    { module: '../runtime/mock/core.js', typeOnly: true, names: ['MockContext', 'MockHeadersContext'] },
    { module: '../client/types.js', typeOnly: true, names: types },
  ]);
  // The client's types are the ones requests and results mention, each written where it is mentioned.
  for (const name of types) imports.use(name);
  return printer.typescript(
    MOCK_TYPES_FILE,
    [
      {
        kind: StructureKind.TypeAlias,
        name: operationTypeName(model),
        isExported: true,
        docs: ['The name of an operation of the service, as the wire spells it.'],
        type: model.operations.map((op) => tsLiteral(op.name)).join(' | '),
      },
      ...model.operations.map(requestInterface),
      handlersInterface(model, (name) => imports.use(name)),
    ],
    { imports },
  );
}

/** The client types (records, results, enums) that requests and results mention, sorted. */
function clientTypes(model: ServiceModel): string[] {
  const names = new Set<string>();
  const visit = (t: TypeModel): void => {
    if (t.kind === 'list') visit(t.item);
    else if (t.kind === 'choice') t.alternatives.flatMap(alternativeTypes).forEach((x) => visit(x));
    else if (t.kind === 'record') names.add(t.record.name);
    else if (t.kind === 'enum') names.add(t.enum.name).add(OPEN_ENUM);
  };
  for (const op of model.operations) {
    for (const p of op.inputParams) visit(p.type);
    if (op.result.kind === 'value') visit(op.result.type);
    if (op.result.kind === 'outputs') names.add(op.result.struct.name);
    if (op.responseHeaders.length > 0) names.add(responseHeadersTypeName(op));
  }
  return [...names].sort();
}

function requestInterface(op: OperationModel): Statement {
  return {
    kind: StructureKind.Interface,
    name: requestTypeName(op),
    isExported: true,
    docs: [
      `What a mock handler of ${op.name} receives: the parameters as the service decodes them${takesCredentials(op) ? ', credentials left out' : ''}.`,
    ],
    properties: op.inputParams.map((p) => ({
      name: propertyKey(p.name),
      type: optionalType(p.nillable ? `${valueType(p.type)} | null` : valueType(p.type), !always(p)),
      hasQuestionToken: !always(p),
      docs: jsDocs(p.doc),
    })),
  };
}

/** The handlers interface: one method per operation; `use` records an imported name it writes (see ImportSet). */
function handlersInterface(model: ServiceModel, use: (name: string) => string): Statement {
  return {
    kind: StructureKind.Interface,
    name: handlersTypeName(model),
    isExported: true,
    docs: [
      jsDoc(
        `The server side of ${titleAndVersion(model)}: one method per operation, given its decoded parameters and the call's context, returning the result (or a promise of it).`,
        'Throw a MockFault to answer with a SOAP fault (HTTP 500 text in HTTP POST); any other error is a Server fault.',
      ),
    ],
    methods: model.operations.map((op) => {
      const result = resultType(op.result);
      return {
        name: op.methodName,
        parameters: [
          { name: 'params', type: requestTypeName(op) },
          {
            name: 'context',
            type:
              op.responseHeaders.length > 0
                ? `${use('MockHeadersContext')}<${responseHeadersTypeName(op)}>`
                : use('MockContext'),
          },
        ],
        returnType: `${result} | Promise<${result}>`,
        docs: jsDocs(
          op.doc,
          op.responseHeaders.length > 0
            ? `Its SOAP answers carry ${op.responseHeaders.map((h) => `\`<${h.element}>\`${h.required ? ' (required)' : ''}`).join(', ')}: set them in \`context.responseHeaders\`.`
            : undefined,
        ),
      };
    }),
  };
}
