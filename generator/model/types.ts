/**
 * The resolved, typed model of a service (the IR). Emitters read only this; it is built once by
 * `generator/load/resolve.ts` from a validated spec. Every node carries a `kind`, references are resolved to the
 * nodes themselves (a field of a record type points at that record), and everything is readonly.
 */

import type { PrimitiveName } from './primitives.js';

export type { PrimitiveName } from './primitives.js';

export interface Decision {
  readonly kind: 'decision';
  readonly id: string;
  readonly title: string;
  readonly note: string;
}

export interface PrimitiveType {
  readonly kind: 'primitive';
  readonly name: PrimitiveName;
  /**
   * Only on `xml` (the spec's `dataSet`): the content is a .NET DataSet, its XML Schema then its data (a diffgram), as
   * `<s:element ref="s:schema"/><s:any/>` declares it. On the wire and in TypeScript it is `xml`; what differs is its
   * HTTP POST root (`DataSet`), its list items' element, and the example the mock answers.
   */
  readonly dataSet?: true;
}

/**
 * An XML Schema pattern facet (xs:pattern) of a text value: the client refuses a value not matching it before sending,
 * the mock refuses a request holding one; the client reads answers without it (docs/spec-format.md, Patterns).
 */
export interface PatternFacet {
  /** The pattern as XML Schema writes it (what the WSDL says). */
  readonly xsd: string;
  /** Its JavaScript translation, anchored, for `new RegExp(source, 'u')`. */
  readonly source: string;
  /** A value it matches, for the examples where the spec gives none (undefined where none was found). */
  readonly sample: string | undefined;
}

export interface EnumType {
  readonly kind: 'enum';
  readonly enum: EnumModel;
}

export interface RecordType {
  readonly kind: 'record';
  /** A record, or a result type where a type names one (an operation's result). */
  readonly record: StructModel;
}

/** A type that is not a list: what a single element holds. */
export type ScalarType = PrimitiveType | EnumType | RecordType;

export interface ListType {
  readonly kind: 'list';
  /** The items' type: a scalar, or a list again (nested lists: `ArrayOfArrayOfInt`). */
  readonly item: TypeModel;
  /**
   * The repeated element's name inside the container element (the container is named after the field). Without a
   * container, the items are the field's own element, repeated, and this is the field name.
   */
  readonly itemElement: string;
  readonly nillableItems: boolean;
  /** The namespace of the items when it is not the service's (WCF's `ArrayOfstring` in `.../Serialization/Arrays`). */
  readonly namespace?: XmlNamespace | undefined;
  /** False: no container element, the items are repeated directly in the parent (`maxOccurs="unbounded"`). */
  readonly container: boolean;
  /** The item elements of a container are in no namespace (`form="unqualified"`): written with `xmlns=""`. */
  readonly unqualifiedItems?: boolean | undefined;
  /**
   * The fewest and most items (the item element's minOccurs and maxOccurs): the client refuses a list outside them
   * before sending; undefined, 0 and no bound. Decoding does not check them (a short answer is still read whole).
   */
  readonly minItems?: number | undefined;
  readonly maxItems?: number | undefined;
}

/** One alternative of a choice: an element, named as on the wire (and as the key of the TypeScript value), and its type. */
export interface ChoiceAlternative {
  readonly kind: 'alternative';
  readonly name: string;
  /**
   * A scalar, or a list in its container; never a choice. In the choice of a record field or an output (not a list's
   * nor a parameter's), also a list without a container: the alternative's element repeated, its value their list.
   */
  readonly type: ScalarType | ListType;
  readonly doc: string | undefined;
  /**
   * `unqualified`: the element is in no namespace (xs:form, elementFormDefault), written with `xmlns=""` and read only
   * there. Undefined: in its record's namespace. Only in a choice typing a record field (or its list's items).
   */
  readonly form?: 'unqualified' | undefined;
  /**
   * The element's own namespace (an element reference to another schema) and the prefix its writers declare for it on
   * the record's start tag; read only there. Never with `form`. Only in a choice typing a record field.
   */
  readonly namespace?: XmlNamespace | undefined;
  /**
   * A sequence of elements as the alternative (`xs:sequence` inside `xs:choice`): chosen on the wire by its first
   * element, whose name is the alternative's `name` (and `type` that element's type); the TypeScript value of the
   * alternative is a record of the members. At least two members, the first required. Only in a choice typing a
   * record field that does not repeat, never with `form` or `namespace`.
   */
  readonly sequence?: readonly SequenceMember[] | undefined;
}

