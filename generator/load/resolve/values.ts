/** The values a spec writes for a member (`example`, `fixed`, `default`), checked against the member's type. */
import type { TypeModel } from '../../model/types.js';
import { checkExample } from '../example.js';
import type { SpecPath } from '../locate.js';
import type { Report } from './context.js';

/** A spec's `example`, checked against its type: the model's `example` member (none without one). */
export function exampleOf(
  report: Report,
  example: string | number | boolean | undefined,
  type: TypeModel,
  path: SpecPath,
): { example?: string } {
  if (example === undefined) return {};
  const checked = checkExample(example, type);
  if ('problem' in checked) {
    report(path, checked.problem);
    return {};
  }
  return { example: checked.text };
}

/** A field's `fixed` or `default` value, checked against its type as an example is: its wire text in the model. */
export function valueOf(
  report: Report,
  key: 'fixed' | 'default',
  value: string | number | boolean | undefined,
  type: TypeModel,
  path: SpecPath,
): { fixed?: string } | { default?: string } {
  if (value === undefined) return {};
  const checked = checkExample(value, type);
  if ('problem' in checked) {
    report([...path, key], checked.problem.replace('an example is only possible', `a ${key} value is only possible`));
    return {};
  }
  return { [key]: checked.text };
}
