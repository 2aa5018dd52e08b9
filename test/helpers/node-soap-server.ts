/**
 * A real SOAP server for interop tests: node:http on 127.0.0.1 (port 0) with node-soap's `soap.listen` behind it,
 * serving one WSDL (e.g. a third-party ASMX WSDL from test/fixtures/wsdl/) with handlers written by the test.
 *
 * What it adds to plain `soap.listen(server, path, services, wsdlText)`:
 *
 * - Every request is recorded raw (headers and body, before node-soap sees it), so a test can assert exactly what a
 *   client sent. Every response is recorded too (node-soap's own text and what was sent).
 * - SOAP 1.2. node-soap writes the envelope namespace from one WSDL-wide option (`forceSoap12Headers`), not from the
 *   request: one `soap.listen` answers a SOAP 1.2 request with a SOAP 1.1 envelope (and echoes the request's
 *   `application/soap+xml` Content-Type). So the harness runs two node-soap servers on the same WSDL, one plain and one
 *   with `forceSoap12Headers: true`, and routes each request by its Content-Type (`application/soap+xml` is SOAP 1.2,
 *   anything else SOAP 1.1). node-soap binds every request to the first port whose address path matches the request
 *   path (else the first port): in an ASMX WSDL that is the SOAP 1.1 port, for both versions. The harness therefore
 *   gives every port the handlers of all ports, those of the request's own SOAP version winning, so handlers may be
 *   registered under the SOAP 1.1 port only (they then answer both versions) or under each port separately.
 * - The `xsi` prefix (see `declareXsiOnEnvelope`).
 *
 * The address in the WSDL does not matter: clients are pointed at `url + path`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen, type IServerOptions, type IServices } from 'soap';

/** A node-soap operation handler: args as node-soap parsed them, then its callback, then the parsed SOAP headers. */
export type NodeSoapHandler = (args: any, cb?: any, headers?: any, req?: any, res?: any) => any;

export interface NodeSoapServerOptions {
  /** The WSDL, as XML text. */
  wsdl: string;
  /** The path the service answers on, e.g. '/Calc.asmx'. Other paths get a 404. */
  path: string;
  /** Handlers: service name -> port name -> operation name -> handler (node-soap's `IServices`). */
  service: Record<string, Record<string, Record<string, NodeSoapHandler>>>;
  /**
   * More node-soap options for both servers (e.g. `customDeserializer`, `handleNilAsNull: false`). The harness sets
   * `handleNilAsNull: true` by default, so an element sent as xsi:nil reaches the handler as null instead of vanishing.
   */
  /**
   * node-soap's security hook (`server.authenticate`), given the parsed wsse:Security header of each request: true
   * lets the call through, false answers node-soap's AuthenticationFailure fault. Absent: every call goes through.
   */
  authenticate?: (security: any) => boolean;
  nodeSoapOptions?: Partial<Omit<IServerOptions, 'path' | 'services' | 'xml'>> & {
    /**
     * Parsers of request text by XML Schema type name, e.g. `{ decimal: (t) => t }` to keep decimals as exact text
     * (node-soap reads the WSDL options on the server too, though its types list this option for clients only).
     */
    customDeserializer?: Record<string, (text: string, top: unknown) => unknown>;
  };
}

export interface RecordedRequest {
  method: string;
  /** The request path and query, as sent. */
  url: string;
  /** Which node-soap server answered it (by the request's Content-Type). */
  soapVersion: '1.1' | '1.2';
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as node-soap wrote it. */
  nodeSoapBody: string;
  /** The body as sent (nodeSoapBody, with xsi declared on the envelope when node-soap left it undeclared). */
  body: string;
}

export interface NodeSoapServer {
  /** http://127.0.0.1:PORT (no path). */
  url: string;
  close(): Promise<void>;
  requests: RecordedRequest[];
  responses: RecordedResponse[];
}

const SOAP12_WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';