/** One element of a sequence that is an alternative of a choice: in the alternative's record's namespace. */
export interface SequenceMember {
  readonly kind: 'member';
  /** The element's name on the wire, also its key in the alternative's value. */
  readonly name: string;
  /** A scalar, or a list in its container. */
  readonly type: ScalarType | ListType;
  /** The element may be absent (minOccurs="0"). */
  readonly optional: boolean;
  readonly doc: string | undefined;
}

/**
 * An `xs:choice`: exactly one of the alternatives' elements, where a single element of a field would be. It has no
 * element of its own; its value is an object with exactly one member, the alternative sent. Repeated (a list's items),
 * each item is one alternative, in document order.
 */
export interface ChoiceType {
  readonly kind: 'choice';
  /** In the spec's order, at least two, names distinct. */
  readonly alternatives: readonly ChoiceAlternative[];
}

export type TypeModel = ScalarType | ListType | ChoiceType;

/**
 * A namespace of record fields or list items other than the service's (WCF's DataContract namespaces), with the
 * prefix the generated writers declare for it: one per namespace in a service, so a nested value never rebinds it.
 */
export interface XmlNamespace {
  readonly uri: string;
  readonly prefix: string;
}

export interface FieldModel {
  readonly kind: 'field';
  /** The key of the TypeScript value (the spec's `name`), distinct among its record's fields, its bases' included. */
  readonly name: string;
  /**
   * Its element's (or attribute's) name on the wire: the spec's `xmlName`, else its `name`. A field of a type may have
   * the element name of one of its base's fields (PayPal's MsgSubID in a type and its extension): both are written, in
   * wire order, and read apart by their order.
   */
  readonly xmlName: string;
  readonly type: TypeModel;
  readonly doc: string | undefined;
  /** xsi:nil is allowed and decodes to null. */
  readonly nillable: boolean;
  /** The element may be absent and decodes to undefined. */
  readonly optional: boolean;
  /** Holds a secret: redacted from error texts, hidden from JSON.stringify and util.inspect of errors. */
  readonly secret: boolean;
  /** An unqualified XML attribute of the record's element rather than a child element (primitive or enum types). */
  readonly attribute: boolean;
  /**
   * The record element's text content (xs:simpleContent extending a simple type): a primitive or enum, the only
   * non-attribute field of its record, never absent or nil (`<PartyId type="x"/>` holds the empty text).
   */
  readonly text?: boolean | undefined;
  /**
   * Where the field's namespace differs from the default of its kind (xs:form, elementFormDefault,
   * attributeFormDefault): `unqualified`, an element in no namespace (written with `xmlns=""`); `qualified`, an
   * attribute in its record's namespace (the record's `namespace`, else the service's). Undefined: the default,
   * elements qualified and attributes unqualified.
   */
  readonly form?: 'qualified' | 'unqualified' | undefined;
  /**
   * A qualified attribute's namespace and the prefix its writers declare for it: its record's namespace, else the
   * service's, under the prefix `tns` (default namespaces do not apply to attributes).
   */
  readonly attributeNamespace?: XmlNamespace | undefined;
  /**
   * The element's own namespace (the spec's `namespace`: an element reference to another schema's global element, a
   * qualified element inside an unqualified one) and the prefix its writers declare for it on the record's start tag;
   * the element is read only there. Undefined: the namespace its record gives it. What it holds is unaffected.
   */
  readonly namespace?: XmlNamespace | undefined;
  /** The spec's example, as the client sends it (checked against the type); docs and example answers show it. */
  readonly example?: string | undefined;
  /**
   * The one value it may hold (xs:fixed), as sent: optional in the TypeScript type, sent when left out, any other value
   * refused by the client before sending and by the mock's reader (and the client's: an answer breaking it is an error).
   */
  readonly fixed?: string | undefined;
  /** The schema's default value (xs:default), as sent: written in the WSDL and the docs, nothing else. */
  readonly default?: string | undefined;
  /** The pattern its text matches (xs:pattern): only on a field of a text type (PATTERN_TYPES of primitives.ts). */
  readonly pattern?: PatternFacet | undefined;
  /**
   * The choice of its record (a field before it) and the alternative it is sent with only: it belongs to a sequence
   * that is that alternative, drafted as the sequence's first element (the spec's `onlyWith`). Present beside another
   * alternative, it is refused by the client before sending and by the readers.
   */
  readonly onlyWith?: { readonly choice: FieldModel; readonly alternative: string } | undefined;
  readonly decision: Decision | undefined;
}

