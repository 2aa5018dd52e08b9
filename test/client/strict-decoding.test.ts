/**
 * A response is decoded whole or refused (decisions list-items, strict-responses, unknown-elements): list items
 * under another element name are kept, a single value sent twice is an error, a document that is not well-formed or
 * holds text where a record is expected is an error, and a field is matched by namespace as well as local name.
 * Every style, against a real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcDecodeError, SvcServiceError, type Style } from '../../generated/client/index.js';
import { rejected } from '../helpers/failures.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';

const STYLES: Style[] = ['soap11', 'soap12', 'httpPost'];
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

function client(style: Style, extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {}): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: 'MyPayer',
    apiKey: 'k',
    style,
    now: () => 1700000000,
    ...extra,
  });
}

const balances = (style: Style, fields: string) =>
  server.respond(resultResponse(style, 'GetBalances', fields, 'SvcGetBalanceResponse'));

/** A GetBalances result as the real service sends it: its brand word in the item element name. */
const BRANDED_BALANCES =
  '<errorMessage>OK</errorMessage><errorCode>0</errorCode><AccountInfos>' +
  '<XyzAccountInfo><Provider>Payer</Provider><AccountIdentifier>00123</AccountIdentifier><Balance>1500.25</Balance><Currency>USD</Currency></XyzAccountInfo>' +
  '<XyzAccountInfo><Provider>None</Provider><AccountIdentifier>ACC-2</AccountIdentifier><Balance>-0.5</Balance><Currency>EUR</Currency></XyzAccountInfo>' +
  '<XyzAccountInfo xsi:nil="true"/>' +
  '</AccountInfos>';

async function decodeError(promise: Promise<unknown>): Promise<SvcDecodeError> {
  return rejected(promise, SvcDecodeError);
}

describe.each(STYLES)('list items whatever their element name (%s)', (style) => {
  it('keeps every account of a GetBalances result whose items carry a brand word', async () => {
    balances(style, BRANDED_BALANCES);
    const result = await client(style).getBalances();
    expect(result.AccountInfos).toEqual([
      { Provider: 'Payer', AccountIdentifier: '00123', Balance: 1500.25, Currency: 'USD' },
      { Provider: 'None', AccountIdentifier: 'ACC-2', Balance: -0.5, Currency: 'EUR' },
      null,
    ]);
  });

  it('keeps the line errors of a Test* result whose items are named otherwise', async () => {
    server.respond(
      resultResponse(
        style,
        'TestPaymentFile',
        '<errorMessage>Line errors</errorMessage><errorCode>ValidationError</errorCode><LineErrorsOrWarning>' +
          '<XyzLineErrorOrWarning><lineNumber>2</lineNumber><isWarning>false</isWarning><message>bad amount</message></XyzLineErrorOrWarning>' +
          '<LineError><lineNumber>7</lineNumber><isWarning>true</isWarning><message>check currency</message></LineError>' +
          '</LineErrorsOrWarning>',
        'SvcProcessPaymentResponse',
      ),
    );
    const error = await rejected(client(style).testPaymentFile({ fileName: 'f.csv', totalAmount: 1 }), SvcServiceError);
    expect((error.result as { LineErrorsOrWarning: unknown[] }).LineErrorsOrWarning).toEqual([
      { lineNumber: 2, isWarning: false, message: 'bad amount' },
      { lineNumber: 7, isWarning: true, message: 'check currency' },
    ]);
  });

  it('keeps string list items under any name', async () => {
    server.respond(
      resultResponse(
        style,
        'GetUpdatedPayments',
        '<ChangedPaymentOrdersRefCode><string>R1</string><refCode>R2</refCode><string xsi:nil="true"/></ChangedPaymentOrdersRefCode>',
        'SvcGetUpdatedPaymentsResponse',
      ),
    );
    expect((await client(style).getUpdatedPayments({ changedSince: 0 })).ChangedPaymentOrdersRefCode).toEqual([
      'R1',
      'R2',
      null,
    ]);
  });

  it('refuses an element of another namespace inside a list rather than dropping it', async () => {
    balances(
      style,
      '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><Balance>1</Balance></SvcAccountInfo>' +
        '<x:SvcAccountInfo xmlns:x="urn:other"><Provider>Payer</Provider><Balance>2</Balance></x:SvcAccountInfo></AccountInfos>',
    );
    const e = await decodeError(client(style).getBalances());
    expect(e.message).toMatch(/<SvcAccountInfo> in namespace "urn:other" inside a list/);
    expect(e.path).toMatch(/AccountInfos\/SvcAccountInfo$/);
  });
});

