/**
 * A WSDL 1.1 document reduced to what it says about the service, as a plain object, so that two documents (an
 * original ASMX WSDL and one generated from a spec) can be compared with `toEqual` and a difference reads as a diff:
 * operations and their messages (parts resolved to the elements or types they name), bindings (protocol,
 * SOAPActions, headers, HTTP locations), ports (the address's path only: hosts differ), and the schema's elements,
 * complex types (sequence, attributes, base) and simple types (enumerations). Spelling is dropped: prefixes
 * (names are resolved to namespaces, then written `xs:int` for XML Schema, `ms:guid` for Microsoft's types, the local
 * name for the service's own, `{ns}local` otherwise), attribute and element order where it means nothing, defaults
 * written out or not (`minOccurs="1"`, `mixed="false"`, `use="optional"`), whitespace in documentation, the order
 * of SOAP header blocks in a binding (headers are unordered). Read with fast-xml-parser, independently of the
 * generator.
 */
import { parseXml, type XmlNode } from '../client/support/xml-tree.js';

const NS = {
  wsdl: 'http://schemas.xmlsoap.org/wsdl/',
  soap: 'http://schemas.xmlsoap.org/wsdl/soap/',
  soap12: 'http://schemas.xmlsoap.org/wsdl/soap12/',
  http: 'http://schemas.xmlsoap.org/wsdl/http/',
  mime: 'http://schemas.xmlsoap.org/wsdl/mime/',
  xsd: 'http://www.w3.org/2001/XMLSchema',
  msTypes: 'http://microsoft.com/wsdl/types/',
} as const;

type Node = XmlNode;

function parse(xml: string): Node {
  return parseXml(xml);
}

function kids(node: Node, ns: string, name: string): Node[] {
  return node.children.filter((c) => c.ns === ns && c.name === name);
}

export interface Particle {
  name: string;
  type: string;
  minOccurs: string;
  maxOccurs: string;
  nillable?: true;
  /** Facets ASMX writes on some elements (`default`, `fixed`, `form`...), as written. */
  other?: Record<string, string>;
}

export interface ComplexType {
  abstract?: true;
  mixed?: true;
  base?: string;
  sequence: Array<Particle | { any: Record<string, string> } | { ref: string }>;
  attributes: Array<{ name: string; type: string; use?: string }>;
  anyAttribute?: true;
}

export interface Message {
  name: string;
  parts: Array<{ name: string; element?: string; type?: string }>;
}

export interface BindingOperation {
  soapAction?: string;
  style?: string;
  location?: string;
  input: string[];
  output: string[];
}

export interface WsdlSummary {
  targetNamespace: string;
  documentation?: string;
  service: {
    name: string;
    documentation?: string;
    ports: Record<string, { binding: string; address: string; path: string }>;
  };
  bindings: Record<string, { protocol: string; portType: string; operations: Record<string, BindingOperation> }>;
  portTypes: Record<string, Record<string, { documentation?: string; input: Message; output: Message }>>;
  /** Top-level elements: of a named type, or (wrappers) with their own sequence. */
  elements: Record<string, { type?: string; nillable?: true; complexType?: ComplexType }>;
  complexTypes: Record<string, ComplexType>;
  simpleTypes: Record<string, { base: string; enumeration: string[]; pattern?: string }>;
  /** Namespaces of the schemas other than the target namespace (operations' own, Microsoft's types). */
  otherSchemas: string[];
}

