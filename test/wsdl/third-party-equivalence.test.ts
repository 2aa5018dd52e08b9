/**
 * The WSDL generated from each third-party spec of test/fixtures/wsdl/ (the YAML translation beside the original
 * ASMX WSDL) says what the original says: both documents are reduced to a summary (test/helpers/wsdl-compare.ts:
 * operations, messages and their parts, bindings with SOAPActions, headers and HTTP POST locations, ports, every
 * element, complex type and enum of the schema with names, types, order, minOccurs, maxOccurs and nillable) and the
 * summaries must be equal.
 *
 * What an original has that the spec format cannot say is excluded, each in a row of KNOWN_GAPS with its reason and
 * the exact number of things it takes out, so that a row can neither hide more than it names nor outlive its cause.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wsdlDocument } from '../../generator/emit/wsdl/index.js';
import { loadSpec } from '../../generator/load/load.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';
import { summarizeWsdl, type Particle, type WsdlSummary } from '../helpers/wsdl-compare.js';

const FIXTURES = 'test/fixtures/wsdl';

interface KnownGap {
  readonly fixture: string;
  readonly what: string;
  readonly reason: string;
  /** How many things the row takes out of the summaries (bindings, attributes, elements, texts...). */
  readonly count: number;
  readonly exclude: (original: WsdlSummary, generated: WsdlSummary) => number;
}

/** `default="..."` on the elements of complex types. */
function elementDefaults(): KnownGap['exclude'] {
  return (original) => {
    let n = 0;
    for (const type of Object.values(original.complexTypes)) {
      for (const p of type.sequence as Particle[]) {
        if (p.other?.['default'] === undefined) continue;
        delete p.other['default'];
        if (Object.keys(p.other).length === 0) delete p.other;
        n++;
      }
    }
    return n;
  };
}

/**
 * Documentation the spec format requires (the service's and each operation's doc) where the original has none: the
 * generated text is dropped only where the original has no `wsdl:documentation` at the same place.
 */
function docsTheOriginalLacks(): KnownGap['exclude'] {
  return (original, generated) => {
    let n = 0;
    if (original.documentation === undefined && generated.documentation !== undefined)
      n += Number(delete generated.documentation);
    if (original.service.documentation === undefined && generated.service.documentation !== undefined)
      n += Number(delete generated.service.documentation);
    for (const [portType, ops] of Object.entries(generated.portTypes)) {
      for (const [name, op] of Object.entries(ops)) {
        if (original.portTypes[portType]?.[name]?.documentation === undefined && op.documentation !== undefined)
          n += Number(delete op.documentation);
      }
    }
    return n;
  };
}

const NO_DOCS =
  'the format requires a doc for the service and every operation; the original documents only some, so the texts were written for the spec';

const KNOWN_GAPS: readonly KnownGap[] = [
  {
    fixture: 'products',
    what: 'default="..." on 39 optional elements (Product, ProductSearchParameters, ...)',
    reason:
      '.NET\'s "not set" sentinels (int.MinValue, decimal.MinValue, "", DateTime.MinValue): the format has optional fields, no element defaults',
    count: 39,
    exclude: elementDefaults(),
  },
  {
    fixture: 'products',
    what: 'the documentation of the service and of 7 operations, which the original lacks',
    reason: NO_DOCS,
    count: 9,
    exclude: docsTheOriginalLacks(),
  },
  {
    fixture: 'ssrs-execution',
    what: 'the documentation of the 29 operations, which the original lacks',
    reason: NO_DOCS,
    count: 29,
    exclude: docsTheOriginalLacks(),
  },
];

interface Fixture {
  readonly dir: string;
  readonly wsdl: string;
  readonly spec: string;
}

function fixtures(): Fixture[] {
  const root = fromRoot(FIXTURES);
  return (
    readdirSync(root, { withFileTypes: true })
      // Only the fixtures with a hand-written translation (<Service>.yaml) have something to compare with; wcf-split and
      // the WSDLs without one are covered by end-to-end.test.ts (and e-conomic's by scale.test.ts).
      .filter((d) => d.isDirectory() && readdirSync(join(root, d.name)).some((f) => f.endsWith('.yaml')))
      .map((d) => {
        const files = readdirSync(join(root, d.name));
        const wsdl = files.filter((f) => f.endsWith('.wsdl'));
        const spec = files.filter((f) => f.endsWith('.yaml'));
        if (wsdl.length !== 1 || spec.length !== 1)
          throw new Error(`${FIXTURES}/${d.name}: expected one .wsdl and one .yaml`);
        return { dir: d.name, wsdl: join(root, d.name, wsdl[0]!), spec: join(root, d.name, spec[0]!) };
      })
      .sort((a, b) => (a.dir < b.dir ? -1 : 1))
  );
}

/** The operations each original has (README of the fixtures): the comparison is of something. */
const OPERATIONS: Readonly<Record<string, number>> = {
  holiday: 6,
  interhome: 22,
  products: 10,
  'ssrs-execution': 29,
  'wsf-schedule': 23,
};

describe('the WSDL generated from a third-party spec says what the original says', () => {
  const all = fixtures();

  it('covers every fixture, and every known gap names one', () => {
    expect(all.map((f) => f.dir)).toEqual(Object.keys(OPERATIONS).sort());
    for (const gap of KNOWN_GAPS) expect(all.map((f) => f.dir)).toContain(gap.fixture);
  });

  it.each(all)('$dir', ({ dir, wsdl, spec }) => {
    const original = summarizeWsdl(readFileSync(wsdl, 'utf8'));
    const generated = summarizeWsdl(wsdlDocument(loadSpec(spec, { cwd: repoRoot })));
    expect(Object.keys(original.portTypes[`${original.service.name}Soap`] ?? {})).toHaveLength(OPERATIONS[dir]!);

    const excluded = KNOWN_GAPS.filter((g) => g.fixture === dir).map((g) => ({
      what: g.what,
      count: g.exclude(original, generated),
    }));
    // Each row takes out exactly what it says: no more (a wider exclusion), no less (a gap that no longer exists).
    expect(excluded).toEqual(
      KNOWN_GAPS.filter((g) => g.fixture === dir).map((g) => ({ what: g.what, count: g.count })),
    );

    expect(generated).toEqual(original);
  });
});
