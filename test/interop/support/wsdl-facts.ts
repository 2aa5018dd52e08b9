/**
 * What requests and responses must look like according to the WSDL itself (not the spec): the target namespace; per
 * operation of the SOAP 1.1 and 1.2 bindings its soapAction and the SOAP header parts its input and output carry; and
 * the schema, to validate elements against ({@link schemaProblems}). Read with fast-xml-parser, independently of the
 * generator and of node-soap. Enough for ASMX WSDLs (one inline schema, sequences, extensions, enumerations).
 */
import { XMLParser } from 'fast-xml-parser';

export interface WsdlOperation {
  readonly soapAction: string;
  /** The `part` of each `<soap:header>` of the operation's input, in WSDL order (ASMX: the header element's name). */
  readonly inputHeaders: readonly string[];
  /** The same for the operation's output: the headers a real service sends back. */
  readonly outputHeaders: readonly string[];
}

export interface WsdlFacts {
  readonly targetNamespace: string;
  /** By operation name, from the binding whose transport is SOAP 1.1 (`<soap:binding>`). */
  readonly operations: ReadonlyMap<string, WsdlOperation>;
  /** The same from the SOAP 1.2 binding (`<soap12:binding>`). */
  readonly operations12: ReadonlyMap<string, WsdlOperation>;
  /** Its types, for {@link schemaProblems}. */
  readonly schema: WsdlSchema;
}

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
const SOAP11_BINDING_NS = 'http://schemas.xmlsoap.org/wsdl/soap/';
const SOAP12_BINDING_NS = 'http://schemas.xmlsoap.org/wsdl/soap12/';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

export function wsdlFacts(wsdl: string): WsdlFacts {
  const root = definitions(wsdl);
  const prefix = (ns: string) => prefixOf(root, ns);
  const w = prefix(WSDL_NS);
  const read = (soapNs: string): Map<string, WsdlOperation> => {
    const soap = prefix(soapNs);
    const operations = new Map<string, WsdlOperation>();
    for (const binding of (root[`${w}binding`] ?? []) as Node[]) {
      if (!binding[`${soap}binding`]) continue;
      for (const op of (binding[`${w}operation`] ?? []) as Node[]) {
        const soapOp = ((op[`${soap}operation`] ?? []) as Node[])[0];
        const headers = (direction: 'input' | 'output'): string[] => {
          const message = ((op[`${w}${direction}`] ?? []) as Node[])[0] ?? {};
          return ((message[`${soap}header`] ?? []) as Node[]).map((h) => String(h['@part']));
        };
        operations.set(String(op['@name']), {
          soapAction: String((soapOp?.['@soapAction'] as string | undefined) ?? ''),
          inputHeaders: headers('input'),
          outputHeaders: headers('output'),
        });
      }
    }
    return operations;
  };
  return {
    targetNamespace: String(root['@targetNamespace']),
    operations: read(SOAP11_BINDING_NS),
    operations12: read(SOAP12_BINDING_NS),
    schema: wsdlSchema(root),
  };
}

// ---- the WSDL's schema, for validating requests and responses against it -------------------------------------------

/** One `<s:element>` of a sequence. */
interface Particle {
  readonly name: string;
  /** `xsd:<name>` for an XML Schema type, else the name of a type of the target namespace. */
  readonly type: string;
  readonly min: number;
  readonly max: number;
  readonly nillable: boolean;
}

interface ComplexType {
  readonly base: string | undefined;
  readonly particles: readonly Particle[];
}

/** An ASMX schema: top-level elements, complex types (sequences, extensions) and enumerations. */
export interface WsdlSchema {
  readonly targetNamespace: string;
  readonly elements: ReadonlyMap<string, ComplexType | string>;
  readonly complexTypes: ReadonlyMap<string, ComplexType>;
  readonly enums: ReadonlyMap<string, readonly string[]>;
}

const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

function wsdlSchema(root: Node): WsdlSchema {
  const w = prefixOf(root, WSDL_NS);
  const xs = prefixOf(root, XSD_NS);
  const types = ((root[`${w}types`] ?? []) as Node[])[0] ?? {};
  const schema = ((types[`${xs}schema`] ?? []) as Node[])[0] ?? {};
  const typeRef = (qname: string): string => {
    const [p, local] = qname.includes(':') ? (qname.split(':') as [string, string]) : ['', qname];
    return `${p}:` === xs ? `xsd:${local}` : local;
  };
  const sequence = (holder: Node): Particle[] => {
    const seq = ((holder[`${xs}sequence`] ?? []) as Node[])[0] ?? {};
    return ((seq[`${xs}element`] ?? []) as Node[]).map((e) => ({
      name: String(e['@name']),
      type: typeRef(String(e['@type'])),
      min: e['@minOccurs'] === undefined ? 1 : Number(e['@minOccurs']),
      max: e['@maxOccurs'] === 'unbounded' ? Infinity : e['@maxOccurs'] === undefined ? 1 : Number(e['@maxOccurs']),
      nillable: e['@nillable'] === 'true',
    }));
  };
  const complex = (ct: Node): ComplexType => {
    const content = ((ct[`${xs}complexContent`] ?? []) as Node[])[0];
    if (content) {
      const ext = ((content[`${xs}extension`] ?? []) as Node[])[0]!;
      return { base: typeRef(String(ext['@base'])), particles: sequence(ext) };
    }
    return { base: undefined, particles: sequence(ct) };
  };
  const complexTypes = new Map<string, ComplexType>();
  for (const ct of (schema[`${xs}complexType`] ?? []) as Node[]) complexTypes.set(String(ct['@name']), complex(ct));
  const enums = new Map<string, string[]>();
  for (const st of (schema[`${xs}simpleType`] ?? []) as Node[]) {
    const restriction = ((st[`${xs}restriction`] ?? []) as Node[])[0] ?? {};
    enums.set(
      String(st['@name']),
      ((restriction[`${xs}enumeration`] ?? []) as Node[]).map((v) => String(v['@value'])),
    );
  }
  const elements = new Map<string, ComplexType | string>();
  for (const el of (schema[`${xs}element`] ?? []) as Node[]) {
    const inline = ((el[`${xs}complexType`] ?? []) as Node[])[0];
    elements.set(
      String(el['@name']),
      el['@type'] !== undefined ? typeRef(String(el['@type'] as string)) : complex(inline ?? {}),
    );
  }
  return { targetNamespace: String(root['@targetNamespace']), elements, complexTypes, enums };
}

