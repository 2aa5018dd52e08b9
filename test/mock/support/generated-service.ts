/**
 * Generates a fixture spec (client + mock) into test/.tmp/<name> and imports both, keeping the model so that tests can
 * walk its operations. Like test/client/support/generate-fixture.ts, but the mock and the model come along. The
 * folder is a link to the run's one generation of the spec (test/helpers/shared-generation.ts).
 */
import { join } from 'node:path';
import type { ServiceModel } from '../../../generator/model/types.js';
import { generateShared } from '../../helpers/shared-generation.js';

export const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface GeneratedService {
  readonly model: ServiceModel;
  readonly client: Record<string, unknown>;
  readonly mock: Record<string, unknown>;
}

export async function generateService(spec: string, name: string): Promise<GeneratedService> {
  const out = join(ROOT, 'test', '.tmp', name);
  const model = await generateShared(spec, name);
  const [client, mock] = await Promise.all([
    import(join(out, 'client', 'index.ts')) as Promise<Record<string, unknown>>,
    import(join(out, 'mock', 'index.ts')) as Promise<Record<string, unknown>>,
  ]);
  return { model, client, mock };
}