export interface EnumModel {
  readonly kind: 'enum';
  /** Its TypeScript name: the spec's key made an identifier that takes no other name (docs/spec-format.md, How names are formed). */
  readonly name: string;
  /** Its XML Schema name: the spec's `xmlName`, else its key. */
  readonly xmlName: string;
  readonly doc: string | undefined;
  readonly values: readonly string[];
  /**
   * `token`: the enumeration restricts xs:token, whose whitespace is collapsed before a value is compared (a value read
   * as `" A  B "` is the member `A B`); undefined: xs:string, compared as written.
   */
  readonly base?: 'token' | undefined;
  /** Integer codes known for some values (int-coded results share the vocabulary), in ascending order. */
  readonly numeric:
    | { readonly decision: Decision; readonly codes: ReadonlyArray<readonly [number, string]> }
    | undefined;
  readonly placeholders: string | undefined;
}

/** How a result reports a service error inside a 200 response. */
export interface ResultStatus {
  readonly codeField: FieldModel;
  readonly codeKind: 'enum' | 'int';
  /** The code that means success: an enum value or an integer. */
  readonly success: string | number;
  readonly messageField: FieldModel | undefined;
}

/** A record (nested type) or a result type: an element whose children are its fields, in order. */
export interface StructModel {
  readonly kind: 'record' | 'result';
  /** Its TypeScript name: the spec's key made an identifier that takes no other name (docs/spec-format.md, How names are formed). */
  readonly name: string;
  /** Its XML Schema name (xsi:type, the WSDL's complexType, a list's default item element): `xmlName`, else its key. */
  readonly xmlName: string;
  readonly doc: string | undefined;
  /** Every field in wire order: the base type's first (xs:extension), then its own. */
  readonly fields: readonly FieldModel[];
  /** The fields this type adds to its base. */
  readonly ownFields: readonly FieldModel[];
  /** The type it extends, if any. */
  readonly base: StructModel | undefined;
  /**
   * The namespace of its own fields' elements when it is not the service's (a WCF DataContract namespace, an ASMX
   * [XmlType] namespace); the fields it inherits are in its base's, as XML Schema puts an extension's elements.
   */
  readonly namespace?: XmlNamespace | undefined;
  /**
   * xs:anyAttribute: attributes besides its attribute fields are kept, as the member `$attributes` (a name no field
   * can have), keyed by local name, or `{uri}local` for one in a namespace.
   */
  readonly anyAttribute?: boolean | undefined;
  /**
   * XML Schema abstract="true": no element holds this type itself, only a record extending it (named by xsi:type);
   * `concrete` lists those that are not abstract themselves, directly or not, in the spec's order (maybe none).
   */
  readonly abstract?: { readonly concrete: readonly StructModel[] } | undefined;
  readonly decision: Decision | undefined;
  /** Results only: how the document marks the errorCode, (S), (I) or not at all. */
  readonly documentedErrorCode: 'S' | 'I' | 'none' | undefined;
  /** Results only: the error check the client applies; present whenever the result has a code field. */
  readonly status: ResultStatus | undefined;
}

export type ParameterRole = 'principal' | 'timestamp' | 'signature';

