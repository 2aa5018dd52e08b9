/**
 * Issue 25, categories 2, 4 and 6: a hand-written WSDL per category (test/fixtures/import/issue25/), each taken through
 * `import-wsdl --out`, generation, one type-check of all three outputs (as a consumer project would), and calls of
 * the generated client to the generated mock whose wire is checked exactly.
 *
 * 2. An XmlNode parameter, as ASMX publishes one (`mixed="true"` around `s:any`, a parameter, not a result). The
 *    client's codec wrote it with writeXmlContent without importing it: TS2304 on type-check, and a ReferenceError
 *    when called.
 * 4. `<s:element ref="p:name"/>` as a parameter or a field was dropped, reported as "not read" (and its global element
 *    as one "no message names"). A reference is now read as the element it names, declared in place with the
 *    reference's occurrence: a parameter (Filter, limit), a repeated field (FilterSpec.Keyword), a field of a record
 *    in a second schema namespace (Paging.PageSize), a list's item (ArrayOfKeyword). A reference to an element of another namespace than the one it
 *    stands in (o:Sort in the wrapper) is a parameter with that namespace as its own (`namespace:`; test/client/own-namespace.test.ts
 *    takes such elements over the wire).
 * 6. `xsi:type` across namespaces (the base OrderResponseDetail and OrderResponseDetailHigh in the service namespace,
 *    OrderResponseDetailLow in a second one). Writing (the client's requests, the mock's answers): a derived type of
 *    a namespace of its own is named with a prefix bound to that namespace on the same element; it was written
 *    unprefixed, naming a type of the default namespace, which does not exist. Reading: xsi:type is resolved to its
 *    namespace. An unknown type, an undeclared prefix, and a prefix bound to another namespace were read as the base,
 *    the derived members dropped; the mock now answers each with a Client fault (HTTP 500), as ASMX does, and the
 *    client refuses such an answer with SvcDecodeError (README, "xsi:type").
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot } from '../helpers/paths.js';
import { bodyContent, roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const DIR = 'test/fixtures/import/issue25';
const FIXTURES = {
  'xml-node': `${DIR}/XmlNodeParam.wsdl`,
  'element-ref': `${DIR}/ElementRef.wsdl`,
  'xsi-type': `${DIR}/XsiTypeNamespaces.wsdl`,
  'list-namespace': `${DIR}/ListOfServiceNamespace.wsdl`,
};
let trips: Record<keyof typeof FIXTURES, RoundTrip>;
const mocks: MockService[] = [];

beforeAll(async () => {
  trips = await roundTrips(FIXTURES);
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

it('generates clients and mocks that type-check, all three', () => {
  expect(Object.fromEntries(Object.entries(trips).map(([name, t]) => [name, t.diagnostics]))).toEqual({
    'xml-node': [],
    'element-ref': [],
    'xsi-type': [],
    'list-namespace': [],
  });
});

describe('an XmlNode parameter (mixed content of s:any)', () => {
  // Drafted as xml, nothing reported (as before), and now sent.
  it('is drafted as xml, nothing reported, and sent', async () => {
    expect(trips['xml-node'].yaml).toContain('- { name: node, type: xml, optional: true }');
    expect(trips['xml-node'].importRun.stderr).toMatch(/^Wrote [^\n]*\n$/);
    const { client, mock } = trips['xml-node'].connect({ store: () => 1 });
    mocks.push(mock);
    await expect(client['store']!({ node: '<a/>' })).resolves.toBe(1);
  });

  it.each([
    ['soap11', '<n:item xmlns:n="urn:x" code="7">text &amp; <b>more</b></n:item>'],
    ['soap12', 'only text'],
  ])('goes on the wire over %s as given, inside <node>, and reaches the handler', async (style, node) => {
    const received: unknown[] = [];
    const { client, mock, exchanges } = trips['xml-node'].connect(
      { store: (p: unknown) => (received.push(p), 42) },
      style,
    );
    mocks.push(mock);
    await expect(client['store']!({ key: 'k1', node })).resolves.toBe(42);
    expect(bodyContent(exchanges[0]!.request, 'Store')).toBe(`<key>k1</key><node>${node}</node>`);
    expect(received.at(-1)).toEqual({ key: 'k1', node });
  });
});

describe('element references', () => {
  it('are drafted as the elements they name, with their occurrence', () => {
    const model = trips['element-ref'].generated.model;
    const search = model.operations.find((o) => o.name === 'Search')!;
    expect(
      search.params.map((p) => [
        p.name,
        p.type.kind === 'record' ? p.type.record.name : p.type.kind === 'primitive' ? p.type.name : p.type.kind,
        p.optional,
      ]),
    ).toEqual([
      ['Filter', 'FilterSpec', false],
      ['limit', 'int', true],
      ['paging', 'Paging', true],
      ['Sort', 'string', true],
      // A list whose item is a reference (ArrayOfKeyword).
      ['tags', 'list', true],
    ]);
    const fields = (name: string) =>
      model.records.find((r) => r.name === name)!.fields.map((f) => [f.name, f.type.kind, f.optional]);
    expect(fields('FilterSpec')).toEqual([
      ['Field', 'primitive', true],
      ['Keyword', 'list', false],
    ]);
    expect(fields('Paging')).toEqual([
      ['PageSize', 'primitive', false],
      ['Page', 'primitive', false],
    ]);
  });

  it('drafts the reference to another namespace as a parameter in that namespace, its own, and reports nothing', () => {
    expect(trips['element-ref'].importRun.stderr.split('\n').filter((l) => /:\d+:\d+: /.test(l))).toEqual([]);
    const sort = trips['element-ref'].generated.model.operations
      .find((o) => o.name === 'Search')!
      .params.find((p) => p.name === 'Sort');
    expect(sort?.namespace?.uri).toBe('urn:example:other');
    expect(trips['element-ref'].importRun.stderr).not.toContain('no message of the WSDL names it');
  });

  it('go on the wire as the elements they name, both ways', async () => {
    const received: unknown[] = [];
    const connected = trips['element-ref'].connect({
      search: (p: { Filter: unknown }) => (received.push(p), p.Filter),
    });
    mocks.push(connected.mock);
    const filter = { Field: 'name', Keyword: ['a', 'b'] };
    await expect(
      connected.client['search']!({ Filter: filter, limit: 5, paging: { PageSize: 10, Page: 2 }, tags: ['x', 'y'] }),
    ).resolves.toEqual(filter);
    const [exchange] = connected.exchanges;
    expect(exchange!.status).toBe(200);
    expect(bodyContent(exchange!.request, 'Search')).toBe(
      '<Filter><Field>name</Field><Keyword>a</Keyword><Keyword>b</Keyword></Filter><limit>5</limit><paging xmlns:ns1="urn:example:other"><ns1:PageSize>10</ns1:PageSize><ns1:Page>2</ns1:Page></paging><tags><Keyword>x</Keyword><Keyword>y</Keyword></tags>',
    );
    expect(received).toEqual([{ Filter: filter, limit: 5, paging: { PageSize: 10, Page: 2 }, tags: ['x', 'y'] }]);
    expect(bodyContent(exchange!.response, 'SearchResult')).toBe(
      '<Field>name</Field><Keyword>a</Keyword><Keyword>b</Keyword>',
    );
  });
});

describe('an element reference that cannot be read', () => {
  const text = readFileSync(fromRoot(FIXTURES['element-ref']), 'utf8');
  it.each([
    ['an undeclared prefix', 'zz:limit', 'the prefix of the element reference zz:limit is not declared; left out'],
    [
      'an inline schema',
      's:schema',
      "the element reference s:schema is an inline XML Schema (as in a DataSet), which the format keeps only as part of an xml value's whole content; left out",
    ],
    [
      'an element no schema declares',
      'tns:nolimit',
      'the element reference tns:nolimit names {http://example.org/refs/}nolimit, which no schema of the WSDL declares; left out',
    ],
  ])('is reported where it stands: %s', (_, ref, message) => {
    const { problems, yaml } = importWsdl(text.replace('ref="tns:limit"', `ref="${ref}"`), FIXTURES['element-ref']);
    expect(problems.map((p) => `${p.line}:${p.column} ${p.construct}: ${p.message}`)).toContain(
      `10:13 s:element ref: ${message}`,
    );
    expect(yaml).not.toContain('name: limit');
  });
});

const TNS = 'http://example.org/orders/';
const LOW = 'urn:example:orders:low';

function connect(style = 'soap11') {
  const received: unknown[] = [];
  const c = trips['xsi-type'].connect(
    { submit: (p: { detail?: unknown }) => (received.push(p), p.detail ?? null) },
    style,
  );
  mocks.push(c.mock);
  return { ...c, received };
}

/** A SOAP 1.1 request of Submit whose `detail` element is `detail` (attributes and content as given). */
function submitRequest(detail: string): Request {
  const body =
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<soap:Body><Submit xmlns="${TNS}">${detail}</Submit></soap:Body></soap:Envelope>`;
  return new Request('http://mock.test/Orders.asmx', {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${TNS}Submit"` },
    body,
  });
}

