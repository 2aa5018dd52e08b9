/**
 * The answers a mock gives when it does not return a result: SOAP 1.1 and 1.2 faults, HTTP POST errors and plain
 * HTTP errors, all as ASMX writes them (HTTP 500 for faults, whatever their code).
 *
 * Fault texts often quote what the request held (an element name, a SOAPAction), so every text is made safe here, in
 * one place: characters XML cannot carry are replaced, markup is escaped, quoted input is cut short. Nothing here
 * knows the request's credentials; callers keep them out of messages (see mock-core.ts).
 */
import { isFormStyle, type Style } from '../operation.js';
import type { MockHttpReply } from './exchange.js';
import { XSD_NAMESPACE, XSI_NAMESPACE, indexOfNonXmlChar, isXmlCodePoint } from '../codec/xml-chars.js';
import { SOAP11_NAMESPACE, SOAP12_NAMESPACE, escapeXmlText } from '../codec/xml-writer.js';

/** A fault code as the mock's handlers give it; SOAP 1.2 calls them Sender and Receiver. */
export type MockFaultCode = 'Client' | 'Server';

/** Every fault code the mock sends: a handler's, or VersionMismatch for an envelope of the wrong SOAP version. */
export type WireFaultCode = MockFaultCode | 'VersionMismatch';

/** A typed fault detail a handler answers: the name of a fault the operation declares and the value of its record. */
export interface MockTypedFault {
  readonly name: string;
  readonly value: unknown;
}

/**
 * Thrown by a mock's handler to answer with a fault: `Client` for a request the service refuses, `Server` for a failure
 * of its own. Over HTTP POST it becomes a 500 text/plain answer holding the message (ASMX writes an exception's
 * message there, never a detail). With `fault`, one of the operation's declared faults, its record is written as
 * the detail's element (SOAP 1.1 `<detail>`, SOAP 1.2 `<soap:Detail>`), as WCF writes a `FaultException<T>`.
 *
 * @typeParam F - the typed faults of the operation (`<Op>Fault` of the generated client's types)
 */
export class MockFault<F extends MockTypedFault = MockTypedFault> extends Error {
  /** `Client` (SOAP 1.2 `Sender`) or `Server` (SOAP 1.2 `Receiver`). */
  readonly code: MockFaultCode;
  /** Text for the fault's detail element (SOAP only), or undefined for an empty detail. */
  readonly detail: string | undefined;
  /** The typed detail (SOAP only): a fault the operation declares, written as its element; not beside `detail`. */
  readonly fault: F | undefined;

  /**
   * @param code - `Client` or `Server`
   * @param message - the faultstring / Reason text; it is sent to the caller, so it must not quote a secret
   * @param detail - text for the detail element, if any
   * @param fault - a typed detail instead of text: `{ name, value }` of a fault the operation declares
   */
  constructor(code: MockFaultCode, message: string, detail?: string, fault?: F) {
    super(message);
    this.name = 'MockFault';
    this.code = code;
    this.detail = detail;
    this.fault = fault;
  }
}

/**
 * A request the mock refuses while reading it; {@link faultReply} turns it into the answer of the request's style.
 * Kept apart from {@link MockFault} so that a handler cannot claim a VersionMismatch, and so that the mock's own
 * refusals are told apart from its handlers' faults.
 */
export class RequestFault extends Error {
  /** The fault code: Client for a bad request, VersionMismatch for an envelope of the wrong version. */
  readonly code: WireFaultCode;

  /**
   * @param code - the fault code
   * @param message - what was wrong (never a credential's value)
   */
  constructor(code: WireFaultCode, message: string) {
    super(message);
    this.name = 'RequestFault';
    this.code = code;
  }
}

/** Content-Type of SOAP 1.1 messages and of HTTP POST results. */
export const TEXT_XML = 'text/xml; charset=utf-8';
/** Content-Type of SOAP 1.2 messages. */
export const SOAP12_CONTENT_TYPE = 'application/soap+xml; charset=utf-8';
/** Content-Type of HTTP POST errors and plain HTTP errors. */
export const TEXT_PLAIN = 'text/plain; charset=utf-8';

/** The XML declaration ASMX starts every document with. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** Longest piece of request input quoted in a message: enough to recognise it, too short to flood a log. */
const MAX_QUOTED = 120;

/** The SOAP 1.2 names of the 1.1 codes. */
const SOAP12_CODES: Readonly<Record<WireFaultCode, string>> = {
  Client: 'Sender',
  Server: 'Receiver',
  VersionMismatch: 'VersionMismatch',
};

/**
 * Request input (a name, a header value) quoted for a message: double-quoted, control characters and lone
 * surrogates escaped as JSON does, cut to {@link MAX_QUOTED} characters.
 * @param input - text taken from the request
 */
