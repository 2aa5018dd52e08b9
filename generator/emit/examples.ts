/**
 * Example values of the model's types, as TypeScript expressions: what a generated mock answers for an operation
 * nobody implemented (so that every spec gets a mock that answers every call with a value of the right shape), and
 * the arguments of the docs' calls and of the generated README's first call. They are deterministic, and a result's
 * error code field holds the success code, so the example is a success. Every example is also a value the client
 * accepts as input. A parameter or field shows the spec's `example` when it has one, else a value that its name and
 * type make plausible (NAMED), else its type's (PRIMITIVES).
 */
import type {
  FieldModel,
  HttpPostRootModel,
  ListType,
  ParameterModel,
  PrimitiveName,
  ResultModel,
  SequenceMember,
  StructModel,
  TypeModel,
} from '../model/types.js';
import { propertyKey } from '../load/names.js';
import { leastAlternative, leastConcrete, recordDepth } from '../model/least-values.js';
import { tsString } from '../print/ts-string.js';
import { tsLiteral } from './ts-types.js';

/**
 * An example value: an expression written as is (a literal, a `new Date(...)`), or an object or array literal of
 * examples, which {@link exprText} writes on one line (the formatter pass lays it out).
 */
type Expr = string | { readonly object: ReadonlyArray<readonly [string, Expr]> } | { readonly array: readonly Expr[] };

function exprText(e: Expr): string {
  if (typeof e === 'string') return e;
  if ('array' in e) return `[${e.array.map(exprText).join(', ')}]`;
  return e.object.length === 0
    ? '{}'
    : `{ ${e.object.map(([k, v]) => `${propertyKey(k)}: ${exprText(v)}`).join(', ')} }`;
}

const PRIMITIVES: Readonly<Record<PrimitiveName, string>> = {
  string: "'text'",
  int: '1',
  long: "'9007199254740993'",
  double: '1.5',
  boolean: 'true',
  dateTime: "new Date('2026-01-01T12:00:00.000Z')",
  decimal: "'1.50'",
  float: '1.5',
  short: '1',
  byte: '1',
  unsignedByte: '1',
  unsignedShort: '1',
  unsignedInt: '1',
  unsignedLong: "'18446744073709551615'",
  base64Binary: 'new Uint8Array([1, 2, 3])',
  guid: "'00000000-0000-0000-0000-000000000001'",
  char: "'A'",
  date: "'2026-01-01'",
  time: "'12:00:00'",
  duration: "'PT1H'",
  integer: "'1'",
  nonNegativeInteger: "'1'",
  positiveInteger: "'1'",
  NMTOKEN: "'text'",
  Name: "'text'",
  NCName: "'text'",
  language: "'en'",
  token: "'text'",
  anyURI: "'https://example.org/'",
  xml: "'<example/>'",
};

/**
 * Values that a member's name makes plausible, tried in order, for the types each lists: generic words of any
 * service, never one interface's. Unix seconds are those of the date shown (2026-01-01).
 */
const NAMED: ReadonlyArray<{ readonly name: RegExp; readonly values: Partial<Record<PrimitiveName, string>> }> = [
  { name: /(?:^f|F)ile(?:Name)?$/, values: { string: "'example-2026-01-01.xml'" } },
  {
    name: /(?:^a|A)mount$|(?:^b|B)alance$|(?:^p|P)rice$/,
    values: { double: '125.5', float: '125.5', decimal: "'125.50'", string: "'125.50'" },
  },
  { name: /(?:^c|C)urrency(?:Code)?$/, values: { string: "'EUR'" } },
  { name: /(?:^e|E)-?[Mm]ail(?:Address)?$/, values: { string: "'someone@example.com'" } },
  {
    name: /(?:^id|^ID|[a-z0-9_]I[dD]|(?:^g|G)uid|GUID|(?:^u|U)uid|UUID)$/,
    values: { string: "'3f2504e0-4f89-41d3-9a0c-0305e82c3301'" },
  },
  { name: /(?:^d|D)ate$/, values: { string: "'2026-01-01'" } },
  // The end of a range comes after its start (a name starting with end, to or until), a month later.
  {
    name: /^(?:end|to|until)(?:[A-Z]|$)/,
    values: {
      dateTime: "new Date('2026-01-31T12:00:00.000Z')",
      double: '1769817600',
      long: "'1769817600'",
      int: '1769817600',
    },
  },
  {
    name: /(?:^t|T)ime[Ss]tamp$|(?:^s|S)ince(?:Date|Time)?$/,
    values: { double: '1767225600', long: "'1767225600'", int: '1767225600' },
  },
];

