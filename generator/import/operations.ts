/**
 * The service and its operations from the WSDL's bindings: the SOAP binding (1.1, else 1.2) gives the operations in
 * order, their wrapper elements (parameters, result, out parameters), SOAPActions and SOAP headers; the HTTP POST
 * binding which operations it carries and their response roots (`mime:mimeXml`).
 */
import {
  type DraftField,
  type DraftHeader,
  type DraftOperation,
  type DraftParam,
  type DraftResult,
  type DraftSpec,
} from './draft.js';
import type { Problems } from './problems.js';
import { NS } from '../emit/wsdl/namespaces.js';
import { documentation, qnameAttr, xsdDocumentation, type WsdlDoc } from './read-wsdl.js';
import type { PlannedType, TypePlanner } from './schema.js';
import { withForm, withNamespace } from './forms.js';
import { foreignHttpBinding } from './http-binding.js';
import { listBounds } from './occurrence.js';
import { kids, type QName, type XmlElement } from './xml.js';

type Protocol = 'soap11' | 'soap12' | 'httpPost' | 'httpGet' | 'other';

interface Binding {
  readonly node: XmlElement;
  readonly protocol: Protocol;
  readonly portType: XmlElement | undefined;
}

const PROTOCOL_ORDER = ['soap11', 'soap12', 'httpPost', 'httpGet'] as const;
/** The bindings the format assumes when a spec lists none. */
const DEFAULT_PROTOCOLS = ['soap11', 'soap12', 'httpPost'];

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