export function quoteInput(input: string): string {
  return JSON.stringify(input.length > MAX_QUOTED ? `${input.slice(0, MAX_QUOTED)}...` : input);
}

/**
 * A name from the request (a form field, an operation in a path, a method) as it is when it looks like a name, else
 * quoted as {@link quoteInput} does.
 * @param name - text taken from the request
 */
export function plainName(name: string): string {
  return PLAIN_NAME.test(name) ? name : quoteInput(name);
}

/** What {@link plainName} shows unquoted. */
const PLAIN_NAME = /^[A-Za-z0-9_.:-]{1,120}$/;

/**
 * An element name from the request, cut short for a message. (XML names hold no markup, and the fault writer escapes
 * whatever they hold anyway.)
 * @param name - a local name read from the request
 */
export function shortName(name: string): string {
  return name.length > MAX_QUOTED ? `${name.slice(0, MAX_QUOTED)}...` : name;
}

/**
 * `text` with every character XML 1.0 cannot carry replaced by U+FFFD, so that a message quoting anything (a
 * handler's error, say) still makes a well-formed fault.
 * @param text - any text
 */
export function xmlSafe(text: string): string {
  if (indexOfNonXmlChar(text) < 0) return text;
  let out = '';
  for (const ch of text) out += isXmlCodePoint(ch.codePointAt(0)!) ? ch : '\ufffd';
  return out;
}

/**
 * A plain-text answer: the HTTP POST binding's errors (500), and 404, 405 and 415.
 * @param status - the HTTP status
 * @param message - the body
 * @param headers - more headers (`Allow` for a 405)
 */
export function textReply(status: number, message: string, headers?: Readonly<Record<string, string>>): MockHttpReply {
  return { status, headers: { 'Content-Type': TEXT_PLAIN, ...headers }, body: message };
}

/**
 * The fault answer of a style, HTTP 500: a SOAP 1.1 fault (`soap:Client`...), a SOAP 1.2 fault (`soap:Sender`...), or
 * for HTTP POST and HTTP GET the message as text/plain.
 * @param style - the style the request came in
 * @param code - the fault code, in SOAP 1.1 terms
 * @param message - the faultstring / Reason text (escaped here)
 * @param detail - text of the detail element, if any (escaped here)
 * @param detailMarkup - the detail element's content as markup instead (a typed fault's element), written as is
 */
export function faultReply(
  style: Style,
  code: WireFaultCode,
  message: string,
  detail?: string,
  detailMarkup?: string,
): MockHttpReply {
  if (isFormStyle(style)) return textReply(500, message);
  const content = detailMarkup ?? (detail === undefined || detail === '' ? undefined : text(detail));
  const body = style === 'soap11' ? fault11(code, message, content) : fault12(code, message, content);
  return { status: 500, headers: { 'Content-Type': style === 'soap11' ? TEXT_XML : SOAP12_CONTENT_TYPE }, body };
}

/**
 * A whole SOAP document around a Body's content, with the XML declaration and the namespaces ASMX declares.
 * @param envelopeNamespace - the SOAP 1.1 or 1.2 envelope namespace
 * @param body - the Body's content, as markup
 */
export function soapEnvelope(envelopeNamespace: string, body: string, header = ''): string {
  return (
    `${XML_DECLARATION}<soap:Envelope xmlns:soap="${envelopeNamespace}" xmlns:xsi="${XSI_NAMESPACE}" ` +
    `xmlns:xsd="${XSD_NAMESPACE}">${header === '' ? '' : `<soap:Header>${header}</soap:Header>`}<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

function text(s: string): string {
  return escapeXmlText(xmlSafe(s));
}

/** `content`: the detail's content as markup (escaped text or a typed fault's element), undefined for none. */
function fault11(code: WireFaultCode, message: string, content: string | undefined): string {
  const detailElement = content === undefined ? '<detail />' : `<detail>${content}</detail>`;
  return soapEnvelope(
    SOAP11_NAMESPACE,
    `<soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${text(message)}` +
      `</faultstring>${detailElement}</soap:Fault>`,
  );
}

function fault12(code: WireFaultCode, message: string, content: string | undefined): string {
  const detailElement = content === undefined ? '<soap:Detail />' : `<soap:Detail>${content}</soap:Detail>`;
  return soapEnvelope(
    SOAP12_NAMESPACE,
    `<soap:Fault><soap:Code><soap:Value>soap:${SOAP12_CODES[code]}</soap:Value>` +
      `</soap:Code><soap:Reason><soap:Text xml:lang="en">${text(message)}</soap:Text></soap:Reason>${detailElement}` +
      '</soap:Fault>',
  );
}
