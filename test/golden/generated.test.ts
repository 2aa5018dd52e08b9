/**
 * Golden files: generated/ and spec/svc-spec.schema.json are exactly what the generator renders from
 * spec/payer-v5.yaml; check mode sees every kind of difference; the output is deterministic.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, assert, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCAL_ONLY_DIRS } from '../../generator/emit/package/index.js';
import { DEFAULT_SCHEMA_FILE, generate, headerSpecName, render, renderSpecSchema } from '../../generator/generate.js';
import { GENERATED_MARKER, type GeneratedFile } from '../../generator/print/printer.js';
import { loadSpec } from '../../generator/load/load.js';
import { describeChanges } from '../../generator/write/summary.js';
import { runCli } from '../helpers/cli.js';
import { readableDiff } from '../helpers/diff.js';
import { listFiles, scratchDir, type Scratch } from '../helpers/files.js';
import { GENERATED_DIR, PAYER_SIMULATOR, PAYER_SPEC, SCHEMA_FILE, fromRoot, repoRoot } from '../helpers/paths.js';
import { PAYER_SPEC_NAME, renderedPayer } from '../helpers/payer-render.js';

const HEADER = `${GENERATED_MARKER} from ${PAYER_SPEC_NAME}. DO NOT EDIT.`;
// Strict JSON has no comment syntax; these files carry no header and are told apart by path instead.
const HEADERLESS = ['client/package.json', 'mock/package.json', 'package.json'];

/** The files of an output directory, less what building or installing the package there adds (dist/, node_modules/). */
function outputFiles(dir: string): string[] {
  return listFiles(dir).filter((f) => !LOCAL_ONLY_DIRS.some((d) => f.startsWith(`${d}/`)));
}

function renderPayer(): Promise<GeneratedFile[]> {
  return render(loadSpec(fromRoot(PAYER_SPEC), { cwd: repoRoot }), { specName: PAYER_SPEC_NAME });
}

let rendered: GeneratedFile[];
beforeAll(async () => {
  rendered = [...(await renderedPayer())];
});

describe('the committed output is what the generator renders', () => {
  it('renders something', () => {
    expect(rendered.length).toBeGreaterThan(0);
  });

  it('generated/ holds every rendered file, byte for byte', () => {
    const stale: string[] = [];
    for (const file of rendered) {
      let onDisk: string | undefined;
      try {
        onDisk = readFileSync(fromRoot(GENERATED_DIR, file.path), 'utf8');
      } catch {
        onDisk = undefined;
      }
      if (onDisk === undefined) stale.push(`missing on disk: ${GENERATED_DIR}/${file.path}`);
      else if (onDisk !== file.content) stale.push(readableDiff(`${GENERATED_DIR}/${file.path}`, file.content, onDisk));
    }
    if (stale.length > 0) {
      assert.fail(`generated/ is stale; run \`npm run generate\` and commit it.\n\n${stale.join('\n\n')}`);
    }
  });

  it('generated/ holds no file the generator does not render', () => {
    const onDisk = outputFiles(fromRoot(GENERATED_DIR));
    const extra = onDisk.filter((f) => !rendered.some((r) => r.path === f));
    expect(extra, 'files in generated/ that are not generated').toEqual([]);
    expect(onDisk).toEqual(rendered.map((f) => f.path));
  });

  it('spec/svc-spec.schema.json is the JSON Schema of the spec format, byte for byte', () => {
    const onDisk = readFileSync(fromRoot(SCHEMA_FILE), 'utf8');
    const expected = renderSpecSchema();
    if (onDisk !== expected) assert.fail(`${SCHEMA_FILE} is stale\n\n${readableDiff(SCHEMA_FILE, expected, onDisk)}`);
    const schema = JSON.parse(onDisk) as { $comment?: string; properties?: Record<string, unknown> };
    expect(schema.$comment).toContain(GENERATED_MARKER);
    expect(Object.keys(schema.properties ?? {})).toEqual(expect.arrayContaining(['service', 'parameters', 'results', 'operations']));
  });
});

