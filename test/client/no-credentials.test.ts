/**
 * Issue 28 item 5: a service without auth passes no credentials to the client core (no `principal: ''`, no
 * `sign: () => ''`, no clock): the core takes options without them, and the generated client of such a service
 * calls its mock. The generated text itself is read by test/golden/reviewer-reads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { checkCoreOptions, type CoreOptions } from '../../templates/runtime/client/client-core.js';
import { fromRoot } from '../helpers/paths.js';
import { generateService, type GeneratedService } from '../mock/support/generated-service.js';

const OUT = 'no-credentials';
const BASE: CoreOptions = {
  baseUrl: 'http://host.test',
  path: '/S.asmx',
  namespace: 'urn:s',
  style: 'soap11',
  timeoutMs: undefined,
};

describe('a client core without credentials', () => {
  it('takes options with no principal, sign or now', () => {
    expect(checkCoreOptions(BASE)).toMatchObject({ baseUrl: 'http://host.test' });
  });

  it.each<[string, Partial<CoreOptions>, RegExp]>([
    ['a principal that is not a string', { principal: 5 as never }, /principal credential must be a string/],
    ['a sign that is not a function', { sign: 'x' as never }, /sign must be a function/],
    ['a now that is not a function', { now: 5 as never }, /now must be a function/],
  ])('still refuses %s', (_, extra, message) => {
    expect(() => checkCoreOptions({ ...BASE, ...extra })).toThrow(message);
  });
});

describe('the generated client of a service without auth', () => {
  let generated: GeneratedService;
  beforeAll(async () => {
    generated = await generateService('test/fixtures/specs/secret-param/web-connector.yaml', OUT);
  }, 120_000);
  afterAll(() => rmSync(fromRoot('test/.tmp', OUT), { recursive: true, force: true }));

  it('calls its mock', async () => {
    const { createMockService } = generated.mock as {
      createMockService: (o: object) => { handle(r: Request): Promise<Response> };
    };
    const service = createMockService({ handlers: { serverVersion: () => '3.1' } });
    const Client = generated.client['WebConnectorClient'] as new (o: object) => { serverVersion(): Promise<string> };
    const client = new Client({
      baseUrl: 'http://connector.test',
      fetch: (input: RequestInfo | URL, init?: RequestInit) => service.handle(new Request(input, init)),
    });
    expect(await client.serverVersion()).toBe('3.1');
  });
});
