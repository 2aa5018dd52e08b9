/**
 * The docs' XML indenter over random documents with text anywhere (before, between and after elements, white space
 * alone, CDATA), comments and processing instructions: it only inserts white space, so removing the inserted line
 * breaks and indentation gives the input back byte for byte; the document reads the same; indenting again changes
 * nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indentXml } from '../../generator/emit/docs/indent-xml.js';
import { infoset, unindent } from './support/xml-infoset.js';

type Node = { kind: 'element'; name: string; children: Node[] } | { kind: 'raw'; raw: string };

// No line break anywhere in the input: every line break in the output is then one the indenter inserted.
const text = fc
  .array(fc.constantFrom('x', 'a b', ' ', '  ', '\t', '&amp;', '&lt;', 'é', '>'), { minLength: 1, maxLength: 3 })
  .map((parts): Node => ({ kind: 'raw', raw: parts.join('') }));
const other = fc.constantFrom<Node>(
  { kind: 'raw', raw: '<!-- c -->' },
  { kind: 'raw', raw: '<?pi x?>' },
  { kind: 'raw', raw: '<![CDATA[<k> ]]>' },
);

const node: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    other,
    fc.record({
      kind: fc.constant('element' as const),
      name: fc.constantFrom('a', 'b', 'p:c'),
      children: fc.array(tie('node'), { maxLength: 4 }),
    }),
  ),
})).node;

function serialize(n: Node): string {
  if (n.kind === 'raw') return n.raw;
  return n.children.length === 0 ? `<${n.name}/>` : `<${n.name}>${n.children.map(serialize).join('')}</${n.name}>`;
}

const documents = fc
  .array(node, { maxLength: 5 })
  .map((children) => `<r xmlns:p="urn:p">${children.map(serialize).join('')}</r>`);

describe('indentXml, over random documents with text anywhere', () => {
  it('only inserts white space between pieces of markup: removing it gives the input back, which reads the same', () => {
    fc.assert(
      fc.property(documents, (given) => {
        const shown = indentXml(given);
        expect(unindent(shown)).toBe(given);
        expect(infoset(shown)).toEqual(infoset(given));
        expect(indentXml(shown)).toBe(shown);
      }),
      { numRuns: 300 },
    );
  });
});
