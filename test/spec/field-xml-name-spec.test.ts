/**
 * A field's `xmlName` (issue 25, PayPal's DoUATPAuthorizationResponseType): a type extending another may declare an
 * element of one of its base's names; the two members need two keys, and the extension's keeps its element name as
 * xmlName. What the loader makes of it, and what it refuses: each case is the base spec with one thing changed,
 * reported with its exact message and spec path at the line and column where it stands.
 */
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../../generator/load/load.js';
import { specEdits } from './support/spec-edits.js';

const FILE = 'pay.yaml';

const BASE = `specVersion: 1
service:
  name: Pay
  title: Pay test service
  version: v1
  path: /Pay.asmx
  namespace: { uri: 'http://pay.example/' }
  client: PayClient
records:
  Authorization:
    fields:
      - { name: TransactionID, type: string, optional: false }
      - { name: MsgSubID, type: string }
      - { name: kind, type: string, attribute: true, optional: true }
  Uatp:
    extends: Authorization
    fields:
      - { name: AuthorizationCode, type: string, optional: false }
      - { name: MsgSubID1, xmlName: MsgSubID, type: string }
operations:
  - name: Authorize
    httpPost: false
    params:
      - { name: details, type: Uatp }
    result: Uatp
`;

const { change, issuesOf, at } = specEdits(BASE, FILE);

describe('a field with an xmlName', () => {
  it('is keyed by its name and written under its xmlName; a field without one is named as on the wire', () => {
    const uatp = parseSpec(BASE, FILE).records.find((r) => r.name === 'Uatp')!;
    expect(uatp.fields.map((f) => [f.name, f.xmlName])).toEqual([
      ['TransactionID', 'TransactionID'],
      ['MsgSubID', 'MsgSubID'],
      ['kind', 'kind'],
      ['AuthorizationCode', 'AuthorizationCode'],
      ['MsgSubID1', 'MsgSubID'],
    ]);
  });

  it('loads the same element name with nothing required between when the base’s field is required, or in another namespace', () => {
    const required = change(
      '{ name: MsgSubID, type: string }',
      '{ name: MsgSubID, type: string, optional: false }',
      change(
        '{ name: AuthorizationCode, type: string, optional: false }',
        '{ name: AuthorizationCode, type: string, optional: true }',
      ),
    );
    expect(
      parseSpec(required, FILE)
        .records.find((r) => r.name === 'Uatp')!
        .fields.map((f) => f.xmlName),
    ).toContain('MsgSubID');
    const elsewhere = change(
      '  Uatp:\n',
      '  Uatp:\n    namespace: http://pay.example/uatp\n',
      change(
        '{ name: AuthorizationCode, type: string, optional: false }',
        '{ name: AuthorizationCode, type: string, optional: true }',
      ),
    );
    expect(
      parseSpec(elsewhere, FILE)
        .records.find((r) => r.name === 'Uatp')!
        .fields.map((f) => f.name),
    ).toContain('MsgSubID1');
  });

  it('names the items of a list without a container by its xmlName', () => {
    const text = change(
      '{ name: MsgSubID1, xmlName: MsgSubID, type: string }',
      '{ name: MsgSubID1, xmlName: MsgSubID, type: { list: string, container: false } }',
    );
    const field = parseSpec(text, FILE)
      .records.find((r) => r.name === 'Uatp')!
      .fields.at(-1)!;
    expect(field.type).toMatchObject({ kind: 'list', itemElement: 'MsgSubID' });
  });

  const MSG = '{ name: MsgSubID1, xmlName: MsgSubID, type: string }';
  it.each<[string, string, [string, string], string, string]>([
    [
      'the base field of the same key again, with a hint',
      change(MSG, '{ name: MsgSubID, type: string }'),
      ['{ name: MsgSubID, type: string }\noperations', 'MsgSubID'],
      'records.Uatp.fields[1].name',
      'field "MsgSubID" is already defined by the base type Authorization: a field of the same element name needs a key of its own (name: MsgSubID1, xmlName: MsgSubID)',
    ],
    [
      'two fields of one type on one element name',
      change(MSG, `${MSG}\n      - { name: MsgSubID2, xmlName: MsgSubID, type: string }`),
      ['{ name: MsgSubID2, xmlName: MsgSubID', 'MsgSubID,'],
      'records.Uatp.fields[2].xmlName',
      'field "MsgSubID2" has the element name "MsgSubID" of field "MsgSubID1" too: the fields of one type must have distinct names on the wire',
    ],
    [
      'an attribute of its base again',
      change(MSG, `${MSG}\n      - { name: kind2, xmlName: kind, type: string, attribute: true }`),
      ['{ name: kind2, xmlName: kind', 'kind,'],
      'records.Uatp.fields[2].xmlName',
      'the attribute "kind" is already defined by the base type Authorization (field "kind")',
    ],
    [
      'nothing required between the base’s element and the extension’s of the same name',
      change(
        '{ name: AuthorizationCode, type: string, optional: false }',
        '{ name: AuthorizationCode, type: string, optional: true }',
      ),
      ['{ name: MsgSubID1, xmlName: MsgSubID', 'MsgSubID,'],
      'records.Uatp.fields[1].xmlName',
      'field "MsgSubID1" and the base\'s field "MsgSubID" are both <MsgSubID>, and nothing required stands between them: a lone <MsgSubID> could be either (XML Schema forbids such a content model: Unique Particle Attribution); make the base\'s field, or one between them, required',
    ],
    [
      'an out parameter (its element is its name)',
      change(
        '    result: Uatp\n',
        '    result: Uatp\n    outputs:\n      - { name: code, xmlName: Code, type: string }\n',
      ),
      ['{ name: code, xmlName: Code', 'Code,'],
      'operations[0].outputs[0].xmlName',
      "an out parameter's element is named by its name: xmlName is for a record's or result's fields",
    ],
  ])('refuses %s', (_, text, where, path, message) => {
    const place = at(text, ...where);
    expect(issuesOf(text)).toContainEqual({ ...place, path, message });
  });
});
