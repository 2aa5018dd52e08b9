/**
 * A handler's result framed as the service frames it, in the style the request came in: a SOAP envelope holding
 * `<OpResponse>` (with `<OpResult>` inside, left out or nil for a null result, as the schema declares it), or for HTTP POST a document whose root is the
 * result itself. Inside an operation with a namespace of its own, the result's fields and items stay in the service
 * namespace, as the client reads them.
 *
 * The result is written whole before the answer is made, so a value the operation's writer refuses (a handler's bug)
 * throws here, and the caller can still answer with a fault instead of half a document.
 */
import type { MockOperation } from './operation.js';
import type { MockHttpReply } from './exchange.js';
import { SOAP12_CONTENT_TYPE, TEXT_XML, XML_DECLARATION, soapEnvelope } from './faults.js';
import { SvcDecodeError } from '../errors.js';
import { XSD_NAMESPACE, XSI_NAMESPACE } from '../codec/xml-chars.js';
import { XmlReader } from '../codec/xml-reader.js';
import { SOAP11_NAMESPACE, SOAP12_NAMESPACE, escapeXmlAttribute, inOwnNamespace } from '../codec/xml-writer.js';

/** The namespace declarations of an HTTP POST result's root, before its own default namespace. */
const ROOT_DECLARATIONS = ` xmlns:xsi="${XSI_NAMESPACE}" xmlns:xsd="${XSD_NAMESPACE}"`;

// The headers of result answers, shared by all of them (nothing changes a reply once made).
const TEXT_XML_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': TEXT_XML });
const SOAP12_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': SOAP12_CONTENT_TYPE });

/**
 * The 200 answer to a SOAP request: `<OpResponse xmlns="namespace">` holding the result element, empty for a void
 * operation and for a null reference result of a nullable one (ASMX leaves the element out), the element nil for a
 * null value-type result (`int?`, which the schema declares required and nillable); for an operation with out
 * parameters, the whole `<OpResponse>` as its writer writes it.
 * Throws when the value is null or undefined where a result is required, or when the writer refuses it.
 * @param version - `soap11` or `soap12`
 * @param op - the operation
 * @param namespace - the namespace of the operation's elements
 * @param value - the handler's result
 * @param memberNamespace - the service namespace, where the result's fields and items are (default `namespace`)
 * @param headers - the SOAP headers a handler set, by element name (undefined: an answer of the mock's own, none)
 */
export function soapResultReply(
  version: 'soap11' | 'soap12',
  op: MockOperation,
  namespace: string,
  value: unknown,
  memberNamespace: string = namespace,
  headers?: Readonly<Record<string, unknown>>,
): MockHttpReply {
  const content =
    op.bare === true
      ? bareContent(op, namespace, memberNamespace, value)
      : responseElement(op, namespace, memberNamespace, value);
  const header = headers === undefined ? '' : headerBlocks(op, memberNamespace, headers);
  const body = soapEnvelope(version === 'soap11' ? SOAP11_NAMESPACE : SOAP12_NAMESPACE, content, header);
  return { status: 200, headers: version === 'soap11' ? TEXT_XML_HEADERS : SOAP12_HEADERS, body };
}

/**
 * The soap:Header content of a handler's answer: each header of the operation it set, in the operation's order, as an
 * element of the service namespace. Throws for a required header left unset and for a name that is no header of the
 * operation's answers (a handler's mistake, which a client would never see otherwise).
 */
function headerBlocks(op: MockOperation, namespace: string, headers: Readonly<Record<string, unknown>>): string {
  const declared = op.responseHeaders ?? [];
  for (const name of Object.keys(headers)) {
    if (headers[name] !== undefined && !declared.some((h) => h.element === name)) {
      const known =
        declared.length === 0 ? 'it has none' : `its headers are ${declared.map((h) => h.element).join(', ')}`;
      throw new Error(`the response header ${name} is not a header of ${op.name}'s answers (${known})`);
    }
  }
  let out = '';
  const xmlns = defaultNamespace(namespace);
  for (const h of declared) {
    const value = headers[h.element];
    if (value === undefined || value === null) {
      if (h.required)
        throw new Error(`the response header ${h.element} is not set, but every answer of ${op.name} carries it`);
      continue;
    }
    out += h.write(h.element, value, xmlns);
  }
  return out;
}

