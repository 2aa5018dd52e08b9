/**
 * The generic engine behind a generated mock: routes a request to an operation by path, Content-Type and action,
 * reads its parameters as strictly as the service, calls the handler, and frames the result or a fault in the style
 * the request came in. Generated code supplies the per-operation facts (names, readers, writers); nothing here knows
 * a particular service.
 *
 * The engine works on a {@link MockExchange} and answers a {@link MockReply} (mock-exchange.ts): `handle` adapts a web
 * Request and Response to them, and the node:http server (mock-server.ts) serves them without web objects.
 *
 * `handle` never rejects and never hangs on its own account: every failure, the mock's own included, is an answer.
 * Credential parameters are passed to the handler only as text in the context. The mock's own messages never quote
 * them; a handler's or an injection's text is shown with the secrets masked (the signature sent and the principal's
 * API key), but not the principal or the timestamp, which are not secret.
 */
import type { AuthFailureKind, MockAuth } from './auth.js';
import type { MockErrorCodes } from './codes.js';
import type { MockClock } from './clock.js';
import type { MockOperation } from './operation.js';
import { isFormStyle, type Style } from '../operation.js';
import {
  DROP,
  replyResponse,
  replyStatus,
  webExchange,
  type MockExchange,
  type MockHttpReply,
  type MockReply,
} from './exchange.js';
import {
  MockFault,
  RequestFault,
  faultReply,
  plainName,
  quoteInput,
  shortName,
  TEXT_PLAIN,
  textReply,
  type WireFaultCode,
} from './faults.js';
import {
  ParamTable,
  finishRequestEnvelope,
  mediaTypeOf,
  openRequestEnvelope,
  readFormParams,
  readRequestText,
  readSoapParams,
  requestAction,
  styleOfMediaType,
  type DecodedParams,
} from './request.js';
import { validateRequestForm } from './request-validation.js';
import { httpPostResultReply, soapResultReply } from './response.js';
import { mockFaultReply } from './typed-faults.js';
import { Redactor } from '../redact.js';
import { SvcDecodeError } from '../errors.js';
import { XmlNameTable, XmlReader } from '../codec/xml-reader.js';
import { writeInSlices } from '../codec/write-slices.js';
import { soapAction } from '../codec/xml-writer.js';

export type { Style } from '../operation.js';
export { MockFault, type MockTypedFault } from './faults.js';
export type { AuthFailureKind } from './auth.js';
export type { MockErrorCode } from './codes.js';
export type { MockExchange, MockReply } from './exchange.js';
export type { MockFaultBinding, MockOperation, MockParam, MockResponseHeader } from './operation.js';