/** The example of a member of type `t` named `name`: the spec's, else one its name suggests, else its type's. */
function named(name: string, example: string | undefined, t: TypeModel, depth: number, dataSet: Expr): Expr {
  if (example !== undefined && (t.kind === 'primitive' || t.kind === 'enum'))
    return fromText(example, t.kind === 'enum' ? 'string' : t.name);
  if (t.kind === 'primitive') {
    for (const rule of NAMED) {
      const value = rule.name.test(name) ? rule.values[t.name] : undefined;
      if (value !== undefined) return value;
    }
  }
  return exampleExpr(t, depth, dataSet);
}

/** A spec example (the text the client sends) as the TypeScript value that the client sends it for. */
function fromText(text: string, type: PrimitiveName): string {
  switch (type) {
    case 'int':
    case 'short':
    case 'byte':
    case 'unsignedByte':
    case 'unsignedShort':
    case 'unsignedInt':
    case 'double':
    case 'float':
    case 'boolean':
      return text;
    case 'dateTime':
      return `new Date(${tsString(text)})`;
    case 'base64Binary':
      return `new Uint8Array([${[...Buffer.from(text, 'base64')].join(', ')}])`;
    case 'char':
      return tsString(String.fromCharCode(Number(text)));
    default:
      return tsString(text);
  }
}

/**
 * A field's fixed value (xs:fixed) as the TypeScript value the client sends it for; undefined for a field without one.
 */
export function fixedValue(f: FieldModel): string | undefined {
  if (f.fixed === undefined || (f.type.kind !== 'primitive' && f.type.kind !== 'enum')) return undefined;
  return fromText(f.fixed, f.type.kind === 'enum' ? 'string' : f.type.name);
}

/** The example argument of a parameter the caller passes. */
export function exampleParam(p: ParameterModel): string {
  return exprText(named(p.name, p.example ?? p.pattern?.sample, p.type, 0, tsLiteral(DATA_SET)));
}

/** How deep records and lists are filled before they are left empty (recursive types end there). */
const MAX_DEPTH = 3;

export function exampleValue(t: TypeModel, depth = 0): string {
  return exprText(exampleExpr(t, depth, tsLiteral(DATA_SET)));
}

/**
 * {@link exampleValue}, where a DataSet in it is `dataSet` (an expression naming the empty
 * DataSet, which is too wide to stand in a line of code; by default the literal).
 */
export function exampleValueText(t: TypeModel, dataSet: string = tsLiteral(DATA_SET)): string {
  return exprText(exampleExpr(t, 0, dataSet));
}

function exampleExpr(t: TypeModel, depth: number, dataSet: Expr): Expr {
  switch (t.kind) {
    case 'primitive':
      return t.dataSet ? dataSet : PRIMITIVES[t.name];
    case 'enum':
      return tsLiteral(t.enum.values[0]!);
    case 'list':
      return listExample(t, depth, dataSet);
    case 'record':
      return exampleRecord(t.record, depth, dataSet);
    case 'choice': {
      // The first alternative, as a caller picks one; past MAX_DEPTH the least one, so that a recursive choice ends.
      const first = depth >= MAX_DEPTH ? leastAlternative(t) : t.alternatives[0]!;
      if (first.sequence) return { object: [[first.name, sequenceExample(first.sequence, depth, dataSet)]] };
      return { object: [[first.name, exampleExpr(first.type, depth, dataSet)]] };
    }
  }
}

/** A sequence alternative's example: its elements as a record's fields (past MAX_DEPTH the required ones only). */
function sequenceExample(members: readonly SequenceMember[], depth: number, dataSet: Expr): Expr {
  const shown = members.filter((m) => depth < MAX_DEPTH || !m.optional);
  return { object: shown.map((m) => [m.name, exampleExpr(m.type, depth + 1, dataSet)] as const) };
}

/** A sequence alternative's zero value: its required elements at theirs. */
function sequenceZero(members: readonly SequenceMember[]): Expr {
  return { object: members.filter((m) => !m.optional).map((m) => [m.name, zeroExpr(m.type)] as const) };
}

/**
 * A list's example: one item, or as many as its minItems asks (a schema's `minOccurs="5"`); past {@link MAX_DEPTH}
 * only those it must have, so that a deep value is still one the schema takes.
 */
