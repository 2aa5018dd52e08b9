/** Readable unified diffs for golden-file failures. */
import { createTwoFilesPatch } from 'diff';

/**
 * A unified diff from `expected` (what the generator renders now) to `actual` (what is on disk), with a header
 * naming the file; at most `maxLines` diff lines, so one rewritten file cannot bury the others.
 */
export function readableDiff(path: string, expected: string, actual: string, maxLines = 80): string {
  const lines = createTwoFilesPatch(`${path} (rendered)`, `${path} (on disk)`, expected, actual, '', '', { context: 3 })
    .split('\n')
    .slice(1);
  const shown = lines.slice(0, maxLines);
  if (lines.length > maxLines) shown.push(`... ${lines.length - maxLines} more diff lines`);
  return shown.join('\n');
}
