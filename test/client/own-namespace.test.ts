/**
 * Elements in a namespace of their own (issue 25, item 5: element references to another namespace, telkom-order's
 * and aplix-delivery's), from test/fixtures/own-namespace/Refs.wsdl: imported with `namespace:` on the parameter, the
 * result and the fields that need it, generated (`--wsdl`), type-checked; the client sends exactly the XML below and
 * client and generated mock agree in SOAP 1.1 and 1.2; an element in the wrong namespace is a Client fault (mock) or
 * not that field (client); what both send validates (libxml2) against the fixture's own schema and the generated WSDL's.
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

const WSDL = 'test/fixtures/own-namespace/Refs.wsdl';
const OUT = join(ROOT, 'test', '.tmp', 'own-namespace');
const NS = 'http://example.org/orders/';
const COMMON = 'http://example.org/common/';

type Style = 'soap11' | 'soap12';
interface Client {
  find(p: unknown): Promise<unknown>;
  latest(p?: unknown): Promise<unknown>;
}
let client: Record<string, unknown>;
let mockModule: Record<string, unknown>;

beforeAll(async () => {
  ({ client, mock: mockModule } = await generatedFromWsdl(WSDL, OUT));
}, 120_000);

const wire: WireEntry[] = [];
const received: unknown[] = [];

function mock(): MockService {
  const handlers = {
    find: (p: Record<string, unknown>) => {
      received.push(p);
      return {
        Order: [{ id: 1 }, { id: Number(p['limit']) }],
        Stamp: `for ${String((p['Filter'] as { Code: string }).Code)}`,
      };
    },
    latest: () => 'v & 2',
  };
  return (mockModule['createMockService'] as (o: Record<string, unknown>) => MockService)({ handlers });
}

function clientFor(style: Style, service: MockService): { client: Client; sent: string[]; answers: string[] } {
  const Ctor = client['OrdersClient'] as new (o: Record<string, unknown>) => Client;
  const { fetch, sent, answers } = mockFetch(service, style, wire);
  return { client: new Ctor({ baseUrl: 'http://orders.test', style, fetch }), sent, answers };
}

/** A SOAP 1.1 request to `op` with `content` as its parameters. */
function soapRequest(op: string, content: string): Request {
  const body = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><${op} xmlns="${NS}">${content}</${op}></soap:Body></soap:Envelope>`;
  return new Request('http://orders.test/Orders.asmx', {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${NS}${op}"` },
  });
}

/** A client whose every call is answered with `body`. */
function answeredWith(body: string): Client {
  const Ctor = client['OrdersClient'] as new (o: Record<string, unknown>) => Client;
  const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': 'text/xml; charset=utf-8' } });
  return new Ctor({ baseUrl: 'http://orders.test', style: 'soap11', fetch });
}

