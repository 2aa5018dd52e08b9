/**
 * One WSDL of the corpus through everything test/import/corpus.test.ts asks of it, each problem recorded (never
 * thrown), so that one run reports every WSDL and every category:
 *
 * 1. `generate`: `svc-codegen --wsdl <wsdl> --out <dir>` in process (runGenerate), without --strict; the model is the
 *    draft's, imported once more in memory;
 * 2. `typecheck`: filled in by the test (one compiler program for every output);
 * 3. `mock`: the generated client against the generated mock, every operation in every style it offers: sample
 *    arguments sent, the example handler's answer decoded, every field compared (and the arguments the mock decoded);
 * 4. `schema`: every request the mock got and every answer it wrote, validated against the original WSDL's schema;
 * 5. `node-soap`: the generated client against node-soap serving the original WSDL (SOAP 1.1 and 1.2 where offered),
 *    with generic rows (support/node-soap-shapes.ts); operations node-soap cannot serve are listed with the reason.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { runGenerate, type GenerateRun } from '../../../generator/commands/generate.js';
import { importWsdl } from '../../../generator/import/index.js';
import { parseSpec } from '../../../generator/load/load.js';
import type { BindingName, OperationModel, ServiceModel } from '../../../generator/model/types.js';
import { startNodeSoapServer, type NodeSoapServer } from '../../helpers/node-soap-server.js';
import { fromRoot, repoRoot } from '../../helpers/paths.js';
import { soapBodyElements } from '../../helpers/soap-body.js';
import { validateAll } from '../../helpers/xsd.js';
import { definedPaths } from '../../interop/support/original-wsdl-service.js';
import { sampleArgs, sampleRecord } from '../../mock/support/sample-values.js';
import type { CorpusFixture } from './corpus-fixtures.js';
import { splitFacetErrors } from './facet-errors.js';
import { published } from './manifest.js';
import { remoteDocuments, wsdlSchemas } from './wsdl-schemas.js';
import {
  headerOptions,
  nodeSoapReturns,
  NODE_SOAP_TEXT,
  notServedReason,
  receivedArgs,
  receivedHeaders,
  responseHeaderXml,
  sampleResult,
} from './node-soap-shapes.js';

export type Stage = 'generate' | 'typecheck' | 'start' | 'mock' | 'schema' | 'node-soap';
export const STAGES: readonly Stage[] = ['generate', 'typecheck', 'start', 'mock', 'schema', 'node-soap'];

export interface Failure {
  readonly stage: Stage;
  /** The operation and style, or what else failed. */
  readonly where: string;
  readonly message: string;
}

/** How many operations of a WSDL the default run calls (all with SVC_CORPUS=full); undefined: all. */
export interface Limits {
  readonly operations?: number | undefined;
  /** The names of the operations to call, the others left out (SVC_CORPUS_OPS); undefined: no such filter. */
  readonly only?: ReadonlySet<string> | undefined;
}

type Client = Record<string, (params?: unknown) => Promise<unknown>>;
type ClientClass = new (options: Record<string, unknown>) => Client;
type Handlers = Record<string, (params?: unknown, context?: unknown) => unknown>;
interface MockServer {
  readonly url: string;
  close(): Promise<void>;
  readonly service: {
    readonly calls: ReadonlyArray<{ operation: string; style: string; params: Record<string, unknown> }>;
  };
}
interface Exchange {
  readonly style: BindingName;
  readonly where: string;
  readonly request: string;
  readonly status: number;
  readonly response: string;
}
/** The part of node-soap's Server a handler uses (its `this`). */
interface NodeSoapThis {
  addSoapHeader(header: (methodName: string) => string): number;
}

/** Why node-soap is not started for a WSDL that names remote documents (see CorpusRun.generate). */
export const REMOTE_DOCUMENTS =
  'the WSDL names documents by http(s) URL: node-soap would fetch them over the network when it starts';

/** The start of the record of a WSDL whose own schema libxml2 refuses (validation then skipped for it alone). */
export const SCHEMA_NOT_VALID = "the WSDL's schema is not valid XSD (libxml2: ";

