import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvcDecodeError } from '../../templates/runtime/errors.js';
import { XmlReader, type TextPieces } from '../../templates/runtime/codec/xml-reader.js';

/**
 * A document read from pieces (a response body in the chunks it came in) must give exactly what it gives when read
 * whole: the same names, namespaces, attributes, texts, inner and outer markup, and the same SvcDecodeError with the
 * same line, column and path, wherever the pieces are cut (inside names, references, CDATA sections, comments,
 * attribute values, between the halves of a surrogate pair) and however little the window grows at a time.
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
const documents = fc.record({
  root: node,
  prolog: fc.constantFrom('', '\ufeff', '<?xml version="1.0" encoding="utf-8"?>', '<!-- head -->\n', '<?xml version="1.0"?>\r\n<!-- c -->'),
  epilog: fc.constantFrom('', '\n', '<!-- tail -->', '<?done?>'),
  edit: fc.option(fc.tuple(fc.nat(), fc.oneof(fc.constant(''), fc.constantFrom(...BREAKERS))), { freq: 3 }),
}).map(({ root, prolog, epilog, edit }) => {
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
function read(source: string | TextPieces, choices: readonly number[], refillChars?: number, textDepth = 99): string[] {
  const log: string[] = [];
  let k = 0;
  const r = new XmlReader(source, undefined, refillChars);
  const element = (): void => {
    log.push(`<${r.localName} ns=${r.namespaceUri} nil=${r.isNil} type=${String(r.xsiType)} empty=${r.isEmpty} path=${r.path()}`);
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
    log.push(error instanceof SvcDecodeError ? `SvcDecodeError ${error.message} path=${error.path ?? ''}` : `other ${String(error)}`);
  }
  return log;
}

/** The document cut at `cuts` (sorted offsets; repeats give empty pieces). */
function piecesOf(xml: string, cuts: readonly number[]): TextPieces & { asked: number } {
  const bounds = [0, ...cuts, xml.length];
  const texts = bounds.slice(1).map((end, i) => xml.slice(bounds[i], end));
  const pieces = {
    asked: 0,
    count: texts.length,
    piece(i: number): string {
      pieces.asked++;
      return texts[i]!;
    },
  };
  return pieces;
}

const cutsFor = (length: number): fc.Arbitrary<number[]> =>
  fc.oneof(
    fc.array(fc.integer({ min: 0, max: length }), { maxLength: 30 }).map((cuts) => [...cuts].sort((a, b) => a - b)),
    // Every piece the same small size, down to one character.
    fc.integer({ min: 1, max: 9 }).map((size) => Array.from({ length: Math.floor(length / size) }, (_, i) => (i + 1) * size)),
  );

describe('XmlReader over pieces', () => {
  it('reads any document cut anywhere exactly as it reads it whole', () => {
    fc.assert(
      fc.property(
        documents.chain((xml) =>
          fc.tuple(fc.constant(xml), cutsFor(xml.length), fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom(1, 2, 5, 64)),
        ),
        ([xml, cuts, choices, refill]) => {
          expect(read(piecesOf(xml, cuts), choices, refill)).toEqual(read(xml, choices));
        },
      ),
      { numRuns: 400 },
    );
  });

  const rich =
    '\ufeff<?xml version="1.0" encoding="utf-8"?><!-- head --><root xmlns:p="urn:p" ' + XSI + '>' +
    '<p:a id="1" t="a&#x1F600;b&lt;" c="x\ty\r\nz"><é>Zoë &amp; 😀 東京</é><x😀 xsi:nil="true"/>' +
    '<item><![CDATA[ a < b ]]>tail&#233;</item><!-- a -- b --><?pi data?></p:a><ab>line\r\nnext</ab></root>';

  it('reads a document cut at every single position, and one character per piece, as whole', () => {
    for (const choices of [[4], [0, 4, 0], [2], [3], [1, 4]]) {
      const whole = read(rich, choices);
      for (let cut = 0; cut <= rich.length; cut++) expect(read(piecesOf(rich, [cut]), choices, 1)).toEqual(whole);
      const everyChar = Array.from({ length: rich.length }, (_, i) => i);
      expect(read(piecesOf(rich, everyChar), choices, 1)).toEqual(whole);
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

  it('refuses a malformed document cut at every position with the error it gives whole', () => {
    for (const xml of MALFORMED) {
      const errors = new Set<string>();
      for (const choices of [[4], [4, 0], [1], [2]]) {
        const whole = read(xml, choices);
        if (whole.at(-1)!.startsWith('SvcDecodeError ')) errors.add(whole.at(-1)!);
        for (let cut = 0; cut <= xml.length; cut++) expect(read(piecesOf(xml, [cut]), choices, 1)).toEqual(whole);
        const everyChar = Array.from({ length: xml.length }, (_, i) => i);
        expect(read(piecesOf(xml, everyChar), choices, 1)).toEqual(whole);
      }
      expect(errors.size, xml).toBeGreaterThan(0);
    }
  });

  it('reports an error far into a document cut in pieces with the line and column of the whole document', () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `  <item n="${i}">value ${i}</item>\n`);
    const xml = `<root>\n${lines.join('')}  <item>bad & text</item>\n</root>`;
    const whole = read(xml, [], undefined, 2);
    expect(whole.at(-1)).toMatch(/^SvcDecodeError "&" that does not start a reference at line 3002, column 13 /);
    const cuts = Array.from({ length: Math.floor(xml.length / 1000) }, (_, i) => (i + 1) * 1000);
    expect(read(piecesOf(xml, cuts), [], 1000, 2)).toEqual(whole);
  });

  it('asks for each piece once, in order, when nothing goes wrong', () => {
    const items = Array.from({ length: 5000 }, (_, i) => `<item><n>${i}</n><t>text ${i}</t></item>`).join('');
    const xml = `<root>${items}</root>`;
    const cuts = Array.from({ length: Math.floor(xml.length / 4096) }, (_, i) => (i + 1) * 4096);
    const pieces = piecesOf(xml, cuts);
    const whole = read(xml, [], undefined, 3);
    expect(whole.at(-1)).toBe('end');
    expect(read(pieces, [], 4096, 3)).toEqual(whole);
    expect(pieces.asked).toBe(pieces.count);
  });
});
