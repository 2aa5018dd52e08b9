/**
 * The 19 operations of the payer interface as the simulator answers them, over the state in world.ts. Each handler
 * first lets the clock's time take effect (World.settle), then answers from the state; a problem the service reports
 * in its result (an unknown payer, a file not found, an unknown request) is a result with the service's code, never a
 * fault. Codes the (I) results have no known integer for go out as the spec's unknownNumber with the name in
 * errorMessage (the auth-failures decision).
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ErrorCodeByNumber, type ErrorCode } from '#generated/client/types.js';
import type {
  AsyncRequestResult,
  ExpandedLineResult,
  ExpandedProcessPaymentResult,
  FileResult,
  SvcProcessPaymentsSummary,
} from '#generated/client/types.js';
import {
  errorCodes,
  failedAsyncRequestResult,
  failedBalanceResult,
  failedCustomFieldsResult,
  failedExpandedProcessPaymentResult,
  failedFileResult,
  failedPayerFeesResult,
  failedProcessingRequestStatusResult,
  failedProviderAccountsResult,
  failedReportResult,
  failedSecurityToken,
  failedStatusFileResult,
  failedSubPayerSecurityToken,
  failedUpdatedPaymentsResult,
} from '#generated/mock/codec.js';
import type { PayerFunctionsHandlers } from '#generated/mock/types.js';
import type { MockContext } from '#generated/runtime/mock/core.js';
import type { VirtualClock } from '#generated/runtime/mock/clock.js';
import { toCsv } from './csv.js';
import { SLICE_ROWS, checkPaymentFileInSlices, formatCents, type PaymentFileCheck } from './payment-file.js';
import { LONG_MAX, ipAllowed } from './scenario.js';
import { quote } from './text.js';
import { stateOf, type AsyncRequest, type PayerState, type TakenRefCodes, type World } from './world.js';

/** A code by name, in both kinds. */
const code = (name: string) => errorCodes.code(name);

/**
 * An (I) result's message: for a code without a known integer (sent as the unknown one), the code's name first, as
 * decision auth-failures says.
 */
const named = (name: string, message: string) =>
  [...ErrorCodeByNumber.values()].includes(name as ErrorCode) ? message : `${name}: ${message}`;

/** The answer to a payer the scenario does not have (reached only when credentials are not checked). */
const UNKNOWN_PAYER = 'PayerUnknown';