export interface ParameterModel {
  readonly kind: 'parameter';
  readonly name: string;
  readonly type: TypeModel;
  readonly doc: string | undefined;
  readonly role: ParameterRole | undefined;
  readonly optional: boolean;
  /** The caller may pass null, sent as xsi:nil="true" (as nothing in an HTTP POST form). */
  readonly nillable: boolean;
  readonly default: string | number | boolean | undefined;
  readonly quirk: string | undefined;
  /** Holds a secret (a password parameter): the client masks its value in errors and in what its hooks see. */
  readonly secret: boolean;
  /**
   * `unqualified`: the parameter's element is in no namespace (a local element of an elementFormDefault="unqualified"
   * wrapper): written `<name xmlns="">` in SOAP and read only there. Undefined: in the operation's namespace.
   */
  readonly form?: 'unqualified' | undefined;
  /**
   * The parameter element's own namespace (an element reference to another schema's global element), written with a
   * prefix bound to it and read only there; what it holds is in the namespaces its type gives. Undefined: the
   * operation's.
   */
  readonly namespace?: XmlNamespace | undefined;
  /** The spec's example, as the client sends it (checked against the type); docs and example calls show it. */
  readonly example?: string | undefined;
  /** The pattern its text matches (xs:pattern), as a field's. */
  readonly pattern?: PatternFacet | undefined;
  readonly decision: Decision | undefined;
}

/** The EAT marker of an operation, exactly as the document gives it, and what it means for signing. */
export type EatModel =
  | { readonly kind: 'parameter'; readonly marker: string; readonly parameter: ParameterModel }
  | { readonly kind: 'none' | 'null' | 'notMarked'; readonly marker: string }
  | { readonly kind: 'absentParameter'; readonly marker: string; readonly decision: Decision | undefined }
  /** The service does not sign requests, so the operation has no marker (`''`). */
  | { readonly kind: 'unsigned'; readonly marker: '' };

export type HttpPostRootModel =
  | { readonly kind: 'shown'; readonly name: string }
  /** Not given in the spec: ASMX's convention for the result type (its name, the XSD name, ArrayOfX). */
  | { readonly kind: 'convention'; readonly name: string }
  | { readonly kind: 'notShown'; readonly assumed: string; readonly decision: Decision }
  /** The service, or this operation, has no HTTP POST binding; or the operation returns nothing. */
  | { readonly kind: 'unbound' }
  /** A void operation: the HTTP POST response has an empty body. */
  | { readonly kind: 'empty' }
  /** XML content returned as it is: any root. */
  | { readonly kind: 'any' };

/** An operation that returns nothing: an empty `<OpResponse/>`. */
export interface VoidResult {
  readonly kind: 'void';
}

/** An operation that returns one value, in its result element. */
export interface ValueResult {
  readonly kind: 'value';
  readonly type: TypeModel;
  /** ASMX leaves the result element out (or sends it nil) for null: decoded as null rather than an error. */
  readonly nullable: boolean;
  /** The child of `<OpResponse>` holding it, `<OpResult>` unless the spec says otherwise. */
  readonly element: string;
  /** `unqualified`: the result element is in no namespace (`<OpResult xmlns="">`), read only there. */
  readonly form?: 'unqualified' | undefined;
  /** The result element's own namespace (an element reference to another schema's), written and read only there. */
  readonly namespace?: XmlNamespace | undefined;
  /** The record or result type returned, when the type is one. */
  readonly struct: StructModel | undefined;
}

/**
 * An operation with out parameters: the response element holds the result (unless void) and one element per output,
 * returned as one record, `struct` (named `<Op>Output`, listed among the results). SOAP only.
 */
export interface OutputsResult {
  readonly kind: 'outputs';
  readonly struct: StructModel;
  /** What the operation returns besides its outputs. */
  readonly returned: VoidResult | ValueResult;
}

/** What an operation returns. */
export type ResultModel = VoidResult | ValueResult | OutputsResult;

/** A SOAP header record sent with calls (the ASMX `AuthHeader` pattern). */
export interface SoapHeaderModel {
  readonly kind: 'soapHeader';
  /** The header element's name, in the service namespace. */
  readonly element: string;
  readonly record: StructModel;
  /** The client option supplying it. */
  readonly option: string;
  /*
   * Headers the spec gives without an option are only answered (responseHeaders): they are not here, the
   * operations' ResponseHeaderModel carry them.
   */
  /** The client cannot be built without it. */
  readonly required: boolean;
  readonly doc: string | undefined;
}

/**
 * A SOAP header an operation's SOAP answers carry in soap:Header (ASMX's `SoapHeader(Direction = Out | InOut)`): a
 * record under an element of the service namespace, from the spec's soapHeaders, sent or not by the client as well.
 */
export interface ResponseHeaderModel {
  readonly kind: 'responseHeader';
  /** The header element's name, in the service namespace. */
  readonly element: string;
  readonly record: StructModel;
  /** Every SOAP answer carries it: the client refuses one without it, the mock's handler must set it. */
  readonly required: boolean;
  readonly doc: string | undefined;
}

