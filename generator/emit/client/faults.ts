/**
 * The client's typed faults: for each operation that declares faults (the spec's `faults`), the union of its typed
 * details, `<Op>Fault` (`{ name: 'ServiceFault'; value: ServiceFault } | ...`), a type guard `is<Op>Fault` for a
 * caught error, and the `faults` entry of its binding, from which the runtime decodes a fault's detail
 * (runtime/client/typed-faults.ts).
 */
import type { CodeBlockWriter } from 'ts-morph';
import type { OperationModel, ServiceModel } from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import { StructureKind } from '../../print/kinds.js';
import type { Statement } from '../../print/printer.js';
import { arrayLiteral, objectLiteral } from '../expressions.js';
import { tsLiteral } from '../ts-types.js';
import { decoderName } from './decoders.js';
import type { Use } from './client-imports.js';

/** `<Op>Fault`: the union of an operation's typed fault details. */
export function faultTypeName(op: OperationModel): string {
  return `${op.tsName}Fault`;
}

/** `is<Op>Fault`: the guard telling a caught error with one of them apart. */
export function faultGuardName(op: OperationModel): string {
  return `is${op.tsName}Fault`;
}

function declaring(model: ServiceModel): OperationModel[] {
  return model.operations.filter((op) => op.faults.length > 0);
}

/** The names client.ts declares for the faults, for the index's exports. */
export function faultExports(model: ServiceModel): { name: string; isTypeOnly?: boolean }[] {
  return declaring(model).flatMap((op) => [
    { name: faultTypeName(op), isTypeOnly: true },
    { name: faultGuardName(op) },
  ]);
}

/** Whether the service declares typed faults (then the index exports TypedSoapFault too). */
export function usesTypedFaults(model: ServiceModel): boolean {
  return declaring(model).length > 0;
}

/** Each declaring operation's union and guard, in the spec's order. */
export function faultStatements(model: ServiceModel, use: Use): Statement[] {
  return declaring(model).flatMap((op): Statement[] => {
    const union = op.faults.map((f) =>
      objectLiteral([
        ['readonly name', tsLiteral(f.name)],
        ['readonly value', use(f.record.name)],
      ]).replace(/, /g, '; '),
    );
    const names = arrayLiteral(op.faults.map((f) => tsLiteral(f.name)));
    return [
      {
        kind: StructureKind.TypeAlias,
        name: faultTypeName(op),
        isExported: true,
        docs: [
          jsDoc(
            `The typed faults ${op.name} declares: \`fault\` of the SvcSoapFault it throws when the fault's detail holds one of their elements (${op.faults.map((f) => `${f.name}: <${f.element}>`).join(', ')}).`,
          ),
        ],
        type: union.join(' | '),
      },
      {
        kind: StructureKind.Function,
        name: faultGuardName(op),
        isExported: true,
        parameters: [{ name: 'error', type: 'unknown' }],
        returnType: `error is ${use('SvcSoapFault')}<${faultTypeName(op)}> & { readonly fault: ${faultTypeName(op)} }`,
        docs: [
          jsDoc(
            `True when \`error\` is a SOAP fault whose detail was one of the faults ${op.name} declares, decoded; \`error.fault.name\` then tells which, and \`error.fault.value\` is its record.`,
          ),
        ],
        statements: [
          `return error instanceof ${use('SvcSoapFault')} && error.fault !== undefined && (${names} as readonly string[]).includes(error.fault.name);`,
        ],
      },
    ];
  });
}

/** The `faults` entry of an operation's binding: each fault's name, element, namespace and record decoder. */
export function writeFaultBinding(w: CodeBlockWriter, op: OperationModel, use: Use): void {
  if (op.faults.length === 0) return;
  const entries = op.faults.map((f) =>
    objectLiteral([
      ['name', tsLiteral(f.name)],
      ['element', tsLiteral(f.element)],
      ['namespace', tsLiteral(f.namespace)],
      ['decode', use(decoderName(f.record))],
    ]),
  );
  w.write(`faults: ${arrayLiteral(entries)},`);
  w.newLine();
}
