/** The diff as Markdown for a pull request: a summary line, then one table per category and one of TypeScript names. */
import { RULES, type ChangeKind } from './rules.js';
import { CATEGORIES, type Category, type SpecDiff } from './types.js';

const TITLES: Readonly<Record<Category, string>> = {
  service: 'Service',
  operations: 'Operations',
  parameters: 'Parameters',
  types: 'Types',
  fields: 'Fields of records and results',
  enums: 'Enum values',
  docs: 'Documentation',
};

export function renderMarkdown(diff: SpecDiff): string {
  const s = diff.summary;
  const lines: string[] = [`## Spec diff: ${diff.old.source} -> ${diff.new.source}`, ''];
  if (s.changes === 0 && diff.names.length === 0) {
    lines.push('**No changes.** Semver: none.');
    return `${lines.join('\n')}\n`;
  }
  lines.push(
    `**${count(s.changes, 'change')}: ${s.breakingForClients} breaking for clients, ${s.breakingForServers} breaking for servers. ` +
      `Semver: ${s.bump}${bumpNote(s.bump)}.**`,
  );
  for (const category of CATEGORIES) {
    const rows = diff.changes.filter((c) => c.category === category);
    if (rows.length === 0) continue;
    lines.push(
      '',
      `### ${TITLES[category]}`,
      '',
      '| Change | Where | Detail | Clients | Servers | Why |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const c of rows) {
      const why = RULES[c.kind as ChangeKind]?.why ?? '';
      lines.push(
        `| ${c.kind} | \`${cell(c.path)}\` | ${cell(c.detail)} | ${impact(c.client)} | ${impact(c.server)} | ${cell(why)} |`,
      );
    }
  }
  if (diff.names.length > 0) {
    lines.push(
      '',
      '### TypeScript names',
      '',
      '| Name | Kind | Change | Old type | New type |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const n of diff.names)
      lines.push(`| \`${n.name}\` | ${n.kind} | ${n.change} | ${code(n.old)} | ${code(n.new)} |`);
  }
  return `${lines.join('\n')}\n`;
}

function bumpNote(bump: string): string {
  return bump === 'major'
    ? ' (breaking for clients)'
    : bump === 'minor'
      ? ' (additions)'
      : bump === 'patch'
        ? ' (documentation only)'
        : '';
}

function impact(i: string): string {
  return i === 'breaking' ? '**breaking**' : 'compatible';
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Table-safe text: pipes escaped, newlines flattened. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function code(text: string | undefined): string {
  return text === undefined ? '' : `\`${cell(text).replace(/`/g, "'")}\``;
}
