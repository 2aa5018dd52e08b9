/**
 * The schema's problems as sentences a spec author can act on: what a value must be and what was found there, an
 * unknown key with the keys allowed in its place and a guess at the one meant. The validator's own texts ("Too small:
 * expected string to have >=1 characters") name its internals, not the spec, so none of them reaches a user.
 */
import { z } from 'zod';
import type { SpecIssue } from './errors.js';
import type { SpecPath } from './locate.js';
import { suggest } from './suggest.js';

type At = (path: SpecPath, message: string, key?: boolean) => SpecIssue;

/**
 * The sentence for each kind of issue the validator raises, as its error map: it is asked only where the schema does
 * not word a problem itself (the schema's own messages are sentences of the same form, "must be an identifier (...)").
 */
export function plainMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      // A whole number that was given text is reported by the validator as not a number at all.
      const expected = issue.expected === 'number' && wholeNumber(issue.inst) ? 'int' : issue.expected;
      return `must be ${expectedNoun(expected)} (found ${found(issue.input, expected)})`;
    }
    case 'invalid_value': {
      const values = issue.values.map((v) => (typeof v === 'string' ? v : String(v)));
      const allowed = values.length === 1 ? values[0]! : `one of: ${values.join(', ')}`;
      return `must be ${allowed} (found ${found(issue.input)})`;
    }
    case 'too_small':
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive ?? true, issue.input);
    case 'too_big':
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive ?? true, issue.input);
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern !== undefined
        ? `must match the pattern ${issue.pattern}`
        : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)} (found ${found(issue.input)})`;
    case 'unrecognized_keys':
      return unknownKeys(issue);
    case 'invalid_key':
      return `the key ${quote(issue.input)} ${issue.issues.map((i) => i.message).join('; ')}`;
    case 'invalid_element':
      return `holds a value that ${issue.issues.map((i) => i.message).join('; ')}`;
    case 'invalid_union':
      // Replaced by the alternative the author most likely meant (see schemaIssues); this is the last resort.
      return 'does not match any of the forms allowed here';
    case 'custom':
      return 'is not valid here';
  }
}

function wholeNumber(schema: unknown): boolean {
  if (!(schema instanceof z.core.$ZodNumber)) return false;
  return (schema._zod.def.checks ?? []).some(
    (c) => c._zod.def.check === 'number_format' && (c as z.core.$ZodCheckNumberFormat)._zod.def.format.endsWith('int'),
  );
}

/**
 * One sentence per unknown key, a line each (in the order of `keys`), so that each can be reported at its own key:
 * the key meant (only when one allowed key is close), then every key allowed in that map.
 */
function unknownKeys(issue: z.core.$ZodRawIssue<z.core.$ZodIssueUnrecognizedKeys>): string {
  const shape = issue.inst instanceof z.core.$ZodObject ? issue.inst._zod.def.shape : undefined;
  const allowed = shape === undefined ? [] : Object.keys(shape);
  // A key the map already has is not the one a typo meant.
  const given = new Set(issue.input !== null && typeof issue.input === 'object' ? Object.keys(issue.input) : []);
  const free = allowed.filter((k) => !given.has(k));
  return issue.keys
    .map(
      (key) =>
        `unknown key ${quote(key)}${suggest(key, free)}${allowed.length > 0 ? `; allowed here: ${allowed.join(', ')}` : ''}`,
    )
    .join('\n');
}

/** The issues of one validator issue, each at its place in the spec (`base` is the path the issue's is relative to). */
export function schemaIssues(issue: z.core.$ZodIssue, base: SpecPath, at: At, input: unknown): SpecIssue[] {
  const path = [...base, ...(issue.path as Array<string | number>)];
  const missing = issue.code === 'unrecognized_keys' ? undefined : missingKey(input, path);
  // An absent key reads as a wrong type ("found nothing"); say what is wrong instead.
  if (missing !== undefined) return [at(path, `missing required key "${missing}"`)];
  if (path.length === 0 && (input === null || input === undefined))
    return [at(path, 'the spec is empty: it needs at least specVersion, service and operations')];
  switch (issue.code) {
    case 'unrecognized_keys': {
      const lines = issue.message.split('\n');
      return issue.keys.map((k, i) =>
        at([...path, k], lines.length === issue.keys.length ? lines[i]! : `unknown key ${quote(k)}`, true),
      );
    }
    case 'invalid_key':
      return [at(path, issue.message, true)];
    case 'invalid_union':
      return unionIssues(issue, path, at, input);
    default:
      return [at(path, issue.message)];
  }
}

/**
 * A value that matches none of the forms allowed in its place. When it has the shape of one of them (a map where a
 * map form is allowed), that form's problems are reported: of those forms, the one whose keys fit best. When it has
 * the shape of none, the forms allowed are listed.
 */
function unionIssues(issue: z.core.$ZodIssueInvalidUnion, path: SpecPath, at: At, input: unknown): SpecIssue[] {
  const branches = issue.errors.filter((b) => b.length > 0);
  const fitting = branches.filter((b) => !wrongShape(b));
  if (fitting.length === 0) return [at(path, `must be ${orList(forms(issue))} (found ${found(valueAt(input, path))})`)];
  const best = fitting
    .map((b) => ({ b, cost: cost(b) }))
    .sort((x, y) => x.cost[0] - y.cost[0] || x.cost[1] - y.cost[1])[0]!.b;
  return best.flatMap((i) => schemaIssues(i, path, at, input));
}

/** A branch that fails at its root on the kind of value (a string where it takes a map): not the form meant. */
function wrongShape(branch: readonly z.core.$ZodIssue[]): boolean {
  return branch.every(
    (i) =>
      i.path.length === 0 &&
      (i.code === 'invalid_type' ||
        i.code === 'invalid_value' ||
        (i.code === 'invalid_union' && i.errors.every((b) => wrongShape(b)))),
  );
}

/**
 * How badly a branch fits: its unknown keys (a key of another form), then its problems. An unknown key deeper inside
 * the branch (a typo in an item of a choice's list) is a problem of the form meant, not a sign of another form.
 */
function cost(branch: readonly z.core.$ZodIssue[]): [number, number] {
  let unknown = 0;
  let count = 0;
  for (const i of branch) {
    if (i.code === 'unrecognized_keys' && i.path.length === 0) unknown += i.keys.length;
    if (i.code === 'invalid_union') {
      const nested = i.errors.map(cost).sort((x, y) => x[0] - y[0] || x[1] - y[1])[0] ?? [0, 1];
      // A union deeper inside (the forms of a choice's alternative) fits the form meant, whatever its keys.
      if (i.path.length === 0) unknown += nested[0];
      count += i.path.length === 0 ? nested[1] : nested[0] + nested[1];
    } else count += 1;
  }
  return [unknown, count];
}

/** The forms a union allows, in words: `a string`, `a map`, `void`. */
function forms(issue: z.core.$ZodIssueInvalidUnion): string[] {
  const out: string[] = [];
  for (const branch of issue.errors) {
    for (const i of branch) {
      if (i.path.length > 0) continue;
      if (i.code === 'invalid_type') out.push(expectedNoun(i.expected));
      else if (i.code === 'invalid_value')
        out.push(...i.values.map((v) => (typeof v === 'string' ? quote(v) : String(v))));
      else if (i.code === 'invalid_union') out.push(...forms(i));
    }
  }
  return [...new Set(out)];
}

function orList(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? 'something else')
    : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]!}`;
}

