/**
 * Request ids are longs: the simulator never issues one past the largest long. The scenario's firstRequestId leaves
 * room for 1000 requests (at most 2^63 - 1000); once every id up to 2^63 - 1 has been issued, an *Async call answers
 * RequestLimitReached in its own result, records no request and changes nothing, in every style: never a fault, and
 * never an id that no long holds. Calls go through service.handle(), in-process.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PayerClient, type Style } from '../../generated/client/index.js';
import {
  DEFAULT_SCENARIO_YAML,
  ScenarioError,
  VirtualClock,
  createMockService,
  parseScenario,
} from '../../generated/mock/index.js';
import { thrown } from '../helpers/failures.js';

const START = Date.UTC(2026, 5, 1) / 1000;
const LONG_MAX = 9223372036854775807n;
/** The largest first id the scenario allows: 2^63 - 1000. */
const LAST_FIRST_ID = '9223372036854774808';
const STYLES: readonly Style[] = ['soap11', 'soap12', 'httpPost'];

const parsed = parseScenario(DEFAULT_SCENARIO_YAML, 'default scenario');
const withFirstId = (firstRequestId: string) => ({ ...parsed, settings: { ...parsed.settings, firstRequestId } });

const clock = new VirtualClock(START);
const service = createMockService({ scenario: withFirstId(LAST_FIRST_ID), clock });
afterAll(() => service.close());
const client = (style: Style = 'httpPost') =>
  new PayerClient({
    baseUrl: 'http://mock.test',
    payerName: 'MyPayer',
    apiKey: 'boguskey',
    style,
    now: () => clock.now(),
    throwOnServiceError: false,
    fetch: (input, init) => service.handle(new Request(input, init)),
  });

beforeAll(async () => {
  await writeFile(join(service.simulator.folderOf('MyPayer'), 'one.csv'), 'P001,1.00,USD,R-1\n');
});

it('a firstRequestId that leaves no room for 1000 requests is refused by the scenario', () => {
  for (const id of ['9223372036854775807', '9223372036854774809']) {
    const error = thrown(() => createMockService({ scenario: withFirstId(id) }), ScenarioError);
    expect(error.issues.map((i) => i.path)).toEqual(['settings.firstRequestId']);
    expect(error.message).toContain(
      'from 1 to 9223372036854774808 (2^63 - 1000: room for 1000 requests below the largest long)',
    );
  }
});

it('issues ids up to the largest long, then answers RequestLimitReached, recording nothing, in every style', async () => {
  const c = client();
  const ids: string[] = [];
  // 1000 requests, 100 at a time: each takes the next id.
  for (let batch = 0; batch < 10; batch++) {
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => c.testMultiCurrencyPaymentFileAsync({ fileName: 'one.csv' })),
    );
    for (const a of answers) {
      expect(a.errorCode).toBe('OK');
      ids.push(a.requestId!);
    }
  }
  expect(ids.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(
    Array.from({ length: 1000 }, (_, i) => BigInt(LAST_FIRST_ID) + BigInt(i)),
  );
  expect(ids).toContain(LONG_MAX.toString());

  for (const style of STYLES) {
    for (const call of [
      () => client(style).testMultiCurrencyPaymentFileAsync({ fileName: 'one.csv' }),
      () => client(style).processPaymentFileAsync({ fileName: 'one.csv', totalAmount: 1 }),
    ]) {
      expect(await call()).toEqual({
        errorCode: 'RequestLimitReached',
        errorMessage: 'no request id is left: every id up to 9223372036854775807 (the largest long) has been issued',
        requestId: '0',
      });
    }
  }
  // They reached the simulator (the credentials passed), which answered them.
  expect(service.calls.slice(-6).map((call) => `${call.operation} ${call.style}`)).toEqual(
    STYLES.flatMap((style) => [`TestMultiCurrencyPaymentFileAsync ${style}`, `ProcessPaymentFileAsync ${style}`]),
  );
  const requests = service.simulator.requests();
  expect(requests).toHaveLength(1000);
  expect(requests.every((r) => BigInt(r.requestId) <= LONG_MAX)).toBe(true);
  expect(service.simulator.paymentOrders('MyPayer')).toEqual([]);

  // The last id works like any other.
  clock.advance(service.simulator.scenario.settings.processingSeconds);
  expect(await c.getProcessingRequestStatus({ requestId: LONG_MAX })).toEqual({
    errorCode: 'OK',
    errorMessage: 'OK',
    requestStatus: 'Completed',
  });
  expect((await c.processPaymentsAsyncResult({ requestId: LONG_MAX })).linesResults?.map((l) => l?.refCode)).toEqual([
    'R-1',
  ]);

  // reset() starts from the first id again.
  await service.reset();
  expect((await c.testMultiCurrencyPaymentFileAsync({ fileName: 'one.csv' })).requestId).toBe(LAST_FIRST_ID);
});
