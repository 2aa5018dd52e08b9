/**
 * Reading a request to a mock: its style from the Content-Type, its action, its body (capped, strictly decoded), and
 * its parameters from a SOAP envelope or an HTTP POST form, checked as strictly as the service would check them.
 *
 * Every refusal is a {@link RequestFault} whose message names what is wrong. A credential parameter (one with a
 * `role`) is never quoted: its value is left out of every message, whatever went wrong with it.
 */
import type { Style } from '../operation.js';
import { contentTypeParameter, decodeBody } from '../codec/charset.js';
import { SvcDecodeError } from '../errors.js';
import type { MockOperation, MockParam } from './operation.js';
import type { MockExchange } from './exchange.js';
import { RequestFault, plainName, quoteInput, shortName } from './faults.js';
import { checkListBounds } from './list-bounds.js';
import { EMPTY_SOAP_BODY, envelopeVersion, openBody } from '../codec/soap.js';
import { nonXmlCharOf } from '../codec/xml-chars.js';
import { XmlReader } from '../codec/xml-reader.js';
import { escapeXmlText, soapNamespace, type SoapVersion } from '../codec/xml-writer.js';

/** A request's parameters once read: what the handler gets, and the credentials' text by role. */
export interface DecodedParams {
  /** Parameter values by name, credential parameters left out; an absent optional parameter has no entry. */
  readonly params: Record<string, unknown>;
  /** The text of each credential parameter that was sent, by role. */
  readonly credentials: Record<string, string>;
}

/**
 * An operation's parameters indexed for reading: the exact names (the wire spelling is the only one accepted) and the
 * names folded to lower case, to tell a misspelt parameter (`timestamp` for `timeStamp`) from an unknown one.
 */
export class ParamTable {
  /** Index in the operation's `params` by exact name. */
  readonly exact: ReadonlyMap<string, number>;
  /** Exact name by lower-case name. */
  readonly folded: ReadonlyMap<string, string>;
  /** The names in wire order, for messages. */
  readonly list: string;

  /** @param params - the operation's parameters, in wire order */
  constructor(params: readonly MockParam[]) {
    const exact = new Map<string, number>();
    const folded = new Map<string, string>();
    params.forEach((p, i) => {
      // A choice is sent as one of its alternatives' elements: each of those names stands for it.
      for (const name of p.alternatives ?? [p.name]) {
        if (exact.has(name)) throw new Error(`parameter ${name} is defined twice`);
        exact.set(name, i);
        if (!folded.has(name.toLowerCase())) folded.set(name.toLowerCase(), name);
      }
    });
    this.exact = exact;
    this.folded = folded;
    this.list =
      params.length === 0
        ? 'none'
        : params.map((p) => (p.alternatives ? p.alternatives.join(' | ') : p.name)).join(', ');
  }

  /** The exact spelling of a name that differs from `name` only in case, if there is one. */
  misspelt(name: string): string | undefined {
    return this.folded.get(name.toLowerCase());
  }
}

// ---- Content-Type, action, body ------------------------------------------------------------------------------------

/**
 * The media type of a Content-Type, lower case, without parameters: `text/xml; charset=utf-8` gives `text/xml`.
 * @param contentType - the header value (`''` when absent)
 */
