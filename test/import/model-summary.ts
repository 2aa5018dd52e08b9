/**
 * A model reduced to what a WSDL carries, for comparing an imported spec with a hand-written one with `toEqual`.
 *
 * Left out, because a WSDL cannot carry it (each with its reason):
 *
 * | left out | why |
 * | --- | --- |
 * | docs (service, records, fields, enums, parameters, operations, headers) | a WSDL documents at most the service and the operations; the rest is prose written by hand |
 * | service title, version, client class name, package | not in a WSDL (the title is at most the decoded service name) |
 * | decisions, groups, submitsPayments, quirks, parameter defaults | the spec's own notes about the interface document |
 * | auth, parameter roles, eat markers | request signing is the service's convention, not in the schema |
 * | serviceErrors, results vs records, errorCode kinds | a result type is an ordinary complex type in a WSDL |
 * | polls | a client convenience over a status operation |
 * | secret: true | the schema does not say which strings hold secrets |
 * | a SOAP header's client option and `required` | ASMX headers are always optional on the wire; the option name is the client's |
 * | the order of soapHeaders and of an operation's headers | SOAP header blocks are unordered |
 * | enum numeric codes and placeholders | notes about the interface document |
 * | record declaration order | the format keys records by name |
 * | the mock simulator | hand-written behaviour |
 */
import { soapActionOf } from '../../generator/emit/wsdl/bindings.js';
import type {
  FieldModel,
  OperationModel,
  ServiceModel,
  StructModel,
  TypeModel,
  ValueResult,
} from '../../generator/model/types.js';

export type TypeSummary =
  | string
  | { list: TypeSummary; item: string; nillableItems: boolean; container: boolean }
  | { choice: Array<{ name: string; type: TypeSummary }> };

export function typeSummary(t: TypeModel): TypeSummary {
  switch (t.kind) {
    case 'primitive':
      return t.name;
    case 'enum':
      return `enum ${t.enum.name}`;
    case 'record':
      return `record ${t.record.name}`;
    case 'list':
      return { list: typeSummary(t.item), item: t.itemElement, nillableItems: t.nillableItems, container: t.container };
    case 'choice':
      return { choice: t.alternatives.map((a) => ({ name: a.name, type: typeSummary(a.type) })) };
  }
}

function fieldSummary(f: FieldModel) {
  return {
    name: f.name,
    type: typeSummary(f.type),
    optional: f.optional,
    nillable: f.nillable,
    attribute: f.attribute,
  };
}

function valueSummary(r: ValueResult) {
  return { type: typeSummary(r.type), nullable: r.nullable, element: r.element };
}

function resultSummary(op: OperationModel) {
  const r = op.result;
  switch (r.kind) {
    case 'void':
      return 'void';
    case 'value':
      return valueSummary(r);
    case 'outputs':
      return {
        returned: r.returned.kind === 'void' ? 'void' : valueSummary(r.returned),
        outputs: r.struct.fields.slice(r.returned.kind === 'void' ? 0 : 1).map(fieldSummary),
      };
  }
}

function rootSummary(op: OperationModel): string | undefined {
  const root = op.httpPostRoot;
  switch (root.kind) {
    case 'unbound':
      return undefined;
    case 'empty':
    case 'any':
      return root.kind;
    case 'notShown':
      return root.assumed;
    default:
      return root.name;
  }
}

export interface SummaryOptions {
  /** Parameter keys left out (e.g. `optional` where the WSDL cannot say it); see the tests' tables. */
  readonly paramOptional?: (op: OperationModel, name: string) => boolean | string;
}

export function modelSummary(model: ServiceModel, options: SummaryOptions = {}) {
  const outputStructs = new Set<StructModel>(
    model.operations.flatMap((op) => (op.result.kind === 'outputs' ? [op.result.struct] : [])),
  );
  const structs = [...model.records, ...model.results]
    .filter((s) => !outputStructs.has(s))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return {
    name: model.name,
    path: model.path,
    namespace: model.namespace.uri,
    bindings: model.bindings,
    soapHeaders: model.soapHeaders
      .map((h) => ({ element: h.element, record: h.record.name }))
      .sort((a, b) => (a.element < b.element ? -1 : 1)),
    enums: Object.fromEntries(model.enums.map((e) => [e.name, e.values])),
    records: Object.fromEntries(
      structs.map((s) => [s.name, { base: s.base?.name, fields: s.ownFields.map(fieldSummary) }]),
    ),
    operations: model.operations.map((op) => ({
      name: op.name,
      params: op.params.map((p) => ({
        name: p.name,
        type: typeSummary(p.type),
        optional: options.paramOptional ? options.paramOptional(op, p.name) : p.optional,
        nillable: p.nillable,
      })),
      result: resultSummary(op),
      httpPost: op.httpPost,
      httpGet: op.httpGet,
      httpPostRoot: rootSummary(op),
      soapAction: soapActionOf(model, op),
      namespace: op.namespace,
      headers: op.headers.map((h) => h.element).sort(),
    })),
  };
}