/** `WSF_x0020_Schedule` -> `WSF Schedule`: XmlConvert's escapes decoded, for a title. */
function decodeXmlName(name: string): string {
  return name.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The version a WSDL says, if it says one: a path segment of the service's address, or else of its namespace URI,
 * that is or ends in a version (`/v5/Service.asmx`, `/api/V001/`, `/partnerV3/`, `/HolidayService_v2/`). No other
 * place of a WSDL carries one.
 */
function versionIn(path: string | undefined, namespace: string): string | undefined {
  let nsPath = namespace;
  try {
    nsPath = new URL(namespace).pathname;
  } catch {
    // A namespace that is not a URL (a URN) is searched as it is.
  }
  const segments = [...(path ?? '').split('/'), ...nsPath.split(/[/:]/)];
  for (const segment of segments) {
    const found = /(?:^|[_.-])(v\d+(?:\.\d+)*)$/i.exec(segment) ?? /[a-z](V\d+(?:\.\d+)*)$/.exec(segment);
    if (found) return found[1];
  }
  return undefined;
}

/** Without a version in the WSDL, the draft's: the semver of a package never published. */
export const DEFAULT_VERSION = '0.0.0';

/** A client option name: `AuthHeader` -> `authHeader`, `APIAccessHeader` -> `apiAccessHeader`. */
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

function lowerFirst(name: string): string {
  const run = /^[A-Z]+/.exec(name)?.[0] ?? '';
  const lower = run.length > 1 && run.length < name.length ? run.length - 1 : run.length;
  return name.slice(0, lower).toLowerCase() + name.slice(lower);
}

export function draftService(
  doc: WsdlDoc,
  types: TypePlanner,
  problems: Problems,
): Omit<DraftSpec, 'enums' | 'records'> {
  const file = doc.file;
  const tns = doc.targetNamespace;
  const service = doc.services[0];
  if (!service) throw new Error(`${file}: the WSDL has no wsdl:service`);
  for (const extra of doc.services.slice(1))
    problems.add(file, extra, 'wsdl:service', 'only the first service is drafted');

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
  }
  const main = bindings.get('soap11') ?? bindings.get('soap12');
  if (!main?.portType) throw new Error(`${file}: the service has no SOAP 1.1 or SOAP 1.2 port with a port type`);
  const post = bindings.get('httpPost');
  const get = bindings.get('httpGet');
  const used = new Set(ports.map(({ binding }) => binding?.node));
  for (const [bindingName, node] of doc.bindings) {
    if (!used.has(node))
      problems.add(
        file,
        node,
        'wsdl:binding',
        `the binding ${bindingName} is not used by a port of the service ${service.attrs.get('name') ?? ''}; left out`,
      );
  }
  const soapBinding = main.node.children.find((c) => c.name === 'binding');

  const name = service.attrs.get('name') ?? 'Service';
  const serviceName = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
    ? name
    : name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[0-9])/, '_');
  const headers = new Map<string, DraftHeader>();
  const operations: DraftOperation[] = [];
  const seen = new Set<string>();
  const portTypeNames = new Set<string>();
  /** The operations left out because their parts name types (RPC style). */
  const rpcLeftOut = new Set<string>();
  for (const op of kids(main.portType, NS.wsdl, 'operation')) {
    const opName = op.attrs.get('name') ?? '';
    portTypeNames.add(opName);
    const drafted = draftOperation(doc, types, problems, op, main, { post, get }, headers, tns, rpcLeftOut);
    if (!drafted) continue;
    // ASMX's MessageName overloads share the port type's name but not the wire name (the request element's).
    if (seen.has(drafted.name)) {
      problems.add(
        file,
        op,
        'overloaded operation',
        `a second operation named ${drafted.name} on the wire (${opName}); left out`,
      );
      continue;
    }
    seen.add(drafted.name);
    operations.push(drafted);
  }
  if (soapBinding?.attrs.get('style') === 'rpc') {
    const bindingName = main.node.attrs.get('name') ?? '';
    const message =
      rpcLeftOut.size === 0
        ? `the binding ${bindingName} is RPC style, which is not supported; its operations name elements, so they are drafted as document/literal`
        : `the binding ${bindingName} is RPC style, which is not supported: ${portTypeNames.size === 1 ? 'its one operation is' : rpcLeftOut.size === portTypeNames.size ? `all ${portTypeNames.size} of its operations are` : `${rpcLeftOut.size} of its ${portTypeNames.size} operations are`} left out (parts naming types, not elements)${operations.length > 0 ? `, the others drafted as document/literal` : ''}`;
    problems.add(file, soapBinding, 'style="rpc"', message);
  }
  for (const [form, title] of [
    [post, 'HTTP POST'],
    [get, 'HTTP GET'],
  ] as const) {
    if (!form?.portType) continue;
    for (const op of kids(form.node, NS.wsdl, 'operation')) {
      const opName = op.attrs.get('name') ?? '';
      if (!portTypeNames.has(opName))
        problems.add(
          file,
          op,
          'wsdl:operation',
          `${opName} is in the ${title} binding but not in the SOAP port type; left out`,
        );
    }
  }
  // An operation that takes every header says nothing: that is the format's default.
  const sentCount = [...headers.values()].filter((h) => h.option !== undefined).length;
  for (const o of operations) if (o.headers?.length === sentCount) delete o.headers;

  return {
    service: {
      name: serviceName,
      title: decodeXmlName(name),
      version: versionIn(path, tns) ?? DEFAULT_VERSION,
      path: path ?? `/${serviceName}.asmx`,
      namespace: { uri: tns },
      client: `${serviceName}Client`,
      bindings: sameList(
        PROTOCOL_ORDER.filter((p) => bindings.has(p)),
        DEFAULT_PROTOCOLS,
      )
        ? undefined
        : PROTOCOL_ORDER.filter((p) => bindings.has(p)),
      doc: documentation(doc.root) ?? documentation(service),
    },
    soapHeaders: [...headers.values()],
    operations,
  };
}

