/** The docs' XML indenter: only white space between pieces of markup of element-only content is added. */
import { describe, expect, it } from 'vitest';
import { IndentXmlError, indentXml } from '../../generator/emit/docs/indent-xml.js';
import { infoset, unindent } from './support/xml-infoset.js';

const ROWS: ReadonlyArray<readonly [string, { given: string; want: string; verbatim?: string }]> = [
  [
    'a declaration and nested elements',
    {
      given: '<?xml version="1.0"?><a><b><c>1</c></b><d/></a>',
      want: '<?xml version="1.0"?>\n<a>\n  <b>\n    <c>1</c>\n  </b>\n  <d/>\n</a>',
    },
  ],
  [
    "text kept on its element's line, white space in it untouched",
    {
      given: '<a><b>  two  spaces </b><c>line\nbreak</c></a>',
      want: '<a>\n  <b>  two  spaces </b>\n  <c>line\nbreak</c>\n</a>',
    },
  ],
  [
    'mixed content kept as written, descendants too',
    { given: '<a><p>Hi <b><i>x</i></b> there</p></a>', want: '<a>\n  <p>Hi <b><i>x</i></b> there</p>\n</a>' },
  ],
  [
    'white space alone is text: its element is kept as written',
    { given: '<a><b> <c/></b></a>', want: '<a>\n  <b> <c/></b>\n</a>' },
  ],
  // Text after the first child makes mixed content as much as text before it (issue 29: a check of the first child alone
  // would break these lines and change the text).
  ['text only after an element', { given: '<a><p><b>x</b> there</p></a>', want: '<a>\n  <p><b>x</b> there</p>\n</a>' }],
  ['white space alone after an element', { given: '<a><q><c/> </q></a>', want: '<a>\n  <q><c/> </q>\n</a>' }],
  ['text between two elements', { given: '<a><r><b/>and<c/></r></a>', want: '<a>\n  <r><b/>and<c/></r>\n</a>' }],
  [
    'an element holding a comment alone is kept as written (no element to put on a line)',
    { given: '<a><b><!-- c --></b><d><?pi?></d></a>', want: '<a>\n  <b><!-- c --></b>\n  <d><?pi?></d>\n</a>' },
  ],
  [
    'CDATA after an element',
    { given: '<a><s><c/><![CDATA[x]]></s></a>', want: '<a>\n  <s><c/><![CDATA[x]]></s>\n</a>' },
  ],
  [
    'CDATA is text',
    { given: '<a><b><![CDATA[<c></c>]]><c/></b></a>', want: '<a>\n  <b><![CDATA[<c></c>]]><c/></b>\n</a>' },
  ],
  ['an empty element with an end tag', { given: '<a><b></b></a>', want: '<a>\n  <b></b>\n</a>' }],
  [
    'a `>` and `/>` inside attribute values',
    { given: '<a x="1>2"><b y=\'/>\'/></a>', want: '<a x="1>2">\n  <b y=\'/>\'/>\n</a>' },
  ],
  [
    'comments and processing instructions among elements',
    { given: '<a><!-- c --><?pi x?><b/></a>', want: '<a>\n  <!-- c -->\n  <?pi x?>\n  <b/>\n</a>' },
  ],
  [
    'prefixed names',
    {
      given: '<s:E xmlns:s="u"><s:B><x:Y xmlns:x="v">t</x:Y></s:B></s:E>',
      want: '<s:E xmlns:s="u">\n  <s:B>\n    <x:Y xmlns:x="v">t</x:Y>\n  </s:B>\n</s:E>',
    },
  ],
  [
    'xml content named verbatim',
    { given: '<a><Data><r><q/></r></Data></a>', want: '<a>\n  <Data><r><q/></r></Data>\n</a>', verbatim: 'Data' },
  ],
  [
    'a document with white space outside the root',
    { given: '<?xml version="1.0"?>\n<a><b/></a>', want: '<?xml version="1.0"?>\n<a><b/></a>' },
  ],
];

describe('indentXml', () => {
  it.each(ROWS)('%s', (_, { given, want, verbatim }) => {
    const shown = indentXml(given, verbatim === undefined ? {} : { verbatim: (n) => n === verbatim });
    expect(shown).toBe(want);
    // Indenting again changes nothing, and the same document is read either way.
    expect(indentXml(shown, verbatim === undefined ? {} : { verbatim: (n) => n === verbatim })).toBe(shown);
    if (!given.includes('\n')) expect(unindent(shown)).toBe(given);
    expect(infoset(shown)).toEqual(infoset(given));
  });

  it.each([
    ['an unterminated tag', '<a><b x="1>', /unterminated tag/],
    ['an end tag that matches nothing', '<a></b>', /end tag <\/b> matches no start tag/],
    ['an element left open', '<a><b></b>', /<a> is not closed/],
    ['a DOCTYPE', '<!DOCTYPE a><a/>', /a declaration .* is not supported/],
  ])('refuses %s', (_, given, message) => {
    expect(() => indentXml(given)).toThrow(IndentXmlError);
    expect(() => indentXml(given)).toThrow(message);
  });
});
