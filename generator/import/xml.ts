/**
 * WSDL and XML Schema documents as a tree whose every element knows where it stands: the line and column of its `<`,
 * its attributes (as written), the namespace bindings in scope and its resolved namespace. The XML itself is read by
 * saxes (well-formedness and namespaces checked to the letter of XML 1.0); malformed input throws `XmlReadError`
 * with the position.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';

export interface XmlElement {
  /** The local name. */
  readonly name: string;
  /** The namespace the element's prefix resolves to ('' for none). */
  readonly ns: string;
  readonly attrs: ReadonlyMap<string, string>;
  /** Prefix -> namespace ('' for the default namespace), inherited bindings included. */
  readonly scope: ReadonlyMap<string, string>;
  readonly children: XmlElement[];
  /** The concatenated character data directly inside the element. */
  text: string;
  readonly line: number;
  readonly column: number;
}

export class XmlReadError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${reason}`);
  }
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const ROOT_SCOPE: ReadonlyMap<string, string> = new Map([['xml', XML_NS]]);

/** Where a position is wanted: an offset into the text read, as its 1-based line and column. */
type Position = (offset: number) => { line: number; column: number };

/** What the reader's handlers share while the document is read. */
interface ReadState {
  /** The open elements, the innermost last. */
  readonly stack: XmlElement[];
  root: XmlElement | undefined;
  /** The offset of the `<` of the start tag being read. */
  tagStart: number;
  /** The name of the element closed last: an end tag that does not match is reported against it. */
  closed: string;
  /** The offset just past the root's end tag; -1 until it is read. */
  rootEnd: number;
}

/** Parses `source` and returns its root element. */
export function parseXml(source: string): XmlElement {
  const text = withoutLateDeclaration(source);
  const position = positions(text);
  // saxes reports no positions of its own here (`position: false`): they are counted in UTF-16 units from `text`, as
  // editors show columns, and a message names the character that stopped the reader.
  const parser = new SaxesParser({ xmlns: true, position: false });
  const state: ReadState = { stack: [], root: undefined, tagStart: 0, closed: '', rootEnd: -1 };
  const { stack } = state;
  const fail = (message: string, offset: number): never => {
    const p = position(offset);
    throw new XmlReadError(message, p.line, p.column);
  };

  parser.on('error', (error) => readFailure(error, text, Math.max(0, parser.position - 1), state, fail));
  parser.on('doctype', (doctype) => {
    // Entities declared in an internal subset would change what the document says; saxes leaves them unexpanded.
    if (doctype.includes('['))
      fail('a DOCTYPE with an internal subset is not supported', text.lastIndexOf('<!DOCTYPE', parser.position));
  });
  parser.on('opentagstart', () => {
    // The name and the character after it are read: the `<` is the last one before them.
    state.tagStart = text.lastIndexOf('<', parser.position - 1);
  });
  parser.on('opentag', (tag) => {
    const parent = stack[stack.length - 1];
    const element = openElement(tag, parent, position(state.tagStart));
    if (parent) parent.children.push(element);
    else state.root = element;
    stack.push(element);
  });
  parser.on('closetag', (tag) => {
    state.closed = tag.name;
    stack.pop();
    if (stack.length === 0) state.rootEnd = parser.position;
  });
  const addText = (data: string) => {
    const top = stack[stack.length - 1];
    if (top) top.text += data;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  parser.write(text).close();
  return state.root ?? fail('no root element', 0);
}

/**
 * Throws saxes' `error`, met at offset `at`, as an XmlReadError at the place a reader looks for it: the start of
 * stray text rather than its end, the `</` of an end tag that does not match.
 */
function readFailure(
  error: Error,
  text: string,
  at: number,
  state: ReadState,
  fail: (message: string, offset: number) => never,
): never {
  const { rootEnd, closed } = state;
  if (error.message === 'text data outside of root node.') {
    // saxes says so only where the text ends; the place to show is where it starts.
    const start = strayText(text, rootEnd === -1 ? 0 : rootEnd);
    const what = JSON.stringify(
      text
        .slice(start, start + 20)
        .split(/[\r\n]/)[0]!
        .trim(),
    );
    fail(
      rootEnd === -1
        ? `not XML: text ${what} stands where the first element should`
        : `text ${what} after the root element's end`,
      start,
    );
  }
  if (error.message === 'unexpected close tag.') {
    // saxes has just closed the element left open; the end tag is the text from its `</` to here.
    const start = text.lastIndexOf('</', at);
    fail(`end tag ${text.slice(start, at + 1)} does not match <${closed}>`, start);
  }
  return fail(error.message.replace(/\.$/, ''), at);
}

/**
 * The element a start tag opens, at `at` (its `<`): its namespace bindings are its parent's (the root's, `xml:`
 * alone) with those it declares, copied only when it declares some, so that most elements share their parent's.
 */
function openElement(
  tag: SaxesTagNS,
  parent: XmlElement | undefined,
  at: { line: number; column: number },
): XmlElement {
  const declared = Object.entries(tag.ns ?? {});
  let scope = parent?.scope ?? ROOT_SCOPE;
  if (declared.length > 0) {
    const own = new Map(scope);
    for (const [prefix, uri] of declared) own.set(prefix, uri);
    scope = own;
  }
  const attrs = new Map<string, string>();
  for (const [name, attr] of Object.entries(tag.attributes)) attrs.set(name, attr.value);
  return {
    name: tag.local,
    ns: tag.uri,
    attrs,
    scope,
    children: [],
    text: '',
    ...at,
  };
}

/** The offset of the first character of `text` from `from` that is neither white space nor inside markup. */
function strayText(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') i++;
    else if (text.startsWith('<!--', i)) i = endOf(text, '-->', i);
    else if (text.startsWith('<?', i)) i = endOf(text, '?>', i);
    else if (c === '<') i = endOf(text, '>', i);
    else return i;
  }
  return from;
}

function endOf(text: string, close: string, from: number): number {
  const at = text.indexOf(close, from);
  return at === -1 ? text.length : at + close.length;
}

/** Turns an offset into `text` into its 1-based line and column. */
function positions(text: string): Position {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
}

/** The children of `node` in namespace `ns` with local name `name`. */
export function kids(node: XmlElement, ns: string, name: string): XmlElement[] {
  return node.children.filter((c) => c.ns === ns && c.name === name);
}

/** A qualified name resolved with the bindings in scope at `node`. */
export interface QName {
  readonly ns: string;
  readonly local: string;
}

export function resolveQName(node: XmlElement, value: string): QName | undefined {
  const colon = value.indexOf(':');
  const prefix = colon === -1 ? '' : value.slice(0, colon);
  const ns = node.scope.get(prefix);
  if (ns === undefined && prefix !== '') return undefined;
  return { ns: ns ?? '', local: colon === -1 ? value : value.slice(colon + 1) };
}

/**
 * `source` with an XML declaration that follows leading white space blanked out. XML puts the declaration first, but
 * WSDLs saved from web pages and templates often start with a line break; the declaration says nothing the decoded
 * text needs, so it is read as the white space it stands in, and every position stays where it was.
 */
function withoutLateDeclaration(source: string): string {
  const late = /^[ \t\r\n]+(<\?xml[ \t\r\n][^>]*\?>)/.exec(source);
  if (!late) return source;
  const start = late[0].length - late[1]!.length;
  return source.slice(0, start) + late[1]!.replace(/[^\r\n]/g, ' ') + source.slice(late[0].length);
}