/**
 * `value` with the members that hold `undefined` left out, in plain objects at any depth (arrays keep their items;
 * Dates, byte arrays and other classes are kept as they are, so that the strict comparison still checks their class).
 * DESIGN.md: "an absent one [decodes] to `undefined`"; the generated decoders return `{ a: f_a, .. }` and the types say
 * `a?: T | undefined` (valid under exactOptionalPropertyTypes too: test/generator/exact-optional.test.ts), so a
 * member holding undefined IS the absent member, by the types as by the values: it is compared as absent, and so
 * is one of the sample arguments. A member with any other value is still compared strictly.
 */
export function withoutUndefinedMembers(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefinedMembers);
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = Object.create(proto) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = withoutUndefinedMembers(v);
  return out;
}

/**
 * libxml2's refusal of a schema document by the Schema for Schemas (an attribute or content XML Schema does not allow
 * there): the WSDL's XSD itself is not valid. Or of the document as XML with namespaces: a namespace declaration
 * whose value is no URI reference (SAP's templated `http://{{url}}/xi/...`), which Namespaces in XML 1.0 says it MUST
 * be. A reference that does not resolve (a schema libxml2 lacks, or one not found) is not this: it stays a failure of
 * the harness or of the corpus.
 */
const INVALID_XSD =
  /Schemas parser error : Element '\{http:\/\/www\.w3\.org\/2001\/XMLSchema\}\w+': (?:The attribute '[^']+' is not allowed|The content is not valid)|namespace error : xmlns(?::[\w.-]+)?: '[^']*' is not a valid URI/;

/** Documents per libxml2 run. */
const VALIDATION_BATCH = 1000;

/** A call's own time limit: a call that never gets an answer is a failure, not a hung test. */
const CALL_TIMEOUT_MS = 20_000;

/**
 * Where `actual` first differs from `expected`, in toEqual's terms (an undefined member is an absent one): the path
 * and both values, so that the report names the field rather than "expected {...} to equal {...}".
 */
export function firstDifference(actual: unknown, expected: unknown, strict = false, path = '$'): string | undefined {
  const show = (v: unknown) => inspect(v, { depth: 1, breakLength: Infinity, maxStringLength: 120 });
  if (Object.is(actual, expected)) return undefined;
  const differ = `${path}: got ${show(actual)}, expected ${show(expected)}`;
  if (actual instanceof Date || expected instanceof Date) {
    return actual instanceof Date && expected instanceof Date && actual.getTime() === expected.getTime()
      ? undefined
      : differ;
  }
  if (ArrayBuffer.isView(actual) || ArrayBuffer.isView(expected)) {
    const bytes = (v: unknown) =>
      ArrayBuffer.isView(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex') : undefined;
    return bytes(actual) !== undefined && bytes(actual) === bytes(expected) ? undefined : differ;
  }
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) return differ;
  if (Array.isArray(actual) !== Array.isArray(expected)) return differ;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(e)) {
    return `${path}: got an object of class ${a.constructor?.name ?? 'none'}, expected one of class ${e.constructor?.name ?? 'none'}`;
  }
  const keys = [...new Set([...Object.keys(e), ...Object.keys(a)])];
  for (const k of keys) {
    // toStrictEqual: a member set to undefined is not an absent one.
    if (strict && k in a !== k in e)
      return `${path}.${k}: ${k in a ? 'present' : 'absent'}, expected ${k in e ? 'present' : 'absent'} (${show(a[k])} / ${show(e[k])})`;
    const found = firstDifference(a[k], e[k], strict, `${path}.${k}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** `expect(actual).toEqual(expected)`, its error naming the first difference. */
function expectEqual(actual: unknown, expected: unknown, what: string, strict = false): void {
  try {
    if (strict) expect(actual).toStrictEqual(expected);
    else expect(actual).toEqual(expected);
  } catch (error) {
    const at = firstDifference(actual, expected, strict);
    throw new Error(`${what}: ${at ?? (error instanceof Error ? error.message : String(error))}`, { cause: error });
  }
}

/** The first line of an error's text, and a few more for one that goes on (a spec's problems, a diagnostic). */
function messageOf(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name === 'Error' || error.name === 'AssertionError' ? '' : `${error.name}: `}${error.message}`
      : String(error);
  return text.split('\n').slice(0, 12).join('\n').slice(0, 1500);
}

export class CorpusRun {
  readonly out: string;
  readonly failures: Failure[] = [];
  generateRun?: GenerateRun;
  /** What the import reported it left out, when it says how many (undefined when no count line is printed). */
  leftOut?: number;
  model?: ServiceModel;
  /** Operations node-soap cannot serve, with the rule's reason. */
  readonly notServed = new Map<string, string>();
  /** Mock calls not made, `<op> over <style>` -> why (the client refuses the sample arguments in that style). */
  readonly mockNotCalled = new Map<string, string>();
  /** libxml2 errors of sample values outside a facet the spec does not keep (support/facet-errors.ts), counted apart. */
  readonly facetsNotKept: string[] = [];
  /** Set when libxml2 refuses the WSDL's own schema: {@link SCHEMA_NOT_VALID} and its message; nothing validated. */
  schemaNotValid?: string;
  callsMade = 0;
  exact = 0;
  readonly millis: Record<string, number> = {};

  #client?: Record<string, unknown>;
  #examples?: Handlers;
  #mock?: MockServer;
  #nodeSoap?: NodeSoapServer;
  readonly #exchanges: Exchange[] = [];
  /** What each node-soap handler received, by operation. */
  readonly #received = new Map<string, Array<{ args: unknown; headers: unknown }>>();

  constructor(
    readonly fixture: CorpusFixture,
    tmp: string,
    readonly limits: Limits,
  ) {
    this.out = `${tmp}/${fixture.dir}-out`;
  }

  get dir(): string {
    return this.fixture.dir;
  }

  fail(stage: Stage, where: string, error: unknown): void {
    this.failures.push({ stage, where, message: messageOf(error) });
  }

  /** The failures in stage order (the first is what KNOWN_FAILURES names). */
  sortedFailures(): Failure[] {
    return [...this.failures].sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));
  }

  async #timed<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.millis[name] = (this.millis[name] ?? 0) + performance.now() - start;
    }
  }

  /** Step 1: generate in process, and read the model of the same draft. */
  async generate(): Promise<void> {
    await this.#timed('generate', async () => {
      try {
        const wsdl = this.fixture.wsdl;
        this.generateRun = await runGenerate({ wsdl, out: this.out, cwd: repoRoot });
        const count = /left out[^\n]*?\((\d[\d,]*)\)|(\d[\d,]*) (?:constructs? |things? )?left out/i.exec(
          this.generateRun.stderr,
        );
        if (count) this.leftOut = Number((count[1] ?? count[2])!.replace(/,/g, ''));
        if (this.generateRun.exitCode !== 0)
          throw new Error(`generate exited ${this.generateRun.exitCode}: ${this.generateRun.stderr}`);
        const readFile = (path: string) => readFileSync(resolve(repoRoot, path), 'utf8');
        const draft = importWsdl(readFile(wsdl), wsdl, { schema: true, readFile });
        this.model = parseSpec(draft.yaml, `${draft.service}.yaml`);
        // Without any network attempt: node-soap reads every document a WSDL names when it starts.
        const remote = remoteDocuments(resolve(repoRoot, wsdl)).length > 0;
        for (const op of this.model.operations) {
          const reason = remote ? REMOTE_DOCUMENTS : notServedReason(op);
          if (reason !== undefined) this.notServed.set(op.name, reason);
        }
      } catch (error) {
        this.fail('generate', 'runGenerate', error);
      }
    });
  }

  /** The operations called: all, or the first few of the default run's limit. */
  operations(): readonly OperationModel[] {
    const only = this.limits.only;
    const all = (this.model?.operations ?? []).filter((o) => only === undefined || only.has(o.name));
    const n = this.limits.operations;
    return n === undefined ? all : all.slice(0, n);
  }

  /** Loads the generated client and mock, starts the mock and node-soap. */
  async start(): Promise<void> {
    if (!this.model) return;
    await this.#timed('start', async () => {
      try {
        const out = fromRoot(this.out);
        const [client, mock] = await Promise.all([
          import(join(out, 'client', 'index.ts')) as Promise<Record<string, unknown>>,
          import(join(out, 'mock', 'index.ts')) as Promise<Record<string, unknown>>,
        ]);
        this.#client = client;
        this.#examples = mock['exampleHandlers'] as Handlers;
        const startMockServer = mock['startMockServer'] as (options: Record<string, unknown>) => Promise<MockServer>;
        this.#mock = await startMockServer({ port: 0 });
      } catch (error) {
        this.fail('start', 'the generated client and mock', error);
        return;
      }
      if (this.#soapStyles().length > 0 && this.operations().some((o) => !this.notServed.has(o.name))) {
        try {
          this.#nodeSoap = await this.#startNodeSoap();
        } catch (error) {
          this.fail('start', 'node-soap serving the original WSDL', error);
        }
      }
    });
  }

  async stop(): Promise<void> {
    await Promise.all([this.#mock?.close(), this.#nodeSoap?.close()]);
  }

  #clientOf(baseUrl: string, style: BindingName, record?: (e: Omit<Exchange, 'where'>) => void): Client {
    const model = this.model!;
    const Class = this.#client![model.clientName] as ClientClass;
    const fetching = record
      ? async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
          const response = await fetch(input, init);
          const request = typeof init?.body === 'string' ? init.body : '';
          record({ style, request, status: response.status, response: await response.clone().text() });
          return response;
        }
      : undefined;
    return new Class({
      ...headerOptions(model),
      baseUrl,
      style,
      timeoutMs: CALL_TIMEOUT_MS,
      ...(fetching ? { fetch: fetching } : {}),
    });
  }

  /** Step 3: every operation in every style against the generated mock. */
  async callMock(): Promise<void> {
    if (!this.#mock) return;
    await this.#timed('mock', async () => {
      const model = this.model!;
      const clients = new Map<BindingName, Client>();
      let where = '';
      for (const style of model.bindings)
        clients.set(
          style,
          this.#clientOf(this.#mock!.url, style, (e) => this.#exchanges.push({ ...e, where })),
        );
      for (const op of this.operations()) {
        for (const style of stylesOf(model, op)) {
          const args = sampleArgs(op);
          // An empty list over HTTP POST or GET is no field at all, which the client refuses (client-against-mock.test.ts).
          if (
            (style === 'httpPost' || style === 'httpGet') &&
            Object.values(args).some((v) => Array.isArray(v) && v.length === 0)
          )
            continue;
          where = `${op.name} over ${style}`;
          this.callsMade += 1;
          try {
            const last = this.#mock!.service.calls.at(-1);
            const client = clients.get(style)!;
            const result = await client[op.methodName]!.call(client, args);
            const expected = this.#examples![op.methodName]!();
            expectEqual(result, expected, 'the decoded answer');
            expectEqual(definedPaths(result), definedPaths(expected), 'the members of the decoded answer');
            // One call more: the one before is now the last but one (the mock keeps its latest 1,000 calls only).
            const calls = this.#mock!.service.calls;
            expect(
              last === undefined ? calls.length : calls.length - 1 - calls.indexOf(last),
              'calls the mock recorded',
            ).toBe(1);
            expect(calls.at(-1), 'the call the mock recorded').toMatchObject({ operation: op.name, style });
            // Strict (classes, members), but a member holding undefined is an absent one (withoutUndefinedMembers).
            expectEqual(withoutUndefinedMembers(calls.at(-1)!.params), args, 'the arguments the mock decoded', true);
            this.exact += 1;
          } catch (error) {
            // The sample strings make a long query: the client refuses it before sending (ASP.NET's limit), as it should.
            if (style === 'httpGet' && error instanceof Error && /maxQueryStringLength/.test(error.message)) {
              this.callsMade -= 1;
              this.mockNotCalled.set(where, 'the HTTP GET query of the sample arguments is longer than ASP.NET allows');
            } else {
              this.fail('mock', where, error);
            }
          }
        }
      }
    });
  }

  /** Step 4: the mock's exchanges against the original WSDL's schema, in one libxml2 run. */
  async validateMockExchanges(): Promise<void> {
    if (this.#exchanges.length === 0) return;
    await this.#timed('schema', async () => {
      const documents: Record<string, string> = {};
      for (const e of this.#exchanges) {
        try {
          if (e.status !== 200) throw new Error(`HTTP ${e.status}: ${e.response.slice(0, 300)}`);
          if (e.style === 'soap11' || e.style === 'soap12') {
            // A bare operation's parts are elements of their own in the Body, each validated.
            soapBodyElements(e.request).forEach((part, p) => (documents[`${e.where}: request part ${p}`] = part));
            soapBodyElements(e.response).forEach((part, p) => (documents[`${e.where}: answer part ${p}`] = part));
          } else if (e.response !== '') {
            // HTTP POST and GET: the answer is the document (a void operation answers nothing).
            documents[`${e.where}: answer`] = e.response.replace(/^<\?xml[^>]*\?>/, '');
          }
        } catch (error) {
          this.fail('schema', e.where, error);
        }
      }
      try {
        const schemas = wsdlSchemas(resolve(repoRoot, this.fixture.wsdl));
        // One libxml2 run per WSDL, or per VALIDATION_BATCH documents of a large one (a run's memory is bounded).
        const names = Object.keys(documents);
        for (let i = 0; i < names.length; i += VALIDATION_BATCH) {
          const batch = Object.fromEntries(names.slice(i, i + VALIDATION_BATCH).map((n) => [n, documents[n]!]));
          for (const [name, messages] of await validateAll(schemas, batch)) {
            const { kept, others } = splitFacetErrors(messages, this.model!);
            this.facetsNotKept.push(...kept);
            if (others.length > 0)
              this.fail('schema', name, new Error(`${others.join('; ')}\n${documents[name]!.slice(0, 400)}`));
          }
        }
      } catch (error) {
        // The WSDL's own schema does not compile (libxml2's parser refuses it): recorded apart, asserted per WSDL.
        const message = error instanceof Error ? error.message : String(error);
        if (INVALID_XSD.test(message))
          this.schemaNotValid = `${SCHEMA_NOT_VALID}${message
            .replace(/^xmllint: /, '')
            .split('\n')[0]!
            .trim()})`;
        else this.fail('schema', 'libxml2', error);
      }
    });
  }

  #soapStyles(): Array<'soap11' | 'soap12'> {
    return this.model!.bindings.filter((b): b is 'soap11' | 'soap12' => b === 'soap11' || b === 'soap12');
  }

  async #startNodeSoap(): Promise<NodeSoapServer> {
    const model = this.model!;
    const path = resolve(repoRoot, this.fixture.wsdl);
    const wsdl = readFileSync(path, 'utf8');
    const service = /<(?:[\w.-]+:)?service\s[^>]*\bname\s*=\s*["']([^"']+)["']/.exec(wsdl)?.[1];
    const port = /<(?:[\w.-]+:)?port\s[^>]*\bname\s*=\s*["']([^"']+)["']/.exec(wsdl)?.[1];
    if (service === undefined || port === undefined) throw new Error('no wsdl:service with a port in the WSDL');
    const handlers: Record<string, (this: NodeSoapThis, args: unknown, cb: unknown, headers: unknown) => unknown> = {};
    const operations = new Map(model.operations.map((o) => [o.name, o]));
    const withHeaders = new WeakSet<object>();
    // node-soap calls each handler with its own `this`, so the recorder is reached by name.
    // oxlint-disable-next-line typescript/no-this-alias
    const self = this;
    for (const op of model.operations) {
      if (this.notServed.has(op.name)) continue;
      handlers[op.name] = function (this: NodeSoapThis, args: unknown, _cb: unknown, headers: unknown) {
        if (op.responseHeaders.length > 0 && !withHeaders.has(this)) {
          // node-soap works out a response's headers before it calls the handler: they start with the next call.
          withHeaders.add(this);
          this.addSoapHeader((method: string) => {
            const called = operations.get(method);
            return called ? responseHeaderXml(model, called) : '';
          });
        }
        const list = self.#received.get(op.name) ?? [];
        list.push({ args, headers });
        self.#received.set(op.name, list);
        return nodeSoapReturns(op, sampleResult(op));
      };
    }
    return startNodeSoapServer({
      wsdl,
      path: model.path,
      service: { [service]: { [port]: handlers as never } },
      // `uri`: where node-soap finds the documents a WSDL imports (WCF's split metadata); a set saved with its URLs
      // (manifest.yml) has the documents it names by URL read from their files, not fetched.
      nodeSoapOptions: {
        customDeserializer: NODE_SOAP_TEXT,
        uri: path,
        wsdl_options: { overrideImportLocation: savedLocation(dirname(path)) },
      } as never,
    });
  }

  /** Step 5: every operation node-soap can serve, over SOAP 1.1 and 1.2 where the WSDL offers them. */
  async callNodeSoap(): Promise<void> {
    if (!this.#nodeSoap) return;
    await this.#timed('node-soap', async () => {
      const model = this.model!;
      const served = this.operations().filter((o) => !this.notServed.has(o.name));
      const options = headerOptions(model);
      for (const style of this.#soapStyles()) {
        const client = this.#clientOf(this.#nodeSoap!.url, style);
        if (served.some((o) => o.responseHeaders.length > 0)) {
          // One call per node-soap server (one per SOAP version) to have its response headers registered (see above).
          const first = served.find((o) => o.responseHeaders.length > 0)!;
          await client[first.methodName]!.call(client, sampleArgs(first)).catch(() => undefined);
        }
        for (const op of served) {
          const where = `${op.name} over ${style}`;
          this.callsMade += 1;
          try {
            const args = sampleArgs(op);
            const before = this.#received.get(op.name)?.length ?? 0;
            // With response headers, `<method>WithHeaders` gives them too: each must be the sample node-soap was given.
            const withHeaders = op.responseHeaders.length > 0;
            const answer = await client[withHeaders ? `${op.methodName}WithHeaders` : op.methodName]!.call(
              client,
              args,
            );
            const result = withHeaders ? (answer as { result: unknown }).result : answer;
            if (withHeaders) {
              const expectedHeaders = Object.fromEntries(
                op.responseHeaders.map((h) => [h.element, sampleRecord(h.record, h.element)]),
              );
              expectEqual((answer as { headers: unknown }).headers, expectedHeaders, 'the SOAP headers of the answer');
            }
            const got = this.#received.get(op.name) ?? [];
            expect(got.length, 'calls of the handler').toBe(before + 1);
            expectEqual(got.at(-1)!.args, receivedArgs(op, args), 'what the node-soap handler received');
            expectEqual(got.at(-1)!.headers, receivedHeaders(op, options), 'the SOAP headers the handler received');
            const expected = sampleResult(op);
            expectEqual(result, expected, 'the decoded answer');
            expectEqual(definedPaths(result), definedPaths(expected), 'the members of the decoded answer');
            this.exact += 1;
          } catch (error) {
            this.fail('node-soap', where, error);
          }
        }
      }
    });
  }
}

function stylesOf(model: ServiceModel, op: OperationModel): BindingName[] {
  return model.bindings.filter((b) => (b !== 'httpPost' || op.httpPost) && (b !== 'httpGet' || op.httpGet));
}

/** node-soap's overrideImportLocation for the folder `dir`: a URL its manifest.yml maps is read from the file. */
function savedLocation(dir: string): (location: string) => string {
  const set = published(relative(repoRoot, dir));
  return (location) => {
    try {
      return set?.files.get(new URL(location).href) ?? location;
    } catch {
      return location;
    }
  };
}