describe.each(STYLES)('a single value sent twice is an error (%s)', (style) => {
  it.each([
    ['errorCode, the last one OK', '<errorCode>1004</errorCode><errorCode>0</errorCode>', 'BalanceResult', 'errorCode'],
    [
      'a Balance',
      '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><Balance>1</Balance><Balance>2</Balance></SvcAccountInfo></AccountInfos>',
      'SvcAccountInfo',
      'Balance',
    ],
    [
      'a list container',
      '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><Balance>1</Balance></SvcAccountInfo></AccountInfos><AccountInfos/>',
      'BalanceResult',
      'AccountInfos',
    ],
    [
      'a string field, nil the second time',
      '<errorCode>0</errorCode><errorMessage>OK</errorMessage><errorMessage xsi:nil="true"/>',
      'BalanceResult',
      'errorMessage',
    ],
  ])('%s', async (_label, fields, parent, element) => {
    balances(style, fields);
    const e = await decodeError(client(style).getBalances());
    expect(e.message).toContain(`${parent}: <${element}> appears more than once, but holds a single value`);
    expect(e.path).toMatch(new RegExp(`/${element}(\\[2\\])?$`));
  });

  it('a record field repeated inside a list item', async () => {
    server.respond(
      resultResponse(
        style,
        'TestPaymentFile',
        '<errorCode>OK</errorCode><LineErrorsOrWarning><LineErrorOrWarning><lineNumber>1</lineNumber><lineNumber>2</lineNumber><isWarning>true</isWarning></LineErrorOrWarning></LineErrorsOrWarning>',
        'SvcProcessPaymentResponse',
      ),
    );
    const e = await decodeError(client(style).testPaymentFile({ fileName: 'f', totalAmount: 1 }));
    expect(e.message).toContain('LineErrorOrWarning: <lineNumber> appears more than once');
  });
});

describe.each(STYLES)('documents that are not whole (%s)', (style) => {
  const ok = () => resultResponse(style, 'GetBalances', '<errorCode>0</errorCode>', 'SvcGetBalanceResponse');

  it('content after the root element', async () => {
    server.respond({ ...ok(), body: `${ok().body}junk` });
    expect((await decodeError(client(style).getBalances())).message).toMatch(/content after the root element/);
  });

  it('a second root element', async () => {
    server.respond({ ...ok(), body: `${ok().body}\n${ok().body.replace(/^<\?xml[^>]*\?>/, '')}` });
    expect((await decodeError(client(style).getBalances())).message).toMatch(/a second root element/);
  });

  it('trailing comments and whitespace are fine', async () => {
    server.respond({ ...ok(), body: `${ok().body}\r\n<!-- served by node 7 -->\n` });
    await expect(client(style).getBalances()).resolves.toMatchObject({ errorCode: 0 });
  });

  it('text where the result expects child elements', async () => {
    balances(style, 'true');
    expect((await decodeError(client(style).getBalances())).message).toMatch(
      /holds text "true" where only child elements are expected/,
    );
  });

  it('text between the fields of a record', async () => {
    balances(style, '<errorCode>0</errorCode>stray<errorMessage>OK</errorMessage>');
    expect((await decodeError(client(style).getBalances())).message).toMatch(/holds text "stray"/);
  });
});

