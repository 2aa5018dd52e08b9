/** Compact, readable labels for model nodes, so tests can state expectations as plain strings. */
import type { FieldModel, TypeModel } from '../../generator/model/types.js';

/**
 * `string`, `int`, ... for primitives, the enum or record name for those, and `list<Item>` for lists (`list<string>`
 * for a list of strings).
 */
export function typeLabel(t: TypeModel): string {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'enum':
      return t.enum.name;
    case 'record':
      return t.record.name;
    case 'list':
      return `list<${typeLabel(t.item)}>`;
    case 'choice':
      return `choice<${t.alternatives.map((a) => `${a.name}: ${typeLabel(a.type)}`).join(' | ')}>`;
  }
}

/** `name: type` of a field, e.g. `LineErrorsOrWarning: list<LineErrorOrWarning>`. */
export function fieldLabel(f: FieldModel): string {
  return `${f.name}: ${typeLabel(f.type)}`;
}