/** A call the mock passed to its handler. */
export interface MockCall {
  /** The operation name. */
  readonly operation: string;
  /** The style the request came in. */
  readonly style: Style;
  /** The parameters as the handler got them: credential parameters are never included. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** What the handler gets besides the parameters. */
export interface MockContext {
  /** The operation name. */
  readonly operation: string;
  /** The style the request came in. */
  readonly style: Style;
  /** The request's signal: aborted when the caller goes away. */
  readonly signal: AbortSignal;
  /** The text of each credential parameter sent, by role (`principal`, `timestamp`, `signature`). */
  readonly credentials: Readonly<Record<string, string>>;
  /**
   * The caller: the principal credential as sent (the account or user the request is made for), undefined for an
   * operation without one.
   */
  readonly principal: string | undefined;
  /** The mock's clock, the one its credential check reads. */
  readonly clock: MockClock;
  /**
   * The caller's IP address as the server's socket saw it (an IPv4 caller of a dual-stack server as `::ffff:1.2.3.4`);
   * undefined when the request came through no socket (`handle(request)`, MSW).
   */
  readonly remoteAddress?: string | undefined;
  /**
   * The SOAP headers of the answer, by element name, for the handler to set (`context.responseHeaders.X = {...}`):
   * written in soap:Header of a SOAP answer, never in an HTTP POST or GET one. A header of the operation that is
   * required must be set; a name that is not a header of its answers is a handler's mistake, answered with a fault.
   * Always given by the mock; typed per operation by {@link MockHeadersContext}.
   */
  readonly responseHeaders?: Record<string, unknown>;
}

/**
 * The context of a handler whose operation's answers carry SOAP headers: `H` names them, and the handler sets those
 * it answers with in `responseHeaders`.
 */
export interface MockHeadersContext<H extends object> extends Omit<MockContext, 'responseHeaders'> {
  readonly responseHeaders: Partial<H>;
}

/** What a {@link MockCore} serves and how. */
export interface MockCoreOptions {
  /** Service path, e.g. `/api/Service.asmx`. */
  readonly path: string;
  /** Service namespace. */
  readonly namespace: string;
  /** Bindings the service offers. */
  readonly styles: readonly Style[];
  /** The operations, each name once. */
  readonly operations: readonly MockOperation[];
  /** Called with decoded params (credential params left out), returns the result value (or a promise). */
  readonly invoke: (operation: string, params: Record<string, unknown>, context: MockContext) => unknown;
  /** Largest request body read: default {@link DEFAULT_MAX_REQUEST_BYTES}, at most {@link MAX_REQUEST_BYTES_LIMIT}. */
  readonly maxRequestBytes?: number | undefined;
  /** Checks the credentials of operations that have credential parameters; without it they are not checked. */
  readonly auth?: MockAuth | undefined;
  /** Told of every answer, for a log: never a parameter or credential, only what was asked and how it went. */
  readonly onAnswer?: ((answer: MockAnswer) => void) | undefined;
  /** The service's error codes: what failed credentials and injected codes are answered with. */
  readonly errorCodes?: MockErrorCodes | undefined;
  /** The mock's clock, given to handlers (default the system clock). */
  readonly clock?: MockClock | undefined;
  /** The service's WSDL with its addresses at `origin` (the mock's own), answered to `GET <path>?WSDL`. */
  readonly wsdl?: ((origin: string) => string) | undefined;
  /**
   * Refuse HTTP POST form values and HTTP GET query string values that look like markup or script, as ASP.NET 4's
   * request validation does by default (mock-request-validation.ts); default false. SOAP bodies are not validated, as ASP.NET does not validate them.
   */
  readonly requestValidation?: boolean | undefined;
}

/**
 * The next answer of an operation, chosen by a test ({@link MockCore.inject}). At most one of `errorCode`, `fault`,
 * `status`, `drop` and `result`; none of them (a `delayMs` alone) answers as usual, late.
 */
export interface MockInjection {
  /** A 200 result carrying this error code (its name, or its integer for results that carry an int). */
  readonly errorCode?: string | number;
  /** The result's message with `errorCode` (default the code's name). */
  readonly errorMessage?: string;
  /** A SOAP fault of this kind (HTTP POST: 500 text), with `message` and `detail`. */
  readonly fault?: WireFaultCode;
  readonly message?: string;
  readonly detail?: string;
  /**
   * An HTTP answer of this status (200-599) with `body` (text or bytes, default empty) as `contentType` (a media type
   * such as `application/json; charset=utf-8`, default text/plain).
   */
  readonly status?: number;
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
  /** No answer at all: the connection is dropped (a fetch handler gets `Response.error()`). */
  readonly drop?: boolean;
  /** This result value, written as the operation's result in the request's style. */
  readonly result?: unknown;
  /**
   * Real milliseconds to wait before answering (cut short when the caller goes away), at most
   * {@link MAX_INJECTED_DELAY_MS}.
   */
  readonly delayMs?: number;
  /** How many calls in a row get this answer (default 1). */
  readonly times?: number;
}

/** One answered request, as {@link MockCoreOptions.onAnswer} is told of it. */
export interface MockAnswer {
  /** The operation, when the request got as far as naming a known one. */
  readonly operation: string | undefined;
  /** The style, when the request's path and Content-Type said which. */
  readonly style: Style | undefined;
  readonly status: number;
  /** Time from the request to its answer, in milliseconds. */
  readonly ms: number;
}

/** What routing learned of a request, for {@link MockAnswer}. */
interface Trace {
  operation?: string;
  style?: Style;
}

/** The default `maxRequestBytes`: 4 MiB, ASP.NET's default `maxRequestLength`. */
export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** The largest `maxRequestBytes` allowed: 16 MiB. */
export const MAX_REQUEST_BYTES_LIMIT = 16 * 1024 * 1024;
/** How many calls {@link MockCore.calls} keeps, the latest ones: a long-running mock server must not grow forever. */
export const MAX_RECORDED_CALLS = 1000;

/** An operation with what routing and reading need, worked out once. */
interface Route {
  readonly op: MockOperation;
  readonly table: ParamTable;
  /** The namespace of its elements. */
  readonly namespace: string;
  /** Its action, unquoted. */
  readonly action: string;
  /** Served over HTTP POST. */
  readonly httpPost: boolean;
  /** Served over HTTP GET. */
  readonly httpGet: boolean;
}

/** A request read and checked, ready for the handler. */
interface Call extends DecodedParams {
  readonly route: Route;
}

/**
 * The mock engine: `handle(request)` answers a web Request as the service would. Make one per mock service and serve
 * it with mock-server.ts, an MSW handler or a test's own fetch.
 */
export class MockCore {
  readonly #options: MockCoreOptions;
  readonly #routes = new Map<string, Route>();
  /** Route by lower-case name, to name the operation a misspelt one meant. */
  readonly #folded = new Map<string, Route>();
  /** Operation name by action, to tell an action of another operation from one of none. */
  readonly #actions = new Map<string, string>();
  /** Bare operations by action: the action is what names them, their Body holding no operation element. */
  readonly #bareActions = new Map<string, Route>();
  /**
   * Every operation by action. Operations may share one (an empty SOAPAction, usual outside ASP.NET, or two bare
   * operations of one action): the Body's first element then tells them apart, as such servers dispatch.
   */
  readonly #byAction = new Map<string, Route[]>();
  /**
   * Bare operations by the name of a parameter element (`{namespace}name`), for a request without an action: null
   * where the element is a parameter of more than one of them.
   */
  readonly #bareElements = new Map<string, Route | null>();
  readonly #styles: ReadonlySet<Style>;
  /** The path the HTTP POST and GET paths (`<stem>/<Operation>`) start with: the path without its trailing slash. */
  readonly #formStem: string;
  readonly #maxBytes: number;
  readonly #clock: MockClock;
  /** Request documents repeat the same names, so the reader's name table is kept across requests. */
  readonly #names = new XmlNameTable();
  readonly #calls: MockCall[] = [];
  /** Answers injected by tests, per operation, in the order they are given. */
  readonly #injected = new Map<string, Array<{ injection: MockInjection; left: number }>>();

