/**
 * Request bodies: SOAP envelopes, form bodies for the HTTP POST binding, and the SOAPAction header value.
 *
 * Envelopes are built as strings. Every request of an ASMX service has the same shape (an operation element with
 * one text child per parameter), so a document builder buys nothing but time; what matters is that every text goes
 * through {@link escapeXmlText}, which tests prove against xmlbuilder2 and two parsers.
 */
import { SvcRequestError } from '../errors.js';
import { XSD_NAMESPACE, XSI_NAMESPACE, indexOfNonXmlChar } from './xml-chars.js';

/**
 * A parameter that is more than one text: its whole element for SOAP, and its values for an HTTP POST form (one
 * field per value; undefined when the form cannot carry it, such as a record). Reading `form` may throw a
 * SvcRequestError for a value only a form cannot carry (a nil list item), so it is read only when a form is sent.
 */
export interface NestedValue {
  readonly element: string;
  readonly form: readonly string[] | undefined;
  /**
   * A repeated parameter (a list without a container): each item's element, in order, which `element` joins; the
   * envelope puts each one in the operation's namespace by itself.
   */
  readonly items?: readonly string[];
}

/** Envelope namespace of SOAP 1.1. */
export const SOAP11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
/** Envelope namespace of SOAP 1.2. */
export const SOAP12_NAMESPACE = 'http://www.w3.org/2003/05/soap-envelope';

/** SOAP version of an envelope. */
export type SoapVersion = '1.1' | '1.2';

/** Envelope namespace of a SOAP version. */
export function soapNamespace(version: SoapVersion): string {
  return version === '1.2' ? SOAP12_NAMESPACE : SOAP11_NAMESPACE;
}

const TEXT_SPECIALS = /[&<>\r]/;
const TEXT_SPECIALS_ALL = /[&<>\r]/g;
const ATTRIBUTE_SPECIALS = /[&<>"\t\n\r]/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  // A raw CR would be turned into LF by the receiver's line-end normalisation.
  '\r': '&#xD;',
};
const entityOf = (c: string): string => ENTITIES[c] ?? c;

/**
 * Escapes text content for XML: `&`, `<`, `>`, and CR as `&#xD;` so that a parser's line-end normalisation does not
 * turn it into LF. Text without any of them is returned as it is (the common case costs one regex test).
 */
export function escapeXmlText(s: string): string {
  return TEXT_SPECIALS.test(s) ? s.replace(TEXT_SPECIALS_ALL, entityOf) : s;
}

/** Escapes a double-quoted attribute value, whitespace included, which attribute normalisation would otherwise fold. */
export function escapeXmlAttribute(s: string): string {
  return s.replace(ATTRIBUTE_SPECIALS, entityOf);
}

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/**
 * Builds an ASMX-style document/literal request envelope:
 * `<soap:Envelope xmlns:soap=... xmlns:xsi=... xmlns:xsd=...><soap:Body><operation xmlns="namespace">` with one
 * child per parameter, in the given order, qualified in the same namespace, each holding exactly the given text.
 * An empty namespace leaves the elements unqualified. A text with a character XML cannot carry is a
 * {@link SvcRequestError}, naming the parameter but never quoting the value.
 * @param version - `'1.1'` or `'1.2'`
 * @param namespace - the service namespace
 * @param operation - the operation element name (a name from the spec)
 * @param params - parameter names (from the spec) and already-encoded text values, in order; a record, list or nil
 *   parameter comes as its whole element, already escaped
 * @param header - the SOAP header blocks, as markup (default none)
 * @param members - the namespace of the members of record and list parameters when it is not `namespace` (an
 *   operation with a namespace of its own: its parameters are in that one, their members in the service's)
 * @param unqualified - the parameters whose elements are in no namespace (`OperationWire.unqualifiedParams`)
 * @param own - the parameters whose elements are in a namespace of their own, each with it (`OperationWire.paramNamespaces`)
 */
export function buildSoapEnvelope(
  version: SoapVersion,
  namespace: string,
  operation: string,
  params: ReadonlyArray<readonly [name: string, value: string | NestedValue]>,
  header = '',
  members = namespace,
  unqualified: readonly string[] = [],
  own: Readonly<Record<string, string>> = {},
): string {
  const children = paramElements(operation, params, '', namespace, members, unqualified, own);
  const open = namespace === '' ? `<${operation}` : `<${operation} xmlns="${escapeXmlAttribute(namespace)}"`;
  return soapRequest(version, header, children === '' ? `${open}/>` : `${open}>${children}</${operation}>`);
}

