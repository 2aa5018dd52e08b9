/**
 * Emits mock/codec.ts: for each operation, how the mock reads its parameters (strictly, in SOAP and in an HTTP POST
 * form) and writes its result, as the runtime's MockOperation. Parameter records are read by the client's decoders;
 * result records by the mock's own writers, lenient where an answer may hold what a request must not. What several
 * operations share (a parameter defined once under `parameters`, the failure answer of one result type) is written
 * once, as a module constant.
 */
import { faultEntry, faultRecords } from './faults.js';
import type { CodeBlockWriter } from 'ts-morph';
import { arrayLiteral, arrow, call, objectLiteral } from '../expressions.js';
import { StructureKind, VariableDeclarationKind } from '../../print/kinds.js';
import type {
  EnumModel,
  OperationModel,
  ParameterModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../../model/types.js';
import { jsDoc } from '../../print/jsdoc.js';
import type { GeneratedFile, Printer, Statement } from '../../print/printer.js';
import { isReferenceType } from '../../model/reference-types.js';
import { tsLiteral } from '../ts-types.js';
import { requiredZeroMembers } from '../examples.js';
import { decoderName, readerOf, subtypesOf, textDecoder } from '../client/decoders.js';
import {
  lenientEncoderOf,
  WriterSet,
  heldUnqualified,
  recordWriterFunction,
  unqualifiedTypeNamespace,
  writerConstants,
  writerOf,
} from '../client/encoders.js';
import { localName, propertyKey } from '../../load/names.js';
import { VALUE_CODECS } from '../../model/codecs.js';
import { httpPostRootName, resultElementName } from '../../model/http-post-root.js';
import { withPattern } from '../patterns.js';

export const MOCK_CODEC_FILE = 'mock/codec.ts';

/** What the codec needs from the runtime and the client, collected while its statements are made. */
class Needs {
  readonly decode = new Set<string>();
  readonly values = new Set<string>();
  readonly mockValues = new Set<string>();
  readonly clientCodec = new Set<string>();
  readonly enums = new Set<EnumModel>();
  readonly auth = new Set<string>();
  /** The spec's shared parameters the operations use, each written once as a constant. */
  readonly sharedParams = new Set<ParameterModel>();
  /** The result types with an error code the operations answer, each with one function making a coded answer. */
  readonly errorResults = new Set<StructModel>();
  xmlReader = false;
  /** Type-only names of the runtime's mock/core.js. */
  readonly core = new Set<string>();
  readonly codes = new Set<string>();
  /** The client's table of the error codes' integers. */
  readonly byNumber = new Set<string>();
}

export function emitMockCodec(model: ServiceModel, printer: Printer): GeneratedFile {
  const needs = new Needs();
  const subtypes = subtypesOf([...model.records, ...model.results]);
  const held = heldUnqualified(model);
  const writers = new WriterSet(subtypes);
  const written = resultWriters(model, writers, needs);
  const operations = model.operations.map((op) => operationEntry(model, op, needs));
  // Made before the imports are listed: their readers are imports too.
  const shared = model.parameters
    .filter((p) => needs.sharedParams.has(p))
    .map((p) => sharedParamConstant(model, p, needs));
  // Lenient enum constants are plain strings: no enumEncoder, no list of values.
  writers.encode.delete('enumEncoder');
  const errorCodes = model.serviceErrors ? [errorCodesConstant(model, model.serviceErrors, needs)] : [];
  const errorResults = [...needs.errorResults].map((r) => errorResultFunction(r, needs));
  const operationsConstant: Statement = {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [jsDoc(`How the mock reads each operation's request and writes its result, in the spec's order.`)],
    declarations: [
      { name: 'operations', type: `readonly ${core(needs, 'MockOperation')}[]`, initializer: arrayLiteral(operations) },
    ],
  };
  return printer.typescript(MOCK_CODEC_FILE, [
    ...codecImports(needs, writers, written),
    ...writerConstants(written, true),
    ...written.records.map((r) => recordWriterFunction(r, subtypes.get(r), unqualifiedTypeNamespace(model, held, r))),
    ...shared,
    ...errorCodes,
    ...errorResults,
    operationsConstant,
  ]);
}

/** Records a type of the runtime's mock/core.js that the codec writes, and gives it back. */
function core(needs: Needs, name: string): string {
  needs.core.add(name);
  return name;
}

/** The writers of the results and response headers, with the lenient encoders an answer is written with. */
function resultWriters(model: ServiceModel, writers: WriterSet, needs: Needs): ReturnType<WriterSet['codec']> {
  for (const op of model.operations) {
    if (op.result.kind === 'value') writers.visit(op.result.type, true);
    if (op.result.kind === 'outputs') writers.visit({ kind: 'record', record: op.result.struct }, true);
    for (const h of op.responseHeaders) writers.visit({ kind: 'record', record: h.record }, true);
  }
  for (const record of faultRecords(model.operations)) writers.visit({ kind: 'record', record }, true);
  const written = writers.codec(model);
  // An attribute's value (and text content) is encoded by the strict encoder itself (no constant), so that one stays imported.
  const attributeTypes = new Set(
    written.records.flatMap((r) =>
      r.fields
        .filter((f) => (f.attribute || f.text) && f.type.kind === 'primitive')
        .map((f) => (f.type.kind === 'primitive' ? f.type.name : '')),
    ),
  );
  for (const t of written.textWriters) {
    const lenient = lenientEncoderOf(t);
    if (!lenient) continue;
    needs.mockValues.add(lenient);
    if (!attributeTypes.has(t)) writers.values.delete(VALUE_CODECS[t].encoderName);
  }
  if (written.enums.length > 0) needs.values.add('encodeString');
  return written;
}

/** The codec's imports: the names its statements recorded as they were made, each module's sorted. */
function codecImports(needs: Needs, writers: WriterSet, written: ReturnType<WriterSet['codec']>): Statement[] {
  const imports: Statement[] = [];
  const named = (moduleSpecifier: string, names: Iterable<string>, isTypeOnly = false): void => {
    const list = [...new Set(names)].sort();
    if (list.length > 0)
      imports.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier, namedImports: list, isTypeOnly });
  };
  named('../runtime/codec/decode.js', needs.decode);
  named('../runtime/codec/encode.js', writers.encode);
  named('../runtime/mock/values.js', needs.mockValues);
  named('../runtime/codec/values.js', [...writers.values, ...needs.values]);
  named('../runtime/mock/core.js', needs.core, true);
  named('../runtime/mock/codes.js', needs.codes);
  named('../client/types.js', needs.byNumber);
  named('../runtime/mock/auth.js', needs.auth);
  if (needs.xmlReader) named('../runtime/codec/xml-reader.js', ['XmlReader'], true);
  named('../client/codec.js', needs.clientCodec);
  named(
    '../client/types.js',
    [...needs.enums].map((e) => `${e.name}Values`),
  );
  named(
    '../client/types.js',
    written.records.map((r) => r.name),
    true,
  );
  return imports;
}

