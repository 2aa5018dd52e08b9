/**
 * Reads a spec: YAML (keeping positions) -> schema validation -> resolution into the model. One run shows every
 * problem, in the order of the text: the structure's, and those of references and duplicates in what passed it. The marks import-wsdl leaves for a person (a value or
 * a comment that starts with TODO(import)) are warnings, or errors when `strict`.
 */
import { readFileSync } from 'node:fs';
import { dirname, posix, relative, sep } from 'node:path';
import { CST, Lexer, LineCounter, isPair, isScalar, isSeq, parseDocument, visit, type Document } from 'yaml';
import type { ServiceModel } from '../model/types.js';
import { SpecError, SpecReadError, formatPath, type SpecIssue } from './errors.js';
import { fileFailure } from './read-failure.js';
import { SourceLocator, type SpecPath } from './locate.js';
import { resolveSpec } from './resolve.js';
import { SetAside, salvage, type ResolvableSpec } from './salvage.js';
import { plainMessage, schemaIssues } from './schema-messages.js';
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
export function loadSpec(
  file: string,
  options: Omit<ParseOptions, 'baseDir' | 'source'> & { cwd?: string } = {},
): ServiceModel {
  const shown = displayName(file, options.cwd ?? process.cwd());
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const draft =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `, or draft it from a WSDL: svc-codegen import-wsdl Service.wsdl --out ${shown}`
        : '';
    throw new SpecReadError(shown, `${fileFailure(error)}${draft}`);
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
  const issueAt = (p: { offset: number; path?: SpecPath; message: string }): SpecIssue => {
    const pos = lines.linePos(p.offset);
    return { file, line: pos.line, column: pos.col, path: formatPath(p.path ?? []), message: p.message };
  };
  const marks = importMarks(text, doc);
  const problems = [
    ...doc.errors.map((e) => ({ offset: e.pos[0], message: yamlMessage(e.message) })),
    ...duplicateKeys(doc).map((d) => ({
      offset: d.offset,
      path: d.path,
      message: `duplicate key "${d.key}" (map keys must be unique)`,
    })),
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
  const parsed = specSchema.safeParse(input, { error: plainMessage });
  let raw: ResolvableSpec;
  let aside = SetAside.none;
  const structure: SpecIssue[] = [];
  if (parsed.success) raw = parsed.data;
  else {
    structure.push(...parsed.error.issues.flatMap((issue) => schemaIssues(issue, [], at, input)));
    // What passed the schema is resolved too, so that one run also shows its reference and duplicate problems.
    const rest = salvage(input, parsed.error.issues);
    if (rest === undefined) throw new SpecError(inTextOrder(structure, file));
    ({ raw, aside } = rest);
  }
  const resolved = resolveSpec(raw, options.source ?? file, at, aside);
  const simulatorAt = (message: string) => at(['mock', 'simulator'], message);
  const folder = raw.mock?.simulator;
  let simulator: ReturnType<typeof readSimulator> = { issues: [] };
  if (folder !== undefined) {
    simulator =
      options.baseDir === undefined
        ? {
            issues: [
              simulatorAt('a spec with a simulator must be loaded from its file (the folder is read beside it)'),
            ],
          }
        : readSimulator(folder, options.baseDir, posix.dirname(file), simulatorAt);
  }
  const issues = [...structure, ...resolved.issues, ...simulator.issues];
  if (issues.length > 0) throw new SpecError(inTextOrder(issues, file));
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
        found.push({
          offset: node.range?.[0] ?? 0,
          message: `${IMPORT_TODO} left by import-wsdl: decide it and write the value`,
        });
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
        found.push({
          offset: offset + token.indexOf(IMPORT_TODO),
          message: `${IMPORT_TODO} left by import-wsdl: ${asks || 'decide it'}`,
        });
      }
    }
    if (!ZERO_WIDTH.has(token)) offset += token.length;
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * Keys given twice in one map, each with the offset and spec path of its second (or later) appearance (the caller
 * sorts). Keys are the same when their values are, as the yaml library compares them; keys that are not scalars never
 * are.
 */
function duplicateKeys(doc: Document): Array<{ key: string; offset: number; path: SpecPath }> {
  const found: Array<{ key: string; offset: number; path: SpecPath }> = [];
  visit(doc, {
    Map(_, map, ancestors) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        if (seen.has(pair.key.value))
          found.push({ key, offset: pair.key.range?.[0] ?? 0, path: [...specPath([...ancestors, map]), key] });
        else seen.add(pair.key.value);
      }
    },
  });
  return found;
}

/** The spec path of a node, from the chain of nodes the yaml library's visitor gives (the document first). */
function specPath(chain: readonly unknown[]): SpecPath {
  const path: Array<string | number> = [];
  chain.forEach((node, i) => {
    const next = chain[i + 1];
    if (isPair(node) && isScalar(node.key)) path.push(String(node.key.value));
    else if (isSeq(node) && next !== undefined) path.push(node.items.indexOf(next as never));
  });
  return path;
}

/** Problems in the order of the text: the spec's first, then those of other files (a simulator's), by file. */
function inTextOrder(issues: readonly SpecIssue[], spec: string): SpecIssue[] {
  const rank = (i: SpecIssue) => (i.file === spec ? '' : i.file);
  return [...issues].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra < rb ? -1 : ra > rb ? 1 : a.line - b.line || a.column - b.column;
  });
}
