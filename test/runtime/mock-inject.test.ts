/**
 * MockCore.inject on the hand-built fixture service (mock-fixture.ts), without a network: what each kind of injection
 * answers in each style, when an injection is used and when it is left for a later request, and what inject refuses.
 */
import { describe, expect, it } from 'vitest';
import { SvcSoapFault } from '../../templates/runtime/errors.js';
import { MockAuth } from '../../templates/runtime/mock/auth.js';
import { MockErrorCodes } from '../../templates/runtime/mock/codes.js';
import {
  MAX_RECORDED_CALLS,
  MockFault,
  type MockAnswer,
  type MockInjection,
} from '../../templates/runtime/mock/core.js';
import { hmacSha256Hex } from '../../templates/runtime/signing.js';
import type { Style } from '../../templates/runtime/client/client-core.js';
import { parseSoapFault } from '../../templates/runtime/codec/soap.js';
import {
  KEY,
  NS,
  ORIGIN,
  PATH,
  PAYER,
  STAMP,
  credentialElements,
  envelope,
  formCredentials,
  getThingBody,
  makeFixture,
  type Fixture,
} from './mock-fixture.js';

const TEXT_XML = 'text/xml; charset=utf-8';
const SOAP12_TYPE = 'application/soap+xml; charset=utf-8';
const FORM = 'application/x-www-form-urlencoded';
const TEXT_PLAIN = 'text/plain; charset=utf-8';
const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];

/** A GetThing request (requestId 9007199254740993, amount 12.5) in a style, with the fixture's credentials. */
function getThing(style: Style, init: RequestInit = {}): Request {
  if (style === 'httpPost') {
    return new Request(`${ORIGIN}${PATH}/GetThing`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body: `${formCredentials()}&requestId=9007199254740993&amount=12.5`,
      ...init,
    });
  }
  const headers: Record<string, string> =
    style === 'soap11' ? { 'Content-Type': TEXT_XML, SOAPAction: `"${NS}GetThing"` } : { 'Content-Type': SOAP12_TYPE };
  return new Request(`${ORIGIN}${PATH}`, {
    method: 'POST',
    headers,
    body: envelope(getThingBody(), style === 'soap11' ? '1.1' : '1.2'),
    ...init,
  });
}

/** A Ping request (no credentials, a void result) over SOAP 1.1. */
function ping(): Request {
  return new Request(`${ORIGIN}${PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': TEXT_XML, SOAPAction: `"${NS}Ping"` },
    body: envelope(`<Ping xmlns="${NS}"><count>3</count></Ping>`),
  });
}

/** A FindThing request without ids: the handler answers null. */
function findThing(): Request {
  return new Request(`${ORIGIN}${PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': TEXT_XML, SOAPAction: `"${NS}FindThing"` },
    body: envelope(`<FindThing xmlns="urn:find">${credentialElements('timestamp')}</FindThing>`),
  });
}

interface Answer {
  status: number;
  type: string;
  contentType: string | null;
  text: string;
}

async function answer(fx: Fixture, request: Request): Promise<Answer> {
  const response = await fx.core.handle(request);
  return {
    status: response.status,
    type: response.type,
    contentType: response.headers.get('content-type'),
    text: await response.text(),
  };
}

/** The fault of a SOAP answer, or the text of an HTTP POST one. */
function faultOf(style: Style, got: Answer): { code: string; reason: string; detail: string | undefined } | string {
  expect(got.status).toBe(500);
  if (style === 'httpPost') {
    expect(got.contentType).toBe(TEXT_PLAIN);
    return got.text;
  }
  const fault = parseSoapFault(got.text, 500);
  expect(fault).toBeInstanceOf(SvcSoapFault);
  return { code: fault!.code, reason: fault!.reason, detail: fault!.detail };
}

const FAULT_CODE: Record<'soap11' | 'soap12', Record<'Client' | 'Server', string>> = {
  soap11: { Client: 'soap:Client', Server: 'soap:Server' },
  soap12: { Client: 'soap:Sender', Server: 'soap:Receiver' },
};

/** What `fault` answers in `style`: the SOAP fault, or the message as text. */
function wantFault(style: Style, kind: 'Client' | 'Server', reason: string, detail?: string) {
  return style === 'httpPost' || style === 'httpGet' ? reason : { code: FAULT_CODE[style][kind], reason, detail };
}

