/**
 * The libxml2 harness (test/helpers/xsd.ts) compiles a schema that uses the xml: namespace, as Exchange's types.xsd
 * does (`<xs:import namespace="http://www.w3.org/XML/1998/namespace"/>` with no schemaLocation, then
 * `<xs:attribute ref="xml:lang"/>`): libxml2 has no schema of its own for it, so the harness supplies a local one.
 * Rows: how the schema reaches the namespace, and documents that must pass or fail against it.
 */
import { describe, expect, it } from 'vitest';
import { validateAll, XML_NAMESPACE, type XsdFile } from './xsd.js';

const NS = 'urn:test:xml-lang';

/** A schema of one element `<Reply>` whose `Message` child is text and whose attributes are xml:lang and xml:space. */
function schema(reach: 'import' | 'import with the W3C URL' | 'no import'): string {
  const imports =
    reach === 'import'
      ? `<xs:import namespace="${XML_NAMESPACE}" />`
      : reach === 'import with the W3C URL'
        ? `<xs:import namespace="${XML_NAMESPACE}" schemaLocation="http://www.w3.org/2001/xml.xsd"/>`
        : '';
  return (
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:t="${NS}" targetNamespace="${NS}" elementFormDefault="qualified">${imports}` +
    '<xs:element name="Reply"><xs:complexType><xs:sequence><xs:element name="Message" type="xs:string"/></xs:sequence>' +
    '<xs:attribute ref="xml:lang" use="optional"/><xs:attribute ref="xml:space"/></xs:complexType></xs:element></xs:schema>'
  );
}

const DOCUMENTS: ReadonlyArray<readonly [string, string, RegExp | undefined]> = [
  ['a language', `<Reply xmlns="${NS}" xml:lang="en-US"><Message>x</Message></Reply>`, undefined],
  ['no language (empty)', `<Reply xmlns="${NS}" xml:lang=""><Message>x</Message></Reply>`, undefined],
  ['no attribute', `<Reply xmlns="${NS}"><Message>x</Message></Reply>`, undefined],
  ['xml:space preserve', `<Reply xmlns="${NS}" xml:space="preserve"><Message>x</Message></Reply>`, undefined],
  ['a language that is no tag', `<Reply xmlns="${NS}" xml:lang="not a tag"><Message>x</Message></Reply>`, /lang/],
  ['an attribute the type does not declare', `<Reply xmlns="${NS}" xml:base="a/"><Message>x</Message></Reply>`, /base/],
];

describe('a schema using the xml: namespace compiles, with the harness’s schema of that namespace', () => {
  it.each(['import', 'import with the W3C URL', 'no import'] as const)('%s', async (reach) => {
    for (const xsd of [
      schema(reach),
      [{ fileName: 'reply.xsd', targetNamespace: NS, contents: schema(reach) }] satisfies XsdFile[],
    ]) {
      const errors = await validateAll(xsd, Object.fromEntries(DOCUMENTS.map(([name, xml]) => [name, xml])));
      for (const [name, , wrong] of DOCUMENTS) {
        if (wrong === undefined) expect(errors.get(name), name).toEqual([]);
        else expect(errors.get(name)!.join('; '), name).toMatch(wrong);
      }
    }
  });
});

/**
 * Found by a trial over WSDLs not in the corpus (issue 25): EPCIS's schemas import one file under two spellings
 * (`EPCglobal.xsd` from one, `./EPCglobal.xsd` from another). libxml2 warns that it skips the second import, and the
 * harness took the warning for a schema that does not compile. The schema compiles and validates; a declaration truly
 * missing is still an error.
 */
describe('a namespace imported from two files under two spellings of one location', () => {
  const BASE = 'urn:test:base';
  const TOP = 'urn:test:top';
  const MID = 'urn:test:mid';
  const base: XsdFile = {
    fileName: 'base.xsd',
    targetNamespace: BASE,
    contents: `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${BASE}"><xs:simpleType name="Code"><xs:restriction base="xs:string"><xs:maxLength value="3"/></xs:restriction></xs:simpleType></xs:schema>`,
  };
  const importing = (ns: string, location: string, type: string): XsdFile => ({
    fileName: `${ns.slice(9)}.xsd`,
    targetNamespace: ns,
    contents: `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:b="${BASE}" targetNamespace="${ns}"><xs:import namespace="${BASE}" schemaLocation="${location}"/><xs:element name="Item" type="${type}"/></xs:schema>`,
  });
  it('compiles: a valid document passes, an invalid one is still refused, a type declared nowhere or another warning is still an error', async () => {
    const files = [importing(TOP, 'base.xsd', 'b:Code'), base, importing(MID, './base.xsd', 'b:Code')];
    const found = await validateAll(files, {
      valid: `<Item xmlns="${MID}">abc</Item>`,
      invalid: `<Item xmlns="${MID}">abcd</Item>`,
    });
    expect(found.get('valid')).toEqual([]);
    expect(found.get('invalid')!.join('\n')).toMatch(/maxLength/);
    // A type the skipped import would have declared is still a parser error.
    const broken = [importing(TOP, 'base.xsd', 'b:Code'), base, importing(MID, './base.xsd', 'b:Missing')];
    await expect(validateAll(broken, { document: `<Item xmlns="${MID}">abc</Item>` })).rejects.toThrow(/Missing/);
    // Another warning (an import of a file that is not there; libxml2 prints warnings with a document's errors) still
    // fails the run.
    const absent: XsdFile = {
      fileName: 'absent-import.xsd',
      targetNamespace: MID,
      contents: `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${MID}"><xs:import namespace="urn:test:nowhere" schemaLocation="nowhere.xsd"/><xs:element name="Item" type="xs:string"/></xs:schema>`,
    };
    await expect(validateAll([absent], { document: `<Other xmlns="${MID}"/>` })).rejects.toThrow(/nowhere/);
  });
});