/**
 * Builds a document/literal request envelope that is not wrapped (ASMX's `ParameterStyle = Bare`): the parameters'
 * elements are the Body's own children, each declaring `namespace`, with no operation element around them; no
 * parameter at all leaves the Body empty. Values are checked and escaped as {@link buildSoapEnvelope} does.
 * @param version - `'1.1'` or `'1.2'`
 * @param namespace - the namespace of the parameter elements
 * @param operation - the operation, named in a {@link SvcRequestError}
 * @param params - parameter names and already-encoded values, in order, as for {@link buildSoapEnvelope}
 * @param header - the SOAP header blocks, as markup (default none)
 * @param members - the namespace of the members of record and list parameters when it is not `namespace`
 */
export function buildBareSoapEnvelope(
  version: SoapVersion,
  namespace: string,
  operation: string,
  params: ReadonlyArray<readonly [name: string, value: string | NestedValue]>,
  header = '',
  members = namespace,
): string {
  const xmlns = namespace === '' ? '' : ` xmlns="${escapeXmlAttribute(namespace)}"`;
  return soapRequest(version, header, paramElements(operation, params, xmlns, namespace, members, [], {}));
}

/**
 * The parameters' elements, in order, each put in its namespace: the wrapped envelope's are qualified by the default
 * namespace its operation element declares (`declaration` is `''`), the bare envelope's each declare it themselves
 * (`declaration` is ` xmlns="…"`). The arguments after `declaration` are {@link buildSoapEnvelope}'s.
 */
function paramElements(
  operation: string,
  params: ReadonlyArray<readonly [name: string, value: string | NestedValue]>,
  declaration: string,
  namespace: string,
  members: string,
  unqualified: readonly string[],
  own: Readonly<Record<string, string>>,
): string {
  let children = '';
  for (const [name, value] of params) {
    if (typeof value === 'string') {
      const element = `<${name}>${paramText(operation, name, value)}</${name}>`;
      children += placed(element, name, false, declaration, namespace, members, unqualified, own);
      continue;
    }
    // A repeated parameter's items are each an element of its name, each placed by itself.
    if (value.items === undefined)
      children += placed(value.element, name, true, declaration, namespace, members, unqualified, own);
    else
      for (const element of value.items)
        children += placed(element, name, true, declaration, namespace, members, unqualified, own);
  }
  return children;
}

/** One parameter element written unqualified (`<name>…</name>`), put in its namespace (see {@link paramElements}). */
function placed(
  element: string,
  name: string,
  nested: boolean,
  declaration: string,
  namespace: string,
  members: string,
  unqualified: readonly string[],
  own: Readonly<Record<string, string>>,
): string {
  if (Object.hasOwn(own, name))
    return inOwnNamespace(element, name, own[name]!, members === namespace ? undefined : members);
  // In no namespace: the element with xmlns="" on its start tag.
  if (unqualified.includes(name)) return `<${name} xmlns=""${element.slice(name.length + 1)}`;
  // A writer writes a record or list unqualified: its start tag takes the prefix when its members are elsewhere.
  if (nested && members !== namespace) return qualifyMembers(element, name, namespace, members);
  return declaration === '' ? element : `<${name}${declaration}${element.slice(name.length + 1)}`;
}

/** A parameter's encoded text, escaped; one XML 1.0 cannot carry is refused before anything is sent. */
function paramText(operation: string, name: string, text: string): string {
  const bad = indexOfNonXmlChar(text);
  if (bad >= 0) {
    const unit = text.charCodeAt(bad).toString(16).toUpperCase().padStart(4, '0');
    throw new SvcRequestError(`${name} contains U+${unit} at index ${bad}, which XML 1.0 cannot carry`, {
      operation,
      parameter: name,
    });
  }
  return escapeXmlText(text);
}

