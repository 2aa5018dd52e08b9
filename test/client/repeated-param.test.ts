/**
 * A repeated parameter (issue 25, edialog-sdk's buildPermutationProofSample): ASMX's `[XmlElement] string[] columnName`,
 * the parameter's own element repeated in the request wrapper with no array element around it
 * (test/fixtures/repeated-param/Proofs.wsdl). It is drafted as a list without a container (`container: false`, bounds
 * kept), generated, type-checked, and round-trips through the generated client and the generated mock in SOAP 1.1,
 * SOAP 1.2 and HTTP POST (where it is the same form field once per item), an empty list and one item included; the
 * generated WSDL declares it with its maxOccurs; what both sides send validates against the fixture's schema and the
 * generated WSDL's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generatedFromWsdl } from '../import/support/generated-from-wsdl.js';
import { importWsdl } from '../../generator/import/index.js';
import { mockFetch, type MockService, type WireEntry } from './support/mock-fetch.js';
import { typecheckDir } from '../helpers/typecheck.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { ROOT } from '../mock/support/generated-service.js';

const WSDL = 'test/fixtures/repeated-param/Proofs.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'repeated-param');
const NS = 'http://example.org/proofs/';
const COMMON = 'http://example.org/proofs/common/';

type Style = 'soap11' | 'soap12' | 'httpPost';
interface Params {
  cellId: number;
  columnName?: readonly string[] | undefined;
  codes: readonly number[];
}
interface Client {
  buildSample(p: Params): Promise<string | null>;
  report(p: unknown): Promise<unknown>;
  tag(p: unknown): Promise<unknown>;
  send(p: unknown): Promise<unknown>;
}
let client: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  ({ client, mock: mockModule } = await generatedFromWsdl(WSDL, OUT));
}, 120_000);

const wire: WireEntry[] = [];
const received: unknown[] = [];

/** A mock whose handler keeps what it got and answers with the lists joined, so that the answer shows them too. */
function mock(): MockService {
  const handlers = {
    buildSample: (p: Params) => {
      received.push(p);
      // Left out where no <columnName> came (ASMX's null): kept apart from the empty list in the answer.
      return `${p.cellId}:${p.columnName === undefined ? '(none)' : p.columnName.join('|')}:${p.codes.join(',')}`;
    },
    report: (p: { dimension?: Array<{ name: string }> }) => {
      received.push(p);
      const dimension = p.dimension ?? [];
      return { dimension: dimension.map((d) => d.name), record: [{ count: dimension.length }, { count: 0 }] };
    },
    tag: (p: { row: Array<{ count: number }> }) => {
      received.push(p);
      return p.row.reduce((n, r) => n + r.count, 0);
    },
    send: (p: { property?: unknown }) => {
      received.push(p);
      return p.property ?? null;
    },
  };
  return (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({ handlers });
}

/** A client of `service`; SOAP exchanges are kept in `wire` for the schema checks (a form is no XML to validate). */
function clientFor(style: Style, service: MockService): { client: Client; sent: string[] } {
  const Ctor = client['ProofsClient'] as new (o: Record<string, unknown>) => Client;
  if (style !== 'httpPost') {
    const { fetch, sent } = mockFetch(service, style, wire);
    return { client: new Ctor({ baseUrl: 'http://proofs.test', style, fetch }), sent };
  }
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push(await request.clone().text());
    return service.handle(request);
  };
  return { client: new Ctor({ baseUrl: 'http://proofs.test', style, fetch }), sent };
}

/** What the mock answers a hand-written HTTP POST form with: its status and body. */
async function postForm(form: string): Promise<{ status: number; text: string }> {
  const request = new Request('http://proofs.test/Proofs.asmx/BuildSample', {
    method: 'POST',
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const response = await mock().handle(request);
  return { status: response.status, text: await response.text() };
}

/** What the mock answers a hand-written SOAP 1.1 request with `content` inside <BuildSample>. */
async function postSoap(content: string): Promise<{ status: number; text: string }> {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><BuildSample xmlns="${NS}">${content}</BuildSample></soap:Body></soap:Envelope>`;
  const request = new Request('http://proofs.test/Proofs.asmx', {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}BuildSample"` },
  });
  const response = await mock().handle(request);
  return { status: response.status, text: await response.text() };
}

