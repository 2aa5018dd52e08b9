/** What emitters hand the printer for a TypeScript file: its top-level statements. */
import type { StatementStructures, WriterFunction } from 'ts-morph';

/**
 * A top-level statement of a generated TypeScript file: a ts-morph structure, which names its `kind`
 * (`StructureKind.Interface`, `StructureKind.Function`, ...), or a writer function for code without a structure.
 */
export type Statement = StatementStructures | WriterFunction;
