/**
 * Issue 11 part 3, the other direction: a client generated from the grown v6 fixture
 * (test/fixtures/specs/payer-v6/payer-v6.yaml) against a mock generated from spec/payer-v5.yaml (the real service not
 * yet updated), over real HTTP, in every style. Every v6 operation is called, GetUpdatedPayments with and without
 * the new maxResults. A call must fail exactly where `svc-codegen diff` classified a change as breaking for servers
 * (the expected failures are computed from the diff, and checked against a hard-coded list), and succeed everywhere
 * else, decoding the v5 example exactly.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/diff/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { ROOT, generateService, type GeneratedService } from '../mock/support/generated-service.js';
import {
  API_KEY,
  NOW,
  PAYER,
  STYLES,
  V5_SPEC,
  V6_CALLS,
  V6_SPEC,
  failingCalls,
  invoke,
  type ClientClass,
  type CompatCall,
  type ErrorClass,
  type Handlers,
  type MockServer,
  type StartMockServer,
  type Style,
} from './support/compat.js';

const v6Model = loadSpec(join(ROOT, V6_SPEC));
const diff = diffSpecs(loadSpec(join(ROOT, V5_SPEC)), v6Model);
const expectedFailures = failingCalls(diff.changes, V6_CALLS, new Set(v6Model.operations.map((o) => o.name)));

/** The same, written out: what an old server cannot answer. */
const SANITY = ['GetPaymentOrderStatus', 'GetUpdatedPayments (maxResults given)'];

describe('a v6 client against a v5 mock', () => {
  let v5: GeneratedService;
  let v6: GeneratedService;
  let server: MockServer;
  let v5Examples: Handlers;

  beforeAll(async () => {
    // Names of their own: test files run in parallel, and old-client-new-mock generates the same specs.
    [v5, v6] = await Promise.all([
      generateService(V5_SPEC, 'compat-ncom-v5'),
      generateService(V6_SPEC, 'compat-ncom-v6'),
    ]);
    v5Examples = v5.mock['exampleHandlers'] as Handlers;
    server = await (v5.mock['startMockServer'] as StartMockServer)({
      port: 0,
      handlers: v5Examples,
      credentials: false,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  function v6Client(style: Style): object {
    const PayerClient = v6.client['PayerClient'] as ClientClass;
    return new PayerClient({
      baseUrl: server.url,
      payerName: PAYER,
      apiKey: API_KEY,
      style,
      now: () => NOW,
      throwOnServiceError: false,
    });
  }

  it('calls every v6 operation', () => {
    expect(new Set(V6_CALLS.map((c) => c.operation))).toEqual(new Set(v6Model.operations.map((o) => o.name)));
    expect(v6Model.operations).toHaveLength(20);
  });

  it('expects failures exactly where the diff says old servers break, which is the hard-coded list', () => {
    expect([...expectedFailures.keys()].map((c) => c.title)).toEqual(SANITY);
    expect(diff.changes.filter((c) => c.server === 'breaking').map((c) => c.path)).toEqual([
      'GetPaymentOrderStatus',
      'GetUpdatedPayments(maxResults)',
    ]);
    expect(
      expectedFailures.get(V6_CALLS.find((c) => c.title === 'GetPaymentOrderStatus')!)?.map((c) => c.kind),
    ).toEqual(['operation-added']);
    expect(expectedFailures.get(V6_CALLS.find((c) => c.title === SANITY[1])!)?.map((c) => c.kind)).toEqual([
      'parameter-added-optional',
    ]);
  });

  describe.each(STYLES)('%s', (style) => {
    const succeeding = V6_CALLS.filter((c) => !expectedFailures.has(c));
    const failing = V6_CALLS.filter((c) => expectedFailures.has(c));

    it.each(succeeding)('$title: succeeds, decoding the v5 example', async (call: CompatCall) => {
      const before = server.service.calls.length;
      const result = await invoke(v6Client(style), call.method, call.args);
      expect(result).toEqual((v5Examples[call.method] as () => unknown)());
      expect(server.service.calls.slice(before).map((c) => [c.operation, c.style])).toEqual([[call.operation, style]]);
    });

    it.each(failing)('$title: fails as the v5 mock refuses it (breaking for servers)', async (call: CompatCall) => {
      const before = server.service.calls.length;
      const error = await invoke(v6Client(style), call.method, call.args).then(
        (result) => ({ result }),
        (e: unknown) => e,
      );
      // What the mock says names the cause: the unknown operation, or the unknown parameter.
      const unknownOperation = call.operation === 'GetPaymentOrderStatus';
      if (style === 'httpPost') {
        expect(error).toBeInstanceOf(v6.client['SvcHttpError'] as ErrorClass);
        expect(error).toMatchObject({
          status: 500,
          bodyExcerpt: unknownOperation
            ? 'Unknown web method GetPaymentOrderStatus.'
            : 'Unknown parameter: maxResults. (Expected: payerName, timestamp, key, changedSince.)',
        });
      } else {
        expect(error).toBeInstanceOf(v6.client['SvcSoapFault'] as ErrorClass);
        expect(error).toMatchObject({
          status: 500,
          code: style === 'soap11' ? 'soap:Client' : 'soap:Sender',
          reason: unknownOperation
            ? 'the SOAP Body holds <GetPaymentOrderStatus>, which is not an operation of this service'
            : 'unknown parameter "maxResults" in <GetUpdatedPayments> (expected: payerName, timestamp, key, changedSince)',
        });
      }
      // Refused before any handler ran: no call recorded.
      expect(server.service.calls.length).toBe(before);
    });
  });
});
