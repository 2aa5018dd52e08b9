/**
 * The base of an enumeration (the spec's `base`): xs:token collapses whitespace before a value is compared, so a value
 * that is not already collapsed could never be matched (nor sent as the service would read it).
 */
import { collapseWhitespace } from '../../templates/runtime/codec/lexical.js';

/**
 * The problems of a token enumeration's values: one whose whitespace collapses to other text, with its index. A string
 * enumeration has none.
 */
export function tokenValueProblems(
  base: 'string' | 'token' | undefined,
  values: readonly string[],
): Array<{ index: number; message: string }> {
  if (base !== 'token') return [];
  const problems: Array<{ index: number; message: string }> = [];
  values.forEach((v, index) => {
    const collapsed = collapseWhitespace(v);
    if (collapsed !== v)
      problems.push({
        index,
        message: `"${v}" is not a token: its whitespace collapses to ${JSON.stringify(collapsed)} (base: token), write it so`,
      });
  });
  return problems;
}
