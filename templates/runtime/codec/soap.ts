/**
 * Response framing: finding the result inside a SOAP envelope or at the root of an HTTP POST response, and turning
 * SOAP faults into {@link SvcSoapFault}.
 *
 * Faults are recognised and read by one set of functions whatever the HTTP status, so that the same body gives the
 * same answer on 200 and on 500: a fault is a SOAP 1.1 or 1.2 Envelope whose Body starts with a Fault of that same
 * envelope namespace, read by the rules of the version it came in (a service answers a request of the other version
 * with a fault of its own), in a well-formed document with nothing after the root.
 */
import { SvcDecodeError, SvcSoapFault } from '../errors.js';
import { decodeCharData, trimXmlSpace as collapse } from './xml-chars.js';
import { XmlReader } from './xml-reader.js';
import { soapNamespace, type SoapVersion } from './xml-writer.js';

const SOAP11 = soapNamespace('1.1');
const SOAP12 = soapNamespace('1.2');

/**
 * The current local name read through a call: TypeScript keeps a comparison's narrowing of `reader.localName` across
 * later `nextChild()` calls, which would make the next comparison look impossible to the compiler.
 */
function nameOf(reader: XmlReader): string {
  return reader.localName;
}

function describe(reader: XmlReader): string {
  const ns = reader.namespaceUri;
  return `<${reader.localName}>${ns === '' ? ' in no namespace' : ` in namespace ${ns}`}`;
}

/**
 * Positions `reader` on the result element of a SOAP response: checks the Envelope's version, skips any Header,
 * enters Body, checks `<operation>Response` in `namespace` and stops on its `resultElement` child (other children
 * before it are skipped). Returns true there.
 *
 * Returns false, with `<operation>Response` consumed, for a void operation (`resultElement` undefined: whatever the
 * response holds is skipped) and for a result the service left out when `optional` (ASMX leaves it out for a null
 * result); a missing result that is not optional throws {@link SvcDecodeError}.
 *
 * A Fault first in Body is thrown as {@link SvcSoapFault} even in an envelope of the other SOAP version, because that
 * is how a service reports the mismatch itself; the fault is read to the end of the document first, so that a fault
 * followed by junk is refused here as it is by {@link parseSoapFault}. Anything else throws {@link SvcDecodeError},
 * including a non-fault envelope of the other version.
 * @param reader - a fresh reader over the response text
 * @param version - the SOAP version the request used
 * @param namespace - the namespace of the operation's elements
 * @param operation - the operation name, e.g. `GetOrders`
 * @param resultElement - the result element name, e.g. `GetOrdersResult`, or undefined for a void operation
 * @param status - HTTP status to record on a fault found here (the response normally came with 200)
 * @param optional - a missing result element means null rather than an error
 * @param onHeader - called on each child of soap:Header, which it must consume (read or skip); default: skipped
 * @param resultNamespace - the result element's namespace: `namespace`, or `''` for an unqualified one; the result
 *   element in another is not it (skipped, as any unknown child)
 */
export function openSoapResult(
  reader: XmlReader,
  version: SoapVersion,
  namespace: string,
  operation: string,
  resultElement: string | undefined,
  status = 200,
  optional = false,
  onHeader?: (reader: XmlReader) => void,
  resultNamespace = namespace,
): boolean {
  openSoapResponse(reader, version, namespace, operation, status, onHeader);
  const responseElement = `${operation}Response`;
  while (reader.nextChild()) {
    if (resultElement !== undefined && nameOf(reader) === resultElement && reader.namespaceUri === resultNamespace)
      return true;
    reader.skip();
  }
  if (resultElement === undefined || optional) return false;
  return reader.error(
    `no result: <${responseElement}> holds no <${resultElement}> (the service returned a null result)`,
  );
}

/**
 * Positions `reader` on the `<operation>Response` element of a SOAP response, checked as {@link openSoapResult}
 * checks it (version, Header, Body, a Fault thrown as {@link SvcSoapFault}). For an operation with out parameters,
 * whose response element holds the result and the outputs side by side.
 * @param reader - a fresh reader over the response text
 * @param version - the SOAP version the request used
 * @param namespace - the namespace of the operation's elements
 * @param operation - the operation name
 * @param status - HTTP status to record on a fault found here
 * @param onHeader - called on each child of soap:Header, which it must consume (read or skip); default: skipped
 */