  /**
   * @param options - the service's facts and the handler; throws TypeError for a malformed path or operation list and
   *   RangeError for a `maxRequestBytes` that is not a positive integer up to {@link MAX_REQUEST_BYTES_LIMIT}
   */
  constructor(options: MockCoreOptions) {
    // `/` alone and a trailing slash are paths real services have (a root address, a JAX-WS endpoint); `//x` is not.
    if (typeof options.path !== 'string' || !/^\/(?!\/)[^\s?#]*$/.test(options.path)) {
      throw new TypeError('path must start with one "/" and hold no space, ? or #, e.g. /api/Service.asmx or /');
    }
    this.#options = options;
    this.#formStem = options.path.endsWith('/') ? options.path.slice(0, -1) : options.path;
    this.#maxBytes = checkMaxBytes(options.maxRequestBytes);
    this.#clock = options.clock ?? SYSTEM_CLOCK;
    this.#styles = new Set(options.styles);
    for (const op of options.operations) this.#add(op);
  }

  /** The calls passed to the handler, oldest first (the latest {@link MAX_RECORDED_CALLS}); no credential in them. */
  get calls(): readonly MockCall[] {
    return this.#calls;
  }

  /**
   * Makes the next call of `operation` (the next `times` calls) get `injection` instead of the handler's answer,
   * after the request was read and its credentials passed; injections of one operation are used in order.
   * @throws TypeError for an unknown operation, or an injection that asks for two answers at once or has a member
   *   that could not be answered (see {@link MockInjection}); nothing is injected then
   */
  inject(operation: string, injection: MockInjection): void {
    if (!this.#routes.has(operation))
      throw new TypeError(`inject: ${JSON.stringify(operation)} is not an operation of this service`);
    checkInjection(injection);
    // A copy: changing the object (or its bytes) afterwards must not change, or break, what was checked.
    const body = injection.body instanceof Uint8Array ? injection.body.slice() : injection.body;
    const kept: MockInjection = Object.freeze({ ...injection, ...(body === undefined ? {} : { body }) });
    const queue = this.#injected.get(operation) ?? [];
    queue.push({ injection: kept, left: kept.times ?? 1 });
    this.#injected.set(operation, queue);
  }

  /** Forgets the recorded calls, the pending injections and the request counts of every limit. */
  reset(): void {
    this.#calls.length = 0;
    this.#injected.clear();
    this.#options.auth?.reset();
  }

  /**
   * Answers one request: a result (200), a fault or HTTP POST error (500), or 404, 405, 415 for requests that reach
   * no operation. Never rejects.
   * @param request - the web Request
   */
  async handle(request: Request): Promise<Response> {
    return this.#answer(webExchange(request), replyResponse, responseStatus);
  }

  /**
   * Answers one request read directly, with no web Request or Response: the entry of the node:http server
   * (mock-server.ts), which answers as {@link handle} does. Never rejects.
   * @param exchange - the request
   */
  serveExchange(exchange: MockExchange): Promise<MockReply> {
    return this.#answer(exchange, sameReply, replyStatus);
  }

  /**
   * Routes and answers a request, as a reply or (`handle`) a Response, and tells `onAnswer` of it. Making the answer
   * is part of answering: a reply that cannot be made into a Response is the mock's failure, answered and told as one.
   */
  async #answer<A>(exchange: MockExchange, make: (reply: MockReply) => A, statusOf: (answer: A) => number): Promise<A> {
    const onAnswer = this.#options.onAnswer;
    const start = onAnswer === undefined ? 0 : performance.now();
    const trace: Trace = {};
    let answer: A;
    try {
      answer = make(await this.#route(exchange, trace));
    } catch (error) {
      answer = make(textReply(500, `the mock failed: ${messageOf(error)}`));
    }
    if (onAnswer !== undefined) {
      try {
        onAnswer({
          operation: trace.operation,
          style: trace.style,
          status: statusOf(answer),
          ms: performance.now() - start,
        });
      } catch {
        // A logger that fails must not turn an answer into a failure.
      }
    }
    return answer;
  }

  #add(op: MockOperation): void {
    if (this.#routes.has(op.name)) throw new TypeError(`operation ${op.name} is defined twice`);
    const { namespace } = this.#options;
    const route: Route = {
      op,
      table: new ParamTable(op.params),
      namespace: op.namespace ?? namespace,
      // ASMX's default action is the service namespace + name, also for an operation with a namespace of its own.
      action: op.soapAction ?? soapAction(namespace, op.name).slice(1, -1),
      httpPost:
        this.#styles.has('httpPost') &&
        op.httpPost !== false &&
        (op.result === 'void' || op.httpPostRoot !== undefined),
      httpGet:
        this.#styles.has('httpGet') && op.httpGet !== false && (op.result === 'void' || op.httpPostRoot !== undefined),
    };
    this.#routes.set(op.name, route);
    if (!this.#folded.has(op.name.toLowerCase())) this.#folded.set(op.name.toLowerCase(), route);
    if (!this.#actions.has(route.action)) this.#actions.set(route.action, op.name);
    this.#byAction.set(route.action, [...(this.#byAction.get(route.action) ?? []), route]);
    if (op.bare === true) {
      if (!this.#bareActions.has(route.action)) this.#bareActions.set(route.action, route);
      for (const param of op.params) {
        const key = `{${route.namespace}}${param.name}`;
        const known = this.#bareElements.get(key);
        this.#bareElements.set(key, known === undefined || known === route ? route : null);
      }
    }
  }

  // ---- routing -----------------------------------------------------------------------------------------------------

  async #route(request: MockExchange, trace: Trace): Promise<MockReply> {
    const url = request.url;
    const { path } = this.#options;
    if (url.pathname === path) return this.#servicePath(request, url, trace);
    const stem = this.#formStem;
    if (url.pathname.startsWith(stem) && url.pathname.charCodeAt(stem.length) === SLASH) {
      return this.#operationPath(request, url.pathname.slice(stem.length + 1), trace);
    }
    return notFound(path);
  }

  /** `<path>`: SOAP, and the WSDL. */
  #servicePath(request: MockExchange, url: URL, trace: Trace): Promise<MockReply> | MockReply {
    if (request.method !== 'POST') {
      if ((request.method === 'GET' || request.method === 'HEAD') && url.search.toLowerCase() === '?wsdl') {
        const wsdl = this.#options.wsdl;
        if (wsdl === undefined) return textReply(404, 'this mock has no WSDL');
        // ASMX serves its WSDL as text/xml; HEAD gets the same headers and no body.
        const body = request.method === 'HEAD' ? '' : wsdl(url.origin);
        return { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8' }, body };
      }
      return methodNotAllowed(request.method);
    }
    const contentType = request.header('content-type') ?? '';
    const style = styleOfMediaType(mediaTypeOf(contentType));
    if (style === undefined || style === 'httpPost' || !this.#styles.has(style)) {
      return unsupportedType(contentType, this.#soapTypes());
    }
    trace.style = style;
    return this.#serve(request, style, undefined, trace);
  }

  /**
   * `<path>/<Operation>`: HTTP POST, and HTTP GET with the form in the query string. A form protocol the service does
   * not enable gets ASMX's answer for it (ASP.NET turns HTTP GET off by default): HTTP 500, "Request format is
   * unrecognized".
   */
  #operationPath(request: MockExchange, segment: string, trace: Trace): Promise<MockReply> | MockReply {
    const post = this.#styles.has('httpPost');
    const get = this.#styles.has('httpGet');
    if ((!post && !get) || segment === '' || segment.includes('/')) return notFound(this.#options.path);
    const style = request.method === 'GET' ? 'httpGet' : request.method === 'POST' ? 'httpPost' : undefined;
    if (style === undefined) return methodNotAllowed(request.method, get);
    if (!this.#styles.has(style)) {
      return textReply(
        500,
        `Request format is unrecognized for URL unexpectedly ending in '/${plainName(decodeSegment(segment))}'.`,
      );
    }
    const name = decodeSegment(segment);
    const route = this.#routes.get(name);
    if (route === undefined) return textReply(500, `Unknown web method ${plainName(name)}.${this.#didYouMean(name)}`);
    if (style === 'httpGet') {
      if (!route.httpGet)
        return textReply(
          500,
          `The operation ${name} has no HTTP GET binding: call it with ${route.httpPost ? 'HTTP POST or ' : ''}SOAP.`,
        );
    } else {
      if (!route.httpPost)
        return textReply(
          500,
          `The operation ${name} has no HTTP POST binding: call it with ${route.httpGet ? 'HTTP GET or ' : ''}SOAP.`,
        );
      const contentType = request.header('content-type') ?? '';
      if (styleOfMediaType(mediaTypeOf(contentType)) !== 'httpPost') {
        return unsupportedType(contentType, ['application/x-www-form-urlencoded (HTTP POST)']);
      }
    }
    trace.style = style;
    trace.operation = route.op.name;
    return this.#serve(request, style, route, trace);
  }

  #soapTypes(): string[] {
    const types: string[] = [];
    if (this.#styles.has('soap11')) types.push('text/xml (SOAP 1.1)');
    if (this.#styles.has('soap12')) types.push('application/soap+xml (SOAP 1.2)');
    return types;
  }

  #didYouMean(name: string): string {
    const route = this.#folded.get(name.toLowerCase());
    return route === undefined ? '' : ` (The operation is spelt ${route.op.name}.)`;
  }

  // ---- reading -----------------------------------------------------------------------------------------------------

  /** Reads and checks the request, then calls the handler; a refusal is a fault of the request's style. */
  async #serve(request: MockExchange, style: Style, route: Route | undefined, trace: Trace): Promise<MockReply> {
    let call: Call;
    try {
      // HTTP GET carries the form in the query string, and its body (a GET should have none) is not read.
      const text = style === 'httpGet' ? request.url.search.slice(1) : await readRequestText(request, this.#maxBytes);
      call =
        route !== undefined
          ? { route, ...this.#readForm(text, route, style === 'httpGet' ? 'QueryString' : 'Form') }
          : this.#readSoap(request, style, text, trace);
    } catch (error) {
      if (error instanceof RequestFault) return faultReply(style, error.code, error.message);
      return faultReply(style, 'Server', `the mock failed while reading the request: ${messageOf(error)}`);
    }
    return this.#invoke(request, style, call);
  }

  #readForm(text: string, route: Route, collection: 'Form' | 'QueryString'): DecodedParams {
    const validate =
      this.#options.requestValidation === true
        ? (fields: ReadonlyMap<string, readonly string[]>) =>
            validateRequestForm(fields, route.op, route.table, (c) => this.#redactor(c), collection)
        : undefined;
    return readFormParams(text, route.op, route.table, validate);
  }

  #readSoap(request: MockExchange, style: Style, text: string, trace: Trace): Call {
    const reader = new XmlReader(text, this.#names);
    // A request is held to the schema's patterns; the client reads answers without them.
    reader.checkPatterns = true;
    try {
      const present = openRequestEnvelope(reader, style === 'soap11' ? '1.1' : '1.2', this.#bareActions.size > 0);
      const route =
        this.#bareActions.size > 0 ? this.#bareRouteOf(request, style, reader, present) : this.#operationOf(reader);
      trace.operation = route.op.name;
      this.#checkAction(request, style, route, present ? reader.localName : undefined);
      if (route.op.bare === true) {
        const decoded = readSoapParams(
          reader,
          route.op,
          route.table,
          route.namespace,
          this.#options.namespace,
          present ? 'first' : 'none',
        );
        // The parameters' loop consumed the Body: what is left is the Envelope's end.
        while (reader.nextChild()) reader.skip();
        reader.readEnd();
        return { route, ...decoded };
      }
      const decoded = readSoapParams(reader, route.op, route.table, route.namespace, this.#options.namespace);
      finishRequestEnvelope(reader, route.op.name);
      return { route, ...decoded };
    } catch (error) {
      // Malformed markup anywhere: the reader's message says what and where (it never quotes a value).
      if (error instanceof SvcDecodeError) throw new RequestFault('Client', error.message);
      throw error;
    }
  }

  /** The operation the Body's element names, which must be in the operation's namespace. */
  #operationOf(reader: XmlReader): Route {
    const name = reader.localName;
    const route = this.#routes.get(name);
    if (route === undefined) {
      throw new RequestFault(
        'Client',
        `the SOAP Body holds <${shortName(name)}>, which is not an operation of this service${this.#didYouMean(name)}`,
      );
    }
    if (reader.namespaceUri !== route.namespace) {
      const found = reader.namespaceUri === '' ? 'no namespace' : `namespace ${quoteInput(reader.namespaceUri)}`;
      throw new RequestFault(
        'Client',
        `<${name}> is in ${found}, but the operation is in namespace ${JSON.stringify(route.namespace)}`,
      );
    }
    return route;
  }

  /**
   * The operation of a request to a service with bare operations, as ASMX routes by SOAPAction: the bare operation its
   * action names (SOAPAction, or the action parameter of a SOAP 1.2 Content-Type); else the operation the Body's first
   * element names (a wrapped one), or the one bare operation that has a parameter of that name. Where operations share
   * the action, the one whose Body starts with that element (a bare one with no parameter: an empty Body). An empty
   * Body with no action of a bare operation names nothing.
   */
  #bareRouteOf(request: MockExchange, style: Style, reader: XmlReader, present: boolean): Route {
    const action = requestAction(request, style);
    // A SOAP 1.2 request for an operation whose action is empty names none.
    const sharing = this.#byAction.get(action ?? '');
    if (sharing !== undefined && (sharing.length > 1 || action === undefined)) {
      const chosen = sharing.find((route) => startsBody(route, reader, present));
      if (chosen !== undefined) return chosen;
    } else if (sharing?.[0]?.op.bare === true) return sharing[0];
    if (!present) {
      const missing =
        style === 'soap11'
          ? 'the SOAPAction HTTP header names'
          : 'the request names (in the action parameter of its Content-Type)';
      throw new RequestFault('Client', `the SOAP Body is empty, and ${missing} no operation that takes no parameter`);
    }
    const wrapped = this.#routes.get(reader.localName);
    if (wrapped !== undefined && wrapped.op.bare !== true) return this.#operationOf(reader);
    const bare = this.#bareElements.get(`{${reader.namespaceUri}}${reader.localName}`);
    if (bare === null && action !== undefined && !this.#byAction.has(action)) {
      // The element names no one operation, and the action none at all: the action is what is wrong, as ASMX says.
      throw new RequestFault(
        'Client',
        style === 'soap11'
          ? `Server did not recognize the value of HTTP Header SOAPAction: ${quoteInput(action)}`
          : `the action parameter of the Content-Type, ${quoteInput(action)}, is the action of no operation`,
      );
    }
    if (bare === null) {
      const where = style === 'soap11' ? 'SOAPAction HTTP header' : 'action parameter of the Content-Type';
      throw new RequestFault(
        'Client',
        `the SOAP Body starts with <${shortName(reader.localName)}>, a parameter of several operations: name the operation in the ${where}`,
      );
    }
    return bare ?? this.#operationOf(reader);
  }

  /**
   * SOAP 1.1 requires the SOAPAction header and it must be the operation's; SOAP 1.2 may name the action in the
   * Content-Type, and then it must be the operation's too. `first` is the Body's first element, undefined for none.
   */
  #checkAction(request: MockExchange, style: Style, route: Route, first?: string): void {
    const action = requestAction(request, style);
    const expected = JSON.stringify(route.action);
    if (action === undefined) {
      if (style === 'soap11')
        throw new RequestFault('Client', `the SOAPAction HTTP header is missing: ${route.op.name} expects ${expected}`);
      return;
    }
    if (action === route.action) return;
    const where = style === 'soap11' ? 'the SOAPAction HTTP header' : 'the action parameter of the Content-Type';
    const other = this.#actions.get(action);
    if (other !== undefined) {
      const body =
        route.op.bare !== true
          ? `<${route.op.name}>`
          : first === undefined
            ? 'nothing'
            : `<${shortName(first)}>, a parameter of ${route.op.name}`;
      throw new RequestFault('Client', `${where} names operation ${other}, but the SOAP Body holds ${body}`);
    }
    const message =
      style === 'soap11'
        ? `Server did not recognize the value of HTTP Header SOAPAction: ${quoteInput(action)}; the action of ${route.op.name} is ${expected}`
        : `${where}, ${quoteInput(action)}, is not the action of ${route.op.name}: expected ${expected}`;
    throw new RequestFault('Client', message);
  }

  // ---- calling -----------------------------------------------------------------------------------------------------

  async #invoke(request: MockExchange, style: Style, call: Call): Promise<MockReply> {
    const { op, namespace } = call.route;
    let value: unknown = NOT_INJECTED;
    // Headers are the handler's: an answer of the mock's own (credentials refused, an injection) carries none.
    let headers: Record<string, unknown> | undefined;
    const failure = this.#checkCredentials(op, call);
    if (failure !== undefined) {
      // The service answers failed credentials itself, in a result; the handler is never reached.
      const code = this.#options.errorCodes?.failure(failure);
      value = code === undefined ? undefined : op.errorResult?.(code, code.value);
      if (value === undefined)
        return this.#fault(style, call, 'Client', `${op.name}: the credentials were refused (${failure})`);
    } else {
      this.#record({ operation: op.name, style, params: Object.freeze({ ...call.params }) });
      const injection = this.#takeInjection(op.name);
      if (injection !== undefined) {
        if (injection.delayMs !== undefined) await delay(injection.delayMs, request.signal);
        const answer = this.#injectedAnswer(style, call, injection);
        if (answer instanceof InjectedReply) return answer.reply;
        value = answer;
      }
      if (value === NOT_INJECTED) {
        const context = new HandlerContext(op.name, style, Object.freeze(call.credentials), this.#clock, request);
        headers = context.responseHeaders;
        try {
          value = await this.#options.invoke(op.name, call.params, context);
        } catch (error) {
          if (error instanceof MockFault)
            return mockFaultReply(style, op, error, this.#options.namespace, (t) =>
              this.#redactor(call.credentials).text(t),
            );
          return this.#fault(style, call, 'Server', `the mock's handler for ${op.name} failed: ${messageOf(error)}`);
        }
      }
    }
    try {
      const members = this.#options.namespace;
      // In slices, so that an answer of many thousand items does not keep every other request waiting.
      return await writeInSlices(
        () =>
          isFormStyle(style)
            ? httpPostResultReply(op, namespace, value, members)
            : soapResultReply(style, op, namespace, value, members, headers),
        WRITE_SLICE_MS,
      );
    } catch (error) {
      return this.#fault(
        style,
        call,
        'Server',
        `the mock's handler for ${op.name} returned a result that cannot be written: ${messageOf(error)}`,
      );
    }
  }

  #takeInjection(operation: string): MockInjection | undefined {
    const queue = this.#injected.get(operation);
    const next = queue?.[0];
    if (queue === undefined || next === undefined) return undefined;
    if (--next.left <= 0) queue.shift();
    return next.injection;
  }

  /** What an injection answers: a whole answer (an InjectedReply), a result value, or NOT_INJECTED for a delay alone. */
  #injectedAnswer(style: Style, call: Call, injection: MockInjection): unknown {
    const { op } = call.route;
    if (injection.drop === true) return new InjectedReply(DROP);
    if (injection.status !== undefined) {
      return new InjectedReply({
        status: injection.status,
        headers: { 'Content-Type': injection.contentType ?? TEXT_PLAIN },
        body: injection.body ?? '',
      });
    }
    if (injection.fault !== undefined) {
      return new InjectedReply(
        this.#fault(
          style,
          call,
          injection.fault,
          injection.message ?? `${op.name}: an injected ${injection.fault} fault`,
          injection.detail,
        ),
      );
    }
    if (injection.errorCode !== undefined) {
      const codes = this.#options.errorCodes;
      const code = codes === undefined ? undefined : codes.code(injection.errorCode);
      const value = code === undefined ? undefined : op.errorResult?.(code, injection.errorMessage ?? code.value);
      if (value === undefined) {
        const message = `${op.name}: cannot answer the injected code ${String(injection.errorCode)}: its result has no error code of that kind`;
        return new InjectedReply(this.#fault(style, call, 'Server', message));
      }
      return value;
    }
    if ('result' in injection) return injection.result;
    return NOT_INJECTED;
  }

  /** Why the request's credentials fail, or undefined when they pass or are not checked. */
  #checkCredentials(op: MockOperation, call: Call): AuthFailureKind | undefined {
    const auth = this.#options.auth;
    if (auth === undefined || !op.params.some((p) => p.role !== undefined)) return undefined;
    return auth.check(call.credentials, op.eat?.(call.params) ?? '');
  }

  /**
   * A fault whose texts come from a handler or a test, which may have quoted a secret: the request's signature and
   * its principal's API key are masked. The principal and timestamp are not secret, and a message naming them (an
   * account over its limit) must keep them.
   */
  #fault(style: Style, call: Call, code: WireFaultCode, message: string, detail?: string): MockHttpReply {
    const redactor = this.#redactor(call.credentials);
    return faultReply(style, code, redactor.text(message), detail === undefined ? undefined : redactor.text(detail));
  }

