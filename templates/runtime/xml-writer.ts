/**
 * Request bodies: SOAP envelopes (built with xmlbuilder2), form bodies for the HTTP POST binding, and the SOAPAction
 * header value.
 */
import { create } from 'xmlbuilder2';
import { SvcRequestError } from './errors.js';
import { XSD_NAMESPACE, XSI_NAMESPACE, indexOfNonXmlChar } from './xml-chars.js';

/** Envelope namespace of SOAP 1.1. */
export const SOAP11_NAMESPACE = 'http://schemas.xmlsoap.org/soap/envelope/';
/** Envelope namespace of SOAP 1.2. */
export const SOAP12_NAMESPACE = 'http://www.w3.org/2003/05/soap-envelope';
/** The namespace that `xmlns:*` declarations live in (DOM rules, which xmlbuilder2 follows). */
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';

/** SOAP version of an envelope. */
export type SoapVersion = '1.1' | '1.2';

/** Envelope namespace of a SOAP version. */
export function soapNamespace(version: SoapVersion): string {
  return version === '1.2' ? SOAP12_NAMESPACE : SOAP11_NAMESPACE;
}

const TEXT_SPECIALS = /[&<>\r]/g;

/**
 * Escapes text content for XML: `&`, `<`, `>`, and CR as `&#xD;` so that a parser's line-end normalisation does not
 * turn it into LF.
 */
export function escapeXmlText(s: string): string {
  return s.replace(TEXT_SPECIALS, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#xD;'));
}

/**
 * Pre-escapes text handed to xmlbuilder2. Its serializer escapes `<` and `>` but leaves an `&` alone whenever it
 * already looks like `&name;` or `&#digits;` (so user text `&amp;` would go out as an entity and come back as `&`).
 * Escaping first makes every `&` in the result start such a reference, which xmlbuilder2 then keeps verbatim.
 * It only recognises decimal character references, hence `&#13;` here rather than `&#xD;`.
 */
function preEscapeForBuilder(s: string): string {
  return s.replace(TEXT_SPECIALS, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

/**
 * Builds an ASMX-style document/literal request envelope:
 * `<soap:Envelope xmlns:soap=... xmlns:xsi=... xmlns:xsd=...><soap:Body><operation xmlns="namespace">` with one
 * child per parameter, in the given order, qualified in the same namespace, each holding exactly the given text.
 * A text with a character XML cannot carry is a {@link SvcRequestError} (xmlbuilder2 would write it out raw).
 * @param version - `'1.1'` or `'1.2'`
 * @param namespace - the service namespace
 * @param operation - the operation element name
 * @param params - parameter names and already-encoded text values, in order
 */
export function buildSoapEnvelope(
  version: SoapVersion,
  namespace: string,
  operation: string,
  params: ReadonlyArray<readonly [name: string, text: string]>,
): string {
  const envNs = soapNamespace(version);
  const doc = create({ version: '1.0', encoding: 'utf-8' });
  const body = doc
    .ele(envNs, 'soap:Envelope')
    .att(XMLNS_NAMESPACE, 'xmlns:xsi', XSI_NAMESPACE)
    .att(XMLNS_NAMESPACE, 'xmlns:xsd', XSD_NAMESPACE)
    .ele(envNs, 'soap:Body');
  // An empty namespace means unqualified elements: passing null keeps xmlbuilder2 from writing xmlns="".
  const ns = namespace === '' ? null : namespace;
  const op = body.ele(ns, operation);
  for (const [name, text] of params) {
    const bad = indexOfNonXmlChar(text);
    if (bad >= 0) {
      const unit = text.charCodeAt(bad).toString(16).toUpperCase().padStart(4, '0');
      throw new SvcRequestError(`${name} contains U+${unit} at index ${bad}, which XML 1.0 cannot carry`, {
        operation,
        parameter: name,
      });
    }
    op.ele(ns, name).txt(preEscapeForBuilder(text));
  }
  return doc.end({ prettyPrint: false });
}

/**
 * Encodes fields as `application/x-www-form-urlencoded` (UTF-8 percent-encoding, `+` for space), keeping their order,
 * exactly as `URLSearchParams` serialises them.
 * @param params - field names and values, in order
 */
export function encodeForm(params: ReadonlyArray<readonly [string, string]>): string {
  const form = new URLSearchParams();
  for (const [name, value] of params) form.append(name, value);
  return form.toString();
}

/**
 * The SOAP 1.1 `SOAPAction` header value: the quoted `"<namespace><operation>"`, with a `/` between them when the
 * namespace does not end with one, as ASMX builds it.
 * @param namespace - the service namespace
 * @param operation - the operation name
 */
export function soapAction(namespace: string, operation: string): string {
  return `"${namespace}${namespace.endsWith('/') ? '' : '/'}${operation}"`;
}
