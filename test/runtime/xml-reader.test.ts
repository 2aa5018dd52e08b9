import { describe, expect, it } from 'vitest';
import { SvcDecodeError } from '../../templates/runtime/errors.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { thrown } from '../helpers/failures.js';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** A generic view of an element, built through the reader: text for leaves, children for the names in `records`. */
type Node = { name: string; ns: string; nil?: true; text?: string; children?: Node[] };

function readNode(r: XmlReader, records: ReadonlySet<string>): Node {
  const node: Node = { name: r.localName, ns: r.namespaceUri };
  if (r.isNil) {
    node.nil = true;
    r.skip();
  } else if (records.has(r.localName)) {
    node.children = [];
    while (r.nextChild()) node.children.push(readNode(r, records));
  } else {
    node.text = r.readText();
  }
  return node;
}

function read(xml: string, records: string[]): Node {
  const r = new XmlReader(xml);
  r.readRoot();
  return readNode(r, new Set(records));
}

const decodeError = (fn: () => unknown): SvcDecodeError => thrown(fn, SvcDecodeError);

/** Reads the text of the root's first child. */
function firstChildText(xml: string): string {
  const r = new XmlReader(xml);
  r.readRoot();
  expect(r.nextChild()).toBe(true);
  return r.readText();
}

