import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvcDecodeError } from '../../templates/runtime/errors.js';
import { XmlReader } from '../../templates/runtime/codec/xml-reader.js';
import { escapeXmlText } from '../../templates/runtime/codec/xml-writer.js';

/**
 * Random documents over a handful of names that are prefixes of one another, read back through every path of the
 * reader (nextChild, readText, skip). The reader predicts names from earlier siblings and confirms an end tag together
 * with the next start tag, so documents that repeat, vary and break those patterns are what these properties are for.
 */
type Leaf = { name: string; text: string; empty: boolean };
type Rec = { name: string; children: Tree[] };
type Tree = Leaf | Rec;

const NAMES = ['a', 'ab', 'abc', 'b', 'p:a', 'p:ab', 'item'];

const text = fc
  .array(
    fc.oneof(fc.constantFrom('x', ' ', '&', '<', '>', '\n', ']]>', 'é', '😀', 'a b'), fc.string({ maxLength: 3 })),
    { maxLength: 4 },
  )
  // oxlint-disable-next-line no-control-regex -- characters XML cannot carry, taken out of the drawn text
  .map((parts) => parts.join('').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/g, ''));

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ name: fc.constantFrom(...NAMES), text, empty: fc.boolean() }),
    fc.record({ name: fc.constantFrom(...NAMES), children: fc.array(tie('tree'), { maxLength: 5 }) }),
  ),
})).tree;

/** Repeats a record several times, as list items in responses do, so that predictions get learnt and then used. */
const document = fc
  .tuple(fc.array(tree, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 4 }), fc.boolean())
  .map(([items, times, pretty]) => ({
    root: { name: 'root', children: Array.from({ length: times }, () => items).flat() } as Rec,
    pretty,
  }));

function isLeaf(t: Tree): t is Leaf {
  return 'text' in t;
}

function serialize(t: Tree, pretty: boolean, indent = ''): string {
  const nl = pretty ? `\n${indent}` : '';
  if (isLeaf(t)) {
    if (t.text === '' && t.empty) return `${nl}<${t.name}/>`;
    return `${nl}<${t.name}>${escapeXmlText(t.text)}</${t.name}>`;
  }
  if (t.children.length === 0) return `${nl}<${t.name}></${t.name}>`;
  const inner = t.children.map((c) => serialize(c, pretty, `${indent}  `)).join('');
  return `${nl}<${t.name}>${inner}${nl}</${t.name}>`;
}

function document_(root: Rec, pretty: boolean): string {
  return `<?xml version="1.0"?><wrap xmlns:p="urn:p">${serialize(root, pretty)}</wrap>`;
}

/** Reads the element the reader is on as `expected` says, skipping the records for which `skipWhen` says so. */
function check(r: XmlReader, expected: Tree, skipWhen: (t: Tree) => boolean): void {
  expect(r.localName).toBe(expected.name.replace(/^p:/, ''));
  expect(r.namespaceUri).toBe(expected.name.startsWith('p:') ? 'urn:p' : '');
  if (isLeaf(expected)) {
    expect(r.readText()).toBe(expected.text);
    return;
  }
  if (skipWhen(expected)) {
    r.skip();
    return;
  }
  for (const child of expected.children) {
    expect(r.nextChild()).toBe(true);
    check(r, child, skipWhen);
  }
  expect(r.nextChild()).toBe(false);
}

function readDocument(xml: string, root: Rec, skipWhen: (t: Tree) => boolean): void {
  const r = new XmlReader(xml);
  r.readRoot();
  expect(r.nextChild()).toBe(true);
  check(r, root, skipWhen);
  expect(r.nextChild()).toBe(false);
}

describe('XmlReader properties', () => {
  it('reads back any document of repeated, varying records, compact or indented', () => {
    fc.assert(
      fc.property(document, ({ root, pretty }) => {
        readDocument(document_(root, pretty), root, () => false);
      }),
      { numRuns: 400 },
    );
  });

  it('skips any record and stays in step', () => {
    fc.assert(
      fc.property(document, fc.integer({ min: 0, max: 5 }), ({ root, pretty }, seed) => {
        let n = 0;
        readDocument(document_(root, pretty), root, () => (n++ + seed) % 3 === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a document in which any one end tag names another element', () => {
    const withEndTags = document.filter(({ root }) => serialize(root, false).includes('</'));
    fc.assert(
      fc.property(
        withEndTags,
        fc.nat(),
        fc.constantFrom('a', 'ab', 'b', 'zz', 'p:a', 'abcd'),
        ({ root, pretty }, pick, other) => {
          const xml = document_(root, pretty);
          const ends = [...xml.matchAll(/<\/([^>]+)>/g)].filter((m) => m[1] !== 'wrap');
          const target = ends[pick % ends.length]!;
          fc.pre(target[1] !== other);
          const broken = `${xml.slice(0, target.index)}</${other}>${xml.slice(target.index + target[0].length)}`;
          let error: unknown;
          try {
            readDocument(broken, root, () => false);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(SvcDecodeError);
        },
      ),
      { numRuns: 400 },
    );
  });
});