/**
 * A typed SOAP fault (a WSDL fault message; WCF's `[FaultContract]`): the element a fault's detail holds, in SOAP 1.1
 * `<detail>` and in SOAP 1.2 `<soap:Detail>`, and the record it holds. Declared once, listed by the operations that
 * may answer it.
 */
export interface FaultModel {
  readonly kind: 'fault';
  /** Its name (the spec's key; the WSDL fault and message name): the discriminant of the client's typed fault. */
  readonly name: string;
  /** The detail element's local name. */
  readonly element: string;
  /** The detail element's namespace: the spec's, else the service namespace. */
  readonly namespace: string;
  readonly record: StructModel;
  readonly doc: string | undefined;
}

/** The bindings a service offers. */
export type BindingName = 'soap11' | 'soap12' | 'httpPost' | 'httpGet';

export interface OperationModel {
  readonly kind: 'operation';
  /** Its name on the wire (any XML name): the request element, `<name>Response`, the SOAPAction's and HTTP path's end. */
  readonly name: string;
  /**
   * The identifier the generated names of this operation start with (`<tsName>Params`, `encode<tsName>`): its name
   * made an identifier that meets no other (docs/spec-format.md, How names are formed). `List.Delete` -> `List_Delete`.
   */
  readonly tsName: string;
  /** lowerCamelCase method name on the client: made from `tsName`, distinct from every other method. */
  readonly methodName: string;
  readonly doc: string | undefined;
  /** All parameters in wire order, credentials included. */
  readonly params: readonly ParameterModel[];
  /** The parameters the caller passes (no credential roles), in wire order. */
  readonly inputParams: readonly ParameterModel[];
  readonly result: ResultModel;
  readonly httpPostRoot: HttpPostRootModel;
  /** The operation has the HTTP POST binding (the service has it and the operation does not opt out). */
  readonly httpPost: boolean;
  /** The operation has the HTTP GET binding (the service lists it and the operation does not opt out). */
  readonly httpGet: boolean;
  readonly eat: EatModel;
  readonly submitsPayments: boolean;
  /** The SOAPAction value (unquoted) when the spec gives one; else the convention, namespace + name. */
  readonly soapAction: string | undefined;
  /**
   * Document/literal not wrapped (ASMX's `ParameterStyle = Bare`): in SOAP, each parameter is an element of the Body
   * named as the parameter, and the answer's Body holds the result element and the outputs; no element names the
   * operation, so its SOAPAction (the action of SOAP 1.2) does. HTTP POST and GET are the same as wrapped.
   */
  readonly bare: boolean;
  /** The namespace of this operation's wrapper, parameter and result elements when it is not the service's. */
  readonly namespace: string | undefined;
  /** The SOAP headers sent with it, in the order of the spec's soapHeaders. */
  readonly headers: readonly SoapHeaderModel[];
  /** The SOAP headers its SOAP answers carry, in the order the operation lists them (none over HTTP POST or GET). */
  readonly responseHeaders: readonly ResponseHeaderModel[];
  /** The title of the group the docs list it under (one of `ServiceModel.groups`), or undefined. */
  readonly group: string | undefined;
  /** The typed faults it declares, in the order the spec lists them (of `ServiceModel.faults`). */
  readonly faults: readonly FaultModel[];
}

/** A group of operations in the docs: the spec's `groups`, or the groups operations name, by first appearance. */
export interface OperationGroupModel {
  readonly kind: 'group';
  readonly title: string;
  readonly doc: string | undefined;
}

/** A client method that calls a status operation until its status field reaches a final value. */
export interface PollModel {
  readonly kind: 'poll';
  readonly method: string;
  readonly operation: OperationModel;
  readonly idParameter: ParameterModel;
  /** The operation's result type, whose status field is read. */
  readonly result: StructModel;
  readonly statusField: FieldModel;
  readonly finalValues: readonly string[];
  /** Codes that end the wait as a service error while the status is not final; other codes are warnings. */
  readonly failureCodes: readonly string[];
  readonly decision: Decision | undefined;
  readonly doc: string | undefined;
}

