/**
 * The 19 payer operations as the generated WSDL (generated/wsdl/PayerFunctions.wsdl) describes them, one row each
 * (two for CreatePayeeStatusFile: changesSinceDate given and left out), for the tests that put the WSDL in front of
 * another SOAP stack (test/interop/wsdl-*.test.ts).
 *
 * A row holds, per operation:
 * - `sequence`: the children of the request element in the WSDL's order, spelled as the WSDL spells them (credentials
 *   included: `timeStamp` in ProcessPaymentFileAsync, GetProcessingRequestStatus and ProcessPaymentsAsyncResult);
 * - `wire`: the text of every parameter that is not a credential, as it goes on the wire (what node-soap is given and
 *   what the generated client sends for `args`);
 * - `args`: what a caller passes to the generated client; `params`: what a mock handler receives for it;
 * - `eat`: the text the signature appends to payerName + timestamp (DECISIONS.md, "Authentication");
 * - `result`: a rich value of the result type in the generated client's types (non-empty lists, nil fields and nil list
 *   items, longs past 2^53 as strings, dates with milliseconds, doubles with fractions, markup and non-ASCII text),
 *   written in schema order (node-soap as a server writes an object's keys in their order);
 * - `sparse`: the same type with every nillable field nil and every list empty.
 *
 * Values avoid what JavaScript numbers cannot carry through String(): -0 (String(-0) is '0') and non-finite doubles.
 */
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type {
  AsyncRequestResult,
  BalanceResult,
  CustomFieldsResult,
  ExpandedProcessPaymentResult,
  FileResult,
  PayerFeesResult,
  ProcessingRequestStatusResult,
  ProviderAccountsResult,
  ReportResult,
  SecurityToken,
  StatusFileResult,
  SubPayerSecurityToken,
  UpdatedPaymentsResult,
} from '../../generated/client/index.js';
import type { PayerFunctionsOperation } from '../../generated/mock/index.js';

/** The generated WSDL, as a file path (node-soap reads it itself). */
export const PAYER_WSDL_PATH = fileURLToPath(new URL('../../generated/wsdl/PayerFunctions.wsdl', import.meta.url));
export const PAYER_PATH = '/v5/PayerFunctions.asmx';
export const PAYER_NS = 'http://svc.example/';
/** The WSDL's service and its two SOAP ports (node-soap drops the HTTP POST one). */
export const PAYER_SERVICE = 'PayerFunctions';
export const PAYER_PORTS = { soap11: 'PayerFunctionsSoap', soap12: 'PayerFunctionsSoap12' } as const;

/** The credentials of DECISIONS.md's known answer. */
export const PAYER = 'MyPayer';
export const API_KEY = 'boguskey';
export const NOW = 1521234048;

/** The key a request of `row` carries: lower-case hex HMAC-SHA256 of payerName + timestamp + eatValue. */
export function signatureOf(row: Pick<PayerWsdlRow, 'eat'>): string {
  return createHmac('sha256', Buffer.from(API_KEY, 'utf8')).update(`${PAYER}${NOW}${row.eat}`, 'utf8').digest('hex');
}

/** The text of each credential of a request, by its wire name. */
export function credentialTexts(row: PayerWsdlRow): Record<string, string> {
  return { payerName: PAYER, timestamp: String(NOW), timeStamp: String(NOW), key: signatureOf(row) };
}

/** Every child of the request element as text, in the WSDL's order: credentials, then `wire`. */
export function requestTexts(row: PayerWsdlRow): Record<string, string> {
  const credentials = credentialTexts(row);
  return Object.fromEntries(
    row.sequence.map((name) => {
      const text = row.wire[name] ?? credentials[name];
      if (text === undefined) throw new Error(`${row.title}: no value for ${name}`);
      return [name, text];
    }),
  );
}

/**
 * The item element of every list field (`ArrayOfX` container) of the payer WSDL's result types, by field name. Each
 * field name has one list type in the WSDL.
 */
export const LIST_ITEMS: Readonly<Record<string, string>> = {
  LineErrorsOrWarning: 'LineErrorOrWarning',
  linesResults: 'ExpandedLineResult',
  summary: 'SvcProcessPaymentsSummary',
  svcSummaryAmounts: 'SvcSummaryAmounts',
  CustomFields: 'CustomFieldInfo',
  Values: 'CustomFieldValue',
  AccountsInfo: 'AccountInfo',
  AccountInfos: 'SvcAccountInfo',
  SvcFees: 'SvcFee',
  ChangedPaymentOrdersRefCode: 'string',
};

