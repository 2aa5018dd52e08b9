/** Emits client/index.ts: the public surface of the generated SDK. */
import type { ExportDeclarationStructure, OptionalKind } from 'ts-morph';
import { StructureKind } from '../../print/kinds.js';
import type { ServiceModel } from '../../model/types.js';
import type { GeneratedFile, Printer } from '../../print/printer.js';
import { checkedOperations, serviceErrorsTypeName } from './client-class.js';
import { optionsTypeName } from './client-options.js';
import { faultExports, usesTypedFaults } from './faults.js';

export const INDEX_FILE = 'client/index.ts';

type Export = OptionalKind<ExportDeclarationStructure>;

export function emitIndex(model: ServiceModel, printer: Printer): GeneratedFile {
  const exports: Export[] = [
    clientExports(model),
    { moduleSpecifier: './types.js' },
    errorExports(model),
    ...signingExports(model),
    ...runtimeTypeExports(model),
  ];
  return printer.typescript(
    INDEX_FILE,
    exports.map((e) => ({ kind: StructureKind.ExportDeclaration, ...e })),
  );
}

/** The client class and the types of its options, its service errors and its typed faults. */
function clientExports(model: ServiceModel): Export {
  const signed = model.auth !== undefined;
  return {
    moduleSpecifier: './client.js',
    namedExports: [
      model.clientName,
      { name: optionsTypeName(model), isTypeOnly: true },
      ...(checkedOperations(model).length > 0 ? [{ name: serviceErrorsTypeName(model), isTypeOnly: true }] : []),
      ...(signed ? [{ name: 'SignInput', isTypeOnly: true }] : []),
      { name: 'Style', isTypeOnly: true },
      ...faultExports(model),
    ],
  };
}

/** The errors a call rejects with, for `instanceof` (the TypedSoapFault type where operations declare faults). */
function errorExports(model: ServiceModel): Export {
  return {
    moduleSpecifier: '../runtime/errors.js',
    namedExports: [
      'SvcError',
      'SvcServiceError',
      'SvcSoapFault',
      'SvcHttpError',
      'SvcDecodeError',
      'SvcRequestError',
      'SvcTimeoutError',
      'SvcTransportError',
      'SvcResponseTooLargeError',
      'SvcHookError',
      ...(usesTypedFaults(model) ? [{ name: 'TypedSoapFault', isTypeOnly: true }] : []),
    ],
  };
}

/** The signing helpers, for a service whose requests are signed (its embedded pages' query strings too). */
function signingExports(model: ServiceModel): Export[] {
  if (model.auth === undefined) return [];
  return [
    {
      moduleSpecifier: '../runtime/signing.js',
      namedExports: ['signQueryString', 'signQueryStringAsync', 'embeddedPageQuery', 'embeddedPageQueryAsync'],
    },
  ];
}

/** The runtime's option and hook types that the client's options and methods name. */
function runtimeTypeExports(model: ServiceModel): Export[] {
  return [
    {
      moduleSpecifier: '../runtime/client/client-core.js',
      namedExports: [
        { name: 'CallOptions', isTypeOnly: true },
        ...(model.operations.some((o) => o.responseHeaders.length > 0)
          ? [{ name: 'WithHeaders', isTypeOnly: true }]
          : []),
      ],
    },
    ...(model.polls.length > 0
      ? [{ moduleSpecifier: '../runtime/client/poll.js', namedExports: [{ name: 'PollOptions', isTypeOnly: true }] }]
      : []),
    {
      moduleSpecifier: '../runtime/client/http-auth.js',
      namedExports: [
        { name: 'HttpAuthOptions', isTypeOnly: true },
        { name: 'BasicAuth', isTypeOnly: true },
        { name: 'NtlmAuth', isTypeOnly: true },
      ],
    },
    { moduleSpecifier: '../runtime/client/cookies.js', namedExports: [{ name: 'CookieJar', isTypeOnly: true }] },
    ...(model.bindings.includes('soap11') || model.bindings.includes('soap12')
      ? [
          {
            moduleSpecifier: '../runtime/client/ws-security.js',
            namedExports: [{ name: 'WsSecurityOptions', isTypeOnly: true }],
          },
        ]
      : []),
    {
      moduleSpecifier: '../runtime/client/hooks.js',
      namedExports: [
        { name: 'RequestHook', isTypeOnly: true },
        { name: 'ResponseHook', isTypeOnly: true },
        { name: 'RequestHookEvent', isTypeOnly: true },
        { name: 'ResponseHookEvent', isTypeOnly: true },
      ],
    },
    {
      moduleSpecifier: '../runtime/client/network.js',
      namedExports: ['ProxyOption', 'ProxyOptions', 'TlsMaterial', 'TlsOptions'].map((name) => ({
        name,
        isTypeOnly: true,
      })),
    },
  ];
}
