/**
 * Windows authentication (NTLM, and Negotiate carrying NTLM) on the node transport, as IIS asks for it.
 *
 * NTLM authenticates a connection, not a request: the client sends a negotiate message, the server answers 401 with
 * a challenge, and the client's answer to it must come on the same TCP connection; IIS then serves that request and
 * every later one on the connection without asking again. So a client with NTLM sends through lanes: each lane is a
 * keep-alive agent of one connection, authenticated once. A call takes an idle lane (or opens one, up to
 * {@link MAX_LANES}); calls beyond that wait for a lane, in order.
 *
 * The handshake's first request carries no body (`Content-Length: 0`, as curl sends it): a large SOAP envelope is not
 * sent to be refused. Its second carries the call's request. A 401 on an authenticated lane (the server closed the
 * connection and the agent opened another) means the server did not act on the request: the handshake is made again
 * on that lane and the request sent once more. A 401 answering the client's credentials is the call's answer: an
 * SvcHttpError 401.
 *
 * The messages are made by @node-ntlm/core (NTLMv2 when the server's challenge carries target information, as every
 * Windows server's does), an optional peer dependency loaded only by a client that asks for NTLM: the client package
 * keeps no required dependency, and nobody writes NTLM's cryptography twice.
 */
import { SvcRequestError } from '../errors.js';

/** NTLM credentials as the client's `httpAuth.ntlm` option takes them. */
export interface NtlmAuth {
  /** The user name, alone (`domain` given apart) or as `DOMAIN\user`. */
  readonly username: string;
  /** The password: masked in every error and in what the hooks see. */
  readonly password: string;
  /** The Windows domain (or the server's own name for a local account); default: the part of `username` before `\`, else none. */
  readonly domain?: string;
  /** The name this machine gives itself in the handshake; default none. */
  readonly workstation?: string;
}

/** Checked credentials. */
export interface NtlmCredentials {
  readonly username: string;
  readonly password: string;
  readonly domain: string;
  readonly workstation: string;
}

/** Connections a client with NTLM keeps authenticated at most (as many calls at a time). */
export const MAX_LANES = 8;

/** The package that makes the NTLM messages. */
const LIBRARY = '@node-ntlm/core';

/** What the client uses of @node-ntlm/core. */
interface NtlmLibrary {
  createType1Message(options: { domain: string; workstation: string }): string;
  parseType2Message(header: string): object;
  createType3Message(type2: object, options: NtlmCredentials): string;
}

let library: Promise<NtlmLibrary> | undefined;

/** @node-ntlm/core, loaded at the first handshake; a clear SvcRequestError when it is not installed. */
export function loadNtlmLibrary(): Promise<NtlmLibrary> {
  library ??= (async () => {
    try {
      // A specifier in a variable: bundlers leave the optional package out, and TypeScript asks for no types of it.
      const loaded = (await import(/* webpackIgnore: true */ /* @vite-ignore */ LIBRARY)) as Partial<NtlmLibrary> & {
        default?: Partial<NtlmLibrary>;
      };
      const found = typeof loaded.createType1Message === 'function' ? loaded : loaded.default;
      if (
        typeof found?.createType1Message !== 'function' ||
        typeof found.parseType2Message !== 'function' ||
        typeof found.createType3Message !== 'function'
      ) {
        throw new Error(`${LIBRARY} has no createType1Message, parseType2Message and createType3Message`);
      }
      return found as NtlmLibrary;
    } catch (error) {
      library = undefined;
      throw new SvcRequestError(
        `httpAuth.ntlm needs the package ${LIBRARY} (an optional peer dependency of this client): npm install ${LIBRARY} (${(error as Error).message})`,
      );
    }
  })();
  return library;
}

/**
 * Checks the `httpAuth.ntlm` option, in the constructor.
 * @param value - the option as given
 */