const NOUNS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a map',
  record: 'a map',
  array: 'a list',
  null: 'null',
};

function expectedNoun(expected: string): string {
  return NOUNS[expected] ?? `a ${expected}`;
}

/** What was found, in the words of YAML: `a number: 12`, `a string: "yes"`, `a list`. */
function found(value: unknown, expected?: string): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null: the value is empty, or null not in quotes';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `a string: ${quote(value)}`;
  const text =
    typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : typeof value;
  // YAML reads 12, 1.0 and true as numbers and booleans; where text is meant, quoting says so.
  const hint = expected === 'string' ? `; quote it, '${text}', to make it text` : '';
  return `${typeof value === 'boolean' ? 'a boolean' : 'a number'}: ${text}${hint}`;
}

function tooSmall(origin: string, minimum: number, inclusive: boolean, input: unknown): string {
  if ((origin === 'string' || origin === 'array' || origin === 'set') && inclusive && minimum === 1)
    return 'must not be empty';
  if (origin === 'string') return `must have at least ${minimum} characters`;
  if (origin === 'array' || origin === 'set') return `must have at least ${minimum} items`;
  return `must be ${inclusive ? 'at least' : 'more than'} ${minimum} (found ${found(input)})`;
}

function tooBig(origin: string, maximum: number, inclusive: boolean, input: unknown): string {
  if (origin === 'string') return `must have at most ${maximum} characters`;
  if (origin === 'array' || origin === 'set') return `must have at most ${maximum} items`;
  return `must be ${inclusive ? 'at most' : 'less than'} ${maximum} (found ${found(input)})`;
}

/** A value quoted for a message, long text cut short. */
function quote(value: unknown): string {
  const text = String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function valueAt(input: unknown, path: SpecPath): unknown {
  let value = input;
  for (const step of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** The last key of `path` when it is absent from an existing map (a required key left out), else undefined. */
function missingKey(input: unknown, path: SpecPath): string | undefined {
  const last = path[path.length - 1];
  if (typeof last !== 'string') return undefined;
  const parent = valueAt(input, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
  return Object.hasOwn(parent, last) ? undefined : last;
}
