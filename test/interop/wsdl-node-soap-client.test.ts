/**
 * node-soap 1.13 as a client of OUR generated WSDL (generated/wsdl/PayerFunctions.wsdl), calling the generated mock
 * over HTTP: every payer operation (test/helpers/payer-wsdl-rows.ts), over SOAP 1.1 (port PayerFunctionsSoap) and
 * SOAP 1.2 (port PayerFunctionsSoap12, `forceSoap12Headers`). node-soap builds each request from the WSDL alone, so a
 * request the mock accepts and decodes exactly, and a response node-soap parses into the values the mock's handler
 * returned, show that the WSDL says what the mock implements.
 *
 * The mock checks credentials as the service does (the payer's key, a frozen clock): node-soap is given the key
 * computed by DECISIONS.md's rule, so the mock's acceptance also shows the signing rule is implementable from the
 * documents. Each handler records its decoded parameters and the credential texts; each answers a rich value (non-empty
 * lists, nil fields and list items, longs past 2^53, dates, fractional doubles, markup) and, in a second call, a
 * sparse one (every nillable field nil, every list empty).
 *
 * How node-soap's result is compared with what the handler returned (see test/helpers/node-soap-client.ts):
 * - node-soap is run with `handleNilAsNull` (else nil elements vanish), `preserveWhitespace` (else strings are
 *   trimmed) and `customDeserializer: { long: text => text }` (else xs:long goes through parseInt and loses digits
 *   past 2^53): the three defaults are pinned in the last block.
 * - Normalisation 1, `unwrapLists`: node-soap keeps each list's container level (`{ SvcFees: { SvcFee: [...] } }`);
 *   it is removed to compare with the client's arrays.
 * - Normalisation 2, `emptyListsAsNull`: node-soap turns an element with no content and no attributes into null, so
 *   an empty list (`<SvcFees />`) comes back as null, like a nil one; the sparse rows expect null there.
 * - Nothing else: the schema types every number, so node-soap returns numbers (xs:int, xs:double), booleans and Dates
 *   (xs:dateTime) itself; enum-typed and string fields stay strings ('00123' stays text).
 * - Requests: node-soap writes a Date argument as an empty element, so dateTime and every other value is given as
 *   the wire text (the row's `wire`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createClientAsync } from 'soap';
import { VirtualClock, startMockServer, type MockContext } from '../../generated/mock/index.js';
import { parseXml, type XmlNode } from '../client/support/xml-tree.js';
import {
  createNodeSoapClient,
  emptyListsAsNull,
  unwrapLists,
  type NodeSoapClient,
} from '../helpers/node-soap-client.js';
import {
  API_KEY,
  LIST_ITEMS,
  NOW,
  PAYER,
  PAYER_NS,
  PAYER_PATH,
  PAYER_PORTS,
  PAYER_SERVICE,
  PAYER_WSDL_PATH,
  PAYER_WSDL_ROWS,
  requestTexts,
  signatureOf,
  type PayerWsdlRow,
} from '../helpers/payer-wsdl-rows.js';
import { SOAP11_ENVELOPE, SOAP12_ENVELOPE, soapBodyElement } from '../helpers/soap-body.js';
import { extractSchema, validateAll } from '../helpers/xsd.js';

type Server = Awaited<ReturnType<typeof startMockServer>>;
type Version = '1.1' | '1.2';
const VERSIONS: readonly Version[] = ['1.1', '1.2'];
const STYLE = { '1.1': 'soap11', '1.2': 'soap12' } as const;
const ENVELOPE = { '1.1': SOAP11_ENVELOPE, '1.2': SOAP12_ENVELOPE } as const;
const WSDL = readFileSync(PAYER_WSDL_PATH, 'utf8');

let server: Server;
const clients = new Map<Version, NodeSoapClient>();
/** What the handlers got since the last `reset`. */
const got: Array<{ operation: string; params: Record<string, unknown>; context: MockContext }> = [];
/** The row being called and which of its values the handler answers. */
let current: { row: PayerWsdlRow; answer: 'result' | 'sparse' } | undefined;
/** Every envelope node-soap sent and the mock answered, for the schema check at the end. */
const envelopes: Record<string, string> = {};