function responseElement(op: MockOperation, namespace: string, memberNamespace: string, value: unknown): string {
  const name = `${op.name}Response`;
  const xmlns = defaultNamespace(namespace);
  if (op.result === 'nullable' && isNull(value) && op.nilResult === true) {
    // The envelope declares the xsi prefix.
    const nil = `<${op.resultElement}${op.unqualifiedResult === true ? ' xmlns=""' : ''} xsi:nil="true" />`;
    return `<${name}${xmlns}>${op.resultNamespace === undefined ? nil : inOwnNamespace(nil, op.resultElement, op.resultNamespace)}</${name}>`;
  }
  if (op.result === 'void' || (op.result === 'nullable' && isNull(value))) return `<${name}${xmlns} />`;
  requireValue(op, value);
  if (op.result === 'outputs')
    return inMemberNamespace(name, op.write(name, value, xmlns), xmlns, namespace, memberNamespace);
  // An unqualified result element (form="unqualified") is in no namespace, and what it holds is unqualified too.
  // A result element of a namespace of its own (an element reference to another schema) takes a prefix bound to it.
  const result =
    op.resultNamespace !== undefined
      ? inOwnNamespace(
          op.write(op.resultElement, value, ''),
          op.resultElement,
          op.resultNamespace,
          namespace === memberNamespace ? undefined : memberNamespace,
        )
      : op.unqualifiedResult === true
        ? op.write(op.resultElement, value, ' xmlns=""')
        : inMemberNamespace(op.resultElement, op.write(op.resultElement, value, ''), '', namespace, memberNamespace);
  return `<${name}${xmlns}>${result}</${name}>`;
}

/**
 * The Body of a bare operation's answer (`OperationWire.bare`): the result element itself, nil for a null result (a
 * top-level element cannot be left out), nothing for a void operation; for out parameters, the elements the
 * outputs' writer writes inside `<OpResponse>`, each taken out of it with the namespace declared on it.
 */
function bareContent(op: MockOperation, namespace: string, memberNamespace: string, value: unknown): string {
  const xmlns = defaultNamespace(namespace);
  if (op.result === 'void') return '';
  if (op.result === 'nullable' && isNull(value)) return `<${op.resultElement}${xmlns} xsi:nil="true" />`;
  requireValue(op, value);
  if (op.result !== 'outputs')
    return inMemberNamespace(
      op.resultElement,
      op.write(op.resultElement, value, xmlns),
      xmlns,
      namespace,
      memberNamespace,
    );
  // The writer's markup, parsed back with the xsi prefix the envelope declares, gives each child as written.
  const reader = new XmlReader(op.write(`${op.name}Response`, value, XSI_DECLARATION));
  reader.readRoot();
  let out = '';
  while (reader.nextChild()) {
    const name = reader.localName;
    const child = reader.readOuterXml();
    out += inMemberNamespace(
      name,
      `<${name}${xmlns}${child.slice(name.length + 1)}`,
      xmlns,
      namespace,
      memberNamespace,
    );
  }
  return out;
}

const XSI_DECLARATION = ` xmlns:xsi="${XSI_NAMESPACE}"`;

/**
 * The declaration of `namespace` as the default on an element of the answer; none for no namespace (a WCF contract
 * with Namespace = ""), as nothing around the element declares a default.
 */
export function defaultNamespace(namespace: string): string {
  return namespace === '' ? '' : ` xmlns="${escapeXmlAttribute(namespace)}"`;
}

/** The prefix of an operation's own namespace on an element whose children are in the service namespace. */
const OPERATION_PREFIX = 'op';

/**
 * `markup`, the element `name` as a writer wrote it (with `attrs` on its start tag), with its children in
 * `memberNamespace`: fields and list items stay in the service namespace, also inside an operation of a namespace of
 * its own (the client reads them there). Writers write children unqualified, so when the namespaces differ and the
 * element has children, the element takes a prefix for the operation's namespace and declares the service namespace
 * as the default for its children. Anything else is returned as it is.
 */
