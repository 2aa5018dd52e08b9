/** Which types of the model .NET treats as references, the fact that decides how ASMX writes a null. */
import { isReferencePrimitive } from './primitives.js';
import type { TypeModel } from './types.js';

/**
 * Whether a type is a .NET reference type: a record, a list or a reference primitive. ASMX declares a null reference
 * result `minOccurs="0"` (left out) and a nullable value type `minOccurs="1" nillable="true"` (sent nil).
 */
export function isReferenceType(type: TypeModel): boolean {
  return (
    type.kind === 'record' || type.kind === 'list' || (type.kind === 'primitive' && isReferencePrimitive(type.name))
  );
}
