/** JSDoc text for generated declarations, from the model's docs and decisions. */
import type { Decision } from '../model/types.js';

const WIDTH = 100;

/**
 * Joins doc paragraphs and decision remarks into one JSDoc description: paragraphs wrapped to a readable width,
 * anything that would end the comment escaped.
 */
export function jsDoc(...parts: Array<string | undefined | false>): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .map((p) => wrap(p.trim().replace(/\*\//g, '*\u2215')))
    .join('\n\n');
}

/**
 * The `docs` of a declaration: its one JSDoc, or none when every part is empty (an undocumented name gets no comment
 * rather than an empty one).
 */
export function jsDocs(...parts: Array<string | undefined | false>): string[] {
  const text = jsDoc(...parts);
  return text === '' ? [] : [text];
}

function wrap(paragraph: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
}

/** The remark added wherever a decision of ours fills a gap of the interface document. */
export function decisionRemark(decision: Decision | undefined): string | undefined {
  if (!decision) return undefined;
  return `Not shown in the interface document; decision \`${decision.id}\`: ${decision.title}.`;
}