export interface PayerWsdlRow {
  readonly title: string;
  readonly operation: PayerFunctionsOperation;
  /** The client method and the mock handler method (lowerCamelCase of the operation). */
  readonly method: string;
  /** The result element, `<Op>Result`. */
  readonly resultElement: string;
  readonly sequence: readonly string[];
  readonly wire: Readonly<Record<string, string>>;
  readonly args: Readonly<Record<string, unknown>>;
  readonly params: Readonly<Record<string, unknown>>;
  readonly eat: string;
  readonly result: unknown;
  readonly sparse: unknown;
}

const TEXT = `Zahlung <März> & "Q1" 'ok' — 東京 🚀`;

const fileResult: FileResult = {
  errorMessage: `Line 3: ${TEXT}`,
  errorCode: 'ValidationWarning',
  LineErrorsOrWarning: [
    { lineNumber: 3, isWarning: true, message: 'Payee 00123 has no e-mail <none>' },
    { lineNumber: 2147483647, isWarning: false, message: null },
    { lineNumber: -2147483648, isWarning: false, message: '' },
  ],
  resultsFile: '00123 results.csv',
};
const fileResultOk: FileResult = {
  errorMessage: 'OK',
  errorCode: 'OK',
  LineErrorsOrWarning: [{ lineNumber: 1, isWarning: true, message: '  padded  ' }],
  resultsFile: 'multi.csv',
};
const fileSparse: FileResult = { errorMessage: null, errorCode: 'OK', LineErrorsOrWarning: [], resultsFile: null };

const asyncResult = (requestId: string): AsyncRequestResult => ({ errorMessage: 'Ok.', errorCode: 'OK', requestId });
const asyncSparse: AsyncRequestResult = { errorMessage: null, errorCode: 'OK', requestId: '0' };

const statusResult: ProcessingRequestStatusResult = {
  errorMessage: null,
  errorCode: 'RequestStillInProgress',
  requestStatus: 'Processing',
};
const statusSparse: ProcessingRequestStatusResult = { errorMessage: null, errorCode: 'OK', requestStatus: 'Completed' };

const expandedResult: ExpandedProcessPaymentResult = {
  errorMessage: TEXT,
  errorCode: 1015,
  linesResults: [
    { status: 'OK', paymentOrderStatus: 'Scheduled', message: null, refCode: 'PO-0001', lineErrorOrWarningType: 0 },
    {
      status: 'Error',
      paymentOrderStatus: '',
      message: 'Amount < 0 & more',
      refCode: '00042',
      lineErrorOrWarningType: -3,
    },
  ],
  summary: [
    {
      accountType: 2,
      accountCurrency: 'EUR',
      fundsRequired: 1234.56,
      outstandingAmount: -0.01,
      svcSummaryAmounts: [
        null,
        {
          summaryRowCurrency: 'JPY',
          totalAmount: 0.1 + 0.2,
          immediateAmount: 1e21,
          payableAmount: 1e-7,
          payerFees: 2.5,
          scheduledAmount: 5e-324,
          outstandingAmount: -1.7976931348623157e308,
          withholdingAmount: 2 ** 53 + 2,
          estimatedProviderFees: -123456789.12345678,
        },
      ],
    },
    null,
    { accountType: 0, accountCurrency: null, fundsRequired: 0.5, outstandingAmount: 99.99, svcSummaryAmounts: null },
  ],
};
const expandedSparse: ExpandedProcessPaymentResult = {
  errorMessage: null,
  errorCode: 0,
  linesResults: [],
  summary: [{ accountType: 1, accountCurrency: null, fundsRequired: 0, outstandingAmount: 0, svcSummaryAmounts: [] }],
};

