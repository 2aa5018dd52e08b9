/**
 * XML Schema validation with libxml2 (xmllint-wasm): the schemas of a WSDL's `wsdl:types` taken out as standalone
 * XSD files, and instance documents validated against them, many per xmllint run (each run starts a worker and
 * compiles the schema, which costs far more than validating one more document).
 */
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
  const inherited = [...definitions.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const);
  const texts = [...wsdl.matchAll(SCHEMA)].map((m) => m[0]);
  if (texts.length === 0) throw new Error('the WSDL has no schema');
  const files = texts.map((text, i) => ({ text, targetNamespace: attribute(startTag(text), 'targetNamespace') ?? '', fileName: `schema${i}.xsd` }));
  return files.map(({ text, targetNamespace, fileName }) => {
    const start = startTag(text);
    const own = new Set([...start.matchAll(/\s(xmlns(?::[\w.-]+)?)\s*=/g)].map((m) => m[1]!));
    const added = inherited
      .filter(([name]) => !own.has(name))
      .map(([name, value]) => ` ${name}="${value}"`)
      .join('');
    let contents = start.replace(/(\/?>)$/, `${added}$1`) + text.slice(start.length);
    contents = contents.replace(/<((?:[\w.-]+:)?)import\b([^>]*?)(\/?)>/g, (whole, prefix: string, attrs: string, close: string) => {
      // An import without a namespace attribute is of the schema in no namespace.
      const ns = attribute(attrs, 'namespace') ?? '';
      const target = files.find((f) => f.targetNamespace === ns);
      if (target === undefined || /schemaLocation\s*=/.test(attrs)) return whole;
      return `<${prefix}import${attrs.replace(/\s+$/, '')} schemaLocation="${target.fileName}" ${close}>`;
    });
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
export async function validateAll(xsd: string | readonly XsdFile[], documents: Readonly<Record<string, string>>): Promise<Map<string, string[]>> {
  const schemas: readonly XsdFile[] = typeof xsd === 'string' ? [{ fileName: 'schema0.xsd', targetNamespace: '', contents: xsd }] : xsd;
  // xmllint takes one schema; with several, one that imports them all makes every namespace's elements roots.
  const main =
    schemas.length === 1
      ? schemas[0]!
      : {
          fileName: 'all.xsd',
          contents: `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${schemas
            // A schema in no namespace is included: this one has none either, and XML Schema imports only others.
            .map((s) => (s.targetNamespace === '' ? `<xs:include schemaLocation="${s.fileName}"/>` : `<xs:import namespace="${s.targetNamespace}" schemaLocation="${s.fileName}"/>`))
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
    else if (!/ fails to validate$/.test(e.rawMessage.trim())) throw new Error(`xmllint: ${e.rawMessage}`);
  }
  return errors;
}

/** The error messages of validating one document against `xsd`; empty when it is valid. */
export async function validateAgainst(xsd: string | readonly XsdFile[], xml: string): Promise<string[]> {
  return (await validateAll(xsd, { document: xml })).get('document')!;
}

function startTag(text: string): string {
  return /^<[^>]*>/.exec(text)![0];
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
}
