/**
 * The model built from spec/payer-v5.yaml says what the interface document (payer-interface-v5.md) says.
 *
 * The expected tables are transcribed here by hand from the document, so a change to the spec that drifts from
 * the document fails a row; they are not parsed from the document at test time on purpose.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { OperationModel, ServiceModel, StructModel } from '../../generator/model/types.js';
import { loadSpec } from '../../generator/load/load.js';
import { fieldLabel, typeLabel } from '../helpers/model.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';

let model: ServiceModel;
beforeAll(() => {
  model = loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot });
});

function operation(name: string): OperationModel {
  const op = model.operations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation ${name} in the model`);
  return op;
}

function struct(name: string): StructModel {
  const s = [...model.records, ...model.results].find((x) => x.name === name);
  if (!s) throw new Error(`no record or result ${name} in the model`);
  return s;
}

// Part 4.1, one row per operation, in the document's order. `root` is the HTTP POST response root column;
// `eat` is the EAT marker column, verbatim. `method` is the lowerCamelCase client method (DESIGN.md).
const OPERATIONS: ReadonlyArray<{
  name: string;
  params: string[];
  result: string;
  root: string;
  eat: string;
  method: string;
}> = [
  {
    name: 'TestMultiCurrencyPaymentFile',
    params: ['payerName', 'timestamp', 'key', 'fileName'],
    result: 'FileResult',
    root: 'SvcProcessPaymentResponse',
    eat: 'fileName',
    method: 'testMultiCurrencyPaymentFile',
  },
  {
    name: 'ProcessMultiCurrencyPaymentFile',
    params: ['payerName', 'timestamp', 'key', 'fileName'],
    result: 'FileResult',
    root: 'SvcProcessPaymentResponse',
    eat: 'fileName',
    method: 'processMultiCurrencyPaymentFile',
  },
  {
    name: 'TestPaymentFile',
    params: ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'],
    result: 'FileResult',
    root: 'SvcProcessPaymentResponse',
    eat: 'totalAmount',
    method: 'testPaymentFile',
  },
  {
    name: 'ProcessPaymentFile',
    params: ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'],
    result: 'FileResult',
    root: 'SvcProcessPaymentResponse',
    eat: 'totalAmount',
    method: 'processPaymentFile',
  },
  {
    name: 'TestMultiCurrencyPaymentFileAsync',
    params: ['payerName', 'timestamp', 'key', 'fileName'],
    result: 'AsyncRequestResult',
    root: 'SvcProcessPaymentAsyncResult',
    eat: 'totalAmount',
    method: 'testMultiCurrencyPaymentFileAsync',
  },
  {
    name: 'ProcessMultiCurrencyPaymentFileAsync',
    params: ['payerName', 'timestamp', 'key', 'fileName'],
    result: 'AsyncRequestResult',
    root: 'see note below',
    eat: 'totalAmount',
    method: 'processMultiCurrencyPaymentFileAsync',
  },
  {
    name: 'TestPaymentFileAsync',
    params: ['payerName', 'timestamp', 'key', 'fileName', 'totalAmount'],
    result: 'AsyncRequestResult',
    root: 'SvcProcessPaymentAsyncResult',
    eat: 'totalAmount',
    method: 'testPaymentFileAsync',
  },
  {
    name: 'ProcessPaymentFileAsync',
    params: ['payerName', 'timeStamp', 'key', 'fileName', 'totalAmount'],
    result: 'AsyncRequestResult',
    root: 'SvcProcessPaymentAsyncResult',
    eat: 'totalAmount',
    method: 'processPaymentFileAsync',
  },
  {
    name: 'GetProcessingRequestStatus',
    params: ['payerName', 'requestId', 'timeStamp', 'key'],
    result: 'ProcessingRequestStatusResult',
    root: 'SvcGetProcessingRequestStatusResult',
    eat: 'requestId',
    method: 'getProcessingRequestStatus',
  },
  {
    name: 'ProcessPaymentsAsyncResult',
    params: ['payerName', 'requestId', 'timeStamp', 'key'],
    result: 'ExpandedProcessPaymentResult',
    root: 'SvcExpandedProcessPaymentResponse',
    eat: 'requestId',
    method: 'processPaymentsAsyncResult',
  },
  {
    name: 'GetCustomFields',
    params: ['payerName', 'timestamp', 'key'],
    result: 'CustomFieldsResult',
    root: 'SvcGetCustomFieldsResponse',
    eat: 'not marked',
    method: 'getCustomFields',
  },
  {
    name: 'GetProviderAccounts',
    params: ['payerName', 'timestamp', 'key'],
    result: 'ProviderAccountsResult',
    root: 'SvcGetProviderAccountsResponse',
    eat: 'not marked',
    method: 'getProviderAccounts',
  },
  {
    name: 'CreatePayeeStatusFile',
    params: ['payerName', 'timestamp', 'key', 'saveToFile', 'changesSinceDate'],
    result: 'StatusFileResult',
    root: 'SvcResponse',
    eat: 'saveToFile',
    method: 'createPayeeStatusFile',
  },
  {
    name: 'GetDynamicKey',
    params: ['payerName', 'timestamp', 'key'],
    result: 'SecurityToken',
    root: 'SecurityToken',
    eat: 'none',
    method: 'getDynamicKey',
  },
  {
    name: 'GetDynamicKeyOfSubPayer',
    params: ['payerName', 'subPayerName', 'timestamp', 'key'],
    result: 'SubPayerSecurityToken',
    root: 'SvcSubPayerSecurityToken',
    eat: 'subPayerName',
    method: 'getDynamicKeyOfSubPayer',
  },
  {
    name: 'GetBalances',
    params: ['payerName', 'timestamp', 'key'],
    result: 'BalanceResult',
    root: 'SvcGetBalanceResponse',
    eat: 'none',
    method: 'getBalances',
  },
  {
    name: 'GetPayerFees',
    params: ['payerName', 'timestamp', 'key', 'beginDateTimeStamp', 'endDateTimeStamp'],
    result: 'PayerFeesResult',
    root: 'SvcGetPayerFeesResponse',
    eat: 'null',
    method: 'getPayerFees',
  },
  {
    name: 'CreatePaymentOrdersReport',
    params: ['payerName', 'timestamp', 'key', 'startTime', 'endTime'],
    result: 'ReportResult',
    root: 'SvcReportResponse',
    eat: 'none',
    method: 'createPaymentOrdersReport',
  },
  {
    name: 'GetUpdatedPayments',
    params: ['payerName', 'timestamp', 'key', 'changedSince'],
    result: 'UpdatedPaymentsResult',
    root: 'SvcGetUpdatedPaymentsResponse',
    eat: 'null',
    method: 'getUpdatedPayments',
  },
];

const CREDENTIALS = new Set(['payerName', 'timestamp', 'timeStamp', 'key']);

describe('part 4.1: the operations table', () => {
  it('has the 19 operations of the document, in its order, and no other', () => {
    expect(OPERATIONS).toHaveLength(19);
    expect(model.operations.map((o) => o.name)).toEqual(OPERATIONS.map((r) => r.name));
  });

  it.each(OPERATIONS)('$name', (row) => {
    const op = operation(row.name);
    expect(
      op.params.map((p) => p.name),
      'parameters in order, spelled exactly',
    ).toEqual(row.params);
    const result = op.result.kind === 'value' ? op.result.struct : undefined;
    expect(result?.name, 'result type').toBe(row.result);
    expect(result?.kind).toBe('result');
    expect(op.result).toMatchObject({ kind: 'value', nullable: false, element: `${row.name}Result` });
    if (row.root === 'see note below') {
      expect(op.httpPostRoot.kind, 'the root is not shown').toBe('notShown');
    } else {
      expect(op.httpPostRoot).toEqual({ kind: 'shown', name: row.root });
    }
    expect(op.eat.marker, 'EAT marker text, verbatim').toBe(row.eat);
    expect(op.methodName, 'lowerCamelCase method name').toBe(row.method);
    expect(
      op.inputParams.map((p) => p.name),
      'caller parameters: credentials left out',
    ).toEqual(row.params.filter((p) => !CREDENTIALS.has(p)));
    expect(op.doc?.trim() ?? '', 'the payer spec documents every operation').not.toBe('');
  });

  it('gives each EAT marker the kind its text means', () => {
    const kinds = Object.fromEntries(model.operations.map((o) => [o.name, o.eat.kind]));
    expect(kinds).toEqual({
      TestMultiCurrencyPaymentFile: 'parameter',
      ProcessMultiCurrencyPaymentFile: 'parameter',
      TestPaymentFile: 'parameter',
      ProcessPaymentFile: 'parameter',
      TestMultiCurrencyPaymentFileAsync: 'absentParameter',
      ProcessMultiCurrencyPaymentFileAsync: 'absentParameter',
      TestPaymentFileAsync: 'parameter',
      ProcessPaymentFileAsync: 'parameter',
      GetProcessingRequestStatus: 'parameter',
      ProcessPaymentsAsyncResult: 'parameter',
      GetCustomFields: 'notMarked',
      GetProviderAccounts: 'notMarked',
      CreatePayeeStatusFile: 'parameter',
      GetDynamicKey: 'none',
      GetDynamicKeyOfSubPayer: 'parameter',
      GetBalances: 'none',
      GetPayerFees: 'null',
      CreatePaymentOrdersReport: 'none',
      GetUpdatedPayments: 'null',
    });
    for (const op of model.operations) {
      if (op.eat.kind === 'parameter') {
        // The marker points at the operation's own parameter object, not a look-alike.
        expect(op.params).toContain(op.eat.parameter);
        expect(op.eat.parameter.name).toBe(op.eat.marker);
        expect(op.eat.parameter.role).toBeUndefined();
      }
    }
  });

  it('records the MultiCurrency *Async quirk: marked totalAmount, which they do not take', () => {
    for (const name of ['TestMultiCurrencyPaymentFileAsync', 'ProcessMultiCurrencyPaymentFileAsync']) {
      const op = operation(name);
      expect(op.params.map((p) => p.name)).not.toContain('totalAmount');
      expect(op.eat.kind).toBe('absentParameter');
      expect(op.eat.marker).toBe('totalAmount');
      expect(op.eat.kind === 'absentParameter' && op.eat.decision?.id).toBe('multicurrency-async-eat');
    }
    // No other operation is flagged as the quirk.
    const flagged = model.operations.filter((o) => o.eat.kind === 'absentParameter').map((o) => o.name);
    expect(flagged).toEqual(['TestMultiCurrencyPaymentFileAsync', 'ProcessMultiCurrencyPaymentFileAsync']);
  });

  it('marks ProcessMultiCurrencyPaymentFileAsync root not shown, assuming SvcProcessPaymentAsyncResult', () => {
    expect(operation('ProcessMultiCurrencyPaymentFileAsync').httpPostRoot).toMatchObject({
      kind: 'notShown',
      assumed: 'SvcProcessPaymentAsyncResult',
      decision: { id: 'http-post-root-async' },
    });
    const notShown = model.operations.filter((o) => o.httpPostRoot.kind === 'notShown').map((o) => o.name);
    expect(notShown).toEqual(['ProcessMultiCurrencyPaymentFileAsync']);
  });

  it('spells timeStamp in exactly ProcessPaymentFileAsync, GetProcessingRequestStatus and ProcessPaymentsAsyncResult', () => {
    const withCapital = model.operations.filter((o) => o.params.some((p) => p.name === 'timeStamp')).map((o) => o.name);
    expect(withCapital).toEqual([
      'ProcessPaymentFileAsync',
      'GetProcessingRequestStatus',
      'ProcessPaymentsAsyncResult',
    ]);
    for (const op of model.operations) {
      const spellings = op.params.filter((p) => p.name.toLowerCase() === 'timestamp').map((p) => p.name);
      expect(spellings, op.name).toEqual([withCapital.includes(op.name) ? 'timeStamp' : 'timestamp']);
    }
  });

  it('has exactly one credential of each role in every operation, and no credential among the caller parameters', () => {
    for (const op of model.operations) {
      const roles = op.params.filter((p) => p.role !== undefined).map((p) => `${p.role}:${p.name}`);
      expect(roles.sort(), op.name).toEqual(
        [
          'principal:payerName',
          'signature:key',
          `timestamp:${op.params.some((p) => p.name === 'timeStamp') ? 'timeStamp' : 'timestamp'}`,
        ].sort(),
      );
      expect(
        op.inputParams.every((p) => p.role === undefined && !CREDENTIALS.has(p.name)),
        op.name,
      ).toBe(true);
    }
  });

  it('flags exactly the four Process* calls that submit payments (not ProcessPaymentsAsyncResult, a read)', () => {
    expect(model.operations.filter((o) => o.submitsPayments).map((o) => o.name)).toEqual([
      'ProcessMultiCurrencyPaymentFile',
      'ProcessPaymentFile',
      'ProcessMultiCurrencyPaymentFileAsync',
      'ProcessPaymentFileAsync',
    ]);
  });

  it('gives every operation a distinct method name', () => {
    const names = model.operations.map((o) => o.methodName);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('part 4 and 5: parameters', () => {
  // "Parameter types in SOAP: payerName string, timestamp/timeStamp double, key string, ..."
  const SOAP_TYPES: Record<string, string> = {
    payerName: 'string',
    timestamp: 'double',
    timeStamp: 'double',
    key: 'string',
    fileName: 'string',
    totalAmount: 'double',
    saveToFile: 'string',
    changesSinceDate: 'double',
    requestId: 'long',
    subPayerName: 'string',
    beginDateTimeStamp: 'double',
    endDateTimeStamp: 'double',
    startTime: 'dateTime',
    endTime: 'dateTime',
    changedSince: 'double',
  };

  it('has the SOAP type of every parameter as the document lists it, and no other parameter', () => {
    expect(
      Object.fromEntries(
        model.parameters.map((p) => [p.name, p.type.kind === 'primitive' ? p.type.name : p.type.kind]),
      ),
    ).toEqual(SOAP_TYPES);
  });

  it('uses only defined parameters in operations, and every defined parameter somewhere', () => {
    const used = new Set(model.operations.flatMap((o) => o.params.map((p) => p.name)));
    expect([...used].sort()).toEqual(Object.keys(SOAP_TYPES).sort());
  });

  it('gives the credentials their roles (part 5)', () => {
    const roles = Object.fromEntries(model.parameters.filter((p) => p.role).map((p) => [p.name, p.role]));
    expect(roles).toEqual({ payerName: 'principal', timestamp: 'timestamp', timeStamp: 'timestamp', key: 'signature' });
    expect(model.auth).toMatchObject({
      scheme: 'hmac-sha256-hex',
      timestampUnit: 'unix-seconds',
      decision: { id: 'key-computation' },
    });
  });

  it('makes changesSinceDate the only optional parameter, sent as 0 when left out', () => {
    expect(model.parameters.filter((p) => p.optional).map((p) => p.name)).toEqual(['changesSinceDate']);
    expect(model.parameters.find((p) => p.name === 'changesSinceDate')).toMatchObject({
      default: 0,
      decision: { id: 'changes-since-default' },
    });
  });
});

describe('part 2.1: result types', () => {
  // Result type, its mark, the operations using it, and the fields the document lists, in order. Types are
  // labels: primitives by name, enums and records by name, lists as list<Item>.
  const RESULTS: ReadonlyArray<{ name: string; mark: 'S' | 'I' | 'none'; usedBy: string[]; fields: string[] }> = [
    {
      name: 'FileResult',
      mark: 'S',
      usedBy: [
        'TestMultiCurrencyPaymentFile',
        'ProcessPaymentFile',
        'TestPaymentFile',
        'ProcessMultiCurrencyPaymentFile',
      ],
      fields: [
        'errorMessage: string',
        'errorCode: ErrorCode',
        'LineErrorsOrWarning: list<LineErrorOrWarning>',
        'resultsFile: string',
      ],
    },
    {
      name: 'AsyncRequestResult',
      mark: 'S',
      usedBy: [
        'TestMultiCurrencyPaymentFileAsync',
        'ProcessPaymentFileAsync',
        'TestPaymentFileAsync',
        'ProcessMultiCurrencyPaymentFileAsync',
      ],
      fields: ['errorMessage: string', 'errorCode: ErrorCode', 'requestId: long'],
    },
    {
      name: 'CustomFieldsResult',
      mark: 'S',
      usedBy: ['GetCustomFields'],
      fields: ['errorMessage: string', 'errorCode: ErrorCode', 'CustomFields: list<CustomFieldInfo>'],
    },
    {
      name: 'ProviderAccountsResult',
      mark: 'S',
      usedBy: ['GetProviderAccounts'],
      fields: ['errorMessage: string', 'errorCode: ErrorCode', 'AccountsInfo: list<AccountInfo>'],
    },
    {
      name: 'StatusFileResult',
      mark: 'S',
      usedBy: ['CreatePayeeStatusFile'],
      fields: ['errorMessage: string', 'errorCode: ErrorCode', 'b: boolean', 'i: int', 'd: double', 's: string'],
    },
    {
      name: 'SecurityToken',
      mark: 'S',
      usedBy: ['GetDynamicKey'],
      fields: ['errorMessage: string', 'errorCode: ErrorCode', 'Key: string', 'Token: string'],
    },
    {
      name: 'SubPayerSecurityToken',
      mark: 'I',
      usedBy: ['GetDynamicKeyOfSubPayer'],
      fields: ['errorMessage: string', 'errorCode: int', 'Key: string', 'Token: string'],
    },
    {
      name: 'ProcessingRequestStatusResult',
      mark: 'S',
      usedBy: ['GetProcessingRequestStatus'],
      fields: ['errorMessage: string', 'errorCode: ErrorCode', 'requestStatus: RequestStatus'],
    },
    {
      name: 'ExpandedProcessPaymentResult',
      mark: 'I',
      usedBy: ['ProcessPaymentsAsyncResult'],
      fields: [
        'errorMessage: string',
        'errorCode: int',
        'linesResults: list<ExpandedLineResult>',
        'summary: list<SvcProcessPaymentsSummary>',
      ],
    },
    {
      name: 'BalanceResult',
      mark: 'I',
      usedBy: ['GetBalances'],
      fields: ['errorMessage: string', 'errorCode: int', 'AccountInfos: list<SvcAccountInfo>'],
    },
    { name: 'PayerFeesResult', mark: 'none', usedBy: ['GetPayerFees'], fields: ['SvcFees: list<SvcFee>'] },
    {
      name: 'ReportResult',
      mark: 'I',
      usedBy: ['CreatePaymentOrdersReport'],
      fields: ['errorMessage: string', 'errorCode: int', 'resultsFile: string'],
    },
    {
      name: 'UpdatedPaymentsResult',
      mark: 'none',
      usedBy: ['GetUpdatedPayments'],
      fields: ['ChangedPaymentOrdersRefCode: list<string>'],
    },
  ];

  it('has the 13 result types of the document and no other', () => {
    expect(RESULTS).toHaveLength(13);
    expect(model.results.map((r) => r.name).sort()).toEqual(RESULTS.map((r) => r.name).sort());
  });

  it.each(RESULTS)('$name ($mark)', (row) => {
    const r = struct(row.name);
    expect(r.kind).toBe('result');
    expect(r.documentedErrorCode).toBe(row.mark);
    expect(
      model.operations
        .filter((o) => o.result.kind === 'value' && o.result.struct === r)
        .map((o) => o.name)
        .sort(),
    ).toEqual([...row.usedBy].sort());
    // Fields the document does not list are there only by decision (extra-result-fields), never silently.
    const documented = r.fields.filter((f) => f.decision?.id !== 'extra-result-fields');
    expect(documented.map(fieldLabel)).toEqual(row.fields);
  });

  it('checks success on errorCode: OK for (S), 0 for (I)', () => {
    for (const row of RESULTS.filter((r) => r.mark !== 'none')) {
      const status = struct(row.name).status;
      expect(status?.codeField.name, row.name).toBe('errorCode');
      expect(status?.codeKind, row.name).toBe(row.mark === 'S' ? 'enum' : 'int');
      expect(status?.success, row.name).toBe(row.mark === 'S' ? 'OK' : 0);
      expect(status?.messageField?.name, row.name).toBe('errorMessage');
    }
    expect(model.serviceErrors).toMatchObject({
      codeField: 'errorCode',
      messageField: 'errorMessage',
      success: { S: 'OK', I: 0 },
      decision: { id: 'success-test' },
    });
    expect(model.serviceErrors?.enum.name).toBe('ErrorCode');
  });

  it('decodes the undocumented errorMessage, errorCode, b, i, d, s of PayerFeesResult and UpdatedPaymentsResult, optional, before the list', () => {
    for (const name of ['PayerFeesResult', 'UpdatedPaymentsResult']) {
      const r = struct(name);
      const extra = r.fields.filter((f) => f.decision?.id === 'extra-result-fields');
      expect(extra.map(fieldLabel), name).toEqual([
        'errorMessage: string',
        'errorCode: ErrorCode',
        'b: boolean',
        'i: int',
        'd: double',
        's: string',
      ]);
      expect(
        extra.every((f) => f.optional),
        name,
      ).toBe(true);
      expect(r.fields.slice(0, extra.length), name).toEqual(extra);
    }
  });

  it('keeps the field order and item element names of lists (a list of strings uses <string> items)', () => {
    const lists = [...model.records, ...model.results].flatMap((s) =>
      s.fields.flatMap((f) => (f.type.kind === 'list' ? [[`${s.name}.${f.name}`, f.type.itemElement] as const] : [])),
    );
    expect(Object.fromEntries(lists)).toEqual({
      'CustomFieldInfo.Values': 'CustomFieldValue',
      'SvcProcessPaymentsSummary.svcSummaryAmounts': 'SvcSummaryAmounts',
      'FileResult.LineErrorsOrWarning': 'LineErrorOrWarning',
      'CustomFieldsResult.CustomFields': 'CustomFieldInfo',
      'ProviderAccountsResult.AccountsInfo': 'AccountInfo',
      'ExpandedProcessPaymentResult.linesResults': 'ExpandedLineResult',
      'ExpandedProcessPaymentResult.summary': 'SvcProcessPaymentsSummary',
      'BalanceResult.AccountInfos': 'SvcAccountInfo',
      'PayerFeesResult.SvcFees': 'SvcFee',
      'UpdatedPaymentsResult.ChangedPaymentOrdersRefCode': 'string',
    });
  });

  it('allows nil list items everywhere except the LineErrorOrWarning and ExpandedLineResult lists (nil-list-items)', () => {
    for (const s of [...model.records, ...model.results]) {
      for (const f of s.fields) {
        if (f.type.kind !== 'list') continue;
        const strict = ['LineErrorOrWarning', 'ExpandedLineResult'].includes(f.type.itemElement);
        expect(f.type.nillableItems, `${s.name}.${f.name}`).toBe(!strict);
      }
    }
  });
});

describe('part 2.2: nested records', () => {
  const RECORDS: Record<string, string[]> = {
    LineErrorOrWarning: ['lineNumber: int', 'isWarning: boolean', 'message: string'],
    CustomFieldInfo: [
      'Entity: string',
      'Title: string',
      'Description: string',
      'ValueType: string',
      'SubEntity: string',
      'Values: list<CustomFieldValue>',
      'Category: string',
    ],
    AccountInfo: [
      'Provider: string',
      'AccountIdentifier: string',
      'Currency: string',
      'DisplayName: string',
      'PayerEntityName: string',
    ],
    SvcAccountInfo: ['Provider: Provider', 'AccountIdentifier: string', 'Balance: double', 'Currency: string'],
    ExpandedLineResult: [
      'status: LineStatus',
      'paymentOrderStatus: string',
      'message: string',
      'refCode: string',
      'lineErrorOrWarningType: int',
    ],
    SvcProcessPaymentsSummary: [
      'accountType: int',
      'accountCurrency: string',
      'fundsRequired: double',
      'outstandingAmount: double',
      'svcSummaryAmounts: list<SvcSummaryAmounts>',
    ],
    SvcFee: [
      'SvcFeeReference: string',
      'FeeCollectionDate: dateTime',
      'FeeCurrency: string',
      'FeeAmount: double',
      'FeeDescription: string',
      'PayerEntityName: string',
      'Provider: string',
      'AccountIdentifier: string',
    ],
    // Not shown in the document; DECISIONS.md gives them as the real schema has them.
    CustomFieldValue: ['Value: string', 'Code: string', 'PayerEntityName: string', 'IsActive: boolean'],
    SvcSummaryAmounts: [
      'summaryRowCurrency: string',
      'totalAmount: double',
      'immediateAmount: double',
      'payableAmount: double',
      'payerFees: double',
      'scheduledAmount: double',
      'outstandingAmount: double',
      'withholdingAmount: double',
      'estimatedProviderFees: double',
    ],
  };

  it('has these records and no other', () => {
    expect(model.records.map((r) => r.name).sort()).toEqual(Object.keys(RECORDS).sort());
  });

  it.each(Object.entries(RECORDS))('%s', (name, fields) => {
    const r = struct(name);
    expect(r.kind).toBe('record');
    expect(r.fields.map(fieldLabel)).toEqual(fields);
  });

  it('marks the fields "may be nil" where the document says so', () => {
    const values = struct('CustomFieldInfo').fields.find((f) => f.name === 'Values');
    const amounts = struct('SvcProcessPaymentsSummary').fields.find((f) => f.name === 'svcSummaryAmounts');
    expect(values?.nillable).toBe(true);
    expect(amounts?.nillable).toBe(true);
  });

  it('takes the records the document does not show from their decisions', () => {
    expect(struct('CustomFieldValue').decision?.id).toBe('custom-field-value-fields');
    expect(struct('SvcSummaryAmounts').decision?.id).toBe('summary-amounts-fields');
    const statusFile = struct('StatusFileResult').fields;
    for (const name of ['b', 'i', 'd']) {
      const f = statusFile.find((x) => x.name === name);
      expect(f?.nillable, name).toBe(true);
      expect(f?.decision?.id, name).toBe('status-file-fields');
    }
    // "a null s is left out": s may be absent.
    expect(statusFile.find((x) => x.name === 's')?.optional).toBe(true);
  });

  it('points record-typed fields at the record nodes themselves', () => {
    const list = struct('FileResult').fields.find((f) => f.name === 'LineErrorsOrWarning');
    expect(list?.type.kind === 'list' && list.type.item.kind === 'record' && list.type.item.record).toBe(
      struct('LineErrorOrWarning'),
    );
  });

  it('types value fields as the document says they are enums', () => {
    const typeOf = (record: string, field: string) => {
      const f = struct(record).fields.find((x) => x.name === field);
      return f && typeLabel(f.type);
    };
    expect(typeOf('ExpandedLineResult', 'status')).toBe('LineStatus');
    expect(typeOf('SvcAccountInfo', 'Provider')).toBe('Provider');
    expect(typeOf('ProcessingRequestStatusResult', 'requestStatus')).toBe('RequestStatus');
  });
});

describe('parts 2.3 and 7: enumerations', () => {
  // Part 7, verbatim and in order, misspellings included (EnahncedSecurityNotConfigured,
  // SubPayerDoensNotSupportDynamicKey, InvoiceNotApprovedbyPayee).
  const ERROR_CODES = [
    'UnknownError',
    'OK',
    'UnknownCountryCode',
    'CountryNotSupported',
    'UnknownState',
    'PayerUnknown',
    'PayeeUnknown',
    'EncryptionKeyFailedValidation',
    'ParameterError',
    'FeeScheduleUnknown',
    'StringContainsNonEBCDICCharacters',
    'PreferredEntityIsNotValid',
    'InvoiceRefCodeUnknown',
    'InvoiceCannotBeCancelled',
    'UnknownCurrencyCode',
    'InvalidJson',
    'InvoiceValidationError',
    'ValidationError',
    'ValidationWarning',
    'BillsModuleMustBeEnabled',
    'FileNotFound',
    'InvoiceFileNotFound',
    'CannotReadFile',
    'CannotDeleteFile',
    'CannotWriteFile',
    'PaymentAmountTotalMismatch',
    'InvalidPayerIpAddress',
    'EnahncedSecurityNotConfigured',
    'SubPayerIsNotFound',
    'SubPayerDoensNotSupportDynamicKey',
    'PayerDoesntSupportInvoiceModule',
    'CustomFieldDoesNotExist',
    'DuplicateInvoiceRefCode',
    'PaidOrInProcessInvoiceCannotBeUpdated',
    'CanApproveNotSupported',
    'AuthorizationError',
    'InvoiceNotApprovedbyPayee',
    'PaymentAmountCannotBeNegative',
    'RequestLimitReached',
    'ItemAlreadyInProcess',
    'RequestDoesNotExist',
    'RequestStillInProgress',
    'CustomFieldValueIsNotUnique',
    'BillStatusIsNotSupported',
    'GLAccountAssignedToActiveBill',
    'CustomFieldValidationError',
    'CustomFieldValueValidationError',
    'GlAccountValidationError',
    'APAccountNotFound',
    'SyncDirectionInvalid',
    'ErrorTypeInvalid',
    'IntegrationNameInvalid',
    'IntegrationVersionOverMaxLength',
    'CreationTimestampInvalid',
    'ErrorDetailsInvalid',
    'PaymentTermNotFound',
    'CustomFieldInvalidDateFormat',
    'PaymentTermValidationError',
    'TaxCodeValidationError',
    'TaxCodeExternalIdNotFoundError',
    'IllegalErpCurrencyUpdate',
    'PurchaseOrderNotFound',
    'GoodsReceivedNotificationNotFound',
    'UnitOfMeasureIsInUse',
    'PayeeAlreadyInvited',
    'MissingEmail',
    'PayeeAlreadyRegistered',
    'PayeeEmailNotUnique',
    'SupplierPortalDisabled',
    'ReportNotFound',
  ];

  const values = (name: string): readonly string[] => {
    const e = model.enums.find((x) => x.name === name);
    if (!e) throw new Error(`no enum ${name}`);
    return e.values;
  };

  it('has exactly the enums ErrorCode, RequestStatus, LineStatus and Provider', () => {
    expect(model.enums.map((e) => e.name).sort()).toEqual(['ErrorCode', 'LineStatus', 'Provider', 'RequestStatus']);
  });

  it('has the 70 error codes of part 7, verbatim, in order', () => {
    expect(ERROR_CODES).toHaveLength(70);
    expect(values('ErrorCode')).toEqual(ERROR_CODES);
  });

  it('has the error codes part 5 relates to dynamic keys', () => {
    for (const code of [
      'SubPayerIsNotFound',
      'SubPayerDoensNotSupportDynamicKey',
      'EncryptionKeyFailedValidation',
      'InvalidPayerIpAddress',
      'EnahncedSecurityNotConfigured',
      'AuthorizationError',
      'PayerUnknown',
    ]) {
      expect(values('ErrorCode')).toContain(code);
    }
  });

  it('maps the integer codes known from public material, and only those (int-error-codes)', () => {
    const e = model.enums.find((x) => x.name === 'ErrorCode');
    expect(e?.numeric?.decision.id).toBe('int-error-codes');
    expect(e?.numeric?.codes).toEqual([
      [-1, 'UnknownError'],
      [0, 'OK'],
      [1001, 'UnknownCountryCode'],
      [1002, 'CountryNotSupported'],
      [1003, 'UnknownState'],
      [1004, 'PayerUnknown'],
      [1005, 'PayeeUnknown'],
      [1006, 'EncryptionKeyFailedValidation'],
      [1007, 'ParameterError'],
      [1009, 'StringContainsNonEBCDICCharacters'],
      [1010, 'PreferredEntityIsNotValid'],
      [1011, 'InvoiceRefCodeUnknown'],
      [1012, 'InvoiceCannotBeCancelled'],
      [1013, 'UnknownCurrencyCode'],
      [1014, 'InvalidJson'],
      [1015, 'InvoiceValidationError'],
    ]);
  });

  it('has RequestStatus: Processing, Failed, Cancelled, Completed', () => {
    expect(values('RequestStatus')).toEqual(['Processing', 'Failed', 'Cancelled', 'Completed']);
  });

  it('has LineStatus: OK, Warning, Error', () => {
    expect(values('LineStatus')).toEqual(['OK', 'Warning', 'Error']);
  });

  it('has the 18 Provider values: None, Payer at 5, placeholders at 2 to 4 and 6 to 18', () => {
    const provider = values('Provider');
    expect(provider).toHaveLength(18);
    const expected = [
      'None',
      '<provider_name_1>',
      '<provider_name_2>',
      '<provider_name_3>',
      'Payer',
      ...Array.from({ length: 13 }, (_, i) => `<provider_name_${i + 4}>`),
    ];
    expect(expected[17]).toBe('<provider_name_16>');
    expect(provider).toEqual(expected);
    const placeholderPositions = provider.flatMap((v, i) => (/^<provider_name_\d+>$/.test(v) ? [i + 1] : []));
    expect(placeholderPositions).toEqual([2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(model.enums.find((e) => e.name === 'Provider')?.placeholders).toMatch(/placeholder/);
  });
});

describe('DECISIONS.md: every decision is in the spec, with its id', () => {
  // Each decision of DECISIONS.md, its id in the spec, and a phrase its note must carry.
  const DECISIONS: ReadonlyArray<[id: string, phrase: RegExp]> = [
    ['namespace', /http:\/\/svc\.example\//],
    ['soap-action', /SOAPAction/],
    ['binding-style', /ProcessPaymentsAsyncResultResult/],
    ['http-post-root-async', /SvcProcessPaymentAsyncResult/],
    ['faults', /soap:Client.*soap:Server[\s\S]*soap:Sender.*soap:Receiver/],
    ['request-size', /4 MiB[\s\S]*16 MiB/],
    ['mock-parameter-acceptance', /any order/],
    ['changes-since-default', /sends 0/],
    ['long-values', /2\^53/],
    ['timestamp-units', /Unix time in whole seconds/],
    ['key-computation', /bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162/],
    ['eat-value', /Math\.trunc/],
    ['multicurrency-async-eat', /empty string/],
    ['embedded-page-signing', /hashkey/],
    ['sub-payer-key', /opaque/],
    ['success-test', /never used as the success test/],
    ['int-error-codes', /1015 InvoiceValidationError/],
    ['extra-result-fields', /PayerFeesResult and UpdatedPaymentsResult|b, i, d and s/],
    ['custom-field-value-fields', /Value, Code, PayerEntityName[\s\S]*IsActive/],
    ['summary-amounts-fields', /summaryRowCurrency[\s\S]*estimatedProviderFees/],
    ['status-file-fields', /xsi:nil/],
    ['nil-list-items', /LineErrorOrWarning[\s\S]*ExpandedLineResult/],
    ['open-enums', /unknown value/],
    ['provider-placeholders', /placeholders/],
    ['null-strings', /left out/],
    ['unknown-elements', /ignored/],
    ['mock-payment-file', /CSV/],
  ];

  it.each(DECISIONS)('%s', (id, phrase) => {
    const d = model.decisions.find((x) => x.id === id);
    expect(d, `decision ${id}`).toBeDefined();
    expect(d?.title.trim()).not.toBe('');
    expect(d?.note).toMatch(phrase);
  });

  // Decisions taken in issues where the document and DECISIONS.md are silent.
  const OWN: ReadonlyArray<[id: string, phrase: RegExp]> = [
    ['list-items', /whatever its local name[\s\S]*another namespace/],
    ['strict-responses', /more than once[\s\S]*content after the root element/],
    ['response-size', /64 MiB[\s\S]*charset/],
    ['poll-warnings', /keeps polling[\s\S]*RequestDoesNotExist/],
    ['auth-failures', /PayerUnknown[\s\S]*EncryptionKeyFailedValidation[\s\S]*RequestLimitReached[\s\S]*-1/],
  ];

  it.each(OWN)('our own decision %s', (id, phrase) => {
    expect(model.decisions.find((x) => x.id === id)?.note).toMatch(phrase);
  });

  it('has no decision that is neither in DECISIONS.md nor one of our own', () => {
    expect(model.decisions.map((d) => d.id).sort()).toEqual([...DECISIONS, ...OWN].map(([id]) => id).sort());
    expect(model.polls[0]?.decision?.id).toBe('poll-warnings');
  });

  it('references the decisions from the places they govern', () => {
    expect(model.namespace).toMatchObject({ uri: 'http://svc.example/', decision: { id: 'namespace' } });
    const param = (name: string) => model.parameters.find((p) => p.name === name);
    expect(param('timestamp')?.decision?.id).toBe('timestamp-units');
    expect(param('timeStamp')?.decision?.id).toBe('timestamp-units');
    expect(param('key')?.decision?.id).toBe('key-computation');
    expect(param('requestId')?.decision?.id).toBe('long-values');
    expect(struct('SubPayerSecurityToken').fields.find((f) => f.name === 'Key')?.decision?.id).toBe('sub-payer-key');
  });
});

describe('the service', () => {
  it('has the path, version and names of part 4 and 9', () => {
    expect(model).toMatchObject({
      kind: 'service',
      source: PAYER_SPEC,
      name: 'PayerFunctions',
      version: 'v5',
      path: '/v5/PayerFunctions.asmx',
      clientName: 'PayerClient',
    });
  });
});
