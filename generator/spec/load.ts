/**
 * Reads a spec: YAML (keeping positions) -> schema validation -> resolution into the model. Every problem of a
 * stage is collected before failing, so one run shows them all.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { LineCounter, isScalar, parseDocument, visit, type Document } from 'yaml';
import type { z } from 'zod';
import type { ServiceModel } from '../model/types.js';
import { SpecError, formatPath, type SpecIssue } from './errors.js';
import { SourceLocator, type SpecPath } from './locate.js';
import { resolveSpec } from './resolve.js';
import { specSchema } from './schema.js';

/** Loads, validates and resolves the spec at `file`; throws `SpecError` listing every problem found. */
export function loadSpec(file: string, options: { cwd?: string } = {}): ServiceModel {
  const shown = displayName(file, options.cwd ?? process.cwd());
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    throw new SpecError([{ file: shown, line: 1, column: 1, path: '', message: `cannot read the spec: ${reason}` }]);
  }
  return parseSpec(text, shown);
}

/** Parses spec text that was read elsewhere; `file` is the name used in messages and generated headers. */
export function parseSpec(text: string, file: string): ServiceModel {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    throw new SpecError(
      doc.errors.map((e) => {
        const pos = lines.linePos(e.pos[0]);
        const key = e.code === 'DUPLICATE_KEY' ? keyAt(doc, e.pos[0]) : undefined;
        const message = key === undefined ? yamlMessage(e.message) : `duplicate key "${key}" (map keys must be unique)`;
        return { file, line: pos.line, column: pos.col, path: '', message };
      }),
    );
  }
  const locator = new SourceLocator(doc, lines);
  const at = (path: SpecPath, message: string, key = false): SpecIssue => ({
    file,
    ...locator.locate(path, { key }),
    path: formatPath(path),
    message,
  });

  const input: unknown = doc.toJS();
  const parsed = specSchema.safeParse(input);
  if (!parsed.success) {
    throw new SpecError(parsed.error.issues.flatMap((issue) => schemaIssues(issue, [], at, input)));
  }
  const resolved = resolveSpec(parsed.data, file, at);
  if (resolved.issues.length > 0) throw new SpecError(resolved.issues);
  return resolved.model;
}

function displayName(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return (rel.startsWith('..') ? file : rel).split(sep).join('/');
}

/** The yaml library's messages repeat the source excerpt; keep the first sentence. */
function yamlMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, '');
}

type At = (path: SpecPath, message: string, key?: boolean) => SpecIssue;

/** The name of the map key that starts at `offset` (the yaml library points duplicate-key errors there). */
function keyAt(doc: Document, offset: number): string | undefined {
  let found: string | undefined;
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.range?.[0] === offset) {
        found = String(pair.key.value);
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function schemaIssues(issue: z.core.$ZodIssue, base: SpecPath, at: At, input: unknown): SpecIssue[] {
  const path = [...base, ...(issue.path as Array<string | number>)];
  const missing = issue.code === 'unrecognized_keys' ? undefined : missingKey(input, path);
  // zod words an absent key as a wrong type ("expected string, received undefined"); say what is wrong instead.
  if (missing !== undefined) return [at(path, `missing required key "${missing}"`)];
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => at([...path, k], `unknown key "${k}"; expected one of the keys the spec format defines`, true));
    case 'invalid_union': {
      // Report the alternative that got furthest (the deepest path), which is what the author most likely meant.
      const branches = issue.errors.filter((b) => b.length > 0);
      const best = branches.sort((a, b) => depth(b) - depth(a))[0];
      if (best && depth(best) > 0) return best.flatMap((i) => schemaIssues(i, path, at, input));
      return [at(path, issue.message === 'Invalid input' ? 'does not match any allowed form' : issue.message)];
    }
    default:
      return [at(path, issue.message.replace(/^Invalid input: /, ''))];
  }
}

/** The last key of `path` when it is absent from an existing map (a required key left out), else undefined. */
function missingKey(input: unknown, path: SpecPath): string | undefined {
  const last = path[path.length - 1];
  if (typeof last !== 'string') return undefined;
  let parent: unknown = input;
  for (const step of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return undefined;
    parent = (parent as Record<string | number, unknown>)[step];
  }
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  return Object.hasOwn(parent, last) ? undefined : last;
}

function depth(issues: readonly z.core.$ZodIssue[]): number {
  return Math.max(...issues.map((i) => i.path.length));
}
