import { describe, expect, it } from 'vitest';
import {
  SvcDecodeError,
  SvcError,
  SvcHttpError,
  SvcRequestError,
  SvcServiceError,
  SvcSoapFault,
  SvcTimeoutError,
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
    expect(new SvcServiceError('GetDynamicKey', 'PayerUnknown', undefined, {}).message).toBe(
      'GetDynamicKey failed with errorCode PayerUnknown',
    );
  });

  it.each([
    ['the message is the code name', 1006, 'EncryptionKeyFailedValidation', 'EncryptionKeyFailedValidation'],
    ['the message is the code', 'PayerUnknown', 'PayerUnknown', undefined],
    ['the message is the integer code', 7, '7', undefined],
  ])('says the code once where %s', (_, code, message, codeName) => {
    const e = new SvcServiceError('GetBalances', code, message, {}, codeName);
    expect(e.message).toBe(`GetBalances failed with errorCode ${code}${codeName ? ` (${codeName})` : ''}`);
    expect(e.serviceMessage).toBe(message);
  });

  it('keeps fault fields', () => {
    const f = new SvcSoapFault('soap:Sender', 'No action', '<d/>', 500, 'x:Sub');
    expect([f.code, f.reason, f.detail, f.status, f.subcode]).toEqual([
      'soap:Sender',
      'No action',
      '<d/>',
      500,
      'x:Sub',
    ]);
    expect(f.message).toBe('SOAP fault soap:Sender (x:Sub): No action');
  });

  it('keeps at most 500 characters of an HTTP error body; the message holds its first line, cut at 160 characters', () => {
    const body = `first-${'x'.repeat(1000)}\nsecond line`;
    const e = new SvcHttpError(500, body, 'text/plain', { method: 'POST', url: 'https://host/S.asmx/Op' });
    expect(e.bodyExcerpt).toBe(body.slice(0, 500));
    expect(e.bodyExcerpt).toHaveLength(500);
    expect(e.status).toBe(500);
    expect([e.method, e.url]).toEqual(['POST', 'https://host/S.asmx/Op']);
    expect(e.message).toBe(`HTTP 500 (text/plain) from POST https://host/S.asmx/Op: first-${'x'.repeat(153)}…`);
    expect(new SvcHttpError(404, 'short').bodyExcerpt).toBe('short');
    expect(new SvcHttpError(404, 'short').message).toBe('HTTP 404 from the service');
  });

  it.each([
    [
      'a text line, its control characters made spaces',
      'text/plain; charset=utf-8',
      '\n\n  Not found.\u001b[2J The service\tis at /S.asmx.\r\nmore',
      'Not found. [2J The service is at /S.asmx.',
    ],
    [
      "an HTML page's title",
      'text/html',
      '<html><head><title>404 - File or directory\n not found.</title></head><body>…</body></html>',
      '404 - File or directory not found.',
    ],
    [
      'an HTML title with entities and markup',
      'text/html; charset=utf-8',
      '<title>A &amp; B &lt;c&gt; <b>d</b></title>',
      'A & B <c> d',
    ],
    ['no hint in XML', 'text/xml', '<a>Not found</a>', ''],
    ['no hint in an HTML page without a title', 'text/html', '<p>x</p>', ''],
  ])('the message of an HTTP error carries the hint of %s', (_label, contentType, body, hint) => {
    const e = new SvcHttpError(404, body, contentType, { method: 'GET', url: 'http://h/S.asmx/Op' });
    expect(e.message).toBe(`HTTP 404 (${contentType}) from GET http://h/S.asmx/Op${hint ? `: ${hint}` : ''}`);
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
