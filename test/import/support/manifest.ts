/**
 * A fixture folder's `manifest.yml` (the format of the rubiii/wsdl fixtures): the URL a WCF service publishes its
 * WSDL at (`entry_url:`) and, under `mappings:`, each URL it published mapped to the file holding it. The survey
 * imports such a set from its URL with fetch answered from the files; the corpus test's node-soap reads the documents
 * a WSDL imports by URL from them, so neither reaches the network.
 */
import { readFileSync } from 'node:fs';
import { fromRoot } from '../../helpers/paths.js';

/** A WCF set saved with its URLs: the URL a user would name and each published URL's file (absolute paths). */
export interface Published {
  readonly entry: string;
  readonly files: ReadonlyMap<string, string>;
}

/** The folder's manifest.yml (`entry_url: URL`, then `mappings:` with one `  URL: file` line each), if it has one. */
export function published(folder: string): Published | undefined {
  let text: string;
  try {
    text = readFileSync(fromRoot(folder, 'manifest.yml'), 'utf8');
  } catch {
    return undefined;
  }
  const entry = /^entry_url:\s*(\S+)\s*$/m.exec(text)?.[1];
  if (entry === undefined) return undefined;
  const files = new Map<string, string>();
  for (const m of text.matchAll(/^\s+(https?:\/\/\S+):\s*(\S+)\s*$/gm))
    files.set(new URL(m[1]!).href, fromRoot(folder, m[2]!));
  return { entry: new URL(entry).href, files };
}
