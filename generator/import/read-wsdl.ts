/**
 * Reads a WSDL 1.1 document: its parts by name (messages, port types, bindings, the service) and its XML Schemas,
 * the inline ones and those it reaches by location: WSDLs it imports (`wsdl:import`, as WCF splits its metadata into
 * `?wsdl`, `?wsdl=wsdl0`) and schemas (`xs:import` / `xs:include` with a `schemaLocation`, WCF's `?xsd=xsd0`), read
 * from the folder of the first file or the origin of its URL, within {@link DOCUMENT_LIMITS}; a URL named in a file
 * is never fetched, a file beside the naming document stands for it (stand-in.ts). Each node is kept with the
 * document it comes from, for positions in problems.
 */
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileFailure } from '../load/read-failure.js';
import type { Problems } from './problems.js';
// The namespaces are the WSDL emitter's: the importer reads what it writes.
import { NS } from '../emit/wsdl/namespaces.js';
import { findStandIn, standInNames, type StandInFound, type Wanted } from './stand-in.js';
import { kids, parseXml, resolveQName, type QName, type XmlElement } from './xml.js';
import { isHttpUrl } from '../model/text.js';

export interface SchemaDoc {
  readonly node: XmlElement;
  readonly targetNamespace: string;
  readonly file: string;
}

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

/** Reads a document the WSDL reaches, by its path or URL as resolved from the document naming it. */
export type ReadFile = (path: string) => string;

/** WCF's Serialization schema: its `guid`, `char` and `duration` are the spec's primitives; the rest no contract uses. */
export const WCF_SERIALIZATION = 'http://schemas.microsoft.com/2003/10/Serialization/';

/** How much one import reads at most: documents (the first included), and characters of all of them. */
export const DOCUMENT_LIMITS = { documents: 50, characters: 16 * 1024 * 1024 } as const;

const SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where `location`, named in the document at `from`, leads, or why it is not read: a URL is followed on the origin
 * of the first document's URL only, a file within the folder of the first file only (the same rule for a `file:` URL).
 */
export function resolveLocation(
  location: string,
  from: string,
  first: string,
): { readonly at: string } | { readonly refused: string } {
  if (isHttpUrl(first)) {
    let url: URL;
    try {
      url = new URL(location, from);
    } catch {
      return { refused: `${location} is not a URL` };
    }
    if (url.origin !== new URL(first).origin)
      return { refused: `${location} is not on the origin of ${first} (${new URL(first).origin}); it is not read` };
    url.hash = '';
    return { at: url.href };
  }
  let path: string;
  if (/^file:/i.test(location)) {
    try {
      path = fileURLToPath(location);
    } catch {
      return { refused: `${location} is not a file URL` };
    }
  } else if (SCHEME_PATTERN.test(location) && !/^[a-z]:[\\/]/i.test(location)) {
    return { refused: `${location} is not a local file and is not read` };
  } else {
    path = isAbsolute(location) ? location : join(dirname(from), decodeURIComponent(location));
  }
  const folder = dirname(first);
  const inside =
    isAbsolute(path) && !isAbsolute(folder) ? relative(join(process.cwd(), folder), path) : relative(folder, path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    return { refused: `${location} is outside the folder of ${first}; it is not read` };
  }
  return { at: normalize(join(folder, inside)) };
}

