/** operations/<Op>.md: an operation's wire facts, parameters, key computation, result, errors, call and examples. */
import type {
  AuthFailureCode,
  AuthFailureKind,
  Decision,
  EatModel,
  OperationModel,
  ParameterModel,
  ServiceModel,
} from '../../../model/types.js';
import { STYLE_TITLES, hasErrorCodes } from '../../features.js';
import { paramType, resultType } from '../../ts-types.js';
import { PAGES, codeFence, inlineCode, operationPage, paragraph } from '../markdown.js';
import { formPath, type HttpMessage, type OperationExample } from '../wire.js';
import { soapAction } from '../../../../templates/runtime/codec/xml-writer.js';
import { INDEX_ANCHORS } from './usage.js';
import { Links, asSentence, fieldRows, joinSentences, xsdName } from './common.js';

const ROLE_TEXT = {
  principal: (option: string) => `Filled in by the client from its \`${option}\` option.`,
  timestamp: () => 'Filled in by the client: its clock (the `now` option) in whole Unix seconds.',
  signature: () => 'Computed by the client for each call: see [Authentication](#authentication).',
} as const;

/** When a failed credential check gives each code, in words. */
export const FAILURE_TEXT: Readonly<Record<AuthFailureKind, (principal: string) => string>> = {
  unknownPrincipal: (principal) => `the service does not know the \`${principal}\``,
  badSignature: () => 'the `key` does not match',
  staleTimestamp: () => "the timestamp is too far from the service's clock",
  requestLimit: (principal) => `the \`${principal}\` is over its request limit`,
};

export function operationView(
  model: ServiceModel,
  op: OperationModel,
  example: OperationExample,
  anchors: ReadonlyMap<Decision, string>,
) {
  const links = new Links(operationPage(op.name), anchors);
  const principal = op.params.find((p) => p.role === 'principal');
  return {
    title: op.name,
    index: links.to(PAGES.index),
    group: op.group === undefined ? '' : paragraph(op.group),
    doc: paragraph(op.doc),
    facts: facts(model, op, links),
    params: op.params.map((p, i) => ({
      index: String(i + 1),
      name: inlineCode(p.name),
      soapType: links.soapType(p.type),
      tsType: p.role ? 'filled in by the client' : inlineCode(paramType(p)),
      required: p.role ? 'always sent' : required(p),
      description: joinSentences([
        paragraph(p.doc),
        p.role ? ROLE_TEXT[p.role](principal?.name ?? p.name) : '',
        p.form === 'unqualified' ? 'An element in no namespace (unqualified) in SOAP.' : '',
        p.namespace ? `An element in namespace ${inlineCode(p.namespace.uri)} in SOAP.` : '',
        p.quirk !== undefined ? 'See the note below the table.' : '',
        op.eat.kind === 'parameter' && op.eat.parameter === p ? 'Signed: the EAT marker names it.' : '',
        asSentence(links.decision(p.decision)),
      ]),
    })),
    quirks: op.params
      .filter((p) => p.quirk !== undefined)
      .map((p) => ({ name: inlineCode(p.name), text: paragraph(p.quirk!) })),
    auth: example.signing && {
      eat: eatText(op.eat, links),
      apiKey: inlineCode(model.auth!.example.apiKey),
      principalName: inlineCode(principal?.name ?? ''),
      timestampName: inlineCode(op.params.find((p) => p.role === 'timestamp')?.name ?? ''),
      principal: inlineCode(example.signing.principal),
      timestamp: inlineCode(example.signing.timestamp),
      eatValue: example.signing.eatValue === '' ? '(empty)' : inlineCode(example.signing.eatValue),
      message: inlineCode(example.signing.message),
      key: inlineCode(example.signing.key),
      decision: links.decision(model.auth?.decision),
      authLink: links.to(`${PAGES.index}#${INDEX_ANCHORS.auth}`),
    },
    result: resultView(op, links),
    errors: errorsView(model, op, links),
    call: callBlock(model, op, example),
    examples: example.styles.map((s) => ({
      title: STYLE_TITLES[s.style],
      request: httpBlock(s.request),
      response: httpBlock(s.response),
      form:
        s.form?.map(([name, value]) => ({
          name: inlineCode(name),
          value: value === '' ? '(empty)' : inlineCode(value),
        })) ?? [],
      formIn: s.style === 'httpGet' ? 'query string' : 'body',
    })),
    indented: example.styles.some((s) => s.style === 'soap11' || s.style === 'soap12') ? 'XML bodies' : 'XML answers',
    hasForm: example.styles.some((s) => s.form !== undefined),
  };
}

