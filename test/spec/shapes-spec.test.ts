/**
 * What the loader checks for the shapes of the widened format (README, "Writing a spec"): lists without a container,
 * attributes, inheritance, per-operation parameters, HTTP POST bindings and roots, SOAP headers, and EAT markers and
 * polls that meet the new types. Every problem is reported with its exact message and path at the line and column
 * where it stands. And what needs no entry at all: a spec without auth, results or top-level parameters loads with no
 * placeholder, and the HTTP POST roots follow ASMX's convention.
 *
 * Each case is the base spec below with one thing changed.
 */
import { describe, expect, it } from 'vitest';
import type { ServiceModel } from '../../generator/model/types.js';
import { SpecError, type SpecIssue } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { thrown } from '../helpers/failures.js';

const FILE = 'shop.yaml';

/** No auth, no results, no top-level parameters; a boolean result, a record parameter; no eat, no httpPostRoot. */
const BASE = `specVersion: 1
service:
  name: Shop
  title: Shop test service
  version: v1
  path: /Shop.asmx
  namespace: { uri: 'http://shop.example/' }
  client: ShopClient
  doc: A shop.
soapHeaders:
  - element: AuthHeader
    type: AuthHeader
    option: auth
    doc: Credentials.
enums:
  Color:
    doc: A colour.
    values: [Red, Green]
records:
  AuthHeader:
    doc: Credentials.
    fields:
      - { name: Username, type: string }
      - { name: Password, type: string, secret: true }
  Base:
    doc: What every item has.
    fields:
      - { name: Id, type: int }
  Item:
    doc: An item.
    extends: Base
    fields:
      - { name: Code, type: string, attribute: true }
      - { name: Tags, type: { list: string } }
      - { name: Lines, type: { list: string, container: false } }
operations:
  - name: Get
    doc: Gets an item.
    params:
      - { name: id, type: int, doc: The id. }
    result: Item
  - name: Put
    doc: Stores an item.
    httpPost: false
    params:
      - { name: item, type: Item, doc: The item. }
    result: boolean
  - name: Mix
    doc: Mixes colours.
    params:
      - { name: color, type: Color, doc: A colour., optional: true, default: Red }
    result: void
`;

const RESULTS = `results:
  Status:
    doc: A status.
    fields:
      - { name: state, type: string }
operations:
`;

/** BASE with `from` (which must occur exactly once) replaced by `to`. */
function change(from: string, to: string, text = BASE): string {
  expect(text.split(from).length - 1, `"${from}" occurs once`).toBe(1);
  return text.replace(from, to);
}

/** BASE with a results section holding the result type Status. */
function withResults(text = BASE): string {
  return change('operations:\n', RESULTS, text);
}

function issuesOf(text: string): readonly SpecIssue[] {
  return thrown(() => parseSpec(text, FILE), SpecError).issues;
}

/**
 * Where `token` starts, 1-based, on the (only) line containing `needle`; the first occurrence of `token` on that line
 * at or after the start of `needle`.
 */
function at(text: string, needle: string, token: string): { line: number; column: number } {
  const start = text.indexOf(needle);
  expect(start, needle).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(needle, start + 1), `"${needle}" occurs once`).toBe(-1);
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const col = text.indexOf(token, start);
  expect(col, token).toBeGreaterThanOrEqual(start);
  expect(text.slice(lineStart, col).includes('\n')).toBe(false);
  return { line: text.slice(0, start).split('\n').length, column: col - lineStart + 1 };
}

interface Case {
  readonly kind: string;
  readonly text: string;
  /** The line (by a unique part of it) and the token at which the issue is reported. */
  readonly where: readonly [needle: string, token: string];
  readonly path: string;
  readonly message: string;
}

function expectOnly(c: Case): void {
  const issues = issuesOf(c.text);
  expect(issues).toEqual([{ file: FILE, ...at(c.text, ...c.where), path: c.path, message: c.message }]);
}

