/**
 * What the parts of the resolver share, passed to each explicitly: the spec, what was set aside, where problems go,
 * the names and namespaces handed out for the whole spec; then, once the types are declared, the types by name.
 */
import type {
  BindingName,
  Decision,
  EnumModel,
  FaultModel,
  FieldModel,
  ParameterModel,
  SoapHeaderModel,
  StructModel,
  XmlNamespace,
} from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { ResolvableSpec, SetAside } from '../salvage.js';
import type { SpecNames } from '../spec-names.js';

/** Records a problem at `path` (`key`: at the key rather than its value). */
export type Report = (path: SpecPath, message: string, key?: boolean) => void;

/** The decision of `id` (reported at `path` when unknown); none without an id. */
export type DecisionOf = (id: string | undefined, path: SpecPath) => Decision | undefined;

export interface ResolveContext {
  readonly raw: ResolvableSpec;
  readonly aside: SetAside;
  readonly report: Report;
  readonly names: SpecNames;
  readonly decision: DecisionOf;
  /** A namespace other than the service's, with its prefix (`ns1`, `ns2`... in the order the spec first names them). */
  readonly namespaceOf: (uri: string | undefined) => XmlNamespace | undefined;
  /**
   * An element's own namespace (the spec's `namespace` on a field, parameter or result) with the prefix its writers
   * declare: the service's own takes `tns` (as a qualified attribute's does), since its elements are otherwise
   * unprefixed.
   */
  readonly elementNamespaceOf: (uri: string | undefined) => XmlNamespace | undefined;
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A record or result type: created empty, filled afterwards, so that fields can point at any record in any order. */
export interface StructEntry {
  readonly model: Mutable<StructModel>;
  /** Its own fields, as written. */
  readonly own: FieldModel[];
  /** Its base's fields, then its own. */
  readonly all: FieldModel[];
}

export interface TypesContext extends ResolveContext {
  readonly enums: ReadonlyMap<string, EnumModel>;
  readonly structs: ReadonlyMap<string, StructEntry>;
  /**
   * Types that lack a field, one whose type (or base) is wrong or set aside: what a check would not find there is
   * most likely that field, already reported.
   */
  readonly incompleteTypes: Set<string>;
}

/** What operations read besides the types: the parameters and SOAP headers defined once, the service's bindings. */
export interface OperationsContext extends TypesContext {
  readonly parameters: ReadonlyMap<string, ParameterModel>;
  /** The headers the client sends, in the spec's order. */
  readonly soapHeaders: SoapHeaderModel[];
  /** Every header by element name, sent or only answered. */
  readonly allHeaders: ReadonlyMap<string, { record: StructModel; doc: string | undefined }>;
  /** The spec's typed faults by name (faults.ts). */
  readonly faults: ReadonlyMap<string, FaultModel>;
  readonly bindings: readonly BindingName[];
  /** Bindings set aside: whether an operation has HTTP POST is unknown, so nothing that depends on it is checked. */
  readonly bindingsKnown: boolean;
}

/** The namespace functions of the context: one prefix per namespace other than the service's. */
export function namespaces(serviceUri: string): Pick<ResolveContext, 'namespaceOf' | 'elementNamespaceOf'> {
  const prefixes = new Map<string, XmlNamespace>();
  const namespaceOf = (uri: string | undefined): XmlNamespace | undefined => {
    if (uri === undefined || uri === serviceUri) return undefined;
    let ns = prefixes.get(uri);
    if (!ns) prefixes.set(uri, (ns = { uri, prefix: `ns${prefixes.size + 1}` }));
    return ns;
  };
  const elementNamespaceOf = (uri: string | undefined): XmlNamespace | undefined =>
    uri === undefined ? undefined : (namespaceOf(uri) ?? { uri, prefix: 'tns' });
  return { namespaceOf, elementNamespaceOf };
}
