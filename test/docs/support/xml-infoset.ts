/**
 * What an XML document says, read by saxes independently of the docs' indenter: elements by namespace URI and local
 * name, attributes (namespace declarations included, sorted), character data merged. White space between elements
 * of an element that holds no other text is not kept, as a reader of element-only content ignores it; every other
 * character of text is.
 */
import { SaxesParser } from 'saxes';

export interface InfosetElement {
  readonly uri: string;
  readonly local: string;
  readonly attributes: ReadonlyArray<readonly [string, string]>;
  readonly children: Array<InfosetElement | string>;
}

export function infoset(xml: string): InfosetElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: InfosetElement[] = [];
  let root: InfosetElement | undefined;
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const attributes = Object.values(tag.attributes)
      .map((a) => [`{${a.uri}}${a.local}`, a.value] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const element: InfosetElement = { uri: tag.uri, local: tag.local, attributes, children: [] };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else root = element;
    stack.push(element);
  });
  const text = (data: string): void => {
    const top = stack[stack.length - 1];
    if (!top) return;
    const last = top.children.length - 1;
    if (typeof top.children[last] === 'string') top.children[last] += data;
    else top.children.push(data);
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const element = stack.pop()!;
    const texts = element.children.filter((c): c is string => typeof c === 'string');
    const elementOnly = texts.length < element.children.length && texts.every((t) => /^[ \t\r\n]*$/.test(t));
    if (elementOnly)
      element.children.splice(0, element.children.length, ...element.children.filter((c) => typeof c !== 'string'));
  });
  parser.write(xml).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** The docs' XML with the indentation removed: a line break and pairs of spaces between two pieces of markup. */
export function unindent(xml: string): string {
  return xml.replace(/>\n(?: {2})*</g, '><');
}