beforeAll(async () => {
  const handlers: Record<string, (params: Record<string, unknown>, context: MockContext) => unknown> = {};
  for (const row of PAYER_WSDL_ROWS) {
    handlers[row.method] = (params, context) => {
      got.push({ operation: context.operation, params, context });
      if (current === undefined || current.row.operation !== context.operation) {
        throw new Error(`unexpected call of ${context.operation}`);
      }
      return current.row[current.answer];
    };
  }
  server = await startMockServer({
    port: 0,
    handlers,
    credentials: { [PAYER]: API_KEY },
    clock: new VirtualClock(NOW),
  });
  for (const version of VERSIONS) {
    clients.set(
      version,
      await createNodeSoapClient({
        wsdl: PAYER_WSDL_PATH,
        endpoint: server.url + PAYER_PATH,
        soapVersion: version,
        service: PAYER_SERVICE,
        port: version === '1.1' ? PAYER_PORTS.soap11 : PAYER_PORTS.soap12,
      }),
    );
  }
});

afterAll(async () => {
  await server?.close();
});

async function call(version: Version, row: PayerWsdlRow, answer: 'result' | 'sparse') {
  got.length = 0;
  current = { row, answer };
  try {
    const exchange = await clients.get(version)!.call(row.operation, requestTexts(row));
    envelopes[`${version} ${row.title} request`] = exchange.request;
    envelopes[`${version} ${row.title} ${answer} response`] = exchange.response;
    return exchange;
  } finally {
    current = undefined;
  }
}

/** The element in the Body of an envelope, read by a namespace-aware parser. */
function bodyElement(envelope: string): { envelopeNs: string; element: XmlNode } {
  const root = parseXml(envelope);
  const body = root.children.find((c) => c.name === 'Body');
  if (!body || body.children.length !== 1) throw new Error('expected one element in the Body');
  return { envelopeNs: root.ns, element: body.children[0]! };
}

/** The request element's sequence in the WSDL's schema, by operation. */
function wsdlSequences(): Map<string, string[]> {
  const sequences = new Map<string, string[]>();
  for (const m of WSDL.matchAll(/<s:element name="(\w+)">\s*<s:complexType>\s*<s:sequence>([\s\S]*?)<\/s:sequence>/g)) {
    sequences.set(
      m[1]!,
      [...m[2]!.matchAll(/ name="(\w+)"/g)].map((n) => n[1]!),
    );
  }
  return sequences;
}

describe('the rows', () => {
  it('cover the 19 operations of the WSDL, each request in the sequence and spelling of its schema', () => {
    const sequences = wsdlSequences();
    const operations = [...WSDL.matchAll(/<wsdl:operation name="(\w+)">/g)].map((m) => m[1]!);
    expect(new Set(operations)).toEqual(new Set(PAYER_WSDL_ROWS.map((r) => r.operation)));
    expect(new Set(operations).size).toBe(19);
    for (const row of PAYER_WSDL_ROWS)
      expect([row.operation, sequences.get(row.operation)]).toEqual([row.operation, row.sequence]);
    expect(PAYER_WSDL_ROWS.filter((r) => r.sequence.includes('timeStamp')).map((r) => r.operation)).toEqual([
      'ProcessPaymentFileAsync',
      'GetProcessingRequestStatus',
      'ProcessPaymentsAsyncResult',
    ]);
  });

  it('know every list of the WSDL: field name -> item element (ArrayOfX containers)', () => {
    const itemOf = new Map(
      [...WSDL.matchAll(/<s:complexType name="(ArrayOf\w+)">\s*<s:sequence>\s*<s:element [^>]*name="(\w+)"/g)].map(
        (m) => [m[1]!, m[2]!],
      ),
    );
    const lists = Object.fromEntries(
      [...WSDL.matchAll(/<s:element [^>]*name="(\w+)"[^>]*type="tns:(ArrayOf\w+)"/g)].map((m) => [
        m[1]!,
        itemOf.get(m[2]!),
      ]),
    );
    expect(lists).toEqual(LIST_ITEMS);
  });

  it('sign as DECISIONS.md says: GetBalances (EAT none) of MyPayer at 1521234048 with boguskey', () => {
    const row = PAYER_WSDL_ROWS.find((r) => r.operation === 'GetBalances')!;
    expect(signatureOf(row)).toBe('bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162');
  });
});