/** The MockOperation literal of one operation. */
function operationEntry(model: ServiceModel, op: OperationModel, needs: Needs): string {
  const r = op.result;
  const resultElement = resultElementName(op);
  const root = httpPostRootName(op);
  const lines: Array<readonly [string, string]> = [
    ['name', `'${op.name}'`],
    ['params', arrayLiteral(op.params.map((p) => paramEntry(model, op, p, needs)))],
    ['resultElement', `'${resultElement}'`],
  ];
  if (r.kind === 'void') lines.push(['result', "'void'"]);
  else if (r.kind === 'outputs') lines.push(['result', "'outputs'"]);
  else if (r.nullable) {
    lines.push(['result', "'nullable'"]);
    // A null value type is sent nil, as its schema (required, nillable) wants; a null reference is left out.
    if (!isReferenceType(r.type)) lines.push(['nilResult', 'true']);
  }
  lines.push(['httpPostRoot', root === undefined ? 'undefined' : tsLiteral(root)]);
  if (op.httpPostRoot.kind === 'any') lines.push(['httpPostNode', 'true']);
  if (!op.httpPost && model.bindings.includes('httpPost')) lines.push(['httpPost', 'false']);
  if (!op.httpGet && model.bindings.includes('httpGet')) lines.push(['httpGet', 'false']);
  if (op.soapAction !== undefined) lines.push(['soapAction', tsLiteral(op.soapAction)]);
  if (op.bare) lines.push(['bare', 'true']);
  if (op.namespace !== undefined) lines.push(['namespace', tsLiteral(op.namespace)]);
  const unqualified = op.params.filter((p) => p.form === 'unqualified').map((p) => tsLiteral(p.name));
  if (unqualified.length > 0) lines.push(['unqualifiedParams', arrayLiteral(unqualified)]);
  if (r.kind === 'value' && r.form === 'unqualified') lines.push(['unqualifiedResult', 'true']);
  const own = op.params
    .filter((p) => p.namespace !== undefined)
    .map((p): [string, string] => [propertyKey(p.name), tsLiteral(p.namespace!.uri)]);
  if (own.length > 0) lines.push(['paramNamespaces', objectLiteral(own)]);
  if (r.kind === 'value' && r.namespace !== undefined) lines.push(['resultNamespace', tsLiteral(r.namespace.uri)]);
  lines.push(...authEntries(model, op, needs));
  const struct = r.kind === 'value' && !r.nullable ? r.struct : undefined;
  if (struct?.status) {
    needs.errorResults.add(struct);
    lines.push(['errorResult', errorResultName(struct)]);
  }
  if (r.kind === 'void') {
    needs.mockValues.add('writeNothing');
    lines.push(['write', 'writeNothing']);
  } else {
    needs.mockValues.add('resultWriter');
    const type: TypeModel = r.kind === 'outputs' ? { kind: 'record', record: r.struct } : r.type;
    let writer: string = writerOf(type);
    // Beside out parameters, a null reference result is left out, as in <OpResponse> of an operation without them.
    if (
      r.kind === 'outputs' &&
      r.returned.kind === 'value' &&
      r.returned.nullable &&
      isReferenceType(r.returned.type)
    ) {
      needs.mockValues.add('nullLeftOut');
      writer = call('nullLeftOut', [`'${r.returned.element}'`, writer]);
    }
    lines.push(['write', call('resultWriter', [writer])]);
  }
  if (op.responseHeaders.length > 0) {
    needs.mockValues.add('resultWriter');
    const entries = op.responseHeaders.map((h) =>
      objectLiteral([
        ['element', tsLiteral(h.element)],
        ['required', `${h.required}`],
        ['write', call('resultWriter', [writerOf({ kind: 'record', record: h.record })])],
      ]),
    );
    lines.push(['responseHeaders', arrayLiteral(entries)]);
  }
  lines.push(...faultEntry(op, (helper) => needs.mockValues.add(helper)));
  return objectLiteral(lines);
}