export function simulatedHandlers(world: World, clock: VirtualClock): Partial<PayerFunctionsHandlers> {
  /** The calling payer at the current time, or undefined for one the scenario does not have. */
  const payerOf = (context: MockContext): PayerState | undefined => {
    world.settle(clock.now());
    return world.payers.get(context.principal ?? '');
  };
  const settings = world.scenario.settings;

  /**
   * Checks a payment file's text against the payer's state when the check starts, in slices, so that the mock answers
   * other requests meanwhile. A Process* caller runs it and acts on it (submits, records a request) inside
   * PayerState.exclusive, so that no other Process* call of the payer takes a refCode in between.
   */
  const checkText = async (
    payer: PayerState,
    text: string,
    singleCurrency: boolean,
    totalAmount: number | undefined,
  ) => {
    // Taken: the payer's orders, and the lines of its Process* requests still processing (their orders are made when
    // they complete, and two of them must not both make one). Test* checks them too: OK means "can be submitted".
    const taken = world.takenRefCodes(payer);
    const options = {
      singleCurrency,
      totalAmount,
      currencies: payer.currencies(),
      payees: payer.payees(),
      existingRefCodes: taken,
    };
    const check = await checkPaymentFileInSlices(text, options);
    // The check's stand-ins for missing refCodes (AUTO-<line>) are replaced below, so they take nothing.
    for (const p of check.payments) if (!p.refCodeAssigned) taken.add(p.refCode);
    return uniqueRefCodes(check, world, taken);
  };

  /** Test* and Process*, synchronously: the file's lines, and for Process* the payments made at once. */
  const fileOperation = (singleCurrency: boolean, process: boolean) => {
    return async (params: { fileName: string; totalAmount?: number }, context: MockContext): Promise<FileResult> => {
      const payer = payerOf(context);
      if (payer === undefined) return failedFileResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      const read = await payer.folder.readText(params.fileName, settings.maxFileBytes);
      if (!read.ok) return failedFileResult(code(read.code), read.message);
      const checked = async () => {
        const check = await checkText(payer, read.text, singleCurrency, params.totalAmount);
        return {
          check,
          result: {
            errorCode: check.code,
            errorMessage: check.message,
            LineErrorsOrWarning: check.issues,
          } satisfies FileResult,
        };
      };
      if (!process) return (await checked()).result;
      return payer.exclusive(async (): Promise<FileResult> => {
        const { check, result } = await checked();
        if (check.code !== 'OK') return result;
        // OK means the payments were submitted, so any other code must mean none was: the results file is written
        // first, and the payments are made only once it is.
        const resultsFile = `${params.fileName}.results.csv`;
        const written = await payer.folder.writeReplacing(resultsFile, await resultsCsv(check, 'Submitted'));
        if (!written.ok) {
          const message = `the results file ${quote(resultsFile)} cannot be written (${written.reason}), so no payment was submitted`;
          return { ...result, errorCode: 'CannotWriteFile', errorMessage: message };
        }
        payer.submit(check.payments, clock.now(), settings.balanceDelaySeconds);
        return { ...result, resultsFile };
      });
    };
  };

  /** The *Async file operations: a requestId at once, the work done on the clock. */
  const asyncOperation = (operation: string, singleCurrency: boolean, process: boolean) => {
    return async (
      params: { fileName: string; totalAmount?: number },
      context: MockContext,
    ): Promise<AsyncRequestResult> => {
      const payer = payerOf(context);
      if (payer === undefined) return failedAsyncRequestResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      const read = await payer.folder.readText(params.fileName, settings.maxFileBytes);
      if (!read.ok) return failedAsyncRequestResult(code(read.code), read.message);
      const record = async (): Promise<AsyncRequestResult> => {
        const check = await checkText(payer, read.text, singleCurrency, params.totalAmount);
        const id = world.issueRequestId();
        // No id left below the largest long: refused as the service refuses a request over a limit, nothing recorded.
        if (id === undefined) {
          return failedAsyncRequestResult(
            code('RequestLimitReached'),
            `no request id is left: every id up to ${LONG_MAX} (the largest long) has been issued`,
          );
        }
        const now = clock.now();
        const request: AsyncRequest = {
          id,
          payerName: payer.name,
          operation,
          process,
          check,
          createdAt: now,
          doneAt: now + settings.processingSeconds,
        };
        world.requests.set(request.id, request);
        return { errorCode: 'OK', errorMessage: 'OK', requestId: request.id };
      };
      // A Process* request takes its lines' refCodes from when it is recorded (World.takenRefCodes).
      return process ? payer.exclusive(record) : record();
    };
  };

  /** The caller's own request by id; another payer's is as unknown as one never issued. */
  const requestOf = (payer: PayerState, requestId: string): AsyncRequest | undefined => {
    const request = world.requests.get(requestId);
    return request?.payerName === payer.name ? request : undefined;
  };

  return {
    testMultiCurrencyPaymentFile: fileOperation(false, false),
    processMultiCurrencyPaymentFile: fileOperation(false, true),
    testPaymentFile: fileOperation(true, false),
    processPaymentFile: fileOperation(true, true),
    testMultiCurrencyPaymentFileAsync: asyncOperation('TestMultiCurrencyPaymentFileAsync', false, false),
    processMultiCurrencyPaymentFileAsync: asyncOperation('ProcessMultiCurrencyPaymentFileAsync', false, true),
    testPaymentFileAsync: asyncOperation('TestPaymentFileAsync', true, false),
    processPaymentFileAsync: asyncOperation('ProcessPaymentFileAsync', true, true),

    getProcessingRequestStatus(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedProcessingRequestStatusResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      const request = requestOf(payer, params.requestId);
      if (request === undefined) {
        return failedProcessingRequestStatusResult(
          code('RequestDoesNotExist'),
          `there is no request ${params.requestId}`,
        );
      }
      const state = stateOf(request);
      if (state === 'Processing') return { errorCode: 'OK', errorMessage: 'OK', requestStatus: state };
      // A request failed by a test (control.failRequest) had a good file: its code is UnknownError.
      const failedCode = request.check.code === 'OK' ? 'UnknownError' : request.check.code;
      return {
        errorCode: state === 'Failed' ? failedCode : 'OK',
        errorMessage: request.ended!.message,
        requestStatus: state,
      };
    },

    processPaymentsAsyncResult(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedExpandedProcessPaymentResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER)!;
      const request = requestOf(payer, params.requestId);
      const coded = (name: string, message: string) =>
        failedExpandedProcessPaymentResult(code(name), named(name, message)) ?? { errorMessage: message };
      if (request === undefined) return coded('RequestDoesNotExist', `there is no request ${params.requestId}`);
      const state = stateOf(request);
      if (state === 'Processing') return coded('RequestStillInProgress', `request ${request.id} is still Processing`);
      if (state === 'Cancelled') return coded('UnknownError', `request ${request.id} was cancelled`);
      const lines = lineResults(
        request.check,
        request.process && state === 'Completed' ? 'Submitted' : request.process ? 'NotSubmitted' : 'Tested',
      ).map(([, r]) => r);
      const result: ExpandedProcessPaymentResult = {
        ...(state === 'Completed'
          ? { errorCode: 0, errorMessage: 'OK' }
          : coded(request.check.code === 'OK' ? 'UnknownError' : request.check.code, request.ended!.message)),
        linesResults: lines,
        // What the accounts held when it ended (its own payments left out), the same whenever it is asked.
        summary: summaries(request.check, request.ended!.balances, payer),
      };
      return result;
    },

    getCustomFields(_params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedCustomFieldsResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      return { errorCode: 'OK', errorMessage: 'OK', CustomFields: payer.scenario.customFields };
    },

    getProviderAccounts(_params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedProviderAccountsResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      return { errorCode: 'OK', errorMessage: 'OK', AccountsInfo: payer.scenario.providerAccounts };
    },

    async createPayeeStatusFile(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedStatusFileResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      // 0 (what the client sends when the caller gives none) means no limit.
      const since = params.changesSinceDate;
      const payees = payer.scenario.payees.filter((p) => since <= 0 || p.changedAt.getTime() / 1000 > since);
      const rows = [
        ['payeeId', 'paymentMethod', 'status', 'reason'],
        ...payees.map((p) => [p.payeeId, p.paymentMethod, p.status, p.reason]),
      ];
      const written = await payer.folder.writeReplacing(params.saveToFile, toCsv(rows));
      if (!written.ok) return failedStatusFileResult(code(written.code), written.message);
      // b, i, d and s are not shown in the document; the mock's meaning: written, payee rows, the limit, the file.
      return { errorCode: 'OK', errorMessage: 'OK', b: true, i: payees.length, d: since, s: params.saveToFile };
    },

    getDynamicKey(_params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedSecurityToken(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      const refused = dynamicKeyRefusal(payer, context);
      if (refused !== undefined) return failedSecurityToken(code(refused.code), refused.message);
      if (!payer.scenario.dynamicKeys) {
        return failedSecurityToken(
          code('EnahncedSecurityNotConfigured'),
          `enhanced security (dynamic keys) is not configured for ${payer.name}`,
        );
      }
      const issued = issueKey(
        world,
        payer.name,
        clock.now() + (payer.scenario.dynamicKeySeconds ?? settings.dynamicKeySeconds),
      );
      return { errorCode: 'OK', errorMessage: 'OK', Key: issued.key, Token: issued.token };
    },

    getDynamicKeyOfSubPayer(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedSubPayerSecurityToken(code(UNKNOWN_PAYER), UNKNOWN_PAYER)!;
      const coded = (name: string, message: string) =>
        failedSubPayerSecurityToken(code(name), named(name, message)) ?? { errorMessage: message };
      const refused = dynamicKeyRefusal(payer, context);
      if (refused !== undefined) return coded(refused.code, refused.message);
      const sub = payer.scenario.subPayers.find((s) => s.payerName === params.subPayerName);
      if (sub === undefined)
        return coded('SubPayerIsNotFound', `${payer.name} has no sub payer ${quote(params.subPayerName)}`);
      if (!sub.dynamicKeys)
        return coded(
          'SubPayerDoensNotSupportDynamicKey',
          `the sub payer ${sub.payerName} does not support dynamic keys`,
        );
      const issued = issueKey(
        world,
        sub.payerName,
        clock.now() + (payer.scenario.dynamicKeySeconds ?? settings.dynamicKeySeconds),
      );
      return {
        errorCode: 0,
        errorMessage: 'OK',
        Key: encryptForParent(issued.key, payer.scenario.apiKey),
        Token: issued.token,
      };
    },

    getBalances(_params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedBalanceResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER)!;
      const cents = payer.balances(clock.now());
      return {
        errorCode: 0,
        errorMessage: 'OK',
        AccountInfos: payer.scenario.accounts.map((a, i) => ({
          Provider: a.provider,
          AccountIdentifier: a.accountIdentifier,
          Balance: cents[i]! / 100,
          Currency: a.currency,
        })),
      };
    },

    getPayerFees(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedPayerFeesResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      const { beginDateTimeStamp: begin, endDateTimeStamp: end } = params;
      const fees = payer.scenario.fees.filter((f) => {
        const t = f.FeeCollectionDate.getTime() / 1000;
        return t >= begin && t <= end;
      });
      return { errorCode: 'OK', errorMessage: 'OK', SvcFees: fees };
    },

    async createPaymentOrdersReport(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedReportResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER)!;
      const { startTime, endTime } = params;
      if (startTime.getTime() > endTime.getTime()) {
        return failedReportResult(code('ParameterError'), named('ParameterError', 'startTime is after endTime'))!;
      }
      const now = clock.now();
      const from = startTime.getTime() / 1000;
      const to = endTime.getTime() / 1000;
      const orders = [...payer.orders.values()].filter((o) => o.submittedAt >= from && o.submittedAt <= to);
      const rows = [
        ['refCode', 'payeeId', 'amount', 'currency', 'status', 'submittedAt', 'requestId'],
        ...orders.map((o) => [
          o.refCode,
          o.payeeId,
          formatCents(o.amountCents),
          o.currency,
          o.paidAt <= now ? 'Paid' : 'Submitted',
          isoSeconds(o.submittedAt),
          o.requestId ?? '',
        ]),
      ];
      const name = `PaymentOrdersReport_${stamp(startTime)}_${stamp(endTime)}.csv`;
      const written = await payer.folder.writeReplacing(name, toCsv(rows));
      if (!written.ok) return failedReportResult(code(written.code), written.message)!;
      return { errorCode: 0, errorMessage: 'OK', resultsFile: name };
    },

    getUpdatedPayments(params, context) {
      const payer = payerOf(context);
      if (payer === undefined) return failedUpdatedPaymentsResult(code(UNKNOWN_PAYER), UNKNOWN_PAYER);
      const now = clock.now();
      // An order changes when submitted and again when paid; the latest change up to now counts.
      const changed = [...payer.orders.values()].filter(
        (o) => (o.paidAt <= now ? o.paidAt : o.submittedAt) > params.changedSince,
      );
      return { errorCode: 'OK', errorMessage: 'OK', ChangedPaymentOrdersRefCode: changed.map((o) => o.refCode) };
    },
  };
}

