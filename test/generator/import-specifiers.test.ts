/**
 * The simulator's imports are found by a small scanner (generator/load/import-specifiers.ts), not by the TypeScript
 * compiler: it must see what `ts.preProcessFile` sees, and nothing inside comments, strings, templates or regular
 * expressions.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importedSpecifiers } from '../../generator/load/import-specifiers.js';
import { PAYER_SIMULATOR, fromRoot } from '../helpers/paths.js';

function byCompiler(text: string): Array<{ specifier: string; pos: number }> {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => ({ specifier: f.fileName, pos: f.pos }));
}

const TRICKY = [
  "import a from 'a';\nimport type { B } from \"b\";\nimport * as c from './c.js';\nimport './side.js';",
  "export * from './x.js';\nexport { y } from '#generated/y.js';\nexport type { Z } from './z.js';\nexport const from = 'not-an-import';",
  "// import a from 'comment';\n/* import b from 'block' */\nconst s = \"import c from 'string'\";",
  "const t = `import a from 'template' ${x ? `nested ${'y'}` : '}'} import b from 'still template'`;\nimport real from './after-template.js';",
  "if (x) { return /['\"]/.test(y); }\nobj.import('not-this');\nconst u = import.meta.url;\nimport {\n  a,\n  b,\n} from './multi.js';",
];

describe('the import scanner', () => {
  it.each(TRICKY.map((t, i) => [i, t] as const))('finds what the compiler finds (%i)', (_, text) => {
    expect(importedSpecifiers(text)).toEqual(byCompiler(text));
  });

  it("skips regular expressions, which the compiler's preProcessFile reads as code", () => {
    const text =
      "const r = /import a from 'regex'/g;\nconst d = a / b / c;\nconst m = await import('./dynamic.js');\nconst q = require('./required.js');";
    expect(byCompiler(text).map((s) => s.specifier)).toContain('regex');
    expect(importedSpecifiers(text)).toEqual([
      { specifier: './dynamic.js', pos: text.indexOf("'./dynamic.js'") },
      { specifier: './required.js', pos: text.indexOf("'./required.js'") },
    ]);
  });

  it("reads a regular expression that opens a template's substitution, and the imports after it", () => {
    // Read as a division, the regular expression's quote would open a string that swallows the import.
    const text = "const t = `${/'/.test(x)}`; import z from './z.js';";
    expect(importedSpecifiers(text)).toEqual([{ specifier: './z.js', pos: text.indexOf("'./z.js'") }]);
  });

  it('in every file of the payer simulator', () => {
    const dir = fromRoot(PAYER_SIMULATOR);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      expect(importedSpecifiers(text), f).toEqual(byCompiler(text));
    }
  });
});