/** How the mock checks an operation's credentials: its EAT value. */
function authEntries(model: ServiceModel, op: OperationModel, needs: Needs): Array<readonly [string, string]> {
  if (model.auth === undefined || !op.params.some((p) => p.role !== undefined) || op.eat.kind !== 'parameter')
    return [];
  needs.auth.add('eatValueOf');
  const value = call('eatValueOf', [`'${eatRule(op.eat.parameter.type)}'`, `p['${op.eat.parameter.name}']`]);
  return [['eat', arrow('(p)', value)]];
}

function errorResultName(struct: StructModel): string {
  return `failed${struct.name}`;
}

/**
 * A result type's answer carrying an error code (in the type's own kind) and message, the other required members at
 * .NET's defaults: what failed credentials and injected codes are answered with. Exported for simulators.
 */
function errorResultFunction(struct: StructModel, needs: Needs): Statement {
  const status = struct.status!;
  const zeros = requiredZeroMembers(
    struct,
    new Set([status.codeField, ...(status.messageField ? [status.messageField] : [])]),
  );
  const answer = (code: string) =>
    objectLiteral([
      ...zeros,
      [status.codeField.name, code],
      ...(status.messageField ? [[status.messageField.name, 'message'] as const] : []),
    ]);
  const returned =
    status.codeKind === 'enum'
      ? (w: CodeBlockWriter) => w.writeLine(`return ${answer('code.value')};`)
      : (w: CodeBlockWriter) => {
          w.writeLine('// An int result cannot carry a code whose integer is not known.');
          w.writeLine(`return code.number === undefined ? undefined : ${answer('code.number')};`);
        };
  return {
    kind: StructureKind.Function,
    name: errorResultName(struct),
    isExported: true,
    parameters: [
      { name: 'code', type: core(needs, 'MockErrorCode') },
      { name: 'message', type: 'string' },
    ],
    returnType: status.codeKind === 'enum' ? struct.name : `${struct.name} | undefined`,
    docs: [
      jsDoc(`A result of type ${struct.name} carrying an error code and message; the other members at their defaults.`),
    ],
    statements: returned,
  };
}

