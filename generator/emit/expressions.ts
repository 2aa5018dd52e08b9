/**
 * Expressions emitters write inside bodies, as plain text: the formatter pass lays them out (print/format.ts), so
 * nothing here breaks lines or measures widths.
 */

/** `callee(a, b)`. */
export function call(callee: string, args: readonly string[]): string {
  return `${callee}(${args.join(', ')})`;
}

/** `[a, b]`. */
export function arrayLiteral(items: readonly string[]): string {
  return `[${items.join(', ')}]`;
}

/**
 * `{ a: 1, b }` from `[key, value]` pairs (a lone string is a shorthand or spread member). `oneALine`: written one
 * member a line, which the formatter keeps for an object so written (as prettier does), whatever its width.
 */
export function objectLiteral(members: ReadonlyArray<string | readonly [string, string]>, oneALine = false): string {
  if (members.length === 0) return '{}';
  const texts = members.map((m) => (typeof m === 'string' ? m : `${m[0]}: ${m[1]}`));
  return oneALine ? `{\n${texts.map((t) => `${t},\n`).join('')}}` : `{ ${texts.join(', ')} }`;
}

/** `(params) => body`; an object literal body goes in parentheses. */
export function arrow(params: string, body: string): string {
  return `${params} => ${body.startsWith('{') ? `(${body})` : body}`;
}
