/**
 * The client's options type, `<Client>Options`: where the service is and who calls it, which binding, how calls are
 * sent, their limits, and the authentication and hooks every client has. Each group of options is a step of its own.
 */
import type { OptionalKind, PropertySignatureStructure } from 'ts-morph';
import type { ServiceModel } from '../../model/types.js';
import { StructureKind } from '../../print/kinds.js';
import { decisionRemark, jsDoc } from '../../print/jsdoc.js';
import type { Statement } from '../../print/printer.js';
import { hasErrorCodes, sendsTimestamps } from '../features.js';
import { propertyKey } from '../../load/names.js';
import type { Use } from './client-imports.js';

type OptionProperty = OptionalKind<PropertySignatureStructure>;

export function optionsTypeName(model: ServiceModel): string {
  return `${model.clientName}Options`;
}

export function optionsInterface(model: ServiceModel, principal: string | undefined, use: Use): Statement {
  return {
    kind: StructureKind.Interface,
    name: optionsTypeName(model),
    isExported: true,
    docs: [`Options of {@link ${model.clientName}}.`],
    properties: [
      ...serviceOptions(model, principal, use),
      ...bindingOptions(model),
      ...transportOptions(use),
      ...callOptions(model),
      ...authAndHookOptions(model, use),
    ],
  };
}

/** Where the service is and what every call sends of the caller's: the principal, the signing key, SOAP headers. */
function serviceOptions(model: ServiceModel, principal: string | undefined, use: Use): OptionProperty[] {
  const signed = model.auth !== undefined;
  return [
    {
      name: 'baseUrl',
      type: 'string',
      docs: [
        jsDoc(
          `The service host, e.g. \`https://host\`; the path \`${model.path}\` comes from the spec. The service's own URL (\`https://host${model.path}\`, as its WSDL or a browser shows it, in any case, with or without \`?WSDL\`) is taken too.`,
        ),
      ],
    },
    ...(principal
      ? [
          {
            name: propertyKey(principal),
            type: 'string',
            docs: ['Sent as the principal credential of every operation.'],
          },
        ]
      : []),
    ...(signed
      ? [
          {
            name: 'apiKey',
            type: 'string',
            docs: ['The secret that signs each request. Never sent, never logged, never part of an error.'],
          },
        ]
      : []),
    ...model.soapHeaders.map((h) => ({
      name: h.option,
      type: use(h.record.name),
      hasQuestionToken: !h.required,
      docs: [
        jsDoc(
          h.doc,
          `Sent as the SOAP header \`<${h.element}>\` with ${h.required ? 'every SOAP call' : 'every SOAP call when given'} of the operations that take it (HTTP POST has no headers).${h.record.fields.some((f) => f.secret) ? ' Its secret members are masked in every error.' : ''}`,
        ),
      ],
    })),
  ];
}

/** Which of the service's bindings calls use, and the namespace they are written in. */
function bindingOptions(model: ServiceModel): OptionProperty[] {
  return [
    {
      name: 'style',
      type: 'Style | undefined',
      hasQuestionToken: true,
      docs: [`The binding: ${orList(model.bindings.map((b, i) => `'${b}'${i === 0 ? ' (default)' : ''}`))}.`],
    },
    {
      name: 'namespace',
      type: 'string | undefined',
      hasQuestionToken: true,
      docs: [jsDoc(`The XML namespace; default \`${model.namespace.uri}\`.`, decisionRemark(model.namespace.decision))],
    },
  ];
}

/** How calls are sent: the fetch or node:http, compression, TLS and a proxy (the same for every service). */
function transportOptions(use: Use): OptionProperty[] {
  return [
    {
      name: 'fetch',
      type: 'typeof fetch | undefined',
      hasQuestionToken: true,
      docs: [
        'A fetch to send every call through (a test double, a fetch with a proxy dispatcher). Without it, the `transport` option decides.',
      ],
    },
    {
      name: 'transport',
      type: "'node' | 'fetch' | undefined",
      hasQuestionToken: true,
      docs: [
        jsDoc(
          "How calls are sent when no `fetch` is given, decided at each call. Default: on Node, node:http or node:https with a keep-alive agent shared by all clients, unless `globalThis.fetch` has been replaced (a test's stub, MSW's interception) or a global undici dispatcher other than Node's own installed (an Agent trusting a private CA, MockAgent, ProxyAgent), which are then honoured by calling `globalThis.fetch`; elsewhere (browsers, Deno, Bun) `globalThis.fetch`. `'node'` forces node:http, `'fetch'` forces `globalThis.fetch` as it is at each call. MSW's setupServer intercepts both.",
        ),
      ],
    },
    {
      name: 'compression',
      type: 'boolean',
      hasQuestionToken: true,
      docs: [
        jsDoc(
          "Whether node:http asks for compressed answers (`Accept-Encoding: gzip, deflate`); default true. `false` saves the CPU of decompressing where the network is fast. fetch (a `fetch` option, `transport: 'fetch'`, browsers) asks as its platform does. A compressed answer is decoded either way, and `maxResponseBytes` holds for its decoded size; another Content-Encoding is an SvcDecodeError naming it.",
        ),
      ],
    },
    {
      name: 'tls',
      type: use('TlsOptions'),
      hasQuestionToken: true,
      docs: [
        jsDoc(
          "TLS settings of an `https:` baseUrl, as node:tls names them: `ca` (the authorities to trust, in place of Node's), the client certificate as `cert` and `key` or as `pfx`, `passphrase`, `rejectUnauthorized`, `servername`. Honoured on Node by the node transport, which every call then goes through; refused with SvcRequestError with the `fetch` option, with `transport: 'fetch'` and outside Node (fetch takes no TLS settings; a browser uses the system's). The passphrase is masked in every error.",
        ),
      ],
    },
    {
      name: 'proxy',
      type: use('ProxyOption'),
      hasQuestionToken: true,
      docs: [
        jsDoc(
          "A forward proxy: its `http://[user:password@]host:port` URL, `{ url, username?, password?, noProxy? }`, or `'env'` for the HTTPS_PROXY, HTTP_PROXY and NO_PROXY environment variables, read when the client is made (never read without it). https calls are tunnelled with CONNECT, http calls sent to the proxy in absolute form. Node transport only, refused as `tls` is elsewhere; the proxy's password is masked in every error.",
        ),
      ],
    },
  ];
}

