/** types/<Name>.md: a record or result type with its fields, or an enum with its values and known integer codes. */
import type {
  Decision,
  EnumModel,
  FieldModel,
  OperationModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../../../model/types.js';
import { PAGES, inlineCode, operationPage, paragraph, typePage } from '../markdown.js';
import { Links, fieldRows } from './common.js';
import { alternativeTypes } from '../../../model/alternatives.js';

const ERROR_CODE_KIND = {
  S: 'a string error code (S)',
  I: 'an integer error code (I)',
  none: 'no error code the document shows',
} as const;

export function structView(model: ServiceModel, s: StructModel, anchors: ReadonlyMap<Decision, string>) {
  const links = new Links(typePage(s.name), anchors);
  const index = usesOf(model);
  const returnedBy = index.returnedBy.get(s) ?? [];
  const usedBy = [...new Set((index.fields.get(s) ?? []).map((u) => u.owner))].filter((x) => x !== s);
  const params = index.params.get(s) ?? [];
  const headers = model.soapHeaders.filter((h) => h.record === s);
  return {
    title: s.name,
    index: links.to(PAGES.index),
    kind:
      (s.kind === 'result' ? `Result type, with ${ERROR_CODE_KIND[s.documentedErrorCode ?? 'none']}` : 'Record') +
      onTheWire(s),
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
      ...(index.responseHeaders.get(s) ?? []).map(
        (o) => `a SOAP header of the answers of [${o.name}](${links.to(operationPage(o.name))})`,
      ),
    ],
    fields: fieldRows(s, links),
  };
}

/** Where the TypeScript name is not the XML name (`Temp` of a WSDL's `temp`), the name the wire and the WSDL use. */
function onTheWire(s: StructModel): string {
  return s.xmlName === s.name ? '' : `, the XML type ${inlineCode(s.xmlName)}`;
}

export function enumView(model: ServiceModel, e: EnumModel, anchors: ReadonlyMap<Decision, string>) {
  const links = new Links(typePage(e.name), anchors);
  const codes = e.numeric?.codes ?? [];
  const index = usesOf(model);
  const fields = (index.fields.get(e) ?? []).map(
    (u) => `field ${inlineCode(u.field.name)} of ${links.type(u.owner.name)}`,
  );
  const params = (index.params.get(e) ?? []).map(
    (o) => `a parameter of [${o.name}](${links.to(operationPage(o.name))})`,
  );
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
      return {
        index: String(i + 1),
        value: inlineCode(v),
        code: numbers.length > 0 ? numbers.join(', ') : 'not known',
      };
    }),
    uses: [...fields, ...params],
  };
}

/**
 * What an undocumented type is, said by its first use (`Returned by [GetCityForecastByZIP](...).`, `A field of
 * [Forecast](...).`), for the index's "What it is" cell; '' for a type nothing uses.
 */
export function firstUse(model: ServiceModel, t: StructModel | EnumModel, links: Links): string {
  const index = usesOf(model);
  const op = (o: OperationModel) => `[${o.name}](${links.to(operationPage(o.name))})`;
  const returnedBy = t.kind === 'enum' ? undefined : index.returnedBy.get(t)?.[0];
  if (returnedBy) return `Returned by ${op(returnedBy)}.`;
  const inResult = model.operations.find((o) => o.result.kind === 'value' && mentioned(o.result.type).includes(t));
  if (inResult) return `In the result of ${op(inResult)}.`;
  const param = index.params.get(t)?.[0];
  if (param) return `A parameter of ${op(param)}.`;
  const field = index.fields.get(t)?.[0];
  return field ? `A field of ${links.type(field.owner.name)}.` : '';
}

/** Where each record, result and enum is used, in the model's order: what the type pages list. */
interface TypeUses {
  readonly returnedBy: Map<StructModel, OperationModel[]>;
  /** Operations with a parameter of the type (each once). */
  readonly params: Map<StructModel | EnumModel, OperationModel[]>;
  /** Fields of records and results of the type (own fields, not inherited ones). */
  readonly fields: Map<StructModel | EnumModel, Array<{ owner: StructModel; field: FieldModel }>>;
  readonly responseHeaders: Map<StructModel, OperationModel[]>;
}

/**
 * The uses of every type, found in one pass over the model (and kept for it): looking them up for each type page
 * in turn made the docs quadratic in the size of the spec.
 */
function usesOf(model: ServiceModel): TypeUses {
  let uses = USES.get(model);
  if (uses) return uses;
  uses = { returnedBy: new Map(), params: new Map(), fields: new Map(), responseHeaders: new Map() };
  const add = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [value]);
    else if (list[list.length - 1] !== value) list.push(value);
  };
  for (const o of model.operations) {
    if (o.result.kind === 'value' || o.result.kind === 'outputs') add(uses.returnedBy, o.result.struct, o);
    for (const p of o.inputParams) for (const t of mentioned(p.type)) add(uses.params, t, o);
    for (const h of o.responseHeaders) add(uses.responseHeaders, h.record, o);
  }
  for (const owner of [...model.records, ...model.results]) {
    for (const field of owner.ownFields)
      for (const t of new Set(mentioned(field.type))) add(uses.fields, t, { owner, field });
  }
  USES.set(model, uses);
  return uses;
}

const USES = new WeakMap<ServiceModel, TypeUses>();

/** The records and enums a type is, or is a list or choice of. */
function mentioned(t: TypeModel): Array<StructModel | EnumModel> {
  if (t.kind === 'list') return mentioned(t.item);
  if (t.kind === 'choice') return t.alternatives.flatMap(alternativeTypes).flatMap((x) => mentioned(x));
  if (t.kind === 'record') return [t.record];
  if (t.kind === 'enum') return [t.enum];
  return [];
}
