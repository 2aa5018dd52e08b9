/**
 * Realistic argument values for any operation of any spec, built from the model: each value is already in the form
 * the mock decodes it to (long and decimal as exact strings, dateTime as Date, base64Binary as Uint8Array, char as a
 * one-unit string), so what the client sends and what the handler receives can be compared with deep equality.
 * Strings carry markup, quotes and non-ASCII text (an astral character included), so escaping is exercised on every
 * path; numbers sit where precision is easy to lose.
 */
import { leastAlternative, leastConcrete, recordDepth } from '../../../generator/model/least-values.js';
import type {
  FieldModel,
  ListType,
  OperationModel,
  ParameterModel,
  PatternFacet,
  PrimitiveName,
  StructModel,
  TypeModel,
} from '../../../generator/model/types.js';

/** Records and lists nested deeper than this are left empty (optional fields out), so recursive types end. */
const MAX_DEPTH = 4;

export function sampleText(label: string): string {
  return `${label}: Zoë & <b>"Ö'ñ"</b> 東京 🚀`;
}

function primitive(name: PrimitiveName, label: string): unknown {
  switch (name) {
    case 'string':
      return sampleText(label);
    case 'int':
      return -2147483648;
    case 'long':
      return '9007199254740993';
    case 'double':
      return 1234.56;
    case 'boolean':
      return true;
    case 'dateTime':
      return new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678));
    case 'decimal':
      return '-79228162514264337593543950335.5';
    case 'float':
      return 0.1;
    case 'short':
      return -32768;
    case 'byte':
      return -128;
    case 'unsignedByte':
      return 255;
    case 'unsignedShort':
      return 65535;
    case 'unsignedInt':
      return 4294967295;
    case 'unsignedLong':
      return '18446744073709551615';
    case 'base64Binary':
      return new Uint8Array([0, 1, 2, 250, 255]);
    case 'guid':
      return '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
    case 'char':
      return 'é';
    case 'date':
      return '2024-02-29';
    case 'time':
      return '12:30:00.5';
    case 'duration':
      return 'P1DT2H3M4.5S';
    case 'integer':
      return '-79228162514264337593543950336';
    case 'nonNegativeInteger':
    case 'positiveInteger':
      return '79228162514264337593543950336';
    case 'NMTOKEN':
    case 'Name':
    case 'NCName':
      // The label made a name (a swapped value still shows): a letter first, no character the rule refuses.
      return `n${label.replace(/[^\p{L}\p{N}._-]/gu, '_')}`;
    case 'language':
      return 'en-GB';
    case 'token':
      // Collapsed, as the rule wants: single spaces, none at either end.
      return `t ${label}`.replace(/\s+/g, ' ').trim();
    case 'anyURI':
      // A URI with the label in its path, escaped: collapsed, as the rule wants.
      return `https://example.org/${encodeURIComponent(label)}`;
    case 'xml':
      return `<Row xmlns="urn:row" id="1">${label} &amp; more<br/></Row>`;
  }
}

/**
 * A DataSet of one table of one row, as .NET writes one: its XML Schema, then its diffgram (the WSDL declares
 * `<s:element ref="s:schema"/><s:any/>`, so the plain `xml` sample, one element, is not one).
 */
export function sampleDataSet(label: string): string {
  return (
    '<xs:schema id="NewDataSet" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata">' +
    '<xs:element name="NewDataSet" msdata:IsDataSet="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded">' +
    '<xs:element name="Table"><xs:complexType><xs:sequence><xs:element name="Name" type="xs:string" minOccurs="0" /></xs:sequence></xs:complexType></xs:element>' +
    '</xs:choice></xs:complexType></xs:element></xs:schema>' +
    '<diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1">' +
    `<NewDataSet xmlns=""><Table diffgr:id="Table1" msdata:rowOrder="0"><Name>${label} &amp; more</Name></Table></NewDataSet></diffgr:diffgram>`
  );
}

/** A value of `t`; `label` names where it goes (it is part of every string, so a swapped value shows). */
export function sampleValue(t: TypeModel, label: string, depth = 0): unknown {
  switch (t.kind) {
    case 'primitive':
      return t.dataSet ? sampleDataSet(label) : primitive(t.name, label);
    case 'enum':
      return t.enum.values[t.enum.values.length > 1 ? 1 : 0];
    case 'list':
      return sampleList(t, label, depth);
    case 'record':
      return sampleRecord(t.record, label, depth);
    case 'choice': {
      // A choice's value is its one alternative sent: the first; past MAX_DEPTH the least, so that a recursive one ends.
      const alternative = depth >= MAX_DEPTH ? leastAlternative(t) : t.alternatives[0]!;
      const at = `${label}.${alternative.name}`;
      // A sequence alternative's value is a record of its elements, each given (the optional ones too).
      if (alternative.sequence)
        return {
          [alternative.name]: Object.fromEntries(
            alternative.sequence
              .filter((m) => depth < MAX_DEPTH || !m.optional)
              .map((m) => [m.name, sampleValue(m.type, `${at}.${m.name}`, depth + 1)]),
          ),
        };
      return { [alternative.name]: sampleValue(alternative.type, at, depth + 1) };
    }
  }
}

/**
 * Two items (one where the list holds at most one), or as many as its minItems asks; past {@link MAX_DEPTH} only those
 * it must have.
 */
function sampleList(t: ListType, label: string, depth: number): unknown[] {
  const min = t.minItems ?? 0;
  const count = depth >= MAX_DEPTH ? min : Math.max(Math.min(2, t.maxItems ?? 2), min);
  return Array.from({ length: count }, (_, i) => sampleValue(t.item, `${label}[${i}]`, depth + 1));
}

