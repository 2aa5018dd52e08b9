/**
 * Reads the folder a spec names under `mock.simulator`: the hand-written behaviour of that one service, which the
 * generated mock ships and falls back to. The files are TypeScript that imports generated code as
 * `#generated/<path>` (a package.json "imports" alias, so the folder type-checks in place against the generated
 * output); the emitter rewrites those specifiers relative to the copy. Anything else that would not resolve inside
 * the generated package is refused here, with the file, line and column of the import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix, relative, resolve, sep } from 'node:path';
import type { SimulatorFileModel, SimulatorModel } from '../model/types.js';
import type { SpecIssue } from './errors.js';
import { importedSpecifiers } from './import-specifiers.js';

/** The specifier prefix that stands for the root of the generated output. */
export const GENERATED_PREFIX = '#generated/';

/** The file that must export `createSimulator`. */
export const SIMULATOR_INDEX = 'index.ts';

/**
 * Reads the simulator folder `folder` (relative to `baseDir`, the spec's folder). Problems of the folder itself are
 * reported at `at` (the spec's `mock.simulator` node); problems inside a file at that file's line and column.
 */
export function readSimulator(
  folder: string,
  baseDir: string,
  shownBase: string,
  at: (message: string) => SpecIssue,
): { simulator?: SimulatorModel; issues: SpecIssue[] } {
  const root = resolve(baseDir, folder);
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    return { issues: [at(`the simulator folder "${folder}" does not exist beside the spec`)] };
  }
  const names = typescriptFiles(root);
  if (!names.includes(SIMULATOR_INDEX)) {
    return {
      issues: [at(`the simulator folder "${folder}" has no ${SIMULATOR_INDEX} (it must export createSimulator)`)],
    };
  }
  const issues: SpecIssue[] = [];
  const files: SimulatorFileModel[] = [];
  for (const name of names) {
    const text = readFileSync(join(root, ...name.split('/')), 'utf8').replace(/\r\n/g, '\n');
    const shown = posix.join(shownBase, folder, name);
    files.push({
      kind: 'simulatorFile',
      name,
      source: shown,
      text,
      generatedImports: importsOf(text, name, names, shown, issues),
    });
  }
  return issues.length > 0 ? { issues } : { simulator: { kind: 'simulator', folder, files }, issues };
}

/** The .ts files under `root` (not tests, not declarations), as sorted / paths. */
function typescriptFiles(root: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (
      !entry.isFile() ||
      !entry.name.endsWith('.ts') ||
      entry.name.endsWith('.test.ts') ||
      entry.name.endsWith('.d.ts')
    )
      continue;
    found.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return found.sort();
}

/** The `#generated/` imports of one file; every other import must stay inside the folder or name a package. */
function importsOf(
  text: string,
  name: string,
  names: readonly string[],
  shown: string,
  issues: SpecIssue[],
): SimulatorFileModel['generatedImports'] {
  const found: Array<{ start: number; end: number; target: string }> = [];
  const problem = (pos: number, message: string) => {
    const before = text.slice(0, pos).split('\n');
    issues.push({ file: shown, line: before.length, column: before[before.length - 1]!.length + 1, path: '', message });
  };
  // Imports, re-exports and import() calls, and nothing inside comments or strings.
  for (const ref of importedSpecifiers(text)) {
    const specifier = ref.specifier;
    if (specifier.startsWith(GENERATED_PREFIX)) {
      const target = specifier.slice(GENERATED_PREFIX.length);
      if (target === '' || target.split('/').some((part) => part === '..' || part === '.' || part === '')) {
        problem(ref.pos, `"${specifier}" must name a file of the generated output, e.g. #generated/mock/types.js`);
      } else {
        // The reference's span starts at the opening quote; the specifier itself is what is replaced.
        const start = text.indexOf(specifier, ref.pos);
        found.push({ start, end: start + specifier.length, target });
      }
    } else if (specifier.startsWith('.')) {
      const target = posix.normalize(posix.join(posix.dirname(name), specifier));
      const source = target.replace(/\.js$/, '.ts');
      if (!names.includes(source)) {
        problem(
          ref.pos,
          `"${specifier}" is not a file of the simulator folder (import generated code as ${GENERATED_PREFIX}<path>, other files of the folder as ./<name>.js)`,
        );
      }
    } else if (specifier.startsWith('#') || specifier.startsWith('/')) {
      problem(
        ref.pos,
        `"${specifier}" would not resolve in the generated package; import generated code as ${GENERATED_PREFIX}<path>`,
      );
    } else if (!specifier.startsWith('node:') && builtinModules.includes(specifier.split('/')[0]!)) {
      problem(ref.pos, `import Node's "${specifier}" as "node:${specifier}"`);
    }
    // Other bare specifiers are npm packages: the package emitter pins them from the generator's own package.json.
  }
  return found;
}
