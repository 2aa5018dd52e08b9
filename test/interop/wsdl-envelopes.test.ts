/**
 * Every envelope the generated SDK puts on the wire is an instance of the generated WSDL's schema: for every payer
 * operation (test/helpers/payer-wsdl-rows.ts) in SOAP 1.1 and SOAP 1.2, the request the generated client builds
 * (captured with its `fetch` option) and the responses the generated mock builds (`createMockService(...).handle`) for
 * a rich result (non-empty lists, nil fields and items, longs past 2^53, dates, fractional doubles) and for a sparse
 * one (every nillable field nil, every list empty). The Body's element of each envelope, with the envelope's namespace
 * declarations, is validated by libxml2 (xmllint-wasm, test/helpers/xsd.ts) against the schema taken out of the WSDL,
 * all documents in one run. A few broken copies go through the same run, to show that the validation bites.
 *
 * Beside validity, each exchange is checked for the version's envelope and content type, the element names of the
 * document/literal wrapped binding (`<Op>`, `<OpResponse>`), and the client decoding the mock's answer exactly.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import { VirtualClock, createMockService, type PayerFunctionsMockService } from '../../generated/mock/index.js';
import {
  API_KEY,
  NOW,
  PAYER,
  PAYER_NS,
  PAYER_WSDL_PATH,
  PAYER_WSDL_ROWS,
  type PayerWsdlRow,
} from '../helpers/payer-wsdl-rows.js';
import {
  SOAP11_ENVELOPE,
  SOAP12_ENVELOPE,
  bodyElementName,
  envelopeNamespace,
  soapBodyElement,
} from '../helpers/soap-body.js';
import { extractSchema, validateAll } from '../helpers/xsd.js';

const STYLES = ['soap11', 'soap12'] as const satisfies readonly Style[];
type SoapStyle = (typeof STYLES)[number];
type Answer = 'result' | 'sparse';
const ANSWERS: readonly Answer[] = ['result', 'sparse'];
const ENVELOPE = { soap11: SOAP11_ENVELOPE, soap12: SOAP12_ENVELOPE } as const;
const CONTENT_TYPE = { soap11: 'text/xml; charset=utf-8', soap12: 'application/soap+xml; charset=utf-8' } as const;

interface Exchange {
  readonly request: string;
  readonly requestHeaders: Headers;
  readonly status: number;
  readonly responseType: string;
  readonly response: string;
  readonly decoded: unknown;
}

/** Broken copies of valid documents, each with the message libxml2 must give. */
interface Broken {
  readonly name: string;
  readonly style: SoapStyle;
  readonly operation: string;
  readonly part: 'request' | Answer;
  readonly edit: (xml: string) => string;
  readonly error: RegExp;
}

const BROKEN: readonly Broken[] = [
  {
    name: 'timestamp where ProcessPaymentFileAsync has timeStamp',
    style: 'soap11',
    operation: 'ProcessPaymentFileAsync',
    part: 'request',
    edit: (xml) => xml.replace(/<timeStamp>([^<]*)<\/timeStamp>/, '<timestamp>$1</timestamp>'),
    error:
      /Element '\{http:\/\/svc\.example\/\}timestamp': This element is not expected\. Expected is \( \{http:\/\/svc\.example\/\}timeStamp \)/,
  },
  {
    name: 'a requestId past the long range',
    style: 'soap12',
    operation: 'GetProcessingRequestStatus',
    part: 'request',
    edit: (xml) => xml.replace(/<requestId>[^<]*<\/requestId>/, '<requestId>9223372036854775808</requestId>'),
    error:
      /Element '\{http:\/\/svc\.example\/\}requestId': '9223372036854775808' is not a valid value of the atomic type 'xs:long'/,
  },
  {
    name: 'a nil LineErrorOrWarning (its items are not nillable)',
    style: 'soap11',
    operation: 'TestPaymentFile',
    part: 'result',
    edit: (xml) => xml.replace(/<LineErrorOrWarning>.*?<\/LineErrorOrWarning>/, '<LineErrorOrWarning xsi:nil="true"/>'),
    error: /Element '\{http:\/\/svc\.example\/\}LineErrorOrWarning': The element is not 'nillable'/,
  },
  {
    name: 'StatusFileResult without b (required, though nillable)',
    style: 'soap12',
    operation: 'CreatePayeeStatusFile',
    part: 'sparse',
    edit: (xml) => xml.replace(/<b xsi:nil="true"\s*\/>/, ''),
    error:
      /Element '\{http:\/\/svc\.example\/\}i': This element is not expected\. Expected is \( \{http:\/\/svc\.example\/\}b \)/,
  },
];

let service: PayerFunctionsMockService;
/** By `${style} ${row.title} ${answer}`. */
const exchanges = new Map<string, Exchange>();
/** The documents validated, by name, and the run that validates them. */
const docs: Record<string, string> = {};
let validation: Promise<Map<string, string[]>>;

const key = (style: SoapStyle, row: PayerWsdlRow, answer: Answer) => `${style} ${row.title} ${answer}`;

