/**
 * The resolved, typed model of a service (the IR). Emitters read only this; it is built once by
 * `generator/spec/resolve.ts` from a validated spec. Every node carries a `kind`, references are resolved to the
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
}

export interface EnumType {
  readonly kind: 'enum';
  readonly enum: EnumModel;
}

export interface RecordType {
  readonly kind: 'record';
  readonly record: StructModel;
}

/** A type that is not a list: what a list item or a single element holds. */
export type ScalarType = PrimitiveType | EnumType | RecordType;

export interface ListType {
  readonly kind: 'list';
  readonly item: ScalarType;
  /** The repeated element's name inside the container element (the container is named after the field). */
  readonly itemElement: string;
  readonly nillableItems: boolean;
}

export type TypeModel = ScalarType | ListType;

export interface FieldModel {
  readonly kind: 'field';
  readonly name: string;
  readonly type: TypeModel;
  readonly doc: string | undefined;
  /** xsi:nil is allowed and decodes to null. */
  readonly nillable: boolean;
  /** The element may be absent and decodes to undefined. */
  readonly optional: boolean;
  /** Holds a secret: redacted from error texts, hidden from JSON.stringify and util.inspect of errors. */
  readonly secret: boolean;
  readonly decision: Decision | undefined;
}

export interface EnumModel {
  readonly kind: 'enum';
  readonly name: string;
  readonly doc: string;
  readonly values: readonly string[];
  /** Integer codes known for some values (int-coded results share the vocabulary), in ascending order. */
  readonly numeric: { readonly decision: Decision; readonly codes: ReadonlyArray<readonly [number, string]> } | undefined;
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
  readonly name: string;
  readonly doc: string;
  readonly fields: readonly FieldModel[];
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
  readonly type: PrimitiveName;
  readonly doc: string;
  readonly role: ParameterRole | undefined;
  readonly optional: boolean;
  readonly default: string | number | boolean | undefined;
  readonly quirk: string | undefined;
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
  | { readonly kind: 'notShown'; readonly assumed: string; readonly decision: Decision }
  /** The service has no HTTP POST binding. */
  | { readonly kind: 'unbound' };

/** The bindings a service offers. */
export type BindingName = 'soap11' | 'soap12' | 'httpPost';

export interface OperationModel {
  readonly kind: 'operation';
  readonly name: string;
  /** lowerCamelCase method name on the client. */
  readonly methodName: string;
  readonly doc: string;
  /** All parameters in wire order, credentials included. */
  readonly params: readonly ParameterModel[];
  /** The parameters the caller passes (no credential roles), in wire order. */
  readonly inputParams: readonly ParameterModel[];
  readonly result: StructModel;
  readonly httpPostRoot: HttpPostRootModel;
  readonly eat: EatModel;
  readonly submitsPayments: boolean;
}

/** A client method that calls a status operation until its status field reaches a final value. */
export interface PollModel {
  readonly kind: 'poll';
  readonly method: string;
  readonly operation: OperationModel;
  readonly idParameter: ParameterModel;
  readonly statusField: FieldModel;
  readonly finalValues: readonly string[];
  /** Codes that end the wait as a service error while the status is not final; other codes are warnings. */
  readonly failureCodes: readonly string[];
  readonly decision: Decision | undefined;
  readonly doc: string;
}

export interface ServiceErrorsModel {
  readonly codeField: string;
  readonly messageField: string;
  readonly enum: EnumModel;
  readonly success: { readonly S: string; readonly I: number };
  readonly decision: Decision | undefined;
}

export interface AuthModel {
  readonly scheme: 'hmac-sha256-hex';
  readonly timestampUnit: 'unix-seconds';
  readonly decision: Decision | undefined;
}

/** The npm package the generated SDK is published as. */
export interface PackageModel {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly license: string;
}

export interface ServiceModel {
  readonly kind: 'service';
  /** The spec file, relative to the working directory it was loaded from, with / separators. */
  readonly source: string;
  readonly name: string;
  readonly title: string;
  readonly version: string;
  readonly path: string;
  readonly namespace: { readonly uri: string; readonly decision: Decision | undefined };
  readonly clientName: string;
  /** The bindings the service offers, in the order soap11, soap12, httpPost. */
  readonly bindings: readonly BindingName[];
  readonly package: PackageModel;
  readonly doc: string;
  readonly serviceErrors: ServiceErrorsModel | undefined;
  readonly auth: AuthModel | undefined;
  readonly decisions: readonly Decision[];
  readonly parameters: readonly ParameterModel[];
  readonly enums: readonly EnumModel[];
  readonly records: readonly StructModel[];
  readonly results: readonly StructModel[];
  readonly operations: readonly OperationModel[];
  readonly polls: readonly PollModel[];
}
