/**
 * Where the names client/client.ts writes come from: one table of modules, in the order their imports are written.
 * The emitters of the client class record each imported name where they write it (`use(name)`, see ImportSet), so a
 * name is imported exactly when the file writes it.
 */
import type { ResultModel, ServiceModel, TypeModel } from '../../model/types.js';
import type { ImportTable } from '../../print/imports.js';
import { alternativeTypes } from '../../model/alternatives.js';
import { OPEN_ENUM, paramsTypeName } from '../ts-types.js';
import { responseHeadersTypeName } from '../types.js';
import { decoderName, resultDecoderName } from './decoders.js';
import { encoderName, recordWriterName } from './encoders.js';

/** Records an imported name that client.ts writes and gives it back. */
export type Use = (name: string) => string;

const typeName = (name: string) => ({ name, type: true }) as const;

/** Every module client.ts may import from: the runtime's, then this service's codec and types. */
export function clientImportTable(model: ServiceModel): ImportTable {
  return [
    {
      module: '../runtime/client/client-core.js',
      names: [
        'ClientCore',
        'checkCoreOptions',
        'hmacSigner',
        'secretValues',
        ...['CallOptions', 'OperationBinding', 'WithHeaders'].map(typeName),
      ],
    },
    { module: '../runtime/errors.js', names: ['SvcRequestError', 'SvcServiceError', 'SvcSoapFault'] },
    { module: '../runtime/codec/xml-writer.js', names: ['soapHeaderBlock'] },
    { module: '../runtime/client/poll.js', typeOnly: true, names: ['PollOptions'] },
    { module: '../runtime/client/http-auth.js', typeOnly: true, names: ['HttpAuthOptions'] },
    { module: '../runtime/client/cookies.js', typeOnly: true, names: ['CookieJar'] },
    { module: '../runtime/client/ws-security.js', typeOnly: true, names: ['WsSecurityOptions'] },
    { module: '../runtime/client/hooks.js', typeOnly: true, names: ['RequestHook', 'ResponseHook'] },
    { module: '../runtime/client/network.js', typeOnly: true, names: ['ProxyOption', 'TlsOptions'] },
    { module: './codec.js', names: [...codecNames(model)].sort() },
    { module: './types.js', names: typesNames(model) },
  ];
}

/** The encoders and decoders of this service's codec that client.ts may call. */
function codecNames(model: ServiceModel): Set<string> {
  return new Set([
    ...model.operations.map(encoderName),
    ...model.operations.filter((o) => o.result.kind !== 'void').map(resultDecoderName),
    ...model.soapHeaders.map((h) => recordWriterName(h.record)),
    ...model.operations.flatMap((o) => o.responseHeaders.map((h) => decoderName(h.record))),
    ...model.operations.flatMap((o) => o.faults.map((f) => decoderName(f.record))),
  ]);
}

/**
 * The names of this service's types.ts that client.ts may write: the error codes by number, the named types of the
 * results and SOAP headers (first-use order), the params, the response headers and the typed faults' records.
 */
function typesNames(model: ServiceModel): ImportTable[number]['names'] {
  const names = new Set<string>();
  const add = (name: string): void => void names.add(name);
  for (const o of model.operations) useResultTypes(add, o.result);
  for (const h of model.soapHeaders) add(h.record.name);
  for (const o of model.operations) add(paramsTypeName(o.tsName));
  for (const o of model.operations) if (o.responseHeaders.length > 0) add(responseHeadersTypeName(o));
  for (const o of model.operations) for (const f of o.faults) add(f.record.name);
  const byNumber = model.serviceErrors?.enum.numeric ? [`${model.serviceErrors.enum.name}ByNumber`] : [];
  return [...byNumber, ...[...names].map(typeName)];
}

/** Records the named types that a result's type mentions (as resultType writes them). */
export function useResultTypes(use: (name: string) => unknown, r: ResultModel): void {
  if (r.kind === 'value') useTypes(use, r.type);
  else if (r.kind === 'outputs') use(r.struct.name);
}

/** Records the named types that `t` mentions (as valueType writes them). */
export function useTypes(use: (name: string) => unknown, t: TypeModel): void {
  if (t.kind === 'list') useTypes(use, t.item);
  else if (t.kind === 'choice') t.alternatives.flatMap(alternativeTypes).forEach((x) => useTypes(use, x));
  else if (t.kind === 'record') use(t.record.name);
  else if (t.kind === 'enum') {
    use(OPEN_ENUM);
    use(t.enum.name);
  }
}
