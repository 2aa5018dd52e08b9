/**
 * How deep the least value of a type goes: a record holding only its required members, a list only the items its
 * minItems asks for, a choice its least alternative, an abstract record its least concrete record.
 *
 * Examples and zero values stop filling optional members at some depth, but required ones must still be filled, and a
 * schema can make that recursive: an abstract type whose first concrete type requires a member of the abstract type
 * itself (1C's contact information: `Адрес extends Состав` requires a `Состав`), or a choice whose first alternative
 * leads back to it. Walking the first concrete type (or alternative) there never ends; walking the least one does,
 * since every required member of a record is strictly shallower than the record.
 */
import type { ChoiceAlternative, ChoiceType, StructModel, TypeModel } from './types.js';
import { alternativeTypes, requiredAlternativeTypes } from './alternatives.js';

/** Per record, the depth of its least value (Infinity: it has none, each value would hold itself). */
const depths = new WeakMap<StructModel, number>();

/** The depth of the least value of `t`: 0 for a scalar or a list that may be empty; Infinity when it has none. */
export function leastDepth(t: TypeModel): number {
  return typeDepth(t, (s) => recordDepth(s));
}

/** The depth of the least value of the record `s` (Infinity when every value of it would hold itself). */
export function recordDepth(s: StructModel): number {
  const known = depths.get(s);
  if (known !== undefined) return known;
  solve(s);
  return depths.get(s)!;
}

/**
 * The concrete record whose least value is the shallowest, the first of them in the spec's order when several are
 * (the first concrete record when none has a finite value); undefined for a record that is not abstract or that no
 * record extends.
 */
export function leastConcrete(s: StructModel): StructModel | undefined {
  const concrete = s.abstract?.concrete ?? [];
  return firstLeast(concrete, (c) => recordDepth(c));
}

/** The alternative of a choice whose least value is the shallowest (the first of them when several are). */
export function leastAlternative(t: ChoiceType): ChoiceAlternative {
  return firstLeast(t.alternatives, (a) => Math.max(...requiredAlternativeTypes(a).map(leastDepth)))!;
}

function firstLeast<T>(items: readonly T[], depth: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestDepth = Infinity;
  for (const item of items) {
    const d = depth(item);
    if (best === undefined || d < bestDepth) [best, bestDepth] = [item, d];
  }
  return best;
}

function typeDepth(t: TypeModel, record: (s: StructModel) => number): number {
  switch (t.kind) {
    case 'primitive':
    case 'enum':
      return 0;
    case 'list':
      return t.minItems ? typeDepth(t.item, record) : 0;
    case 'record':
      return record(t.record);
    case 'choice':
      return Math.min(
        ...t.alternatives.map((a) => Math.max(...requiredAlternativeTypes(a).map((x) => typeDepth(x, record)))),
      );
  }
}

/** One step: an abstract record is as deep as its least concrete record, another is one deeper than its members. */
function stepDepth(s: StructModel, record: (s: StructModel) => number): number {
  if (s.abstract) return Math.min(Infinity, ...s.abstract.concrete.map(record));
  let deepest = 0;
  for (const f of s.fields)
    if (!f.optional && f.fixed === undefined) deepest = Math.max(deepest, typeDepth(f.type, record));
  return deepest + 1;
}

/**
 * Solves every record reachable from `start` whose depth is not known yet: starting from Infinity (no value known),
 * each round lowers a record's depth to what its members' depths now allow, a depth only ever witnessed by a value, until
 * none goes down (each round settles at least one more depth, so at most as many rounds as records). Records solved
 * before keep their depth, so each record is solved once.
 */
function solve(start: StructModel): void {
  const open = reachable(start);
  const current = new Map<StructModel, number>(open.map((s) => [s, Infinity]));
  const lookup = (s: StructModel): number => current.get(s) ?? depths.get(s)!;
  for (let round = 0, changed = true; changed && round <= open.length; round++) {
    changed = false;
    for (const s of open) {
      const d = stepDepth(s, lookup);
      if (d < current.get(s)!) {
        current.set(s, d);
        changed = true;
      }
    }
  }
  for (const [s, d] of current) depths.set(s, d);
}

/** The records reachable from `start` (members, list items, alternatives, concrete records) not solved yet. */
function reachable(start: StructModel): StructModel[] {
  const seen = new Set<StructModel>();
  const pending = [start];
  const visitType = (t: TypeModel): void => {
    if (t.kind === 'list') visitType(t.item);
    else if (t.kind === 'choice') for (const a of t.alternatives) alternativeTypes(a).forEach(visitType);
    else if (t.kind === 'record') pending.push(t.record);
  };
  for (let s = pending.pop(); s !== undefined; s = pending.pop()) {
    if (seen.has(s) || depths.has(s)) continue;
    seen.add(s);
    for (const f of s.fields) visitType(f.type);
    for (const c of s.abstract?.concrete ?? []) pending.push(c);
  }
  return [...seen];
}