describe.each(STYLES)('MockCore.inject over %s', (style) => {
  it('result: answered exactly as the handler would answer the same value, without calling it', async () => {
    const fx = makeFixture();
    const usual = await answer(fx, getThing(style));
    expect(fx.seen).toHaveLength(1);
    fx.core.inject('GetThing', { result: { id: '9007199254740993', total: 12.5 } });
    expect(await answer(fx, getThing(style))).toEqual(usual);
    expect(fx.seen).toHaveLength(1);

    fx.core.inject('GetThing', { result: { id: 'a & <b>', total: -0.5 } });
    const got = await answer(fx, getThing(style));
    expect(got.status).toBe(200);
    expect(got.text).toContain('<id>a &amp; &lt;b&gt;</id><total>-0.5</total>');
    expect(fx.seen).toHaveLength(1);
  });

  it.each([
    ['Client', { fault: 'Client', message: 'bad request', detail: 'field x' }, 'bad request', 'field x'],
    ['Server', { fault: 'Server', message: 'the database is down' }, 'the database is down', undefined],
    ['Server, default message', { fault: 'Server' }, 'GetThing: an injected Server fault', undefined],
  ] as const)('fault: %s', async (_, injection, reason, detail) => {
    const fx = makeFixture();
    fx.core.inject('GetThing', injection);
    expect(faultOf(style, await answer(fx, getThing(style)))).toEqual(
      wantFault(style, injection.fault, reason, detail),
    );
    expect(fx.seen).toHaveLength(0);
  });

  it('fault: the key quoted in an injected message or detail is masked; the payer and timestamp are kept', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { fault: 'Server', message: `the key ${KEY} is wrong`, detail: `stamp ${STAMP}` });
    const got = await answer(fx, getThing(style));
    expect(got.text).not.toContain(KEY);
    expect(faultOf(style, got)).toEqual(wantFault(style, 'Server', 'the key [redacted] is wrong', `stamp ${STAMP}`));
    fx.core.inject('GetThing', {
      fault: 'Client',
      message: `${PAYER} is over its limit`,
      detail: `since ${STAMP}, key ${KEY}`,
    });
    expect(faultOf(style, await answer(fx, getThing(style)))).toEqual(
      wantFault(style, 'Client', `${PAYER} is over its limit`, `since ${STAMP}, key [redacted]`),
    );
  });

  it("fault: the principal's API key is masked too, in an injected fault and in a handler's MockFault", async () => {
    const apiKey = 'boguskey-of-the-test-payer';
    const fx = makeFixture({ auth: new MockAuth({ keys: { [PAYER]: apiKey }, now: () => Number(STAMP) }) });
    fx.core.inject('GetThing', { fault: 'Server', message: `${PAYER} signs with ${apiKey}` });
    const request = () => {
      if (style === 'httpPost') {
        const body = `payerName=${PAYER}&timeStamp=${STAMP}&key=${hmacSha256Hex(apiKey, `${PAYER}${STAMP}`)}&requestId=1&amount=2`;
        return new Request(`${ORIGIN}${PATH}/GetThing`, { method: 'POST', headers: { 'Content-Type': FORM }, body });
      }
      const credentials = `<payerName>${PAYER}</payerName><timeStamp>${STAMP}</timeStamp><key>${hmacSha256Hex(apiKey, `${PAYER}${STAMP}`)}</key>`;
      const body = envelope(
        `<GetThing xmlns="${NS}">${credentials}<requestId>1</requestId><amount>2</amount></GetThing>`,
        style === 'soap11' ? '1.1' : '1.2',
      );
      const headers: Record<string, string> =
        style === 'soap11'
          ? { 'Content-Type': TEXT_XML, SOAPAction: `"${NS}GetThing"` }
          : { 'Content-Type': SOAP12_TYPE };
      return new Request(`${ORIGIN}${PATH}`, { method: 'POST', headers, body });
    };
    expect(faultOf(style, await answer(fx, request()))).toEqual(
      wantFault(style, 'Server', `${PAYER} signs with [redacted]`),
    );
    fx.behaviour.result = () => {
      throw new MockFault('Client', `${PAYER} at ${STAMP}: ${apiKey} is not allowed`);
    };
    expect(faultOf(style, await answer(fx, request()))).toEqual(
      wantFault(style, 'Client', `${PAYER} at ${STAMP}: [redacted] is not allowed`),
    );
  });

  it.each([
    [
      '418 with a body',
      { status: 418, body: "I'm a teapot" },
      { status: 418, contentType: TEXT_PLAIN, text: "I'm a teapot" },
    ],
    [
      '503 as JSON',
      { status: 503, body: '{"retry":true}', contentType: 'application/json' },
      { status: 503, contentType: 'application/json', text: '{"retry":true}' },
    ],
    ['500 with no body', { status: 500 }, { status: 500, contentType: TEXT_PLAIN, text: '' }],
    [
      '200 with a body that is no result',
      { status: 200, body: '<x/>', contentType: TEXT_XML },
      { status: 200, contentType: TEXT_XML, text: '<x/>' },
    ],
  ] as const)('status: %s, exactly', async (_, injection, want) => {
    const fx = makeFixture();
    fx.core.inject('GetThing', injection);
    expect(await answer(fx, getThing(style))).toEqual({ type: 'default', ...want });
    expect(fx.seen).toHaveLength(0);
  });

  it('drop: Response.error(), a network error', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { drop: true });
    const response = await fx.core.handle(getThing(style));
    expect([response.type, response.status]).toEqual(['error', 0]);
    expect(fx.seen).toHaveLength(0);
  });

  it('errorCode on a result that has no error code: a Server fault saying so', async () => {
    const codes = new MockErrorCodes([[1004, 'PayerUnknown']], -1);
    for (const fx of [makeFixture(), makeFixture({ errorCodes: codes })]) {
      fx.core.inject('GetThing', { errorCode: 'PayerUnknown' });
      expect(faultOf(style, await answer(fx, getThing(style)))).toEqual(
        wantFault(
          style,
          'Server',
          'GetThing: cannot answer the injected code PayerUnknown: its result has no error code of that kind',
        ),
      );
    }
  });
});

