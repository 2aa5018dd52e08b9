/**
 * node-soap 1.13 as a server of OUR generated WSDL (generated/wsdl/PayerFunctions.wsdl), called by the generated
 * PayerClient: every payer operation (test/helpers/payer-wsdl-rows.ts) over SOAP 1.1 and SOAP 1.2. node-soap reads
 * the requests with the WSDL alone (test/helpers/node-soap-server.ts: raw requests recorded, SOAP 1.2 routed to a
 * second node-soap server with `forceSoap12Headers`), so a request it parses into the row's parameters, and a result
 * it writes from the WSDL that the client decodes into the row's value, show that client and WSDL agree.
 *
 * The handler records node-soap's parse of each request and answers the row's rich value (or, in a second call, its
 * sparse one: nil fields, empty lists), written the way node-soap needs it (`toNodeSoap` below):
 * - each list's container nested by hand: `{ SvcFees: { SvcFee: [a, b] } }` (node-soap adds none; an empty list is
 *   `{ SvcFees: { SvcFee: [] } }`, written `<SvcFees></SvcFees>`);
 * - a nil list item as `{ attributes: { 'xsi:nil': 'true' } }` (node-soap writes a null item as an empty element,
 *   which is an item with every field absent);
 * - dateTime as ISO text (node-soap writes a Date as an empty element);
 * - null for a nil field (written `xsi:nil="true"`, the xsi prefix left undeclared by node-soap and declared by the
 *   harness), keys in schema order (node-soap writes an object's keys in their order, not the schema's).
 *
 * node-soap parses requests with `customDeserializer` keeping xs:double, xs:long and xs:dateTime as exact text (its
 * own parse goes through Number, parseInt and Date), so each parameter is compared with the text the client must
 * send: the handler receives the row's `requestTexts`, credentials included (the key is the HMAC of DECISIONS.md).
 * Every response node-soap wrote is validated against the WSDL's schema at the end.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { parseXml } from '../client/support/xml-tree.js';
import { startNodeSoapServer, type NodeSoapHandler, type NodeSoapServer } from '../helpers/node-soap-server.js';
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
  type PayerWsdlRow,
} from '../helpers/payer-wsdl-rows.js';
import { SOAP11_ENVELOPE, SOAP12_ENVELOPE, soapBodyElement } from '../helpers/soap-body.js';
import { extractSchema, validateAll } from '../helpers/xsd.js';
import { EXACT_TEXT, NIL_ITEM } from './support/real-service-case.js';

const WSDL = readFileSync(PAYER_WSDL_PATH, 'utf8');
const STYLES = ['soap11', 'soap12'] as const satisfies readonly Style[];
const ENVELOPE = { soap11: SOAP11_ENVELOPE, soap12: SOAP12_ENVELOPE } as const;

/** A result in the generated client's types, as node-soap must be given it to write the same XML (see above). */
function toNodeSoap(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) throw new Error('a list must sit under a field of LIST_ITEMS');
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined) continue;
    const item = LIST_ITEMS[key];
    if (Array.isArray(child)) {
      if (item === undefined) throw new Error(`no item element known for the list ${key}`);
      out[key] = { [item]: child.map((c: unknown) => (c === null ? NIL_ITEM() : toNodeSoap(c))) };
    } else {
      out[key] = toNodeSoap(child);
    }
  }
  return out;
}

let server: NodeSoapServer;
/** node-soap's parse of each request since the last call started: operation and its first handler argument. */
const received: Array<{ operation: string; args: unknown }> = [];
let current: { row: PayerWsdlRow; answer: 'result' | 'sparse' } | undefined;
/** Every response node-soap sent, for the schema check at the end. */
const responses: Record<string, string> = {};

beforeAll(async () => {
  const handlers: Record<string, NodeSoapHandler> = {};
  for (const operation of new Set(PAYER_WSDL_ROWS.map((r) => r.operation))) {
    handlers[operation] = (args: unknown) => {
      received.push({ operation, args });
      if (current === undefined || current.row.operation !== operation)
        throw new Error(`unexpected call of ${operation}`);
      return { [current.row.resultElement]: toNodeSoap(current.row[current.answer]) };
    };
  }
  server = await startNodeSoapServer({
    wsdl: WSDL,
    path: PAYER_PATH,
    service: { [PAYER_SERVICE]: { [PAYER_PORTS.soap11]: handlers } },
    nodeSoapOptions: { customDeserializer: EXACT_TEXT },
  });
});