export interface ServiceErrorsModel {
  readonly codeField: string;
  readonly messageField: string;
  readonly enum: EnumModel;
  readonly success: { readonly S: string; readonly I: number };
  readonly decision: Decision | undefined;
}

/** Why a request's credentials fail. */
export type AuthFailureKind = 'unknownPrincipal' | 'badSignature' | 'staleTimestamp' | 'requestLimit';

/** The error code a failed check is answered with: an enum value, and its integer code for (I) results when known. */
export interface AuthFailureCode {
  readonly value: string;
  readonly number: number | undefined;
}

export interface AuthModel {
  readonly scheme: 'hmac-sha256-hex';
  readonly timestampUnit: 'unix-seconds';
  /** The credentials the docs' examples sign with (a public test key, never a real one). */
  readonly example: { readonly principal: string; readonly apiKey: string; readonly timestamp: number };
  /** How the service answers a failed check, in a 200 result; undefined when the spec does not say. */
  readonly failures:
    | {
        readonly codes: Readonly<Partial<Record<AuthFailureKind, AuthFailureCode>>>;
        /** What (I) results send for a code whose integer is not known. */
        readonly unknownNumber: number | undefined;
        readonly decision: Decision | undefined;
      }
    | undefined;
  readonly decision: Decision | undefined;
}

/** The npm package the generated SDK is published as. */
export interface PackageModel {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly license: string;
  /** package.json's `repository` (a URL or a shorthand), when given. */
  readonly repository?: string;
  /** package.json's `author`, when given. */
  readonly author?: string;
  /** The mock package's name (the client's with `-mock` unless given). */
  readonly mockName: string;
}

/**
 * A TypeScript file of a spec's simulator, to be shipped in the generated mock: its text, and where its imports of
 * generated code stand (the emitter rewrites those to paths relative to the copy).
 */
export interface SimulatorFileModel {
  readonly kind: 'simulatorFile';
  /** Its path inside the simulator folder, with / separators, e.g. `index.ts`. */
  readonly name: string;
  /** Where it is, as the spec's own path is given (e.g. `spec/payer-v5.simulator/index.ts`). */
  readonly source: string;
  readonly text: string;
  /** Each `#generated/<path>` specifier: its span in `text` (without the quotes) and the path inside the output. */
  readonly generatedImports: readonly { readonly start: number; readonly end: number; readonly target: string }[];
}

/** The hand-written behaviour of one service for its generated mock (the spec's `mock.simulator`). */
export interface SimulatorModel {
  readonly kind: 'simulator';
  /** The folder as the spec names it, relative to the spec. */
  readonly folder: string;
  /** Its TypeScript files (tests and declaration files left out), in name order; one is `index.ts`. */
  readonly files: readonly SimulatorFileModel[];
}

export interface ServiceModel {
  readonly kind: 'service';
  /** The spec file, relative to the working directory it was loaded from, with / separators. */
  readonly source: string;
  readonly name: string;
  readonly title: string;
  /** The service's version, where the spec gives one. */
  readonly version: string | undefined;
  readonly path: string;
  readonly namespace: { readonly uri: string; readonly decision: Decision | undefined };
  readonly clientName: string;
  /** The bindings the service offers, in the order soap11, soap12, httpPost, httpGet. */
  readonly bindings: readonly BindingName[];
  readonly package: PackageModel;
  readonly doc: string | undefined;
  readonly serviceErrors: ServiceErrorsModel | undefined;
  readonly auth: AuthModel | undefined;
  readonly soapHeaders: readonly SoapHeaderModel[];
  /** The typed SOAP faults the spec declares, in the spec's order (operations list theirs). */
  readonly faults: readonly FaultModel[];
  readonly decisions: readonly Decision[];
  /** The shared parameter definitions (top-level `parameters`); operations may also define their own inline. */
  readonly parameters: readonly ParameterModel[];
  readonly enums: readonly EnumModel[];
  readonly records: readonly StructModel[];
  readonly results: readonly StructModel[];
  readonly operations: readonly OperationModel[];
  /** The groups of operations, in the order the docs list them; empty when no operation names one. */
  readonly groups: readonly OperationGroupModel[];
  readonly polls: readonly PollModel[];
  /** The simulator the generated mock falls back to, when the spec names one. */
  readonly simulator: SimulatorModel | undefined;
}
