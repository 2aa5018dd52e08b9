/**
 * XML Schema validation with libxml2 (xmllint-wasm): the schemas of a WSDL's `wsdl:types` taken out as standalone
 * XSD files, and instance documents validated against them, many per xmllint run (each run starts a worker and
 * compiles the schema, which costs far more than validating one more document).
 */
import { readFileSync } from 'node:fs';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

export interface XsdFile {
  readonly fileName: string;
  readonly targetNamespace: string;
  readonly contents: string;
}

const SCHEMA = /<((?:[A-Za-z_][\w.-]*:)?)schema\b[^>]*>[\s\S]*?<\/\1schema>/g;

/**
 * Every `s:schema` of a WSDL as a standalone XSD: the namespace declarations in scope on `wsdl:definitions` copied
 * onto it (its own win), and each `s:import` of another of the WSDL's schemas given a `schemaLocation` naming that
 * schema's file, so libxml2 finds it. The service's schema comes first, as the WSDL has them.
 */
export function extractSchemas(wsdl: string): XsdFile[] {
  const definitions = /<(?:[A-Za-z_][\w.-]*:)?definitions\b[^>]*>/.exec(wsdl)?.[0];
  if (definitions === undefined) throw new Error('no wsdl:definitions start tag');
  const inherited = [...definitions.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=\s*"([^"]*)"/g)].map(
    (m) => [m[1]!, m[2]!] as const,
  );
  const texts = [...wsdl.matchAll(SCHEMA)].map((m) => m[0]);
  if (texts.length === 0) throw new Error('the WSDL has no schema');
  const files = texts.map((text, i) => ({
    text,
    targetNamespace: attribute(startTag(text), 'targetNamespace') ?? '',
    fileName: `schema${i}.xsd`,
  }));
  return files.map(({ text, targetNamespace, fileName }) => {
    const start = startTag(text);
    const own = new Set([...start.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=/g)].map((m) => m[1]!));
    const added = inherited
      .filter(([name]) => !own.has(name))
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    let contents = start.replace(/(\/?>)$/, `${added}$1`) + text.slice(start.length);
    contents = contents.replace(
      /<((?:[\w.-]+:)?)import\b([^>]*?)(\/?)>/g,
      (whole, prefix: string, attrs: string, close: string) => {
        // An import without a namespace attribute is of the schema in no namespace.
        const ns = attribute(attrs, 'namespace') ?? '';
        const target = files.find((f) => f.targetNamespace === ns);
        if (target === undefined || /schemaLocation\s*=/.test(attrs)) return whole;
        return `<${prefix}import${attrs.replace(/\s+$/, '')} schemaLocation="${target.fileName}" ${close}>`;
      },
    );
    return { fileName, targetNamespace, contents };
  });
}

/** The service's schema (the first) of a WSDL that has only one, as standalone XSD text. */
export function extractSchema(wsdl: string): string {
  const schemas = extractSchemas(wsdl);
  if (schemas.length !== 1) throw new Error(`expected one schema, the WSDL has ${schemas.length}: use extractSchemas`);
  return schemas[0]!.contents;
}

/**
 * Validates each document of `documents` (name -> XML) against `xsd` (an XSD text, or the files of
 * extractSchemas: a document may then have its root in any of their namespaces) in one xmllint run, and returns the error messages
 * per document name (an empty list for a valid one). Throws when the schema itself does not compile.
 */
export async function validateAll(
  xsd: string | readonly XsdFile[],
  documents: Readonly<Record<string, string>>,
): Promise<Map<string, string[]>> {
  const given: readonly XsdFile[] =
    typeof xsd === 'string' ? [{ fileName: 'schema0.xsd', targetNamespace: '', contents: xsd }] : xsd;
  const schemas = withXmlNamespace(given);
  // xmllint takes one schema; with several, one that imports them all makes every namespace's elements roots.
  const main =
    given.length === 1
      ? schemas[0]!
      : {
          fileName: 'all.xsd',
          contents: `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${schemas
            .filter((s) => s.fileName !== XML_NAMESPACE_FILE)
            // A schema in no namespace is included: this one has none either, and XML Schema imports only others.
            .map((s) =>
              s.targetNamespace === ''
                ? `<xs:include schemaLocation="${s.fileName}"/>`
                : `<xs:import namespace="${s.targetNamespace}" schemaLocation="${s.fileName}"/>`,
            )
            .join('')}</xs:schema>`,
        };
  const names = Object.keys(documents);
  const files: XMLFileInfo[] = names.map((name, i) => ({ fileName: `doc${i}.xml`, contents: documents[name]! }));
  const result = await validateXML({
    xml: files,
    schema: { fileName: main.fileName, contents: main.contents },
    preload: schemas.filter((s) => s !== main).map((s) => ({ fileName: s.fileName, contents: s.contents })),
    // Room for schemas of a few hundred types and some hundred documents.
    initialMemoryPages: 512,
    maxMemoryPages: 4096,
  });
  const errors = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const e of result.errors) {
    const index = e.loc ? Number(/^doc(\d+)\.xml$/.exec(e.loc.fileName)?.[1] ?? NaN) : NaN;
    const name = names[index];
    if (name !== undefined) errors.get(name)!.push(e.message);
    else if (!e.rawMessage.trim().endsWith(' fails to validate') && !isRepeatedImport(e.rawMessage))
      throw new Error(`xmllint: ${e.rawMessage}`);
  }
  return errors;
}