describe('XmlReader: records and lists', () => {
  it('walks nested records in document order with names and namespaces', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<Result xmlns="urn:svc">
  <errorCode>0</errorCode>
  <Account>
    <Provider>Payer</Provider>
    <Owner><Name>A</Name><Id>00123</Id></Owner>
  </Account>
  <empty/>
</Result>`;
    expect(read(xml, ['Result', 'Account', 'Owner'])).toEqual({
      name: 'Result',
      ns: 'urn:svc',
      children: [
        { name: 'errorCode', ns: 'urn:svc', text: '0' },
        {
          name: 'Account',
          ns: 'urn:svc',
          children: [
            { name: 'Provider', ns: 'urn:svc', text: 'Payer' },
            {
              name: 'Owner',
              ns: 'urn:svc',
              children: [
                { name: 'Name', ns: 'urn:svc', text: 'A' },
                { name: 'Id', ns: 'urn:svc', text: '00123' },
              ],
            },
          ],
        },
        { name: 'empty', ns: 'urn:svc', text: '' },
      ],
    });
  });

  it.each([
    ['self-closing container', '<L/>', []],
    ['empty container', '<L></L>', []],
    ['container with whitespace only', '<L>\r\n   \t</L>', []],
    ['container with a comment', '<L><!-- none --></L>', []],
    ['two items', '<L><string>a</string><string>b</string></L>', ['a', 'b']],
    ['empty string items', '<L><string/><string></string></L>', ['', '']],
  ])('reads a list: %s', (_label, xml, want) => {
    const r = new XmlReader(xml);
    r.readRoot();
    const items: string[] = [];
    while (r.nextChild()) items.push(r.readText());
    expect(items).toEqual(want);
    expect(r.nextChild()).toBe(false);
  });

  it.each([
    ['xsi prefix', `<i xmlns:xsi="${XSI}" xsi:nil="true"/>`, true],
    ['another prefix', `<i xmlns:q1="${XSI}" q1:nil="true"/>`, true],
    ['prefix declared on an ancestor', `<i q:nil="true"/>`, true],
    ['value 1', `<i xmlns:x="${XSI}" x:nil="1"/>`, true],
    ['value with spaces', `<i xmlns:x="${XSI}" x:nil=" true "/>`, true],
    ['single quotes, not self-closing', `<i xmlns:x='${XSI}' x:nil='true'></i>`, true],
    ['value false', `<i xmlns:x="${XSI}" x:nil="false"/>`, false],
    ['value 0', `<i xmlns:x="${XSI}" x:nil="0"/>`, false],
    ['unprefixed nil (no namespace)', '<i nil="true"/>', false],
    ['nil in another namespace', '<i xmlns:x="urn:other" x:nil="true"/>', false],
    ['no attributes', '<i/>', false],
  ])('recognises xsi:nil: %s', (_label, item, nil) => {
    const r = new XmlReader(`<L xmlns:q="${XSI}">${item}</L>`);
    r.readRoot();
    expect(r.nextChild()).toBe(true);
    expect(r.isNil).toBe(nil);
    r.skip();
    expect(r.nextChild()).toBe(false);
  });

  it('reads a list with nil items mixed with records', () => {
    const xml = `<L xmlns:i="${XSI}"><V><Code>1</Code></V><V i:nil="true"/><V><Code>3</Code></V><V i:nil="true"></V></L>`;
    expect(read(xml, ['L', 'V']).children).toEqual([
      { name: 'V', ns: '', children: [{ name: 'Code', ns: '', text: '1' }] },
      { name: 'V', ns: '', nil: true },
      { name: 'V', ns: '', children: [{ name: 'Code', ns: '', text: '3' }] },
      { name: 'V', ns: '', nil: true },
    ]);
  });

  it('reports isEmpty for self-closing elements only', () => {
    const r = new XmlReader('<r><a/><b></b><c /></r>');
    r.readRoot();
    const seen: Array<[string, boolean]> = [];
    while (r.nextChild()) {
      seen.push([r.localName, r.isEmpty]);
      r.skip();
    }
    expect(seen).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
  });

  it.each([
    [
      'before the first child',
      '<r>junk<a>1</a></r>',
      /element <r> holds text "junk" where only child elements are expected/,
    ],
    ['between children', '<r><a>1</a>more &amp; more<b>2</b></r>', /holds text "more &amp; more"/],
    ['after the last child', '<r><a>1</a>\n  tail\n</r>', /holds text "tail"/],
    ['instead of children', '<r>true</r>', /element <r> holds text "true"/],
    ['as a character reference', '<r><a>1</a>&#32;</r>', /holds text "&#32;"/],
    ['in a CDATA section', '<r><a>1</a><![CDATA[x]]></r>', /holds text "x"/],
  ])('refuses non-blank text among child elements: %s', (_label, xml, message) => {
    const e = decodeError(() => read(xml, ['r']));
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/line \d+, column \d+/);
  });

  it('accepts whitespace, comments, PIs and blank CDATA among child elements', () => {
    expect(read('<r>\n\t<a>1</a> <!-- c --> <?pi x?><![CDATA[ \n ]]>\r\n<b>2</b>\n</r>', ['r']).children).toEqual([
      { name: 'a', ns: '', text: '1' },
      { name: 'b', ns: '', text: '2' },
    ]);
  });

  it('skips unknown elements with their whole subtree', () => {
    const xml = `<r>
      <known>1</known>
      <unknown a="x>y" b='1/2'><x><x>deep</x><x/></x><![CDATA[</unknown>]]><!-- </unknown> --><?pi </unknown>?></unknown>
      <known>2</known>
    </r>`;
    const r = new XmlReader(xml);
    r.readRoot();
    const got: string[] = [];
    while (r.nextChild()) {
      if (r.localName === 'known') got.push(r.readText());
      else r.skip();
    }
    expect(got).toEqual(['1', '2']);
  });

  it('keeps nesting balance while skipping deep subtrees and grows past its initial depth', () => {
    const depth = 200;
    const inner = `${'<n>'.repeat(depth)}x${'</n>'.repeat(depth)}`;
    const r = new XmlReader(`<r><skip>${inner}</skip>${inner}<last>ok</last></r>`);
    r.readRoot();
    expect(r.nextChild()).toBe(true);
    r.skip();
    expect(r.nextChild()).toBe(true);
    for (let i = 1; i < depth; i++) expect(r.nextChild()).toBe(true);
    expect(r.currentDepth).toBe(depth + 1);
    expect(r.readText()).toBe('x');
    for (let i = 1; i < depth; i++) expect(r.nextChild()).toBe(false);
    expect(r.nextChild()).toBe(true);
    expect(r.readText()).toBe('ok');
    expect(r.nextChild()).toBe(false);
    expect(r.nextChild()).toBe(false);
  });
});

describe('XmlReader: text', () => {
  it.each([
    ['plain', '<a>x</a>', 'x'],
    ['not trimmed', '<a>  x </a>', '  x '],
    ['leading zeros kept', '<a>00123</a>', '00123'],
    ['empty, self-closing', '<a/>', ''],
    ['empty, start and end tag', '<a></a>', ''],
    ['predefined entities', '<a>&lt;&gt;&amp;&quot;&apos;</a>', '<>&"\''],
    ['decimal and hex character references', '<a>&#65;&#x42;&#x00043;&#128512;&#x1F600;</a>', 'ABC😀😀'],
    ['entity text is not decoded twice', '<a>&amp;amp;&amp;lt;</a>', '&amp;&lt;'],
    ['CDATA section', '<a><![CDATA[<b>&amp;</b>]]></a>', '<b>&amp;</b>'],
    ['CDATA concatenated with text', '<a>1<![CDATA[&2]]>3<![CDATA[]]>4</a>', '1&234'],
    ['comments and PIs dropped', '<a>1<!-- c -->2<?pi x?>3</a>', '123'],
    ['CRLF and CR normalised to LF', '<a>x\r\ny\rz\n</a>', 'x\ny\nz\n'],
    ['CR kept when escaped', '<a>x&#xD;&#13;\n</a>', 'x\r\r\n'],
    ['CRLF in CDATA normalised', '<a><![CDATA[x\r\ny]]></a>', 'x\ny'],
    ['non-ASCII', '<a>Zoë – 東京</a>', 'Zoë – 東京'],
    ['greater-than and quotes literal', '<a>a > b "c" \'d\'</a>', 'a > b "c" \'d\''],
    ['end tag with whitespace', '<a>x</a  >', 'x'],
  ])('reads text: %s', (_label, leaf, want) => {
    expect(firstChildText(`<r>${leaf}</r>`)).toBe(want);
  });

  it('decodes text that comes after an earlier entity-free text (reference caches stay correct)', () => {
    const r = new XmlReader('<r><a>plain</a><b>x &amp; y</b><c>plain\r\nagain</c><d>last</d></r>');
    r.readRoot();
    const got: string[] = [];
    while (r.nextChild()) got.push(r.readText());
    expect(got).toEqual(['plain', 'x & y', 'plain\nagain', 'last']);
  });

  it('refuses text where the element has child elements', () => {
    const e = decodeError(() => firstChildText('<r><a>x<b>y</b></a></r>'));
    expect(e.message).toMatch(/<a> has child elements/);
    expect(e.path).toBe('r/a');
  });

  it.each([
    ['unknown entity', '<a>&nbsp;</a>', /unknown entity reference &nbsp;/],
    ['bare ampersand', '<a>R&D</a>', /does not start a reference/],
    ['ampersand at the end', '<a>x &</a>', /does not start a reference/],
    ['character reference to NUL', '<a>&#0;</a>', /U\+0000/],
    ['character reference to a surrogate', '<a>&#xD800;</a>', /U\+D800/],
    ['character reference beyond Unicode', '<a>&#x110000;</a>', /beyond U\+10FFFF/],
    ['empty character reference', '<a>&#;</a>', /empty character reference/],
    ['malformed decimal reference', '<a>&#12a;</a>', /malformed character reference/],
  ])('refuses bad references: %s', (_label, leaf, message) => {
    const e = decodeError(() => firstChildText(`<r>${leaf}</r>`));
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/line 1, column \d+/);
  });
});

describe('XmlReader: attributes and namespaces', () => {
  it('reads attributes by local name with either quote, entities decoded', () => {
    const r = new XmlReader(`<r a="1" b='two &amp; "three"' p:c="&lt;x&gt;" xmlns:p="urn:p" d = "a\tb\nc"/>`);
    r.readRoot();
    expect(r.attr('a')).toBe('1');
    expect(r.attr('b')).toBe('two & "three"');
    expect(r.attr('c')).toBe('<x>');
    expect(r.attr('d')).toBe('a b c');
    expect(r.attr('p')).toBeUndefined();
    expect(r.attr('xmlns')).toBeUndefined();
    expect(r.attr('missing')).toBeUndefined();
  });

  it('resolves prefixed and default namespaces with proper scoping', () => {
    const xml = `<s:Envelope xmlns:s="urn:env">
      <s:Body>
        <R xmlns="urn:one">
          <a/>
          <b xmlns="urn:two"><c/><p:d xmlns:p="urn:p"/></b>
          <e xmlns=""/>
          <s:f/>
          <xml:g/>
        </R>
      </s:Body>
    </s:Envelope>`;
    const seen: string[] = [];
    const r = new XmlReader(xml);
    r.readRoot();
    const visit = (): void => {
      seen.push(`${r.localName}@${r.namespaceUri}`);
      if (r.isEmpty) {
        r.skip();
        return;
      }
      while (r.nextChild()) visit();
    };
    visit();
    expect(seen).toEqual([
      'Envelope@urn:env',
      'Body@urn:env',
      'R@urn:one',
      'a@urn:one',
      'b@urn:two',
      'c@urn:two',
      'd@urn:p',
      'e@',
      'f@urn:env',
      'g@http://www.w3.org/XML/1998/namespace',
    ]);
  });

  it('drops declarations when their element ends, also for self-closing elements', () => {
    const r = new XmlReader('<r xmlns="urn:r"><a xmlns="urn:a"/><b/></r>');
    r.readRoot();
    r.nextChild();
    expect(r.namespaceUri).toBe('urn:a');
    r.skip();
    r.nextChild();
    expect(r.namespaceUri).toBe('urn:r');
  });

  it('refuses an undeclared prefix', () => {
    const e = decodeError(() => new XmlReader('<p:r/>').readRoot());
    expect(e.message).toMatch(/undeclared namespace prefix "p"/);
  });
});

describe('XmlReader: document level', () => {
  it('skips BOM, XML declaration, comments, PIs and whitespace before the root', () => {
    const r = new XmlReader('\uFEFF<?xml version="1.0"?>\n<!-- a -->\n<?pi x?>\n  <root>1</root>');
    r.readRoot();
    expect(r.localName).toBe('root');
    r.readRoot();
    expect(r.localName).toBe('root');
    expect(r.readText()).toBe('1');
    expect(r.nextChild()).toBe(false);
  });

  it.each([
    ['in the prolog', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x "boom">]><r>&x;</r>', 'root'],
    ['lower case, as HTML pages have it', '<!doctype html><html></html>', 'root'],
    ['inside an element', '<r><!DOCTYPE x><a/></r>', 'child'],
    ['inside text', '<r><a>x<!DOCTYPE y></a></r>', 'text'],
    ['inside a skipped element', '<r><a><!DOCTYPE y></a></r>', 'skip'],
  ])('refuses a DOCTYPE %s', (_label, xml, how) => {
    const e = decodeError(() => {
      const r = new XmlReader(xml);
      r.readRoot();
      if (how === 'child') r.nextChild();
      if (how === 'text') {
        r.nextChild();
        r.readText();
      }
      if (how === 'skip') {
        r.nextChild();
        r.skip();
      }
    });
    expect(e.message).toMatch(/DOCTYPE is not allowed/);
  });

  it.each([
    ['empty string', '', /empty document/],
    ['whitespace only', '  \r\n ', /no root element/],
    ['plain text error', 'Missing parameter: key.', /not XML/],
    ['JSON', '{"error":"x"}', /not XML/],
    ['only a declaration', '<?xml version="1.0"?>', /no root element/],
    ['text after declaration', '<?xml version="1.0"?>oops<r/>', /not XML/],
  ])('refuses non-XML input: %s', (_label, xml, message) => {
    expect(decodeError(() => new XmlReader(xml).readRoot()).message).toMatch(message);
  });

  it('accepts an HTML page as a document (callers check the root) but only as far as it is well-formed', () => {
    const r = new XmlReader('<html><body><h1>Server Error</h1></body></html>');
    r.readRoot();
    expect(r.localName).toBe('html');
    r.skip();
  });

  it.each([
    ['mismatched end tag', '<r><a>x</b></r>', 'text', /mismatched end tag: expected <\/a> but found <\/b>/],
    ['mismatched end tag of a record', '<r><a></r>', 'walk', /mismatched end tag/],
    ['mismatched end tag while skipping', '<r><a><b></a></b></r>', 'skip', /mismatched end tag/],
    ['unterminated start tag', '<r><a', 'walk', /unterminated start tag/],
    ['unterminated start tag with attributes', '<r><a b="1" ', 'walk', /unterminated start tag/],
    [
      'unterminated attribute value',
      '<r><a b="1></a></r>',
      'walk',
      /unterminated attribute value|"<" in an attribute value/,
    ],
    ['unquoted attribute value', '<r><a b=1></a></r>', 'walk', /not quoted/],
    ['attributes without whitespace', '<r><a b="1"c="2"></a></r>', 'walk', /not separated/],
    ['attribute without value', '<r><a b></a></r>', 'walk', /malformed attribute/],
    ['attribute name followed by another', '<r><a b c="1"></a></r>', 'walk', /without "="/],
    ['EOF inside an element', '<r><a></a>', 'walk', /unexpected end of document inside <r>/],
    ['EOF inside text', '<r><a>x', 'text', /unexpected end of document inside <a>/],
    ['EOF while skipping', '<r><a><b></b>', 'skip', /unexpected end of document/],
    ['unterminated comment', '<r><!-- x </r>', 'walk', /unterminated comment/],
    ['unterminated CDATA', '<r><a><![CDATA[x</a></r>', 'text', /unterminated CDATA/],
    ['unterminated PI', '<r><?pi </r>', 'walk', /unterminated processing instruction/],
    ['slash without >', '<r><a/ ></r>', 'walk', /"\/" not followed by ">"/],
    ['unexpected markup declaration', '<r><!ELEMENT x ANY></r>', 'walk', /unexpected "<!" markup/],
    ['empty element name', '<r>< a/></r>', 'walk', /start tag without a name/],
  ])('refuses malformed XML: %s', (_label, xml, how, message) => {
    const e = decodeError(() => {
      const r = new XmlReader(xml);
      r.readRoot();
      const walk = (): void => {
        while (r.nextChild()) {
          if (how === 'text') r.readText();
          else if (how === 'skip') r.skip();
          else walk();
        }
      };
      walk();
    });
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/line \d+, column \d+ \(offset \d+\)/);
  });

  it('gives line and column of the problem', () => {
    const e = decodeError(() => {
      const r = new XmlReader('<r>\n  <a>1</a>\n  <b>2</c>\n</r>');
      r.readRoot();
      while (r.nextChild()) r.readText();
    });
    expect(e.message).toContain('line 3, column 7');
    expect(e.path).toBe('r/b');
  });
});

describe('XmlReader: the end of the document', () => {
  function readAll(xml: string): XmlReader {
    const r = new XmlReader(xml);
    r.readRoot();
    r.skip();
    r.readEnd();
    return r;
  }

  it('accepts whitespace, comments and processing instructions after the root', () => {
    expect(() => readAll('<r><a/></r>')).not.toThrow();
    expect(() => readAll('<r/>\r\n  <!-- trailing --> <?pi x?>\n')).not.toThrow();
  });

  it.each([
    ['a second root element', '<r/><r/>', /a second root element after the root element at line 1, column 5/],
    ['text', '<r></r>junk', /content after the root element at line 1, column 8/],
    ['an entity reference', '<r></r>&amp;', /content after the root element/],
    ['a CDATA section', '<r></r><![CDATA[x]]>', /CDATA section outside the root element/],
    ['a DOCTYPE', '<r></r><!DOCTYPE r>', /DOCTYPE is not allowed/],
    ['a stray end tag', '<r></r></r>', /a second root element|content after the root element/],
    ['an unterminated comment', '<r></r><!-- x', /unterminated comment/],
  ])('refuses %s after the root', (_label, xml, message) => {
    expect(decodeError(() => readAll(xml)).message).toMatch(message);
  });

  it('is a usage error before the root is consumed', () => {
    const r = new XmlReader('<r><a/></r>');
    r.readRoot();
    expect(() => r.readEnd()).toThrow(/before the root element was consumed/);
  });
});

describe('XmlReader: member names and closed paths', () => {
  it('gives the local name only for elements of the member namespace', () => {
    const r = new XmlReader(
      '<r xmlns="urn:svc" xmlns:x="urn:other"><a/><x:a/><b xmlns="">1</b><a xmlns="urn:svc"/></r>',
    );
    r.memberNamespace = 'urn:svc';
    r.readRoot();
    const seen: string[] = [];
    while (r.nextChild()) {
      seen.push(`${r.localName}=${JSON.stringify(r.memberName)}`);
      r.skip();
    }
    expect(seen).toEqual(['a="a"', 'a=""', 'b=""', 'a="a"']);
  });

  it('matches by local name alone when no member namespace is set', () => {
    const r = new XmlReader('<r xmlns:x="urn:other"><x:a/></r>');
    r.readRoot();
    r.nextChild();
    expect(r.memberName).toBe('a');
  });

  it('names the element consumed last, with its position among same-named siblings', () => {
    const r = new XmlReader('<r><list><item>1</item><item>2</item></list></r>');
    r.readRoot();
    r.nextChild();
    r.nextChild();
    r.readText();
    expect(r.closedPath()).toBe('r/list/item');
    r.nextChild();
    r.readText();
    expect(r.closedPath()).toBe('r/list/item[2]');
    expect(r.nextChild()).toBe(false);
    expect(r.closedPath()).toBe('r/list');
  });
});

describe('XmlReader: path, inner XML and misuse', () => {
  it('builds paths with the position among consecutive same-named siblings', () => {
    const r = new XmlReader('<Result><Infos><Info><B>1</B></Info><Info><B>2</B></Info></Infos></Result>');
    r.readRoot();
    const paths: string[] = [];
    r.nextChild();
    while (r.nextChild()) {
      while (r.nextChild()) {
        paths.push(r.path());
        r.readText();
      }
    }
    expect(paths).toEqual(['Result/Infos/Info/B', 'Result/Infos/Info[2]/B']);
  });

  it('shortens the path of a deeply nested element', () => {
    const r = new XmlReader(`${'<n>'.repeat(100)}<leaf>`);
    r.readRoot();
    for (let i = 0; i < 100; i++) r.nextChild();
    const path = r.path();
    expect(path.split('/')).toHaveLength(41);
    expect(path.startsWith('n/n/n/n/n/n/n/n/n/n/.../n/')).toBe(true);
    expect(path.endsWith('/n/leaf')).toBe(true);
    const e = decodeError(() => r.readText());
    expect(e.message.length).toBeLessThan(400);
  });

  it('refuses a hostile number of namespace declarations in scope', () => {
    const decls = Array.from({ length: 1001 }, (_, i) => ` xmlns:p${i}="urn:${i}"`).join('');
    expect(decodeError(() => new XmlReader(`<r${decls}/>`).readRoot()).message).toMatch(
      /more than 1000 namespace declarations/,
    );
    const r = new XmlReader(`<r${decls.slice(0, decls.indexOf(' xmlns:p999'))}><p0:a/></r>`);
    r.readRoot();
    r.nextChild();
    expect(r.namespaceUri).toBe('urn:0');
  });

  it('error() throws a SvcDecodeError with the current path', () => {
    const r = new XmlReader('<a><b>x</b></a>');
    r.readRoot();
    r.nextChild();
    const e = decodeError(() => r.error('bad thing'));
    expect(e.path).toBe('a/b');
    expect(e.message).toBe('bad thing (at a/b)');
  });

  it('returns inner XML as written', () => {
    const r = new XmlReader('<r><detail><x a="1">t &amp; u</x><!--c--></detail><next/></r>');
    r.readRoot();
    r.nextChild();
    expect(r.readInnerXml()).toBe('<x a="1">t &amp; u</x><!--c-->');
    expect(r.nextChild()).toBe(true);
    expect(r.localName).toBe('next');
    expect(r.readInnerXml()).toBe('');
    expect(r.nextChild()).toBe(false);
  });

  it('returns outer XML as written, start and end tags included, and consumes the element', () => {
    const root = '<p:root xmlns:p="urn:p" a="1"><x>t &amp; u</x><!--c--><y/></p:root>';
    const r = new XmlReader(`<?xml version="1.0"?>\n<!--before-->${root}\n`);
    r.readRoot();
    expect(r.readOuterXml()).toBe(root);
    expect(r.currentDepth).toBe(0);
    r.readEnd();
    const empty = new XmlReader('<r><a/><b>2</b></r>');
    empty.readRoot();
    empty.nextChild();
    expect(empty.readOuterXml()).toBe('<a/>');
    expect(empty.nextChild()).toBe(true);
    expect(empty.readOuterXml()).toBe('<b>2</b>');
    expect(empty.nextChild()).toBe(false);
  });

  it('throws a plain Error when readText or skip is called off a start tag', () => {
    const r = new XmlReader('<r><a>1</a></r>');
    r.readRoot();
    r.nextChild();
    r.readText();
    expect(() => r.readText()).toThrow(/not positioned on a start tag/);
    expect(() => r.skip()).toThrow(/not positioned on a start tag/);
    expect(() => new XmlReader('<r/>').nextChild()).toThrow(/before readRoot/);
  });
});

describe('XmlReader: documents that are not well-formed (issue 16, item 5)', () => {
  /** Reads the whole document as the client does: every element visited, leaves read as text, then the end. */
  function readWhole(xml: string, how: 'text' | 'skip'): void {
    const r = new XmlReader(xml);
    r.readRoot();
    const visit = (): void => {
      while (r.nextChild()) {
        if (how === 'skip') r.skip();
        else if (r.localName.startsWith('rec')) visit();
        else r.readText();
      }
    };
    visit();
    r.readEnd();
  }

  // Each construct once where the reader reads it and once inside an element it skips: both must refuse it.
  it.each([
    ['duplicate attribute', '<r><a x="1" x="2">t</a></r>', /duplicate attribute "x"/],
    [
      'duplicate attribute by expanded name',
      '<r xmlns:p="urn:n" xmlns:q="urn:n"><a p:x="1" q:x="2">t</a></r>',
      /duplicate attribute "q:x" \(the same local name in namespace "urn:n"/,
    ],
    [
      'duplicate namespace declaration',
      '<r><a xmlns:p="urn:1" xmlns:p="urn:2">t</a></r>',
      /duplicate attribute "xmlns:p"/,
    ],
    ['literal NUL in text', '<r><a>a\u0000b</a></r>', /U\+0000, which XML does not allow/],
    ['literal U+0001 in text', '<r><a>\u0001</a></r>', /U\+0001, which XML does not allow/],
    ['literal U+FFFE in text', '<r><a>x\uFFFE</a></r>', /U\+FFFE, which XML does not allow/],
    ['literal U+FFFF in text', '<r><a>\uFFFF</a></r>', /U\+FFFF, which XML does not allow/],
    ['lone high surrogate in text', '<r><a>x\uD800y</a></r>', /unpaired surrogate U\+D800/],
    ['lone low surrogate in text', '<r><a>\uDC00</a></r>', /unpaired surrogate U\+DC00/],
    ['literal U+0001 in text with a reference', '<r><a>&amp;\u0001</a></r>', /U\+0001/],
    ['literal U+0001 in an attribute value', '<r><a x="\u0001">t</a></r>', /U\+0001/],
    ['literal U+FFFF in a CDATA section', '<r><a><![CDATA[\uFFFF]]></a></r>', /U\+FFFF/],
    ['literal U+0001 in a comment', '<r><a>t<!-- \u0001 --></a></r>', /U\+0001/],
    ['literal U+0001 in a processing instruction', '<r><a>t<?pi \u0001?></a></r>', /U\+0001/],
    ['undeclared attribute prefix', '<r><a p:x="1">t</a></r>', /undeclared namespace prefix "p"/],
    ['"--" inside a comment', '<r><a>t<!-- a -- b --></a></r>', /"--" inside a comment/],
    ['comment ending in "--->"', '<r><a>t<!-- a ---></a></r>', /"--" inside a comment/],
    ['"]]>" in text', '<r><a>x ]]> y</a></r>', /"]]>" in text/],
    ['"]]>" in text after a CDATA section', '<r><a><![CDATA[x]]>]]></a></r>', /"]]>" in text/],
    ['name with "!"', '<r><a!b>t</a!b></r>', /malformed name "a!b": "!" cannot be part of a name/],
    [
      'name with two colons',
      '<r xmlns:a="urn:a"><a:b:c>t</a:b:c></r>',
      /malformed name "a:b:c": a qualified name has at most one colon/,
    ],
    ['name starting with a digit', '<r><1a>t</1a></r>', /malformed name "1a": "1" cannot start a name/],
    ['name starting with a colon', '<r><:a>t</:a></r>', /malformed name ":a"/],
    ['name ending with a colon', '<r><a:>t</a:></r>', /malformed name "a:"/],
    [
      'name with a non-ASCII character outside the name ranges',
      '<r><a\u00D7b>t</a\u00D7b></r>',
      /malformed name "a×b": U\+00D7 cannot be part of a name/,
    ],
    ['name with a lone surrogate', '<r><a\uD800>t</a\uD800></r>', /malformed name/],
    ['attribute name with "!"', '<r><a x!y="1">t</a></r>', /malformed name "x!y"/],
    ['attribute name with two colons', '<r xmlns:p="urn:p"><a p:x:y="1">t</a></r>', /malformed name "p:x:y"/],
    ['character reference to NUL', '<r><a>&#0;</a></r>', /U\+0000, which XML does not allow/],
    ['character reference to U+FFFF', '<r><a>&#xFFFF;</a></r>', /U\+FFFF, which XML does not allow/],
    ['character reference to a surrogate', '<r><a>&#xD800;</a></r>', /U\+D800, which XML does not allow/],
    ['character reference to NUL in an attribute', '<r><a x="&#0;">t</a></r>', /U\+0000/],
    ['unknown entity in an attribute nobody reads', '<r><a x="&bogus;">t</a></r>', /unknown entity reference &bogus;/],
    ['"<" in an attribute value', '<r><a x="a<b">t</a></r>', /"<" in an attribute value/],
    [
      'processing instruction named xml inside',
      '<r><a>t<?xml version="1.0"?></a></r>',
      /XML declaration not at the very start/,
    ],
    ['processing instruction named XmL inside', '<r><a>t<?XmL x?></a></r>', /processing instruction named "XmL"/],
    [
      'processing instruction with a colon in its target',
      '<r><a>t<?p:i x?></a></r>',
      /malformed processing instruction target/,
    ],
    ['prefix declared with an empty namespace', '<r><a xmlns:p="">t</a></r>', /declared with an empty namespace name/],
    [
      'the xmlns prefix declared',
      '<r><a xmlns:xmlns="urn:x">t</a></r>',
      /xmlns prefix and namespace cannot be declared/,
    ],
    ['the xml prefix bound elsewhere', '<r><a xmlns:xml="urn:x">t</a></r>', /the xml prefix and only it/],
  ])('refuses %s, read and skipped', (_label, xml, message) => {
    for (const how of ['text', 'skip'] as const) {
      const e = decodeError(() => readWhole(xml, how));
      expect(e.message).toMatch(message);
      expect(e.message).toMatch(/line \d+, column \d+ \(offset \d+\)/);
    }
  });

  it.each([
    [
      'comment before the XML declaration',
      '<!-- c --><?xml version="1.0"?><r/>',
      /XML declaration not at the very start/,
    ],
    ['whitespace before the XML declaration', ' <?xml version="1.0"?><r/>', /XML declaration not at the very start/],
    [
      'processing instruction before the XML declaration',
      '<?pi x?><?xml version="1.0"?><r/>',
      /XML declaration not at the very start/,
    ],
    ['XML declaration with version 2.0', '<?xml version="2.0"?><r/>', /malformed XML declaration/],
    ['XML declaration without a version', '<?xml encoding="utf-8"?><r/>', /malformed XML declaration/],
    [
      'XML declaration with a bad encoding name',
      '<?xml version="1.0" encoding="utf 8"?><r/>',
      /malformed XML declaration/,
    ],
    [
      'XML declaration with encoding before version',
      '<?xml encoding="utf-8" version="1.0"?><r/>',
      /malformed XML declaration/,
    ],
    [
      'XML declaration with a bad standalone',
      '<?xml version="1.0" standalone="maybe"?><r/>',
      /malformed XML declaration/,
    ],
    ['XML declaration in upper case', '<?XML version="1.0"?><r/>', /processing instruction named "XML"/],
    ['XML declaration after the root', '<r/><?xml version="1.0"?>', /XML declaration not at the very start/],
    ['comment with "--" in the prolog', '<!-- a -- b --><r/>', /"--" inside a comment/],
    ['NUL in the prolog comment', '<!-- \u0000 --><r/>', /U\+0000/],
    ['NUL after the root', '<r/>\u0000', /content after the root element/],
    ['text after the root', '<r/>x', /content after the root element/],
    ['a second root', '<r/><s/>', /a second root element/],
    ['duplicate attribute on the root', '<r a="1" a="1"/>', /duplicate attribute "a"/],
    [
      'duplicate attribute by expanded name on the root',
      '<r xmlns:p="urn:n" xmlns:q="urn:n" p:x="1" q:x="2"/>',
      /duplicate attribute "q:x"/,
    ],
    ['undeclared attribute prefix on the root', '<r p:x="1"/>', /undeclared namespace prefix "p"/],
  ])('refuses %s', (_label, xml, message) => {
    const e = decodeError(() => {
      const r = new XmlReader(xml);
      r.readRoot();
      r.skip();
      r.readEnd();
    });
    expect(e.message).toMatch(message);
  });

  it.each([
    [
      'a BOM, then the declaration with encoding and standalone',
      '\uFEFF<?xml version="1.0" encoding="utf-8" standalone="yes"?><r/>',
    ],
    ['version 1.1 and single quotes', "<?xml version='1.1' encoding='ISO-8859-1' ?><r/>"],
    ['a PI whose name begins with xml', '<?xml version="1.0"?><?xml-stylesheet href="a"?><r/>'],
    ['an empty comment and a comment with single dashes', '<!----><!-- a - b --><r/>'],
    [
      'non-ASCII names, digits, dots and dashes',
      '<r xmlns:é="urn:e"><é:ñame-1.x>t</é:ñame-1.x><名前>t</名前><_a·b>t</_a·b></r>',
    ],
    ['a name with a character beyond the BMP', '<r><a\u{10000}>t</a\u{10000}></r>'],
    ['a surrogate pair, tab and LF in text and attributes', '<r><a x="\u{1F600}\t\n">\u{1F600} a\tb\n</a></r>'],
    ['"]]" and ">" apart in text', '<r><a>]] > ]</a></r>'],
    ['"]]>" in an attribute value', '<r><a x="]]>">t</a></r>'],
    ['the same local name in two namespaces', '<r xmlns:p="urn:p" xmlns:q="urn:q"><a p:x="1" q:x="2" x="3">t</a></r>'],
    [
      'xml:lang and the xml prefix declared as it is',
      '<r xmlns:xml="http://www.w3.org/XML/1998/namespace"><a xml:lang="en">t</a></r>',
    ],
    ['many attributes', `<r>${'<a ' + Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(' ') + '>t</a>'}</r>`],
  ])('accepts %s', (_label, xml) => {
    for (const how of ['text', 'skip'] as const) expect(() => readWhole(xml, how)).not.toThrow();
  });

  it('refuses a duplicate among many attributes', () => {
    const attrs = Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(' ');
    expect(decodeError(() => readWhole(`<r><a ${attrs} a7="x">t</a></r>`, 'text')).message).toMatch(
      /duplicate attribute "a7"/,
    );
  });

  it('never quotes the text that holds a refused character', () => {
    const e = decodeError(() => readWhole('<r><a>secret\u0001value</a></r>', 'text'));
    expect(e.message).not.toContain('secret');
  });

  it('keeps describing the skipped element after skip()', () => {
    const r = new XmlReader(
      '<r xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><a><b i:nil="true"/><c/></a><d/></r>',
    );
    r.readRoot();
    r.nextChild();
    r.skip();
    expect(r.localName).toBe('a');
    expect(r.isNil).toBe(false);
    expect(r.nextChild()).toBe(true);
    expect(r.localName).toBe('d');
  });
});
