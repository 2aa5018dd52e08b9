/**
 * The scenario: the data the simulated payer service starts with (payers, balances, fees, payees, sub payers...),
 * read from YAML or JSON. Every problem found is reported at once, each at its file:line:column.
 *
 * Node builtins, `yaml`, `zod` and the generated runtime only: the generator copies this folder into the mock.
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import {
  LineCounter,
  isAlias,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import { z } from 'zod';
import { nonXmlCharOf } from '#generated/runtime/codec/xml-chars.js';

export interface ScenarioIssue {
  readonly file: string;
  /** 1-based; 0 for a scenario given as an object, which has no source text. */
  readonly line: number;
  readonly column: number;
  /** Where in the scenario, e.g. `payers[0].accounts[1].balance`; empty for YAML syntax problems. */
  readonly path: string;
  readonly message: string;
}

/** Thrown when a scenario cannot be read, parsed or validated; `message` has one issue per line. */
export class ScenarioError extends Error {
  readonly issues: readonly ScenarioIssue[];

  constructor(issues: readonly ScenarioIssue[]) {
    super(issues.map(formatIssue).join('\n'));
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

function formatIssue(issue: ScenarioIssue): string {
  const where = issue.path ? ` ${issue.path}:` : '';
  return `${issue.file}:${issue.line}:${issue.column}:${where} ${issue.message}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Schema

/** The largest long: no request id is above it. */
export const LONG_MAX = 9223372036854775807n;
/** Request ids the simulator can always issue after the first: so many requests fit below the largest long. */
export const REQUEST_ID_ROOM = 1000;
/** The largest `settings.firstRequestId`: 2^63 - 1000, so that ids up to 2^63 - 1 (the largest long) are left. */
export const MAX_FIRST_REQUEST_ID = (LONG_MAX + 1n - BigInt(REQUEST_ID_ROOM)).toString();
const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
const AMOUNT_MESSAGE = 'must be an amount with at most 2 decimals, e.g. "10000.00"';
const DATE_MESSAGE = 'must be an ISO 8601 date-time with seconds and Z or an offset, e.g. "2026-01-31T09:00:00Z"';
// ICU's list of ISO 4217 codes in use; an empty list (a Node built without it) only leaves the format check.
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const nonEmpty = z.string().min(1, 'must not be empty');
const seconds = z.number().nonnegative('must not be negative');

// A long can exceed 2^53, so it is kept as text; a small YAML number is accepted for convenience.
const requestId = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v),
  z
    .string({ error: 'must be a decimal string such as "1000" (quote it: a long can exceed 2^53)' })
    .refine(
      (id) => /^[1-9][0-9]{0,18}$/.test(id) && BigInt(id) <= BigInt(MAX_FIRST_REQUEST_ID),
      `must be a decimal integer from 1 to ${MAX_FIRST_REQUEST_ID} (2^63 - ${REQUEST_ID_ROOM}: room for ${REQUEST_ID_ROOM} requests below the largest long), without leading zeros`,
    ),
);

const currency = z.string().superRefine((code, ctx) => {
  if (!/^[A-Z]{3}$/.test(code)) {
    ctx.addIssue({ code: 'custom', message: 'must be a currency code of 3 upper-case letters, e.g. "USD"' });
  } else if (CURRENCIES.size > 0 && !CURRENCIES.has(code)) {
    ctx.addIssue({ code: 'custom', message: `"${code}" is not an ISO 4217 currency code` });
  }
});

// A Date is accepted too, so that a parsed `Scenario` validates again; the copy keeps callers' Dates unshared.
const dateTime = z
  .union([z.date(), z.iso.datetime({ offset: true, error: DATE_MESSAGE })], { error: DATE_MESSAGE })
  .transform((v) => new Date(v));

/** Integer cents, so that balances add up exactly. */
const amountCents = z.union([z.string(), z.number()], { error: AMOUNT_MESSAGE }).transform((v, ctx) => {
  const cents = toCents(String(v));
  if (cents === undefined) ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
  return cents ?? z.NEVER;
});

function toCents(text: string): number | undefined {
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const [, sign, units = '', hundredths = ''] = match;
  const cents = Number(units) * 100 + Number(hundredths.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return sign ? 0 - cents : cents; // 0 - 0 is +0, so "-0.00" does not become -0
}

const accountSchema = z
  .strictObject({
    provider: z.string(),
    accountIdentifier: z.string(),
    currency,
    balance: amountCents.optional(),
    // What a parsed scenario holds, so that a `Scenario` validates again.
    balanceCents: z.int().optional(),
  })
  .superRefine(
    ({ balance, balanceCents }, ctx) => {
      if (balance === undefined && balanceCents === undefined) {
        ctx.addIssue({ code: 'custom', path: ['balance'], message: 'missing required key "balance"' });
      } else if (balance !== undefined && balanceCents !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['balanceCents'], message: 'give balance or balanceCents, not both' });
      }
    },
    { when: () => true }, // also when other keys of the account are wrong, so every problem shows at once
  )
  .transform(({ balance, balanceCents, ...rest }) => ({ ...rest, balanceCents: balance ?? balanceCents ?? 0 }));

const providerAccountSchema = z.strictObject({
  Provider: z.string(),
  AccountIdentifier: z.string(),
  Currency: z.string(),
  DisplayName: z.string(),
  PayerEntityName: z.string(),
});

const customFieldValueSchema = z.strictObject({
  Value: z.string(),
  Code: z.string(),
  PayerEntityName: z.string(),
  IsActive: z.boolean(),
});

const customFieldSchema = z.strictObject({
  Entity: z.string(),
  Title: z.string(),
  Description: z.string(),
  ValueType: z.string(),
  SubEntity: z.string(),
  Category: z.string(),
  // The service sends nil Values; omitting the key means the same.
  Values: z.array(customFieldValueSchema).nullable().default(null),
});

const feeSchema = z.strictObject({
  SvcFeeReference: z.string(),
  FeeCollectionDate: dateTime,
  FeeCurrency: z.string(),
  FeeAmount: z.number(),
  FeeDescription: z.string(),
  PayerEntityName: z.string(),
  Provider: z.string(),
  AccountIdentifier: z.string(),
});

const payeeSchema = z.strictObject({
  payeeId: nonEmpty,
  paymentMethod: z.string(),
  status: z.string(),
  reason: z.string().default(''),
  changedAt: dateTime,
});

const subPayerSchema = z.strictObject({
  payerName: nonEmpty,
  apiKey: nonEmpty,
  dynamicKeys: z.boolean().default(false),
});

// A function default gives every parse its own array: the simulator changes these lists as it runs.
const list = <T extends z.ZodType>(item: T) => z.array(item).default(() => []);

/** A payer's SFTP folder is named as the payer, so its name must be a plain folder name. */
const folderSafeName = nonEmpty.regex(
  /^[A-Za-z0-9](?:[A-Za-z0-9._ -]{0,126}[A-Za-z0-9_-])?$/,
  'must be a plain folder name (it names the payer\'s SFTP folder): letters, digits, ".", "_", "-" and spaces, starting with a letter or digit, at most 128 characters',
);

/** An IPv4 or IPv6 address, or a CIDR range of them (`10.0.0.0/8`). */
const ipRange = z
  .string()
  .refine(
    (text) => parseIpRange(text) !== undefined,
    'must be an IPv4 or IPv6 address or a CIDR range, e.g. "127.0.0.1", "::1" or "10.0.0.0/8"',
  );

const payerSchema = z.strictObject({
  payerName: folderSafeName,
  apiKey: nonEmpty,
  dynamicKeys: z.boolean().default(false),
  // false: the payer's API user may not ask for dynamic keys (AuthorizationError), whatever dynamicKeys says.
  dynamicKeysAuthorized: z.boolean().default(true),
  // Absent: calls from any address. A list: the dynamic-key operations answer InvalidPayerIpAddress to other addresses.
  allowedIpAddresses: z.array(ipRange).optional(),
  dynamicKeySeconds: seconds.optional(),
  accounts: list(accountSchema),
  providerAccounts: list(providerAccountSchema),
  customFields: list(customFieldSchema),
  fees: list(feeSchema),
  payees: list(payeeSchema),
  subPayers: list(subPayerSchema),
});

const settingsSchema = z.strictObject({
  processingSeconds: seconds.default(5),
  balanceDelaySeconds: seconds.default(30),
  firstRequestId: requestId.default('1000'),
  dynamicKeySeconds: seconds.default(600),
  maxFileBytes: z.int().positive().default(1_048_576),
  // The mock's requestValidation option, for a scenario that stands for an ASP.NET host with its default settings.
  requestValidation: z.boolean().default(false),
});

export const scenarioSchema = z
  .strictObject({
    settings: settingsSchema.prefault({}),
    payers: z.array(payerSchema).min(1, 'at least one payer is required'),
  })
  .superRefine(checkUnique, { when: () => true })
  .superRefine(checkXmlText, { when: () => true });

/** A validated scenario, defaults applied (balances as integer cents, dates as `Date`). */
export type Scenario = z.infer<typeof scenarioSchema>;
/** What a scenario file or object may hold (defaults not yet applied). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ScenarioPayer = Scenario['payers'][number];

type Path = Array<string | number>;

/**
 * payerName is unique across payers and sub payers (both log in by name); payeeId is unique within a payer. Runs
 * even when other parts are invalid, so that all problems show at once: every value is checked before use.
 */
function checkUnique(scenario: unknown, ctx: z.RefinementCtx): void {
  const payerName = claimer(ctx, 'payerName');
  asArray(field(scenario, 'payers')).forEach((payer, p) => {
    payerName(field(payer, 'payerName'), ['payers', p, 'payerName']);
    asArray(field(payer, 'subPayers')).forEach((sub, s) => {
      payerName(field(sub, 'payerName'), ['payers', p, 'subPayers', s, 'payerName']);
    });
    const payeeId = claimer(ctx, 'payeeId');
    asArray(field(payer, 'payees')).forEach((payee, i) =>
      payeeId(field(payee, 'payeeId'), ['payers', p, 'payees', i, 'payeeId']),
    );
  });
}

/** Reports each value claimed a second time, at the path of the later claim. */
function claimer(ctx: z.RefinementCtx, name: string): (value: unknown, path: Path) => void {
  const first = new Map<string, string>();
  return (value, path) => {
    if (typeof value !== 'string') return;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, formatPath(path));
    else ctx.addIssue({ code: 'custom', path, message: `duplicate ${name} "${value}" (already used at ${earlier})` });
  };
}

/**
 * Every text of the scenario may end up in an answer (a provider, a payee's reason, a custom field) or a file, so one
 * that XML cannot carry would make every later answer holding it fail: it is refused here, where it comes in.
 */
function checkXmlText(scenario: unknown, ctx: z.RefinementCtx): void {
  const seen = new Set<unknown>();
  const walk = (value: unknown, path: Path): void => {
    if (typeof value === 'string') {
      const bad = nonXmlCharOf(value);
      if (bad !== undefined) ctx.addIssue({ code: 'custom', path, message: `holds ${bad}, which XML cannot carry` });
      return;
    }
    // A scenario object may share or even loop; each value is looked at once.
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, [...path, i]));
    else if (isRecord(value) && Object.getPrototypeOf(value) === Object.prototype) {
      for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
    }
  };
  walk(scenario, []);
}

/** A BlockList holding one address or CIDR range, or undefined when `text` is neither. */
function parseIpRange(text: string): BlockList | undefined {
  const [address = '', prefix, ...rest] = text.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  if (prefix === undefined) {
    list.addAddress(address, type);
    return list;
  }
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
  if (!(bits <= (family === 4 ? 32 : 128))) return undefined;
  list.addSubnet(address, bits, type);
  return list;
}

/**
 * Tells whether `address` (a socket's remote address, IPv4-mapped IPv6 included) is in one of the `ranges` (a payer's
 * validated `allowedIpAddresses`); an undefined address (a request that came through no socket) is in none.
 */
export function ipAllowed(ranges: readonly string[], address: string | undefined): boolean {
  if (address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return ranges.some((range) => parseIpRange(range)?.check(address, family === 4 ? 'ipv4' : 'ipv6') === true);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Loading

/** Values that aliases may add to a scenario: past this, it is refused (a "billion laughs" would exhaust memory). */
export const MAX_ALIASED_VALUES = 100_000;

/** Parses and validates scenario text (YAML, or JSON, which is YAML); `file` names it in messages. */
export function parseScenario(text: string, file: string): Scenario {
  const lines = new LineCounter();
  // A byte order mark is not part of the text: columns count from the first character an editor shows.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // uniqueKeys: false because the library's own message for a duplicate does not name the key.
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const secrets = apiKeysInDocument(doc);
  const position = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  // Warnings too (an unknown tag, which would silently leave a value as text; an unknown directive): a scenario
  // means what it says or is refused.
  const syntax = [
    ...[...doc.errors, ...doc.warnings].map((e) => ({ offset: e.pos[0], message: yamlMessage(e.message) })),
    ...keyProblems(doc),
    ...aliasProblems(doc),
  ];
  if (syntax.length > 0) {
    const issues = syntax.map((s) => ({ file, ...position(s.offset), path: '', message: s.message }));
    throw new ScenarioError(redact(sortByPosition(issues), secrets));
  }
  // Aliases were checked above (each resolves, none loops, their expansion is bounded), so the library's own count,
  // which throws a ReferenceError without a position, is not needed.
  const value: unknown = doc.toJS({ maxAliasCount: -1 });
  return check(value, file, secrets, (path, key) => position(locate(doc, path, key)));
}

/** Validates a scenario given as an object (a parsed `Scenario` passes too); issues are at line 0, column 0. */
export function validateScenario(value: unknown, file: string): Scenario {
  return check(value, file, apiKeysInValue(value), () => ({ line: 0, column: 0 }));
}

/**
 * A string is the path of a YAML or JSON file (`label`, if given, names it in messages); anything else is
 * validated as a scenario object.
 */
export async function loadScenario(source: unknown, label?: string): Promise<Scenario> {
  if (typeof source !== 'string') return validateScenario(source, label ?? '<scenario>');
  const file = label ?? source;
  return parseScenario(readScenarioFile(source, file), file);
}

/**
 * The text of a scenario file, which must be a regular file of UTF-8 text; anything else is a ScenarioError: one that
 * cannot be read at 1:1, bytes that are not UTF-8 at the line and column of the first of them.
 * @param path - the file to read
 * @param file - how messages name it
 */
export function readScenarioFile(path: string, file = path): string {
  const fail = (line: number, column: number, message: string) =>
    new ScenarioError([{ file, line, column, path: '', message }]);
  let bytes: Buffer;
  try {
    // A device or a pipe could be read forever: only a regular file is read.
    const stats = statSync(path);
    if (stats.isDirectory()) throw fail(1, 1, 'cannot read the scenario: it is a directory, not a file');
    if (!stats.isFile()) throw fail(1, 1, 'cannot read the scenario: it is not a regular file');
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof ScenarioError) throw error;
    throw fail(1, 1, `cannot read the scenario: ${readFailure(error as NodeJS.ErrnoException)}`);
  }
  if (isUtf8(bytes)) return bytes.toString('utf8');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw fail(1, 1, 'the scenario is UTF-16 text: save it as UTF-8');
  }
  // Everything before the first bad byte decodes and encodes back to itself; the first byte that differs is it.
  const again = Buffer.from(bytes.toString('utf8'), 'utf8');
  let offset = 0;
  while (offset < bytes.length && bytes[offset] === again[offset]) offset++;
  const before = bytes.subarray(0, offset).toString('utf8');
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const byte = bytes[offset]!.toString(16).toUpperCase().padStart(2, '0');
  throw fail(line, column, `the scenario is not UTF-8 text: byte 0x${byte} cannot start or continue a character here`);
}

function readFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT':
      return 'file not found';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error.message;
  }
}

type Locate = (path: Path, key: boolean) => { line: number; column: number };

function check(input: unknown, file: string, secrets: ReadonlySet<string>, where: Locate): Scenario {
  const parsed = scenarioSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap((issue): ScenarioIssue[] => {
    const path = issue.path.map((step) => (typeof step === 'number' ? step : String(step)));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        file,
        ...where([...path, key], true),
        path: formatPath([...path, key]),
        message: `unknown key "${key}"`,
      }));
    }
    // An absent key is located at the map that lacks it, the nearest node that exists.
    return [{ file, ...where(path, false), path: formatPath(path), message: messageOf(issue, input, path) }];
  });
  throw new ScenarioError(redact(sortByPosition(issues), secrets));
}

function messageOf(issue: z.core.$ZodIssue, input: unknown, path: Path): string {
  if (path.length === 0 && issue.code === 'invalid_type') {
    if (input === null || input === undefined) return 'the scenario is empty: it needs at least "payers"';
    return `a scenario is a map of "settings" and "payers", not ${Array.isArray(input) ? 'a list' : `a ${typeof input}`}`;
  }
  const last = path[path.length - 1];
  const parent = path.slice(0, -1).reduce<unknown>((node, step) => field(node, String(step)), input);
  // zod words an absent key as a wrong type ("expected string, received undefined"); say what is wrong instead.
  if (issue.code === 'invalid_type' && typeof last === 'string' && isRecord(parent) && !Object.hasOwn(parent, last)) {
    return `missing required key "${last}"`;
  }
  const message = issue.message.replace(/^Invalid input: /, '');
  const value = field(parent, String(last));
  if (
    issue.code === 'invalid_type' &&
    issue.expected === 'string' &&
    (typeof value === 'number' || typeof value === 'boolean') &&
    !message.includes('quote')
  ) {
    return `${message} (quote the value to make it text)`;
  }
  return message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sortByPosition(issues: ScenarioIssue[]): ScenarioIssue[] {
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

/**
 * Messages name keys, payer names and fragments of YAML source, never a value on purpose; this catches the odd case
 * where an API key is also written where such a thing goes (as a key, or as a payer name too). Only whole words are
 * replaced, so that a short key does not garble the words that contain it.
 */
function redact(issues: ScenarioIssue[], secrets: ReadonlySet<string>): ScenarioIssue[] {
  if (secrets.size === 0) return issues;
  const alternatives = [...secrets]
    .sort((a, b) => b.length - a.length)
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\w-])(?:${alternatives.join('|')})(?![\\w-])`, 'g');
  return issues.map((issue) => ({
    ...issue,
    path: issue.path.replace(pattern, '***'),
    message: issue.message.replace(pattern, '***'),
  }));
}

function apiKeysInDocument(doc: Document): Set<string> {
  const found = new Set<string>();
  visit(doc, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === 'apiKey' && isScalar(pair.value) && pair.value.value !== null) {
        found.add(String(pair.value.value as string | number));
      }
    },
  });
  return nonEmptyOnly(found);
}

