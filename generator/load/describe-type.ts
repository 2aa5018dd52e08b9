/** Types in words, for the loader's messages (resolve.ts and the checks beside it share it). */
import type { TypeModel } from '../model/types.js';

/** A type in words, for messages: `a record (Order)`, `a list of int`. */
export function describeType(type: TypeModel): string {
  switch (type.kind) {
    case 'primitive':
      return type.name === 'xml' ? 'XML content' : `an xs:${type.name}`;
    case 'enum':
      return `an enum (${type.enum.name})`;
    case 'record':
      return `a record (${type.record.name})`;
    case 'list':
      return `a list of ${describeType(type.item).replace(/^an? /, '')}`;
    case 'choice':
      return `a choice (${type.alternatives.map((a) => a.name).join(' | ')})`;
  }
}
