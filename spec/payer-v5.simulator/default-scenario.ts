/**
 * The scenario the simulator starts with when none is given: enough data for every read operation to answer
 * something worth checking, and a second payer to show that payers never see each other's data.
 */

/** The default scenario's first payer: the interface document's example credentials. */
export const DEFAULT_PAYER = { payerName: 'MyPayer', apiKey: 'boguskey' } as const;

export const DEFAULT_SCENARIO_YAML = `# Default scenario of the payer-payment simulator.
# Balances are decimal strings with at most 2 decimals (kept as integer cents, so sums stay exact); dates are
# ISO 8601 date-times with Z or an offset.

# Timings of the simulated service; every key may be left out (the schema's defaults are 5 and 30 seconds; this
# scenario is quicker, so that a person trying the mock by hand sees the whole flow in seconds).
settings:
  processingSeconds: 2       # an *Async request stays Processing this long
  balanceDelaySeconds: 5     # balances go down this long after a Process* call, as the real service lags
  firstRequestId: "1000"     # a long, so quoted: it may exceed what a JS number holds exactly; at most
                             # "9223372036854774808" (2^63 - 1000), so that 1000 requests fit below the largest
                             # long. Once every id up to it is issued, an *Async call answers RequestLimitReached.
  dynamicKeySeconds: 600     # lifetime of a dynamic key unless the payer sets its own
  maxFileBytes: 1048576      # the largest payment file the simulator reads
  requestValidation: false   # true: HTTP POST values that look like markup (<b, &#) are refused with HTTP 500
                             # HttpRequestValidationException, as ASP.NET 4 does by default before the service runs

payers:
  # The document's example credentials, so its examples work against the mock as written.
  - payerName: MyPayer
    apiKey: boguskey
    dynamicKeys: true        # GetDynamicKey answers; false gives EnahncedSecurityNotConfigured
    # Both dynamic-key operations (GetDynamicKey, GetDynamicKeyOfSubPayer) can also be refused, to test a client's
    # handling of every code the document lists for them:
    # dynamicKeysAuthorized: false         # the payer may not ask for dynamic keys: AuthorizationError
    # allowedIpAddresses: [127.0.0.1, "::1", "10.0.0.0/8"]
    #                          # addresses or CIDR ranges; a call from any other gets InvalidPayerIpAddress. A call
    #                          # through service.handle() or MSW comes through no socket, so from no address: it is
    #                          # in no list and gets InvalidPayerIpAddress too. Without the key, any address.

    # GetBalances. Providers other than None and Payer are placeholders in the document, kept as such.
    # CAD starts empty so that a payment in it runs short of funds.
    accounts:
      - { provider: None, accountIdentifier: "ACC-USD-001", currency: USD, balance: "25000.00" }
      - { provider: Payer, accountIdentifier: "ACC-EUR-001", currency: EUR, balance: "18000.50" }
      - { provider: "<provider_name_1>", accountIdentifier: "ACC-GBP-001", currency: GBP, balance: "9000.00" }
      - { provider: "<provider_name_2>", accountIdentifier: "ACC-CAD-001", currency: CAD, balance: "0.00" }

    # GetProviderAccounts.
    providerAccounts:
      - Provider: "<provider_name_1>"
        AccountIdentifier: "PRV-GBP-001"
        Currency: GBP
        DisplayName: "MyPayer GBP operating account"
        PayerEntityName: "MyPayer Ltd"
      - Provider: "<provider_name_2>"
        AccountIdentifier: "PRV-CAD-001"
        Currency: CAD
        DisplayName: "MyPayer CAD payouts"
        PayerEntityName: "MyPayer Canada Inc."

    # GetCustomFields: nil Values, two values (one inactive) and an empty list, the three shapes a client meets.
    customFields:
      - Entity: Payee
        Title: Cost center
        Description: Internal cost center of the payee
        ValueType: Text
        SubEntity: ""
        Category: Accounting
        Values: null
      - Entity: Payee
        Title: Region
        Description: Sales region
        ValueType: List
        SubEntity: ""
        Category: General
        Values:
          - { Value: North America, Code: NA, PayerEntityName: MyPayer Ltd, IsActive: true }
          - { Value: Europe, Code: EU, PayerEntityName: MyPayer Ltd, IsActive: false }
      - Entity: PaymentOrder
        Title: Project code
        Description: Project the payment is booked to
        ValueType: List
        SubEntity: Line
        Category: Accounting
        Values: []

    # GetPayerFees: spread over two years and two currencies so that date ranges select some of them.
    fees:
      - SvcFeeReference: FEE-2025-0001
        FeeCollectionDate: "2025-06-30T12:00:00Z"
        FeeCurrency: USD
        FeeAmount: 25.00
        FeeDescription: Monthly platform fee
        PayerEntityName: MyPayer Ltd
        Provider: None
        AccountIdentifier: "ACC-USD-001"
      - SvcFeeReference: FEE-2025-0002
        FeeCollectionDate: "2025-12-31T12:00:00Z"
        FeeCurrency: EUR
        FeeAmount: 12.50
        FeeDescription: Wire transfer fee
        PayerEntityName: MyPayer Ltd
        Provider: Payer
        AccountIdentifier: "ACC-EUR-001"
      - SvcFeeReference: FEE-2026-0001
        FeeCollectionDate: "2026-01-31T12:00:00Z"
        FeeCurrency: USD
        FeeAmount: 25.00
        FeeDescription: Monthly platform fee
        PayerEntityName: MyPayer Ltd
        Provider: None
        AccountIdentifier: "ACC-USD-001"
      - SvcFeeReference: FEE-2026-0002
        FeeCollectionDate: "2026-03-15T09:30:00+01:00"
        FeeCurrency: EUR
        FeeAmount: 3.75
        FeeDescription: Currency conversion fee
        PayerEntityName: MyPayer Ltd
        Provider: Payer
        AccountIdentifier: "ACC-EUR-001"

    # CreatePayeeStatusFile; changedAt is spread over 2026 so that changesSinceDate selects some of them.
    payees:
      - { payeeId: P001, paymentMethod: ACH, status: Active, reason: "", changedAt: "2026-01-10T08:00:00Z" }
      - { payeeId: P002, paymentMethod: Wire, status: Active, reason: "", changedAt: "2026-03-22T14:30:00Z" }
      - { payeeId: P003, paymentMethod: Check, status: Inactive, reason: "Closed by payer", changedAt: "2026-05-05T10:15:00Z" }
      - { payeeId: P004, paymentMethod: ACH, status: Pending, reason: "Bank details not verified", changedAt: "2026-08-18T16:45:00Z" }
      - { payeeId: P005, paymentMethod: Wire, status: Inactive, reason: "Duplicate payee", changedAt: "2026-11-30T23:59:59Z" }

    # GetDynamicKeyOfSubPayer: one sub payer that supports dynamic keys, one that does not
    # (SubPayerDoensNotSupportDynamicKey); any other name gives SubPayerIsNotFound.
    subPayers:
      - { payerName: MySubPayer, apiKey: subkey, dynamicKeys: true }
      - { payerName: LegacySubPayer, apiKey: legacykey, dynamicKeys: false }

  # A second payer, so that tests can check that one payer never sees another's data or requests.
  - payerName: OtherPayer
    apiKey: otherkey
    dynamicKeys: false
    accounts:
      - { provider: None, accountIdentifier: "OTH-USD-001", currency: USD, balance: "5000.00" }
`;
