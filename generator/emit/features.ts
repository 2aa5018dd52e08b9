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

/** Whether any result type carries an error code, the only source of SvcServiceError. */
export function hasErrorCodes(model: ServiceModel): boolean {
  return model.results.some((r) => r.status !== undefined);
}
