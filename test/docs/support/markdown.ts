/**
 * Reading generated Markdown as a code-hosting site does, written here independently of the emitter: the links of a
 * page (outside code), its heading anchors by GitHub's slug rules, its fenced code blocks.
 */
import { posix } from 'node:path';

export interface Link {
  readonly text: string;
  readonly target: string;
  readonly line: number;
}

/** The lines of a page that are not in fenced code blocks, with their numbers: as written, and with code spans blanked. */
function proseLines(markdown: string): Array<{ text: string; raw: string; line: number }> {
  const out: Array<{ text: string; raw: string; line: number }> = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((raw, i) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && raw.trim() === marker)
        fence = undefined;
      return;
    }
    if (marker !== undefined) {
      fence = marker;
      return;
    }
    out.push({ text: raw.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, (m) => ' '.repeat(m.length)), raw, line: i + 1 });
  });
  return out;
}

/** Every inline link `[text](target)` of a page outside code (images included). */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    for (const m of text.matchAll(/\[((?:\\.|[^\]\\])*)\]\(([^)\s]*)\)/g))
      found.push({ text: m[1]!, target: m[2]!, line });
  }
  return found;
}

/** GitHub's anchor of a heading's rendered text: lower case, punctuation removed, spaces as `-`. */
export function githubSlug(rendered: string): string {
  return rendered
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading renders as: code, links, emphasis and backslash escapes reduced to their text. */
function renderedHeading(source: string): string {
  return source
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\\(.)/g, '$1')
    .replace(/\*\*(.+?)\*\*|\*(.+?)\*/g, '$1$2')
    .trim();
}

/** The anchors of a page's headings, in order, duplicates numbered `-1`, `-2` as GitHub numbers them. */
export function anchors(markdown: string): string[] {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const { raw } of proseLines(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw);
    if (!m) continue;
    const base = githubSlug(renderedHeading(m[1]!));
    let slug = base;
    while (seen.has(slug)) {
      const n = seen.get(base)! + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    out.push(slug);
  }
  return out;
}

/** The problems of the links of a set of pages: targets that are no file of the set, anchors no heading has. */
export function brokenLinks(files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const pageAnchors = (path: string): Set<string> => {
    let set = anchorsOf.get(path);
    if (!set) {
      set = new Set(anchors(files.get(path) ?? ''));
      anchorsOf.set(path, set);
    }
    return set;
  };
  for (const [path, content] of files) {
    if (!path.endsWith('.md')) continue;
    for (const link of links(content)) {
      const where = `${path}:${link.line} [${link.text}](${link.target})`;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) {
        problems.push(`${where}: an absolute URL (docs link only to their own files)`);
        continue;
      }
      const [file, anchor] = link.target.split('#') as [string, string | undefined];
      if (file.startsWith('/')) {
        problems.push(`${where}: an absolute path`);
        continue;
      }
      const target = file === '' ? path : posix.normalize(posix.join(posix.dirname(path), file));
      if (!files.has(target)) {
        problems.push(`${where}: no file ${target}`);
        continue;
      }
      if (anchor !== undefined && !pageAnchors(target).has(anchor))
        problems.push(`${where}: no heading #${anchor} in ${target}`);
    }
  }
  return problems;
}
