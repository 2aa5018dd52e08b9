/**
 * A WS-Security UsernameToken verifier written from the OASIS profile (Web Services Security UsernameToken Profile
 * 1.1, sections 3.1-3.2 and 4), independent of the client's code: it parses the request with a third-party parser
 * and checks what a server such as WCF checks before the service sees the call:
 *
 * - one wsse:Security header, marked mustUnderstand (SOAP 1.1 `1`, SOAP 1.2 `true` or `1`), as WCF sends and expects;
 * - a UsernameToken with a known Username; a Password whose Type is #PasswordText (also when absent) or
 *   #PasswordDigest; for the digest, a Nonce (Base64Binary) and a wsu:Created, and
 *   Password = Base64(SHA-1(nonce bytes + Created + password));
 * - Created in UTC and within the allowed clock skew of now; a nonce never seen before (replay);
 * - a wsu:Timestamp, when present, with Created not in the future and Expires not passed.
 *
 * {@link startWssGateway} puts it in front of the generated mock service on a loopback node:http server, as a
 * security layer in front of a service: a verified request goes on to the mock without its Security header, a refused
 * one is answered with the profile's wsse:FailedAuthentication fault (HTTP 500) naming the reason.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseXml, type XmlNode } from './xml-tree.js';

export const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const WSU = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd';
const PROFILE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0';
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

/** WCF's default MaxClockSkew. */
export const MAX_SKEW_MS = 5 * 60 * 1000;

export interface VerifierPolicy {
  /** Known users and their passwords. */
  readonly users: Readonly<Record<string, string>>;
  /** The server's clock, in milliseconds. */
  readonly now: () => number;
}

export type Verdict =
  | {
      readonly ok: true;
      readonly username: string;
      readonly passwordType: 'PasswordText' | 'PasswordDigest';
      readonly timestamp: boolean;
    }
  | { readonly ok: false; readonly reason: string };

/** UTC xs:dateTime as the profile wants it (a `Z`, optional fractions), in milliseconds; undefined otherwise. */
function utcTime(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

function only(parent: XmlNode, ns: string, name: string): XmlNode | undefined | 'many' {
  const found = parent.children.filter((c) => c.ns === ns && c.name === name);
  return found.length > 1 ? 'many' : found[0];
}

/**
 * Verifies the UsernameToken of one SOAP request.
 * @param envelope - the request body
 * @param policy - users and clock
 * @param nonces - nonces already seen (Base64 text); a verified request's nonce is added
 */
export function verifyUsernameToken(envelope: string, policy: VerifierPolicy, nonces: Set<string>): Verdict {
  const fail = (reason: string): Verdict => ({ ok: false, reason });
  let root: XmlNode;
  try {
    root = parseXml(envelope);
  } catch (error) {
    return fail(`not XML: ${(error as Error).message}`);
  }
  if (root.name !== 'Envelope' || (root.ns !== SOAP11 && root.ns !== SOAP12)) return fail('not a SOAP envelope');
  const env = root.ns;
  const header = only(root, env, 'Header');
  if (header === undefined || header === 'many') return fail('no single soap:Header');
  const security = only(header, WSSE, 'Security');
  if (security === undefined) return fail('no wsse:Security header');
  if (security === 'many') return fail('more than one wsse:Security header');
  const mu = security.attrs[`{${env}}mustUnderstand`];
  if (mu === undefined || !(mu === '1' || (env === SOAP12 && mu === 'true')))
    return fail('wsse:Security is not marked mustUnderstand');
  const token = only(security, WSSE, 'UsernameToken');
  if (token === undefined || token === 'many') return fail('no single wsse:UsernameToken');
  const username = only(token, WSSE, 'Username');
  const password = only(token, WSSE, 'Password');
  if (username === undefined || username === 'many') return fail('no single wsse:Username');
  if (password === undefined || password === 'many') return fail('no single wsse:Password');
  const expected = Object.hasOwn(policy.users, username.text) ? policy.users[username.text] : undefined;
  if (expected === undefined) return fail(`unknown user ${username.text}`);
  const type = password.attrs['Type'] ?? `${PROFILE}#PasswordText`;
  if (type !== `${PROFILE}#PasswordText` && type !== `${PROFILE}#PasswordDigest`)
    return fail(`unknown password type ${type}`);
  const digest = type.endsWith('#PasswordDigest');

  const nonceNode = only(token, WSSE, 'Nonce');
  const createdNode = only(token, WSU, 'Created');
  if (nonceNode === 'many' || createdNode === 'many') return fail('wsse:Nonce or wsu:Created twice');
  if (digest && (nonceNode === undefined || createdNode === undefined))
    return fail('PasswordDigest without wsse:Nonce and wsu:Created');
  const now = policy.now();
  if (createdNode !== undefined) {
    const created = utcTime(createdNode.text);
    if (created === undefined) return fail(`wsu:Created ${createdNode.text} is not a UTC dateTime`);
    if (Math.abs(now - created) > MAX_SKEW_MS) return fail('wsu:Created is outside the allowed clock skew');
  }
  let nonceBytes: Buffer | undefined;
  if (nonceNode !== undefined) {
    const encoding = nonceNode.attrs['EncodingType'];
    if (encoding !== undefined && !encoding.endsWith('#Base64Binary'))
      return fail(`nonce encoding ${encoding} is not Base64Binary`);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(nonceNode.text)) return fail('the nonce is not Base64');
    nonceBytes = Buffer.from(nonceNode.text, 'base64');
    if (nonces.has(nonceNode.text)) return fail('the nonce was used before (replay)');
  }

  if (digest) {
    const want = createHash('sha1')
      .update(
        Buffer.concat([nonceBytes!, Buffer.from((createdNode as XmlNode).text, 'utf8'), Buffer.from(expected, 'utf8')]),
      )
      .digest();
    const got = Buffer.from(password.text, 'base64');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return fail('the password digest does not match');
  } else {
    const got = Buffer.from(password.text, 'utf8');
    const want = Buffer.from(expected, 'utf8');
    if (got.length !== want.length || !timingSafeEqual(got, want)) return fail('the password does not match');
  }

  const stamp = only(security, WSU, 'Timestamp');
  if (stamp === 'many') return fail('wsu:Timestamp twice');
  if (stamp !== undefined) {
    const c = only(stamp, WSU, 'Created');
    const e = only(stamp, WSU, 'Expires');
    const created = c !== undefined && c !== 'many' ? utcTime(c.text) : undefined;
    const expires = e !== undefined && e !== 'many' ? utcTime(e.text) : undefined;
    if (created === undefined) return fail('wsu:Timestamp without a UTC wsu:Created');
    if (created > now + MAX_SKEW_MS) return fail('wsu:Timestamp is created in the future');
    if (e !== undefined && expires === undefined) return fail('wsu:Expires is not a UTC dateTime');
    if (expires !== undefined && expires <= now - MAX_SKEW_MS) return fail('the message has expired');
  }
  if (nonceNode !== undefined) nonces.add(nonceNode.text);
  return {
    ok: true,
    username: username.text,
    passwordType: digest ? 'PasswordDigest' : 'PasswordText',
    timestamp: stamp !== undefined,
  };
}

