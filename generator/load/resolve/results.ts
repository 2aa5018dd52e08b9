/** An operation's result: `void`, a value, or a value with out parameters (the `outputs`, read as one record). */
import type {
  FieldModel,
  ResultModel,
  StructModel,
  TypeModel,
  ValueResult,
  VoidResult,
  XmlNamespace,
} from '../../model/types.js';
import type { SpecPath } from '../locate.js';
import type { RawOperation, RawResult, RawTypeRef } from '../schema.js';
import { ownNamespaceProblem, unqualifiedHoldingProblem } from '../text-content.js';
import type { TypesContext } from './context.js';
import { fieldsOf } from './fields.js';
import { typeOf } from './type-refs.js';

/** The result of the operation `op` (none with a problem reported); a record of its outputs joins `outputStructs`. */
export function operationResult(
  tx: TypesContext,
  op: RawOperation,
  path: SpecPath,
  tsName: string,
  outputStructs: StructModel[],
): ResultModel | undefined {
  const { report } = tx;
  const returned = resolveResult(
    op.name,
    op.result,
    [...path, 'result'],
    (t, p, use) => typeOf(tx, t, p, use),
    tx.elementNamespaceOf,
    report,
  );
  const resultHolding =
    returned?.kind === 'value' && returned.form !== undefined
      ? unqualifiedHoldingProblem('the result', returned.type)
      : undefined;
  if (resultHolding) report([...path, 'result', 'form'], resultHolding);
  if (op.outputs === undefined || !returned) return returned;
  const struct = outputsOf(tx, op, path, tsName, returned);
  outputStructs.push(struct);
  return { kind: 'outputs', struct, returned };
}

/** Out parameters: the response element holds the result and one element per output, read as one record. */
function outputsOf(
  tx: TypesContext,
  op: RawOperation,
  path: SpecPath,
  tsName: string,
  returned: VoidResult | ValueResult,
): StructModel {
  const { report } = tx;
  const outputs = op.outputs!;
  const name = `${tsName}Output`;
  const fields: FieldModel[] = [];
  if (returned.kind === 'value') {
    const nullable = returned.nullable;
    const form = returned.form !== undefined ? { form: returned.form } : {};
    const own = returned.namespace !== undefined ? { namespace: returned.namespace } : {};
    fields.push({
      kind: 'field',
      name: returned.element,
      xmlName: returned.element,
      type: returned.type,
      doc: `What ${op.name} returns.`,
      nillable: nullable,
      optional: nullable,
      secret: false,
      attribute: false,
      ...form,
      ...own,
      decision: undefined,
    });
  }
  fieldsOf(tx, [...path, 'outputs'], name, outputs, fields);
  fields.forEach((f) => {
    const j = outputs.findIndex((o) => o.name === f.name);
    const problem =
      f.form === 'unqualified' && j >= 0 ? unqualifiedHoldingProblem(`output "${f.name}"`, f.type) : undefined;
    if (problem) report([...path, 'outputs', j, 'form'], problem);
  });
  outputs.forEach((o, j) => {
    if (returned.kind === 'value' && o.name === returned.element)
      report([...path, 'outputs', j, 'name'], `"${o.name}" is the result element's name`);
  });
  return {
    kind: 'result',
    name,
    xmlName: name,
    doc: `What ${op.name} returns: ${returned.kind === 'value' ? 'its result and ' : ''}its out parameters, the children of <${op.name}Response>.`,
    fields,
    ownFields: fields,
    base: undefined,
    decision: undefined,
    documentedErrorCode: 'none',
    status: undefined,
  };
}

/** An operation's result as written: `void`, a type, or a type with its options. */
function resolveResult(
  operation: string,
  raw: RawResult,
  path: SpecPath,
  typeOf: (t: RawTypeRef, path: SpecPath, use: { results?: boolean }) => TypeModel | undefined,
  namespaceOf: (uri: string | undefined) => XmlNamespace | undefined,
  report: (path: SpecPath, message: string) => void,
): VoidResult | ValueResult | undefined {
  if (raw === 'void') return { kind: 'void' };
  const full =
    typeof raw === 'object' && 'type' in raw
      ? raw
      : { type: raw, nullable: undefined, element: undefined, form: undefined, namespace: undefined };
  if (full.namespace !== undefined && full.form !== undefined)
    report([...path, 'namespace'], ownNamespaceProblem({ form: full.form, choice: false })!);
  const type = typeOf(full.type, typeof raw === 'object' && 'type' in raw ? [...path, 'type'] : path, {
    results: true,
  });
  if (!type) return undefined;
  return {
    kind: 'value',
    type,
    nullable: full.nullable ?? false,
    element: full.element ?? `${operation}Result`,
    ...(full.form !== undefined ? { form: full.form } : {}),
    ...(full.namespace !== undefined && full.form === undefined ? { namespace: namespaceOf(full.namespace) } : {}),
    struct: type.kind === 'record' ? type.record : undefined,
  };
}
