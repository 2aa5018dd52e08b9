/**
 * The service's ports and the bindings they name: which protocol each binding is, the service's path from the port
 * addresses, and the operations of a binding or port type by name. Split from operations.ts, which drafts what these
 * give.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import type { Problems } from './problems.js';
import { qnameAttr, type WsdlDoc } from './read-wsdl.js';
import { kids, type QName, type XmlElement } from './xml.js';
import { foreignHttpBinding } from './http-binding.js';

export type Protocol = 'soap11' | 'soap12' | 'httpPost' | 'httpGet' | 'other';

export interface Binding {
  readonly node: XmlElement;
  readonly protocol: Protocol;
  readonly portType: XmlElement | undefined;
}

/** A port of the service and its binding (undefined when the binding it names is not declared). */
export interface Port {
  readonly port: XmlElement;
  readonly binding: Binding | undefined;
}

function protocolOf(b: XmlElement): Protocol {
  const p = b.children.find((c) => c.name === 'binding');
  if (!p) return 'other';
  if (p.ns === NS.soap) return 'soap11';
  if (p.ns === NS.soap12) return 'soap12';
  if (p.ns === NS.http && foreignHttpBinding(b) !== undefined) return 'other';
  if (p.ns === NS.http)
    return p.attrs.get('verb') === 'POST' ? 'httpPost' : p.attrs.get('verb') === 'GET' ? 'httpGet' : 'other';
  return 'other';
}

/** What the spec takes as service.path (generator/load/schema.ts): `/` alone, a trailing slash, never `//`, `?` or `#`. */
const SERVICE_PATH = /^\/(?!\/)[^\s?#]*$/;

/**
 * The path of a port's address. A path that begins with `//` is a host and path written where the path goes (as in
 * `http:8080://localhost/sql`, a port put before the slashes): it is read as the protocol-relative URL it is.
 */
function addressPath(location: string): string {
  let pathname: string;
  try {
    pathname = new URL(location).pathname;
    if (pathname.startsWith('//')) pathname = new URL(pathname, 'http://stand.in').pathname;
  } catch {
    pathname = location.startsWith('/') ? location : `/${location}`;
  }
  try {
    // Percent-decoded as the spec spells paths, unless that makes it one the spec refuses (`%20`, `%3F`).
    const decoded = decodeURI(pathname);
    return SERVICE_PATH.test(decoded) ? decoded : pathname;
  } catch {
    return pathname;
  }
}

/**
 * The service's ports, the first binding of each protocol the format has, and the path of the address the draft
 * takes (the SOAP 1.1 port's, else the first port's). Each port left out is reported: an undeclared binding, a
 * protocol the format lacks, a second port of a protocol.
 */
export function servicePorts(
  doc: WsdlDoc,
  service: XmlElement,
  problems: Problems,
): { readonly ports: readonly Port[]; readonly bindings: Map<Protocol, Binding>; readonly path: string | undefined } {
  const file = doc.file;
  const bindingOf = (q: QName | undefined): Binding | undefined => {
    const node = q ? doc.bindings.get(q.local) : undefined;
    if (!node) return undefined;
    const pt = qnameAttr(node, 'type');
    return { node, protocol: protocolOf(node), portType: pt ? doc.portTypes.get(pt.local) : undefined };
  };
  const ports = kids(service, NS.wsdl, 'port').map((port) => ({
    port,
    binding: bindingOf(qnameAttr(port, 'binding')),
  }));
  const bindings = new Map<Protocol, Binding>();
  let path: string | undefined;
  for (const { port, binding } of ports) {
    if (!binding) {
      problems.add(
        file,
        port,
        'wsdl:port',
        `the binding ${port.attrs.get('binding') ?? ''} is not declared; the port is left out`,
      );
      continue;
    }
    if (binding.protocol === 'other') {
      problems.add(
        file,
        binding.node,
        'wsdl:binding',
        `the binding ${binding.node.attrs.get('name') ?? ''} ${foreignHttpBinding(binding.node) ?? 'has no counterpart in the format (soap11, soap12, httpPost, httpGet)'}; left out`,
      );
      continue;
    }
    if (bindings.has(binding.protocol)) {
      problems.add(
        file,
        port,
        'wsdl:port',
        `a second ${binding.protocol} port (${port.attrs.get('name') ?? ''}); only the first is drafted, so its address and binding are left out`,
      );
      continue;
    }
    bindings.set(binding.protocol, binding);
    path = portPath(file, port, binding, path, problems);
  }
  return { ports, bindings, path };
}

/**
 * The service path after a port: its address's path when none is taken yet or the port is SOAP 1.1's (the one the
 * format's clients call first), else the path taken so far. An address with no path a service can have is reported
 * and drafted as `/`.
 */
function portPath(
  file: string,
  port: XmlElement,
  binding: Binding,
  taken: string | undefined,
  problems: Problems,
): string | undefined {
  let path = taken;
  const address = port.children.find((c) => c.name === 'address');
  const location = address?.attrs.get('location');
  if (location !== undefined && (path === undefined || binding.protocol === 'soap11')) {
    path = addressPath(location);
    if (!SERVICE_PATH.test(path)) {
      problems.add(
        file,
        address!,
        'soap:address',
        `the address ${location} has no path a service can have; drafted as /, set service.path by hand`,
      );
      path = '/';
    }
  }
  return path;
}

/** Reports each binding no port of the service uses: the draft leaves it out. */
export function reportUnusedBindings(
  doc: WsdlDoc,
  service: XmlElement,
  ports: readonly Port[],
  problems: Problems,
): void {
  const used = new Set(ports.map(({ binding }) => binding?.node));
  for (const [bindingName, node] of doc.bindings) {
    if (!used.has(node))
      problems.add(
        doc.file,
        node,
        'wsdl:binding',
        `the binding ${bindingName} is not used by a port of the service ${service.attrs.get('name') ?? ''}; left out`,
      );
  }
}

/** The operations of a binding or port type by name (the first of a name), indexed once per node. */
const operationsByName = new WeakMap<XmlElement, ReadonlyMap<string, readonly XmlElement[]>>();

/**
 * The operation `name` of a binding or port type. Each operation looks up its counterparts in up to four bindings
 * and port types; a search through all operations for each would make importing quadratic in their number.
 */
export function operationNamed(parent: XmlElement, name: string, message: string | undefined): XmlElement | undefined {
  let index = operationsByName.get(parent);
  if (!index) {
    const byName = new Map<string, XmlElement[]>();
    for (const o of kids(parent, NS.wsdl, 'operation')) {
      const n = o.attrs.get('name') ?? '';
      byName.set(n, [...(byName.get(n) ?? []), o]);
    }
    operationsByName.set(parent, (index = byName));
  }
  const found = index.get(name) ?? [];
  // Overloads (ASMX's MessageName) share the name; their wsdl:input names tell them apart.
  return (message !== undefined ? found.find((o) => messageName(o) === message) : undefined) ?? found[0];
}

/** The name an operation's wsdl:input gives (ASMX writes the MessageName there), if any. */
export function messageName(op: XmlElement): string | undefined {
  return kids(op, NS.wsdl, 'input')[0]?.attrs.get('name');
}
