/**
 * Generation grows linearly with the spec: each emitter hands every file to the printer once, whole; no ts-morph
 * source file is ever edited declaration by declaration (each edit re-parses the file, which made generation
 * quadratic); the printer prints structures without ts-morph, and the formatter lays out each file once. How long generation
 * takes is measured by the benchmarks, not here.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Project, SourceFile } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emitters } from '../../generator/emit/index.js';
import { generate } from '../../generator/generate.js';
import type { ServiceModel } from '../../generator/model/types.js';
import { Printer, type GeneratedFile } from '../../generator/print/printer.js';
import { parseSpec } from '../../generator/load/load.js';
import { syntheticSpec } from '../bench/synthetic-spec.js';
import { packageSandbox, type Scratch } from '../helpers/files.js';
import { typecheckDir } from '../helpers/typecheck.js';

const OPERATIONS = 100;

/** Every method of a ts-morph SourceFile that changes it (each re-parses the file), found on its prototypes. */
function sourceFileEdits(): string[] {
  const names = new Set<string>();
  for (
    let proto: object | null = SourceFile.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (typeof value === 'function' && /^(add|insert|set|remove|replace|format|organize|fix)([A-Z]|$)/.test(name))
        names.add(name);
    }
  }
  return [...names].sort();
}

function typescriptFiles(files: readonly GeneratedFile[]): GeneratedFile[] {
  return files.filter((f) => f.unformatted);
}

function emit(model: ServiceModel, printer: Printer): GeneratedFile[] {
  return emitters.flatMap((e) => e(model, printer));
}

/** The TypeScript files the emitters print (the runtime is copied, not printed). */
const CLIENT_AND_MOCK_FILES = [
  'client/client.ts',
  'client/codec.ts',
  'client/index.ts',
  'client/types.ts',
  'mock/cli.ts',
  'mock/codec.ts',
  'mock/examples.ts',
  'mock/index.ts',
  'mock/msw.ts',
  'mock/service.ts',
  'mock/types.ts',
  'mock/wsdl.ts',
] as const;

describe('the synthetic spec of the benchmarks', () => {
  const text = syntheticSpec(60);
  const model = parseSpec(text, 'synthetic.yaml');

  it('is valid and deterministic, with exactly the operations asked for', () => {
    expect(syntheticSpec(60)).toBe(text);
    expect(model.operations).toHaveLength(60);
    expect(parseSpec(syntheticSpec(1), 'one.yaml').operations).toHaveLength(1);
  });

  it('mixes every shape of a real interface', () => {
    const inputs = model.operations.flatMap((o) => o.inputParams);
    expect(new Set(inputs.map((p) => (p.type.kind === 'primitive' ? p.type.name : p.type.kind)))).toEqual(
      new Set(['string', 'int', 'long', 'double', 'boolean', 'dateTime']),
    );
    expect(inputs.some((p) => p.optional && p.default !== undefined)).toBe(true);
    expect(inputs.some((p) => p.optional && p.default === undefined)).toBe(true);
    expect(model.operations.some((o) => o.inputParams.length === 0)).toBe(true);
    expect(new Set(model.results.map((r) => r.documentedErrorCode))).toEqual(new Set(['S', 'I', 'none']));
    const fields = [...model.records, ...model.results].flatMap((s) => s.fields);
    const lists = fields.flatMap((f) =>
      f.type.kind === 'list' ? [f.type.item.kind === 'primitive' ? f.type.item.name : f.type.item.kind] : [],
    );
    expect(new Set(lists)).toEqual(new Set(['record', 'string', 'enum']));
    expect(model.records.some((r) => r.fields.some((f) => f.type.kind === 'record'))).toBe(true);
    expect(fields.some((f) => f.type.kind === 'enum')).toBe(true);
    expect(fields.some((f) => f.secret)).toBe(true);
    expect(model.operations.some((o) => o.httpPostRoot.kind === 'notShown')).toBe(true);
    expect(new Set(model.operations.map((o) => o.eat.kind))).toEqual(
      new Set(['parameter', 'none', 'null', 'notMarked', 'absentParameter']),
    );
    const eatTypes = model.operations.flatMap((o) =>
      o.eat.kind === 'parameter' && o.eat.parameter.type.kind === 'primitive' ? [o.eat.parameter.type.name] : [],
    );
    expect(new Set(eatTypes)).toEqual(new Set(['string', 'int', 'long', 'double', 'boolean', 'dateTime']));
    expect(model.decisions.length).toBeGreaterThan(0);
    expect(model.polls).toHaveLength(1);
  });
});

describe(`generating a spec of ${OPERATIONS} operations`, () => {
  let sandbox: Scratch;
  let out: string;
  let printed: string[];
  let created: number;
  const edits = new Map<string, number>();

  beforeAll(async () => {
    sandbox = packageSandbox('linear');
    out = join(sandbox.dir, 'generated');
    const spec = join(sandbox.dir, 'synthetic.yaml');
    writeFileSync(spec, syntheticSpec(OPERATIONS));
    const typescript = vi.spyOn(Printer.prototype, 'typescript');
    const createSourceFile = vi.spyOn(Project.prototype, 'createSourceFile');
    // An edit fails the generation outright, so that it is seen whatever caught it.
    const editSpies = sourceFileEdits().map((name) =>
      vi.spyOn(SourceFile.prototype as unknown as Record<string, () => never>, name).mockImplementation(() => {
        edits.set(name, (edits.get(name) ?? 0) + 1);
        throw new Error(`a generated source file was edited with ${name}`);
      }),
    );
    try {
      await generate({ spec, out, cwd: sandbox.dir });
      printed = typescript.mock.calls.map(([path]) => path);
      created = createSourceFile.mock.calls.length;
    } finally {
      for (const spy of [typescript, createSourceFile, ...editSpies]) spy.mockRestore();
    }
  });

  afterAll(() => {
    sandbox.remove();
  });

  it('hands each TypeScript file to the printer once, whole', () => {
    expect(printed.sort()).toEqual([...CLIENT_AND_MOCK_FILES]);
  });

  it('never edits a ts-morph source file, nor creates one', () => {
    expect(sourceFileEdits()).toEqual(
      expect.arrayContaining(['addFunction', 'addInterface', 'addStatements', 'insertStatements', 'set']),
    );
    expect(Object.fromEntries(edits)).toEqual({});
    expect(created).toBe(0);
  });

  it('type-checks in a strict consumer project', () => {
    const result = typecheckDir(out);
    expect(result.files).toContain('client/codec.ts');
    expect(result.diagnostics).toEqual([]);
  });
});

describe('printing', () => {
  it('prints every TypeScript file plainly, for the formatter pass', () => {
    const model = parseSpec(syntheticSpec(OPERATIONS), 'synthetic.yaml');
    const files = typescriptFiles(emit(model, new Printer(model)));
    expect(files.map((f) => f.path).sort()).toEqual([...CLIENT_AND_MOCK_FILES]);
  });
});
