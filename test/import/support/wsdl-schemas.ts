/**
 * The schemas of a WSDL for libxml2 (test/helpers/xsd.ts), its imported documents included: the schemas inline in
 * the WSDL, and every XSD document reached through `schemaLocation` from it or from a WSDL it imports (`wsdl:import
 * location`), recursively (WCF's split metadata: `?wsdl=wsdl0`, `?xsd=xsd0`..). An imported XSD keeps the name it is
 * referenced by, so that libxml2 finds it from the `xs:import`s of the others. A set saved with its URLs (a
 * manifest.yml beside it) has each URL it names read as the file the manifest maps it to.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { findStandIn, standInNames } from '../../../generator/import/stand-in.js';
import { repoRoot } from '../../helpers/paths.js';
import { extractSchemas, type XsdFile } from '../../helpers/xsd.js';
import { published } from './manifest.js';

/**
 * `<s:element ref="s:schema"/><s:any/>` (a .NET DataSet) read as what it shapes, as test/import/end-to-end.test.ts
 * reads it: one element of the XML Schema namespace followed by one element, content unchecked (libxml2 has no Schema
 * for Schemas; the diffgram is declared nowhere in the WSDL).
 */
function dataSetsLoose(contents: string): string {
  return contents.replace(
    /<(\w+):element ref="\1:schema"\s*\/>\s*<\1:any\s*\/>/g,
    '<$1:any namespace="http://www.w3.org/2001/XMLSchema" processContents="skip"/><$1:any processContents="skip"/>',
  );
}

/**
 * `<s:complexType mixed="true"><s:sequence><s:any/></s:sequence></s:complexType>` (a .NET XmlNode, SharePoint's
 * `query`, `GetListResult`..) with its wildcard lax: .NET's XmlSerializer writes whatever markup the service holds there
 * without validating it against `s:any`, so real answers carry elements declared nowhere too (the mock's example is
 * one such). Only this shape is loosened: a strict `s:any` anywhere else is still checked.
 */
function xmlNodesLax(contents: string): string {
  return contents.replace(
    /(<(\w+):complexType mixed="true">\s*<\2:sequence>\s*)<\2:any\s*\/>(\s*<\/\2:sequence>\s*<\/\2:complexType>)/g,
    '$1<$2:any processContents="lax"/>$3',
  );
}

/** Local references (not URLs) of `attribute` in `text`. */
function references(text: string, attribute: string): string[] {
  return [...text.matchAll(new RegExp(`\\s${attribute}\\s*=\\s*"([^"]+)"`, 'g'))]
    .map((m) => m[1]!)
    .filter((r) => !/^[a-z][\w+.-]*:/i.test(r));
}

/**
 * The file beside `from` that stands for the schema a URL `schemaLocation` names, found as the import finds it
 * (generator/import/stand-in.ts: a saved `?xsd=xsdN`), or undefined. libxml2 here reads no URL, so without it such a
 * reference fails to load; with it the schema is checked against what the import drafted from.
 */
function standInFor(url: string, namespace: string | undefined, from: string, entry: string): string | undefined {
  const candidates = standInNames(url, namespace, 'schema', entry).map((n) => join(dirname(from), n));
  const found = findStandIn(candidates, namespace, 'schema', (path) => readFileSync(path, 'utf8'));
  return 'found' in found ? found.found.at : undefined;
}

