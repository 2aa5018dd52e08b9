/**
 * README.md of the generated packages, the client's and the mock's: what each is, holds and depends on, how to
 * install and use it. Every name it promises is in an import of a code block or in the list of errors, which the
 * package tests import.
 */
import { titleAndVersion } from '../../model/text.js';
import { runtimeErrorClasses } from '../runtime-errors.js';
import type { OperationModel, ParameterModel, ServiceModel } from '../../model/types.js';
import { EmitError } from '../errors.js';
import { exampleParam, exampleValue } from '../examples.js';
import { checkedOperations } from '../client/client-class.js';
import { hasErrorCodes, sendsTimestamps, stylesSentence } from '../features.js';
import {
  CLIENT_ENTRY_POINTS,
  MOCK_ENTRY_POINTS,
  clientImports,
  mockImports,
  mockPackageName,
  type EntryPoint,
} from './manifest.js';
import { propertyKey } from '../../load/names.js';

/** `pkg` with the entry point `subpath` of `entries`, as an import names it. */
const entry = (pkg: string, entries: readonly EntryPoint[], subpath: string): string => {
  const found = entries.find((e) => e.subpath === subpath);
  if (!found) throw new EmitError(`the package ${pkg} has no entry point ${subpath}`);
  return found.subpath === '.' ? pkg : `${pkg}/${found.subpath.slice(2)}`;
};

/** README.md of the client package. */
export function readme(model: ServiceModel): string {
  const name = model.package.name;
  const deps = [...clientImports().keys()];
  const client = entry(name, CLIENT_ENTRY_POINTS, './client');
  // The client's own errors (errors.ts, which its index exports); SvcServiceError only where a result has an error code.
  const errors = errorClasses().filter((e) => e.name !== 'SvcServiceError' || hasErrorCodes(model));
  const root = errors.find((e) => e.base === 'Error');
  const subclasses = errors.filter((e) => e !== root).map((e) => `\`${e.name}\``);
  return [
    `# ${name}`,
    '',
    model.package.description,
    '',
    ...(model.doc !== undefined ? [`## ${titleAndVersion(model)}`, '', model.doc, ''] : []),
    '## Install',
    '',
    '```sh',
    `npm install ${name}`,
    '```',
    '',
    `Node.js 20.19 or newer. The package is ESM with its type declarations, for \`import\` and \`require()\`; it holds the compiled client and the runtime it needs. ${
      deps.length > 0
        ? `It depends on ${list(deps)}`
        : 'It depends on no other package: it imports nothing but Node.js itself'
    }. The mock is a package of its own, \`${mockPackageName(model)}\` (below).`,
    '',
    '## Usage',
    '',
    '```ts',
    ...usage(model),
    '```',
    '',
    `The client posts to \`${model.path}\` under \`baseUrl\`, ${stylesSentence(model)}; ` +
      `the service's own URL (\`https://service.example${model.path}\`, as its WSDL gives it, \`?WSDL\` included or not) works as \`baseUrl\` too. ` +
      `\`${name}\` and \`${client}\` export the same: the client, its types and its errors.`,
    '',
    ...networkSection(model),
    ...(root
      ? [
          '',
          '## Errors',
          '',
          `Errors the client raises are instances of \`${root.name}\`${subclasses.length > 0 ? ` and its subclasses: ${subclasses.join(', ')}` : ''}. ` +
            `All are exported by \`${name}\`, so callers can tell them apart with \`instanceof\`.`,
          ...serviceErrorExample(model),
        ]
      : []),
    '',
    ...authenticationSection(model),
    '',
    ...browserSection(model),
    '',
    '## Mock',
    '',
    `\`${mockPackageName(model)}\`, generated from the same spec at the same version, is the server side of this interface for tests and local runs: a mock server, its command and MSW handlers. It depends on this package; install it as a dev dependency (\`npm install --save-dev ${mockPackageName(model)}\`), its README shows how to use it. \`${name}/internal/*\` is for that package alone, not an API.`,
  ].join('\n');
}

