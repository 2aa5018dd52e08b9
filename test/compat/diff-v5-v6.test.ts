/**
 * Issue 11 part 3: `svc-codegen diff` between spec/payer-v5.yaml and the grown v6 fixture reports exactly what grew,
 * each change classified for old clients and old servers, and asks for a minor release (nothing breaks clients).
 * old-client-new-mock.test.ts and new-client-old-mock.test.ts prove those classifications on the wire.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs, loadDiffSide } from '../../generator/diff/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { ROOT } from '../mock/support/generated-service.js';
import { V5_SPEC, V6_SPEC } from './support/compat.js';

const diff = diffSpecs(loadSpec(join(ROOT, V5_SPEC)), loadSpec(join(ROOT, V6_SPEC)));

describe('diff payer v5 -> v6', () => {
  it('lists exactly the changes of the fixture, classified', () => {
    expect(diff.changes.map((c) => [c.kind, c.path, c.client, c.server])).toEqual([
      ['operation-added', 'GetPaymentOrderStatus', 'compatible', 'breaking'],
      ['parameter-added-optional', 'GetUpdatedPayments(maxResults)', 'compatible', 'breaking'],
      ['type-added', 'PaymentOrderStatusResult', 'compatible', 'compatible'],
      ['field-added-optional', 'SvcAccountInfo.AccountName', 'compatible', 'compatible'],
      ['field-added-optional', 'BalanceResult.lastUpdated', 'compatible', 'compatible'],
      ['enum-value-added', 'ErrorCode.PaymentOrderNotFound', 'compatible', 'compatible'],
      ['enum-value-added', 'ErrorCode.PayerAccountSuspended', 'compatible', 'compatible'],
      ['enum-value-added', 'Provider.LocalBankTransfer', 'compatible', 'compatible'],
      ['enum-value-added', 'Provider.DigitalWallet', 'compatible', 'compatible'],
      ['doc-changed', 'decisions.int-error-codes', 'compatible', 'compatible'],
    ]);
  });

  it('describes each change', () => {
    expect(diff.changes.map((c) => [c.category, c.detail])).toEqual([
      ['operations', 'GetPaymentOrderStatus(payerName, timestamp, key, refCode): PaymentOrderStatusResult'],
      ['parameters', 'maxResults: int (optional)'],
      ['types', 'result PaymentOrderStatusResult'],
      // A string field may be absent or nil by default (a .NET reference type).
      ['fields', 'AccountName: string (optional, nillable)'],
      ['fields', 'lastUpdated: dateTime (optional)'],
      // A new value's known integer code is part of what was added.
      ['enums', 'PaymentOrderNotFound (integer code 1016)'],
      ['enums', 'PayerAccountSuspended'],
      ['enums', 'LocalBankTransfer'],
      ['enums', 'DigitalWallet'],
      ['docs', 'documentation changed'],
    ]);
  });

  it('asks for a minor release: nothing breaks clients, two changes break old servers', () => {
    expect(diff.summary).toEqual({ changes: 10, breakingForClients: 0, breakingForServers: 2, bump: 'minor' });
    expect(diff.old.version).toBe('v5');
    expect(diff.new.version).toBe('v6');
  });

  it('keeps the service path and namespace (a change of either would break every call)', () => {
    expect(diff.changes.filter((c) => c.category === 'service')).toEqual([]);
  });

  it('lists the TypeScript names that appear or change', () => {
    expect(diff.names.map((n) => [n.change, n.kind, n.name])).toEqual([
      ['changed', 'class', 'PayerClient'],
      ['added', 'method', 'PayerClient.getPaymentOrderStatus'],
      ['changed', 'type', 'ErrorCode'],
      ['changed', 'type', 'Provider'],
      ['changed', 'interface', 'SvcAccountInfo'],
      ['changed', 'interface', 'BalanceResult'],
      ['added', 'interface', 'PaymentOrderStatusResult'],
      ['changed', 'interface', 'GetUpdatedPaymentsParams'],
      ['added', 'interface', 'GetPaymentOrderStatusParams'],
    ]);
    const byName = new Map(diff.names.map((n) => [n.name, n]));
    expect(byName.get('GetUpdatedPaymentsParams')?.new).toBe('{ changedSince: number; maxResults?: number }');
    expect(byName.get('BalanceResult')?.new).toContain('lastUpdated?: Date');
    expect(byName.get('SvcAccountInfo')?.new).toContain('AccountName?: string | null');
  });

  it('is the same as the CLI reads it (the `mock:` section of v5 is not part of the interface)', () => {
    const sides = diffSpecs(loadDiffSide(V5_SPEC, ROOT), loadDiffSide(V6_SPEC, ROOT));
    expect(sides.changes).toEqual(diff.changes);
    expect(sides.names).toEqual(diff.names);
  });
});
