/**
 * A result framed as the generated mock frames it (templates/runtime/mock-response.ts, whose Response objects can
 * only be read asynchronously): the SOAP envelope around `<OpResponse>`, or the HTTP POST document whose root is the
 * result. The result itself is written by the mock's lenient writers and the runtime's `resultWriter`.
 */
import type { Writers } from './writers.js';
import type { OperationModel, TypeModel } from '../../model/types.js';
import { soapEnvelope } from '../../../templates/runtime/mock-faults.js';
import { resultWriter } from '../../../templates/runtime/mock-values.js';
import { XSD_NAMESPACE, XSI_NAMESPACE } from '../../../templates/runtime/xml-chars.js';
import { SOAP11_NAMESPACE, SOAP12_NAMESPACE, escapeXmlAttribute } from '../../../templates/runtime/xml-writer.js';

type ResultWrite = (name: string, value: unknown, attrs: string) => string;

/** The mock's writer of an operation's result (mock/codec.ts: `resultWriter(writerOf(type))`). */
function writerOf(op: OperationModel, writers: Writers): ResultWrite {
  const r = op.result;
  if (r.kind === 'void') return () => '';
  const type: TypeModel = r.kind === 'outputs' ? { kind: 'record', record: r.struct } : r.type;
  return resultWriter(writers.of(type));
}

/** The element holding the result in SOAP, `<OpResult>` unless the spec names another. */
function resultElement(op: OperationModel): string {
  return op.result.kind === 'value' ? op.result.element : `${op.name}Result`;
}

/** The SOAP 1.1 or 1.2 answer body of the mock for `value`. */
export function mockSoapBody(style: 'soap11' | 'soap12', op: OperationModel, namespace: string, members: string, value: unknown, writers: Writers): string {
  const name = `${op.name}Response`;
  const xmlns = ` xmlns="${escapeXmlAttribute(namespace)}"`;
  const write = writerOf(op, writers);
  let element: string;
  if (op.result.kind === 'void' || (op.result.kind === 'value' && op.result.nullable && (value === null || value === undefined))) {
    element = `<${name}${xmlns} />`;
  } else if (op.result.kind === 'outputs') {
    element = inMemberNamespace(name, write(name, value, xmlns), xmlns, namespace, members);
  } else {
    const inner = resultElement(op);
    element = `<${name}${xmlns}>${inMemberNamespace(inner, write(inner, value, ''), '', namespace, members)}</${name}>`;
  }
  return soapEnvelope(style === 'soap11' ? SOAP11_NAMESPACE : SOAP12_NAMESPACE, element);
}

/** The root element of the mock's HTTP POST answer for `value` (without the XML declaration). */
export function writeResultElement(op: OperationModel, namespace: string, members: string, value: unknown, writers: Writers): string {
  const post = op.httpPostRoot;
  const root =
    post.kind === 'shown' || post.kind === 'convention' ? post.name : post.kind === 'notShown' ? post.assumed : resultElement(op);
  const xmlns = ` xmlns="${escapeXmlAttribute(namespace)}"`;
  if (op.result.kind === 'value' && op.result.nullable && (value === null || value === undefined)) {
    return `<${root} xmlns:xsi="${XSI_NAMESPACE}" xsi:nil="true"${xmlns} />`;
  }
  const attrs = ` xmlns:xsi="${XSI_NAMESPACE}" xmlns:xsd="${XSD_NAMESPACE}"${xmlns}`;
  return inMemberNamespace(root, writerOf(op, writers)(root, value, attrs), attrs, namespace, members);
}

/**
 * An element whose children stay in the service namespace inside an operation of a namespace of its own: prefixed
 * for the operation's namespace, the service namespace declared as its default (mock-response.ts).
 */
function inMemberNamespace(name: string, markup: string, attrs: string, namespace: string, members: string): string {
  if (namespace === members || !hasChildElements(markup)) return markup;
  const start = `<${name}${attrs}`;
  const end = `</${name}>`;
  const declarations = ` xmlns:op="${escapeXmlAttribute(namespace)}" xmlns="${escapeXmlAttribute(members)}"`;
  const keep = attrs.replace(` xmlns="${escapeXmlAttribute(namespace)}"`, '');
  return `<op:${name}${keep}${declarations}${markup.slice(start.length, -end.length)}</op:${name}>`;
}

function hasChildElements(markup: string): boolean {
  const startEnd = markup.indexOf('>');
  if (startEnd < 0 || markup.charAt(startEnd - 1) === '/') return false;
  const next = markup.indexOf('<', startEnd + 1);
  return next >= 0 && next < markup.lastIndexOf('</');
}
