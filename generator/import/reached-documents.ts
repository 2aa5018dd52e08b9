/**
 * The documents a WSDL reaches by location, read one reference at a time: WSDLs it imports (`wsdl:import`, as WCF
 * splits its metadata into `?wsdl`, `?wsdl=wsdl0`) and schemas (`xs:import` / `xs:include` with a `schemaLocation`,
 * WCF's `?xsd=xsd0`), from the folder of the first file or the origin of its URL, within {@link DOCUMENT_LIMITS}; a
 * URL named in a file is never fetched, a file beside the naming document stands for it (stand-in.ts). Split from
 * read-wsdl.ts, which indexes what this collects.
 */
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileFailure } from '../load/read-failure.js';
import type { Problems } from './problems.js';
// The namespaces are the WSDL emitter's: the importer reads what it writes.
import { NS } from '../emit/wsdl/namespaces.js';
import { findStandIn, standInNames, type StandInFound, type Wanted } from './stand-in.js';
import { kids, parseXml, type XmlElement } from './xml.js';
import { isHttpUrl } from '../model/text.js';

export interface SchemaDoc {
  readonly node: XmlElement;
  readonly targetNamespace: string;
  readonly file: string;
}

/** Reads a document the WSDL reaches, by its path or URL as resolved from the document naming it. */
export type ReadFile = (path: string) => string;

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

/** The namespace a reference names, which a stand-in must declare where `checked` (an include names none). */
type NamedNamespace = { readonly name: string; readonly checked: boolean };

/**
 * The WSDL definitions and schemas one WSDL reaches from its first document (`file`), collected in the order they
 * are met, each with the document it comes from. What is read so far (documents, characters, stand-ins found) is
 * kept across references, for the limits and so that each document is read once.
 */
export class ReachedDocuments {
  readonly definitions: Array<{ root: XmlElement; file: string }> = [];
  readonly schemas: SchemaDoc[] = [];
  /** Schema imports without a location: their namespace must be declared by a schema read (read-wsdl.ts checks). */
  readonly unlocated: Array<{ imp: XmlElement; from: string }> = [];
  private readonly loaded: Set<string>;
  private characters: number;
  /** The file standing for each URL a stand-in was found for, so that the note is given once per URL. */
  private readonly standIns = new Map<string, string>();

  constructor(
    private readonly file: string,
    text: string,
    private readonly problems: Problems,
    private readonly readFile: ReadFile,
  ) {
    this.loaded = new Set<string>([file]);
    this.characters = text.length;
  }

