/** Human-readable reports of generated-file changes: the check-mode failure and the CLI's summary. */
import { createTwoFilesPatch } from 'diff';
import type { FileChange } from './plan.js';

/** A unified diff of each change, each cut to `maxLines` so that one huge file cannot hide the others. */
export function describeChanges(changes: readonly FileChange[], options: { maxLines?: number } = {}): string {
  const maxLines = options.maxLines ?? 40;
  return changes
    .map((c) => {
      const title = `${c.kind === 'add' ? 'missing' : c.kind === 'delete' ? 'no longer generated' : 'stale'}: ${c.path}`;
      const patch = createTwoFilesPatch(
        `a/${c.path}`,
        `b/${c.path}`,
        c.before ?? '',
        c.after ?? '',
        'on disk',
        'generated',
        {
          context: 2,
        },
      )
        .split('\n')
        .slice(2);
      const shown = patch.slice(0, maxLines);
      const more = patch.length > maxLines ? [`  ... ${patch.length - maxLines} more diff lines`] : [];
      return [title, ...shown.map((l) => `  ${l}`), ...more].join('\n');
    })
    .join('\n\n');
}

export function countLine(changes: readonly FileChange[]): string {
  const count = (kind: FileChange['kind']) => changes.filter((c) => c.kind === kind).length;
  return `${count('add')} added, ${count('modify')} changed, ${count('delete')} removed`;
}