const envelope = (content: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${content}</soap:Body></soap:Envelope>`;

describe('elements in a namespace of their own: element references to another schema, qualified ones in unqualified ones', () => {
  it('is drafted with namespace: on the parameter, the result and the fields; what is generated type-checks', () => {
    expect(typecheckDir(OUT).diagnostics).toEqual([]);
    const spec = parse(importWsdl(readFileSync(join(ROOT, WSDL), 'utf8'), 'Refs.wsdl').yaml) as {
      records: unknown;
      operations: unknown[];
    };
    expect(spec.records).toEqual({
      Filter: { namespace: COMMON, fields: [{ name: 'Code', type: 'string', optional: false, nillable: false }] },
      Order: { fields: [{ name: 'id', type: 'int', form: 'unqualified' }] },
      OrderList: {
        fields: [
          // A reference to the service's own element, inside the unqualified FindResult: its namespace is its own.
          { name: 'Order', type: { list: 'Order', nillableItems: false, container: false }, namespace: NS },
          { name: 'Stamp', type: 'string', nillable: false, namespace: COMMON },
        ],
      },
    });
    expect(spec.operations).toEqual([
      {
        name: 'Find',
        params: [
          { name: 'Filter', type: 'Filter', namespace: COMMON },
          { name: 'limit', type: 'int', form: 'unqualified' },
        ],
        result: { type: 'OrderList', form: 'unqualified' },
      },
      { name: 'Latest', result: { type: 'string', element: 'Stamp', namespace: COMMON } },
    ]);
  }, 120_000);

  // Each row: the call, the parameters' markup the client sends, the result it reads back from the mock and its markup.
  const rows = [
    {
      op: 'find',
      params: { Filter: { Code: 'A & B' }, limit: 3 },
      sent: `<own:Filter xmlns:own="${COMMON}" xmlns:ns1="${COMMON}"><ns1:Code>A &amp; B</ns1:Code></own:Filter><limit xmlns="">3</limit>`,
      result: { Order: [{ id: 1 }, { id: 3 }], Stamp: 'for A & B' },
      answer: `<FindResult xmlns="" xmlns:tns="${NS}" xmlns:ns1="${COMMON}"><tns:Order><id xmlns="">1</id></tns:Order><tns:Order><id xmlns="">3</id></tns:Order><ns1:Stamp>for A &amp; B</ns1:Stamp></FindResult>`,
    },
    {
      op: 'latest',
      params: {},
      sent: '',
      result: 'v & 2',
      answer: `<own:Stamp xmlns:own="${COMMON}">v &amp; 2</own:Stamp>`,
    },
  ] as const;
  itHasExactWire(NS, rows, (style) => clientFor(style, mock()));

  it('the mock reads the parameter of another namespace as the handler gets it, and refuses it in the operation namespace', async () => {
    received.length = 0;
    const ok = await mock().handle(
      soapRequest('Find', `<c:Filter xmlns:c="${COMMON}"><c:Code>X</c:Code></c:Filter><limit xmlns="">1</limit>`),
    );
    expect(ok.status).toBe(200);
    expect(received).toEqual([{ Filter: { Code: 'X' }, limit: 1 }]);
    const wrong = await mock().handle(
      soapRequest('Find', `<Filter><Code xmlns="${COMMON}">X</Code></Filter><limit xmlns="">1</limit>`),
    );
    expect(wrong.status).toBe(500);
    expect(await wrong.text()).toContain(
      `parameter "Filter" is not in namespace "${COMMON}" (it is in namespace "${NS}")`,
    );
  });

  it('the client takes neither a field nor the result of another namespace in the wrong one', async () => {
    // Stamp in the service namespace is not OrderList.Stamp (skipped: optional); tns:Order unprefixed inside
    // FindResult is in no namespace, not the Order elements (skipped: the list is empty).
    const find = answeredWith(
      envelope(
        `<FindResponse xmlns="${NS}"><FindResult xmlns=""><Order><id>1</id></Order><Stamp xmlns="${NS}">s</Stamp></FindResult></FindResponse>`,
      ),
    );
    expect(await find.find({ Filter: { Code: 'X' }, limit: 1 })).toEqual({ Order: [], Stamp: undefined });
    const latest = answeredWith(envelope(`<LatestResponse xmlns="${NS}"><Stamp>s</Stamp></LatestResponse>`));
    await expect(latest.latest()).rejects.toThrow('no result: <LatestResponse> holds no <Stamp>');
  });

  // What the import reports, each row the fixture with one thing changed: the problem's construct and message.
  const reported: ReadonlyArray<{
    kind: string;
    from: string;
    to: string;
    more?: [string, string];
    problems: string[];
  }> = [
    {
      kind: "a reference to another namespace as a choice's alternative (which has no namespace of its own)",
      from: '<s:element minOccurs="1" maxOccurs="1" name="limit" type="s:int" />',
      to: '<s:choice><s:element ref="c:Stamp" /><s:element name="limit" type="s:int" /></s:choice>',
      problems: [
        's:choice: in Find: the choice is left out, since not all of its alternatives can be mapped',
        `s:element ref: the element reference c:Stamp names an element of ${COMMON}, not of ${NS} where the reference stands; a list item, or an alternative of a choice other than a record field's, cannot be in a namespace of its own, so it is left out`,
        // The fixture's schema does not qualify its local elements; a parameter's choice is read in its operation's namespace.
        "form=\"unqualified\": in Find: the alternative limit is drafted qualified, in its operation's or list's namespace: only a record's choice has alternatives of their own form",
      ],
    },
    {
      kind: "a reference to another namespace as a list's item",
      from: '<s:element minOccurs="0" maxOccurs="1" ref="c:Stamp" />',
      to: '<s:element minOccurs="0" maxOccurs="1" name="Stamps" type="tns:ArrayOfStamp" /></s:sequence></s:complexType><s:complexType name="ArrayOfStamp"><s:sequence><s:element minOccurs="0" maxOccurs="unbounded" ref="c:Stamp" />',
      problems: [
        // Its item not drafted, the list type is not either.
        's:complexType ArrayOfStamp: the type ArrayOfStamp is left out: no operation the draft keeps uses it',
        `s:element ref: the element reference c:Stamp names an element of ${COMMON}, not of ${NS} where the reference stands; a list item, or an alternative of a choice other than a record field's, cannot be in a namespace of its own, so it is left out`,
      ],
    },
    {
      kind: 'a reference to an element of no namespace (an unqualified one, which form says)',
      from: '<s:element minOccurs="0" maxOccurs="1" ref="c:Stamp" />',
      to: '<s:element minOccurs="0" maxOccurs="1" ref="Loose" />',
      more: ['</wsdl:types>', '<s:schema><s:element name="Loose" type="s:string" /></s:schema></wsdl:types>'],
      problems: [
        `s:element ref: the element reference Loose names an element of no namespace, not of ${NS} where the reference stands; left out`,
      ],
    },
    {
      kind: 'an anonymous restriction of a simple type: its base, the facets reported',
      from: '<s:element minOccurs="1" maxOccurs="1" name="Code" type="s:string" />',
      to: '<s:element minOccurs="1" maxOccurs="1" name="Code"><s:simpleType><s:restriction base="s:string"><s:maxLength value="5" /></s:restriction></s:simpleType></s:element>',
      problems: [
        'anonymous s:simpleType: the type of Code is declared inline, a restriction of string drafted as string; its facets are not kept',
      ],
    },
  ];
  it.each(reported)('the import reports $kind', ({ from, to, more, problems }) => {
    let text = readFileSync(join(ROOT, WSDL), 'utf8');
    for (const [a, b] of [[from, to], ...(more ? [more] : [])] as const) {
      expect(text.split(a).length).toBe(2);
      text = text.replace(a, b);
    }
    const result = importWsdl(text, 'Refs.wsdl');
    const messages = result.problems
      .map((p) => `${p.construct}: ${p.message}`)
      .filter((m) => !m.startsWith('elementFormDefault'));
    expect(messages).toEqual(problems);
    // The anonymous restriction is drafted as its base.
    if (/maxLength/.test(to))
      expect(parse(result.yaml).records.Filter.fields[0]).toEqual({
        name: 'Code',
        type: 'string',
        optional: false,
        nillable: false,
      });
  });

  it('the wire validates against the fixture schema and the generated WSDL, which declares the references', async () => {
    expect(wire.length).toBeGreaterThanOrEqual(8);
    const documents: Record<string, string> = Object.fromEntries(wire.map((w, i) => [`${i} ${w.what}`, w.xml]));
    // The docs' example exchanges are what the client sends and the mock answers, in the same namespaces.
    // The docs say where the elements are.
    expect(readFileSync(join(OUT, 'docs', 'operations', 'Find.md'), 'utf8')).toContain(
      `An element in namespace \`${COMMON}\` in SOAP.`,
    );
    expect(readFileSync(join(OUT, 'docs', 'operations', 'Latest.md'), 'utf8')).toContain(
      `holding \`<Stamp>\` in namespace \`${COMMON}\``,
    );
    for (const op of ['Find', 'Latest']) {
      const page = readFileSync(join(OUT, 'docs', 'operations', `${op}.md`), 'utf8');
      const bodies = [...page.matchAll(/```http\n([\s\S]*?)```/g)]
        .map((m) => m[1]!.slice(m[1]!.indexOf('\n\n') + 2).trim())
        .filter((b) => b.startsWith('<'));
      expect(bodies.length).toBe(4);
      bodies.forEach((b, i) => (documents[`docs ${op} ${i}`] = soapBodyElement(b)));
    }
    documents['old: Filter in the operation namespace'] =
      `<Find xmlns="${NS}"><Filter><Code>X</Code></Filter><limit xmlns="">1</limit></Find>`;
    const generated = readFileSync(join(OUT, 'wsdl', 'Orders.wsdl'), 'utf8');
    // As ASMX declares a reference type, the record parameter may be left out (minOccurs 0); the elements of another
    // namespace are top-level elements of its schema, where their type and nil-ability are; one whose own namespace is
    // its schema's (OrderList.Order) a local element there, qualified as the schema's are.
    const refs = [
      '<s:element minOccurs="0" maxOccurs="1" ref="s1:Filter"/>',
      '<s:element minOccurs="0" maxOccurs="1" ref="s1:Stamp"/>',
      '<s:element name="Filter" type="s1:Filter"/>',
      '<s:element minOccurs="0" maxOccurs="unbounded" name="Order" type="tns:Order"/>',
    ];
    // A reference names another schema's element: the schema holding it imports that namespace, as XML Schema requires.
    expect(generated).toMatch(new RegExp(`targetNamespace="${NS}">\\s*<s:import namespace="${COMMON}"/>`));
    for (const ref of refs) {
      expect(generated).toContain(ref);
    }
    for (const wsdl of [readFileSync(join(ROOT, WSDL), 'utf8'), generated]) {
      const errors = await validateAll(extractSchemas(wsdl), documents);
      expect(errors.get('old: Filter in the operation namespace')!.join('\n')).toMatch(
        /Filter': This element is not expected/,
      );
      expect([...errors].filter(([name, e]) => !name.startsWith('old:') && e.length > 0)).toEqual([]);
    }
  }, 60_000);
});