export function mediaTypeOf(contentType: string): string {
  const semicolon = contentType.indexOf(';');
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/**
 * The style a media type asks for: `text/xml` SOAP 1.1, `application/soap+xml` SOAP 1.2,
 * `application/x-www-form-urlencoded` HTTP POST; undefined for anything else.
 * @param mediaType - a media type from {@link mediaTypeOf}
 */
export function styleOfMediaType(mediaType: string): Style | undefined {
  switch (mediaType) {
    case 'text/xml':
      return 'soap11';
    case 'application/soap+xml':
      return 'soap12';
    case 'application/x-www-form-urlencoded':
      return 'httpPost';
    default:
      return undefined;
  }
}

/**
 * The action a SOAP request names, unquoted: the SOAPAction header in SOAP 1.1 (quoted or not, as real clients send
 * both), the Content-Type's `action` parameter in SOAP 1.2; undefined when absent.
 * @param request - the request
 * @param style - `soap11` or `soap12`
 */
export function requestAction(request: MockExchange, style: Style): string | undefined {
  if (style === 'soap12') return contentTypeParameter(request.header('content-type') ?? '', 'action');
  const header = request.header('soapaction');
  if (header === undefined) return undefined;
  const value = header.trim();
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/**
 * The request body as text. A body larger than `maxBytes` is refused before the rest is read (a Content-Length over
 * it before reading anything; the server drains the rest after the answer); the text is decoded strictly by the
 * byte-order mark, Content-Type charset or XML declaration, else as UTF-8.
 * @param request - the request
 * @param maxBytes - the largest body accepted
 */
export async function readRequestText(request: MockExchange, maxBytes: number): Promise<string> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await request.readBody(maxBytes);
  } catch {
    throw new RequestFault('Client', 'the request body could not be read to its end');
  }
  if (bytes === undefined) {
    throw new RequestFault(
      'Client',
      `Maximum request length exceeded: the request body is larger than ${maxBytes} bytes`,
    );
  }
  try {
    return decodeBody(bytes, request.header('content-type') ?? '', 'request');
  } catch (error) {
    if (error instanceof SvcDecodeError) throw new RequestFault('Client', error.message);
    throw error;
  }
}

// ---- SOAP ----------------------------------------------------------------------------------------------------------

/**
 * Reads a request envelope up to the first element in its Body and leaves the reader on that element's start tag.
 * The root must be an Envelope of `version` (an Envelope of another namespace is a VersionMismatch); Headers are
 * skipped, understood or not.
 * @param reader - a fresh reader over the request text
 * @param version - the SOAP version the Content-Type asks for
 */
export function openRequestEnvelope(reader: XmlReader, version: SoapVersion, allowEmpty = false): boolean {
  reader.readRoot();
  const envNs = soapNamespace(version);
  if (reader.localName !== 'Envelope') {
    throw new RequestFault('Client', `the root element <${shortName(reader.localName)}> is not a SOAP Envelope`);
  }
  if (reader.namespaceUri !== envNs) throw new RequestFault('VersionMismatch', versionMismatch(reader, version));
  const problem = openBody(reader, envNs);
  if (problem === EMPTY_SOAP_BODY && allowEmpty) return false;
  if (problem !== undefined) throw new RequestFault('Client', problem);
  return true;
}

function versionMismatch(reader: XmlReader, version: SoapVersion): string {
  const found = envelopeVersion(reader);
  const asked = `the Content-Type asks for SOAP ${version}`;
  if (found !== undefined) return `the request is a SOAP ${found} envelope, but ${asked}`;
  return `the Envelope is in ${describeNamespace(reader.namespaceUri)}, which is no SOAP envelope namespace; ${asked}`;
}

/**
 * Reads the parameters of the operation element the reader is on, in any order, and consumes it. Each child must be
 * one of the operation's parameters, spelt exactly, in `namespace`, at most once; every required one must be there;
 * nil only where nillable; a value its reader refuses is refused. Records and list items are read in
 * `memberNamespace`, the service's.
 * @param reader - positioned on the operation element's start tag
 * @param op - the operation
 * @param table - its parameter table
 * @param namespace - the namespace of the operation and its parameters
 * @param memberNamespace - the service namespace
 * @param bare - a bare operation (`OperationWire.bare`): the parameters are the Body's own elements, the reader on
 *   the first of them (`'first'`) or past an empty Body (`'none'`); the Body is consumed
 */