/** What the gateway saw: each request's verdict, in order. */
export interface WssGateway {
  readonly url: string;
  readonly verdicts: Verdict[];
  close(): Promise<void>;
}

/**
 * A loopback server that verifies each request's UsernameToken, then hands it, without its Security header, to
 * `service` (the generated mock's `handle`), or answers the profile's FailedAuthentication fault.
 * @param policy - users and clock
 * @param service - the service behind it
 */
export async function startWssGateway(
  policy: VerifierPolicy,
  service: { handle(request: Request): Promise<Response> },
): Promise<WssGateway> {
  const verdicts: Verdict[] = [];
  const nonces = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const verdict = verifyUsernameToken(body, policy, nonces);
        verdicts.push(verdict);
        if (!verdict.ok) {
          const soap12 = body.includes(SOAP12);
          res.writeHead(500, {
            'Content-Type': soap12 ? 'application/soap+xml; charset=utf-8' : 'text/xml; charset=utf-8',
          });
          res.end(failedAuthentication(soap12, verdict.reason));
          return;
        }
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string') headers.set(name, value);
        headers.delete('content-length');
        const inner = body.replace(/<wsse:Security\b[\s\S]*?<\/wsse:Security>/, '');
        const answer = await service.handle(
          new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: 'POST', headers, body: inner }),
        );
        res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/xml' });
        res.end(withSecurityTimestamp(await answer.text(), policy.now()));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    verdicts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The answer with the header WCF adds to every answer of a TransportWithMessageCredential binding: wsse:Security,
 * marked mustUnderstand, holding a wsu:Timestamp (no token).
 */
export function withSecurityTimestamp(envelope: string, now: number): string {
  const body = /<(\w+):Body\b/.exec(envelope);
  if (body === null) return envelope;
  const prefix = body[1]!;
  const created = new Date(now).toISOString();
  const expires = new Date(now + MAX_SKEW_MS).toISOString();
  const header =
    `<${prefix}:Header><o:Security ${prefix}:mustUnderstand="1" xmlns:o="${WSSE}" xmlns:u="${WSU}">` +
    `<u:Timestamp u:Id="_0"><u:Created>${created}</u:Created><u:Expires>${expires}</u:Expires></u:Timestamp></o:Security></${prefix}:Header>`;
  return envelope.slice(0, body.index) + header + envelope.slice(body.index);
}

/** The profile's fault for a token that does not verify (WS-Security 1.1, section 12), its reason in the text. */
function failedAuthentication(soap12: boolean, reason: string): string {
  const text = `The security token could not be authenticated or authorized: ${reason}`;
  return soap12
    ? `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12}" xmlns:wsse="${WSSE}"><soap:Body><soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value><soap:Subcode><soap:Value>wsse:FailedAuthentication</soap:Value></soap:Subcode></soap:Code><soap:Reason><soap:Text xml:lang="en">${text}</soap:Text></soap:Reason></soap:Fault></soap:Body></soap:Envelope>`
    : `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11}" xmlns:wsse="${WSSE}"><soap:Body><soap:Fault><faultcode>wsse:FailedAuthentication</faultcode><faultstring>${text}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
}
