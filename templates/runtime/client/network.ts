/**
 * The client's network settings: the TLS options of its connections and the forward proxy they go through, checked
 * once in the client's constructor and resolved into a {@link Network} that the node transport reads at each call.
 *
 * Both are honoured by the node transport alone (node-agents.ts): fetch takes neither a CA nor a proxy without
 * undici's dispatcher, and a browser takes them from the operating system, never from a page. So a client given
 * either is refused where the node transport cannot be used (a `fetch` option, `transport: 'fetch'`, a runtime that
 * is not Node), rather than sending without them.
 *
 * Nothing here imports a Node module: it loads in a browser bundle too, where it refuses.
 */
import { SvcRequestError } from '../errors.js';
import { checkNtlm, type NtlmCredentials } from './ntlm.js';

/** Text (PEM) or bytes (PEM or DER), as node:tls takes certificates and keys. */
export type TlsMaterial = string | Uint8Array;

/**
 * The TLS settings of a client's connections, named and meant as node:tls names them. For an `https:` baseUrl only.
 */
export interface TlsOptions {
  /**
   * The certificate authorities to trust, PEM: these replace Node's bundled roots for this client (add
   * `...tls.rootCertificates` to keep them).
   */
  readonly ca?: TlsMaterial | readonly TlsMaterial[] | undefined;
  /** The client certificate (PEM), with its chain if any; goes with `key`. */
  readonly cert?: TlsMaterial | readonly TlsMaterial[] | undefined;
  /** The client certificate's private key (PEM); goes with `cert`. */
  readonly key?: TlsMaterial | undefined;
  /** The client certificate and its key as one PKCS#12 file (`.pfx`, `.p12`), instead of `cert` and `key`. */
  readonly pfx?: TlsMaterial | undefined;
  /** Decrypts `key` or `pfx`. Never part of an error. */
  readonly passphrase?: string | undefined;
  /** `false` accepts a server certificate that no trusted authority signed (tests only: anyone can then listen in). */
  readonly rejectUnauthorized?: boolean | undefined;
  /** The host name the server's certificate must name and that is sent as SNI, when it is not baseUrl's host. */
  readonly servername?: string | undefined;
}

/** A forward proxy given in full. */
export interface ProxyOptions {
  /** The proxy's `http://host:port` URL; credentials may be in it (`http://user:password@host:port`) or apart. */
  readonly url: string;
  /** The user name of the proxy's Basic authentication, unless the URL has it. */
  readonly username?: string | undefined;
  /** The password of the proxy's Basic authentication, unless the URL has it. Never part of an error. */
  readonly password?: string | undefined;
  /**
   * Hosts reached directly, as NO_PROXY lists them: `*` (all), `host` (it and its subdomains), `.domain` or
   * `*.domain` (subdomains only), each with an optional `:port`; separated by commas or spaces, or as an array.
   */
  readonly noProxy?: string | readonly string[] | undefined;
}

/**
 * The proxy option: a proxy URL, a proxy in full, or `'env'` for the HTTPS_PROXY, HTTP_PROXY and NO_PROXY
 * environment variables (lower case first), read when the client is made.
 */
export type ProxyOption = string | ProxyOptions;

/** A forward proxy, resolved. */
export interface Proxy {
  /** Its host name (an IPv6 address without brackets). */
  readonly host: string;
  readonly port: number;
  /** `http://host:port`, without credentials: how messages name it. */
  readonly origin: string;
  /** The `Proxy-Authorization` header's value, when it takes credentials. */
  readonly authorization?: string;
}

/** One entry of a NO_PROXY list. */
interface Exclusion {
  /** The host, lower case; with a leading dot: its subdomains only; `*`: every host. */
  readonly host: string;
  /** The port it applies to, or undefined for every port. */
  readonly port?: number;
}

/** A client's network settings, resolved once (see {@link checkNetworkOptions}). */
export interface Network {
  readonly tls?: TlsOptions;
  /** The proxy of `http:` targets. */
  readonly httpProxy?: Proxy;
  /** The proxy of `https:` targets (through CONNECT). */
  readonly httpsProxy?: Proxy;
  readonly noProxy: readonly Exclusion[];
  /** Windows authentication (`httpAuth.ntlm`), made on authenticated connections of the client's own (ntlm.ts). */
  readonly ntlm?: NtlmCredentials;
  /** The passphrase and proxy credentials, to be masked in every error. */
  readonly secrets: readonly string[];
}

