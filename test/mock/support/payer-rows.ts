/**
 * The 19 payer operations, one row each (two for CreatePayeeStatusFile: changesSinceDate left out and given), with
 * what the caller passes, what the mock's handler must receive (the parameters as the service decodes them, no
 * credential among them), and a result that a custom handler answers with: nil and empty lists, nil list items, nil
 * and absent fields, non-OK codes, longs past 2^53, doubles at the ends of their range, text with markup and non-ASCII
 * characters. The client must decode that result to exactly the same value.
 */

export interface PayerRow {
  readonly title: string;
  readonly operation: string;
  readonly method: string;
  /** What the caller passes to the client method. */
  readonly args: Readonly<Record<string, unknown>>;
  /** What the handler receives. */
  readonly params: Readonly<Record<string, unknown>>;
  /** What the custom handler returns. */
  readonly result: unknown;
}

const MARKUP = `Zahlung <März> & "Q1" 'ok' — 東京 🚀`;

const fileResult = {
  errorMessage: `Line 3: ${MARKUP}`,
  errorCode: 'ValidationWarning',
  LineErrorsOrWarning: [
    { lineNumber: 2147483647, isWarning: true, message: 'Payee 00123 has no e-mail <none>' },
    { lineNumber: -2147483648, isWarning: false, message: null },
    { lineNumber: 0, isWarning: false, message: '' },
  ],
  resultsFile: '00123.csv',
};

const fileResultEmpty = { errorMessage: 'OK', errorCode: 'OK', LineErrorsOrWarning: [], resultsFile: null };

const asyncResult = (requestId: string) => ({ errorMessage: 'Ok.', errorCode: 'OK', requestId });

const summaryAmounts = {
  summaryRowCurrency: 'JPY',
  totalAmount: 0.1 + 0.2,
  immediateAmount: 1e21,
  payableAmount: 1e-7,
  payerFees: Number.MAX_VALUE,
  scheduledAmount: Number.MIN_VALUE,
  outstandingAmount: -Number.MAX_VALUE,
  withholdingAmount: 2 ** 53 + 2,
  estimatedProviderFees: -123456789.12345678,
};

const expandedResult = {
  errorMessage: MARKUP,
  errorCode: 1015,
  linesResults: [
    {
      status: 'Warning',
      paymentOrderStatus: 'Pending <review>',
      message: null,
      refCode: 'R-0001',
      lineErrorOrWarningType: -1,
    },
    {
      status: 'Error',
      paymentOrderStatus: '',
      message: 'Amount < 0',
      refCode: '00042',
      lineErrorOrWarningType: 2147483647,
    },
  ],
  summary: [
    {
      accountType: 2,
      accountCurrency: 'EUR',
      fundsRequired: -Number.MIN_VALUE,
      outstandingAmount: 1234.56,
      svcSummaryAmounts: [null, summaryAmounts],
    },
    null,
    { accountType: 0, accountCurrency: null, fundsRequired: 0, outstandingAmount: 5e-324, svcSummaryAmounts: null },
    {
      accountType: -1,
      accountCurrency: '',
      fundsRequired: 1.7976931348623157e308,
      outstandingAmount: 0.5,
      svcSummaryAmounts: [],
    },
  ],
};

const customFields = {
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
        { Value: null, IsActive: true },
      ],
      Category: 'Finance',
    },
    { Entity: 'Payment', Values: null },
    null,
  ],
};

const providerAccounts = { errorMessage: null, errorCode: 'OK', AccountsInfo: [] };

const statusFile = { errorMessage: 'OK', errorCode: 'OK', b: null, i: -2147483648, d: null };
const statusFileAll = { errorMessage: 'OK', errorCode: 'OK', b: false, i: 2147483647, d: -1e-300, s: MARKUP };

const securityToken = { errorMessage: 'OK', errorCode: 'OK', Key: 'dyn+key/==', Token: 'tok&en<>"' };
const subPayerToken = { errorMessage: 'SubPayerIsNotFound', errorCode: 1008, Key: null, Token: '' };

const balances = {
  errorMessage: 'OK',
  errorCode: 0,
  AccountInfos: [
    { Provider: 'Payer', AccountIdentifier: '00123', Balance: -0.01, Currency: 'EUR' },
    null,
    { Provider: '<provider_name_16>', AccountIdentifier: null, Balance: 9007199254740992, Currency: '' },
    { Provider: 'None', Balance: Number.MAX_VALUE },
  ],
};

const payerFees = {
  errorMessage: 'OK',
  errorCode: 'OK',
  b: false,
  i: null,
  d: -1e-300,
  s: 's',
  SvcFees: [
    {
      SvcFeeReference: 'F-1',
      FeeCollectionDate: new Date(Date.UTC(2024, 1, 29, 23, 59, 59, 999)),
      FeeCurrency: 'USD',
      FeeAmount: 0.1,
      FeeDescription: `Gebühr ${MARKUP}`,
      PayerEntityName: 'HQ',
      Provider: 'Payer',
      AccountIdentifier: '00123',
    },
    null,
    { FeeCollectionDate: new Date('0001-01-01T00:00:00.000Z'), FeeAmount: -Number.MAX_VALUE },
  ],
};

