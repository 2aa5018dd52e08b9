/**
 * What every page's view needs: links relative to the page, types and fields in words, decision links. Views are
 * plain objects of strings (Markdown where a template puts them as they are) for the templates in templates/docs/.
 */
import type { Decision, FieldModel, PrimitiveName, StructModel, TypeModel } from '../../../model/types.js';
import { fieldType } from '../../ts-types.js';
import { ANY_ATTRIBUTES, keepsAnyAttribute } from '../../types.js';
import { PAGES, Slugger, inlineCode, paragraph, relativeLink, typePage } from '../markdown.js';

/** The title of decisions.md, the first heading of the page (its anchors are counted after it). */
export const DECISIONS_TITLE = 'Decisions';

const XSD: Readonly<Record<PrimitiveName, string>> = {
  string: 'xs:string',
  int: 'xs:int',
  long: 'xs:long',
  double: 'xs:double',
  boolean: 'xs:boolean',
  dateTime: 'xs:dateTime',
  decimal: 'xs:decimal',
  float: 'xs:float',
  short: 'xs:short',
  byte: 'xs:byte',
  unsignedByte: 'xs:unsignedByte',
  unsignedShort: 'xs:unsignedShort',
  unsignedInt: 'xs:unsignedInt',
  unsignedLong: 'xs:unsignedLong',
  base64Binary: 'xs:base64Binary',
  guid: 'guid',
  char: 'char',
  date: 'xs:date',
  time: 'xs:time',
  duration: 'xs:duration',
  integer: 'xs:integer',
  nonNegativeInteger: 'xs:nonNegativeInteger',
  positiveInteger: 'xs:positiveInteger',
  NMTOKEN: 'xs:NMTOKEN',
  Name: 'xs:Name',
  NCName: 'xs:NCName',
  language: 'xs:language',
  token: 'xs:token',
  anyURI: 'xs:anyURI',
  xml: 'xs:any',
};

/** The XML Schema name of an XML Schema type of the spec, as a WSDL names it. */
export function xsdName(name: PrimitiveName): string {
  return XSD[name];
}

/** Links from one page: to other pages of the docs, to types, to decisions (by their anchor in decisions.md). */
export class Links {
  constructor(
    readonly page: string,
    private readonly anchors: ReadonlyMap<Decision, string>,
  ) {}

  to(target: string): string {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const relative = path === this.page ? '' : relativeLink(this.page, path);
    return anchor === undefined ? relative : `${relative}#${anchor}`;
  }

  type(name: string): string {
    return `[${name}](${this.to(typePage(name))})`;
  }

  decision(d: Decision | undefined): string {
    return d === undefined
      ? ''
      : `decision [${paragraph(d.title)}](${this.to(`${PAGES.decisions}#${this.anchors.get(d) ?? ''}`)})`;
  }

  /** A type as the wire has it, in Markdown: an XML Schema name, or a link to the enum's or record's page. */
  soapType(t: TypeModel): string {
    switch (t.kind) {
      case 'primitive':
        return inlineCode(xsdName(t.name));
      case 'enum':
        return `${this.type(t.enum.name)} (enum)`;
      case 'record':
        return this.type(t.record.name);
      case 'list': {
        const items = `${t.nillableItems ? 'nil allowed' : 'never nil'}`;
        if (t.item.kind === 'choice') {
          return t.container
            ? `a list whose items are each ${this.soapType(t.item)}, in document order`
            : `${this.soapType(t.item)}, repeated without a container, in document order`;
        }
        return t.container
          ? `a list of ${this.soapType(t.item)}, items ${inlineCode(`<${t.itemElement}>`)} (${items})`
          : `${this.soapType(t.item)} repeated, no container (${items})`;
      }
      case 'choice':
        return `one of ${t.alternatives.map((a) => `${inlineCode(`<${a.name}>`)} (${this.soapType(a.type)})`).join(', ')}`;
    }
  }
}

/** The anchors of decisions.md: one per decision, in the order of the spec, after the page title. */
export function decisionAnchors(decisions: readonly Decision[]): Map<Decision, string> {
  const slugger = new Slugger();
  slugger.slug(DECISIONS_TITLE);
  return new Map(decisions.map((d) => [d, slugger.slug(d.title)]));
}

export interface FieldRow {
  readonly name: string;
  readonly soapType: string;
  readonly tsType: string;
  readonly rules: string;
  readonly description: string;
}

/** The rows of a record's or result's fields table, in wire order (Markdown; the template escapes the cells). */
export function fieldRows(s: StructModel, links: Links): FieldRow[] {
  const rows = s.fields.map((f) => ({
    name: inlineCode(f.name),
    soapType: links.soapType(f.type),
    tsType: inlineCode(fieldType(f)),
    rules: fieldRules(s, f),
    description: joinSentences([
      // A key that is not its wire name (xmlName): an extension's element of a name its base has too.
      f.xmlName !== f.name
        ? `On the wire: ${f.attribute ? 'the attribute' : 'the element'} ${inlineCode(f.xmlName)}.`
        : '',
      f.doc ? paragraph(f.doc) : '',
      f.secret ? 'Holds a secret: masked in every error.' : '',
      asSentence(links.decision(f.decision)),
    ]),
  }));
  if (keepsAnyAttribute(s)) {
    rows.push({
      name: inlineCode(ANY_ATTRIBUTES),
      soapType: '`xs:anyAttribute`',
      tsType: inlineCode('Record<string, string>'),
      rules: 'none sent: `undefined`',
      description:
        'The attributes of the element besides its attribute fields, by name: an unprefixed one by its name, one in a namespace as `{uri}name`.',
    });
  }
  return rows;
}

/** When a field is absent, nil or empty, and what it decodes to then. */
export function fieldRules(s: StructModel, f: FieldModel): string {
  const rules: string[] = [];
  if (f.attribute)
    rules.push(
      f.attributeNamespace
        ? `an XML attribute in namespace ${inlineCode(f.attributeNamespace.uri)}`
        : 'an XML attribute',
    );
  if (f.text) rules.push("the element's text content");
  if (f.form === 'unqualified' && !f.attribute) rules.push('an element in no namespace (unqualified)');
  if (f.namespace && !f.attribute && !f.text) rules.push(`an element in namespace ${inlineCode(f.namespace.uri)}`);
  const repeated = f.type.kind === 'list' && !f.type.container;
  if (repeated) rules.push('none sent: `[]`');
  else rules.push(f.optional ? 'absent: `undefined`' : 'always sent');
  if (f.nillable) rules.push('nil: `null`');
  if (f.type.kind === 'choice') rules.push('exactly one alternative');
  if (f.type.kind === 'list' && f.type.item.kind === 'choice')
    rules.push('each item one alternative, in document order');
  if (f.type.kind === 'list') {
    if (!repeated) rules.push('empty: `[]`');
    rules.push(f.type.nillableItems ? 'nil item: `null`' : 'no nil items');
  } else if (f.type.kind === 'primitive' && (f.type.name === 'string' || f.type.name === 'xml'))
    rules.push("empty: `''`");
  const status = s.status;
  if (status && f === status.codeField) rules.push(`success: ${inlineCode(String(status.success))}`);
  return rules.join('; ');
}

/** Sentences joined by a space, the empty ones left out. */
export function joinSentences(parts: readonly string[]): string {
  return parts.filter((p) => p !== '').join(' ');
}

/** A phrase as a sentence: capitalised, with a full stop ('' stays ''). */
export function asSentence(text: string): string {
  return text === '' ? '' : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
