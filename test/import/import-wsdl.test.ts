/**
 * `importWsdl` on real ASMX WSDLs: each third-party WSDL of test/fixtures/wsdl/ imports to a spec that loads as it is
 * (its TODO(import) marks are warnings) and whose model equals the hand-written translation's in everything a WSDL
 * carries (model-summary.ts lists what it cannot carry, with reasons); the draft writes no key whose value is the
 * format's default; our own generated payer WSDL imports back to the payer spec's model likewise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node } from 'yaml';
import { importWsdl } from '../../generator/import/index.js';
import type { OperationModel, ServiceModel } from '../../generator/model/types.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { SpecError, type SpecIssue } from '../../generator/load/errors.js';
import { thrown } from '../helpers/failures.js';
import { fromRoot } from '../helpers/paths.js';
import { modelSummary } from './model-summary.js';

const FIXTURES = [
  { dir: 'holiday', name: 'HolidayService2' },
  { dir: 'interhome', name: 'WebService' },
  { dir: 'products', name: 'ProductService' },
  { dir: 'ssrs-execution', name: 'ReportExecutionService' },
  { dir: 'wsf-schedule', name: 'WSF_x0020_Schedule' },
] as const;

/** The constructs each import reports (problems), by construct and count: what the format cannot express. */
const EXPECTED_PROBLEMS: Record<string, Record<string, number>> = {
  // Its abstract base is drafted abstract: true.
  holiday: {},
  interhome: {},
  // Its 39 default values are kept since issue 25 (`default:` on the fields).
  products: {},
  // Response headers and xs:anyAttribute are kept since issue 17, item 6.
  'ssrs-execution': {},
  'wsf-schedule': {},
};

function importFile(path: string) {
  const file = `test/fixtures/${path}`;
  return importWsdl(readFileSync(fromRoot(file), 'utf8'), file);
}

function counts(constructs: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of constructs) out[c] = (out[c] ?? 0) + 1;
  return out;
}

/** The SOAP headers each draft marks (their client option is a decision the WSDL cannot carry). */
const MARKED_HEADERS: Record<string, string[]> = {
  holiday: [],
  interhome: ['ServiceAuthHeader'],
  products: [],
  'ssrs-execution': ['TrustedUserHeader', 'ExecutionHeader'],
  'wsf-schedule': ['APIAccessHeader'],
};

/** `file:line:column` of each `# TODO(import)` comment of a draft: at the mark, after `# `. */
function markPlaces(yaml: string, file: string): string[] {
  return yaml
    .split('\n')
    .flatMap((line, i) =>
      /^\s*# TODO\(import\)/.test(line) ? [`${file}:${i + 1}:${line.indexOf('TODO(import)') + 1}`] : [],
    );
}

/** Keys the format lets a spec leave out (their defaults): written only where the value differs. */
const OPTIONAL_KEYS = new Set([
  'bindings',
  'soapHeaders',
  'enums',
  'records',
  'params',
  'fields',
  'headers',
  'outputs',
  'optional',
  'nillable',
  'nillableItems',
  'item',
  'container',
  'attribute',
  'extends',
  'httpPost',
  'httpPostRoot',
  'soapAction',
  'namespace',
  'nullable',
  'element',
]);

/** The path of every optional key of the draft, at most `perKey` of each name (in document order). */
function optionalKeyPaths(doc: Document, perKey: number): Array<Array<string | number>> {
  const found: Array<Array<string | number>> = [];
  const counts = new Map<string, number>();
  const walk = (node: unknown, path: Array<string | number>) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '';
        // service.namespace is required; an operation's is not.
        const optional = OPTIONAL_KEYS.has(key) && !(key === 'namespace' && path.length === 1 && path[0] === 'service');
        if (optional && (counts.get(key) ?? 0) < perKey) {
          counts.set(key, (counts.get(key) ?? 0) + 1);
          found.push([...path, key]);
        }
        walk(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item as Node, [...path, i]));
    }
  };
  walk(doc.contents, []);
  return found;
}

