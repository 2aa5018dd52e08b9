/**
 * The service and its operations from the WSDL's bindings: the SOAP binding (1.1, else 1.2) gives the operations in
 * order, their wrapper elements (parameters, result, out parameters), SOAPActions and SOAP headers; the HTTP POST
 * binding which operations it carries and their response roots (`mime:mimeXml`). The steps live beside it: ports and
 * bindings in bindings.ts, the messages' parts in messages.ts, wrapped and bare operations in wrapped.ts and bare.ts,
 * SOAP headers in soap-headers.ts.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import { draftBare } from './bare.js';
import { FaultDrafter } from './faults.js';
import { messageName, operationNamed, reportUnusedBindings, servicePorts, type Binding } from './bindings.js';
import type { DraftField, DraftHeader, DraftOperation, DraftSpec } from './draft.js';
import { bodyParts, type BodyPart, type OperationAt } from './messages.js';
import type { Problems } from './problems.js';
import { documentation, qnameAttr, type WsdlDoc } from './read-wsdl.js';
import type { PlannedType, TypePlanner } from './schema.js';
import { bindingHeaders } from './soap-headers.js';
import { draftWrapped } from './wrapped.js';
import { kids, type XmlElement } from './xml.js';

const PROTOCOL_ORDER = ['soap11', 'soap12', 'httpPost', 'httpGet'] as const;
/** The bindings the format assumes when a spec lists none. */
const DEFAULT_PROTOCOLS = ['soap11', 'soap12', 'httpPost'];

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

/**
 * The draft's service, SOAP headers and operations: the ports read (bindings.ts), each operation of the SOAP port
 * type drafted in order, then what is left out reported (an RPC binding's operations, a form binding's strays).
 */
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

  const { ports, bindings, path } = servicePorts(doc, service, problems);
  const main = bindings.get('soap11') ?? bindings.get('soap12');
  if (!main?.portType) throw new Error(`${file}: the service has no SOAP 1.1 or SOAP 1.2 port with a port type`);
  const post = bindings.get('httpPost');
  const get = bindings.get('httpGet');
  reportUnusedBindings(doc, service, ports, problems);
  const soapBinding = main.node.children.find((c) => c.name === 'binding');

  const name = service.attrs.get('name') ?? 'Service';
  const serviceName = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
    ? name
    : name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=[0-9])/, '_');
  const headers = new Map<string, DraftHeader>();
  const faults = new FaultDrafter(doc, types, problems);
  const { operations, portTypeNames, rpcLeftOut } = draftOperations(
    doc,
    types,
    problems,
    main,
    { post, get },
    headers,
    faults,
  );
  if (soapBinding?.attrs.get('style') === 'rpc')
    reportRpcBinding(file, main, soapBinding, operations.length, portTypeNames, rpcLeftOut, problems);
  reportFormOnly(file, { post, get }, portTypeNames, problems);
  // An operation that takes every header says nothing: that is the format's default.
  const sentCount = [...headers.values()].filter((h) => h.option !== undefined).length;
  for (const o of operations) if (o.headers?.length === sentCount) delete o.headers;

  return {
    service: {
      name: serviceName,
      title: decodeXmlName(name),
      version: versionIn(path, tns),
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
    faults: Object.fromEntries(faults.faults),
    operations,
  };
}

/** The HTTP form bindings of the service (POST and GET), where it has them. */
interface FormBindings {
  readonly post: Binding | undefined;
  readonly get: Binding | undefined;
}

/**
 * Every operation of the main binding's port type, in order. Also returns the port type's operation names (for the
 * reports on the RPC binding and on form bindings' strays) and those left out as RPC style.
 */
function draftOperations(
  doc: WsdlDoc,
  types: TypePlanner,
  problems: Problems,
  main: Binding,
  forms: FormBindings,
  headers: Map<string, DraftHeader>,
  faults: FaultDrafter,
): {
  readonly operations: DraftOperation[];
  readonly portTypeNames: ReadonlySet<string>;
  readonly rpcLeftOut: ReadonlySet<string>;
} {
  const file = doc.file;
  const tns = doc.targetNamespace;
  const operations: DraftOperation[] = [];
  const seen = new Set<string>();
  const portTypeNames = new Set<string>();
  /** The operations left out because their parts name types (RPC style). */
  const rpcLeftOut = new Set<string>();
  for (const op of kids(main.portType!, NS.wsdl, 'operation')) {
    const opName = op.attrs.get('name') ?? '';
    portTypeNames.add(opName);
    const drafted = draftOperation(doc, types, problems, op, main, forms, headers, tns, rpcLeftOut);
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
    const declared = faults.declare(op, opName);
    if (declared.length > 0) drafted.faults = declared;
    operations.push(drafted);
  }
  return { operations, portTypeNames, rpcLeftOut };
}

/**
 * The report on an RPC-style binding: its operations that name elements are drafted as document/literal, those
 * whose parts name types are left out (how many of how many).
 */
