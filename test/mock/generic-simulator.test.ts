/**
 * A simulator is a spec's own, not the payer's: the inventory fixture names a folder of its own beside its spec, and
 * its generated mock ships it (imports made relative, type-checked as a consumer would), falls back to it, checks
 * credentials against the principals it knows and exposes its control methods.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typecheckDir } from '../helpers/typecheck.js';
import { listFiles } from '../helpers/files.js';
import { ROOT, generateService, type GeneratedService } from './support/generated-service.js';

const OUT = join(ROOT, 'test', '.tmp', 'inventory-sim');

interface Server {
  url: string;
  close(): Promise<void>;
  service: {
    simulator: { setItem(id: string, label: string): void };
    reset(): Promise<void>;
    describe(): readonly string[];
  };
}
type Client = {
  getItem(p: { itemId: string }): Promise<{ errorCode?: string; item?: { id: string; label?: string | null } }>;
  countItems(): Promise<{ count: number }>;
};

let generated: GeneratedService;
let server: Server;
const client = (apiKey = 'tester-key'): Client => {
  const Ctor = generated.client['InventoryClient'] as new (o: Record<string, unknown>) => Client;
  return new Ctor({ baseUrl: server.url, user: 'tester', apiKey, style: 'soap12' });
};

beforeAll(async () => {
  generated = await generateService('test/fixtures/specs/inventory/inventory.yaml', 'inventory-sim');
  const start = generated.mock['startMockServer'] as (o: Record<string, unknown>) => Promise<Server>;
  server = await start({ scenario: { '1': 'one' } });
});
afterAll(async () => {
  await server?.close();
});

describe('the generated package', () => {
  it('holds the simulator, its imports of generated code made relative, each file naming its source', () => {
    const files = listFiles(join(OUT, 'mock', 'simulator'));
    expect(files).toEqual(['index.ts', 'store.ts']);
    const index = readFileSync(join(OUT, 'mock', 'simulator', 'index.ts'), 'utf8');
    expect(index).not.toMatch(/from '#generated/);
    expect(index).toContain("from '../../runtime/mock/simulator.js'");
    expect(index).toContain("from '../codec.js'");
    expect(index).toContain("from './store.js'");
    expect(index).toContain(
      '// Copied from ../../fixtures/specs/inventory/inventory.simulator/index.ts (relative to the output folder): change that file',
    );
  });

  it('type-checks as a consumer project would', () => {
    expect(typecheckDir(OUT).diagnostics).toEqual([]);
  });

  it('depends on nothing but its client package: the simulator imports Node only', () => {
    const read = (path: string) =>
      JSON.parse(readFileSync(join(OUT, path), 'utf8')) as { name: string; version: string; dependencies?: unknown };
    const client = read('client/package.json');
    expect(client.dependencies).toBeUndefined();
    expect(read('mock/package.json').dependencies).toEqual({ [client.name]: client.version });
  });
});

describe('its mock', () => {
  it('answers from the simulator, which a test controls', async () => {
    expect((await client().getItem({ itemId: '1' })).item).toEqual({ id: '1', label: 'one' });
    await expect(client().getItem({ itemId: '2' })).rejects.toMatchObject({ code: 'NotFound' });
    server.service.simulator.setItem('2', 'two');
    expect((await client().getItem({ itemId: '2' })).item).toEqual({ id: '2', label: 'two' });
    expect((await client().countItems()).count).toBe(2);
    await server.service.reset();
    expect((await client().countItems()).count).toBe(1);
  });

  it("checks credentials against the simulator's principals", async () => {
    // The inventory spec gives no auth.failures: a refused request is a Client fault.
    await expect(client('wrong').countItems()).rejects.toMatchObject({ name: 'SvcSoapFault', code: 'soap:Sender' });
  });

  it('describes itself for the mock command', () => {
    expect(server.service.describe()).toEqual(['user tester, API key tester-key; 1 items']);
  });
});
