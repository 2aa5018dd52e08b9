/**
 * A string literal of generated TypeScript, written as prettier writes it with the generator's settings
 * (`singleQuote`): single quotes unless the text holds more single than double quotes, the other quote unescaped,
 * every other character escaped as JSON escapes it; the formatter pass (format.ts) keeps such a literal as it is.
 */
export function tsString(value: string): string {
  const json = JSON.stringify(value);
  const raw = json.slice(1, -1);
  let singles = 0;
  let doubles = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 39) singles++;
    else if (c === 34) doubles++;
  }
  if (doubles === 0 && singles === 0) return `'${raw}'`;
  if (singles > doubles) return json;
  // `\"` needs no escape between single quotes; a bare `'` does.
  return `'${raw.replace(/\\(.)|'/g, (m: string, escaped: string | undefined) => (escaped === undefined ? "\\'" : escaped === '"' ? '"' : m))}'`;
}
