/**
 * The generated client against the generated mock, over real HTTP on loopback (port 0): the two halves of the SDK
 * must agree on the wire in every style, since each was written from the spec on its own side.
 *
 * 1. The payer interface (generated/): all 19 operations x 3 styles. (a) With exampleHandlers, the client decodes
 *    exactly the example value: the mock's result writers and the client's readers agree for every result type in
 *    every style. (b) With custom handlers, each handler receives exactly the decoded parameters the client sent (long
 *    as an exact string, dateTime as a Date, doubles, changesSinceDate left out and given, no credential among them)
 *    and answers with a result full of edge cases (nil and empty lists, nil items, longs past 2^53, doubles at the ends
 *    of their range, markup and non-ASCII text) that the client decodes exactly. waitForProcessingRequest polls a
 *    handler through Processing to Completed.
 * 2. Every fixture spec (shapes, weather, plain SOAP, the five real services, fixtures/op-namespace.yaml and the
 *    almanac, which has HTTP GET):
 *    generated client and mock, every operation in every style it offers, once with every parameter given (values of
 *    every type, built from the model) and once with the least (optional ones left out, nil, empty lists, records with
 *    their required fields only): the client gets the example value and the mock records the call with the decoded
 *    arguments. SOAP headers are sent (the mock ignores them for now).
 * 3. The mock's strictness through the generated payer mock, with raw requests, each followed by a good request: the
 *    exact fault shapes of DECISIONS.md (HTTP 500; SOAP 1.1 soap:Client; SOAP 1.2 soap:Sender; HTTP POST text/plain).
 *    The timestamp is misspelt both ways in every operation: `timeStamp` is the spelling of ProcessPaymentFileAsync,
 *    GetProcessingRequestStatus and ProcessPaymentsAsyncResult (spec/payer-v5.yaml, document part 4).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcServiceError, type Style } from '../../generated/client/index.js';
import { exampleHandlers, startMockServer, type MockContext } from '../../generated/mock/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { parseXml, type XmlNode } from '../client/support/xml-tree.js';
import { ROOT } from './support/generated-service.js';
import { PAYER_ROWS, type PayerRow } from './support/payer-rows.js';
import { SpecUnderTest, type CallCase } from './support/spec-under-test.js';

const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const NS = 'http://svc.example/';
const PATH = '/v5/PayerFunctions.asmx';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang';

const PAYER = 'MyPayer & <Söhne>';
const API_KEY = 'boguskey';
/** The client's clock: a fraction, which the client floors. */
const NOW = 1521234048.9;

type Server = Awaited<ReturnType<typeof startMockServer>>;
type AnyHandler = (params: Record<string, unknown>, context: MockContext) => unknown;

// ---- 1. the payer interface -------------------------------------------------------------------------------------