function draftOperation(
  doc: WsdlDoc,
  types: TypePlanner,
  problems: Problems,
  op: XmlElement,
  main: Binding,
  forms: { readonly post: Binding | undefined; readonly get: Binding | undefined },
  headers: Map<string, DraftHeader>,
  tns: string,
  rpcLeftOut: Set<string>,
): DraftOperation | undefined {
  const file = doc.file;
  const name = op.attrs.get('name') ?? '';
  const bOp = operationNamed(main.node, name, messageName(op));
  const message = (io: 'input' | 'output'): BodyPart[] | undefined => {
    const ioNode = kids(op, NS.wsdl, io)[0];
    const msg = ioNode ? qnameAttr(ioNode, 'message') : undefined;
    const message = msg ? doc.messages.get(msg.local) : undefined;
    if (!ioNode || !message) {
      problems.add(file, ioNode ?? op, `wsdl:${io}`, `${name} has no ${io} message; the operation is left out`);
      return undefined;
    }
    // The binding's soap:body may name the parts of the Body (the others being headers).
    const body = bOp
      ? kids(bOp, NS.wsdl, io)[0]?.children.find((c) => c.name === 'body' && (c.ns === NS.soap || c.ns === NS.soap12))
      : undefined;
    const only = body?.attrs
      .get('parts')
      ?.split(/\s+/)
      .filter((n) => n !== '');
    const parts = kids(message, NS.wsdl, 'part').filter(
      (p) => only === undefined || only.includes(p.attrs.get('name') ?? ''),
    );
    const out: BodyPart[] = [];
    for (const part of parts) {
      const element = qnameAttr(part, 'element');
      if (!element) {
        const type = part.attrs.get('type');
        const what = `the part ${part.attrs.get('name') ?? ''} of ${name}'s ${io} names a type${type !== undefined ? ` (${type})` : ''}, not an element`;
        const soapOp = bOp?.children.find((c) => c.name === 'operation' && (c.ns === NS.soap || c.ns === NS.soap12));
        const rpc =
          (soapOp?.attrs.get('style') ?? main.node.children.find((c) => c.name === 'binding')?.attrs.get('style')) ===
          'rpc';
        const style = body?.attrs.get('use') === 'encoded' ? 'RPC/encoded' : 'RPC';
        const why = rpc ? `: ${name} is ${style} style` : ` (as RPC style does, though ${name} is document style)`;
        problems.add(
          file,
          part,
          'wsdl:part',
          `${what}${why}, which the format does not support (it has document/literal operations only); the operation is left out`,
        );
        rpcLeftOut.add(name);
        return undefined;
      }
      const declared = types.element(element);
      if (!declared) {
        problems.add(
          file,
          part,
          'wsdl:part',
          `the element ${element.local} of ${name}'s ${io} is not declared; the operation is left out`,
        );
        return undefined;
      }
      out.push({ part, element, node: declared.node, file: declared.file });
    }
    return out;
  };
  const inParts = message('input');
  const outParts = message('output');
  if (!inParts || !outParts) return undefined;
  // Wrapped: one element each way, of a type of its own, named after the operation (ASMX's default). Anything else is
  // bare: several parts, none, an element of a named type (ASMX's ParameterStyle = Bare), or a wrapper named apart
  // from the operation (a WCF MessageContract's WrapperName), which is a bare parameter or result of its own record.
  const wrapperShaped = (parts: readonly BodyPart[], element: string): boolean =>
    parts.length === 1 && !parts[0]!.node.attrs.has('type') && parts[0]!.element.local === element;
  // ASMX names the wrapper of a method with a MessageName after that name (`List.Delete` for the port type's
  // `DeleteList`), which is also the wsdl:input's name there.
  const inputName = kids(op, NS.wsdl, 'input')[0]?.attrs.get('name');
  const requestName = inParts.length === 1 ? inParts[0]!.element.local : undefined;
  const wrapper = requestName !== undefined && requestName === inputName ? requestName : name;
  const bare = !wrapperShaped(inParts, wrapper) || !wrapperShaped(outParts, `${wrapper}Response`);
  const request = inParts[0];
  const response = outParts[0];
  for (const fault of kids(op, NS.wsdl, 'fault')) {
    problems.add(
      file,
      fault,
      'wsdl:fault',
      `the fault ${fault.attrs.get('name') ?? ''} of ${name} is not kept: the client reports every SOAP fault as SvcSoapFault, its detail as text`,
    );
  }

  // A wrapped operation is named on the wire by its request element: ASMX's MessageName (`List.Delete` for the port
  // type's `DeleteList`), which names the response, result element, SOAPAction and HTTP path too.
  const wire = bare ? name : request!.element.local;
  const drafted = bare
    ? draftBare(types, problems, name, inParts, outParts, tns)
    : draftWrapped(types, problems, wire, request!, response!, tns);
  if (!drafted) return undefined;
  const { params, result, resultType, outputs, namespace: opNs } = drafted;

  // The SOAP binding: SOAPAction and headers.
  let soapAction: string | undefined;
  const opHeaders: string[] = [];
  const answered: string[] = [];
  if (bOp) {
    const soapOp = bOp.children.find((c) => c.name === 'operation' && (c.ns === NS.soap || c.ns === NS.soap12));
    const action = soapOp?.attrs.get('soapAction');
    const convention = `${tns}${tns.endsWith('/') ? '' : '/'}${wire}`;
    if (action !== undefined && action !== convention) soapAction = action;
    if (soapOp?.attrs.get('style') === 'rpc')
      problems.add(
        file,
        soapOp,
        'style="rpc"',
        `${name} is RPC style, which is not supported; drafted as document/literal`,
      );
    for (const io of ['input', 'output'] as const) {
      const ioNode = kids(bOp, NS.wsdl, io)[0];
      if (!ioNode) continue;
      for (const c of ioNode.children) {
        if (c.name === 'body' && c.attrs.get('use') === 'encoded')
          problems.add(file, c, 'use="encoded"', `${name} uses SOAP encoding; drafted as literal`);
        if (c.name !== 'header' || (c.ns !== NS.soap && c.ns !== NS.soap12)) continue;
        const msg = qnameAttr(c, 'message');
        const message = msg ? doc.messages.get(msg.local) : undefined;
        const part = message
          ? kids(message, NS.wsdl, 'part').find((p) => p.attrs.get('name') === c.attrs.get('part'))
          : undefined;
        const element = part ? qnameAttr(part, 'element') : undefined;
        if (!element) {
          problems.add(file, c, 'soap:header', `a header of ${name} does not name an element part; left out`);
          continue;
        }
        const header = draftHeader(types, problems, file, c, element, headers, io === 'input');
        const into = io === 'input' ? opHeaders : answered;
        if (header && !into.includes(header)) into.push(header);
      }
    }
  } else {
    problems.add(file, op, 'wsdl:operation', `${name} is not in the binding ${main.node.attrs.get('name') ?? ''}`);
  }

  // The form bindings: whether each carries the operation, and the response root (the same document for both).
  const formOp = (form: Binding | undefined) => (form ? operationNamed(form.node, name, messageName(op)) : undefined);
  const httpPost: false | undefined = forms.post && (!formOp(forms.post) || outputs.length > 0) ? false : undefined;
  const httpGet: false | undefined = forms.get && (!formOp(forms.get) || outputs.length > 0) ? false : undefined;
  let httpPostRoot: string | undefined;
  const rootFrom =
    httpPost === undefined && forms.post ? forms.post : httpGet === undefined && forms.get ? forms.get : undefined;
  if (rootFrom && resultType !== undefined) {
    const bindingOp = formOp(rootFrom)!;
    const title = rootFrom === forms.post ? 'HTTP POST' : 'HTTP GET';
    const mime = kids(kids(bindingOp, NS.wsdl, 'output')[0] ?? bindingOp, NS.mime, 'mimeXml')[0];
    const ptOp = rootFrom.portType ? operationNamed(rootFrom.portType, name, messageName(op)) : undefined;
    const out = ptOp ? kids(ptOp, NS.wsdl, 'output')[0] : undefined;
    const msg = out ? qnameAttr(out, 'message') : undefined;
    const message = msg ? doc.messages.get(msg.local) : undefined;
    const part = message
      ? kids(message, NS.wsdl, 'part').find((p) => p.attrs.get('name') === (mime?.attrs.get('part') ?? 'Body'))
      : undefined;
    const root = part ? qnameAttr(part, 'element') : undefined;
    if (!root) {
      if (resultType.rootName !== undefined)
        problems.add(
          file,
          bindingOp,
          'mime:mimeXml',
          `the ${title} response root of ${name} is not given; ASMX's convention is assumed`,
        );
    } else if (root.local !== resultType.rootName) httpPostRoot = root.local;
  }

  return {
    name: wire,
    doc: documentation(op),
    params: params.length > 0 ? params : undefined,
    result,
    ...(httpPostRoot !== undefined ? { httpPostRoot } : {}),
    ...(httpPost === false ? { httpPost } : {}),
    ...(httpGet === false ? { httpGet } : {}),
    ...(soapAction !== undefined ? { soapAction } : {}),
    ...(bare ? { parameterStyle: 'bare' as const } : {}),
    ...(opNs !== undefined ? { namespace: opNs } : {}),
    headers: opHeaders,
    ...(answered.length > 0 ? { responseHeaders: answered } : {}),
    ...(outputs.length > 0 ? { outputs } : {}),
  };
}