function apiKeysInValue(value: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  // An object may share or loop: each is looked at once.
  if (value === null || typeof value !== 'object' || seen.has(value)) return found;
  seen.add(value);
  if (Array.isArray(value)) value.forEach((item) => apiKeysInValue(item, found, seen));
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'apiKey' && (typeof item === 'string' || typeof item === 'number')) found.add(String(item));
      else apiKeysInValue(item, found, seen);
    }
  }
  return nonEmptyOnly(found);
}

function nonEmptyOnly(keys: Set<string>): Set<string> {
  keys.delete('');
  return keys;
}

/** The yaml library's messages may end with a position we give separately; keep the first line without it. */
function yamlMessage(message: string): string {
  const first = message.split('\n')[0] ?? message;
  // The library's own wording names a function of its API, which means nothing to whoever wrote the file.
  if (first.startsWith('Source contains multiple documents'))
    return 'a scenario is one YAML document, and this file holds more';
  return first.replace(/ at line \d+, column \d+:?$/, '');
}

/**
 * Keys given twice in one map (at the later one; keys are compared by value, as the yaml library does), and keys that
 * are not plain values (a list, a map or an alias as a key, which JavaScript would turn into text).
 */
function keyProblems(doc: Document): Problem[] {
  const found: Problem[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) {
          if (isNode(pair.key))
            found.push({
              offset: pair.key.range?.[0] ?? 0,
              message: 'a map key must be a plain value, not a list, a map or an alias',
            });
          continue;
        }
        if (seen.has(pair.key.value)) {
          found.push({
            offset: pair.key.range?.[0] ?? 0,
            message: `duplicate key "${String(pair.key.value)}" (map keys must be unique)`,
          });
        } else seen.add(pair.key.value);
      }
    },
  });
  return found;
}

