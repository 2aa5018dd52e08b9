/** The spec's `soapHeaders`, and the headers each operation sends (`headers`) and answers with (`responseHeaders`). */
import type { ParameterModel, ResponseHeaderModel, SoapHeaderModel, StructModel } from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { ResolvableSpec, SetAside } from '../salvage.js';
import type { RawOperation } from '../schema.js';
import { list, suggest } from '../suggest.js';
import type { OperationsContext } from './context.js';

/** The headers the operation sends: the service's, or those it lists, in the order of soapHeaders. */
export function operationHeaders(ox: OperationsContext, op: RawOperation, path: SpecPath): SoapHeaderModel[] {
  const { soapHeaders, report } = ox;
  if (op.headers === undefined) return soapHeaders;
  const headers: SoapHeaderModel[] = [];
  op.headers.forEach((h, j) => {
    const found = soapHeaders.find((x) => x.element === h);
    if (!found) {
      if (ox.allHeaders.has(h))
        report(
          [...path, 'headers', j],
          `SOAP header "${h}" has no client option (soapHeaders), so the client cannot send it; give it an option, or list it under responseHeaders`,
        );
      else if (!ox.aside.has('soapHeaders', h))
        report(
          [...path, 'headers', j],
          `unknown SOAP header "${h}"; expected one of soapHeaders: ${list(soapHeaders.map((x) => x.element))}`,
        );
    } else if (headers.includes(found)) report([...path, 'headers', j], `SOAP header "${h}" is listed twice`);
    else headers.push(found);
  });
  headers.sort((a, b) => soapHeaders.indexOf(a) - soapHeaders.indexOf(b));
  return headers;
}

/** The headers the operation's response carries, as it lists them. */
export function operationResponseHeaders(
  ox: OperationsContext,
  op: RawOperation,
  path: SpecPath,
): ResponseHeaderModel[] {
  const { allHeaders, report } = ox;
  const responseHeaders: ResponseHeaderModel[] = [];
  const order = [...allHeaders.keys()];
  op.responseHeaders?.forEach((entry, j) => {
    const name = typeof entry === 'string' ? entry : entry.element;
    const at: SpecPath =
      typeof entry === 'string' ? [...path, 'responseHeaders', j] : [...path, 'responseHeaders', j, 'element'];
    const found = allHeaders.get(name);
    if (!found) {
      if (!ox.aside.has('soapHeaders', name))
        report(at, `unknown SOAP header "${name}"; expected one of soapHeaders: ${list(order)}${suggest(name, order)}`);
    } else if (responseHeaders.some((x) => x.element === name)) report(at, `SOAP header "${name}" is listed twice`);
    else
      responseHeaders.push({
        kind: 'responseHeader',
        element: name,
        record: found.record,
        required: typeof entry === 'string' ? false : (entry.required ?? false),
        doc: found.doc,
      });
  });
  return responseHeaders;
}

/**
 * The SOAP header records: each a record; those the client sends (`sent`) with a client option of its own. `all` has
 * every header by element name, in the spec's order, sent or only answered.
 */
export function resolveHeaders(
  raw: ResolvableSpec,
  structs: ReadonlyMap<string, { model: StructModel }>,
  parameters: ReadonlyMap<string, ParameterModel>,
  aside: SetAside,
  report: (path: SpecPath, message: string) => void,
): { sent: SoapHeaderModel[]; all: Map<string, { record: StructModel; doc: string | undefined }> } {
  const taken = new Set([
    'baseUrl',
    'apiKey',
    'style',
    'namespace',
    'fetch',
    'now',
    'sign',
    'timeoutMs',
    'maxResponseBytes',
    'throwOnServiceError',
  ]);
  for (const p of parameters.values()) if (p.role === 'principal') taken.add(p.name);
  const headers: SoapHeaderModel[] = [];
  const all = new Map<string, { record: StructModel; doc: string | undefined }>();
  const elements = new Set<string>();
  raw.soapHeaders.forEach((h, i) => {
    if (!h) return;
    const path: SpecPath = ['soapHeaders', i];
    if (elements.has(h.element)) report([...path, 'element'], `duplicate SOAP header "${h.element}"`);
    elements.add(h.element);
    if (h.option !== undefined) {
      if (taken.has(h.option))
        report([...path, 'option'], `option "${h.option}" is already an option of the client; choose another name`);
      taken.add(h.option);
    } else if (h.required !== undefined) {
      report(
        [...path, 'required'],
        'a header without a client option is never sent, so required means nothing here (say it in responseHeaders)',
      );
    }
    const record = structs.get(h.type)?.model;
    if (!record && aside.has('records', h.type)) return;
    if (!record || record.kind !== 'record') {
      // A result type is no "unknown record" to be suggested as itself: say what it is.
      const records = [...structs.values()].filter((s) => s.model.kind === 'record').map((s) => s.model.name);
      report(
        [...path, 'type'],
        record
          ? `"${h.type}" is a result type; a SOAP header holds a record defined under records`
          : `unknown record "${h.type}"; a SOAP header holds a record defined under records${suggest(h.type, records)}`,
      );
      return;
    }
    if (!all.has(h.element)) all.set(h.element, { record, doc: h.doc });
    if (h.option !== undefined)
      headers.push({
        kind: 'soapHeader',
        element: h.element,
        record,
        option: h.option,
        required: h.required ?? true,
        doc: h.doc,
      });
  });
  return { sent: headers, all };
}