/** A part of a message the SOAP Body carries, with the element it names and where that is declared. */
interface BodyPart {
  readonly part: XmlElement;
  readonly element: QName;
  readonly node: XmlElement;
  readonly file: string;
}

/**
 * A wrapped operation's parameters, result and outputs: the children of its request element, and of its response
 * element the result (first) and the out parameters. Reports and returns undefined for what it cannot draft.
 */
function draftWrapped(
  types: TypePlanner,
  problems: Problems,
  name: string,
  request: BodyPart,
  response: BodyPart,
  tns: string,
): DraftedMessages | undefined {
  const particles = (w: BodyPart): XmlElement[] => {
    const ct = kids(w.node, NS.xsd, 'complexType')[0];
    if (!ct) return [];
    const out: XmlElement[] = [];
    const wrapper = w.node.attrs.get('name');
    /** The particles of a complex type's content (`holder`: it, or an extension), declared in `file` for `ns`. */
    const content = (holder: XmlElement, file: string, ns: string, bases: readonly string[]): void => {
      for (const c of holder.children) {
        if (c.ns !== NS.xsd || c.name === 'annotation') continue;
        if (c.name === 'complexContent' && holder === ct) {
          // A wrapper extending a named type: the base's elements (in the base's namespace), then its own.
          const extension = kids(c, NS.xsd, 'extension')[0];
          const base = extension ? qnameAttr(extension, 'base') : undefined;
          const declared = base ? types.complexType(base) : undefined;
          if (!extension || !base || !declared || bases.includes(`{${base.ns}}${base.local}`)) {
            problems.add(
              file,
              c,
              's:complexContent',
              `in the wrapper ${wrapper}: not an extension of a named complex type the WSDL declares; left out`,
            );
            continue;
          }
          inherited(declared.node, declared.file, base.ns, [...bases, `{${base.ns}}${base.local}`]);
          content(extension, file, ns, bases);
          continue;
        }
        if (c.name !== 'sequence') {
          problems.add(file, c, `s:${c.name}`, `in the wrapper ${wrapper}: not mapped; left out`);
          continue;
        }
        for (const p of c.children) {
          if (p.ns !== NS.xsd || p.name === 'annotation') continue;
          if (p.name === 'choice') out.push(p);
          else if (p.name === 'element') {
            // A reference to another namespace's element is a parameter, result or output in that namespace, its own;
            // so is a qualified local element of a base type of another namespace.
            const element = types.particle(p, file, true);
            if (element && ns !== w.element.ns && element === p && types.operationForm(p) === undefined)
              types.inheritedFrom(p, ns);
            if (element) out.push(element);
          } else problems.add(file, p, `s:${p.name}`, `in the wrapper ${wrapper}: not mapped; left out`);
        }
      }
    };
    /** A base type's content: its own base's first (complexContent), then its sequence. */
    const inherited = (node: XmlElement, file: string, ns: string, bases: readonly string[]): void => {
      const extension = kids(kids(node, NS.xsd, 'complexContent')[0] ?? node, NS.xsd, 'extension')[0];
      const base = extension ? qnameAttr(extension, 'base') : undefined;
      const declared = base ? types.complexType(base) : undefined;
      if (extension && base && declared && !bases.includes(`{${base.ns}}${base.local}`)) {
        inherited(declared.node, declared.file, base.ns, [...bases, `{${base.ns}}${base.local}`]);
        content(extension, file, ns, bases);
      } else content(node, file, ns, bases);
    };
    content(ct, w.file, w.element.ns, []);
    return out;
  };
  const inParticles = particles(request);
  const outParticles = particles(response);

  const params: DraftParam[] = [];
  for (const p of inParticles) {
    if (p.name === 'choice') {
      // A choice in the wrapper: a parameter sent as one of its alternatives' elements.
      const f = types.choiceField(
        name,
        p,
        request.file,
        params.map((x) => x.name),
        [],
        false,
        false,
      );
      if (f)
        params.push({ name: f.name, type: f.type, ...(f.optional ? { optional: true as const } : {}), doc: f.doc });
      continue;
    }
    const pName = p.attrs.get('name');
    const planned = types.particleType(p, request.file, true);
    if (!planned || pName === undefined) continue;
    const form = types.operationForm(p);
    const foreign = types.foreignOf(p);
    // ASMX's `[XmlElement] string[] name`: the parameter's own element, repeated in the wrapper, none for no items.
    const repeated = repeats(p);
    const nillable = p.attrs.get('nillable') === 'true';
    const param: DraftParam = {
      name: pName,
      type: repeated
        ? {
            list: planned.ref,
            ...(nillable !== planned.reference ? { nillableItems: nillable } : {}),
            container: false,
            ...listBounds(p),
          }
        : planned.ref,
      // A repeated one too: its caller may leave it out (spec-format.md, repeated parameters).
      ...(p.attrs.get('minOccurs') === '0' ? { optional: true as const } : {}),
      ...(!repeated && nillable ? { nillable: true as const } : {}),
      ...(form ? { form } : {}),
      ...(foreign !== undefined ? { namespace: foreign } : {}),
      doc: xsdDocumentation(p),
    };
    types.settleLater(param, planned.ref, p, request.file, `the parameter ${name}.${pName}`);
    params.push(param);
  }

  let result: DraftResult = 'void';
  let resultType: PlannedType | undefined;
  const outputs: DraftField[] = [];
  // A repeated first element (`maxOccurs="5"`) is no one value a result can be: the operation returns nothing and
  // has it as an output, a list without a container, as an out parameter of an array type is written.
  // Outputs are written and read in the service namespace (the client's and mock's convention for the children of
  // <OpResponse>, and so the result beside them): an element of another namespace, a reference's or a qualified local
  // element of an operation of a namespace of its own (edialog-sdk's uri:udf... outputs), gets that as its own.
  const outputNamespace = (p: XmlElement): string | undefined => {
    const ns = types.foreignOf(p) ?? response.element.ns;
    return ns !== tns ? ns : undefined;
  };
  const repeatedFirst = outParticles[0]?.name === 'element' && repeats(outParticles[0]);
  const first = repeatedFirst ? undefined : outParticles[0];
  const rest = outParticles.slice(repeatedFirst ? 0 : 1);
  if (first?.name === 'choice') {
    problems.add(
      response.file,
      first,
      's:choice',
      `the result of ${name} is a choice, which the format's results cannot be (a choice is a field or a parameter); the operation is left out`,
    );
    return undefined;
  }
  if (first) {
    resultType = types.particleType(first, response.file, true);
    const element = first.attrs.get('name') ?? '';
    const form = types.operationForm(first);
    if (resultType) {
      const minZero = first.attrs.get('minOccurs') === '0';
      const nillable = first.attrs.get('nillable') === 'true';
      const nullable = resultType.reference ? minZero || nillable : nillable || minZero;
      // Beside outputs, the result is read and written as they are.
      const own = rest.length > 0 ? outputNamespace(first) : types.foreignOf(first);
      if (nullable || element !== `${name}Result` || form || own !== undefined) {
        const full = {
          type: resultType.ref,
          ...(nullable ? { nullable: true as const } : {}),
          ...(element !== `${name}Result` ? { element } : {}),
          ...(form ? { form } : {}),
          ...(own !== undefined ? { namespace: own } : {}),
        };
        types.settleLater(full, resultType.ref, first, response.file, `the result of ${name}`);
        result = full;
      } else result = resultType.ref;
    }
  }
  for (const p of rest) {
    if (p.name === 'choice') {
      const f = types.choiceField(
        name,
        p,
        response.file,
        outputs.map((x) => x.name),
        [],
        false,
      );
      if (f) outputs.push(f);
      continue;
    }
    const f = types.field(p, response.file, true);
    if (!f) continue;
    const form = types.operationForm(p);
    const own = outputNamespace(p);
    const output = form ? withForm(f, form) : own !== undefined ? withNamespace(f, own) : f;
    types.settleLater(output, output.type, p, response.file, `the output ${name}.${f.name}`);
    outputs.push(output);
  }
  return {
    params,
    result,
    resultType,
    outputs,
    namespace: request.element.ns !== tns ? request.element.ns : undefined,
  };
}

