/**
 * The error codes a mock answers with inside a 200 result, in both kinds a service uses: the enum's string for
 * results that carry it as text, and its integer for results that carry an int. The integers come from the spec's
 * table of known ones; a code with no known integer is sent as the spec's `unknownNumber` (never a guessed number).
 */
import type { AuthFailureKind } from './auth.js';

/** One code in both kinds. `number` is undefined when neither the table nor the spec's fallback gives one. */
export interface MockErrorCode {
  readonly value: string;
  readonly number: number | undefined;
}

export class MockErrorCodes {
  readonly #numbers: ReadonlyMap<string, number>;
  readonly #names: ReadonlyMap<number, string>;
  readonly #unknownNumber: number | undefined;
  readonly #failures: Readonly<Partial<Record<AuthFailureKind, string>>>;

  /**
   * @param known - the known integers and the names they stand for
   * @param unknownNumber - what an int result sends for a code whose integer is not known
   * @param failures - the code each credential failure is answered with (the spec's auth.failures)
   */
  constructor(
    known: ReadonlyArray<readonly [number, string]>,
    unknownNumber: number | undefined,
    failures: Readonly<Partial<Record<AuthFailureKind, string>>> = {},
  ) {
    this.#numbers = new Map(known.map(([n, name]) => [name, n]));
    this.#names = new Map(known);
    this.#unknownNumber = unknownNumber;
    this.#failures = failures;
  }

  /** A code by its name or its integer; an integer no name is known for keeps its digits as the name. */
  code(code: string | number): MockErrorCode {
    if (typeof code === 'number') return { value: this.#names.get(code) ?? String(code), number: code };
    return { value: code, number: this.#numbers.get(code) ?? this.#unknownNumber };
  }

  /** The code a credential failure is answered with, or undefined where the spec gives none. */
  failure(kind: AuthFailureKind): MockErrorCode | undefined {
    const name = this.#failures[kind];
    return name === undefined ? undefined : this.code(name);
  }
}
