/**
 * Every answer the generated mock writes validates against its service's schema (libxml2, xmllint-wasm): for every
 * spec of the fixture corpus (the payer, test/fixtures/specs/*, the hand translations of the real WSDLs under
 * test/fixtures/wsdl/), every operation, in SOAP 1.1 and (where the operation has it) HTTP POST, three answers: the
 * example the mock answers with by default, the same with every nillable member null ("nulls inside"), and a null
 * result where the operation may return null. Each is checked against the schema of our WSDL of the spec and, for the
 * real services, against the schema of the original WSDL. The client then reads each answer (a null result as null,
 * whether left out or nil).
 *
 * A nullable value-type result (`int?`) is declared `minOccurs="1" nillable="true"`, as ASMX declares it: the mock
 * must send it nil, not leave it out (test/fixtures/specs/plain has one).
 *
 * Each spec is generated once, into test/.tmp/answers-<name>, without the docs and unformatted: only the client,
 * the mock and the runtime are imported. All documents of a spec go through one xmllint run per schema.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { emitClient } from '../../generator/emit/client/index.js';
import { emitMock } from '../../generator/emit/mock/index.js';
import { emitRuntime } from '../../generator/emit/runtime.js';
import { emitTypes } from '../../generator/emit/types.js';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import { isReferenceType } from '../../generator/model/reference-types.js';
import type { OperationModel, ServiceModel, StructModel, TypeModel } from '../../generator/model/types.js';
import { Printer } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { sampleArgs, sampleRecord } from '../mock/support/sample-values.js';
import { PAYER_SPEC, fromRoot, repoRoot } from '../helpers/paths.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';

interface CorpusSpec {
  /** Short name: test/.tmp/answers-<name>. */
  readonly name: string;
  readonly spec: string;
  /** The WSDL the spec was translated from, whose schema the answers must also satisfy. */
  readonly original?: string;
}

const CORPUS: readonly CorpusSpec[] = [
  { name: 'payer', spec: PAYER_SPEC },
  { name: 'minimal', spec: 'test/fixtures/specs/minimal.yaml' },
  { name: 'plain', spec: 'test/fixtures/specs/plain/plain.yaml' },
  { name: 'weather', spec: 'test/fixtures/specs/weather/weather.yaml' },
  { name: 'inventory', spec: 'test/fixtures/specs/inventory/inventory.yaml' },
  { name: 'payer-v6', spec: 'test/fixtures/specs/payer-v6/payer-v6.yaml' },
  ...[
    'holiday/HolidayService2',
    'interhome/WebService',
    'products/ProductService',
    'ssrs-execution/ReportExecutionService',
    'wsf-schedule/WSF_x0020_Schedule',
  ].map((base) => ({
    name: base.split('/')[0]!,
    spec: `test/fixtures/wsdl/${base}.yaml`,
    original: `test/fixtures/wsdl/${base}.wsdl`,
  })),
];

type Variant = 'example' | 'nulls inside' | 'null result';
type Style = 'soap11' | 'httpPost';

interface Answer {
  readonly op: OperationModel;
  readonly style: Style;
  readonly variant: Variant;
  /** The answer as a standalone document: the SOAP Body's element, or the HTTP POST document. */
  readonly document: string;
  /** What the client returned for it. */
  readonly read: unknown;
}

/** The value with every nillable member of `type` (fields, list items) null, recursively, and nothing else changed. */
function nullsInside(type: TypeModel, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (type.kind === 'list') {
    const items = (value as unknown[]).map((v) => nullsInside(type.item, v));
    return type.nillableItems && items.length > 0 ? [null, ...items.slice(1)] : items;
  }
  if (type.kind === 'record') return recordNullsInside(type.record, value as Record<string, unknown>);
  return value;
}

function recordNullsInside(record: StructModel, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...value };
  for (const f of record.fields) {
    if (f.nillable && !f.attribute) out[f.name] = null;
    else if (f.name in out) out[f.name] = nullsInside(f.type, out[f.name]);
  }
  return out;
}

