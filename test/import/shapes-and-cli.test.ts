/**
 * The importer on a small hand-written WSDL (test/fixtures/import/Shapes.wsdl, its types in Shapes.xsd, included by
 * schemaLocation) with the shapes the third-party WSDLs lack: attributes, a list without a container, nested lists,
 * an item element of its own, XML content, a nillable value, a SOAPAction and an HTTP POST root off ASMX's
 * convention, a result element not named <OpResult>, a void operation on HTTP POST, a choice, an anyAttribute, and
 * a named model group (read where its reference stands), and a construct the format cannot express (an element
 * default). Then the command line.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runImportWsdl } from '../../generator/commands/import-wsdl.js';
import { renderSpecSchema } from '../../generator/generate.js';
import { importWsdl } from '../../generator/import/index.js';
import { parseSpec } from '../../generator/load/load.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const WSDL = 'test/fixtures/import/Shapes.wsdl';

describe('importWsdl: shapes', () => {
  const imported = importWsdl(readFileSync(fromRoot(WSDL), 'utf8'), WSDL, {
    readFile: (path) => readFileSync(join(repoRoot, path), 'utf8'),
  });

  it('drafts the reviewed spec (test/fixtures/import/Shapes.expected.yaml), which loads as it is', () => {
    expect(imported.yaml).toBe(readFileSync(fromRoot('test/fixtures/import/Shapes.expected.yaml'), 'utf8'));
    const model = parseSpec(imported.yaml, 'Shapes.yaml', { strict: true });
    const item = model.records.find((r) => r.name === 'Item')!;
    expect(item.base?.name).toBe('Entity');
    expect(item.ownFields.map((f) => [f.name, f.attribute, f.optional, f.nillable])).toEqual([
      ['Line', false, false, false],
      ['Matrix', false, true, false],
      ['Tags', false, true, false],
      ['Data', false, true, false],
      ['Color', false, false, true],
      // The s:choice of A and B, named as xsd.exe names one (issue 17 item 4).
      ['Item', false, false, false],
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
      // An HTTP POST root the WSDL declares but no message names (GetItem is not in the HTTP POST binding).
      'test/fixtures/import/Shapes.wsdl:45:7 s:element Item',
    ]);
  });
});

describe('svc-codegen import-wsdl (the command, in process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-wsdl-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const holiday = 'test/fixtures/wsdl/holiday/HolidayService2.wsdl';
  const holidayText = readFileSync(fromRoot(holiday), 'utf8');

  it('writes --out, and beside it the JSON Schema its $schema line names; lists the problems on stderr, exit code 0', async () => {
    const out = join(dir, 'spec', 'holiday.yaml');
    mkdirSync(dirname(out));
    const run = await runImportWsdl({ file: holiday, out, cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('');
    const yaml = readFileSync(out, 'utf8');
    expect(yaml).toBe(importWsdl(holidayText, holiday, { schema: true }).yaml);
    // Its abstract base is drafted so (abstract: true): nothing of the WSDL is left out, so nothing is listed.
    expect(yaml).toMatch(/\n  CodeDescriptionBase:\n(?: {4}.*\n)*? {4}abstract: true\n/);
    expect(run.stderr).toMatch(/^Wrote [^\n]*\n$/);
    // The HTTP GET binding is imported, so it is no longer among the problems.
    expect(run.stderr).not.toContain('HTTP GET binding');
    // Both $schema lines name a file that is there: the format's schema, as generate --spec-schema writes it.
    const refs = [/^# yaml-language-server: \$schema=(\S+)$/m.exec(yaml)?.[1], /^\$schema: (\S+)$/m.exec(yaml)?.[1]];
    expect(refs[0]).toBe(refs[1]);
    const schema = resolve(dirname(out), refs[0]!);
    expect(existsSync(schema)).toBe(true);
    expect(readFileSync(schema, 'utf8')).toBe(renderSpecSchema());
  });

  it('writes to stdout without --out, without $schema lines (no file is written for them to name); it loads as it is', async () => {
    const run = await runImportWsdl({ file: 'test/fixtures/wsdl/myboardpack/MyBoardPack.wsdl', cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(
      /^# Drafted by `svc-codegen import-wsdl` from test\/fixtures\/wsdl\/myboardpack\/MyBoardPack\.wsdl\.$/m,
    );
    expect(run.stdout).not.toContain('$schema');
    expect(run.stderr).toContain(
      'test/fixtures/wsdl/myboardpack/MyBoardPack.wsdl:1315:4: s:list: the simple type Rights is drafted as string',
    );
    expect(() => parseSpec(run.stdout, 'MyBoardPack.yaml', { strict: true })).not.toThrow();
  });

  it('names a WSDL given by an absolute path relative to the working directory: no absolute path in the draft', async () => {
    const run = await runImportWsdl({ file: fromRoot(holiday), cwd: repoRoot });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(importWsdl(holidayText, holiday).yaml);
    expect(run.stdout).not.toContain(repoRoot);
    const elsewhere = await runImportWsdl({ file: fromRoot(holiday), cwd: join(repoRoot, 'test') });
    expect(elsewhere.stdout).toContain('from fixtures/wsdl/holiday/HolidayService2.wsdl.');
    expect(elsewhere.stdout).not.toContain(repoRoot);
    const reported = await runImportWsdl({
      file: fromRoot('test/fixtures/wsdl/myboardpack/MyBoardPack.wsdl'),
      cwd: join(repoRoot, 'test'),
    });
    expect(reported.stderr).toContain('\nfixtures/wsdl/myboardpack/MyBoardPack.wsdl:1315:4: s:list:');
    expect(reported.stderr).not.toContain(repoRoot);
  });

  it('exits with 2 for input that is not a WSDL, saying where', async () => {
    const bad = join(dir, 'bad.wsdl');
    writeFileSync(bad, '<definitions><unclosed></definitions>');
    const run = await runImportWsdl({ file: bad, cwd: dir });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toBe('bad.wsdl:1:24: cannot read the WSDL: end tag </definitions> does not match <unclosed>\n');
  });
});

describe('import-wsdl from a URL', () => {
  it("drafts the spec from a service's ?WSDL (the payer mock's), as from the same text in a file", async () => {
    const { startMockServer } = await import('../../generated/mock/index.js');
    const mock = await startMockServer({ port: 0 });
    try {
      const url = `${mock.url}/v5/PayerFunctions.asmx?WSDL`;
      const served = await (await fetch(url)).text();
      const run = await runImportWsdl({ file: url, cwd: repoRoot });
      expect([run.exitCode, run.stderr]).toEqual([0, '']);
      expect(run.stdout).toBe(importWsdl(served, url).yaml);
      const model = parseSpec(run.stdout, 'payer.yaml', { strict: true });
      expect([model.path, model.operations.length, model.version]).toEqual(['/v5/PayerFunctions.asmx', 19, 'v5']);
    } finally {
      await mock.close();
    }
  });

  it('exits with 2 when the URL does not answer a WSDL', async () => {
    const run = await runImportWsdl({ file: 'http://127.0.0.1:9/nothing.asmx?WSDL', cwd: repoRoot });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/^http:\/\/127\.0\.0\.1:9\/nothing\.asmx\?WSDL: cannot read the WSDL: /);
  });
});
