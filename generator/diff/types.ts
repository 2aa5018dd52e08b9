/** The shape of a spec diff: classified changes, the TypeScript names they touch, and the semver bump they imply. */

/** What a change means for one side. */
export type Impact = 'breaking' | 'compatible';

/** The sections of a diff, in the order reports list them. */
export const CATEGORIES = ['service', 'operations', 'parameters', 'types', 'fields', 'enums', 'docs'] as const;
export type Category = (typeof CATEGORIES)[number];

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface Change {
  readonly category: Category;
  /** A kind of `RULES` (rules.ts). */
  readonly kind: string;
  /** Where: `GetItem`, `GetItem(itemId)`, `Item.label`, `ErrorCode.NotFound`, `service.path`. */
  readonly path: string;
  /** What changed, in words (old -> new where there is one). */
  readonly detail: string;
  /** For clients built from the old spec (and code using the old generated SDK), facing the new interface. */
  readonly client: Impact;
  /** For servers (the service, mocks) built from the old spec, facing clients built from the new one. */
  readonly server: Impact;
}

/** An exported TypeScript name of the generated client (or a method of its class). */
export interface TsName {
  readonly name: string;
  readonly kind: 'type' | 'interface' | 'const' | 'class' | 'method';
  /** The name's type, written out (a summary for classes and interfaces of options). */
  readonly type: string;
}

export interface NameChange {
  readonly name: string;
  readonly kind: TsName['kind'];
  readonly change: 'added' | 'removed' | 'changed';
  readonly old: string | undefined;
  readonly new: string | undefined;
}

export interface SpecSide {
  readonly source: string;
  readonly service: string;
  readonly version: string | undefined;
}

export interface DiffSummary {
  readonly changes: number;
  readonly breakingForClients: number;
  readonly breakingForServers: number;
  readonly bump: Bump;
}

export interface SpecDiff {
  readonly old: SpecSide;
  readonly new: SpecSide;
  readonly summary: DiffSummary;
  readonly changes: readonly Change[];
  readonly names: readonly NameChange[];
}
