/**
 * Windows authentication as IIS asks for it, against a server that really verifies NTLMv2 (Debian's gss-ntlmssp
 * through python3-gssapi, NTLMv1 refused) in front of the generated mock: the handshake on one kept-alive connection,
 * the connection then serving later calls without a new one, both schemes IIS offers (NTLM, and Negotiate carrying
 * NTLM), concurrent calls each on an authenticated connection of their own, and a wrong password as an SvcHttpError
 * 401 that names no secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcHttpError, type Style } from '../../generated/client/index.js';
import { VirtualClock, exampleHandlers, startMockServer } from '../../generated/mock/index.js';
import { startNtlmVerifier, type NtlmLogEntry, type NtlmUser, type NtlmVerifier } from './support/ntlm-verifier.js';

const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];
const NOW = Date.UTC(2026, 0, 1);
const PAYER = 'MyPayer';
const API_KEY = 'ntlm-test-api-key';
const USER: NtlmUser = { domain: 'CONTOSO', username: 'alice', password: 'Pä55w0rd!ntlm' };

type Server = Awaited<ReturnType<typeof startMockServer>>;
let mock: Server;
let both: NtlmVerifier;
let negotiateOnly: NtlmVerifier;

beforeAll(async () => {
  mock = await startMockServer({
    credentials: { [PAYER]: API_KEY },
    clock: new VirtualClock(NOW),
    handlers: exampleHandlers,
  });
  [both, negotiateOnly] = await Promise.all([
    startNtlmVerifier(USER, mock.url),
    startNtlmVerifier(USER, mock.url, ['Negotiate']),
  ]);
});

afterAll(async () => {
  await Promise.all([both?.stop(), negotiateOnly?.stop(), mock?.close()]);
});

function client(server: NtlmVerifier, style: Style, ntlm: Record<string, string>): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    now: () => NOW,
    httpAuth: { ntlm: ntlm as never },
  });
}

const RIGHT = { username: `${USER.domain}\\${USER.username}`, password: USER.password };

/** The entries a run added to the verifier's log. */
function since(server: NtlmVerifier, before: number): NtlmLogEntry[] {
  return server.log().slice(before);
}

describe.each(STYLES)('%s', (style) => {
  it('authenticates once on one connection, then the connection serves later calls with no handshake', async () => {
    const direct = await new PayerClient({
      baseUrl: mock.url,
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
    }).getBalances();
    const before = both.log().length;
    const c = client(both, style, RIGHT);
    const first = await c.getBalances();
    const second = await c.getBalances();
    expect(first).toEqual(direct);
    expect(second).toEqual(direct);
    const log = since(both, before);
    // The negotiate message answered by the challenge, the call with the authenticate message, then the next call alone.
    expect(log.map((e) => e.status)).toEqual([401, 200, 200]);
    // The negotiate message goes without the call's body: the envelope is sent once, to be served.
    expect(log[0]?.length).toBe(0);
    expect(log[1]?.length).toBeGreaterThan(0);
    expect(new Set(log.map((e) => e.connection)).size).toBe(1);
    expect(log.at(-1)).toMatchObject({ scheme: null, user: 'CONTOSO\\alice' });
  });

  it('takes Negotiate when the server offers it alone (IIS with only the Negotiate provider)', async () => {
    const before = negotiateOnly.log().length;
    await expect(
      client(negotiateOnly, style, {
        username: USER.username,
        domain: USER.domain,
        password: USER.password,
      }).getBalances(),
    ).resolves.toBeDefined();
    const log = since(negotiateOnly, before);
    expect(log.filter((e) => e.status === 200)).toEqual([
      expect.objectContaining({ scheme: 'Negotiate', user: 'CONTOSO\\alice' }),
    ]);
  });

  it('a wrong password is an SvcHttpError 401 with no secret in it, and nothing reaches the service', async () => {
    const calls = mock.service.calls.length;
    const error: unknown = await client(both, style, { ...RIGHT, password: 'not-the-password' })
      .getBalances()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcHttpError);
    expect((error as SvcHttpError).status).toBe(401);
    for (const secret of ['not-the-password', API_KEY]) {
      expect((error as Error).message).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
    expect(mock.service.calls.length).toBe(calls);
  });
});

it('calls made at once each get an authenticated connection, one handshake per connection', async () => {
  const before = both.log().length;
  const c = client(both, 'soap11', RIGHT);
  const results = await Promise.all(Array.from({ length: 12 }, () => c.getBalances()));
  expect(results).toHaveLength(12);
  const log = since(both, before);
  const connections = new Set(log.map((e) => e.connection));
  // At most eight lanes (ntlm.ts MAX_LANES); every connection made exactly one handshake.
  const seen = JSON.stringify(log);
  expect(connections.size, seen).toBeGreaterThan(1);
  expect(connections.size, seen).toBeLessThanOrEqual(8);
  for (const connection of connections) {
    expect(
      log.filter((e) => e.connection === connection && e.status === 401),
      seen,
    ).toHaveLength(1);
  }
  expect(
    log.filter((e) => e.status === 200),
    seen,
  ).toHaveLength(12);
});
