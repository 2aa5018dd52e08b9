/** waitForProcessingRequest against a real server whose status moves on between calls. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayerClient, SvcRequestError, SvcServiceError, SvcTimeoutError } from '../../generated/client/index.js';
import { startRecordingServer, type RecordingServer } from './support/recording-server.js';
import { resultResponse } from './support/responses.js';
import { parseSoapCall } from './support/wire.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
});

function client(extra: Partial<ConstructorParameters<typeof PayerClient>[0]> = {}): PayerClient {
  return new PayerClient({ baseUrl: server.url, payerName: 'MyPayer', apiKey: 'k', ...extra });
}

/** Answers GetProcessingRequestStatus with the given statuses in turn (the last one repeats). */
function statuses(...values: string[]): void {
  let i = 0;
  server.respond(() => {
    const value = values[Math.min(i++, values.length - 1)]!;
    return resultResponse(
      'soap11',
      'GetProcessingRequestStatus',
      `<errorMessage>OK</errorMessage><errorCode>OK</errorCode><requestStatus>${value}</requestStatus>`,
      'x',
    );
  });
}

describe('waitForProcessingRequest', () => {
  it.each(['Completed', 'Failed', 'Cancelled'])('polls until %s and returns that result', async (final) => {
    statuses('Processing', 'Processing', final);
    const before = server.requests.length;
    const result = await client().waitForProcessingRequest('9007199254740993', { intervalMs: 5 });
    expect(result.requestStatus).toBe(final);
    const calls = server.requests.slice(before);
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      const soap = parseSoapCall(call.body);
      expect(soap.operation).toBe('GetProcessingRequestStatus');
      expect(soap.children.find(([n]) => n === 'requestId')?.[1]).toBe('9007199254740993');
    }
  });

  it('keeps polling through an unknown status value', async () => {
    statuses('Queued', 'Processing', 'Completed');
    const before = server.requests.length;
    await expect(client().waitForProcessingRequest('1', { intervalMs: 1 })).resolves.toMatchObject({
      requestStatus: 'Completed',
    });
    expect(server.requests.length - before).toBe(3);
  });

  it('waits longer between calls as it goes (backoff)', async () => {
    statuses('Processing', 'Processing', 'Processing', 'Completed');
    const stamps: number[] = [];
    const c = client({
      fetch: (input, init) => {
        stamps.push(performance.now());
        return fetch(input, init);
      },
    });
    await c.waitForProcessingRequest('1', { intervalMs: 40 });
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    expect(gaps).toHaveLength(3);
    // 40, 60, 90 ms: each gap at least the planned wait, and the last clearly longer than the first.
    expect(gaps[0]!).toBeGreaterThanOrEqual(38);
    expect(gaps[2]!).toBeGreaterThanOrEqual(88);
  });

  it('throws SvcTimeoutError when timeoutMs passes first', async () => {
    statuses('Processing');
    const e = await client()
      .waitForProcessingRequest('1', { intervalMs: 10, timeoutMs: 120 })
      .catch((error: unknown) => error);
    expect(e).toBeInstanceOf(SvcTimeoutError);
    expect((e as SvcTimeoutError).timeoutMs).toBe(120);
  });

  it('the deadline also cuts a status call in flight', async () => {
    server.respond({ body: '', delayMs: 3000 });
    const started = Date.now();
    await expect(client().waitForProcessingRequest('1', { timeoutMs: 100 })).rejects.toBeInstanceOf(SvcTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("rejects with the signal's reason when aborted while waiting", async () => {
    statuses('Processing');
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = client().waitForProcessingRequest('1', { intervalMs: 1000, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('a service error ends the wait with SvcServiceError', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'GetProcessingRequestStatus',
        '<errorMessage>no such request</errorMessage><errorCode>RequestDoesNotExist</errorCode><requestStatus>Processing</requestStatus>',
        'x',
      ),
    );
    await expect(client().waitForProcessingRequest('1', { intervalMs: 1 })).rejects.toBeInstanceOf(SvcServiceError);
  });

  it('with throwOnServiceError false, a service error ends the wait with that result', async () => {
    server.respond(
      resultResponse(
        'soap11',
        'GetProcessingRequestStatus',
        '<errorCode>RequestDoesNotExist</errorCode><requestStatus>Processing</requestStatus>',
        'x',
      ),
    );
    await expect(
      client({ throwOnServiceError: false }).waitForProcessingRequest('1', { intervalMs: 1 }),
    ).resolves.toMatchObject({
      errorCode: 'RequestDoesNotExist',
    });
  });

  /** Answers GetProcessingRequestStatus with these [errorCode, requestStatus] pairs in turn (the last repeats). */
  function answers(...pairs: Array<[string, string]>): void {
    let i = 0;
    server.respond(() => {
      const [code, status] = pairs[Math.min(i++, pairs.length - 1)]!;
      return resultResponse(
        'soap11',
        'GetProcessingRequestStatus',
        `<errorMessage>${code}</errorMessage><errorCode>${code}</errorCode><requestStatus>${status}</requestStatus>`,
        'x',
      );
    });
  }

  it('keeps polling through a warning code while the request is Processing (decision poll-warnings)', async () => {
    answers(['ValidationWarning', 'Processing'], ['RequestStillInProgress', 'Processing'], ['OK', 'Completed']);
    const before = server.requests.length;
    const result = await client().waitForProcessingRequest('1', { intervalMs: 1 });
    expect(result).toMatchObject({ errorCode: 'OK', requestStatus: 'Completed' });
    expect(server.requests.length - before).toBe(3);
  });

  it('keeps polling through a code it does not know while Processing', async () => {
    answers(['SomeNewWarning', 'Processing'], ['OK', 'Cancelled']);
    await expect(client().waitForProcessingRequest('1', { intervalMs: 1 })).resolves.toMatchObject({
      requestStatus: 'Cancelled',
    });
  });

  it('a final status with a non-success code ends the wait with that result, not an error', async () => {
    answers(['ValidationWarning', 'Processing'], ['ValidationError', 'Failed']);
    await expect(client().waitForProcessingRequest('1', { intervalMs: 1 })).resolves.toMatchObject({
      errorCode: 'ValidationError',
      requestStatus: 'Failed',
    });
  });

  it.each([
    'RequestDoesNotExist',
    'PayerUnknown',
    'EncryptionKeyFailedValidation',
    'AuthorizationError',
    'InvalidPayerIpAddress',
    'ParameterError',
    'RequestLimitReached',
  ])(
    'the failure code %s ends the wait at once with SvcServiceError, although the status reads Processing',
    async (code) => {
      answers([code, 'Processing'], ['OK', 'Completed']);
      const before = server.requests.length;
      const error = await client()
        .waitForProcessingRequest('1', { intervalMs: 1 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SvcServiceError);
      expect((error as SvcServiceError).code).toBe(code);
      expect(server.requests.length - before).toBe(1);
    },
  );

  it('a failure code after some warnings ends the wait', async () => {
    answers(['ValidationWarning', 'Processing'], ['RequestLimitReached', 'Processing']);
    const before = server.requests.length;
    await expect(client().waitForProcessingRequest('1', { intervalMs: 1 })).rejects.toMatchObject({
      code: 'RequestLimitReached',
    });
    expect(server.requests.length - before).toBe(2);
  });

  it('each poll is signed anew with its own timestamp', async () => {
    answers(['OK', 'Processing'], ['OK', 'Completed']);
    let t = 1000;
    const before = server.requests.length;
    await client({ now: () => t++ }).waitForProcessingRequest('1', { intervalMs: 1 });
    const stamps = server.requests
      .slice(before)
      .map((r) => parseSoapCall(r.body).children.find(([n]) => n === 'timeStamp')?.[1]);
    expect(stamps).toEqual(['1000', '1001']);
  });

  it('refuses a bad requestId before polling', async () => {
    const before = server.requests.length;
    await expect(client().waitForProcessingRequest(2 ** 60)).rejects.toBeInstanceOf(SvcRequestError);
    expect(server.requests.length).toBe(before);
  });
});