function listExample(t: ListType, depth: number, dataSet: Expr): Expr {
  const count = depth >= MAX_DEPTH ? (t.minItems ?? 0) : Math.max(1, t.minItems ?? 0);
  return count === 0 ? '[]' : { array: Array.from({ length: count }, () => exampleExpr(t.item, depth + 1, dataSet)) };
}

function exampleRecord(s: StructModel, depth: number, dataSet: Expr): Expr {
  // No value is of an abstract type itself: the example is of the first record extending it; past MAX_DEPTH of the one
  // whose least value is the shallowest, as that first one may require a member of the abstract type again.
  const concrete = depth >= MAX_DEPTH ? leastConcrete(s) : s.abstract?.concrete[0];
  if (concrete !== undefined) return exampleRecord(concrete, depth, dataSet);
  // A record every value of which holds itself has no example a schema takes: past MAX_DEPTH it ends empty.
  if (depth >= MAX_DEPTH && recordDepth(s) === Infinity) return { object: [] };
  // A field of a sequence that is one alternative of a choice (onlyWith) only beside that alternative, the example's
  // choice holding the first.
  const beside = (f: FieldModel) =>
    f.onlyWith === undefined ||
    (f.onlyWith.choice.type.kind === 'choice' &&
      f.onlyWith.choice.type.alternatives[0]!.name === f.onlyWith.alternative);
  const fields = s.fields.filter((f) => (depth < MAX_DEPTH || !f.optional) && beside(f));
  return { object: fields.map((f) => [f.name, exampleField(s, f, depth, dataSet)] as const) };
}

function exampleField(s: StructModel, f: FieldModel, depth: number, dataSet: Expr): Expr {
  const fixed = fixedValue(f);
  if (fixed !== undefined) return fixed;
  const status = s.status;
  if (status && f === status.codeField) return tsLiteral(status.success);
  if (status && f === status.messageField) return "'OK'";
  if (depth >= MAX_DEPTH && f.type.kind === 'list') return listExample(f.type, depth, dataSet);
  // A value with a pattern shows the pattern's sample where the spec gives no example: a picked one may not match it.
  return named(f.name, f.example ?? f.pattern?.sample, f.type, depth + 1, dataSet);
}

/**
 * An empty .NET DataSet as ASMX writes it inside `<OpResult>` (or `<DataSet>` over HTTP POST), or inside a field: its
 * schema, then its data. A WSDL declares that content as `<s:element ref="s:schema"/><s:any/>`, so an answer without
 * the schema element first (such as the plain `xml` example) is one no DataSet reader takes, and one the WSDL's
 * schema refuses.
 */
const DATA_SET =
  '<xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">' +
  '<xs:element name="NewDataSet" msdata:IsDataSet="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded" /></xs:complexType></xs:element>' +
  '</xs:schema><diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1" />';

/**
 * Whether an operation's result is a DataSet given as `xml` content whose HTTP POST root is `<DataSet>` (a `dataSet`
 * result is one by its type).
 */
function isDataSet(result: ResultModel, root: HttpPostRootModel | undefined): boolean {
  const named = root !== undefined && (root.kind === 'shown' || root.kind === 'convention') && root.name === 'DataSet';
  return named && result.kind === 'value' && result.type.kind === 'primitive' && result.type.name === 'xml';
}

/** The example answer of an operation (`httpPostRoot` tells a DataSet from other XML): `undefined` for a void one. */
export function exampleResult(result: ResultModel, httpPostRoot?: HttpPostRootModel): string {
  return exprText(exampleResultExpr(result, httpPostRoot, tsLiteral(DATA_SET)));
}

/** {@link exampleResult}, where a DataSet is `dataSet` (see {@link exampleValueText}). */
export function exampleResultText(
  result: ResultModel,
  httpPostRoot?: HttpPostRootModel,
  dataSet: string = tsLiteral(DATA_SET),
): string {
  return exprText(exampleResultExpr(result, httpPostRoot, dataSet));
}

function exampleResultExpr(result: ResultModel, httpPostRoot: HttpPostRootModel | undefined, dataSet: Expr): Expr {
  switch (result.kind) {
    case 'void':
      return 'undefined';
    case 'value':
      return isDataSet(result, httpPostRoot) ? dataSet : exampleExpr(result.type, 0, dataSet);
    case 'outputs':
      return exampleRecord(result.struct, 0, dataSet);
  }
}

