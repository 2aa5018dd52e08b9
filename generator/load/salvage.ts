/**
 * What of a spec that failed the schema can still be resolved, so that one run reports its reference and duplicate
 * problems too, not only its structure problems (a person fixes them all at once).
 *
 * An entry with a structure problem (an operation, a record, a parameter, a decision...) is set aside whole, and so is
 * a section with a problem of its own (`serviceErrors`, `auth`). What is set aside stays known by name, so nothing that
 * names it is reported again: one mistake, one message.
 */
import type { z } from 'zod';
import { specSchema, type RawSpec } from './schema.js';
import { nearest } from './suggest.js';

type Entry<K extends keyof RawSpec> = NonNullable<RawSpec[K]> extends ReadonlyArray<infer E> ? E : never;

/** A spec the resolver can read: as the schema types it, with `undefined` in place of each list entry set aside. */
export type ResolvableSpec = Omit<RawSpec, 'decisions' | 'soapHeaders' | 'operations' | 'groups' | 'polls'> & {
  decisions: Array<Entry<'decisions'> | undefined>;
  soapHeaders: Array<Entry<'soapHeaders'> | undefined>;
  operations: Array<Entry<'operations'> | undefined>;
  groups?: Array<Entry<'groups'> | undefined> | undefined;
  polls: Array<Entry<'polls'> | undefined>;
};

/** The sections whose entries have names others refer to, and the key naming each entry of a list. */
const LISTS = {
  decisions: 'id',
  soapHeaders: 'element',
  operations: 'name',
  groups: 'title',
  polls: 'method',
} as const;
const MAPS = ['parameters', 'enums', 'records', 'results', 'faults'] as const;
/** Sections left out whole when they have a problem: optional, and what refers to them is told so. */
const OPTIONAL = ['serviceErrors', 'auth', 'mock', '$schema'] as const;

export type Section = keyof typeof LISTS | (typeof MAPS)[number] | (typeof OPTIONAL)[number] | 'bindings';

/** What was set aside, for the resolver to stay silent about what names it. */
export class SetAside {
  private readonly wholes = new Set<Section>();
  private readonly named = new Map<Section, Set<string>>();
  private readonly lists = new Map<Section, Map<number, Record<string, unknown>>>();

  /** Nothing set aside: a spec that passed the schema. */
  static readonly none = new SetAside();

  /** Whether `name` may be one of the section's entries that were set aside (always, when the whole section was). */
  has(section: Section, name: string): boolean {
    return this.wholes.has(section) || (this.named.get(section)?.has(name) ?? false);
  }

  /** Whether the section as a whole was set aside (its content is unknown). */
  whole(section: Section): boolean {
    return this.wholes.has(section);
  }

  /** The names of the entries set aside in a section, for "did you mean". */
  names(section: Section): string[] {
    return [...(this.named.get(section) ?? [])];
  }

  /** The entry set aside at `index` of a list section, as written (a map, or an empty one). */
  entryAt(section: keyof typeof LISTS, index: number): Readonly<Record<string, unknown>> | undefined {
    return this.lists.get(section)?.get(index);
  }

  /** The entries set aside in a list section, as written. */
  entries(section: keyof typeof LISTS): ReadonlyArray<Readonly<Record<string, unknown>>> {
    return [...(this.lists.get(section)?.values() ?? [])];
  }

  setWhole(section: Section): void {
    this.wholes.add(section);
  }

  setEntry(section: Section, name: unknown, index?: number, entry?: unknown): void {
    if (typeof name === 'string') {
      const names = this.named.get(section) ?? new Set<string>();
      names.add(name);
      this.named.set(section, names);
    }
    if (index !== undefined) {
      const entries = this.lists.get(section) ?? new Map<number, Record<string, unknown>>();
      entries.set(index, isMap(entry) ? entry : {});
      this.lists.set(section, entries);
    }
  }
}

/** A salvage under way: the spec as written, the copy the resolver will get, and what was set aside of it. */
interface Salvage {
  readonly input: Record<string, unknown>;
  readonly copy: Record<string, unknown>;
  readonly aside: SetAside;
  /** The indices of the list entries set aside, by list. */
  readonly gaps: Map<keyof typeof LISTS, Set<number>>;
}

/**
 * The parts of `input` that passed the schema (given the issues it raised), typed for the resolver, and what was set
 * aside; undefined when nothing can be resolved (the spec is not a map, or the rest does not pass either).
 */