function required(p: ParameterModel): string {
  const base = !p.optional
    ? 'required'
    : p.default !== undefined
      ? `optional (default ${inlineCode(String(p.default))})`
      : 'optional';
  return p.nillable ? `${base}; \`null\` is sent as nil` : base;
}

function facts(model: ServiceModel, op: OperationModel, links: Links): Array<{ name: string; value: string }> {
  const rows: Array<{ name: string; value: string }> = [
    { name: 'Client method', value: inlineCode(`${op.methodName}()`) },
  ];
  const namespace = op.namespace ?? model.namespace.uri;
  const action = op.soapAction !== undefined ? `"${op.soapAction}"` : soapAction(model.namespace.uri, op.name);
  if (op.bare) {
    bareFacts(op, namespace, action, rows);
  } else {
    rows.push({ name: 'Request element', value: `${inlineCode(`<${op.name}>`)} in ${inlineCode(namespace)}` });
    if (model.bindings.includes('soap11')) rows.push({ name: 'SOAPAction (SOAP 1.1)', value: inlineCode(action) });
    const r = op.result;
    const response =
      r.kind === 'value'
        ? `${inlineCode(`<${op.name}Response>`)} holding ${inlineCode(`<${r.element}>`)}${r.form === 'unqualified' ? ' in no namespace (unqualified)' : r.namespace ? ` in namespace ${inlineCode(r.namespace.uri)}` : ''}`
        : `${inlineCode(`<${op.name}Response>`)}`;
    rows.push({ name: 'SOAP response', value: response });
  }
  rows.push({
    name: 'HTTP POST',
    value: op.httpPost
      ? formFact(`POST ${formPath(model.path, op.name)}`, op, links)
      : 'not available (no HTTP POST binding)',
  });
  if (model.bindings.includes('httpGet')) {
    rows.push({
      name: 'HTTP GET',
      value: op.httpGet
        ? formFact(`GET ${formPath(model.path, op.name)}?…`, op, links)
        : 'not available (no HTTP GET binding)',
    });
  }
  if (model.auth) rows.push({ name: 'EAT marker', value: op.eat.marker === '' ? '(none)' : inlineCode(op.eat.marker) });
  if (op.headers.length > 0)
    rows.push({
      name: 'SOAP headers',
      value: op.headers
        .map((h) => `${inlineCode(`<${h.element}>`)} (${links.type(h.record.name)}, option \`${h.option}\`)`)
        .join(', '),
    });
  if (op.responseHeaders.length > 0) {
    const answered = op.responseHeaders
      .map(
        (h) => `${inlineCode(`<${h.element}>`)} (${links.type(h.record.name)}${h.required ? ', in every answer' : ''})`,
      )
      .join(', ');
    rows.push({
      name: 'SOAP response headers',
      value: `${answered}; read with ${inlineCode(`${op.methodName}WithHeaders`)}`,
    });
  }
  if (op.submitsPayments)
    rows.push({ name: 'Retried', value: 'never: the call has effects that must not be repeated' });
  return rows;
}

/**
 * The SOAP facts of a bare operation: the Body's elements each way, with no operation element, and the action that
 * names the operation in both SOAP versions.
 */
