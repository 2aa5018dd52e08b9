/**
 * A synthetic service spec of any size, for measuring how generation scales. The operations cycle through the
 * shapes a real ASMX interface has: every primitive parameter type (optional ones, with and without defaults),
 * (S), (I) and uncoded results, records nesting records, lists of records and of strings, enums, HTTP POST roots
 * not shown, every kind of EAT marker, decisions and a poll. Types and parameters grow with the operations, as
 * they would in a real service of that size. Deterministic: the same count always gives the same text.
 */

const PRIMITIVES = ['string', 'int', 'long', 'double', 'boolean', 'dateTime'] as const;
type Primitive = (typeof PRIMITIVES)[number];

const DEFAULTS: Readonly<Record<Primitive, string>> = {
  string: "'all'",
  int: '10',
  long: "'0'",
  double: '0.5',
  boolean: 'false',
  dateTime: "'2000-01-01T00:00:00Z'",
};

const VERBS = ['Get', 'List', 'Test', 'Process', 'Update', 'Create', 'Cancel'] as const;
const ERROR_CODES = ['OK', 'UnknownError', 'NotFound', 'Denied', 'Busy', 'ParameterError', 'Expired'] as const;
const STATUS_VALUES = ['Queued', 'Running', 'Completed', 'Failed', 'Cancelled'] as const;

/** A YAML scalar that stays a string whatever it holds (JSON strings are valid YAML). */
const q = (text: string): string => JSON.stringify(text);

interface Sizes {
  readonly enums: number;
  readonly records: number;
  /** Pool parameters of each primitive type. */
  readonly perType: number;
}

function sizesFor(operations: number): Sizes {
  return {
    enums: Math.max(2, Math.ceil(operations / 10)),
    records: Math.max(3, Math.ceil(operations / 2)),
    perType: Math.max(2, Math.ceil(operations / 6)),
  };
}

const paramName = (type: Primitive, k: number): string => `${type}Arg${k}`;
const recordName = (k: number): string => `Rec${k}`;
const enumName = (k: number): string => `Kind${k}`;

function header(operations: number): string[] {
  return [
    'specVersion: 1',
    '',
    'service:',
    '  name: SyntheticService',
    `  title: ${q(`Synthetic Service of ${operations} operations`)}`,
    '  version: v1',
    '  path: /v1/SyntheticService.asmx',
    '  namespace: { uri: http://synthetic.example/, decision: namespace }',
    '  client: SyntheticClient',
    '  doc: A generated service for measuring the generator; every shape of a real interface, repeated.',
    '',
    'serviceErrors:',
    '  codeField: errorCode',
    '  messageField: errorMessage',
    '  enum: ErrorCode',
    '  success: { S: OK, I: 0 }',
    '',
    'auth:',
    '  scheme: hmac-sha256-hex',
    '  timestampUnit: unix-seconds',
    '  decision: signing',
    '',
    'decisions:',
    ...[
      ['namespace', 'XML namespace', 'Not given; we use http://synthetic.example/.'],
      ['signing', 'Request signature', 'HMAC-SHA256 of user + timestamp + the EAT value, as lower-case hex.'],
      ['int-codes', 'Integer error codes', 'The integer codes known for some error codes.'],
      ['root-not-shown', 'HTTP POST root not shown', 'The document does not show it; the client accepts any root.'],
      [
        'absent-eat',
        'EAT marker naming no parameter',
        'The marker names a parameter the call lacks; the empty string is signed.',
      ],
      [
        'default-sent',
        'Default of optional parameters',
        'When the caller leaves it out, the client sends the default.',
      ],
      [
        'extra-fields',
        'Undocumented result fields',
        'The real results carry more fields; they are decoded when present.',
      ],
      ['poll-codes', 'Codes that end polling', 'NotFound and Denied mean the request cannot progress.'],
    ].flatMap(([id, title, note]) => [`  - id: ${id}`, `    title: ${q(title!)}`, `    note: ${q(note!)}`]),
  ];
}

function parameters(s: Sizes): string[] {
  const lines = [
    'parameters:',
    '  user:',
    '    type: string',
    '    role: principal',
    '    doc: Identifies the caller.',
    '  timestamp:',
    '    type: double',
    '    role: timestamp',
    '    doc: The request time, in Unix seconds.',
    '  key:',
    '    type: string',
    '    role: signature',
    '    doc: The signature of the request.',
    '  requestId:',
    '    type: long',
    '    doc: The request polled.',
    '  detailed:',
    '    type: boolean',
    '    optional: true',
    '    doc: Whether to include the details.',
  ];
  for (let k = 0; k < s.perType; k++) {
    PRIMITIVES.forEach((type, t) => {
      lines.push(`  ${paramName(type, k)}:`, `    type: ${type}`);
      // One in three optional with a default, one in five optional without one; the rest required.
      const n = k * PRIMITIVES.length + t;
      if (n % 3 === 1) {
        lines.push('    optional: true', `    default: ${DEFAULTS[type]}`, '    decision: default-sent');
      } else if (n % 5 === 2) lines.push('    optional: true');
      if (n % 11 === 4) lines.push(`    quirk: ${q(`Spelt ${paramName(type, k)} on the wire, unlike its siblings.`)}`);
      lines.push(`    doc: ${q(`The ${type} argument number ${k}.`)}`);
    });
  }
  return lines;
}

