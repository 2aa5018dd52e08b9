/**
 * The value of a JavaScript expression the docs or the generated examples write (object literals of strings, numbers,
 * dates, byte arrays), evaluated as written: the tests check that what a page shows is what the code does.
 */
export function evaluateExpression(expression: string): unknown {
  // The expression is the project's own output under test, never outside input: evaluating it is the check.
  // oxlint-disable-next-line typescript/no-implied-eval
  return new Function(`"use strict"; return (${expression});`)() as unknown;
}
