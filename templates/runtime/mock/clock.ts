/**
 * The mock's clock, in Unix seconds: what its credential check compares timestamps with and what a simulator's
 * delays run on. Tests move it instead of waiting, so nothing in a mock needs a timer to let time pass.
 */

/** A clock the mock reads. */
export interface MockClock {
  /** Now, in Unix seconds (may have a fraction). */
  now(): number;
}

/**
 * A clock that tests move: frozen at `start` when one is given, else the system clock; `advance` moves either
 * forward (or back) by whole or fractional seconds, `set` puts it at a time.
 */
export class VirtualClock implements MockClock {
  /** Frozen time, or undefined while following the system clock. */
  #frozen: number | undefined;
  /** Added to the system clock while following it. */
  #offset = 0;

  /** @param start - Unix seconds to freeze at; left out, the clock follows the system clock. */
  constructor(start?: number) {
    if (start !== undefined) checkTime(start, 'start');
    this.#frozen = start;
  }

  now(): number {
    return this.#frozen ?? Date.now() / 1000 + this.#offset;
  }

  /** Moves the clock by `seconds` and returns the new time. */
  advance(seconds: number): number {
    if (!Number.isFinite(seconds))
      throw new RangeError(`advance needs a finite number of seconds, got ${String(seconds)}`);
    if (this.#frozen === undefined) this.#offset += seconds;
    else this.#frozen += seconds;
    return this.now();
  }

  /** Puts the clock at `time` (Unix seconds); a clock that followed the system clock stays frozen there. */
  set(time: number): void {
    checkTime(time, 'time');
    this.#frozen = time;
  }
}

function checkTime(value: number, name: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be Unix seconds, got ${String(value)}`);
}
