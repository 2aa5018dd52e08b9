/**
 * A field's or parameter's `pattern` (xs:pattern): translated to JavaScript once, when the spec is loaded, so that a
 * pattern JavaScript cannot say, or one on a type it cannot restrict, is reported at its place rather than generated.
 */
import { PATTERN_TYPES } from '../model/primitives.js';
import type { PatternFacet, TypeModel } from '../model/types.js';
import { translateXsdPattern } from '../model/xsd-pattern.js';
import type { SpecPath } from './locate.js';

type Report = (path: SpecPath, message: string) => void;

/**
 * The model's `pattern` of a field or parameter at `path` (none without one): its type must be a text type, and the
 * spec's example, when it has one (`example`, its text as sent), must match it.
 */
export function patternOf(
  pattern: string | undefined,
  type: TypeModel,
  example: string | undefined,
  path: SpecPath,
  report: Report,
): { pattern?: PatternFacet } {
  if (pattern === undefined) return {};
  if (type.kind !== 'primitive' || !PATTERN_TYPES.has(type.name)) {
    report(
      [...path, 'pattern'],
      `a pattern restricts a text type (${[...PATTERN_TYPES].join(', ')}), whose value is its text; not ${type.kind === 'primitive' ? type.name : `a ${type.kind}`}`,
    );
    return {};
  }
  const t = translateXsdPattern(pattern);
  if ('problem' in t) {
    report([...path, 'pattern'], `at character ${t.index + 1} of the pattern: ${t.problem}`);
    return {};
  }
  if (example === undefined && t.sample === undefined)
    report(
      [...path, 'pattern'],
      "no value matching the pattern was found for the examples and the mock's answers: give one with example",
    );
  if (example !== undefined && !new RegExp(t.source, 'u').test(example))
    report([...path, 'example'], `${JSON.stringify(example)} does not match the pattern ${JSON.stringify(pattern)}`);
  return { pattern: { xsd: pattern, source: t.source, sample: t.sample } };
}
