/**
 * `<s:element ref="p:name"/>` as a parameter or a field (issue 25): on the wire, the global element it names, where
 * the reference stands, as often as the reference says. A reference is read as that element declared in place, when
 * the element is in the namespace of the schema holding the reference: the format puts a parameter in its
 * operation's namespace and a field in its record's, and has no way to say another.
 */
import { NS } from '../emit/wsdl/namespaces.js';
import { qnameAttr } from './read-wsdl.js';
import type { QName, XmlElement } from './xml.js';

/** The attributes of a reference that stay the reference's own: how often the element occurs there. */
const OCCURRENCE = ['minOccurs', 'maxOccurs'] as const;

/**
 * The element a reference stands for, declared in place: the global element's name, type, nillable and content
 * (prefixes resolved where it is declared), the reference's occurrence and place (so that a problem names the
 * reference), and its own documentation before the element's.
 */
export function inPlace(ref: XmlElement, global: XmlElement): XmlElement {
  const attrs = new Map(global.attrs);
  // A global element has no occurrence of its own (XML Schema forbids it there).
  for (const a of OCCURRENCE) {
    const v = ref.attrs.get(a);
    if (v !== undefined) attrs.set(a, v);
  }
  const own = ref.children.filter((c) => c.ns === NS.xsd && c.name === 'annotation');
  const children = own.length > 0 ? [...own, ...global.children.filter((c) => !(c.ns === NS.xsd && c.name === 'annotation'))] : global.children;
  return { name: 'element', ns: NS.xsd, attrs, scope: global.scope, children, text: '', line: ref.line, column: ref.column };
}

/** What a reference resolves to: the element in place, or why it cannot be (the problem's message). */
export type Resolved = { readonly element: XmlElement } | { readonly problem: string };

/** Resolves `ref` (standing in a schema of namespace `owner`) by `lookup`, the global elements. */
export function resolveRef(
  ref: XmlElement,
  owner: string,
  lookup: (name: QName) => { readonly node: XmlElement; readonly file: string } | undefined,
): Resolved {
  const written = ref.attrs.get('ref') ?? '';
  const name = qnameAttr(ref, 'ref');
  if (!name) return { problem: `the prefix of the element reference ${written} is not declared; left out` };
  if (name.ns === NS.xsd) {
    return { problem: `the element reference ${written} is an inline XML Schema (as in a DataSet), which the format keeps only as part of an xml value's whole content; left out` };
  }
  const global = lookup(name);
  if (!global) return { problem: `the element reference ${written} names {${name.ns}}${name.local}, which no schema of the WSDL declares; left out` };
  if (name.ns !== owner) {
    return {
      problem: `the element reference ${written} names an element of ${name.ns || 'no namespace'}, not of ${owner || 'no namespace'} where the reference stands; the format has no way to put one parameter or field in a namespace of its own, so it is left out`,
    };
  }
  return { element: inPlace(ref, global.node) };
}