describe.each(VERSIONS)('SOAP %s: node-soap calls the mock through the WSDL', (version) => {
  it.each(PAYER_WSDL_ROWS)(
    '$title: the mock decodes exactly what node-soap sent; node-soap reads the rich result',
    async (row) => {
      const exchange = await call(version, row, 'result');

      // What node-soap wrote from the WSDL: the envelope of the version, the element in the service namespace, the
      // parameters in the schema's order and spelling, each the row's text.
      const { envelopeNs, element } = bodyElement(exchange.request);
      expect(envelopeNs).toBe(ENVELOPE[version]);
      expect([element.ns, element.name]).toEqual([PAYER_NS, row.operation]);
      expect(element.children.map((c) => [c.ns, c.name, c.text])).toEqual(
        Object.entries(requestTexts(row)).map(([name, text]) => [PAYER_NS, name, text]),
      );
      const action = `${PAYER_NS}${row.operation}`;
      if (version === '1.1') {
        expect(exchange.requestHeaders['Content-Type']).toBe('text/xml; charset=utf-8');
        expect(exchange.requestHeaders['SOAPAction']).toBe(`"${action}"`);
      } else {
        expect(exchange.requestHeaders['Content-Type']).toBe(`application/soap+xml; charset=utf-8; action="${action}"`);
        expect(exchange.requestHeaders['SOAPAction']).toBeUndefined();
      }

      // What the mock made of it: the row's parameters exactly (no credential among them), the credentials as sent
      // (the key it verified), in the style of the request.
      expect(got).toHaveLength(1);
      expect(got[0]!.params).toStrictEqual(row.params);
      expect(got[0]!.context.style).toBe(STYLE[version]);
      expect(got[0]!.context.credentials).toEqual({
        principal: PAYER,
        timestamp: String(NOW),
        signature: signatureOf(row),
      });
      expect(server.service.calls.at(-1)).toStrictEqual({
        operation: row.operation,
        style: STYLE[version],
        params: row.params,
      });

      // What node-soap made of the answer: the handler's value, lists unwrapped.
      expect(bodyElement(exchange.response).envelopeNs).toBe(ENVELOPE[version]);
      expect(Object.keys(exchange.result)).toEqual([row.resultElement]);
      expect(unwrapLists(exchange.result[row.resultElement], LIST_ITEMS)).toStrictEqual(row.result);
    },
  );

  it.each(PAYER_WSDL_ROWS)('$title: nil fields come back null, empty lists null too', async (row) => {
    const exchange = await call(version, row, 'sparse');
    expect(got.map((g) => g.params)).toStrictEqual([row.params]);
    expect(unwrapLists(exchange.result[row.resultElement], LIST_ITEMS)).toStrictEqual(emptyListsAsNull(row.sparse));
  });
});

describe('the envelopes of both sides', () => {
  it("validate against the WSDL's schema: every request node-soap sent, every response of the mock", async () => {
    const docs = Object.fromEntries(Object.entries(envelopes).map(([name, xml]) => [name, soapBodyElement(xml)]));
    // 2 versions x 20 rows x (request, rich response, sparse response); a request is the same for both answers.
    expect(Object.keys(docs)).toHaveLength(2 * PAYER_WSDL_ROWS.length * 3);
    const errors = await validateAll(extractSchema(WSDL), docs);
    expect(Object.fromEntries([...errors].filter(([, e]) => e.length > 0))).toEqual({});
  });
});

