/**
 * Where there is no fetch at all (no fetch option, and `globalThis.fetch` missing, as in an old runtime or a sandbox
 * that removed it), a call through fetch is refused with SvcRequestError naming the operation, as a rejection of the
 * call: the transport choice returns a rejected promise, never a throw of its own.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayerClient, SvcRequestError } from '../../generated/client/index.js';
import { sendChosen, type TransportOptions } from '../../generated/runtime/client/transport-choice.js';
import { rejected } from '../helpers/failures.js';

const REQUEST = { url: 'http://127.0.0.1:1/v5/PayerFunctions.asmx', headers: {}, body: '<x/>' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('without any fetch', () => {
  it.each<[string, TransportOptions]>([["transport: 'fetch'", { transport: 'fetch' }]])(
    '%s: the choice rejects, it does not throw',
    async (_, options) => {
      vi.stubGlobal('fetch', undefined);
      let sent: Promise<unknown> | undefined;
      expect(() => {
        sent = sendChosen(options, 'GetBalances', REQUEST);
      }).not.toThrow();
      const error = await rejected(sent!, SvcRequestError);
      expect([error.message, error.operation]).toEqual([
        'GetBalances: no fetch implementation: pass the fetch option',
        'GetBalances',
      ]);
    },
  );

  it("a client with transport: 'fetch' rejects the call with SvcRequestError naming the operation", async () => {
    vi.stubGlobal('fetch', undefined);
    const client = new PayerClient({
      baseUrl: 'http://127.0.0.1:1',
      payerName: 'MyPayer',
      apiKey: 'k',
      transport: 'fetch',
    });
    const error = await rejected(client.getBalances(), SvcRequestError);
    expect([error.message, error.operation]).toEqual([
      'GetBalances: no fetch implementation: pass the fetch option',
      'GetBalances',
    ]);
  });
});