const customFields: CustomFieldsResult = {
  errorMessage: 'OK',
  errorCode: 'OK',
  CustomFields: [
    {
      Entity: 'Payee',
      Title: 'Kostenstelle <CC>',
      Description: '  padded & spaced  ',
      ValueType: 'List',
      SubEntity: '',
      Values: [
        { Value: 'CC-01', Code: '007', PayerEntityName: 'Main & Co', IsActive: false },
        null,
        { Value: null, Code: '0.50', PayerEntityName: null, IsActive: true },
      ],
      Category: 'Finance',
    },
    { Entity: 'Payment', Title: null, Values: null, Category: TEXT },
    null,
  ],
};
const customFieldsSparse: CustomFieldsResult = {
  errorMessage: null,
  errorCode: 'OK',
  CustomFields: [
    { Entity: null, Title: null, Description: null, ValueType: null, SubEntity: null, Values: [], Category: null },
  ],
};

const providerAccounts: ProviderAccountsResult = {
  errorMessage: 'OK',
  errorCode: 'OK',
  AccountsInfo: [
    {
      Provider: 'SomeBank',
      AccountIdentifier: '0012345',
      Currency: 'EUR',
      DisplayName: 'Main & Co <EUR>',
      PayerEntityName: 'HQ',
    },
    null,
    {
      Provider: null,
      AccountIdentifier: '9223372036854775808',
      Currency: '',
      DisplayName: TEXT,
      PayerEntityName: null,
    },
  ],
};
const providerAccountsSparse: ProviderAccountsResult = { errorMessage: null, errorCode: 'OK', AccountsInfo: [] };

const statusFile: StatusFileResult = { errorMessage: 'OK', errorCode: 'OK', b: null, i: 42, d: null, s: TEXT };
const statusFileAll: StatusFileResult = {
  errorMessage: 'OK',
  errorCode: 'OK',
  b: false,
  i: -2147483648,
  d: 1700000000.25,
};
/** `s` left out: the mock leaves a null `s` out (DECISIONS.md), so it decodes as absent. */
const statusFileSparse: StatusFileResult = { errorMessage: null, errorCode: 'OK', b: null, i: null, d: null };

const securityToken: SecurityToken = { errorMessage: 'OK', errorCode: 'OK', Key: 'dyn+key/==', Token: 'tok&en<>"' };
const securityTokenSparse: SecurityToken = { errorMessage: null, errorCode: 'OK', Key: null, Token: null };

const subPayerToken: SubPayerSecurityToken = {
  errorMessage: 'OK',
  errorCode: 0,
  Key: 'ZW5jcnlwdGVk+/=',
  Token: 'tok-sub 1',
};
const subPayerTokenSparse: SubPayerSecurityToken = { errorMessage: null, errorCode: 0, Key: null, Token: null };

const balances: BalanceResult = {
  errorMessage: 'OK',
  errorCode: 0,
  AccountInfos: [
    { Provider: 'Payer', AccountIdentifier: '00123', Balance: 1234.5, Currency: 'EUR' },
    null,
    { Provider: '<provider_name_16>', AccountIdentifier: null, Balance: -0.07, Currency: '' },
    { Provider: 'None', AccountIdentifier: 'A-2', Balance: 9007199254740992, Currency: 'USD' },
  ],
};
const balancesSparse: BalanceResult = { errorMessage: null, errorCode: 0, AccountInfos: [] };

const payerFees: PayerFeesResult = {
  errorMessage: 'OK',
  errorCode: 'OK',
  b: true,
  i: null,
  d: -1.5e-300,
  s: 's & t',
  SvcFees: [
    {
      SvcFeeReference: 'F-1',
      FeeCollectionDate: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)),
      FeeCurrency: 'USD',
      FeeAmount: 0.1,
      FeeDescription: `Gebühr ${TEXT}`,
      PayerEntityName: 'HQ',
      Provider: 'Payer',
      AccountIdentifier: '00123',
    },
    null,
    {
      SvcFeeReference: null,
      FeeCollectionDate: new Date(Date.UTC(2026, 2, 4, 5, 6, 7, 123)),
      FeeCurrency: null,
      FeeAmount: 2.75,
      FeeDescription: null,
      PayerEntityName: null,
      Provider: null,
      AccountIdentifier: null,
    },
  ],
};
const payerFeesSparse: PayerFeesResult = {
  errorMessage: null,
  errorCode: 'OK',
  b: null,
  i: null,
  d: null,
  s: null,
  SvcFees: [],
};

const report: ReportResult = { errorMessage: 'OK', errorCode: 0, resultsFile: 'report 2026-01 <final>.csv' };
const reportSparse: ReportResult = { errorMessage: null, errorCode: 0, resultsFile: null };