export function openSoapResponse(
  reader: XmlReader,
  version: SoapVersion,
  namespace: string,
  operation: string,
  status = 200,
  onHeader?: (reader: XmlReader) => void,
): void {
  reader.readRoot();
  const envNs = soapNamespace(version);
  if (nameOf(reader) !== 'Envelope' || reader.namespaceUri !== envNs) refuseEnvelope(reader, version, status);
  const problem = openBody(reader, envNs, onHeader);
  if (problem !== undefined) reader.error(problem);
  if (isFault(reader, envNs)) throw readFaultDocument(reader, version, status);
  const responseElement = `${operation}Response`;
  if (nameOf(reader) !== responseElement || reader.namespaceUri !== namespace) {
    reader.error(`expected <${responseElement}> in namespace ${namespace}, found ${describe(reader)}`);
  }
}

/**
 * Positions `reader` on the result element of a SOAP response of a bare operation (see `OperationWire.bare`), whose
 * Body holds the result element itself: checks the Envelope as {@link openSoapResult} does (a Fault first in the Body
 * is thrown as {@link SvcSoapFault}) and returns true on `<resultElement>` in `namespace`, the Body's first element.
 *
 * Returns false, nothing more consumed, for a void operation (`resultElement` undefined), and for an empty Body where
 * `optional` (a null result; ASMX sends it nil, which the caller reads on the element). A Body that starts with
 * another element throws {@link SvcDecodeError}.
 * @param reader - a fresh reader over the response text
 * @param version - the SOAP version the request used
 * @param namespace - the namespace of the operation's elements
 * @param resultElement - the result element name, or undefined for a void operation
 * @param status - HTTP status to record on a fault found here
 * @param optional - an empty Body means null rather than an error
 * @param onHeader - called on each child of soap:Header, which it must consume (read or skip); default: skipped
 */
export function openBareSoapResult(
  reader: XmlReader,
  version: SoapVersion,
  namespace: string,
  resultElement: string | undefined,
  status = 200,
  optional = false,
  onHeader?: (reader: XmlReader) => void,
): boolean {
  openSoapBody(reader, version, status, onHeader);
  if (!reader.nextChild()) {
    if (resultElement === undefined || optional) return false;
    return reader.error(`no result: the SOAP Body holds no <${resultElement}> (the service returned a null result)`);
  }
  const envNs = soapNamespace(version);
  if (isFault(reader, envNs)) throw readFaultDocument(reader, version, status);
  if (resultElement === undefined) return false;
  if (nameOf(reader) !== resultElement || reader.namespaceUri !== namespace) {
    reader.error(`expected <${resultElement}> in namespace ${namespace}, found ${describe(reader)}`);
  }
  return true;
}

/**
 * Positions `reader` on the Body element of a SOAP response of the given version, past any Header: where a bare
 * operation's out parameters are read, the Body's children being the result and outputs side by side. A Fault in
 * the Body is the caller's to look for first ({@link parseSoapFault}), since the Body is not entered here.
 * @param reader - a fresh reader over the response text
 * @param version - the SOAP version the request used
 * @param status - HTTP status to record on a fault of the other version found here
 * @param onHeader - called on each child of soap:Header, which it must consume (read or skip); default: skipped
 */
export function openSoapBody(
  reader: XmlReader,
  version: SoapVersion,
  status = 200,
  onHeader?: (reader: XmlReader) => void,
): void {
  reader.readRoot();
  const envNs = soapNamespace(version);
  if (nameOf(reader) !== 'Envelope' || reader.namespaceUri !== envNs) refuseEnvelope(reader, version, status);
  for (;;) {
    if (!reader.nextChild()) reader.error('SOAP Envelope without a Body');
    const name = reader.namespaceUri === envNs ? nameOf(reader) : '';
    if (name === 'Body') return;
    if (name !== 'Header') reader.error(`unexpected ${describe(reader)} in the SOAP Envelope`);
    if (onHeader === undefined) reader.skip();
    else while (reader.nextChild()) onHeader(reader);
  }
}

