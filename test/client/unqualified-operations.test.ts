/**
 * An operation's parameters, result and out parameter in no namespace (issue 25: an elementFormDefault="unqualified"
 * schema, as tamu-geocoder's and country-info's), from test/fixtures/unqualified-operations/Geo.wsdl: imported with
 * `form: unqualified` on each, generated (`--wsdl`), type-checked; the client sends exactly the XML below and client
 * and generated mock agree in SOAP 1.1 and 1.2; a qualified parameter is a Client fault and a qualified result is not
 * read; what both send validates (libxml2) against the fixture's own schema and the generated WSDL's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { soapBodyElement } from '../helpers/soap-body.js';
import { itHasExactWire, mockFetch, type MockService, type WireEntry } from './support/mock-fetch.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/unqualified-operations/Geo.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'unqualified-operations');
const NS = 'http://example.org/geo/';

type Style = 'soap11' | 'soap12';
interface Client {
  locate(p: unknown): Promise<unknown>;
  lookup(p: unknown): Promise<unknown>;
  count(p: unknown): Promise<unknown>;
}
let client: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  ({ client, mock: mockModule } = await generatedFromWsdl(WSDL, OUT));
}, 120_000);

const wire: WireEntry[] = [];

function mock(): MockService {
  const handlers = {
    locate: (p: Record<string, unknown>) => ({
      LocateResult: `at ${String(p['number'])} ${String(p['street'])}`,
      zone: 7,
    }),
    lookup: (p: Record<string, unknown>) => `code ${String(p['code'])}`,
    count: () => null,
  };
  return (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({ handlers });
}

function clientFor(style: Style, service: MockService): { client: Client; sent: string[]; answers: string[] } {
  const Ctor = client['GeoClient'] as new (o: Record<string, unknown>) => Client;
  const { fetch, sent, answers } = mockFetch(service, style, wire);
  return { client: new Ctor({ baseUrl: 'http://geo.test', style, fetch }), sent, answers };
}

/** A SOAP 1.1 request to `op` with `content` as its parameters. */
function soapRequest(op: string, content: string): Request {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="${NS}">${content}</${op}></soap:Body></soap:Envelope>`;
  return new Request('http://geo.test/Geo.asmx', {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}${op}"` },
  });
}

describe('an unqualified schema: parameters, result and outputs in no namespace', () => {
  it('is drafted with form: unqualified on parameters, results and outputs; what is generated type-checks', () => {
    expect(typecheckDir(OUT).diagnostics).toEqual([]);
    const spec = parse(importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Geo.wsdl').yaml) as {
      operations: unknown[];
    };
    expect(spec.operations).toEqual([
      {
        name: 'Locate',
        params: [
          { name: 'number', type: 'int', form: 'unqualified' },
          { name: 'street', type: 'string', optional: true, form: 'unqualified' },
        ],
        result: { type: 'string', nullable: true, form: 'unqualified' },
        outputs: [{ name: 'zone', type: 'int', form: 'unqualified' }],
      },
      {
        name: 'Lookup',
        params: [{ name: 'code', type: 'string', optional: true, form: 'unqualified' }],
        result: { type: 'string', nullable: true, form: 'unqualified' },
      },
      { name: 'Count', result: { type: 'int', nullable: true, form: 'unqualified' } },
    ]);
  }, 120_000);

  // Each row: the call, the parameters' markup the client sends, the result it reads back from the mock.
  const rows = [
    {
      op: 'locate',
      params: { number: 42, street: 'Main & 1st' },
      sent: '<number xmlns="">42</number><street xmlns="">Main &amp; 1st</street>',
      result: { LocateResult: 'at 42 Main & 1st', zone: 7 },
      answer: '<LocateResult xmlns="">at 42 Main &amp; 1st</LocateResult><zone xmlns="">7</zone>',
    },
    {
      op: 'lookup',
      params: { code: 'X' },
      sent: '<code xmlns="">X</code>',
      result: 'code X',
      answer: '<LookupResult xmlns="">code X</LookupResult>',
    },
    // A null value type is sent nil, in no namespace too.
    { op: 'count', params: {}, sent: '', result: null, answer: '<CountResult xmlns="" xsi:nil="true" />' },
  ] as const;
  itHasExactWire(NS, rows, (style) => clientFor(style, mock()));

  it('the mock refuses a parameter in the operation namespace with a Client fault', async () => {
    const response = await mock().handle(soapRequest('Lookup', '<code>X</code>'));
    expect(response.status).toBe(500);
    expect(await response.text()).toContain(
      `parameter "code" must be unqualified, in no namespace (it is in namespace "${NS}")`,
    );
    const ok = await mock().handle(soapRequest('Lookup', '<code xmlns="">X</code>'));
    expect(await ok.text()).toContain('<LookupResult xmlns="">code X</LookupResult>');
  });

  it('the client does not take a qualified result for the unqualified one', async () => {
    const Ctor = client['GeoClient'] as new (o: Record<string, unknown>) => Client;
    const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><LookupResponse xmlns="${NS}"><LookupResult>code X</LookupResult></LookupResponse></soap:Body></soap:Envelope>`;
    const fetch = async () =>
      new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } });
    const c = new Ctor({ baseUrl: 'http://geo.test', style: 'soap11', fetch });
    // Nullable: the qualified element is another, unknown one, and the result is left out.
    expect(await c.lookup({ code: 'X' })).toBeNull();
  });

  it('the wire validates against the fixture schema and the generated WSDL', async () => {
    expect(wire.length).toBeGreaterThanOrEqual(12);
    const documents: Record<string, string> = Object.fromEntries(wire.map((w, i) => [`${i} ${w.what}`, w.xml]));
    // The docs' example exchanges are what the client sends and the mock answers too, and say where the elements are.
    for (const op of ['Locate', 'Lookup']) {
      const page = readFileSync(join(OUT, 'docs', 'operations', `${op}.md`), 'utf8');
      expect(page).toContain('An element in no namespace (unqualified) in SOAP.');
      const bodies = [...page.matchAll(/```http\n([\s\S]*?)```/g)]
        .map((m) => m[1]!.slice(m[1]!.indexOf('\n\n') + 2).trim())
        .filter((b) => b.startsWith('<'));
      expect(bodies.length).toBe(4);
      bodies.forEach((b, i) => (documents[`docs ${op} ${i}`] = soapBodyElement(b)));
    }
    expect(readFileSync(join(OUT, 'docs', 'operations', 'Lookup.md'), 'utf8')).toContain(
      'in no namespace (unqualified)',
    );
    documents['old: number qualified'] = `<Locate xmlns="${NS}"><number>42</number></Locate>`;
    for (const wsdl of [readFileSync(join(ROOT, WSDL), 'utf8'), readFileSync(join(OUT, 'wsdl', 'Geo.wsdl'), 'utf8')]) {
      const errors = await validateAll(extractSchemas(wsdl), documents);
      expect(errors.get('old: number qualified')!.join('\n')).toMatch(/number': This element is not expected/);
      expect([...errors].filter(([name, e]) => !name.startsWith('old:') && e.length > 0)).toEqual([]);
    }
  }, 60_000);
});
