/** Builds service responses the way an ASMX service frames them, in each style. */

export const NS = 'http://svc.example/';
export type StyleName = 'soap11' | 'soap12' | 'httpPost';

const ENVELOPES = {
  soap11: 'http://schemas.xmlsoap.org/soap/envelope/',
  soap12: 'http://www.w3.org/2003/05/soap-envelope',
} as const;

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"';

/** A 200 response of `operation` whose result element holds `fields` (XML of the result's children). */
export function resultResponse(
  style: StyleName,
  operation: string,
  fields: string,
  httpPostRoot: string,
  namespace = NS,
): { status: number; contentType: string; body: string } {
  if (style === 'httpPost') {
    return {
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="utf-8"?>\n<${httpPostRoot} ${XSI} xmlns="${namespace}">${fields}</${httpPostRoot}>`,
    };
  }
  return {
    status: 200,
    contentType: style === 'soap11' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
    body:
      `<?xml version="1.0" encoding="utf-8"?>` +
      `<soap:Envelope xmlns:soap="${ENVELOPES[style]}" ${XSI}><soap:Body>` +
      `<${operation}Response xmlns="${namespace}"><${operation}Result>${fields}</${operation}Result></${operation}Response>` +
      `</soap:Body></soap:Envelope>`,
  };
}

/** An ASMX fault: HTTP 500 with a SOAP 1.1 or 1.2 Fault. */
export function faultResponse(
  style: 'soap11' | 'soap12',
  code: 'Client' | 'Server',
  reason: string,
  detail = '',
): { status: number; contentType: string; body: string } {
  if (style === 'soap11') {
    return {
      status: 500,
      contentType: 'text/xml; charset=utf-8',
      body:
        `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENVELOPES.soap11}" ${XSI}><soap:Body><soap:Fault>` +
        `<faultcode>soap:${code}</faultcode><faultstring>${reason}</faultstring><detail>${detail}</detail>` +
        `</soap:Fault></soap:Body></soap:Envelope>`,
    };
  }
  const code12 = code === 'Client' ? 'Sender' : 'Receiver';
  return {
    status: 500,
    contentType: 'application/soap+xml; charset=utf-8',
    body:
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ENVELOPES.soap12}" ${XSI}><soap:Body><soap:Fault>` +
      `<soap:Code><soap:Value>soap:${code12}</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang="en">${reason}</soap:Text></soap:Reason>` +
      (detail ? `<soap:Detail>${detail}</soap:Detail>` : '') +
      `</soap:Fault></soap:Body></soap:Envelope>`,
  };
}