function bareFacts(
  op: OperationModel,
  namespace: string,
  action: string,
  rows: Array<{ name: string; value: string }>,
): void {
  const elements = (names: readonly string[]): string =>
    names.length === 0 ? 'none (an empty Body)' : names.map((n) => inlineCode(`<${n}>`)).join(', ');
  rows.push({
    name: 'Parameter style',
    value: 'bare: the SOAP Body holds the elements themselves, with no operation element',
  });
  rows.push({ name: 'Request Body', value: `${elements(op.params.map((p) => p.name))} in ${inlineCode(namespace)}` });
  const carried =
    action === '""'
      ? "the SOAPAction header in SOAP 1.1, empty; none in SOAP 1.2: the service knows the operation by the Body's first element"
      : "the SOAPAction header in SOAP 1.1, the Content-Type's action in SOAP 1.2";
  rows.push({ name: 'SOAP action', value: `${inlineCode(action)} (${carried})` });
  const r = op.result;
  const returned = r.kind === 'outputs' ? r.returned : r;
  const answer = [
    ...(returned.kind === 'value' ? [returned.element] : []),
    ...(r.kind === 'outputs' ? r.struct.fields.slice(returned.kind === 'value' ? 1 : 0).map((f) => f.name) : []),
  ];
  rows.push({ name: 'SOAP response Body', value: elements(answer) });
}

/** How a form binding (HTTP POST, HTTP GET) reaches the operation, and the answer's root, the same for both. */
function formFact(request: string, op: OperationModel, links: Links): string {
  const path = inlineCode(request);
  const post = op.httpPostRoot;
  switch (post.kind) {
    case 'unbound':
      return 'not available';
    case 'empty':
      return `${path}; the answer has an empty body`;
    case 'any':
      return `${path}; the answer is the XML content itself, its root of any name and namespace`;
    case 'shown':
    case 'convention':
      return `${path}; the answer's root is ${inlineCode(`<${post.name}>`)}`;
    case 'notShown':
      return `${path}; the answer's root is not shown: the mock sends ${inlineCode(`<${post.assumed}>`)}, the client accepts any (${links.decision(post.decision)})`;
  }
}

function eatText(eat: EatModel, links: Links): string {
  switch (eat.kind) {
    case 'parameter': {
      const p = eat.parameter;
      const t = p.type;
      const name = inlineCode(p.name);
      if (t.kind !== 'primitive') return `The EAT marker is ${name}: eatValue is its value as sent.`;
      switch (t.name) {
        case 'double':
        case 'float':
          return `The EAT marker is ${name}, of type ${inlineCode(xsdName(t.name))}: eatValue is its value truncated to an integer (\`Math.trunc\`), in decimal digits.`;
        case 'decimal':
          return `The EAT marker is ${name}, of type \`xs:decimal\`: eatValue is the integer part of its exact text.`;
        case 'dateTime':
          return `The EAT marker is ${name}, of type \`xs:dateTime\`: eatValue is its Unix time in seconds.`;
        default:
          return `The EAT marker is ${name}: eatValue is its value as sent.`;
      }
    }
    case 'none':
    case 'null':
      return `The EAT marker is ${inlineCode(eat.marker)}: eatValue is empty.`;
    case 'notMarked':
      return 'The operation has no EAT marker (not marked): eatValue is empty.';
    case 'absentParameter':
      return `The EAT marker is ${inlineCode(eat.marker)}, a parameter this operation does not have: eatValue is empty. ${asSentence(links.decision(eat.decision))}`.trim();
    case 'unsigned':
      return 'The service does not sign requests.';
  }
}

function resultView(op: OperationModel, links: Links) {
  const r = op.result;
  const ts = inlineCode(resultType(r));
  if (r.kind === 'void')
    return {
      summary: `Returns nothing (${ts}): the SOAP answer is an empty ${inlineCode(`<${op.name}Response/>`)}.`,
      fields: [],
    };
  if (r.kind === 'outputs') {
    return {
      summary: `Returns its result and out parameters as one record, ${links.type(r.struct.name)} (${ts}):`,
      fields: fieldRows(r.struct, links),
    };
  }
  const nullable = r.nullable ? ' or `null` when the service leaves the result out (or sends it nil)' : '';
  if (r.struct)
    return {
      summary: `Returns ${links.type(r.struct.name)}${nullable} (${ts}), whose fields are, in wire order:`,
      fields: fieldRows(r.struct, links),
    };
  return { summary: `Returns ${links.soapType(r.type)}${nullable} (${ts}).`, fields: [] };
}

