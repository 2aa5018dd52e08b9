/**
 * The generator is generic: a second, different ASMX-style spec (test/fixtures/specs/weather/weather.yaml) generates
 * with generator/ and templates/ as they are, into a directory of its own, and the output type-checks in a strict
 * consumer project. The payer output in generated/ type-checks under the same settings.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, headerSpecName } from '../../generator/generate.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { GENERATED_MARKER } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { listFiles, packageSandbox, type Scratch } from '../helpers/files.js';
import { typeLabel } from '../helpers/model.js';
import { GENERATED_DIR, fromRoot, repoRoot } from '../helpers/paths.js';
import { typecheckDir, type TypecheckResult } from '../helpers/typecheck.js';

const WEATHER = 'test/fixtures/specs/weather/weather.yaml';

let model: ServiceModel;
let sandbox: Scratch;
let out: string;
let files: string[];
const content = (file: string) => readFileSync(join(out, file), 'utf8');

beforeAll(async () => {
  model = loadSpec(fromRoot(WEATHER), { cwd: repoRoot });
  sandbox = packageSandbox('weather');
  out = join(sandbox.dir, 'generated');
  const { changes } = await generate({ spec: WEATHER, out, cwd: repoRoot });
  expect(changes.length).toBeGreaterThan(0);
  expect(changes.every((c) => c.kind === 'add')).toBe(true);
  files = listFiles(out);
});

afterAll(() => {
  sandbox.remove();
});

describe('the weather spec', () => {
  it('loads into a model of its own', () => {
    expect(model).toMatchObject({
      source: WEATHER,
      name: 'WeatherService',
      version: '2.1',
      path: '/api/v2/WeatherService.asmx',
      namespace: { uri: 'urn:example:weather', decision: { id: 'weather-namespace' } },
      clientName: 'WeatherClient',
      serviceErrors: { codeField: 'statusCode', messageField: 'statusText', success: { S: 'Success', I: 0 } },
    });
    expect(model.operations.map((o) => [o.name, o.methodName, o.eat.kind, o.inputParams.map((p) => p.name)])).toEqual([
      ['GetForecast', 'getForecast', 'parameter', ['stationId', 'days']],
      ['ListStations', 'listStations', 'notMarked', ['region']],
      ['Ping', 'ping', 'none', []],
    ]);
    expect(model.operations[1]?.httpPostRoot).toMatchObject({ kind: 'notShown', assumed: 'StationList' });
    expect(model.parameters.find((p) => p.name === 'days')).toMatchObject({ optional: true, default: 1 });
    expect(model.results.map((r) => [r.name, r.documentedErrorCode, r.status?.codeKind])).toEqual([
      ['ForecastResult', 'S', 'enum'],
      ['StationListResult', 'I', 'int'],
      ['PingResult', 'none', undefined],
    ]);
    const fields = Object.fromEntries(
      [...model.records, ...model.results].flatMap((s) =>
        s.fields.map((f) => [`${s.name}.${f.name}`, f.type] as const),
      ),
    );
    expect(fields['Station.aliases']).toMatchObject({ kind: 'list', itemElement: 'string', nillableItems: true });
    expect(fields['ForecastResult.readings']).toMatchObject({
      kind: 'list',
      itemElement: 'Reading',
      nillableItems: false,
    });
    expect(fields['StationListResult.stations']).toMatchObject({ kind: 'list', itemElement: 'StationInfo' });
    expect(fields['Reading.sky'] && typeLabel(fields['Reading.sky'])).toBe('Sky');
  });
});

describe('generating the weather spec', () => {
  it('writes only into its output directory', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(listFiles(sandbox.dir).filter((f) => !f.startsWith('generated/'))).toEqual(['package.json']);
    expect(listFiles(fromRoot('test/fixtures/specs/weather'))).toEqual(['weather.yaml']);
  });

  it('heads every file with the weather spec as its source', () => {
    // package.json is strict JSON, which has no comments.
    for (const file of files.filter((f) => !f.endsWith('package.json'))) {
      expect(content(file).split('\n').slice(0, 3).join('\n'), file).toContain(
        `${GENERATED_MARKER} from ${headerSpecName(out, fromRoot(WEATHER))}.`,
      );
    }
  });

  it('declares every enum, record and result of the spec', () => {
    const all = files
      .filter((f) => f.endsWith('.ts'))
      .map(content)
      .join('\n');
    for (const name of [...model.enums, ...model.records, ...model.results].map((x) => x.name)) {
      expect(all, name).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    }
    for (const value of ['Thunder-storm', 'UnknownStation']) expect(all).toContain(`'${value}'`);
  });

  it('carries nothing of the payer interface in its code (comments aside)', () => {
    const printer = ts.createPrinter({ removeComments: true });
    const leaks = [
      'PayerClient',
      'PayerFunctions',
      'payerName',
      'svc.example',
      'payer-v5',
      '/v5/',
      'GetBalances',
      'SvcProcessPayment',
      'LineErrorOrWarning',
      "'errorCode'",
      "'errorMessage'",
    ];
    for (const file of files.filter((f) => f.endsWith('.ts'))) {
      const code = printer.printFile(
        ts.createSourceFile(file, content(file), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS),
      );
      for (const leak of leaks) expect(code.includes(leak), `${file} contains ${leak}`).toBe(false);
    }
  });

  it('is a package named after the service when the spec has no package section', () => {
    expect(model.package).toEqual({
      name: 'weather-service-client',
      version: '0.0.0',
      description: 'TypeScript client for Weather Observation Service 2.1',
      license: 'UNLICENSED',
      mockName: 'weather-service-client-mock',
    });
    const manifest = JSON.parse(content('client/package.json')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'weather-service-client',
      version: '0.0.0',
      license: 'UNLICENSED',
      type: 'module',
    });
    expect(JSON.parse(content('package.json'))).toMatchObject({ private: true, workspaces: ['client', 'mock'] });
    const readme = content('client/README.md');
    expect(readme).toContain("import { WeatherClient } from 'weather-service-client';");
    for (const leak of ['Payer', 'payer', 'svc.example']) {
      expect(readme.includes(leak), `README.md contains ${leak}`).toBe(false);
      expect(content('package.json').includes(leak), `package.json contains ${leak}`).toBe(false);
    }
  });

  it('type-checks in a strict consumer project', () => {
    const { result, consumer } = typecheckWithConsumer();
    expect(result.files).toEqual(files.filter((f) => f.endsWith('.ts')));
    // The consumer's own diagnostics are the next test's.
    const own = result.diagnostics.filter((d) => !d.startsWith(`${relative(out, consumer).split('\\').join('/')}(`));
    expect(own.join('\n')).toBe('');
  });

  it('has the types the design promises a caller', () => {
    const { result } = typecheckWithConsumer();
    expect(result.diagnostics.join('\n')).toBe('');
  });
});

/**
 * The output and the consumer of {@link writeConsumer} type-checked in one compiler program, built once for both tests
 * that read it (a program costs seconds): the output's own diagnostics are those of no file outside it.
 */
