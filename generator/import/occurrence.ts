/**
 * The occurrence of a particle (`minOccurs`, `maxOccurs`) as numbers, for reading a named model group's content where
 * a reference (`s:group ref`) stands: the reference's occurrence applies to the group's content as a whole.
 */
import type { XmlElement } from './xml.js';

/** How often a particle may occur; `max` is Infinity for `unbounded`. */
export interface Occurrence {
  readonly min: number;
  readonly max: number;
}

export function occurrenceOf(node: XmlElement): Occurrence {
  const max = node.attrs.get('maxOccurs');
  return { min: Number(node.attrs.get('minOccurs') ?? '1'), max: max === 'unbounded' ? Infinity : Number(max ?? '1') };
}

/** Whether the occurrence is the default one: exactly once. */
export function once(o: Occurrence): boolean {
  return o.min === 1 && o.max === 1;
}

/** As written in a schema: `minOccurs="0" maxOccurs="unbounded"` (the defaults left out). */
export function shownOccurrence(o: Occurrence): string {
  const parts = [
    o.min !== 1 ? `minOccurs="${o.min}"` : '',
    o.max !== 1 ? `maxOccurs="${o.max === Infinity ? 'unbounded' : o.max}"` : '',
  ];
  return parts.filter((p) => p !== '').join(' ');
}

/**
 * `node` (an element or a choice) with the occurrence it has inside a group occurring `outer` times: the products of
 * the bounds. For one particle alone in the group that is what may stand on the wire (a list's minItems and maxItems
 * included).
 */
export function withOuterOccurrence(node: XmlElement, outer: Occurrence): XmlElement {
  const inner = occurrenceOf(node);
  const attrs = new Map(node.attrs);
  const min = inner.min * outer.min;
  const max = inner.max === 0 || outer.max === 0 ? 0 : inner.max * outer.max;
  if (min === 1) attrs.delete('minOccurs');
  else attrs.set('minOccurs', String(min));
  if (max === 1) attrs.delete('maxOccurs');
  else attrs.set('maxOccurs', max === Infinity ? 'unbounded' : String(max));
  const copy = { ...node, attrs };
  COPIED.set(copy, declarationOf(node));
  return copy;
}

/** The declaration each copy made by {@link withOuterOccurrence} stands for. */
const COPIED = new WeakMap<XmlElement, XmlElement>();

/**
 * The declaration in the schema that `node` is, or is a copy of with another occurrence: what is known of a
 * declaration (its inline type's record, the global element a reference names) is keyed by the schema's own node.
 */
export function declarationOf(node: XmlElement): XmlElement {
  return COPIED.get(node) ?? node;
}

/** The bounds of a list as the spec writes them, from its item particle's occurrence: `minItems` past 0, `maxItems` when finite. */
export function listBounds(node: XmlElement): { minItems?: number; maxItems?: number } {
  const { min, max } = occurrenceOf(node);
  return { ...(min > 0 ? { minItems: min } : {}), ...(Number.isFinite(max) ? { maxItems: max } : {}) };
}

/**
 * Whether a particle of a sequence is a sequence occurring once (docdata's `destination`: name, then `<sequence>`
 * around address): XML Schema reads its particles exactly as if they stood in place, so they are drafted there. One
 * that may be absent or repeat has no counterpart (its elements would change occurrence together) and stays reported.
 */
export function inPlace(particle: XmlElement): boolean {
  return particle.name === 'sequence' && once(occurrenceOf(particle));
}
