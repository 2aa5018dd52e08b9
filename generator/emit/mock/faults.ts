/**
 * The mock's typed faults: the `faults` entry of an operation that declares some, each fault's name, detail element
 * and the writer of its record, from which a handler's `MockFault` with `fault` is written
 * (runtime/mock/typed-faults.ts).
 */
import type { OperationModel, StructModel } from '../../model/types.js';
import { arrayLiteral, call, objectLiteral } from '../expressions.js';
import { tsLiteral } from '../ts-types.js';
import { writerOf } from '../client/encoders.js';

/** The records the operations' faults hold, for the writers the mock's codec declares. */
export function faultRecords(operations: readonly OperationModel[]): StructModel[] {
  return [...new Set(operations.flatMap((op) => op.faults.map((f) => f.record)))];
}

/** The `faults` member of an operation's entry, none without faults; `use` is told of the helper it names. */
export function faultEntry(op: OperationModel, use: (helper: string) => void): Array<readonly [string, string]> {
  if (op.faults.length === 0) return [];
  use('resultWriter');
  const entries = op.faults.map((f) =>
    objectLiteral([
      ['name', tsLiteral(f.name)],
      ['element', tsLiteral(f.element)],
      ['namespace', tsLiteral(f.namespace)],
      ['write', call('resultWriter', [writerOf({ kind: 'record', record: f.record })])],
    ]),
  );
  return [['faults', arrayLiteral(entries)]];
}