function enums(s: Sizes): string[] {
  const lines = [
    'enums:',
    '  ErrorCode:',
    '    doc: The string error codes of every result.',
    `    values: [${ERROR_CODES.join(', ')}]`,
    '    numeric:',
    '      decision: int-codes',
    '      codes:',
    ...ERROR_CODES.map((v, i) => `        '${i === 0 ? 0 : i === 1 ? -1 : 1000 + i}': ${v}`),
    '  RequestStatus:',
    '    doc: Where a request is.',
    `    values: [${STATUS_VALUES.join(', ')}]`,
  ];
  for (let k = 0; k < s.enums; k++) {
    const count = 3 + (k % 6);
    const values = Array.from({ length: count }, (_, v) =>
      v === 1 && k % 4 === 0 ? q(`Value-${k}.${v}`) : `Value${k}x${v}`,
    );
    lines.push(`  ${enumName(k)}:`, `    doc: ${q(`The kinds of group ${k}.`)}`, `    values: [${values.join(', ')}]`);
    if (k % 5 === 3) lines.push('    placeholders: The last value stands for names the document leaves out.');
  }
  return lines;
}

/** A field list entry, with the optional keys a spec writer would add. */
function field(name: string, type: string, extra: readonly string[] = []): string[] {
  return [`      - name: ${name}`, `        type: ${type}`, ...extra.map((e) => `        ${e}`)];
}

function records(s: Sizes): string[] {
  const lines = ['records:'];
  for (let k = 0; k < s.records; k++) {
    lines.push(`  ${recordName(k)}:`, `    doc: ${q(`Record ${k} of the service.`)}`, '    fields:');
    lines.push(...field('id', 'long'), ...field('label', 'string', ['doc: The display name.']));
    lines.push(...field(`kind`, enumName(k % s.enums)));
    if (k % 2 === 0) lines.push(...field('amount', 'double'));
    if (k % 3 === 0) lines.push(...field('active', 'boolean', ['nillable: true']));
    if (k % 4 === 1) lines.push(...field('changedAt', 'dateTime'));
    if (k % 5 === 2) lines.push(...field('count', 'int', ['nillable: true', 'doc: Nil when not counted.']));
    if (k % 3 === 1) lines.push(...field('tags', '{ list: string }'));
    if (k % 7 === 5) lines.push(...field('secretKey', 'string', ['secret: true']));
    // Records nest records further down the list, so every chain ends.
    if (k + 1 < s.records && k % 2 === 1) lines.push(...field('child', recordName(k + 1)));
    if (k + 2 < s.records && k % 4 === 0) {
      lines.push(
        ...field(
          'children',
          `{ list: ${recordName(k + 2)}, item: Item${k + 2}${k % 8 === 0 ? ', nillableItems: false' : ''} }`,
        ),
      );
    }
  }
  return lines;
}

type Coded = 'S' | 'I' | 'none';

function resultOf(i: number, s: Sizes): { name: string; coded: Coded; lines: string[] } {
  const coded: Coded = (['S', 'S', 'I', 'none'] as const)[i % 4]!;
  const name = `Op${i}Result`;
  const lines = [`  ${name}:`, `    doc: ${q(`The result of operation ${i}.`)}`, `    errorCode: ${coded}`];
  if (i % 9 === 8) lines.push('    decision: extra-fields');
  lines.push('    fields:');
  if (coded === 'S') lines.push(...field('errorMessage', 'string'), ...field('errorCode', 'ErrorCode'));
  if (coded === 'I') lines.push(...field('errorMessage', 'string'), ...field('errorCode', 'int'));
  if (coded === 'none' && i % 8 === 3)
    lines.push(...field('errorCode', 'ErrorCode', ['optional: true', 'decision: extra-fields']));
  const rec = (n: number) => recordName((i * 7 + n) % s.records);
  lines.push(...field('item', rec(0), ['doc: The record asked for.']));
  if (i % 2 === 0) lines.push(...field('items', `{ list: ${rec(1)} }`));
  if (i % 3 === 0) lines.push(...field('names', '{ list: string, item: Name }'));
  if (i % 5 === 1) lines.push(...field('total', 'double'), ...field('pages', 'int'));
  if (i % 4 === 2) lines.push(...field('version', 'long'), ...field('asOf', 'dateTime', ['nillable: true']));
  if (i % 6 === 4)
    lines.push(...field('kind', enumName(i % s.enums)), ...field('kinds', `{ list: ${enumName((i + 1) % s.enums)} }`));
  if (i % 10 === 7) lines.push(...field('Token', 'string', ['secret: true']));
  return { name, coded, lines };
}

