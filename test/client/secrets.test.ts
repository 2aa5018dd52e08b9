/**
 * Servers that echo the request put the computed key into what comes back. The client knows the secrets of each
 * call (the API key, the key it computed, dynamic keys it received) and masks them in every error text: message,
 * stack, own properties, cause chain, JSON.stringify and util.inspect. SvcServiceError.result stays reachable but out
 * of both serialisations.
 */
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PayerClient,
  SvcDecodeError,
  SvcHttpError,
  SvcServiceError,
  SvcSoapFault,
  type Style,
} from '../../generated/client/index.js';
import { SvcError } from '../../templates/runtime/errors.js';
import { MIN_FRAGMENT, REDACTED, Redactor } from '../../templates/runtime/redact.js';
import { rejected } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';
import { hmacHex } from './support/wire.js';

const API_KEY = 'sEcReT-api-key-value-0123456789';
const NOW = 1700000000;
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

function client(
  style: Style = 'soap11',
  extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {},
): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: 'MyPayer',
    apiKey: API_KEY,
    style,
    now: () => NOW,
    ...extra,
  });
}

/** The key the client computes for GetBalances (EAT none) at NOW. */
const BALANCES_KEY = hmacHex(API_KEY, `MyPayer${NOW}`);

/** Every text an error exposes to a logger. */
function exposed(error: unknown): string {
  const parts: string[] = [inspect(error, { depth: 6, showHidden: false }), JSON.stringify(error), String(error)];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    parts.push(e.message, e.stack ?? '');
  return parts.join('\n');
}

/** No run of MIN_FRAGMENT characters of any secret anywhere in what the error exposes. */
function expectNoSecret(error: unknown, secrets: readonly string[]): void {
  const text = exposed(error);
  for (const secret of secrets) {
    for (let i = 0; i + MIN_FRAGMENT <= secret.length; i++)
      expect(text).not.toContain(secret.slice(i, i + MIN_FRAGMENT));
  }
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe.each<Style>(['soap11', 'soap12', 'httpPost'])('a server that echoes the request (%s)', (style) => {
  it('an HTML 500 page quoting the body: the key is masked in bodyExcerpt and everywhere else', async () => {
    server.respond((req) => ({
      status: 500,
      contentType: 'text/html',
      body: `<html><body><pre>${escapeXml(req.body)}</pre></body></html>`,
    }));
    const error = await rejected(client(style).getBalances(), SvcHttpError);
    expect(server.requests.at(-1)?.body).toContain(BALANCES_KEY);
    expect(error.bodyExcerpt).toContain(REDACTED);
    expect(error.bodyExcerpt).toContain('MyPayer');
    expectNoSecret(error, [BALANCES_KEY, API_KEY]);
  });

  it('a key straddling the end of the 500-character excerpt is masked, not cut', async () => {
    server.respond(() => ({ status: 502, contentType: 'text/plain', body: `${'x'.repeat(480)}${BALANCES_KEY} tail` }));
    const error = await rejected(client(style).getBalances(), SvcHttpError);
    expect(error.bodyExcerpt.startsWith('x'.repeat(480) + REDACTED)).toBe(true);
    expectNoSecret(error, [BALANCES_KEY]);
  });

  it('a decode error quoting a value that holds the key', async () => {
    server.respond(
      resultResponse(style, 'GetBalances', `<errorCode>${BALANCES_KEY}</errorCode>`, 'SvcGetBalanceResponse'),
    );
    const error = await rejected(client(style).getBalances(), SvcDecodeError);
    expect(error.message).toContain(REDACTED);
    expectNoSecret(error, [BALANCES_KEY]);
  });

  it('a service error whose errorMessage echoes the key and the API key', async () => {
    server.respond(
      resultResponse(
        style,
        'GetBalances',
        `<errorMessage>bad key ${BALANCES_KEY} for ${API_KEY}</errorMessage><errorCode>1006</errorCode>`,
        'SvcGetBalanceResponse',
      ),
    );
    const error = await rejected(client(style).getBalances(), SvcServiceError);
    expect(error.serviceMessage).toBe(`bad key ${REDACTED} for ${REDACTED}`);
    expect((error.result as { errorCode: number }).errorCode).toBe(1006);
    expectNoSecret(error, [BALANCES_KEY, API_KEY]);
  });
});

describe.each([
  ['SOAP 1.1', 'soap11', SOAP11],
  ['SOAP 1.2', 'soap12', SOAP12],
] as const)('a %s fault quoting the request', (_label, style, envNs) => {
  function fault(reason: string, detail: string): string {
    return style === 'soap11'
      ? `<s:Envelope xmlns:s="${envNs}"><s:Body><s:Fault><faultcode>s:Client</faultcode><faultstring>${reason}</faultstring><detail>${detail}</detail></s:Fault></s:Body></s:Envelope>`
      : `<s:Envelope xmlns:s="${envNs}"><s:Body><s:Fault><s:Code><s:Value>s:Sender</s:Value></s:Code><s:Reason><s:Text xml:lang="en">${reason}</s:Text></s:Reason><s:Detail>${detail}</s:Detail></s:Fault></s:Body></s:Envelope>`;
  }

  it.each([500, 200])('reason and detail are masked (HTTP %i)', async (status) => {
    server.respond((req) => ({
      status,
      body: fault(`Invalid key: ${BALANCES_KEY}`, `<request>${escapeXml(req.body)}</request>`),
    }));
    const error = await rejected(client(style).getBalances(), SvcSoapFault);
    expect(error.reason).toBe(`Invalid key: ${REDACTED}`);
    expect(error.detail).toContain(REDACTED);
    expect(error.message).toContain(REDACTED);
    expectNoSecret(error, [BALANCES_KEY]);
  });

  it('a CDATA detail holding the API key', async () => {
    server.respond({ status: 500, body: fault('x', `<![CDATA[secret was ${API_KEY}]]>`) });
    const error = await rejected(client(style).getBalances(), SvcSoapFault);
    expect(error.detail).toBe(`secret was ${REDACTED}`);
  });
});

describe('dynamic keys', () => {
  const DYNAMIC_KEY = 'dYnAmIc+Key/with=Chars&more-0123456789';

  it('a failed GetDynamicKey keeps the Key reachable on error.result but out of JSON and inspect', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'GetDynamicKey',
        `<errorMessage>EnahncedSecurityNotConfigured</errorMessage><errorCode>EnahncedSecurityNotConfigured</errorCode><Key>${escapeXml(DYNAMIC_KEY)}</Key><Token>T-1</Token>`,
        'SecurityToken',
      ),
    );
    const error = await rejected(client().getDynamicKey(), SvcServiceError);
    expect((error.result as { Key: string }).Key).toBe(DYNAMIC_KEY);
    expect(Object.keys(error)).not.toContain('result');
    expect(JSON.stringify(error)).not.toContain('dYnAmIc');
    expect(inspect(error, { depth: 10 })).not.toContain('dYnAmIc');
    expectNoSecret(error, [DYNAMIC_KEY, API_KEY]);
  });

  it('a dynamic key received once is masked in later errors of the same client, in every wire form', async () => {
    const c = client();
    server.respond(
      resultResponse(
        'soap11',
        'GetDynamicKey',
        `<errorCode>OK</errorCode><Key>${escapeXml(DYNAMIC_KEY)}</Key><Token>T-2</Token>`,
        'SecurityToken',
      ),
    );
    expect((await c.getDynamicKey()).Key).toBe(DYNAMIC_KEY);
    const formEncoded = new URLSearchParams({ k: DYNAMIC_KEY }).toString().slice(2);
    server.respond({
      status: 500,
      contentType: 'text/plain',
      body: `raw ${DYNAMIC_KEY} xml ${escapeXml(DYNAMIC_KEY)} form ${formEncoded}`,
    });
    const error = await rejected(c.getBalances(), SvcHttpError);
    expect(error.bodyExcerpt).toBe(`raw ${REDACTED} xml ${REDACTED} form ${REDACTED}`);
  });
});

