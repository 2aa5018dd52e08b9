/**
 * Issue 28 item 5: generated code a reviewer would publish, read as a new user would on two services unlike the
 * payer: the Weather WSDL (no version, no description, no auth, read-only, no enum; generated straight from the WSDL)
 * and a Web Connector-like spec (lower-case operation names, no auth). Rows of a file of the output, what it must say
 * and what it must not; the payer's own output is checked by generated.test.ts.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const OUTPUTS = {
  weather: { wsdl: 'test/fixtures/wsdl/cdyne-weather/weather-ws.wsdl', out: 'test/.tmp/reviewer-weather' },
  connector: { spec: 'test/fixtures/specs/secret-param/web-connector.yaml', out: 'test/.tmp/reviewer-connector' },
  stations: { spec: 'test/fixtures/specs/weather/weather.yaml', out: 'test/.tmp/reviewer-stations' },
} as const;

/** The payer's output is the committed generated/ (generated.test.ts keeps it current). */
type Output = keyof typeof OUTPUTS | 'payer';

function folder(output: Output): string {
  return fromRoot(output === 'payer' ? 'generated' : OUTPUTS[output].out);
}

interface Row {
  readonly output: Output;
  readonly file: string;
  readonly has?: ReadonlyArray<string | RegExp>;
  readonly lacks?: ReadonlyArray<string | RegExp>;
}

const ROWS: ReadonlyArray<readonly [string, Row]> = [
  [
    'derived names join in camel case',
    {
      output: 'connector',
      file: 'client/codec.ts',
      has: ['export function encodeServerVersion(', 'export function readAuthenticateResult(', 'AuthenticateParams'],
      lacks: ['encodeserverVersion', 'authenticateParams'],
    },
  ],
  [
    'a type name starts with a capital; the wire keeps the WSDL spelling',
    { output: 'weather', file: 'client/types.ts', has: ['export interface Temp {', 'Temperatures: Temp;'], lacks: ['interface temp'] },
  ],
  ['the generated WSDL keeps the WSDL spelling', { output: 'weather', file: 'wsdl/Weather.wsdl', has: ['<s:complexType name="temp">'] }],
  ['the type page names its XML type', { output: 'weather', file: 'docs/types/Temp.md', has: ['Record, the XML type `temp`.'] }],
  [
    'a field with nothing to say has no JSDoc',
    {
      output: 'weather',
      file: 'client/types.ts',
      has: [/\{\n {2}WeatherID: number;\n {2}Description\?: string \| undefined;/],
      lacks: ['element. (absent', 'The `WeatherID` element.'],
    },
  ],
  [
    'a service without a version is named by its title alone',
    { output: 'weather', file: 'client/client.ts', has: [' * Client of Weather.\n'], lacks: ['0.0.0'] },
  ],
  ['the docs index is titled without a version', { output: 'weather', file: 'docs/README.md', has: ['\n# Weather\n'], lacks: ['0.0.0'] }],
  ['the mock command says no version', { output: 'weather', file: 'mock/cli.ts', lacks: ['0.0.0'] }],
  [
    'the client README has no empty section for a service without docs',
    { output: 'weather', file: 'client/README.md', has: ['TypeScript client for Weather\n\n## Install'], lacks: ['## Weather'] },
  ],
  [
    'an undocumented type says what it is by its first use',
    {
      output: 'weather',
      file: 'docs/README.md',
      has: ['| [Temp](types/Temp.md) | A field of [Forecast](types/Forecast.md). |'],
      lacks: [/\| {3}\|/],
    },
  ],
  [
    'a table of fields none of which is documented has no Description column',
    { output: 'weather', file: 'docs/types/Temp.md', lacks: ['Description', /\| {3}\|/] },
  ],
  [
    'a table of parameters none of which is documented has no Description column',
    { output: 'weather', file: 'docs/operations/GetCityWeatherByZIP.md', lacks: ['| Description |', /\| {3}\|/] },
  ],
  [
    'a service without auth passes the client core no credentials and no clock',
    { output: 'weather', file: 'client/client.ts', lacks: ["principal: ''", "sign: () => ''", 'now:'] },
  ],
  [
    'a read-only service does not speak of operations that submit work',
    {
      output: 'weather',
      file: 'client/client.ts',
      has: ['Calls are never retried by the client: a call that fails rejects'],
      lacks: ['submit work'],
    },
  ],
  [
    "the payer's errors page gives its own spec's examples and no runtime internals",
    {
      output: 'payer',
      file: 'docs/errors.md',
      has: [/`codeName` \| .* For example `\w+` for -?\d+\. \|/, /`operation` \| .* For example `\w+`\. \|/],
      lacks: ['GetOrders', 'OrderUnknown', 'new.target', 'minifier'],
    },
  ],
  [
    "a service's errors page gives no example it does not have",
    { output: 'weather', file: 'docs/errors.md', has: ['For example `GetCityForecastByZIPResult/Success`.'], lacks: ['GetOrders', 'new.target'] },
  ],
  ['a service without enums exports no Open<T>', { output: 'weather', file: 'client/types.ts', lacks: ['Open<'] }],
  ['a service with enums exports Open<T>', { output: 'stations', file: 'client/types.ts', has: ['export type Open<T extends string>'] }],
  [
    "the mock command's usage names the command as installed",
    { output: 'weather', file: 'mock/cli.ts', has: ["'Usage: weather-client-mock [--port 8080]"], lacks: ['Usage: mock'] },
  ],
  ['a string parameter says nothing its type says', { output: 'weather', file: 'client/types.ts', lacks: ['Sent as xs:string.'] }],
];

beforeAll(async () => {
  for (const o of Object.values(OUTPUTS)) {
    rmSync(fromRoot(o.out), { recursive: true, force: true });
    await generate({ ...o, out: fromRoot(o.out), cwd: repoRoot });
  }
}, 120_000);

afterAll(() => {
  for (const o of Object.values(OUTPUTS)) rmSync(fromRoot(o.out), { recursive: true, force: true });
});

describe('generated code a reviewer would publish', () => {
  it.each(ROWS)('%s', (_, row) => {
    const text = readFileSync(join(folder(row.output), row.file), 'utf8');
    for (const want of row.has ?? []) expect(text).toMatch(want);
    for (const unwanted of row.lacks ?? []) expect(text).not.toMatch(unwanted);
  });
});
