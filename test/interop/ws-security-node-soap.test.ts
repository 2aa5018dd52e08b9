/**
 * The client's WS-Security UsernameToken checked by node-soap's server (the other way round from
 * test/client/ws-security.test.ts, where node-soap's header passes the profile verifier): node-soap serving the
 * generated WSDL, its `authenticate` hook given the Security header as node-soap parsed it and checking it with
 * node-soap's own `passwordDigest`. node-soap answers with a wsse:Security Timestamp header marked mustUnderstand (as
 * WCF does), which the client, having sent WS-Security, reads past.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from 'soap';
import { PayerClient, SvcSoapFault, type Style } from '../../generated/client/index.js';
import { startNodeSoapServer, type NodeSoapServer } from '../helpers/node-soap-server.js';
import {
  API_KEY,
  NOW,
  PAYER,
  PAYER_PATH,
  PAYER_PORTS,
  PAYER_SERVICE,
  PAYER_WSDL_PATH,
} from '../helpers/payer-wsdl-rows.js';

const USER = 'wcf-user';
const PASSWORD = 'node-soap-checks-this-0123';
const PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';

let server: NodeSoapServer;
/** What node-soap's hook decided for each request, with the password type it saw. */
const decisions: Array<{ ok: boolean; type: string | undefined }> = [];

/** node-soap's parse of a text element: its text, or `{ attributes, $value }` when it has attributes. */
function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (node !== null && typeof node === 'object' && '$value' in node)
    return String((node as { $value: unknown }).$value);
  return undefined;
}

/** Checks a UsernameToken as node-soap parsed it, with node-soap's digest. */
function authenticate(security: any): boolean {
  const token = security?.UsernameToken;
  const password = token?.Password;
  const type: string | undefined = password?.attributes?.Type;
  let ok = textOf(token?.Username) === USER;
  if (type === `${PROFILE}#PasswordDigest`)
    ok &&= textOf(password) === passwordDigest(textOf(token.Nonce) ?? '', textOf(token.Created) ?? '', PASSWORD);
  else ok &&= textOf(password) === PASSWORD;
  decisions.push({ ok, type: type?.slice(PROFILE.length) });
  return ok;
}

beforeAll(async () => {
  server = await startNodeSoapServer({
    wsdl: readFileSync(PAYER_WSDL_PATH, 'utf8'),
    path: PAYER_PATH,
    service: {
      [PAYER_SERVICE]: {
        [PAYER_PORTS.soap11]: { GetBalances: () => ({ GetBalancesResult: { errorCode: 0, errorMessage: 'OK' } }) },
      },
    },
    authenticate,
  });
});
afterAll(async () => {
  await server?.close();
});

function client(style: Style, passwordType: 'PasswordText' | 'PasswordDigest', password = PASSWORD): PayerClient {
  return new PayerClient({
    baseUrl: server.url,
    payerName: PAYER,
    apiKey: API_KEY,
    style,
    now: () => NOW,
    wsSecurity: { username: USER, password, passwordType },
  });
}

describe.each<Style>(['soap11', 'soap12'])('%s', (style) => {
  it.each(['PasswordText', 'PasswordDigest'] as const)(
    "%s: node-soap's authenticate hook accepts the token, and the client reads its answer",
    async (passwordType) => {
      decisions.length = 0;
      const result = await client(style, passwordType).getBalances();
      expect(result).toMatchObject({ errorCode: 0, errorMessage: 'OK' });
      expect(decisions).toEqual([{ ok: true, type: `#${passwordType}` }]);
      expect(server.responses.at(-1)!.body).toMatch(/<o:Security soap:mustUnderstand="1"/);
    },
  );

  it('a wrong password: node-soap refuses it (AuthenticationFailure)', async () => {
    decisions.length = 0;
    const error = await client(style, 'PasswordDigest', 'wrong-password')
      .getBalances()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SvcSoapFault);
    expect(server.responses.at(-1)!.status).toBe(401);
    // node-soap writes this fault in SOAP 1.2's shape (Code, Reason) in either envelope: a SOAP 1.1 reader finds no
    // faultstring in it.
    expect((error as SvcSoapFault).reason).toBe(style === 'soap12' ? 'Invalid username or password' : '');
    expect(decisions).toEqual([{ ok: false, type: '#PasswordDigest' }]);
  });
});