describe('MockCore.inject: when an injection is used', () => {
  it('delayMs alone: the handler answers, late; delayMs 0 does not wait', async () => {
    const fx = makeFixture();
    const usual = await answer(fx, getThing('soap11'));
    fx.core.inject('GetThing', { delayMs: 0 });
    fx.core.inject('GetThing', { delayMs: 80 });
    expect(await answer(fx, getThing('soap11'))).toEqual(usual);
    const started = performance.now();
    expect(await answer(fx, getThing('soap11'))).toEqual(usual);
    expect(performance.now() - started).toBeGreaterThanOrEqual(70);
    expect(fx.seen).toHaveLength(3);
  });

  it('a delay is cut short when the caller goes away (or has gone already)', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { delayMs: 250, status: 503 });
    fx.core.inject('GetThing', { delayMs: 250, status: 504 });
    const leaving = new AbortController();
    setTimeout(() => leaving.abort(), 20);
    let started = performance.now();
    expect((await fx.core.handle(getThing('soap11', { signal: leaving.signal }))).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(200);
    started = performance.now();
    expect((await fx.core.handle(getThing('soap11', { signal: AbortSignal.abort() }))).status).toBe(504);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('times: the next n calls, then the handler; injections of one operation queue in order', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { status: 501, times: 2 });
    fx.core.inject('GetThing', { status: 502 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fx.core.handle(getThing('soap11'))).status);
    expect(statuses).toEqual([501, 501, 502, 200]);
  });

  it('an injection is only for its operation', async () => {
    const fx = makeFixture();
    fx.core.inject('FindThing', { status: 503 });
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(200);
    expect((await fx.core.handle(ping())).status).toBe(200);
    expect((await fx.core.handle(findThing())).status).toBe(503);
  });

  it('a request that cannot be read leaves the injection for the next one', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { status: 503 });
    const unreadable = [
      getThing('soap11', { body: envelope(getThingBody('<requestId>x</requestId><amount>1</amount>')) }),
      getThing('soap11', { headers: { 'Content-Type': TEXT_XML, SOAPAction: `"${NS}FindThing"` } }),
      new Request(`${ORIGIN}${PATH}/GetThing`, {
        method: 'POST',
        headers: { 'Content-Type': FORM },
        body: `payerName=${PAYER}&requestId=1&amount=1`,
      }),
    ];
    for (const request of unreadable) expect((await fx.core.handle(request)).status).toBe(500);
    expect(fx.core.calls).toEqual([]);
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(503);
  });

  it('failed credentials are answered first and leave the injection; an operation without credentials uses its own', async () => {
    let now = Number(STAMP);
    const fx = makeFixture({ auth: new MockAuth({ keys: { [PAYER]: 'boguskey' }, now: () => now, skewSeconds: 60 }) });
    fx.core.inject('GetThing', { status: 503 });
    fx.core.inject('Ping', { status: 504 });
    now += 61; // the fixture's timestamp is now stale
    const refused = await answer(fx, getThing('soap11'));
    expect(faultOf('soap11', refused)).toEqual({
      code: 'soap:Client',
      reason: 'GetThing: the credentials were refused (staleTimestamp)',
      detail: undefined,
    });
    expect((await fx.core.handle(ping())).status).toBe(504);
    now -= 61;
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(503);
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(200);
  });

  it('an injected call is recorded (without credentials) and reported to onAnswer with its status', async () => {
    const answers: MockAnswer[] = [];
    const fx = makeFixture({ onAnswer: (a) => answers.push(a) });
    fx.core.inject('GetThing', { status: 503 });
    fx.core.inject('GetThing', { drop: true });
    await fx.core.handle(getThing('httpPost'));
    await fx.core.handle(getThing('soap12'));
    expect(fx.core.calls).toEqual([
      { operation: 'GetThing', style: 'httpPost', params: { requestId: '9007199254740993', amount: 12.5 } },
      { operation: 'GetThing', style: 'soap12', params: { requestId: '9007199254740993', amount: 12.5 } },
    ]);
    expect(answers.map((a) => [a.operation, a.style, a.status])).toEqual([
      ['GetThing', 'httpPost', 503],
      ['GetThing', 'soap12', 0],
    ]);
    expect(MAX_RECORDED_CALLS).toBe(1000);
  });

  it('result: null on a nullable result and undefined on a void one answer as the handler does', async () => {
    const fx = makeFixture();
    const usualFind = await answer(fx, findThing());
    const usualPing = await answer(fx, ping());
    expect(fx.seen.map((s) => s.operation)).toEqual(['FindThing', 'Ping']);
    fx.core.inject('FindThing', { result: null });
    fx.core.inject('Ping', { result: undefined });
    expect(await answer(fx, findThing())).toEqual(usualFind);
    expect(await answer(fx, ping())).toEqual(usualPing);
    expect(fx.seen).toHaveLength(2);
  });

  it('result: a value that cannot be written is a Server fault', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { result: { id: 'x', total: 'many' } });
    expect(faultOf('soap11', await answer(fx, getThing('soap11')))).toEqual({
      code: 'soap:Server',
      reason: "the mock's handler for GetThing returned a result that cannot be written: total must be a number",
      detail: undefined,
    });
  });

  it('reset() forgets pending injections and recorded calls', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { status: 503, times: 10 });
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(503);
    fx.core.reset();
    expect(fx.core.calls).toEqual([]);
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(200);
  });

  // A web Response of a null-body status (204, 205, 304) may not have even an empty body.
  it('status: 204 (a status without a body) is answered as 204', async () => {
    const fx = makeFixture();
    fx.core.inject('GetThing', { status: 204 });
    const got = await answer(fx, getThing('soap11'));
    expect([got.status, got.text]).toEqual([204, '']);
  });
});

