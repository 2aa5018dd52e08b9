/**
 * README.md of the docs: what the service does, its invocation styles, authentication, the operations by group
 * (each with the first sentence of its doc), the types, and the other pages.
 */
import { titleAndVersion } from '../../../model/text.js';
import type {
  AuthFailureCode,
  AuthFailureKind,
  BindingName,
  Decision,
  OperationModel,
  ServiceModel,
} from '../../../model/types.js';
import { PAGES, firstSentence, inlineCode, operationPage, paragraph, typePage } from '../markdown.js';
import { formPath, type OperationExample } from '../wire.js';
import { soapAction } from '../../../../templates/runtime/codec/xml-writer.js';
import { Links, asSentence, joinSentences } from './common.js';
import { STYLE_TITLES } from '../../features.js';
import { FAILURE_TEXT } from './operation.js';
import { firstUse } from './types.js';

/** What stands for an operation's name in the styles table. */
const OPERATION = 'Op';

export function indexView(
  model: ServiceModel,
  examples: ReadonlyMap<OperationModel, OperationExample>,
  anchors: ReadonlyMap<Decision, string>,
) {
  const links = new Links(PAGES.index, anchors);
  const signed = model.auth !== undefined;
  return {
    title: titleAndVersion(model),
    doc: paragraph(model.doc),
    pages: [
      {
        text: 'Getting started',
        link: links.to(PAGES.gettingStarted),
        note: 'install the client, a first call, the mock',
      },
      ...(model.polls.length > 0
        ? [{ text: 'Flows', link: links.to(PAGES.flows), note: 'asynchronous requests, as diagrams' }]
        : []),
      { text: 'Errors', link: links.to(PAGES.errors), note: 'the error classes of the client and when each is thrown' },
      ...(model.decisions.length > 0
        ? [
            {
              text: 'Decisions',
              link: links.to(PAGES.decisions),
              note: 'what the spec decides where the interface document says "not shown"',
            },
          ]
        : []),
    ],
    namespace: inlineCode(model.namespace.uri),
    namespaceDecision: links.decision(model.namespace.decision),
    styles: model.bindings.map((b) => styleRow(model, b)),
    auth: signed ? authView(model, examples, links) : undefined,
    signed,
    groups: groups(model).map((g) => ({
      title: paragraph(g.title),
      doc: g.doc,
      operations: g.operations.map((op) => ({
        link: `[${op.name}](${links.to(operationPage(op.name))})`,
        purpose: firstSentence(op.doc),
        eat: op.eat.marker === '' ? '(none)' : inlineCode(op.eat.marker),
      })),
    })),
    typeGroups: [
      { title: 'Results', types: model.results },
      { title: 'Records', types: model.records },
      { title: 'Enums', types: model.enums },
    ]
      .filter((g) => g.types.length > 0)
      .map((g) => ({
        title: g.title,
        types: g.types.map((t) => ({
          link: `[${t.name}](${links.to(typePage(t.name))})`,
          purpose: firstSentence(t.doc) || firstUse(model, t, links),
        })),
      })),
  };
}

/** The groups of the index: the spec's, then the operations in none; a spec without groups has one. */
function groups(model: ServiceModel): Array<{ title: string; doc: string; operations: OperationModel[] }> {
  const listed = model.groups.map((g) => ({
    title: g.title,
    doc: g.doc ? paragraph(g.doc) : '',
    operations: model.operations.filter((o) => o.group === g.title),
  }));
  const rest = model.operations.filter((o) => !model.groups.some((g) => g.title === o.group));
  // A spec without groups has one list, under the Operations heading itself.
  if (rest.length > 0) listed.push({ title: listed.length > 0 ? 'Other operations' : '', doc: '', operations: rest });
  return listed;
}

/**
 * The SOAPAction header every SOAP 1.1 request carries: ASMX's convention, the one action all operations give (`""`
 * for a service from outside ASP.NET), or a pointer to the operations' pages where they give their own.
 */
function actionHeader(model: ServiceModel): string {
  const given = new Set(model.operations.map((op) => op.soapAction));
  if (given.size === 1 && !given.has(undefined)) return `\`SOAPAction: "${[...given][0]}"\``;
  if (given.size === 1) return `\`SOAPAction: ${soapAction(model.namespace.uri, OPERATION)}\``;
  return "`SOAPAction` (the operation's, on its page)";
}

