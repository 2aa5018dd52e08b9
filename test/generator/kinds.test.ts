/** The structure kinds the emitters use without loading ts-morph (generator/print/kinds.ts) are ts-morph's own. */
import * as tsMorph from 'ts-morph';
import { expect, it } from 'vitest';
import { StructureKind, VariableDeclarationKind } from '../../generator/print/kinds.js';

it("has ts-morph's value for each kind", () => {
  for (const [name, value] of Object.entries(StructureKind))
    expect(value, name).toBe(tsMorph.StructureKind[name as keyof typeof StructureKind]);
  for (const [name, value] of Object.entries(VariableDeclarationKind))
    expect(value, name).toBe(tsMorph.VariableDeclarationKind[name as keyof typeof VariableDeclarationKind]);
});
