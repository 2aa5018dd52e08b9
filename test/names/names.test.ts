/**
 * Issue 25, category 1: every spec name may be any XML NCName, kept as it is on the wire; a name the generated code
 * declares is made from it by the rule of generator/load/names.ts (docs/spec-format.md, "How names are formed"). Rows of spec
 * names given and TypeScript names wanted, through the loader; a name that is not an NCName is refused at its place.
 */
import { describe, expect, it } from 'vitest';
import { SpecError, formatIssue } from '../../generator/load/errors.js';
import { parseSpec } from '../../generator/load/load.js';
import { RUNTIME_EXPORTS } from '../../generator/model/runtime-names.js';
import { identifierStem, localName, propertyKey } from '../../generator/load/names.js';
import { thrown } from '../helpers/failures.js';

const FILE = 'names.yaml';

interface Given {
  readonly records?: readonly string[];
  readonly enums?: readonly string[];
  readonly operations?: ReadonlyArray<
    string | { readonly name: string; readonly outputs?: true; readonly returns?: string }
  >;
}

/** A spec of the given records (each with one string field `v`), enums and operations (each taking and returning a string). */
function spec(given: Given): string {
  const ops = given.operations ?? ['Ping'];
  return [
    'specVersion: 1',
    'service: { name: Shop, title: Shop, version: v1, path: /Shop.asmx, namespace: { uri: "http://shop.example/" }, client: ShopClient }',
    ...(given.enums ? ['enums:', ...given.enums.map((e) => `  "${e}": { values: [A, B] }`)] : []),
    ...(given.records
      ? ['records:', ...given.records.map((r) => `  "${r}": { fields: [ { name: v, type: string } ] }`)]
      : []),
    'operations:',
    ...ops.map((o) =>
      typeof o === 'string'
        ? `  - { name: "${o}", params: [ { name: x, type: string } ], result: string }`
        : `  - { name: "${o.name}", params: [ { name: x, type: string } ], result: ${o.returns ?? 'string'}${o.outputs ? ', httpPost: false, outputs: [ { name: y, type: int } ]' : ''} }`,
    ),
    '',
  ].join('\n');
}