function styleRow(model: ServiceModel, style: BindingName) {
  const ns = model.namespace.uri;
  const element = inlineCode(ns === '' ? `<${OPERATION}>` : `<${OPERATION} xmlns="${ns}">`);
  switch (style) {
    case 'soap11':
      return {
        name: STYLE_TITLES.soap11,
        method: 'POST',
        path: inlineCode(model.path),
        headers: `\`Content-Type: text/xml; charset=utf-8\`, ${actionHeader(model)}, \`Content-Length\``,
        body: `a SOAP 1.1 envelope whose Body holds ${element}, one child element per parameter, in order`,
        answer: `200, \`text/xml; charset=utf-8\`: a SOAP 1.1 envelope holding ${inlineCode(`<${OPERATION}Response>`)} with ${inlineCode(`<${OPERATION}Result>`)}, the result's fields inside`,
      };
    case 'soap12':
      return {
        name: STYLE_TITLES.soap12,
        method: 'POST',
        path: inlineCode(model.path),
        headers: '`Content-Type: application/soap+xml; charset=utf-8`, `Content-Length` (no SOAPAction)',
        body: 'a SOAP 1.2 envelope, the same Body as SOAP 1.1',
        answer: '200, `application/soap+xml; charset=utf-8`: a SOAP 1.2 envelope, the same Body as SOAP 1.1',
      };
    case 'httpPost':
      return {
        name: STYLE_TITLES.httpPost,
        method: 'POST',
        path: inlineCode(formPath(model.path, OPERATION)),
        headers: '`Content-Type: application/x-www-form-urlencoded`, `Content-Length`',
        body: 'form fields named as the parameters, in order; every value as text',
        answer:
          "200, `text/xml; charset=utf-8`: an XML document whose root is the result (each operation's page names it) with the result's fields as children; no Response or Result wrapper",
      };
    case 'httpGet':
      return {
        name: STYLE_TITLES.httpGet,
        method: 'GET',
        path: inlineCode(`${formPath(model.path, OPERATION)}?name=value&…`),
        headers: 'none (a GET has no body)',
        body: "none: the fields of the HTTP POST form, in the same order and encoding, are the query string (at most 2048 characters, ASP.NET's default maxQueryStringLength)",
        answer: 'the same as HTTP POST',
      };
  }
}

function authView(model: ServiceModel, examples: ReadonlyMap<OperationModel, OperationExample>, links: Links) {
  const credentials = model.parameters.filter((p) => p.role !== undefined);
  const principal = credentials.find((p) => p.role === 'principal')?.name ?? '';
  // The known answer: an operation that signs nothing besides the principal and the timestamp.
  const known =
    model.operations.find((o) => o.eat.kind === 'none' && examples.get(o)?.signing) ??
    model.operations.find((o) => o.eat.kind !== 'parameter' && examples.get(o)?.signing);
  const signing = known ? examples.get(known)?.signing : undefined;
  const failures = model.auth?.failures;
  const secretResults = model.results.filter((r) => r.fields.some((f) => f.secret));
  return {
    credentials: credentials.map((p) => ({
      name: inlineCode(p.name),
      type: inlineCode(p.type.kind === 'primitive' ? `xs:${p.type.name}` : p.type.kind),
      role:
        p.role === 'principal'
          ? `identifies the caller: the client's \`${principal}\` option`
          : p.role === 'timestamp'
            ? 'the request time, in whole Unix seconds (UTC)'
            : 'the signature of the request, computed as below',
      note: joinSentences([paragraph(p.quirk ?? ''), asSentence(links.decision(p.decision))]),
    })),
    principal: inlineCode(principal),
    decision: links.decision(model.auth?.decision),
    known: signing && {
      operation: `[${known!.name}](${links.to(operationPage(known!.name))})`,
      principalName: inlineCode(principal),
      marker: inlineCode(known!.eat.marker),
      principal: inlineCode(signing.principal),
      timestamp: inlineCode(signing.timestamp),
      apiKey: inlineCode(model.auth!.example.apiKey),
      message: inlineCode(signing.message),
      key: inlineCode(signing.key),
    },
    failures: failures
      ? (Object.entries(failures.codes) as Array<[AuthFailureKind, AuthFailureCode]>).map(([kind, code]) => ({
          when: FAILURE_TEXT[kind](principal),
          code: inlineCode(code.value),
          number:
            code.number !== undefined
              ? inlineCode(String(code.number))
              : failures.unknownNumber !== undefined
                ? `${inlineCode(String(failures.unknownNumber))} (no integer known)`
                : '(none known)',
        }))
      : [],
    failuresDecision: links.decision(failures?.decision),
    dynamicKeys: secretResults.length > 0 ? secretResults.map((r) => links.type(r.name)).join(', ') : '',
  };
}
