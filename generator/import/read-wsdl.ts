/**
 * Reads a WSDL 1.1 document: its parts by name (messages, port types, bindings, the service) and its XML Schemas,
 * the inline ones and those it reaches by location: WSDLs it imports (`wsdl:import`, as WCF splits its metadata into
 * `?wsdl`, `?wsdl=wsdl0`) and schemas (`xs:import` / `xs:include` with a `schemaLocation`, WCF's `?xsd=xsd0`), read
 * from the folder of the first file or the origin of its URL, within {@link DOCUMENT_LIMITS}; a URL named in a file
 * is never fetched, a file beside the naming document stands for it (stand-in.ts). Each node is kept with the
 * document it comes from, for positions in problems. Following the references is reached-documents.ts' part.
 */
import type { Problems } from './problems.js';
// The namespaces are the WSDL emitter's: the importer reads what it writes.
import { NS } from '../emit/wsdl/namespaces.js';
import { DOCUMENT_LIMITS, ReachedDocuments, type ReadFile, type SchemaDoc } from './reached-documents.js';
import { kids, parseXml, resolveQName, type QName, type XmlElement } from './xml.js';

export { DOCUMENT_LIMITS, resolveLocation, type ReadFile, type SchemaDoc } from './reached-documents.js';

export interface WsdlDoc {
  readonly file: string;
  readonly root: XmlElement;
  /** The namespace of the service's port type: the first document's, or that of the imported WSDL declaring it. */
  readonly targetNamespace: string;
  readonly schemas: readonly SchemaDoc[];
  readonly messages: ReadonlyMap<string, XmlElement>;
  readonly portTypes: ReadonlyMap<string, XmlElement>;
  readonly bindings: ReadonlyMap<string, XmlElement>;
  readonly services: readonly XmlElement[];
}

/** WCF's Serialization schema: its `guid`, `char` and `duration` are the spec's primitives; the rest no contract uses. */
export const WCF_SERIALIZATION = 'http://schemas.microsoft.com/2003/10/Serialization/';

export function readWsdl(text: string, file: string, problems: Problems, readFile: ReadFile): WsdlDoc {
  if (text.length > DOCUMENT_LIMITS.characters)
    throw new Error(`${file}: larger than ${DOCUMENT_LIMITS.characters / 1024 / 1024} MiB; not read`);
  const root = parseXml(text);
  if (root.ns !== NS.wsdl || root.name !== 'definitions') {
    throw new Error(`${file}: not a WSDL 1.1 document (the root is <${root.name}> in "${root.ns}")`);
  }
  const reached = new ReachedDocuments(file, text, problems, readFile);
  problems.register(root, file);
  reached.addDefinitions(root, file);
  reportUnlocated(reached.schemas, reached.unlocated, problems);
  return indexDefinitions(file, root, reached.definitions, reached.schemas);
}

/**
 * Reports each schema import without a location whose namespace no schema read declares. An import without a
 * location names a namespace another schema of the WSDL must declare; XML Schema's own needs none, nor does XML's,
 * whose four attributes (xml:lang, …) every processor knows and the import drafts as they are.
 */
function reportUnlocated(
  schemas: readonly SchemaDoc[],
  unlocated: ReadonlyArray<{ imp: XmlElement; from: string }>,
  problems: Problems,
): void {
  const declared = new Set([...schemas.map((s) => s.targetNamespace), NS.xsd, NS.xml]);
  for (const { imp, from } of unlocated) {
    const ns = imp.attrs.get('namespace') ?? '';
    if (!declared.has(ns))
      problems.add(
        from,
        imp,
        's:import',
        `the namespace ${ns || '(none)'} has no schema in the WSDL and no schemaLocation; its types are not read`,
      );
  }
}

/**
 * The WSDL's parts by name over every definitions document read (the first of a name in reading order), and the
 * target namespace of the one declaring a port type (the service's), else the first document's.
 */
function indexDefinitions(
  file: string,
  root: XmlElement,
  definitions: ReadonlyArray<{ root: XmlElement; file: string }>,
  schemas: readonly SchemaDoc[],
): WsdlDoc {
  const byName = (name: string) =>
    new Map(
      definitions.flatMap((d) => kids(d.root, NS.wsdl, name)).map((n) => [n.attrs.get('name') ?? '', n] as const),
    );
  const tnsOf = (d: XmlElement) => d.attrs.get('targetNamespace') ?? '';
  const withPortType = definitions.find((d) => kids(d.root, NS.wsdl, 'portType').length > 0)?.root ?? root;
  return {
    file,
    root,
    targetNamespace: tnsOf(withPortType),
    schemas,
    messages: byName('message'),
    portTypes: byName('portType'),
    bindings: byName('binding'),
    services: definitions.flatMap((d) => kids(d.root, NS.wsdl, 'service')),
  };
}

/** Reads a QName-valued attribute of `node`; undefined when absent or its prefix is not declared. */
export function qnameAttr(node: XmlElement, attr: string): QName | undefined {
  const value = node.attrs.get(attr);
  return value === undefined ? undefined : resolveQName(node, value);
}

/** The text of a `wsdl:documentation` child, whitespace collapsed; undefined when there is none or it is empty. */
export function documentation(node: XmlElement, ns: string = NS.wsdl): string | undefined {
  const d = kids(node, ns, 'documentation')[0];
  const text = d ? allText(d).replace(/\s+/g, ' ').trim() : '';
  return text === '' ? undefined : text;
}

/** The text of an `xs:annotation/xs:documentation`, whitespace collapsed. */
export function xsdDocumentation(node: XmlElement): string | undefined {
  const a = kids(node, NS.xsd, 'annotation')[0];
  return a ? documentation(a, NS.xsd) : undefined;
}

function allText(node: XmlElement): string {
  return node.text + node.children.map(allText).join(' ');
}