export function readWsdl(text: string, file: string, problems: Problems, readFile: ReadFile): WsdlDoc {
  if (text.length > DOCUMENT_LIMITS.characters)
    throw new Error(`${file}: larger than ${DOCUMENT_LIMITS.characters / 1024 / 1024} MiB; not read`);
  const root = parseXml(text);
  if (root.ns !== NS.wsdl || root.name !== 'definitions') {
    throw new Error(`${file}: not a WSDL 1.1 document (the root is <${root.name}> in "${root.ns}")`);
  }
  const definitions: Array<{ root: XmlElement; file: string }> = [];
  const schemas: SchemaDoc[] = [];
  const loaded = new Set<string>([file]);
  let characters = text.length;
  const unlocated: Array<{ imp: XmlElement; from: string }> = [];

  /** The file standing for each URL a stand-in was found for, so that the note is given once per URL. */
  const standIns = new Map<string, string>();

  /**
   * The document `imp` names by `location`, parsed, or undefined when it is refused or cannot be read (reported). A
   * URL named in a WSDL read from a file is not fetched: a file beside the naming document may stand for it (see
   * stand-in.ts); `namespace` is the one the reference names, which the stand-in must declare.
   */
  const follow = (
    imp: XmlElement,
    construct: string,
    location: string,
    from: string,
    want: Wanted,
    namespace?: { readonly name: string; readonly checked: boolean },
  ): { node: XmlElement; at: string } | undefined => {
    let target = resolveLocation(location, from, file);
    let standIn: StandInFound | undefined;
    const known = standIns.get(location);
    if (known !== undefined) target = { at: known };
    else if ('refused' in target && isHttpUrl(location) && !isHttpUrl(file)) {
      const names = standInNames(location, namespace?.name, want, file);
      const paths = names.flatMap((n) => {
        const at = resolveLocation(n, from, file);
        return 'at' in at ? [at.at] : [];
      });
      const found = findStandIn(paths, namespace?.checked ? namespace.name : undefined, want, readFile);
      if (!('found' in found)) {
        const passed = found.passedOver.length > 0 ? `; passed over: ${found.passedOver.join('; ')}` : '';
        problems.add(
          from,
          imp,
          construct,
          `${location} is a URL, which a WSDL read from a file does not fetch, and no file beside it stands for it (looked for ${names.join(', ')}${passed}); save the document there under one of those names`,
        );
        return undefined;
      }
      standIn = found.found;
      target = { at: standIn.at };
      standIns.set(location, standIn.at);
      problems.note(
        from,
        imp,
        construct,
        `${location} is read from ${standIn.at} (a URL named in a file is not fetched)`,
      );
    }
    if ('refused' in target) {
      problems.add(from, imp, construct, target.refused);
      return undefined;
    }
    if (loaded.has(target.at)) return undefined;
    loaded.add(target.at);
    if (loaded.size > DOCUMENT_LIMITS.documents) {
      problems.add(
        from,
        imp,
        construct,
        `${location} is not read: a WSDL reaches at most ${DOCUMENT_LIMITS.documents} documents`,
      );
      return undefined;
    }
    let read: string;
    try {
      read = standIn?.text ?? readFile(target.at);
    } catch (error) {
      // A file's error names its absolute path: say what is wrong in the user's words instead.
      const why = (error as NodeJS.ErrnoException).code !== undefined ? fileFailure(error) : (error as Error).message;
      problems.add(from, imp, construct, `cannot read ${location}: ${why}`);
      return undefined;
    }
    characters += read.length;
    if (characters > DOCUMENT_LIMITS.characters) {
      problems.add(
        from,
        imp,
        construct,
        `${location} is not read: the documents of a WSDL hold at most ${DOCUMENT_LIMITS.characters / 1024 / 1024} MiB in all`,
      );
      return undefined;
    }
    try {
      const node = standIn?.node ?? parseXml(read);
      problems.register(node, target.at);
      return { node, at: target.at };
    } catch (error) {
      problems.add(from, imp, construct, `cannot read ${location}: ${(error as Error).message}`);
      return undefined;
    }
  };

  const addSchema = (node: XmlElement, from: string) => {
    const targetNamespace = node.attrs.get('targetNamespace') ?? '';
    schemas.push({ node, targetNamespace, file: from });
    // A schema of imports only (WCF's `http://tempuri.org/Imports`) has no local elements to qualify.
    const declares = node.children.some(
      (c) => c.ns === NS.xsd && c.name !== 'import' && c.name !== 'include' && c.name !== 'annotation',
    );
    // No loss (each local element is drafted with its form; what the format cannot say so is reported where it
    // stands): said on stderr, not counted as left out.
    if (declares && (node.attrs.get('elementFormDefault') ?? 'unqualified') !== 'qualified') {
      problems.note(
        from,
        node,
        'elementFormDefault',
        `the schema of ${targetNamespace || 'no namespace'} does not qualify its local elements: its local elements (fields, parameters, results, outputs, list items) are drafted form: unqualified, a qualified element inside one with its namespace as its own (namespace:)`,
      );
    }
    for (const imp of [...kids(node, NS.xsd, 'import'), ...kids(node, NS.xsd, 'include')]) {
      const location = imp.attrs.get('schemaLocation');
      if (location === undefined) {
        if (imp.name === 'import') unlocated.push({ imp, from });
        continue;
      }
      const namespace =
        imp.name === 'import'
          ? { name: imp.attrs.get('namespace') ?? '', checked: true }
          : { name: targetNamespace, checked: false };
      const imported = follow(imp, `s:${imp.name}`, location, from, 'schema', namespace);
      if (!imported) continue;
      if (imported.node.ns !== NS.xsd || imported.node.name !== 'schema') {
        problems.add(from, imp, `s:${imp.name}`, `${location} is not an XML Schema document`);
        continue;
      }
      addSchema(imported.node, imported.at);
    }
  };

  const addDefinitions = (node: XmlElement, from: string) => {
    definitions.push({ root: node, file: from });
    for (const imp of kids(node, NS.wsdl, 'import')) {
      const location = imp.attrs.get('location');
      if (location === undefined) {
        problems.add(
          from,
          imp,
          'wsdl:import',
          `the import of ${imp.attrs.get('namespace') ?? 'no namespace'} has no location; it is not read`,
        );
        continue;
      }
      const ns = imp.attrs.get('namespace');
      const imported = follow(
        imp,
        'wsdl:import',
        location,
        from,
        'wsdl',
        ns === undefined ? undefined : { name: ns, checked: true },
      );
      if (!imported) continue;
      if (imported.node.ns === NS.xsd && imported.node.name === 'schema') addSchema(imported.node, imported.at);
      else if (imported.node.ns !== NS.wsdl || imported.node.name !== 'definitions')
        problems.add(from, imp, 'wsdl:import', `${location} is neither a WSDL 1.1 document nor an XML Schema`);
      else addDefinitions(imported.node, imported.at);
    }
    for (const types of kids(node, NS.wsdl, 'types')) {
      for (const s of kids(types, NS.xsd, 'schema')) addSchema(s, from);
      // Axis and other Java stacks write `xsd:import` straight in wsdl:types, outside any schema: read it as the
      // schema import it stands for (WSDL 1.1 wants it inside an xsd:schema; every toolkit we know accepts both).
      for (const imp of kids(types, NS.xsd, 'import')) {
        const location = imp.attrs.get('schemaLocation');
        if (location === undefined) continue;
        const imported = follow(imp, 's:import', location, from, 'schema', {
          name: imp.attrs.get('namespace') ?? '',
          checked: true,
        });
        if (!imported) continue;
        if (imported.node.ns !== NS.xsd || imported.node.name !== 'schema')
          problems.add(from, imp, 's:import', `${location} is not an XML Schema document`);
        else addSchema(imported.node, imported.at);
      }
    }
  };
  problems.register(root, file);
  addDefinitions(root, file);

  // An import without a location names a namespace another schema of the WSDL must declare; XML Schema's own needs none,
  // nor does XML's, whose four attributes (xml:lang, …) every processor knows and the import drafts as they are.
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