describe.each(STYLES)('fields are matched by namespace and local name (%s)', (style) => {
  it('an element of another namespace is skipped, not read as the field', async () => {
    balances(
      style,
      '<x:errorCode xmlns:x="urn:other">1004</x:errorCode><errorCode>0</errorCode>' +
        '<AccountInfos><SvcAccountInfo><Provider>Payer</Provider><y:Balance xmlns:y="urn:other">not a number</y:Balance><Balance>7</Balance></SvcAccountInfo></AccountInfos>',
    );
    const result = await client(style).getBalances();
    expect(result.errorCode).toBe(0);
    expect(result.AccountInfos).toEqual([{ Provider: 'Payer', Balance: 7 }]);
  });

  it('an unqualified element is not the field either', async () => {
    balances(style, '<errorCode xmlns="">1004</errorCode>');
    const result = await client(style).getBalances();
    expect(result.errorCode).toBeUndefined();
  });

  it('the namespace option moves what counts as a field', async () => {
    server.respond(
      resultResponse(
        style,
        'GetBalances',
        '<errorCode>0</errorCode><errorMessage>moved</errorMessage>',
        'SvcGetBalanceResponse',
        'urn:moved',
      ),
    );
    expect((await client(style, { namespace: 'urn:moved' }).getBalances()).errorMessage).toBe('moved');
  });

  it("each client's namespace option names its SOAPAction, calls of clients of two namespaces taking turns", async () => {
    server.respond(
      resultResponse(style, 'GetBalances', '<errorCode>0</errorCode>', 'SvcGetBalanceResponse', 'urn:moved'),
    );
    const moved = client(style, { namespace: 'urn:moved' });
    const usual = client(style);
    const before = server.requests.length;
    for (const c of [moved, usual, moved]) await c.getBalances().catch(() => undefined);
    const actions = server.requests
      .slice(before)
      .map((r) => r.headers['soapaction'] ?? /action="([^"]*)"/.exec(String(r.headers['content-type']))?.[1]);
    const expected =
      style === 'soap11'
        ? ['"urn:moved/GetBalances"', '"http://svc.example/GetBalances"', '"urn:moved/GetBalances"']
        : [undefined, undefined, undefined];
    expect(actions).toEqual(expected);
  });
});

describe('decode error messages name the path once', () => {
  const PREFIX = 'Envelope/Body/GetBalancesResponse/GetBalancesResult';

  it('a malformed value', async () => {
    balances('soap11', '<errorCode>x1</errorCode>');
    const e = await decodeError(client('soap11').getBalances());
    expect(e.message).toBe(`invalid xs:int "x1" (at ${PREFIX}/errorCode)`);
    expect(e.path).toBe(`${PREFIX}/errorCode`);
    expect(e.reason).toBe('invalid xs:int "x1"');
  });

  it('a nil value that may not be nil', async () => {
    balances('soap11', '<errorCode xsi:nil="true"/>');
    const e = await decodeError(client('soap11').getBalances());
    expect(e.message).toBe(`is xsi:nil but the field is not nillable (at ${PREFIX}/errorCode)`);
  });

  it('a missing element of the second item of a list', async () => {
    balances(
      'soap11',
      '<errorCode>0</errorCode><AccountInfos><SvcAccountInfo><Provider>Payer</Provider><Balance>1</Balance></SvcAccountInfo><SvcAccountInfo><Provider>Payer</Provider></SvcAccountInfo></AccountInfos>',
    );
    const e = await decodeError(client('soap11').getBalances());
    expect(e.message).toBe(
      `SvcAccountInfo: required element <Balance> is missing (at ${PREFIX}/AccountInfos/SvcAccountInfo[2]/Balance)`,
    );
  });

  it('a bad value in the third item of a list', async () => {
    const item = (balance: string) =>
      `<SvcAccountInfo><Provider>Payer</Provider><Balance>${balance}</Balance></SvcAccountInfo>`;
    balances('soap11', `<errorCode>0</errorCode><AccountInfos>${item('1')}${item('2')}${item('1,5')}</AccountInfos>`);
    const e = await decodeError(client('soap11').getBalances());
    expect(e.message).toBe(`invalid xs:double "1,5" (at ${PREFIX}/AccountInfos/SvcAccountInfo[3]/Balance)`);
  });
});

