/** A generated file's imports come from the names it writes (generator/print/imports.ts), in the table's order. */
import { describe, expect, it } from 'vitest';
import { ImportSet, type ImportTable } from '../../generator/print/imports.js';
import { Printer } from '../../generator/print/printer.js';
import { StructureKind } from '../../generator/print/kinds.js';
import type { ServiceModel } from '../../generator/model/types.js';

const TABLE: ImportTable = [
  { module: './core.js', names: ['Core', { name: 'CoreType', type: true }] },
  { module: './clock.js', names: ['Clock'] },
  { module: './types.js', typeOnly: true, names: ['Handlers', 'Name'] },
];

const ROWS: ReadonlyArray<readonly [used: readonly string[], imports: string]> = [
  [[], ''],
  [['Clock'], "import { Clock } from './clock.js';"],
  [['CoreType'], "import { type CoreType } from './core.js';"],
  [
    ['Name', 'Clock', 'Core'],
    "import { Core } from './core.js';\nimport { Clock } from './clock.js';\nimport type { Name } from './types.js';",
  ],
  [['Name', 'Handlers', 'Name'], "import type { Handlers, Name } from './types.js';"],
];

const printer = new Printer({ source: 'spec.yaml' } as ServiceModel);

describe('ImportSet', () => {
  it.each(ROWS)('after %j imports %j, names and modules in the order of the table', (used, imports) => {
    const set = new ImportSet(TABLE);
    const file = printer.typescript(
      'a.ts',
      [(w) => void w.writeLine(`export const x = [${used.map((n) => set.use(n)).join(', ')}];`)],
      {
        imports: set,
      },
    );
    const body = file.content.slice(file.content.indexOf('\n\n') + 2).trim();
    expect(body).toBe(`${imports === '' ? '' : `${imports}\n\n`}export const x = [${used.join(', ')}];`);
  });

  it('records names used by writer functions, which run only as the file is printed', () => {
    const set = new ImportSet(TABLE);
    const file = printer.typescript(
      'a.ts',
      [
        {
          kind: StructureKind.VariableStatement,
          declarations: [{ name: 'c', initializer: (w) => void w.write(`new ${set.use('Clock')}()`) }],
        },
      ],
      { imports: set },
    );
    expect(file.content).toMatch(/\nimport \{ Clock \} from '\.\/clock\.js';\n\n\w+ c = new Clock\(\);/);
  });

  it.each([
    ['a name outside the table', () => new ImportSet(TABLE).use('Other'), 'Other is not in the import table'],
    [
      'a name in two modules of the table',
      () => new ImportSet([...TABLE, { module: './other.js', names: [{ name: 'CoreType', type: true }] }]),
      'CoreType is in the import table twice',
    ],
  ])('refuses %s', (_what, make, message) => {
    expect(make).toThrow(message);
  });
});
