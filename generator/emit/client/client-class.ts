/**
 * Emits client/client.ts: the client class, one async method per operation over the runtime's ClientCore, the
 * options type (the principal option is named after the spec's principal parameter) and the poll methods.
 */
import { titleAndVersion } from '../../model/text.js';
import type { CodeBlockWriter } from 'ts-morph';
import { StructureKind } from '../../print/kinds.js';
import type { OperationModel, ParameterModel, PollModel, ServiceModel } from '../../model/types.js';
import { decisionRemark, jsDoc } from '../../print/jsdoc.js';
import { arrayLiteral, call, objectLiteral } from '../expressions.js';
import type { GeneratedFile, Printer, Statement } from '../../print/printer.js';
import { paramType, paramsTypeName, resultType, tsLiteral } from '../ts-types.js';
import { responseHeadersTypeName } from '../types.js';
import { encoderName } from './encoders.js';
import { faultStatements } from './faults.js';
import { parameterName, propertyKey } from '../../load/names.js';
import { ImportSet } from '../../print/imports.js';
import { clientImportTable, useResultTypes, type Use } from './client-imports.js';
import { optionsInterface, optionsTypeName, orList } from './client-options.js';
import { writeConstructor } from './client-constructor.js';
import { bindingsStatement } from './operation-bindings.js';

/** The options type's name, from its own module; kept here for the modules that import it from the client class. */
export { optionsTypeName } from './client-options.js';

export const CLIENT_FILE = 'client/client.ts';

function principalOf(model: ServiceModel): ParameterModel | undefined {
  return model.parameters.find((p) => p.role === 'principal');
}

export function emitClientClass(model: ServiceModel, printer: Printer): GeneratedFile {
  const principal = principalOf(model)?.name;
  const imports = new ImportSet(clientImportTable(model));
  const use: Use = (name) => imports.use(name);
  return printer.typescript(
    CLIENT_FILE,
    [
      ...(model.auth !== undefined && principal ? [signInput(principal)] : []),
      styleType(model),
      optionsInterface(model, principal, use),
      ...serviceErrorsInterface(model, use),
      ...faultStatements(model, use),
      bindingsStatement(model, use),
      clientClass(model, principal, use),
    ],
    { imports },
  );
}

function signInput(principal: string): Statement {
  return {
    kind: StructureKind.Interface,
    name: 'SignInput',
    isExported: true,
    docs: ['What a custom `sign` function receives. `message` is the string the default HMAC signs.'],
    properties: [
      { name: 'operation', type: 'string', docs: ['The operation name, e.g. as on the wire.'] },
      { name: propertyKey(principal), type: 'string', docs: ['The principal credential, as sent.'] },
      { name: 'timestamp', type: 'string', docs: ['The timestamp as sent (whole Unix seconds).'] },
      {
        name: 'eatValue',
        type: 'string',
        docs: ["The operation's EAT value ('' when its marker is none, null or not marked)."],
      },
      { name: 'message', type: 'string', docs: [`${principal} + timestamp + eatValue.`] },
    ],
  };
}

/** The styles of this service's client: its bindings only, so that a style it does not offer is a type error. */
function styleType(model: ServiceModel): Statement {
  return {
    kind: StructureKind.TypeAlias,
    name: 'Style',
    isExported: true,
    docs: [`A binding of the service, the client's \`style\`: ${orList(model.bindings.map((b) => `'${b}'`))}.`],
    type: model.bindings.map(tsLiteral).join(' | '),
  };
}

/**
 * What the client does about retries, true of this service: where an operation submits work, why none is retried;
 * else that a failed call is the caller's to repeat.
 */
function retryNote(model: ServiceModel): string {
  return model.operations.some((o) => o.submitsPayments)
    ? 'Calls are never retried: operations that submit work are not idempotent.'
    : 'Calls are never retried by the client: a call that fails rejects, and the caller decides whether to call again.';
}

function clientClass(model: ServiceModel, principal: string | undefined, use: Use): Statement {
  return {
    kind: StructureKind.Class,
    name: model.clientName,
    isExported: true,
    docs: [jsDoc(`Client of ${titleAndVersion(model)}.`, model.doc, retryNote(model))],
    properties: [{ name: '#core', isReadonly: true, type: use('ClientCore') }],
    ctors: [
      {
        parameters: [{ name: 'options', type: optionsTypeName(model) }],
        statements: (w) => writeConstructor(w, model, principal, use),
      },
    ],
    methods: [
      ...serviceErrorGuard(model, use),
      ...model.operations.flatMap((op) => [
        operationMethod(model, op, use),
        ...(op.responseHeaders.length > 0 ? [withHeadersMethod(model, op, use)] : []),
      ]),
      ...model.polls.map((p) => pollMethod(model, p, use)),
    ],
  };
}