describe('importWsdl: third-party ASMX WSDLs', () => {
  for (const { dir, name } of FIXTURES) {
    describe(dir, () => {
      const imported = importFile(`wsdl/${dir}/${name}.wsdl`);

      it('drafts a spec that loads as it is, warning at each TODO(import) comment (a SOAP header to decide); strict refuses those', () => {
        const warnings: SpecIssue[] = [];
        parseSpec(imported.yaml, `${name}.yaml`, { onWarning: (w) => warnings.push(w) });
        const places = markPlaces(imported.yaml, `${name}.yaml`);
        expect(warnings.map((w) => `${w.file}:${w.line}:${w.column}`)).toEqual(places);
        expect(warnings.map((w) => /the SOAP header (\w+) /.exec(w.message)?.[1])).toEqual(MARKED_HEADERS[dir]);
        if (places.length > 0) {
          const issues = thrown(() => parseSpec(imported.yaml, `${name}.yaml`, { strict: true }), SpecError).issues;
          expect(issues).toEqual(warnings);
        } else {
          expect(() => parseSpec(imported.yaml, `${name}.yaml`, { strict: true })).not.toThrow();
        }
        // Nothing invented: no doc the WSDL does not have, no version it does not say.
        expect(imported.yaml.split('\n').filter((l) => l.includes('TODO') && !l.trimStart().startsWith('#'))).toEqual(
          [],
        );
      });

      it("has the hand-written translation's model in everything a WSDL carries", () => {
        const model = parseSpec(imported.yaml, `${name}.yaml`);
        const hand = loadSpec(fromRoot('test/fixtures/wsdl', dir, `${name}.yaml`));
        expect(modelSummary(model)).toEqual(modelSummary(hand));
      });

      it('reports what the format cannot express, with positions, in the YAML too', () => {
        expect(counts(imported.problems.map((p) => p.construct))).toEqual(EXPECTED_PROBLEMS[dir]);
        for (const p of imported.problems) {
          expect(p.line).toBeGreaterThan(0);
          expect(p.column).toBeGreaterThan(0);
          expect(imported.yaml).toContain(`# - ${p.file}:${p.line}:${p.column}: ${p.construct}:`);
        }
      });

      it('is deterministic', () => {
        expect(importFile(`wsdl/${dir}/${name}.wsdl`).yaml).toBe(imported.yaml);
      });
    });
  }

  it('writes no key whose value the format would assume without it: each one left out changes the model', () => {
    // Each key name is tried twice over the five drafts, smallest draft first: a parse per try, bounded.
    const tried = new Map<string, number>();
    const redundant: string[] = [];
    const drafts = FIXTURES.map(({ dir, name }) => ({ dir, yaml: importFile(`wsdl/${dir}/${name}.wsdl`).yaml })).sort(
      (a, b) => a.yaml.length - b.yaml.length,
    );
    for (const { dir, yaml } of drafts) {
      const doc = parseDocument(yaml);
      const paths = optionalKeyPaths(doc, 2).filter((path) => {
        const key = String(path.at(-1));
        tried.set(key, (tried.get(key) ?? 0) + 1);
        return tried.get(key)! <= 2;
      });
      if (paths.length === 0) continue;
      const base = JSON.stringify(modelSummary(parseSpec(yaml, `${dir}.yaml`)));
      for (const path of paths) {
        const without = doc.clone();
        without.deleteIn(path);
        let changed: boolean;
        try {
          changed = JSON.stringify(modelSummary(parseSpec(without.toString(), `${dir}.yaml`))) !== base;
        } catch (error) {
          if (!(error instanceof SpecError)) throw error;
          changed = true;
        }
        if (!changed) redundant.push(`${dir}: ${path.join('.')}`);
      }
    }
    expect(redundant).toEqual([]);
    // The drafts write most kinds of optional key, so the check above is not empty.
    expect([...tried.keys()].sort()).toEqual(
      expect.arrayContaining(['bindings', 'headers', 'nillable', 'optional', 'nillableItems', 'httpPost', 'element']),
    );
  });

  it('names the WSDL as given, lists what a WSDL cannot say, keeps its documentation and invents none', () => {
    const { yaml } = importFile('wsdl/holiday/HolidayService2.wsdl');
    expect(yaml.split('\n')[0]).toBe(
      '# Drafted by `svc-codegen import-wsdl` from test/fixtures/wsdl/holiday/HolidayService2.wsdl.',
    );
    expect(yaml).toMatch(/^# - auth \(request signing\)/m);
    expect(yaml).toContain('doc: Get the holidays for a specific month.');
    expect(yaml).toContain('- { name: countryCode, type: Country }');
    expect(yaml).not.toContain('TODO(import): ');
  });

  it('starts with the $schema lines only when asked (the schema is then written beside it, see import-wsdl)', () => {
    const file = 'test/fixtures/wsdl/holiday/HolidayService2.wsdl';
    const text = readFileSync(fromRoot(file), 'utf8');
    const plain = importWsdl(text, file).yaml;
    const withSchema = importWsdl(text, file, { schema: true }).yaml;
    expect(plain).not.toContain('$schema');
    expect(withSchema.split('\n')[0]).toBe('# yaml-language-server: $schema=./svc-spec.schema.json');
    expect(withSchema).toMatch(/^\$schema: \.\/svc-spec\.schema\.json$/m);
  });

  it('takes the version from the WSDL where it says one (address, then namespace), else none', () => {
    const versions = Object.fromEntries(
      FIXTURES.map(({ dir, name }) => [dir, parseSpec(importFile(`wsdl/${dir}/${name}.wsdl`).yaml, 'x.yaml').version]),
    );
    // holiday: namespace .../HolidayService_v2/; interhome: address .../partnerV3/...; products: address .../V001/...
    expect(versions).toEqual({
      holiday: 'v2',
      interhome: 'V3',
      products: 'V001',
      'ssrs-execution': undefined,
      'wsf-schedule': undefined,
    });
  });
});

/**
 * Our payer WSDL imported back. Besides what no WSDL carries (model-summary.ts), the payer spec says more about its
 * parameters than ASMX's schema can:
 *
 * | left out | why |
 * | --- | --- |
 * | `optional` of string parameters | ASMX writes minOccurs="0" for every reference type, so the import marks every string optional |
 * | `optional` of a parameter with a `default` | the client always sends it, so the schema has minOccurs="1" |
 */
describe('importWsdl: the generated payer WSDL', () => {
  const file = 'generated/wsdl/PayerFunctions.wsdl';
  const imported = importWsdl(readFileSync(fromRoot(file), 'utf8'), file);
  const payer = loadSpec(fromRoot('spec/payer-v5.yaml'));

  const notCarried = (model: ServiceModel) => (op: OperationModel, name: string) => {
    const mine = model.operations.find((o) => o.name === op.name)?.params.find((p) => p.name === name);
    const payerParam = payer.operations.find((o) => o.name === op.name)?.params.find((p) => p.name === name);
    if (!mine || !payerParam) return mine?.optional ?? false;
    const reference =
      payerParam.type.kind !== 'primitive' || ['string', 'base64Binary', 'xml'].includes(payerParam.type.name);
    return reference || payerParam.default !== undefined ? 'not carried' : mine.optional;
  };

  it('imports back to the payer spec model, without problems', () => {
    expect(imported.problems).toEqual([]);
    const model = parseSpec(imported.yaml, 'payer-imported.yaml');
    // The address /v5/PayerFunctions.asmx says the version.
    expect(model.version).toBe(payer.version);
    expect(modelSummary(model, { paramOptional: notCarried(model) })).toEqual(
      modelSummary(payer, { paramOptional: notCarried(payer) }),
    );
  });
});
