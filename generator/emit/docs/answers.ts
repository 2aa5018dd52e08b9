/**
 * The mock's answer to a documented request, made by the mock's own framing (templates/runtime/mock/response.ts)
 * around the result as the mock's lenient writers write it: what the generated mock sends, headers and body.
 */
import type { Writers } from './writers.js';
import type { OperationModel, TypeModel } from '../../model/types.js';
import { httpPostRootName, resultElementName } from '../../model/http-post-root.js';
import type { MockOperation } from '../../../templates/runtime/mock/core.js';
import type { MockHttpReply } from '../../../templates/runtime/mock/exchange.js';
import { isFormStyle } from '../../../templates/runtime/operation.js';
import { httpPostResultReply, soapResultReply } from '../../../templates/runtime/mock/response.js';
import { resultWriter } from '../../../templates/runtime/mock/values.js';

/** The facts of `op` the mock's framing reads, as the generated mock codec states them. */
function mockOperation(op: OperationModel, writers: Writers): MockOperation {
  const r = op.result;
  const resultElement = resultElementName(op);
  const httpPostRoot = httpPostRootName(op);
  const type: TypeModel | undefined =
    r.kind === 'void' ? undefined : r.kind === 'outputs' ? { kind: 'record', record: r.struct } : r.type;
  return {
    name: op.name,
    params: [],
    resultElement,
    httpPostRoot,
    ...(r.kind === 'void'
      ? { result: 'void' as const }
      : r.kind === 'outputs'
        ? { result: 'outputs' as const }
        : r.nullable
          ? { result: 'nullable' as const }
          : {}),
    ...(op.bare ? { bare: true } : {}),
    ...(r.kind === 'value' && r.form === 'unqualified' ? { unqualifiedResult: true } : {}),
    ...(r.kind === 'value' && r.namespace !== undefined ? { resultNamespace: r.namespace.uri } : {}),
    write: type === undefined ? () => '' : resultWriter(writers.of(type)),
  };
}

/**
 * The mock's 200 answer to `op` in `style` for `value`.
 * @param namespace - the namespace of the operation's elements
 * @param members - the service namespace, where the result's fields are
 */
export function mockAnswer(
  style: 'soap11' | 'soap12' | 'httpPost' | 'httpGet',
  op: OperationModel,
  namespace: string,
  members: string,
  value: unknown,
  writers: Writers,
): MockHttpReply {
  const operation = mockOperation(op, writers);
  return isFormStyle(style)
    ? httpPostResultReply(operation, namespace, value, members)
    : soapResultReply(style, operation, namespace, value, members);
}