describe('the base spec', () => {
  it('loads: no auth, no results, no top-level parameters, a boolean result, a record parameter, no eat, no httpPostRoot', () => {
    const model = parseSpec(BASE, FILE);
    expect(model.auth).toBeUndefined();
    expect(model.results).toEqual([]);
    expect(model.parameters).toEqual([]);
    const [get, put, mix] = model.operations;
    expect(get?.eat).toEqual({ kind: 'unsigned', marker: '' });
    expect(get?.httpPostRoot).toEqual({ kind: 'convention', name: 'Item' });
    expect(get?.httpPost).toBe(true);
    expect(put?.result).toMatchObject({
      kind: 'value',
      type: { kind: 'primitive', name: 'boolean' },
      nullable: false,
      element: 'PutResult',
    });
    expect(put?.params[0]).toMatchObject({
      name: 'item',
      type: { kind: 'record' },
      optional: false,
      nillable: false,
      default: undefined,
    });
    expect(put?.httpPost).toBe(false);
    expect(put?.httpPostRoot).toEqual({ kind: 'unbound' });
    expect(mix?.httpPostRoot).toEqual({ kind: 'empty' });
    expect(mix?.params[0]).toMatchObject({ optional: true, default: 'Red' });
    expect(model.operations.map((o) => o.headers.map((h) => h.element))).toEqual([
      ['AuthHeader'],
      ['AuthHeader'],
      ['AuthHeader'],
    ]);
    expect(model.soapHeaders).toMatchObject([{ element: 'AuthHeader', option: 'auth', required: true }]);
  });

  it('resolves inheritance, attributes and a list without a container', () => {
    const item = parseSpec(BASE, FILE).records.find((r) => r.name === 'Item')!;
    expect(item.base?.name).toBe('Base');
    expect(item.fields.map((f) => f.name)).toEqual(['Id', 'Code', 'Tags', 'Lines']);
    expect(item.ownFields.map((f) => f.name)).toEqual(['Code', 'Tags', 'Lines']);
    const [, code, tags, lines] = item.fields;
    expect(code).toMatchObject({ attribute: true, optional: true, nillable: false });
    expect(tags).toMatchObject({
      optional: true,
      nillable: true,
      type: { kind: 'list', itemElement: 'string', container: true, nillableItems: true },
    });
    expect(lines).toMatchObject({
      optional: false,
      nillable: false,
      type: { kind: 'list', itemElement: 'Lines', container: false },
    });
  });

  it('a result may extend a record', () => {
    const text = change(
      '  Status:\n    doc: A status.\n',
      '  Status:\n    doc: A status.\n    extends: Base\n',
      withResults(),
    );
    const status = parseSpec(text, FILE).results.find((r) => r.name === 'Status')!;
    expect(status.fields.map((f) => f.name)).toEqual(['Id', 'state']);
  });

  it('XML content is a reference type: a field of it may be absent or nil', () => {
    const text = change(
      '      - { name: Tags, type: { list: string } }\n',
      '      - { name: Tags, type: { list: string } }\n      - { name: Data, type: xml }\n',
    );
    const data = parseSpec(text, FILE)
      .records.find((r) => r.name === 'Item')!
      .fields.find((f) => f.name === 'Data');
    expect(data).toMatchObject({
      type: { kind: 'primitive', name: 'xml' },
      optional: true,
      nillable: true,
      attribute: false,
    });
  });
});