describe('a repeated parameter: its own element, repeated in the request wrapper', () => {
  it('is drafted as a list without a container, its bounds kept; what is generated type-checks', () => {
    const imported = importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Proofs.wsdl');
    // Nothing is left out: not the repeated parameters, the wrappers' bases nor the repeated alternatives.
    expect(imported.problems).toEqual([]);
    const spec = parse(imported.yaml) as {
      operations: Array<{ params: unknown; outputs?: unknown }>;
      records: Record<string, { fields: unknown }>;
    };
    expect(spec.operations[0]!.params).toEqual([
      { name: 'cellId', type: 'int' },
      // minOccurs="0": its caller may leave it out (sending no element, as for []).
      { name: 'columnName', type: { list: 'string', nillableItems: false, container: false }, optional: true },
      { name: 'codes', type: { list: 'int', container: false, minItems: 1, maxItems: 3 } },
    ]);
    // A wrapper extending a type of another schema: the base's elements first, in the base's namespace.
    expect(spec.operations[1]).toMatchObject({
      params: [
        { name: 'startDate', type: 'dateTime', nillable: true, namespace: COMMON },
        {
          name: 'dimension',
          type: { list: 'Dimension', nillableItems: false, container: false },
          optional: true,
          namespace: COMMON,
        },
        { name: 'eventType', type: 'string' },
      ],
      result: 'void',
      outputs: [
        { name: 'dimension', type: { list: 'string', nillableItems: false, container: false }, namespace: COMMON },
        { name: 'record', type: { list: 'Record', nillableItems: false, container: false }, namespace: COMMON },
      ],
    });
    // A choice whose alternatives repeat themselves: each a list without a container, its bounds kept.
    expect(spec.records['Property']!.fields).toEqual([
      {
        name: 'Item',
        type: {
          choice: [
            { name: 'value', type: 'string' },
            { name: 'property', type: { list: 'Property', nillableItems: false, container: false, minItems: 1 } },
            { name: 'code', type: { list: 'int', container: false, minItems: 2, maxItems: 3 } },
          ],
        },
      },
      { name: 'name', type: 'string', optional: false, attribute: true },
    ]);
    expect(typecheckDir(OUT).diagnostics).toEqual([]);
  }, 120_000);

  // What the import reports, each row the fixture with one thing changed: the problem's construct and message.
  it.each([
    {
      kind: "a repeating alternative in a parameter's choice",
      from: '<s:element minOccurs="0" name="property" type="tns:Property" />',
      to: '<s:choice><s:element maxOccurs="2" name="a" type="s:int" /><s:element name="b" type="s:string" /></s:choice>',
      problems: [
        's:choice: in Send: the choice is left out, since not all of its alternatives can be mapped',
        'maxOccurs: in Send: the alternative a repeats within a choice that repeats itself or chooses a parameter, which the format cannot say',
      ],
    },
    {
      kind: 'a wrapper extending a type no schema declares',
      from: '<s:extension base="c:RangeResponse" />',
      to: '<s:extension base="c:Missing" />',
      problems: [
        's:complexContent: in the wrapper ReportResponse: not an extension of a named complex type the WSDL declares; left out',
      ],
    },
  ])('the import reports $kind', ({ from, to, problems }) => {
    const text = readFileSync(join(ROOT, WSDL), 'utf8');
    expect(text.split(from).length).toBe(2);
    const messages = importWsdl(text.replace(from, to), 'Proofs.wsdl').problems.map(
      (p) => `${p.construct}: ${p.message}`,
    );
    expect(messages.filter((m) => !m.includes('left out: no operation the draft keeps uses it'))).toEqual(problems);
  });

  // Each row: the lists sent, and the wire the client writes for them in SOAP (inside <BuildSample>) and HTTP POST.
  // The optional columnName left out and empty are one wire (no element): the handler gets it left out for both.
  const rows = [
    { kind: 'no items', columnName: [], codes: [7], soap: '<cellId>3</cellId><codes>7</codes>', form: undefined },
    {
      kind: 'the optional list left out',
      columnName: undefined,
      codes: [7],
      soap: '<cellId>3</cellId><codes>7</codes>',
      form: undefined,
    },
    {
      kind: 'one item',
      columnName: ['a'],
      codes: [7],
      soap: '<cellId>3</cellId><columnName>a</columnName><codes>7</codes>',
      form: 'cellId=3&columnName=a&codes=7',
    },
    {
      kind: 'three items, text to escape, the most codes',
      columnName: ['x & <y>', '', 'Zoë 東京'],
      codes: [1, -2, 3],
      soap: '<cellId>3</cellId><columnName>x &amp; &lt;y&gt;</columnName><columnName></columnName><columnName>Zoë 東京</columnName><codes>1</codes><codes>-2</codes><codes>3</codes>',
      form: 'cellId=3&columnName=x+%26+%3Cy%3E&columnName=&columnName=Zo%C3%AB+%E6%9D%B1%E4%BA%AC&codes=1&codes=-2&codes=3',
    },
  ] as const;
  for (const style of ['soap11', 'soap12', 'httpPost'] as const) {
    for (const row of rows) {
      it(`${row.kind} in ${style}: exact wire, the handler gets the arrays, the answer comes back`, async () => {
        received.length = 0;
        const { client: c, sent } = clientFor(style, mock());
        const params = { cellId: 3, columnName: row.columnName, codes: row.codes };
        if (style === 'httpPost' && row.form === undefined) {
          // ASMX binds an array from its form fields and answers a 500 without one: the client refuses it unsent.
          await expect(c.buildSample(params)).rejects.toThrow(
            'columnName is an empty list, which an HTTP POST form cannot carry',
          );
          expect(sent).toEqual([]);
          return;
        }
        const none = row.columnName === undefined || row.columnName.length === 0;
        expect(await c.buildSample(params)).toBe(
          `3:${none ? '(none)' : row.columnName.join('|')}:${row.codes.join(',')}`,
        );
        expect(received).toStrictEqual([none ? { cellId: 3, codes: row.codes } : params]);
        expect(sent[0]).toContain(
          style === 'httpPost' ? row.form! : `<BuildSample xmlns="${NS}">${row.soap}</BuildSample>`,
        );
      });
    }
  }

  it.each([
    { kind: 'fewer items than minOccurs', codes: [], message: 'codes has 0 items, fewer than the 1 it must have' },
    {
      kind: 'more items than maxOccurs',
      codes: [1, 2, 3, 4],
      message: 'codes has 4 items, more than the 3 it may have',
    },
    { kind: 'an item that is not an int', codes: [1, 2.5], message: 'codes[1]' },
    { kind: 'no array', codes: 5, message: 'codes must be an array, got number' },
  ])('the client refuses $kind before sending', async ({ codes, message }) => {
    for (const style of ['soap11', 'httpPost'] as const) {
      const { client: c, sent } = clientFor(style, mock());
      await expect(c.buildSample({ cellId: 1, columnName: ['a'], codes: codes as number[] })).rejects.toThrow(message);
      expect(sent).toEqual([]);
    }
  });

  it('the mock reads every repeated element, in document order wherever it stands, and an optional one without any as left out', async () => {
    received.length = 0;
    expect(
      (await postSoap('<columnName>b</columnName><cellId>1</cellId><codes>4</codes><columnName>a</columnName>')).status,
    ).toBe(200);
    expect((await postSoap('<cellId>2</cellId><codes>5</codes>')).status).toBe(200);
    expect(received).toStrictEqual([
      { cellId: 1, columnName: ['b', 'a'], codes: [4] },
      { cellId: 2, codes: [5] },
    ]);
  });

  // Each row: a request outside codes' bounds (1 to 3 items), by hand, in SOAP and in an HTTP POST form; the mock's
  // Client fault (the same text in both) and the handler never called.
  it.each([
    {
      kind: 'fewer items than minOccurs',
      soap: '<cellId>1</cellId>',
      form: undefined,
      fault: 'parameter "codes" has 0 items, fewer than the 1 it must have',
    },
    {
      kind: 'more items than maxOccurs',
      soap: '<cellId>1</cellId><codes>1</codes><codes>2</codes><codes>3</codes><codes>4</codes>',
      form: 'cellId=1&columnName=a&codes=1&codes=2&codes=3&codes=4',
      fault: 'parameter "codes" has 4 items, more than the 3 it may have',
    },
  ])('the mock refuses $kind with a Client fault', async ({ soap, form, fault }) => {
    received.length = 0;
    const viaSoap = await postSoap(soap);
    expect(viaSoap.status).toBe(500);
    expect(viaSoap.text).toContain('<faultcode>soap:Client</faultcode>');
    expect(viaSoap.text).toContain(`<faultstring>${fault}</faultstring>`);
    if (form !== undefined) {
      const viaForm = await postForm(form);
      expect(viaForm.status).toBe(500);
      expect(viaForm.text).toContain(fault);
    }
    expect(received).toEqual([]);
    // At its bounds, it is taken.
    expect((await postSoap('<cellId>1</cellId><codes>1</codes><codes>2</codes><codes>3</codes>')).status).toBe(200);
    expect((await postForm('cellId=1&columnName=a&codes=1')).status).toBe(200);
    expect(received).toHaveLength(2);
  });

  it('the mock refuses a nil item where the items may not be nil, and a bad item, with a Client fault', async () => {
    const nil = await postSoap(
      '<cellId>1</cellId><columnName xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>',
    );
    expect(nil.status).toBe(500);
    expect(nil.text).toContain('parameter "columnName" is nil (xsi:nil), but its items are not nillable');
    const bad = await postSoap('<cellId>1</cellId><codes>1</codes><codes>x</codes>');
    expect(bad.status).toBe(500);
    expect(bad.text).toContain('soap:Client');
    // A parameter that is not repeated still appears once only.
    const twice = await postSoap('<cellId>1</cellId><cellId>2</cellId>');
    expect(twice.text).toContain('parameter "cellId" appears more than once');
  });

  it('the mock reads a repeated form field as ASMX binds an array, and misses one that is not there', async () => {
    received.length = 0;
    expect(await postForm('cellId=1&columnName=a&codes=2&columnName=b')).toMatchObject({ status: 200 });
    expect(received).toEqual([{ cellId: 1, columnName: ['a', 'b'], codes: [2] }]);
    const missing = await postForm('cellId=1&codes=2');
    expect(missing.status).toBe(500);
    expect(missing.text).toContain('Missing parameter: columnName.');
    // A field that is not repeated still holds one value.
    expect((await postForm('cellId=1&cellId=2&columnName=a&codes=2')).status).toBe(500);
  });

  // A wrapper's base of another namespace, and repeated alternatives: each row a call, what the handler gets (or the
  // answer echoes), and the markup the client sends inside the wrapper.
  const others = [
    {
      op: 'report',
      params: {
        startDate: new Date('2026-01-02T03:04:05Z'),
        dimension: [{ name: 'Cell' }, { name: 'Time' }],
        eventType: 'SPAM',
      },
      result: { dimension: ['Cell', 'Time'], record: [{ count: 2 }, { count: 0 }] },
      sent:
        // Each item by itself in the base's namespace (the record writer declares its own prefix too).
        `<own:startDate xmlns:own="${COMMON}">2026-01-02T03:04:05.000Z</own:startDate>` +
        `<own:dimension xmlns:own="${COMMON}" xmlns:ns1="${COMMON}" name="Cell"></own:dimension>` +
        `<own:dimension xmlns:own="${COMMON}" xmlns:ns1="${COMMON}" name="Time"></own:dimension><eventType>SPAM</eventType>`,
    },
    {
      op: 'send',
      params: {
        property: {
          Item: {
            property: [
              { Item: { value: 'a & b' }, name: 'x' },
              { Item: { code: [1, 2, 3] }, name: 'y' },
            ],
          },
          name: 'p',
        },
      },
      result: {
        Item: {
          property: [
            { Item: { value: 'a & b' }, name: 'x' },
            { Item: { code: [1, 2, 3] }, name: 'y' },
          ],
        },
        name: 'p',
      },
      sent: '<property name="p"><property name="x"><value>a &amp; b</value></property><property name="y"><code>1</code><code>2</code><code>3</code></property></property>',
    },
    {
      // An operation of another namespace than the service's: each item is qualified by itself, its members in theirs.
      op: 'tag',
      params: { row: [{ count: 2 }, { count: 5 }] },
      result: 7,
      sent:
        `<op:row xmlns:op="${COMMON}" xmlns="${NS}" xmlns:ns1="${COMMON}"><ns1:count>2</ns1:count></op:row>` +
        `<op:row xmlns:op="${COMMON}" xmlns="${NS}" xmlns:ns1="${COMMON}"><ns1:count>5</ns1:count></op:row>`,
    },
  ] as const;
  for (const style of ['soap11', 'soap12'] as const) {
    for (const row of others) {
      it(`${row.op} in ${style}: exact wire, both ways`, async () => {
        received.length = 0;
        const { client: c, sent } = clientFor(style, mock());
        expect(await (c[row.op] as (p: unknown) => Promise<unknown>).call(c, row.params)).toEqual(row.result);
        expect(received).toEqual([row.params]);
        const op = row.op[0]!.toUpperCase() + row.op.slice(1);
        expect(sent[0]).toContain(`<${op} xmlns="${row.op === 'tag' ? COMMON : NS}">${row.sent}</${op}>`);
      });
    }
  }

  it('a repeated alternative: the client refuses it outside its bounds, and an answer holding two alternatives', async () => {
    const { client: c, sent } = clientFor('soap11', mock());
    await expect(c.send({ property: { Item: { code: [1] }, name: 'p' } })).rejects.toThrow(
      'property.Item.code has 1 items, fewer than the 2 it must have',
    );
    expect(sent).toEqual([]);
    const Ctor = client['ProofsClient'] as new (o: Record<string, unknown>) => Client;
    const answer = (inner: string) =>
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><SendResponse xmlns="${NS}"><SendResult name="p">${inner}</SendResult></SendResponse></soap:Body></soap:Envelope>`;
    const answered = (inner: string) =>
      new Ctor({
        baseUrl: 'http://proofs.test',
        style: 'soap11',
        fetch: async () =>
          new Response(answer(inner), { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } }),
      });
    await expect(answered('<code>1</code><code>2</code>').send({})).resolves.toEqual({
      Item: { code: [1, 2] },
      name: 'p',
    });
    await expect(answered('<value>v</value><code>1</code>').send({})).rejects.toThrow(
      'Property: <code> follows <value>, but a choice holds exactly one of its alternatives',
    );
    await expect(answered('<code>1</code><value>v</value>').send({})).rejects.toThrow(
      'Property: <value> follows <code>, but a choice holds exactly one of its alternatives',
    );
    await expect(answered('<code>1</code><property name="q"><value>v</value></property>').send({})).rejects.toThrow(
      'Property: <property> follows <code>, but a choice holds exactly one of its alternatives',
    );
  });

  it('the generated WSDL declares it repeated, and the wire validates against it and the fixture schema', async () => {
    const generated = readFileSync(join(OUT, 'wsdl', 'Proofs.wsdl'), 'utf8');
    expect(generated).toContain('<s:element minOccurs="0" maxOccurs="unbounded" name="columnName" type="s:string"/>');
    expect(generated).toContain('<s:element minOccurs="1" maxOccurs="3" name="codes" type="s:int"/>');
    // A repeated alternative is its item element, with the list's bounds, in the choice.
    expect(generated).toContain('<s:element minOccurs="2" maxOccurs="3" name="code" type="s:int"/>');
    expect(generated).toContain('<s:element minOccurs="1" maxOccurs="unbounded" name="property" type="tns:Property"/>');
    // The common schema's dimension is a DimensionType in one wrapper and a string in the other: one global element.
    expect(generated).toContain('<s:element name="dimension" nillable="true" type="s:anyType"/>');
    const documents: Record<string, string> = Object.fromEntries(wire.map((w, i) => [`${i} ${w.what}`, w.xml]));
    expect(Object.keys(documents).length).toBeGreaterThanOrEqual(10);
    documents['old: one column as an array element'] =
      `<BuildSample xmlns="${NS}"><cellId>1</cellId><columnName><string>a</string></columnName><codes>1</codes></BuildSample>`;
    for (const wsdl of [readFileSync(join(ROOT, WSDL), 'utf8'), generated]) {
      const errors = await validateAll(extractSchemas(wsdl), documents);
      expect(errors.get('old: one column as an array element')!.join('\n')).toMatch(/columnName/);
      expect([...errors].filter(([name, e]) => !name.startsWith('old:') && e.length > 0)).toEqual([]);
    }
  }, 60_000);

  it('the docs show it repeated', () => {
    const page = readFileSync(join(OUT, 'docs', 'operations', 'BuildSample.md'), 'utf8');
    expect(page).toContain(
      '| `columnName` | `xs:string` repeated, no container (never nil) | `ReadonlyArray<string>` |',
    );
    expect(page).toContain('cellId=1&columnName=text&codes=1');
    const types = readFileSync(join(OUT, 'client', 'types.ts'), 'utf8');
    expect(types).toContain(
      'Sent as `<codes>` elements repeated without a container (none for `[]`, 1 to 3 items), each xs:int.',
    );
  });
});
