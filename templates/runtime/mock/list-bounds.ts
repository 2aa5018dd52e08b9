/**
 * The mock's check of a list parameter's bounds (`minItems`/`maxItems`, the schema's minOccurs/maxOccurs): the client
 * refuses to send a list outside them, and the mock refuses to accept one, so that a test against the mock sees what a
 * service validating its requests would answer. ASMX itself binds any count; a Client fault names the bound instead
 * of a handler getting a request the WSDL does not allow.
 */
import type { MockParam } from './operation.js';
import { RequestFault } from './faults.js';

/**
 * Refuses, with a Client fault, the first list parameter whose items are fewer or more than its bounds allow. A
 * parameter left out, or nil, holds no list to count (a repeated one without elements was given its empty list).
 * @param params - the operation's parameters, in wire order
 * @param values - their decoded values, by index
 */
export function checkListBounds(params: readonly MockParam[], values: readonly unknown[]): void {
  params.forEach((param, i) => {
    const value = values[i];
    if (param.bounds === undefined || !Array.isArray(value)) return;
    const [min, max] = param.bounds;
    if (value.length < min)
      throw new RequestFault(
        'Client',
        `parameter "${param.name}" has ${value.length} items, fewer than the ${min} it must have`,
      );
    if (value.length > max)
      throw new RequestFault(
        'Client',
        `parameter "${param.name}" has ${value.length} items, more than the ${max} it may have`,
      );
  });
}
