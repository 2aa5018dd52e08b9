/**
 * The spec being drafted, as the plain data the YAML will hold (the keys of the spec format, in the order they are
 * written; keys left undefined are not written). A `todo` is not a key: it is written as a TODO(import) comment
 * above its entry, a decision the WSDL cannot carry, which generation reports as a warning.
 */

/** A type as a spec writes it: a name, a list, or a choice. */
export type DraftTypeRef = string | DraftList | DraftChoice;

/** An xs:choice: its alternatives, each an element with a type that is not a choice. */
export interface DraftChoice {
  choice: Array<DraftAlternative | DraftSequenceAlternative>;
}

/** A sequence of elements as one alternative (xs:sequence inside xs:choice), chosen by its first element. */
export interface DraftSequenceAlternative {
  sequence: DraftSequenceMember[];
  doc?: string | undefined;
}

export interface DraftSequenceMember {
  name: string;
  type: string | DraftList;
  optional?: true | undefined;
  doc?: string | undefined;
}

/** One alternative of a choice: its element's name and type, and where a record's choice says so, its form or namespace. */
export interface DraftAlternative {
  name: string;
  type: string | DraftList;
  form?: 'unqualified' | undefined;
  namespace?: string | undefined;
  doc?: string | undefined;
}

export interface DraftList {
  list: DraftTypeRef;
  item?: string | undefined;
  nillableItems?: boolean | undefined;
  container?: false | undefined;
  namespace?: string | undefined;
  /** The item elements are in no namespace. */
  form?: 'unqualified' | undefined;
  /** The item element's minOccurs, when more than 0, and maxOccurs, when a number. */
  minItems?: number | undefined;
  maxItems?: number | undefined;
}

export interface DraftField {
  name: string;
  /** The element's name on the wire, when it is not `name` (an extension's element of a name its base has too). */
  xmlName?: string | undefined;
  type: DraftTypeRef;
  optional?: boolean | undefined;
  nillable?: boolean | undefined;
  attribute?: true | undefined;
  /** The element's text content (xs:simpleContent). */
  text?: true | undefined;
  /** Where the namespace differs from the default of its kind: an unqualified element, a qualified attribute. */
  form?: 'qualified' | 'unqualified' | undefined;
  /** The element's own namespace (an element reference to another schema, a qualified element in an unqualified one). */
  namespace?: string | undefined;
  /** xs:pattern, as written in the schema (its type's, a text type of the format). */
  pattern?: string | undefined;
  /** xs:fixed and xs:default, as written in the schema. */
  fixed?: string | undefined;
  default?: string | undefined;
  /** The alternative of a choice before it that it is sent with only (a sequence that is that alternative). */
  onlyWith?: string | undefined;
  doc?: string | undefined;
}

export interface DraftRecord {
  doc?: string | undefined;
  /** The XML Schema name, when the key is not it (a second type of one name in another namespace). */
  xmlName?: string | undefined;
  namespace?: string | undefined;
  extends?: string | undefined;
  fields: DraftField[];
  /** xs:anyAttribute: other attributes are kept. */
  anyAttribute?: true | undefined;
  /** abstract="true": only a type extending it is ever sent. */
  abstract?: true | undefined;
}

export interface DraftEnum {
  doc?: string | undefined;
  xmlName?: string | undefined;
  values: string[];
  /** The enumeration restricts xs:token (compared with whitespace collapsed); absent: xs:string. */
  base?: 'token' | undefined;
  todo?: string | undefined;
}

export interface DraftParam {
  name: string;
  type: DraftTypeRef;
  optional?: true | undefined;
  nillable?: true | undefined;
  /** The parameter element is in no namespace (a wrapper of an elementFormDefault="unqualified" schema). */
  form?: 'unqualified' | undefined;
  /** The parameter element's own namespace (an element reference to another schema). */
  namespace?: string | undefined;
  /** xs:pattern, as written in the schema (its type's). */
  pattern?: string | undefined;
  doc?: string | undefined;
}

export type DraftResult =
  | DraftTypeRef
  | {
      type: DraftTypeRef;
      nullable?: true | undefined;
      element?: string | undefined;
      form?: 'unqualified' | undefined;
      namespace?: string | undefined;
    };

export interface DraftOperation {
  name: string;
  doc?: string | undefined;
  params?: DraftParam[] | undefined;
  result: DraftResult;
  httpPostRoot?: string | undefined;
  httpPost?: false | undefined;
  httpGet?: false | undefined;
  soapAction?: string | undefined;
  parameterStyle?: 'bare' | undefined;
  namespace?: string | undefined;
  headers?: string[] | undefined;
  /** The headers its SOAP answers carry (soap:header in the binding's output). */
  responseHeaders?: string[] | undefined;
  outputs?: DraftField[] | undefined;
  /** The typed faults it declares, by name under the spec's faults. */
  faults?: string[] | undefined;
}

/** A typed SOAP fault: the record its detail element holds (docs/spec-format.md, Typed faults). */
export interface DraftFault {
  type: string;
  element?: string | undefined;
  namespace?: string | undefined;
}

export interface DraftHeader {
  element: string;
  type: string;
  /** Undefined for a header that only answers carry. */
  option?: string | undefined;
  doc?: string | undefined;
  todo?: string | undefined;
}

export interface DraftSpec {
  service: {
    name: string;
    title: string;
    /** Left out where the WSDL says none. */
    version?: string | undefined;
    path: string;
    namespace: { uri: string };
    client: string;
    bindings?: Array<'soap11' | 'soap12' | 'httpPost' | 'httpGet'> | undefined;
    doc?: string | undefined;
  };
  soapHeaders: DraftHeader[];
  enums: Record<string, DraftEnum>;
  records: Record<string, DraftRecord>;
  faults: Record<string, DraftFault>;
  operations: DraftOperation[];
}