describe('generated files are deterministic and portable', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the same output twice', async () => {
    expect(await renderPayer()).toEqual(rendered);
  });

  it('does not depend on the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2001-02-03T04:05:06Z'));
    const then = await renderPayer();
    vi.setSystemTime(new Date('2099-12-31T23:59:59Z'));
    const later = await renderPayer();
    vi.useRealTimers();
    expect(then).toEqual(rendered);
    expect(later).toEqual(rendered);
    const today = new Date().toISOString().slice(0, 10);
    for (const file of rendered) expect(file.content, file.path).not.toContain(today);
  });

  it('does not depend on where the spec is on disk', async () => {
    const copy = scratchDir('spec-copy');
    try {
      mkdirSync(join(copy.dir, 'spec'));
      cpSync(fromRoot(PAYER_SPEC), join(copy.dir, PAYER_SPEC));
      cpSync(fromRoot(PAYER_SIMULATOR), join(copy.dir, PAYER_SIMULATOR), { recursive: true });
      const specName = headerSpecName(join(copy.dir, GENERATED_DIR), join(copy.dir, PAYER_SPEC));
      expect(await render(loadSpec(join(copy.dir, PAYER_SPEC), { cwd: copy.dir }), { specName })).toEqual(rendered);
    } finally {
      copy.remove();
    }
  });

  it('contains no absolute path and no carriage return', () => {
    const forbidden = [repoRoot, homedir(), tmpdir(), '/work/', '/home/', '/Users/', 'C:\\', 'file://'];
    for (const file of [...rendered, { path: SCHEMA_FILE, content: renderSpecSchema() }]) {
      expect(file.content.includes('\r'), `${file.path} has a \\r`).toBe(false);
      for (const f of forbidden) expect(file.content.includes(f), `${file.path} contains ${f}`).toBe(false);
    }
  });

  it('names files by relative /-separated paths, in sorted order, each once', () => {
    const paths = rendered.map((f) => f.path);
    for (const p of paths) expect(p).toMatch(/^(?!\/)(?!.*\.\.)(?!.*\\)[\w./-]+$/);
    expect(paths).toEqual([...paths].sort());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('starts every file with the generated-file header and ends it with one newline', () => {
    for (const file of rendered) {
      const all = file.content.split('\n');
      // A command a package's bin names starts with its #! line, then the header.
      const lines = file.path === 'mock/cli.ts' ? (expect(all[0]).toBe('#!/usr/bin/env node'), all.slice(1)) : all;
      if (file.path.endsWith('.ts') || file.path.endsWith('.mjs') || file.path.endsWith('tsconfig.json')) {
        // tsconfig.json is JSON with comments.
        expect(lines[0], file.path).toBe(`// ${HEADER}`);
      } else if (file.path.endsWith('.npmrc') || file.path.endsWith('.gitignore')) {
        expect(lines[0], file.path).toBe(`# ${HEADER}`);
      } else if (file.path.endsWith('.json')) {
        expect(HEADERLESS, `${file.path} is JSON without a header`).toContain(file.path);
        expect(() => JSON.parse(file.content) as unknown, file.path).not.toThrow();
        expect(file.content, file.path).not.toContain(GENERATED_MARKER);
      } else {
        // Markup puts the header in a comment after any XML declaration.
        const start = lines[0]?.startsWith('<?xml') ? 1 : 0;
        expect(lines.slice(start, start + 2).join('\n'), file.path).toContain(HEADER);
      }
      expect(file.content.endsWith('\n') && !file.content.endsWith('\n\n'), `${file.path} ends with one newline`).toBe(true);
    }
  });
});

