import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvcDecodeError } from '../../templates/runtime/errors.js';
import type { TextSource } from '../../templates/runtime/codec/text-source.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';

/**
 * A document read through a window over a source of its text (a large response body, made from the chunks it came in
 * a window at a time) must give exactly what it gives when read whole: the same names, namespaces, attributes, texts,
 * inner and outer markup, and the same SvcDecodeError with the same line, column and path, wherever the windows end
 * (inside names, references, CDATA sections, comments, attribute values, between the halves of a surrogate pair).
 * The windows grow by `refillChars` at least: small and varied here, so that they end everywhere.
 */

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const NAMES = ['a', 'ab', 'p:a', 'q:item', 'é', '東京', 'x😀', 'item'];
const ATTRIBUTES = [
  ' id="1"',
  " p:k='v&amp;w'",
  ' xmlns:q="urn:q"',
  ' xsi:nil="true"',
  ' xsi:type="q:T"',
  ' t="a&#x1F600;b&lt;"',
  ' c="x\ty\r\nz"',
  ' long="a value that is longer than a few pieces of the smaller cuts, with &quot;quotes&quot;"',
  ' xmlns="urn:d"',
];
const TEXTS = [
  'plain',
  'a &amp; b &lt; c &#233;&#x1F600;',
  'line\r\nnext\rlast',
  '<![CDATA[ a < b ]] > c ]]>',
  '<!-- a comment - with dashes -->',
  '<?pi some data?>',
  ' ',
  '\n  ',
  'Zoë 😀 東京',
  ']]',
];

type Node = { name: string; attributes: string[]; content: Array<Node | string>; empty: boolean };

const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.record({
    name: fc.constantFrom(...NAMES),
    attributes: fc.uniqueArray(fc.constantFrom(...ATTRIBUTES), { maxLength: 3 }),
    content: fc.array(fc.oneof({ depthSize: 'small' }, fc.constantFrom(...TEXTS), tie('node')), { maxLength: 4 }),
    empty: fc.boolean(),
  }),
})).node;

function serialize(n: Node): string {
  const open = `<${n.name}${n.attributes.join('')}`;
  if (n.content.length === 0 && n.empty) return `${open}/>`;
  return `${open}>${n.content.map((c) => (typeof c === 'string' ? c : serialize(c))).join('')}</${n.name}>`;
}

/** Characters whose insertion breaks a document in many different ways. */
const BREAKERS = ['<', '>', '&', '"', "'", ' ', 'x', '\u0001', ']]>', '--', '/', '=', '\uD83D', ':', '<!DOCTYPE'];

/** A document, mostly well-formed; sometimes with one character deleted or something inserted. */
const documents = fc
  .record({
    root: node,
    prolog: fc.constantFrom(
      '',
      '\ufeff',
      '<?xml version="1.0" encoding="utf-8"?>',
      '<!-- head -->\n',
      '<?xml version="1.0"?>\r\n<!-- c -->',
    ),
    epilog: fc.constantFrom('', '\n', '<!-- tail -->', '<?done?>'),
    edit: fc.option(fc.tuple(fc.nat(), fc.oneof(fc.constant(''), fc.constantFrom(...BREAKERS))), { freq: 3 }),
  })
  .map(({ root, prolog, epilog, edit }) => {
    const xml = `${prolog}<root xmlns:p="urn:p" ${XSI}>${serialize(root)}</root>${epilog}`;
    if (edit === null) return xml;
    const at = edit[0] % (xml.length + 1);
    // An empty insertion deletes the character at `at`.
    return edit[1] === '' ? xml.slice(0, at) + xml.slice(at + 1) : xml.slice(0, at) + edit[1] + xml.slice(at);
  });

/**
 * Reads a whole document, choosing at each element (by `choices`, in turn) to read its text, skip it, take its inner
 * or outer markup, or walk its children; logs everything the reader says, and the error that ends the reading.
 * Without choices, the text of elements at `textDepth` or deeper is read and the others are walked.
 */
