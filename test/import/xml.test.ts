/**
 * Issue 17, item 15: the importer reads WSDL and XML Schema with a maintained parser (saxes) and keeps what its
 * problems need: the line and column of every element's `<`, the attributes as written, the namespaces in scope.
 * Malformed XML is refused with its place, including what the hand-written reader it replaced let through.
 */
import { describe, expect, it } from 'vitest';
import { importWsdl, WsdlImportError } from '../../generator/import/index.js';
import { parseXml, resolveQName, XmlReadError, type XmlElement } from '../../generator/import/xml.js';

const place = (e: XmlElement) => `${e.line}:${e.column}`;

describe('the importer reads XML with positions', () => {
  it("places each element at its '<', counting lines by LF (CRLF too) and columns in UTF-16 units from 1", () => {
    const root = parseXml(
      '\ufeff<?xml version="1.0"?>\r\n<a xmlns="urn:a" xmlns:p="urn:p">\r\n\t<p:b\r\n x="1"/>\u{1F600}<c/>\n  <!-- <d/> -->\n  <e><![CDATA[<f/>]]></e>\n</a>',
    );
    expect(place(root)).toBe('2:1');
    expect(root.children.map((c) => `${c.ns} ${c.name} ${place(c)}`)).toEqual([
      'urn:p b 3:2',
      'urn:a c 4:11',
      'urn:a e 6:3',
    ]);
  });

  it('keeps attributes as written, decoded, and the namespaces in scope, inherited and redeclared', () => {
    const root = parseXml(
      '<s:schema xmlns:s="urn:s" xmlns:t="urn:t" name="a &amp; b &#x41;&quot;"><s:element xmlns:t="urn:t2" type="t:X"/><s:element type="t:X"/></s:schema>',
    );
    expect(Object.fromEntries(root.attrs)).toEqual({ 'xmlns:s': 'urn:s', 'xmlns:t': 'urn:t', name: 'a & b A"' });
    expect(root.children.map((c) => resolveQName(c, c.attrs.get('type')!))).toEqual([
      { ns: 'urn:t2', local: 'X' },
      { ns: 'urn:t', local: 'X' },
    ]);
    expect(resolveQName(root, 'u:X')).toBeUndefined();
  });

  it('joins the character data directly inside an element: text, references and CDATA', () => {
    const root = parseXml('<doc>one &lt;two&gt; <![CDATA[<three/> & ]]><i>not this</i>four</doc>');
    expect(root.text).toBe('one <two> <three/> & four');
  });

  it('reads an XML declaration after leading line breaks (as WSDLs saved from pages start), positions unchanged', () => {
    // test/fixtures/wsdl/threepl-contracts/ServiceExternal.wsdl starts this way.
    const root = parseXml('\n\r\n<?xml version="1.0" encoding="utf-8"?>\n<a>\n  <b/>\n</a>');
    expect(place(root)).toBe('4:1');
    expect(root.children.map(place)).toEqual(['5:3']);
    // Anything else before the declaration, or a second one, is still refused.
    expect(() => parseXml('x<?xml version="1.0"?><a/>')).toThrow(XmlReadError);
    expect(() => parseXml('\n<?xml version="1.0"?><?xml version="1.0"?><a/>')).toThrow(XmlReadError);
  });

  it('reads a DOCTYPE without an internal subset', () => {
    expect(parseXml('<?xml version="1.0"?>\n<!DOCTYPE definitions>\n<definitions/>').name).toBe('definitions');
  });

  it.each([
    [
      'a DOCTYPE with an internal subset (never expanded)',
      '<!DOCTYPE a [<!ENTITY e "boom">]>\n<a>&e;</a>',
      '1:1',
      /a DOCTYPE with an internal subset is not supported/,
    ],
    ['a prefix nobody declares', '<a>\n  <p:b/>\n</a>', '2:8', /unbound namespace prefix: "p"/],
    ['an end tag for another element', '<a>\n<b></a>', '2:4', /^end tag <\/a> does not match <b>$/],
    ['an element never closed', '<a><b></b>', '1:10', /unclosed tag: a/],
    ['an entity XML does not define', '<a>&nbsp;</a>', '1:9', /undefined entity/],
    ['two root elements', '<a/><b/>', '1:7', /only one root/],
    // The hand-written reader let these through.
    ['a "<" in an attribute value', '<a x="<"/>', '1:7', /disallowed character/],
    ['a control character', '<a>\u0001</a>', '1:4', /disallowed character/],
    [
      'one attribute twice under two prefixes of one namespace',
      '<a xmlns:p="urn:x" xmlns:q="urn:x" p:n="1" q:n="2"/>',
      '1:52',
      /duplicate attribute: \{urn:x\}n/,
    ],
  ])('refuses %s, saying where', (_label, xml, at, message) => {
    let error: unknown;
    try {
      parseXml(xml);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(XmlReadError);
    const { line, column, message: text } = error as XmlReadError;
    expect(`${line}:${column}`).toBe(at);
    expect(text).toMatch(new RegExp(`^${at}: `));
    expect(text.slice(at.length + 2)).toMatch(message);
  });

  it('names the file, line and column when a WSDL is not well-formed', () => {
    expect(() =>
      importWsdl(
        '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n  <wsdl:types x="<"/>\n</wsdl:definitions>',
        'Bad.wsdl',
      ),
    ).toThrow(new WsdlImportError('Bad.wsdl:2:18: cannot read the WSDL: disallowed character'));
  });
});
