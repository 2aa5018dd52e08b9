/**
 * The checks of a repeated parameter (a list without a container, ASMX's `[XmlElement] T[] name`) the schema cannot
 * make. Its items are its own element, repeated: no element is no items, so it cannot be nil, and a default has nothing
 * to stand for. It may be optional (`minOccurs="0"`): the caller may leave it out, which sends what an empty list sends
 * (no element); an ASMX service cannot tell the two apart and gets null, and the mock leaves the parameter out of its
 * handler's parameters. A list that must hold items (`minItems` past 0) cannot be optional.
 */
import type { ListType } from '../model/types.js';

/** What a repeated parameter's definition says beside its type. */
interface RepeatedParamKeys {
  readonly optional?: boolean | undefined;
  readonly nillable?: boolean | undefined;
}

/** The key of a repeated parameter's definition that cannot stand, and why; undefined when none. */
export function repeatedParamProblem(
  p: RepeatedParamKeys,
  type: ListType,
): { key: 'optional' | 'nillable'; message: string } | undefined {
  if (p.nillable !== undefined)
    return {
      key: 'nillable',
      message:
        'a list without a container is never nil: no items is an empty list (use nillableItems for nil items, optional: true to let it be left out)',
    };
  if (p.optional && (type.minItems ?? 0) > 0)
    return {
      key: 'optional',
      message: `a list without a container that must hold ${type.minItems} items or more cannot be optional: left out, it sends none`,
    };
  return undefined;
}