describe('lists without a container', () => {
  const ONLY_REPEATABLE =
    "only a record field, a parameter, an out parameter or an alternative of a field's choice can be a list without a container (its items are its own element, repeated), not a result, a list item, or an alternative of a parameter's or a list's choice";
  it.each<Case>([
    {
      kind: 'an optional parameter that must hold items',
      text: change(
        '{ name: id, type: int, doc: The id. }',
        '{ name: id, type: { list: int, container: false, minItems: 2 }, optional: true, doc: The id. }',
      ),
      where: ['{ name: id, type: { list: int, container: false, minItems: 2 }', 'true'],
      path: 'operations[0].params[0].optional',
      message: 'a list without a container that must hold 2 items or more cannot be optional: left out, it sends none',
    },
    {
      kind: 'a nillable top-level parameter',
      text: change(
        'operations:\n',
        'parameters:\n  ids: { type: { list: int, container: false }, nillable: true, doc: Ids. }\noperations:\n',
      ),
      where: ['ids: { type:', 'true'],
      path: 'parameters.ids.nillable',
      message:
        'a list without a container is never nil: no items is an empty list (use nillableItems for nil items, optional: true to let it be left out)',
    },
    {
      kind: 'a parameter whose items are a choice',
      text: change(
        '{ name: id, type: int, doc: The id. }',
        '{ name: id, type: { list: { choice: [{ name: A, type: int }, { name: B, type: string }] }, container: false }, doc: The id. }',
      ),
      where: ['{ name: id, type: { list: { choice', 'false'],
      path: 'operations[0].params[0].type.container',
      message:
        'a parameter cannot be a repeated choice (a list of choices without a container): give it a container, or make it a record field',
    },
    {
      kind: "a parameter's items with a namespace of their own",
      text: change(
        '{ name: id, type: int, doc: The id. }',
        '{ name: id, type: { list: int, container: false, namespace: "urn:x" }, doc: The id. }',
      ),
      where: ['{ name: id, type: { list: int, container: false', '"urn:x" }'],
      path: 'operations[0].params[0].type.namespace',
      message:
        "a list without a container has no namespace of its own: its items are <id> elements, in the operation's namespace",
    },
    {
      kind: 'an operation result',
      text: change('    result: Item\n', '    result: { list: Item, container: false }\n'),
      where: ['result: { list: Item', 'false'],
      path: 'operations[0].result.container',
      message: ONLY_REPEATABLE,
    },
    {
      kind: "the inner list of a field's nested list",
      text: change(
        '{ name: Tags, type: { list: string } }',
        '{ name: Tags, type: { list: { list: string, container: false } } }',
      ),
      where: ['{ name: Tags', 'false'],
      path: 'records.Item.fields[1].type.list.container',
      message: ONLY_REPEATABLE,
    },
    {
      kind: 'with an item element of its own',
      text: change('{ list: string, container: false }', '{ list: string, container: false, item: Line }'),
      where: ['{ name: Lines', 'Line }'],
      path: 'records.Item.fields[2].type.item',
      message: 'a list without a container has no item element of its own: its items are <Lines> elements',
    },
    {
      kind: 'with a namespace of its own',
      text: change('{ list: string, container: false }', '{ list: string, container: false, namespace: "urn:x" }'),
      where: ['{ name: Lines', '"urn:x" }'],
      path: 'records.Item.fields[2].type.namespace',
      message:
        "a list without a container has no namespace of its own: its items are <Lines> elements, in the record's namespace",
    },
    {
      kind: 'nillable',
      text: change('{ list: string, container: false } }', '{ list: string, container: false }, nillable: true }'),
      where: ['{ name: Lines', 'true'],
      path: 'records.Item.fields[2].nillable',
      message:
        'a list without a container is never absent or nil: no items is an empty list (use nillableItems for nil items)',
    },
    {
      kind: 'optional',
      text: change('{ list: string, container: false } }', '{ list: string, container: false }, optional: true }'),
      where: ['{ name: Lines', 'true'],
      path: 'records.Item.fields[2].optional',
      message:
        'a list without a container is never absent or nil: no items is an empty list (use nillableItems for nil items)',
    },
  ])('$kind is reported', expectOnly);

  it('a parameter may be optional where it need hold no items (minOccurs="0"), with a maximum too', () => {
    for (const type of ['{ list: int, container: false }', '{ list: int, container: false, maxItems: 3 }']) {
      const text = change(
        '{ name: id, type: int, doc: The id. }',
        `{ name: id, type: ${type}, optional: true, doc: The id. }`,
      );
      const param = parseSpec(text, FILE).operations[0]!.params.find((p) => p.name === 'id');
      expect(param, type).toMatchObject({ optional: true, type: { kind: 'list', container: false } });
    }
  });
});

