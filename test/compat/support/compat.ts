/**
 * Shared by test/compat/: the two specs (spec/payer-v5.yaml and its grown copy test/fixtures/specs/payer-v6/), the
 * calls made of each operation, and loose types for the generated client and mock modules (each generated copy has
 * its own runtime, so its error classes must come from its own client module).
 */
import type { Change } from '../../../generator/diff/index.js';
import { PAYER_ROWS } from '../../mock/support/payer-rows.js';

export const V5_SPEC = 'spec/payer-v5.yaml';
export const V6_SPEC = 'test/fixtures/specs/payer-v6/payer-v6.yaml';

export const STYLES = ['soap11', 'soap12', 'httpPost'] as const;
export type Style = (typeof STYLES)[number];

export const PAYER = 'MyPayer';
export const API_KEY = 'boguskey';
export const NOW = 1521234048;

export interface CompatCall {
  readonly title: string;
  readonly operation: string;
  readonly method: string;
  /** What the caller passes to the client method. */
  readonly args: Readonly<Record<string, unknown>>;
}

const fromRow = (r: (typeof PAYER_ROWS)[number]): CompatCall => ({
  title: r.title,
  operation: r.operation,
  method: r.method,
  args: r.args,
});

/** Every v5 operation (CreatePayeeStatusFile twice: changesSinceDate left out and given), as the v5 client calls it. */
export const V5_CALLS: readonly CompatCall[] = PAYER_ROWS.map(fromRow);

/** Every v6 operation: the v5 calls, GetUpdatedPayments once more with the new maxResults, and the new operation. */
export const V6_CALLS: readonly CompatCall[] = [
  ...V5_CALLS,
  {
    title: 'GetUpdatedPayments (maxResults given)',
    operation: 'GetUpdatedPayments',
    method: 'getUpdatedPayments',
    args: { changedSince: 1700000000.123, maxResults: 25 },
  },
  {
    title: 'GetPaymentOrderStatus',
    operation: 'GetPaymentOrderStatus',
    method: 'getPaymentOrderStatus',
    args: { refCode: 'INV-2026-0001' },
  },
];

/** A generated client class, loosely typed (the v6 client has no checked-in types). */
export type ClientClass = new (options: Record<string, unknown>) => object;
export type ErrorClass = abstract new (...args: never[]) => Error;

export interface MockServer {
  readonly url: string;
  readonly service: {
    readonly calls: ReadonlyArray<{ operation: string; style: string; params: Record<string, unknown> }>;
  };
  close(): Promise<void>;
}
export type StartMockServer = (options: Record<string, unknown>) => Promise<MockServer>;
export type Handlers = Record<string, (...args: never[]) => unknown>;

export function invoke(client: object, method: string, args: Readonly<Record<string, unknown>>): Promise<unknown> {
  const fn = (client as Record<string, unknown>)[method];
  if (typeof fn !== 'function') throw new Error(`the client has no method ${method}`);
  return (fn as (params: unknown) => Promise<unknown>).call(client, args);
}

/**
 * The calls a server built from the old spec cannot answer, from the diff's changes that are breaking for servers:
 * a change at `Op` (an operation added) fails every call of Op; a change at `Op(param)` (a parameter added, made
 * optional, ...) fails the calls of Op that send param. Any other server-breaking change has no mapping here and
 * throws, so that a new kind of change in the fixture is noticed rather than silently expected to pass.
 */
export function failingCalls(
  changes: readonly Change[],
  calls: readonly CompatCall[],
  operations: ReadonlySet<string>,
): Map<CompatCall, Change[]> {
  const out = new Map<CompatCall, Change[]>();
  for (const change of changes) {
    if (change.server !== 'breaking') continue;
    const m = /^(\w+)(?:\((\w+)\))?$/.exec(change.path);
    const operation = m?.[1];
    if (m === null || operation === undefined || !operations.has(operation)) {
      throw new Error(`no mapping from the server-breaking change ${change.kind} at ${change.path} to operations`);
    }
    const param = m[2];
    for (const call of calls) {
      if (call.operation !== operation) continue;
      if (param !== undefined && call.args[param] === undefined) continue;
      out.set(call, [...(out.get(call) ?? []), change]);
    }
  }
  return out;
}
