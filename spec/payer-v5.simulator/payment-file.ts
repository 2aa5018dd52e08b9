/**
 * Payment file layout of the payer mock
 * =====================================
 *
 * The real service does not publish its payment file layout, so the mock defines its own small one. Test* and
 * Process* read a file of this layout from the payer's folder.
 *
 * - The file is UTF-8 CSV (RFC 4180): fields separated by commas, a field holding a comma, a quote or a line break
 *   is written in double quotes with inner quotes doubled (`"Smith, ""Jr"""`). LF or CRLF line ends. An optional
 *   byte order mark at the start is ignored. Blank lines are ignored but still counted in line numbers.
 * - The first row may be a header; it is recognised by its first field being `payeeId` (any letter case).
 * - Every other row is one payment with exactly 4 columns, in this order:
 *
 *   | column   | content                                                                                   |
 *   |----------|-------------------------------------------------------------------------------------------|
 *   | payeeId  | a payee of the payer; required                                                            |
 *   | amount   | a plain decimal number with up to 2 decimals: `1250`, `12.5`, `-3.00` (no exponent, no     |
 *   |          | thousands separators); must not be negative; zero is accepted with a warning               |
 *   | currency | a 3-letter upper-case ISO code (`EUR`) in which the payer has an account                   |
 *   | refCode  | the payer's reference of the payment, unique in the file and never submitted before;      |
 *   |          | when empty the mock assigns one (`AUTO-<n>`, unique across files) and warns              |
 *
 *   Spaces around a value are ignored (`P1, 12.50, EUR, R1` is read as `P1,12.50,EUR,R1`). A value holding a
 *   character XML 1.0 cannot carry (a control character other than tab and line ends, U+FFFE, U+FFFF, an unpaired
 *   surrogate) is an error on its line: the service answers in XML, so such a value could never be shown or paid.
 * - A single-currency file (TestPaymentFile, ProcessPaymentFile and their async forms) must use one currency
 *   throughout: the currency of its first valid line. The request's totalAmount must equal the sum of the amounts of
 *   the valid lines, rounded to cents.
 *
 * Example:
 *
 *     payeeId,amount,currency,refCode
 *     P1,1250.00,EUR,INV-1001
 *     P2,99.5,EUR,INV-1002
 *
 * Each problem is reported on its line. The result code of the file is, in this order of precedence:
 * `PaymentAmountCannotBeNegative` when any amount is negative, `ValidationError` when any line has an error (or the
 * file is not CSV or has no payments), `PaymentAmountTotalMismatch` when totalAmount differs from the file's total,
 * and otherwise `OK` (warnings do not prevent OK). A refCode on many lines names at most 5 of the others on each
 * line, and how many more there are.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { indexOfNonXmlChar, nonXmlCharOf } from '#generated/runtime/codec/xml-chars.js';
import { CsvSyntaxError, csvRows, type CsvRow } from './csv.js';
import { quote } from './text.js';

export type PaymentFileOptions = {
  singleCurrency: boolean;
  /** The request's totalAmount (a double); only single-currency calls carry it. */
  totalAmount?: number | undefined;
  /** The currencies of the payer's accounts. */
  currencies: ReadonlySet<string>;
  payees?: ReadonlySet<string>;
  /** RefCodes already taken (submitted, or in a request still processing). */
  existingRefCodes?: { has(refCode: string): boolean };
};

export type Payment = {
  lineNumber: number;
  payeeId: string;
  amountCents: number;
  currency: string;
  refCode: string;
  /** The file had no refCode here; the mock made one up. */
  refCodeAssigned: boolean;
};

export type LineIssue = { lineNumber: number; isWarning: boolean; message: string };

export type PaymentFileCode = 'OK' | 'ValidationError' | 'PaymentAmountTotalMismatch' | 'PaymentAmountCannotBeNegative';

export type PaymentFileCheck = {
  /** Valid lines only (warnings allowed). */
  payments: Payment[];
  /** Sorted by lineNumber, then errors before warnings. */
  issues: LineIssue[];
  code: PaymentFileCode;
  message: string;
  /** Currency -> cents over the valid payments. */
  totals: ReadonlyMap<string, number>;
};

const COLUMN_NAMES = ['payeeId', 'amount', 'currency', 'refCode'] as const;
const COLUMNS = COLUMN_NAMES.join(', ');
/** Other lines a message names before it gives a count instead. */
const NAMED_LINES = 5;
/**
 * Rows read, or checked, between two pauses of {@link checkPaymentFileInSlices}: about a millisecond of work, so a
 * file of the largest size lets the mock answer other requests hundreds of times while it is checked.
 */
