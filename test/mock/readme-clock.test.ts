/**
 * The in-process mock example of docs/mock.md, run as written: it moves the mock's clock by more than the timestamp skew
 * the mock allows, so it only works because the client signs with the mock's clock (`now`), as the README says.
 * The second test shows why the README has to say it: a client signing with the real time is then locked out.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayerClient } from '../../generated/client/index.js';
import { DEFAULT_PAYER, startMockServer } from '../../generated/mock/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'docs', 'mock.md'), 'utf8');

/** The ts block that follows the README's sentence about starting the mock in-process. */
function inProcessExample(): string {
  const at = README.indexOf('In tests, start the mock in-process instead');
  if (at < 0) throw new Error('the README no longer has its in-process mock example');
  const block = /```ts\n([\s\S]*?)```/.exec(README.slice(at));
  if (!block) throw new Error('no ts block after the README sentence about the in-process mock');
  return block[1]!;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the README in-process mock example', () => {
  it('prints what the README says, after moving the clock past the allowed skew', async () => {
    const code = inProcessExample();
    expect(code).toMatch(/clock\.advance\((\d+)\)/);
    // More than the default skew (300 s): the example proves the `now` option, not just the processing delay.
    expect(Number(/clock\.advance\((\d+)\)/.exec(code)![1])).toBeGreaterThan(300);

    const dir = join(ROOT, 'test', '.tmp', 'readme-clock');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'example.ts');
    // The example imports from the repository root; it is run from test/.tmp/readme-clock/.
    writeFileSync(file, code.replaceAll("'./generated/", "'../../../generated/"));

    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
    await import(pathToFileURL(file).href);
    expect(lines).toEqual(['OK Processing', 'Completed 24800']);
  });

  it('a client signing with the real time is refused once the clock moved past the skew', async () => {
    const mock = await startMockServer({ port: 0 });
    try {
      const realTime = new PayerClient({ baseUrl: mock.url, ...DEFAULT_PAYER, throwOnServiceError: false });
      const mockTime = new PayerClient({ baseUrl: mock.url, ...DEFAULT_PAYER, now: () => mock.service.clock.now() });
      expect((await realTime.getBalances()).errorCode).toBe(0);
      mock.service.clock.advance(600);
      expect((await realTime.getBalances()).errorCode).toBe(1006);
      expect((await mockTime.getBalances()).errorCode).toBe(0);
    } finally {
      await mock.close();
    }
  });
});
