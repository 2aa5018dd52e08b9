/**
 * Generic rows for node-soap 1.13 serving an original WSDL, derived from the model of the spec imported from it (no
 * hand-written table): what the handler must receive when the generated client sends the sample arguments of
 * test/mock/support/sample-values.ts, what the handler returns for a sample result, and what the client must decode
 * from it. How node-soap reads requests and writes answers is in test/fixtures/wsdl/README.md ("node-soap 1.13.0 as a
 * server"); each rule below names the behaviour it follows.
 *
 * The sample values avoid node-soap's lossy behaviours rather than paper over them:
 * - strings have no leading or trailing whitespace (node-soap trims every string it parses) and are never empty;
 * - xs:long, xs:decimal, xs:double and xs:dateTime reach the handler as the exact text sent ({@link NODE_SOAP_TEXT}),
 *   so a long beyond 2^53 or a decimal of 30 digits is compared digit for digit instead of through parseInt/Number;
 * - lists have two items (node-soap makes an array of a repeated element only from its second item on, unless its
 *   schema says it repeats), and an empty list or record, which node-soap hands over as null, occurs only past the
 *   depth where sample-values.ts stops (and is then expected as null);
 * - nothing is nil: the samples give every field and parameter a value.
 */
import type {
  ChoiceType,
  FieldModel,
  OperationModel,
  PrimitiveName,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../../../generator/model/types.js';
import { sampleRecord, sampleValue } from '../../mock/support/sample-values.js';
import { EXACT_TEXT } from '../../interop/support/real-service-case.js';

/**
 * node-soap's parse of request text per XML Schema type: the exact text where its own parse would lose it (see
 * EXACT_TEXT), and xs:date as text too (node-soap's `new Date()` of a date is midnight UTC, which is not what was sent).
 */
export const NODE_SOAP_TEXT: Readonly<Record<string, (text: string) => string>> = {
  ...EXACT_TEXT,
  date: (text) => text,
};

/** Why node-soap cannot serve an operation, or undefined when it can: the rules, in the order they are tried. */
export function notServedReason(op: OperationModel): string | undefined {
  if (op.bare) {
    // test/bare/import.test.ts: node-soap finds a bare operation by the first Body element and hands over that part only.
    return 'bare parameter style: node-soap finds the operation by its first Body element and hands the handler the first part only';
  }
  if (op.inputParams.some((p) => holds(p.type, (t) => t.kind === 'primitive' && t.name === 'xml'))) {
    return 'an xml (any content) parameter: node-soap parses the markup into objects, its text is not kept';
  }
  if (
    op.inputParams.some((p) =>
      holds(
        p.type,
        (t) =>
          t.kind === 'record' &&
          t.record.fields.some((f) => f.attribute && f.type.kind !== 'primitive' && f.type.kind !== 'enum'),
      ),
    )
  ) {
    return 'an attribute of a non-simple type';
  }
  if (op.name.includes('.')) {
    // namespaced-actions: the model names the operation after its input (ASMX MessageName User.GetApiKey), the port
    // type after the method (GetApiKey). node-soap finds the binding operation GetApiKey by the SOAPAction, yet with a
    // handler under either name it never calls it and answers 200 with an empty soap:Body (tried by hand, node-soap 1.13).
    return 'a dotted (ASMX MessageName) operation name: node-soap never calls its handler and answers an empty soap:Body';
  }
  if (resultTypes(op).some((t) => holds(t, (x) => x.kind === 'record' && unqualifiedInOtherNamespace(x.record)))) {
    // betfair-exchange: node-soap declares the answer wrapper's namespace as the default (its schema is qualified) and
    // writes an unqualified element of another schema (elementFormDefault absent) unprefixed, never with xmlns="":
    // `<getSilksResponse xmlns="…/BFExchangeService/"><Result><header>` puts <header> in the service namespace.
    return 'an unqualified element of a record of another namespace in the answer: node-soap writes it unprefixed under the wrapper\'s default namespace, never with xmlns=""';
  }
  if (resultTypes(op).some((t) => holds(t, (x) => x.kind === 'record' && baseFieldsElsewhere(x.record)))) {
    // cdiscount-marketplace: ProductListMessage (http://www.cdiscount.com) extends q2:ServiceMessage, whose ErrorMessage
    // is in q2's namespace; node-soap writes `<GetProductListResponse xmlns="http://www.cdiscount.com"><GetProductListResult>
    // <ErrorMessage>`, unprefixed, in the derived record's namespace.
    return "a field of a base of another namespace in the answer: node-soap writes it in the derived record's namespace";
  }
  const answer = op.result.kind === 'outputs' ? op.result.struct : undefined;
  if (
    answer?.fields.some(
      (f) =>
        f.namespace !== undefined &&
        f.namespace.uri !== (op.namespace ?? '') &&
        f.namespace.uri !== answer.namespace?.uri,
    )
  ) {
    // edialog-sdk: getDeliverabilityReportResponse extends common:DateRangeReportResponseType, whose dimension and
    // record are in common's namespace; node-soap writes them unprefixed, in the wrapper's namespace (as cdiscount's).
    return "an out parameter of a base type of another namespace, which the answer wrapper extends: node-soap writes it in the wrapper's namespace";
  }
  if (resultTypes(op).some((t) => holds(t, (x) => x.kind === 'record' && x.record.abstract !== undefined))) {
    // sharepoint-alerts: GetAlerts' DeliveryChannel is abstract; node-soap writes the plain object it is handed as the
    // declared type, with no xsi:type naming a concrete one, which the client refuses as ASMX would.
    return 'an element of an abstract type in the answer: node-soap writes the value as the declared (abstract) type, with no xsi:type naming a concrete one';
  }
  return undefined;
}

/** A record with a base (direct or not) of another namespace that declares elements. */
function baseFieldsElsewhere(s: StructModel): boolean {
  for (let t = s.base; t !== undefined; t = t.base) {
    if (t.namespace?.uri !== s.namespace?.uri && t.ownFields.some((f) => !f.attribute)) return true;
  }
  return false;
}

/** The types of an operation's answer: its result value and its outputs' record. */
function resultTypes(op: OperationModel): TypeModel[] {
  const r = op.result;
  if (r.kind === 'void') return [];
  if (r.kind === 'value') return [r.type];
  return [{ kind: 'record', record: r.struct } as TypeModel, ...(r.returned.kind === 'value' ? [r.returned.type] : [])];
}

/** A record (or a base of it) of a namespace other than the service's that declares an unqualified element. */
function unqualifiedInOtherNamespace(s: StructModel): boolean {
  for (let t: StructModel | undefined = s; t !== undefined; t = t.base) {
    if (t.namespace !== undefined && t.ownFields.some((f) => !f.attribute && f.form === 'unqualified')) return true;
  }
  return false;
}

/** Whether `t` or a type inside it satisfies `test` (records visited once). */
function holds(t: TypeModel, test: (t: TypeModel) => boolean, seen = new Set<StructModel>()): boolean {
  if (test(t)) return true;
  switch (t.kind) {
    case 'list':
      return holds(t.item, test, seen);
    case 'choice':
      return t.alternatives.some((a) => holds(a.type, test, seen));
    case 'record':
      if (seen.has(t.record)) return false;
      seen.add(t.record);
      return t.record.fields.some((f) => holds(f.type, test, seen));
    default:
      return false;
  }
}

// ---- what the handler receives ---------------------------------------------------------------------------------------

/** The text the generated client writes for a primitive sample value. */
function wireText(name: PrimitiveName, value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (name === 'boolean') return value ? 'true' : 'false';
  return String(value);
}

/** node-soap's parse of one primitive's text (with {@link NODE_SOAP_TEXT}). */
function parsedPrimitive(name: PrimitiveName, value: unknown): unknown {
  const text = wireText(name, value);
  if (NODE_SOAP_TEXT[name]) return NODE_SOAP_TEXT[name](text);
  switch (name) {
    case 'int':
    case 'short':
      return parseInt(text, 10);
    case 'float':
      return Number(text);
    case 'boolean':
      return text === 'true' || text === '1';
    default:
      // Every other type (byte, the unsigned ones, guid, char, base64Binary...) node-soap keeps as its text.
      return text;
  }
}

/** Sets, in `into`, what node-soap makes of the element(s) a value of `t` named `name` is written as. */
function receivedInto(
  into: Record<string, unknown>,
  name: string,
  t: TypeModel,
  value: unknown,
  container = true,
): void {
  if (value === undefined) return;
  if (t.kind === 'choice') {
    // A choice has no element of its own: its one alternative's element sits in the parent.
    const [alt, inner] = Object.entries(value as Record<string, unknown>)[0]!;
    const alternative = t.alternatives.find((a) => a.name === alt)!;
    receivedInto(into, alt, alternative.type, inner);
    return;
  }
  if (t.kind === 'list' && (!t.container || !container)) {
    // Items repeated in the parent: an array (two items), nothing at all for none.
    const items = value as unknown[];
    if (items.length > 0) into[name] = items.map((v) => receivedOf(t.item, v));
    return;
  }
  into[name] = receivedOf(t, value);
}

/** node-soap's parse of one element holding `value` of type `t`. */
export function receivedOf(t: TypeModel, value: unknown): unknown {
  if (value === null) return null;
  switch (t.kind) {
    case 'primitive':
      return parsedPrimitive(t.name, value);
    case 'enum':
      return value;
    case 'choice':
      throw new Error('a choice has no element of its own');
    case 'list': {
      // The container keeps its level; its items are an array named by their element. Empty: null (an empty element).
      const items = value as unknown[];
      if (items.length === 0) return null;
      const out: Record<string, unknown> = {};
      receivedInto(out, t.itemElement, t, items, false);
      return out;
    }
    case 'record':
      return receivedRecord(t.record, value as Record<string, unknown>);
  }
}

function receivedRecord(s: StructModel, value: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  for (const f of s.fields) {
    const v = value[f.name];
    if (v === undefined) continue;
    // Attributes are kept as their text under `attributes`, not parsed by type.
    if (f.attribute) attributes[f.name] = f.type.kind === 'primitive' ? wireText(f.type.name, v) : v;
    else if (f.text) out[NODE_SOAP_VALUE] = receivedOf(f.type, v);
    else receivedInto(out, f.name, f.type, v);
  }
  if (NODE_SOAP_VALUE in out) return textElement(attributes, out[NODE_SOAP_VALUE]);
  if (Object.keys(attributes).length > 0) return { attributes, ...out };
  // An element without children or attributes reaches the handler as null.
  return Object.keys(out).length === 0 ? null : out;
}

/** The key node-soap reads and writes an element's text under, beside `attributes` (its option `valueKey`). */
const NODE_SOAP_VALUE = '$value';

/**
 * A record of text content (`s:simpleContent`) as node-soap parses it: the text alone when no attribute came with it,
 * else the attributes and the text under {@link NODE_SOAP_VALUE}.
 */
function textElement(attributes: Record<string, unknown>, text: unknown): unknown {
  return Object.keys(attributes).length > 0 ? { attributes, [NODE_SOAP_VALUE]: text } : text;
}

/** The handler's first argument for the client's `args`: null for an operation without parameters (or none sent). */
export function receivedArgs(op: OperationModel, args: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = {};
  for (const p of op.inputParams) receivedInto(out, p.name, p.type, args[p.name]);
  return Object.keys(out).length === 0 ? null : out;
}

/** The handler's third argument: the SOAP headers the operation sends, by element, parsed as the body is. */
export function receivedHeaders(op: OperationModel, options: Record<string, unknown>): unknown {
  if (op.headers.length === 0) return undefined;
  return Object.fromEntries(
    op.headers.map((h) => [h.element, receivedOf({ kind: 'record', record: h.record }, options[h.option])]),
  );
}

/** The client options of a model's SOAP headers: a sample record for each. */
export function headerOptions(model: ServiceModel): Record<string, unknown> {
  return Object.fromEntries(model.soapHeaders.map((h) => [h.option, sampleRecord(h.record, h.element)]));
}

// ---- what the handler answers, and what the client decodes -----------------------------------------------------------

/**
 * A sample result of `op` in the client's types: sample-values.ts's sample of the result type (the result element and
 * each out parameter of `outputs`); undefined for void.
 */
export function sampleResult(op: OperationModel): unknown {
  const r = op.result;
  if (r.kind === 'void') return undefined;
  if (r.kind === 'value') return sampleValue(r.type, `${op.name}.result`);
  return sampleRecord(r.struct, `${op.name}.outputs`);
}

/**
 * What the handler returns for `result`: the children of `<OpResponse>` in node-soap's input shape (see README):
 * fields in schema order, containers nested by hand, dateTime as ISO text (a Date is written as an empty element),
 * base64Binary as its text, xml markup as `$xml` (written as it is), attributes under `attributes`.
 */
export function nodeSoapReturns(op: OperationModel, result: unknown): Record<string, unknown> {
  const r = op.result;
  if (r.kind === 'void') return {};
  if (r.kind === 'value') {
    const out: Record<string, unknown> = {};
    inputInto(out, r.element, r.type, result);
    return out;
  }
  return inputRecord(r.struct, result as Record<string, unknown>, false);
}

function inputInto(into: Record<string, unknown>, name: string, t: TypeModel, value: unknown, container = true): void {
  if (value === undefined) return;
  if (t.kind === 'choice') {
    const [alt, inner] = Object.entries(value as Record<string, unknown>)[0]!;
    inputInto(into, alt, (t as ChoiceType).alternatives.find((a) => a.name === alt)!.type, inner);
    return;
  }
  if (t.kind === 'list' && (!t.container || !container)) {
    into[name] = (value as unknown[]).map((v) => inputOf(t.item, v));
    return;
  }
  into[name] = inputOf(t, value);
}

function inputOf(t: TypeModel, value: unknown): unknown {
  switch (t.kind) {
    case 'primitive':
      if (t.name === 'xml') return { $xml: value };
      return wireText(t.name, value);
    case 'enum':
      return value;
    case 'choice':
      throw new Error('a choice has no element of its own');
    case 'list': {
      const out: Record<string, unknown> = {};
      inputInto(out, prefixed(t.namespace?.prefix, t.itemElement), t, value, false);
      if (t.namespace) out['attributes'] = { [`xmlns:${t.namespace.prefix}`]: t.namespace.uri };
      return out;
    }
    case 'record':
      return inputRecord(t.record, value as Record<string, unknown>, true);
  }
}

/**
 * A record in node-soap's input shape. node-soap writes plain names in the operation's namespace: the fields of a
 * record of another namespace (WCF's DataContract) are given prefixed names, the prefix declared on the record's element
 * (as test/import/support/wcf-split.ts does by hand).
 */
function inputRecord(s: StructModel, value: Record<string, unknown>, ownElement: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const attributes: Record<string, string> = {};
  if (s.namespace && ownElement) attributes[`xmlns:${s.namespace.prefix}`] = s.namespace.uri;
  for (const f of s.fields) {
    const v = value[f.name];
    if (v === undefined) continue;
    if (f.attribute) attributes[f.name] = wireText((f.type as { name: PrimitiveName }).name, v);
    else if (f.text) out[NODE_SOAP_VALUE] = inputOf(f.type, v);
    else inputInto(out, prefixed(s.namespace?.prefix, f.name), f.type, v);
  }
  return Object.keys(attributes).length > 0 ? { attributes, ...out } : out;
}

function prefixed(prefix: string | undefined, name: string): string {
  return prefix === undefined ? name : `${prefix}:${name}`;
}

// ---- response SOAP headers ---------------------------------------------------------------------------------------------

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `value` of type `t` as the XML content of an element (response header blocks, which node-soap takes as text). */
function contentXml(t: TypeModel, value: unknown): string {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'xml' ? String(value) : escapeText(wireText(t.name, value));
    case 'enum':
      return escapeText(String(value));
    case 'choice': {
      const [alt, inner] = Object.entries(value as Record<string, unknown>)[0]!;
      return elementXml(alt, t.alternatives.find((a) => a.name === alt)!.type, inner);
    }
    case 'list':
      return (value as unknown[]).map((v) => elementXml(t.itemElement, t.item, v)).join('');
    case 'record':
      return t.record.fields
        .filter((f) => !f.attribute && (value as Record<string, unknown>)[f.name] !== undefined)
        .map((f: FieldModel) => fieldXml(f, (value as Record<string, unknown>)[f.name]))
        .join('');
  }
}

