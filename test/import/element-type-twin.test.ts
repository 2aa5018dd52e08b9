/**
 * Issue 25, bing-search: an operation whose request and response elements are named apart from it (Bing's `Search`
 * takes `SearchRequest`, answers `SearchResponse`) is drafted bare, each element a parameter (result) of the record of
 * its inline type. Bing also declares named types `SearchRequest` and `SearchResponse` (what the elements hold), and
 * an inline record of an element whose name a named type has was left out: the operation went with it, and the draft
 * had no operation at all. The inline record is now keyed apart (the element's name and a number).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot } from '../helpers/paths.js';

const BING = 'test/fixtures/wsdl/bing-search/bingsearch.wsdl';

describe('an element of an inline type whose name a named type has too', () => {
  const { yaml, problems } = importWsdl(readFileSync(fromRoot(BING), 'utf8'), BING);

  it('keeps the operation, bare, its parameter and result of the inline records', () => {
    expect(yaml).toContain(
      [
        'operations:',
        '  - name: Search',
        '    params:',
        '      - { name: SearchRequest, type: SearchRequest2, optional: true }',
        '    result: { type: SearchResponse2, element: SearchResponse }',
        '    parameterStyle: bare',
      ].join('\n'),
    );
  });

  it.each([
    ['SearchRequest2', 'SearchRequest'],
    ['SearchResponse2', 'SearchResponse'],
  ])('drafts the inline record %s holding the named type %s', (record, named) => {
    expect(yaml).toMatch(
      new RegExp(
        `^ {2}${record}:\\n {4}fields:\\n {6}- \\{ name: parameters, type: ${named}, optional: false, nillable: false \\}$`,
        'm',
      ),
    );
  });

  it('leaves out neither the inline types nor the operation', () => {
    expect(problems.map((p) => p.construct)).not.toContain('anonymous s:complexType');
    expect(problems.map((p) => p.construct)).not.toContain('wsdl:part');
  });
});
