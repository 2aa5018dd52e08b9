/**
 * How generated code states a pattern (xs:pattern): a regular expression literal of the `u` flag, anchored, beside
 * the pattern as the schema writes it (for messages), around the encoder, decoder or reader of the value it restricts.
 */
import type { PatternFacet } from '../model/types.js';
import { call } from './expressions.js';
import { tsLiteral } from './ts-types.js';

/** The regular expression literal of a pattern. */
export function patternRegex(p: PatternFacet): string {
  return `/${p.source}/u`;
}

/** `helper(inner, /…/u, 'xsd')`: a runtime wrapper checking `inner`'s value against `p` (none without a pattern). */
export function withPattern(helper: string, inner: string, p: PatternFacet | undefined): string {
  return p === undefined ? inner : call(helper, [inner, patternRegex(p), tsLiteral(p.xsd)]);
}

/** The sentence the docs of a value with a pattern carry (none without one). */
export function patternRemark(p: PatternFacet | undefined): string | undefined {
  return p === undefined
    ? undefined
    : `Pattern (XML Schema): \`${p.xsd}\`; a value not matching it is refused before sending.`;
}
