/**
 * Emits the types of the interface: enums as string-literal unions (open on decode), records, results and the
 * per-operation parameter types (credentials left out: the client fills them in).
 */
import { patternRemark } from './patterns.js';
import { StructureKind, VariableDeclarationKind } from '../print/kinds.js';
import type {
  EnumModel,
  FieldModel,
  ListType,
  OperationModel,
  ParameterModel,
  ServiceModel,
  StructModel,
  TypeModel,
} from '../model/types.js';
import { decisionRemark, jsDoc, jsDocs } from '../print/jsdoc.js';
import type { GeneratedFile, Printer, Statement } from '../print/printer.js';
import { takesCredentials } from './features.js';
import { OPEN_ENUM, fieldType, optionalType, paramType, paramsTypeName, tsLiteral } from './ts-types.js';
import { propertyKey } from '../load/names.js';

export const TYPES_FILE = 'client/types.ts';

export function emitTypes(model: ServiceModel, printer: Printer): GeneratedFile[] {
  return [
    printer.typescript(TYPES_FILE, [
      // Every enum-typed value is an Open<...> (scalarType): a service without enums has no use for it.
      ...(model.enums.length > 0 ? [openEnumAlias()] : []),
      ...model.enums.flatMap(enumStatements),
      ...model.records.map(structInterface),
      ...model.results.map(structInterface),
      ...model.operations.map(paramsStatement),
      ...model.operations.flatMap(responseHeadersStatement),
    ]),
  ];
}

function openEnumAlias(): Statement {
  return {
    kind: StructureKind.TypeAlias,
    name: OPEN_ENUM,
    isExported: true,
    typeParameters: [{ name: 'T', constraint: 'string' }],
    type: 'T | (string & {})',
    docs: [
      jsDoc(
        'A value of the enum `T`, or another string: the service adds values over time and decoders keep an unknown value rather than fail.',
      ),
    ],
  };
}

function enumStatements(e: EnumModel): Statement[] {
  const statements: Statement[] = [
    {
      kind: StructureKind.TypeAlias,
      name: e.name,
      isExported: true,
      type: union(e.values.map(tsLiteral)),
      docs: jsDocs(e.doc, e.placeholders),
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: `${e.name}Values`,
          type: `readonly ${e.name}[]`,
          initializer: `[${e.values.map(tsLiteral).join(', ')}]`,
        },
      ],
      docs: [`Every documented value of {@link ${e.name}}, in the document's order.`],
    },
  ];
  const numeric = e.numeric;
  if (numeric) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: `${e.name}ByNumber`,
          type: `ReadonlyMap<number, ${e.name}>`,
          initializer: (w) => {
            w.write('new Map([').newLine();
            w.indent(() => numeric.codes.forEach(([n, v]) => w.writeLine(`[${n}, ${tsLiteral(v)}],`)));
            w.write('])');
          },
        },
      ],
      docs: [
        jsDoc(
          `The ${e.name} value that an integer code stands for, where it is known. Codes not listed are unknown: use the number, never a guess.`,
          decisionRemark(numeric.decision),
        ),
      ],
    });
  }
  return statements;
}

function structInterface(s: StructModel): Statement {
  return {
    kind: StructureKind.Interface,
    name: s.name,
    isExported: true,
    docs: jsDocs(s.doc, abstractRemark(s), errorCodeRemark(s), decisionRemark(s.decision)),
    ...(s.base ? { extends: [s.base.name] } : {}),
    properties: [
      ...s.ownFields.map((f) => ({
        name: propertyKey(f.name),
        type: optionalType(fieldType(f), f.optional || f.fixed !== undefined),
        // A fixed value is sent when left out, so a caller need not give it.
        hasQuestionToken: f.optional || f.fixed !== undefined,
        isReadonly: false,
        docs: fieldDocs(f),
      })),
      ...(s.anyAttribute && !inheritsAnyAttribute(s)
        ? [
            {
              name: ANY_ATTRIBUTES,
              type: optionalType('Record<string, string>', true),
              hasQuestionToken: true,
              isReadonly: false,
              docs: [
                jsDoc(
                  'Attributes of the element besides its attribute fields (xs:anyAttribute), by name: an unprefixed one by its name, one in a namespace as `{uri}name`. Values as sent, decoded; written back escaped.',
                ),
              ],
            },
          ]
        : []),
    ],
  };
}