/**
 * The root is not an Envelope of the requested version. Kept out of {@link openSoapResult} so that the common path
 * stays small; a fault of the other version is still the service's answer and is thrown as such.
 */
function refuseEnvelope(reader: XmlReader, version: SoapVersion, status: number): never {
  const got = envelopeVersion(reader);
  if (got === undefined) reader.error(`expected a SOAP ${version} Envelope, found ${describe(reader)}`);
  const envNs = reader.namespaceUri;
  if (openBody(reader, envNs) === undefined && isFault(reader, envNs)) throw readFaultDocument(reader, got, status);
  return reader.error(`a SOAP ${got} envelope was received where SOAP ${version} was expected`);
}

/**
 * Positions `reader` on the root of an HTTP POST response. The root must be in `namespace`; when `root` is given its
 * local name must match, when undefined any root is accepted.
 * @param reader - a fresh reader over the response text
 * @param namespace - the service namespace
 * @param root - the expected root element name, or undefined to accept any
 */
export function openPlainRoot(reader: XmlReader, namespace: string, root: string | undefined): void {
  reader.readRoot();
  if ((root !== undefined && reader.localName !== root) || reader.namespaceUri !== namespace) {
    reader.error(`expected root <${root ?? '*'}> in namespace ${namespace}, found ${describe(reader)}`);
  }
}

/**
 * Reads a SOAP 1.1 or 1.2 fault from a non-200 response body, or returns undefined when the body is not one, so that
 * the caller reports the HTTP error instead: not XML, HTML, plain text, a DOCTYPE (never processed), an envelope in
 * no or a foreign namespace, a Body not starting with a Fault of the envelope's namespace, malformed or truncated
 * markup, or anything but comments and processing instructions after the root.
 * @param xml - the response body
 * @param status - the HTTP status, recorded on the fault
 */
export function parseSoapFault(xml: string, status: number): SvcSoapFault | undefined {
  // Error pages are often large HTML: no element named Fault means no fault, without reading them.
  if (!xml.includes('Fault')) return undefined;
  try {
    const reader = new XmlReader(xml);
    reader.readRoot();
    const version = envelopeVersion(reader);
    if (version === undefined) return undefined;
    const envNs = reader.namespaceUri;
    if (openBody(reader, envNs) !== undefined || !isFault(reader, envNs)) return undefined;
    return readFaultDocument(reader, version, status);
  } catch (error) {
    // Malformed markup means "not a fault"; anything else is a bug here and must not pass for an HTTP error.
    if (error instanceof SvcDecodeError) return undefined;
    throw error;
  }
}

/**
 * Version of the SOAP Envelope the reader is on (the root start tag), or undefined when it is no SOAP Envelope.
 * @param reader - a reader positioned on the root start tag
 */
export function envelopeVersion(reader: XmlReader): SoapVersion | undefined {
  if (nameOf(reader) !== 'Envelope') return undefined;
  const ns = reader.namespaceUri;
  return ns === SOAP11 ? '1.1' : ns === SOAP12 ? '1.2' : undefined;
}

/**
 * Moves from the Envelope start tag onto the first element inside Body, skipping Headers. Returns what is wrong
 * instead of throwing, because for {@link parseSoapFault} a wrong envelope is an answer (undefined), not an error
 * (a mock reading a request turns it into a fault). Malformed markup still throws {@link SvcDecodeError}.
 * @param reader - a reader positioned on the Envelope start tag
 * @param envNs - the envelope namespace of the version expected
 * @param onHeader - called on each child of soap:Header, which it must consume; default: the Header is skipped
 */
export function openBody(reader: XmlReader, envNs: string, onHeader?: (reader: XmlReader) => void): string | undefined {
  for (;;) {
    if (!reader.nextChild()) return 'SOAP Envelope without a Body';
    const name = reader.namespaceUri === envNs ? nameOf(reader) : '';
    if (name === 'Body') break;
    if (name !== 'Header') return `unexpected ${describe(reader)} in the SOAP Envelope`;
    if (onHeader === undefined) reader.skip();
    else while (reader.nextChild()) onHeader(reader);
  }
  return reader.nextChild() ? undefined : EMPTY_SOAP_BODY;
}

