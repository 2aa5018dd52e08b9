/**
 * XML as a person would write it in an example: an element whose content is elements only gets each child on its own
 * line, two spaces deeper per level. Nothing else changes: an element holding any text (a value, mixed content, even
 * white space alone, which is data) is kept exactly as written, tags and attributes are never rewritten, and only
 * line breaks and spaces are inserted, where the original has nothing between two pieces of markup. So removing
 * the inserted white space gives the original bytes back, and indenting the result again changes nothing.
 */

/** A piece of the source: markup (a tag, a comment, a processing instruction) or character data, as written. */
interface Token {
  readonly kind: 'start' | 'empty' | 'end' | 'other' | 'text';
  readonly raw: string;
}

interface ElementNode {
  readonly kind: 'element';
  readonly start: string;
  /** Undefined for an empty-element tag (`<a/>`). */
  end: string | undefined;
  readonly children: XmlNode[];
}

type XmlNode = ElementNode | { readonly kind: 'other' | 'text'; readonly raw: string };

export interface IndentOptions {
  /**
   * Elements, by local name, whose content is kept exactly as written although it is elements only: content that is
   * data to its reader (an `xs:any` value is read as the markup between its tags, so white space there would change it).
   */
  readonly verbatim?: (localName: string) => boolean;
}

/** Thrown for text that is not XML this function can read (an unterminated tag, an end tag that matches nothing). */
export class IndentXmlError extends Error {
  override readonly name = 'IndentXmlError';
}

/** `xml` indented two spaces per level where content is elements only; see the module comment for what stays. */
export function indentXml(xml: string, options: IndentOptions = {}): string {
  const verbatim = options.verbatim ?? (() => false);
  const top: XmlNode[] = [];
  const stack: ElementNode[] = [];
  for (const token of tokens(xml)) {
    const siblings = stack.length === 0 ? top : stack[stack.length - 1]!.children;
    switch (token.kind) {
      case 'start': {
        const element: ElementNode = { kind: 'element', start: token.raw, end: undefined, children: [] };
        siblings.push(element);
        stack.push(element);
        break;
      }
      case 'empty':
        siblings.push({ kind: 'element', start: token.raw, end: undefined, children: [] });
        break;
      case 'end': {
        const open = stack.pop();
        if (!open || tagName(open.start) !== tagName(token.raw))
          throw new IndentXmlError(`end tag ${token.raw} matches no start tag`);
        open.end = token.raw;
        break;
      }
      default:
        siblings.push({ kind: token.kind, raw: token.raw });
    }
  }
  if (stack.length > 0) throw new IndentXmlError(`<${tagName(stack[stack.length - 1]!.start)}> is not closed`);
  // Outside the root only white space may stand: where the source has some, the document is left as it is.
  if (top.some((n) => n.kind === 'text')) return xml;
  return top.map((n) => write(n, 0, verbatim)).join('\n');
}

function write(node: XmlNode, depth: number, verbatim: (localName: string) => boolean): string {
  if (node.kind !== 'element') return node.raw;
  if (node.end === undefined) return node.start;
  // No element inside (nothing, or comments and processing instructions alone): white space there could be the value
  // of a simple-typed element, so it is kept as written, as text anywhere among the children keeps it.
  const own =
    !node.children.some((c) => c.kind === 'element') ||
    node.children.some((c) => c.kind === 'text') ||
    verbatim(localName(tagName(node.start)));
  if (own) return source(node);
  const inner = '\n' + '  '.repeat(depth + 1);
  return `${node.start}${node.children.map((c) => inner + write(c, depth + 1, verbatim)).join('')}\n${'  '.repeat(depth)}${node.end}`;
}

/** An element exactly as written. */
function source(node: XmlNode): string {
  if (node.kind !== 'element') return node.raw;
  return node.end === undefined ? node.start : `${node.start}${node.children.map(source).join('')}${node.end}`;
}

function tagName(tag: string): string {
  return /^<\/?([^\s/>]+)/.exec(tag)![1]!;
}

function localName(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1);
}

/** The source cut into markup and character data, in order; concatenated, they are the source. */
function* tokens(xml: string): Generator<Token> {
  let i = 0;
  while (i < xml.length) {
    if (xml[i] !== '<') {
      const next = xml.indexOf('<', i);
      const end = next === -1 ? xml.length : next;
      yield { kind: 'text', raw: xml.slice(i, end) };
      i = end;
      continue;
    }
    const [kind, end] = markupEnd(xml, i);
    yield { kind, raw: xml.slice(i, end) };
    i = end;
  }
}

/** What the markup starting at `i` is, and where it ends (just past it). */
function markupEnd(xml: string, i: number): readonly [Token['kind'], number] {
  const until = (close: string, what: string): number => {
    const at = xml.indexOf(close, i);
    if (at === -1) throw new IndentXmlError(`unterminated ${what} at offset ${i}`);
    return at + close.length;
  };
  if (xml.startsWith('<!--', i)) return ['other', until('-->', 'comment')];
  // Character data, however it is written.
  if (xml.startsWith('<![CDATA[', i)) return ['text', until(']]>', 'CDATA section')];
  if (xml.startsWith('<?', i)) return ['other', until('?>', 'processing instruction')];
  if (xml.startsWith('<!', i)) throw new IndentXmlError(`a declaration (${xml.slice(i, i + 9)}...) is not supported`);
  // A tag: it ends at the first `>` outside a quoted attribute value (a value may hold `>`).
  let quote = '';
  for (let j = i + 1; j < xml.length; j++) {
    const c = xml[j]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      const kind = xml[i + 1] === '/' ? 'end' : xml[j - 1] === '/' ? 'empty' : 'start';
      return [kind, j + 1];
    }
  }
  throw new IndentXmlError(`unterminated tag at offset ${i}`);
}
