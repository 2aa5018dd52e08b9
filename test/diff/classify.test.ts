/** Each row edits the base spec (test/fixtures/diff/base.yaml) on one side or both and lists the classified changes. */
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../../generator/diff/index.js';
import { COUNT_FIELD, ITEM_FIELDS, model, type Edit } from './helpers.js';

/** CountResult's fields in no namespace, so that a result of it may be unqualified. */
const UNQUALIFIED_COUNT = [
  '    errorCode: I\n    fields:\n      - name: errorMessage\n        type: string\n      - name: errorCode\n        type: int\n      - name: count\n        type: int',
  '    errorCode: I\n    fields:\n      - name: errorMessage\n        type: string\n        form: unqualified\n      - name: errorCode\n        type: int\n        form: unqualified\n      - name: count\n        type: int\n        form: unqualified',
] as const;

interface Row {
  readonly old?: readonly Edit[];
  readonly new?: readonly Edit[];
  /** `kind path client/server` per change, in the diff's order. */
  readonly want: readonly string[];
}

const GET_PARAMS = 'params: [user, timestamp, key, itemId]';
const COUNT_PARAMS = 'params: [user, timestamp, key, shade]';
const NEW_OP = `    eat: { marker: none }
  - name: FindItems`;
const ADD_OP = `    eat: { marker: none }
  - name: DeleteItem
    doc: Deletes one item.
    params: [user, timestamp, key, itemId]
    result: ItemResult
    eat: { marker: itemId }
  - name: FindItems`;
const EXTRA_RECORD = `records:
  Extra:
    doc: Not used by any operation.
    fields:
      - name: note
        type: string
`;

/** The base spec with the HTTP GET binding too (FindItems, which takes a record, has neither form binding). */
const WITH_GET: readonly Edit[] = [
  ['  client: MinimalClient', '  client: MinimalClient\n  bindings: [soap11, soap12, httpPost, httpGet]'],
  [
    '    httpPost: false\n    eat: { marker: none }',
    '    httpPost: false\n    httpGet: false\n    eat: { marker: none }',
  ],
];

/** A header record answers may carry (issue 17, item 6): not sent (no client option). */
const WITH_INFO: readonly Edit[] = [
  [
    'records:\n  Query:',
    'soapHeaders:\n  - element: Info\n    type: Info\nrecords:\n  Info:\n    fields:\n      - { name: version, type: string }\n  Query:',
  ],
];
/** A fault record and its declaration (issue 25, wsdl:fault); `element` its detail element. */
function withFault(element = 'Missing', type = 'Missing'): readonly Edit[] {
  return [
    [
      'records:\n  Query:',
      `faults:\n  Missing: { type: ${type}, element: ${element} }\nrecords:\n  Missing:\n    fields:\n      - { name: what, type: string }\n  Gone:\n    fields:\n      - { name: what, type: string }\n  Query:`,
    ],
  ];
}
/** GetItem declares the fault Missing. */
const GET_ITEM_FAULT: Edit = ['    eat: { marker: itemId }', '    faults: [Missing]\n    eat: { marker: itemId }'];

/** GetItem's answers carry the header Info, required or not. */
function answersInfo(required: boolean): Edit {
  return [
    '    eat: { marker: itemId }',
    `    responseHeaders: [${required ? '{ element: Info, required: true }' : 'Info'}]\n    eat: { marker: itemId }`,
  ];
}

