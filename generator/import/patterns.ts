/**
 * The pattern facets (xs:pattern) of a simple type's restriction, kept on the type it is drafted as: a text type of
 * the format (PATTERN_TYPES) takes its pattern along to every field and parameter of it, where the client checks it
 * before sending and the mock when reading a request. A pattern JavaScript cannot say (`\i`, a block escape) is
 * reported and the type drafted as its base, as every other facet is.
 */
import { PATTERN_TYPES, type PrimitiveName } from '../model/primitives.js';
import { translateXsdPattern } from '../model/xsd-pattern.js';
import { NS } from '../emit/wsdl/namespaces.js';
import { kids, type XmlElement } from './xml.js';

/**
 * The facets of a restriction of text besides patterns (XML Schema 1.0 Part 2, 4.3); enumerations among them, which
 * an attribute's inline type drafted as its base loses.
 */
const OTHER_FACETS = [
  'enumeration',
  'length',
  'minLength',
  'maxLength',
  'whiteSpace',
  'maxInclusive',
  'maxExclusive',
  'minInclusive',
  'minExclusive',
  'totalDigits',
  'fractionDigits',
];

/** What a restriction without enumerations keeps of its facets. */
export interface RestrictionFacets {
  /** The pattern kept, as XML Schema writes it (several in one restriction are alternatives: joined by `|`). */
  readonly pattern: string | undefined;
  /** Why the restriction's patterns are not kept, when it has some that are not. */
  readonly refused: string | undefined;
  /** Its facets the format does not keep here (lengths, ranges, digits, enumerations), by name, in document order. */
  readonly others: readonly string[];
}

/**
 * The facets of `restriction` over a base drafted as `base` (a type of the format, or a key of the draft), which has
 * the pattern `basePattern` of its own when it is a restriction with one.
 */
export function restrictionFacets(
  restriction: XmlElement,
  base: string | object | undefined,
  basePattern: string | undefined,
): RestrictionFacets {
  const others = restriction.children
    .filter((c) => c.ns === NS.xsd && OTHER_FACETS.includes(c.name))
    .map((c) => c.name);
  const values = kids(restriction, NS.xsd, 'pattern').map((p) => p.attrs.get('value') ?? '');
  if (values.length === 0) return { pattern: basePattern, refused: undefined, others };
  if (typeof base !== 'string' || !PATTERN_TYPES.has(base as PrimitiveName))
    return {
      pattern: undefined,
      refused: `a pattern is kept on a text type (${[...PATTERN_TYPES].join(', ')}) only, not on ${typeof base === 'string' ? base : 'this base'}`,
      others,
    };
  if (basePattern !== undefined)
    return {
      pattern: basePattern,
      refused: `a pattern restricting a type with a pattern of its own (both apply); the base's, ${JSON.stringify(basePattern)}, is kept`,
      others,
    };
  const pattern = values.length === 1 ? values[0]! : values.map((v) => `(${v})`).join('|');
  const t = translateXsdPattern(pattern);
  if ('problem' in t)
    return { pattern: undefined, refused: `the pattern ${JSON.stringify(pattern)} is not kept: ${t.problem}`, others };
  if (t.sample === undefined)
    return {
      pattern: undefined,
      refused: `the pattern ${JSON.stringify(pattern)} is not kept: no value matching it was found for the examples`,
      others,
    };
  return { pattern, refused: undefined, others };
}