describe('xsi:type across namespaces', () => {
  it('names a derived type with a prefix bound to its namespace, or unprefixed in the service namespace, both ways', async () => {
    const cases: Array<[style: string, value: Record<string, unknown>, written: string]> = [
      [
        'soap11',
        { orderId: '7', Discount: 5 },
        `<X xsi:type="ns1:OrderResponseDetailLow" xmlns:ns1="${LOW}" orderId="7"><ns1:Discount>5</ns1:Discount></X>`,
      ],
      [
        'soap12',
        { orderId: '7', Discount: 5 },
        `<X xsi:type="ns1:OrderResponseDetailLow" xmlns:ns1="${LOW}" orderId="7"><ns1:Discount>5</ns1:Discount></X>`,
      ],
      // The service namespace is the default one where the element stands.
      [
        'soap11',
        { orderId: '8', Priority: 1 },
        '<X xsi:type="OrderResponseDetailHigh" orderId="8"><Priority>1</Priority></X>',
      ],
    ];
    for (const [style, value, written] of cases) {
      const { client, exchanges, received } = connect(style);
      await expect(client['submit']!({ detail: value })).resolves.toEqual(value);
      const as = (name: string) => written.replace(/<X /, `<${name} `).replace('</X>', `</${name}>`);
      expect([style, bodyContent(exchanges[0]!.request, 'Submit'), received]).toEqual([
        style,
        as('detail'),
        [{ detail: value }],
      ]);
      expect([style, bodyContent(exchanges[0]!.response, 'SubmitResponse')]).toEqual([style, as('SubmitResult')]);
    }
  });

  it('the mock reads xsi:type by its namespace, and answers one naming no type it knows with a Client fault', async () => {
    const cases: Array<[form: string, detail: string]> = [
      [
        'any prefix bound to the type namespace',
        `<detail xmlns:q1="${LOW}" xsi:type="q1:OrderResponseDetailLow" orderId="3"><q1:Discount>2</q1:Discount></detail>`,
      ],
      ['the base type named', '<detail xsi:type="OrderResponseDetail" orderId="4" />'],
      ['no xsi:type', '<detail orderId="5" />'],
      ['an unknown derived type', '<detail xsi:type="Square" orderId="1"><Side>2</Side></detail>'],
      ['an undeclared prefix', '<detail xsi:type="zz:OrderResponseDetailLow" orderId="1" />'],
      [
        'a prefix bound to another namespace',
        `<detail xmlns:t="${TNS}" xsi:type="t:OrderResponseDetailLow" orderId="1" />`,
      ],
    ];
    // Each form: the status, the fault (code: reason) or null, and what the handler received (nothing after a fault).
    const outcomes: Array<[string, number, string | null, unknown[]]> = [];
    for (const [form, detail] of cases) {
      const { mock, received } = connect();
      const response = await mock.handle(submitRequest(detail));
      const text = await response.text();
      const fault = /<faultcode>(.*)<\/faultcode><faultstring>([^<]*)/.exec(text);
      outcomes.push([form, response.status, fault ? `${fault[1]}: ${fault[2]}` : null, received]);
    }
    const notKnown = (type: string) =>
      `soap:Client: xsi:type names {${TNS}}${type}, which is not OrderResponseDetail nor a type derived from it`;
    expect(outcomes).toEqual([
      ['any prefix bound to the type namespace', 200, null, [{ detail: { orderId: '3', Discount: 2 } }]],
      ['the base type named', 200, null, [{ detail: { orderId: '4' } }]],
      ['no xsi:type', 200, null, [{ detail: { orderId: '5' } }]],
      ['an unknown derived type', 500, expect.stringContaining(notKnown('Square')), []],
      [
        'an undeclared prefix',
        500,
        expect.stringContaining(
          'soap:Client: undeclared namespace prefix "zz" in xsi:type="zz:OrderResponseDetailLow"',
        ),
        [],
      ],
      ['a prefix bound to another namespace', 500, expect.stringContaining(notKnown('OrderResponseDetailLow')), []],
    ]);
  });

  it('the client refuses an answer naming a type it does not know, rather than reading it as the base', async () => {
    const Ctor = trips['xsi-type'].generated.client['OrdersClient'] as new (
      o: Record<string, unknown>,
    ) => Record<string, (p: unknown) => Promise<unknown>>;
    const answer =
      '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<soap:Body><SubmitResponse xmlns="${TNS}"><SubmitResult xsi:type="OrderResponseDetailMedium" orderId="1"><Level>2</Level></SubmitResult></SubmitResponse></soap:Body></soap:Envelope>`;
    const client = new Ctor({
      baseUrl: 'http://mock.test',
      fetch: async () => new Response(answer, { headers: { 'Content-Type': 'text/xml; charset=utf-8' } }),
    });
    const error = await client['submit']!({}).catch((e: unknown) => e);
    expect((error as Error).name).toBe('SvcDecodeError');
    expect((error as Error).message).toContain(
      `xsi:type names {${TNS}}OrderResponseDetailMedium, which is not OrderResponseDetail nor a type derived from it`,
    );
  });
});

