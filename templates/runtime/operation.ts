/**
 * The wire facts of an operation that both sides need, the client's binding and the mock's operation: generated from
 * the spec, so that the two cannot disagree on them.
 */

/** The four ASMX bindings. */
export type Style = 'soap11' | 'soap12' | 'httpPost' | 'httpGet';

export const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost', 'httpGet'];

/** Whether a style carries a form (HTTP POST in the body, HTTP GET in the query string) and answers a plain document. */
export function isFormStyle(style: Style): style is 'httpPost' | 'httpGet' {
  return style === 'httpPost' || style === 'httpGet';
}

/** How an operation appears on the wire. */
export interface OperationWire {
  /** The operation name: the request's Body element and the HTTP POST path segment. */
  readonly name: string;
  /** The child of `<name>Response` holding the result in SOAP: `${name}Result`, or the spec's element. */
  readonly resultElement: string;
  /**
   * `'nullable'`: the result may be null (the result element left out or nil; an HTTP POST root that is nil);
   * `'void'`: there is none (`<nameResponse/>`, an empty HTTP POST body); `'outputs'`: out parameters, and the whole
   * `<nameResponse>` is the result (SOAP only). Default: a value is required.
   */
  readonly result?: 'nullable' | 'void' | 'outputs';
  /**
   * How a null result of a nullable operation is written in SOAP: true for a nullable value type (`int?`, declared
   * `minOccurs="1" nillable="true"`), sent as `<nameResult xsi:nil="true"/>`; else left out, as a null reference
   * (declared `minOccurs="0"`). The client reads both either way.
   */
  readonly nilResult?: boolean;
  /**
   * The root element of HTTP POST and HTTP GET answers. Undefined where none is fixed: the client then accepts any root (the
   * document does not show it), and the mock has no HTTP POST answer with a root (no binding, or void).
   */
  readonly httpPostRoot: string | undefined;
  /**
   * XML content (an XmlNode or XmlElement result): over HTTP POST the answer's root is the content itself, of any name
   * and namespace, and the result is that element's markup as sent (what SOAP holds inside the result element). The
   * mock's `httpPostRoot` then only names the root of a null answer.
   */
  readonly httpPostNode?: boolean;
  /** False when the operation has no HTTP POST binding. */
  readonly httpPost?: boolean;
  /** False when the operation has no HTTP GET binding (the service has one). */
  readonly httpGet?: boolean;
  /** The SOAPAction (unquoted) when it is not the convention, the service namespace + ('/' if needed) + name. */
  readonly soapAction?: string;
  /**
   * Document/literal not wrapped (ASMX's `[SoapDocumentMethod(ParameterStyle = SoapParameterStyle.Bare)]`): the SOAP
   * Body holds the parameters' elements themselves, with no `<name>` around them, and the answer's Body holds the
   * result element (`resultElement`, nil for a null result, absent for a void one) and the out parameters' elements,
   * with no `<nameResponse>`. Nothing in the Body names the operation, so SOAP 1.1 requests are routed by their
   * SOAPAction and SOAP 1.2 requests by the action parameter of their Content-Type, which the client always sends for
   * such an operation. HTTP POST and GET are the same as for a wrapped operation.
   */
  readonly bare?: boolean;
  /** The namespace of the operation's wrapper, parameter and result elements, when it is not the service's. */
  readonly namespace?: string;
  /**
   * The parameters whose elements are in no namespace (`form: unqualified`, a wrapper of an
   * elementFormDefault="unqualified" schema): written `<name xmlns="">` in SOAP and read only there.
   */
  readonly unqualifiedParams?: readonly string[];
  /** The result element is in no namespace (`<nameResult xmlns="">`), written and read only there. */
  readonly unqualifiedResult?: boolean;
  /**
   * The parameters whose elements are in a namespace of their own (an element reference to another schema's global
   * element), each with that namespace: written with a prefix bound to it in SOAP, and read only there.
   */
  readonly paramNamespaces?: Readonly<Record<string, string>>;
  /** The result element's own namespace (an element reference to another schema), written and read only there. */
  readonly resultNamespace?: string;
}