  /** Masks the secrets a request's credentials involve: the signature it sent and its principal's API key. */
  #redactor(credentials: Readonly<Record<string, string>>): Redactor {
    const principal = credentials['principal'];
    const apiKey = principal === undefined ? undefined : this.#options.auth?.apiKeyOf(principal);
    return new Redactor([...SECRET_ROLES.map((role) => credentials[role]), apiKey]);
  }

  #record(call: MockCall): void {
    const calls = this.#calls;
    calls.push(call);
    // shift, not splice: V8 shifts by moving the array's start, where splice copied the 1000 entries on every call.
    if (calls.length > MAX_RECORDED_CALLS) calls.shift();
  }
}

const SLASH = 47;

/** How long one slice of writing an answer may hold the event loop (write-slices.ts). */
const WRITE_SLICE_MS = 10;

/** The credential roles whose values are secrets: the signature (a key computed from the API key). */
const SECRET_ROLES = ['signature'] as const;

/** Unix seconds of the system clock, for a core given no clock. */
const SYSTEM_CLOCK: MockClock = { now: () => Date.now() / 1000 };

/** The handler's answer has not been replaced by an injection. */
const NOT_INJECTED: unique symbol = Symbol('not injected');

/**
 * What a handler gets, frozen. Its signal is the request's, asked for only when the handler reads it: a server's
 * exchange makes one on demand, and most handlers never ask. (A class, as an object literal with a getter would get a
 * hidden class of its own each time, which V8 then has to collect.)
 */