/** What stands for a DataSet where {@link examplesHoldDataSet} looks for one: no example's text holds a raw NUL. */
const DATA_SET_MARK = '\u0000';

/** Whether the example answer of an operation, or the example of one of `types` (its answer headers), holds a DataSet. */
export function examplesHoldDataSet(
  result: ResultModel,
  httpPostRoot: HttpPostRootModel | undefined,
  types: readonly TypeModel[],
): boolean {
  const texts = [
    exprText(exampleResultExpr(result, httpPostRoot, DATA_SET_MARK)),
    ...types.map((t) => exprText(exampleExpr(t, 0, DATA_SET_MARK))),
  ];
  return texts.some((text) => text.includes(DATA_SET_MARK));
}

/** The empty DataSet of the examples as a template literal (its text has no backtick, backslash or `${`). */
export function emptyDataSetTemplate(): string {
  return `\`${DATA_SET}\``;
}

/**
 * What .NET writes for a member nobody set: 0, false, DateTime.MinValue, the first enum value, a record's own
 * required members. Used where the mock answers with a result it did not compute (failed credentials).
 */
export function zeroValue(t: TypeModel): string {
  return exprText(zeroExpr(t));
}

function zeroExpr(t: TypeModel): Expr {
  switch (t.kind) {
    case 'primitive':
      return ZEROS[t.name];
    case 'enum':
      return tsLiteral(t.enum.values[0]!);
    case 'list':
      // The fewest items the list may have (none, unless its schema asks for some).
      return { array: Array.from({ length: t.minItems ?? 0 }, () => zeroExpr(t.item)) };
    case 'record': {
      // Of an abstract record, the concrete one with the shallowest zero value (the first may require the abstract
      // one again); a record every value of which holds itself has no zero value and is left empty.
      const record = leastConcrete(t.record) ?? t.record;
      return { object: recordDepth(record) === Infinity ? [] : zeroMembers(record, new Set()) };
    }
    case 'choice': {
      // A required choice holds one alternative: the one with the shallowest zero value (the first of them).
      const least = leastAlternative(t);
      if (least.sequence) return { object: [[least.name, sequenceZero(least.sequence)]] };
      return { object: [[least.name, zeroExpr(least.type)]] };
    }
  }
}

/** A record with only its required members, each at its zero value (`{}` when it has none). */
export function requiredZeros(s: StructModel, except: ReadonlySet<FieldModel> = new Set()): string {
  return exprText({ object: zeroMembers(s, except) });
}

/** The members of {@link requiredZeros}, as `[key, value]` texts. */
export function requiredZeroMembers(s: StructModel, except: ReadonlySet<FieldModel>): Array<readonly [string, string]> {
  return zeroMembers(s, except).map(([k, v]) => [propertyKey(k), exprText(v)] as const);
}

function zeroMembers(s: StructModel, except: ReadonlySet<FieldModel>): Array<readonly [string, Expr]> {
  // A list without a container is left out when it may be empty (no items is no element).
  const fields = s.fields.filter(
    (f) => !f.optional && !except.has(f) && !(f.type.kind === 'list' && !f.type.container && !f.type.minItems),
  );
  return fields.map((f) => [f.name, fixedValue(f) ?? zeroExpr(f.type)] as const);
}

const ZEROS: Readonly<Record<PrimitiveName, string>> = {
  string: "''",
  int: '0',
  long: "'0'",
  double: '0',
  boolean: 'false',
  dateTime: "new Date('0001-01-01T00:00:00.000Z')",
  decimal: "'0'",
  float: '0',
  short: '0',
  byte: '0',
  unsignedByte: '0',
  unsignedShort: '0',
  unsignedInt: '0',
  unsignedLong: "'0'",
  base64Binary: 'new Uint8Array(0)',
  guid: "'00000000-0000-0000-0000-000000000000'",
  char: "'\\0'",
  date: "'0001-01-01'",
  time: "'00:00:00'",
  duration: "'PT0S'",
  // The least values the lexical rules allow (an empty name is none).
  integer: "'0'",
  nonNegativeInteger: "'0'",
  positiveInteger: "'1'",
  NMTOKEN: "'_'",
  Name: "'_'",
  NCName: "'_'",
  language: "'en'",
  token: "''",
  anyURI: "''",
  xml: "''",
};
