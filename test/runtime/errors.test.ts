import { describe, expect, it } from 'vitest';
import {
  SvcDecodeError, SvcError, SvcHttpError, SvcRequestError, SvcServiceError, SvcSoapFault, SvcTimeoutError,
  SvcTransportError,
} from '../../templates/runtime/errors.js';

describe('errors', () => {
  const cause = new Error('socket hang up');
  it.each([
    ['SvcError', new SvcError('x')],
    ['SvcServiceError', new SvcServiceError('GetBalances', 1004, 'Unknown payer', { errorCode: 1004 }, 'PayerUnknown')],
    ['SvcSoapFault', new SvcSoapFault('soap:Client', 'bad', undefined, 500)],
    ['SvcHttpError', new SvcHttpError(503, 'Service Unavailable', 'text/html')],
    ['SvcDecodeError', new SvcDecodeError('bad', { path: 'a/b' })],
    ['SvcRequestError', new SvcRequestError('bad', { operation: 'Op', parameter: 'p' })],
    ['SvcTimeoutError', new SvcTimeoutError('slow', 5)],
    ['SvcTransportError', new SvcTransportError('down', cause)],
  ])('%s has its class name and extends SvcError and Error', (name, error) => {
    expect(error.name).toBe(name);
    expect(error).toBeInstanceOf(SvcError);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toContain(name);
  });

  it('formats service errors with and without a code name and message', () => {
    const result = { errorCode: 1004, errorMessage: 'Unknown payer' };
    const e = new SvcServiceError('GetBalances', 1004, 'Unknown payer', result, 'PayerUnknown');
    expect(e.message).toBe('GetBalances failed with errorCode 1004 (PayerUnknown): Unknown payer');
    expect([e.operation, e.code, e.result]).toEqual(['GetBalances', 1004, result]);
    expect(new SvcServiceError('GetDynamicKey', 'PayerUnknown', undefined, {}).message)
      .toBe('GetDynamicKey failed with errorCode PayerUnknown');
  });

  it('keeps fault fields', () => {
    const f = new SvcSoapFault('soap:Sender', 'No action', '<d/>', 500, 'x:Sub');
    expect([f.code, f.reason, f.detail, f.status, f.subcode]).toEqual(['soap:Sender', 'No action', '<d/>', 500, 'x:Sub']);
    expect(f.message).toBe('SOAP fault soap:Sender (x:Sub): No action');
  });

  it('keeps at most 500 characters of an HTTP error body and leaves the body out of the message', () => {
    const body = `secret-${'x'.repeat(1000)}`;
    const e = new SvcHttpError(500, body, 'text/plain');
    expect(e.bodyExcerpt).toBe(body.slice(0, 500));
    expect(e.bodyExcerpt).toHaveLength(500);
    expect(e.status).toBe(500);
    expect(e.message).not.toContain('secret');
    expect(new SvcHttpError(404, 'short').bodyExcerpt).toBe('short');
  });

  it('carries path, parameter, timeout and cause', () => {
    const inner = new Error('inner');
    const d = new SvcDecodeError('invalid xs:int', { path: 'R/a', cause: inner });
    expect([d.path, d.cause, d.message]).toEqual(['R/a', inner, 'invalid xs:int (at R/a)']);
    expect(new SvcDecodeError('x').path).toBeUndefined();
    const r = new SvcRequestError('missing', { operation: 'Op', parameter: 'fileName' });
    expect([r.operation, r.parameter, r.message]).toEqual(['Op', 'fileName', 'Op: missing']);
    expect(new SvcTimeoutError('slow', 250).timeoutMs).toBe(250);
    expect(new SvcTransportError('down', cause).cause).toBe(cause);
  });
});
