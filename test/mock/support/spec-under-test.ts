/**
 * One fixture spec under test: its generated client and mock, one mock server on loopback, and the table of calls
 * (operation x style) the spec offers, each with arguments built from the model (sample-values.ts).
 */
import type { BindingName, OperationModel, ServiceModel } from '../../../generator/model/types.js';
import { loadSpec } from '../../../generator/load/load.js';
import { ROOT, generateService } from './generated-service.js';
import { hasMinimalCall, minimalCall, sampleArgs, sampleRecord } from './sample-values.js';

export type Style = BindingName;

export interface MockCall {
  readonly operation: string;
  readonly style: Style;
  readonly params: Readonly<Record<string, unknown>>;
}

export interface MockServer {
  readonly url: string;
  close(): Promise<void>;
  readonly service: { readonly calls: readonly MockCall[]; handle(request: Request): Promise<Response> };
}

type Client = Record<string, (params?: unknown) => Promise<unknown>>;
type ClientClass = new (options: Record<string, unknown>) => Client;
type Handlers = Record<string, (params?: unknown, context?: unknown) => unknown>;

/** One call of the table: an operation in one of its styles, with its arguments. */
export interface CallCase {
  readonly operation: string;
  readonly method: string;
  readonly style: Style;
  /** `full`: every parameter given, records filled; `minimal`: optional ones left out, nil, empty lists. */
  readonly variant: 'full' | 'minimal';
  readonly args: Record<string, unknown>;
  /** The parameters the handler must receive. */
  readonly received: Record<string, unknown>;
}

export const PRINCIPAL = 'Ann & <Partners> Zoë';
export const API_KEY = 'k3y&<secret>"é"';

/** The styles an operation is served in: the service's SOAP bindings, HTTP POST and HTTP GET where the operation has them. */
export function stylesOf(model: ServiceModel, op: OperationModel): Style[] {
  return model.bindings.filter((b) => (b !== 'httpPost' || op.httpPost) && (b !== 'httpGet' || op.httpGet));
}

export class SpecUnderTest {
  /** Loaded when the tests are collected, so that the table of calls is known before anything is generated. */
  readonly model: ServiceModel;
  server!: MockServer;
  exampleHandlers!: Handlers;
  readonly #clients = new Map<Style, Client>();
  #client: Record<string, unknown> = {};

  /**
   * @param name - short name; the output goes to test/.tmp/mock-<name>
   * @param spec - the spec file, an absolute path
   */
  constructor(
    readonly name: string,
    readonly spec: string,
  ) {
    this.model = loadSpec(spec, { cwd: ROOT });
  }

  /** Generates the client and mock and starts the mock server (exampleHandlers only). */
  async start(): Promise<void> {
    const generated = await generateService(this.spec, `mock-${this.name}`);
    this.#client = generated.client;
    this.exampleHandlers = generated.mock['exampleHandlers'] as Handlers;
    const startMockServer = generated.mock['startMockServer'] as (
      options: Record<string, unknown>,
    ) => Promise<MockServer>;
    this.server = await startMockServer({ port: 0 });
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  /** The client options besides baseUrl and style: credentials where the service signs, every SOAP header. */
  clientOptions(): Record<string, unknown> {
    const options: Record<string, unknown> = {};
    const principal = this.model.parameters.find((p) => p.role === 'principal');
    if (principal !== undefined) options[principal.name] = PRINCIPAL;
    if (this.model.auth !== undefined) options['apiKey'] = API_KEY;
    for (const h of this.model.soapHeaders) options[h.option] = sampleRecord(h.record, h.element);
    return options;
  }

  client(style: Style): Client {
    let client = this.#clients.get(style);
    if (client === undefined) {
      const Class = this.#client[this.model.clientName] as ClientClass;
      client = new Class({ ...this.clientOptions(), baseUrl: this.server.url, style });
      this.#clients.set(style, client);
    }
    return client;
  }

  /** Every operation in every style it offers: every parameter given, and (where it differs) the least. */
  cases(): CallCase[] {
    return this.model.operations.flatMap((op) =>
      stylesOf(this.model, op).flatMap((style) => {
        const base = { operation: op.name, method: op.methodName, style };
        const full = sampleArgs(op);
        const cases: CallCase[] = [{ ...base, variant: 'full', args: full, received: full }];
        if (hasMinimalCall(op)) cases.push({ ...base, variant: 'minimal', ...minimalCall(op) });
        return cases;
      }),
    );
  }

  /** Calls the client; returns its result and the call the mock recorded for it (undefined when none). */
  async call(c: CallCase): Promise<{ result: unknown; recorded: MockCall | undefined }> {
    const before = this.server.service.calls.length;
    const client = this.client(c.style);
    const result = await client[c.method]!.call(client, c.args);
    const calls = this.server.service.calls;
    return { result, recorded: calls.length > before ? calls.at(-1) : undefined };
  }

  get clientModule(): Record<string, unknown> {
    return this.#client;
  }

  /** What the mock answers for `method` when nobody implemented it. */
  example(method: string): unknown {
    return this.exampleHandlers[method]!();
  }
}
