/**
 * Generates a fixture spec into a folder inside the repository (so that its runtime resolves this project's
 * node_modules) and imports its client. Used by tests that need a service shape the payer interface lacks.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '../../../generator/generate.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export async function generateFixture(spec: string, name: string): Promise<Record<string, unknown>> {
  const out = join(ROOT, 'test', '.tmp', name);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await generate({ spec, out, cwd: ROOT });
  return (await import(join(out, 'client', 'index.ts'))) as Record<string, unknown>;
}
