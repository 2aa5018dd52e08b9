/**
 * What the mock engine knows of an operation and its parameters: the facts generated code hands to it, kept apart
 * from the engine (core.ts) so that the request readers and the answer framing can name them without importing it.
 */
import type { OperationWire } from '../operation.js';
import type { XmlReader } from '../codec/xml-reader.js';
import type { MockErrorCode } from './codes.js';

/** How one parameter is read. */
export interface MockParam {
  /** Element / form field name, exact spelling. */
  readonly name: string;
  /** A missing parameter is refused. */
  readonly required: boolean;
  /** `xsi:nil` is allowed (the value is then null). */
  readonly nillable: boolean;
  /** Reads the parameter element the reader is on (a ReadValue from decode.ts or a generated record decoder). */
  readonly read: (r: XmlReader) => unknown;
  /**
   * HTTP POST: the field's values (a list param may repeat) -> value; undefined = not allowed in a form. Every value
   * of a repeated field is passed, so a single-valued parameter's reader refuses more than one (mock-values.ts's
   * `formValue` does) with a SvcDecodeError.
   */
  readonly form: ((values: readonly string[], path: string) => unknown) | undefined;
  /**
   * A choice (xs:choice): the element names of its alternatives, one of which stands for the parameter; `name` is
   * then only the handler's key, and `read` returns the one-member object of the alternative sent.
   */
  readonly alternatives?: readonly string[];
  /**
   * A list without a container (ASMX's `[XmlElement] string[] name`): each element of its name is one item, read by
   * `read` (`nillable` is the items'), in document order; none is the empty list. Its HTTP POST field repeats instead,
   * and a form without it misses it, as ASMX's form binding does.
   */
  readonly repeated?: true;
  /**
   * A repeated parameter the spec makes optional (`minOccurs="0"`): no element leaves it out of the handler's
   * parameters, as ASMX binds null, rather than giving it the empty list.
   */
  readonly optional?: true;
  /**
   * A list's fewest and most items (its minItems, its maxItems or Infinity): a request outside them is refused with a
   * Client fault, as the client refuses to send one.
   */
  readonly bounds?: readonly [minItems: number, maxItems: number];
  /**
   * The parameter is a credential the mock checks (principal/timestamp/signature), passed through as text too. Only
   * the signature is a secret, masked in every text an answer quotes; the principal and timestamp are shown.
   */
  readonly role?: 'principal' | 'timestamp' | 'signature';
}

/** The per-operation facts the mock needs; generated from the spec. */
export interface MockOperation extends OperationWire {
  /** The parameters, in wire order. */
  readonly params: readonly MockParam[];
  /** Writes the result value as the element `name` with `attrs` (namespace declarations) on its start tag. */
  readonly write: (name: string, value: unknown, attrs: string) => string;
  /** The EAT value of a request, from its decoded parameters, as the client computes it (default ''). */
  readonly eat?: (params: Readonly<Record<string, unknown>>) => string;
  /**
   * A result carrying an error code and message (the other required members at .NET's defaults), for answers the
   * service gives inside a 200 result: failed credentials and injected codes. Undefined for results without an error
   * code; the function returns undefined when the result needs an integer and the code has none.
   */
  readonly errorResult?: (code: MockErrorCode, message: string) => unknown;
  /** The SOAP headers its answers carry, each with its record's writer, in the order they are written. */
  readonly responseHeaders?: readonly MockResponseHeader[];
  /** The typed faults it declares, each with its detail element and its record's writer (a handler's MockFault). */
  readonly faults?: readonly MockFaultBinding[];
}

/** A typed fault an operation declares: what a handler's `MockFault` with `fault` names, and how it is written. */
export interface MockFaultBinding {
  readonly name: string;
  /** The detail element and its namespace. */
  readonly element: string;
  readonly namespace: string;
  /** Writes the record as the element `name` with `attrs` (its namespace declaration) on its start tag. */
  readonly write: (name: string, value: unknown, attrs: string) => string;
}

/** A SOAP header an operation's answers carry in soap:Header. */
export interface MockResponseHeader {
  /** The header element, in the service namespace. */
  readonly element: string;
  /** A handler's answer without it is refused (a Server fault): every answer of the service carries it. */
  readonly required: boolean;
  /** Writes the record as the element `name` with `attrs` (its namespace declaration) on its start tag. */
  readonly write: (name: string, value: unknown, attrs: string) => string;
}