/** The handler's answer of `variant`, made from the example. */
function answerOf(op: OperationModel, variant: Variant, example: unknown): unknown {
  const r = op.result;
  if (variant === 'null result') return null;
  if (variant === 'example' || r.kind === 'void') return example;
  return r.kind === 'outputs'
    ? recordNullsInside(r.struct, example as Record<string, unknown>)
    : nullsInside(r.type, example);
}

function variantsOf(op: OperationModel): Variant[] {
  const r = op.result;
  if (r.kind === 'void') return ['example'];
  return ['example', 'nulls inside', ...(r.kind === 'value' && r.nullable ? (['null result'] as const) : [])];
}

/** The client, the mock and the runtime of a spec, written unformatted (no docs) and imported. */
async function generated(
  entry: CorpusSpec,
  model: ServiceModel,
): Promise<{ client: Record<string, unknown>; mock: Record<string, unknown> }> {
  if (entry.spec === PAYER_SPEC) {
    // The committed output itself.
    return {
      client: (await import('../../generated/client/index.js')) as unknown as Record<string, unknown>,
      mock: (await import('../../generated/mock/index.js')) as unknown as Record<string, unknown>,
    };
  }
  const out = fromRoot('test', '.tmp', `answers-${entry.name}`);
  rmSync(out, { recursive: true, force: true });
  const printer = new Printer(model);
  for (const emit of [emitRuntime, emitTypes, emitClient, emitMock]) {
    for (const file of emit(model, printer)) {
      mkdirSync(dirname(join(out, file.path)), { recursive: true });
      writeFileSync(join(out, file.path), file.content);
    }
  }
  const [client, mock] = await Promise.all([
    import(join(out, 'client', 'index.ts')) as Promise<Record<string, unknown>>,
    import(join(out, 'mock', 'index.ts')) as Promise<Record<string, unknown>>,
  ]);
  return { client, mock };
}

type Handlers = Record<string, (...args: unknown[]) => unknown>;
type Client = Record<string, (params?: unknown) => Promise<unknown>>;

/** Calls every operation in every style and variant through the generated client and mock; returns the answers. */
async function answersOf(entry: CorpusSpec, model: ServiceModel): Promise<Answer[]> {
  const { client, mock } = await generated(entry, model);
  const examples = mock['exampleHandlers'] as Handlers;
  let variant: Variant = 'example';
  let current: OperationModel | undefined;
  const handlers = Object.fromEntries(
    model.operations.map((op) => [op.methodName, () => answerOf(op, variant, examples[op.methodName]!())]),
  );
  const service = (
    mock['createMockService'] as (o: unknown) => { handle(r: Request): Promise<Response>; close(): Promise<void> }
  )({
    handlers,
    credentials: false,
  });
  const answers: Answer[] = [];
  let body = '';
  try {
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const response = await service.handle(new Request(input, init));
      body = await response.clone().text();
      if (response.status !== 200)
        throw new Error(`${current?.name} (${variant}): HTTP ${response.status}: ${body.slice(0, 400)}`);
      return response;
    };
    const options: Record<string, unknown> = { baseUrl: 'http://mock.example', fetch };
    const principal = model.parameters.find((p) => p.role === 'principal');
    if (principal !== undefined) options[principal.name] = 'Someone';
    if (model.auth !== undefined) options['apiKey'] = 'secret';
    for (const h of model.soapHeaders) options[h.option] = sampleRecord(h.record, h.element);
    if (model.results.some((r) => r.status !== undefined)) options['throwOnServiceError'] = false;
    const Client = client[model.clientName] as new (o: unknown) => Client;
    for (const style of ['soap11', 'httpPost'] as const) {
      if (!model.bindings.includes(style)) continue;
      const caller = new Client({ ...options, style });
      for (const op of model.operations) {
        if (style === 'httpPost' && !op.httpPost) continue;
        current = op;
        for (const v of variantsOf(op)) {
          variant = v;
          const read = await caller[op.methodName]!.call(caller, sampleArgs(op));
          const document = style === 'soap11' ? soapBodyElement(body) : body.replace(/^<\?xml[^>]*\?>/, '');
          answers.push({ op, style, variant: v, document, read });
        }
      }
    }
  } finally {
    await service.close();
  }
  return answers;
}

