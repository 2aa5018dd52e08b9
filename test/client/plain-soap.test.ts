/**
 * A service without signing and without the HTTP POST binding (fixtures/plain-soap.yaml) needs no placeholder
 * entries in its spec: no EAT marker, no HTTP POST root. Its client sends no credentials, speaks both SOAP versions
 * and refuses the binding the service does not have before anything is sent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpecError } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';
import { generateFixture } from './support/generate-fixture.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';
import { parseSoapCall } from './support/wire.js';

const SPEC = join(import.meta.dirname, 'fixtures', 'plain-soap.yaml');
const NS = 'http://tempuri.org/';
type Client = { getWeather(params: { city: string }): Promise<Record<string, unknown>> };
type ClientClass = new (options: Record<string, unknown>) => Client;
let PlainSoapClient: ClientClass;
let server: RecordingServer;

beforeAll(async () => {
  const [mod, s] = await Promise.all([generateFixture(SPEC, 'plain-soap'), startRecordingServer()]);
  PlainSoapClient = mod['PlainSoapClient'] as ClientClass;
  server = s;
});
afterAll(async () => {
  await server?.close();
});

describe('a service without signing and without HTTP POST', () => {
  it.each(['soap11', 'soap12'] as const)('calls %s with nothing but its own parameters', async (style) => {
    server.respond(resultResponse(style, 'GetWeather', '<city>Zürich</city><celsius>-3.50</celsius>', 'unused', NS));
    const before = server.requests.length;
    const result = await new PlainSoapClient({ baseUrl: server.url, style }).getWeather({ city: 'Zürich' });
    expect(result).toEqual({ city: 'Zürich', celsius: '-3.50' });
    const call = parseSoapCall(server.requests[before]!.body);
    expect(call.operation).toBe('GetWeather');
    expect(call.children).toEqual([['city', 'Zürich']]);
    if (style === 'soap11')
      expect(server.requests[before]!.headers['soapaction']).toBe('"http://tempuri.org/GetWeather"');
  });

  it('defaults to SOAP 1.1 and refuses HTTP POST in the constructor', () => {
    expect(() => new PlainSoapClient({ baseUrl: server.url, style: 'httpPost' })).toThrow(
      /style httpPost is not a binding of this service, which offers soap11, soap12/,
    );
    expect(() => new PlainSoapClient({ baseUrl: server.url })).not.toThrow();
  });
});

describe('what the spec must still say', () => {
  const TEXT = readFileSync(SPEC, 'utf8');
  const issues = (text: string) =>
    thrown(() => parseSpec(text, 'plain-soap.yaml'), SpecError).issues.map((i) => [i.path, i.message]);

  it('needs no eat or httpPostRoot entry', () => {
    const op = parseSpec(TEXT, 'plain-soap.yaml').operations[0]!;
    expect(op.eat).toEqual({ kind: 'unsigned', marker: '' });
    expect(op.httpPostRoot).toEqual({ kind: 'unbound' });
  });

  it('an HTTP POST root without the HTTP POST binding is reported', () => {
    expect(issues(TEXT.replace('    result: Weather\n', '    result: Weather\n    httpPostRoot: Weather\n'))).toEqual([
      [
        'operations[0].httpPostRoot',
        'the service has no HTTP POST binding (service.bindings), so an HTTP POST root means nothing here',
      ],
    ]);
  });

  it("with the HTTP POST binding and no root given, the root is ASMX's: the result type's name", () => {
    const model = parseSpec(TEXT.replace('  bindings: [soap11, soap12]\n', ''), 'plain.yaml');
    expect(model.operations[0]!.httpPostRoot).toEqual({ kind: 'convention', name: 'Weather' });
  });

  it('a signed service needs the EAT marker of every operation', () => {
    const signed = TEXT.replace(
      'parameters:\n',
      'auth: { scheme: hmac-sha256-hex, timestampUnit: unix-seconds }\nparameters:\n',
    );
    expect(issues(signed)).toContainEqual([
      'operations[0].eat',
      'missing required key "eat": a service that signs requests (auth) needs the EAT marker of every operation',
    ]);
  });
});
