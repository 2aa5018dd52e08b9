/** The mock's credential check: the client's signing rule, checked in order, with a skew and a request limit. */
import { describe, expect, it } from 'vitest';
import { MockAuth } from '../../templates/runtime/mock/auth.js';
import { MockErrorCodes, type MockErrorCode } from '../../templates/runtime/mock/codes.js';
import { envelope, getThingBody, KEY, makeFixture, NS, OPERATIONS, ORIGIN, PATH } from './mock-fixture.js';

// The known answer of DECISIONS.md: MyPayer, 1521234048, boguskey, GetBalances (EAT none).
const KNOWN = {
  principal: 'MyPayer',
  timestamp: '1521234048',
  signature: 'bbffdacec3452b3ea2a23302589166c3fdee0224c5c07dd66b04a357d8bc1162',
};
const at = (seconds: number) => () => seconds;

describe('MockAuth', () => {
  it('accepts the known answer of DECISIONS.md', () => {
    expect(new MockAuth({ keys: { MyPayer: 'boguskey' }, now: at(1521234048) }).check(KNOWN, '')).toBeUndefined();
  });

  it.each([
    ['an unknown principal', { ...KNOWN, principal: 'OtherPayer' }, '', 'unknownPrincipal'],
    ['no principal', { ...KNOWN, principal: undefined }, '', 'unknownPrincipal'],
    ['a principal named like an Object member', { ...KNOWN, principal: '__proto__' }, '', 'unknownPrincipal'],
    ['a signature one digit off', { ...KNOWN, signature: `${KNOWN.signature.slice(0, -1)}0` }, '', 'badSignature'],
    ['a signature in upper case', { ...KNOWN, signature: KNOWN.signature.toUpperCase() }, '', 'badSignature'],
    ['a signature of another length', { ...KNOWN, signature: KNOWN.signature.slice(1) }, '', 'badSignature'],
    ['no signature', { ...KNOWN, signature: undefined }, '', 'badSignature'],
    ['another EAT value than the one signed', KNOWN, 'x', 'badSignature'],
    ['a timestamp text other than the one signed', { ...KNOWN, timestamp: '1521234048.0' }, '', 'badSignature'],
  ] as const)('refuses %s', (_, sent, eat, want) => {
    expect(new MockAuth({ keys: { MyPayer: 'boguskey' }, now: at(1521234048) }).check(sent, eat)).toBe(want);
  });

  it('accepts a timestamp up to the skew away, either way, and refuses one further (signed correctly)', () => {
    const auth = (now: number) => new MockAuth({ keys: { MyPayer: 'boguskey' }, now: at(now), skewSeconds: 60 });
    expect(auth(1521234048 + 60).check(KNOWN, '')).toBeUndefined();
    expect(auth(1521234048 - 60).check(KNOWN, '')).toBeUndefined();
    expect(auth(1521234048 + 61).check(KNOWN, '')).toBe('staleTimestamp');
    expect(auth(1521234048 - 61).check(KNOWN, '')).toBe('staleTimestamp');
  });

  it('counts accepted requests per principal in a sliding window; an over-limit one is not counted', () => {
    let now = 1521234048;
    const auth = new MockAuth({
      keys: { MyPayer: 'boguskey' },
      now: () => now,
      requestLimit: { max: 2, perSeconds: 10 },
    });
    expect([auth.check(KNOWN, ''), auth.check(KNOWN, ''), auth.check(KNOWN, '')]).toEqual([
      undefined,
      undefined,
      'requestLimit',
    ]);
    now += 9;
    expect(auth.check(KNOWN, '')).toBe('requestLimit');
    now += 1;
    expect(auth.check(KNOWN, '')).toBeUndefined();
    auth.reset();
    expect(auth.check(KNOWN, '')).toBeUndefined();
  });

  it('takes a lookup function for the keys', () => {
    const auth = new MockAuth({ keys: (p) => (p === 'MyPayer' ? 'boguskey' : undefined), now: at(1521234048) });
    expect([auth.check(KNOWN, ''), auth.check({ ...KNOWN, principal: 'x' }, '')]).toEqual([
      undefined,
      'unknownPrincipal',
    ]);
  });

  it('refuses options that make no sense', () => {
    expect(() => new MockAuth({ keys: {}, skewSeconds: -1 })).toThrow(RangeError);
    expect(() => new MockAuth({ keys: {}, requestLimit: { max: 0, perSeconds: 1 } })).toThrow(RangeError);
  });
});

describe('MockCore with a MockAuth', () => {
  const soap = (body: string) =>
    new Request(`${ORIGIN}${PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: `"${NS}GetThing"` },
      body: envelope(body),
    });

  it('passes the known answer to the handler (GetThing signs nothing of its own here)', async () => {
    const fx = makeFixture({ auth: new MockAuth({ keys: { MyPayer: 'boguskey' }, now: at(1521234048) }) });
    const response = await fx.core.handle(soap(getThingBody()));
    expect(response.status).toBe(200);
    expect(fx.seen).toHaveLength(1);
  });

  it('answers a refused request with a Client fault where the operation has no result for it, never reaching the handler', async () => {
    const fx = makeFixture({ auth: new MockAuth({ keys: { Other: 'boguskey' }, now: at(1521234048) }) });
    const response = await fx.core.handle(soap(getThingBody()));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toContain('<faultcode>soap:Client</faultcode>');
    expect(text).toContain('GetThing: the credentials were refused (unknownPrincipal)');
    expect(text).not.toContain(KEY);
    expect([fx.seen.length, fx.core.calls.length]).toEqual([0, 0]);
  });

  it("answers with the operation's own result for the failure where it has one", async () => {
    const ops = OPERATIONS.map((op) =>
      op.name === 'GetThing'
        ? { ...op, errorResult: (code: MockErrorCode) => ({ id: code.value, total: code.number ?? 0 }) }
        : op,
    );
    const errorCodes = new MockErrorCodes([[1006, 'KeyMismatch']], -1, {
      badSignature: 'KeyMismatch',
      unknownPrincipal: 'NoSuchPayer',
    });
    const fx = makeFixture({
      operations: ops,
      errorCodes,
      auth: new MockAuth({ keys: { MyPayer: 'other' }, now: at(1521234048) }),
    });
    const response = await fx.core.handle(soap(getThingBody()));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('<id>KeyMismatch</id>');
    expect(text).toContain('<total>1006</total>');
    expect(fx.seen).toHaveLength(0);
  });
});
