/**
 * The generic engine behind every generated client: fills in credentials, signs, frames the request in the chosen
 * style, sends it, and turns the answer into a decoded result or one of the typed errors. Generated code supplies
 * what differs per operation (encoder, decoder, element names); nothing here knows a particular service.
 */
import {
  BODY_EXCERPT_LENGTH,
  SvcDecodeError,
  SvcError,
  SvcHttpError,
  SvcRequestError,
  SvcServiceError,
  SvcSoapFault,
} from '../errors.js';
import { pollUntil, type PollOptions } from './poll.js';
import { Redactor } from '../redact.js';
import type { NestedValue } from '../codec/encode.js';
import { STYLES, isFormStyle, type OperationWire, type Style } from '../operation.js';
import type { EncodedRequest } from './request.js';
import { keyedHmac } from '../signing.js';
import {
  openBareSoapResult,
  openPlainRoot,
  openSoapBody,
  openSoapResponse,
  openSoapResult,
  parseSoapFault,
} from '../codec/soap.js';
import { describeUrl, type HttpResponse } from './transport.js';
import { checkTransportOptions, sendChosen, type TransportName } from './transport-choice.js';
import type { NodeHttpRequest } from './node-transport.js';
import { checkNetworkOptions, type Network, type ProxyOption, type TlsOptions } from './network.js';
import { encodeString } from '../codec/values.js';
import {
  buildBareSoapEnvelope,
  buildSoapEnvelope,
  encodeForm,
  soapAction,
  soapNamespace,
} from '../codec/xml-writer.js';
import { textOf } from '../codec/text-source.js';
import { XmlNameTable, XmlReader } from '../codec/xml-reader.js';
import { checkCookieJar, cookieHeader, storeCookies, type CookieJar } from './cookies.js';
import { httpAuthHeader, type HttpAuthOptions } from './http-auth.js';
import { WSSE_NS, checkWsSecurity, wsSecurityHeader, type WsSecurityOptions } from './ws-security.js';
import {
  requestEvent,
  responseEvent,
  runHook,
  type RequestHook,
  type RequestHookEvent,
  type ResponseHook,
} from './hooks.js';
import { checkCallHeaders } from './call-headers.js';
import { readTypedFault, type FaultBinding } from './typed-faults.js';

export { STYLES, isFormStyle, type Style } from '../operation.js';

/**
 * The longest query string an HTTP GET call sends: ASP.NET's default `maxQueryStringLength` (httpRuntime), beyond
 * which the service answers 404.15 before the method runs.
 */
export const MAX_QUERY_STRING_LENGTH = 2048;

/** What the signing function receives; `message` is principal + timestamp + eatValue. */
export interface CoreSignInput {
  readonly operation: string;
  readonly principal: string;
  readonly timestamp: string;
  readonly eatValue: string;
  readonly message: string;
}

export interface CoreOptions {
  readonly baseUrl: string;
  /** The service path from the spec, e.g. `/v5/Service.asmx`. */
  readonly path: string;
  readonly namespace: string;
  readonly style: Style;
  /** The bindings the service offers (default all three); another style is refused in the constructor. */
  readonly styles?: readonly Style[];
  /** The principal credential, sent where an operation has a principal parameter; absent for a service without one. */
  readonly principal?: string | undefined;
  /**
   * Computes the signature parameter. Only the built-in signer ({@link hmacSigner}) may answer with a promise
   * (WebCrypto signs asynchronously); any other sign function must return the string itself. Absent for a service
   * that signs nothing: a signature parameter is then refused as an empty signature would be.
   */
  readonly sign?: ((input: CoreSignInput) => string | Promise<string>) | undefined;
  /**
   * A fetch to send every call through. Absent (or null): the {@link transport} decides, at each call (see
   * transport-choice.ts), so that MSW or another interceptor installed after the client was made is used.
   */
  readonly fetch?: typeof fetch | undefined;
  /**
   * Absent: node:http with a keep-alive agent on Node unless `globalThis.fetch` was replaced, else `globalThis.fetch`;
   * `'node'` or `'fetch'` forces one (`globalThis.fetch` of the moment).
   */
  readonly transport?: TransportName | undefined;
  /**
   * Whether node:http asks for compressed answers (`Accept-Encoding: gzip, deflate`), default true; fetch decides
   * for itself. A compressed answer is decoded either way, and `maxResponseBytes` holds for its decoded size.
   */
  readonly compression?: boolean | undefined;
  /** TLS settings of the client's connections (network.ts); honoured by the node transport alone. */
  readonly tls?: TlsOptions | undefined;
  /** The forward proxy, or `'env'` for HTTPS_PROXY / HTTP_PROXY / NO_PROXY (network.ts); node transport alone. */
  readonly proxy?: ProxyOption | undefined;
  /** `tls` and `proxy` resolved by {@link checkCoreOptions}; not given by callers. */
  readonly network?: Network | undefined;
  /** Seconds since the Unix epoch (fractions are floored); default the system clock. Read only for a timestamp sent. */
  readonly now?: (() => number) | undefined;
  readonly timeoutMs: number | undefined;
  /** Largest response body read, in bytes; default {@link DEFAULT_MAX_RESPONSE_BYTES}. */
  readonly maxResponseBytes?: number | undefined;
  /** Throw SvcServiceError for a result whose error code is not the success code (default true). */
  readonly throwOnServiceError?: boolean | undefined;
  /** Secrets the client holds (the API key): masked in every error, as are the computed keys and the secrets results carry. */
  readonly secrets?: readonly string[];
  /** SOAP header blocks by element name, as markup, written once from the client's options. */
  readonly soapHeaders?: Readonly<Record<string, string | undefined>>;
  /** HTTP authentication sent with every request (Basic, preemptively; see http-auth.ts). */
  readonly httpAuth?: HttpAuthOptions | undefined;
  /** A cookie jar (tough-cookie's CookieJar, cookies.ts): cookies sent with each request and kept from each answer. */
  readonly cookieJar?: CookieJar | undefined;
  /** A WS-Security UsernameToken header made for every SOAP request (see ws-security.ts); SOAP styles only. */
  readonly wsSecurity?: WsSecurityOptions | undefined;
  /** Called before each request is sent, with secrets masked (see hooks.ts). */
  readonly onRequest?: RequestHook | undefined;
  /** Called after each exchange, answer or failure, with secrets masked (see hooks.ts). */
  readonly onResponse?: ResponseHook | undefined;
}