describe('attributes', () => {
  const ATTRIBUTE = 'an attribute holds a single XML Schema type or enum value, not a record, list or XML content';
  it.each<Case>([
    {
      kind: 'of a record type',
      text: change('{ name: Code, type: string, attribute: true }', '{ name: Code, type: Base, attribute: true }'),
      where: ['{ name: Code', 'Base'],
      path: 'records.Item.fields[0].type',
      message: ATTRIBUTE,
    },
    {
      kind: 'of a list type',
      text: change(
        '{ name: Code, type: string, attribute: true }',
        '{ name: Code, type: { list: string }, attribute: true }',
      ),
      where: ['{ name: Code', '{ list'],
      path: 'records.Item.fields[0].type',
      message: ATTRIBUTE,
    },
    {
      kind: 'of XML content',
      text: change('{ name: Code, type: string, attribute: true }', '{ name: Code, type: xml, attribute: true }'),
      where: ['{ name: Code', 'xml'],
      path: 'records.Item.fields[0].type',
      message: ATTRIBUTE,
    },
    {
      kind: 'nillable',
      text: change(
        '{ name: Code, type: string, attribute: true }',
        '{ name: Code, type: string, attribute: true, nillable: true }',
      ),
      where: ['{ name: Code', 'true }'],
      path: 'records.Item.fields[0].nillable',
      message: 'an attribute cannot be nil: leave it out (optional: true) instead',
    },
  ])('$kind is reported', expectOnly);

  it('of an enum type is fine', () => {
    const text = change(
      '{ name: Code, type: string, attribute: true }',
      '{ name: Code, type: Color, attribute: true }',
    );
    const code = parseSpec(text, FILE).records.find((r) => r.name === 'Item')!.fields[1];
    expect(code).toMatchObject({ name: 'Code', attribute: true, type: { kind: 'enum' } });
  });
});

describe('inheritance', () => {
  it.each<Case>([
    {
      kind: 'an unknown base type, with a suggestion',
      text: change('    extends: Base\n', '    extends: Bsae\n'),
      where: ['extends: Bsae', 'Bsae'],
      path: 'records.Item.extends',
      message: 'unknown base type "Bsae"; expected a record (did you mean "Base"?)',
    },
    {
      kind: 'a record extending a result',
      text: change('    extends: Base\n', '    extends: Status\n', withResults()),
      where: ['extends: Status', 'Status'],
      path: 'records.Item.extends',
      message: 'a record cannot extend the result type "Status"',
    },
    {
      kind: 'a type extending itself',
      text: change('    doc: What every item has.\n', '    doc: What every item has.\n    extends: Base\n'),
      where: ['    extends: Base\n    fields:\n      - { name: Id', 'Base'],
      path: 'records.Base.extends',
      message: '"Base" extends itself through Base -> Base',
    },
    {
      kind: 'an inheritance cycle',
      text: change('    doc: What every item has.\n', '    doc: What every item has.\n    extends: Item\n'),
      where: ['    extends: Base\n    fields:\n      - { name: Code', 'Base'],
      path: 'records.Item.extends',
      message: '"Item" extends itself through Base -> Item -> Base',
    },
    {
      kind: 'a field redefined from the base',
      text: change('{ name: Tags, type: { list: string } }', '{ name: Id, type: { list: string } }'),
      where: ['{ name: Id, type: { list', 'Id'],
      path: 'records.Item.fields[1].name',
      message:
        'field "Id" is already defined by the base type Base: a field of the same element name needs a key of its own (name: Id1, xmlName: Id)',
    },
  ])('$kind is reported', expectOnly);
});

describe('parameters', () => {
  it.each<Case>([
    {
      kind: 'a credential (role) parameter defined inline',
      text: change(
        '{ name: id, type: int, doc: The id. }',
        '{ name: id, type: string, role: principal, doc: The id. }',
      ),
      where: ['{ name: id, type: string', 'principal'],
      path: 'operations[0].params[0].role',
      message:
        'a principal parameter is a credential the client fills in for every operation: define it once under parameters and list it by name',
    },
    {
      kind: 'a default on a record parameter',
      text: change(
        '{ name: item, type: Item, doc: The item. }',
        '{ name: item, type: Item, doc: The item., optional: true, default: none }',
      ),
      where: ['{ name: item, type: Item', 'none'],
      path: 'operations[1].params[0].default',
      message: 'a default is only possible for an XML Schema type or an enum',
    },
    {
      kind: 'an enum default that is not one of its values',
      text: change('default: Red }', 'default: Purple }'),
      where: ['default: Purple', 'Purple'],
      path: 'operations[2].params[0].default',
      message: '"Purple" is not a value of enum Color',
    },
    {
      kind: 'an EAT marker naming a record parameter',
      text: change('    result: boolean\n', '    result: boolean\n    eat: { marker: item }\n'),
      where: ['eat: { marker: item }', 'item'],
      path: 'operations[1].eat.marker',
      message:
        'the EAT marker names "item", a record (Item); only a parameter of an XML Schema type or an enum can be signed',
    },
  ])('$kind is reported', expectOnly);

  it('the same name may have another type in another operation', () => {
    const text = change('{ name: color, type: Color,', '{ name: id, type: Color,');
    const ops = parseSpec(text, FILE).operations;
    expect(ops[0]?.params[0]).toMatchObject({ name: 'id', type: { kind: 'primitive', name: 'int' } });
    expect(ops[2]?.params[0]).toMatchObject({ name: 'id', type: { kind: 'enum' } });
  });
});

