/**
 * Reads a spec: YAML (keeping positions) -> schema validation -> resolution into the model. Every problem of a
 * stage is collected before failing, so one run shows them all. The marks import-wsdl leaves for a person (a value or
 * a comment that starts with TODO(import)) are warnings, or errors when `strict`.
 */
import { readFileSync } from 'node:fs';
import { dirname, posix, relative, sep } from 'node:path';
import { CST, Lexer, LineCounter, isScalar, parseDocument, visit, type Document } from 'yaml';
import type { z } from 'zod';
import type { ServiceModel } from '../model/types.js';
import { SpecError, formatPath, type SpecIssue } from './errors.js';
import { SourceLocator, type SpecPath } from './locate.js';
import { resolveSpec } from './resolve.js';
import { specSchema } from './schema.js';
import { readSimulator } from './simulator.js';

export interface ParseOptions {
  /** The folder the spec's relative paths start from (its own folder); needed only by a spec that names a simulator. */
  readonly baseDir?: string;
  /** The TODO(import) marks are errors rather than warnings (for CI). */
  readonly strict?: boolean;
  /** Receives each warning (a TODO(import) mark when not `strict`), in the order of the text. */
  readonly onWarning?: (warning: SpecIssue) => void;
  /** What the model names as its source (generated headers); default `file`. */
  readonly source?: string;
}

/** Loads, validates and resolves the spec at `file`; throws `SpecError` listing every problem found. */
export function loadSpec(file: string, options: Omit<ParseOptions, 'baseDir' | 'source'> & { cwd?: string } = {}): ServiceModel {
  const shown = displayName(file, options.cwd ?? process.cwd());
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(error);
    throw new SpecError([{ file: shown, line: 1, column: 1, path: '', message: `cannot read the spec: ${reason}` }]);
  }
  const { cwd: _cwd, ...rest } = options;
  return parseSpec(text, shown, { ...rest, baseDir: dirname(file) });
}

/** Parses spec text that was read elsewhere; `file` is the name used in messages and (by default) generated headers. */
export function parseSpec(text: string, file: string, options: ParseOptions = {}): ServiceModel {
  const lines = new LineCounter();
  // The yaml library's own check of unique keys compares each key with every earlier one of its map, which is
  // quadratic in the size of a map (a spec of thousands of operations has maps of thousands of keys).
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const issueAt = (p: { offset: number; message: string }): SpecIssue => {
    const pos = lines.linePos(p.offset);
    return { file, line: pos.line, column: pos.col, path: '', message: p.message };
  };
  const marks = importMarks(text, doc);
  const problems = [
    ...doc.errors.map((e) => ({ offset: e.pos[0], message: yamlMessage(e.message) })),
    ...duplicateKeys(doc).map((d) => ({ offset: d.offset, message: `duplicate key "${d.key}" (map keys must be unique)` })),
    ...(options.strict ? marks : []),
  ];
  if (problems.length > 0) throw new SpecError(problems.sort((a, b) => a.offset - b.offset).map(issueAt));
  if (!options.strict && options.onWarning) for (const m of marks) options.onWarning(issueAt(m));
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
  const resolved = resolveSpec(parsed.data, options.source ?? file, at);
  const simulatorAt = (message: string) => at(['mock', 'simulator'], message);
  const folder = parsed.data.mock?.simulator;
  let simulator: ReturnType<typeof readSimulator> = { issues: [] };
  if (folder !== undefined) {
    simulator =
      options.baseDir === undefined
        ? { issues: [simulatorAt('a spec with a simulator must be loaded from its file (the folder is read beside it)')] }
        : readSimulator(folder, options.baseDir, posix.dirname(file), simulatorAt);
  }
  const issues = [...resolved.issues, ...simulator.issues];
  if (issues.length > 0) throw new SpecError(issues);
  return simulator.simulator ? { ...resolved.model, simulator: simulator.simulator } : resolved.model;
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

/**
 * What `svc-codegen import-wsdl` writes where a decision is left to a person (generator/import): a comment that starts
 * with it, saying what to decide. A value that starts with it (as drafts of earlier versions wrote) is one too.
 */
export const IMPORT_TODO = 'TODO(import)';

/** The lexer's markers that stand for no source text (the BOM is text: one character). */
const ZERO_WIDTH = new Set([CST.DOCUMENT, CST.FLOW_END, CST.SCALAR]);

/**
 * The marks still in the spec, in the order of the text: each value and each comment that starts with
 * {@link IMPORT_TODO}, with what it asks. A comment saying it anywhere else (a note about marks) is not one.
 */
function importMarks(text: string, doc: Document): Array<{ offset: number; message: string }> {
  // Most specs have none; the comments are read (a second parse) only when the text has one at all.
  if (!text.includes(IMPORT_TODO)) return [];
  const found: Array<{ offset: number; message: string }> = [];
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && node.value.startsWith(IMPORT_TODO)) {
        found.push({ offset: node.range?.[0] ?? 0, message: `${IMPORT_TODO} left by import-wsdl: decide it and write the value` });
      }
    },
  });
  // The lexer's tokens are the source text in order, but for a few zero-width markers of its own.
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (token.startsWith('#')) {
      const body = token.replace(/^#\s*/, '');
      if (body.startsWith(IMPORT_TODO)) {
        const asks = body.slice(IMPORT_TODO.length).replace(/^:?\s*/, '');
        found.push({ offset: offset + token.indexOf(IMPORT_TODO), message: `${IMPORT_TODO} left by import-wsdl: ${asks || 'decide it'}` });
      }
    }
    if (!ZERO_WIDTH.has(token)) offset += token.length;
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Keys given twice in one map, each with the offset of its second (or later) appearance (the caller sorts). Keys
 * are the same when their values are, as the yaml library compares them; keys that are not scalars never are.
 */
function duplicateKeys(doc: Document): Array<{ key: string; offset: number }> {
  const found: Array<{ key: string; offset: number }> = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        if (seen.has(pair.key.value)) found.push({ key: String(pair.key.value), offset: pair.key.range?.[0] ?? 0 });
        else seen.add(pair.key.value);
      }
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
