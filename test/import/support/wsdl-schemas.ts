/**
 * The schemas of a WSDL for libxml2 (test/helpers/xsd.ts), its imported documents included: the schemas inline in
 * the WSDL, and every XSD document reached through `schemaLocation` from it or from a WSDL it imports (`wsdl:import
 * location`), recursively (WCF's split metadata: `?wsdl=wsdl0`, `?xsd=xsd0`..). An imported XSD keeps the name it is
 * referenced by, so that libxml2 finds it from the `xs:import`s of the others. A set saved with its URLs (a
 * manifest.yml beside it) has each URL it names read as the file the manifest maps it to.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
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

/** Local references (not URLs) of `attribute` in `text`. */
function references(text: string, attribute: string): string[] {
  return [...text.matchAll(new RegExp(`\\s${attribute}\\s*=\\s*"([^"]+)"`, 'g'))].map((m) => m[1]!).filter((r) => !/^[a-z][\w+.-]*:/i.test(r));
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
  const visit = (from: string, document: string) => {
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
      const namespace = /\stargetNamespace\s*=\s*"([^"]*)"/.exec(/<(?:[\w.-]+:)?schema\b[^>]*>/.exec(xsd)?.[0] ?? '')?.[1] ?? '';
      files.push({ fileName: location, targetNamespace: namespace, contents: xsd });
      visit(path, xsd);
    }
  };
  visit(wsdlPath, text);
  if (files.length === 0) throw new Error('the WSDL has no schema, inline or imported');
  return undeclaredImports(files).map((f) => ({ ...f, contents: dataSetsLoose(f.contents) }));
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
    const prefixes = new Map([...start[0].matchAll(/\sxmlns:([\w.-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const));
    const imported = new Set([...f.contents.matchAll(/<(?:[\w.-]+:)?import\b[^>]*\snamespace\s*=\s*"([^"]*)"/g)].map((m) => m[1]!));
    const named = new Set([...f.contents.matchAll(/\s(?:type|base|ref|itemType)\s*=\s*"([\w.-]+):/g)].map((m) => prefixes.get(m[1]!)));
    const missing = files.filter((o) => o !== f && o.targetNamespace !== f.targetNamespace && named.has(o.targetNamespace) && !imported.has(o.targetNamespace));
    if (missing.length === 0) return f;
    const imports = missing.map((o) => `<${start[1] ?? ''}import namespace="${o.targetNamespace}" schemaLocation="${o.fileName}"/>`).join('');
    const at = start.index + start[0].length;
    return { ...f, contents: f.contents.slice(0, at) + imports + f.contents.slice(at) };
  });
}