/** README.md of the mock package. */
export function mockReadme(model: ServiceModel): string {
  const name = model.package.name;
  const mockName = mockPackageName(model);
  const mock = entry(mockName, MOCK_ENTRY_POINTS, '.');
  const msw = entry(mockName, MOCK_ENTRY_POINTS, './msw');
  const deps = [...mockImports(model).keys()];
  return [
    `# ${mockName}`,
    '',
    `The server side of ${titleAndVersion(model)}, generated from the same spec as the client package \`${name}\`, for tests and local runs: a mock service that decodes all three styles and answers in the style it was asked in${model.simulator ? ', with a simulator of the service' : ''}, served as a fetch-style handler, a node:http server, a command and MSW handlers.`,
    '',
    '## Install',
    '',
    '```sh',
    `npm install --save-dev ${mockName}`,
    '```',
    '',
    `Node.js 20.19 or newer; ESM with its type declarations, for \`import\` and \`require()\`. It holds the compiled mock, its runtime${model.simulator ? ', the simulator' : ''} and its command. It depends on \`${name}\` at the same version (${model.package.version}), whose runtime it uses${
      deps.length > 0 ? `, and on ${list(deps)}` : ''
    }; msw is an optional peer dependency, for \`${msw}\` alone.`,
    '',
    '## Usage',
    '',
    `\`startMockServer\` serves the mock on loopback (\`port: 0\` picks a free port); its \`url\` is the client's \`baseUrl\`:`,
    '',
    '```ts',
    `import { ${model.clientName} } from '${name}';`,
    `import { startMockServer } from '${mock}';`,
    '',
    'const mock = await startMockServer({ port: 0 });',
    `const client = new ${model.clientName}({ baseUrl: mock.url${clientOptions(model)} });`,
    '// ... calls of client, answered by the mock',
    'await mock.close();',
    '```',
    '',
    `From a terminal, \`npx ${mockName} --port 8080\` serves it (the package's command; \`--help\` lists its options).`,
    '',
    `\`${msw}\` gives MSW (2.x) handlers over a mock service, so that a test intercepts the client's \`fetch\` without a server. It is the one entry point that imports msw, an optional peer dependency: install msw to use it (\`npm install --save-dev msw@2\`); the others load without it.`,
    '',
    '```ts',
    "import { setupServer } from 'msw/node';",
    `import { createMockService } from '${mock}';`,
    `import { mswHandlers } from '${msw}';`,
    '',
    'const server = setupServer(...mswHandlers(createMockService()));',
    'server.listen();',
    '```',
  ].join('\n');
}

function list(names: readonly string[]): string {
  return names.map((d) => `\`${d}\``).join(', ');
}

/** The client's required options other than baseUrl, each as `, name: example`. */
function clientOptions(model: ServiceModel): string {
  const principal = model.parameters.find((p) => p.role === 'principal');
  const members = [
    ...(principal ? [`${propertyKey(principal.name)}: 'your ${principal.name}'`] : []),
    ...(model.auth ? ["apiKey: 'your API key'"] : []),
    ...model.soapHeaders
      .filter((h) => h.required)
      .map((h) => `${h.option}: ${exampleValue({ kind: 'record', record: h.record })}`),
  ];
  return members.map((m) => `, ${m}`).join('');
}

/** The lines of the client's required options other than baseUrl, as the README's examples write them. */
function requiredOptionLines(model: ServiceModel): string[] {
  const principal = model.parameters.find((p) => p.role === 'principal');
  const env = `${model.name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_API_KEY`;
  return [
    ...(principal ? [`  ${propertyKey(principal.name)}: 'your ${principal.name}',`] : []),
    ...(model.auth ? [`  apiKey: process.env.${env} ?? '',`] : []),
    ...model.soapHeaders
      .filter((h) => h.required)
      .map((h) => `  ${h.option}: ${exampleValue({ kind: 'record', record: h.record })},`),
  ];
}

function usage(model: ServiceModel): string[] {
  const op = model.operations.find((o) => o.inputParams.every((p) => p.optional)) ?? model.operations[0];
  return [
    `import { ${model.clientName} } from '${model.package.name}';`,
    '',
    `const client = new ${model.clientName}({`,
    "  baseUrl: 'https://service.example',",
    ...requiredOptionLines(model),
    '});',
    ...(op ? ['', `const result = await client.${op.methodName}(${args(op)});`, 'console.log(result);'] : []),
  ];
}