beforeAll(async () => {
  let current: { row: PayerWsdlRow; answer: Answer } | undefined;
  const handlers: Record<string, () => unknown> = {};
  for (const row of PAYER_WSDL_ROWS) handlers[row.method] = () => current!.row[current!.answer];
  service = createMockService({ handlers, credentials: { [PAYER]: API_KEY }, clock: new VirtualClock(NOW) });

  for (const style of STYLES) {
    let captured: Omit<Exchange, 'decoded'> | undefined;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const text = await request.clone().text();
      const response = await service.handle(request);
      captured = {
        request: text,
        requestHeaders: request.headers,
        status: response.status,
        responseType: response.headers.get('content-type') ?? '',
        response: await response.clone().text(),
      };
      return response;
    };
    const client = new PayerClient({
      baseUrl: 'http://mock.example',
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
      fetch,
      throwOnServiceError: false,
    }) as unknown as Record<string, (params: unknown) => Promise<unknown>>;
    for (const row of PAYER_WSDL_ROWS) {
      for (const answer of ANSWERS) {
        current = { row, answer };
        captured = undefined;
        const decoded = await client[row.method]!.call(client, row.args);
        if (captured === undefined) throw new Error(`${row.title}: nothing was sent`);
        exchanges.set(key(style, row, answer), { ...(captured as Omit<Exchange, 'decoded'>), decoded });
      }
    }
  }

  for (const [name, exchange] of exchanges) {
    if (name.endsWith(' result'))
      docs[`${name.slice(0, -' result'.length)} request`] = soapBodyElement(exchange.request);
    docs[`${name} response`] = soapBodyElement(exchange.response);
  }
  for (const b of BROKEN) {
    const row = PAYER_WSDL_ROWS.find((r) => r.operation === b.operation)!;
    const valid =
      b.part === 'request' ? docs[`${b.style} ${row.title} request`]! : docs[`${key(b.style, row, b.part)} response`]!;
    docs[`broken: ${b.name}`] = b.edit(valid);
    if (docs[`broken: ${b.name}`] === valid) throw new Error(`the edit "${b.name}" changes nothing`);
  }
  validation = validateAll(extractSchema(readFileSync(PAYER_WSDL_PATH, 'utf8')), docs);
});

afterAll(async () => {
  await service?.close();
});

describe.each(STYLES)('%s', (style) => {
  it.each(PAYER_WSDL_ROWS)("$title: the client's request and the mock's two responses are valid", async (row) => {
    const errors = await validation;
    const names = [`${style} ${row.title} request`, ...ANSWERS.map((a) => `${key(style, row, a)} response`)];
    expect(names.map((n) => [n, errors.get(n)])).toEqual(names.map((n) => [n, []]));

    const rich = exchanges.get(key(style, row, 'result'))!;
    const sparse = exchanges.get(key(style, row, 'sparse'))!;
    // The client built the same request both times (the clock is fixed).
    expect(sparse.request).toBe(rich.request);
    expect(rich.requestHeaders.get('content-type')).toBe(CONTENT_TYPE[style]);
    expect(rich.requestHeaders.get('soapaction')).toBe(style === 'soap11' ? `"${PAYER_NS}${row.operation}"` : null);
    expect([envelopeNamespace(rich.request), bodyElementName(rich.request)]).toEqual([ENVELOPE[style], row.operation]);
    for (const [answer, exchange] of [
      ['result', rich],
      ['sparse', sparse],
    ] as const) {
      expect([exchange.status, exchange.responseType]).toEqual([200, CONTENT_TYPE[style]]);
      expect([envelopeNamespace(exchange.response), bodyElementName(exchange.response)]).toEqual([
        ENVELOPE[style],
        `${row.operation}Response`,
      ]);
      expect(exchange.decoded).toEqual(row[answer]);
    }
  });
});

describe('the documents', () => {
  it('are 2 styles x 20 rows x (request, rich response, sparse response), and the broken copies', () => {
    expect(Object.keys(docs)).toHaveLength(2 * PAYER_WSDL_ROWS.length * 3 + BROKEN.length);
  });

  it('include exactly what a sparse answer is: xsi:nil for nil fields, an empty container for an empty list', () => {
    const row = PAYER_WSDL_ROWS.find((r) => r.operation === 'GetUpdatedPayments')!;
    expect(exchanges.get(key('soap12', row, 'sparse'))!.response).toContain(
      `<soap:Body><GetUpdatedPaymentsResponse xmlns="${PAYER_NS}"><GetUpdatedPaymentsResult><errorMessage xsi:nil="true"/>` +
        '<errorCode>OK</errorCode><b xsi:nil="true"/><i xsi:nil="true"/><d xsi:nil="true"/><s xsi:nil="true"/>' +
        '<ChangedPaymentOrdersRefCode/></GetUpdatedPaymentsResult></GetUpdatedPaymentsResponse></soap:Body>',
    );
    expect(docs[`soap12 ${row.title} sparse response`]).toMatch(
      /^<GetUpdatedPaymentsResponse [^>]*xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance"/,
    );
  });

  it.each(BROKEN)('a broken copy fails: $name', async (b) => {
    const errors = (await validation).get(`broken: ${b.name}`)!;
    expect(errors.join('\n')).toMatch(b.error);
  });
});
