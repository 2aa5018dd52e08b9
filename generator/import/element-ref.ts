/**
 * `<s:element ref="p:name"/>` as a parameter or a field (issue 25): on the wire, the global element it names, where
 * the reference stands, as often as the reference says. A reference is read as that element declared in place; one
 * naming an element of another namespace than the schema holding it is drafted with that namespace as the element's
 * own (the spec's `namespace` on a field, parameter or result), where the format can say it.
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
  const children =
    own.length > 0
      ? [...own, ...global.children.filter((c) => !(c.ns === NS.xsd && c.name === 'annotation'))]
      : global.children;
  return {
    name: 'element',
    ns: NS.xsd,
    attrs,
    scope: global.scope,
    children,
    text: '',
    line: ref.line,
    column: ref.column,
  };
}

/**
 * What a reference resolves to: the element in place, the global element's name, and its namespace where it is not
 * the one the reference stands in (`foreign`); or why it cannot be read (the problem's message).
 */
export type Resolved =
  | { readonly element: XmlElement; readonly global: QName; readonly foreign: string | undefined }
  | { readonly problem: string };

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
    return {
      problem: `the element reference ${written} is an inline XML Schema (as in a DataSet), which the format keeps only as part of an xml value's whole content; left out`,
    };
  }
  const global = lookup(name);
  if (!global)
    return {
      problem: `the element reference ${written} names {${name.ns}}${name.local}, which no schema of the WSDL declares; left out`,
    };
  // An element in no namespace is an unqualified one, which is how the format says it (form), not a namespace.
  if (name.ns === '' && owner !== '') {
    return {
      problem: `the element reference ${written} names an element of no namespace, not of ${owner} where the reference stands; left out`,
    };
  }
  return { element: inPlace(ref, global.node), global: name, foreign: name.ns !== owner ? name.ns : undefined };
}

/** The problem of a reference to another namespace where the format has no way to say one (`what`: the place). */
export function foreignProblem(ref: XmlElement, foreign: string, owner: string, what: string): string {
  return `the element reference ${ref.attrs.get('ref') ?? ''} names an element of ${foreign}, not of ${owner || 'no namespace'} where the reference stands; ${what} cannot be in a namespace of its own, so it is left out`;
}
