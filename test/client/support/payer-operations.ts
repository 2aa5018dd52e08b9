/**
 * The operation table of part 4.1 of the interface document, transcribed by hand (not read from the spec, so the
 * tests check the generator against the document), with a sample call per operation: what the caller passes,
 * the exact text each parameter must have on the wire, and the EAT value that must be signed.
 */

export interface OperationCase {
  readonly name: string;
  readonly method: string;
  /** Wire parameter names in order, spelled exactly. */
  readonly params: readonly string[];
  readonly result: string;
  /** The HTTP POST root the client must accept (for the "not shown" one, the decision's assumed root). */
  readonly root: string;
  readonly rootShown: boolean;
  readonly input: Record<string, unknown>;
  /** Text of each non-credential parameter on the wire. */
  readonly wire: Readonly<Record<string, string>>;
  /** The EAT value appended to payerName + timestamp. */
  readonly eat: string;
}

const D1 = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
const D2 = '2026-02-01T00:00:00Z';

export const OPERATIONS: readonly OperationCase[] = [
  op(
    'TestMultiCurrencyPaymentFile',
    ['payerName', 'timestamp', 'key', 'fileName'],
    'FileResult',
    'SvcProcessPaymentResponse',
    { fileName: 'multi_2026-11.csv' },
    { fileName: 'multi_2026-11.csv' },
    'multi_2026-11.csv',
  ),
  op(
    'ProcessMultiCurrencyPaymentFile',
    ['payerName', 'timestamp', 'key', 'fileName'],
    'FileResult',
    'SvcProcessPaymentResponse',
    { fileName: 'multi.csv' },
    { fileName: 'multi.csv' },
    'multi.csv',
  ),
  op(
    'TestPaymentFile',
    ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'],
    'FileResult',
    'SvcProcessPaymentResponse',
    { fileName: 'pay.csv', totalAmount: 1234.56 },
    { fileName: 'pay.csv', totalAmount: '1234.56' },
    '1234',
  ),
  op(
    'ProcessPaymentFile',
    ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'],
    'FileResult',
    'SvcProcessPaymentResponse',
    { fileName: 'pay.csv', totalAmount: 99.99 },
    { fileName: 'pay.csv', totalAmount: '99.99' },
    '99',
  ),
  // Marked totalAmount but without such a parameter: the empty string is signed (multicurrency-async-eat).
  op(
    'TestMultiCurrencyPaymentFileAsync',
    ['payerName', 'timestamp', 'key', 'fileName'],
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
    { fileName: 'm.csv' },
    { fileName: 'm.csv' },
    '',
  ),
  op(
    'ProcessMultiCurrencyPaymentFileAsync',
    ['payerName', 'timestamp', 'key', 'fileName'],
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
    { fileName: 'm.csv' },
    { fileName: 'm.csv' },
    '',
    false,
  ),
  op(
    'TestPaymentFileAsync',
    ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'],
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
    { fileName: 'a.csv', totalAmount: -0.5 },
    { fileName: 'a.csv', totalAmount: '-0.5' },
    '0',
  ),
  op(
    'ProcessPaymentFileAsync',
    ['payerName', 'timeStamp', 'key', 'fileName', 'totalAmount'],
    'AsyncRequestResult',
    'SvcProcessPaymentAsyncResult',
    { fileName: 'a.csv', totalAmount: 1e21 },
    { fileName: 'a.csv', totalAmount: '1e+21' },
    '1000000000000000000000',
  ),
  op(
    'GetProcessingRequestStatus',
    ['payerName', 'requestId', 'timeStamp', 'key'],
    'ProcessingRequestStatusResult',
    'SvcGetProcessingRequestStatusResult',
    { requestId: '9007199254740993' },
    { requestId: '9007199254740993' },
    '9007199254740993',
  ),
  op(
    'ProcessPaymentsAsyncResult',
    ['payerName', 'requestId', 'timeStamp', 'key'],
    'ExpandedProcessPaymentResult',
    'SvcExpandedProcessPaymentResponse',
    { requestId: 9223372036854775807n },
    { requestId: '9223372036854775807' },
    '9223372036854775807',
  ),
  op(
    'GetCustomFields',
    ['payerName', 'timestamp', 'key'],
    'CustomFieldsResult',
    'SvcGetCustomFieldsResponse',
    {},
    {},
    '',
  ),
  op(
    'GetProviderAccounts',
    ['payerName', 'timestamp', 'key'],
    'ProviderAccountsResult',
    'SvcGetProviderAccountsResponse',
    {},
    {},
    '',
  ),
  op(
    'CreatePayeeStatusFile',
    ['payerName', 'timestamp', 'key', 'saveToFile', 'changesSinceDate'],
    'StatusFileResult',
    'SvcResponse',
    { saveToFile: 'payees.csv' },
    { saveToFile: 'payees.csv', changesSinceDate: '0' },
    'payees.csv',
  ),
  op('GetDynamicKey', ['payerName', 'timestamp', 'key'], 'SecurityToken', 'SecurityToken', {}, {}, ''),
  op(
    'GetDynamicKeyOfSubPayer',
    ['payerName', 'subPayerName', 'timestamp', 'key'],
    'SubPayerSecurityToken',
    'SvcSubPayerSecurityToken',
    { subPayerName: 'Sub Co & Partners' },
    { subPayerName: 'Sub Co & Partners' },
    'Sub Co & Partners',
  ),
  op('GetBalances', ['payerName', 'timestamp', 'key'], 'BalanceResult', 'SvcGetBalanceResponse', {}, {}, ''),
  op(
    'GetPayerFees',
    ['payerName', 'timestamp', 'key', 'beginDateTimeStamp', 'endDateTimeStamp'],
    'PayerFeesResult',
    'SvcGetPayerFeesResponse',
    { beginDateTimeStamp: 1700000000, endDateTimeStamp: 1700086400.25 },
    { beginDateTimeStamp: '1700000000', endDateTimeStamp: '1700086400.25' },
    '',
  ),
  op(
    'CreatePaymentOrdersReport',
    ['payerName', 'timestamp', 'key', 'startTime', 'endTime'],
    'ReportResult',
    'SvcReportResponse',
    { startTime: D1, endTime: D2 },
    { startTime: '2026-01-02T03:04:05.000Z', endTime: '2026-02-01T00:00:00.000Z' },
    '',
  ),
  op(
    'GetUpdatedPayments',
    ['payerName', 'timestamp', 'key', 'changedSince'],
    'UpdatedPaymentsResult',
    'SvcGetUpdatedPaymentsResponse',
    { changedSince: 1700000000 },
    { changedSince: '1700000000' },
    '',
  ),
];

function op(
  name: string,
  params: string[],
  result: string,
  root: string,
  input: Record<string, unknown>,
  wire: Record<string, string>,
  eat: string,
  rootShown = true,
): OperationCase {
  return {
    name,
    method: name.charAt(0).toLowerCase() + name.slice(1),
    params,
    result,
    root,
    rootShown,
    input,
    wire,
    eat,
  };
}
