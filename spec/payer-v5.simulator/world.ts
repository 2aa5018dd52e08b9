/**
 * The simulated service's state: per payer its folder, accounts and payment orders; the asynchronous requests; the
 * dynamic keys. Time is the mock's clock, read when asked: a request's status, a balance, an order's status are worked
 * out from the times things happened, so nothing waits on a timer and a test that moves the clock sees the effect at
 * once.
 *
 * Every change happens synchronously between two awaits of a handler, so concurrent requests never lose an update:
 * request ids come from one counter. A Process* call awaits between its file's check and its submission (a large file
 * is checked in slices, the results file is written), so a payer's Process* calls take turns (PayerState.exclusive):
 * no other can take a refCode between one's check and its submission.
 */
import { join } from 'node:path';
import { LONG_MAX, type Scenario, type ScenarioPayer } from './scenario.js';
import { PayerFolder } from './folder.js';
import type { Payment, PaymentFileCheck } from './payment-file.js';

/** A payment order made by a Process* call: Submitted until the balance is lowered, Paid from then on. */
export interface PaymentOrder {
  readonly refCode: string;
  readonly payeeId: string;
  readonly amountCents: number;
  readonly currency: string;
  /** The async request that made it, if one did. */
  readonly requestId: string | undefined;
  /** When it was submitted and when it is paid (the balance lowered), Unix seconds. */
  readonly submittedAt: number;
  readonly paidAt: number;
}

export type RequestState = 'Processing' | 'Completed' | 'Failed' | 'Cancelled';

/** An asynchronous file request. */
export interface AsyncRequest {
  readonly id: string;
  readonly payerName: string;
  readonly operation: string;
  /** Process* (payments are made) rather than Test*. */
  readonly process: boolean;
  readonly check: PaymentFileCheck;
  readonly createdAt: number;
  /** When it leaves Processing on its own. */
  readonly doneAt: number;
  /** Set when it ended: by the clock (settle), or by a test (cancel, fail). */
  ended?: {
    readonly state: Exclude<RequestState, 'Processing'>;
    readonly at: number;
    readonly message: string;
    /** The payer's balances (cents, per account) when it ended, its own payments left out: what its summary says. */
    readonly balances: readonly number[];
  };
}

/** A dynamic key issued by GetDynamicKey or GetDynamicKeyOfSubPayer. */
export interface DynamicKey {
  /** The payer (or sub payer) it was issued for. */
  readonly payerName: string;
  readonly key: string;
  readonly token: string;
  readonly expiresAt: number;
}

/** A payer of the scenario, with what the simulation has done to it. */
export class PayerState {
  readonly folder: PayerFolder;
  /** Orders by refCode, in submission order. */
  readonly orders = new Map<string, PaymentOrder>();
  /** The end of the latest exclusive work queued; it never rejects. */
  #turn: Promise<unknown> = Promise.resolve();

  constructor(
    readonly scenario: ScenarioPayer,
    sftpRoot: string,
  ) {
    // The scenario's schema allows only plain folder names.
    this.folder = new PayerFolder(join(sftpRoot, scenario.payerName));
  }

  get name(): string {
    return this.scenario.payerName;
  }

  /**
   * Runs `work` once the payer's exclusive work queued before it has ended (whether it succeeded or not), and answers
   * what it answers. Work that checks refCodes and then takes them runs so, so that two calls never take one.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work);
    this.#turn = run.catch(() => undefined);
    return run;
  }

  /** The currencies of its accounts: the only ones a payment file may use. */
  currencies(): ReadonlySet<string> {
    return new Set(this.scenario.accounts.map((a) => a.currency));
  }

  payees(): ReadonlySet<string> {
    return new Set(this.scenario.payees.map((p) => p.payeeId));
  }

  /** Records the payments of a checked file as orders, paid `delay` seconds after `at`. */
  submit(payments: readonly Payment[], at: number, delay: number, requestId?: string): void {
    for (const p of payments) {
      this.orders.set(p.refCode, {
        refCode: p.refCode,
        payeeId: p.payeeId,
        amountCents: p.amountCents,
        currency: p.currency,
        requestId,
        submittedAt: at,
        paidAt: at + delay,
      });
    }
  }