export function inMemberNamespace(
  name: string,
  markup: string,
  attrs: string,
  namespace: string,
  memberNamespace: string,
): string {
  if (namespace === memberNamespace || !hasChildElements(markup)) return markup;
  const start = `<${name}${attrs}`;
  const end = `</${name}>`;
  if (!markup.startsWith(start) || !markup.endsWith(end))
    throw new Error(`the writer of ${name} wrote another element`);
  const declarations = ` xmlns:${OPERATION_PREFIX}="${escapeXmlAttribute(namespace)}" xmlns="${escapeXmlAttribute(memberNamespace)}"`;
  const keep = namespace === '' ? attrs : attrs.replace(defaultNamespace(namespace), '');
  const prefixed = `${OPERATION_PREFIX}:${name}`;
  return `<${prefixed}${keep}${declarations}${markup.slice(start.length, -end.length)}</${prefixed}>`;
}

/**
 * Whether an element as a writer writes it holds child elements: a `<` after its start tag that is not its end tag
 * (text and attribute values are escaped, so a `<` there is markup).
 */
function hasChildElements(markup: string): boolean {
  const startEnd = markup.indexOf('>');
  if (startEnd < 0 || markup.charCodeAt(startEnd - 1) === SLASH) return false;
  const next = markup.indexOf('<', startEnd + 1);
  return next >= 0 && next < markup.lastIndexOf('</');
}

const SLASH = 47;

/**
 * The 200 answer to an HTTP POST request: the result as the document's root (`httpPostRoot`), `xsi:nil` for a null
 * result of a nullable operation, an empty body for a void one; XML content (`httpPostNode`) as the document itself.
 * Throws when the operation has no HTTP POST root, when the value is null or undefined where a result is required,
 * or when the writer refuses it.
 * @param op - the operation
 * @param namespace - the namespace of the operation's elements
 * @param value - the handler's result
 * @param memberNamespace - the service namespace, where the result's fields and items are (default `namespace`)
 */
export function httpPostResultReply(
  op: MockOperation,
  namespace: string,
  value: unknown,
  memberNamespace: string = namespace,
): MockHttpReply {
  const headers = TEXT_XML_HEADERS;
  if (op.result === 'void') return { status: 200, headers, body: '' };
  const root = op.httpPostRoot;
  if (root === undefined) throw new Error(`${op.name} has no HTTP POST root element`);
  const xmlns = defaultNamespace(namespace);
  if (op.result === 'nullable' && isNull(value)) {
    return {
      status: 200,
      headers,
      body: `${XML_DECLARATION}<${root} xmlns:xsi="${XSI_NAMESPACE}" xsi:nil="true"${xmlns} />`,
    };
  }
  requireValue(op, value);
  if (op.httpPostNode) return { status: 200, headers, body: xmlDocument(op, value) };
  const attrs = `${ROOT_DECLARATIONS}${xmlns}`;
  return {
    status: 200,
    headers,
    body: `${XML_DECLARATION}${inMemberNamespace(root, op.write(root, value, attrs), attrs, namespace, memberNamespace)}`,
  };
}

/**
 * XML content answered over HTTP POST: the content is the document, so it must be one element (comments and
 * processing instructions around it allowed), well-formed, declaring every prefix it uses. The XML declaration is
 * added unless the content has one.
 */
function xmlDocument(op: MockOperation, value: unknown): string {
  if (typeof value !== 'string') throw new Error(`${op.name} returns XML content (a string), not a ${typeof value}`);
  try {
    const reader = new XmlReader(value);
    reader.readRoot();
    reader.skip();
    reader.readEnd();
  } catch (error) {
    const reason = error instanceof SvcDecodeError ? error.message : String(error);
    throw new Error(
      `the XML content ${op.name} returns is the HTTP POST answer, so it must be one well-formed element: ${reason}`,
      { cause: error },
    );
  }
  return /^<\?xml[\s?]/.test(value) ? value : `${XML_DECLARATION}${value}`;
}

function isNull(value: unknown): boolean {
  return value === null || value === undefined;
}

function requireValue(op: MockOperation, value: unknown): void {
  if (isNull(value)) throw new Error(`it is ${String(value)}, but ${op.name} does not return null`);
}
