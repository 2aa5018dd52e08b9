/**
 * The printer lays out generated TypeScript in its final form itself (generator/print/layout/): for every spec of
 * this repository's fixtures, the payer spec and a synthetic spec with every shape the emitters know, each printed
 * file is exactly what prettier makes of it, and no statement was left to prettier (a statement the layout cannot
 * vouch for is formatted by prettier, which keeps the output right but slow: the fixtures must not need it).
 */
import { readFileSync } from 'node:fs';
import { format } from 'prettier';
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { emitters } from '../../generator/emit/index.js';
import { formatFiles, PRETTIER } from '../../generator/print/format.js';
import { Printer } from '../../generator/print/printer.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { importWsdl } from '../../generator/import/index.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { syntheticSpec } from '../bench/synthetic-spec.js';
import { GENERATED_DIR, PAYER_SPEC, fromRoot } from '../helpers/paths.js';
import { PAYER_SPEC_NAME } from '../helpers/payer-render.js';

const SPECS = [
  PAYER_SPEC,
  'test/fixtures/specs/almanac/almanac.yaml',
  'test/fixtures/specs/bare/quotes.yaml',
  'test/fixtures/specs/choices/reports.yaml',
  'test/fixtures/specs/headers/headers.yaml',
  'test/fixtures/specs/inventory/inventory.yaml',
  'test/fixtures/specs/payer-v6/payer-v6.yaml',
  'test/fixtures/specs/minimal.yaml',
];
const WSDLS = ['Shapes.wsdl', 'Zoo.wsdl', 'Choices.wsdl', 'Bare.wsdl', 'Menagerie.wsdl'];
/**
 * Real services' WSDLs (test/fixtures/wsdl/) whose drafts showed constructs the others lack: a record without
 * members (interhome), a function returning an object type (the mock's `assemble` of ssrs-execution, sstl-wechat).
 */
const REAL_WSDLS = ['interhome/WebService.wsdl', 'ssrs-execution/ReportExecutionService.wsdl', 'sstl-wechat/ProjectOperateforWeChat.wsdl'];
/** Hand-written WSDLs of other folders: repeated parameters and alternatives, a wrapper extending a type. */
const OTHER_WSDLS = ['test/fixtures/repeated-param/Proofs.wsdl'];

/**
 * The synthetic spec with every name of an operation, record, enum and parameter about 40 characters longer: lines
 * that fit with the usual names break, and must break as prettier breaks them.
 */
function longNames(spec: string): string {
  return spec
    .replace(/Thing(\d+)/g, 'ThingWithAnExtraordinarilyLongDescriptiveName$1')
    .replace(/\bRec(\d+)/g, 'RecordWithAnExtraordinarilyLongDescriptiveName$1')
    .replace(/\bKind(\d+)/g, 'KindWithAnExtraordinarilyLongDescriptiveName$1')
    .replace(/Arg(\d+)/g, 'ArgumentWithAnExtraordinarilyLongDescriptiveName$1');
}

function modelOf(source: string): ServiceModel {
  if (source.startsWith('long-names-')) return parseSpec(longNames(syntheticSpec(Number(source.slice(11)))), 'synthetic.yaml');
  if (source.startsWith('synthetic')) return parseSpec(syntheticSpec(Number(source.slice(10))), 'synthetic.yaml');
  if (source.endsWith('.wsdl')) {
    // A path from the root, a folder of test/fixtures/wsdl/, or a file of test/fixtures/import/.
    const file = source.startsWith('test/') ? source : source.includes('/') ? `test/fixtures/wsdl/${source}` : `test/fixtures/import/${source}`;
    const dir = file.slice(0, file.lastIndexOf('/'));
    const path = fromRoot(file);
    const imported = importWsdl(readFileSync(path, 'utf8'), source, { readFile: (p: string) => readFileSync(fromRoot(`${dir}/${p}`), 'utf8') });
    return parseSpec(imported.yaml, `${imported.service}.yaml`);
  }
  return loadSpec(fromRoot(source), { cwd: fromRoot('.') });
}

describe('generated TypeScript laid out without prettier', () => {
  for (const source of [...SPECS, ...WSDLS, ...REAL_WSDLS, ...OTHER_WSDLS, 'synthetic-40']) {
    it(`${source}: every printed file as prettier lays it out, none left to prettier`, async () => {
      const model = modelOf(source);
      // The payer spec's output is generated/, which prettier-judge.test.ts checks with prettier: compared with it.
      const committed = source === PAYER_SPEC;
      const printer = new Printer(model, committed ? { specName: PAYER_SPEC_NAME } : {});
      const files = emitters.flatMap((e) => e(model, printer)).filter((f) => f.pieces !== undefined);
      const left = files.flatMap((f) => f.pieces!.filter((p) => p.format !== 'none').map((p) => `${f.path}:\n${p.text.slice(0, 400)}`));
      const problems: string[] = [];
      for (const f of await formatFiles(files)) {
        const expected = committed ? readFileSync(fromRoot(`${GENERATED_DIR}/${f.path}`), 'utf8') : await format(f.content, PRETTIER);
        if (expected !== f.content) problems.push(createTwoFilesPatch(f.path, `${f.path} (prettier)`, f.content, expected).split('\n').slice(0, 60).join('\n'));
      }
      expect(problems, problems.join('\n')).toEqual([]);
      expect(left, `left to prettier:\n${left.join('\n---\n')}`).toEqual([]);
    });
  }

  it('long-names-30: names that make lines break, laid out as prettier lays them out (some statements left to it)', async () => {
    const model = modelOf('long-names-30');
    expect(model.operations.filter((o) => o.name.length > 45).length).toBeGreaterThan(20);
    const printer = new Printer(model);
    const files = emitters.flatMap((e) => e(model, printer)).filter((f) => f.pieces !== undefined);
    const problems: string[] = [];
    for (const f of await formatFiles(files)) {
      const formatted = await format(f.content, PRETTIER);
      if (formatted !== f.content) problems.push(createTwoFilesPatch(f.path, `${f.path} (prettier)`, f.content, formatted).split('\n').slice(0, 60).join('\n'));
    }
    expect(problems, problems.join('\n')).toEqual([]);
    // Most of it is still laid out here: what is left to prettier is a line that cannot fit however it breaks.
    const segments = files.flatMap((f) => f.pieces!);
    expect(segments.filter((p) => p.format !== 'none').length).toBeLessThan(segments.length / 20);
  });
});
