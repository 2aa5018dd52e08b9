/**
 * Response framing: finding the result inside a SOAP envelope or at the root of an HTTP POST response, and turning
 * SOAP faults into {@link SvcSoapFault}.
 */
import { XMLParser } from 'fast-xml-parser';
import { SvcSoapFault } from './errors.js';
import { decodeCharData, trimXmlSpace as collapse } from './xml-chars.js';
import { XmlReader } from './xml-reader.js';
import { soapNamespace, type SoapVersion } from './xml-writer.js';

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
 * enters Body, throws the {@link SvcSoapFault} when Body holds a Fault, checks `<operation>Response` in `namespace`
 * and stops on its `resultElement` child (other children before it are skipped).
 * Throws {@link SvcDecodeError} for anything else, including a response without the result element (ASMX leaves it
 * out when the result is null).
 * @param reader - a fresh reader over the response text
 * @param version - the SOAP version the request used
 * @param namespace - the service namespace
 * @param operation - the operation name, e.g. `GetOrders`
 * @param resultElement - the result element name, e.g. `GetOrdersResult`
 * @param status - HTTP status to record on a fault found here (the response normally came with 200)
 */
export function openSoapResult(
  reader: XmlReader,
  version: SoapVersion,
  namespace: string,
  operation: string,
  resultElement: string,
  status = 200,
): void {
  reader.readRoot();
  const envNs = soapNamespace(version);
  if (nameOf(reader) !== 'Envelope' || reader.namespaceUri !== envNs) {
    const other: SoapVersion = version === '1.1' ? '1.2' : '1.1';
    if (nameOf(reader) === 'Envelope' && reader.namespaceUri === soapNamespace(other)) {
      reader.error(`a SOAP ${other} envelope was received where SOAP ${version} was expected`);
    }
    reader.error(`expected a SOAP ${version} Envelope, found ${describe(reader)}`);
  }
  for (;;) {
    if (!reader.nextChild()) reader.error('SOAP Envelope without a Body');
    const name = reader.namespaceUri === envNs ? nameOf(reader) : '';
    if (name === 'Header') {
      reader.skip();
    } else if (name === 'Body') {
      break;
    } else {
      reader.error(`unexpected ${describe(reader)} in the SOAP Envelope`);
    }
  }
  if (!reader.nextChild()) reader.error('empty SOAP Body');
  if (nameOf(reader) === 'Fault' && reader.namespaceUri === envNs) {
    throw readFault(reader, version, status);
  }
  const responseElement = `${operation}Response`;
  if (nameOf(reader) !== responseElement || reader.namespaceUri !== namespace) {
    reader.error(`expected <${responseElement}> in namespace ${namespace}, found ${describe(reader)}`);
  }
  while (reader.nextChild()) {
    if (nameOf(reader) === resultElement && reader.namespaceUri === namespace) return;
    reader.skip();
  }
  reader.error(`no result: <${responseElement}> holds no <${resultElement}> (the service returned a null result)`);
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

/** Reads the Fault the reader is positioned on. */
function readFault(reader: XmlReader, version: SoapVersion, status: number): SvcSoapFault {
  let code = '';
  let subcode: string | undefined;
  let reason: string | undefined;
  let detail: string | undefined;
  while (reader.nextChild()) {
    switch (version === '1.1' ? reader.localName : `1.2:${reader.localName}`) {
      case 'faultcode':
        code = collapse(reader.readText());
        break;
      case 'faultstring':
        reason = reader.readText();
        break;
      case 'detail':
      case '1.2:Detail':
        detail = detailFromMarkup(reader.readInnerXml());
        break;
      case '1.2:Code':
        while (reader.nextChild()) {
          const name = nameOf(reader);
          if (name === 'Value') {
            code = collapse(reader.readText());
          } else if (name === 'Subcode' && subcode === undefined) {
            while (reader.nextChild()) {
              if (reader.localName === 'Value') subcode = collapse(reader.readText());
              else reader.skip();
            }
          } else {
            reader.skip();
          }
        }
        break;
      case '1.2:Reason':
        while (reader.nextChild()) {
          if (reader.localName === 'Text' && reason === undefined) reason = reader.readText();
          else reader.skip();
        }
        break;
      default:
        reader.skip();
    }
  }
  return new SvcSoapFault(code, reason ?? '', detail, status, subcode);
}

/**
 * The `detail` of a fault from the markup inside its element: undefined when blank, the decoded text when it is
 * plain text, otherwise the inner XML as sent (trimmed), since structured details have no single text form.
 */
export function detailFromMarkup(inner: string): string | undefined {
  const trimmed = collapse(inner);
  if (trimmed === '') return undefined;
  if (trimmed.includes('<')) return trimmed;
  try {
    return decodeCharData(trimmed, 0, trimmed.length, false, (message) => {
      throw new Error(message);
    });
  } catch {
    return trimmed;
  }
}

// ---- faults of non-200 responses, through fast-xml-parser ---------------------------------------------------------

/**
 * Entity decoder handed to fast-xml-parser: the predefined entities and character references only (its own decoder
 * ignores character references unless HTML entities are switched on, which would also bring in the HTML names).
 */
const xmlOnlyEntities = {
  setExternalEntities(): void {},
  addInputEntities(): void {},
  reset(): void {},
  setXmlVersion(): void {},
  decode(text: string): string {
    return decodeCharData(text, 0, text.length, false, (message) => {
      throw new Error(message);
    });
  },
};

let faultParser: XMLParser | undefined;

function getFaultParser(): XMLParser {
  faultParser ??= new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    entityDecoder: xmlOnlyEntities,
    ignoreDeclaration: true,
    ignorePiTags: true,
    // Detail content is kept as raw markup: it may be structured, and only the fault parts need decoding.
    stopNodes: ['*.detail', '*.Detail'],
  });
  return faultParser;
}