export function readSoapParams(
  reader: XmlReader,
  op: MockOperation,
  table: ParamTable,
  namespace: string,
  memberNamespace: string,
  bare?: 'first' | 'none',
): DecodedParams {
  reader.memberNamespace = memberNamespace;
  // Where the reader is back once a parameter element is read: inside the wrapper, or inside the Body.
  const depth = bare === 'first' ? reader.currentDepth - 1 : reader.currentDepth;
  const values: unknown[] = Array.from({ length: op.params.length });
  const seen: boolean[] = Array.from({ length: op.params.length }, () => false);
  const credentials: Record<string, string> = {};
  for (let more = bare === undefined ? reader.nextChild() : bare === 'first'; more; more = reader.nextChild()) {
    const name = reader.localName;
    const index = table.exact.get(name);
    if (index === undefined) throw new RequestFault('Client', unknownElement(name, op.name, table, bare !== undefined));
    const param = op.params[index]!;
    checkParamNamespace(reader, op, param, namespace, bare !== undefined);
    if (seen[index] && param.alternatives) {
      throw new RequestFault(
        'Client',
        `parameter "${param.name}" is a choice of one of ${param.alternatives.join(', ')}, but <${name}> follows another of them`,
      );
    }
    if (seen[index] && param.repeated !== true)
      throw new RequestFault('Client', `parameter "${name}" appears more than once`);
    seen[index] = true;
    let value: unknown;
    if (reader.isNil) {
      if (!param.nillable)
        throw new RequestFault(
          'Client',
          `parameter "${name}" is nil (xsi:nil), but ${param.repeated ? 'its items are' : 'it is'} not nillable`,
        );
      reader.skip();
      value = null;
    } else if (param.role !== undefined) {
      const read = readCredential(reader, param, memberNamespace);
      value = read.value;
      credentials[param.role] = read.text;
    } else {
      value = readValue(reader, param);
    }
    // A repeated parameter's elements are its items, wherever they stand among the others (ASMX reads them so too).
    if (param.repeated === true) ((values[index] ??= []) as unknown[]).push(value);
    else values[index] = value;
    // A reader that stops short or reads past its element would make every later check misread the request.
    if (reader.currentDepth !== depth)
      throw new Error(`the mock's reader of parameter ${name} did not consume exactly its element`);
  }
  const missing = missingParams(op.params, seen);
  if (missing.length === 1) throw new RequestFault('Client', `required parameter "${missing[0]}" is missing`);
  if (missing.length > 1)
    throw new RequestFault('Client', `required parameters ${missing.map((n) => `"${n}"`).join(', ')} are missing`);
  const params = handlerParams(op.params, values, seen);
  checkListBounds(
    op.params,
    op.params.map((p) => params[p.name]),
  );
  return { params, credentials };
}

/**
 * Refuses a parameter element the reader is on that is not in the parameter's namespace: its own one (an element
 * reference to another schema), none (an unqualified parameter), else the operation's `namespace`.
 * @param bare - a bare operation's parameter, which is always in `namespace`
 */
function checkParamNamespace(
  reader: XmlReader,
  op: MockOperation,
  param: MockOperation['params'][number],
  namespace: string,
  bare: boolean,
): void {
  const name = reader.localName;
  const own =
    !bare && op.paramNamespaces !== undefined && Object.hasOwn(op.paramNamespaces, param.name)
      ? op.paramNamespaces[param.name]
      : undefined;
  if (own !== undefined) {
    // A parameter of a namespace of its own (an element reference to another schema) is that parameter only there.
    if (reader.namespaceUri !== own)
      throw new RequestFault(
        'Client',
        `parameter "${name}" is not in namespace ${JSON.stringify(own)} (${whereIs(reader.namespaceUri)})`,
      );
  } else if (!bare && op.unqualifiedParams?.includes(param.name) === true) {
    // An unqualified parameter (form="unqualified") is in no namespace: one in the operation's is not it.
    if (reader.namespaceUri !== '')
      throw new RequestFault(
        'Client',
        `parameter "${name}" must be unqualified, in no namespace (${whereIs(reader.namespaceUri)})`,
      );
  } else if (reader.namespaceUri !== namespace) {
    throw new RequestFault(
      'Client',
      `parameter "${name}" is not in namespace ${JSON.stringify(namespace)} (${whereIs(reader.namespaceUri)})`,
    );
  }
}

/**
 * After the operation element: the Body must hold nothing else, and the rest of the document must be well-formed.
 * Anything after the Body is skipped, as ASMX does.
 * @param reader - positioned just after the operation element
 * @param operation - the operation's name, for the message
 */
export function finishRequestEnvelope(reader: XmlReader, operation: string): void {
  if (reader.nextChild()) {
    throw new RequestFault(
      'Client',
      `the SOAP Body holds more than one element: <${shortName(reader.localName)}> follows <${operation}>`,
    );
  }
  while (reader.nextChild()) reader.skip();
  reader.readEnd();
}

