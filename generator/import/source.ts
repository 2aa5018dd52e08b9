/**
 * A WSDL as the command line names it: a file, or an http(s) URL (an ASMX service's `?WSDL`). The name shown in
 * messages and in the draft is the one typed, so that a draft names nothing of the machine it was made on.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { ReadFile } from './read-wsdl.js';

export interface WsdlSource {
  readonly text: string;
  /** The WSDL as typed: a URL, or a path relative to the working directory (an absolute path is made relative to it). */
  readonly shown: string;
  /** Reads a schema the WSDL imports, by its path as resolved from `shown`. */
  readonly readFile: ReadFile;
}

/** The WSDL cannot be read (no such file, an HTTP error, no answer). */
export class WsdlSourceError extends Error {}

const URL_PATTERN = /^https?:\/\//i;

/** `input` as messages and drafts name it: as typed, unless it is an absolute path (then relative to `cwd`). */
export function shownName(input: string, cwd: string): string {
  if (URL_PATTERN.test(input) || !isAbsolute(input)) return input;
  return relative(cwd, input).split(sep).join('/');
}

export async function readWsdlSource(input: string, cwd: string): Promise<WsdlSource> {
  const shown = shownName(input, cwd);
  if (URL_PATTERN.test(input)) {
    let text: string;
    try {
      const response = await fetch(input, { signal: AbortSignal.timeout(30_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw new WsdlSourceError(`${shown}: cannot read the WSDL: ${(error as Error).message}`);
    }
    return { text, shown, readFile: notFetched };
  }
  try {
    return { text: readFileSync(resolve(cwd, input), 'utf8'), shown, readFile: (path) => readFileSync(resolve(cwd, path), 'utf8') };
  } catch (error) {
    throw new WsdlSourceError(`${shown}: cannot read the WSDL: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function notFetched(): string {
  throw new Error('the schemas of a WSDL read from a URL are not fetched; save the WSDL and its schemas as files');
}

