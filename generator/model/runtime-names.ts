/**
 * The names the hand-written runtime (templates/runtime) exports: the generated files import them by name, so a
 * declaration the generator makes from a spec name must not take one (a record named `Style` or `XmlReader`, an enum
 * whose encoder would be `encodeString`). Read from the sources, so a new runtime export is reserved without a list
 * to keep.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RUNTIME_DIR = fileURLToPath(new URL('../../templates/runtime/', import.meta.url));

/** `export const X`, `export function X`, `export class X`, ..., and the names of `export { a, type B } from` lists. */
const DECLARED =
  /^export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|interface|type|function\*?|const|let|var|enum)\s+([A-Za-z_$][\w$]*)/gm;
const LISTED = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;

function exportsOf(source: string): string[] {
  const names = [...source.matchAll(DECLARED)].map((m) => m[1]!);
  for (const m of source.matchAll(LISTED)) {
    for (const item of m[1]!.split(',')) {
      const name = item
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/** Every name exported by a runtime source, sorted. */
export const RUNTIME_EXPORTS: readonly string[] = [
  ...new Set(
    readdirSync(RUNTIME_DIR, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .flatMap((name) => exportsOf(readFileSync(`${RUNTIME_DIR}${name}`, 'utf8'))),
  ),
].sort();