/** The request envelope around `body` (the Body's content), with `header` blocks when there are any. */
function soapRequest(version: SoapVersion, header: string, body: string): string {
  return (
    `${XML_DECLARATION}<soap:Envelope xmlns:soap="${soapNamespace(version)}" xmlns:xsi="${XSI_NAMESPACE}" ` +
    `xmlns:xsd="${XSD_NAMESPACE}">${header === '' ? '' : `<soap:Header>${header}</soap:Header>`}<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

/**
 * Rewrites a parameter element written unqualified (`<name>…</name>`, every member taking the default namespace) so
 * that the element stays in the operation's namespace, through a prefix, while its members are in `members`.
 */
function qualifyMembers(element: string, name: string, namespace: string, members: string): string {
  const open = `<op:${name} xmlns:op="${escapeXmlAttribute(namespace)}" xmlns="${escapeXmlAttribute(members)}"`;
  const rest = element.slice(name.length + 1);
  const close = `</${name}>`;
  return rest.endsWith(close) ? `${open}${rest.slice(0, -close.length)}</op:${name}>` : `${open}${rest}`;
}

/**
 * Rewrites an element written unqualified (`<name>…</name>`) so that the element is in `uri`, its own namespace (an
 * element reference to another schema), through a prefix of its own, while what it holds keeps the default namespace
 * (or takes `members`, when given). The prefix `own` is one no generated writer declares.
 */
export function inOwnNamespace(element: string, name: string, uri: string, members?: string): string {
  const open = `<own:${name} xmlns:own="${escapeXmlAttribute(uri)}"${members === undefined ? '' : ` xmlns="${escapeXmlAttribute(members)}"`}`;
  const rest = element.slice(name.length + 1);
  const close = `</${name}>`;
  return rest.endsWith(close) ? `${open}${rest.slice(0, -close.length)}</own:${name}>` : `${open}${rest}`;
}

/**
 * Encodes fields as `application/x-www-form-urlencoded` (UTF-8 percent-encoding, `+` for space), keeping their order,
 * exactly as `URLSearchParams` serialises them.
 * @param params - field names and values, in order; a list comes as its values (the field repeated), a nil value as
 *   none (the field left out)
 * @param operation - the operation, named in a {@link SvcRequestError} for a value a form cannot carry
 * @param carrier - what carries the form, named in that error
 */
export function encodeForm(
  params: ReadonlyArray<readonly [string, string | NestedValue]>,
  operation?: string,
  carrier = 'HTTP POST form',
): string {
  const form = new URLSearchParams();
  for (const [name, value] of params) {
    if (typeof value === 'string') {
      form.append(name, value);
      continue;
    }
    let values: readonly string[] | undefined;
    try {
      values = value.form;
    } catch (error) {
      if (error instanceof SvcRequestError) throw new SvcRequestError(error.message, { operation, parameter: name });
      throw error;
    }
    if (values === undefined)
      throw new SvcRequestError(`${name} cannot be sent in an ${carrier}`, { operation, parameter: name });
    for (const v of values) form.append(name, v);
  }
  return form.toString();
}

/**
 * The SOAP 1.1 `SOAPAction` header value: the quoted `"<namespace><operation>"`, with a `/` between them when the
 * namespace does not end with one, as ASMX builds it. The action is a URI and travels in an HTTP header, which holds
 * bytes: a character beyond ASCII in it (an operation named in any script) is percent-encoded as UTF-8, as an IRI
 * becomes a URI (RFC 3987), so that the client and the mock agree on the same bytes.
 * @param namespace - the service namespace
 * @param operation - the operation name
 */
export function soapAction(namespace: string, operation: string): string {
  const action = `${namespace}${namespace.endsWith('/') ? '' : '/'}${operation}`;
  // Tested first: it is made for every call, and a replace with a callback costs more than the rest of it.
  return NOT_PRINTABLE.test(action)
    ? `"${action.replace(/[^\x20-\x7e]/gu, (c) => encodeURIComponent(c))}"`
    : `"${action}"`;
}

/** A character outside printable ASCII. */
const NOT_PRINTABLE = /[^\x20-\x7e]/;

/**
 * A header block: `<element xmlns="namespace">…</element>`, written once when the client is made. `write` is the
 * record's generated writer.
 */
export function soapHeaderBlock<T>(
  element: string,
  namespace: string,
  value: T,
  path: string,
  write: (name: string, value: T, path: string, xmlns: string) => string,
): string {
  return write(element, value, path, ` xmlns="${escapeXmlAttribute(namespace)}"`);
}