/** Reads a WSDL text into its summary. */
export function summarizeWsdl(wsdl: string): WsdlSummary {
  const root = parse(wsdl);
  if (root.ns !== NS.wsdl || root.name !== 'definitions') throw new Error('not a WSDL 1.1 document');
  const tns = root.attrs['targetNamespace'] ?? '';
  const qn = (node: Node, value: string | undefined): string => {
    if (value === undefined) return '';
    const [prefix, local] = value.includes(':') ? (value.split(':') as [string, string]) : ['', value];
    const ns = node.scope.get(prefix);
    if (ns === undefined) throw new Error(`undeclared prefix in "${value}"`);
    if (ns === NS.xsd) return `xs:${local}`;
    if (ns === NS.msTypes) return `ms:${local}`;
    return ns === tns ? local : `{${ns}}${local}`;
  };
  const doc = (node: Node): string | undefined => {
    const d = kids(node, NS.wsdl, 'documentation')[0];
    // Whitespace is spelling: a spec's folded YAML text has single spaces where a WSDL may have two.
    return d ? d.text.replace(/\s+/g, ' ').trim() : undefined;
  };

  const messages = new Map<string, Message>();
  for (const m of kids(root, NS.wsdl, 'message')) {
    const name = m.attrs['name']!;
    messages.set(name, {
      name,
      parts: kids(m, NS.wsdl, 'part').map((p) => ({
        name: p.attrs['name']!,
        ...(p.attrs['element'] !== undefined ? { element: qn(p, p.attrs['element']) } : {}),
        ...(p.attrs['type'] !== undefined ? { type: qn(p, p.attrs['type']) } : {}),
      })),
    });
  }
  const message = (node: Node): Message => {
    const name = qn(node, node.attrs['message']);
    const m = messages.get(name);
    if (!m) throw new Error(`unknown message ${name}`);
    return m;
  };

  const portTypes: WsdlSummary['portTypes'] = {};
  for (const pt of kids(root, NS.wsdl, 'portType')) {
    const ops: WsdlSummary['portTypes'][string] = {};
    for (const op of kids(pt, NS.wsdl, 'operation')) {
      const documentation = doc(op);
      ops[op.attrs['name']!] = {
        ...(documentation !== undefined ? { documentation } : {}),
        input: message(kids(op, NS.wsdl, 'input')[0]!),
        output: message(kids(op, NS.wsdl, 'output')[0]!),
      };
    }
    portTypes[pt.attrs['name']!] = ops;
  }

  const bindings: WsdlSummary['bindings'] = {};
  for (const b of kids(root, NS.wsdl, 'binding')) {
    const protocol = b.children.find((c) => c.name === 'binding');
    const kind = !protocol
      ? 'none'
      : protocol.ns === NS.soap
        ? 'soap11'
        : protocol.ns === NS.soap12
          ? 'soap12'
          : protocol.ns === NS.http
            ? `http${protocol.attrs['verb'] === 'POST' ? 'Post' : protocol.attrs['verb'] === 'GET' ? 'Get' : protocol.attrs['verb']}`
            : protocol.ns;
    const operations: Record<string, BindingOperation> = {};
    for (const op of kids(b, NS.wsdl, 'operation')) {
      const soapOp = op.children.find((c) => c.name === 'operation' && (c.ns === NS.soap || c.ns === NS.soap12));
      const httpOp = op.children.find((c) => c.name === 'operation' && c.ns === NS.http);
      operations[op.attrs['name']!] = {
        ...(soapOp?.attrs['soapAction'] !== undefined ? { soapAction: soapOp.attrs['soapAction'] } : {}),
        ...(soapOp?.attrs['style'] !== undefined ? { style: soapOp.attrs['style'] } : {}),
        ...(httpOp ? { location: httpOp.attrs['location'] ?? '' } : {}),
        input: bindingIo(kids(op, NS.wsdl, 'input')[0], qn, messages),
        output: bindingIo(kids(op, NS.wsdl, 'output')[0], qn, messages),
      };
    }
    bindings[b.attrs['name']!] = { protocol: kind, portType: qn(b, b.attrs['type']), operations };
  }

  const serviceNode = kids(root, NS.wsdl, 'service')[0];
  if (!serviceNode) throw new Error('no wsdl:service');
  const ports: WsdlSummary['service']['ports'] = {};
  for (const p of kids(serviceNode, NS.wsdl, 'port')) {
    const address = p.children.find((c) => c.name === 'address');
    const location = address?.attrs['location'] ?? '';
    ports[p.attrs['name']!] = {
      binding: qn(p, p.attrs['binding']),
      address: address
        ? `${address.ns === NS.soap ? 'soap' : address.ns === NS.soap12 ? 'soap12' : address.ns === NS.http ? 'http' : address.ns}`
        : 'none',
      path: location === '' ? '' : new URL(location).pathname,
    };
  }
  const serviceDoc = doc(serviceNode);

  const elements: WsdlSummary['elements'] = {};
  const complexTypes: WsdlSummary['complexTypes'] = {};
  const simpleTypes: WsdlSummary['simpleTypes'] = {};
  const otherSchemas: string[] = [];
  for (const types of kids(root, NS.wsdl, 'types')) {
    for (const schema of kids(types, NS.xsd, 'schema')) {
      const target = schema.attrs['targetNamespace'] ?? '';
      if (target !== tns) otherSchemas.push(target);
      if ((schema.attrs['elementFormDefault'] ?? 'unqualified') !== 'qualified')
        throw new Error(`schema ${target} is not elementFormDefault="qualified"`);
      const key = (name: string) =>
        target === tns ? name : target === NS.msTypes ? `ms:${name}` : `{${target}}${name}`;
      for (const item of schema.children) {
        if (item.ns !== NS.xsd) continue;
        const name = key(item.attrs['name'] ?? '');
        if (item.name === 'element') {
          const inline = kids(item, NS.xsd, 'complexType')[0];
          elements[name] = {
            ...(item.attrs['type'] !== undefined ? { type: qn(item, item.attrs['type']) } : {}),
            ...(item.attrs['nillable'] === 'true' ? { nillable: true as const } : {}),
            ...(inline ? { complexType: complexType(inline, qn) } : {}),
          };
        } else if (item.name === 'complexType') complexTypes[name] = complexType(item, qn);
        else if (item.name === 'simpleType') {
          const restriction = kids(item, NS.xsd, 'restriction')[0];
          const pattern = restriction ? kids(restriction, NS.xsd, 'pattern')[0]?.attrs['value'] : undefined;
          simpleTypes[name] = {
            base: restriction ? qn(restriction, restriction.attrs['base']) : '',
            enumeration: restriction ? kids(restriction, NS.xsd, 'enumeration').map((e) => e.attrs['value']!) : [],
            ...(pattern !== undefined ? { pattern } : {}),
          };
        } else if (item.name !== 'import' && item.name !== 'annotation') {
          throw new Error(`unexpected s:${item.name} in the schema`);
        }
      }
    }
  }

  const documentation = doc(root);
  return {
    targetNamespace: tns,
    ...(documentation !== undefined ? { documentation } : {}),
    service: {
      name: serviceNode.attrs['name']!,
      ...(serviceDoc !== undefined ? { documentation: serviceDoc } : {}),
      ports,
    },
    bindings,
    portTypes,
    elements,
    complexTypes,
    simpleTypes,
    otherSchemas,
  };
}