  /**
   * The balance of each account at `now`, in cents: the scenario's less the orders paid by then (but those of the
   * request `except`), each taken from the first account in its currency.
   */
  balances(now: number, except?: string): number[] {
    const cents = this.scenario.accounts.map((a) => a.balanceCents);
    for (const order of this.orders.values()) {
      if (order.paidAt > now || (except !== undefined && order.requestId === except)) continue;
      const i = this.scenario.accounts.findIndex((a) => a.currency === order.currency);
      if (i >= 0) cents[i]! -= order.amountCents;
    }
    return cents;
  }
}

/** The whole simulated service. */
export class World {
  readonly payers = new Map<string, PayerState>();
  readonly requests = new Map<string, AsyncRequest>();
  /** Dynamic keys by token. */
  readonly keys = new Map<string, DynamicKey>();
  #nextId = 0n;
  #assigned = 0;

  /** @param scenario - what it starts from; it is never changed (each start takes a copy) */
  constructor(
    readonly scenario: Scenario,
    readonly sftpRoot: string,
  ) {
    this.reset();
  }

  /** Back to the scenario: no requests, orders or keys, ids from the first again. Files in the folders stay. */
  reset(): void {
    this.payers.clear();
    this.requests.clear();
    this.keys.clear();
    for (const payer of structuredClone(this.scenario).payers)
      this.payers.set(payer.payerName, new PayerState(payer, this.sftpRoot));
    this.#nextId = BigInt(this.scenario.settings.firstRequestId);
    this.#assigned = 0;
  }

  /**
   * A new request id: a long, as decimal text, never issued twice; undefined once every id up to the largest long has
   * been issued (the scenario's schema leaves room for REQUEST_ID_ROOM of them), as a larger one could not be sent.
   */
  issueRequestId(): string | undefined {
    const id = this.#nextId;
    if (id > LONG_MAX) return undefined;
    this.#nextId += 1n;
    return id.toString();
  }

  /** The refCodes a new payment of `payer` cannot have: its orders', and those of its Process* requests processing. */
  takenRefCodes(payer: PayerState): TakenRefCodes {
    const taken = new TakenRefCodes(payer.orders);
    for (const request of this.requests.values()) {
      if (request.payerName !== payer.name || !request.process || request.ended !== undefined) continue;
      for (const p of request.check.payments) taken.add(p.refCode);
    }
    return taken;
  }

  /** A refCode for a payment line that has none: one that is not in `taken` (and then is). */
  assignRefCode(taken: TakenRefCodes): string {
    let refCode: string;
    do {
      this.#assigned += 1;
      refCode = `AUTO-${this.#assigned}`;
    } while (taken.has(refCode));
    taken.add(refCode);
    return refCode;
  }

  /** Ends a request: its state from now on, and the balances its summary is made from. */
  end(request: AsyncRequest, state: Exclude<RequestState, 'Processing'>, at: number, message: string): void {
    const balances = this.payers.get(request.payerName)?.balances(at, request.id) ?? [];
    request.ended = { state, at, message, balances };
  }

  /**
   * Ends the requests whose processing time has passed by `now`, oldest first: Completed (a Process* request's
   * payments become orders then) or, for a file with errors, Failed.
   */
  settle(now: number): void {
    for (const request of this.requests.values()) {
      if (request.ended !== undefined || request.doneAt > now) continue;
      const ok = request.check.code === 'OK';
      this.end(request, ok ? 'Completed' : 'Failed', request.doneAt, request.check.message);
      if (ok && request.process) {
        this.payers
          .get(request.payerName)
          ?.submit(request.check.payments, request.doneAt, this.scenario.settings.balanceDelaySeconds, request.id);
      }
    }
  }
}

/**
 * RefCodes taken: a payer's orders (looked up where they are, not copied, as a payer may have many) and those added.
 */
export class TakenRefCodes {
  readonly #orders: ReadonlyMap<string, unknown>;
  readonly #added = new Set<string>();

  constructor(orders: ReadonlyMap<string, unknown>) {
    this.#orders = orders;
  }

  has(refCode: string): boolean {
    return this.#orders.has(refCode) || this.#added.has(refCode);
  }

  add(refCode: string): void {
    this.#added.add(refCode);
  }
}

/** The state of a request. */
export function stateOf(request: AsyncRequest): RequestState {
  return request.ended?.state ?? 'Processing';
}