function read(source: string | TextSource, choices: readonly number[], refillChars?: number, textDepth = 99): string[] {
  const log: string[] = [];
  let k = 0;
  const r = new XmlReader(source, undefined, refillChars);
  const element = (): void => {
    log.push(
      `<${r.localName} ns=${r.namespaceUri} nil=${r.isNil} type=${String(r.xsiType)} empty=${r.isEmpty} path=${r.path()}`,
    );
    log.push(`attrs ${JSON.stringify(r.attributes())} id=${String(r.attr('id'))}`);
    switch (choices.length === 0 ? (r.currentDepth >= textDepth ? 0 : 4) : choices[k++ % choices.length]! % 5) {
      case 0:
        log.push(`text ${JSON.stringify(r.readText())} closed=${r.closedPath()}`);
        return;
      case 1:
        r.skip();
        log.push('skipped');
        return;
      case 2:
        log.push(`inner ${JSON.stringify(r.readInnerXml())}`);
        return;
      case 3:
        log.push(`outer ${JSON.stringify(r.readOuterXml())}`);
        return;
      default:
        while (r.nextChild()) element();
        log.push(`/ depth=${r.currentDepth}`);
    }
  };
  try {
    r.readRoot();
    element();
    r.readEnd();
    log.push('end');
  } catch (error) {
    log.push(
      error instanceof SvcDecodeError
        ? `SvcDecodeError ${error.message} path=${error.path ?? ''}`
        : `other ${String(error)}`,
    );
  }
  return log;
}

/** A source of `xml` that counts the characters it is asked for. */
function sourceOf(xml: string): TextSource & { asked: number } {
  const source = {
    asked: 0,
    length: xml.length,
    text(start: number, end: number): string {
      if (!(start >= 0 && start <= end && end <= xml.length)) throw new Error(`bad range ${start}-${end}`);
      source.asked += end - start;
      return xml.slice(start, end);
    },
  };
  return source;
}

