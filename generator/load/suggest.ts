/** Near-miss guesses for names and keys a spec author misspelt, shared by the schema's messages and the resolver's. */

/** Names quoted and joined for a message: `"a", "b"`, or `(none)`. */
export function list(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((n) => `"${n}"`).join(', ');
}

/** A "did you mean" for near-misses (case or a letter or two), or '' when nothing is close. */
export function suggest(name: string, known: readonly string[]): string {
  const found = nearest(name, known);
  return found.length > 0 ? ` (did you mean ${list(found.slice(0, 3))}?)` : '';
}

/** The known names nearest to `name`, when any is close (differing in case or a letter or two); else none. */
export function nearest(name: string, known: readonly string[]): string[] {
  const lower = name.toLowerCase();
  const close = known
    .filter((k) => k.toLowerCase() === lower || distance(k.toLowerCase(), lower) <= 2)
    .map((k) => ({ k, d: distance(k, name) }));
  // Only the nearest, counting case and swapped neighbours: "Itme" is "Item", not also the XML Schema type "time".
  const best = Math.min(...close.map((c) => c.d));
  return [...new Set(close.filter((c) => c.d === best).map((c) => c.k))];
}

/** Edit distance with a swap of two neighbouring characters counted as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row[j] = d;
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