/** What {@link checkNetworkOptions} reads of the client's options. */
export interface NetworkOptions {
  readonly baseUrl: string;
  readonly tls?: TlsOptions | undefined;
  readonly proxy?: ProxyOption | undefined;
  /** Its `ntlm` member asks for Windows authentication, which only the node transport can make. */
  readonly httpAuth?: { readonly ntlm?: unknown } | undefined;
}

const TLS_KEYS: ReadonlySet<string> = new Set([
  'ca',
  'cert',
  'key',
  'pfx',
  'passphrase',
  'rejectUnauthorized',
  'servername',
]);
const PROXY_KEYS: ReadonlySet<string> = new Set(['url', 'username', 'password', 'noProxy']);

/**
 * Checks the `tls` and `proxy` options and resolves them; undefined when neither asks for anything (`proxy: 'env'`
 * with no proxy variable set and no `tls`), so that such a client is sent as any other. Throws SvcRequestError for a
 * bad value, naming the option, never quoting a secret.
 * @param options - the client's options
 * @param env - the environment variables `proxy: 'env'` reads (default `process.env`)
 */
export function checkNetworkOptions(
  options: NetworkOptions,
  env?: Readonly<Record<string, string | undefined>>,
): Network | undefined {
  const tls = options.tls == null ? undefined : checkTls(options.tls, options.baseUrl);
  const secrets: string[] = [];
  if (tls?.passphrase !== undefined && tls.passphrase !== '') secrets.push(tls.passphrase);
  let httpProxy: Proxy | undefined;
  let httpsProxy: Proxy | undefined;
  let noProxy: Exclusion[] = [];
  const { proxy } = options;
  if (proxy === 'env') {
    const vars = env ?? processEnv();
    // The lower-case spelling first, as curl and most tools read them; an empty one counts as unset.
    const read = (name: string): string | undefined => {
      for (const value of [vars[name.toLowerCase()], vars[name]])
        if (value !== undefined && value.trim() !== '') return value.trim();
      return undefined;
    };
    const https = read('HTTPS_PROXY');
    const http = read('HTTP_PROXY');
    if (https !== undefined)
      httpsProxy = parseProxy(https, undefined, undefined, 'the HTTPS_PROXY environment variable', secrets);
    if (http !== undefined)
      httpProxy = parseProxy(http, undefined, undefined, 'the HTTP_PROXY environment variable', secrets);
    noProxy = parseNoProxy(read('NO_PROXY') ?? '', 'the NO_PROXY environment variable');
  } else if (typeof proxy === 'string') {
    httpProxy = httpsProxy = parseProxy(proxy, undefined, undefined, 'proxy', secrets);
  } else if (proxy != null) {
    if (typeof proxy !== 'object')
      throw new SvcRequestError("proxy must be a URL string, 'env' or { url, username?, password?, noProxy? }");
    for (const key of Object.keys(proxy)) {
      if (!PROXY_KEYS.has(key))
        throw new SvcRequestError(
          `proxy has no option ${JSON.stringify(key)} (it takes ${[...PROXY_KEYS].join(', ')})`,
        );
    }
    if (typeof proxy.url !== 'string') throw new SvcRequestError("proxy.url must be the proxy's http://host:port URL");
    if (proxy.username !== undefined && typeof proxy.username !== 'string')
      throw new SvcRequestError('proxy.username must be a string');
    if (proxy.password !== undefined && typeof proxy.password !== 'string')
      throw new SvcRequestError('proxy.password must be a string');
    httpProxy = httpsProxy = parseProxy(proxy.url, proxy.username, proxy.password, 'proxy.url', secrets);
    const list = proxy.noProxy;
    if (list !== undefined) {
      if (typeof list !== 'string' && !(Array.isArray(list) && list.every((e) => typeof e === 'string'))) {
        throw new SvcRequestError('proxy.noProxy must be a string or an array of strings');
      }
      noProxy = parseNoProxy(typeof list === 'string' ? list : list.join(','), 'proxy.noProxy');
    }
  }
  const ntlm = options.httpAuth?.ntlm != null ? checkNtlm(options.httpAuth.ntlm) : undefined;
  if (ntlm !== undefined) {
    // The handshake holds one connection per lane; through a proxy that is a tunnel per lane, not built yet.
    if (httpProxy !== undefined || httpsProxy !== undefined)
      throw new SvcRequestError(
        'httpAuth.ntlm cannot go through a proxy yet: leave proxy out, or list the service in its noProxy',
      );
    secrets.push(ntlm.password);
  }
  if (tls === undefined && httpProxy === undefined && httpsProxy === undefined && ntlm === undefined) return undefined;
  return {
    ...(tls !== undefined ? { tls } : {}),
    ...(ntlm !== undefined ? { ntlm } : {}),
    ...(httpProxy !== undefined ? { httpProxy } : {}),
    ...(httpsProxy !== undefined ? { httpsProxy } : {}),
    noProxy,
    secrets,
  };
}