const rows: Array<[string, Row]> = [
  ['identical specs', { want: [] }],
  [
    'a doc string',
    {
      new: [['doc: Returns one item.', 'doc: Returns a single item.']],
      want: ['doc-changed GetItem compatible/compatible'],
    },
  ],
  [
    "a parameter's example added and changed",
    {
      old: [['  itemId:\n    type: long\n', "  itemId:\n    type: long\n    example: '42'\n"]],
      new: [['  itemId:\n    type: long\n', '  itemId:\n    type: long\n    example: 43\n']],
      want: ['example-changed GetItem(itemId) compatible/compatible'],
    },
  ],
  [
    "a field's example added",
    {
      new: [
        [
          '      - name: label\n        type: string',
          '      - name: label\n        type: string\n        example: A label',
        ],
      ],
      want: ['example-changed Item.label compatible/compatible'],
    },
  ],

  // Service
  [
    'the service path',
    {
      new: [['path: /v1/Minimal.asmx', 'path: /v2/Minimal.asmx']],
      want: ['service-path-changed service.path breaking/breaking'],
    },
  ],
  [
    'the service namespace',
    {
      new: [['uri: http://minimal.example/', 'uri: http://minimal.example/v2/']],
      want: ['service-namespace-changed service.namespace breaking/breaking'],
    },
  ],
  [
    'the HTTP POST binding removed from the service',
    {
      new: [
        ['  client: MinimalClient', '  client: MinimalClient\n  bindings: [soap11, soap12]'],
        ['    httpPostRoot: ItemResponse\n', ''],
        ['    httpPostRoot: CountResponse\n', ''],
      ],
      want: ['binding-removed service.bindings breaking/compatible'],
    },
  ],
  [
    'the HTTP POST binding added to the service',
    {
      old: [
        ['  client: MinimalClient', '  client: MinimalClient\n  bindings: [soap11, soap12]'],
        ['    httpPostRoot: ItemResponse\n', ''],
        ['    httpPostRoot: CountResponse\n', ''],
      ],
      want: ['binding-added service.bindings compatible/breaking'],
    },
  ],
  [
    'the HTTP GET binding added to the service',
    { new: [...WITH_GET], want: ['binding-added service.bindings compatible/breaking'] },
  ],
  [
    'the HTTP GET binding removed from the service',
    { old: [...WITH_GET], want: ['binding-removed service.bindings breaking/compatible'] },
  ],
  [
    'the client class renamed',
    {
      new: [['client: MinimalClient', 'client: TinyClient']],
      want: ['client-renamed service.client breaking/compatible'],
    },
  ],

  // Operations
  ['an operation added', { new: [[NEW_OP, ADD_OP]], want: ['operation-added DeleteItem compatible/breaking'] }],
  ['an operation removed', { old: [[NEW_OP, ADD_OP]], want: ['operation-removed DeleteItem breaking/compatible'] }],
  [
    'an operation renamed (same parameters and result)',
    { new: [['name: CountItems', 'name: TallyItems']], want: ['operation-renamed TallyItems breaking/breaking'] },
  ],
  [
    'an operation name in another case',
    { new: [['name: GetItem', 'name: Getitem']], want: ['operation-case-changed Getitem breaking/breaking'] },
  ],
  [
    'an operation renamed and changed is removed + added',
    {
      new: [
        [
          'name: CountItems\n    doc: Counts the items.\n    params: [user, timestamp, key, shade]',
          'name: TallyItems\n    doc: Counts the items.\n    params: [user, timestamp, key]',
        ],
      ],
      want: ['operation-removed CountItems breaking/compatible', 'operation-added TallyItems compatible/breaking'],
    },
  ],
  [
    'the result type of an operation',
    {
      new: [
        ['result: CountResult\n    httpPostRoot: CountResponse', 'result: ItemResult\n    httpPostRoot: CountResponse'],
      ],
      want: ['operation-result-changed CountItems.result breaking/breaking'],
    },
  ],
  [
    'the result element of an operation',
    {
      new: [
        ['result: ItemResult\n    httpPostRoot', 'result: { type: ItemResult, element: ItemOut }\n    httpPostRoot'],
      ],
      want: ['operation-result-element-changed GetItem.result breaking/breaking'],
    },
  ],
  [
    'a result made nullable',
    {
      new: [['result: ItemResult\n    httpPostRoot', 'result: { type: ItemResult, nullable: true }\n    httpPostRoot']],
      want: ['operation-result-made-nullable GetItem.result breaking/compatible'],
    },
  ],
  [
    'a result made non-nullable',
    {
      old: [['result: ItemResult\n    httpPostRoot', 'result: { type: ItemResult, nullable: true }\n    httpPostRoot']],
      want: ['operation-result-made-non-nullable GetItem.result compatible/breaking'],
    },
  ],
  [
    'an operation marked as submitting payments',
    {
      new: [['    eat: { marker: itemId }', '    eat: { marker: itemId }\n    submitsPayments: true']],
      want: ['submits-payments-changed GetItem.submitsPayments compatible/compatible'],
    },
  ],
  [
    'a soapAction given',
    {
      new: [['    eat: { marker: itemId }', '    eat: { marker: itemId }\n    soapAction: urn:get-item']],
      want: ['soap-action-changed GetItem.soapAction breaking/breaking'],
    },
  ],
  [
    'an operation namespace given',
    {
      new: [['    eat: { marker: itemId }', '    eat: { marker: itemId }\n    namespace: http://other.example/']],
      want: ['operation-namespace-changed GetItem.namespace breaking/breaking'],
    },
  ],
  [
    'an operation made bare (its parameter style)',
    {
      new: [['    eat: { marker: itemId }', '    eat: { marker: itemId }\n    parameterStyle: bare']],
      want: ['parameter-style-changed GetItem.parameterStyle breaking/breaking'],
    },
  ],
  [
    'the HTTP POST binding removed from one operation',
    {
      new: [
        [
          '    httpPostRoot: CountResponse\n    eat: { marker: none }',
          '    httpPost: false\n    eat: { marker: none }',
        ],
      ],
      want: ['binding-removed CountItems.httpPost breaking/compatible'],
    },
  ],
  [
    'an operation leaving the HTTP GET binding',
    {
      old: [...WITH_GET],
      new: [
        ...WITH_GET,
        [
          '    httpPostRoot: CountResponse\n    eat: { marker: none }',
          '    httpPostRoot: CountResponse\n    httpGet: false\n    eat: { marker: none }',
        ],
      ],
      want: ['binding-removed CountItems.httpGet breaking/compatible'],
    },
  ],
  [
    'an operation joining the HTTP GET binding',
    {
      old: [
        ...WITH_GET,
        [
          '    httpPostRoot: CountResponse\n    eat: { marker: none }',
          '    httpPostRoot: CountResponse\n    httpGet: false\n    eat: { marker: none }',
        ],
      ],
      new: [...WITH_GET],
      want: ['binding-added CountItems.httpGet compatible/breaking'],
    },
  ],
  [
    'the HTTP POST root',
    {
      new: [['httpPostRoot: ItemResponse', 'httpPostRoot: ItemReply']],
      want: ['http-post-root-changed GetItem.httpPostRoot breaking/breaking'],
    },
  ],
  [
    'the HTTP POST root no longer shown (clients accept any root)',
    {
      new: [
        ['httpPostRoot: ItemResponse', 'httpPostRoot: { notShown: true, assumed: ItemReply, decision: int-codes }'],
      ],
      want: ['http-post-root-now-unchecked GetItem.httpPostRoot breaking/compatible'],
    },
  ],
  [
    'the HTTP POST root shown where it was not',
    {
      old: [
        ['httpPostRoot: ItemResponse', 'httpPostRoot: { notShown: true, assumed: ItemReply, decision: int-codes }'],
      ],
      want: ['http-post-root-now-checked GetItem.httpPostRoot compatible/breaking'],
    },
  ],
  [
    'the same HTTP POST root, now marked not shown',
    {
      new: [
        ['httpPostRoot: ItemResponse', 'httpPostRoot: { notShown: true, assumed: ItemResponse, decision: int-codes }'],
      ],
      want: ['http-post-root-marking-changed GetItem.httpPostRoot compatible/compatible'],
    },
  ],
  [
    'the EAT marker',
    {
      new: [['eat: { marker: itemId }', 'eat: { marker: none }']],
      want: ['eat-marker-changed GetItem.eat breaking/breaking'],
    },
  ],

  // Parameters
  [
    'a required parameter added',
    {
      new: [[GET_PARAMS, `${GET_PARAMS.slice(0, -1)}, { name: version, type: int, doc: The version. }]`]],
      want: ['parameter-added GetItem(version) breaking/breaking'],
    },
  ],
  [
    'an optional parameter added',
    {
      new: [
        [GET_PARAMS, `${GET_PARAMS.slice(0, -1)}, { name: version, type: int, optional: true, doc: The version. }]`],
      ],
      want: ['parameter-added-optional GetItem(version) compatible/breaking'],
    },
  ],
  [
    'a required parameter removed',
    {
      old: [[GET_PARAMS, `${GET_PARAMS.slice(0, -1)}, { name: version, type: int, doc: The version. }]`]],
      want: ['parameter-removed GetItem(version) breaking/breaking'],
    },
  ],
  [
    'an optional parameter removed',
    {
      new: [[COUNT_PARAMS, 'params: [user, timestamp, key]']],
      want: ['parameter-removed-optional CountItems(shade) breaking/compatible'],
    },
  ],
  [
    'parameters reordered',
    {
      new: [[GET_PARAMS, 'params: [user, timestamp, itemId, key]']],
      want: ['parameter-reordered GetItem() compatible/compatible'],
    },
  ],
  [
    'a parameter renamed (same position, type and optionality)',
    {
      new: [
        [
          COUNT_PARAMS,
          'params: [user, timestamp, key, { name: tone, type: Shade, optional: true, doc: Only items of this shade. }]',
        ],
      ],
      want: ['parameter-renamed CountItems(tone) breaking/breaking'],
    },
  ],
  [
    'timestamp -> timeStamp in one operation',
    {
      new: [
        [
          '  key:\n    type: string',
          '  timeStamp:\n    type: double\n    role: timestamp\n    doc: The request time.\n  key:\n    type: string',
        ],
        [GET_PARAMS, 'params: [user, timeStamp, key, itemId]'],
      ],
      want: ['parameter-case-changed GetItem(timeStamp) breaking/breaking'],
    },
  ],
  [
    'a parameter retyped',
    {
      new: [['  itemId:\n    type: long', '  itemId:\n    type: int']],
      want: ['parameter-retyped GetItem(itemId) breaking/breaking'],
    },
  ],
  [
    'a result made unqualified (form), which moves its element out of the operation namespace',
    {
      old: [[UNQUALIFIED_COUNT[0], UNQUALIFIED_COUNT[1]]],
      new: [
        [UNQUALIFIED_COUNT[0], UNQUALIFIED_COUNT[1]],
        [
          'result: CountResult\n    httpPost: false',
          'result: { type: CountResult, form: unqualified }\n    httpPost: false',
        ],
      ],
      want: ['operation-result-element-changed FindItems.result breaking/breaking'],
    },
  ],
  [
    'a parameter made unqualified (form), which moves its element out of the operation namespace',
    {
      new: [['  itemId:\n    type: long', '  itemId:\n    type: long\n    form: unqualified']],
      want: ['parameter-retyped GetItem(itemId) breaking/breaking'],
    },
  ],
  [
    'a parameter made required',
    {
      new: [['    type: Shade\n    optional: true', '    type: Shade']],
      want: ['parameter-made-required CountItems(shade) breaking/compatible'],
    },
  ],
  [
    'a parameter made optional',
    {
      old: [['    type: Shade\n    optional: true', '    type: Shade']],
      want: ['parameter-made-optional CountItems(shade) compatible/breaking'],
    },
  ],
  [
    'the default of an optional parameter',
    {
      new: [['    type: Shade\n    optional: true', '    type: Shade\n    optional: true\n    default: Light']],
      want: ['parameter-default-changed CountItems(shade) compatible/compatible'],
    },
  ],
  [
    'a parameter made nillable',
    {
      new: [['    type: Shade\n    optional: true', '    type: Shade\n    optional: true\n    nillable: true']],
      want: ['parameter-made-nillable CountItems(shade) compatible/breaking'],
    },
  ],
  [
    'a parameter made non-nillable',
    {
      old: [['    type: Shade\n    optional: true', '    type: Shade\n    optional: true\n    nillable: true']],
      want: ['parameter-made-non-nillable CountItems(shade) breaking/compatible'],
    },
  ],

  // Types
  ['a record added', { new: [['records:\n', EXTRA_RECORD]], want: ['type-added Extra compatible/compatible'] }],
  ['a record removed', { old: [['records:\n', EXTRA_RECORD]], want: ['type-removed Extra breaking/compatible'] }],
  [
    'an enum added',
    {
      new: [['records:\n', '  Size:\n    doc: A size.\n    values: [S, M]\n\nrecords:\n']],
      want: ['type-added Size compatible/compatible'],
    },
  ],

  [
    "a record's fields moved to another namespace",
    {
      new: [
        ['  Item:\n    doc: An item.\n', '  Item:\n    doc: An item.\n    namespace: http://other.example/items\n'],
      ],
      want: ['type-namespace-changed Item.namespace breaking/breaking'],
    },
  ],
  [
    "a record's namespace given as the service's own: no change on the wire",
    {
      new: [['  Item:\n    doc: An item.\n', '  Item:\n    doc: An item.\n    namespace: http://minimal.example/\n']],
      want: [],
    },
  ],

  // Fields (Item and CountResult travel in responses, Query in requests)
  [
    'a required result field added',
    {
      new: [[COUNT_FIELD, `${COUNT_FIELD}\n      - name: total\n        type: int`]],
      want: ['field-added CountResult.total compatible/breaking'],
    },
  ],
  [
    'an optional result field added',
    {
      new: [[COUNT_FIELD, `${COUNT_FIELD}\n      - name: total\n        type: int\n        optional: true`]],
      want: ['field-added-optional CountResult.total compatible/compatible'],
    },
  ],
  [
    'a record field removed (a string: optional by default)',
    {
      new: [[ITEM_FIELDS, '      - name: id\n        type: long']],
      want: ['field-removed-optional Item.label breaking/compatible'],
    },
  ],
  [
    'a required record field removed',
    {
      new: [[ITEM_FIELDS, '      - name: label\n        type: string']],
      want: ['field-removed Item.id breaking/compatible'],
    },
  ],
  [
    'a record field retyped',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('type: long', 'type: int')]],
      want: ['field-retyped Item.id breaking/breaking'],
    },
  ],
  [
    'a record field made unqualified (form), which moves its element out of the namespace',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('type: string', 'type: string\n        form: unqualified')]],
      want: ['field-retyped Item.label breaking/breaking'],
    },
  ],
  [
    'a record field given another wire name (xmlName), which renames its element and not its key',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('type: string', 'type: string\n        xmlName: Label')]],
      want: ['field-retyped Item.label breaking/breaking'],
    },
  ],
  [
    'a field name in another case',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('name: label', 'name: Label')]],
      want: ['field-case-changed Item.Label breaking/breaking'],
    },
  ],
  [
    'a field retyped to string, which may be absent or nil by default',
    {
      new: [[ITEM_FIELDS, ITEM_FIELDS.replace('type: long', 'type: string')]],
      want: [
        'field-retyped Item.id breaking/breaking',
        'field-made-optional Item.id breaking/compatible',
        'field-made-nillable Item.id breaking/compatible',
      ],
    },
  ],
  [
    'a result field made nillable',
    {
      new: [[COUNT_FIELD, `${COUNT_FIELD}\n        nillable: true`]],
      want: ['field-made-nillable CountResult.count breaking/compatible'],
    },
  ],
  [
    'a result field made optional',
    {
      new: [[COUNT_FIELD, `${COUNT_FIELD}\n        optional: true`]],
      want: ['field-made-optional CountResult.count breaking/compatible'],
    },
  ],
  [
    'a result field made required',
    {
      old: [[COUNT_FIELD, `${COUNT_FIELD}\n        optional: true`]],
      want: ['field-made-required CountResult.count compatible/breaking'],
    },
  ],
  [
    'a result field made non-nillable',
    {
      old: [[COUNT_FIELD, `${COUNT_FIELD}\n        nillable: true`]],
      want: ['field-made-non-nillable CountResult.count compatible/breaking'],
    },
  ],
  [
    'a required field added to a record sent in requests',
    {
      new: [
        [
          '      - name: text\n        type: string',
          '      - name: text\n        type: string\n      - name: limit\n        type: int',
        ],
      ],
      want: ['field-added Query.limit breaking/breaking'],
    },
  ],
  [
    'a field of a record sent in requests made non-nillable',
    {
      new: [
        [
          '      - name: text\n        type: string',
          '      - name: text\n        type: string\n        nillable: false',
        ],
      ],
      want: ['field-made-non-nillable Query.text breaking/compatible'],
    },
  ],

  // Enum values (ErrorCode travels in responses, Shade in requests)
  [
    'a response enum value added',
    {
      new: [['values: [OK, NotFound]', 'values: [OK, NotFound, Busy]']],
      want: ['enum-value-added ErrorCode.Busy compatible/compatible'],
    },
  ],
  [
    'a request enum value added',
    {
      new: [['values: [Light, Dark]', 'values: [Light, Dark, Medium]']],
      want: ['enum-value-added Shade.Medium compatible/breaking'],
    },
  ],
  [
    'a response enum value removed',
    {
      old: [['values: [OK, NotFound]', 'values: [OK, NotFound, Busy]']],
      want: ['enum-value-removed ErrorCode.Busy breaking/compatible'],
    },
  ],
  [
    'a request enum value removed',
    {
      new: [['values: [Light, Dark]', 'values: [Light]']],
      want: ['enum-value-removed Shade.Dark breaking/compatible'],
    },
  ],
  [
    'a response enum made an enumeration of xs:token',
    {
      new: [['values: [OK, NotFound]', 'values: [OK, NotFound]\n    base: token']],
      want: ['enum-made-token ErrorCode compatible/compatible'],
    },
  ],
  [
    'a response enum of xs:token made one of xs:string',
    {
      old: [['values: [OK, NotFound]', 'values: [OK, NotFound]\n    base: token']],
      want: ['enum-made-string ErrorCode compatible/breaking'],
    },
  ],
  [
    'a request enum of xs:token made one of xs:string',
    {
      old: [['values: [Light, Dark]', 'values: [Light, Dark]\n    base: token']],
      want: ['enum-made-string Shade compatible/compatible'],
    },
  ],
  [
    'an integer code of an enum value',
    { new: [["'404': NotFound", "'405': NotFound"]], want: ['enum-code-changed ErrorCode.NotFound breaking/breaking'] },
  ],

  // Typed faults
  [
    'a fault declared by an operation',
    {
      old: withFault(),
      new: [...withFault(), GET_ITEM_FAULT],
      want: ['fault-added GetItem.faults.Missing compatible/compatible'],
    },
  ],
  [
    'a fault no longer declared by an operation',
    {
      old: [...withFault(), GET_ITEM_FAULT],
      new: withFault(),
      want: ['fault-removed GetItem.faults.Missing breaking/compatible'],
    },
  ],
  [
    'a fault’s detail element changed',
    {
      old: [...withFault(), GET_ITEM_FAULT],
      new: [...withFault('NotThere'), GET_ITEM_FAULT],
      want: ['fault-changed faults.Missing breaking/breaking'],
    },
  ],
  [
    'a fault’s record changed',
    {
      old: [...withFault(), GET_ITEM_FAULT],
      new: [...withFault('Missing', 'Gone'), GET_ITEM_FAULT],
      want: ['fault-changed faults.Missing breaking/breaking'],
    },
  ],
  [
    'a field added to a fault’s record is a field of an answer',
    {
      old: [...withFault(), GET_ITEM_FAULT],
      new: [
        ...withFault(),
        GET_ITEM_FAULT,
        [
          '  Missing:\n    fields:\n      - { name: what, type: string }',
          '  Missing:\n    fields:\n      - { name: what, type: string }\n      - { name: when, type: int }',
        ],
      ],
      want: ['field-added Missing.when compatible/breaking'],
    },
  ],

  // SOAP headers of answers
  [
    'a response header added',
    {
      old: WITH_INFO,
      new: [...WITH_INFO, answersInfo(false)],
      want: ['response-header-added GetItem.responseHeaders.Info compatible/compatible'],
    },
  ],
  [
    'a required response header added',
    {
      old: WITH_INFO,
      new: [...WITH_INFO, answersInfo(true)],
      want: ['response-header-added-required GetItem.responseHeaders.Info compatible/breaking'],
    },
  ],
  [
    'a response header removed',
    {
      old: [...WITH_INFO, answersInfo(false)],
      new: WITH_INFO,
      want: ['response-header-removed GetItem.responseHeaders.Info breaking/compatible'],
    },
  ],
  [
    'a response header made required',
    {
      old: [...WITH_INFO, answersInfo(false)],
      new: [...WITH_INFO, answersInfo(true)],
      want: ['response-header-made-required GetItem.responseHeaders.Info compatible/breaking'],
    },
  ],
  [
    'a response header made optional',
    {
      old: [...WITH_INFO, answersInfo(true)],
      new: [...WITH_INFO, answersInfo(false)],
      want: ['response-header-made-optional GetItem.responseHeaders.Info breaking/compatible'],
    },
  ],
];

describe('diffSpecs classifies each kind of change', () => {
  it.each(rows)('%s', (_, row) => {
    const diff = diffSpecs(model(row.old), model(row.new));
    expect(diff.changes.map((c) => `${c.kind} ${c.path} ${c.client}/${c.server}`)).toEqual(row.want);
  });
});