/** What the messages of an operation give the draft. */
interface DraftedMessages {
  readonly params: DraftParam[];
  readonly result: DraftResult;
  readonly resultType: PlannedType | undefined;
  readonly outputs: DraftField[];
  readonly namespace: string | undefined;
}

/**
 * A bare operation's parameters, result and outputs from its message parts: each input part is a parameter named as
 * its element (the name on the wire); the first output part is the result, the others out parameters. Every element
 * must be in one namespace, the operation's. Reports and returns undefined for what it cannot draft whole.
 */
function draftBare(
  types: TypePlanner,
  problems: Problems,
  name: string,
  inParts: readonly BodyPart[],
  outParts: readonly BodyPart[],
  tns: string,
): DraftedMessages | undefined {
  const namespace = (inParts[0] ?? outParts[0])?.element.ns ?? tns;
  const stray = [...inParts, ...outParts].find((p) => p.element.ns !== namespace);
  if (stray) {
    problems.add(
      stray.file,
      stray.part,
      'wsdl:part',
      `the elements of ${name}'s parts are in more than one namespace (${namespace}, ${stray.element.ns}), which a bare operation of the format cannot say; the operation is left out`,
    );
    return undefined;
  }
  const params: DraftParam[] = [];
  for (const p of inParts) {
    const planned = types.inlineRecordType(p.element) ?? types.particleType(p.node, p.file);
    if (!planned) {
      problems.add(
        p.file,
        p.part,
        'wsdl:part',
        `the parameter ${p.element.local} of ${name} cannot be drafted (why is reported where its element is declared); the operation is left out`,
      );
      return undefined;
    }
    // A top-level element has no minOccurs: a reference type may be sent nil or left out, as ASMX passes null.
    params.push({
      name: p.element.local,
      type: planned.ref,
      ...(planned.reference ? { optional: true as const } : {}),
      ...(p.node.attrs.get('nillable') === 'true' ? { nillable: true as const } : {}),
      doc: xsdDocumentation(p.node),
    });
  }
  let result: DraftResult = 'void';
  let resultType: PlannedType | undefined;
  const outputs: DraftField[] = [];
  const [first, ...rest] = outParts;
  if (first) {
    resultType = types.inlineRecordType(first.element) ?? types.particleType(first.node, first.file);
    if (!resultType) {
      problems.add(
        first.file,
        first.part,
        'wsdl:part',
        `the result ${first.element.local} of ${name} cannot be drafted (why is reported where its element is declared); the operation is left out`,
      );
      return undefined;
    }
    const element = first.element.local;
    const nullable = first.node.attrs.get('nillable') === 'true';
    result =
      nullable || element !== `${name}Result`
        ? {
            type: resultType.ref,
            ...(nullable ? { nullable: true as const } : {}),
            ...(element !== `${name}Result` ? { element } : {}),
          }
        : resultType.ref;
    for (const p of rest) {
      const f = types.field(p.node, p.file);
      if (!f) {
        problems.add(
          p.file,
          p.part,
          'wsdl:part',
          `the out parameter ${p.element.local} of ${name} cannot be drafted (why is reported where its element is declared); the operation is left out`,
        );
        return undefined;
      }
      outputs.push(f);
    }
  }
  return { params, result, resultType, outputs, namespace: namespace !== tns ? namespace : undefined };
}

