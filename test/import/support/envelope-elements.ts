/**
 * What an envelope's Body holds, read with the runtime's own reader, for tests that check where each element stands
 * (its namespace and depth) rather than how it is spelled.
 */
import { XmlReader } from '../../../templates/runtime/codec/xml-reader.js';

/** Each element under the Body, depth first: `{namespace}name` indented by depth; `leaves` hold text. */
export function elementsOf(envelope: string, leaves: readonly string[]): string[] {
  const reader = new XmlReader(envelope);
  reader.readRoot();
  const out: string[] = [];
  const walk = (depth: number): void => {
    while (reader.nextChild()) {
      out.push(`${'  '.repeat(depth)}{${reader.namespaceUri}}${reader.localName}`);
      if (leaves.includes(reader.localName)) reader.readText();
      else walk(depth + 1);
    }
  };
  while (reader.nextChild()) {
    if (reader.localName !== 'Body') reader.skip();
    else walk(0);
  }
  return out;
}

/** The first child of the Envelope's Body, standalone. */
export function bodyElement(envelope: string): string {
  const reader = new XmlReader(envelope);
  reader.readRoot();
  while (reader.nextChild()) {
    if (reader.localName === 'Body' && reader.nextChild()) return reader.readOuterXml();
    reader.skip();
  }
  throw new Error(`an empty Body: ${envelope}`);
}
