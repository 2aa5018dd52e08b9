/** types/<Name>.md: a record or result type with its fields, or an enum with its values and known integer codes. */
import type { Decision, EnumModel, ServiceModel, StructModel, TypeModel } from '../../../model/types.js';
import { PAGES, inlineCode, operationPage, paragraph, typePage } from '../markdown.js';
import { Links, fieldRows } from './common.js';

const ERROR_CODE_KIND = { S: 'a string error code (S)', I: 'an integer error code (I)', none: 'no error code the document shows' } as const;

export function structView(model: ServiceModel, s: StructModel, anchors: ReadonlyMap<Decision, string>) {
  const links = new Links(typePage(s.name), anchors);
  const returnedBy = model.operations.filter((o) => (o.result.kind === 'value' ? o.result.struct === s : o.result.kind === 'outputs' && o.result.struct === s));
  const usedBy = [...model.records, ...model.results].filter((x) => x !== s && x.ownFields.some((f) => mentions(f.type, s)));
  const params = model.operations.filter((o) => o.inputParams.some((p) => mentions(p.type, s)));
  const headers = model.soapHeaders.filter((h) => h.record === s);
  return {
    title: s.name,
    index: links.to(PAGES.index),
    kind: s.kind === 'result' ? `Result type, with ${ERROR_CODE_KIND[s.documentedErrorCode ?? 'none']}` : 'Record',
    doc: paragraph(s.doc),
    base: s.base ? links.type(s.base.name) : '',
    decision: links.decision(s.decision),
    success: s.status
      ? `Success is ${inlineCode(s.status.codeField.name)} ${inlineCode(String(s.status.success))}; a response that leaves it out counts as a success.`
      : '',
    uses: [
      ...returnedBy.map((o) => `returned by [${o.name}](${links.to(operationPage(o.name))})`),
      ...params.map((o) => `a parameter of [${o.name}](${links.to(operationPage(o.name))})`),
      ...usedBy.map((x) => `a field of ${links.type(x.name)}`),
      ...headers.map((h) => `the SOAP header ${inlineCode(`<${h.element}>`)} (client option \`${h.option}\`)`),
      ...model.operations
        .filter((o) => o.responseHeaders.some((h) => h.record === s))
        .map((o) => `a SOAP header of the answers of [${o.name}](${links.to(operationPage(o.name))})`),
    ],
    fields: fieldRows(s, links),
  };
}

export function enumView(model: ServiceModel, e: EnumModel, anchors: ReadonlyMap<Decision, string>) {
  const links = new Links(typePage(e.name), anchors);
  const codes = e.numeric?.codes ?? [];
  const fields = [...model.records, ...model.results].flatMap((s) => s.ownFields.filter((f) => mentions(f.type, e)).map((f) => `field ${inlineCode(f.name)} of ${links.type(s.name)}`));
  const params = model.operations.filter((o) => o.inputParams.some((p) => mentions(p.type, e))).map((o) => `a parameter of [${o.name}](${links.to(operationPage(o.name))})`);
  return {
    title: e.name,
    index: links.to(PAGES.index),
    doc: paragraph(e.doc),
    placeholders: e.placeholders ? paragraph(e.placeholders) : '',
    numeric: e.numeric !== undefined,
    numericDecision: links.decision(e.numeric?.decision),
    errorCodes: model.serviceErrors?.enum === e,
    values: e.values.map((v, i) => {
      const numbers = codes.filter(([, value]) => value === v).map(([n]) => inlineCode(String(n)));
      return { index: String(i + 1), value: inlineCode(v), code: numbers.length > 0 ? numbers.join(', ') : 'not known' };
    }),
    uses: [...fields, ...params],
  };
}

/** Whether a type is, or is a list of, the record or enum `target`. */
function mentions(t: TypeModel, target: StructModel | EnumModel): boolean {
  if (t.kind === 'list') return mentions(t.item, target);
  if (t.kind === 'choice') return t.alternatives.some((a) => mentions(a.type, target));
  return (t.kind === 'record' && t.record === target) || (t.kind === 'enum' && t.enum === target);
}
