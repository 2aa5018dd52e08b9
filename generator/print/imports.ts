/**
 * The imports of a generated file, from what it uses: an emitter records each imported name as it writes it
 * (`imports.use('MockCore')` in place of the bare name), and the file's import declarations are made afterwards from
 * the names used, each resolved to its module through one table. So an import is there exactly when its name is
 * written, with no list of conditions beside the code that mirrors it.
 */
import type { ImportDeclarationStructure, ImportSpecifierStructure, OptionalKind } from 'ts-morph';
import { StructureKind } from './kinds.js';

/** One module a file may import from, and the names it gives, in the order they are imported. */
export interface ImportModule {
  readonly module: string;
  /** `import type { … }`: every name from it is a type. */
  readonly typeOnly?: boolean;
  /** Its names; `{ name, type: true }` is imported as `type name` (in a declaration that is not type-only). */
  readonly names: ReadonlyArray<string | { readonly name: string; readonly type: true }>;
}

/** The modules a file may import from, in the order their declarations are written. */
export type ImportTable = readonly ImportModule[];

/** The names a file uses, collected as it is written (see the module comment). */
export class ImportSet {
  private readonly used = new Set<string>();
  private readonly modules = new Map<string, ImportModule>();

  /** @param table - where each name comes from; a name in two modules is an error of the table. */
  constructor(private readonly table: ImportTable) {
    for (const entry of table) {
      for (const n of entry.names) {
        const name = typeof n === 'string' ? n : n.name;
        if (this.modules.has(name)) throw new Error(`${name} is in the import table twice`);
        this.modules.set(name, entry);
      }
    }
  }

  /**
   * Records that the file uses `name` and returns it, to be written where it is used.
   * @param name - a name of the table
   */
  use(name: string): string {
    if (!this.modules.has(name)) throw new Error(`${name} is not in the import table`);
    this.used.add(name);
    return name;
  }

  /** The import declarations of the names used so far: the table's modules and names, in its order. */
  declarations(): ImportDeclarationStructure[] {
    const out: ImportDeclarationStructure[] = [];
    for (const entry of this.table) {
      const named: Array<string | OptionalKind<ImportSpecifierStructure>> = [];
      for (const n of entry.names) {
        const name = typeof n === 'string' ? n : n.name;
        if (this.used.has(name)) named.push(typeof n === 'string' ? name : { name, isTypeOnly: true });
      }
      if (named.length === 0) continue;
      out.push({
        kind: StructureKind.ImportDeclaration,
        moduleSpecifier: entry.module,
        namedImports: named,
        ...(entry.typeOnly === true ? { isTypeOnly: true } : {}),
      });
    }
    return out;
  }
}
