/**
 * Generates a fixture spec (client + mock) into test/.tmp/<name> and imports both, keeping the model so that tests can
 * walk its operations. Like test/client/support/generate-fixture.ts, but the mock and the model come along.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '../../../generator/generate.js';
import type { ServiceModel } from '../../../generator/model/types.js';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface GeneratedService {
  readonly model: ServiceModel;
  readonly client: Record<string, unknown>;
  readonly mock: Record<string, unknown>;
}

export async function generateService(spec: string, name: string): Promise<GeneratedService> {
  const out = join(ROOT, 'test', '.tmp', name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const { model } = await generate({ spec, out, cwd: ROOT });
  const [client, mock] = await Promise.all([
    import(join(out, 'client', 'index.ts')) as Promise<Record<string, unknown>>,
    import(join(out, 'mock', 'index.ts')) as Promise<Record<string, unknown>>,
  ]);
  return { model, client, mock };
}
