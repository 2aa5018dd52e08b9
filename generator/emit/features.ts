/**
 * What a service has, as the output's text depends on it: a sentence about credentials, timestamps or error codes
 * is written only for a service whose spec has them, so that another service's output says nothing untrue of it.
 */
import type { OperationModel, ServiceModel } from '../model/types.js';

/** Whether the operation takes credential parameters (principal, timestamp, signature), which the client fills in. */
export function takesCredentials(op: OperationModel): boolean {
  return op.params.some((p) => p.role !== undefined);
}

/** Whether any operation sends a timestamp, which the client's clock (its `now` option) makes. */
export function sendsTimestamps(model: ServiceModel): boolean {
  return model.operations.some((op) => op.params.some((p) => p.role === 'timestamp'));
}

/** Each style's name in prose. */
export const STYLE_TITLES = {
  soap11: 'SOAP 1.1',
  soap12: 'SOAP 1.2',
  httpPost: 'HTTP POST',
  httpGet: 'HTTP GET',
} as const;

/**
 * How the client calls the service, from its bindings: "as SOAP 1.1 unless the `style` option asks for `'soap12'` or
 * `'httpPost'`" for a service with those three, never naming a style the service does not offer.
 */
export function stylesSentence(model: ServiceModel): string {
  const [first, ...others] = model.bindings;
  const name = STYLE_TITLES[first ?? 'soap11'];
  if (others.length === 0) return `as ${name}, the one style the service offers`;
  const quoted = others.map((s) => `\`'${s}'\``);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return `as ${name} unless the \`style\` option asks for ${list}`;
}

/** Whether any result type carries an error code, the only source of SvcServiceError. */
export function hasErrorCodes(model: ServiceModel): boolean {
  return model.results.some((r) => r.status !== undefined);
}
