/**
 * The mock's payment file checks: every rule gives its line issue, the file code follows the documented precedence,
 * and totals are exact cents.
 */
import { describe, expect, it } from 'vitest';
import { indexOfNonXmlChar } from '../../templates/runtime/codec/xml-chars.js';
import {
  SLICE_ROWS,
  checkPaymentFile,
  checkPaymentFileInSlices,
  formatCents,
  parseAmountCents,
  type LineIssue,
  type Payment,
  type PaymentFileCheck,
  type PaymentFileOptions,
} from '../../spec/payer-v5.simulator/payment-file.js';

const BASE: PaymentFileOptions = {
  singleCurrency: false,
  currencies: new Set(['EUR', 'USD']),
  payees: new Set(['P1', 'P2', 'P3']),
  existingRefCodes: new Set(['OLD-1']),
};
const check = (text: string, options: Partial<PaymentFileOptions> = {}): PaymentFileCheck =>
  checkPaymentFile(text, { ...BASE, ...options });
const error = (lineNumber: number, message: string): LineIssue => ({ lineNumber, isWarning: false, message });
const warning = (lineNumber: number, message: string): LineIssue => ({ lineNumber, isWarning: true, message });
const pay = (lineNumber: number, payeeId: string, amountCents: number, currency: string, refCode: string): Payment => ({
  lineNumber,
  payeeId,
  amountCents,
  currency,
  refCode,
  refCodeAssigned: false,
});

