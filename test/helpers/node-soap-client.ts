/**
 * node-soap (1.13.0) as a SOAP client of a WSDL, for interop tests: one client per SOAP version, calling an
 * operation through a chosen port, with what it sent and got back recorded.
 *
 * What it sets up, and why:
 *
 * - `overridePromiseSuffix: 'Promise'`. node-soap adds a promise method `<Op>Async` beside each operation's callback
 *   method on the client object; an operation whose own name ends in `Async` (TestPaymentFileAsync) then clashes with
 *   the promise method of another (TestPaymentFile). With the suffix `Promise` both exist (`TestPaymentFilePromise`,
 *   `TestPaymentFileAsyncPromise`). Calls here go through the port's own methods
 *   (`client[service][port][op]`), which never clash.
 * - SOAP 1.2 is a client-wide option (`forceSoap12Headers: true`): it writes the SOAP 1.2 envelope and sends
 *   `Content-Type: application/soap+xml; charset=utf-8; action="<soapAction>"` (no SOAPAction header). The port does
 *   not choose the version; a SOAP 1.2 client calls through the SOAP 1.2 port all the same.
 * - `disableCache: true`: node-soap caches a parsed WSDL by its path, and a client keeps its options on that shared
 *   object. Without it, a second client of the same WSDL changes the first: `forceSoap12Headers` of the last client
 *   created wins for all (a SOAP 1.1 client then sends SOAP 1.2 envelopes), and options read when the WSDL is parsed
 *   (`customDeserializer`, `handleNilAsNull`) stay those of the first.
 * - `handleNilAsNull: true`: an `xsi:nil` element arrives as null (by default it vanishes).
 * - `preserveWhitespace: true`: strings keep their leading and trailing spaces (by default node-soap trims them).
 * - `customDeserializer: { long: text => text }`: an xs:long stays exact text (by default node-soap parses it with
 *   parseInt, which loses digits past 2^53).
 *
 * node-soap's error for a fault or an HTTP error carries the whole HTTP exchange; `call` rejects with a short Error
 * instead (the fault text and the start of the body).
 */
import { createClientAsync, type Client, type IOptions } from 'soap';

export type SoapVersion = '1.1' | '1.2';

export interface NodeSoapExchange {
  /** What node-soap returns for the operation: the `<OpResponse>` children, parsed by schema type. */
  readonly result: Record<string, unknown>;
  /** The envelope node-soap sent. */
  readonly request: string;
  /** The HTTP headers node-soap sent, by name as it spells them. */
  readonly requestHeaders: Readonly<Record<string, string>>;
  /** The response body as received. */
  readonly response: string;
}

export interface NodeSoapClient {
  /** node-soap's client, for what `call` does not cover. */
  readonly client: Client;
  readonly soapVersion: SoapVersion;
  /** Calls `operation` through the port with the arguments as node-soap takes them (element name -> value). */
  call(operation: string, args: Record<string, unknown>): Promise<NodeSoapExchange>;
}

export interface NodeSoapClientOptions {
  /** The WSDL's path or URL (node-soap reads it). */
  readonly wsdl: string;
  /** Where requests go (overrides the WSDL's soap:address), e.g. `http://127.0.0.1:PORT/path`. */
  readonly endpoint: string;
  readonly soapVersion: SoapVersion;
  /** The service and the port whose methods are called. */
  readonly service: string;
  readonly port: string;
  /** More node-soap options (they win over the ones set here). */
  readonly options?: IOptions;
}

type Callback = (err: unknown, result: unknown, rawResponse: unknown, soapHeader: unknown, rawRequest: unknown) => void;
type PortMethod = (args: unknown, callback: Callback) => void;

export async function createNodeSoapClient(opts: NodeSoapClientOptions): Promise<NodeSoapClient> {
  const client = await createClientAsync(opts.wsdl, {
    endpoint: opts.endpoint,
    overridePromiseSuffix: 'Promise',
    disableCache: true,
    forceSoap12Headers: opts.soapVersion === '1.2',
    handleNilAsNull: true,
    preserveWhitespace: true,
    customDeserializer: { long: (text: string) => text },
    ...opts.options,
  });
  const port = (client as unknown as Record<string, Record<string, Record<string, PortMethod>> | undefined>)[
    opts.service
  ]?.[opts.port];
  if (port === undefined) throw new Error(`node-soap has no port ${opts.service}/${opts.port}`);
  return {
    client,
    soapVersion: opts.soapVersion,
    call: (operation, args) =>
      new Promise((resolve, reject) => {
        const method = port[operation];
        if (typeof method !== 'function') {
          reject(new Error(`node-soap's port ${opts.port} has no operation ${operation}`));
          return;
        }
        method(args, (err, result, rawResponse, _header, rawRequest) => {
          if (err) {
            reject(shortError(operation, err));
            return;
          }
          resolve({
            result: (result ?? {}) as Record<string, unknown>,
            request: String(rawRequest),
            requestHeaders: plainHeaders(client.lastRequestHeaders),
            response: String(rawResponse),
          });
        });
      }),
  };
}

function plainHeaders(headers: unknown): Record<string, string> {
  if (headers === null || typeof headers !== 'object') return {};
  const json = (headers as { toJSON?: () => unknown }).toJSON?.() ?? headers;
  return Object.fromEntries(Object.entries(json as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

function shortError(operation: string, err: unknown): Error {
  const e = err as { message?: unknown; body?: unknown; response?: { status?: number } };
  const status = e.response?.status === undefined ? '' : ` (HTTP ${String(e.response.status)})`;
  const body = typeof e.body === 'string' ? `; body: ${e.body.slice(0, 300)}` : '';
  return new Error(`node-soap ${operation}${status}: ${String(e.message ?? err)}${body}`);
}

/**
 * node-soap's parse of a result, in the shapes of the generated client's types: each list's container removed
 * (`{ LineErrorsOrWarning: { LineErrorOrWarning: [a, b] } }` becomes `{ LineErrorsOrWarning: [a, b] }`; node-soap
 * makes the items an array even when there is one, because the schema says maxOccurs="unbounded"). `items` gives the
 * item element of each list field. Everything else is kept as node-soap gives it: numbers and booleans by schema
 * type, dateTime as a Date, nil as null, an absent element as an absent key. A container with no item (an empty list)
 * reaches here as null already: node-soap turns every element without content or attributes into null.
 */
export function unwrapLists(value: unknown, items: Readonly<Record<string, string>>): unknown {
  if (Array.isArray(value)) return value.map((item) => unwrapLists(item, items));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const item = items[key];
    if (item !== undefined && child !== null && typeof child === 'object' && !Array.isArray(child)) {
      const keys = Object.keys(child);
      const list = (child as Record<string, unknown>)[item];
      if (keys.length !== 1 || !Array.isArray(list)) {
        throw new Error(`list ${key}: expected { ${item}: [...] } from node-soap, got keys ${JSON.stringify(keys)}`);
      }
      out[key] = unwrapLists(list, items);
    } else {
      out[key] = unwrapLists(child, items);
    }
  }
  return out;
}

/** `value` with every empty array replaced by null: how node-soap reports an empty list (see {@link unwrapLists}). */
export function emptyListsAsNull(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(emptyListsAsNull);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, emptyListsAsNull(v)]));
}