/** What each call is made with and held to: the clock, the signer, the time and size limits, service errors. */
function callOptions(model: ServiceModel): OptionProperty[] {
  const signed = model.auth !== undefined;
  return [
    ...(sendsTimestamps(model)
      ? [
          {
            name: 'now',
            type: '(() => number) | undefined',
            hasQuestionToken: true,
            docs: ['The timestamp source in Unix seconds (floored); default the system clock.'],
          },
        ]
      : []),
    ...(signed
      ? [
          {
            name: 'sign',
            type: '((input: SignInput) => string) | undefined',
            hasQuestionToken: true,
            docs: ['Replaces the default key computation.'],
          },
        ]
      : []),
    {
      name: 'timeoutMs',
      type: 'number | undefined',
      hasQuestionToken: true,
      docs: ['Per-call time limit; exceeded: SvcTimeoutError.'],
    },
    {
      name: 'maxResponseBytes',
      type: 'number | undefined',
      hasQuestionToken: true,
      docs: [
        jsDoc(
          'Largest response body read, in bytes (default 64 MiB); a larger one is refused while it streams in, with SvcResponseTooLargeError.',
        ),
      ],
    },
    ...(hasErrorCodes(model)
      ? [
          {
            name: 'throwOnServiceError',
            type: 'boolean | undefined',
            hasQuestionToken: true,
            docs: ['Throw SvcServiceError for a non-success error code (default true).'],
          },
        ]
      : []),
  ];
}

/** True when the service has a SOAP binding (then the client can send SOAP headers such as WS-Security's). */
export function hasSoap(model: ServiceModel): boolean {
  return model.bindings.includes('soap11') || model.bindings.includes('soap12');
}

/** The options every client has for authentication (HTTP, WS-Security) and for observing its calls (hooks). */
function authAndHookOptions(model: ServiceModel, use: Use): OptionProperty[] {
  return [
    {
      name: 'httpAuth',
      type: use('HttpAuthOptions'),
      hasQuestionToken: true,
      docs: [
        jsDoc(
          "HTTP authentication, one of: `{ basic: { username, password } }` sends `Authorization: Basic` with every request, before any 401 (the client never sends a request twice; use https: Basic does not hide the password); `{ ntlm: { username, password, domain?, workstation? } }` answers IIS's Windows authentication (NTLMv2 under NTLM or Negotiate) on connections the client authenticates once each, on Node, with the optional package @node-ntlm/core installed. The password is masked in every error and in what the hooks see.",
        ),
      ],
    },
    {
      name: 'cookieJar',
      type: use('CookieJar'),
      hasQuestionToken: true,
      docs: [
        jsDoc(
          "A cookie jar, such as tough-cookie's `new CookieJar()`: its cookies for the URL go with every request, and every answer's Set-Cookie goes back to it. What an ASMX service with `EnableSession` keeps its session in (`ASP.NET_SessionId`). Cookie values are masked in what the hooks see. Refused in a browser, which keeps cookies itself.",
        ),
      ],
    },
    ...(hasSoap(model)
      ? [
          {
            name: 'wsSecurity',
            type: use('WsSecurityOptions'),
            hasQuestionToken: true,
            docs: [
              jsDoc(
                "A WS-Security UsernameToken header (OASIS UsernameToken Profile) in every SOAP request, as WCF's basicHttpBinding with message security expects: `{ username, password, passwordType?: 'PasswordText' | 'PasswordDigest' }` (WsSecurityOptions), with a fresh nonce and creation time per request, marked mustUnderstand. Refused with the HTTP POST and GET styles, which carry no header. The password is masked in every error and in what the hooks see.",
              ),
            ],
          },
        ]
      : []),
    {
      name: 'onRequest',
      type: use('RequestHook'),
      hasQuestionToken: true,
      docs: [
        jsDoc(
          'Called before each request is sent, with its operation, method, URL, headers and body, secrets masked; awaited when it returns a promise. If it throws, nothing is sent and the call rejects with SvcHookError.',
        ),
      ],
    },
    {
      name: 'onResponse',
      type: use('ResponseHook'),
      hasQuestionToken: true,
      docs: [
        jsDoc(
          'Called after each exchange with the request, the status, Content-Type and body of the answer (or the error when none came) and the duration, secrets masked. If it throws, the call rejects with SvcHookError (the request was sent).',
        ),
      ],
    },
  ];
}

/** `a`, `a or b`, `a, b or c`. */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)!}`;
}
