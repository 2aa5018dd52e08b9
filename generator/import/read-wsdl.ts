/**
 * Reads a WSDL 1.1 document: its parts by name (messages, port types, bindings, the service) and its XML Schemas,
 * the inline ones and those it imports from local files (`xs:import` / `xs:include` with a `schemaLocation`), each
 * schema element kept with the file it comes from, for positions in problems.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Problems } from './problems.js';
// The namespaces are the WSDL emitter's: the importer reads what it writes.
import { NS } from '../emit/wsdl/namespaces.js';
import { kids, parseXml, resolveQName, type QName, type XmlElement } from './xml.js';


export interface SchemaDoc {
  readonly node: XmlElement;
  readonly targetNamespace: string;
  readonly file: string;
}

export interface WsdlDoc {
  readonly file: string;
  readonly root: XmlElement;
  readonly targetNamespace: string;
  readonly schemas: readonly SchemaDoc[];
  readonly messages: ReadonlyMap<string, XmlElement>;
  readonly portTypes: ReadonlyMap<string, XmlElement>;
  readonly bindings: ReadonlyMap<string, XmlElement>;
  readonly services: readonly XmlElement[];
}

/** Reads the files a WSDL imports; the default reads them from disk. */
export type ReadFile = (path: string) => string;

export function readWsdl(text: string, file: string, problems: Problems, readFile: ReadFile): WsdlDoc {
  const root = parseXml(text);
  if (root.ns !== NS.wsdl || root.name !== 'definitions') {
    throw new Error(`${file}: not a WSDL 1.1 document (the root is <${root.name}> in "${root.ns}")`);
  }
  const byName = (name: string) => new Map(kids(root, NS.wsdl, name).map((n) => [n.attrs.get('name') ?? '', n] as const));
  for (const imp of kids(root, NS.wsdl, 'import')) {
    problems.add(file, imp, 'wsdl:import', 'a WSDL importing another WSDL is not read; merge the documents first');
  }
  const schemas: SchemaDoc[] = [];
  const loaded = new Set<string>([file]);
  const addSchema = (node: XmlElement, from: string) => {
    const targetNamespace = node.attrs.get('targetNamespace') ?? '';
    schemas.push({ node, targetNamespace, file: from });
    if ((node.attrs.get('elementFormDefault') ?? 'unqualified') !== 'qualified') {
      problems.add(from, node, 'elementFormDefault', `the schema of ${targetNamespace || 'no namespace'} does not qualify its local elements; the spec's services always do`);
    }
    if (node.attrs.get('attributeFormDefault') === 'qualified') {
      problems.add(from, node, 'attributeFormDefault', `the schema of ${targetNamespace || 'no namespace'} qualifies its attributes; the spec's services never do`);
    }
    for (const imp of [...kids(node, NS.xsd, 'import'), ...kids(node, NS.xsd, 'include')]) {
      const location = imp.attrs.get('schemaLocation');
      if (location === undefined) {
        if (imp.name === 'import') unlocated.push({ imp, from });
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(location)) {
        problems.add(from, imp, `s:${imp.name}`, `the schema at ${location} is not a local file and is not read`);
        continue;
      }
      const path = join(dirname(from), location);
      if (loaded.has(path)) continue;
      loaded.add(path);
      let imported: XmlElement;
      try {
        imported = parseXml(readFile(path));
      } catch (error) {
        problems.add(from, imp, `s:${imp.name}`, `cannot read ${location}: ${(error as Error).message}`);
        continue;
      }
      if (imported.ns !== NS.xsd || imported.name !== 'schema') {
        problems.add(from, imp, `s:${imp.name}`, `${location} is not an XML Schema document`);
        continue;
      }
      addSchema(imported, path);
    }
  };
  const unlocated: Array<{ imp: XmlElement; from: string }> = [];
  for (const types of kids(root, NS.wsdl, 'types')) for (const s of kids(types, NS.xsd, 'schema')) addSchema(s, file);
  // An import without a location names a namespace another schema of the WSDL must declare; XML Schema's own needs none.
  const declared = new Set([...schemas.map((s) => s.targetNamespace), NS.xsd]);
  for (const { imp, from } of unlocated) {
    const ns = imp.attrs.get('namespace') ?? '';
    if (!declared.has(ns)) problems.add(from, imp, 's:import', `the namespace ${ns || '(none)'} has no schema in the WSDL and no schemaLocation; its types are not read`);
  }
  return {
    file,
    root,
    targetNamespace: root.attrs.get('targetNamespace') ?? '',
    schemas,
    messages: byName('message'),
    portTypes: byName('portType'),
    bindings: byName('binding'),
    services: kids(root, NS.wsdl, 'service'),
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