/**
 * The section on the `tls` and `proxy` options: what each takes, where they work (Node's node transport) and where
 * they are refused, with an example of each that the package test type-checks.
 */
function networkSection(model: ServiceModel): string[] {
  const client = model.clientName;
  return [
    '## TLS and proxies',
    '',
    "Services inside a company often need a private certificate authority, a client certificate or a forward proxy. The `tls` and `proxy` options take them. Node's fetch cannot (only through an undici dispatcher), so they are honoured by the client's node transport (node:http and node:https), which every call of such a client goes through; with the `fetch` option, with `transport: 'fetch'`, and outside Node (browsers, whose fetch uses the system's certificates and proxy, Deno, Bun) the constructor refuses them with `SvcRequestError` rather than sending without them. A client with either keeps its own pool of kept-alive connections.",
    '',
    '```ts',
    "import { readFileSync } from 'node:fs';",
    '',
    `const internal = new ${client}({`,
    "  baseUrl: 'https://service.intranet.example',",
    ...requiredOptionLines(model),
    '  tls: {',
    "    ca: readFileSync('company-ca.pem', 'utf8'),",
    "    cert: readFileSync('client-cert.pem', 'utf8'),",
    "    key: readFileSync('client-key.pem', 'utf8'),",
    '  },',
    '});',
    '```',
    '',
    "`tls` takes node:tls's options of the same names:",
    '',
    "- `ca`: the authorities that sign the server's certificate (PEM, one or an array). They replace Node's own for this client; add `...rootCertificates` (from node:tls) to keep those.",
    '- `cert` and `key`: the client certificate (with its chain) and its private key, PEM; or `pfx`: both in one PKCS#12 file (`.pfx`, `.p12`, as bytes). `passphrase` decrypts an encrypted `key` or the `pfx`; it is masked in every error.',
    "- `servername`: the name the server's certificate must carry (and the SNI sent), when `baseUrl` reaches the server by another name or by its IP address.",
    '- `rejectUnauthorized: false` accepts a certificate no trusted authority signed. Anyone on the path can then read and change the calls: for tests only.',
    '',
    "A server certificate that is not trusted or does not name the host fails the call with `SvcTransportError`, whose message ends with node:tls's code (such as `DEPTH_ZERO_SELF_SIGNED_CERT` or `ERR_TLS_CERT_ALTNAME_INVALID`). A key, pfx or passphrase that cannot be used (a wrong passphrase) fails the first call with `SvcRequestError`, before anything is sent, with OpenSSL's reason. A server that requires a client certificate and gets none (or one of another authority) answers as it was built to: nginx with an HTTP 400 page, an `SvcHttpError` whose message quotes it (`No required SSL certificate was sent`), IIS with 403.7, others by ending the handshake (`SvcTransportError`).",
    '',
    '```ts',
    `const proxied = new ${client}({`,
    "  baseUrl: 'https://service.example',",
    ...requiredOptionLines(model),
    '  proxy: {',
    "    url: 'http://proxy.example:3128',",
    "    username: 'proxy-user',",
    "    password: process.env.PROXY_PASSWORD ?? '',",
    "    noProxy: 'localhost, .intranet.example',",
    '  },',
    '});',
    '```',
    '',
    "`proxy` is the proxy's URL (`'http://user:password@proxy.example:3128'`, user name and password percent-encoded) or, as above, the URL with the user name, password and hosts to reach directly apart. https calls are tunnelled through it with `CONNECT host:port` (TLS inside the tunnel, end to end; one tunnel serves many calls), http calls are sent to it in absolute form. The proxy itself is spoken to in plain HTTP: `https://` and SOCKS proxies are refused. `noProxy` is a NO_PROXY list: `*`, `host` (with its subdomains), `.domain` or `*.domain` (subdomains only), each with an optional `:port`. The user name and password go as Basic `Proxy-Authorization`, masked in every error; a proxy that refuses them (407), that refuses a tunnel, or that cannot be reached fails the call with `SvcTransportError` naming the proxy (`http://proxy.example:3128`, never its password) and its status. (A proxy that answers a wrong password with 401 rather than 407, as tinyproxy does, cannot be told from the service on an http call: that is the `SvcHttpError` of a 401.)",
    '',
    "`proxy: 'env'` takes the proxy from the environment, as curl does: `HTTPS_PROXY` for https services, `HTTP_PROXY` for http ones, `NO_PROXY` (each also in lower case, which wins), read when the client is made. The variables are never read without it.",
    '',
    '```ts',
    `const fromEnvironment = new ${client}({`,
    "  baseUrl: 'https://service.example',",
    ...requiredOptionLines(model),
    "  proxy: 'env',",
    '});',
    '```',
  ];
}

