/**
 * Reads one side of a diff: a spec file, or `<revision>:<path>` read with `git show` (as git spells it: the path is
 * from the repository root, or `./path` from the working directory).
 *
 * Both are parsed from their text with the top-level `mock` key blanked out first (replaced by spaces, so line and
 * column numbers in error messages stay those of the file). `mock` names hand-written simulator code, which is not
 * part of the interface and is not compared; a revision's simulator folder may not even exist in the working copy,
 * so reading it from there (the other choice, `baseDir`) would fail for reasons that have nothing to do with the diff.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { ServiceModel } from '../model/types.js';
import { SpecError } from '../load/errors.js';
import { parseSpec } from '../load/load.js';
import { asWsdlSays, isWsdlArg, wsdlSide } from './wsdl-side.js';

export interface SpecSource {
  /** The name used in messages: the path relative to `cwd`, or `rev:path` as given. */
  readonly name: string;
  readonly text: string;
}

export function readSpecSource(arg: string, cwd: string = process.cwd()): SpecSource {
  const file = resolve(cwd, arg);
  if (existsSync(file)) {
    const rel = relative(cwd, file);
    return { name: (rel.startsWith('..') ? file : rel).split(sep).join('/'), text: readFileSync(file, 'utf8') };
  }
  const colon = arg.indexOf(':');
  if (colon > 0 && colon < arg.length - 1) {
    try {
      const text = execFileSync('git', ['show', arg], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 256 * 1024 * 1024,
      });
      return { name: arg, text };
    } catch (error) {
      const stderr =
        String((error as { stderr?: Buffer | string }).stderr ?? '')
          .trim()
          .split('\n')[0] ?? '';
      throw issue(arg, `cannot read the spec with git show: ${stderr || String(error)}`);
    }
  }
  throw issue(
    arg,
    'cannot read the spec: no such file, nor a git revision such as HEAD~1:spec/service.yaml; check the path (relative paths start from the working directory)',
  );
}

/**
 * Both sides of a diff. A side is a spec (a file or `rev:path`) or a WSDL (a file or an http(s) URL); when either is
 * a WSDL, both are compared as what a WSDL can say (wsdl-side.ts). Throws `SpecError`, or the import's errors for a
 * WSDL that cannot be read.
 */
export async function loadDiffSides(
  oldArg: string,
  newArg: string,
  cwd: string = process.cwd(),
): Promise<{ sides: [ServiceModel, ServiceModel]; asWsdls: boolean }> {
  const read = async (arg: string): Promise<{ model: ServiceModel; wsdl: boolean }> => {
    if (isWsdlArg(arg)) return { model: await wsdlSide(arg, cwd), wsdl: true };
    const source = readSpecSource(arg, cwd);
    if (isWsdlArg(arg, source.text)) return { model: await wsdlSide(resolve(cwd, arg), cwd), wsdl: true };
    return { model: parseSpec(stripMock(source.text), source.name), wsdl: false };
  };
  const [a, b] = [await read(oldArg), await read(newArg)];
  if (!a.wsdl && !b.wsdl) return { sides: [a.model, b.model], asWsdls: false };
  return { sides: [a.wsdl ? a.model : asWsdlSays(a.model), b.wsdl ? b.model : asWsdlSays(b.model)], asWsdls: true };
}

/** Parses one side: a file path or `rev:path`. Throws `SpecError`. */
export function loadDiffSide(arg: string, cwd: string = process.cwd()): ServiceModel {
  const source = readSpecSource(arg, cwd);
  return parseSpec(stripMock(source.text), source.name);
}

/** `text` with the top-level `mock` entry replaced by spaces (newlines kept); unchanged when it has none or is not valid YAML. */
export function stripMock(text: string): string {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  let out = text;
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key) || pair.key.value !== 'mock' || !pair.key.range) continue;
    const start = pair.key.range[0];
    const value = pair.value as { range?: [number, number, number] } | null;
    const end = value?.range?.[1] ?? pair.key.range[1];
    out = out.slice(0, start) + out.slice(start, end).replace(/[^\r\n]/g, ' ') + out.slice(end);
  }
  return out;
}

function issue(file: string, message: string): SpecError {
  return new SpecError([{ file, line: 1, column: 1, path: '', message }]);
}
