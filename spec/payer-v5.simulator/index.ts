/**
 * The payer service simulator: what the generated payer mock answers with when a test does not implement an
 * operation itself. It holds a scenario (payers, keys, accounts, fees, payees, sub payers), one SFTP folder per payer
 * (a real directory), the asynchronous requests and the payment orders, all on the mock's clock.
 *
 * The generator copies this folder into generated/mock/simulator/ (the spec's `mock.simulator`); the generated mock
 * calls `createSimulator` and exposes `SimulatorControl` as its `simulator`.
 */
import { createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PayerFunctionsHandlers } from '#generated/mock/types.js';
import type { MockSimulator, SimulatorKit } from '#generated/runtime/mock/simulator.js';
import { DEFAULT_SCENARIO_YAML } from './default-scenario.js';
import { simulatedHandlers } from './handlers.js';
import { parseScenario, readScenarioFile, validateScenario, type Scenario, type ScenarioInput } from './scenario.js';
import { stateOf, World, type PaymentOrder, type RequestState } from './world.js';
import { xmlSafeText } from './text.js';

export { DEFAULT_PAYER, DEFAULT_SCENARIO_YAML } from './default-scenario.js';
export { ScenarioError, parseScenario, type Scenario, type ScenarioInput } from './scenario.js';

/** The simulator's options, part of the mock's. */
export interface SimulatorOptions {
  /**
   * The data the simulated service starts with: a scenario object, or the path of its YAML or JSON file. Default:
   * the default scenario (DEFAULT_SCENARIO_YAML), whose first payer is DEFAULT_PAYER. A scenario that is not valid
   * throws a ScenarioError listing every problem with its line and column.
   */
  scenario?: string | ScenarioInput | undefined;
  /**
   * The folder holding one folder per payer (named as the payer), the payers' SFTP folders; created when missing.
   * Default: a new temporary folder, removed by the mock's close().
   */
  sftpRoot?: string | undefined;
}

/** An asynchronous request as a test sees it. */
export interface SimulatedRequest {
  readonly requestId: string;
  readonly payerName: string;
  readonly operation: string;
  readonly status: RequestState;
}

/** Why an embedded page's query string is refused, or whose it is. */
export type EmbeddedQueryCheck =
  | { readonly ok: true; readonly payerName: string }
  | { readonly ok: false; readonly reason: 'noToken' | 'unknownToken' | 'expired' | 'badHash' };

/** What tests can do to the simulation, besides calling it. */
export interface SimulatorControl {
  /** The scenario it started from, validated (balances in cents, dates as Date). */
  readonly scenario: Scenario;
  /** The folder holding the payers' folders. */
  readonly sftpRoot: string;
  /** The SFTP folder of a payer of the scenario: put payment files here. Throws for an unknown payer. */
  folderOf(payerName: string): string;
  /** The asynchronous requests so far, oldest first, with their status now. */
  requests(): readonly SimulatedRequest[];
  /** Cancels a request still Processing (it makes no payments). Throws when it is unknown or has ended. */
  cancelRequest(requestId: string): void;
  /**
   * Makes a request still Processing end as Failed, with `message` (a character XML cannot carry is shown as
   * `[U+FFFF]`). Throws when it is unknown or has ended.
   */
  failRequest(requestId: string, message?: string): void;
  /** A payer's payment orders, in submission order. */
  paymentOrders(payerName: string): readonly PaymentOrder[];
  /**
   * Checks an embedded page's query string as the service would: its `token` must be a dynamic key's that has not
   * expired, and its `hashkey` (the last parameter) the HMAC-SHA256 hex of what precedes `&hashkey=` under that key.
   */
  checkEmbeddedQuery(query: string): EmbeddedQueryCheck;
  /** The clear dynamic key inside a GetDynamicKeyOfSubPayer Key (the mock's own scheme, see handlers.ts). */
  decryptSubPayerKey(encrypted: string, parentApiKey: string): string;
}