/**
 * libxml2's warning that a namespace is imported a second time under another location, which it skips (EPCIS's
 * schemas import EPCglobal.xsd as `EPCglobal.xsd` from one file and `./EPCglobal.xsd` from another: one file, two
 * spellings). Not a fault of the schema: a declaration truly missing after the skip is still a parser error.
 */
function isRepeatedImport(message: string): boolean {
  return /Schemas parser warning : .*Skipping import of schema located at '[^']*' for the namespace '[^']*', since this namespace was already imported/.test(
    message,
  );
}

/** The error messages of validating one document against `xsd`; empty when it is valid. */
export async function validateAgainst(xsd: string | readonly XsdFile[], xml: string): Promise<string[]> {
  return (await validateAll(xsd, { document: xml })).get('document')!;
}

/** The namespace of `xml:lang`, `xml:space`, `xml:base` and `xml:id`, whose prefix is bound in every document. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** The name the schema of the xml: namespace is given among the files libxml2 reads. */
const XML_NAMESPACE_FILE = 'w3c-xml-namespace.xsd';

/**
 * `schemas` with the xml: namespace's schema (test/helpers/xml-namespace.xsd) among them where one of them imports
 * that namespace or refers to its attributes: libxml2 has no built-in schema for it and reads no URL, so an import of
 * it without a local `schemaLocation` (or with the W3C's URL) is pointed at the local file, and a schema that refers
 * to `xml:` components without importing the namespace is given the import XML Schema requires.
 */
function withXmlNamespace(schemas: readonly XsdFile[]): XsdFile[] {
  const escaped = XML_NAMESPACE.replace(/[./]/g, '\\$&');
  const importTag = () =>
    new RegExp(`<((?:[\\w.-]+:)?)import\\b([^>]*?\\snamespace\\s*=\\s*"${escaped}"[^>]*?)(\\/?)>`, 'g');
  const refersToXml = /\s(?:ref|type|base|itemType|memberTypes)\s*=\s*"(?:[^"]*\s)?xml:/;
  let used = false;
  const files = schemas.map((f) => {
    const imports = importTag().test(f.contents);
    let contents = f.contents.replace(importTag(), (_whole, prefix: string, attrs: string, close: string) => {
      const local = attrs.replace(/\s+schemaLocation\s*=\s*"[^"]*"/, '').replace(/\s+$/, '');
      return `<${prefix}import${local} schemaLocation="${XML_NAMESPACE_FILE}"${close === '/' ? ' /' : ''}>`;
    });
    const start = /<([\w.-]+:)?schema\b[^>]*>/.exec(contents);
    if (!imports && start && refersToXml.test(contents)) {
      const at = start.index + start[0].length;
      contents = `${contents.slice(0, at)}<${start[1] ?? ''}import namespace="${XML_NAMESPACE}" schemaLocation="${XML_NAMESPACE_FILE}"/>${contents.slice(at)}`;
    }
    if (!imports && contents === f.contents) return f;
    used = true;
    return { ...f, contents };
  });
  if (!used) return files;
  const contents = readFileSync(new URL('./xml-namespace.xsd', import.meta.url), 'utf8').replace(
    /^\uFEFF?<\?xml[^>]*\?>\s*/,
    '',
  );
  return [...files, { fileName: XML_NAMESPACE_FILE, targetNamespace: XML_NAMESPACE, contents }];
}

function startTag(text: string): string {
  return /^<[^>]*>/.exec(text)![0];
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
}