describe('the HTTP POST binding', () => {
  const post = (param: string, description: string) =>
    `parameter "${param}" is ${description}, which ASMX's HTTP POST binding cannot carry (only XML Schema types, enums and lists of them); add httpPost: false to the operation, or leave httpPost out of service.bindings`;
  /** Put without its httpPost: false, its parameter of the given type. */
  const bound = (type: string) =>
    change('{ name: item, type: Item,', `{ name: item, type: ${type},`, change('    httpPost: false\n', ''));

  it.each<[string, string, string]>([
    ['a record', 'Item', 'a record (Item)'],
    ['XML content', 'xml', 'XML content'],
    ['a nested list', '{ list: { list: int } }', 'a list of list of xs:int'],
    ['a list of records', '{ list: Item }', 'a list of record (Item)'],
  ])('%s parameter in an operation with the binding is reported', (_kind, type, description) => {
    const text = bound(type);
    expect(issuesOf(text)).toEqual([
      {
        file: FILE,
        ...at(text, '{ name: item', '{'),
        path: 'operations[1].params[0]',
        message: post('item', description),
      },
    ]);
  });

  it.each([['Item'], ['xml'], ['{ list: { list: int } }'], ['{ list: Item }']])(
    'httpPost: false lets a parameter of type %s load',
    (type) => {
      const op = parseSpec(change('{ name: item, type: Item,', `{ name: item, type: ${type},`), FILE).operations[1]!;
      expect(op.httpPost).toBe(false);
    },
  );

  it('without the binding in the service, any parameter loads and no operation has it', () => {
    const text = change('  doc: A shop.\n', '  doc: A shop.\n  bindings: [soap11, soap12]\n', bound('Item'));
    const model = parseSpec(text, FILE);
    expect(model.bindings).toEqual(['soap11', 'soap12']);
    expect(model.operations.map((o) => [o.httpPost, o.httpPostRoot.kind])).toEqual([
      [false, 'unbound'],
      [false, 'unbound'],
      [false, 'unbound'],
    ]);
  });

  it.each<Case>([
    {
      kind: 'httpPost: true without the binding in the service',
      text: change(
        '  doc: A shop.\n',
        '  doc: A shop.\n  bindings: [soap11, soap12]\n',
        change('    httpPost: false\n', '    httpPost: true\n'),
      ),
      where: ['    httpPost: true', 'httpPost'],
      path: 'operations[1].httpPost',
      message: 'the service has no HTTP POST binding (service.bindings), so the operation cannot have one',
    },
    {
      kind: 'an httpPostRoot on an operation with httpPost: false',
      text: change('    result: boolean\n', '    result: boolean\n    httpPostRoot: boolean\n'),
      where: ['httpPostRoot: boolean', 'httpPostRoot'],
      path: 'operations[1].httpPostRoot',
      message: 'the operation has no HTTP POST binding (httpPost: false), so an HTTP POST root means nothing here',
    },
    {
      kind: 'an httpPostRoot on a void operation',
      text: change('    result: void\n', '    result: void\n    httpPostRoot: MixResponse\n'),
      where: ['httpPostRoot: MixResponse', 'httpPostRoot'],
      path: 'operations[2].httpPostRoot',
      message: 'a void operation answers HTTP POST with an empty body: there is no root',
    },
  ])('$kind is reported', expectOnly);

  it("the roots follow ASMX's convention for each result type", () => {
    const results: ReadonlyArray<[result: string, root: ServiceModel['operations'][number]['httpPostRoot']]> = [
      ['Item', { kind: 'convention', name: 'Item' }],
      ['Status', { kind: 'convention', name: 'Status' }],
      ['int', { kind: 'convention', name: 'int' }],
      ['boolean', { kind: 'convention', name: 'boolean' }],
      ['decimal', { kind: 'convention', name: 'decimal' }],
      ['Color', { kind: 'convention', name: 'Color' }],
      ['{ list: string }', { kind: 'convention', name: 'ArrayOfString' }],
      ['{ list: Item }', { kind: 'convention', name: 'ArrayOfItem' }],
      ['{ list: { list: int } }', { kind: 'convention', name: 'ArrayOfArrayOfInt' }],
      ['{ list: int, item: Number }', { kind: 'convention', name: 'ArrayOfNumber' }],
      ['{ type: Item, nullable: true }', { kind: 'convention', name: 'Item' }],
      ['{ type: string, element: Answer }', { kind: 'convention', name: 'string' }],
      ['void', { kind: 'empty' }],
      ['xml', { kind: 'any' }],
    ];
    const ops = results
      .map(([result], i) => `  - name: Op${i}\n    doc: An operation.\n    params: []\n    result: ${result}\n`)
      .join('');
    const text = withResults(`${BASE.slice(0, BASE.indexOf('operations:\n'))}operations:\n`) + ops;
    expect(parseSpec(text, FILE).operations.map((o) => o.httpPostRoot)).toEqual(results.map(([, root]) => root));
  });

  it('a root given is kept as shown', () => {
    const op = parseSpec(change('    result: Item\n', '    result: Item\n    httpPostRoot: ItemResponse\n'), FILE)
      .operations[0]!;
    expect(op.httpPostRoot).toEqual({ kind: 'shown', name: 'ItemResponse' });
  });
});

