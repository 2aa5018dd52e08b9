/**
 * What the mock benchmark serves, shared by its server child (children/mock-server.ts) and its section
 * (sections/mock.ts): the generated payer mock with credentials, so that every request's signature, timestamp and
 * principal are checked as in real use, a fixed clock (the client signs with the same one, so a request built once
 * stays valid for the whole run), and handlers that answer GetBalances and TestPaymentFile with fixed results.
 */
import {
  VirtualClock,
  type PayerFunctionsHandlers,
  type PayerFunctionsMockOptions,
} from '../../generated/mock/index.js';
import type { BalanceResult, FileResult } from '../../generated/client/index.js';

/** The payer the requests are signed for, and its API key (the mock knows it through `credentials`). */
export const MOCK_PAYER_NAME = 'MyPayer';
export const MOCK_API_KEY = 'boguskey';

/** The clock of both sides, Unix seconds (2026-09-21T12:26:40Z): the timestamp signed is always within the skew. */
export const MOCK_NOW = 1_790_000_000;

/** Accounts in the GetBalances answer and line errors in the TestPaymentFile answer. */
export const MOCK_ACCOUNTS = 4;
export const MOCK_LINE_ERRORS = 10;

/** The TestPaymentFile parameters the requests carry. */
export const MOCK_FILE_NAME = 'payments-2026-11.csv';
export const MOCK_TOTAL_AMOUNT = 98_765.43;

const BALANCES: BalanceResult = {
  errorMessage: 'OK',
  errorCode: 0,
  AccountInfos: Array.from({ length: MOCK_ACCOUNTS }, (_, i) => ({
    Provider: (['Payer', 'None', 'Payer', '<provider_name_3>'] as const)[i % 4]!,
    AccountIdentifier: `ACC-${String(1000 + i)}`,
    Balance: 125_000.5 + i * 3_217.25,
    Currency: ['USD', 'EUR', 'GBP', 'ILS'][i % 4]!,
  })),
};

const FILE_RESULT: FileResult = {
  errorMessage: `The file has ${MOCK_LINE_ERRORS} line errors or warnings`,
  errorCode: 'ValidationError',
  LineErrorsOrWarning: Array.from({ length: MOCK_LINE_ERRORS }, (_, i) => {
    const warning = i % 4 === 3;
    return {
      lineNumber: i + 2,
      isWarning: warning,
      message: warning
        ? `Payee name differs from the registered name & will be replaced (line ${i + 2})`
        : `Amount of payment PO-2026-${String(i).padStart(6, '0')} must be positive`,
    };
  }),
  resultsFile: 'payments-2026-11.results.csv',
};

/** The handlers: the same result objects every time, as a mock with canned answers returns them. */
export const mockHandlers: Partial<PayerFunctionsHandlers> = {
  getBalances: () => BALANCES,
  testPaymentFile: () => FILE_RESULT,
};

/** The options the benchmark's mock is made with (in the server child and for the in-process measurement). */
export function mockOptions(): PayerFunctionsMockOptions {
  return {
    credentials: { [MOCK_PAYER_NAME]: MOCK_API_KEY },
    clock: new VirtualClock(MOCK_NOW),
    handlers: mockHandlers,
  };
}