describe('XmlReader over pieces', () => {
  it('reads any document through windows ending anywhere exactly as it reads it whole', () => {
    fc.assert(
      fc.property(
        documents,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.integer({ min: 1, max: 80 }),
        (xml, choices, refill) => {
          expect(read(sourceOf(xml), choices, refill)).toEqual(read(xml, choices));
        },
      ),
      { numRuns: 600 },
    );
  });

  const rich =
    '\ufeff<?xml version="1.0" encoding="utf-8"?><!-- head --><root xmlns:p="urn:p" ' +
    XSI +
    '>' +
    '<p:a id="1" t="a&#x1F600;b&lt;" c="x\ty\r\nz"><é>Zoë &amp; 😀 東京</é><x😀 xsi:nil="true"/>' +
    '<item><![CDATA[ a < b ]]>tail&#233;</item><!-- a -- b --><?pi data?></p:a><ab>line\r\nnext</ab></root>';

  it('reads a document through windows of every growth from 1 to 60 characters as whole', () => {
    for (const choices of [[4], [0, 4, 0], [2], [3], [1, 4]]) {
      const whole = read(rich, choices);
      for (let refill = 1; refill <= 60; refill++) expect(read(sourceOf(rich), choices, refill)).toEqual(whole);
    }
  });

  /** One document per way of being malformed, each error met after some good markup, quoting text after it. */
  const MALFORMED = [
    '<root><ok>1</ok><a&bcdefghijklmnopqrstuvwxyz0123456789abcdefghijk>x</a&bcdefghijklmnopqrstuvwxyz0123456789abcdefghijk></root>',
    '<root><ok>1</ok><a:b:cdefghijklmnopqrstuvwxyz0123456789abcdefghijklmn>x</a:b:c></root>',
    '<root xmlns:a="urn:a"><ok>1</ok><x a:b:c="1" d="2"/></root>',
    '<root><ok>1</ok><1abc/></root>',
    '<root><ok>1</ok><abc></abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz></root>',
    '<root><ok>1</ok><abc></abd  ></root>',
    '<root><ok>1</ok><abc></abc  x></root>',
    '<root><ok>1</ok><abc>text</abc',
    '<root><ok>1</ok><abc x="1"y="2"/></root>',
    '<root><ok>1</ok><abc x="1" x="2"/></root>',
    '<root xmlns:a="urn:a" xmlns:b="urn:a"><ok>1</ok><abc a:x="1" b:x="2"/></root>',
    '<root><ok>1</ok><abc x=1/></root>',
    '<root><ok>1</ok><abc x="a<b"/></root>',
    '<root><ok>1</ok><abc x="a&bogus;"/></root>',
    '<root><ok>1</ok><abc x="1" / ></root>',
    '<root><ok>1</ok><abc>a &#xD800; b</abc></root>',
    '<root><ok>1</ok><abc>a ]]> b</abc></root>',
    '<root><ok>1</ok><abc>a \u0001 b</abc></root>',
    '<root><ok>1</ok><abc>a <!-- x -- y --> b</abc></root>',
    '<root><ok>1</ok><abc><![CDATA[ never closed </abc></root>',
    '<root><ok>1</ok><abc><?xml version="1.0"?></abc></root>',
    '<root><ok>1</ok><abc><?pi never closed </abc></root>',
    '<root><ok>1</ok><!DOCTYPE x></root>',
    '<root><ok>1</ok><u:abc/></root>',
    '<root><ok>1</ok><abc>\uD83D</abc></root>',
    '<root><ok>1</ok><ab\uD83Dc/></root>',
    '<root><ok>1</ok>text<abc/></root>',
    '<root><ok>1</ok></root><second/>',
    '<root><ok>1</ok></root>trailing',
    '<root xmlns:xml="urn:wrong"><ok>1</ok></root>',
    '<?xml version="2.0"?><root/>',
    '  <?xml version="1.0"?><root/>',
  ];

  it('refuses a malformed document read through windows of every growth from 1 to 40 characters with the error it gives whole', () => {
    for (const xml of MALFORMED) {
      const errors = new Set<string>();
      for (const choices of [[4], [4, 0], [1], [2]]) {
        const whole = read(xml, choices);
        if (whole.at(-1)!.startsWith('SvcDecodeError ')) errors.add(whole.at(-1)!);
        for (let refill = 1; refill <= 40; refill++) expect(read(sourceOf(xml), choices, refill)).toEqual(whole);
      }
      expect(errors.size, xml).toBeGreaterThan(0);
    }
  });

  it('reports an error far into a document read through windows with the line and column of the whole document', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `  <item n="${i}">value ${i}</item>\n`);
    const xml = `<root>\n${lines.join('')}  <item>bad & text</item>\n</root>`;
    const whole = read(xml, [], undefined, 2);
    expect(whole.at(-1)).toMatch(/^SvcDecodeError "&" that does not start a reference at line 3002, column 13 /);
    expect(read(sourceOf(xml), [], 1000, 2)).toEqual(whole);
  });

  it('asks the source for little more than the document, when nothing goes wrong', () => {
    const items = Array.from({ length: 3000 }, (_, i) => `<item><n>${i}</n><t>text ${i}</t></item>`).join('');
    const xml = `<root>${items}</root>`;
    const source = sourceOf(xml);
    const whole = read(xml, [], undefined, 3);
    expect(whole.at(-1)).toBe('end');
    expect(read(source, [], undefined, 3)).toEqual(whole);
    // Each window repeats at most the few thousand characters left unread in the last one.
    expect(source.asked).toBeGreaterThanOrEqual(xml.length);
    expect(source.asked).toBeLessThan(xml.length * 1.15);
  });
});