/**
 * The default `maxResponseBytes`: 64 MiB, well above the largest real result (a 100,000-line asynchronous result is
 * about 28 MB), and far below what would exhaust a process.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * One name table per operation, shared by every client: responses of an operation repeat the same element names in
 * the same order, so the reader's names and predictions are built once, not for every response.
 */
const NAME_TABLES = new WeakMap<OperationBinding<unknown>, XmlNameTable>();

function namesOf(op: OperationBinding<unknown>): XmlNameTable {
  let names = NAME_TABLES.get(op);
  if (names === undefined) {
    names = new XmlNameTable();
    NAME_TABLES.set(op, names);
  }
  return names;
}

/** Each operation's default SOAPAction, made once rather than for every call, with the namespace it was made for. */
const DEFAULT_ACTIONS = new WeakMap<
  OperationBinding<unknown>,
  { readonly namespace: string; readonly action: string }
>();

/** ASMX's default SOAPAction of `op` (see soapAction), quoted. */
function defaultAction(namespace: string, op: OperationBinding<unknown>): string {
  let known = DEFAULT_ACTIONS.get(op);
  if (known === undefined || known.namespace !== namespace) {
    known = { namespace, action: soapAction(namespace, op.name) };
    DEFAULT_ACTIONS.set(op, known);
  }
  return known.action;
}

/** The SOAP 1.1 actor and SOAP 1.2 roles that name the client receiving an answer (besides none at all). */
const FOR_THIS_NODE: ReadonlySet<string> = new Set([
  'http://schemas.xmlsoap.org/soap/actor/next',
  'http://www.w3.org/2003/05/soap-envelope/role/next',
  'http://www.w3.org/2003/05/soap-envelope/role/ultimateReceiver',
]);

/** How many secrets returned by the service (fields the spec marks secret) are remembered, to be masked in later errors. */
const REMEMBERED_SECRETS = 16;

/** How a result reports a service error: the code field, what success is, and names for int codes. */
export interface ResultCheck {
  readonly codeField: string;
  readonly messageField: string | undefined;
  readonly success: string | number;
  readonly codeNames?: ReadonlyMap<number, string>;
}

/** How a SOAP header an operation's answers carry is read: an element of the service namespace in soap:Header. */
export interface ResponseHeaderBinding {
  readonly element: string;
  /** A SOAP answer without it is refused with SvcDecodeError. */
  readonly required: boolean;
  /** The record's decoder, on the header element. */
  readonly decode: (r: XmlReader) => unknown;
}

/** A result with the SOAP headers its answer carried, by element name (none over HTTP POST or GET). */
export interface WithHeaders<R, H> {
  readonly result: R;
  readonly headers: H;
}

/** The per-operation facts the engine needs; generated from the spec. */
export interface OperationBinding<R> extends OperationWire {
  /** The SOAP header blocks sent with it, by element name. */
  readonly headers?: readonly string[];
  /** The SOAP headers its answers carry, read into the call's headers. */
  readonly responseHeaders?: readonly ResponseHeaderBinding[];
  readonly decode: (r: XmlReader) => R;
  readonly check: ResultCheck | undefined;
  /** Result fields that hold secrets (the spec marks them): remembered and masked in every later error. */
  readonly secretFields?: readonly string[];
  /** Parameters that hold secrets (the spec marks them): masked in the call's errors and in what hooks see. */
  readonly secretParams?: readonly string[];
  /** The typed faults it declares: a SOAP fault's detail holding one of their elements is decoded (`fault.fault`). */
  readonly faults?: readonly FaultBinding[];
}