export function checkNtlm(value: unknown): NtlmCredentials {
  if (value === null || typeof value !== 'object')
    throw new SvcRequestError('httpAuth.ntlm must be an object { username, password, domain?, workstation? }');
  for (const key of Object.keys(value)) {
    if (!['username', 'password', 'domain', 'workstation'].includes(key))
      throw new SvcRequestError(
        `httpAuth.ntlm has no option ${JSON.stringify(key)} (it takes username, password, domain, workstation)`,
      );
  }
  const { username, password, domain, workstation } = value as Record<string, unknown>;
  if (typeof username !== 'string' || username === '')
    throw new SvcRequestError('httpAuth.ntlm.username must be a non-empty string');
  if (typeof password !== 'string') throw new SvcRequestError('httpAuth.ntlm.password must be a string');
  if (domain !== undefined && typeof domain !== 'string')
    throw new SvcRequestError('httpAuth.ntlm.domain must be a string');
  if (workstation !== undefined && typeof workstation !== 'string')
    throw new SvcRequestError('httpAuth.ntlm.workstation must be a string');
  const slash = username.indexOf('\\');
  if (slash >= 0 && domain !== undefined)
    throw new SvcRequestError(
      'httpAuth.ntlm: give the domain either in username (DOMAIN\\user) or as domain, not both',
    );
  const user = slash >= 0 ? username.slice(slash + 1) : username;
  if (user === '') throw new SvcRequestError('httpAuth.ntlm.username has no user name after the domain');
  // The messages carry the names as UTF-16; a control character or a lone surrogate has no place in a Windows name.
  for (const [what, text] of [
    ['username', username],
    ['domain', domain ?? ''],
    ['workstation', workstation ?? ''],
  ] as const) {
    // oxlint-disable-next-line no-control-regex -- C0 controls and DEL: matching them is the point
    if (/[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) {
      throw new SvcRequestError(`httpAuth.ntlm.${what} must not contain control characters or lone surrogates`);
    }
  }
  return {
    username: user,
    password,
    domain: slash >= 0 ? username.slice(0, slash) : (domain ?? ''),
    workstation: workstation ?? '',
  };
}

/** The scheme a server's 401 offers for NTLM, preferring `NTLM` to `Negotiate` (whose Kerberos the client has not). */
export function ntlmScheme(challenges: readonly string[]): 'NTLM' | 'Negotiate' | undefined {
  const schemes = challenges.flatMap((c) => c.split(',')).map((c) => c.trim().split(/\s+/)[0]?.toLowerCase());
  if (schemes.includes('ntlm')) return 'NTLM';
  if (schemes.includes('negotiate')) return 'Negotiate';
  return undefined;
}

/** The challenge token of `scheme` in a 401's WWW-Authenticate values, if it carries one. */
export function challengeToken(challenges: readonly string[], scheme: 'NTLM' | 'Negotiate'): string | undefined {
  for (const value of challenges) {
    for (const part of value.split(',')) {
      const [name, token] = part.trim().split(/\s+/);
      if (name?.toLowerCase() === scheme.toLowerCase() && token !== undefined && token !== '') return token;
    }
  }
  return undefined;
}

/** The negotiate message, as an Authorization value of `scheme`. */
export function negotiateMessage(lib: NtlmLibrary, credentials: NtlmCredentials, scheme: 'NTLM' | 'Negotiate'): string {
  return withScheme(
    lib.createType1Message({ domain: credentials.domain, workstation: credentials.workstation }),
    scheme,
  );
}

/** The authenticate message answering the challenge `token`, as an Authorization value of `scheme`. */
export function authenticateMessage(
  lib: NtlmLibrary,
  credentials: NtlmCredentials,
  scheme: 'NTLM' | 'Negotiate',
  token: string,
): string {
  return withScheme(lib.createType3Message(lib.parseType2Message(`NTLM ${token}`), credentials), scheme);
}

/** The library writes `NTLM <token>`; Negotiate carries the same token (IIS accepts raw NTLM under Negotiate). */
function withScheme(message: string, scheme: 'NTLM' | 'Negotiate'): string {
  const token = message.replace(/^NTLM\s+/, '');
  return `${scheme} ${token}`;
}

/** One authenticated connection's agent, and whether its connection is authenticated now. */
export interface Lane<A> {
  readonly agent: A;
  authenticated: boolean;
  /** The scheme the server took, once known. */
  scheme?: 'NTLM' | 'Negotiate';
}

/** A client's lanes: made when first needed, handed out one call at a time. */
export class Lanes<A> {
  readonly #make: () => A;
  readonly #idle: Lane<A>[] = [];
  readonly #waiting: Array<(lane: Lane<A>) => void> = [];
  #count = 0;

  constructor(make: () => A) {
    this.#make = make;
  }

  /** An idle lane, a new one while fewer than {@link MAX_LANES} exist, or the next one given back. */
  take(): Promise<Lane<A>> {
    const idle = this.#idle.pop();
    if (idle !== undefined) return Promise.resolve(idle);
    if (this.#count < MAX_LANES) {
      this.#count++;
      return Promise.resolve({ agent: this.#make(), authenticated: false });
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Gives `lane` back for the next call. */
  give(lane: Lane<A>): void {
    const next = this.#waiting.shift();
    if (next !== undefined) next(lane);
    else this.#idle.push(lane);
  }
}