const updated: UpdatedPaymentsResult = {
  errorMessage: 'OK',
  errorCode: 'OK',
  b: false,
  i: 7,
  d: 0.25,
  s: null,
  ChangedPaymentOrdersRefCode: ['00123', null, '', 'Ref <&> "x"', '9223372036854775807'],
};
const updatedSparse: UpdatedPaymentsResult = {
  errorMessage: null,
  errorCode: 'OK',
  b: null,
  i: null,
  d: null,
  s: null,
  ChangedPaymentOrdersRefCode: [],
};

const FILE = ['payerName', 'timestamp', 'key', 'fileName'];
const FILE_AMOUNT = [...FILE, 'totalAmount'];
const CREDENTIALS = ['payerName', 'timestamp', 'key'];
const BY_REQUEST = ['payerName', 'requestId', 'timeStamp', 'key'];

interface RowInput {
  readonly variant?: string;
  readonly sequence: readonly string[];
  readonly wire?: Readonly<Record<string, string>>;
  readonly args?: Readonly<Record<string, unknown>>;
  /** Defaults to `args`. */
  readonly params?: Readonly<Record<string, unknown>>;
  readonly eat: string;
  readonly result: unknown;
  readonly sparse: unknown;
}

function row(operation: PayerFunctionsOperation, input: RowInput): PayerWsdlRow {
  const args = input.args ?? {};
  return {
    title: input.variant === undefined ? operation : `${operation} (${input.variant})`,
    operation,
    method: operation.charAt(0).toLowerCase() + operation.slice(1),
    resultElement: `${operation}Result`,
    sequence: input.sequence,
    wire: input.wire ?? {},
    args,
    params: input.params ?? args,
    eat: input.eat,
    result: input.result,
    sparse: input.sparse,
  };
}