/** How a caller catches one operation's SvcServiceError with its result typed, for a service with error codes. */
function serviceErrorExample(model: ServiceModel): string[] {
  const checked = checkedOperations(model);
  const usageOp = model.operations.find((o) => o.inputParams.every((p) => p.optional)) ?? model.operations[0];
  const pick = checked.find((c) => c.op === usageOp) ?? checked[0];
  if (!pick) return [];
  const { op } = pick;
  const status = op.result.kind === 'void' ? undefined : op.result.struct?.status;
  const field = status?.messageField?.name ?? status?.codeField.name;
  return [
    '',
    `A result whose ${status?.codeField.name ?? 'error code'} is not the success code is thrown as \`SvcServiceError\` (unless \`throwOnServiceError\` is false). ` +
      `\`${model.clientName}.isServiceError(error, '${op.name}')\` tells an operation's own apart and types its \`result\` (the operation's name on the wire, as \`error.operation\` gives it; each method's \`@throws\` names its type):`,
    '',
    '```ts',
    'try {',
    `  await client.${op.methodName}(${args(op)});`,
    '} catch (error) {',
    `  if (${model.clientName}.isServiceError(error, '${op.name}')) console.log(error.result${field ? `.${field}` : ''});`,
    '  else throw error;',
    '}',
    '```',
  ];
}

/**
 * Authentication, hooks and per-call options, with an example that uses each (the package test type-checks it after
 * the usage block, whose `client` and imports it relies on).
 */
function authenticationSection(model: ServiceModel): string[] {
  const soap = model.bindings[0] === 'soap11' || model.bindings[0] === 'soap12';
  return [
    '## Authentication, hooks and per-call options',
    '',
    '```ts',
    `import { SvcHookError } from '${model.package.name}';`,
    '',
    `const secured = new ${model.clientName}({`,
    "  baseUrl: 'https://service.example',",
    ...credentialOptions(model),
    '  // HTTP Basic, as IIS or a reverse proxy asks for it: sent with every request.',
    "  httpAuth: { basic: { username: 'svc-user', password: process.env.HTTP_PASSWORD ?? '' } },",
    ...(soap
      ? [
          '  // A WS-Security UsernameToken header in every SOAP request (WCF message security).',
          "  wsSecurity: { username: 'svc-user', password: process.env.WS_PASSWORD ?? '', passwordType: 'PasswordText' },",
        ]
      : []),
    '  // What goes out and what comes back, secrets masked: for logs, metrics, tracing spans.',
    '  onRequest: (event) => console.log(`-> ${event.operation} ${event.method} ${event.url}`),',
    "  onResponse: (event) => console.log(`<- ${event.request.operation} ${event.status ?? 'no answer'} in ${event.durationMs.toFixed(1)} ms`),",
    '});',
    ...perCallExample(model),
    '```',
    '',
    httpAuthParagraph(model, soap),
    '',
    hooksParagraph(model),
    '',
    "Each call takes `{ signal, timeoutMs, headers }`: `timeoutMs` replaces the client's for that call, `headers` adds headers to it; the ones that frame the call (Content-Type, Content-Length, SOAPAction, Host...) and an Authorization that `httpAuth` sets are refused with `SvcRequestError`.",
    '',
    "In a browser, `httpAuth.basic`, `wsSecurity`, the hooks and per-call options work through fetch (the service's CORS must allow the Authorization and SOAPAction headers); `'PasswordDigest'` needs WebCrypto's `crypto.subtle`, which browsers give to https pages only, and is refused at construction without it; a header a browser's fetch would drop (Cookie, Origin, Proxy-*...) is refused rather than lost.",
    '',
    ...ntlmSection(model),
    '',
    '### Sessions (cookies)',
    '',
    "An ASMX service whose methods say `EnableSession = true` keeps its session in the `ASP.NET_SessionId` cookie, and a load balancer may pin a client to a server by one. Give the client a cookie jar, such as tough-cookie's (`npm install tough-cookie`, then `cookieJar: new CookieJar()`): its cookies for the URL go with every request, and every answer's Set-Cookie goes back to it, an error's too; a cookie the jar refuses by RFC 6265's rules (another site's) is dropped. Each client with its own jar is its own session. Cookie values are `[redacted]` in what the hooks see. In a browser the option is refused: the browser keeps cookies itself.",
  ];
}

