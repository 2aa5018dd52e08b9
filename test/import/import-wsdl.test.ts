/**
 * `importWsdl` on real ASMX WSDLs: each third-party WSDL of test/fixtures/wsdl/ imports to a spec that loads and
 * whose model equals the hand-written translation's in everything a WSDL carries (model-summary.ts lists what it
 * cannot carry, with reasons); our own generated payer WSDL imports back to the payer spec's model likewise.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import type { OperationModel, ServiceModel } from '../../generator/model/types.js';
import { loadSpec, parseSpec } from '../../generator/spec/load.js';
import { SpecError } from '../../generator/spec/errors.js';
import { thrown } from '../helpers/failures.js';
import { fromRoot } from '../helpers/paths.js';
import { decided, modelSummary } from './model-summary.js';

const FIXTURES = [
  { dir: 'holiday', name: 'HolidayService2' },
  { dir: 'interhome', name: 'WebService' },
  { dir: 'products', name: 'ProductService' },
  { dir: 'ssrs-execution', name: 'ReportExecutionService' },
  { dir: 'wsf-schedule', name: 'WSF_x0020_Schedule' },
] as const;

/** The constructs each import reports (problems), by construct and count: what the format cannot express. */
const EXPECTED_PROBLEMS: Record<string, Record<string, number>> = {
  holiday: { 'abstract="true"': 1, 'HTTP GET binding': 1 },
  interhome: { 's:anyAttribute': 1 },
  products: { 'default="-2147483648"': 12, 'default=""': 14, 'default="-79228162514264337593543950335"': 10, 'default="0001-01-01T00:00:00"': 2, 'default="-1.7976931348623157E+308"': 1 },
  'ssrs-execution': { 's:anyAttribute': 2, 'response soap:header': 35 },
  'wsf-schedule': { 's:anyAttribute': 1, 'HTTP GET binding': 1 },
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

/** Whether the line `file:line` of `yaml` is a comment (the draft's top notes name TODO(import) too). */
function isCommentLine(yaml: string, where: string): boolean {
  const line = Number(where.split(':').pop());
  return yaml.split('\n')[line - 1]!.trimStart().startsWith('#');
}

describe('importWsdl: third-party ASMX WSDLs', () => {
  for (const { dir, name } of FIXTURES) {
    describe(dir, () => {
      const imported = importFile(`wsdl/${dir}/${name}.wsdl`);

      it('drafts a spec whose every TODO the loader reports at its place, and that loads once they are decided', () => {
        const todos = imported.yaml.split('\n').flatMap((line, i) => {
          const column = line.indexOf('TODO(import)');
          return column < 0 ? [] : [`${name}.yaml:${i + 1}`];
        });
        const issues = thrown(() => parseSpec(imported.yaml, `${name}.yaml`), SpecError).issues;
        expect(issues.map((i) => `${i.file}:${i.line}`)).toEqual(todos.filter((t) => !isCommentLine(imported.yaml, t)));
        expect(issues.every((i) => i.message === 'TODO(import) left by import-wsdl: decide it and write the value')).toBe(true);
        expect(() => parseSpec(decided(imported.yaml), `${name}.yaml`)).not.toThrow();
      });

      it("has the hand-written translation's model in everything a WSDL carries", () => {
        const model = parseSpec(decided(imported.yaml), `${name}.yaml`);
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

  it('starts with the $schema lines and marks what a WSDL cannot say', () => {
    const { yaml } = importFile('wsdl/holiday/HolidayService2.wsdl');
    expect(yaml.split('\n')[0]).toBe('# yaml-language-server: $schema=./svc-spec.schema.json');
    expect(yaml).toMatch(/^\$schema: \.\/svc-spec\.schema\.json$/m);
    expect(yaml).toMatch(/^# - auth \(request signing\)/m);
    expect(yaml).toContain("doc: 'TODO(import): describe countryCode.'");
    // The WSDL's own documentation is kept.
    expect(yaml).toContain('doc: Get the holidays for a specific month.');
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
    const reference = payerParam.type.kind !== 'primitive' || ['string', 'base64Binary', 'xml'].includes(payerParam.type.name);
    return reference || payerParam.default !== undefined ? 'not carried' : mine.optional;
  };

  it('imports back to the payer spec model, without problems', () => {
    expect(imported.problems).toEqual([]);
    const model = parseSpec(decided(imported.yaml), 'payer-imported.yaml');
    expect(modelSummary(model, { paramOptional: notCarried(model) })).toEqual(modelSummary(payer, { paramOptional: notCarried(payer) }));
  });
});
