/**
 * Which HTTP bindings (WSDL 1.1's `http:binding`) are the ones the format's httpPost and httpGet are: ASMX's, whose
 * requests are form fields (`mime:content type="application/x-www-form-urlencoded"` for POST, `http:urlEncoded` for
 * GET), one field per parameter. Axis2 and WSO2 publish an HTTP binding beside every SOAP one that POSTs the request
 * element itself as XML (`mime:content type="text/xml"`): drafting that as httpPost made the spec invalid wherever a
 * parameter is a record ("ASMX's HTTP POST binding cannot carry"), and would send form fields to a service that reads
 * XML. Such a binding is left out, reported with this reason.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import { kids, type XmlElement } from './xml.js';

const FORM = 'application/x-www-form-urlencoded';

/** How an operation's input extension names its body, for the report: `mime:content text/xml`. */
function shown(body: XmlElement): string {
  const type = body.attrs.get('type');
  return `${body.ns === NS.mime ? 'mime' : 'http'}:${body.name}${type !== undefined ? ` ${type}` : ''}`;
}

/** Whether an operation's input extension is ASMX's form fields. */
function isFormBody(body: XmlElement): boolean {
  return (
    (body.ns === NS.http && body.name === 'urlEncoded') ||
    (body.ns === NS.mime && body.name === 'content' && body.attrs.get('type') === FORM)
  );
}

/**
 * Why the HTTP binding `binding` is not ASMX's (the report's sentence, without the binding's name), or undefined when
 * every operation's input is form fields (or says nothing of its body).
 */
export function foreignHttpBinding(binding: XmlElement): string | undefined {
  for (const op of kids(binding, NS.wsdl, 'operation')) {
    for (const input of kids(op, NS.wsdl, 'input')) {
      const body = input.children.find((c) => (c.ns === NS.mime || c.ns === NS.http) && !isFormBody(c));
      if (body !== undefined)
        return `sends the input of ${op.attrs.get('name') ?? 'an operation'} as ${shown(body)}, not as the form fields (${FORM}) of ASMX's HTTP binding, which is what the format's httpPost and httpGet are`;
    }
  }
  return undefined;
}