function readValue(reader: XmlReader, param: MockParam): unknown {
  let value: unknown;
  try {
    value = param.read(reader);
  } catch (error) {
    if (error instanceof SvcDecodeError) throw new RequestFault('Client', error.message);
    throw error;
  }
  // The reader refuses such characters, literal or referenced; this holds whatever a parameter's reader lets through.
  const found = nonXmlCharIn(value, 0);
  if (found !== undefined) throw new RequestFault('Client', uncarried(param.name, found));
  return value;
}

/** How deep {@link nonXmlCharIn} looks into a decoded value (records in lists in records...). */
const MAX_VALUE_DEPTH = 8;

/** The first character XML cannot carry in any string of a decoded value (its lists and records too), as `U+FFFF`. */
function nonXmlCharIn(value: unknown, depth: number): string | undefined {
  if (typeof value === 'string') return nonXmlCharOf(value);
  if (
    value === null ||
    typeof value !== 'object' ||
    depth >= MAX_VALUE_DEPTH ||
    value instanceof Date ||
    value instanceof Uint8Array
  )
    return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = nonXmlCharIn(item, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The refusal of a value holding a character XML cannot carry: such a value could never be written back into an
 * answer (a result echoing it, a later list of what was stored), so it is refused where it comes in. The character is
 * named by its code point, never quoted.
 */
function uncarried(name: string, character: string): string {
  return `invalid value: it holds ${character}, a character XML cannot carry (at ${name})`;
}

/**
 * A credential's value and its text, the one for the handler, the other for the credential check. The text is read
 * first; the value is read from a copy of the element holding that text, since the reader cannot go back.
 */
function readCredential(
  reader: XmlReader,
  param: MockParam,
  memberNamespace: string,
): { value: unknown; text: string } {
  let text: string;
  try {
    text = reader.readText();
  } catch (error) {
    if (error instanceof SvcDecodeError) throw new RequestFault('Client', credentialRefused(param.name));
    throw error;
  }
  const copy = new XmlReader(`<${param.name}>${escapeXmlText(text)}</${param.name}>`);
  copy.memberNamespace = memberNamespace;
  copy.readRoot();
  try {
    return { value: param.read(copy), text };
  } catch (error) {
    // Whatever failed may have quoted the value: nothing of the error goes into the answer.
    if (error instanceof SvcDecodeError) throw new RequestFault('Client', credentialRefused(param.name));
    throw new RequestFault('Server', `the mock's reader of parameter ${param.name} failed`);
  }
}

function credentialRefused(name: string): string {
  return `parameter "${name}" is not valid (the value of a credential is not shown)`;
}

function unknownElement(name: string, operation: string, table: ParamTable, bare = false): string {
  const expected = table.misspelt(name);
  if (expected !== undefined) return `parameter ${quoteInput(name)} is misspelt: expected "${expected}"`;
  const where = bare ? `the SOAP Body of ${operation}` : `<${operation}>`;
  return `unknown parameter ${quoteInput(name)} in ${where} (expected: ${table.list})`;
}

function whereIs(namespace: string): string {
  return namespace === '' ? 'it is unqualified' : `it is in ${describeNamespace(namespace)}`;
}

// ---- HTTP POST -----------------------------------------------------------------------------------------------------

/**
 * Reads the parameters of an HTTP POST form. Every field must be a parameter that a form can carry, spelt exactly;
 * every required one must be there; each field's values must decode (a single-valued parameter's `form` refuses a
 * repeated field) and hold only characters XML can carry. The messages are ASMX's where it has one
 * (`Missing parameter: key.`).
 * @param text - the form body, `application/x-www-form-urlencoded`
 * @param op - the operation
 * @param table - its parameter table
 * @param validate - checks the fields before anything else, as ASP.NET's request validation does when asked for
 */
export function readFormParams(
  text: string,
  op: MockOperation,
  table: ParamTable,
  validate?: (fields: ReadonlyMap<string, readonly string[]>) => void,
): DecodedParams {
  const fields = parseForm(text);
  validate?.(fields);
  for (const name of fields.keys()) {
    const index = table.exact.get(name);
    if (index === undefined) throw new RequestFault('Client', unknownField(name, table));
    if (op.params[index]!.form === undefined)
      throw new RequestFault('Client', `Parameter ${name} cannot be sent in an HTTP POST form.`);
  }
  // A form cannot say nil: a required nillable parameter's field is left out for null, so it is not missing (an
  // optional one left out is simply not given).
  const seen = op.params.map((p) => fields.has(p.name) || (p.nillable && p.required && p.repeated !== true));
  // ASMX names the first missing parameter only. A repeated parameter's array is bound from its field, so a form
  // without the field misses it (ASMX answers a 500), where a SOAP request without its elements sends no items.
  const missing = missingParams(op.params, seen, true);
  if (missing.length > 0) throw new RequestFault('Client', `Missing parameter: ${missing[0]}.`);
  const values: unknown[] = Array.from({ length: op.params.length });
  const credentials: Record<string, string> = {};
  op.params.forEach((param, i) => {
    const given = fields.get(param.name);
    if (given === undefined) {
      if (seen[i]) values[i] = null;
      return;
    }
    values[i] = readField(param, given);
    if (param.role !== undefined) credentials[param.role] = given[0] ?? '';
  });
  checkListBounds(op.params, values);
  return { params: handlerParams(op.params, values, seen), credentials };
}

function readField(param: MockParam, values: readonly string[]): unknown {
  for (const value of values) {
    const found = nonXmlCharOf(value);
    if (found === undefined) continue;
    if (param.role === 'signature')
      throw new RequestFault(
        'Client',
        `Parameter ${param.name} is not valid (the value of a credential is not shown).`,
      );
    throw new RequestFault('Client', uncarried(param.name, found));
  }
  try {
    return param.form!(values, param.name);
  } catch (error) {
    if (param.role !== undefined) {
      if (error instanceof SvcDecodeError)
        throw new RequestFault(
          'Client',
          `Parameter ${param.name} is not valid (the value of a credential is not shown).`,
        );
      throw new RequestFault('Server', `the mock's reader of parameter ${param.name} failed`);
    }
    if (error instanceof SvcDecodeError) throw new RequestFault('Client', error.message);
    throw error;
  }
}

function unknownField(name: string, table: ParamTable): string {
  const shown = plainName(name);
  const expected = table.misspelt(name);
  if (expected !== undefined) return `Unknown parameter: ${shown}. It is misspelt: expected "${expected}".`;
  return `Unknown parameter: ${shown}. (Expected: ${table.list}.)`;
}

/**
 * The fields of a form body in order, each with its values. Decoding is strict, unlike URLSearchParams, which would
 * keep a malformed escape as it is and turn bytes that are not UTF-8 into replacement characters.
 */
function parseForm(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  if (text === '') return fields;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = formDecode(equals < 0 ? part : part.slice(0, equals));
    const value = equals < 0 ? '' : formDecode(part.slice(equals + 1));
    const values = fields.get(name);
    if (values === undefined) fields.set(name, [value]);
    else values.push(value);
  }
  return fields;
}

function formDecode(s: string): string {
  const spaced = s.includes('+') ? s.replaceAll('+', ' ') : s;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    throw new RequestFault(
      'Client',
      'The form body is not valid: a field holds a malformed percent-escape or bytes that are not UTF-8.',
    );
  }
}