/**
 * Why the payer may not ask for dynamic keys at all, checked before anything else of the two dynamic-key operations:
 * a call from an address not in its `allowedIpAddresses` (one that came through no socket has no address, so it is
 * in no list), then a payer whose API user is not authorised for them (`dynamicKeysAuthorized: false`).
 */
function dynamicKeyRefusal(payer: PayerState, context: MockContext): { code: string; message: string } | undefined {
  const allowed = payer.scenario.allowedIpAddresses;
  if (allowed !== undefined && !ipAllowed(allowed, context.remoteAddress)) {
    const from =
      context.remoteAddress === undefined
        ? 'a request that came through no socket, so from no address'
        : `address ${context.remoteAddress}`;
    return { code: 'InvalidPayerIpAddress', message: `${payer.name} does not allow calls from ${from}` };
  }
  if (!payer.scenario.dynamicKeysAuthorized) {
    return { code: 'AuthorizationError', message: `${payer.name} is not authorised to ask for dynamic keys` };
  }
  return undefined;
}

/** Gives the lines without a refCode one that is not `taken` (the check numbers them by line only). */
function uniqueRefCodes(check: PaymentFileCheck, world: World, taken: TakenRefCodes): PaymentFileCheck {
  if (!check.payments.some((p) => p.refCodeAssigned)) return check;
  return {
    ...check,
    payments: check.payments.map((p) => (p.refCodeAssigned ? { ...p, refCode: world.assignRefCode(taken) } : p)),
  };
}