const TYPE_ROWS: ReadonlyArray<readonly [string, { given: Given; want: readonly string[] }]> = [
  ['a dot (a WCF nested DataContract)', { given: { records: ['SalesOrder.Line'] }, want: ['SalesOrder_Line'] }],
  ['a hyphen', { given: { records: ['x-ray'] }, want: ['X_ray'] }],
  [
    'a non-ASCII letter, which an identifier may hold',
    {
      given: { records: ['Technologie_supportée', 'Ⅻ', 'ǅx', 'ʰa'] },
      want: ['Technologie_supportée', 'Ⅻ', 'Ǆx', 'ʰa'],
    },
  ],
  [
    'a first letter with no single upper-case letter stays as it is (ß is SS in upper case)',
    { given: { records: ['ßeta'] }, want: ['ßeta'] },
  ],
  [
    'a first character an NCName may start with but an identifier may not',
    { given: { records: ['⁰x'] }, want: ['_x'] },
  ],
  ['a digit after a replaced character', { given: { records: ['v.2'] }, want: ['V_2'] }],
  [
    "reserved words and TypeScript type names, capitalised, meet only the globals (string, the spec format's own type, is refused: xsd-types-spec.test.ts)",
    { given: { records: ['class', 'delete', 'number', 'await'] }, want: ['Class', 'Delete', 'Number2', 'Await'] },
  ],
  [
    'globals the generated code uses',
    {
      given: { records: ['Record', 'Date', 'Error', 'Promise', 'Map', 'Array', 'Object', 'String', 'Buffer', 'URL'] },
      want: ['Record2', 'Date2', 'Error2', 'Promise2', 'Map2', 'Array2', 'Object2', 'String2', 'Buffer2', 'URL2'],
    },
  ],
  [
    'names the runtime exports',
    { given: { records: ['Style', 'XmlReader', 'SvcError'] }, want: ['Style2', 'XmlReader2', 'SvcError2'] },
  ],
  [
    'the client class and the mock types the generator names after the service',
    {
      given: { records: ['ShopClient', 'ShopClientOptions', 'ShopHandlers'] },
      want: ['ShopClient2', 'ShopClientOptions2', 'ShopHandlers2'],
    },
  ],
  // readInt and encodeInt are the runtime's: a record or enum named Int would declare them again.
  [
    'a name whose reader or encoder the runtime has',
    { given: { records: ['Int'], enums: ['Long'] }, want: ['Long2', 'Int2'] },
  ],
  [
    'a name that a name derived from an earlier one takes (enum A declares AValues)',
    { given: { enums: ['A'], records: ['AValues'] }, want: ['A', 'AValues2'] },
  ],
  [
    'two names that differ only in case meet once the first letter is upper case: numbered in order',
    { given: { records: ['address', 'Address'] }, want: ['Address', 'Address2'] },
  ],
  [
    'a lower-case wire name: the type name starts with a capital, the XML name is kept',
    { given: { records: ['temp', 'pOP'] }, want: ['Temp', 'POP'] },
  ],
  [
    'names that meet once replaced: the one already an identifier keeps it, the others numbered in order',
    { given: { records: ['a.b', 'a_b', 'a-b'] }, want: ['A_b2', 'A_b', 'A_b3'] },
  ],
  [
    'a numbered name never takes a later declared one',
    { given: { records: ['Line.Item', 'Line_Item2', 'Line-Item'] }, want: ['Line_Item', 'Line_Item2', 'Line_Item3'] },
  ],
  [
    'an enum and a record meeting once replaced: enums come first',
    { given: { enums: ['Kind-A'], records: ['Kind.A'] }, want: ['Kind_A', 'Kind_A2'] },
  ],
];

describe('the TypeScript names of types', () => {
  it.each(TYPE_ROWS)('%s', (_, { given, want }) => {
    const model = parseSpec(spec(given), FILE);
    expect([...model.enums.map((e) => e.name), ...model.records.map((r) => r.name)]).toEqual(want);
    // The XML name is the spec's key, whatever the TypeScript name.
    expect([...model.enums.map((e) => e.xmlName), ...model.records.map((r) => r.xmlName)]).toEqual([
      ...(given.enums ?? []),
      ...(given.records ?? []),
    ]);
  });
});

const OPERATION_ROWS: ReadonlyArray<
  readonly [string, { given: Given; want: ReadonlyArray<readonly [string, string, string]> }]
> = [
  [
    'a dotted ASMX MessageName keeps its wire name',
    {
      given: { operations: ['List.Delete', 'User.GetApiKey'] },
      want: [
        ['List.Delete', 'List_Delete', 'list_Delete'],
        ['User.GetApiKey', 'User_GetApiKey', 'user_GetApiKey'],
      ],
    },
  ],
  ['a hyphen', { given: { operations: ['get-item'] }, want: [['get-item', 'Get_item', 'get_item']] }],
  [
    'a method may be a reserved word',
    {
      given: { operations: ['Delete', 'Class'] },
      want: [
        ['Delete', 'Delete', 'delete'],
        ['Class', 'Class', 'class'],
      ],
    },
  ],
  [
    'two names that differ only in case: distinct methods, numbered in order',
    {
      given: { operations: ['Ping', 'ping'] },
      want: [
        ['Ping', 'Ping', 'ping'],
        ['ping', 'Ping2', 'ping2'],
      ],
    },
  ],
  [
    'names that meet once replaced',
    {
      given: { operations: ['a.b', 'a_b'] },
      want: [
        ['a.b', 'A_b2', 'a_b2'],
        ['a_b', 'A_b', 'a_b'],
      ],
    },
  ],
  [
    'a lower-case operation (QuickBooks Web Connector): its stem starts with a capital, its method with a small letter',
    {
      given: { operations: ['serverVersion', 'authenticate'] },
      want: [
        ['serverVersion', 'ServerVersion', 'serverVersion'],
        ['authenticate', 'Authenticate', 'authenticate'],
      ],
    },
  ],
  [
    "a type taking an operation's params type: the operation's declared names are numbered, its method is not",
    { given: { records: ['PingParams'], operations: ['Ping'] }, want: [['Ping', 'Ping2', 'ping']] },
  ],
  [
    "a type taking an operation's result reader (readPingResult)",
    { given: { records: ['PingResult'], operations: ['Ping'] }, want: [['Ping', 'Ping2', 'ping']] },
  ],
  [
    'a record an operation returns, which its own reader reads: nothing meets',
    {
      given: { records: ['PingResult'], operations: [{ name: 'Ping', returns: 'PingResult' }] },
      want: [['Ping', 'Ping', 'ping']],
    },
  ],
  [
    'a type taking the outputs type of an operation',
    { given: { records: ['PutOutput'], operations: [{ name: 'Put', outputs: true }] }, want: [['Put', 'Put2', 'put']] },
  ],
];

