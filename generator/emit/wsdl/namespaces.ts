/**
 * The namespaces of a WSDL document as ASMX writes it, and the prefixes they get. Every qualified name in the
 * document is held as a `QName` (namespace and local name) until it is printed, so that the prefixes are decided in
 * one place.
 */
import type { OperationModel, ServiceModel } from '../../model/types.js';

export const NS = {
  wsdl: 'http://schemas.xmlsoap.org/wsdl/',
  soap: 'http://schemas.xmlsoap.org/wsdl/soap/',
  soap12: 'http://schemas.xmlsoap.org/wsdl/soap12/',
  http: 'http://schemas.xmlsoap.org/wsdl/http/',
  mime: 'http://schemas.xmlsoap.org/wsdl/mime/',
  tm: 'http://microsoft.com/wsdl/mime/textMatching/',
  soapenc: 'http://schemas.xmlsoap.org/soap/encoding/',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  /** XML's own namespace (`xml:lang`, `xml:space`, `xml:base`, `xml:id`): its prefix is bound in every document. */
  xml: 'http://www.w3.org/XML/1998/namespace',
  /** Where ASMX declares the simple types XML Schema lacks: `guid` and `char`. */
  msTypes: 'http://microsoft.com/wsdl/types/',
  /** The transport of both SOAP bindings. */
  soapHttp: 'http://schemas.xmlsoap.org/soap/http',
} as const;

export interface QName {
  readonly ns: string;
  readonly local: string;
}

export function qname(ns: string, local: string): QName {
  return { ns, local };
}

/**
 * A name the WSDL defines (a message, port type or binding), as its references write it: `tns:name`, or the bare name
 * for a service in no namespace (`targetNamespace=""`, WCF's `Namespace = ""`), as no default namespace is declared.
 */
export function wsdlName(model: ServiceModel, local: string): string {
  return model.namespace.uri === '' ? local : `tns:${local}`;
}

/** The namespace of an operation's wrapper, parameter, result and HTTP POST root elements. */
export function operationNamespace(model: ServiceModel, op: OperationModel): string {
  return op.namespace ?? model.namespace.uri;
}

/**
 * Prefixes in ASMX's order: the fixed ones on `wsdl:definitions` (soap, tm, soapenc, mime, soap12, http, s, tns,
 * wsdl), then `s1`, `s2`, ... for every other namespace in the order the document first needs it (operations' own
 * namespaces, then Microsoft's types).
 */
export class Prefixes {
  private readonly byNamespace = new Map<string, string>();
  private readonly declarations: Array<readonly [string, string]> = [];

  constructor(serviceNamespace: string) {
    // tns first: a service whose namespace is one of the fixed ones (unlikely) still gets tns for its own names.
    this.byNamespace.set(serviceNamespace, 'tns');
    for (const [prefix, ns] of [
      ['s', NS.xsd],
      ['soap12', NS.soap12],
      ['mime', NS.mime],
      ['soap', NS.soap],
      ['tm', NS.tm],
      ['http', NS.http],
      ['soapenc', NS.soapenc],
      ['wsdl', NS.wsdl],
    ] as const) {
      if (!this.byNamespace.has(ns)) this.byNamespace.set(ns, prefix);
    }
    this.declarations.push(
      ['s', NS.xsd],
      ['soap12', NS.soap12],
      ['mime', NS.mime],
      // No prefix can name no namespace: names in it are written unprefixed, there being no default namespace.
      ...(serviceNamespace === '' ? [] : [['tns', serviceNamespace] as const]),
      ['soap', NS.soap],
      ['tm', NS.tm],
      ['http', NS.http],
      ['soapenc', NS.soapenc],
    );
  }

  /** Gives `ns` the next `sN` prefix unless it has one. */
  add(ns: string): void {
    if (this.byNamespace.has(ns) || ns === '') return;
    const prefix = `s${this.declarations.length - (this.byNamespace.has('') ? 6 : 7)}`;
    this.byNamespace.set(ns, prefix);
    this.declarations.push([prefix, ns]);
  }

  /** `prefix:local`; the namespace must have been added. */
  format(name: QName): string {
    if (name.ns === '') return name.local;
    const prefix = this.byNamespace.get(name.ns);
    if (prefix === undefined) throw new Error(`no prefix for namespace ${name.ns} (of ${name.local})`);
    return `${prefix}:${name.local}`;
  }

  /** The `xmlns:` attributes of `wsdl:definitions`, in order; `wsdl` itself is declared last, as ASMX does. */
  attributes(): Array<readonly [string, string]> {
    return this.declarations.map(([prefix, ns]) => [`xmlns:${prefix}`, ns] as const);
  }
}