/** What {@link openBody} answers for a Body without an element: an error, except where a bare operation allows it. */
export const EMPTY_SOAP_BODY = 'empty SOAP Body';

function isFault(reader: XmlReader, envNs: string): boolean {
  return nameOf(reader) === 'Fault' && reader.namespaceUri === envNs;
}

/**
 * Reads the Fault the reader is on, then the rest of the document: a fault is only believed when the whole response
 * is well-formed, so truncated or trailing content turns it into a {@link SvcDecodeError}.
 */
function readFaultDocument(reader: XmlReader, version: SoapVersion, status: number): SvcSoapFault {
  const fault = version === '1.1' ? readFault11(reader, status) : readFault12(reader, status);
  while (reader.currentDepth > 0) {
    while (reader.nextChild()) reader.skip();
  }
  reader.readEnd();
  return fault;
}

/** SOAP 1.1 fault parts are unqualified elements; the first of each counts. */
function readFault11(reader: XmlReader, status: number): SvcSoapFault {
  let code: string | undefined;
  let reason: string | undefined;
  let detail: string | undefined;
  let document: string | undefined;
  let detailSeen = false;
  while (reader.nextChild()) {
    const name = reader.namespaceUri === '' ? nameOf(reader) : '';
    if (name === 'faultcode' && code === undefined) {
      code = collapse(reader.readText());
    } else if (name === 'faultstring' && reason === undefined) {
      reason = reader.readText();
    } else if (name === 'detail' && !detailSeen) {
      detailSeen = true;
      ({ text: detail, document } = readDetail(reader));
    } else {
      reader.skip();
    }
  }
  return withDetail(new SvcSoapFault(code ?? '', reason ?? '', detail, status), document);
}

/** SOAP 1.2 fault parts are in the envelope namespace; the first of each counts, deeper Subcodes are not kept. */
function readFault12(reader: XmlReader, status: number): SvcSoapFault {
  let code: string | undefined;
  let subcode: string | undefined;
  let reason: string | undefined;
  let detail: string | undefined;
  let document: string | undefined;
  let codeSeen = false;
  let reasonSeen = false;
  let detailSeen = false;
  while (reader.nextChild()) {
    const name = reader.namespaceUri === SOAP12 ? nameOf(reader) : '';
    if (name === 'Code' && !codeSeen) {
      codeSeen = true;
      while (reader.nextChild()) {
        const part = reader.namespaceUri === SOAP12 ? nameOf(reader) : '';
        if (part === 'Value' && code === undefined) {
          code = collapse(reader.readText());
        } else if (part === 'Subcode' && subcode === undefined) {
          while (reader.nextChild()) {
            if (subcode === undefined && reader.namespaceUri === SOAP12 && nameOf(reader) === 'Value') {
              subcode = collapse(reader.readText());
            } else {
              reader.skip();
            }
          }
        } else {
          reader.skip();
        }
      }
    } else if (name === 'Reason' && !reasonSeen) {
      reasonSeen = true;
      while (reader.nextChild()) {
        if (reason === undefined && reader.namespaceUri === SOAP12 && nameOf(reader) === 'Text')
          reason = reader.readText();
        else reader.skip();
      }
    } else if (name === 'Detail' && !detailSeen) {
      detailSeen = true;
      ({ text: detail, document } = readDetail(reader));
    } else {
      reader.skip();
    }
  }
  return withDetail(new SvcSoapFault(code ?? '', reason ?? '', detail, status, subcode), document);
}

/** The detail of each fault read here as a document of its own, for a typed detail's decoder ({@link detailDocumentOf}). */
const DETAIL_DOCUMENTS = new WeakMap<SvcSoapFault, string>();

/**
 * The detail element of `fault` as a document of its own, its content as sent inside a `<detail>` root that declares
 * every namespace in scope where it stood (a prefix bound on the Envelope still means the same); undefined for a
 * fault without a detail holding an element, or one not read from a response.
 * @param fault - a fault thrown by this module's readers
 */