describe('MockCore.inject refuses', () => {
  it.each([
    ['an unknown operation', 'Nope', { status: 500 }, 'inject: "Nope" is not an operation of this service'],
    ['two answers', 'GetThing', { errorCode: 1, result: {} }, 'inject: give one answer, not errorCode and result'],
    ['fault and drop', 'GetThing', { fault: 'Client', drop: true }, 'inject: give one answer, not fault and drop'],
    ['times -1', 'GetThing', { status: 500, times: -1 }, 'inject: times must be a positive integer, got -1'],
    ['times NaN', 'GetThing', { status: 500, times: Number.NaN }, 'inject: times must be a positive integer, got NaN'],
    [
      'an infinite delay',
      'GetThing',
      { delayMs: Number.POSITIVE_INFINITY },
      'inject: delayMs must be from 0 to 2147483647 (about 24.8 days, the most a timer holds), got Infinity',
    ],
    [
      'a delay no timer holds',
      'GetThing',
      { delayMs: 3e9 },
      'inject: delayMs must be from 0 to 2147483647 (about 24.8 days, the most a timer holds), got 3000000000',
    ],
    [
      'a delay as text',
      'GetThing',
      { delayMs: '10' },
      'inject: delayMs must be from 0 to 2147483647 (about 24.8 days, the most a timer holds), got 10',
    ],
    [
      'a contentType with CR LF',
      'GetThing',
      { status: 200, contentType: 'text/plain\r\nX-Evil: 1' },
      'inject: contentType must be a media type as a Content-Type header carries it (type/subtype; name=value, in Latin-1, no line break), got "text/plain\\r\\nX-Evil: 1"',
    ],
    [
      'a contentType with a LF',
      'GetThing',
      { status: 200, contentType: 'text/plain\n' },
      /contentType must be a media type/,
    ],
    [
      'a contentType with NUL',
      'GetThing',
      { status: 200, contentType: 'text/plain\u0000' },
      /contentType must be a media type/,
    ],
    [
      'a contentType beyond Latin-1',
      'GetThing',
      { status: 200, contentType: 'text/plain; name="\u20ac"' },
      /contentType must be a media type/,
    ],
    [
      'a contentType that is no media type',
      'GetThing',
      { status: 200, contentType: 'json' },
      /contentType must be a media type/,
    ],
    [
      'a contentType that is no string',
      'GetThing',
      { status: 200, contentType: 42 },
      /contentType must be a media type .*got number$/,
    ],
    [
      'a body that is a number',
      'GetThing',
      { status: 200, body: 42 },
      'inject: body must be a string or a Uint8Array, got number',
    ],
    [
      'a body that is an object',
      'GetThing',
      { status: 200, body: { a: 1 } },
      'inject: body must be a string or a Uint8Array, got object',
    ],
    ['a body without a status', 'GetThing', { body: 'x' }, 'inject: body and contentType go with status'],
    [
      'a message that is no string',
      'GetThing',
      { fault: 'Client', message: 42 },
      'inject: message must be a string, got number',
    ],
    [
      'a detail that is no string',
      'GetThing',
      { fault: 'Client', detail: {} },
      'inject: detail must be a string, got object',
    ],
    [
      'an errorMessage that is no string',
      'GetThing',
      { errorCode: 'PayerUnknown', errorMessage: null },
      'inject: errorMessage must be a string, got object',
    ],
    [
      'an errorCode that is neither name nor integer',
      'GetThing',
      { errorCode: 1.5 },
      "inject: errorCode must be a code's name or its integer, got number",
    ],
    ['drop that is no boolean', 'GetThing', { drop: 'yes' }, 'inject: drop must be true or false, got string'],
    ['a misspelt member', 'GetThing', { errorcode: 'PayerUnknown' }, /^inject: unknown member "errorcode" \(known: /],
    ['no object', 'GetThing', 'PayerUnknown', 'inject: the injection must be an object, got string'],
    [
      'a fractional status',
      'GetThing',
      { status: 200.5 },
      'inject: status must be an HTTP status from 200 to 599, got 200.5',
    ],
    ['status 199', 'GetThing', { status: 199 }, 'inject: status must be an HTTP status from 200 to 599, got 199'],
    [
      'a fault kind of SOAP 1.2',
      'GetThing',
      { fault: 'Sender' },
      "inject: fault must be 'Client' or 'Server', got Sender",
    ],
  ])('%s with a TypeError, and queues nothing', async (_, operation, injection, message) => {
    const fx = makeFixture();
    expect(() => fx.core.inject(operation, injection as unknown as MockInjection)).toThrow(
      message instanceof RegExp ? message : new TypeError(message),
    );
    expect(() => fx.core.inject(operation, injection as unknown as MockInjection)).toThrow(TypeError);
    expect((await fx.core.handle(getThing('soap11'))).status).toBe(200);
  });

  it.each([
    ['drop: false with another answer', { drop: false, status: 503 }],
    ['a delay of 0', { delayMs: 0 }],
    ['status 599', { status: 599 }],
    ['result: undefined (an answer all the same)', { result: undefined }],
    ['the longest delay a timer holds', { delayMs: 2 ** 31 - 1 }],
    [
      'a media type with parameters, quoted or not',
      { status: 200, contentType: 'application/soap+xml; charset=utf-8; action="urn:a b"' },
    ],
    ['a Latin-1 parameter value', { status: 200, contentType: 'text/plain; title="caf\u00e9"' }],
  ])('but accepts %s', (_, injection) => {
    expect(() => makeFixture().core.inject('GetThing', injection as MockInjection)).not.toThrow();
  });

  it('a body of bytes is answered as those bytes, and changing them afterwards changes nothing', async () => {
    const fx = makeFixture();
    const bytes = new Uint8Array([0xff, 0x00, 0x41]);
    fx.core.inject('GetThing', { status: 200, body: bytes, contentType: 'application/octet-stream' });
    bytes[0] = 0x20;
    const response = await fx.core.handle(getThing('soap11'));
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0xff, 0x00, 0x41]);
  });
});
