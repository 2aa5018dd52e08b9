/**
 * Issue 25, category 4: `<s:element ref="p:name"/>` as a parameter or a field was dropped, reported as "not read"
 * (and its global element as one "no message names"). A reference is now read as the element it names, declared in
 * place with the reference's occurrence: a parameter (Filter, limit), a repeated field (FilterSpec.Keyword), a field
 * of a record in a second schema namespace (Paging.PageSize). A reference to an element of another namespace than
 * the one it stands in (o:Sort in the wrapper) cannot be said by the format: it is reported, once, where it stands.
 * The fixture (test/fixtures/import/issue25/ElementRef.wsdl) goes through import, generate, type-check and a call of
 * the generated client to the generated mock, whose wire is checked exactly.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot } from '../helpers/paths.js';
import { bodyContent, roundTrip, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/ElementRef.wsdl';
let trip: RoundTrip;
let mock: MockService | undefined;

beforeAll(async () => {
  trip = await roundTrip(WSDL, 'element-ref');
}, 120_000);
afterAll(async () => mock?.close());

describe('element references', () => {
  it('are drafted as the elements they name, with their occurrence', () => {
    const model = trip.generated.model;
    const search = model.operations.find((o) => o.name === 'Search')!;
    expect(search.params.map((p) => [p.name, p.type.kind === 'record' ? p.type.record.name : p.type.kind === 'primitive' ? p.type.name : p.type.kind, p.optional])).toEqual([
      ['Filter', 'FilterSpec', false],
      ['limit', 'int', true],
      ['paging', 'Paging', true],
    ]);
    const fields = (name: string) => model.records.find((r) => r.name === name)!.fields.map((f) => [f.name, f.type.kind, f.optional]);
    expect(fields('FilterSpec')).toEqual([
      ['Field', 'primitive', true],
      ['Keyword', 'list', false],
    ]);
    expect(fields('Paging')).toEqual([
      ['PageSize', 'primitive', false],
      ['Page', 'primitive', false],
    ]);
  });

  it('reports only the reference to another namespace, where it stands, with the right reason', () => {
    expect(trip.importRun.stderr.split('\n').filter((l) => /:\d+:\d+: /.test(l))).toEqual([
      `${WSDL}:12:13: s:element ref: the element reference o:Sort names an element of urn:example:other, not of http://example.org/refs/ where the reference stands; the format has no way to put one parameter or field in a namespace of its own, so it is left out`,
    ]);
    expect(trip.importRun.stderr).not.toContain('no message of the WSDL names it');
  });

  it('generates a client and mock that type-check', () => {
    expect(trip.diagnostics).toEqual([]);
  });

  it('go on the wire as the elements they name, both ways', async () => {
    const received: unknown[] = [];
    const connected = trip.connect({ search: (p: { Filter: unknown }) => (received.push(p), p.Filter) });
    mock = connected.mock;
    const filter = { Field: 'name', Keyword: ['a', 'b'] };
    await expect(connected.client['search']!({ Filter: filter, limit: 5, paging: { PageSize: 10, Page: 2 } })).resolves.toEqual(filter);
    const [exchange] = connected.exchanges;
    expect(exchange!.status).toBe(200);
    expect(bodyContent(exchange!.request, 'Search')).toBe(
      '<Filter><Field>name</Field><Keyword>a</Keyword><Keyword>b</Keyword></Filter><limit>5</limit><paging xmlns:ns1="urn:example:other"><ns1:PageSize>10</ns1:PageSize><ns1:Page>2</ns1:Page></paging>',
    );
    expect(received).toEqual([{ Filter: filter, limit: 5, paging: { PageSize: 10, Page: 2 } }]);
    expect(bodyContent(exchange!.response, 'SearchResult')).toBe('<Field>name</Field><Keyword>a</Keyword><Keyword>b</Keyword>');
  });
});

describe('an element reference that cannot be read', () => {
  const text = readFileSync(fromRoot(WSDL), 'utf8');
  it.each([
    ['an undeclared prefix', 'zz:limit', 'the prefix of the element reference zz:limit is not declared; left out'],
    ['an element no schema declares', 'tns:nolimit', 'the element reference tns:nolimit names {http://example.org/refs/}nolimit, which no schema of the WSDL declares; left out'],
  ])('is reported where it stands: %s', (_, ref, message) => {
    const { problems, yaml } = importWsdl(text.replace('ref="tns:limit"', `ref="${ref}"`), WSDL);
    expect(problems.map((p) => `${p.line}:${p.column} ${p.construct}: ${p.message}`)).toContain(`10:13 s:element ref: ${message}`);
    expect(yaml).not.toContain('name: limit');
  });
});