export function detailDocumentOf(fault: SvcSoapFault): string | undefined {
  return DETAIL_DOCUMENTS.get(fault);
}

/** Reads the detail element the reader is on: its text for {@link SvcSoapFault.detail}, and the document it makes. */
function readDetail(reader: XmlReader): { text: string | undefined; document: string | undefined } {
  const scope = reader.namespacesInScope();
  const inner = reader.readInnerXml();
  // The reader has checked the nesting of the detail while taking it; references are checked as it is decoded.
  const text = detailOf(inner, (message) => reader.error(`${message} in the fault detail`));
  if (!inner.includes('<')) return { text, document: undefined };
  const declarations = scope.map(([prefix, uri]) => ` xmlns${prefix === '' ? '' : `:${prefix}`}="${escapeUri(uri)}"`);
  return { text, document: `<detail${declarations.join('')}>${inner}</detail>` };
}

/** A namespace name as an attribute value (it was one already, so only the markup characters need escaping). */
function escapeUri(uri: string): string {
  return uri.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/** The fault, with the detail document kept for {@link detailDocumentOf}. */
function withDetail(fault: SvcSoapFault, document: string | undefined): SvcSoapFault {
  if (document !== undefined) DETAIL_DOCUMENTS.set(fault, document);
  return fault;
}

/**
 * The `detail` of a fault from the markup inside its element, as {@link SvcSoapFault.detail} defines it: undefined
 * when blank; the decoded text when it holds no element (a detail sent as CDATA or with references is still just
 * text); otherwise the inner XML as sent, trimmed, since structured details have no single text form.
 * Throws {@link SvcDecodeError} for a reference XML does not define in a text detail.
 * @param inner - the markup between the detail's start and end tags, well nested
 */
export function detailFromMarkup(inner: string): string | undefined {
  return detailOf(inner, (message) => {
    throw new SvcDecodeError(`${message} in the fault detail`);
  });
}

function detailOf(inner: string, fail: (message: string) => never): string | undefined {
  const text = textOfMarkup(inner, fail);
  const detail = collapse(text ?? inner);
  return detail === '' ? undefined : detail;
}

/**
 * The character data of `inner` (references decoded, CDATA content kept, comments and processing instructions
 * dropped), or undefined as soon as an element shows up. Element detection comes first: a structured detail is kept
 * as sent, so its text is never decoded.
 */
function textOfMarkup(inner: string, fail: (message: string) => never): string | undefined {
  const unterminated = (what: string): never => fail(`unterminated ${what}`);
  let lt = inner.indexOf('<');
  for (let p = 0; lt >= 0; lt = inner.indexOf('<', p)) {
    if (inner.startsWith('<![CDATA[', lt)) {
      p = inner.indexOf(']]>', lt + 9) + 3;
      if (p < 3) unterminated('CDATA section');
    } else if (inner.startsWith('<!--', lt)) {
      p = inner.indexOf('-->', lt + 4) + 3;
      if (p < 3) unterminated('comment');
    } else if (inner.startsWith('<?', lt)) {
      p = inner.indexOf('?>', lt + 2) + 2;
      if (p < 2) unterminated('processing instruction');
    } else {
      return undefined;
    }
  }
  let out = '';
  let p = 0;
  for (;;) {
    lt = inner.indexOf('<', p);
    const end = lt < 0 ? inner.length : lt;
    if (end > p) out += decodeCharData(inner, p, end, false, fail);
    if (lt < 0) return out;
    if (inner.startsWith('<![CDATA[', lt)) {
      const close = inner.indexOf(']]>', lt + 9);
      // CDATA is not decoded, but its line ends are normalised like all other text.
      out += inner.slice(lt + 9, close).replace(/\r\n?/g, '\n');
      p = close + 3;
    } else if (inner.startsWith('<!--', lt)) {
      p = inner.indexOf('-->', lt + 4) + 3;
    } else {
      p = inner.indexOf('?>', lt + 2) + 2;
    }
  }
}
