/**
 * The credentials the docs' examples sign with come from the spec (`auth.example`), never from the payer interface:
 * another signed service's docs show made-up ones (principal `example`, key `example-api-key`) unless its spec gives
 * its own known-answer test, and the key they show is the HMAC of those.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emitDocs } from '../../generator/emit/docs/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { Printer } from '../../generator/print/printer.js';
import { fromRoot } from '../helpers/paths.js';

const SPEC = 'test/fixtures/specs/weather/weather.yaml';
const TEXT = readFileSync(fromRoot(SPEC), 'utf8');

function docsOf(text: string): string {
  const model = parseSpec(text, SPEC);
  return emitDocs(model, new Printer(model))
    .map((f) => f.content)
    .join('\n');
}

describe('docs examples sign with the spec’s example credentials', () => {
  it('a signed service without auth.example shows the made-up ones, never the payer’s', () => {
    const docs = docsOf(TEXT);
    expect(docs).toContain('example-api-key');
    expect(docs).not.toMatch(/MyPayer|boguskey|1521234048/);
  });

  it('auth.example gives the principal, key and timestamp, and each signed example is their HMAC', () => {
    expect(TEXT).toMatch(/^auth:\n/m);
    const text = TEXT.replace(
      /^auth:\n/m,
      'auth:\n  example: { principal: ACME, apiKey: known-answer-key, timestamp: 1700000000 }\n',
    );
    const docs = docsOf(text);
    expect(docs).toContain('known-answer-key');
    expect(docs).not.toContain('example-api-key');
    const message = /`(ACME1700000000[^`]*)`/.exec(docs)?.[1];
    expect(message).toBeDefined();
    const key = createHmac('sha256', 'known-answer-key').update(message!, 'utf8').digest('hex');
    expect(docs).toContain(key);
  });
});