afterAll(async () => {
  await server?.close();
});

function client(style: Style): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    now: () => NOW,
    throwOnServiceError: false,
  });
}

async function call(style: Style, row: PayerWsdlRow, answer: 'result' | 'sparse'): Promise<unknown> {
  received.length = 0;
  current = { row, answer };
  const before = server.responses.length;
  try {
    const c = client(style) as unknown as Record<string, (params: unknown) => Promise<unknown>>;
    return await c[row.method]!.call(c, row.args);
  } finally {
    current = undefined;
    const sent = server.responses.slice(before);
    sent.forEach((r, i) => (responses[`${style} ${row.title} ${answer} response${i === 0 ? '' : ` ${i}`}`] = r.body));
  }
}

describe.each(STYLES)('%s: the generated client calls node-soap serving the WSDL', (style) => {
  it.each(PAYER_WSDL_ROWS)(
    '$title: node-soap parses exactly the parameters; the client decodes the rich result',
    async (row) => {
      const result = await call(style, row, 'result');
      expect(received).toStrictEqual([{ operation: row.operation, args: requestTexts(row) }]);
      const request = server.requests.at(-1)!;
      expect(request.url).toBe(PAYER_PATH);
      expect(request.soapVersion).toBe(style === 'soap11' ? '1.1' : '1.2');
      const response = server.responses.at(-1)!;
      expect(response.status).toBe(200);
      expect(parseXml(response.body).ns).toBe(ENVELOPE[style]);
      expect(result).toEqual(row.result);
    },
  );

  it.each(PAYER_WSDL_ROWS)(
    '$title: nil fields and empty lists written by node-soap decode as null and []',
    async (row) => {
      const result = await call(style, row, 'sparse');
      expect(received.map((r) => r.operation)).toEqual([row.operation]);
      expect(result).toEqual(row.sparse);
    },
  );
});

describe('on the wire', () => {
  it('node-soap writes nil fields with an undeclared xsi prefix and empty lists as empty containers', async () => {
    const row = PAYER_WSDL_ROWS.find((r) => r.operation === 'GetPayerFees')!;
    await call('soap11', row, 'sparse');
    const { nodeSoapBody, body } = server.responses.at(-1)!;
    expect(nodeSoapBody).toContain(
      `<GetPayerFeesResponse xmlns="${PAYER_NS}"><GetPayerFeesResult><errorMessage xsi:nil="true"></errorMessage>` +
        '<errorCode>OK</errorCode><b xsi:nil="true"></b><i xsi:nil="true"></i><d xsi:nil="true"></d><s xsi:nil="true"></s>' +
        '<SvcFees></SvcFees></GetPayerFeesResult></GetPayerFeesResponse>',
    );
    expect(nodeSoapBody).not.toContain('xmlns:xsi=');
    // What the harness sent instead: the same, with xsi declared on the envelope.
    expect(body).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    expect(body.replace(' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"', '')).toBe(nodeSoapBody);
  });

  it('the SOAP 1.1 request carries the quoted SOAPAction of the WSDL; the SOAP 1.2 one only application/soap+xml', async () => {
    const row = PAYER_WSDL_ROWS.find((r) => r.operation === 'ProcessPaymentFileAsync')!;
    await call('soap11', row, 'result');
    const soap11 = server.requests.at(-1)!;
    expect(soap11.headers['soapaction']).toBe(`"${PAYER_NS}ProcessPaymentFileAsync"`);
    expect(soap11.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(soap11.body).toContain('<timeStamp>1521234048</timeStamp>');
    await call('soap12', row, 'result');
    const soap12 = server.requests.at(-1)!;
    expect(soap12.headers['soapaction']).toBeUndefined();
    expect(soap12.headers['content-type']).toBe('application/soap+xml; charset=utf-8');
  });
});

describe('the envelopes node-soap wrote', () => {
  it("validate against the WSDL's schema (the Body's element, with xsi declared)", async () => {
    const docs = Object.fromEntries(Object.entries(responses).map(([name, xml]) => [name, soapBodyElement(xml)]));
    expect(Object.keys(docs).length).toBeGreaterThanOrEqual(2 * PAYER_WSDL_ROWS.length * 2);
    const errors = await validateAll(extractSchema(WSDL), docs);
    expect(Object.fromEntries([...errors].filter(([, e]) => e.length > 0))).toEqual({});
  });
});