/** One ExpandedLineResult per line of the file: its payment, or its first error; by line number. */
function lineResults(check: PaymentFileCheck, orderStatus: string): Array<[line: number, result: ExpandedLineResult]> {
  return [...lineResultsInOrder(check, orderStatus)];
}

/**
 * The line results one at a time, by line: the check gives payments and issues each in line order (a line's errors
 * before its warnings), so the two are merged as they come, in linear time.
 */
function* lineResultsInOrder(
  check: PaymentFileCheck,
  orderStatus: string,
): Generator<[line: number, result: ExpandedLineResult]> {
  const { payments, issues } = check;
  let p = 0;
  let i = 0;
  while (p < payments.length || i < issues.length) {
    const line = Math.min(payments[p]?.lineNumber ?? Infinity, issues[i]?.lineNumber ?? Infinity);
    let result: ExpandedLineResult | undefined;
    if (payments[p]?.lineNumber === line) {
      result = {
        status: 'OK',
        paymentOrderStatus: orderStatus,
        message: 'OK',
        refCode: payments[p]!.refCode,
        lineErrorOrWarningType: 0,
      };
      p++;
    }
    for (; issues[i]?.lineNumber === line; i++) {
      const issue = issues[i]!;
      if (issue.isWarning && result !== undefined && result.status === 'OK') {
        result = { ...result, status: 'Warning', message: issue.message, lineErrorOrWarningType: 1 };
      } else if (!issue.isWarning && (result === undefined || result.status !== 'Error')) {
        result = {
          status: 'Error',
          paymentOrderStatus: 'Rejected',
          message: issue.message,
          refCode: result?.refCode ?? '',
          lineErrorOrWarningType: 2,
        };
      }
    }
    if (result !== undefined) yield [line, result];
  }
}