describe('SOAP headers', () => {
  it.each<Case>([
    {
      kind: "an unknown header in an operation's headers",
      text: change('    result: Item\n', '    result: Item\n    headers: [AuthHeadr]\n'),
      where: ['headers: [AuthHeadr]', 'AuthHeadr'],
      path: 'operations[0].headers[0]',
      message: 'unknown SOAP header "AuthHeadr"; expected one of soapHeaders: "AuthHeader"',
    },
    {
      kind: "a header listed twice in an operation's headers",
      text: change('    result: Item\n', '    result: Item\n    headers: [AuthHeader, AuthHeader]\n'),
      where: ['headers: [AuthHeader, AuthHeader]', 'AuthHeader]'],
      path: 'operations[0].headers[1]',
      message: 'SOAP header "AuthHeader" is listed twice',
    },
    {
      kind: 'a header element defined twice',
      text: change(
        '    doc: Credentials.\nenums:\n',
        '    doc: Credentials.\n  - { element: AuthHeader, type: AuthHeader, option: auth2, doc: Again. }\nenums:\n',
      ),
      where: ['- { element: AuthHeader', 'AuthHeader'],
      path: 'soapHeaders[1].element',
      message: 'duplicate SOAP header "AuthHeader"',
    },
    {
      kind: 'a header option that is an option of the client already',
      text: change('    option: auth\n', '    option: baseUrl\n'),
      where: ['option: baseUrl', 'baseUrl'],
      path: 'soapHeaders[0].option',
      message: 'option "baseUrl" is already an option of the client; choose another name',
    },
    {
      kind: 'two headers with the same option',
      text: change(
        '    doc: Credentials.\nenums:\n',
        '    doc: Credentials.\n  - { element: Tenant, type: Base, option: auth, doc: The tenant. }\nenums:\n',
      ),
      where: ['- { element: Tenant', 'auth'],
      path: 'soapHeaders[1].option',
      message: 'option "auth" is already an option of the client; choose another name',
    },
    {
      kind: 'a header of an enum type',
      text: change('    type: AuthHeader\n', '    type: Color\n'),
      where: ['    type: Color', 'Color'],
      path: 'soapHeaders[0].type',
      message: 'unknown record "Color"; a SOAP header holds a record defined under records',
    },
    {
      kind: 'a header of a result type',
      text: change('    type: AuthHeader\n', '    type: Status\n', withResults()),
      where: ['    type: Status', 'Status'],
      path: 'soapHeaders[0].type',
      message: '"Status" is a result type; a SOAP header holds a record defined under records',
    },
    {
      kind: 'a header of a misspelt record, with a suggestion',
      text: change('    type: AuthHeader\n', '    type: AuthHeder\n'),
      where: ['    type: AuthHeder', 'AuthHeder'],
      path: 'soapHeaders[0].type',
      message:
        'unknown record "AuthHeder"; a SOAP header holds a record defined under records (did you mean "AuthHeader"?)',
    },
  ])('$kind is reported', expectOnly);

  it("an operation's headers choose among them (none with [])", () => {
    const text = change('    result: Item\n', '    result: Item\n    headers: []\n');
    expect(parseSpec(text, FILE).operations.map((o) => o.headers.length)).toEqual([0, 1, 1]);
  });

  it('required defaults to true, and may be false', () => {
    const text = change('    option: auth\n', '    option: auth\n    required: false\n');
    expect(parseSpec(text, FILE).soapHeaders[0]?.required).toBe(false);
  });
});