export function wsdlSchemas(wsdlPath: string): XsdFile[] {
  // A set saved with its URLs (manifest.yml beside it) names its documents by URL: each is named by its file instead.
  const set = published(relative(repoRoot, dirname(wsdlPath)));
  const read = (path: string) => {
    const text = readFileSync(path, 'utf8');
    if (!set) return text;
    return text.replace(/(\s(?:schemaLocation|location)\s*=\s*")([^"]+)"/g, (m, attr: string, location: string) => {
      const file = URL.canParse(location) ? set.files.get(new URL(location).href) : undefined;
      return file !== undefined && dirname(file) === dirname(path) ? `${attr}${basename(file)}"` : m;
    });
  };
  const text = read(wsdlPath);
  const files: XsdFile[] = /<(?:[A-Za-z_][\w.-]*:)?schema\b/.test(text) ? extractSchemas(text) : [];
  const seen = new Set<string>();
  /** URL -> the local name its stand-in is given (schemaLocation attributes are rewritten to it). */
  const urls = new Map<string, string>();
  const visit = (from: string, document: string) => {
    for (const [tag] of document.matchAll(/<(?:[\w.-]+:)?(?:import|include)\b[^>]*>/g)) {
      const url = /\sschemaLocation\s*=\s*"(https?:[^"]+)"/.exec(tag)?.[1];
      if (url === undefined || urls.has(url)) continue;
      const namespace = /\snamespace\s*=\s*"([^"]*)"/.exec(tag)?.[1];
      const path = standInFor(url, namespace, from, wsdlPath);
      if (path === undefined || seen.has(path)) continue;
      seen.add(path);
      const name = path.slice(dirname(path).length + 1);
      urls.set(url, name);
      const xsd = readFileSync(path, 'utf8').replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '');
      const targetNamespace =
        /\stargetNamespace\s*=\s*"([^"]*)"/.exec(/<(?:[\w.-]+:)?schema\b[^>]*>/.exec(xsd)?.[0] ?? '')?.[1] ?? '';
      files.push({ fileName: name, targetNamespace, contents: xsd });
      visit(path, xsd);
    }
    for (const location of references(document, 'location')) {
      const path = join(dirname(from), location);
      if (seen.has(path) || !existsSync(path)) continue;
      seen.add(path);
      visit(path, read(path));
    }
    for (const location of references(document, 'schemaLocation')) {
      const path = join(dirname(from), location);
      if (seen.has(path) || !existsSync(path)) continue;
      seen.add(path);
      const xsd = read(path).replace(/^\uFEFF?<\?xml[^>]*\?>\s*/, '');
      const namespace =
        /\stargetNamespace\s*=\s*"([^"]*)"/.exec(/<(?:[\w.-]+:)?schema\b[^>]*>/.exec(xsd)?.[0] ?? '')?.[1] ?? '';
      files.push({ fileName: location, targetNamespace: namespace, contents: xsd });
      visit(path, xsd);
    }
  };
  visit(wsdlPath, text);
  if (files.length === 0) throw new Error('the WSDL has no schema, inline or imported');
  const local = (contents: string) =>
    contents.replace(/(\sschemaLocation\s*=\s*")(https?:[^"]+)"/g, (whole, start: string, url: string) =>
      urls.has(url) ? `${start}${urls.get(url)!}"` : whole,
    );
  return undeclaredImports(files).map((f) => ({ ...f, contents: xmlNodesLax(dataSetsLoose(local(f.contents))) }));
}

/**
 * The http(s) URLs a WSDL names as documents to read (an import's or include's `location` / `schemaLocation`), in it
 * and in the local documents it reaches: node-soap would fetch them over the network when it starts. A port's
 * `soap:address location` is not a document and is not counted.
 */
export function remoteDocuments(wsdlPath: string): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (from: string, document: string) => {
    for (const m of document.matchAll(
      /<(?:[\w.-]+:)?(?:import|include|redefine)\b[^>]*?\s(?:schemaLocation|location)\s*=\s*"([^"]+)"/g,
    )) {
      const location = m[1]!;
      if (/^https?:/i.test(location)) {
        found.add(location);
        continue;
      }
      if (/^[a-z][\w+.-]*:/i.test(location)) continue;
      const path = join(dirname(from), location);
      if (seen.has(path) || !existsSync(path)) continue;
      seen.add(path);
      visit(path, readFileSync(path, 'utf8'));
    }
  };
  visit(wsdlPath, readFileSync(wsdlPath, 'utf8'));
  return [...found].sort();
}

/**
 * XFire's WSDLs (atlassian-crowd) refer from one inline schema to the types of another without an `xs:import`, which
 * Java and .NET tooling accept and libxml2 refuses ("References from this schema to components in the namespace ...
 * are not allowed"): each schema gets an import, with its location, of every other schema's namespace that one of its
 * QName attributes (type, base, ref, itemType) names and that it does not import itself.
 */
function undeclaredImports(files: XsdFile[]): XsdFile[] {
  return files.map((f) => {
    const start = /<([\w.-]+:)?schema\b[^>]*>/.exec(f.contents);
    if (!start) return f;
    const prefixes = new Map(
      [...start[0].matchAll(/\sxmlns:([\w.-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const),
    );
    const imported = new Set(
      [...f.contents.matchAll(/<(?:[\w.-]+:)?import\b[^>]*\snamespace\s*=\s*"([^"]*)"/g)].map((m) => m[1]!),
    );
    const named = new Set(
      [...f.contents.matchAll(/\s(?:type|base|ref|itemType)\s*=\s*"([\w.-]+):/g)].map((m) => prefixes.get(m[1]!)),
    );
    const missing = files.filter(
      (o) =>
        o !== f &&
        o.targetNamespace !== f.targetNamespace &&
        named.has(o.targetNamespace) &&
        !imported.has(o.targetNamespace),
    );
    if (missing.length === 0) return f;
    const imports = missing
      .map((o) => `<${start[1] ?? ''}import namespace="${o.targetNamespace}" schemaLocation="${o.fileName}"/>`)
      .join('');
    const at = start.index + start[0].length;
    return { ...f, contents: f.contents.slice(0, at) + imports + f.contents.slice(at) };
  });
}