/** What an abstract record's value must be: one of the records extending it, told apart by their members. */
function abstractRemark(s: StructModel): string | undefined {
  if (!s.abstract) return undefined;
  const concrete = s.abstract.concrete.map((c) => c.name);
  return concrete.length > 0
    ? `Abstract: a value is one of ${concrete.join(', ')} (sent with xsi:type, told apart by its members); one that is none of them is refused.`
    : 'Abstract, and no record extends it: no value of it can be sent or read.';
}

/** The member holding a record's other attributes (xs:anyAttribute): `$` is in no XML name, so no field is named so. */
export const ANY_ATTRIBUTES = '$attributes';

/** The record, or a type it extends, keeps other attributes (xs:anyAttribute). */
export function keepsAnyAttribute(s: StructModel): boolean {
  for (let t: StructModel | undefined = s; t !== undefined; t = t.base) if (t.anyAttribute) return true;
  return false;
}

function inheritsAnyAttribute(s: StructModel): boolean {
  return s.base !== undefined && keepsAnyAttribute(s.base);
}

/** The name of the type of the SOAP headers an operation's answers carry. */
export function responseHeadersTypeName(op: OperationModel): string {
  return `${op.tsName}ResponseHeaders`;
}

/**
 * The SOAP headers of an operation's answers, by element name. A required one is always there only where every
 * answer is SOAP: HTTP POST and GET carry no headers.
 */
function responseHeadersStatement(op: OperationModel): Statement[] {
  if (op.responseHeaders.length === 0) return [];
  const soapOnly = !op.httpPost && !op.httpGet;
  return [
    {
      kind: StructureKind.Interface,
      name: responseHeadersTypeName(op),
      isExported: true,
      docs: [
        jsDoc(
          `The SOAP headers an answer of ${op.name} carries in soap:Header, by element name; each one left out when the answer has none (HTTP POST and GET carry none).`,
        ),
      ],
      properties: op.responseHeaders.map((h) => ({
        name: h.element,
        type: h.record.name,
        hasQuestionToken: !(h.required && soapOnly),
        isReadonly: false,
        docs: [
          jsDoc(
            h.doc,
            h.required
              ? 'Every SOAP answer carries it: an answer without it is refused with SvcDecodeError.'
              : undefined,
          ),
        ],
      })),
    },
  ];
}

function errorCodeRemark(s: StructModel): string | undefined {
  if (s.kind !== 'result') return undefined;
  const kind = { S: 'a string error code (S)', I: 'an int error code (I)', none: 'no error code in the document' }[
    s.documentedErrorCode ?? 'none'
  ];
  const success = s.status ? ` Success is ${s.status.codeField.name} ${JSON.stringify(s.status.success)}.` : '';
  return `Carries ${kind}.${success}`;
}

function fieldDocs(f: FieldModel): string[] {
  const wire: string[] = [];
  const t = f.type;
  if (f.attribute)
    wire.push(
      `Wire: the attribute \`${f.xmlName}\`${f.attributeNamespace ? `, in namespace \`${f.attributeNamespace.uri}\`` : ''}.`,
    );
  else if (f.text) wire.push("Wire: the element's text content (its attributes are the other fields).");
  else if (t.kind === 'choice') {
    wire.push(
      `Wire: exactly one of ${t.alternatives.map((a) => `\`<${a.name}>\``).join(', ')}, with no element of its own; the value holds that one.`,
    );
  } else if (t.kind === 'list' && t.item.kind === 'choice') {
    const items = t.item.alternatives.map((a) => `\`<${a.name}>\``).join(', ');
    wire.push(
      `Wire: ${t.container ? `container \`<${f.xmlName}>\` of` : 'repeated without a container,'} ${items} elements in any mix; each item holds one, in document order.`,
    );
  } else if (t.kind === 'list' && !t.container) {
    wire.push(
      `Wire: \`<${f.xmlName}>\` elements repeated without a container; none is \`[]\`${t.nillableItems ? ' (a nil item is `null`)' : ''}.`,
    );
  } else if (t.kind === 'list') {
    const inner = t.item.kind === 'list' ? ', each a list of its own' : '';
    wire.push(
      `Wire: container \`<${f.xmlName}>\` of \`<${t.itemElement}>\` items${inner}${t.nillableItems ? ' (a nil item is `null`)' : ''}.`,
    );
  } else if (t.kind === 'primitive' && t.name === 'xml') {
    const dataSet = t.dataSet ? ' (a .NET DataSet: its XML Schema, then its diffgram)' : '';
    wire.push(`Wire: XML content${dataSet}, kept as the markup between the element's tags.`);
  } else if (f.xmlName !== f.name) {
    wire.push(`Wire: the element \`<${f.xmlName}>\`.`);
  }
  if (f.form === 'unqualified' && !f.attribute) wire.push('Unqualified: in no namespace, written with `xmlns=""`.');
  if (f.fixed !== undefined) wire.push(`Fixed: always \`${f.fixed}\`, sent when left out; any other value is refused.`);
  if (f.default !== undefined) wire.push(`Default (in the schema): \`${f.default}\`.`);
  if (f.pattern) wire.push(patternRemark(f.pattern)!);
  return jsDocs([f.doc, absentOrNil(f)].filter(Boolean).join(' '), wire.join(' '), decisionRemark(f.decision));
}