// ---- shared --------------------------------------------------------------------------------------------------------

/** The required parameters that were not seen, in wire order; `form`: in an HTTP POST form, repeated ones are too. */
function missingParams(params: readonly MockParam[], seen: readonly boolean[], form = false): string[] {
  const missing: string[] = [];
  params.forEach((p, i) => {
    if ((p.required || (form && p.repeated === true)) && !seen[i])
      missing.push(p.alternatives ? p.alternatives.join(' | ') : p.name);
  });
  return missing;
}

/** The handler's parameter object: every parameter given, credentials left out. */
function handlerParams(
  params: readonly MockParam[],
  values: readonly unknown[],
  seen: readonly boolean[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  params.forEach((param, i) => {
    // A repeated parameter without elements is the empty list; left out where it is optional (ASMX's null).
    if ((!seen[i] && (param.repeated !== true || param.optional === true)) || param.role !== undefined) return;
    const value = seen[i] ? values[i] : [];
    // defineProperty: a parameter named __proto__ must stay a parameter.
    Object.defineProperty(out, param.name, { value, enumerable: true, writable: true, configurable: true });
  });
  return out;
}

function describeNamespace(namespace: string): string {
  return namespace === '' ? 'no namespace' : `namespace ${quoteInput(namespace)}`;
}