/** Whether a network option is set at all (`proxy: 'env'` counts, whatever the environment holds; so does `httpAuth.ntlm`). */
export function asksForNetwork(options: Pick<NetworkOptions, 'tls' | 'proxy' | 'httpAuth'>): boolean {
  return options.tls != null || options.proxy != null || options.httpAuth?.ntlm != null;
}

function processEnv(): Readonly<Record<string, string | undefined>> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}

function isMaterial(value: unknown): boolean {
  return typeof value === 'string' || ArrayBuffer.isView(value);
}

function checkTls(tls: TlsOptions, baseUrl: string): TlsOptions {
  if (typeof tls !== 'object')
    throw new SvcRequestError(
      'tls must be an object: { ca?, cert?, key?, pfx?, passphrase?, rejectUnauthorized?, servername? }',
    );
  for (const key of Object.keys(tls)) {
    // A misspelt option (rejectUnauthorised) would otherwise be dropped without a word.
    if (!TLS_KEYS.has(key))
      throw new SvcRequestError(`tls has no option ${JSON.stringify(key)} (it takes ${[...TLS_KEYS].join(', ')})`);
  }
  if (!/^https:/i.test(baseUrl)) throw new SvcRequestError('tls applies to an https: baseUrl; this one is not https');
  const material = (name: 'ca' | 'cert', value: unknown): void => {
    if (value === undefined) return;
    const ok = isMaterial(value) || (Array.isArray(value) && value.length > 0 && value.every(isMaterial));
    if (!ok) throw new SvcRequestError(`tls.${name} must be PEM text or bytes, or a non-empty array of them`);
  };
  material('ca', tls.ca);
  material('cert', tls.cert);
  for (const name of ['key', 'pfx'] as const) {
    if (tls[name] !== undefined && !isMaterial(tls[name]))
      throw new SvcRequestError(`tls.${name} must be text or bytes`);
  }
  if ((tls.cert === undefined) !== (tls.key === undefined))
    throw new SvcRequestError('tls.cert and tls.key go together: give both, or pfx');
  if (tls.pfx !== undefined && tls.cert !== undefined)
    throw new SvcRequestError('give the client certificate either as tls.pfx or as tls.cert and tls.key, not both');
  if (tls.passphrase !== undefined) {
    if (typeof tls.passphrase !== 'string') throw new SvcRequestError('tls.passphrase must be a string');
    if (tls.key === undefined && tls.pfx === undefined)
      throw new SvcRequestError('tls.passphrase decrypts tls.key or tls.pfx, and neither is given');
  }
  if (tls.rejectUnauthorized !== undefined && typeof tls.rejectUnauthorized !== 'boolean')
    throw new SvcRequestError('tls.rejectUnauthorized must be a boolean');
  if (tls.servername !== undefined) {
    if (
      typeof tls.servername !== 'string' ||
      !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(tls.servername) ||
      /^[\d.]+$/.test(tls.servername)
    ) {
      // SNI carries DNS names only (RFC 6066): an IP address cannot be one.
      throw new SvcRequestError('tls.servername must be a DNS host name (not an IP address)');
    }
  }
  // A copy, so that a later change to the caller's object does not change this client half-way.
  const copy: Record<string, unknown> = {};
  for (const key of TLS_KEYS)
    if ((tls as Record<string, unknown>)[key] !== undefined) copy[key] = (tls as Record<string, unknown>)[key];
  return copy as TlsOptions;
}

/**
 * The proxy of `text`, with credentials from it or given apart. Messages name `what` and never quote the URL, which
 * may hold a password.
 */