/** Starts a simulation on the mock's clock. */
export function createSimulator(
  options: SimulatorOptions,
  kit: SimulatorKit,
): MockSimulator<PayerFunctionsHandlers, SimulatorControl> {
  const { scenario, label } = scenarioOf(options.scenario);
  const madeRoot = options.sftpRoot === undefined;
  const sftpRoot = madeRoot ? mkdtempSync(join(tmpdir(), 'payer-mock-sftp-')) : resolve(options.sftpRoot!);
  const clock = kit.clock;
  const world = new World(scenario, sftpRoot);
  const makeFolders = () => {
    for (const payer of world.payers.values()) mkdirSync(payer.folder.path, { recursive: true });
  };
  makeFolders();

  const requestOf = (requestId: string) => {
    world.settle(clock.now());
    const request = world.requests.get(requestId);
    if (request === undefined) throw new RangeError(`there is no request ${requestId}`);
    if (request.ended !== undefined) throw new RangeError(`request ${requestId} has ended (${request.ended.state})`);
    return request;
  };
  const payerOf = (payerName: string) => {
    const payer = world.payers.get(payerName);
    if (payer === undefined) throw new RangeError(`the scenario has no payer ${JSON.stringify(payerName)}`);
    return payer;
  };

  const control: SimulatorControl = {
    scenario,
    sftpRoot,
    folderOf: (payerName) => payerOf(payerName).folder.path,
    requests() {
      world.settle(clock.now());
      return [...world.requests.values()].map((r) => ({
        requestId: r.id,
        payerName: r.payerName,
        operation: r.operation,
        status: stateOf(r),
      }));
    },
    cancelRequest(requestId) {
      world.end(requestOf(requestId), 'Cancelled', clock.now(), 'the request was cancelled');
    },
    failRequest(requestId, message = 'the request failed') {
      // The message is answered in XML (errorMessage): a character XML cannot carry is shown by name instead.
      world.end(requestOf(requestId), 'Failed', clock.now(), xmlSafeText(message));
    },
    paymentOrders(payerName) {
      world.settle(clock.now());
      return [...payerOf(payerName).orders.values()];
    },
    checkEmbeddedQuery: (query) => checkEmbeddedQuery(world, query, clock.now()),
    decryptSubPayerKey,
  };

  return {
    handlers: simulatedHandlers(world, clock),
    keyOf: (payerName) => world.payers.get(payerName)?.scenario.apiKey,
    requestValidation: scenario.settings.requestValidation,
    control,
    describe() {
      const first = scenario.payers[0]!;
      const key = label === undefined ? `API key ${first.apiKey}` : `API key as in ${label}`;
      const others = scenario.payers.length - 1;
      return [
        `scenario: ${label ?? 'the default scenario'}`,
        `payerName ${first.payerName}, ${key}`,
        `SFTP folder of ${first.payerName}: ${payerOf(first.payerName).folder.path}`,
        ...(others > 0
          ? [`${others} more payer${others === 1 ? '' : 's'} in the scenario, each with a folder under ${sftpRoot}`]
          : []),
      ];
    },
    async reset() {
      world.reset();
      makeFolders();
    },
    async close() {
      if (madeRoot) rmSync(sftpRoot, { recursive: true, force: true });
    },
  };
}

/** The scenario of the options, and how to name where it came from (undefined for the default one). */
function scenarioOf(source: SimulatorOptions['scenario']): { scenario: Scenario; label: string | undefined } {
  if (source === undefined)
    return { scenario: parseScenario(DEFAULT_SCENARIO_YAML, 'default scenario'), label: undefined };
  if (typeof source !== 'string')
    return { scenario: validateScenario(source, 'scenario'), label: 'the scenario object' };
  return { scenario: parseScenario(readScenarioFile(source), source), label: source };
}

function checkEmbeddedQuery(world: World, query: string, now: number): EmbeddedQueryCheck {
  const at = query.lastIndexOf('&hashkey=');
  const signed = at < 0 ? query : query.slice(0, at);
  const token = new URLSearchParams(signed).get('token');
  if (token === null) return { ok: false, reason: 'noToken' };
  const issued = world.keys.get(token);
  if (issued === undefined) return { ok: false, reason: 'unknownToken' };
  if (now >= issued.expiresAt) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(createHmac('sha256', issued.key).update(signed, 'utf8').digest('hex'));
  const given = Buffer.from(at < 0 ? '' : query.slice(at + '&hashkey='.length));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'badHash' };
  return { ok: true, payerName: issued.payerName };
}

function decryptSubPayerKey(encrypted: string, parentApiKey: string): string {
  const bytes = Buffer.from(encrypted, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    createHash('sha256').update(parentApiKey, 'utf8').digest(),
    bytes.subarray(0, 12),
  );
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
