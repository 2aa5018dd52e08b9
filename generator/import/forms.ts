/**
 * Where a local element or attribute of a schema is on the wire (xs:form): in the schema's namespace (qualified) or in
 * none. A declaration's own `form` decides, else its schema document's `elementFormDefault` / `attributeFormDefault`
 * (XML Schema's default for both: unqualified). The draft says `form:` only where it differs from the format's
 * defaults, elements qualified and attributes not.
 */
import type { DraftAlternative, DraftChoice, DraftField, DraftRecord, DraftTypeRef } from './draft.js';
import { NS } from '../emit/wsdl/namespaces.js';
import type { XmlElement } from './xml.js';

/** The `form` of each local element and attribute declaration of some schemas, as the draft writes it. */
export class Forms {
  private readonly of = new WeakMap<XmlElement, 'qualified' | 'unqualified'>();

  /** Reads the declarations of one schema document (its `s:schema` element). */
  addSchema(schema: XmlElement): void {
    const elements = schema.attrs.get('elementFormDefault') === 'qualified';
    const attributes = schema.attrs.get('attributeFormDefault') === 'qualified';
    const walk = (node: XmlElement, top: boolean): void => {
      for (const c of node.children) {
        if (c.ns !== NS.xsd) continue;
        // A top-level declaration is always in the target namespace; only local ones have a form.
        if (!top && (c.name === 'element' || c.name === 'attribute') && c.attrs.has('name')) {
          const form = c.attrs.get('form');
          const qualified = form === undefined ? (c.name === 'element' ? elements : attributes) : form === 'qualified';
          if (c.name === 'element' && !qualified) this.of.set(c, 'unqualified');
          if (c.name === 'attribute' && qualified) this.of.set(c, 'qualified');
        }
        walk(c, false);
      }
    };
    walk(schema, true);
  }

  /** The draft's `form` of a declaration: undefined where it is the format's default for its kind. */
  formOf(declaration: XmlElement): 'qualified' | 'unqualified' | undefined {
    return this.of.get(declaration);
  }
}

/** The choice of a record field: its type, or its list's items without a container (read among the fields). */
export function fieldChoice(f: DraftField): DraftChoice | undefined {
  if (typeof f.type !== 'object') return undefined;
  if ('choice' in f.type) return f.type;
  return f.type.container === false && typeof f.type.list === 'object' && 'choice' in f.type.list
    ? f.type.list
    : undefined;
}

/** `f` with its own `namespace` set, its keys in the draft's order (namespace before doc). */
export function withNamespace(f: DraftField, namespace: string): DraftField {
  const { doc, ...rest } = f;
  return { ...rest, namespace, ...(doc !== undefined ? { doc } : {}) };
}

/** An alternative with its own `namespace` set (and no form), its keys in the draft's order (namespace before doc). */
export function alternativeWithNamespace(a: DraftAlternative, namespace: string): DraftAlternative {
  const { doc, form: _, ...rest } = a;
  return { ...rest, namespace, ...(doc !== undefined ? { doc } : {}) };
}

/** `f` with `form` set, its keys in the draft's order (form before doc). */
export function withForm(f: DraftField, form: 'qualified' | 'unqualified'): DraftField {
  const { doc, ...rest } = f;
  return { ...rest, form, ...(doc !== undefined ? { doc } : {}) };
}

/**
 * The first element inside a value of `type` that is qualified and written without a prefix (in the service's
 * namespace), described; undefined when there is none. An unqualified element is written with `xmlns=""`, so such an
 * element inside it would lose its namespace: the spec's loader refuses that (load/text-content.ts). Where it is a
 * record's field (not a choice or a list's items), `fix` names it: given its namespace as its own, it is written with
 * a prefix and keeps it; else the importer drafts the outer element qualified instead.
 */
export function qualifiedInside(
  type: DraftTypeRef,
  records: ReadonlyMap<string, { draft: DraftRecord }>,
  seen = new Set<string>(),
):
  | {
      readonly what: string;
      readonly fix?: { readonly record: DraftRecord; readonly index: number; readonly alternative?: number };
    }
  | undefined {
  if (typeof type === 'string') {
    const record = records.get(type)?.draft;
    if (!record || seen.has(type)) return undefined;
    seen.add(type);
    for (const [index, f] of record.fields.entries()) {
      if (f.attribute || f.text) continue;
      const choice = fieldChoice(f);
      if (choice) {
        // Each alternative is an element of its own: qualified (fixed by a namespace of its own), or in no namespace.
        for (const [alternative, a] of choice.choice.entries()) {
          // A sequence alternative's elements are its record's: qualified, and no namespace of their own can say so.
          if ('sequence' in a) {
            if (record.namespace === undefined) return { what: `${type}.${f.name}.${a.sequence[0]!.name}` };
            continue;
          }
          if (a.form !== 'unqualified' && record.namespace === undefined && a.namespace === undefined)
            return { what: `${type}.${f.name}.${a.name}`, fix: { record, index, alternative } };
          const inner = qualifiedInside(a.type, records, seen);
          if (inner) return inner;
        }
        continue;
      }
      if (f.form !== 'unqualified' && record.namespace === undefined && f.namespace === undefined)
        return { what: `${type}.${f.name}`, fix: { record, index } };
      const inner = qualifiedInside(f.type, records, seen);
      if (inner) return inner;
    }
    return record.extends ? qualifiedInside(record.extends, records, seen) : undefined;
  }
  if ('choice' in type)
    return { what: type.choice.map((a) => ('sequence' in a ? a.sequence[0]!.name : a.name)).join(' | ') };
  if (type.container === false || type.form === 'unqualified') return qualifiedInside(type.list, records, seen);
  return type.namespace === undefined
    ? { what: `the items of a list of ${typeof type.list === 'string' ? type.list : 'lists'}` }
    : undefined;
}