function parseProxy(
  text: string,
  username: string | undefined,
  password: string | undefined,
  what: string,
  secrets: string[],
): Proxy {
  let url: URL;
  try {
    // Without a scheme (`proxy.example:3128`), URL would take the host for one.
    if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) throw new TypeError('no scheme');
    url = new URL(text);
  } catch {
    throw new SvcRequestError(`${what} must be a proxy URL such as http://proxy.example:3128`);
  }
  if (url.protocol !== 'http:') {
    throw new SvcRequestError(
      `${what} must be an http:// proxy (the client talks plain HTTP to the proxy and tunnels https through it); ${url.protocol}// proxies are not supported`,
    );
  }
  if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '') {
    throw new SvcRequestError(`${what} must be only the proxy's scheme, host and port, without a path or query`);
  }
  if ((url.username !== '' || url.password !== '') && (username !== undefined || password !== undefined)) {
    throw new SvcRequestError(
      `${what} carries credentials and proxy.username or proxy.password is given too: give them once`,
    );
  }
  let user = username ?? '';
  let pass = password ?? '';
  if (url.username !== '' || url.password !== '') {
    try {
      user = decodeURIComponent(url.username);
      pass = decodeURIComponent(url.password);
    } catch {
      throw new SvcRequestError(`the credentials in ${what} are not valid percent-encoding`);
    }
  }
  if (user.includes(':'))
    throw new SvcRequestError(
      `the proxy user name in ${what} must not contain ':' (Basic authentication cannot carry it)`,
    );
  // oxlint-disable-next-line no-control-regex -- RFC 5234's CTL, which RFC 7617 refuses: matching it is the point
  if (/[\u0000-\u001f\u007f]/.test(user + pass))
    throw new SvcRequestError(`the proxy credentials in ${what} must not contain control characters`);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port === '' ? 80 : Number(url.port);
  const proxy: { -readonly [K in keyof Proxy]: Proxy[K] } = { host, port, origin: `http://${url.hostname}:${port}` };
  if (user !== '' || pass !== '') {
    const token = utf8Base64(`${user}:${pass}`);
    proxy.authorization = `Basic ${token}`;
    secrets.push(token);
    if (pass !== '') secrets.push(pass);
  }
  return proxy;
}

/** Base64 of the UTF-8 bytes of `text`, without Buffer (this module loads in browsers too). */
function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The entries of a NO_PROXY list. */
export function parseNoProxy(list: string, what: string): Exclusion[] {
  const out: Exclusion[] = [];
  for (const raw of list.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') {
      out.push({ host: '*' });
      continue;
    }
    let host = entry;
    let port: number | undefined;
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
    const hostPort = /^([^:]+):(\d+)$/.exec(entry);
    if (bracketed) {
      host = bracketed[1]!;
      if (bracketed[2] !== undefined) port = Number(bracketed[2]);
    } else if (hostPort) {
      host = hostPort[1]!;
      port = Number(hostPort[2]);
    }
    if (host.startsWith('*.')) host = host.slice(1);
    if (
      host === '' ||
      host === '.' ||
      host.includes('*') ||
      host.includes('/') ||
      (port !== undefined && (port < 1 || port > 65535))
    ) {
      throw new SvcRequestError(
        `${what} holds ${JSON.stringify(raw.slice(0, 80))}, which is not a host, .domain or host:port`,
      );
    }
    out.push(port !== undefined ? { host, port } : { host });
  }
  return out;
}

/**
 * The proxy a request to `hostname:port` goes through, or undefined to go directly.
 * @param network - the client's network settings
 * @param secure - whether the target is https
 * @param hostname - the target host (an IPv6 address without brackets)
 * @param port - the target port, '' for the scheme's default
 */
export function proxyFor(network: Network, secure: boolean, hostname: string, port: string): Proxy | undefined {
  const proxy = secure ? network.httpsProxy : network.httpProxy;
  if (proxy === undefined || network.noProxy.length === 0) return proxy;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const number = port === '' ? (secure ? 443 : 80) : Number(port);
  for (const e of network.noProxy) {
    if (e.host === '*') return undefined;
    if (e.port !== undefined && e.port !== number) continue;
    if (e.host.startsWith('.') ? host.endsWith(e.host) : host === e.host || host.endsWith(`.${e.host}`))
      return undefined;
  }
  return proxy;
}

/**
 * A proxy's refusal: a CONNECT answered with other than 2xx, or a request answered 407. (Some proxies, tinyproxy
 * 1.11 among them, answer wrong credentials with 401: through CONNECT that is the proxy's too; on an http request in
 * absolute form it cannot be told from the service's own 401, which it stays.)
 */
export class ProxyRefusal extends Error {
  readonly code = 'ERR_PROXY_REFUSED';
  /** The status the proxy answered. */
  readonly status: number;

  /**
   * @param proxy - the proxy (named by its origin, without credentials)
   * @param status - its status
   * @param reason - the standard reason phrase of the status, if known (never the proxy's own text)
   */
  constructor(proxy: Proxy, status: number, reason: string | undefined) {
    super(
      `the proxy ${proxy.origin} answered ${status}${reason ? ` ${reason}` : ''}${status === 407 || status === 401 ? ' (its credentials are missing or wrong)' : ''}`,
    );
    this.name = 'ProxyRefusal';
    this.status = status;
  }
}
