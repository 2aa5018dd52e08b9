/**
 * Issue 17, item 11: the largest real ASMX WSDL we have, e-conomic's accounting API (1,511 operations, 3.1 MB,
 * test/fixtures/wsdl/economic), imports with nothing left out, and importing grows linearly with the operations.
 * Linearity is counted, not timed: every read of an element's children during the import is counted, at three sizes
 * of one synthetic ASMX service (test/bench/synthetic-wsdl.ts). Generating from the e-conomic WSDL and type-checking
 * the result (both too slow for the suite), and how long import and generation take at growing sizes, are in
 * `npm run bench` (section 8).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { draftSpec, importWsdl } from '../../generator/import/index.js';
import { Problems } from '../../generator/import/problems.js';
import { readWsdl } from '../../generator/import/read-wsdl.js';
import type { XmlElement } from '../../generator/import/xml.js';
import { syntheticWsdl } from '../bench/synthetic-wsdl.js';
import { fromRoot } from '../helpers/paths.js';

const ECONOMIC = 'test/fixtures/wsdl/economic/EconomicWebService.wsdl';

describe("e-conomic's WSDL (1,511 operations, 3.1 MB)", () => {
  it('imports with nothing left out', () => {
    const imported = importWsdl(readFileSync(fromRoot(ECONOMIC), 'utf8'), ECONOMIC);
    expect(imported.problems).toEqual([]);
    expect(imported.service).toBe('EconomicWebService');
    const operations = imported.yaml.slice(imported.yaml.indexOf('\noperations:\n')).match(/^ {2}- name: \w+$/gm);
    expect(operations).toHaveLength(1511);
    expect(operations).toContain('  - name: Debtor_GetData');
  });
});

/** Makes every read of an element's children (by index or by iteration, as filter, find and for-of do) count. */
function countChildReads(root: XmlElement, count: () => void): void {
  const stack = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    stack.push(...node.children);
    (node as { children: XmlElement[] }).children = new Proxy(node.children, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) count();
        return Reflect.get(target, property, receiver);
      },
    });
  }
}

/** Children read while a synthetic ASMX service of `operations` operations is drafted from its WSDL. */
function childReads(operations: number): number {
  const problems = new Problems();
  const doc = readWsdl(syntheticWsdl(operations), 'Synthetic.wsdl', problems, () => {
    throw new Error('the synthetic WSDL is one document');
  });
  let reads = 0;
  countChildReads(doc.root, () => reads++);
  const spec = draftSpec(doc, problems);
  expect(problems.list).toEqual([]);
  expect(spec.operations).toHaveLength(operations);
  return reads;
}

describe('importing', () => {
  it('reads the WSDL a bounded number of times per operation: each further operation costs what the ones before did', () => {
    const [small, medium, large] = [40, 80, 160].map(childReads) as [number, number, number];
    const perOperation = { first: (medium - small) / 40, next: (large - medium) / 80 };
    // Linear work gives the same cost per further operation (the synthetic shapes repeat, so nearly exactly);
    // a lookup through all operations for each one doubles it at every doubling.
    expect(perOperation.next / perOperation.first).toBeLessThan(1.1);
  });
});