/** A binding's input or output: its extension elements as short texts, e.g. `soap:body literal`, `soap:header Msg/Part`. */
function bindingIo(
  node: Node | undefined,
  qn: (n: Node, v: string | undefined) => string,
  messages: ReadonlyMap<string, Message>,
): string[] {
  if (!node) return ['(none)'];
  const lines = node.children.map((c) => {
    const prefix =
      c.ns === NS.soap
        ? 'soap'
        : c.ns === NS.soap12
          ? 'soap12'
          : c.ns === NS.mime
            ? 'mime'
            : c.ns === NS.http
              ? 'http'
              : c.ns;
    if (c.name === 'body') return `${prefix}:body ${c.attrs['use'] ?? ''}`;
    if (c.name === 'header') {
      const msg = messages.get(qn(c, c.attrs['message']));
      const part = msg?.parts.find((p) => p.name === c.attrs['part']);
      return `${prefix}:header ${qn(c, c.attrs['message'])}/${c.attrs['part']} -> ${part?.element ?? '?'} ${c.attrs['use'] ?? ''}`;
    }
    if (c.name === 'content') return `${prefix}:content ${c.attrs['type'] ?? ''}`;
    if (c.name === 'mimeXml') return `${prefix}:mimeXml ${c.attrs['part'] ?? ''}`;
    return `${prefix}:${c.name}`;
  });
  // SOAP header blocks are not ordered: their order in the binding means nothing.
  const headers = lines.filter((l) => /^soap(12)?:header /.test(l)).sort();
  return [...lines.filter((l) => !/^soap(12)?:header /.test(l)), ...headers];
}

const PARTICLE_KEYS = new Set(['name', 'type', 'minOccurs', 'maxOccurs', 'nillable']);

function complexType(node: Node, qn: (n: Node, v: string | undefined) => string): ComplexType {
  const result: ComplexType = { sequence: [], attributes: [] };
  if (node.attrs['abstract'] === 'true') result.abstract = true;
  if (node.attrs['mixed'] === 'true') result.mixed = true;
  let body = node;
  const content = kids(node, NS.xsd, 'complexContent')[0];
  if (content) {
    if (content.attrs['mixed'] === 'true') result.mixed = true;
    const extension = kids(content, NS.xsd, 'extension')[0];
    if (!extension) throw new Error('complexContent without extension');
    result.base = qn(extension, extension.attrs['base']);
    body = extension;
  }
  for (const sequence of kids(body, NS.xsd, 'sequence')) {
    for (const p of sequence.children) {
      if (p.name === 'element' && p.attrs['ref'] !== undefined) result.sequence.push({ ref: qn(p, p.attrs['ref']) });
      else if (p.name === 'element') {
        const other = Object.fromEntries(Object.entries(p.attrs).filter(([k]) => !PARTICLE_KEYS.has(k)));
        const inline = kids(p, NS.xsd, 'complexType')[0];
        result.sequence.push({
          name: p.attrs['name']!,
          type:
            p.attrs['type'] !== undefined
              ? qn(p, p.attrs['type'])
              : inline
                ? `(inline ${JSON.stringify(complexType(inline, qn))})`
                : 'xs:anyType',
          minOccurs: p.attrs['minOccurs'] ?? '1',
          maxOccurs: p.attrs['maxOccurs'] ?? '1',
          ...(p.attrs['nillable'] === 'true' ? { nillable: true as const } : {}),
          ...(Object.keys(other).length > 0 ? { other } : {}),
        });
      } else if (p.name === 'any') result.sequence.push({ any: { ...p.attrs } });
      else throw new Error(`unexpected s:${p.name} in a sequence`);
    }
  }
  for (const a of kids(body, NS.xsd, 'attribute')) {
    result.attributes.push({
      name: a.attrs['name']!,
      type: qn(a, a.attrs['type']),
      ...(a.attrs['use'] !== undefined && a.attrs['use'] !== 'optional' ? { use: a.attrs['use'] } : {}),
    });
  }
  if (kids(body, NS.xsd, 'anyAttribute').length > 0) result.anyAttribute = true;
  return result;
}
