/**
 * The config file (svc-codegen.config.yaml / .json): what it names becomes generate()'s options, a flag wins over it,
 * its paths are relative to itself, and its problems are reported at file:line:column as a spec's are.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from '../../generator/commands/config.js';
import { resolveOptions } from '../../generator/commands/options.js';
import { UsageError } from '../../generator/commands/usage.js';
import { scratchDir, type Scratch } from '../helpers/files.js';

function problems(text: string, file = 'svc-codegen.config.yaml'): string[] {
  try {
    parseConfig(text, file);
  } catch (error) {
    if (error instanceof ConfigError)
      return error.message
        .split('\n')
        .slice(1)
        .map((l) => l.trim());
    throw error;
  }
  return [];
}

describe('the config file', () => {
  let project: Scratch;

  beforeAll(() => {
    project = scratchDir('cli-config');
    mkdirSync(join(project.dir, 'sub'));
    writeFileSync(
      join(project.dir, 'svc-codegen.config.yaml'),
      'spec: spec/service.yaml\nout: sdk\nspecSchema: true\n',
    );
    writeFileSync(join(project.dir, 'sub', 'svc.json'), '{ "wsdl": "Service.wsdl", "strict": true }\n');
  });

  afterAll(() => project.remove());

  it('is found in the working directory and names the options, with out defaulting to generated', () => {
    const { options, config } = resolveOptions({}, project.dir);
    expect(config?.file).toBe('svc-codegen.config.yaml');
    expect(options).toEqual({
      spec: 'spec/service.yaml',
      out: 'sdk',
      check: false,
      strict: false,
      schemaFile: 'svc-spec.schema.json',
      cwd: project.dir,
    });
    const bare = resolveOptions({ config: 'sub/svc.json' }, project.dir).options;
    expect(bare).toEqual({
      wsdl: 'Service.wsdl',
      out: 'generated',
      check: false,
      strict: true,
      cwd: join(project.dir, 'sub'),
    });
  });

  it('gives way to flags; paths given as flags are taken from the working directory, relative to the config file', () => {
    const { options } = resolveOptions(
      { config: 'sub/svc.json', out: 'build/sdk', strict: false, check: true },
      project.dir,
    );
    expect(options).toEqual({
      wsdl: 'Service.wsdl',
      out: '../build/sdk',
      check: true,
      strict: false,
      cwd: join(project.dir, 'sub'),
    });
    // A service named on the command line replaces the config file's, whichever kind it names.
    expect(resolveOptions({ config: 'sub/svc.json', spec: 'spec/other.yaml' }, project.dir).options.spec).toBe(
      '../spec/other.yaml',
    );
  });

  it('is not read when the command line names the service (and does not name a config file)', () => {
    const { options, config } = resolveOptions({ spec: 'x.yaml' }, project.dir);
    expect(config).toBeUndefined();
    expect(options).toEqual({ spec: 'x.yaml', out: 'generated', check: false, strict: false, cwd: project.dir });
  });

  it('is asked for when nothing names the service', () => {
    expect(() => resolveOptions({}, join(project.dir, 'sub'))).toThrow(UsageError);
    expect(() => resolveOptions({}, join(project.dir, 'sub'))).toThrow(
      /--spec <file\.yaml> or --wsdl <file \| url>, or name it in a config file \(svc-codegen\.config\.yaml/,
    );
    writeFileSync(join(project.dir, 'sub', 'empty-service.yaml'), 'out: x\n');
    expect(() => resolveOptions({ config: 'sub/empty-service.yaml' }, project.dir)).toThrow(
      'sub/empty-service.yaml names no service',
    );
  });

  it('reports each problem at its file:line:column, unknown keys with the key meant', () => {
    expect(problems('spec: a.yaml\nout: 12\nspecschema: true\n')).toEqual([
      "svc-codegen.config.yaml:2:6: out: must be a string (found a number: 12; quote it, '12', to make it text)",
      'svc-codegen.config.yaml:3:1: specschema: unknown key "specschema" (did you mean "specSchema"?); allowed here: $schema, spec, wsdl, out, strict, specSchema, package',
    ]);
    expect(problems('{\n  "spec": "a.yaml",\n  "wsdl": "b.wsdl"\n}\n', 'svc.json')).toEqual([
      'svc.json:3:3: wsdl: give the service as either spec or wsdl, not both',
    ]);
    expect(problems('spec: [a\n')).toHaveLength(1);
    expect(problems('spec: [a\n')[0]).toMatch(/^svc-codegen\.config\.yaml:\d+:\d+: /);
    expect(problems('# nothing yet\n')).toEqual([
      'svc-codegen.config.yaml:1:1: the config file is empty: it needs at least spec (or wsdl), e.g. "spec: service.yaml"',
    ]);
    expect(() => loadConfig('missing.yaml', project.dir)).toThrow(
      'missing.yaml:1:1: cannot read the config file: no such file; check the path (relative paths start from the working directory)',
    );
  });
});
