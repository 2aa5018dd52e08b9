/** Capturing an expected failure, so a test can assert on the error itself. */
import { expect } from 'vitest';

type ErrorClass<E> = abstract new (...args: never[]) => E;

/** Runs `fn`, which must throw (an instance of `type` when given), and returns what it threw. */
export function thrown<E = unknown>(fn: () => unknown, type?: ErrorClass<E>): E {
  try {
    fn();
  } catch (error) {
    if (type) expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type ? `a ${type.name}` : 'an exception'}`);
}

/** Awaits `promise`, which must reject (with an instance of `type` when given), and returns the reason. */
export async function rejected<E = unknown>(promise: Promise<unknown>, type?: ErrorClass<E>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (type) expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected ${type ? `a ${type.name}` : 'a rejection'}`);
}