function operation(i: number, s: Sizes, result: string): string[] {
  const name = `${VERBS[i % VERBS.length]}Thing${i}`;
  // 0 to 5 caller parameters, of types that rotate so that every type is used by many operations.
  const count = i % 6;
  const inputs: string[] = [];
  for (let j = 0; j < count; j++) {
    const type = PRIMITIVES[(i + j * 5 + Math.floor(i / 6)) % PRIMITIVES.length]!;
    inputs.push(paramName(type, (i * 3 + j) % s.perType));
  }
  const unique = [...new Set(inputs)];
  // The credentials are not always first: the wire order is the document's.
  const params = i % 3 === 0 ? ['user', 'timestamp', 'key', ...unique] : ['user', ...unique, 'timestamp', 'key'];
  // Independent of the parameter count (i % 6), so that every count meets every kind of marker.
  const eatKind = Math.floor(i / 6) % 6;
  const marked = unique[Math.floor(i / 36) % Math.max(1, unique.length)];
  const eat =
    (eatKind === 0 || eatKind === 1) && marked !== undefined
      ? `{ marker: ${marked} }`
      : eatKind === 2
        ? "{ marker: 'null' }"
        : eatKind === 3
          ? '{ marker: not marked }'
          : eatKind === 4
            ? `{ marker: ${paramName('double', (i + 1) % s.perType)}Missing, absentParameter: true, decision: absent-eat }`
            : '{ marker: none }';
  const root = i % 7 === 3 ? `{ notShown: true, assumed: Op${i}Root, decision: root-not-shown }` : `Op${i}Response`;
  const lines = [
    `  - name: ${name}`,
    `    doc: ${q(`Operation ${i}: ${VERBS[i % VERBS.length]!.toLowerCase()}s things of group ${i % s.enums}.`)}`,
    `    params: [${params.join(', ')}]`,
    `    result: ${result}`,
    `    httpPostRoot: ${root}`,
    `    eat: ${eat}`,
  ];
  if (i % 7 === 3) lines.push('    submitsPayments: true');
  return lines;
}

/** The absentParameter markers name a parameter of the service, which the marked operations do not take. */
function absentMarkerParameters(operations: number, s: Sizes): string[] {
  const names = new Set<string>();
  for (let i = 0; i < operations; i++)
    if (Math.floor(i / 6) % 6 === 4) names.add(`${paramName('double', (i + 1) % s.perType)}Missing`);
  return [...names]
    .sort()
    .flatMap((n) => [`  ${n}:`, '    type: double', `    doc: ${q(`Named by EAT markers only.`)}`]);
}

/** The YAML text of a valid spec with `operations` operations (at least 1), one of them polled. */
export function syntheticSpec(operations: number): string {
  if (!Number.isInteger(operations) || operations < 1)
    throw new RangeError(`operations must be a positive integer, got ${operations}`);
  const s = sizesFor(operations);
  const results = Array.from({ length: operations - 1 }, (_, i) => resultOf(i + 1, s));
  const lines = [
    ...header(operations),
    '',
    ...parameters(s),
    ...absentMarkerParameters(operations, s),
    '',
    ...enums(s),
    '',
    ...records(s),
    '',
    'results:',
    '  RequestStatusResult:',
    '    doc: The status of a request.',
    '    errorCode: S',
    '    fields:',
    ...field('errorMessage', 'string'),
    ...field('errorCode', 'ErrorCode'),
    ...field('status', 'RequestStatus'),
    ...results.flatMap((r) => r.lines),
    '',
    'operations:',
    '  - name: GetRequestStatus',
    '    doc: Returns the status of a request.',
    '    params: [user, timestamp, key, requestId, detailed]',
    '    result: RequestStatusResult',
    '    httpPostRoot: RequestStatus',
    '    eat: { marker: requestId }',
    ...results.flatMap((r, i) => operation(i + 1, s, r.name)),
    '',
    'polls:',
    '  - method: waitForRequest',
    '    operation: GetRequestStatus',
    '    idParameter: requestId',
    '    statusField: status',
    `    finalValues: [Completed, Failed, Cancelled]`,
    '    failureCodes: [NotFound, Denied]',
    '    decision: poll-codes',
    '    doc: Polls a request until it is done.',
  ];
  return `${lines.join('\n')}\n`;
}
