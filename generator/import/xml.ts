/**
 * A small XML reader that keeps positions: every element knows the line and column of its `<`, its attributes
 * (as written), the namespace bindings in scope and its resolved namespace. Enough for WSDL and XML Schema documents
 * (elements, attributes, text, comments, CDATA, processing instructions, a DOCTYPE without an internal subset);
 * malformed input throws `XmlReadError` with the position.
 */

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
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`);
  }
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Parses `text` and returns its root element. */
export function parseXml(text: string): XmlElement {
  // Line starts, to turn offsets into line:column.
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const position = (offset: number): { line: number; column: number } => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  const fail = (message: string, offset: number): never => {
    const p = position(offset);
    throw new XmlReadError(message, p.line, p.column);
  };

  const stack: XmlElement[] = [];
  const rawNames: string[] = [];
  let root: XmlElement | undefined;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const end = lt === -1 ? text.length : lt;
    if (end > i) {
      const chunk = text.slice(i, end);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(chunk, i, fail);
      else if (chunk.trim() !== '') fail('text outside the root element', i);
    }
    if (lt === -1) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close === -1) fail('unterminated comment', i);
      i = close + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const close = text.indexOf(']]>', i + 9);
      if (close === -1) fail('unterminated CDATA section', i);
      const top = stack[stack.length - 1];
      if (!top) fail('CDATA outside the root element', i);
      top!.text += text.slice(i + 9, close);
      i = close + 3;
    } else if (text.startsWith('<?', i)) {
      const close = text.indexOf('?>', i + 2);
      if (close === -1) fail('unterminated processing instruction', i);
      i = close + 2;
    } else if (text.startsWith('<!', i)) {
      const close = text.indexOf('>', i + 2);
      if (close === -1 || text.slice(i, close).includes('[')) fail('a DOCTYPE with an internal subset is not supported', i);
      i = close + 1;
    } else if (text.startsWith('</', i)) {
      const close = text.indexOf('>', i + 2);
      if (close === -1) fail('unterminated end tag', i);
      const name = text.slice(i + 2, close).trim();
      const open = rawNames.pop();
      if (open === undefined) fail(`end tag </${name}> without a start tag`, i);
      if (open !== name) fail(`end tag </${name}> does not match <${open}>`, i);
      stack.pop();
      i = close + 1;
    } else {
      const start = i;
      i++;
      const nameMatch = /^[^\s/>]+/.exec(text.slice(i, i + 200));
      if (!nameMatch) fail('an element name expected after <', start);
      const rawName = nameMatch![0];
      i += rawName.length;
      const attrs = new Map<string, string>();
      let selfClosing = false;
      for (;;) {
        while (i < text.length && /\s/.test(text[i]!)) i++;
        if (i >= text.length) fail(`unterminated start tag <${rawName}>`, start);
        if (text.startsWith('/>', i)) {
          selfClosing = true;
          i += 2;
          break;
        }
        if (text[i] === '>') {
          i++;
          break;
        }
        const attr = /^([^\s=/>]+)\s*=\s*(["'])/.exec(text.slice(i, i + 300));
        if (!attr) fail(`a malformed attribute in <${rawName}>`, i);
        const valueStart = i + attr![0].length;
        const valueEnd = text.indexOf(attr![2]!, valueStart);
        if (valueEnd === -1) fail('unterminated attribute value', i);
        if (attrs.has(attr![1]!)) fail(`attribute ${attr![1]} given twice`, i);
        attrs.set(attr![1]!, decode(text.slice(valueStart, valueEnd), valueStart, fail));
        i = valueEnd + 1;
      }
      const parent = stack[stack.length - 1];
      const scope = new Map(parent?.scope ?? [['xml', XML_NS]]);
      for (const [k, v] of attrs) {
        if (k === 'xmlns') scope.set('', v);
        else if (k.startsWith('xmlns:')) scope.set(k.slice(6), v);
      }
      const colon = rawName.indexOf(':');
      const prefix = colon === -1 ? '' : rawName.slice(0, colon);
      const ns = scope.get(prefix);
      if (ns === undefined && prefix !== '') fail(`undeclared prefix "${prefix}"`, start);
      const element: XmlElement = {
        name: colon === -1 ? rawName : rawName.slice(colon + 1),
        ns: ns ?? '',
        attrs,
        scope,
        children: [],
        text: '',
        ...position(start),
      };
      if (parent) parent.children.push(element);
      else if (root) fail('a second root element', start);
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        rawNames.push(rawName);
      }
    }
  }
  if (stack.length > 0) fail(`<${rawNames[rawNames.length - 1]}> is not closed`, text.length);
  if (!root) fail('no root element', 0);
  return root!;
}

function decode(raw: string, offset: number, fail: (m: string, o: number) => never): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) return fail(`an unterminated entity reference "${whole}"`, offset);
    switch (ref) {
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'amp':
        return '&';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
    }
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : ref.startsWith('#') ? parseInt(ref.slice(1), 10) : NaN;
    if (Number.isNaN(code)) return fail(`an unknown entity "&${ref};"`, offset);
    return String.fromCodePoint(code);
  });
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
