/**
 * Generates a fixture spec into a folder inside the repository (so that its runtime resolves this project's
 * node_modules) and imports its client. Used by tests that need a service shape the payer interface lacks. The
 * folder is a link to the run's one generation of the spec (test/helpers/shared-generation.ts).
 */
import { join } from 'node:path';
import { generateShared } from '../../helpers/shared-generation.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export async function generateFixture(spec: string, name: string): Promise<Record<string, unknown>> {
  const out = join(ROOT, 'test', '.tmp', name);
  await generateShared(spec, name);
  return (await import(join(out, 'client', 'index.ts'))) as Record<string, unknown>;
}
