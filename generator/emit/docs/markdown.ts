/**
 * Markdown helpers of the docs: heading anchors as GitHub makes them, table cells, inline code, first sentences and
 * relative links between the pages. Pure functions of their input.
 */

/** The pages outside the folders, relative to the docs folder. */
export const PAGES = {
  index: 'README.md',
  gettingStarted: 'getting-started.md',
  errors: 'errors.md',
  decisions: 'decisions.md',
  flows: 'flows.md',
} as const;

/** The folder of the docs inside the output. */
export const DOCS_DIR = 'docs';

/**
 * The anchor GitHub gives a heading: its text as rendered (inline code, emphasis and link markup gone), lower-cased,
 * every character that is not a letter, mark, digit, connector (`_`), `-` or space removed, spaces made `-`.
 */
export function headingSlug(heading: string): string {
  return plainText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The text of inline Markdown as GitHub renders it: links as their text, code, emphasis and escapes as their content. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .trim();
}

/** Unique anchors for the headings of one page, in order: the second of a slug gets `-1`, the third `-2`, as on GitHub. */
export class Slugger {
  readonly #occurrences = new Map<string, number>();

  slug(heading: string): string {
    const base = headingSlug(heading);
    let slug = base;
    while (this.#occurrences.has(slug)) {
      const n = this.#occurrences.get(base)! + 1;
      this.#occurrences.set(base, n);
      slug = `${base}-${n}`;
    }
    this.#occurrences.set(slug, 0);
    return slug;
  }
}

/** A table cell: `|` escaped, line breaks as spaces, never empty (an empty cell collapses in some renderers). */
export function cell(text: string): string {
  const one = text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
  return one === '' ? ' ' : one;
}

/** Inline code that holds any text: fenced with more backticks than it contains, padded where it starts or ends with one. */
export function inlineCode(text: string): string {
  const runs = text.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block's fence for `text`: longer than any run of backticks in it. */
export function codeFence(text: string): string {
  const runs = text.match(/`{3,}/g) ?? [];
  return '`'.repeat(Math.max(2, ...runs.map((r) => r.length)) + 1);
}

/** The first sentence of a doc string, as Markdown text: up to the first `.`, `!` or `?` before a space (or the end). */
export function firstSentence(doc: string | undefined): string {
  const one = paragraph(doc);
  const end = /(?<!\b(?:e\.g|i\.e|etc))[.!?](?=\s)/.exec(one);
  return end ? one.slice(0, end.index + 1) : one;
}

/**
 * A doc string of the spec as one paragraph of Markdown text: line breaks folded, and outside its code spans the
 * characters Markdown would read as markup escaped (`<Op>` would be an HTML tag, `Test*` and `*Async` emphasis).
 */
export function paragraph(doc: string | undefined): string {
  if (doc === undefined) return '';
  const one = doc.replace(/\s+/g, ' ').trim();
  return one
    .split(/(`+[^`]*`+)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[\\*_<>[\]]/g, (c) => `\\${c}`)))
    .join('');
}

/** A path from the page `from` (relative to the docs folder) to the page `to`, both with / separators. */
export function relativeLink(from: string, to: string): string {
  const fromDir = from.split('/').slice(0, -1);
  const target = to.split('/');
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common++;
  return [...fromDir.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

export function operationPage(name: string): string {
  return `operations/${name}.md`;
}

export function typePage(name: string): string {
  return `types/${name}.md`;
}
