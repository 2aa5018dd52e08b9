/**
 * HTTP GET in the WSDL: the generated WSDL of test/fixtures/specs/almanac/almanac.yaml publishes the HttpGet port
 * type, binding and port as ASMX does (`<http:binding verb="GET"/>`, `<http:operation location="/Name"/>`,
 * `<http:urlEncoded/>` in, `<mime:mimeXml part="Body"/>` out), its schema compiles in libxml2 (xmllint-wasm) and
 * validates every answer the mock gives over HTTP GET, and the importer reads it back into `bindings` (as it reads the
 * real WSDLs that publish HttpGet). The real ones' HttpGet bindings are compared with ours in
 * test/wsdl/third-party-equivalence.test.ts.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceModel } from '../../generator/model/types.js';
import { importWsdl } from '../../generator/import/index.js';
import { render } from '../../generator/generate.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { summarizeWsdl, type WsdlSummary } from '../helpers/wsdl-compare.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { generateService } from '../mock/support/generated-service.js';

const SPEC = 'test/fixtures/specs/almanac/almanac.yaml';
let model: ServiceModel;
let wsdl: string;
let summary: WsdlSummary;

beforeAll(async () => {
  model = loadSpec(fromRoot(SPEC), { cwd: repoRoot });
  const files = await render(model);
  wsdl = files.find((f) => f.path.endsWith('.wsdl'))!.content;
  summary = summarizeWsdl(wsdl);
});

describe('the generated WSDL of a service with HTTP GET', () => {
  it('has the HttpGet port type, binding and port, beside HttpPost, for the operations a form can carry', () => {
    expect(Object.keys(summary.bindings)).toEqual([
      'AlmanacSoap',
      'AlmanacSoap12',
      'AlmanacHttpGet',
      'AlmanacHttpPost',
    ]);
    expect(Object.keys(summary.portTypes)).toEqual(['AlmanacSoap', 'AlmanacHttpGet', 'AlmanacHttpPost']);
    expect(Object.keys(summary.service.ports)).toEqual([
      'AlmanacSoap',
      'AlmanacSoap12',
      'AlmanacHttpGet',
      'AlmanacHttpPost',
    ]);
    const get = summary.bindings['AlmanacHttpGet']!;
    expect(get.protocol).toBe('httpGet');
    expect(get.portType).toBe('AlmanacHttpGet');
    expect(Object.keys(get.operations)).toEqual(['Echo', 'DescribeDay', 'NextSequence', 'Forget']);
    expect(summary.service.ports['AlmanacHttpGet']).toMatchObject({
      binding: 'AlmanacHttpGet',
      address: 'http',
      path: '/Almanac.asmx',
    });
  });

  it('writes each operation as ASMX does: location /Name, urlEncoded in, mimeXml Body out (none for a void one)', () => {
    expect(wsdl).toContain('<http:binding verb="GET"/>');
    const echo = /<wsdl:binding name="AlmanacHttpGet"[\s\S]*?<wsdl:operation name="Echo">([\s\S]*?)<\/wsdl:operation>/
      .exec(wsdl)![1]!
      .replace(/\s+/g, '');
    expect(echo).toBe(
      '<http:operationlocation="/Echo"/><wsdl:input><http:urlEncoded/></wsdl:input><wsdl:output><mime:mimeXmlpart="Body"/></wsdl:output>',
    );
    const forget =
      /<wsdl:binding name="AlmanacHttpGet"[\s\S]*?<wsdl:operation name="Forget">([\s\S]*?)<\/wsdl:operation>/
        .exec(wsdl)![1]!
        .replace(/\s+/g, '');
    expect(forget).toBe('<http:operationlocation="/Forget"/><wsdl:input><http:urlEncoded/></wsdl:input><wsdl:output/>');
    expect(summary.portTypes['AlmanacHttpGet']!['DescribeDay']).toMatchObject({
      input: {
        name: 'DescribeDayHttpGetIn',
        parts: expect.arrayContaining([expect.objectContaining({ name: 'tags' })]),
      },
      output: { name: 'DescribeDayHttpGetOut' },
    });
  });

  it('has a schema libxml2 compiles, which every answer the mock gives over HTTP GET satisfies', async () => {
    const service = await generateService(SPEC, 'almanac-get-xsd');
    const createMockService = service.mock['createMockService'] as (o: Record<string, unknown>) => {
      handle(r: Request): Promise<Response>;
    };
    const mock = createMockService({});
    const queries: Record<string, string> = {
      Echo: 'text=a',
      DescribeDay:
        'date=2024-01-01T00:00:00Z&season=Spring&sequence=9007199254740993&temperature=1.5&count=2&holiday=true&tags=a&tags=b',
      NextSequence: 'sequence=1',
    };
    const answers: Record<string, string> = {};
    for (const [op, query] of Object.entries(queries)) {
      const response = await mock.handle(new Request(`http://127.0.0.1/Almanac.asmx/${op}?${query}`));
      expect(response.status, op).toBe(200);
      answers[op] = await response.text();
    }
    const errors = await validateAll(extractSchemas(wsdl), answers);
    expect(Object.fromEntries(errors)).toEqual({ Echo: [], DescribeDay: [], NextSequence: [] });
    // The check can fail: a document the schema does not allow is refused.
    const refused = await validateAll(extractSchemas(wsdl), {
      wrong: answers['NextSequence']!.replace(/>\d+</, '>x<'),
    });
    expect(refused.get('wrong')!.length).toBeGreaterThan(0);
  });
});

describe('importing HTTP GET bindings', () => {
  it('reads our WSDL back into bindings, with httpGet: false where the binding leaves an operation out', () => {
    const imported = importWsdl(wsdl, 'Almanac.wsdl');
    expect(imported.problems.filter((p) => /GET/.test(`${p.construct} ${p.message}`))).toEqual([]);
    expect(imported.yaml).toMatch(/^  bindings: \[ ?soap11, soap12, httpPost, httpGet ?\]$/m);
    const back = parseSpec(imported.yaml, 'Almanac.yaml');
    expect(back.bindings).toEqual(['soap11', 'soap12', 'httpPost', 'httpGet']);
    expect(back.operations.map((o) => [o.name, o.httpPost, o.httpGet])).toEqual(
      model.operations.map((o) => [o.name, o.httpPost, o.httpGet]),
    );
    expect(back.operations.map((o) => o.httpPostRoot)).toEqual(model.operations.map((o) => o.httpPostRoot));
  });

  it.each([
    ['test/fixtures/wsdl/holiday/HolidayService2.wsdl', 6],
    ['test/fixtures/wsdl/wsf-schedule/WSF_x0020_Schedule.wsdl', 6],
  ])('imports the HttpGet binding of %s (no longer reported as left out)', (file, gets) => {
    const imported = importWsdl(readFileSync(fromRoot(file), 'utf8'), file);
    expect(imported.problems.filter((p) => /GET/.test(`${p.construct} ${p.message}`))).toEqual([]);
    const back = parseSpec(imported.yaml, 'x.yaml');
    expect(back.bindings).toEqual(['soap11', 'soap12', 'httpPost', 'httpGet']);
    // ASMX binds the same operations over both form protocols.
    expect(back.operations.filter((o) => o.httpGet).length).toBe(gets);
    expect(back.operations.map((o) => o.httpGet)).toEqual(back.operations.map((o) => o.httpPost));
  });

  it('drafts no bindings key for the three default bindings, and lists them when HTTP GET is there too', () => {
    const three = wsdl
      .replace(/<wsdl:portType name="AlmanacHttpGet">[\s\S]*?<\/wsdl:portType>/, '')
      .replace(/<wsdl:binding name="AlmanacHttpGet"[\s\S]*?<\/wsdl:binding>/, '')
      .replace(/<wsdl:port name="AlmanacHttpGet"[\s\S]*?<\/wsdl:port>/, '');
    expect(importWsdl(three, 'Almanac.wsdl').yaml).not.toContain('bindings:');
  });
});
