/** Shared by the spec-diff tests: the base spec (test/fixtures/diff/base.yaml) and textual edits of it. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ServiceModel } from '../../generator/model/types.js';
import { parseSpec } from '../../generator/load/load.js';

export const FIXTURES = fileURLToPath(new URL('../fixtures/diff/', import.meta.url));
export const BASE = readFileSync(`${FIXTURES}base.yaml`, 'utf8');

/** A text edit: each `from` must occur in the text; every occurrence is replaced. */
export type Edit = readonly [from: string, to: string];

/** The base spec's Item fields and CountResult's field, as written there: the text the edits of the tables replace. */
export const ITEM_FIELDS = `      - name: id
        type: long
      - name: label
        type: string`;
export const COUNT_FIELD = `      - name: count
        type: int`;

export function edited(edits: readonly Edit[] = [], text = BASE): string {
  let out = text;
  for (const [from, to] of edits) {
    if (!out.includes(from)) throw new Error(`the edit does not apply: ${JSON.stringify(from)} is not in the spec`);
    out = out.split(from).join(to);
  }
  return out;
}

export function model(edits: readonly Edit[] = []): ServiceModel {
  return parseSpec(edited(edits), 'base.yaml');
}