  /** A WSDL document: its own, then what it imports (depth first), then its wsdl:types' schemas. */
  addDefinitions(node: XmlElement, from: string): void {
    const { problems } = this;
    this.definitions.push({ root: node, file: from });
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
      const imported = this.follow(
        imp,
        'wsdl:import',
        location,
        from,
        'wsdl',
        ns === undefined ? undefined : { name: ns, checked: true },
      );
      if (!imported) continue;
      if (imported.node.ns === NS.xsd && imported.node.name === 'schema') this.addSchema(imported.node, imported.at);
      else if (imported.node.ns !== NS.wsdl || imported.node.name !== 'definitions')
        problems.add(from, imp, 'wsdl:import', `${location} is neither a WSDL 1.1 document nor an XML Schema`);
      else this.addDefinitions(imported.node, imported.at);
    }
    for (const types of kids(node, NS.wsdl, 'types')) this.addTypes(types, from);
  }

  /** A wsdl:types: its schemas, and the schema imports written straight in it. */
  private addTypes(types: XmlElement, from: string): void {
    for (const s of kids(types, NS.xsd, 'schema')) this.addSchema(s, from);
    // Axis and other Java stacks write `xsd:import` straight in wsdl:types, outside any schema: read it as the
    // schema import it stands for (WSDL 1.1 wants it inside an xsd:schema; every toolkit we know accepts both).
    for (const imp of kids(types, NS.xsd, 'import')) {
      const location = imp.attrs.get('schemaLocation');
      if (location === undefined) continue;
      const imported = this.follow(imp, 's:import', location, from, 'schema', {
        name: imp.attrs.get('namespace') ?? '',
        checked: true,
      });
      if (!imported) continue;
      if (imported.node.ns !== NS.xsd || imported.node.name !== 'schema')
        this.problems.add(from, imp, 's:import', `${location} is not an XML Schema document`);
      else this.addSchema(imported.node, imported.at);
    }
  }

  /** A schema, then those it imports and includes by location (depth first). */
  private addSchema(node: XmlElement, from: string): void {
    const { problems } = this;
    const targetNamespace = node.attrs.get('targetNamespace') ?? '';
    this.schemas.push({ node, targetNamespace, file: from });
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
        if (imp.name === 'import') this.unlocated.push({ imp, from });
        continue;
      }
      const namespace =
        imp.name === 'import'
          ? { name: imp.attrs.get('namespace') ?? '', checked: true }
          : { name: targetNamespace, checked: false };
      const imported = this.follow(imp, `s:${imp.name}`, location, from, 'schema', namespace);
      if (!imported) continue;
      if (imported.node.ns !== NS.xsd || imported.node.name !== 'schema') {
        problems.add(from, imp, `s:${imp.name}`, `${location} is not an XML Schema document`);
        continue;
      }
      this.addSchema(imported.node, imported.at);
    }
  }

  /**
   * The document `imp` names by `location`, parsed, or undefined when it is refused, already read or cannot be read
   * (reported). `namespace` is the one the reference names, which a stand-in must declare.
   */
  private follow(
    imp: XmlElement,
    construct: string,
    location: string,
    from: string,
    want: Wanted,
    namespace?: NamedNamespace,
  ): { node: XmlElement; at: string } | undefined {
    const target = this.locate(imp, construct, location, from, want, namespace);
    return target && this.load(imp, construct, location, from, target.at, target.standIn);
  }

  /**
   * Where the reference leads: resolved from `from`, or, for a URL named in a WSDL read from a file (which is not
   * fetched), the file beside the naming document that stands for it (stand-in.ts), noted once per URL. Undefined
   * (reported) when refused or when no stand-in is found.
   */
  private locate(
    imp: XmlElement,
    construct: string,
    location: string,
    from: string,
    want: Wanted,
    namespace: NamedNamespace | undefined,
  ): { readonly at: string; readonly standIn: StandInFound | undefined } | undefined {
    const { file, problems, standIns } = this;
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
      const found = findStandIn(paths, namespace?.checked ? namespace.name : undefined, want, this.readFile);
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
    return { at: target.at, standIn };
  }

  /**
   * The document at `at` (a stand-in's already read), parsed; undefined when it was read before, when reading it
   * would pass {@link DOCUMENT_LIMITS}, or when it cannot be read or parsed (the last three reported).
   */
  private load(
    imp: XmlElement,
    construct: string,
    location: string,
    from: string,
    at: string,
    standIn: StandInFound | undefined,
  ): { node: XmlElement; at: string } | undefined {
    const { loaded, problems } = this;
    if (loaded.has(at)) return undefined;
    loaded.add(at);
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
      read = standIn?.text ?? this.readFile(at);
    } catch (error) {
      // A file's error names its absolute path: say what is wrong in the user's words instead.
      const why = (error as NodeJS.ErrnoException).code !== undefined ? fileFailure(error) : (error as Error).message;
      problems.add(from, imp, construct, `cannot read ${location}: ${why}`);
      return undefined;
    }
    this.characters += read.length;
    if (this.characters > DOCUMENT_LIMITS.characters) {
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
      problems.register(node, at);
      return { node, at };
    } catch (error) {
      problems.add(from, imp, construct, `cannot read ${location}: ${(error as Error).message}`);
      return undefined;
    }
  }
}