/** A problem of the YAML source, at an offset of it. */
interface Problem {
  readonly offset: number;
  readonly message: string;
}

/**
 * Aliases that would fail or blow up when the document becomes values: one naming no anchor before it, one inside the
 * node it names (a loop), and the alias at which the values that aliases add pass {@link MAX_ALIASED_VALUES}. An alias
 * names the last node with its anchor before it, in document order, as the yaml library resolves it.
 */
function aliasProblems(doc: Document): Problem[] {
  const problems: Problem[] = [];
  const anchors = new Map<string, YamlNode>();
  /** Values each anchored node stands for, aliases in it expanded; set once the node is done. */
  const sizes = new Map<YamlNode, number>();
  const open = new Set<YamlNode>();
  let aliased = 0;
  let tooMany = false;
  const walk = (node: unknown): number => {
    if (isAlias(node)) {
      const offset = node.range?.[0] ?? 0;
      const target = anchors.get(node.source);
      if (target === undefined) {
        problems.push({ offset, message: `unknown alias *${node.source}: no anchor &${node.source} comes before it` });
        return 1;
      }
      if (open.has(target)) {
        problems.push({
          offset,
          message: `alias *${node.source} is inside the node it names, which would hold itself`,
        });
        return 1;
      }
      const size = sizes.get(target) ?? 1;
      aliased = Math.min(aliased + size, Number.MAX_SAFE_INTEGER);
      if (aliased > MAX_ALIASED_VALUES && !tooMany) {
        tooMany = true;
        problems.push({
          offset,
          message: `aliases add more than ${MAX_ALIASED_VALUES} values to the scenario: refused, as a "billion laughs" would exhaust memory`,
        });
      }
      return size;
    }
    if (!isNode(node)) return 0;
    if (node.anchor) {
      anchors.set(node.anchor, node);
      open.add(node);
    }
    let size = 1;
    if (isMap(node) || isSeq(node)) {
      for (const item of node.items) {
        size += isPair(item) ? walk(item.key) + walk(item.value) : walk(item);
      }
    }
    if (node.anchor) {
      open.delete(node);
      sizes.set(node, Math.min(size, Number.MAX_SAFE_INTEGER));
    }
    return size;
  };
  walk(doc.contents);
  return problems;
}

/**
 * The source offset of the node at `path`; with `key`, of the map key naming its last step (where an unknown key
 * is). Stops at the deepest node that exists, which for an absent key is the map lacking it.
 */
function locate(doc: Document, path: Path, key: boolean): number {
  let node: unknown = doc.contents;
  let offset = isNode(node) ? (node.range?.[0] ?? 0) : 0;
  for (const [i, step] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
      if (!pair) break;
      if (key && i === path.length - 1 && isScalar(pair.key)) return pair.key.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof step === 'number') {
      node = node.items[step];
    } else {
      break;
    }
    if (!isNode(node) || !node.range) break;
    offset = node.range[0];
  }
  return offset;
}

function formatPath(path: Path): string {
  let out = '';
  for (const step of path) out += typeof step === 'number' ? `[${step}]` : out === '' ? step : `.${step}`;
  return out;
}