/** The options the service itself asks of every client (its principal, its key, its required headers), as example lines. */
function credentialOptions(model: ServiceModel): string[] {
  const principal = model.parameters.find((p) => p.role === 'principal');
  return [
    ...(principal ? [`  ${propertyKey(principal.name)}: 'your ${principal.name}',`] : []),
    ...(model.auth ? ["  apiKey: process.env.SERVICE_KEY ?? '',"] : []),
    ...model.soapHeaders
      .filter((h) => h.required)
      .map((h) => `  ${h.option}: ${exampleValue({ kind: 'record', record: h.record })},`),
  ];
}

/** A call with per-call options, and `SvcHookError` caught: for the first operation that needs no parameter, or else the first. */
function perCallExample(model: ServiceModel): string[] {
  const op = model.operations.find((o) => o.inputParams.every((p) => p.optional)) ?? model.operations[0];
  return op
    ? [
        '',
        "// Per call: a time limit in place of the client's, extra headers, an AbortSignal.",
        'try {',
        `  await secured.${op.methodName}(${args(op) || '{}'}, { timeoutMs: 5000, headers: { 'X-Request-Id': 'c0ffee' }, signal: AbortSignal.timeout(10_000) });`,
        '} catch (error) {',
        '  if (error instanceof SvcHookError) console.error(`the ${error.hook} hook failed`, error.cause);',
        '  else throw error;',
        '}',
      ]
    : [];
}

/** What `httpAuth.basic` sends, and for a SOAP service what `wsSecurity` adds. */
function httpAuthParagraph(model: ServiceModel, soap: boolean): string {
  return (
    '`httpAuth: { basic: { username, password } }` sends `Authorization: Basic` (UTF-8) with every request rather than after a 401, since the client never sends a request twice; IIS, nginx and Apache accept it so. Basic does not hide the password: use https.' +
    (soap || model.bindings.some((b) => b === 'soap11' || b === 'soap12')
      ? ` \`wsSecurity\` adds the OASIS UsernameToken header, marked mustUnderstand, to every SOAP request, with a fresh 16-byte nonce, its creation time (UTC${sendsTimestamps(model) ? ", by the client's `now` option, as the request's timestamp" : ''}) and a validity of five minutes: \`passwordType: 'PasswordText'\` (the default, the one WCF accepts) sends the password, \`'PasswordDigest'\` sends Base64(SHA-1(nonce + created + password)). It is refused with the HTTP POST and GET styles, which carry no header.`
      : '')
  );
}

/** What the hooks see, which secrets they never see, and what a hook that throws does. */
function hooksParagraph(model: ServiceModel): string {
  const secretParams = [
    ...new Set(model.operations.flatMap((o) => o.params.filter((p) => p.secret).map((p) => `\`${p.name}\``))),
  ];
  return (
    '`onRequest` sees each request (operation, method, URL, headers, body, start time) before it is sent, `onResponse` each outcome (status, Content-Type, body, duration, or the error when no answer came). They observe and cannot change the request, which is signed and encoded as it is sent. Passwords, keys, ' +
    (secretParams.length > 0
      ? `the parameters the spec marks secret (${secretParams.join(', ')}) `
      : 'the parameters a spec marks secret ') +
    'and the values of Authorization and Cookie headers are `[redacted]` in what they see, as in every error. A hook that throws (or rejects) fails the call with `SvcHookError`, its error as the `cause`: before the request for `onRequest` (nothing sent), after it for `onResponse` (sent).'
  );
}

