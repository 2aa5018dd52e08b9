/**
 * The parts of a SOAP envelope that XML Schema validation needs, read with regular expressions (enough for the
 * envelopes of the generated client and mock and of node-soap: one Body element, namespace declarations in start
 * tags, no comments or CDATA around them).
 */

export const SOAP11_ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENVELOPE = 'http://www.w3.org/2003/05/soap-envelope';

/** The namespace of the envelope element. */
export function envelopeNamespace(envelope: string): string | undefined {
  const start = /<(?:([\w.-]+):)?Envelope\b([^>]*)>/.exec(envelope);
  if (!start) return undefined;
  const name = start[1] === undefined ? 'xmlns' : `xmlns:${start[1]}`;
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(start[2] ?? '')?.[1];
}

/**
 * The one element in the envelope's Body as a standalone document: the namespace declarations of the Envelope and
 * Body start tags that it does not redeclare itself are copied onto it (e.g. `xmlns:xsi`, which its nil elements use).
 */
export function soapBodyElement(envelope: string): string {
  const body = /<((?:[\w.-]+:)?)Body\b([^>]*)>([\s\S]*)<\/\1Body>/.exec(envelope);
  if (!body) throw new Error(`no SOAP Body in ${envelope.slice(0, 200)}`);
  const element = body[3]!.trim();
  if (!element.startsWith('<')) throw new Error(`no element in the SOAP Body of ${envelope.slice(0, 200)}`);
  const envelopeAttributes = /<(?:[\w.-]+:)?Envelope\b([^>]*)>/.exec(envelope)?.[1] ?? '';
  const own = /^<[^>]*>/.exec(element)![0];
  const inherited = new Map<string, string>();
  for (const attributes of [envelopeAttributes, body[2] ?? '']) {
    for (const m of attributes.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=\s*"([^"]*)"/g)) inherited.set(m[1]!, m[2]!);
  }
  const extra = [...inherited]
    .filter(([name]) => !new RegExp(`\\s${name}\\s*=`).test(own))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return element.replace(/^<([\w.:-]+)/, `<$1${extra}`);
}

/**
 * Every element in the envelope's Body, each a standalone document as {@link soapBodyElement} makes it: a bare
 * operation's parts (`parameterStyle: bare`) are elements of their own, side by side.
 */
export function soapBodyElements(envelope: string): string[] {
  const body = /<((?:[\w.-]+:)?)Body\b([^>]*)>([\s\S]*)<\/\1Body>/.exec(envelope);
  if (!body) throw new Error(`no SOAP Body in ${envelope.slice(0, 200)}`);
  const content = body[3]!;
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of content.matchAll(/<(\/?)[\w.:-]+(?:\s[^>]*?)?(\/?)>/g)) {
    if (depth === 0) start = tag.index;
    if (tag[1] === '/') depth -= 1;
    else if (tag[2] !== '/') depth += 1;
    if (depth === 0) parts.push(content.slice(start, tag.index + tag[0].length));
  }
  const open = envelope.slice(0, body.index + body[0].indexOf('>') + 1);
  const close = `</${body[1]}Body>`;
  return parts.map((part) => soapBodyElement(`${open}${part}${close}`));
}

/** The local name of the Body's element. */
export function bodyElementName(envelope: string): string | undefined {
  return /<(?:[\w.-]+:)?Body\b[^>]*>\s*<(?:[\w.-]+:)?([\w.-]+)/.exec(envelope)?.[1];
}