describe('node-soap 1.13 as a client: what the options above work around', () => {
  const row = (operation: string, variant?: string): PayerWsdlRow =>
    PAYER_WSDL_ROWS.find((r) => r.operation === operation && (variant === undefined || r.title.includes(variant)))!;

  it('by default: xs:long through parseInt (digits past 2^53 lost), strings trimmed, nil elements dropped', async () => {
    const plain = await createNodeSoapClient({
      wsdl: PAYER_WSDL_PATH,
      endpoint: server.url + PAYER_PATH,
      soapVersion: '1.1',
      service: PAYER_SERVICE,
      port: PAYER_PORTS.soap11,
      options: { customDeserializer: undefined, preserveWhitespace: false, handleNilAsNull: false },
    });
    const answer = async (r: PayerWsdlRow, value: unknown) => {
      current = { row: { ...r, result: value }, answer: 'result' };
      try {
        return (await plain.call(r.operation, requestTexts(r))).result[r.resultElement];
      } finally {
        current = undefined;
      }
    };
    const asyncRow = row('TestPaymentFileAsync');
    expect(
      await answer(asyncRow, { errorMessage: 'OK', errorCode: 'OK', requestId: '9007199254740993' }),
    ).toStrictEqual({
      errorMessage: 'OK',
      errorCode: 'OK',
      requestId: 9007199254740992,
    });
    const fileRow = row('ProcessMultiCurrencyPaymentFile');
    expect(
      await answer(fileRow, {
        errorMessage: null,
        errorCode: 'OK',
        LineErrorsOrWarning: [{ lineNumber: 1, isWarning: false, message: '  padded  ' }],
      }),
    ).toStrictEqual({
      errorCode: 'OK',
      LineErrorsOrWarning: { LineErrorOrWarning: [{ lineNumber: 1, isWarning: false, message: 'padded' }] },
    });
  });

  it('shares one parsed WSDL between the clients of a path: the SOAP version of the last client created wins', async () => {
    const r = row('GetBalances');
    const options = { endpoint: server.url + PAYER_PATH, overridePromiseSuffix: 'Promise' };
    const soap11 = await createClientAsync(PAYER_WSDL_PATH, options);
    await createClientAsync(PAYER_WSDL_PATH, { ...options, forceSoap12Headers: true });
    current = { row: r, answer: 'result' };
    try {
      await (soap11 as unknown as Record<string, (args: unknown) => Promise<unknown>>)['GetBalancesPromise']!(
        requestTexts(r),
      );
    } finally {
      current = undefined;
    }
    expect(soap11.lastRequest).toContain(`<soap:Envelope xmlns:soap="${SOAP12_ENVELOPE}"`);
    expect(server.service.calls.at(-1)?.style).toBe('soap12');
  });

  it('writes a Date argument as an empty element, which the mock refuses (so dateTime goes as text)', async () => {
    const r = row('CreatePaymentOrdersReport');
    current = { row: r, answer: 'result' };
    try {
      const args = { ...requestTexts(r), startTime: new Date(Date.UTC(2026, 0, 2)) };
      await expect(clients.get('1.1')!.call(r.operation, args)).rejects.toThrow(
        /\(HTTP 500\): soap:Client: .*empty xs:dateTime.*startTime/,
      );
      expect(clients.get('1.1')!.client.lastRequest).toContain('<startTime></startTime>');
    } finally {
      current = undefined;
    }
  });

  it('names promise methods <Op>Async by default, which an operation named TestPaymentFileAsync overwrites', async () => {
    const defaults = await createClientAsync(PAYER_WSDL_PATH, {
      endpoint: server.url + PAYER_PATH,
      disableCache: true,
    });
    const methods = defaults as unknown as Record<string, unknown>;
    const port = (defaults as unknown as Record<string, Record<string, Record<string, unknown>>>)[PAYER_SERVICE]![
      PAYER_PORTS.soap12
    ]!;
    // TestPaymentFile's promise method is gone: the name is the callback method of the operation TestPaymentFileAsync.
    expect(methods['TestPaymentFileAsync']).toBe(port['TestPaymentFileAsync']);
    expect(typeof methods['TestPaymentFileAsyncAsync']).toBe('function');
    // With the suffix 'Promise' (the helper's), every operation has its own promise method.
    const client = clients.get('1.1')!.client as unknown as Record<string, unknown>;
    for (const r of PAYER_WSDL_ROWS) expect(typeof client[`${r.operation}Promise`]).toBe('function');
    expect(client['TestPaymentFilePromise']).not.toBe(client['TestPaymentFileAsyncPromise']);
  });
});