/** How a status poll reads its results; see {@link ClientCore.poll}. */
export interface PollBinding<R> {
  /** The result field holding the status. */
  readonly statusField: keyof R & string;
  /** Status values at which polling stops. */
  readonly finalValues: readonly string[];
  /** Error codes that end the wait as a service error while the status is not final. */
  readonly failureCodes: readonly string[];
}

/** Options of one call. */
export interface CallOptions {
  /** Aborting it rejects the call with the signal's reason. */
  readonly signal?: AbortSignal;
  /** This call's time limit in milliseconds, in place of the client's `timeoutMs`; exceeded: SvcTimeoutError. */
  readonly timeoutMs?: number;
  /**
   * HTTP headers added to this call's request (a tracing header, a correlation id). The headers that frame the call
   * (Content-Type, Content-Length, SOAPAction, Host...) cannot be replaced, nor Authorization when the client's
   * `httpAuth` sets it; values may not hold line breaks. Masked in hooks like the client's own when they carry a secret.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

const CONTENT_TYPES: Readonly<Record<Style, string>> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  httpPost: 'application/x-www-form-urlencoded',
  httpGet: '',
};

/** Resolves the caller's options once: validated, with defaults applied. */
export function checkCoreOptions(options: CoreOptions): CoreOptions {
  if (typeof options.baseUrl !== 'string') throw new SvcRequestError('baseUrl must be an absolute http(s) URL string');
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new SvcRequestError('baseUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SvcRequestError('baseUrl must be an absolute http(s) URL');
  // The operation path is appended to baseUrl: a query or fragment would end up in front of it. A service URL
  // copied with `?WSDL` (its WSDL's address) is the exception: that query names the service's own description.
  let base = options.baseUrl;
  const wsdl =
    url.search.toLowerCase() === '?wsdl' &&
    url.hash === '' &&
    endsWithPath(url.pathname.replace(/\/+$/, ''), formStem(options.path));
  if (wsdl) base = base.slice(0, base.indexOf('?'));
  else if (url.search !== '' || url.hash !== '' || /[?#]/.test(options.baseUrl)) {
    throw new SvcRequestError('baseUrl must not have a query string or fragment (the service path is appended to it)');
  }
  if (url.username !== '' || url.password !== '') throw new SvcRequestError('baseUrl must not carry credentials');
  base = base.replace(/\/+$/, '');
  // A service URL (as a WSDL's address or a browser shows it) is taken as it is: the service path is not appended
  // twice. Compared without regard to case, as IIS serves ASMX paths; the spec's spelling is what is sent.
  const stem = formStem(options.path);
  if (endsWithPath(base, stem)) base = base.slice(0, base.length - stem.length);
  if (!STYLES.includes(options.style)) throw new SvcRequestError(`style must be one of ${STYLES.join(', ')}`);
  const offered = options.styles ?? STYLES;
  if (!offered.includes(options.style)) {
    throw new SvcRequestError(
      `style ${options.style} is not a binding of this service, which offers ${offered.join(', ')}`,
    );
  }
  if (typeof options.namespace !== 'string') throw new SvcRequestError('namespace must be a string');
  checkText('namespace', options.namespace);
  if (options.principal !== undefined) checkPrincipal(options.principal);
  if (options.fetch != null && typeof options.fetch !== 'function')
    throw new SvcRequestError('fetch must be a function');
  checkTransportOptions(options);
  if (options.now !== undefined && typeof options.now !== 'function')
    throw new SvcRequestError('now must be a function returning Unix seconds');
  if (options.sign !== undefined && typeof options.sign !== 'function')
    throw new SvcRequestError('sign must be a function');
  if (options.timeoutMs !== undefined && !(typeof options.timeoutMs === 'number' && options.timeoutMs > 0)) {
    throw new SvcRequestError('timeoutMs must be a positive number');
  }
  const max = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (!Number.isSafeInteger(max) || max <= 0) throw new SvcRequestError('maxResponseBytes must be a positive integer');
  if (options.throwOnServiceError !== undefined && typeof options.throwOnServiceError !== 'boolean') {
    throw new SvcRequestError('throwOnServiceError must be a boolean');
  }
  for (const hook of ['onRequest', 'onResponse'] as const) {
    if (options[hook] != null && typeof options[hook] !== 'function')
      throw new SvcRequestError(`${hook} must be a function`);
  }
  if (options.cookieJar != null) checkCookieJar(options.cookieJar);
  const network = checkNetworkOptions(options);
  // The passphrase and the proxy's credentials, and the HTTP and WS-Security passwords, join the secrets masked in
  // every error.
  const secrets = [...(options.secrets ?? []), ...(network?.secrets ?? [])];
  if (options.httpAuth != null) secrets.push(...httpAuthHeader(options.httpAuth).secrets);
  let wsSecurity: WsSecurityOptions | undefined;
  if (options.wsSecurity != null) {
    wsSecurity = checkWsSecurity(options.wsSecurity, !isFormStyle(options.style));
    secrets.push(wsSecurity.password);
  }
  return { ...options, baseUrl: base, maxResponseBytes: max, network, secrets, wsSecurity };
}

/** True when `url` ends with the service path `path` (of more than `/`), in any case. */
function endsWithPath(url: string, path: string): boolean {
  return path.length > 1 && url.toLowerCase().endsWith(path.toLowerCase());
}

/**
 * The service path without its trailing slash: what the HTTP POST and GET paths (`<stem>/<Operation>`) start with, and
 * what a service URL given as baseUrl ends with once its trailing slashes are cut (`/` alone gives '').
 */
function formStem(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : path;
}

/** Checks that a credential or option carries only characters every style can send (same rule as parameters). */
function checkText(what: string, value: string, operation?: string): void {
  try {
    encodeString(value, what);
  } catch (error) {
    if (error instanceof SvcRequestError) {
      throw new SvcRequestError(error.message, operation !== undefined ? { operation } : undefined);
    }
    throw error;
  }
}

export class ClientCore {
  readonly options: CoreOptions;
  /** Secrets the service returned, newest last, masked in every later error. */
  readonly #learned: string[] = [];
  /** The Authorization header of the `httpAuth` option, made once. */
  readonly #authorization: string | undefined;

  constructor(options: CoreOptions) {
    this.options = options;
    this.#authorization = options.httpAuth != null ? httpAuthHeader(options.httpAuth).authorization : undefined;
  }

  /**
   * Sends one operation and returns its decoded result, or throws a typed error with every secret masked. Never
   * retries. `accept` may let a result with a non-success code through instead of throwing SvcServiceError.
   */
  async call<R>(
    op: OperationBinding<R>,
    request: EncodedRequest,
    opts: CallOptions = {},
    accept?: (result: R) => boolean,
  ): Promise<R> {
    return (await this.exchange(op, request, opts, accept)).result;
  }

  /**
   * As {@link call}, and returns the SOAP headers the answer carried too, decoded, by element name: each header of
   * `op.responseHeaders` that came, none over HTTP POST or GET. (call reads and checks them just the same.)
   */
  async callWithHeaders<R, H>(
    op: OperationBinding<R>,
    request: EncodedRequest,
    opts: CallOptions = {},
  ): Promise<WithHeaders<R, H>> {
    const { result, headers } = await this.exchange(op, request, opts);
    return { result, headers: headers as H };
  }

  private async exchange<R>(
    op: OperationBinding<R>,
    request: EncodedRequest,
    opts: CallOptions,
    accept?: (result: R) => boolean,
  ): Promise<{ result: R; headers: Record<string, unknown> }> {
    const sent: CallSecrets = {};
    let result: R | undefined;
    try {
      const timeoutMs = this.checkCall(op, opts);
      if (op.secretParams !== undefined) sent.params = secretParams(request, op.secretParams);
      const filled = this.fillCredentials(op.name, request, sent);
      const fields = Array.isArray(filled) ? filled : await filled;
      const headers: Record<string, string> = {};
      if (this.#authorization !== undefined) headers['Authorization'] = this.#authorization;
      const { url, body } = await this.outgoing(op, fields, headers);
      const jar = this.options.cookieJar ?? undefined;
      if (jar !== undefined) {
        const cookie = await cookieHeader(jar, url);
        if (cookie !== undefined) headers['Cookie'] = cookie;
      }
      if (opts.headers !== undefined) checkCallHeaders(op.name, opts.headers, headers);

      const response = await this.send(op.name, sent, {
        url,
        headers,
        ...(body !== undefined ? { body } : { method: 'GET' as const }),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
        ...(this.options.maxResponseBytes !== undefined ? { maxResponseBytes: this.options.maxResponseBytes } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(jar !== undefined ? { wantsCookies: true } : {}),
      });
      // Kept from every answer, an error's too: a session may begin with a fault or a login page.
      if (jar !== undefined) await storeCookies(jar, url, response.setCookies);
      this.refuseUnanswered(response, sent, url, body === undefined ? 'GET' : 'POST');
      const answered: Record<string, unknown> = {};
      result = this.decode(op, response, answered);
      this.learn(op, result);
      if (!accept?.(result)) this.check(op, result);
      return { result, headers: answered };
    } catch (error) {
      if (op.faults !== undefined && error instanceof SvcSoapFault)
        readTypedFault(error, op.faults, this.options.namespace);
      throw this.redactor(sent).error(error);
    }
  }

  /** Refuses a call the client's style cannot make or whose timeout is not one; gives the call's timeout. */
  private checkCall(op: OperationBinding<unknown>, opts: CallOptions): number | undefined {
    const { style } = this.options;
    if (style === 'httpPost' && op.httpPost === false) {
      throw new SvcRequestError('the operation has no HTTP POST binding: call it with style soap11 or soap12', {
        operation: op.name,
      });
    }
    if (style === 'httpGet' && op.httpGet === false) {
      throw new SvcRequestError('the operation has no HTTP GET binding: call it with another style', {
        operation: op.name,
      });
    }
    if (opts.timeoutMs !== undefined && !(typeof opts.timeoutMs === 'number' && opts.timeoutMs > 0)) {
      throw new SvcRequestError('timeoutMs must be a positive number of milliseconds', {
        operation: op.name,
        parameter: 'timeoutMs',
      });
    }
    return opts.timeoutMs ?? this.options.timeoutMs;
  }

  /** The URL and body of the request in the client's style (no body for HTTP GET), adding its headers to `headers`. */
  private async outgoing(
    op: OperationBinding<unknown>,
    fields: ReadonlyArray<readonly [string, string | NestedValue]>,
    headers: Record<string, string>,
  ): Promise<{ url: string; body: string | undefined }> {
    const { style } = this.options;
    const base = `${this.options.baseUrl}${formStem(this.options.path)}`;
    if (style === 'httpGet') {
      // The same form as HTTP POST, in the query string; no body, so no Content-Type.
      const query = encodeForm(fields, op.name, 'HTTP GET query string');
      if (query.length > MAX_QUERY_STRING_LENGTH) {
        throw new SvcRequestError(
          `the HTTP GET query string would be ${query.length} characters, more than ASP.NET's default maxQueryStringLength of ${MAX_QUERY_STRING_LENGTH}: call it with another style`,
          { operation: op.name },
        );
      }
      return { url: `${base}/${op.name}${query === '' ? '' : `?${query}`}`, body: undefined };
    }
    headers['Content-Type'] = CONTENT_TYPES[style];
    if (style === 'httpPost') return { url: `${base}/${op.name}`, body: encodeForm(fields, op.name) };
    return { url: `${this.options.baseUrl}${this.options.path}`, body: await this.soapBody(op, fields, headers) };
  }

  /** The SOAP envelope of a call, adding its SOAPAction (or the action in its Content-Type) to `headers`. */
  private async soapBody(
    op: OperationBinding<unknown>,
    fields: ReadonlyArray<readonly [string, string | NestedValue]>,
    headers: Record<string, string>,
  ): Promise<string> {
    const { style } = this.options;
    // ASMX's default action is the service namespace + name, also for an operation with a namespace of its own.
    const action = op.soapAction !== undefined ? `"${op.soapAction}"` : defaultAction(this.options.namespace, op);
    if (style === 'soap11') headers['SOAPAction'] = action;
    // Nothing in a bare Body names the operation: SOAP 1.2 names it in the Content-Type, as SOAP 1.1 in SOAPAction.
    // An empty action (usual outside ASP.NET) is none in SOAP 1.2: the server dispatches by the Body.
    if (op.bare && style === 'soap12' && op.soapAction !== '')
      headers['Content-Type'] = `${CONTENT_TYPES[style]}; action=${action}`;
    const ws = this.options.wsSecurity;
    // wsu:Created by the client's clock (its `now` option, in seconds), as the request's timestamp is, so that a
    // test or an application that sets the clock gets the same time in both.
    const blocks =
      ws !== undefined
        ? (await wsSecurityHeader(ws, Math.round((this.options.now ?? systemSeconds)() * 1000))) + this.headerBlocks(op)
        : this.headerBlocks(op);
    const version = style === 'soap11' ? '1.1' : '1.2';
    const namespace = op.namespace ?? this.options.namespace;
    if (op.bare) return buildBareSoapEnvelope(version, namespace, op.name, fields, blocks, this.options.namespace);
    return buildSoapEnvelope(
      version,
      namespace,
      op.name,
      fields,
      blocks,
      this.options.namespace,
      op.unqualifiedParams,
      op.paramNamespaces,
    );
  }

  /** Throws for an answer that is not the operation's: a redirect, a SOAP fault, any other status than 200. */
  private refuseUnanswered(response: HttpResponse, sent: CallSecrets, url: string, method: 'GET' | 'POST'): void {
    if (response.location !== undefined) {
      // Never followed, whatever the body says (see redirectLocation); the target without its query, which could
      // carry what the request did.
      const head = this.redactor(sent).text(textOf(response.body).slice(0, 2 * BODY_EXCERPT_LENGTH));
      throw new SvcHttpError(
        response.status,
        head,
        response.contentType,
        { method, url: describeUrl(url) },
        response.location === '' ? '' : describeUrl(response.location, url),
      );
    }
    if (response.status !== 200) {
      const text = textOf(response.body);
      if (!isFormStyle(this.options.style)) {
        const fault = parseSoapFault(text, response.status);
        if (fault) throw fault;
      }
      // Masked before it is cut to an excerpt, so that a key straddling the cut is still found whole.
      const head = this.redactor(sent).text(text.slice(0, 2 * BODY_EXCERPT_LENGTH));
      throw new SvcHttpError(response.status, head, response.contentType, { method, url: describeUrl(url) });
    }
  }

  /**
   * Sends one request through the chosen transport, between the hooks when the client has any. Not async itself, so
   * that a client without hooks adds no promise to the call.
   */
  private send(operation: string, sent: CallSecrets, req: NodeHttpRequest): Promise<HttpResponse> {
    const { onRequest, onResponse } = this.options;
    if (onRequest == null && onResponse == null) return sendChosen(this.options, operation, req);
    return this.sendObserved(operation, sent, req, onRequest, onResponse);
  }

  private async sendObserved(
    operation: string,
    sent: CallSecrets,
    req: NodeHttpRequest,
    onRequest: RequestHook | undefined,
    onResponse: ResponseHook | undefined,
  ): Promise<HttpResponse> {
    const redactor = this.redactor(sent);
    const event: RequestHookEvent = requestEvent(
      operation,
      req.method ?? 'POST',
      req.url,
      req.headers,
      req.body,
      redactor,
    );
    if (onRequest != null) await runHook('onRequest', onRequest, event);
    const started = performance.now();
    let response: HttpResponse;
    try {
      response = await sendChosen(this.options, operation, req);
    } catch (error) {
      if (onResponse != null)
        await runHook('onResponse', onResponse, responseEvent(event, started, undefined, error, redactor), error);
      throw error;
    }
    if (onResponse != null)
      await runHook('onResponse', onResponse, responseEvent(event, started, response, undefined, redactor));
    return response;
  }

  /**
   * Calls a status operation until its status is final, and returns that result. A non-success code with a status
   * that is not final is a warning (polling goes on), except the binding's failure codes, which end the wait as a
   * service error. Each call is signed anew; only this read is ever repeated.
   */
  poll<R>(
    what: string,
    op: OperationBinding<R>,
    request: EncodedRequest,
    status: PollBinding<R>,
    options: PollOptions = {},
  ): Promise<R> {
    const failed = (result: R): boolean =>
      isServiceError(op.check, result) &&
      status.failureCodes.includes(String((result as Record<string, unknown>)[op.check!.codeField]));
    return pollUntil(
      what,
      (signal) => this.call(op, request, { signal }, (result) => !failed(result)),
      (result) => status.finalValues.includes(String(result[status.statusField])) || failed(result),
      options,
    );
  }

  /**
   * The redactor for one call, made once when the call first needs it: the client's secrets, the key computed for
   * the call, and the secrets results carried.
   */
  private redactor(sent: CallSecrets): Redactor {
    sent.redactor ??= new Redactor([
      ...(this.options.secrets ?? []),
      sent.signature,
      ...(sent.params ?? []),
      ...this.#learned,
    ]);
    return sent.redactor;
  }

  /** Remembers the secrets a result carries (its fields marked secret), so that no later error can show them. */
  private learn<R>(op: OperationBinding<R>, result: R): void {
    if (op.secretFields === undefined || result === null || typeof result !== 'object') return;
    for (const field of op.secretFields) {
      const value = (result as Record<string, unknown>)[field];
      if (typeof value !== 'string' || value === '' || this.#learned.includes(value)) continue;
      this.#learned.push(value);
      if (this.#learned.length > REMEMBERED_SECRETS) this.#learned.shift();
    }
  }

  /** The SOAP header blocks an operation sends (none given for an optional header: nothing sent). */
  private headerBlocks<R>(op: OperationBinding<R>): string {
    if (op.headers === undefined || this.options.soapHeaders === undefined) return '';
    let out = '';
    for (const name of op.headers) out += this.options.soapHeaders[name] ?? '';
    return out;
  }

  /**
   * The request's parameters with the credentials filled in. An array at once, unless the built-in signer answers
   * with a promise (WebCrypto, off Node): then a promise of it, so that the Node path adds no promise to a call.
   */
  private fillCredentials(
    operation: string,
    request: EncodedRequest,
    sent: { signature?: string },
  ): Array<readonly [string, string | NestedValue]> | Promise<Array<readonly [string, string | NestedValue]>> {
    const principal = this.options.principal ?? '';
    const stamp = (this.options.now ?? systemSeconds)();
    if (typeof stamp !== 'number' || !Number.isFinite(stamp)) {
      throw new SvcRequestError(
        `the now option returned ${typeof stamp === 'number' ? String(stamp) : `a ${typeof stamp}`}, not a finite number of seconds`,
        { operation },
      );
    }
    const timestamp = String(Math.floor(stamp));
    const eatValue = request.eat ?? '';
    // Checked here, once, so that every style refuses the same values (the value itself is never quoted).
    const accept = (value: unknown): string => {
      if (typeof value !== 'string' || value === '') {
        throw new SvcRequestError(
          `the sign option returned ${typeof value === 'string' ? 'an empty string' : `a ${value === null ? 'null' : typeof value}`}, not a non-empty string`,
          { operation },
        );
      }
      sent.signature = value;
      checkText('the key returned by the sign option', value, operation);
      return value;
    };
    let signature: string | undefined;
    let pending: Promise<string> | undefined;
    const sign = (): string => {
      const signer = this.options.sign ?? noSignature;
      const value: unknown = signer({
        operation,
        principal,
        timestamp,
        eatValue,
        message: `${principal}${timestamp}${eatValue}`,
      });
      if (value instanceof Promise && BUILT_IN_SIGNERS.has(signer)) {
        pending = value.then(accept);
        return '';
      }
      return accept(value);
    };
    const fields = request.params.map(([name, value]) => {
      if (typeof value === 'string' || !('credential' in value)) return [name, value] as const;
      switch (value.credential) {
        case 'principal':
          return [name, principal] as const;
        case 'timestamp':
          return [name, timestamp] as const;
        case 'signature':
          signature ??= sign();
          return [name, signature] as const;
      }
    });
    if (pending === undefined) return fields;
    return pending.then((key) =>
      fields.map(([name, value], i) => {
        const given = request.params[i]![1];
        return typeof given !== 'string' && 'credential' in given && given.credential === 'signature'
          ? ([name, key] as const)
          : ([name, value] as const);
      }),
    );
  }

  /**
   * Reads one child of soap:Header into `into`: a header of the operation's answers by its decoder; any other is
   * skipped, unless it is meant for this client (no actor or role, or `next` / `ultimateReceiver`) and marked
   * mustUnderstand, which SOAP's processing rules forbid ignoring: that answer is refused.
   */
  private readHeader<R>(op: OperationBinding<R>, r: XmlReader, envNs: string, into: Record<string, unknown>): void {
    const name = r.localName;
    const known =
      r.namespaceUri === this.options.namespace ? op.responseHeaders?.find((h) => h.element === name) : undefined;
    if (known !== undefined) {
      if (Object.hasOwn(into, name)) r.error(`the SOAP header <${name}> is sent twice`);
      if (r.isNil) r.skip();
      else into[name] = known.decode(r);
      return;
    }
    let mustUnderstand = false;
    let target: string | undefined;
    for (const [key, value] of r.attributes()) {
      if (key === `{${envNs}}mustUnderstand`) mustUnderstand = value.trim() === '1' || value.trim() === 'true';
      else if (key === `{${envNs}}actor` || key === `{${envNs}}role`) target = value.trim();
    }
    // A client that sends WS-Security understands the wsse:Security header the server answers with (WCF and node-soap
    // send a Timestamp in one, marked mustUnderstand); its content is not checked: https authenticates the server.
    if (mustUnderstand && name === 'Security' && r.namespaceUri === WSSE_NS && this.options.wsSecurity !== undefined)
      mustUnderstand = false;
    if (mustUnderstand && (target === undefined || target === '' || FOR_THIS_NODE.has(target))) {
      const ns = r.namespaceUri;
      r.error(
        `the answer carries the SOAP header <${name}>${ns === '' ? '' : ` of namespace ${ns}`} marked mustUnderstand, which ${op.name} does not know`,
      );
    }
    r.skip();
  }

  private decode<R>(op: OperationBinding<R>, response: HttpResponse, headers: Record<string, unknown> = {}): R {
    const { style } = this.options;
    const namespace = op.namespace ?? this.options.namespace;
    try {
      if (op.result === 'void' && isFormStyle(style)) {
        // ASMX writes nothing for a void method over HTTP POST or GET; anything else is not this operation's answer.
        if (textOf(response.body).trim() !== '')
          throw new SvcDecodeError(
            `${op.name}: expected an empty ${style === 'httpGet' ? 'HTTP GET' : 'HTTP POST'} response (the operation returns nothing)`,
          );
        return undefined as R;
      }
      // A large body is read from its source, without a string of its whole text.
      const reader = new XmlReader(response.body, namesOf(op as OperationBinding<unknown>));
      // Fields and items are read in the service namespace, also where an operation's own elements are not.
      reader.memberNamespace = this.options.namespace;
      reader.readRoot();
      let found = true;
      if (isFormStyle(style) && op.httpPostNode) {
        // The XML content is the document: its root, of any name and namespace, is the result.
        let markup: string | null = null;
        if (!reader.isNil) markup = reader.readOuterXml();
        else if (op.result === 'nullable') reader.skip();
        else reader.error(`the result is nil, but ${op.name} does not return null`);
        reader.readEnd();
        return markup as R;
      }
      const version = style === 'soap11' ? '1.1' : '1.2';
      const envNs = soapNamespace(version);
      const onHeader = (r: XmlReader): void => this.readHeader(op, r, envNs, headers);
      if (isFormStyle(style)) openPlainRoot(reader, namespace, op.httpPostRoot);
      else if (op.bare) found = this.openBare(op, reader, response, onHeader);
      else if (op.result === 'outputs') openSoapResponse(reader, version, namespace, op.name, 200, onHeader);
      else {
        const element = op.result === 'void' ? undefined : op.resultElement;
        found = openSoapResult(
          reader,
          version,
          namespace,
          op.name,
          element,
          200,
          op.result === 'nullable',
          onHeader,
          op.resultNamespace ?? (op.unqualifiedResult === true ? '' : namespace),
        );
      }
      let result: R;
      if (!found) result = (op.result === 'void' ? undefined : null) as R;
      else if (reader.isNil) {
        if (op.result !== 'nullable') reader.error(`the result is nil, but ${op.name} does not return null`);
        reader.skip();
        result = null as R;
      } else result = op.decode(reader);
      // Read to the end of the document so that a truncated, ill-nested or trailing-junk response is not taken for a
      // complete one.
      while (reader.currentDepth > 0) {
        while (reader.nextChild()) reader.skip();
      }
      reader.readEnd();
      if (!isFormStyle(style)) {
        for (const h of op.responseHeaders ?? []) {
          if (h.required && headers[h.element] === undefined) {
            throw new SvcDecodeError(
              `${op.name}: the answer has no SOAP header <${h.element}>, which every answer of ${op.name} carries`,
            );
          }
        }
      }
      return result;
    } catch (error) {
      if (error instanceof SvcError) throw error;
      throw new SvcDecodeError(
        `${op.name}: the response could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
  }

  /**
   * Opens the answer of a bare operation (`OperationWire.bare`): on its result element, or for out parameters on the
   * Body, whose children are the result and the outputs side by side and which the outputs' decoder reads as the
   * wrapped `<OpResponse>`. A Fault is looked for first there, since the decoder would read it as the Body's content.
   */
  private openBare<R>(
    op: OperationBinding<R>,
    reader: XmlReader,
    response: HttpResponse,
    onHeader: (r: XmlReader) => void,
  ): boolean {
    const version = this.options.style === 'soap11' ? '1.1' : '1.2';
    if (op.result !== 'outputs') {
      const element = op.result === 'void' ? undefined : op.resultElement;
      return openBareSoapResult(
        reader,
        version,
        op.namespace ?? this.options.namespace,
        element,
        200,
        op.result === 'nullable',
        onHeader,
      );
    }
    const fault = parseSoapFault(textOf(response.body), 200);
    if (fault) throw fault;
    openSoapBody(reader, version, 200, onHeader);
    return true;
  }

  private check<R>(op: OperationBinding<R>, result: R): void {
    const check = op.check;
    if (!check || this.options.throwOnServiceError === false || !isServiceError(check, result)) return;
    const fields = result as Record<string, unknown>;
    const code = fields[check.codeField];
    const message = check.messageField ? fields[check.messageField] : undefined;
    const name = typeof code === 'number' ? check.codeNames?.get(code) : undefined;
    throw new SvcServiceError(
      op.name,
      code as string | number,
      typeof message === 'string' ? message : undefined,
      result,
      name,
    );
  }
}

/** The secrets of one call, gathered as it is made; the redactor is made from them once, when first needed. */
interface CallSecrets {
  signature?: string;
  /** The values of the parameters the spec marks secret. */
  params?: string[];
  redactor?: Redactor;
}

/** The wire text of a request's parameters that the spec marks secret (a password parameter). */
function secretParams(request: EncodedRequest, names: readonly string[]): string[] {
  const values: string[] = [];
  for (const [name, value] of request.params) {
    if (typeof value === 'string' && value !== '' && names.includes(name)) values.push(value);
  }
  return values;
}

/**
 * The non-empty string values of a record's secret members (a header's password), to be masked in every error; a
 * value that is not a string is left to the record's writer to refuse.
 */
export function secretValues(record: unknown, members: readonly string[]): string[] {
  if (record === null || typeof record !== 'object') return [];
  const values: string[] = [];
  for (const name of members) {
    const value = (record as Record<string, unknown>)[name];
    if (typeof value === 'string' && value !== '') values.push(value);
  }
  return values;
}

/** True when the result carries an error code that is not the success code (a missing code is a success). */
export function isServiceError(check: ResultCheck | undefined, result: unknown): boolean {
  if (!check || result === null || typeof result !== 'object') return false;
  const code = (result as Record<string, unknown>)[check.codeField];
  return code !== undefined && code !== null && code !== check.success;
}

function checkPrincipal(principal: unknown): void {
  if (typeof principal !== 'string') throw new SvcRequestError('the principal credential must be a string');
  checkText('the principal credential', principal);
}

/** The clock of a client given none: seconds since the Unix epoch. */
function systemSeconds(): number {
  return Date.now() / 1000;
}

/** The signer of a client given none: its empty signature is refused where a signature is sent. */
function noSignature(): string {
  return '';
}

/** The signers {@link hmacSigner} made: the only sign functions whose promise is awaited. */
const BUILT_IN_SIGNERS = new WeakSet<object>();

/**
 * The default signature: lower-case hex HMAC-SHA256 of the message, keyed by the API key. Synchronous on Node; a
 * promise elsewhere (WebCrypto), which the call awaits.
 */
export function hmacSigner(apiKey: string): (input: CoreSignInput) => string | Promise<string> {
  const sign = keyedHmac(apiKey);
  const signer = (input: CoreSignInput): string | Promise<string> => sign(input.message);
  BUILT_IN_SIGNERS.add(signer);
  return signer;
}
