/**
 * Issue 25, Exchange (exchange-ews's FindFolder): a reference to the head of a substitution group stands for any
 * element of the group (test/fixtures/import/issue25/Substitution.wsdl: an abstract t:Path whose members FieldURI and
 * IndexedFieldURI fill a repeated choice, and a t:Expression of an abstract type referenced in a sequence, whose member
 * And nests expressions again). Each was drafted as the head alone (an abstract element, or a type no instance may
 * have), which no service takes. Now each is a choice of the group's elements that can stand on the wire, named as a
 * choice is (Item, Items); the client and mock send and read them both ways, valid against the fixture's own schema.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWsdl } from '../../generator/import/index.js';
import { fromRoot } from '../helpers/paths.js';
import { extractSchemas, validateAll } from '../helpers/xsd.js';
import { bodyContent, roundTrips, type MockService, type RoundTrip } from './support/wsdl-round-trip.js';

const WSDL = 'test/fixtures/import/issue25/Substitution.wsdl';
const wsdlText = readFileSync(fromRoot(WSDL), 'utf8');
let trip: RoundTrip;
const mocks: MockService[] = [];

beforeAll(async () => {
  trip = (await roundTrips({ substitution: WSDL }, 'issue25-substitution')).substitution;
}, 180_000);
afterAll(async () => Promise.all(mocks.map((m) => m.close())));

const QUERY = {
  Properties: [
    { FieldURI: { FieldURI: 'item:Subject' } },
    { IndexedFieldURI: { FieldURI: 'item:To', FieldIndex: '2' } },
  ],
  Item: {
    And: {
      Items: [{ Exists: { Field: 'a' } }, { And: { Items: [{ Exists: { Field: 'b' } }, { Exists: { Field: 'c' } }] } }],
    },
  },
  Items: [{ Remark: 'r1' }, { Note: 'n1' }, { Comment: 'c1' }, { Remark: 'r2' }],
};

describe('the import', () => {
  it('drafts each reference to a head as a choice of the elements that may stand for it, reporting nothing (the abstract type is an abstract record)', () => {
    const choice = (record: string, field: string) => {
      const t = trip.generated.model.records.find((r) => r.name === record)!.fields.find((f) => f.name === field)!.type;
      const c = t.kind === 'list' ? t.item : t;
      return c.kind === 'choice'
        ? c.alternatives.map((a) => `${a.name}:${a.type.kind === 'record' ? a.type.record.name : a.type.kind}`)
        : t.kind;
    };
    expect({
      Properties: choice('Query', 'Properties'),
      Item: choice('Query', 'Item'),
      Notes: choice('Query', 'Items'),
      Items: choice('AndType', 'Items'),
    }).toEqual({
      Properties: ['FieldURI:FieldPath', 'IndexedFieldURI:IndexedPath'],
      Item: ['Exists:ExistsType', 'And:AndType'],
      Notes: ['Note:primitive', 'Remark:primitive', 'Comment:primitive'],
      Items: ['Exists:ExistsType', 'And:AndType'],
    });
    expect(importWsdl(wsdlText, WSDL).problems.map((p) => p.construct)).toEqual([]);
  });

  it('reports a member of another namespace where the reference stands, and leaves the choice out', () => {
    const text = wsdlText
      .replace('xmlns:tns="http://example.org/find/"', 'xmlns:tns="http://example.org/find/" xmlns:o="urn:other"')
      .replace('<s:element name="IndexedFieldURI" type="tns:IndexedPath" substitutionGroup="tns:Path" />', '')
      .replace(
        '    </s:schema>\n',
        '    </s:schema>\n    <s:schema elementFormDefault="qualified" targetNamespace="urn:other"><s:element name="IndexedFieldURI" type="tns:IndexedPath" substitutionGroup="tns:Path" /></s:schema>\n',
      );
    const messages = importWsdl(text, WSDL).problems.map((p) => `${p.construct}: ${p.message}`);
    expect(messages).toContain(
      's:element ref: in ArrayOfPaths: IndexedFieldURI of the substitution group of tns:Path is an element of urn:other, not of http://example.org/find/ where the reference stands; the format has no way to put an alternative in a namespace of its own, so the choice is left out',
    );
    expect(messages).toContain(
      's:choice: in ArrayOfPaths: the choice is left out, since not all of its alternatives can be mapped',
    );
  });
});

describe('the generated client and mock', () => {
  it('type-check, send the members’ elements both ways and read them back', async () => {
    expect(trip.diagnostics).toEqual([]);
    const received: unknown[] = [];
    const { client, mock, exchanges } = trip.connect({ find: (p: unknown) => (received.push(p), QUERY) });
    mocks.push(mock);
    await expect(client['find']!({ query: QUERY })).resolves.toEqual(QUERY);
    expect(received).toEqual([{ query: QUERY }]);
    const sent = bodyContent(exchanges[0]!.request, 'query');
    expect(sent).toMatch(
      /^<Properties><FieldURI FieldURI="item:Subject"\s*\/?>(<\/FieldURI>)?<IndexedFieldURI FieldURI="item:To" FieldIndex="2"\s*\/?>/,
    );
    expect(sent).toContain(
      '<And><Exists><Field>a</Field></Exists><And><Exists><Field>b</Field></Exists><Exists><Field>c</Field></Exists></And></And>',
    );
    expect(sent).toMatch(/<\/And><Remark>r1<\/Remark><Note>n1<\/Note><Comment>c1<\/Comment><Remark>r2<\/Remark>$/);
    expect(sent).not.toMatch(/<(Path|Expression|Item|Items)\b/);
  });

  it('what both sides sent is valid against the fixture’s own schema (libxml2)', async () => {
    const { client, mock, exchanges } = trip.connect({ find: (p: { query: unknown }) => p.query });
    mocks.push(mock);
    await client['find']!({ query: QUERY });
    await client['find']!({ query: { Properties: [{ FieldURI: { FieldURI: 'x' } }], Items: [] } });
    const body = (envelope: string) => /<soap:Body>([\s\S]*)<\/soap:Body>/.exec(envelope)![1]!;
    const documents = Object.fromEntries(
      exchanges.flatMap((e, i) => [
        [`request${i}`, body(e.request)],
        [`answer${i}`, body(e.response)],
      ]),
    );
    expect(Object.keys(documents)).toHaveLength(4);
    const failures = [...(await validateAll(extractSchemas(wsdlText), documents))].filter(
      ([, errors]) => errors.length > 0,
    );
    expect(failures).toEqual([]);
  });
});
