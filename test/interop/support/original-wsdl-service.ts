/**
 * A client generated from a spec of a third-party service against node-soap serving the ORIGINAL WSDL, with the tables
 * of test/interop/support/*-rows.ts: for the hand-written translations (test/interop/real-services.test.ts) and for
 * specs imported from the WSDLs (test/import/end-to-end.test.ts).
 *
 * What an imported spec names otherwise is mapped here: the client class (read from the spec) and the client option of
 * each SOAP header (a draft names it after the element, e.g. `apiAccessHeader` where the hand-written spec says
 * `apiAccess`; mapped by header element from both specs; the identity for the hand-written spec itself).
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { startNodeSoapServer, type NodeSoapHandler, type NodeSoapServer } from '../../helpers/node-soap-server.js';
import { fromRoot } from '../../helpers/paths.js';
import { EXACT_TEXT, type Row, type ServiceCase } from './real-service-case.js';
import { wsdlFacts, type WsdlFacts } from './wsdl-facts.js';

export type Style = 'soap11' | 'soap12';
export const STYLES: readonly Style[] = ['soap11', 'soap12'];

type Client = Record<string, (params: unknown) => Promise<unknown>>;
type ClientClass = new (options: Record<string, unknown>) => Client;
/** The part of node-soap's Server a handler uses (its `this`). */
interface NodeSoapServerInstance {
  addSoapHeader(header: (methodName: string) => string): number;
}

interface SpecShape {
  service: { client: string };
  soapHeaders?: Array<{ element: string; option: string }>;
  operations: Array<{ name: string }>;
}

export function fixturePath(relative: string): string {
  return fromRoot('test', 'fixtures', 'wsdl', relative);
}

/** Header element -> client option, as a spec names them. */
function headerOptions(spec: SpecShape): Map<string, string> {
  // A header without an option is one only answers carry: there is no option to rename.
  return new Map(
    (spec.soapHeaders ?? []).flatMap((h) => (h.option === undefined ? [] : [[h.element, h.option] as const])),
  );
}

export interface RecordedCall {
  readonly op: string;
  readonly args: unknown;
  readonly headers: unknown;
}

export class OriginalWsdlService {
  readonly calls: RecordedCall[] = [];
  readonly wsdl: WsdlFacts;
  readonly clientClass: string;
  /** The hand-written spec's header option -> the imported spec's. */
  readonly optionRename = new Map<string, string>();
  #returns: Row['returns'] = {};
  #server: NodeSoapServer | undefined;
  readonly #clients = new Map<string, Client>();
  #clientModule: Record<string, unknown> | undefined;

  /**
   * @param c - the service's table (test/interop/support/*-rows.ts)
   * @param specText - the spec the client was generated from, as YAML text
   * @param clientModule - the generated client (client/index.ts) of that spec, or given to `start` later
   */
  constructor(
    readonly c: ServiceCase,
    specText: string,
    clientModule?: Record<string, unknown>,
  ) {
    this.#clientModule = clientModule;
    this.wsdl = wsdlFacts(readFileSync(fixturePath(c.wsdl), 'utf8'));
    const imported = parseYaml(specText) as SpecShape;
    this.clientClass = imported.service.client;
    if (c.spec === undefined) return;
    const hand = parseYaml(readFileSync(fixturePath(c.spec), 'utf8')) as SpecShape;
    const importedOptions = headerOptions(imported);
    for (const [element, option] of headerOptions(hand)) {
      const renamed = importedOptions.get(element);
      if (renamed === undefined) throw new Error(`the imported spec has no SOAP header ${element}`);
      this.optionRename.set(option, renamed);
    }
  }

