/**
 * The client's `bindings` constant: per operation, what the runtime's ClientCore needs to call it and read its answer
 * (wire names, namespaces, the decoder, the error-code check, the secrets to mask, the typed faults).
 */
import type { CodeBlockWriter } from 'ts-morph';
import type { OperationModel, ServiceModel } from '../../model/types.js';
import { VariableDeclarationKind, StructureKind } from '../../print/kinds.js';
import type { Statement } from '../../print/printer.js';
import { arrayLiteral, objectLiteral } from '../expressions.js';
import { tsLiteral, valueType } from '../ts-types.js';
import { decoderName, resultDecoderName } from './decoders.js';
import { writeFaultBinding } from './faults.js';
import { propertyKey } from '../../load/names.js';
import { useTypes, type Use } from './client-imports.js';

export function bindingsStatement(model: ServiceModel, use: Use): Statement {
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: 'bindings',
        initializer: (w) => {
          w.inlineBlock(() => {
            for (const op of model.operations) writeBinding(w, model, op, use);
          });
          w.write(' as const');
        },
      },
    ],
  };
}

/** One operation's binding, checked against OperationBinding of its result type. */
function writeBinding(w: CodeBlockWriter, model: ServiceModel, op: OperationModel, use: Use): void {
  w.write(`${op.tsName}: `).inlineBlock(() => {
    writeWireNames(w, model, op);
    writeDecoding(w, model, op, use);
    const struct = op.result.kind === 'void' ? undefined : op.result.struct;
    const secrets = (struct?.fields ?? []).filter((f) => f.secret).map((f) => tsLiteral(f.name));
    if (secrets.length > 0) w.writeLine(`secretFields: [${secrets.join(', ')}],`);
    const secretParams = op.params.filter((p) => p.secret).map((p) => tsLiteral(p.name));
    if (secretParams.length > 0) w.writeLine(`secretParams: [${secretParams.join(', ')}],`);
    writeFaultBinding(w, op, use);
  });
  w.write(` satisfies ${use('OperationBinding')}<${bindingResultType(op, use)}>,`).newLine();
}

/** The result type an operation's binding is checked against, its named types recorded as imports. */
function bindingResultType(op: OperationModel, use: Use): string {
  const result = op.result;
  if (result.kind === 'void') return 'undefined';
  if (result.kind === 'outputs') return use(result.struct.name);
  if (result.struct) return use(result.struct.name);
  useTypes(use, result.type);
  return valueType(result.type);
}

/** How the call is written and its answer found: names, bindings it is in, namespaces, forms and headers. */
function writeWireNames(w: CodeBlockWriter, model: ServiceModel, op: OperationModel): void {
  const post = op.httpPostRoot;
  const root = post.kind === 'shown' || post.kind === 'convention' ? `'${post.name}'` : 'undefined';
  const result = op.result;
  w.writeLine(`name: '${op.name}',`);
  w.writeLine(`resultElement: '${result.kind === 'value' ? result.element : `${op.name}Result`}',`);
  if (result.kind === 'void') w.writeLine("result: 'void',");
  else if (result.kind === 'outputs') w.writeLine("result: 'outputs',");
  else if (result.nullable) w.writeLine("result: 'nullable',");
  w.writeLine(`httpPostRoot: ${root},`);
  if (post.kind === 'any') w.writeLine('httpPostNode: true,');
  if (!op.httpPost && model.bindings.includes('httpPost')) w.writeLine('httpPost: false,');
  if (!op.httpGet && model.bindings.includes('httpGet')) w.writeLine('httpGet: false,');
  const uri = (key: string, value: string) => {
    w.write(`${key}: ${tsLiteral(value)},`);
    w.newLine();
  };
  if (op.soapAction !== undefined) uri('soapAction', op.soapAction);
  if (op.bare) w.writeLine('bare: true,');
  if (op.namespace !== undefined) uri('namespace', op.namespace);
  const unqualified = op.params.filter((p) => p.form === 'unqualified').map((p) => tsLiteral(p.name));
  if (unqualified.length > 0) {
    w.write(`unqualifiedParams: ${arrayLiteral(unqualified)},`);
    w.newLine();
  }
  if (result.kind === 'value' && result.form === 'unqualified') w.writeLine('unqualifiedResult: true,');
  const own = op.params
    .filter((p) => p.namespace !== undefined)
    .map((p) => `${propertyKey(p.name)}: ${tsLiteral(p.namespace!.uri)}`);
  if (own.length > 0) {
    w.write(`paramNamespaces: ${objectLiteral(own)},`);
    w.newLine();
  }
  if (result.kind === 'value' && result.namespace !== undefined) uri('resultNamespace', result.namespace.uri);
  if (op.headers.length > 0) w.writeLine(`headers: [${op.headers.map((h) => tsLiteral(h.element)).join(', ')}],`);
}

/** How the answer is read: its response headers' decoders, the result's decoder and the error-code check. */
function writeDecoding(w: CodeBlockWriter, model: ServiceModel, op: OperationModel, use: Use): void {
  const result = op.result;
  if (op.responseHeaders.length > 0) {
    const entries = op.responseHeaders.map((h) =>
      objectLiteral([
        `element: ${tsLiteral(h.element)}`,
        `required: ${h.required}`,
        `decode: ${use(decoderName(h.record))}`,
      ]),
    );
    w.write(`responseHeaders: ${arrayLiteral(entries)},`);
    w.newLine();
  }
  w.writeLine(`decode: ${result.kind === 'void' ? '() => undefined' : use(resultDecoderName(op))},`);
  const status = result.kind === 'void' ? undefined : result.struct?.status;
  if (!status) {
    w.writeLine('check: undefined,');
    return;
  }
  const names =
    status.codeKind === 'int' && model.serviceErrors?.enum.numeric
      ? [`codeNames: ${use(`${model.serviceErrors.enum.name}ByNumber`)}`]
      : [];
  const message = status.messageField ? `'${status.messageField.name}'` : 'undefined';
  const check = [
    `codeField: ${tsLiteral(status.codeField.name)}`,
    `messageField: ${message}`,
    `success: ${tsLiteral(status.success)}`,
    ...names,
  ];
  w.write(`check: ${objectLiteral(check)},`);
  w.newLine();
}