type Node = string | number | boolean | null | undefined | { [key: string]: unknown } | unknown[];

function child(node: unknown, name: string): unknown {
  const first = Array.isArray(node) ? (node as unknown[])[0] : node;
  if (first === null || typeof first !== 'object') return undefined;
  const value = (first as Record<string, unknown>)[name];
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

function textOf(node: unknown): string | undefined {
  const n = node as Node;
  if (n === undefined || n === null) return undefined;
  if (typeof n === 'string') return n;
  if (typeof n === 'number' || typeof n === 'boolean') return String(n);
  if (Array.isArray(n)) return textOf(n[0]);
  const text = n['#text'];
  return typeof text === 'string' ? text : text === undefined ? '' : String(text);
}

/**
 * Reads a SOAP 1.1 or 1.2 fault from a non-200 response body, or returns undefined when the body is not one
 * (not XML, HTML, plain text, a DOCTYPE, an envelope without a Fault...).
 * @param xml - the response body
 * @param status - the HTTP status, recorded on the fault
 */
export function parseSoapFault(xml: string, status: number): SvcSoapFault | undefined {
  // No DTD processing of any kind: refused before the parser could see one.
  if (/<!DOCTYPE/i.test(xml)) return undefined;
  if (!xml.includes('Fault')) return undefined;
  let doc: unknown;
  try {
    // fast-xml-parser tolerates mismatched tags; one pass of the reader checks that the markup is well nested first.
    const reader = new XmlReader(xml);
    reader.readRoot();
    reader.skip();
    doc = getFaultParser().parse(xml);
  } catch {
    return undefined;
  }
  const fault = child(child(child(doc, 'Envelope'), 'Body'), 'Fault');
  if (fault === undefined || fault === null || typeof fault !== 'object') return undefined;
  if (child(fault, 'Code') !== undefined || child(fault, 'Reason') !== undefined) {
    const code = child(fault, 'Code');
    const subcode = child(code, 'Subcode');
    const subValue = textOf(child(subcode, 'Value'));
    return new SvcSoapFault(
      collapse(textOf(child(code, 'Value')) ?? ''),
      textOf(child(child(fault, 'Reason'), 'Text')) ?? '',
      detailFromMarkup(textOf(child(fault, 'Detail')) ?? ''),
      status,
      subValue === undefined ? undefined : collapse(subValue),
    );
  }
  return new SvcSoapFault(
    collapse(textOf(child(fault, 'faultcode')) ?? ''),
    textOf(child(fault, 'faultstring')) ?? '',
    detailFromMarkup(textOf(child(fault, 'detail')) ?? ''),
    status,
  );
}
