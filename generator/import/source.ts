/**
 * A WSDL as the command line names it: a file, or an http(s) URL (an ASMX service's `?WSDL`). The name shown in
 * messages and in the draft is the one typed, so that a draft names nothing of the machine it was made on.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileFailure, statusFailure, urlFailure } from '../load/read-failure.js';
import { Problems } from './problems.js';
import { DOCUMENT_LIMITS, readWsdl, type ReadFile } from './read-wsdl.js';
import { isHttpUrl } from '../model/text.js';

export interface WsdlSource {
  readonly text: string;
  /** The WSDL as typed: a URL, or a path relative to the working directory (an absolute path is made relative to it). */
  readonly shown: string;
  /** Reads a document the WSDL reaches (a schema, an imported WSDL), by its path or URL as resolved from `shown`. */
  readonly readFile: ReadFile;
}

/** The WSDL cannot be read (no such file, an HTTP error, no answer). */
export class WsdlSourceError extends Error {}

/** `input` as messages and drafts name it: as typed, unless it is an absolute path (then relative to `cwd`). */
export function shownName(input: string, cwd: string): string {
  if (isHttpUrl(input) || !isAbsolute(input)) return input;
  return relative(cwd, input).split(sep).join('/');
}

export async function readWsdlSource(input: string, cwd: string): Promise<WsdlSource> {
  const shown = shownName(input, cwd);
  if (isHttpUrl(input)) {
    const text = await fetchText(input, shown);
    return { text, shown, readFile: await fetchReached(text, shown) };
  }
  try {
    return {
      text: readFileSync(resolve(cwd, input), 'utf8'),
      shown,
      readFile: (path) => readFileSync(resolve(cwd, path), 'utf8'),
    };
  } catch (error) {
    throw new WsdlSourceError(`${shown}: cannot read the WSDL: ${fileFailure(error)}`);
  }
}

async function fetchText(url: string, shown: string): Promise<string> {
  const fail = (why: string) => new WsdlSourceError(`${shown}: cannot read the WSDL: ${why}`);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw fail(statusFailure(response.status, response.statusText));
    }
    text = await boundedText(response, DOCUMENT_LIMITS.characters);
  } catch (error) {
    throw error instanceof WsdlSourceError ? error : fail(urlFailure(error));
  }
  if (text.length > DOCUMENT_LIMITS.characters)
    throw fail(`it is larger than ${DOCUMENT_LIMITS.characters / 1024 / 1024} MiB, the most one import reads`);
  return text;
}

/**
 * Fetches what the WSDL at `url` reaches (imported WSDLs and schemas, on its origin), as the importer would read
 * them: the importer reads synchronously, so it is run over what is fetched until it asks for nothing new. A document
 * that cannot be fetched is reported by the import, with its place.
 */
async function fetchReached(text: string, url: string): Promise<ReadFile> {
  const fetched = new Map<string, { text: string } | { error: string }>();
  let characters = text.length;
  for (let round = 0; round < DOCUMENT_LIMITS.documents; round++) {
    const wanted: string[] = [];
    try {
      readWsdl(text, url, new Problems(), (at) => {
        const got = fetched.get(at);
        if (got === undefined) wanted.push(at);
        if (got === undefined || 'error' in got) throw new Error(got?.error ?? 'not fetched');
        return got.text;
      });
    } catch {
      // Not a WSDL: the import says so.
    }
    if (wanted.length === 0) break;
    for (const at of wanted) {
      if (characters > DOCUMENT_LIMITS.characters) {
        fetched.set(at, { error: 'not fetched: the size limit is reached' });
        continue;
      }
      try {
        const response = await fetch(at, { signal: AbortSignal.timeout(30_000) });
        if (!response.ok) throw new Error(statusFailure(response.status, response.statusText));
        const body = await boundedText(response, DOCUMENT_LIMITS.characters - characters);
        characters += body.length;
        fetched.set(at, { text: body });
      } catch (error) {
        fetched.set(at, {
          error:
            error instanceof TypeError || (error as Error).name === 'TimeoutError'
              ? urlFailure(error)
              : (error as Error).message,
        });
      }
    }
  }
  return (at) => {
    const got = fetched.get(at);
    if (got === undefined || 'error' in got) throw new Error(got?.error ?? 'not fetched');
    return got.text;
  };
}

/** The body as text, read no further than `limit` characters (over it, what was read, which the import refuses). */
async function boundedText(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length > limit) {
      await response.body.cancel().catch(() => undefined);
      return text;
    }
  }
  return text + decoder.decode();
}