/**
 * What absent and nil each mean, said only for a field that may be both: the type (`?`, `| null`) says the rest, and
 * an undocumented field with nothing else to say gets no comment.
 */
function absentOrNil(f: FieldModel): string | undefined {
  return f.optional && f.nillable ? 'Absent: `undefined`; nil (xsi:nil): `null`.' : undefined;
}

/** How a parameter is sent, where its TypeScript type does not say it already (a plain string or a named type). */
function sentAs(p: ParameterModel): string | undefined {
  const extra = `${p.default !== undefined ? `; \`${String(p.default)}\` when left out` : ''}${p.nillable ? '; `null` is sent as xsi:nil' : ''}`;
  const plain =
    (p.type.kind === 'primitive' && p.type.name === 'string') || p.type.kind === 'enum' || p.type.kind === 'record';
  return plain && extra === '' ? undefined : `Sent as ${wireType(p.type)}${extra}.`;
}

function paramsStatement(op: OperationModel): Statement {
  const name = paramsTypeName(op.tsName);
  const docs = [
    `Parameters of the ${op.name} operation that the caller passes${takesCredentials(op) ? '; the credentials are filled in by the client' : ''}.`,
  ];
  if (op.inputParams.length === 0) {
    return { kind: StructureKind.TypeAlias, name, isExported: true, type: 'Record<string, never>', docs };
  }
  return {
    kind: StructureKind.Interface,
    name,
    isExported: true,
    docs,
    properties: op.inputParams.map((p) => ({
      name: propertyKey(p.name),
      type: optionalType(paramType(p), p.optional),
      hasQuestionToken: p.optional,
      docs: [jsDoc(p.doc, sentAs(p), patternRemark(p.pattern), p.quirk, decisionRemark(p.decision))],
    })),
  };
}

/** How a parameter travels, in words: `xs:int`, `the enum Status`, `the record Order`, `a list of <int> items`. */
function wireType(t: TypeModel): string {
  switch (t.kind) {
    case 'primitive':
      return t.name === 'xml' ? (t.dataSet ? 'a DataSet (XML content)' : 'XML content') : `xs:${t.name}`;
    case 'enum':
      return `the enum ${t.enum.name}`;
    case 'record':
      return `the record ${t.record.name}`;
    case 'list':
      if (t.item.kind === 'choice') return `a list of items, each ${wireType(t.item)}`;
      if (!t.container)
        return `\`<${t.itemElement}>\` elements repeated without a container (none for \`[]\`${itemBounds(t)}), each ${wireType(t.item)}`;
      return `a list of \`<${t.itemElement}>\` items, each ${wireType(t.item)}`;
    case 'choice':
      return `one of ${t.alternatives.map((a) => `\`<${a.name}>\` (${wireType(a.type)})`).join(', ')}`;
  }
}

/** The bounds of a list's length, as a docs phrase after a comma (`, 1 to 3 items`); none without bounds. */
function itemBounds(t: ListType): string {
  if (t.maxItems !== undefined) return `, ${t.minItems ?? 0} to ${t.maxItems} items`;
  return t.minItems ? `, at least ${t.minItems} items` : '';
}

/** A union type, on one line (the formatter pass breaks it when it does not fit). */
function union(members: readonly string[]): string {
  return members.join(' | ');
}