/**
 * Issue 16, item 5: a response that is not well-formed XML is refused whatever part of it is wrong, also where the
 * client only skips (an unknown element) or reads nothing (the prolog). Each construct used to be accepted: strings
 * such as "a\u0000b" reached the caller.
 */
describe.each(STYLES)('responses that are not well-formed XML (%s)', (style) => {
  const fields = (account: string, extra = '') =>
    `<errorMessage>OK</errorMessage><errorCode>0</errorCode>${extra}<AccountInfos><SvcAccountInfo>` +
    `<Provider>Payer</Provider><AccountIdentifier>${account}</AccountIdentifier><Balance>1</Balance><Currency>USD</Currency>` +
    '</SvcAccountInfo></AccountInfos>';
  const good = () => resultResponse(style, 'GetBalances', fields('A-1'), 'SvcGetBalanceResponse');
  const withBody = (edit: (body: string) => string) => {
    const r = good();
    return { ...r, body: edit(r.body) };
  };
  const inValue = (value: string) => resultResponse(style, 'GetBalances', fields(value), 'SvcGetBalanceResponse');
  const inSkipped = (markup: string) =>
    resultResponse(style, 'GetBalances', fields('A-1', `<Unknown>${markup}</Unknown>`), 'SvcGetBalanceResponse');
  const onRecord = (attrs: string) => withBody((b) => b.replace('<SvcAccountInfo>', `<SvcAccountInfo ${attrs}>`));

  it.each([
    ['a literal NUL in a value', () => inValue('a\u0000b'), /U\+0000/],
    ['a literal U+0001 in a value', () => inValue('a\u0001b'), /U\+0001/],
    ['a literal U+FFFE in a value', () => inValue('a\uFFFEb'), /U\+FFFE/],
    ['a literal U+FFFF in a value', () => inValue('a\uFFFFb'), /U\+FFFF/],
    ['"]]>" in a value', () => inValue('a]]>b'), /"]]>" in text/],
    ['a duplicate attribute', () => onRecord('a="1" a="2"'), /duplicate attribute "a"/],
    [
      'the same attribute through two prefixes bound to one namespace',
      () => onRecord('xmlns:p="urn:n" xmlns:q="urn:n" p:x="1" q:x="2"'),
      /duplicate attribute "q:x"/,
    ],
    ['an undeclared attribute prefix', () => onRecord('p:x="1"'), /undeclared namespace prefix "p"/],
    ['"--" inside a comment', () => inSkipped('<!-- a -- b -->'), /"--" inside a comment/],
    ['a name with "!" in a skipped element', () => inSkipped('<a!b>x</a!b>'), /malformed name "a!b"/],
    ['a name with two colons in a skipped element', () => inSkipped('<a:b:c>x</a:b:c>'), /malformed name "a:b:c"/],
    ['a reference to U+0000 in a skipped element', () => inSkipped('&#0;'), /U\+0000/],
    ['a literal U+0001 in a skipped element', () => inSkipped('x\u0001'), /U\+0001/],
    [
      'a processing instruction named xml',
      () => inSkipped('<?xml version="1.0"?>'),
      /XML declaration not at the very start/,
    ],
    [
      'a comment before the XML declaration',
      () => withBody((b) => `<!-- c -->${b}`),
      /XML declaration not at the very start/,
    ],
    [
      'an XML declaration of version 2.0',
      () => withBody((b) => b.replace('version="1.0"', 'version="2.0"')),
      /malformed XML declaration/,
    ],
  ])('refuses %s with SvcDecodeError', async (_label, reply, message) => {
    server.respond(reply());
    const e = await decodeError(client(style).getBalances());
    expect(e.message).toMatch(message);
  });

  it('still reads the same response when it is well-formed', async () => {
    server.respond(good());
    expect((await client(style).getBalances()).AccountInfos?.[0]?.AccountIdentifier).toBe('A-1');
  });
});