class HandlerContext implements MockContext {
  readonly operation: string;
  readonly style: Style;
  readonly credentials: Readonly<Record<string, string>>;
  readonly principal: string | undefined;
  readonly clock: MockClock;
  readonly responseHeaders: Record<string, unknown> = {};
  readonly #request: MockExchange;

  constructor(
    operation: string,
    style: Style,
    credentials: Readonly<Record<string, string>>,
    clock: MockClock,
    request: MockExchange,
  ) {
    this.operation = operation;
    this.style = style;
    this.credentials = credentials;
    this.principal = credentials['principal'];
    this.clock = clock;
    this.#request = request;
    Object.freeze(this);
  }

  get signal(): AbortSignal {
    return this.#request.signal;
  }

  get remoteAddress(): string | undefined {
    return this.#request.remoteAddress;
  }
}

/** An injection's whole answer, told apart from a result value (which may be any object). */
class InjectedReply {
  readonly reply: MockReply;

  constructor(reply: MockReply) {
    this.reply = reply;
  }
}

function sameReply(reply: MockReply): MockReply {
  return reply;
}

function responseStatus(response: Response): number {
  return response.status;
}

const ANSWER_KEYS = ['errorCode', 'fault', 'status', 'drop', 'result'] as const;

/** Every member an injection may have. */
const INJECTION_KEYS: ReadonlySet<string> = new Set([
  ...ANSWER_KEYS,
  'errorMessage',
  'message',
  'detail',
  'body',
  'contentType',
  'delayMs',
  'times',
]);