/** The operations whose result carries an error code (those that can throw SvcServiceError), with that result's type. */
export function checkedOperations(model: ServiceModel): Array<{ op: OperationModel; result: string }> {
  return model.operations.flatMap((op) => {
    const struct = op.result.kind === 'void' ? undefined : op.result.struct;
    return struct?.status ? [{ op, result: struct.name }] : [];
  });
}

/** `<Client>ServiceErrors`: the result each operation's SvcServiceError carries, by the operation's wire name. */
export function serviceErrorsTypeName(model: ServiceModel): string {
  return `${model.clientName}ServiceErrors`;
}

function serviceErrorsInterface(model: ServiceModel, use: Use): Statement[] {
  const checked = checkedOperations(model);
  if (checked.length === 0) return [];
  return [
    {
      kind: StructureKind.Interface,
      name: serviceErrorsTypeName(model),
      isExported: true,
      docs: [
        jsDoc(
          `The result that the SvcServiceError of each operation carries, by the operation's name as \`error.operation\` gives it; {@link ${model.clientName}.isServiceError} narrows a caught error with it.`,
        ),
      ],
      properties: checked.map(({ op, result }) => ({
        name: propertyKey(op.name),
        type: use(result),
        isReadonly: true,
      })),
    },
  ];
}

/** The static type guard that tells an operation's SvcServiceError apart and types its `result`. */
function serviceErrorGuard(model: ServiceModel, use: Use) {
  const checked = checkedOperations(model);
  const first = checked[0];
  if (!first) return [];
  const map = serviceErrorsTypeName(model);
  return [
    {
      name: 'isServiceError',
      isStatic: true,
      typeParameters: [{ name: 'O', constraint: `keyof ${map}` }],
      parameters: [
        { name: 'error', type: 'unknown' },
        { name: 'operation', type: 'O' },
      ],
      returnType: `error is ${use('SvcServiceError')}<${map}[O]>`,
      docs: [
        jsDoc(
          `True when \`error\` is the SvcServiceError of \`operation\` (its name on the wire, e.g. \`'${first.op.name}'\`, as \`error.operation\` gives it); \`error.result\` then has that operation's result type (${first.result} for ${first.op.name}).`,
        ),
      ],
      statements: [`return error instanceof ${use('SvcServiceError')} && error.operation === operation;`],
    },
  ];
}

/** The `@throws` line of a method whose result carries an error code. */
function throwsServiceError(model: ServiceModel, op: OperationModel, what = 'the result'): string | undefined {
  const checked = checkedOperations(model).find((c) => c.op === op);
  const status = op.result.kind === 'void' ? undefined : op.result.struct?.status;
  if (!checked || !status) return undefined;
  return `@throws {SvcServiceError<${checked.result}>} when ${what}'s ${status.codeField.name} is not ${String(status.success)} (unless throwOnServiceError is false); \`${model.clientName}.isServiceError(error, '${op.name}')\` tells it apart.`;
}

function operationMethod(model: ServiceModel, op: OperationModel, use: Use) {
  const optionalParams = op.inputParams.every((p) => p.optional);
  const post = op.httpPostRoot;
  const root = {
    shown: () => `HTTP POST root: \`${post.kind === 'shown' ? post.name : ''}\`.`,
    convention: () => `HTTP POST root: \`${post.kind === 'convention' ? post.name : ''}\`.`,
    notShown: () =>
      `HTTP POST root: not shown (any root is accepted; \`${post.kind === 'notShown' ? post.assumed : ''}\` assumed).`,
    any: () => 'HTTP POST: the XML content is the answer, its root of any name and namespace; returned whole, as sent.',
    empty: () => 'HTTP POST: an empty body.',
    unbound: () => 'No HTTP POST binding.',
  }[post.kind]();
  const r = op.result;
  const soapResult =
    r.kind === 'void'
      ? `returns nothing (\`<${op.name}Response/>\`)`
      : r.kind === 'outputs'
        ? `returns the children of \`<${op.name}Response>\` (${r.struct.fields.map((f) => `\`${f.name}\``).join(', ')}) as one ${r.struct.name}`
        : `SOAP result \`<${r.element}>\`${r.nullable ? ', null when the service leaves it out or sends it nil' : ''}`;
  return {
    name: op.methodName,
    isAsync: true,
    parameters: [
      { name: 'params', type: use(paramsTypeName(op.tsName)), ...(optionalParams ? { initializer: '{}' } : {}) },
      { name: 'opts', type: use('CallOptions'), initializer: '{}' },
    ],
    returnType: `Promise<${resultTypeUsed(op, use)}>`,
    docs: [
      jsDoc(
        op.doc,
        `${op.name}: ${soapResult}; ${root}`,
        op.submitsPayments
          ? 'Submits work: never retried by the client. If the outcome is unknown (timeout, transport error), check before calling again.'
          : undefined,
        throwsServiceError(model, op),
      ),
    ],
    statements: (w: CodeBlockWriter) =>
      w.write(
        `return ${call('this.#core.call', [`bindings.${op.tsName}`, `${use(encoderName(op))}(params)`, 'opts'])};`,
      ),
  };
}