function errorsView(model: ServiceModel, op: OperationModel, links: Links) {
  const r = op.result;
  const struct = r.kind === 'value' ? r.struct : r.kind === 'outputs' ? r.struct : undefined;
  const status = struct?.status;
  const codeEnum = model.serviceErrors?.enum;
  const outro = `SOAP faults, HTTP errors, bad input and transport failures are thrown as the classes in [errors](${links.to(PAGES.errors)}).`;
  if (!status || !codeEnum) {
    // Said where other results carry a code; a service without any has no SvcServiceError to speak of.
    const intro = hasErrorCodes(model)
      ? 'The result carries no error code: the client never throws `SvcServiceError` for it.'
      : '';
    return { intro, codesIntro: '', codes: [], outro };
  }
  const field = inlineCode(status.codeField.name);
  const intro =
    status.codeKind === 'enum'
      ? `${field} is a value of ${links.type(codeEnum.name)}; ${inlineCode(String(status.success))} means success. Any other code makes the client throw \`SvcServiceError\` (unless \`throwOnServiceError\` is false).`
      : `${field} is an integer; ${inlineCode(String(status.success))} means success. The integers known are listed with ${links.type(codeEnum.name)}; any other code makes the client throw \`SvcServiceError\` (unless \`throwOnServiceError\` is false), which names the code when it is known.`;
  const codes: Array<{ code: string; when: string }> = [];
  const add = (code: string, when: string): void => {
    const row = codes.find((c) => c.code === code);
    if (row) row.when = `${row.when}; ${when}`;
    else codes.push({ code, when });
  };
  const principal = op.params.find((p) => p.role === 'principal')?.name ?? 'caller';
  const failures = model.auth?.failures;
  if (failures && op.params.some((p) => p.role === 'signature')) {
    for (const [kind, code] of Object.entries(failures.codes) as Array<[AuthFailureKind, AuthFailureCode]>) {
      const number = code.number ?? failures.unknownNumber;
      const shown =
        status.codeKind === 'enum' ? inlineCode(code.value) : `${inlineCode(String(number ?? ''))} (${code.value})`;
      add(shown, FAILURE_TEXT[kind](principal));
    }
  }
  for (const poll of model.polls.filter((p) => p.operation === op)) {
    for (const code of poll.failureCodes) {
      add(inlineCode(code), `while the status is not final, it ends \`${poll.method}\` with \`SvcServiceError\``);
    }
  }
  const codesIntro =
    codes.length > 0
      ? `The spec names these codes for this operation; it does not say which others it returns, so any value of ${links.type(codeEnum.name)} may come:`
      : `The spec does not say which codes this operation returns: any value of ${links.type(codeEnum.name)} may come.`;
  return { intro, codesIntro, codes, outro };
}

function callBlock(model: ServiceModel, op: OperationModel, example: OperationExample): string {
  const call = `await client.${op.methodName}(${example.args});`;
  const code = op.result.kind === 'void' ? call : `const result = await client.${op.methodName}(${example.args});`;
  const fence = codeFence(code);
  return `${fence}ts\n// client: a ${model.clientName}\n${code}\n${fence}`;
}

/** An HTTP message as a fenced block: start line, headers, a blank line, the body exactly as sent. */
function httpBlock(m: HttpMessage): string {
  // A message with neither headers nor body (an HTTP GET request) is its start line alone.
  const lines = [m.startLine, ...m.headers.map(([name, value]) => `${name}: ${value}`)];
  const text = m.headers.length === 0 && m.body === '' ? m.startLine : [...lines, '', m.body].join('\n');
  const fence = codeFence(text);
  return `${fence}http\n${text}\n${fence}`;
}
