/**
 * The scenario: the data the simulated payer service starts with (payers, balances, fees, payees, sub payers...),
 * read from YAML or JSON. Every problem found is reported at once, each at its file:line:column.
 *
 * Self-contained on purpose (node builtins, `yaml` and `zod` only): the generator copies this folder into the mock.
 */
import { readFile } from 'node:fs/promises';
import { LineCounter, isMap, isNode, isScalar, isSeq, parseDocument, visit, type Document } from 'yaml';
import { z } from 'zod';

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

const LONG_MAX = 9223372036854775807n;
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
      (id) => /^[1-9][0-9]{0,18}$/.test(id) && BigInt(id) <= LONG_MAX,
      `must be a decimal integer from 1 to ${LONG_MAX} (the largest long), without leading zeros`,
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

const payerSchema = z.strictObject({
  payerName: folderSafeName,
  apiKey: nonEmpty,
  dynamicKeys: z.boolean().default(false),
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
});

export const scenarioSchema = z
  .strictObject({
    settings: settingsSchema.prefault({}),
    payers: z.array(payerSchema).min(1, 'at least one payer is required'),
  })
  .superRefine(checkUnique, { when: () => true });

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

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Loading

/** Parses and validates scenario text (YAML, or JSON, which is YAML); `file` names it in messages. */
export function parseScenario(text: string, file: string): Scenario {
  const lines = new LineCounter();
  // uniqueKeys: false because the library's own message for a duplicate does not name the key.
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
  const secrets = apiKeysInDocument(doc);
  const position = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const syntax = [
    ...doc.errors.map((e) => ({ offset: e.pos[0], message: yamlMessage(e.message) })),
    ...duplicateKeys(doc),
  ];
  if (syntax.length > 0) {
    const issues = syntax.map((s) => ({ file, ...position(s.offset), path: '', message: s.message }));
    throw new ScenarioError(redact(sortByPosition(issues), secrets));
  }
  return check(doc.toJS(), file, secrets, (path, key) => position(locate(doc, path, key)));
}

/** Validates a scenario given as an object (a parsed `Scenario` passes too); issues are at line 0, column 0. */
export function validateScenario(value: unknown, file: string): Scenario {
  return check(value, file, apiKeysInValue(value), () => ({ line: 0, column: 0 }));
}

/**
 * A string is the path of a YAML or JSON file (`label`, if given, names it in messages); anything else is
 * validated as a scenario object.
 */
export async function loadScenario(source: string | Scenario | unknown, label?: string): Promise<Scenario> {
  if (typeof source !== 'string') return validateScenario(source, label ?? '<scenario>');
  const file = label ?? source;
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : (error as Error).message;
    throw new ScenarioError([{ file, line: 1, column: 1, path: '', message: `cannot read the scenario: ${reason}` }]);
  }
  return parseScenario(text, file);
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
    (typeof value === 'number' || typeof value === 'boolean')
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
        found.add(String(pair.value.value));
      }
    },
  });
  return nonEmptyOnly(found);
}

function apiKeysInValue(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => apiKeysInValue(item, found));
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'apiKey' && (typeof item === 'string' || typeof item === 'number')) found.add(String(item));
      else apiKeysInValue(item, found);
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
  return first.replace(/ at line \d+, column \d+:?$/, '');
}

/** Keys given twice in one map, at the later one; keys are compared by value, as the yaml library does. */
function duplicateKeys(doc: Document): Array<{ offset: number; message: string }> {
  const found: Array<{ offset: number; message: string }> = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
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
