/**
 * Whole requests read back with a third-party parser (independent of the runtime under test), for requests whose
 * parameters are more than one text: records with attributes, lists, nil. Every element gets its namespace resolved,
 * and {@link markup} writes a tree back in one canonical form, so that a test states the exact structure it expects
 * (names, namespaces, attributes, order, text) in readable XML, whatever the writer's own spelling (prefixes,
 * `<a/>` or `<a></a>`, entity choice).
 *
 * Also the response bodies of an ASMX service in the shapes a record result needs (attributes on the result
 * element, the result left out, a nil root), which responses.ts does not frame.
 */
import { orderedParser, tagOf, type Ordered } from './wire.js';

export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

export interface XmlNode {
  /** Local name. */
  readonly name: string;
  /** Resolved namespace URI ('' for none). */
  readonly ns: string;
  /** Attributes other than namespace declarations: unprefixed by local name, `xsi:` ones as `xsi:name`. */
  readonly attrs: Readonly<Record<string, string>>;
  /** Child elements and character data (entities decoded, CDATA as text) in document order. */
  readonly content: ReadonlyArray<XmlNode | string>;
  /** The child elements. */
  readonly children: readonly XmlNode[];
  /** The element's character data, all its text nodes joined. */
  readonly text: string;
  /** The namespace declarations in scope, prefix -> URI ('' for the default), to resolve QNames in values. */
  readonly scope: ReadonlyMap<string, string>;
}

function build(node: Ordered, scope: ReadonlyMap<string, string>): XmlNode {
  const tag = tagOf(node);
  const raw = (node[':@'] ?? {}) as Record<string, string>;
  const inner = new Map(scope);
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'xmlns') inner.set('', v);
    else if (k.startsWith('xmlns:')) inner.set(k.slice(6), v);
  }
  const [prefix, local] = tag.includes(':') ? (tag.split(':') as [string, string]) : ['', tag];
  const ns = inner.get(prefix);
  if (ns === undefined) throw new Error(`undeclared prefix "${prefix}" on <${tag}>`);
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    if (!k.includes(':')) {
      attrs[k] = v;
      continue;
    }
    const [p, l] = k.split(':') as [string, string];
    const uri = p === 'xml' ? XML_NS : inner.get(p);
    if (uri === undefined) throw new Error(`undeclared prefix "${p}" on attribute ${k}`);
    attrs[uri === XSI ? `xsi:${l}` : `{${uri}}${l}`] = v;
  }
  const content: Array<XmlNode | string> = [];
  for (const c of (node[tag] ?? []) as Ordered[]) {
    const t = tagOf(c);
    if (t === '#text') {
      const text = textOf(c['#text']);
      const last = content.at(-1);
      if (typeof last === 'string') content[content.length - 1] = last + text;
      else content.push(text);
    } else if (t !== '#comment' && !t.startsWith('?')) content.push(build(c, inner));
  }
  const children = content.filter((c): c is XmlNode => typeof c !== 'string');
  const text = content.filter((c): c is string => typeof c === 'string').join('');
  return { name: local, ns, attrs, content, children, text, scope: inner };
}

/** Parses a document and returns its root element. */
export function parseXml(xml: string): XmlNode {
  if (xml.includes('<!DOCTYPE')) throw new Error('a document must never carry a DOCTYPE');
  const doc = orderedParser.parse(xml) as Ordered[];
  const roots = doc.filter((n) => !['#text', '?xml', '#comment'].includes(tagOf(n)));
  if (roots.length !== 1) throw new Error(`expected one root element, found ${roots.length}`);
  return build(roots[0]!, new Map([['', '']]));
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/**
 * The canonical markup of an element: `xmlns="…"` written where an element's namespace differs from its parent's
 * (`parentNs`), attributes in document order, an empty element as `<a/>`, text (CDATA included) escaped minimally,
 * comments and processing instructions left out.
 */
export function markup(node: XmlNode, parentNs = ''): string {
  const xmlns = node.ns === parentNs ? '' : ` xmlns="${escapeAttr(node.ns)}"`;
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)
    .join('');
  const open = `<${node.name}${xmlns}${attrs}`;
  if (node.content.every((c) => c === '')) return `${open}/>`;
  const inner = node.content.map((c) => (typeof c === 'string' ? escapeText(c) : markup(c, node.ns))).join('');
  return `${open}>${inner}</${node.name}>`;
}

export interface SoapRequest {
  readonly envelopeNs: string;
  /** The canonical markup of each SOAP header block (relative to no namespace, so each shows its xmlns). */
  readonly headers: readonly string[];
  /** Whether the envelope has a Header element at all. */
  readonly hasHeader: boolean;
  /** The canonical markup of the one element in Body (its xmlns shown). */
  readonly body: string;
}

/** Reads a SOAP request: the header blocks and the body element, each as canonical markup. */
export function readSoapRequest(xml: string): SoapRequest {
  const envelope = parseXml(xml);
  if (envelope.name !== 'Envelope') throw new Error(`root is <${envelope.name}>`);
  const parts = envelope.children.filter((c) => c.ns === envelope.ns);
  if (parts.length !== envelope.children.length) throw new Error('an Envelope child outside the envelope namespace');
  const header = parts.filter((c) => c.name === 'Header');
  const body = parts.filter((c) => c.name === 'Body');
  if (header.length > 1 || body.length !== 1 || parts.length !== header.length + body.length)
    throw new Error('expected [Header] Body');
  if (header[0] && parts[0] !== header[0]) throw new Error('Header must come before Body');
  const [element, ...more] = body[0]!.children;
  if (!element || more.length > 0) throw new Error('expected exactly one element in Body');
  return {
    envelopeNs: envelope.ns,
    hasHeader: header.length === 1,
    headers: header[0]?.children.map((c) => markup(c)) ?? [],
    body: markup(element),
  };
}

const ENVELOPES = {
  soap11: 'http://schemas.xmlsoap.org/soap/envelope/',
  soap12: 'http://www.w3.org/2003/05/soap-envelope',
} as const;

const DECLARATIONS = `xmlns:xsi="${XSI}" xmlns:xsd="http://www.w3.org/2001/XMLSchema"`;

/** A 200 SOAP response whose Body holds `content` (the whole `<OpResponse>` element, as ASMX writes it). */
export function soapBody(
  style: 'soap11' | 'soap12',
  content: string,
): { status: number; contentType: string; body: string } {
  return {
    status: 200,
    contentType: style === 'soap11' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
    body:
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENVELOPES[style]}" ${DECLARATIONS}>` +
      `<soap:Body>${content}</soap:Body></soap:Envelope>`,
  };
}

/**
 * A 200 HTTP POST response: the document `root` (an element's markup; its first start tag gets the xsi and xsd
 * declarations, as ASMX writes them), or an empty body.
 */
export function postBody(root: string): { status: number; contentType: string; body: string } {
  return {
    status: 200,
    contentType: 'text/xml; charset=utf-8',
    body:
      root === ''
        ? ''
        : `<?xml version="1.0" encoding="utf-8"?>\n${root.replace(/^<([A-Za-z_][\w.-]*)/, `<$1 ${DECLARATIONS}`)}`,
  };
}

/** A text node's value: fast-xml-parser gives text, or a number or boolean where it parsed one. */
function textOf(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
}
