/**
 * The client class's constructor: it checks the options a caller gives (a JavaScript caller has no type checker), then
 * builds the runtime's ClientCore from them, with the service's SOAP headers and the secrets errors must mask.
 */
import type { CodeBlockWriter } from 'ts-morph';
import type { ServiceModel } from '../../model/types.js';
import { arrayLiteral, call, objectLiteral } from '../expressions.js';
import { tsLiteral } from '../ts-types.js';
import { hasErrorCodes, sendsTimestamps } from '../features.js';
import { recordWriterName } from './encoders.js';
import { hasSoap } from './client-options.js';
import { memberAccess, propertyKey } from '../../load/names.js';
import type { Use } from './client-imports.js';

/** The constructor's statements: the option checks, then the core. */
export function writeConstructor(
  w: CodeBlockWriter,
  model: ServiceModel,
  principal: string | undefined,
  use: Use,
): void {
  writeOptionChecks(w, model, principal, use);
  const checked = call(use('checkCoreOptions'), [objectLiteral(coreMembers(model, principal, use), true)]);
  if (model.soapHeaders.length === 0) {
    w.write(`this.#core = new ${use('ClientCore')}(${checked});`);
    return;
  }
  w.write(`const core = ${checked};`);
  w.newLine();
  writeCoreWithHeaders(w, model, use);
}

/** The options the core does not check itself: the object, the principal, the signing key and the required headers. */
function writeOptionChecks(w: CodeBlockWriter, model: ServiceModel, principal: string | undefined, use: Use): void {
  const guard = (test: string, message: string) => {
    w.write(`if (${test}) throw new ${use('SvcRequestError')}(${tsLiteral(message)});`);
    w.newLine();
  };
  guard("options === null || typeof options !== 'object'", 'options must be an object');
  if (principal)
    guard(
      `typeof options${memberAccess(principal)} !== 'string' || options${memberAccess(principal)} === ''`,
      `${principal} must be a non-empty string`,
    );
  if (model.auth !== undefined) {
    guard(
      "options.sign === undefined && (typeof options.apiKey !== 'string' || options.apiKey === '')",
      'apiKey must be a non-empty string',
    );
    guard("options.sign !== undefined && typeof options.sign !== 'function'", 'sign must be a function');
    w.writeLine('const custom = options.sign;');
  }
  for (const h of model.soapHeaders.filter((x) => x.required)) {
    guard(
      `options.${h.option} === undefined || options.${h.option} === null`,
      `${h.option} must be given: it is sent as the SOAP header <${h.element}>`,
    );
  }
}

/** The members of the core's options, from the client's options and what the spec fixes (path, namespace, styles). */
function coreMembers(model: ServiceModel, principal: string | undefined, use: Use): string[] {
  const signed = model.auth !== undefined;
  const members: string[] = [
    'baseUrl: options.baseUrl',
    `path: ${tsLiteral(model.path)}`,
    `namespace: options.namespace ?? ${tsLiteral(model.namespace.uri)}`,
    `style: options.style ?? ${tsLiteral(model.bindings[0] ?? 'soap11')}`,
  ];
  if (model.bindings.length < 4) members.push(`styles: ${arrayLiteral(model.bindings.map(tsLiteral))}`);
  if (principal) members.push(`principal: options${memberAccess(principal)}`);
  if (signed && principal) {
    const input = objectLiteral([
      'operation: i.operation',
      `${propertyKey(principal)}: i.principal`,
      'timestamp: i.timestamp',
      'eatValue: i.eatValue',
      'message: i.message',
    ]);
    members.push(`sign: custom ? (i) => custom(${input}) : ${use('hmacSigner')}(options.apiKey)`);
  }
  // Passed as given: without one, the core looks globalThis.fetch up at each call (MSW installed later).
  members.push(
    'fetch: options.fetch',
    'transport: options.transport',
    'compression: options.compression',
    'tls: options.tls',
    'proxy: options.proxy',
  );
  // Without a timestamp to send, the core's clock is never read: it gets the default.
  if (sendsTimestamps(model)) members.push('now: options.now');
  members.push('timeoutMs: options.timeoutMs', 'maxResponseBytes: options.maxResponseBytes');
  members.push(
    'httpAuth: options.httpAuth',
    'cookieJar: options.cookieJar',
    ...(hasSoap(model) ? ['wsSecurity: options.wsSecurity'] : []),
  );
  members.push('onRequest: options.onRequest', 'onResponse: options.onResponse');
  if (hasErrorCodes(model)) members.push('throwOnServiceError: options.throwOnServiceError ?? true');
  if (signed) members.push("secrets: typeof options.apiKey === 'string' ? [options.apiKey] : []");
  return members;
}

/** The core with the SOAP headers written once, and their secret members among the values errors mask. */
function writeCoreWithHeaders(w: CodeBlockWriter, model: ServiceModel, use: Use): void {
  const headers = model.soapHeaders.map((h) => {
    const write = call(use('soapHeaderBlock'), [
      tsLiteral(h.element),
      'core.namespace',
      `options.${h.option}`,
      tsLiteral(h.option),
      use(recordWriterName(h.record)),
    ]);
    return h.required
      ? `${h.element}: ${write}`
      : `${h.element}: options.${h.option} === undefined ? undefined : ${write}`;
  });
  const core: string[] = ['...core', `soapHeaders: ${objectLiteral(headers, true)}`];
  const secret = model.soapHeaders.filter((h) => h.record.fields.some((f) => f.secret));
  if (secret.length > 0) {
    const parts = secret.map(
      (h) =>
        `...${call(use('secretValues'), [`options.${h.option}`, arrayLiteral(h.record.fields.filter((f) => f.secret).map((f) => tsLiteral(f.name)))])}`,
    );
    core.push(`secrets: ${arrayLiteral(['...(core.secrets ?? [])', ...parts])}`);
  }
  w.write(`this.#core = new ${use('ClientCore')}(${objectLiteral(core, true)});`);
}