/** How the EAT value of a parameter of type `t` is made from its decoded value. */
function eatRule(t: TypeModel): string {
  if (t.kind !== 'primitive') return 'text';
  switch (t.name) {
    case 'double':
    case 'float':
      return 'double';
    case 'decimal':
      return 'decimal';
    case 'dateTime':
      return 'dateTime';
    case 'base64Binary':
      return 'base64';
    case 'int':
    case 'short':
    case 'byte':
    case 'unsignedByte':
    case 'unsignedShort':
    case 'unsignedInt':
    case 'boolean':
      return 'number';
    default:
      return 'text';
  }
}

/** The service's error codes: the known integers, and what credential failures are answered with. */
function errorCodesConstant(
  model: ServiceModel,
  errors: NonNullable<ServiceModel['serviceErrors']>,
  needs: Needs,
): Statement {
  const failures = model.auth?.failures;
  // The known integers are the client's table (types.ts), not written again here.
  const byNumber = `${errors.enum.name}ByNumber`;
  if (errors.enum.numeric) needs.byNumber.add(byNumber);
  const known = errors.enum.numeric ? `[...${byNumber}]` : '[]';
  needs.codes.add('MockErrorCodes');
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      jsDoc(
        `The ${errors.enum.name} codes in both kinds: the integers known for (I) results${failures ? ", and the codes failed credentials are answered with (the spec's auth.failures)" : ''}.`,
      ),
    ],
    declarations: [
      {
        name: 'errorCodes',
        initializer: (w) => {
          const members = failures
            ? Object.entries(failures.codes).map(([kind, code]) => `${kind}: ${tsLiteral(code.value)}`)
            : [];
          const args = [
            known,
            `${failures?.unknownNumber ?? 'undefined'}`,
            ...(failures ? [objectLiteral(members, true)] : []),
          ];
          w.write(call('new MockErrorCodes', args));
        },
      },
    ],
  };
}

/** A parameter defined once under `parameters`, as the constant every operation that has it refers to. */
function sharedParamConstant(model: ServiceModel, p: ParameterModel, needs: Needs): Statement {
  const literal = paramLiteral(p, model.bindings.includes('httpPost') || model.bindings.includes('httpGet'), needs);
  return {
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    docs: [jsDoc(`How the mock reads the \`${p.name}\` parameter, in every operation that has it.`)],
    declarations: [
      {
        name: sharedParamName(p),
        type: core(needs, 'MockParam'),
        initializer: literal,
      },
    ],
  };
}

function sharedParamName(p: ParameterModel): string {
  return `${localName(p.name)}Param`;
}

/** One parameter of an operation: the shared constant, or the literal of a parameter of its own. */
function paramEntry(model: ServiceModel, op: OperationModel, p: ParameterModel, needs: Needs): string {
  if (model.parameters.includes(p)) {
    needs.sharedParams.add(p);
    return sharedParamName(p);
  }
  return paramLiteral(p, op.httpPost || op.httpGet, needs);
}

/**
 * The MockParam literal of one parameter: its strict reader, and its form reader where HTTP POST or GET carries it (a
 * shared one has it whenever the service has the binding: the form reader of an operation without it is never used).
 */
