/**
 * A realistic response body per result type (the children of the result element) and what it must decode to.
 * Each exercises the document's quirks: nil and empty and absent lists, an unknown enum value, an element the
 * document does not list, longs past 2^53, dateTimes with and without offset, strings that look like numbers.
 */

export interface ResultCase {
  readonly fields: string;
  readonly decoded: Record<string, unknown>;
}

const NIL = 'xsi:nil="true"';

export const RESULTS: Readonly<Record<string, ResultCase>> = {
  FileResult: {
    fields:
      '<errorMessage>OK</errorMessage><errorCode>OK</errorCode>' +
      '<LineErrorsOrWarning>' +
      '<LineErrorOrWarning><lineNumber>3</lineNumber><isWarning>true</isWarning><message>Payee 00123 has no email</message></LineErrorOrWarning>' +
      '<LineErrorOrWarning><lineNumber>7</lineNumber><isWarning>false</isWarning><message /><severity>high</severity></LineErrorOrWarning>' +
      '</LineErrorsOrWarning>' +
      '<resultsFile>00123.csv</resultsFile>',
    decoded: {
      errorMessage: 'OK',
      errorCode: 'OK',
      LineErrorsOrWarning: [
        { lineNumber: 3, isWarning: true, message: 'Payee 00123 has no email' },
        { lineNumber: 7, isWarning: false, message: '' },
      ],
      resultsFile: '00123.csv',
    },
  },
  AsyncRequestResult: {
    fields: '<errorMessage>Ok.</errorMessage><errorCode>OK</errorCode><requestId>9007199254740993</requestId>',
    decoded: { errorMessage: 'Ok.', errorCode: 'OK', requestId: '9007199254740993' },
  },
  CustomFieldsResult: {
    fields:
      '<errorCode>OK</errorCode><CustomFields>' +
      '<CustomFieldInfo><Entity>Payee</Entity><Title>Cost center</Title><Description>  padded  </Description><ValueType>List</ValueType><SubEntity /><Values>' +
      '<CustomFieldValue><Value>CC-01</Value><Code>01</Code><PayerEntityName>Main</PayerEntityName><IsActive>true</IsActive></CustomFieldValue>' +
      `<CustomFieldValue ${NIL} />` +
      '</Values><Category>Finance</Category></CustomFieldInfo>' +
      `<CustomFieldInfo><Entity>Payment</Entity><Values ${NIL} /></CustomFieldInfo>` +
      `<CustomFieldInfo ${NIL} />` +
      '</CustomFields>',
    decoded: {
      errorMessage: undefined,
      errorCode: 'OK',
      CustomFields: [
        {
          Entity: 'Payee',
          Title: 'Cost center',
          Description: '  padded  ',
          ValueType: 'List',
          SubEntity: '',
          Values: [{ Value: 'CC-01', Code: '01', PayerEntityName: 'Main', IsActive: true }, null],
          Category: 'Finance',
        },
        {
          Entity: 'Payment',
          Title: undefined,
          Description: undefined,
          ValueType: undefined,
          SubEntity: undefined,
          Values: null,
          Category: undefined,
        },
        null,
      ],
    },
  },
  ProviderAccountsResult: {
    fields:
      '<errorMessage>OK</errorMessage><errorCode>OK</errorCode><AccountsInfo>' +
      '<AccountInfo><Provider>SomeBank</Provider><AccountIdentifier>0012345</AccountIdentifier><Currency>EUR</Currency><DisplayName>Main &amp; Co</DisplayName><PayerEntityName>HQ</PayerEntityName></AccountInfo>' +
      '</AccountsInfo>',
    decoded: {
      errorMessage: 'OK',
      errorCode: 'OK',
      AccountsInfo: [
        {
          Provider: 'SomeBank',
          AccountIdentifier: '0012345',
          Currency: 'EUR',
          DisplayName: 'Main & Co',
          PayerEntityName: 'HQ',
        },
      ],
    },
  },
  StatusFileResult: {
    fields: `<errorMessage>OK</errorMessage><errorCode>OK</errorCode><b ${NIL} /><i>42</i><d ${NIL} />`,
    decoded: { errorMessage: 'OK', errorCode: 'OK', b: null, i: 42, d: null, s: undefined },
  },
  SecurityToken: {
    fields: '<errorMessage>OK</errorMessage><errorCode>OK</errorCode><Key>dyn-key-value</Key><Token>tok-123</Token>',
    decoded: { errorMessage: 'OK', errorCode: 'OK', Key: 'dyn-key-value', Token: 'tok-123' },
  },
  SubPayerSecurityToken: {
    fields: '<errorMessage>OK</errorMessage><errorCode>0</errorCode><Key>ZW5jcnlwdGVk</Key><Token>tok-sub</Token>',
    decoded: { errorMessage: 'OK', errorCode: 0, Key: 'ZW5jcnlwdGVk', Token: 'tok-sub' },
  },
  ProcessingRequestStatusResult: {
    fields: '<errorMessage>OK</errorMessage><errorCode>OK</errorCode><requestStatus>Completed</requestStatus>',
    decoded: { errorMessage: 'OK', errorCode: 'OK', requestStatus: 'Completed' },
  },
  ExpandedProcessPaymentResult: {
    fields:
      '<errorMessage>OK</errorMessage><errorCode>0</errorCode><linesResults>' +
      '<ExpandedLineResult><status>OK</status><paymentOrderStatus>Scheduled</paymentOrderStatus><message /><refCode>PO-1</refCode><lineErrorOrWarningType>0</lineErrorOrWarningType></ExpandedLineResult>' +
      '<ExpandedLineResult><status>Skipped</status><paymentOrderStatus>New</paymentOrderStatus><message>later</message><refCode>PO-2</refCode><lineErrorOrWarningType>-3</lineErrorOrWarningType></ExpandedLineResult>' +
      '</linesResults><summary>' +
      '<SvcProcessPaymentsSummary><accountType>1</accountType><accountCurrency>USD</accountCurrency><fundsRequired>1.5E3</fundsRequired><outstandingAmount>-0</outstandingAmount><svcSummaryAmounts>' +
      '<SvcSummaryAmounts><summaryRowCurrency>USD</summaryRowCurrency><totalAmount>1500</totalAmount><immediateAmount>0.1</immediateAmount><payableAmount>INF</payableAmount><payerFees>2.5</payerFees><scheduledAmount>0</scheduledAmount><outstandingAmount>0</outstandingAmount><withholdingAmount>0</withholdingAmount><estimatedProviderFees>1</estimatedProviderFees></SvcSummaryAmounts>' +
      '</svcSummaryAmounts></SvcProcessPaymentsSummary>' +
      `<SvcProcessPaymentsSummary><accountType>2</accountType><fundsRequired>0</fundsRequired><outstandingAmount>0</outstandingAmount><svcSummaryAmounts ${NIL} /></SvcProcessPaymentsSummary>` +
      '</summary>',
    decoded: {
      errorMessage: 'OK',
      errorCode: 0,
      linesResults: [
        { status: 'OK', paymentOrderStatus: 'Scheduled', message: '', refCode: 'PO-1', lineErrorOrWarningType: 0 },
        { status: 'Skipped', paymentOrderStatus: 'New', message: 'later', refCode: 'PO-2', lineErrorOrWarningType: -3 },
      ],
      summary: [
        {
          accountType: 1,
          accountCurrency: 'USD',
          fundsRequired: 1500,
          outstandingAmount: -0,
          svcSummaryAmounts: [
            {
              summaryRowCurrency: 'USD',
              totalAmount: 1500,
              immediateAmount: 0.1,
              payableAmount: Infinity,
              payerFees: 2.5,
              scheduledAmount: 0,
              outstandingAmount: 0,
              withholdingAmount: 0,
              estimatedProviderFees: 1,
            },
          ],
        },
        { accountType: 2, accountCurrency: undefined, fundsRequired: 0, outstandingAmount: 0, svcSummaryAmounts: null },
      ],
    },
  },
  BalanceResult: {
    fields:
      '<errorMessage>OK</errorMessage><errorCode>0</errorCode><AccountInfos>' +
      '<SvcAccountInfo><Provider>Payer</Provider><AccountIdentifier>007</AccountIdentifier><Balance>1234.5</Balance><Currency>EUR</Currency></SvcAccountInfo>' +
      '<SvcAccountInfo><Provider>BrandNewProvider</Provider><AccountIdentifier>A-2</AccountIdentifier><Balance>-12</Balance><Currency>USD</Currency></SvcAccountInfo>' +
      `<SvcAccountInfo ${NIL} />` +
      '</AccountInfos>',
    decoded: {
      errorMessage: 'OK',
      errorCode: 0,
      AccountInfos: [
        { Provider: 'Payer', AccountIdentifier: '007', Balance: 1234.5, Currency: 'EUR' },
        { Provider: 'BrandNewProvider', AccountIdentifier: 'A-2', Balance: -12, Currency: 'USD' },
        null,
      ],
    },
  },
  PayerFeesResult: {
    fields:
      '<SvcFees>' +
      '<SvcFee><SvcFeeReference>F-1</SvcFeeReference><FeeCollectionDate>2026-03-04T05:06:07.1234567</FeeCollectionDate><FeeCurrency>EUR</FeeCurrency><FeeAmount>2.75</FeeAmount><FeeDescription>Wire fee</FeeDescription><PayerEntityName>HQ</PayerEntityName><Provider>Bank</Provider><AccountIdentifier>0099</AccountIdentifier></SvcFee>' +
      '<SvcFee><SvcFeeReference>F-2</SvcFeeReference><FeeCollectionDate>2026-03-04T07:06:07+02:00</FeeCollectionDate><FeeAmount>1</FeeAmount></SvcFee>' +
      '</SvcFees>',
    decoded: {
      errorMessage: undefined,
      errorCode: undefined,
      b: undefined,
      i: undefined,
      d: undefined,
      s: undefined,
      SvcFees: [
        {
          SvcFeeReference: 'F-1',
          FeeCollectionDate: new Date(Date.UTC(2026, 2, 4, 5, 6, 7, 123)),
          FeeCurrency: 'EUR',
          FeeAmount: 2.75,
          FeeDescription: 'Wire fee',
          PayerEntityName: 'HQ',
          Provider: 'Bank',
          AccountIdentifier: '0099',
        },
        {
          SvcFeeReference: 'F-2',
          FeeCollectionDate: new Date(Date.UTC(2026, 2, 4, 5, 6, 7)),
          FeeCurrency: undefined,
          FeeAmount: 1,
          FeeDescription: undefined,
          PayerEntityName: undefined,
          Provider: undefined,
          AccountIdentifier: undefined,
        },
      ],
    },
  },
  ReportResult: {
    fields: '<errorMessage>OK</errorMessage><errorCode>0</errorCode><resultsFile>report_20260101.csv</resultsFile>',
    decoded: { errorMessage: 'OK', errorCode: 0, resultsFile: 'report_20260101.csv' },
  },
  UpdatedPaymentsResult: {
    fields:
      `<errorMessage>OK</errorMessage><errorCode>OK</errorCode><b ${NIL} /><i ${NIL} /><d ${NIL} />` +
      `<ChangedPaymentOrdersRefCode><string>PO-1</string><string ${NIL} /><string /><string>00042</string></ChangedPaymentOrdersRefCode>`,
    decoded: {
      errorMessage: 'OK',
      errorCode: 'OK',
      b: null,
      i: null,
      d: null,
      s: undefined,
      ChangedPaymentOrdersRefCode: ['PO-1', null, '', '00042'],
    },
  },
};