let checked: { result: TypecheckResult; consumer: string } | undefined;
function typecheckWithConsumer(): { result: TypecheckResult; consumer: string } {
  if (checked === undefined) {
    const consumer = writeConsumer();
    checked = { result: typecheckDir(out, { extraFiles: [consumer] }), consumer };
  }
  return checked;
}

/** A strict consumer of the output's types, written beside it; returns its path. */
function writeConsumer(): string {
  // Wherever the types emitter puts them: the file that declares ForecastResult.
  const typesFile = files.find((f) => f.endsWith('.ts') && /export interface ForecastResult\b/.test(content(f)));
  expect(typesFile).toBeDefined();
  const from = `./${relative(sandbox.dir, join(out, typesFile!)).split('\\').join('/').replace(/\.ts$/, '.js')}`;
  const consumer = join(sandbox.dir, 'consumer.ts');
  writeFileSync(
    consumer,
    [
      `import type { ForecastResult, GetForecastParams, PingParams, Reading, Station, StationListResult } from '${from}';`,
      `import { WeatherClient } from './${relative(sandbox.dir, join(out, 'client', 'index.js'))
        .split('\\')
        .join('/')}';`,
      '',
      "// (S) codes are the enum's strings, kept open to values added later; (I) codes are numbers.",
      "export const s: ForecastResult['statusCode'] = 'Success';",
      "export const sNew: ForecastResult['statusCode'] = 'AddedLater';",
      "export const i: StationListResult['statusCode'] = 0;",
      '// @ts-expect-error an (I) code is a number',
      "export const iBad: StationListResult['statusCode'] = 'Success';",
      '// Lists are arrays; a nil item is null where items may be nil.',
      "export const aliases: NonNullable<Station['aliases']> = ['Summit', null];",
      "export const readings: NonNullable<ForecastResult['readings']> = [];",
      '// @ts-expect-error readings items are never nil',
      "export const badReadings: NonNullable<ForecastResult['readings']> = [null];",
      '// dateTime decodes to Date.',
      "export const at: Reading['observedAt'] = new Date(0);",
      '// @ts-expect-error not a string',
      "export const atBad: Reading['observedAt'] = '2020-01-01';",
      "export const sky: Reading['sky'] = 'Thunder-storm';",
      '// The caller passes only the operation parameters; optional ones may be left out.',
      "export const p: GetForecastParams = { stationId: 'X1' };",
      "export const p2: GetForecastParams = { stationId: 'X1', days: 3 };",
      '// @ts-expect-error stationId is required',
      'export const pBad: GetForecastParams = {};',
      '// @ts-expect-error credentials are filled in by the client',
      "export const pCred: GetForecastParams = { stationId: 'X1', account: 'me' };",
      'export const ping: PingParams = {};',
      "// Each operation's SvcServiceError is told apart, its result typed, with no cast.",
      'export function forecastError(error: unknown): ForecastResult | undefined {',
      "  if (WeatherClient.isServiceError(error, 'GetForecast')) return error.result;",
      "  if (WeatherClient.isServiceError(error, 'ListStations')) {",
      "    const code: StationListResult['statusCode'] = error.result.statusCode;",
      '    return code === undefined ? undefined : undefined;',
      '  }',
      "  // @ts-expect-error another operation's result",
      "  if (WeatherClient.isServiceError(error, 'ListStations')) return error.result;",
      '  // @ts-expect-error not an operation name',
      "  WeatherClient.isServiceError(error, 'getForecast');",
      '  return undefined;',
      '}',
      '',
    ].join('\n'),
  );
  return consumer;
}

describe('the payer output', () => {
  it('type-checks in a strict consumer project', () => {
    const result = typecheckDir(fromRoot(GENERATED_DIR));
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.diagnostics.join('\n')).toBe('');
  });
});
