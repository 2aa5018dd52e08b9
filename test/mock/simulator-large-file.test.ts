/**
 * A large payment file on the payer mock, over real HTTP on loopback: 20,000 lines sharing one refCode. Its check once
 * took quadratic time in one piece (21-27 s), and the whole mock answered nothing else meanwhile. Now it is checked
 * in slices with the event loop free between them, so a request sent while it is checked is answered first.
 *
 * "While it is checked" is made exact, not timed: the simulator's payment-file module is wrapped (vi.mock, calling
 * through to the real functions) so that the test sends its GetBalances at the moment a check function is entered.
 * "Answered first" is the order in which the server made its answers (onAnswer), not the order the client finished
 * reading them: a small answer can overtake the tail of a large one on the wire whatever the server did.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PayerClient } from '../../generated/client/index.js';
import { DEFAULT_PAYER, VirtualClock, startMockServer } from '../../generated/mock/index.js';

/** Called once when the simulator enters a payment-file check, then cleared. */
const onCheck = vi.hoisted(() => ({ current: undefined as (() => void) | undefined }));

vi.mock('../../generated/mock/simulator/payment-file.js', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  const wrapped = Object.entries(real).map(([name, value]) => {
    if (!name.startsWith('checkPaymentFile') || typeof value !== 'function') return [name, value];
    return [
      name,
      (...args: unknown[]) => {
        const hook = onCheck.current;
        onCheck.current = undefined;
        hook?.();
        return (value as (...a: unknown[]) => unknown)(...args);
      },
    ];
  });
  return Object.fromEntries(wrapped);
});

const START = Date.UTC(2026, 5, 1) / 1000;
const LINES = 20_000;

describe('a payment file of 20,000 lines sharing one refCode', () => {
  const clock = new VirtualClock(START);
  const answered: string[] = [];
  let server: Awaited<ReturnType<typeof startMockServer>>;
  let client: PayerClient;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, clock, onAnswer: (a) => answered.push(a.operation ?? '?') });
    client = new PayerClient({
      baseUrl: server.url,
      ...DEFAULT_PAYER,
      now: () => clock.now(),
      throwOnServiceError: false,
    });
    const folder = server.service.simulator.folderOf(DEFAULT_PAYER.payerName);
    await writeFile(join(folder, 'same.csv'), `payeeId,amount,currency,refCode\n${'P001,1,USD,R\n'.repeat(LINES)}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a GetBalances sent while TestPaymentFile checks it is answered before the file; each line error is bounded', async () => {
    let balances: Promise<number | undefined> | undefined;
    onCheck.current = () => {
      balances = client.getBalances().then((r) => r.AccountInfos?.length);
    };
    const tested = await client.testPaymentFile({ fileName: 'same.csv', totalAmount: LINES });
    expect(balances).toBeDefined();
    expect(await balances).toBe(4);
    expect(answered).toEqual(['GetBalances', 'TestPaymentFile']);

    expect([tested.errorCode, tested.errorMessage]).toEqual(['ValidationError', `the file has ${LINES} errors`]);
    const issues = tested.LineErrorsOrWarning ?? [];
    expect(issues).toHaveLength(LINES);
    expect(issues[0]).toEqual({
      lineNumber: 2,
      isWarning: false,
      message: `refCode "R" is also on lines 3, 4, 5, 6, 7 and ${LINES - 6} more`,
    });
    expect(issues[LINES - 1]).toEqual({
      lineNumber: LINES + 1,
      isWarning: false,
      message: `refCode "R" is also on lines 2, 3, 4, 5, 6 and ${LINES - 6} more`,
    });
    expect(Math.max(...issues.map((i) => i.message?.length ?? 0))).toBeLessThan(80);
  });
});