function reportRpcBinding(
  file: string,
  main: Binding,
  soapBinding: XmlElement,
  drafted: number,
  portTypeNames: ReadonlySet<string>,
  rpcLeftOut: ReadonlySet<string>,
  problems: Problems,
): void {
  const bindingName = main.node.attrs.get('name') ?? '';
  const message =
    rpcLeftOut.size === 0
      ? `the binding ${bindingName} is RPC style, which is not supported; its operations name elements, so they are drafted as document/literal`
      : `the binding ${bindingName} is RPC style, which is not supported: ${portTypeNames.size === 1 ? 'its one operation is' : rpcLeftOut.size === portTypeNames.size ? `all ${portTypeNames.size} of its operations are` : `${rpcLeftOut.size} of its ${portTypeNames.size} operations are`} left out (parts naming types, not elements)${drafted > 0 ? `, the others drafted as document/literal` : ''}`;
  problems.add(file, soapBinding, 'style="rpc"', message);
}

/** Reports each operation of a form binding the SOAP port type lacks: the draft leaves it out. */
function reportFormOnly(
  file: string,
  forms: FormBindings,
  portTypeNames: ReadonlySet<string>,
  problems: Problems,
): void {
  for (const [form, title] of [
    [forms.post, 'HTTP POST'],
    [forms.get, 'HTTP GET'],
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
}

/**
 * One operation of the port type: its messages' Body parts (messages.ts), drafted as wrapped or bare (wrapped.ts,
 * bare.ts), then what the SOAP binding and the form bindings say of it. Reports and returns undefined when it is left
 * out.
 */
function draftOperation(
  doc: WsdlDoc,
  types: TypePlanner,
  problems: Problems,
  op: XmlElement,
  main: Binding,
  forms: FormBindings,
  headers: Map<string, DraftHeader>,
  tns: string,
  rpcLeftOut: Set<string>,
): DraftOperation | undefined {
  const name = op.attrs.get('name') ?? '';
  const bOp = operationNamed(main.node, name, messageName(op));
  const at: OperationAt = { doc, types, problems, op, name, bOp, main };
  const inParts = bodyParts(at, 'input', rpcLeftOut);
  const outParts = bodyParts(at, 'output', rpcLeftOut);
  if (!inParts || !outParts) return undefined;
  const bare = isBare(op, name, inParts, outParts);
  const request = inParts[0];
  const response = outParts[0];
  // A wrapped operation is named on the wire by its request element: ASMX's MessageName (`List.Delete` for the port
  // type's `DeleteList`), which names the response, result element, SOAPAction and HTTP path too.
  const wire = bare ? name : request!.element.local;
  const drafted = bare
    ? draftBare(types, problems, name, inParts, outParts, tns)
    : draftWrapped(types, problems, wire, request!, response!, tns);
  if (!drafted) return undefined;
  const { params, result, resultType, outputs, namespace: opNs } = drafted;
  const { soapAction, opHeaders, answered } = soapBinding(at, wire, tns, headers);
  const { httpPost, httpGet, httpPostRoot } = formBindings(at, forms, outputs, resultType);

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

/**
 * Wrapped: one element each way, of a type of its own, named after the operation (ASMX's default). Anything else is
 * bare: several parts, none, an element of a named type (ASMX's ParameterStyle = Bare), or a wrapper named apart
 * from the operation (a WCF MessageContract's WrapperName), which is a bare parameter or result of its own record.
 */
function isBare(op: XmlElement, name: string, inParts: readonly BodyPart[], outParts: readonly BodyPart[]): boolean {
  const wrapperShaped = (parts: readonly BodyPart[], element: string): boolean =>
    parts.length === 1 && !parts[0]!.node.attrs.has('type') && parts[0]!.element.local === element;
  // ASMX names the wrapper of a method with a MessageName after that name (`List.Delete` for the port type's
  // `DeleteList`), which is also the wsdl:input's name there.
  const inputName = kids(op, NS.wsdl, 'input')[0]?.attrs.get('name');
  const requestName = inParts.length === 1 ? inParts[0]!.element.local : undefined;
  const wrapper = requestName !== undefined && requestName === inputName ? requestName : name;
  return !wrapperShaped(inParts, wrapper) || !wrapperShaped(outParts, `${wrapper}Response`);
}

/**
 * What the SOAP binding says of the operation: its SOAPAction (kept only where it is not the convention's, the
 * namespace and the wire name) and the headers it sends and answers. An RPC-style operation is reported (drafted as
 * document/literal), as is one the binding lacks.
 */
function soapBinding(
  at: OperationAt,
  wire: string,
  tns: string,
  headers: Map<string, DraftHeader>,
): { readonly soapAction: string | undefined; readonly opHeaders: string[]; readonly answered: string[] } {
  const { doc, problems, op, name, bOp, main } = at;
  const file = doc.file;
  if (!bOp) {
    problems.add(file, op, 'wsdl:operation', `${name} is not in the binding ${main.node.attrs.get('name') ?? ''}`);
    return { soapAction: undefined, opHeaders: [], answered: [] };
  }
  let soapAction: string | undefined;
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
  return { soapAction, ...bindingHeaders(at, bOp, headers) };
}

/**
 * What the form bindings say of the operation: whether each carries it (`false` when one lacks it or it has out
 * parameters, which the forms cannot answer), and the response root (`mime:mimeXml`, the same document for both)
 * where it is not the result type's own.
 */
function formBindings(
  at: OperationAt,
  forms: FormBindings,
  outputs: readonly DraftField[],
  resultType: PlannedType | undefined,
): {
  readonly httpPost: false | undefined;
  readonly httpGet: false | undefined;
  readonly httpPostRoot: string | undefined;
} {
  const { doc, problems, op, name } = at;
  const file = doc.file;
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
  return { httpPost, httpGet, httpPostRoot };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
