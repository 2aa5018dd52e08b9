/**
 * The members of ts-morph's `StructureKind` and `VariableDeclarationKind` that emitters use, as values of their own:
 * the enums' types come from ts-morph (types only), their values from here, so that a module that builds structures
 * (or one that only borrows a name from an emitter, such as `svc-codegen diff`) does not load ts-morph and TypeScript.
 * Only the printer loads them. A test checks each value against ts-morph's (test/generator/kinds.test.ts).
 */
import type { StructureKind as Kind, VariableDeclarationKind as DeclarationKind } from 'ts-morph';

export const StructureKind = {
  Class: 2 as Kind.Class,
  ExportDeclaration: 11 as Kind.ExportDeclaration,
  Function: 13 as Kind.Function,
  ImportDeclaration: 16 as Kind.ImportDeclaration,
  Interface: 19 as Kind.Interface,
  TypeAlias: 38 as Kind.TypeAlias,
  VariableStatement: 41 as Kind.VariableStatement,
} as const;

export const VariableDeclarationKind = {
  Const: 'const' as DeclarationKind.Const,
} as const;