function paramLiteral(p: ParameterModel, form: boolean, needs: Needs): string {
  // A parameter with a default is always on the wire (the real schema requires it; the client always sends it).
  // A list without a container is read an item an element: none is the empty list, an item nil where items may be.
  const repeated = p.type.kind === 'list' && !p.type.container ? p.type : undefined;
  const required = !repeated && (!p.optional || p.default !== undefined);
  const parts: Array<readonly [string, string]> = [
    ['name', `'${p.name}'`],
    ['required', `${required}`],
    ['nillable', `${repeated ? repeated.nillableItems : p.nillable}`],
    ['read', withPattern('patternReader', strictReader(repeated ? repeated.item : p.type, needs), p.pattern)],
  ];
  const formRead = form ? formReader(p.type, needs) : 'undefined';
  parts.push(['form', formRead === 'undefined' ? formRead : withPattern('patternForm', formRead, p.pattern)]);
  if (p.pattern) ['patternReader', 'patternForm'].forEach((n) => needs.mockValues.add(n));
  if (p.type.kind === 'choice')
    parts.push(['alternatives', arrayLiteral(p.type.alternatives.map((a) => `'${a.name}'`))]);
  if (repeated) parts.push(['repeated', 'true']);
  parts.push(...repeatedParamParts(p));
  if (p.role) parts.push(['role', `'${p.role}'`]);
  return objectLiteral(parts);
}

/** The MockParam members of a list parameter: optional when repeated, and its bounds when it has any. */
function repeatedParamParts(p: ParameterModel): Array<readonly [string, string]> {
  const t = p.type;
  if (t.kind !== 'list') return [];
  const parts: Array<readonly [string, string]> = [];
  if (!t.container && p.optional) parts.push(['optional', 'true']);
  if ((t.minItems ?? 0) > 0 || t.maxItems !== undefined)
    parts.push(['bounds', arrayLiteral([String(t.minItems ?? 0), String(t.maxItems ?? 'Infinity')])]);
  return parts;
}

/** Reads a parameter element: enums strictly (a value the schema lacks is refused, as ASMX does). */
function strictReader(t: TypeModel, needs: Needs): string {
  if (t.kind === 'enum') {
    needs.mockValues.add('enumReader');
    needs.enums.add(t.enum);
    return call('enumReader', enumArguments(t.enum));
  }
  if (t.kind === 'choice') {
    needs.decode.add('choiceReader');
    return call('choiceReader', [
      objectLiteral(t.alternatives.map((a) => [a.name, strictReader(a.type, needs)] as const)),
    ]);
  }
  if (t.kind === 'list') {
    needs.xmlReader = true;
    needs.decode.add(t.nillableItems ? 'readNillableList' : 'readList');
    const args = ['r', strictReader(t.item, needs), ...(t.namespace ? [tsLiteral(t.namespace.uri)] : [])];
    return arrow('(r: XmlReader)', call(t.nillableItems ? 'readNillableList' : 'readList', args));
  }
  if (t.kind === 'record') {
    needs.clientCodec.add(decoderName(t.record));
    return decoderName(t.record);
  }
  const reader = readerOf(t);
  needs.decode.add(reader);
  return reader;
}

/** Reads a parameter's HTTP POST fields: one value, or the field repeated for a list; undefined where a form cannot. */
function formReader(t: TypeModel, needs: Needs): string {
  const one = (x: TypeModel): string | undefined => {
    if (x.kind === 'enum') {
      needs.mockValues.add('enumDecoder');
      needs.enums.add(x.enum);
      return call('enumDecoder', enumArguments(x.enum));
    }
    if (x.kind !== 'primitive' || x.name === 'xml') return undefined;
    const decode = textDecoder(x);
    if (decode === 'decodeText') needs.decode.add(decode);
    else needs.values.add(decode);
    return decode;
  };
  if (t.kind === 'list') {
    const item = t.item.kind === 'list' ? undefined : one(t.item);
    if (item === undefined) return 'undefined';
    needs.mockValues.add('formValues');
    return call('formValues', [item]);
  }
  const decode = one(t);
  if (decode === undefined) return 'undefined';
  needs.mockValues.add('formValue');
  return call('formValue', [decode]);
}

/** The arguments of the mock's strict enum reader: its name, its values, and `'token'` where whitespace collapses. */
function enumArguments(e: EnumModel): string[] {
  return [`'${e.name}'`, `${e.name}Values`, ...(e.base === 'token' ? ["'token'"] : [])];
}