export async function startNodeSoapServer(opts: NodeSoapServerOptions): Promise<NodeSoapServer> {
  const ports = wsdlPorts(opts.wsdl);
  const requests: RecordedRequest[] = [];
  const responses: RecordedResponse[] = [];

  // node-soap's listen() takes over a server's 'request' listeners; these two servers never listen on a socket, the
  // real server below hands each request to one of them.
  const soap11 = http.createServer();
  const soap12 = http.createServer();
  const ready = Promise.all(
    [
      { target: soap11, version: '1.1' as const },
      { target: soap12, version: '1.2' as const },
    ].map(
      ({ target, version }) =>
        new Promise<void>((resolve, reject) => {
          const soapServer = listen(target, {
            handleNilAsNull: true,
            ...opts.nodeSoapOptions,
            path: opts.path,
            services: servicesFor(opts.service, ports, version),
            xml: opts.wsdl,
            forceSoap12Headers: version === '1.2',
            callback: (err: unknown) => (err ? reject(err) : resolve()),
          });
          if (opts.authenticate) soapServer.authenticate = opts.authenticate;
        }),
    ),
  );
  await ready;

  const expectedPath = stripSlash(opts.path);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = String(req.headers['content-type'] ?? '');
      const soapVersion = /^\s*application\/soap\+xml\b/i.test(contentType) ? '1.2' : '1.1';
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        soapVersion,
        headers: { ...req.headers },
        body: body.toString('utf8'),
      });
      const pathname = stripSlash(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
      if (pathname !== expectedPath) {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end(`No service at ${pathname}`);
        return;
      }
      if (req.method === 'POST' && body.length === 0) {
        // node-soap would wait for a body that has already been read.
        res.statusCode = 400;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Empty request body');
        return;
      }
      // node-soap takes an already-read body from req.body (as behind express' body parser).
      (req as http.IncomingMessage & { body?: Buffer }).body = body;
      captureResponse(res, responses);
      (soapVersion === '1.2' ? soap12 : soap11).emit('request', req, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    responses,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * node-soap (1.13.0) writes a null value as `<Name xsi:nil="true"></Name>` but declares only the WSDL's own prefixes
 * (tns, tm, ...) on the envelope, never xsi. Such a response is well-formed XML 1.0 but not namespace-well-formed: a
 * namespace-aware parser (libxml2, .NET, a browser's DOMParser) rejects the undeclared prefix. This is the only thing
 * the harness changes in a response: it declares xsi on the envelope when the body uses it undeclared.
 */
export function declareXsiOnEnvelope(xml: string): string {
  if (!/\sxsi:[\w.-]+\s*=/.test(xml)) return xml;
  const envelope = /<([\w.-]+:)?Envelope\b[^>]*>/.exec(xml);
  if (!envelope || /\sxmlns:xsi\s*=/.test(envelope[0])) return xml;
  const end = envelope.index + envelope[0].length - (envelope[0].endsWith('/>') ? 2 : 1);
  return `${xml.slice(0, end)} xmlns:xsi="${XSI_NS}"${xml.slice(end)}`;
}

/**
 * Holds back what node-soap writes to the response until it ends it, then sends it through declareXsiOnEnvelope. The
 * framing stays node-soap's: a body it wrote with write() (its default, enableChunkedEncoding) goes out chunked, one it
 * passed to end() with a Content-Length.
 */
function captureResponse(res: http.ServerResponse, responses: RecordedResponse[]): void {
  const chunks: Buffer[] = [];
  let wrote = false;
  const toBuffer = (chunk: unknown, encoding?: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  const originalWrite = res.write.bind(res) as (chunk: string) => boolean;
  const originalEnd = res.end.bind(res) as (chunk?: string) => http.ServerResponse;
  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    wrote = true;
    if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
    const callback = typeof encoding === 'function' ? encoding : cb;
    if (typeof callback === 'function') process.nextTick(callback as () => void);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const nodeSoapBody = Buffer.concat(chunks).toString('utf8');
    const body = declareXsiOnEnvelope(nodeSoapBody);
    responses.push({ status: res.statusCode, headers: res.getHeaders(), nodeSoapBody, body });
    const callback = [chunk, encoding, cb].find((x) => typeof x === 'function');
    if (typeof callback === 'function') res.once('finish', callback as () => void);
    if (wrote) {
      if (body.length > 0) originalWrite(body);
      originalEnd();
    } else {
      originalEnd(body);
    }
    return res;
  }) as typeof res.end;
}

/**
 * The services for one of the two node-soap servers: every port of the service in the WSDL gets the handlers of all
 * ports given, those of ports bound with the given SOAP version last (so they win).
 */
function servicesFor(service: NodeSoapServerOptions['service'], wsdl: WsdlPorts, version: '1.1' | '1.2'): IServices {
  const services: IServices = {};
  for (const [serviceName, ports] of Object.entries(service)) {
    const isOwn = (port: string) => wsdl.soap12.has(port) === (version === '1.2');
    const given = Object.keys(ports);
    const merged: Record<string, NodeSoapHandler> = Object.assign(
      {},
      ...given.filter((p) => !isOwn(p)).map((p) => ports[p]),
      ...given.filter((p) => isOwn(p)).map((p) => ports[p]),
    );
    const allPorts = new Set([...given, ...(wsdl.services.get(serviceName) ?? [])]);
    services[serviceName] = Object.fromEntries([...allPorts].map((p) => [p, merged]));
  }
  return services;
}

interface WsdlPorts {
  /** Service name -> its port names. */
  services: Map<string, string[]>;
  /** The ports whose binding is a SOAP 1.2 binding (`<soap12:binding>`). */
  soap12: Set<string>;
}

/**
 * The ports of the WSDL and which are SOAP 1.2. node-soap does not keep the binding's SOAP version (it reads both as
 * `soap/http` transport), so it is read from the WSDL text; regular expressions are enough for ASMX WSDLs.
 */
function wsdlPorts(wsdl: string): WsdlPorts {
  const prefixes = [...wsdl.matchAll(/xmlns:([\w.-]+)\s*=\s*["']([^"']*)["']/g)]
    .filter((m) => m[2] === SOAP12_WSDL_NS)
    .map((m) => m[1] ?? '');
  const soap12Bindings = new Set<string>();
  for (const m of wsdl.matchAll(
    /<(?:[\w.-]+:)?binding\s[^>]*\bname\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?binding>/g,
  )) {
    if (prefixes.some((p) => (m[2] ?? '').includes(`<${p}:binding`))) soap12Bindings.add(m[1] ?? '');
  }
  const services = new Map<string, string[]>();
  const soap12 = new Set<string>();
  for (const s of wsdl.matchAll(
    /<(?:[\w.-]+:)?service\s[^>]*\bname\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/(?:[\w.-]+:)?service>/g,
  )) {
    const names: string[] = [];
    for (const port of (s[2] ?? '').matchAll(/<(?:[\w.-]+:)?port\s[^>]*>/g)) {
      const name = /\bname\s*=\s*["']([^"']+)["']/.exec(port[0])?.[1];
      const binding = /\bbinding\s*=\s*["'](?:[\w.-]+:)?([^"']+)["']/.exec(port[0])?.[1];
      if (!name) continue;
      names.push(name);
      if (binding && soap12Bindings.has(binding)) soap12.add(name);
    }
    services.set(s[1] ?? '', names);
  }
  return { services, soap12 };
}

function stripSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