describe('polls', () => {
  it('on an operation whose result is not a record or result type is reported', () => {
    const text = `${BASE}polls:\n  - { method: waitForPut, operation: Put, idParameter: item, statusField: state, finalValues: [Done], doc: Waits. }\n`;
    expect(issuesOf(text)).toEqual([
      {
        file: FILE,
        ...at(text, '- { method: waitForPut', 'Put, idParameter'),
        path: 'polls[0].operation',
        message: 'Put does not return a record or result type (never null), so it has no status field to poll',
      },
    ]);
  });
});

describe('out parameters (outputs)', () => {
  const WITH_OUTPUTS = change(
    '    result: boolean\n',
    '    result: boolean\n    outputs:\n      - { name: version, type: int, doc: The stored version. }\n      - { name: warnings, type: { list: string } }\n',
  );

  it('make one <Op>Output record of the result and the outputs, listed among the results', () => {
    const op = parseSpec(WITH_OUTPUTS, FILE).operations[1]!;
    expect(op.result.kind).toBe('outputs');
    if (op.result.kind !== 'outputs') return;
    expect(op.result.returned).toMatchObject({
      kind: 'value',
      type: { kind: 'primitive', name: 'boolean' },
      element: 'PutResult',
    });
    expect(op.result.struct.name).toBe('PutOutput');
    expect(op.result.struct.fields.map((f) => [f.name, f.optional, f.nillable])).toEqual([
      ['PutResult', false, false],
      ['version', false, false],
      ['warnings', true, true],
    ]);
    expect(parseSpec(WITH_OUTPUTS, FILE).results.map((r) => r.name)).toEqual(['PutOutput']);
  });

  it('of a void operation hold only the outputs', () => {
    const text = change(
      '    result: void\n',
      '    result: void\n    httpPost: false\n    outputs:\n      - { name: mixed, type: Color }\n',
    );
    const op = parseSpec(text, FILE).operations[2]!;
    expect(op.result.kind === 'outputs' && op.result.struct.fields.map((f) => f.name)).toEqual(['mixed']);
  });

  it.each<Case>([
    {
      kind: 'outputs of an operation with the HTTP POST binding',
      text: change('    result: void\n', '    result: void\n    outputs:\n      - { name: mixed, type: Color }\n'),
      where: ['    outputs:\n      - { name: mixed', 'outputs'],
      path: 'operations[2].outputs',
      message:
        "out parameters are SOAP only: ASMX's HTTP POST binding returns one value; add httpPost: false to the operation",
    },
    {
      kind: 'an output named like the result element',
      text: change(
        '    result: boolean\n',
        '    result: boolean\n    outputs:\n      - { name: PutResult, type: int }\n',
      ),
      where: ['{ name: PutResult', 'PutResult'],
      path: 'operations[1].outputs[0].name',
      message: '"PutResult" is the result element\'s name',
    },
  ])('$kind is reported', expectOnly);
});