describe('a custom sign function', () => {
  it('the key it returned is masked too', async () => {
    const custom = 'custom-signature-value-abcdef0123';
    server.respond((req) => ({ status: 500, contentType: 'text/plain', body: req.body }));
    const error = await rejected(client('httpPost', { sign: () => custom }).getBalances(), SvcHttpError);
    expect(server.requests.at(-1)?.body).toContain(custom);
    // The echoed form is the body's first line: the message quotes it as its hint, the key masked.
    expect(error.message).toContain(`key=${REDACTED}`);
    expectNoSecret(error, [custom, API_KEY]);
  });
});

describe('Redactor', () => {
  const SECRET = 'abcdefghijklmnopqrstuvwxyz012345';

  it.each([
    ['whole', `a ${SECRET} b`, `a ${REDACTED} b`],
    ['twice', `${SECRET}${SECRET}`, REDACTED],
    ['a cut head', `x ${SECRET.slice(0, 20)}`, `x ${REDACTED}`],
    ['a cut tail', `${SECRET.slice(-15)}!`, `${REDACTED}!`],
    ['a middle run', `<${SECRET.slice(5, 5 + MIN_FRAGMENT)}>`, `<${REDACTED}>`],
    [
      'a run one short of the fragment length',
      `<${SECRET.slice(5, 5 + MIN_FRAGMENT - 1)}>`,
      `<${SECRET.slice(5, 5 + MIN_FRAGMENT - 1)}>`,
    ],
    ['nothing to mask', 'plain text', 'plain text'],
  ])('masks %s', (_label, input, expected) => {
    expect(new Redactor([SECRET]).text(input)).toBe(expected);
  });

  it('masks a short secret only where it stands whole, as a token', () => {
    expect(new Redactor(['boguskey']).text('boguskey and bogus, key=boguskey; boguskeys')).toBe(
      `${REDACTED} and bogus, key=${REDACTED}; boguskeys`,
    );
    expect(new Redactor(['k']).text('PayerUnknown k key')).toBe(`PayerUnknown ${REDACTED} key`);
  });

  it('ignores empty and missing secrets and leaves foreign errors alone', () => {
    const r = new Redactor(['', undefined]);
    expect(r.empty).toBe(true);
    const foreign = new Error(SECRET);
    expect(new Redactor([SECRET]).error(foreign).message).toBe(SECRET);
  });

  it('masks message, stack, own string properties and the cause chain of an SvcError', () => {
    const cause = new Error(`inner ${SECRET}`);
    const error = new SvcError(`outer ${SECRET}`, { cause });
    Object.assign(error, { extra: `x${SECRET}` });
    new Redactor([SECRET]).error(error);
    expect(error.message).toBe(`outer ${REDACTED}`);
    expect(error.stack).not.toContain(SECRET.slice(0, MIN_FRAGMENT));
    expect((error as unknown as { extra: string }).extra).toBe(`x${REDACTED}`);
    expect(cause.message).toBe(`inner ${REDACTED}`);
    expect(Object.keys(error)).toContain('extra');
  });
});