function definitions(wsdl: string): Node {
  const doc = parser.parse(wsdl) as Node;
  const rootKey = Object.keys(doc).find((k) => /(^|:)definitions$/.test(k));
  if (!rootKey) throw new Error('no wsdl:definitions');
  return (doc[rootKey] as Node[])[0]!;
}

/** The prefix (with its colon) of a namespace declared on the root, as ASMX declares them all there. */
function prefixOf(root: Node, ns: string): string {
  const decl = Object.entries(root).find(([k, v]) => k.startsWith('@xmlns') && v === ns);
  if (!decl) throw new Error(`no prefix for ${ns}`);
  return decl[0] === '@xmlns' ? '' : `${decl[0].slice('@xmlns:'.length)}:`;
}

/** An element as test/client/support/xml-tree.ts reads it. */
interface Element {
  readonly name: string;
  readonly ns: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly Element[];
  readonly text: string;
}

const LEXICAL: Readonly<Record<string, RegExp>> = {
  string: /^[\s\S]*$/,
  int: /^\s*[+-]?\d+\s*$/,
  boolean: /^\s*(true|false|1|0)\s*$/,
  decimal: /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/,
  double: /^\s*([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|-?INF|NaN)\s*$/,
  dateTime: /^\s*-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?\s*$/,
  base64Binary: /^[A-Za-z0-9+/=\s]*$/,
  long: /^\s*[+-]?\d+\s*$/,
  float: /^\s*([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?|-?INF|NaN)\s*$/,
  // Microsoft's `guid` (namespace http://microsoft.com/wsdl/types/, which ASMX declares in a schema of its own): the
  // pattern of its restriction.
  guid: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
};

/**
 * Where `element` breaks the WSDL's schema for the top-level element of its name: children out of the sequence's
 * order, unknown or missing, repeated beyond maxOccurs, nil where not nillable, outside the target namespace, text
 * not of its XML Schema type (int range included) or not a value of its enumeration. Empty when it is valid.
 */
export function schemaProblems(schema: WsdlSchema, element: Element): string[] {
  const declared = schema.elements.get(element.name);
  if (declared === undefined) return [`<${element.name}> is not a top-level element of the schema`];
  const problems: string[] = [];
  if (element.ns !== schema.targetNamespace) problems.push(`/${element.name} is in "${element.ns}"`);
  check(schema, element, declared, `/${element.name}`, problems);
  return problems;
}

function particlesOf(schema: WsdlSchema, type: ComplexType): Particle[] {
  const base = type.base === undefined ? undefined : schema.complexTypes.get(type.base);
  return [...(base ? particlesOf(schema, base) : []), ...type.particles];
}

function check(
  schema: WsdlSchema,
  element: Element,
  type: ComplexType | string,
  path: string,
  problems: string[],
): void {
  if (typeof type === 'string') {
    const complex = schema.complexTypes.get(type);
    if (complex) return check(schema, element, complex, path, problems);
    if (element.children.length > 0) problems.push(`${path} holds elements, but is of the simple type ${type}`);
    const values = schema.enums.get(type);
    if (values) {
      if (!values.includes(element.text))
        problems.push(`${path} = ${JSON.stringify(element.text)} is not a ${type} value`);
      return;
    }
    const lexical = LEXICAL[type.replace(/^xsd:/, '')];
    if (!lexical) return void problems.push(`${path}: unknown type ${type}`);
    if (!lexical.test(element.text)) problems.push(`${path} = ${JSON.stringify(element.text)} is not an ${type}`);
    if (type === 'xsd:int' && Math.abs(Number(element.text) + 0.5) > 2147483648)
      problems.push(`${path} is outside xs:int`);
    if (type === 'xsd:long' && (BigInt(element.text.trim()) >= 2n ** 63n || BigInt(element.text.trim()) < -(2n ** 63n)))
      problems.push(`${path} is outside xs:long`);
    return;
  }
  if (element.text.trim() !== '') problems.push(`${path} holds text, but is of a complex type`);
  const children = element.children;
  let i = 0;
  for (const p of particlesOf(schema, type)) {
    let count = 0;
    while (i < children.length && children[i]!.name === p.name) {
      const child = children[i]!;
      const at = `${path}/${p.name}${p.max > 1 ? `[${count}]` : ''}`;
      if (child.ns !== schema.targetNamespace) problems.push(`${at} is in "${child.ns}"`);
      if (child.attrs['xsi:nil'] === 'true') {
        if (!p.nillable) problems.push(`${at} is nil, but not nillable`);
        else if (child.children.length > 0 || child.text !== '') problems.push(`${at} is nil, but has content`);
      } else {
        check(schema, child, p.type, at, problems);
      }
      count++;
      i++;
    }
    if (count < p.min) problems.push(`${path}/${p.name} is missing`);
    if (count > p.max) problems.push(`${path}/${p.name} appears ${count} times`);
  }
  for (; i < children.length; i++)
    problems.push(`${path}/${children[i]!.name} is unexpected here (unknown, or out of the sequence's order)`);
}
