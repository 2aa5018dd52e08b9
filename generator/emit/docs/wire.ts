/**
 * The examples of the docs, made at generation time by the runtime's real encoders driven by the model: each
 * operation's request in every style as the generated client sends it (fixed credentials: payer MyPayer, timestamp
 * 1521234048, the key computed with the public known-answer API key `boguskey` of DECISIONS.md), and its answer as
 * the generated mock writes the example result (mock/examples.ts). No other secret is ever used.
 */
import { mockAnswer } from './answers.js';
import { propertyKey } from '../../load/names.js';
import { Writers, isText } from './writers.js';
import { indentXml, type IndentOptions } from './indent-xml.js';
import { exampleParam, exampleResult, exampleValue } from '../examples.js';
import type {
  BindingName,
  OperationModel,
  ParameterModel,
  PrimitiveName,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../../model/types.js';
import { subtypesOf } from '../client/decoders.js';
import { heldUnqualified, unqualifiedTypeNamespace } from '../client/encoders.js';
import {
  nestedParam,
  nilParam,
  formList,
  repeatedParam,
  type NestedValue,
} from '../../../templates/runtime/codec/encode.js';
import { eatDateTime, eatDecimal, eatDouble } from '../../../templates/runtime/client/request.js';
import { hmacSha256Hex } from '../../../templates/runtime/signing.js';
import {
  buildBareSoapEnvelope,
  buildSoapEnvelope,
  encodeForm,
  soapAction,
  soapHeaderBlock,
} from '../../../templates/runtime/codec/xml-writer.js';

/** The credentials of every example: the known answer of DECISIONS.md. The API key is public and bogus. */

/** An HTTP message as the docs show it: the start line's parts, the headers in order, the body. */
/** `<path>/<Operation>`, the HTTP POST and GET path, without the path's own trailing slash (a service at `/` has `/Op`). */
export function formPath(servicePath: string, operation: string): string {
  return `${servicePath.endsWith('/') ? servicePath.slice(0, -1) : servicePath}/${operation}`;
}

export interface HttpMessage {
  readonly startLine: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string;
}

export interface StyleExample {
  readonly style: BindingName;
  readonly request: HttpMessage;
  readonly response: HttpMessage;
  /** HTTP POST and GET: the request's form fields, decoded from the body or query string as the service reads them. */
  readonly form: ReadonlyArray<readonly [string, string]> | undefined;
}

/** How the example's key is computed. */
export interface SigningExample {
  readonly principal: string;
  readonly timestamp: string;
  readonly eatValue: string;
  readonly message: string;
  readonly key: string;
}

export interface OperationExample {
  /** The caller's parameters as a TypeScript object literal ('' when the method takes none). */
  readonly args: string;
  readonly signing: SigningExample | undefined;
  readonly styles: readonly StyleExample[];
}

const CONTENT_TYPES: Readonly<Record<BindingName, string>> = {
  soap11: 'text/xml; charset=utf-8',
  soap12: 'application/soap+xml; charset=utf-8',
  httpPost: 'application/x-www-form-urlencoded',
  httpGet: '',
};

/**
 * The value of an example expression of examples.ts. Those are TypeScript expressions made of literals (strings,
 * numbers, arrays, objects, `new Date(...)`, `new Uint8Array(...)`), the single source of the mock's example answers;
 * evaluated here, they give the very values the mock answers with.
 */
function evaluate(expression: string): unknown {
  // The expressions are examples.ts' own literals (its serializer escapes every text of the spec), never input.
  // oxlint-disable-next-line typescript/no-implied-eval
  return new Function(`"use strict"; return (${expression});`)() as unknown;
}

/** How the EAT value is made from a parameter's wire text (the client's EAT_HELPERS): else it is that text. */
const EAT_RULES: Partial<Record<PrimitiveName, (wire: string) => string>> = {
  double: (w) => eatDouble(Number(w)),
  float: (w) => eatDouble(Number(w)),
  decimal: (w) => eatDecimal(w),
  dateTime: (w) => eatDateTime(w),
};

/** The examples of every operation of a service, in the model's order; one set of writers for all. */
export function operationExamples(model: ServiceModel): Map<OperationModel, OperationExample> {
  const subtypes = subtypesOf([...model.records, ...model.results]);
  const held = heldUnqualified(model);
  const typeNamespace = (s: StructModel) => unqualifiedTypeNamespace(model, held, s);
  const strict = new Writers(false, subtypes, typeNamespace);
  const lenient = new Writers(true, subtypes, typeNamespace);
  const indent = indentOptions(model);
  return new Map(model.operations.map((op) => [op, operationExample(model, op, strict, lenient, indent)]));
}

/**
 * How the examples' XML is indented: `xml` content (`xs:any`, a DataSet) is data to its reader, so the elements that
 * hold it keep it as sent. Elements are known by local name only: another element of that name stays unindented too.
 */
export function indentOptions(model: ServiceModel): IndentOptions {
  const names = new Set<string>();
  const isXml = (t: TypeModel): boolean => t.kind === 'primitive' && t.name === 'xml';
  const note = (name: string, t: TypeModel): void => {
    if (isXml(t)) names.add(name);
    else if (t.kind === 'list' && isXml(t.item)) names.add(t.itemElement);
    else if (t.kind === 'choice') for (const a of t.alternatives) note(a.name, a.type);
  };
  for (const s of [...model.records, ...model.results]) for (const f of s.fields) note(f.xmlName, f.type);
  for (const op of model.operations) {
    for (const p of op.params) note(p.name, p.type);
    const r = op.result.kind === 'outputs' ? op.result.returned : op.result;
    if (r.kind !== 'value') continue;
    note(r.element, r.type);
    const root = op.httpPostRoot;
    if (isXml(r.type) && (root.kind === 'shown' || root.kind === 'convention')) names.add(root.name);
  }
  return { verbatim: (name) => names.has(name) };
}

function operationExample(
  model: ServiceModel,
  op: OperationModel,
  strict: Writers,
  lenient: Writers,
  indent: IndentOptions,
): OperationExample {
  const expressions = op.inputParams.map((p) => [p, exampleParam(p)] as const);
  const args =
    expressions.length === 0 ? '' : `{ ${expressions.map(([p, e]) => `${propertyKey(p.name)}: ${e}`).join(', ')} }`;
  const encoded = new Map<ParameterModel, string | NestedValue>(
    expressions.map(([p, e]) => [p, encodeParam(op, p, evaluate(e), strict)]),
  );
  const signing = signingOf(model, op, encoded);
  const fields = op.params.map((p): readonly [string, string | NestedValue] => [
    p.name,
    credentialOrValue(model, p, encoded, signing),
  ]);
  const result = evaluate(exampleResult(op.result, op.httpPostRoot));
  const styles = model.bindings
    .filter((style) => (style !== 'httpPost' || op.httpPost) && (style !== 'httpGet' || op.httpGet))
    .map((style) => {
      const req = request(model, op, style, fields, strict, indent);
      const form =
        style === 'httpPost'
          ? req.body
          : style === 'httpGet'
            ? (req.startLine.split(' ')[1]!.split('?')[1] ?? '')
            : undefined;
      return {
        style,
        request: req,
        response: answer(model, op, style, result, lenient, indent),
        form: form === undefined ? undefined : [...new URLSearchParams(form)],
      };
    });
  return { args, signing, styles };
}

/** A parameter as the client's encoder makes it: its text, or its whole element (nil, record, list, XML). */
function encodeParam(op: OperationModel, p: ParameterModel, value: unknown, writers: Writers): string | NestedValue {
  const t = p.type;
  if (p.nillable && value === null) return nilParam(p.name);
  if (isText(t)) return writers.text(t)(value, p.name);
  const form =
    t.kind === 'list' && isText(t.item) && (op.httpPost || op.httpGet) ? formList(writers.text(t.item)) : undefined;
  // A repeated parameter's items are its own elements, kept apart for the envelope to qualify each one.
  if (t.kind === 'list' && !t.container)
    return repeatedParam(p.name, value as readonly unknown[], p.name, writers.of(t), undefined, form);
  return nestedParam(p.name, value as readonly unknown[], p.name, writers.of(t), form);
}

function credentialOrValue(
  model: ServiceModel,
  p: ParameterModel,
  encoded: ReadonlyMap<ParameterModel, string | NestedValue>,
  signing: SigningExample | undefined,
): string | NestedValue {
  switch (p.role) {
    case 'principal':
      return model.auth?.example.principal ?? '';
    case 'timestamp':
      return model.auth ? String(model.auth.example.timestamp) : '';
    case 'signature':
      return signing?.key ?? '';
    default:
      return encoded.get(p)!;
  }
}

/** The example's key: HMAC-SHA256 of principal + timestamp + eatValue with the bogus API key, as the client signs. */
function signingOf(
  model: ServiceModel,
  op: OperationModel,
  encoded: ReadonlyMap<ParameterModel, string | NestedValue>,
): SigningExample | undefined {
  if (model.auth === undefined || !op.params.some((p) => p.role === 'signature')) return undefined;
  let eatValue = '';
  if (op.eat.kind === 'parameter') {
    const p = op.eat.parameter;
    const wire = encoded.get(p);
    const text = typeof wire === 'string' ? wire : '';
    const rule = p.type.kind === 'primitive' ? EAT_RULES[p.type.name] : undefined;
    eatValue = rule ? rule(text) : text;
  }
  const principal = model.auth.example.principal;
  const timestamp = String(model.auth.example.timestamp);
  const message = `${principal}${timestamp}${eatValue}`;
  return { principal, timestamp, eatValue, message, key: hmacSha256Hex(model.auth.example.apiKey, message) };
}

/** The request as the client's core sends it: path, headers in its order (Content-Length last), body. */
function request(
  model: ServiceModel,
  op: OperationModel,
  style: BindingName,
  fields: ReadonlyArray<readonly [string, string | NestedValue]>,
  writers: Writers,
  indent: IndentOptions,
): HttpMessage {
  if (style === 'httpGet') {
    // The same form in the query string, as the client sends it: no body, so no Content-Type nor Content-Length.
    const query = encodeForm(fields, op.name, 'HTTP GET query string');
    return {
      startLine: `GET ${formPath(model.path, op.name)}${query === '' ? '' : `?${query}`} HTTP/1.1`,
      headers: [],
      body: '',
    };
  }
  const headers: Array<readonly [string, string]> = [['Content-Type', CONTENT_TYPES[style]]];
  let path = model.path;
  let body: string;
  if (style === 'httpPost') {
    path = formPath(model.path, op.name);
    body = encodeForm(fields, op.name);
  } else {
    const action = op.soapAction !== undefined ? `"${op.soapAction}"` : soapAction(model.namespace.uri, op.name);
    if (style === 'soap11') headers.push(['SOAPAction', action]);
    // A bare Body names no operation: SOAP 1.2 names it in the Content-Type, as the client sends it.
    if (style === 'soap12' && op.bare && op.soapAction !== '')
      headers[0] = ['Content-Type', `${CONTENT_TYPES[style]}; action=${action}`];
    const blocks = op.headers
      .map((h) =>
        soapHeaderBlock(
          h.element,
          model.namespace.uri,
          evaluate(exampleValue({ kind: 'record', record: h.record })),
          h.option,
          writers.record(h.record),
        ),
      )
      .join('');
    const build = op.bare ? buildBareSoapEnvelope : buildSoapEnvelope;
    // Shown indented; the client sends it without the white space between elements.
    const unqualified = op.params.filter((p) => p.form === 'unqualified').map((p) => p.name);
    const own = Object.fromEntries(op.params.flatMap((p) => (p.namespace ? [[p.name, p.namespace.uri]] : [])));
    body = indentXml(
      build(
        style === 'soap11' ? '1.1' : '1.2',
        op.namespace ?? model.namespace.uri,
        op.name,
        fields,
        blocks,
        model.namespace.uri,
        unqualified,
        own,
      ),
      indent,
    );
  }
  // The length of the body as shown: what a reader who copies the example sends.
  headers.push(['Content-Length', String(Buffer.byteLength(body, 'utf8'))]);
  return { startLine: `POST ${path} HTTP/1.1`, headers, body };
}

/** The answer as the mock writes the example result in `style`. */
function answer(
  model: ServiceModel,
  op: OperationModel,
  style: BindingName,
  value: unknown,
  writers: Writers,
  indent: IndentOptions,
): HttpMessage {
  const reply = mockAnswer(style, op, op.namespace ?? model.namespace.uri, model.namespace.uri, value, writers);
  const body = typeof reply.body === 'string' ? reply.body : new TextDecoder().decode(reply.body);
  // An answer of any root is the XML content itself, data to its reader: shown as sent.
  const asSent = body === '' || (op.httpPostRoot.kind === 'any' && (style === 'httpPost' || style === 'httpGet'));
  return {
    startLine: 'HTTP/1.1 200 OK',
    headers: Object.entries(reply.headers),
    body: asSent ? body : indentXml(body, indent),
  };
}