/**
 * A header's element and its record, once per element; returns the element name. A header some operation sends
 * (`sent`) gets a client option; one that answers only carry gets none.
 */
function draftHeader(
  types: TypePlanner,
  problems: Problems,
  file: string,
  at: XmlElement,
  element: QName,
  headers: Map<string, DraftHeader>,
  sent: boolean,
): string | undefined {
  const known = headers.get(element.local);
  if (known) {
    if (sent && known.option === undefined) Object.assign(known, sentHeader(element.local));
    return element.local;
  }
  const declared = types.element(element);
  const type = declared ? qnameAttr(declared.node, 'type') : undefined;
  const planned = type && declared ? types.named(type, declared.file, declared.node) : undefined;
  // A header element of an inline type (EWS's RequestServerVersion) holds a record named after it.
  const record =
    typeof planned?.ref === 'string'
      ? planned.ref
      : !type && declared
        ? types.inlineRecord(element, declared)
        : undefined;
  if (record === undefined || !types.isRecord(record)) {
    problems.add(file, at, 'soap:header', `the header ${element.local} does not hold a record; left out`);
    return undefined;
  }
  headers.set(element.local, { element: element.local, type: record, ...(sent ? sentHeader(element.local) : {}) });
  return element.local;
}

/** The operations of a binding or port type by name (the first of a name), indexed once per node. */
const operationsByName = new WeakMap<XmlElement, ReadonlyMap<string, readonly XmlElement[]>>();

/**
 * The operation `name` of a binding or port type. Each operation looks up its counterparts in up to four bindings
 * and port types; a search through all operations for each would make importing quadratic in their number.
 */
function operationNamed(parent: XmlElement, name: string, message: string | undefined): XmlElement | undefined {
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
function messageName(op: XmlElement): string | undefined {
  return kids(op, NS.wsdl, 'input')[0]?.attrs.get('name');
}

/** What a header the client sends adds: its client option, which a person may rename. */
function sentHeader(element: string): Pick<DraftHeader, 'option' | 'todo'> {
  return {
    option: lowerFirst(element),
    todo: `choose the client option that supplies the SOAP header ${element} (drafted: ${lowerFirst(element)}), and add required: false if calls may go without it`,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Whether an element particle may occur more than once. */
function repeats(el: XmlElement): boolean {
  const max = el.attrs.get('maxOccurs');
  return max === 'unbounded' || (max !== undefined && Number(max) > 1);
}