describe('parseAmountCents', () => {
  it.each<[string, { given: string; want: number | undefined }]>([
    ['integer', { given: '1250', want: 125_000 }],
    ['one decimal', { given: '12.5', want: 1250 }],
    ['two decimals', { given: '12.34', want: 1234 }],
    ['zero', { given: '0', want: 0 }],
    ['negative zero is zero', { given: '-0.00', want: 0 }],
    ['negative', { given: '-5', want: -500 }],
    ['leading zeros', { given: '007.05', want: 705 }],
    ['largest safe cents', { given: '90071992547409.91', want: Number.MAX_SAFE_INTEGER }],
    ['cents beyond safe integers', { given: '90071992547409.92', want: undefined }],
    ['three decimals', { given: '1.234', want: undefined }],
    ['exponent', { given: '1e5', want: undefined }],
    ['thousands separator', { given: '1,000', want: undefined }],
    ['plus sign', { given: '+5', want: undefined }],
    ['no integer part', { given: '.5', want: undefined }],
    ['trailing dot', { given: '5.', want: undefined }],
    ['spaces', { given: ' 5', want: undefined }],
    ['empty', { given: '', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(parseAmountCents(given)).toBe(want);
  });
});

describe('formatCents', () => {
  it.each<[string, { given: number; want: string }]>([
    ['zero', { given: 0, want: '0.00' }],
    ['cents only', { given: 5, want: '0.05' }],
    ['negative cents', { given: -5, want: '-0.05' }],
    ['units and cents', { given: 1234, want: '12.34' }],
    ['negative units', { given: -500, want: '-5.00' }],
    ['largest safe integer, exactly', { given: Number.MAX_SAFE_INTEGER, want: '90071992547409.91' }],
  ])('%s', (_name, { given, want }) => {
    expect(formatCents(given)).toBe(want);
  });
});

describe('checkPaymentFile line issues', () => {
  it.each<[string, { given: string; options?: Partial<PaymentFileOptions>; want: LineIssue[] }]>([
    ['a valid line', { given: 'P1,10.00,EUR,R1', want: [] }],
    [
      'too few columns',
      { given: 'P1,10,EUR', want: [error(1, 'expected 4 columns (payeeId, amount, currency, refCode), found 3')] },
    ],
    [
      'too many columns',
      { given: 'P1,10,EUR,R1,x', want: [error(1, 'expected 4 columns (payeeId, amount, currency, refCode), found 5')] },
    ],
    ['empty payeeId', { given: ',10,EUR,R1', want: [error(1, 'payeeId is empty')] }],
    ['unknown payee', { given: 'PX,10,EUR,R1', want: [error(1, 'payee "PX" is unknown')] }],
    ['any payee when no payee list is given', { given: 'PX,10,EUR,R1', options: { payees: undefined }, want: [] }],
    ['empty amount', { given: 'P1,,EUR,R1', want: [error(1, 'amount is empty')] }],
    ['three decimals', { given: 'P1,12.345,EUR,R1', want: [error(1, 'amount "12.345" has more than 2 decimals')] }],
    [
      'exponent',
      {
        given: 'P1,1e5,EUR,R1',
        want: [error(1, 'amount "1e5" is not a plain number like 1234.56 (no exponent or thousands separators)')],
      },
    ],
    [
      'thousands separator',
      {
        given: 'P1,"1,000",EUR,R1',
        want: [error(1, 'amount "1,000" is not a plain number like 1234.56 (no exponent or thousands separators)')],
      },
    ],
    [
      'amount too large',
      { given: 'P1,90071992547410,EUR,R1', want: [error(1, 'amount "90071992547410" is too large')] },
    ],
    ['negative amount', { given: 'P1,-5,EUR,R1', want: [error(1, 'amount -5.00 is negative')] }],
    ['zero amount', { given: 'P1,0.00,EUR,R1', want: [warning(1, 'amount is zero')] }],
    ['empty currency', { given: 'P1,1,,R1', want: [error(1, 'currency is empty')] }],
    [
      'lower-case currency',
      { given: 'P1,1,eur,R1', want: [error(1, 'currency "eur" is not a 3-letter upper-case code like EUR')] },
    ],
    [
      'currency of 4 letters',
      { given: 'P1,1,EURO,R1', want: [error(1, 'currency "EURO" is not a 3-letter upper-case code like EUR')] },
    ],
    [
      'no account in the currency',
      { given: 'P1,1,GBP,R1', want: [error(1, 'the payer has no account in currency GBP')] },
    ],
    ['empty refCode', { given: 'P1,1,EUR,', want: [warning(1, 'no refCode; the mock assigns one')] }],
    [
      'a refCode twice',
      {
        given: 'P1,1,EUR,R1\nP2,2,EUR,R1',
        want: [error(1, 'refCode "R1" is also on line 2'), error(2, 'refCode "R1" is also on line 1')],
      },
    ],
    [
      'a refCode three times',
      {
        given: 'P1,1,EUR,R1\nP2,2,EUR,R1\nP3,3,EUR,R1',
        want: [
          error(1, 'refCode "R1" is also on lines 2, 3'),
          error(2, 'refCode "R1" is also on lines 1, 3'),
          error(3, 'refCode "R1" is also on lines 1, 2'),
        ],
      },
    ],
    ['refCodes differ in case', { given: 'P1,1,EUR,r1\nP2,2,EUR,R1', want: [] }],
    [
      'a refCode already submitted',
      { given: 'P1,1,EUR,OLD-1', want: [error(1, 'refCode "OLD-1" was already submitted')] },
    ],
    [
      'single currency mixes currencies',
      {
        given: 'P1,1,EUR,R1\nP2,2,USD,R2\nP3,3,EUR,R3',
        options: { singleCurrency: true },
        want: [error(2, 'a single-currency file mixes currencies: USD here, EUR on line 1')],
      },
    ],
    [
      'single currency follows the first valid line',
      {
        given: 'PX,1,EUR,R1\nP2,2,USD,R2\nP3,3,EUR,R3',
        options: { singleCurrency: true },
        want: [
          error(1, 'payee "PX" is unknown'),
          error(3, 'a single-currency file mixes currencies: EUR here, USD on line 2'),
        ],
      },
    ],
    ['multi-currency files may mix', { given: 'P1,1,EUR,R1\nP2,2,USD,R2', want: [] }],
    [
      'several problems on one line, errors before warnings',
      {
        given: 'PX,0,GBP,',
        want: [
          error(1, 'payee "PX" is unknown'),
          error(1, 'the payer has no account in currency GBP'),
          warning(1, 'amount is zero'),
          warning(1, 'no refCode; the mock assigns one'),
        ],
      },
    ],
    ['spaces around values are ignored', { given: ' P1 , 12.50 , EUR , R1 ', want: [] }],
    [
      'header, blank lines and a multi-line field keep physical line numbers',
      {
        given: 'payeeId,amount,currency,refCode\n\nP1,"1\n0",EUR,R1\n   \nP2,1,XXX,R2\n',
        want: [
          error(3, 'amount "1\\n0" is not a plain number like 1234.56 (no exponent or thousands separators)'),
          error(6, 'the payer has no account in currency XXX'),
        ],
      },
    ],
    [
      'CRLF line ends',
      {
        given: 'P1,1,EUR,R1\r\nP2,1,EUR,\r\nP3,-1,EUR,R3\r\n',
        want: [warning(2, 'no refCode; the mock assigns one'), error(3, 'amount -1.00 is negative')],
      },
    ],
    [
      'a BOM before the header',
      {
        given: '\uFEFFPAYEEID,Amount,Currency,RefCode\nP1,1,EUR,\n',
        want: [warning(2, 'no refCode; the mock assigns one')],
      },
    ],
    [
      'only the first row can be a header',
      {
        given: 'P1,1,EUR,R1\npayeeId,amount,currency,refCode',
        want: [
          error(2, 'payee "payeeId" is unknown'),
          error(2, 'amount "amount" is not a plain number like 1234.56 (no exponent or thousands separators)'),
          error(2, 'currency "currency" is not a 3-letter upper-case code like EUR'),
        ],
      },
    ],
    [
      'a CSV syntax error',
      { given: 'P1,1,EUR,R1\nP2,"1,EUR,R2\n', want: [error(2, 'a quoted field opened on line 2 is never closed')] },
    ],
  ])('%s', (_name, { given, options, want }) => {
    expect(check(given, options).issues).toEqual(want);
  });

  it('a refCode on many lines names the first five others', () => {
    const given = Array.from({ length: 8 }, () => `P1,1,EUR,R1`).join('\n');
    const { issues } = check(given);
    expect(issues).toHaveLength(8);
    expect(issues[0]).toEqual(error(1, 'refCode "R1" is also on lines 2, 3, 4, 5, 6 and 2 more'));
    expect(issues[7]).toEqual(error(8, 'refCode "R1" is also on lines 1, 2, 3, 4, 5 and 2 more'));
  });

  // Once quadratic: each line filtered the refCode's whole list of lines (80,000 lines: minutes). Bounded by the
  // default test timeout, not timed.
  it('a refCode on all 80,000 lines of a file just under 1 MiB: each line names 5 others and a count', () => {
    const count = 80_000;
    const given = `payeeId,amount,currency,refCode\n${'P1,1,EUR,R1\n'.repeat(count)}`;
    expect(Buffer.byteLength(given)).toBeLessThan(1024 * 1024);
    const result = check(given);
    expect([result.code, result.message, result.payments]).toEqual([
      'ValidationError',
      `the file has ${count} errors`,
      [],
    ]);
    expect(result.issues).toHaveLength(count);
    expect(result.issues[0]).toEqual(error(2, `refCode "R1" is also on lines 3, 4, 5, 6, 7 and ${count - 6} more`));
    expect(result.issues[3]).toEqual(error(5, `refCode "R1" is also on lines 2, 3, 4, 6, 7 and ${count - 6} more`));
    expect(result.issues[count - 1]).toEqual(
      error(count + 1, `refCode "R1" is also on lines 2, 3, 4, 5, 6 and ${count - 6} more`),
    );
    expect(Math.max(...result.issues.map((i) => i.message.length))).toBeLessThan(80);
  });

  it('a refCode on two lines names the other one; on six, all five others', () => {
    expect(check('P1,1,EUR,R\nP2,1,EUR,R').issues).toEqual([
      error(1, 'refCode "R" is also on line 2'),
      error(2, 'refCode "R" is also on line 1'),
    ]);
    const six = check(Array.from({ length: 6 }, () => 'P1,1,EUR,R').join('\n')).issues;
    expect(six[2]).toEqual(error(3, 'refCode "R" is also on lines 1, 2, 4, 5, 6'));
  });

  it('checkPaymentFileInSlices gives what checkPaymentFile gives, over several slices', async () => {
    const rows = Array.from({ length: SLICE_ROWS * 3 + 7 }, (_, i) =>
      i % 97 === 5 ? 'P9,1,EUR,X' : `P${(i % 3) + 1},${i % 11}.5,${i % 2 ? 'EUR' : 'USD'},R${i % 1000}`,
    );
    const given = `payeeId,amount,currency,refCode\n${rows.join('\n')}`;
    const sliced = await checkPaymentFileInSlices(given, BASE);
    expect(sliced).toEqual(check(given));
    expect(sliced.issues.length).toBeGreaterThan(SLICE_ROWS);
  });

  it('issues are sorted by line, then errors before warnings', () => {
    const { issues } = check('P1,0,EUR,\nP2,1,EUR,R2\nP3,0,EUR,R2\nP1,2,EUR,\nbad');
    expect(issues.map((i) => [i.lineNumber, i.isWarning])).toEqual([
      [1, true],
      [1, true],
      [2, false],
      [3, false],
      [3, true],
      [4, true],
      [5, false],
    ]);
  });
});

describe('checkPaymentFile payments and totals', () => {
  it('keeps valid lines only, with cents and assigned refCodes', () => {
    const result = check(
      'payeeId,amount,currency,refCode\nP1,12.5,EUR,R1\nP2,0.05,USD,\nPX,3,EUR,R3\nP3,1000,EUR,R4\n',
    );
    expect(result.payments).toEqual([
      pay(2, 'P1', 1250, 'EUR', 'R1'),
      { ...pay(3, 'P2', 5, 'USD', 'AUTO-3'), refCodeAssigned: true },
      pay(5, 'P3', 100_000, 'EUR', 'R4'),
    ]);
    expect([...result.totals]).toEqual([
      ['EUR', 101_250],
      ['USD', 5],
    ]);
  });

  it('a line whose amount would push its currency total beyond safe integers is an error', () => {
    const result = check('P1,90071992547409.91,EUR,R1\nP2,0.01,EUR,R2\nP3,0.01,USD,R3');
    expect(result.issues).toEqual([error(2, `amount "0.01" makes the file's EUR total too large`)]);
    expect([...result.totals]).toEqual([
      ['EUR', Number.MAX_SAFE_INTEGER],
      ['USD', 1],
    ]);
  });
});

describe('checkPaymentFile file code', () => {
  it.each<
    [
      string,
      {
        given: string;
        options?: Partial<PaymentFileOptions>;
        want: { code: PaymentFileCheck['code']; message: string };
      },
    ]
  >([
    ['all valid', { given: 'P1,1,EUR,R1', want: { code: 'OK', message: 'OK' } }],
    ['warnings only', { given: 'P1,0,EUR,', want: { code: 'OK', message: 'OK' } }],
    ['one error', { given: 'PX,1,EUR,R1', want: { code: 'ValidationError', message: 'the file has 1 error' } }],
    [
      'errors are counted',
      { given: 'PX,1,GBP,R1\nP1,1,EUR', want: { code: 'ValidationError', message: 'the file has 3 errors' } },
    ],
    ['an empty file', { given: '', want: { code: 'ValidationError', message: 'the file has no payments' } }],
    [
      'blank lines only',
      { given: '\r\n  \n\n', want: { code: 'ValidationError', message: 'the file has no payments' } },
    ],
    [
      'a header only',
      {
        given: '\uFEFFpayeeId,amount,currency,refCode\r\n',
        want: { code: 'ValidationError', message: 'the file has no payments' },
      },
    ],
    [
      'a CSV syntax error',
      { given: '"P1,1,EUR,R1', want: { code: 'ValidationError', message: 'the file has 1 error' } },
    ],
    [
      'a negative amount',
      {
        given: 'P1,-1,EUR,R1',
        want: { code: 'PaymentAmountCannotBeNegative', message: 'amounts cannot be negative (line 1)' },
      },
    ],
    [
      'negative beats other errors and the total',
      {
        given: 'PX,1,GBP,R1\nP1,-1,EUR,R2\nP2,-2,EUR,R3',
        options: { singleCurrency: true, totalAmount: 5 },
        want: { code: 'PaymentAmountCannotBeNegative', message: 'amounts cannot be negative (lines 2, 3)' },
      },
    ],
    [
      'errors beat the total',
      {
        given: 'PX,1,EUR,R1\nP1,2,EUR,R2',
        options: { singleCurrency: true, totalAmount: 5 },
        want: { code: 'ValidationError', message: 'the file has 1 error' },
      },
    ],
    [
      'total mismatch',
      {
        given: 'P1,50,EUR,R1\nP2,49.50,EUR,R2',
        options: { singleCurrency: true, totalAmount: 100 },
        want: {
          code: 'PaymentAmountTotalMismatch',
          message: "totalAmount 100.00 does not match the file's total 99.50",
        },
      },
    ],
    [
      'total matches after rounding the double to cents',
      {
        given: 'P1,0.10,EUR,R1\nP2,0.20,EUR,R2',
        options: { singleCurrency: true, totalAmount: 0.1 + 0.2 },
        want: { code: 'OK', message: 'OK' },
      },
    ],
    [
      'total counts warned lines',
      {
        given: 'P1,0,EUR,\nP2,7.25,EUR,R2',
        options: { singleCurrency: true, totalAmount: 7.25 },
        want: { code: 'OK', message: 'OK' },
      },
    ],
    [
      'total of a file of zero amounts',
      {
        given: 'P1,0,EUR,R1',
        options: { singleCurrency: true, totalAmount: 0.01 },
        want: { code: 'PaymentAmountTotalMismatch', message: "totalAmount 0.01 does not match the file's total 0.00" },
      },
    ],
    [
      'totalAmount is ignored for multi-currency files',
      {
        given: 'P1,1,EUR,R1\nP2,1,USD,R2',
        options: { singleCurrency: false, totalAmount: 99 },
        want: { code: 'OK', message: 'OK' },
      },
    ],
    [
      'no totalAmount, no total check',
      { given: 'P1,1,EUR,R1', options: { singleCurrency: true }, want: { code: 'OK', message: 'OK' } },
    ],
  ])('%s', (_name, { given, options, want }) => {
    const { code, message } = check(given, options);
    expect({ code, message }).toEqual(want);
  });
});

// Values XML 1.0 cannot carry once got into the simulator's state (a refCode with U+000C was paid, and every later
// GetUpdatedPayments faulted) or into its messages raw (a payee P\uFFFF made the answer fault).
describe('checkPaymentFile values XML cannot carry', () => {
  it.each<[string, { given: string; want: LineIssue[] }]>([
    [
      'U+000C in a refCode',
      { given: 'P1,1,EUR,R\f1', want: [error(1, 'refCode "R\\f1" holds U+000C, a character XML cannot carry')] },
    ],
    [
      'U+FFFF in a refCode',
      { given: 'P1,1,EUR,R\uFFFF', want: [error(1, 'refCode "R\\uffff" holds U+FFFF, a character XML cannot carry')] },
    ],
    [
      'U+FFFF in a payee',
      { given: 'P\uFFFF,1,EUR,R1', want: [error(1, 'payeeId "P\\uffff" holds U+FFFF, a character XML cannot carry')] },
    ],
    [
      'U+FFFE in an amount',
      { given: 'P1,1\uFFFE,EUR,R1', want: [error(1, 'amount "1\\ufffe" holds U+FFFE, a character XML cannot carry')] },
    ],
    [
      'U+0001 in a currency',
      {
        given: 'P1,1,E\u0001R,R1',
        want: [error(1, 'currency "E\\u0001R" holds U+0001, a character XML cannot carry')],
      },
    ],
    [
      'an unpaired surrogate',
      { given: 'P1,1,EUR,R\uD800', want: [error(1, 'refCode "R\\ud800" holds U+D800, a character XML cannot carry')] },
    ],
    [
      "one error per column, in column order, beside the other columns' errors",
      {
        given: 'P\uFFFF,x,EUR,R\u0000',
        want: [
          error(1, 'payeeId "P\\uffff" holds U+FFFF, a character XML cannot carry'),
          error(1, 'amount "x" is not a plain number like 1234.56 (no exponent or thousands separators)'),
          error(1, 'refCode "R\\u0000" holds U+0000, a character XML cannot carry'),
        ],
      },
    ],
    [
      'the same such refCode twice is not called a duplicate (it is never shown raw)',
      {
        given: 'P1,1,EUR,\uFFFF\nP2,1,EUR,\uFFFF',
        want: [
          error(1, 'refCode "\\uffff" holds U+FFFF, a character XML cannot carry'),
          error(2, 'refCode "\\uffff" holds U+FFFF, a character XML cannot carry'),
        ],
      },
    ],
  ])('%s is a line error', (_name, { given, want }) => {
    const result = check(given);
    expect([result.code, result.issues, result.payments]).toEqual(['ValidationError', want, []]);
    for (const issue of result.issues) expect(indexOfNonXmlChar(issue.message)).toBe(-1);
  });

  it('a supplementary character (a pair of surrogates) and tab are values like any other', () => {
    const result = check('P1,1,EUR,R\u{1F600}\nP2,1,EUR,"R\t2"', { payees: undefined });
    expect([result.code, result.payments.map((p) => p.refCode)]).toEqual(['OK', ['R\u{1F600}', 'R\t2']]);
  });

  it('every message quoting a value escapes what XML cannot carry, and C1 controls', () => {
    const result = check('P\u0085,1,EUR,R1\nP1,1\u0085,EUR,R2\nP1,1,\u0085UR,R3');
    expect(result.issues.map((i) => i.message)).toEqual([
      'payee "P\\u0085" is unknown',
      'amount "1\\u0085" is not a plain number like 1234.56 (no exponent or thousands separators)',
      'currency "\\u0085UR" is not a 3-letter upper-case code like EUR',
    ]);
  });
});
