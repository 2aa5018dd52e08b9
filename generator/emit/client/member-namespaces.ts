/**
 * The namespaces of a record's members: each field is in the namespace of the type that declares it, as XML Schema
 * puts the elements of an extension in its own schema's target namespace. A type extending one of another namespace
 * (an ASMX `[XmlInclude]` type marked `[XmlType(Namespace = ...)]`, a WCF DataContract deriving from another's) has
 * members in two namespaces or more.
 */
import type { FieldModel, StructModel, XmlNamespace } from '../../model/types.js';

/** The fields of one namespace (undefined: the one the record is read in, the service's). */
export interface MemberGroup {
  readonly namespace: XmlNamespace | undefined;
  readonly fields: readonly FieldModel[];
}

/** The record and its bases, the record first. */
function chain(s: StructModel): StructModel[] {
  const types: StructModel[] = [];
  for (let t: StructModel | undefined = s; t !== undefined; t = t.base) types.push(t);
  return types;
}

/** The namespace each field of `s` is in, by field name. */
export function fieldNamespaces(s: StructModel): ReadonlyMap<string, XmlNamespace | undefined> {
  const map = new Map<string, XmlNamespace | undefined>();
  for (const t of chain(s)) {
    for (const f of t.ownFields) if (!map.has(f.name)) map.set(f.name, t.namespace);
  }
  return map;
}

/**
 * The fields of `s` grouped by namespace: the record's own namespace first, then its bases', each once, fields in
 * wire order within a group.
 */
export function memberGroups(s: StructModel, fields: readonly FieldModel[]): MemberGroup[] {
  const namespaces = fieldNamespaces(s);
  const groups: Array<{ namespace: XmlNamespace | undefined; fields: FieldModel[] }> = [];
  for (const t of chain(s)) {
    if (!groups.some((g) => g.namespace?.uri === t.namespace?.uri)) groups.push({ namespace: t.namespace, fields: [] });
  }
  for (const f of fields) groups.find((g) => g.namespace?.uri === namespaces.get(f.name)?.uri)!.fields.push(f);
  return groups.filter((g, i) => i === 0 || g.fields.length > 0);
}

/** The namespaces other than the service's that the members of `s` are in, each once, the record's own first. */
export function memberNamespaces(s: StructModel): XmlNamespace[] {
  const seen = new Map<string, XmlNamespace>();
  for (const t of chain(s)) if (t.namespace && !seen.has(t.namespace.uri)) seen.set(t.namespace.uri, t.namespace);
  return [...seen.values()];
}