/** Windows authentication (NTLM): an example client and what it needs. */
function ntlmSection(model: ServiceModel): string[] {
  return [
    '### Windows authentication (NTLM)',
    '',
    '```ts',
    `const intranet = new ${model.clientName}({`,
    "  baseUrl: 'https://intranet.example',",
    ...credentialOptions(model),
    '  // IIS "Windows Authentication": NTLMv2 under the scheme NTLM or Negotiate, whichever the server offers.',
    "  httpAuth: { ntlm: { username: 'CONTOSO\\\\svc-user', password: process.env.WINDOWS_PASSWORD ?? '' } },",
    '});',
    '```',
    '',
    "`httpAuth: { ntlm: { username, password, domain?, workstation? } }` (the domain in `username` as `DOMAIN\\user`, or apart) answers IIS's Windows authentication with NTLMv2, under the scheme `NTLM`, or `Negotiate` carrying NTLM when that is all the server offers (no Kerberos). NTLM authenticates a connection, not a request, so the client keeps connections of its own for it, up to eight, each authenticated once: the first request on one carries no body, the second the call, and later calls on it need no handshake. It needs Node (the node transport; refused with the `fetch` option, `transport: 'fetch'`, a proxy, and in browsers, which answer Windows authentication themselves) and the optional peer dependency `@node-ntlm/core`, which makes the messages: `npm install @node-ntlm/core`. A wrong password is an `SvcHttpError` with status 401.",
  ];
}

function browserSection(model: ServiceModel): string[] {
  const soap = model.bindings.some((b) => b === 'soap11' || b === 'soap12');
  const form = model.bindings.some((b) => b === 'httpPost' || b === 'httpGet');
  const cors = soap
    ? ` The SOAP styles send \`SOAPAction\` and an XML Content-Type, which make the browser ask first (a preflight): answer it with \`Access-Control-Allow-Headers: Content-Type, SOAPAction\`${form ? '; HTTP POST and GET calls need no preflight' : ''}.`
    : ' HTTP POST and GET calls need no preflight.';
  return [
    '## In a browser',
    '',
    "The client runs in browsers too: bundled for a browser (esbuild's `--platform=browser`, Vite, webpack), its code imports no Node.js module; Node's own are reached only on Node, when a call needs them. Calls go through the browser's fetch, so the service must allow the page's origin (CORS)." +
      cors,
    ...(model.auth
      ? [
          '',
          "Requests are signed with WebCrypto's HMAC (`crypto.subtle`), which browsers give to secure pages only (https, or a loopback address): on any other page the constructor refuses the client with `SvcRequestError`, unless a `sign` function of your own is given. `embeddedPageQuery` and `signQueryString` answer at once, so they need Node: in a browser use `embeddedPageQueryAsync` and `signQueryStringAsync`, which give the same string as a promise.",
        ]
      : []),
    '',
    "The options a browser cannot honour are refused in the constructor with `SvcRequestError`, never ignored: `tls` and `proxy` (the browser uses the system's), `httpAuth.ntlm` (the browser answers Windows authentication itself), `transport: 'node'` and `cookieJar` (the browser keeps cookies itself).",
  ];
}

function args(op: OperationModel): string {
  const required: ParameterModel[] = op.inputParams.filter((p) => !p.optional);
  return required.length === 0
    ? ''
    : `{ ${required.map((p) => `${propertyKey(p.name)}: ${p.nillable ? 'null' : exampleParam(p)}`).join(', ')} }`;
}

/**
 * The client's error classes, those of the runtime's errors.ts: exported ones that extend Error, or one of them, in
 * source order. Read from the template, where they are defined, so the README names exactly those classes.
 */
function errorClasses(): Array<{ name: string; base: string }> {
  return runtimeErrorClasses().filter((c) => c.exported);
}