/** A field's fixed value (xs:fixed) in the form the mock decodes it to: the one value the field may hold. */
function fixedSample(f: FieldModel): unknown {
  const text = f.fixed!;
  if (f.type.kind !== 'primitive') return text;
  switch (f.type.name) {
    case 'int':
    case 'short':
    case 'byte':
    case 'unsignedByte':
    case 'unsignedShort':
    case 'unsignedInt':
    case 'double':
    case 'float':
      return Number(text);
    case 'boolean':
      return text === 'true' || text === '1';
    case 'dateTime':
      return new Date(text);
    case 'base64Binary':
      return new Uint8Array(Buffer.from(text, 'base64'));
    default:
      return text;
  }
}

/** `value`, or the pattern's own sample where `value` does not match the pattern (xs:pattern) of its field. */
function matching(pattern: PatternFacet | undefined, value: unknown): unknown {
  if (pattern === undefined || typeof value !== 'string' || new RegExp(pattern.source, 'u').test(value)) return value;
  return pattern.sample;
}

export function sampleRecord(s: StructModel, label: string, depth = 0): Record<string, unknown> {
  // No value is of an abstract type itself: the sample is of the first record extending it; past MAX_DEPTH of the one
  // whose least value is the shallowest (the first may require a member of the abstract type again).
  const concrete = depth >= MAX_DEPTH ? leastConcrete(s) : s.abstract?.concrete[0];
  if (concrete !== undefined) return sampleRecord(concrete, label, depth);
  // A record every value of which holds itself has no value a schema takes: past MAX_DEPTH it ends empty.
  if (depth >= MAX_DEPTH && recordDepth(s) === Infinity) return {};
  const out: Record<string, unknown> = {};
  for (const f of s.fields) {
    if (depth >= MAX_DEPTH && f.optional) continue;
    // A field of a sequence that is one alternative of a choice only beside it (the sample's choice holds the first).
    if (
      f.onlyWith &&
      !(
        f.onlyWith.choice.type.kind === 'choice' &&
        f.onlyWith.choice.type.alternatives[0]!.name === f.onlyWith.alternative
      )
    )
      continue;
    if (f.fixed !== undefined) {
      out[f.name] = fixedSample(f);
      continue;
    }
    // xml:lang is drafted as text, yet XML's own schema makes it a language tag (or ''): a sample a schema takes.
    if (f.attribute && f.xmlName === 'lang' && f.attributeNamespace?.prefix === 'xml') {
      out[f.name] = 'en-GB';
      continue;
    }
    out[f.name] = matching(
      f.pattern,
      depth >= MAX_DEPTH && f.type.kind === 'list'
        ? sampleList(f.type, `${label}.${f.name}`, depth)
        : sampleValue(f.type, `${label}.${f.name}`, depth + 1),
    );
  }
  return out;
}

/** The caller's arguments of an operation: every parameter given (optional ones too), every record field filled. */
export function sampleArgs(op: OperationModel): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const p of op.inputParams) args[p.name] = matching(p.pattern, sampleValue(p.type, `${op.name}.${p.name}`));
  return args;
}

/**
 * A value of `t` with as little in it as it can hold: an empty list, a record with its required fields only (nil where
 * they are nillable).
 */
export function minimalValue(t: TypeModel, label: string): unknown {
  if (t.kind === 'list')
    return Array.from({ length: t.minItems ?? 0 }, (_, i) => minimalValue(t.item, `${label}[${i}]`));
  if (t.kind !== 'record') return sampleValue(t, label);
  const out: Record<string, unknown> = {};
  // Of an abstract record, the concrete one whose least value is the shallowest (the first may require it again).
  const record = leastConcrete(t.record) ?? t.record;
  if (recordDepth(record) === Infinity) return out;
  for (const f of record.fields) {
    if (f.optional) continue;
    out[f.name] =
      f.fixed !== undefined ? fixedSample(f) : f.nillable ? null : minimalValue(f.type, `${label}.${f.name}`);
  }
  return out;
}

/** Whether an operation has anything to leave out, nil or empty, so that its minimal call differs from the full one. */
export function hasMinimalCall(op: OperationModel): boolean {
  return op.inputParams.some((p) => p.optional || p.nillable || p.type.kind === 'list' || p.type.kind === 'record');
}

/**
 * The least a caller can pass: optional parameters left out, nillable ones null, lists empty, records minimal; and what
 * the handler then receives: a parameter with a default arrives with it (the client always sends it), one without is
 * absent.
 */
export function minimalCall(op: OperationModel): { args: Record<string, unknown>; received: Record<string, unknown> } {
  const args: Record<string, unknown> = {};
  const received: Record<string, unknown> = {};
  for (const p of op.inputParams) {
    if (p.optional) {
      if (p.default !== undefined) received[p.name] = defaultValue(p);
      continue;
    }
    const value = p.nillable ? null : minimalValue(p.type, `${op.name}.${p.name}`);
    args[p.name] = value;
    received[p.name] = value;
  }
  return { args, received };
}

/** A parameter's default as the mock decodes it (longs and decimals as strings). */
function defaultValue(p: ParameterModel): unknown {
  const d = p.default;
  const t = p.type;
  if (t.kind === 'primitive' && (t.name === 'long' || t.name === 'unsignedLong' || t.name === 'decimal'))
    return String(d);
  if (t.kind === 'primitive' && t.name === 'dateTime') return new Date(String(d));
  return d;
}