const report = { errorMessage: 'OK', errorCode: 0, resultsFile: 'report 2026-01 <final>.csv' };

const updated = { ChangedPaymentOrdersRefCode: ['00123', null, '', 'Ref <&> "x"', '9223372036854775807'] };

function row(
  operation: string,
  args: Record<string, unknown>,
  params: Record<string, unknown>,
  result: unknown,
  variant?: string,
): PayerRow {
  return {
    title: variant === undefined ? operation : `${operation} (${variant})`,
    operation,
    method: operation.charAt(0).toLowerCase() + operation.slice(1),
    args,
    params,
    result,
  };
}

export const PAYER_ROWS: readonly PayerRow[] = [
  row(
    'TestMultiCurrencyPaymentFile',
    { fileName: `Zahlungen ${MARKUP}.csv` },
    { fileName: `Zahlungen ${MARKUP}.csv` },
    fileResult,
  ),
  row(
    'ProcessMultiCurrencyPaymentFile',
    { fileName: 'multi 東京.csv' },
    { fileName: 'multi 東京.csv' },
    fileResultEmpty,
  ),
  row(
    'TestPaymentFile',
    { fileName: 'pay.csv', totalAmount: 1234.56 },
    { fileName: 'pay.csv', totalAmount: 1234.56 },
    fileResult,
  ),
  row(
    'ProcessPaymentFile',
    { fileName: 'pay & co.csv', totalAmount: 0.1 + 0.2 },
    { fileName: 'pay & co.csv', totalAmount: 0.30000000000000004 },
    fileResultEmpty,
  ),
  row(
    'TestMultiCurrencyPaymentFileAsync',
    { fileName: '<m>.csv' },
    { fileName: '<m>.csv' },
    asyncResult('9223372036854775807'),
  ),
  row(
    'ProcessMultiCurrencyPaymentFileAsync',
    { fileName: 'm.csv' },
    { fileName: 'm.csv' },
    asyncResult('-9223372036854775808'),
  ),
  row(
    'TestPaymentFileAsync',
    { fileName: 'a.csv', totalAmount: -0.5 },
    { fileName: 'a.csv', totalAmount: -0.5 },
    asyncResult('9007199254740993'),
  ),
  row(
    'ProcessPaymentFileAsync',
    { fileName: 'a.csv', totalAmount: 1e21 },
    { fileName: 'a.csv', totalAmount: 1e21 },
    asyncResult('0'),
  ),
  row(
    'GetProcessingRequestStatus',
    { requestId: '9007199254740993' },
    { requestId: '9007199254740993' },
    { errorMessage: 'Ok.', errorCode: 'RequestStillInProgress', requestStatus: 'Processing' },
  ),
  row(
    'ProcessPaymentsAsyncResult',
    { requestId: 9223372036854775807n },
    { requestId: '9223372036854775807' },
    expandedResult,
  ),
  row('GetCustomFields', {}, {}, customFields),
  row('GetProviderAccounts', {}, {}, providerAccounts),
  row(
    'CreatePayeeStatusFile',
    { saveToFile: 'payees ü.csv' },
    { saveToFile: 'payees ü.csv', changesSinceDate: 0 },
    statusFile,
    'changesSinceDate left out: 0 is sent',
  ),
  row(
    'CreatePayeeStatusFile',
    { saveToFile: 'p.csv', changesSinceDate: 1700000000.5 },
    { saveToFile: 'p.csv', changesSinceDate: 1700000000.5 },
    statusFileAll,
    'changesSinceDate given',
  ),
  row('GetDynamicKey', {}, {}, securityToken),
  row(
    'GetDynamicKeyOfSubPayer',
    { subPayerName: 'Sub Co & <Partners> Ltd. ü' },
    { subPayerName: 'Sub Co & <Partners> Ltd. ü' },
    subPayerToken,
  ),
  row('GetBalances', {}, {}, balances),
  row(
    'GetPayerFees',
    { beginDateTimeStamp: 1700000000, endDateTimeStamp: 1700086400.25 },
    { beginDateTimeStamp: 1700000000, endDateTimeStamp: 1700086400.25 },
    payerFees,
  ),
  row(
    'CreatePaymentOrdersReport',
    { startTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), endTime: '2026-02-01T00:00:00+02:00' },
    { startTime: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)), endTime: new Date(Date.UTC(2026, 0, 31, 22, 0, 0)) },
    report,
  ),
  row('GetUpdatedPayments', { changedSince: 1700000000.123 }, { changedSince: 1700000000.123 }, updated),
];