function fieldXml(f: FieldModel, value: unknown): string {
  if (f.type.kind === 'list' && !f.type.container)
    return (value as unknown[]).map((v) => elementXml(f.name, (f.type as { item: TypeModel }).item, v)).join('');
  if (f.type.kind === 'choice') return contentXml(f.type, value);
  return elementXml(f.name, f.type, value);
}

function elementXml(name: string, t: TypeModel, value: unknown): string {
  const attrs =
    t.kind === 'record'
      ? t.record.fields
          .filter((f) => f.attribute && (value as Record<string, unknown>)[f.name] !== undefined)
          .map(
            (f) =>
              ` ${f.name}="${escapeText(wireText((f.type as { name: PrimitiveName }).name, (value as Record<string, unknown>)[f.name])).replace(/"/g, '&quot;')}"`,
          )
          .join('')
      : '';
  return `<${name}${attrs}>${contentXml(t, value)}</${name}>`;
}

/** The SOAP header blocks a real service would send with the answer of `op`: each with a sample record. */
export function responseHeaderXml(model: ServiceModel, op: OperationModel): string {
  return op.responseHeaders
    .map((h) => {
      const xml = elementXml(h.element, { kind: 'record', record: h.record }, sampleRecord(h.record, h.element));
      return xml.replace(/^<([\w.-]+)/, `<$1 xmlns="${model.namespace.uri}"`);
    })
    .join('');
}