describe('check mode', () => {
  // A scratch project: the spec alone, generated into by the real generate(), then tampered with.
  let project: Scratch;
  const opts = (check: boolean) => ({ spec: PAYER_SPEC, out: GENERATED_DIR, cwd: project.dir, check, schemaFile: DEFAULT_SCHEMA_FILE });
  const at = (path: string) => join(project.dir, path);
  let fresh: Map<string, string>;

  beforeAll(async () => {
    project = scratchDir('check-mode');
    mkdirSync(at('spec'));
    cpSync(fromRoot(PAYER_SPEC), at(PAYER_SPEC));
    cpSync(fromRoot(PAYER_SIMULATOR), at(PAYER_SIMULATOR), { recursive: true });
    const first = await generate(opts(false));
    expect(first.changes.every((c) => c.kind === 'add')).toBe(true);
    expect(first.changes.map((c) => c.path).sort()).toEqual(
      [...rendered.map((f) => `${GENERATED_DIR}/${f.path}`), SCHEMA_FILE].sort(),
    );
    fresh = new Map(listFiles(at(GENERATED_DIR)).map((f) => [f, readFileSync(at(`${GENERATED_DIR}/${f}`), 'utf8')]));
  });
  afterAll(() => {
    project.remove();
  });

  // The first and last rendered files, whatever the emitters produce.
  const victims = () => ({ edited: rendered[0]!.path, deleted: rendered[rendered.length - 1]!.path });

  it('writes exactly the rendered files', () => {
    expect([...fresh.keys()]).toEqual(rendered.map((f) => f.path));
    for (const file of rendered) expect(fresh.get(file.path), file.path).toBe(file.content);
  });

  it('reports no change on fresh output', async () => {
    expect((await generate(opts(true))).changes).toEqual([]);
  });

  it('reports each kind of difference, writes nothing, then write mode repairs it', async () => {
    const { edited, deleted } = victims();
    expect(edited).not.toBe(deleted);
    const editedPath = `${GENERATED_DIR}/${edited}`;
    const deletedPath = `${GENERATED_DIR}/${deleted}`;
    const strayGenerated = `${GENERATED_DIR}/client/no-longer-generated.ts`;
    const strayHandWritten = `${GENERATED_DIR}/NOTES.md`;
    const tamperedEdit = `${fresh.get(edited)}// edited by hand\n`;
    const strayContent = `// ${GENERATED_MARKER} from ${PAYER_SPEC}. DO NOT EDIT.\nexport const gone = 1;\n`;
    const notes = 'Hand-written notes; no marker, so the generator must leave this alone.\n';

    writeFileSync(at(editedPath), tamperedEdit);
    rmSync(at(deletedPath));
    mkdirSync(at(`${GENERATED_DIR}/client`), { recursive: true });
    writeFileSync(at(strayGenerated), strayContent);
    writeFileSync(at(strayHandWritten), notes);
    writeFileSync(at(SCHEMA_FILE), '{}\n');

    const { changes } = await generate(opts(true));
    expect(changes.map((c) => [c.kind, c.path])).toEqual(
      [
        ['modify', editedPath],
        ['add', deletedPath],
        ['delete', strayGenerated],
        ['modify', SCHEMA_FILE],
      ].sort((a, b) => (a[1]! < b[1]! ? -1 : 1)),
    );
    const modify = changes.find((c) => c.path === editedPath);
    expect(modify?.before).toBe(tamperedEdit);
    expect(modify?.after).toBe(fresh.get(edited));
    expect(changes.find((c) => c.path === deletedPath)?.before).toBeUndefined();
    expect(changes.find((c) => c.path === strayGenerated)?.after).toBeUndefined();

    // The report is a readable diff naming each file.
    const report = describeChanges(changes);
    expect(report).toContain(`stale: ${editedPath}`);
    expect(report).toContain('-// edited by hand');
    expect(report).toContain(`missing: ${deletedPath}`);
    expect(report).toContain(`no longer generated: ${strayGenerated}`);

    // Check mode wrote nothing.
    expect(readFileSync(at(editedPath), 'utf8')).toBe(tamperedEdit);
    expect(listFiles(at(GENERATED_DIR))).not.toContain(deleted);
    expect(readFileSync(at(strayGenerated), 'utf8')).toBe(strayContent);

    // Write mode restores the output and removes only what carries the marker.
    await generate(opts(false));
    expect((await generate(opts(true))).changes).toEqual([]);
    expect(readFileSync(at(editedPath), 'utf8')).toBe(fresh.get(edited));
    expect(readFileSync(at(deletedPath), 'utf8')).toBe(fresh.get(deleted));
    expect(listFiles(at(GENERATED_DIR))).toEqual([...fresh.keys(), 'NOTES.md'].sort());
    expect(readFileSync(at(strayHandWritten), 'utf8')).toBe(notes);
    expect(readFileSync(at(SCHEMA_FILE), 'utf8')).toBe(renderSpecSchema());
    rmSync(at(strayHandWritten));
  });

  it('never deletes files next to the spec, even with the marker', async () => {
    const beside = 'spec/old.schema.json';
    writeFileSync(at(beside), `{ "$comment": "${GENERATED_MARKER}" }\n`);
    try {
      expect((await generate(opts(true))).changes).toEqual([]);
      await generate(opts(false));
      expect(readFileSync(at(beside), 'utf8')).toContain(GENERATED_MARKER);
    } finally {
      rmSync(at(beside));
    }
  });

  it('checks package.json, which cannot carry the marker, like every other generated file', async () => {
    const manifest = `${GENERATED_DIR}/client/package.json`;
    const original = fresh.get('client/package.json');
    expect(original).toBeDefined();
    const edited = original!.replace('"sideEffects": false', '"sideEffects": true');
    expect(edited).not.toBe(original);

    writeFileSync(at(manifest), edited);
    expect((await generate(opts(true))).changes.map((c) => [c.kind, c.path])).toEqual([['modify', manifest]]);
    await generate(opts(false));
    expect(readFileSync(at(manifest), 'utf8')).toBe(original);

    rmSync(at(manifest));
    expect((await generate(opts(true))).changes.map((c) => [c.kind, c.path])).toEqual([['add', manifest]]);
    await generate(opts(false));
    expect(readFileSync(at(manifest), 'utf8')).toBe(original);
  });

  it('leaves what installing the workspace and building either package adds alone (node_modules/, client/dist/, client/node_modules/, mock/dist/, mock/node_modules/), and nothing else', async () => {
    // tsc keeps comments, so a build copies the marker into dist/; elsewhere the marker makes a file prunable.
    const marked = `// ${GENERATED_MARKER} from ${PAYER_SPEC}. DO NOT EDIT.\nexport {};\n`;
    const kept = [
      `${GENERATED_DIR}/client/dist/client/index.js`,
      `${GENERATED_DIR}/client/node_modules/some-dependency/index.js`,
      `${GENERATED_DIR}/node_modules/some-dependency/index.js`,
      `${GENERATED_DIR}/mock/dist/mock/index.js`,
      `${GENERATED_DIR}/mock/node_modules/some-dependency/index.js`,
    ];
    const pruned = `${GENERATED_DIR}/dist-old/client/index.js`;
    for (const f of [...kept, pruned]) {
      mkdirSync(dirname(at(f)), { recursive: true });
      writeFileSync(at(f), marked);
    }
    try {
      expect((await generate(opts(true))).changes.map((c) => [c.kind, c.path])).toEqual([['delete', pruned]]);
      await generate(opts(false));
      for (const f of kept) expect(readFileSync(at(f), 'utf8'), f).toBe(marked);
      expect(existsSync(at(pruned))).toBe(false);
      expect((await generate(opts(true))).changes).toEqual([]);
    } finally {
      for (const d of ['client/dist', 'client/node_modules', 'node_modules', 'dist-old', 'mock/dist', 'mock/node_modules']) rmSync(at(`${GENERATED_DIR}/${d}`), { recursive: true, force: true });
    }
  });

  it('the CLI --check exits 1 with the diff when stale and 0 when fresh', async () => {
    const { edited } = victims();
    const editedPath = `${GENERATED_DIR}/${edited}`;
    writeFileSync(at(editedPath), `${fresh.get(edited)}// edited by hand\n`);
    // As `npm run generate -- --check` runs it.
    const stale = await runCli(['--spec', PAYER_SPEC, '--out', GENERATED_DIR, '--spec-schema', '--check'], project.dir);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('Generated files are stale (0 added, 1 changed, 0 removed). Run the same command without --check to write them');
    // The command is svc-codegen's, whatever project runs it: no script of this repository is named.
    expect(stale.stderr).not.toContain('npm run');
    expect(stale.stderr).toContain(`stale: ${editedPath}`);
    expect(readFileSync(at(editedPath), 'utf8')).toContain('// edited by hand');

    writeFileSync(at(editedPath), fresh.get(edited)!);
    const ok = await runCli(['--spec', PAYER_SPEC, '--out', GENERATED_DIR, '--spec-schema', '--check'], project.dir);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Generated files are up to date');
  });
});