/** The call that returns the SOAP headers of the answer beside the result: `<method>WithHeaders`. */
function withHeadersMethod(model: ServiceModel, op: OperationModel, use: Use) {
  const plain = operationMethod(model, op, use);
  const result = resultTypeUsed(op, use);
  const type = use(responseHeadersTypeName(op));
  const required = op.responseHeaders.filter((h) => h.required).map((h) => `\`<${h.element}>\``);
  return {
    name: `${op.methodName}WithHeaders`,
    isAsync: true,
    parameters: plain.parameters,
    returnType: `Promise<${use('WithHeaders')}<${result}, ${type}>>`,
    docs: [
      jsDoc(
        `Calls ${op.name} as {@link ${op.methodName}} does and resolves with its result and the SOAP headers the answer carried (${op.responseHeaders.map((h) => `\`<${h.element}>\``).join(', ')}), decoded: \`{ result, headers }\`. HTTP POST and GET answers carry none: \`headers\` is then \`{}\`.`,
        required.length > 0
          ? `A SOAP answer without ${required.join(', ')} is refused with SvcDecodeError, by both calls.`
          : undefined,
      ),
    ],
    statements: (w: CodeBlockWriter) =>
      w.write(
        `return ${call(`this.#core.callWithHeaders<${result}, ${type}>`, [`bindings.${op.tsName}`, `${use(encoderName(op))}(params)`, 'opts'])};`,
      ),
  };
}

function pollMethod(model: ServiceModel, poll: PollModel, use: Use) {
  const id = poll.idParameter;
  const list = (values: readonly string[]) => arrayLiteral(values.map(tsLiteral));
  const failures =
    poll.failureCodes.length > 0
      ? `A non-success code while the status is not final is a warning and polling goes on, except ${poll.failureCodes.join(', ')}, which end the wait with SvcServiceError (or the result, when throwOnServiceError is false).`
      : 'A non-success code while the status is not final is a warning: polling goes on.';
  return {
    name: poll.method,
    isAsync: true,
    parameters: [
      { name: parameterName(id.name), type: paramType(id) },
      { name: 'opts', type: use('PollOptions'), initializer: '{}' },
    ],
    returnType: `Promise<${use(poll.result.name)}>`,
    docs: [
      jsDoc(
        poll.doc,
        `Resolves with the first result whose ${poll.statusField.name} is ${poll.finalValues.join(', ')}, whatever its code. ${failures}`,
        "Waits intervalMs (default 1000 ms), growing by half each time up to 30 s; rejects with SvcTimeoutError after timeoutMs, and with the signal's reason when aborted.",
        decisionRemark(poll.decision),
        poll.failureCodes.length > 0
          ? throwsServiceError(model, poll.operation, 'a failure code ends the wait: the result')
          : undefined,
      ),
    ],
    statements: (w: CodeBlockWriter) => {
      const settings = objectLiteral([
        `statusField: ${tsLiteral(poll.statusField.name)}`,
        ['finalValues', list(poll.finalValues)],
        ['failureCodes', list(poll.failureCodes)],
      ]);
      const encoded = call(use(encoderName(poll.operation)), [
        objectLiteral([
          parameterName(id.name) === id.name ? id.name : `${propertyKey(id.name)}: ${parameterName(id.name)}`,
        ]),
      ]);
      w.write(
        `return ${call('this.#core.poll', [tsLiteral(poll.method), `bindings.${poll.operation.tsName}`, encoded, settings, 'opts'])};`,
      );
    },
  };
}

/** An operation's result type, its named types recorded as imports. */
function resultTypeUsed(op: OperationModel, use: Use): string {
  useResultTypes(use, op.result);
  return resultType(op.result);
}