/** The longest delay a timer holds: Node fires a longer one at once (with a TimeoutOverflowWarning). */
export const MAX_INJECTED_DELAY_MS = 2 ** 31 - 1;

/**
 * A media type as a Content-Type header carries it: `type/subtype`, then `; name=value` parameters whose values are
 * tokens or quoted strings (which may hold Latin-1 text, but no control character).
 */
const MEDIA_TYPE =
  /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*;[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+=(?:[!#$%&'*+.^_`|~0-9A-Za-z-]+|"(?:[\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"))*[ \t]*$/;

/**
 * Refuses, when it is made, an injection that could not be answered: two answers at once, a member of the wrong type,
 * a Content-Type that is no valid header value (a line break in it would break the answer, or the server), a delay a
 * timer cannot hold. An injection is checked whole here so that the call that meets it never fails on it.
 */
function checkInjection(injection: MockInjection): void {
  if (injection === null || typeof injection !== 'object' || Array.isArray(injection)) {
    throw new TypeError(
      `inject: the injection must be an object, got ${injection === null ? 'null' : typeof injection}`,
    );
  }
  const unknown = Object.keys(injection).filter((k) => !INJECTION_KEYS.has(k));
  if (unknown.length > 0) {
    throw new TypeError(
      `inject: unknown member ${unknown.map((k) => JSON.stringify(k)).join(', ')} (known: ${[...INJECTION_KEYS].join(', ')})`,
    );
  }
  const answers = ANSWER_KEYS.filter((k) => injection[k] !== undefined && injection[k] !== false);
  if (answers.length > 1) throw new TypeError(`inject: give one answer, not ${answers.join(' and ')}`);
  const times = injection.times ?? 1;
  if (!Number.isSafeInteger(times) || times < 1)
    throw new TypeError(`inject: times must be a positive integer, got ${String(injection.times)}`);
  const ms = injection.delayMs;
  if (ms !== undefined && !(typeof ms === 'number' && ms >= 0 && ms <= MAX_INJECTED_DELAY_MS)) {
    throw new TypeError(
      `inject: delayMs must be from 0 to ${MAX_INJECTED_DELAY_MS} (about 24.8 days, the most a timer holds), got ${String(ms)}`,
    );
  }
  const status = injection.status;
  if (status !== undefined && !(Number.isInteger(status) && status >= 200 && status <= 599)) {
    throw new TypeError(`inject: status must be an HTTP status from 200 to 599, got ${String(status)}`);
  }
  if (injection.fault !== undefined && injection.fault !== 'Client' && injection.fault !== 'Server') {
    throw new TypeError(`inject: fault must be 'Client' or 'Server', got ${String(injection.fault)}`);
  }
  if (injection.drop !== undefined && typeof injection.drop !== 'boolean') {
    throw new TypeError(`inject: drop must be true or false, got ${typeof injection.drop}`);
  }
  const code = injection.errorCode;
  if (code !== undefined && typeof code !== 'string' && !(typeof code === 'number' && Number.isSafeInteger(code))) {
    throw new TypeError(`inject: errorCode must be a code's name or its integer, got ${typeof code}`);
  }
  for (const key of ['errorMessage', 'message', 'detail'] as const) {
    const text = injection[key];
    if (text !== undefined && typeof text !== 'string')
      throw new TypeError(`inject: ${key} must be a string, got ${typeof text}`);
  }
  const body = injection.body;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new TypeError(`inject: body must be a string or a Uint8Array, got ${body === null ? 'null' : typeof body}`);
  }
  const type = injection.contentType;
  if (type !== undefined && (typeof type !== 'string' || !MEDIA_TYPE.test(type))) {
    const shown = typeof type === 'string' ? quoteInput(type) : typeof type;
    throw new TypeError(
      `inject: contentType must be a media type as a Content-Type header carries it (type/subtype; name=value, in Latin-1, no line break), got ${shown}`,
    );
  }
  if ((body !== undefined || type !== undefined) && status === undefined) {
    throw new TypeError('inject: body and contentType go with status');
  }
}

/** Waits `ms` real milliseconds, or less when `signal` aborts (the caller went away: nobody waits for the answer). */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted || ms === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

function checkMaxBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_REQUEST_BYTES;
  if (!Number.isInteger(value) || value <= 0 || value > MAX_REQUEST_BYTES_LIMIT) {
    throw new RangeError(
      `maxRequestBytes must be a positive integer of at most ${MAX_REQUEST_BYTES_LIMIT} (16 MiB), got ${String(value)}`,
    );
  }
  return value;
}

function notFound(path: string): MockHttpReply {
  return textReply(404, `Not found. The service is at ${path}.`);
}

function methodNotAllowed(method: string, get = false): MockHttpReply {
  return get
    ? textReply(405, `The method ${plainName(method)} is not allowed here: send a POST or a GET.`, {
        Allow: 'GET, POST',
      })
    : textReply(405, `The method ${plainName(method)} is not allowed here: send a POST.`, { Allow: 'POST' });
}

function unsupportedType(contentType: string, accepted: readonly string[]): MockHttpReply {
  const given =
    contentType === '' ? 'No Content-Type was given' : `The Content-Type ${quoteInput(contentType)} is not accepted`;
  const takes =
    accepted.length === 0
      ? 'this service takes HTTP POST forms only, at its path + /<Operation>'
      : `this URL accepts ${accepted.join(', ')}`;
  return textReply(415, `${given}; ${takes}.`);
}

/** A path segment percent-decoded; a malformed one is kept as it is (it then names no operation). */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The message of anything thrown, never throwing itself (a thrown object's toString may). */
function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unprintable exception';
  }
}

/**
 * Whether a request Body starts as `route`'s does: a wrapped operation with its operation element, a bare one with its
 * first parameter's element (an empty Body for one without parameters). `present` says whether the Body has a child.
 */
function startsBody(route: Route, reader: XmlReader, present: boolean): boolean {
  const first = route.op.bare === true ? route.op.params[0]?.name : route.op.name;
  if (first === undefined) return !present;
  return present && reader.localName === first && reader.namespaceUri === route.namespace;
}
