/** Reads recorded requests back with a third-party parser, independent of the runtime under test. */
import { createHmac } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';

export interface SoapCall {
  readonly envelopePrefix: string;
  readonly envelopeNamespace: string;
  readonly operation: string;
  /** The operation element's own default namespace (xmlns=). */
  readonly operationNamespace: string | undefined;
  /** Children of the operation element in document order: raw tag name (with any prefix) and text. */
  readonly children: ReadonlyArray<readonly [tag: string, text: string]>;
}

/** A node of fast-xml-parser's ordered output: one key naming the element (or `#text`), and `:@` for attributes. */
export type Ordered = Record<string, unknown>;

/**
 * fast-xml-parser in its ordered form, losing nothing a SOAP test looks at: text neither parsed nor trimmed,
 * attributes kept under their own names.
 */
export const orderedParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
});

/** The element name (or `#text`) of an ordered node. */
export function tagOf(node: Ordered): string {
  const tag = Object.keys(node).find((k) => k !== ':@');
  if (!tag) throw new Error('node without a tag');
  return tag;
}

function textOf(nodes: Ordered[]): string {
  return nodes.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join('');
}

function elements(nodes: Ordered[]): Ordered[] {
  return nodes.filter((n) => tagOf(n) !== '#text' && tagOf(n) !== '?xml');
}

export function parseSoapCall(xml: string): SoapCall {
  if (xml.includes('<!DOCTYPE')) throw new Error('a request must never carry a DOCTYPE');
  const doc = orderedParser.parse(xml) as Ordered[];
  const [envelope] = elements(doc);
  if (!envelope) throw new Error('no root element');
  const envTag = tagOf(envelope);
  const [prefix, local] = envTag.includes(':') ? envTag.split(':') : ['', envTag];
  if (local !== 'Envelope') throw new Error(`root is ${envTag}`);
  const attrs = (envelope[':@'] ?? {}) as Record<string, string>;
  const envelopeNamespace = attrs[prefix ? `xmlns:${prefix}` : 'xmlns'] ?? '';
  const bodies = elements(envelope[envTag] as Ordered[]).filter((n) => tagOf(n) === `${prefix}:Body`);
  if (bodies.length !== 1) throw new Error('expected exactly one Body');
  const ops = elements(bodies[0]![`${prefix}:Body`] as Ordered[]);
  if (ops.length !== 1) throw new Error('expected exactly one element in Body');
  const op = ops[0]!;
  const opTag = tagOf(op);
  return {
    envelopePrefix: prefix ?? '',
    envelopeNamespace,
    operation: opTag,
    operationNamespace: ((op[':@'] ?? {}) as Record<string, string>)['xmlns'],
    children: elements(op[opTag] as Ordered[]).map((c) => [tagOf(c), textOf(c[tagOf(c)] as Ordered[])] as const),
  };
}

export function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(message, 'utf8').digest('hex');
}