function label(a: Answer): string {
  return `${a.op.name} ${a.style} (${a.variant})`;
}

/** The documents that fail, with their errors and text, so that a failure shows what was sent. */
function invalid(answers: readonly Answer[], errors: ReadonlyMap<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const a of answers) {
    const e = errors.get(label(a)) ?? [];
    if (e.length > 0 && a.document !== '')
      out[label(a)] = [...e, a.document.length > 600 ? `${a.document.slice(0, 600)}…` : a.document];
  }
  return out;
}

interface Run {
  readonly model: ServiceModel;
  readonly answers: Answer[];
  readonly ours: Map<string, string[]>;
  readonly original: Map<string, string[]> | undefined;
}

const runs = new Map<string, Promise<Run>>();

beforeAll(() => {
  for (const entry of CORPUS) {
    const run = (async (): Promise<Run> => {
      const model = loadSpec(fromRoot(entry.spec), { cwd: repoRoot });
      const answers = await answersOf(entry, model);
      // A void operation's HTTP POST answer is an empty body: there is nothing to validate.
      const documents = Object.fromEntries(answers.filter((a) => a.document !== '').map((a) => [label(a), a.document]));
      const [ours, original] = await Promise.all([
        validateAll(extractSchemas(wsdlDocument(model)), documents),
        entry.original === undefined
          ? undefined
          : validateAll(extractSchemas(readFileSync(fromRoot(entry.original), 'utf8')), documents),
      ]);
      return { model, answers, ours, original };
    })();
    // Awaited by the tests; a failure here is reported there.
    run.catch(() => undefined);
    runs.set(entry.name, run);
  }
});

describe.each(CORPUS)('the mock of $spec', (entry) => {
  it('answers every operation, in SOAP 1.1 and HTTP POST, with examples, nulls inside and null results', async () => {
    const { model, answers } = await runs.get(entry.name)!;
    const soap = model.operations.reduce((n, op) => n + variantsOf(op).length, 0);
    expect(answers.filter((a) => a.style === 'soap11')).toHaveLength(model.bindings.includes('soap11') ? soap : 0);
    expect(answers.length).toBeGreaterThan(0);
  });

  it('writes answers that validate against the schema of our WSDL', async () => {
    const { answers, ours } = await runs.get(entry.name)!;
    expect(invalid(answers, ours)).toEqual({});
  });

  it.skipIf(entry.original === undefined)(
    'writes answers that validate against the schema of the original WSDL',
    async () => {
      const { answers, original } = await runs.get(entry.name)!;
      expect(invalid(answers, original!)).toEqual({});
    },
  );

  it('answers a null result the client reads as null, nil or left out as the schema declares it', async () => {
    const { answers } = await runs.get(entry.name)!;
    for (const a of answers.filter((x) => x.variant === 'null result')) {
      expect(a.read, label(a)).toBeNull();
      const r = a.op.result;
      if (a.style !== 'soap11' || r.kind !== 'value') continue;
      const nil = new RegExp(`<${r.element} xsi:nil="true"\\s*/>`).test(a.document);
      // A value type (int?) is required and nillable: nil; a reference (a record, a list, a string) is left out.
      expect(nil, `${label(a)}: ${a.document}`).toBe(!isReferenceType(r.type));
      if (isReferenceType(r.type)) expect(a.document, label(a)).not.toContain(`<${r.element}`);
    }
  });
});

it('the corpus has a nullable value-type result, so the nil answer is exercised', () => {
  const plain = loadSpec(fromRoot('test/fixtures/specs/plain/plain.yaml'), { cwd: repoRoot });
  expect(
    plain.operations.some((op) => op.result.kind === 'value' && op.result.nullable && !isReferenceType(op.result.type)),
  ).toBe(true);
});