describe('a list of the service namespace in a record of another (XFire, atlassian-crowd)', () => {
  // The record's fields are in its own namespace, its list's items in the service's, where ArrayOfString is declared.
  // The writers put the items there; the decoders looked for them in the record's namespace and refused the answer.
  it('is drafted with no namespace of its own, in a record of the second namespace', () => {
    expect(trips['list-namespace'].yaml).toContain('namespace: urn:example:groups:model');
    expect(trips['list-namespace'].yaml).toContain(
      '- { name: members, type: { list: string }, optional: false, nillable: false }',
    );
  });

  it.each([
    ['two members', ['ann', 'bob']],
    ['a nil member', ['ann', null]],
    ['no member', []],
  ])('goes both ways with its items in the service namespace: %s', async (_, members) => {
    const received: unknown[] = [];
    const { client, mock, exchanges } = trips['list-namespace'].connect({
      save: (p: { group: unknown }) => (received.push(p), p.group),
    });
    mocks.push(mock);
    const group = { name: 'admins', members };
    await expect(client['save']!({ group })).resolves.toEqual(group);
    expect(received).toEqual([{ group }]);
    const items = members.map((m) => (m === null ? '<string xsi:nil="true"/>' : `<string>${m}</string>`)).join('');
    const list = items === '' ? '<ns1:members/>' : `<ns1:members>${items}</ns1:members>`;
    expect(bodyContent(exchanges[0]!.request, 'Save')).toBe(
      `<group xmlns:ns1="urn:example:groups:model"><ns1:name>admins</ns1:name>${list}</group>`,
    );
    expect(bodyContent(exchanges[0]!.response, 'SaveResponse')).toContain(`<ns1:name>admins</ns1:name>${list}`);
  });
});