  /** Serves `operations` (and takes the client module, when the constructor did not get it). */
  async start(operations: readonly string[], clientModule?: Record<string, unknown>): Promise<void> {
    this.#clientModule ??= clientModule;
    const handlers: Record<string, NodeSoapHandler> = {};
    // node-soap calls each handler with its own `this` (addSoapHeader), so the service is reached by name.
    // oxlint-disable-next-line typescript/no-this-alias
    const self = this;
    const withResponseHeaders = new WeakSet<object>();
    for (const op of operations) {
      handlers[op] = function (this: NodeSoapServerInstance, args: unknown, _cb: unknown, headers: unknown) {
        if (self.c.responseHeaders && !withResponseHeaders.has(this)) {
          // node-soap works out a response's headers before it calls the handler, so they start with the next call.
          withResponseHeaders.add(this);
          this.addSoapHeader((method: string) => self.responseHeaderXml(method));
        }
        self.calls.push({ op, args, headers });
        return self.#returns === null ? null : structuredClone(self.#returns);
      };
    }
    this.#server = await startNodeSoapServer({
      wsdl: readFileSync(fixturePath(this.c.wsdl), 'utf8'),
      path: this.c.path,
      service: { [this.c.service]: { [this.c.port]: handlers } },
      nodeSoapOptions: { customDeserializer: EXACT_TEXT },
    });
    if (this.c.responseHeaders) {
      // One call per node-soap server (one per SOAP version) to have the response headers registered.
      const first = this.c.rows.find((r) => (r.client ?? 'default') === 'default')!;
      for (const style of STYLES) await this.call(style, first);
    }
  }

  /** The SOAP header blocks the WSDL declares for the response of `op`, with the table's content. */
  responseHeaderXml(op: string): string {
    const content = this.c.responseHeaders ?? {};
    return (this.wsdl.operations.get(op)?.outputHeaders ?? [])
      .map((name) => `<${name} xmlns="${this.wsdl.targetNamespace}">${content[name] ?? ''}</${name}>`)
      .join('');
  }

  async stop(): Promise<void> {
    await this.#server?.close();
  }

  get server(): NodeSoapServer {
    if (!this.#server) throw new Error('not started');
    return this.#server;
  }

  /** The table's client options with the header options renamed to the imported spec's. */
  clientOptions(name: string): Record<string, unknown> {
    const options = this.c.clients[name];
    if (!options) throw new Error(`no client ${name}`);
    return Object.fromEntries(Object.entries(options).map(([k, v]) => [this.optionRename.get(k) ?? k, v]));
  }

  client(style: Style, name = 'default'): Client {
    const key = `${style}/${name}`;
    let client = this.#clients.get(key);
    if (!client) {
      const Class = this.#clientModule?.[this.clientClass] as ClientClass | undefined;
      if (!Class) throw new Error(`no ${this.clientClass} in the generated client`);
      client = new Class({ ...this.clientOptions(name), baseUrl: this.server.url, style });
      this.#clients.set(key, client);
    }
    return client;
  }

  /** Calls the row's operation (by the client method `method`) while the handler answers with the row's `returns`. */
  async call(style: Style, row: Row, method = methodName(row.op)): Promise<unknown> {
    this.calls.length = 0;
    this.#returns = row.returns;
    const client = this.client(style, row.client);
    const fn = client[method];
    if (typeof fn !== 'function') throw new Error(`the client has no method ${method}`);
    return fn.call(client, row.args);
  }

  lastExchange(): { request: NodeSoapServer['requests'][number]; response: NodeSoapServer['responses'][number] } {
    const request = this.server.requests.at(-1);
    const response = this.server.responses.at(-1);
    if (!request || !response) throw new Error('no exchange recorded');
    return { request, response };
  }
}

/** lowerCamelCase of an operation name, as the generator names client methods (a leading acronym lowered whole). */
export function methodName(op: string): string {
  const lead = /^[A-Z]+/.exec(op)?.[0] ?? '';
  if (lead.length <= 1) return op.charAt(0).toLowerCase() + op.slice(1);
  const keep = /[a-z]/.test(op.charAt(lead.length)) ? lead.length - 1 : lead.length;
  return op.slice(0, keep).toLowerCase() + op.slice(keep);
}

/** The paths of every value that is not undefined, so that a missing or extra member shows by name. */
export function definedPaths(value: unknown, path = '$'): string[] {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return [path];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  const own = entries.flatMap(([k, v]) => definedPaths(v, `${path}.${k}`));
  return [path, ...own.sort()];
}