describe('the names of operations: wire name, TypeScript stem, method', () => {
  it.each(OPERATION_ROWS)('%s', (_, { given, want }) => {
    const model = parseSpec(spec(given), FILE);
    expect(model.operations.map((o) => [o.name, o.tsName, o.methodName])).toEqual(want);
  });

  it('names the outputs type after the stem', () => {
    const model = parseSpec(spec({ records: ['PutOutput'], operations: [{ name: 'Put', outputs: true }] }), FILE);
    const put = model.operations[0]!;
    expect(put.result.kind === 'outputs' ? put.result.struct.name : undefined).toBe('Put2Output');
  });
});

describe('names that are not XML names', () => {
  const messages = (text: string) => thrown(() => parseSpec(text, FILE), SpecError).issues.map(formatIssue);

  it.each([
    [
      'a colon',
      'records:\n  "a:b": { fields: [] }\n',
      'names.yaml:4:3: records.a:b: the key "a:b" must be an XML name',
    ],
    [
      'a space in a field name',
      'records:\n  R: { fields: [ { name: "a b", type: string } ] }\n',
      'names.yaml:4:26: records.R.fields[0].name: must be an XML name',
    ],
    [
      'a leading digit',
      'records:\n  R: { fields: [ { name: "1st", type: string } ] }\n',
      'names.yaml:4:26: records.R.fields[0].name: must be an XML name',
    ],
    [
      '__proto__, which no object holds as its own member',
      'records:\n  R: { fields: [ { name: __proto__, type: string } ] }\n',
      'names.yaml:4:26: records.R.fields[0].name: cannot be __proto__',
    ],
  ])('refuses %s at its place', (_, records, want) => {
    const text = spec({}).replace('operations:\n', `${records}operations:\n`);
    expect(messages(text).map((m) => m.slice(0, want.length))).toEqual([want]);
  });
});

describe('helpers', () => {
  it.each([
    ['List.Delete', "'List.Delete'"],
    ['x-ray', "'x-ray'"],
    ['class', 'class'],
    ['Technologie_supportée', 'Technologie_supportée'],
  ])('a member key: %s -> %s', (given, want) => expect(propertyKey(given)).toBe(want));

  it('a local variable part is one to one: names that meet once replaced stay apart', () => {
    const given = ['a.b', 'a-b', 'a_b', 'a·b'];
    expect(given.map(localName)).toEqual(['a$2e$b', 'a$2d$b', 'a_b', 'a·b']);
    expect(given.map(identifierStem)).toEqual(['a_b', 'a_b', 'a_b', 'a·b']);
  });

  it('reserves every name the runtime exports (read from its sources)', () => {
    expect(RUNTIME_EXPORTS).toEqual(
      expect.arrayContaining(['SvcError', 'XmlReader', 'Style', 'readInt', 'encodeString', 'MockFault', 'STYLES']),
    );
  });
});