describe('payer: the generated client against the generated mock', () => {
  /** The mock with no handlers: every operation answers its example. */
  let examples: Server;
  /** The mock with a handler per operation that records what it got and answers the row's result. */
  let custom: Server;
  const received: Array<{ operation: string; params: Record<string, unknown>; context: MockContext }> = [];
  const answers = new Map<string, unknown>();
  /** GetProcessingRequestStatus answers these, in order, when set (waitForProcessingRequest). */
  let statuses: string[] | undefined;

  beforeAll(async () => {
    const handlers: Record<string, AnyHandler> = {};
    for (const r of PAYER_ROWS) {
      handlers[r.method] = (params, context) => {
        received.push({ operation: r.operation, params, context });
        if (r.operation === 'GetProcessingRequestStatus' && statuses !== undefined) {
          return { errorMessage: 'OK', errorCode: 'OK', requestStatus: statuses.shift() ?? 'Completed' };
        }
        return answers.get(r.operation);
      };
    }
    // Without the simulator and its scenario's credentials: every answer is the example's or the handler's.
    [examples, custom] = await Promise.all([
      startMockServer({ port: 0, handlers: exampleHandlers, credentials: false }),
      startMockServer({ port: 0, handlers, credentials: false }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([examples?.close(), custom?.close()]);
  });

  function client(server: Server, style: Style): PayerClient {
    return new PayerClient({
      baseUrl: server.url,
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
      throwOnServiceError: false,
    });
  }

  async function call(server: Server, style: Style, r: PayerRow): Promise<unknown> {
    const c = client(server, style) as unknown as Record<string, (params: unknown) => Promise<unknown>>;
    return c[r.method]!.call(c, r.args);
  }

  it('covers every operation of the spec', () => {
    expect(new Set(PAYER_ROWS.map((r) => r.method))).toEqual(new Set(Object.keys(exampleHandlers)));
    expect(Object.keys(exampleHandlers)).toHaveLength(19);
  });

  describe.each(STYLES)('%s', (style) => {
    it.each(PAYER_ROWS)('$title: exampleHandlers answer the example, which the client decodes exactly', async (r) => {
      const before = examples.service.calls.length;
      const result = await call(examples, style, r);
      const handler = (exampleHandlers as unknown as Record<string, () => unknown>)[r.method]!;
      expect(result).toEqual(handler());
      expect(examples.service.calls.slice(before)).toStrictEqual([{ operation: r.operation, style, params: r.params }]);
    });

    it.each(PAYER_ROWS)(
      '$title: the handler gets exactly the decoded parameters; its result comes back exact',
      async (r) => {
        received.length = 0;
        answers.set(r.operation, r.result);
        const result = await call(custom, style, r);
        expect(result).toEqual(r.result);
        expect(received).toHaveLength(1);
        const got = received[0]!;
        expect(got.operation).toBe(r.operation);
        // Exactly the caller's parameters as the service decodes them: no credential, nothing left out or added.
        expect(got.params).toStrictEqual(r.params);
        for (const credential of ['payerName', 'timestamp', 'timeStamp', 'key'])
          expect(got.params).not.toHaveProperty(credential);
        // The credentials come as text in the context instead: the timestamp floored, the key a lower-case hex HMAC.
        expect(got.context.style).toBe(style);
        expect(got.context.operation).toBe(r.operation);
        expect(got.context.credentials).toEqual({
          principal: PAYER,
          timestamp: '1521234048',
          signature: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        expect(got.context.principal).toBe(PAYER);
        // The mock's clock (here the default one, following the system clock).
        expect(Math.abs(got.context.clock.now() - Date.now() / 1000)).toBeLessThan(60);
        expect(custom.service.calls.at(-1)).toStrictEqual({ operation: r.operation, style, params: r.params });
      },
    );

    it('a non-OK code is still a SvcServiceError by default (the result reaches the client whole)', async () => {
      answers.set('GetDynamicKeyOfSubPayer', { errorMessage: 'no such sub payer', errorCode: 1008, Token: '' });
      const c = new PayerClient({ baseUrl: custom.url, payerName: PAYER, apiKey: API_KEY, style });
      const error = await c.getDynamicKeyOfSubPayer({ subPayerName: 'x' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SvcServiceError);
      expect(error).toMatchObject({
        code: 1008,
        operation: 'GetDynamicKeyOfSubPayer',
        result: { errorMessage: 'no such sub payer', errorCode: 1008, Token: '' },
      });
    });

    it('waitForProcessingRequest polls a handler answering Processing twice, then Completed', async () => {
      received.length = 0;
      statuses = ['Processing', 'Processing', 'Completed'];
      try {
        const result = await client(custom, style).waitForProcessingRequest('9223372036854775807', {
          intervalMs: 1,
          timeoutMs: 10_000,
        });
        expect(result).toEqual({ errorMessage: 'OK', errorCode: 'OK', requestStatus: 'Completed' });
      } finally {
        statuses = undefined;
      }
      expect(received.map((r) => [r.operation, r.params])).toEqual([
        ['GetProcessingRequestStatus', { requestId: '9223372036854775807' }],
        ['GetProcessingRequestStatus', { requestId: '9223372036854775807' }],
        ['GetProcessingRequestStatus', { requestId: '9223372036854775807' }],
      ]);
    });
  });
});

// ---- 2. every fixture spec ----------------------------------------------------------------------------------------

const FIXTURES: ReadonlyArray<readonly [name: string, spec: string]> = [
  ['shapes', 'test/client/fixtures/shapes.yaml'],
  ['weather', 'test/fixtures/specs/weather/weather.yaml'],
  ['plain-soap', 'test/client/fixtures/plain-soap.yaml'],
  ['holiday', 'test/fixtures/wsdl/holiday/HolidayService2.yaml'],
  ['interhome', 'test/fixtures/wsdl/interhome/WebService.yaml'],
  ['products', 'test/fixtures/wsdl/products/ProductService.yaml'],
  ['ssrs-execution', 'test/fixtures/wsdl/ssrs-execution/ReportExecutionService.yaml'],
  ['wsf-schedule', 'test/fixtures/wsdl/wsf-schedule/WSF_x0020_Schedule.yaml'],
  // Operations with a namespace of their own returning records, lists and out parameters (none of the above has all).
  ['op-namespace', 'test/mock/fixtures/op-namespace.yaml'],
  // HTTP GET beside the other three, with every kind of value a query string carries.
  ['almanac', 'test/fixtures/specs/almanac/almanac.yaml'],
];

/**
 * An empty list parameter over HTTP POST (or GET) would be no field at all, which ASMX cannot read (its
 * ValueCollectionParameterReader takes `collection.GetValues(name)` for an array parameter without a null check: a
 * NullReferenceException, HTTP 500) and the mock refuses as a missing parameter. The client refuses it before
 * sending, as it refuses a nil list item that a form cannot carry.
 */
function emptyListOverPost(c: CallCase): string | undefined {
  if (c.style !== 'httpPost' && c.style !== 'httpGet') return undefined;
  return Object.entries(c.args).find(([, v]) => Array.isArray(v) && v.length === 0)?.[0];
}

const units = FIXTURES.map(([name, spec]) => new SpecUnderTest(name, join(ROOT, spec)));

describe('fixture specs: the generated client against the generated mock (exampleHandlers)', () => {
  beforeAll(async () => {
    await Promise.all(units.map((u) => u.start()));
  });
  afterAll(async () => {
    await Promise.all(units.map((u) => u.stop()));
  });

  describe.each(units.map((u) => [u.name, u] as const))('%s', (name, unit) => {
    const cases = unit.cases();
    const title = (c: CallCase) =>
      `${c.operation} (${c.style}, ${c.variant === 'full' ? 'every parameter given' : 'the least given'})`;

    it('has a case for every operation, in every style the spec offers', () => {
      expect(new Set(cases.map((c) => c.operation))).toEqual(new Set(unit.model.operations.map((o) => o.name)));
      for (const op of unit.model.operations) {
        const styles = new Set(cases.filter((c) => c.operation === op.name).map((c) => c.style));
        expect([...styles], op.name).toEqual(
          unit.model.bindings.filter((b) => (b !== 'httpPost' || op.httpPost) && (b !== 'httpGet' || op.httpGet)),
        );
      }
    });

    const served = cases.filter((c) => emptyListOverPost(c) === undefined);
    it.each(served.map((c) => [title(c), c] as const))('%s', async (_, c: CallCase) => {
      const { result, recorded } = await unit.call(c);
      expect(result).toEqual(unit.example(c.method));
      expect(recorded).toMatchObject({ operation: c.operation, style: c.style });
      // The same parameters, given or absent, as sent; a full call compared strictly, a minimal one with its records'
      // absent fields read as undefined.
      expect(Object.keys(recorded!.params).sort()).toEqual(Object.keys(c.received).sort());
      if (c.variant === 'full') expect(recorded!.params).toStrictEqual(c.received);
      else expect(recorded!.params).toEqual(c.received);
    });

    for (const c of cases.filter((x) => emptyListOverPost(x) !== undefined)) {
      const field = emptyListOverPost(c)!;
      const op = unit.model.operations.find((o) => o.name === c.operation)!;
      it(`${title(c)}: the mock refuses the form without the field of the empty list ${field}, as ASMX would (500)`, async () => {
        const before = unit.server.service.calls.length;
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(c.args)) {
          if (Array.isArray(v)) for (const item of v) form.append(k, String(item));
          else if (v !== null) form.append(k, String(v as string | number | boolean));
        }
        const response =
          c.style === 'httpGet'
            ? await fetch(`${unit.server.url}${unit.model.path}/${op.name}?${form.toString()}`)
            : await fetch(`${unit.server.url}${unit.model.path}/${op.name}`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
                body: form.toString(),
              });
        expect(response.status).toBe(500);
        expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(await response.text()).toBe(`Missing parameter: ${field}.`);
        expect(unit.server.service.calls.length).toBe(before);
      });
      it(`${title(c)}: the client refuses the empty list ${field} before sending (SvcRequestError), as it refuses a nil item a form cannot carry`, async () => {
        const requestError = unit.clientModule['SvcRequestError'] as new () => Error;
        const before = unit.server.service.calls.length;
        await expect(unit.call(c)).rejects.toBeInstanceOf(requestError);
        expect(unit.server.service.calls.length).toBe(before);
      });
    }
  });
});

// ---- 3. strictness --------------------------------------------------------------------------------------------

describe('payer mock strictness, seen over HTTP (raw requests)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, handlers: exampleHandlers, credentials: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  const KEY = 'bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162';
  type Fields = ReadonlyArray<readonly [string, string]>;
  const credentials = (stamp: 'timestamp' | 'timeStamp'): Fields => [
    ['payerName', 'MyPayer'],
    [stamp, '1521234048'],
    ['key', KEY],
  ];

  function escape(text: string): string {
    return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  }

  function envelope(
    style: 'soap11' | 'soap12',
    body: string,
    prolog = '<?xml version="1.0" encoding="utf-8"?>',
  ): string {
    return (
      `${prolog}<soap:Envelope xmlns:soap="${style === 'soap11' ? SOAP11 : SOAP12}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
      `<soap:Body>${body}</soap:Body></soap:Envelope>`
    );
  }

  interface Send {
    readonly operation: string;
    readonly fields: Fields;
    /** SOAP 1.1 SOAPAction (unquoted) or SOAP 1.2 action parameter; default the operation's, none for SOAP 1.2. */
    readonly action?: string;
    /** Text before the Envelope (SOAP only). */
    readonly prolog?: string;
  }

  function send(style: Style, s: Send): Promise<Response> {
    if (style === 'httpPost') {
      const form = s.fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      return fetch(`${server.url}${PATH}/${s.operation}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
      });
    }
    const params = s.fields.map(([k, v]) => `<${k}>${escape(v)}</${k}>`).join('');
    const body = envelope(style, `<${s.operation} xmlns="${NS}">${params}</${s.operation}>`, s.prolog);
    const headers: Record<string, string> =
      style === 'soap11'
        ? { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${s.action ?? `${NS}${s.operation}`}"` }
        : {
            'Content-Type': `application/soap+xml; charset=utf-8${s.action === undefined ? '' : `; action="${s.action}"`}`,
          };
    return fetch(`${server.url}${PATH}`, { method: 'POST', headers, body });
  }

  /** A good request, answered 200 with the example result: the server still serves. */
  async function stillServes(style: Style): Promise<void> {
    const response = await send(style, { operation: 'GetBalances', fields: credentials('timestamp') });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(style === 'httpPost' ? '<SvcGetBalanceResponse ' : '<GetBalancesResult>');
    expect(text).toContain('<Balance>125.5</Balance>');
  }

  function only(node: XmlNode, name: string, ns: string): XmlNode {
    expect(node.children.map((c) => `{${c.ns}}${c.name}`)).toEqual([`{${ns}}${name}`]);
    return node.children[0]!;
  }

  /**
   * The answer must be the style's Client fault, exactly as DECISIONS.md gives it: HTTP 500; SOAP 1.1 soap:Client with
   * faultstring and detail; SOAP 1.2 soap:Sender with Reason/Text; HTTP POST 500 text/plain holding the message.
   */
  async function expectClientFault(response: Response, style: Style, message: string): Promise<void> {
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text, 'no credential is quoted').not.toContain(KEY);
    if (style === 'httpPost') {
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(text).toBe(message);
      return;
    }
    const envNs = style === 'soap11' ? SOAP11 : SOAP12;
    expect(response.headers.get('content-type')).toBe(
      style === 'soap11' ? 'text/xml; charset=utf-8' : 'application/soap+xml; charset=utf-8',
    );
    expect(text).toMatch(
      new RegExp(
        `^<\\?xml version="1\\.0" encoding="utf-8"\\?><soap:Envelope xmlns:soap="${envNs.replaceAll('.', '\\.')}"`,
      ),
    );
    const root = parseXml(text);
    expect([root.ns, root.name]).toEqual([envNs, 'Envelope']);
    const fault = only(only(root, 'Body', envNs), 'Fault', envNs);
    if (style === 'soap11') {
      expect(fault.children.map((c) => [c.ns, c.name])).toEqual([
        ['', 'faultcode'],
        ['', 'faultstring'],
        ['', 'detail'],
      ]);
      expect(fault.children[0]!.text).toBe('soap:Client');
      expect(fault.children[1]!.text).toBe(message);
      return;
    }
    expect(fault.children.map((c) => [c.ns, c.name])).toEqual([
      [envNs, 'Code'],
      [envNs, 'Reason'],
      [envNs, 'Detail'],
    ]);
    expect(only(fault.children[0]!, 'Value', envNs).text).toBe('soap:Sender');
    const reason = only(fault.children[1]!, 'Text', envNs);
    expect(reason.attrs[XML_LANG]).toBe('en');
    expect(reason.text).toBe(message);
  }

  const fileParams = (amount: string): Fields => [
    ...credentials('timestamp'),
    ['fileName', 'pay.csv'],
    ['totalAmount', amount],
  ];
  const statusParams = (requestId: string): Fields => [
    ['payerName', 'MyPayer'],
    ['requestId', requestId],
    ['timeStamp', '1521234048'],
    ['key', KEY],
  ];

  interface StrictCase {
    readonly title: string;
    readonly styles: readonly Style[];
    readonly send: Send;
    /** The fault message per style (SOAP 1.1 / SOAP 1.2 / HTTP POST). */
    readonly message: (style: Style) => string;
  }

  const CASES: readonly StrictCase[] = [
    {
      title: 'a SOAPAction that is no action of the service',
      styles: ['soap11'],
      send: { operation: 'GetBalances', fields: credentials('timestamp'), action: `${NS}GetBalance` },
      message: () =>
        `Server did not recognize the value of HTTP Header SOAPAction: "${NS}GetBalance"; the action of GetBalances is "${NS}GetBalances"`,
    },
    {
      title: "a SOAPAction of another operation than the Body's",
      styles: ['soap11'],
      send: { operation: 'GetBalances', fields: credentials('timestamp'), action: `${NS}GetDynamicKey` },
      message: () => 'the SOAPAction HTTP header names operation GetDynamicKey, but the SOAP Body holds <GetBalances>',
    },
    {
      title: "a SOAP 1.2 action parameter that is not the operation's",
      styles: ['soap12'],
      send: { operation: 'GetBalances', fields: credentials('timestamp'), action: `${NS}Nope` },
      message: () =>
        `the action parameter of the Content-Type, "${NS}Nope", is not the action of GetBalances: expected "${NS}GetBalances"`,
    },
    {
      title: 'an unknown parameter',
      styles: STYLES,
      send: { operation: 'GetBalances', fields: [...credentials('timestamp'), ['currency', 'EUR']] },
      message: (style) =>
        style === 'httpPost'
          ? 'Unknown parameter: currency. (Expected: payerName, timestamp, key.)'
          : 'unknown parameter "currency" in <GetBalances> (expected: payerName, timestamp, key)',
    },
    {
      title: '"lots" as a double (totalAmount)',
      styles: STYLES,
      send: { operation: 'TestPaymentFile', fields: fileParams('lots') },
      message: (style) =>
        `invalid xs:double "lots" (at ${style === 'httpPost' ? 'totalAmount' : 'Envelope/Body/TestPaymentFile/totalAmount'})`,
    },
    {
      title: '1.5 as a long (requestId)',
      styles: STYLES,
      send: { operation: 'GetProcessingRequestStatus', fields: statusParams('1.5') },
      message: (style) =>
        `invalid xs:long "1.5" (at ${style === 'httpPost' ? 'requestId' : 'Envelope/Body/GetProcessingRequestStatus/requestId'})`,
    },
    {
      title: 'a DOCTYPE',
      styles: ['soap11', 'soap12'],
      send: {
        operation: 'GetBalances',
        fields: credentials('timestamp'),
        prolog: '<!DOCTYPE soap:Envelope [<!ENTITY x "y">]>',
      },
      message: () => 'DOCTYPE is not allowed (no DTD processing) at line 1, column 1 (offset 0)',
    },
    {
      title: 'an unknown HTTP POST field',
      styles: ['httpPost'],
      send: {
        operation: 'GetPayerFees',
        fields: [
          ...credentials('timestamp'),
          ['beginDateTimeStamp', '1'],
          ['endDateTimeStamp', '2'],
          ['format', 'csv'],
        ],
      },
      message: () =>
        'Unknown parameter: format. (Expected: payerName, timestamp, key, beginDateTimeStamp, endDateTimeStamp.)',
    },
  ];

  /**
   * The spec (and part 4 of the document) spell the timestamp `timeStamp` in these three operations and `timestamp` in
   * the sixteen others. Every operation gets the other spelling, which is refused as misspelt; the credentials alone
   * are enough, since an unknown element or field is refused before missing ones are looked for.
   */
  const TIME_STAMP = new Set(['ProcessPaymentFileAsync', 'GetProcessingRequestStatus', 'ProcessPaymentsAsyncResult']);
  const MISSPELT: readonly StrictCase[] = [...new Set(PAYER_ROWS.map((r) => r.operation))].map((operation) => {
    const [right, wrong] = TIME_STAMP.has(operation)
      ? (['timeStamp', 'timestamp'] as const)
      : (['timestamp', 'timeStamp'] as const);
    return {
      title: `${wrong} where ${operation} spells it ${right}`,
      styles: STYLES,
      send: { operation, fields: credentials(wrong) },
      message: (style: Style) =>
        style === 'httpPost'
          ? `Unknown parameter: ${wrong}. It is misspelt: expected "${right}".`
          : `parameter "${wrong}" is misspelt: expected "${right}"`,
    };
  });

  it('spells the timestamp as the spec does: timeStamp in three operations, timestamp in the others', async () => {
    const spec = loadSpec(join(ROOT, 'spec', 'payer-v5.yaml'), { cwd: ROOT });
    const spelt = spec.operations.filter((o) => o.params.some((p) => p.name === 'timeStamp')).map((o) => o.name);
    expect(new Set(spelt)).toEqual(TIME_STAMP);
    expect(
      spec.operations.filter((o) => !o.params.some((p) => p.name === 'timestamp' || p.name === 'timeStamp')),
    ).toEqual([]);
    expect(MISSPELT).toHaveLength(19);
  });

  const rows = [...CASES, ...MISSPELT].flatMap((c) =>
    c.styles.map((style) => [`${c.title} (${style})`, c, style] as const),
  );

  it.each(rows)("%s: the style's Client fault, then the server still serves", async (_, c, style) => {
    const before = server.service.calls.length;
    await expectClientFault(await send(style, c.send), style, c.message(style));
    expect(server.service.calls.length, 'no handler was called').toBe(before);
    await stillServes(style);
  });

  const MAX = 4 * 1024 * 1024;

  /** GetDynamicKeyOfSubPayer with a subPayerName of 'x's that makes the body exactly `size` bytes. */
  function sized(style: Style, size: number): Send {
    const fields = (name: string): Fields => [
      ['payerName', 'MyPayer'],
      ['subPayerName', name],
      ['timestamp', '1521234048'],
      ['key', KEY],
    ];
    const base =
      style === 'httpPost'
        ? fields('')
            .map(([k, v]) => `${k}=${v}`)
            .join('&')
        : envelope(
            style,
            `<GetDynamicKeyOfSubPayer xmlns="${NS}">${fields('')
              .map(([k, v]) => `<${k}>${v}</${k}>`)
              .join('')}</GetDynamicKeyOfSubPayer>`,
          );
    return { operation: 'GetDynamicKeyOfSubPayer', fields: fields('x'.repeat(size - Buffer.byteLength(base))) };
  }

  it.each(STYLES)(
    "a body of exactly 4 MiB is served; one byte more is the style's Client fault, then the server still serves (%s)",
    async (style) => {
      const atLimit = await send(style, sized(style, MAX));
      expect(atLimit.status).toBe(200);
      await atLimit.text();
      expect((server.service.calls.at(-1)!.params['subPayerName'] as string).length).toBeGreaterThan(MAX - 1000);
      const before = server.service.calls.length;
      await expectClientFault(
        await send(style, sized(style, MAX + 1)),
        style,
        `Maximum request length exceeded: the request body is larger than ${MAX} bytes`,
      );
      expect(server.service.calls.length, 'no handler was called').toBe(before);
      await stillServes(style);
    },
  );
});