/** One summary per currency of the file: what it needs, and what the account is short of. */
function summaries(
  check: PaymentFileCheck,
  balances: readonly number[],
  payer: PayerState,
): SvcProcessPaymentsSummary[] {
  return [...check.totals.entries()].map(([currency, cents]) => {
    const i = payer.scenario.accounts.findIndex((a) => a.currency === currency);
    const available = i >= 0 ? balances[i]! : 0;
    const total = cents / 100;
    const outstanding = Math.max(0, cents - available) / 100;
    return {
      accountType: 0,
      accountCurrency: currency,
      fundsRequired: total,
      outstandingAmount: outstanding,
      svcSummaryAmounts: [
        {
          summaryRowCurrency: currency,
          totalAmount: total,
          immediateAmount: total,
          payableAmount: total,
          payerFees: 0,
          scheduledAmount: 0,
          outstandingAmount: outstanding,
          withholdingAmount: 0,
          estimatedProviderFees: 0,
        },
      ],
    };
  });
}

/**
 * The results file a Process* call writes beside the payment file: one row per line. Made in slices of rows, letting
 * the event loop run between them, as the file may have as many lines as the largest payment file.
 */
async function resultsCsv(check: PaymentFileCheck, orderStatus: string): Promise<string> {
  let csv = toCsv([['line', 'status', 'refCode', 'message']]);
  let rows: string[][] = [];
  for (const [line, r] of lineResultsInOrder(check, orderStatus)) {
    rows.push([String(line), r.status, r.refCode ?? '', r.message ?? '']);
    if (rows.length < SLICE_ROWS) continue;
    csv += toCsv(rows);
    rows = [];
    await nextTurn();
  }
  return csv + toCsv(rows);
}

function issueKey(world: World, payerName: string, expiresAt: number) {
  const issued = { payerName, key: randomBytes(32).toString('hex'), token: randomBytes(16).toString('hex'), expiresAt };
  world.keys.set(issued.token, issued);
  return issued;
}

/**
 * The sub payer's key as the parent receives it. The service's scheme is not public; the mock's own is AES-256-GCM
 * under SHA-256 of the parent's API key, sent as base64 of IV (12 bytes), tag (16 bytes) and ciphertext, so a test can
 * decrypt it (control.decryptSubPayerKey).
 */
export function encryptForParent(key: string, parentApiKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(parentApiKey, 'utf8').digest(), iv);
  const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function isoSeconds(seconds: number): string {
  return new Date(Math.floor(seconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** A time as yyyymmddHHMMSS (UTC), for report file names. */
function stamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace(/[-:T]/g, '');
}