export const PAYER_WSDL_ROWS: readonly PayerWsdlRow[] = [
  row('TestMultiCurrencyPaymentFile', {
    sequence: FILE,
    wire: { fileName: 'Zahlungen <Q1> & Co — 東京.csv' },
    args: { fileName: 'Zahlungen <Q1> & Co — 東京.csv' },
    eat: 'Zahlungen <Q1> & Co — 東京.csv',
    result: fileResult,
    sparse: fileSparse,
  }),
  row('ProcessMultiCurrencyPaymentFile', {
    sequence: FILE,
    wire: { fileName: 'multi 2026-03.csv' },
    args: { fileName: 'multi 2026-03.csv' },
    eat: 'multi 2026-03.csv',
    result: fileResultOk,
    sparse: fileSparse,
  }),
  row('TestPaymentFile', {
    sequence: FILE_AMOUNT,
    wire: { fileName: 'pay.csv', totalAmount: '1234.56' },
    args: { fileName: 'pay.csv', totalAmount: 1234.56 },
    eat: '1234',
    result: fileResult,
    sparse: fileSparse,
  }),
  row('ProcessPaymentFile', {
    sequence: FILE_AMOUNT,
    wire: { fileName: 'pay & co.csv', totalAmount: '0.30000000000000004' },
    args: { fileName: 'pay & co.csv', totalAmount: 0.1 + 0.2 },
    eat: '0',
    result: fileResultOk,
    sparse: fileSparse,
  }),
  row('TestMultiCurrencyPaymentFileAsync', {
    sequence: FILE,
    wire: { fileName: 'm.csv' },
    args: { fileName: 'm.csv' },
    // Marked totalAmount, which the operation does not have: '' is appended.
    eat: '',
    result: asyncResult('9223372036854775807'),
    sparse: asyncSparse,
  }),
  row('ProcessMultiCurrencyPaymentFileAsync', {
    sequence: FILE,
    wire: { fileName: '<m>.csv' },
    args: { fileName: '<m>.csv' },
    eat: '',
    result: asyncResult('-9223372036854775808'),
    sparse: asyncSparse,
  }),
  row('TestPaymentFileAsync', {
    sequence: FILE_AMOUNT,
    wire: { fileName: 'a.csv', totalAmount: '-1250.75' },
    args: { fileName: 'a.csv', totalAmount: -1250.75 },
    eat: '-1250',
    result: asyncResult('9007199254740993'),
    sparse: asyncSparse,
  }),
  row('ProcessPaymentFileAsync', {
    sequence: ['payerName', 'timeStamp', 'key', 'fileName', 'totalAmount'],
    wire: { fileName: 'b.csv', totalAmount: '98765.4321' },
    args: { fileName: 'b.csv', totalAmount: 98765.4321 },
    eat: '98765',
    result: asyncResult('12345678901234567'),
    sparse: asyncSparse,
  }),
  row('GetProcessingRequestStatus', {
    sequence: BY_REQUEST,
    wire: { requestId: '9007199254740993' },
    args: { requestId: '9007199254740993' },
    eat: '9007199254740993',
    result: statusResult,
    sparse: statusSparse,
  }),
  row('ProcessPaymentsAsyncResult', {
    sequence: BY_REQUEST,
    wire: { requestId: '9223372036854775807' },
    args: { requestId: 9223372036854775807n },
    params: { requestId: '9223372036854775807' },
    eat: '9223372036854775807',
    result: expandedResult,
    sparse: expandedSparse,
  }),
  row('GetCustomFields', { sequence: CREDENTIALS, eat: '', result: customFields, sparse: customFieldsSparse }),
  row('GetProviderAccounts', {
    sequence: CREDENTIALS,
    eat: '',
    result: providerAccounts,
    sparse: providerAccountsSparse,
  }),
  row('CreatePayeeStatusFile', {
    variant: 'changesSinceDate given',
    sequence: [...CREDENTIALS, 'saveToFile', 'changesSinceDate'],
    wire: { saveToFile: 'payees ü.csv', changesSinceDate: '1700000000.5' },
    args: { saveToFile: 'payees ü.csv', changesSinceDate: 1700000000.5 },
    eat: 'payees ü.csv',
    result: statusFile,
    sparse: statusFileSparse,
  }),
  row('CreatePayeeStatusFile', {
    variant: 'changesSinceDate left out: 0 is sent',
    sequence: [...CREDENTIALS, 'saveToFile', 'changesSinceDate'],
    wire: { saveToFile: 'p.csv', changesSinceDate: '0' },
    args: { saveToFile: 'p.csv' },
    params: { saveToFile: 'p.csv', changesSinceDate: 0 },
    eat: 'p.csv',
    result: statusFileAll,
    sparse: statusFileSparse,
  }),
  row('GetDynamicKey', { sequence: CREDENTIALS, eat: '', result: securityToken, sparse: securityTokenSparse }),
  row('GetDynamicKeyOfSubPayer', {
    sequence: ['payerName', 'subPayerName', 'timestamp', 'key'],
    wire: { subPayerName: 'Sub Co & <Partners> Ltd. ü' },
    args: { subPayerName: 'Sub Co & <Partners> Ltd. ü' },
    eat: 'Sub Co & <Partners> Ltd. ü',
    result: subPayerToken,
    sparse: subPayerTokenSparse,
  }),
  row('GetBalances', { sequence: CREDENTIALS, eat: '', result: balances, sparse: balancesSparse }),
  row('GetPayerFees', {
    sequence: [...CREDENTIALS, 'beginDateTimeStamp', 'endDateTimeStamp'],
    wire: { beginDateTimeStamp: '1700000000', endDateTimeStamp: '1700086400.25' },
    args: { beginDateTimeStamp: 1700000000, endDateTimeStamp: 1700086400.25 },
    eat: '',
    result: payerFees,
    sparse: payerFeesSparse,
  }),
  row('CreatePaymentOrdersReport', {
    sequence: [...CREDENTIALS, 'startTime', 'endTime'],
    wire: { startTime: '2026-01-02T03:04:05.678Z', endTime: '2026-01-31T22:00:00.000Z' },
    args: { startTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), endTime: '2026-02-01T00:00:00+02:00' },
    params: { startTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), endTime: new Date(Date.UTC(2026, 0, 31, 22)) },
    eat: '',
    result: report,
    sparse: reportSparse,
  }),
  row('GetUpdatedPayments', {
    sequence: [...CREDENTIALS, 'changedSince'],
    wire: { changedSince: '1700000000.123' },
    args: { changedSince: 1700000000.123 },
    eat: '',
    result: updated,
    sparse: updatedSparse,
  }),
];
