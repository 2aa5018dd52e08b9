/** What the alternatives of a choice hold, for the walks over a model's types. */
import type { ChoiceAlternative, ListType, ScalarType } from './types.js';

/** The types an alternative holds: its element's, or each element's of its sequence. */
export function alternativeTypes(a: ChoiceAlternative): ReadonlyArray<ScalarType | ListType> {
  return a.sequence ? a.sequence.map((m) => m.type) : [a.type];
}

/** The types every value of an alternative holds: its element's, or its sequence's required elements'. */
export function requiredAlternativeTypes(a: ChoiceAlternative): ReadonlyArray<ScalarType | ListType> {
  return a.sequence ? a.sequence.filter((m) => !m.optional).map((m) => m.type) : [a.type];
}
