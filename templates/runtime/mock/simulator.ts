/**
 * What a generated mock needs of a simulator: the hand-written behaviour of one service that a spec ships beside
 * itself (its `mock.simulator` folder, whose index.ts exports `createSimulator`, `SimulatorOptions` and
 * `SimulatorControl`). The mock falls back to the simulator for every operation the user did not implement, checks
 * credentials against the principals it knows, and exposes its control object to tests.
 */
import type { VirtualClock } from './clock.js';
import type { MockErrorCodes } from './codes.js';

/** What the generated mock gives a simulator. */
export interface SimulatorKit {
  /** The mock's clock, the one its credential check reads too: delays in the simulation run on it. */
  readonly clock: VirtualClock;
  /** The service's error codes in both kinds, when the spec has error codes. */
  readonly errorCodes: MockErrorCodes | undefined;
}

/** A running simulation. `H` is the service's handler interface, `C` what it lets tests do. */
export interface MockSimulator<H, C> {
  /** The operations it implements. */
  readonly handlers: Partial<H>;
  /** The API key of a principal it knows (undefined for an unknown one): the mock checks credentials with it. */
  readonly keyOf?: (principal: string) => string | undefined;
  /**
   * Whether the mock applies ASP.NET's request validation when its options do not say (a setting of the simulation's
   * data, say); default false.
   */
  readonly requestValidation?: boolean;
  /** Its control methods, exposed as the mock service's `simulator`. */
  readonly control: C;
  /** Lines telling a person what it serves, printed by the mock command when it starts. */
  describe(): readonly string[];
  /** Back to its starting state. */
  reset(): Promise<void>;
  /** Releases what it holds (a temporary folder it made, say); the simulation is not used after this. */
  close(): Promise<void>;
}
