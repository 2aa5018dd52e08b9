/**
 * A handler's typed fault (`MockFault` with `fault`) as the markup of the fault's detail: the declared fault's
 * element, in its namespace, holding its record, as WCF writes a `FaultException<T>`'s detail. Over HTTP POST and GET
 * there is no detail: ASMX answers an exception there with HTTP 500 and its message as text.
 */
import { faultReply, type MockFault } from './faults.js';
import type { MockHttpReply } from './exchange.js';
import type { MockOperation } from './operation.js';
import { defaultNamespace, inMemberNamespace } from './response.js';
import type { Style } from '../operation.js';

/**
 * The answer to a handler's MockFault: its code and message, and its detail as text or, for a typed fault of one of
 * the operation's declared faults, as that fault's element (over HTTP POST and GET, where faultReply writes the message
 * alone, the typed fault is still checked). A typed fault the operation does not declare, one given
 * beside a text detail, or a value its record's writer refuses is the handler's mistake: a Server fault saying so.
 * @param style - the style of the request
 * @param op - the operation whose handler threw it
 * @param error - the MockFault
 * @param memberNamespace - the namespace of the records' fields (the service's)
 * @param redact - masks the request's secrets in a text the answer quotes
 */
export function mockFaultReply(
  style: Style,
  op: MockOperation,
  error: MockFault,
  memberNamespace: string,
  redact: (text: string) => string,
): MockHttpReply {
  const detail = error.detail === undefined ? undefined : redact(error.detail);
  if (error.fault === undefined) return faultReply(style, error.code, redact(error.message), detail);
  let markup: string;
  try {
    markup = typedDetail(op, error, memberNamespace);
  } catch (problem) {
    const why = problem instanceof Error ? problem.message : String(problem);
    return faultReply(
      style,
      'Server',
      redact(`the mock's handler for ${op.name} threw a MockFault that cannot be written: ${why}`),
    );
  }
  return faultReply(style, error.code, redact(error.message), undefined, redact(markup));
}

function typedDetail(op: MockOperation, error: MockFault, memberNamespace: string): string {
  const { name, value } = error.fault!;
  if (error.detail !== undefined) throw new Error(`it has both a detail text and the typed fault ${name}`);
  const declared = op.faults ?? [];
  const binding = declared.find((f) => f.name === name);
  if (binding === undefined) {
    const known = declared.length === 0 ? 'it declares none' : `it declares ${declared.map((f) => f.name).join(', ')}`;
    throw new Error(`${op.name} does not declare the fault ${name} (${known})`);
  }
  const attrs = defaultNamespace(binding.namespace);
  const markup = binding.write(binding.element, value, attrs);
  // Its fields stay in the records' namespace when the element is in another, as a result's do.
  return inMemberNamespace(binding.element, markup, attrs, binding.namespace, memberNamespace);
}
