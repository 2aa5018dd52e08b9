/**
 * The mock's example answer for a DataSet result (`xml` with `httpPostRoot: DataSet`) is a DataSet: the schema element
 * ASMX declares first (`<s:element ref="s:schema"/><s:any/>`), then the data, so it validates against the original
 * WSDL (test/import/end-to-end.test.ts checks that for the noise-monitoring fixture) and a DataSet reader takes it.
 * Other `xml` results keep the plain example.
 */
import { describe, expect, it } from 'vitest';
import { exampleResult } from '../../generator/emit/examples.js';
import type { ResultModel } from '../../generator/model/types.js';

const xmlResult: ResultModel = { kind: 'value', type: { kind: 'primitive', name: 'xml' }, nullable: true } as unknown as ResultModel;

/** The text of the string literal an example expression is. */
function text(expression: string): string {
  return JSON.parse(expression.startsWith("'") ? `"${expression.slice(1, -1).replace(/"/g, '\\"')}"` : expression) as string;
}

describe('exampleResult of an xml result', () => {
  it('is an empty DataSet, schema element first, when the HTTP POST root is <DataSet>', () => {
    const example = text(exampleResult(xmlResult, { kind: 'shown', name: 'DataSet' }));
    expect(example).toMatch(/^<xs:schema id="NewDataSet" [^>]*xmlns:xs="http:\/\/www\.w3\.org\/2001\/XMLSchema"/);
    expect(example).toMatch(/<\/xs:schema><diffgr:diffgram [^>]*xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1" \/>$/);
  });

  it('stays the plain example for other XML content (an XmlElement, any root)', () => {
    expect(text(exampleResult(xmlResult, { kind: 'any' }))).toBe('<example/>');
    expect(text(exampleResult(xmlResult))).toBe('<example/>');
  });
});
