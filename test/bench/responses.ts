/**
 * The SOAP 1.1 responses the benchmarks decode, built as the service sends them (document/literal wrapped, every
 * element in the service namespace, compact), and what a correct decode of each must find.
 */

export const NS = 'http://svc.example/';
export const SERVICE_PATH = '/v5/PayerFunctions.asmx';

/** A response and the operation it answers. */
export interface ResponseCase {
  /** Short key for results files. */
  readonly key: string;
  /** Label for the summary. */
  readonly label: string;
  readonly operation: 'GetBalances' | 'TestPaymentFile' | 'ProcessPaymentsAsyncResult';
  /** The response text, and its UTF-8 bytes as they come off the wire. */
  readonly xml: string;
  readonly bytes: Uint8Array;
  /** Items in the result's main list: accounts, line errors or line results. */
  readonly items: number;
}

const ENVELOPE_HEAD =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>';
const ENVELOPE_TAIL = '</soap:Body></soap:Envelope>';

function wrap(operation: string, result: string): string {
  return `${ENVELOPE_HEAD}<${operation}Response xmlns="${NS}"><${operation}Result>${result}</${operation}Result></${operation}Response>${ENVELOPE_TAIL}`;
}

function makeCase(
  key: string,
  label: string,
  operation: ResponseCase['operation'],
  xml: string,
  items: number,
): ResponseCase {
  return { key, label, operation, xml, bytes: new TextEncoder().encode(xml), items };
}

/** GetBalances with a few accounts. */
export function balancesResponse(accounts = 4): ResponseCase {
  const providers = ['Payer', 'None', 'Payer', '<provider_name_3>'];
  const currencies = ['USD', 'EUR', 'GBP', 'ILS'];
  const parts: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const provider = providers[i % providers.length]!.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    parts.push(
      `<SvcAccountInfo><Provider>${provider}</Provider><AccountIdentifier>ACC-${String(1000 + i)}</AccountIdentifier>` +
        `<Balance>${(125_000.5 + i * 3_217.25).toFixed(2)}</Balance><Currency>${currencies[i % currencies.length]!}</Currency></SvcAccountInfo>`,
    );
  }
  const xml = wrap(
    'GetBalances',
    `<errorMessage>OK</errorMessage><errorCode>0</errorCode><AccountInfos>${parts.join('')}</AccountInfos>`,
  );
  return makeCase('getBalances', `GetBalances, ${accounts} accounts`, 'GetBalances', xml, accounts);
}

/** TestPaymentFile that found `count` line errors and warnings (errorCode ValidationError). */
export function testPaymentFileResponse(count = 1000): ResponseCase {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const warning = i % 4 === 3;
    const message = warning
      ? `Payee name differs from the registered name &amp; will be replaced (line ${i + 2})`
      : `Amount of payment PO-2026-${String(i).padStart(6, '0')} must be positive`;
    parts.push(
      `<LineErrorOrWarning><lineNumber>${i + 2}</lineNumber><isWarning>${String(warning)}</isWarning><message>${message}</message></LineErrorOrWarning>`,
    );
  }
  const xml = wrap(
    'TestPaymentFile',
    `<errorMessage>The file has ${count} line errors or warnings</errorMessage><errorCode>ValidationError</errorCode>` +
      `<LineErrorsOrWarning>${parts.join('')}</LineErrorsOrWarning><resultsFile>payments-2026-11.results.csv</resultsFile>`,
  );
  return makeCase(
    `testPaymentFile${count}`,
    `TestPaymentFile, ${count.toLocaleString('en-US')} line errors`,
    'TestPaymentFile',
    xml,
    count,
  );
}

/** One ExpandedLineResult, about 280 bytes, as a real asynchronous run reports a line. */
function lineResult(i: number): string {
  const error = i % 17 === 0;
  const warning = !error && i % 11 === 0;
  const status = error ? 'Error' : warning ? 'Warning' : 'OK';
  const message = error
    ? 'Payee account closed &amp; payment returned to the payer account'
    : warning
      ? 'Payee bank details changed since the last payment, please verify'
      : 'Payment order created and scheduled for the next cycle as requested';
  return (
    `<ExpandedLineResult><status>${status}</status><paymentOrderStatus>${error ? 'Rejected' : 'Scheduled'}</paymentOrderStatus>` +
    `<message>${message}</message><refCode>PO-2026-11-${String(i).padStart(8, '0')}</refCode>` +
    `<lineErrorOrWarningType>${error ? 3 : warning ? 1 : 0}</lineErrorOrWarningType></ExpandedLineResult>`
  );
}