export function salvage(
  input: unknown,
  issues: readonly z.core.$ZodIssue[],
): { raw: ResolvableSpec; aside: SetAside } | undefined {
  if (!isMap(input)) return undefined;
  const at: Salvage = { input, copy: { ...input }, aside: new SetAside(), gaps: new Map() };
  for (const issue of issues) if (!setAside(at, issue)) return undefined;
  const { copy, gaps } = at;
  for (const [list, indices] of gaps) copy[list] = (copy[list] as unknown[]).filter((_, i) => !indices.has(i));
  const parsed = rest.safeParse(copy);
  if (!parsed.success) return undefined;
  // The entries set aside leave a gap at their index, so that every other entry keeps its place (and its path).
  const withGaps = <E>(list: keyof typeof LISTS, entries: readonly E[]): Array<E | undefined> => {
    const indices = gaps.get(list);
    if (indices === undefined) return [...entries];
    const out: Array<E | undefined> = [];
    let next = 0;
    while (next < entries.length || indices.has(out.length))
      out.push(indices.has(out.length) ? undefined : entries[next++]);
    return out;
  };
  const raw = parsed.data;
  return {
    raw: {
      ...raw,
      decisions: withGaps('decisions', raw.decisions),
      soapHeaders: withGaps('soapHeaders', raw.soapHeaders),
      operations: withGaps('operations', raw.operations),
      groups: raw.groups === undefined ? undefined : withGaps('groups', raw.groups),
      polls: withGaps('polls', raw.polls),
    },
    aside: at.aside,
  };
}

/** Sets aside what the issue is in; false when that leaves nothing to resolve. */
function setAside(at: Salvage, issue: z.core.$ZodIssue): boolean {
  const { input, copy, aside } = at;
  const [section, entry] = issue.path as Array<string | number | undefined>;
  if (section === undefined) return unknownKeys(at, issue);
  if (typeof section === 'string' && section in LISTS) setAsideInList(at, section as keyof typeof LISTS, entry);
  else if ((MAPS as readonly unknown[]).includes(section)) {
    const map = section as (typeof MAPS)[number];
    if (entry === undefined) {
      aside.setWhole(map);
      copy[map] = {};
    } else {
      aside.setEntry(map, String(entry));
      const rest = { ...(copy[map] as Record<string, unknown>) };
      delete rest[String(entry)];
      copy[map] = rest;
    }
  } else if ((OPTIONAL as readonly unknown[]).includes(section)) {
    aside.setWhole(section as Section);
    delete copy[section];
  } else if (section === 'specVersion') {
    copy.specVersion = 1;
  } else if (section === 'service') {
    // The rest of the spec needs only its bindings; the service stands in with placeholders of the right form.
    const service = isMap(input.service) ? input.service : {};
    if (entry === undefined || entry === 'bindings') aside.setWhole('bindings');
    const bindings = aside.whole('bindings') ? undefined : service.bindings;
    copy.service = {
      name: 'Service',
      title: 'Service',
      version: '0',
      path: '/',
      namespace: { uri: 'urn:service' },
      client: 'Client',
      bindings,
    };
  } else return false;
  return true;
}

/** An unknown key at the top: a misspelt section hides the one meant, whose entries may be named elsewhere. */
function unknownKeys({ input, copy, aside }: Salvage, issue: z.core.$ZodIssue): boolean {
  if (issue.code !== 'unrecognized_keys') return false;
  const allowed = Object.keys(specSchema.shape);
  for (const key of issue.keys) {
    delete copy[key];
    const meant = nearest(
      key,
      allowed.filter((k) => !Object.hasOwn(input, k)),
    )[0];
    if (meant !== undefined) aside.setWhole(meant as Section);
  }
  return true;
}

/** Sets aside a list entry (a gap at its index), or the whole list when the problem is not in one entry. */
function setAsideInList(
  { input, copy, aside, gaps }: Salvage,
  list: keyof typeof LISTS,
  entry: string | number | undefined,
): void {
  if (typeof entry !== 'number') {
    aside.setWhole(list);
    copy[list] = list === 'groups' ? undefined : [];
  } else {
    const written = (input[list] as unknown[])[entry];
    aside.setEntry(list, isMap(written) ? written[LISTS[list]] : undefined, entry, written);
    gaps.set(list, (gaps.get(list) ?? new Set()).add(entry));
  }
}

/** The schema of what is left: every operation may have been set aside. */
const rest = specSchema.extend({ operations: specSchema.shape.operations.element.array() });

function isMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