export const SLICE_ROWS = 500;
const NONE_UNSAFE: ReadonlyArray<string | undefined> = [undefined, undefined, undefined, undefined];
const AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Cents of a plain decimal amount, or undefined when it is not one or its cents are not a safe integer. */
export function parseAmountCents(text: string): number | undefined {
  const m = AMOUNT.exec(text);
  if (!m) return undefined;
  // BigInt keeps long digit strings exact until the safe-integer check.
  const abs = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  if (abs > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const cents = Number(abs);
  return m[1] && cents !== 0 ? -cents : cents;
}

/** `1234` -> `12.34`, `-5` -> `-0.05`. Exact for any safe integer, unlike `(c / 100).toFixed(2)`. */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return String(cents);
  const c = Math.round(cents);
  const abs = Math.abs(c);
  const sign = c < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A file value in a message: quoted, with line breaks, quotes and characters XML cannot carry escaped, so the message
 * stays on one line and can always be written.
 */
const q = quote;
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** At most a few line numbers and a count of the rest, so a file full of one repeated value does not make huge messages. */
function linesText(lines: readonly number[], total = lines.length): string {
  if (total === 1) return `line ${lines[0]}`;
  const more = total > NAMED_LINES ? ` and ${total - NAMED_LINES} more` : '';
  return `lines ${lines.slice(0, NAMED_LINES).join(', ')}${more}`;
}

/**
 * The lines of a refCode other than `self`, for a message: it looks at no more than the few it names, so that the
 * lines of a refCode repeated on every line of a large file cost linear time in all, not quadratic.
 */
function otherLinesText(lines: readonly number[], self: number): string {
  const named: number[] = [];
  for (const line of lines) {
    if (named.length === NAMED_LINES) break;
    if (line !== self) named.push(line);
  }
  return linesText(named, lines.length - 1);
}

function failed(issue: LineIssue): PaymentFileCheck {
  return { payments: [], issues: [issue], code: 'ValidationError', message: 'the file has 1 error', totals: new Map() };
}

/** Checks a payment file's text at once. For a large file in a server, prefer {@link checkPaymentFileInSlices}. */
export function checkPaymentFile(text: string, options: PaymentFileOptions): PaymentFileCheck {
  const steps = checkSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Checks a payment file's text as {@link checkPaymentFile} does, letting the event loop run between slices of
 * {@link SLICE_ROWS} rows, so that a server stays responsive while a large file is checked.
 */
export async function checkPaymentFileInSlices(text: string, options: PaymentFileOptions): Promise<PaymentFileCheck> {
  const steps = checkSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

/** The check, as steps: it pauses (yields) after every slice of rows read or checked, and returns the result. */
function* checkSteps(text: string, options: PaymentFileOptions): Generator<void, PaymentFileCheck, undefined> {
  let rows: CsvRow[] = [];
  try {
    for (const row of csvRows(text.startsWith('\uFEFF') ? text.slice(1) : text)) {
      rows.push(row);
      if (rows.length % SLICE_ROWS === 0) yield;
    }
  } catch (e) {
    if (!(e instanceof CsvSyntaxError)) throw e;
    return failed({ lineNumber: e.line, isWarning: false, message: e.message });
  }
  if (rows[0]?.fields[0]?.trim().toLowerCase() === 'payeeid') rows = rows.slice(1);
  if (rows.length === 0) {
    return {
      payments: [],
      issues: [],
      code: 'ValidationError',
      message: 'the file has no payments',
      totals: new Map(),
    };
  }

  // Most files hold no character XML cannot carry; only those that do are searched field by field.
  const xmlClean = indexOfNonXmlChar(text) < 0;
  const unsafeOf = (value: string): string | undefined => (xmlClean ? undefined : nonXmlCharOf(value));
  // Duplicates are reported on every line involved, so the first pass collects where each refCode appears.
  // The rows are trimmed in place: a copy of every row of a large file would only make more work for the collector.
  const records = rows;
  const refLines = new Map<string, number[]>();
  for (const [i, { line, fields }] of records.entries()) {
    if (i > 0 && i % SLICE_ROWS === 0) yield;
    for (let k = 0; k < fields.length; k++) fields[k] = fields[k]!.trim();
    const ref = fields[3];
    if (fields.length !== 4 || !ref || unsafeOf(ref) !== undefined) continue;
    const lines = refLines.get(ref);
    if (lines) lines.push(line);
    else refLines.set(ref, [line]);
  }

  // Every line of a refCode past its first few names the same lines: they share one message, so that a large file of
  // one refCode holds a handful of message strings rather than one per line.
  const sharedDuplicateMessage = new Map<string, string>();
  const duplicateMessage = (ref: string, lines: readonly number[], self: number): string => {
    const shared = lines.length > NAMED_LINES && self > lines[NAMED_LINES - 1]!;
    const known = shared ? sharedDuplicateMessage.get(ref) : undefined;
    if (known !== undefined) return known;
    const message = `refCode ${q(ref)} is also on ${otherLinesText(lines, self)}`;
    if (shared) sharedDuplicateMessage.set(ref, message);
    return message;
  };

  const issues: LineIssue[] = [];
  const payments: Payment[] = [];
  const totals = new Map<string, number>();
  const negativeLines: number[] = [];
  let firstCurrency: { currency: string; line: number } | undefined;

  for (const [i, { line, fields }] of records.entries()) {
    if (i > 0 && i % SLICE_ROWS === 0) yield;
    const errors: string[] = [];
    const warnings: string[] = [];
    const report = (): void => {
      for (const message of errors) issues.push({ lineNumber: line, isWarning: false, message });
      for (const message of warnings) issues.push({ lineNumber: line, isWarning: true, message });
    };
    if (fields.length !== 4) {
      errors.push(`expected 4 columns (${COLUMNS}), found ${fields.length}`);
      report();
      continue;
    }
    const [payeeId, amount, currency, ref] = fields as [string, string, string, string];
    // A value XML cannot carry gets this error alone, never the checks that would look it up or keep it.
    const unsafe = xmlClean ? NONE_UNSAFE : fields.map(unsafeOf);
    const cannotCarry = (column: number): string =>
      `${COLUMN_NAMES[column]} ${q(fields[column]!)} holds ${unsafe[column]}, a character XML cannot carry`;

    if (unsafe[0] !== undefined) errors.push(cannotCarry(0));
    else if (!payeeId) errors.push('payeeId is empty');
    else if (options.payees && !options.payees.has(payeeId)) errors.push(`payee ${q(payeeId)} is unknown`);

    const cents = unsafe[1] === undefined ? parseAmountCents(amount) : undefined;
    if (unsafe[1] !== undefined) errors.push(cannotCarry(1));
    else if (!amount) errors.push('amount is empty');
    else if (/^-?\d+\.\d{3,}$/.test(amount)) errors.push(`amount ${q(amount)} has more than 2 decimals`);
    else if (!AMOUNT.test(amount)) {
      errors.push(`amount ${q(amount)} is not a plain number like 1234.56 (no exponent or thousands separators)`);
    } else if (cents === undefined) errors.push(`amount ${q(amount)} is too large`);
    else if (cents < 0) {
      errors.push(`amount ${formatCents(cents)} is negative`);
      negativeLines.push(line);
    } else if (cents === 0) warnings.push('amount is zero');

    const wellFormedCurrency = /^[A-Z]{3}$/.test(currency);
    if (unsafe[2] !== undefined) errors.push(cannotCarry(2));
    else if (!currency) errors.push('currency is empty');
    else if (!wellFormedCurrency) errors.push(`currency ${q(currency)} is not a 3-letter upper-case code like EUR`);
    else if (!options.currencies.has(currency)) errors.push(`the payer has no account in currency ${currency}`);
    else if (options.singleCurrency && firstCurrency && firstCurrency.currency !== currency) {
      errors.push(
        `a single-currency file mixes currencies: ${currency} here, ${firstCurrency.currency} on line ${firstCurrency.line}`,
      );
    }

    let refCode = ref;
    if (unsafe[3] !== undefined) {
      errors.push(cannotCarry(3));
    } else if (!ref) {
      refCode = `AUTO-${line}`;
      warnings.push('no refCode; the mock assigns one');
    } else {
      const lines = refLines.get(ref) ?? [];
      if (lines.length > 1) errors.push(duplicateMessage(ref, lines, line));
      if (options.existingRefCodes?.has(ref)) errors.push(`refCode ${q(ref)} was already submitted`);
    }

    // Keeps every total a safe integer, so sums and comparisons stay exact.
    const total = (totals.get(currency) ?? 0) + (cents ?? 0);
    if (errors.length === 0 && !Number.isSafeInteger(total)) {
      errors.push(`amount ${q(amount)} makes the file's ${currency} total too large`);
    }

    report();
    if (errors.length > 0 || cents === undefined) continue;
    firstCurrency ??= { currency, line };
    totals.set(currency, total);
    payments.push({ lineNumber: line, payeeId, amountCents: cents, currency, refCode, refCodeAssigned: !ref });
  }

  // The issues are in order already: rows come by line, and each line reports its errors before its warnings.
  const errorCount = issues.filter((i) => !i.isWarning).length;
  const result = { payments, issues, totals };

  if (negativeLines.length > 0) {
    const message = `amounts cannot be negative (${linesText(negativeLines)})`;
    return { ...result, code: 'PaymentAmountCannotBeNegative', message };
  }
  if (errorCount > 0) {
    return { ...result, code: 'ValidationError', message: `the file has ${plural(errorCount, 'error')}` };
  }
  if (options.singleCurrency && options.totalAmount !== undefined) {
    const fileTotal = [...totals.values()].reduce((a, b) => a + b, 0);
    const wanted = Math.round(options.totalAmount * 100);
    if (wanted !== fileTotal) {
      const message = `totalAmount ${formatCents(wanted)} does not match the file's total ${formatCents(fileTotal)}`;
      return { ...result, code: 'PaymentAmountTotalMismatch', message };
    }
  }
  return { ...result, code: 'OK', message: 'OK' };
}