/** ProcessPaymentsAsyncResult with `lines` line results and one account summary (10,000 lines: about 2.8 MB). */
export function processPaymentsResultResponse(lines: number): ResponseCase {
  const parts: string[] = [];
  for (let i = 0; i < lines; i++) parts.push(lineResult(i));
  const summary =
    '<SvcProcessPaymentsSummary><accountType>1</accountType><accountCurrency>USD</accountCurrency><fundsRequired>1250000.5</fundsRequired>' +
    '<outstandingAmount>0</outstandingAmount><svcSummaryAmounts xsi:nil="true" /></SvcProcessPaymentsSummary>';
  const xml = wrap(
    'ProcessPaymentsAsyncResult',
    `<errorMessage>OK</errorMessage><errorCode>0</errorCode><linesResults>${parts.join('')}</linesResults><summary>${summary}</summary>`,
  );
  return makeCase(
    `processPaymentsAsyncResult${lines}`,
    `ProcessPaymentsAsyncResult, ${lines.toLocaleString('en-US')} lines`,
    'ProcessPaymentsAsyncResult',
    xml,
    lines,
  );
}

/**
 * One ExpandedLineResult of the full shape, about 520 bytes: every field set to a value as long as real runs give it
 * (the record has no date field): a status, a payment order status, a long message with the accented letters, the
 * euro sign and the escaped ampersand of payee names and bank texts, a long reference, the error type.
 */
function fullLineResult(i: number): string {
  const kind = i % 3;
  const status = kind === 0 ? 'OK' : kind === 1 ? 'Warning' : 'Error';
  const orderStatus = kind === 0 ? 'Scheduled' : kind === 1 ? 'PendingApproval' : 'Rejected';
  const amount = (1_000 + ((i * 7_919) % 9_000_000) / 100).toFixed(2);
  const message =
    `Line ${i + 2}: payment of €${amount} to Société Générale Côte-d’Ivoire &amp; Zoë Müller-Lüdenscheidt ` +
    `(IBAN FR76 3000 6000 0112 3456 7890 ${String(i % 1000).padStart(3, '0')}) ${kind === 2 ? 'rejected: the payee account is closed' : 'scheduled for the next payment cycle'}, ` +
    'as requested in the file’s header; remittance “Invoice 2026-11 / Rechnung Nr. 4711”';
  return (
    `<ExpandedLineResult><status>${status}</status><paymentOrderStatus>${orderStatus}</paymentOrderStatus>` +
    `<message>${message}</message><refCode>PO-2026-11-${String(i).padStart(8, '0')}-${String((i * 2_654_435_761) % 1e9).padStart(9, '0')}</refCode>` +
    `<lineErrorOrWarningType>${kind === 0 ? 0 : kind === 1 ? 1 : 1_000_000 + (i % 97)}</lineErrorOrWarningType></ExpandedLineResult>`
  );
}

/** A summary per account with every amount set, for the full shape. */
function fullSummary(): string {
  const currencies = ['USD', 'EUR', 'GBP', 'ILS'];
  return currencies
    .map((currency, a) => {
      const amounts = [currency, 'USD']
        .map(
          (row, r) =>
            `<SvcSummaryAmounts><summaryRowCurrency>${row}</summaryRowCurrency><totalAmount>${(1_250_000.55 + a * 1_000 + r).toFixed(2)}</totalAmount>` +
            `<immediateAmount>125000.5</immediateAmount><payableAmount>1125000.05</payableAmount><payerFees>1234.56</payerFees>` +
            `<scheduledAmount>99999.99</scheduledAmount><outstandingAmount>-0.01</outstandingAmount><withholdingAmount>1.5E3</withholdingAmount>` +
            `<estimatedProviderFees>12.345678901234567</estimatedProviderFees></SvcSummaryAmounts>`,
        )
        .join('');
      return (
        `<SvcProcessPaymentsSummary><accountType>${a + 1}</accountType><accountCurrency>${currency}</accountCurrency>` +
        `<fundsRequired>${(1_250_000.5 * (a + 1)).toFixed(2)}</fundsRequired><outstandingAmount>${(a * 17.25).toFixed(2)}</outstandingAmount>` +
        `<svcSummaryAmounts>${amounts}</svcSummaryAmounts></SvcProcessPaymentsSummary>`
      );
    })
    .join('');
}

/**
 * ProcessPaymentsAsyncResult with `lines` line results of the full shape (every field set, long texts with
 * non-ASCII letters) and a summary of four accounts with every amount (10,000 lines: about 5.3 MB).
 */
export function processPaymentsFullResponse(lines: number): ResponseCase {
  const parts: string[] = [];
  for (let i = 0; i < lines; i++) parts.push(fullLineResult(i));
  const xml = wrap(
    'ProcessPaymentsAsyncResult',
    `<errorMessage>Completed with ${Math.floor(lines / 3)} line errors and ${Math.floor(lines / 3)} warnings</errorMessage>` +
      `<errorCode>0</errorCode><linesResults>${parts.join('')}</linesResults><summary>${fullSummary()}</summary>`,
  );
  return makeCase(
    `processPaymentsAsyncResultFull${lines}`,
    `ProcessPaymentsAsyncResult, ${lines.toLocaleString('en-US')} lines, every field full`,
    'ProcessPaymentsAsyncResult',
    xml,
    lines,
  );
}

/** The response headers an ASMX service sends with a SOAP 1.1 answer of `length` bytes. */
export function responseHeaders(length: number): Record<string, string> {
  return {
    'content-type': 'text/xml; charset=utf-8',
    'content-length': String(length),
    'cache-control': 'private, max-age=0',
  };
}
