/**
 * The importer on a small hand-written WSDL (test/fixtures/import/Shapes.wsdl, its types in Shapes.xsd, included by
 * schemaLocation) with the shapes the third-party WSDLs lack: attributes, a list without a container, nested lists,
 * an item element of its own, XML content, a nillable value, a SOAPAction and an HTTP POST root off ASMX's
 * convention, a result element not named <OpResult>, a void operation on HTTP POST, and constructs the format cannot
 * express (s:choice, s:anyAttribute, an element default, s:group). Then the command line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/spec/load.js';
import { decided } from './model-summary.js';
import { runCli } from '../helpers/cli.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const WSDL = 'test/fixtures/import/Shapes.wsdl';

describe('importWsdl: shapes', () => {
  const imported = importWsdl(readFileSync(fromRoot(WSDL), 'utf8'), WSDL, {
    readFile: (path) => readFileSync(join(repoRoot, path), 'utf8'),
  });

  it('drafts the reviewed spec (test/fixtures/import/Shapes.expected.yaml), which loads', () => {
    expect(imported.yaml).toBe(readFileSync(fromRoot('test/fixtures/import/Shapes.expected.yaml'), 'utf8'));
    const model = parseSpec(decided(imported.yaml), 'Shapes.yaml');
    const item = model.records.find((r) => r.name === 'Item')!;
    expect(item.base?.name).toBe('Entity');
    expect(item.ownFields.map((f) => [f.name, f.attribute, f.optional, f.nillable])).toEqual([
      ['Line', false, false, false],
      ['Matrix', false, true, false],
      ['Tags', false, true, false],
      ['Data', false, true, false],
      ['Color', false, false, true],
      ['Code', true, true, false],
      ['Rank', true, false, false],
    ]);
    const count = model.operations.find((o) => o.name === 'Count')!;
    expect(count.httpPostRoot).toEqual({ kind: 'shown', name: 'Number' });
    expect(model.operations.find((o) => o.name === 'GetItem')!.soapAction).toBe('urn:shapes#GetItem');
    expect(model.operations.find((o) => o.name === 'Ping')!.httpPostRoot).toEqual({ kind: 'empty' });
  });

  it('reports each construct it cannot map with its position in the file that has it', () => {
    expect(imported.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.construct}`)).toEqual([
      'test/fixtures/import/Shapes.xsd:26:11 s:choice',
      'test/fixtures/import/Shapes.xsd:33:9 s:anyAttribute',
      'test/fixtures/import/Shapes.xsd:39:7 default="none"',
      'test/fixtures/import/Shapes.xsd:41:7 s:group',
      'test/fixtures/import/Shapes.xsd:44:3 s:group',
    ]);
  });
});

describe('svc-codegen import-wsdl', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-wsdl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const holiday = 'test/fixtures/wsdl/holiday/HolidayService2.wsdl';
  const out = join(dir, 'holiday.yaml');
  const bad = join(dir, 'bad.wsdl');
  writeFileSync(bad, '<definitions><unclosed></definitions>');
  // The three runs start together (each is a Node process with tsx: about a second).
  const runs = Promise.all([
    runCli(['import-wsdl', holiday, '--out', out], repoRoot),
    runCli(['import-wsdl', 'test/fixtures/wsdl/products/ProductService.wsdl'], repoRoot),
    runCli(['import-wsdl', bad], repoRoot),
  ]);

  it('writes --out and lists the problems on stderr, exit code 0', async () => {
    const [run] = await runs;
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(importWsdl(readFileSync(fromRoot(holiday), 'utf8'), holiday).yaml);
    expect(run.stderr).toContain(`${holiday}:26:7: abstract="true": CodeDescriptionBase`);
    expect(run.stderr).toContain(`${holiday}:512:3: HTTP GET binding:`);
  });

  it('writes to stdout without --out', async () => {
    const [, run] = await runs;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^# yaml-language-server/);
    expect(() => parseSpec(decided(run.stdout), 'ProductService.yaml')).not.toThrow();
  });

  it('exits with 2 for input that is not a WSDL, saying where', async () => {
    const [, , run] = await runs;
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`${bad}:1:24: end tag </definitions> does not match <unclosed>\n`);
  });
});

describe('import-wsdl from a URL', () => {
  it("drafts the spec from a service's ?WSDL (the payer mock's), as from the same text in a file", async () => {
    const { startMockServer } = await import('../../generated/mock/index.js');
    const mock = await startMockServer({ port: 0 });
    try {
      const url = `${mock.url}/v5/PayerFunctions.asmx?WSDL`;
      const served = await (await fetch(url)).text();
      const run = await runCli(['import-wsdl', url], repoRoot);
      expect([run.code, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toBe(importWsdl(served, url).yaml);
      const model = parseSpec(decided(run.stdout), 'payer.yaml');
      expect([model.path, model.operations.length]).toEqual(['/v5/PayerFunctions.asmx', 19]);
    } finally {
      await mock.close();
    }
  });

  it('exits with 2 when the URL does not answer a WSDL', async () => {
    const run = await runCli(['import-wsdl', 'http://127.0.0.1:9/nothing.asmx?WSDL'], repoRoot);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^http:\/\/127\.0\.0\.1:9\/nothing\.asmx\?WSDL: cannot read the WSDL: /);
  });
});
