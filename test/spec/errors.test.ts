/**
 * Every kind of spec error names its place as file:line:column, and all problems of a spec are reported at once.
 *
 * Each fixture under test/fixtures/specs/broken/ is a line-for-line copy of test/fixtures/specs/minimal.yaml
 * (except its first two comment lines) with one thing broken; the expected positions below were read off the
 * fixture files.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { diffArrays } from 'diff';
import { describe, expect, it } from 'vitest';
import { SpecError, formatIssue, type SpecIssue } from '../../generator/load/errors.js';
import { loadSpec, parseSpec } from '../../generator/load/load.js';
import { runCli } from '../helpers/cli.js';
import { listFiles, scratchDir } from '../helpers/files.js';
import { fromRoot, repoRoot } from '../helpers/paths.js';

const FIXTURES = 'test/fixtures/specs';
const BROKEN = `${FIXTURES}/broken`;

/** The issues `loadSpec` reports for a file, or fails the test when it loads. */
function issuesOf(file: string): readonly SpecIssue[] {
  try {
    loadSpec(fromRoot(file), { cwd: repoRoot });
  } catch (error) {
    if (error instanceof SpecError) return error.issues;
    throw error;
  }
  throw new Error(`${file} loaded without errors`);
}

type Expected = readonly [line: number, column: number, path: string, message: string | RegExp];

// One row per kind of error: the fixture and every issue it must give, in order.
const CASES: ReadonlyArray<{ kind: string; fixture: string; issues: readonly Expected[] }> = [
  {
    kind: 'YAML syntax error',
    fixture: 'yaml-syntax',
    issues: [[91, 13, '', 'Nested mappings are not allowed in compact mappings']],
  },
  {
    kind: 'tab used for indentation',
    fixture: 'tab-indent',
    issues: [[44, 1, '', 'Tabs are not allowed as indentation']],
  },
  {
    kind: 'duplicate YAML key',
    fixture: 'duplicate-key',
    issues: [[59, 5, 'records.Item.doc', 'duplicate key "doc" (map keys must be unique)']],
  },
  {
    kind: 'unknown key',
    fixture: 'unknown-key',
    issues: [[96, 5, 'operations[1].submitPayments', /^unknown key "submitPayments"/]],
  },
  {
    kind: 'misspelt type name, with a suggestion',
    fixture: 'misspelt-type',
    issues: [[75, 15, 'results.ItemResult.fields[2].type', /^unknown type "Itme";.*\(did you mean "Item"\?\)$/]],
  },
  {
    kind: 'result used as a field type',
    fixture: 'result-as-field-type',
    issues: [
      [
        75,
        15,
        'results.ItemResult.fields[2].type',
        /^"CountResult" is a result type and cannot be used here; expected a record/,
      ],
    ],
  },
  {
    kind: 'duplicate operation',
    fixture: 'duplicate-operation',
    issues: [[94, 11, 'operations[1].name', 'duplicate operation "GetItem" (first defined at operations[0])']],
  },
  {
    kind: 'duplicate field',
    fixture: 'duplicate-field',
    issues: [[62, 15, 'records.Item.fields[1].name', 'duplicate field "id" in Item']],
  },
  {
    kind: 'unknown parameter in an operation (and no follow-up error for its EAT marker)',
    fixture: 'unknown-parameter',
    issues: [[90, 36, 'operations[0].params[3]', /^unknown parameter "itemID";.*\(did you mean "itemId"\?\)$/]],
  },
  {
    kind: 'EAT marker naming no parameter',
    fixture: 'eat-names-no-parameter',
    issues: [
      [
        93,
        20,
        'operations[0].eat.marker',
        /^EAT marker "itemid" names no parameter of this operation; expected one of "itemId", "none", "null" or "not marked"/,
      ],
    ],
  },
  {
    kind: 'absentParameter on a parameter the operation has',
    fixture: 'absent-parameter-exists',
    issues: [
      [
        93,
        45,
        'operations[0].eat.absentParameter',
        /^absentParameter is for a marker naming a parameter the operation does not have; "itemId" is one of its parameters$/,
      ],
    ],
  },
  {
    kind: 'unquoted marker: null',
    fixture: 'unquoted-null-marker',
    issues: [
      [99, 20, 'operations[1].eat.marker', 'must be a string (found null: the value is empty, or null not in quotes)'],
    ],
  },
  {
    kind: 'unknown decision id',
    fixture: 'unknown-decision',
    issues: [
      [
        51,
        17,
        'enums.ErrorCode.numeric.decision',
        'unknown decision "int-code"; expected one of the ids under decisions: "int-codes"',
      ],
    ],
  },
  {
    kind: 'S result whose errorCode is typed int',
    fixture: 's-result-int-code',
    issues: [[68, 16, 'results.ItemResult.errorCode', 'a result marked S must type "errorCode" as ErrorCode']],
  },
  {
    kind: 'operation missing a credential role',
    fixture: 'missing-credential-role',
    issues: [[96, 13, 'operations[1].params', 'expected exactly one timestamp parameter (auth is set), found 0']],
  },
  {
    kind: 'numeric enum code naming an unknown value',
    fixture: 'numeric-code-unknown-value',
    issues: [[54, 16, 'enums.ErrorCode.numeric.codes.404', '"Missing" is not a value of enum ErrorCode']],
  },
  {
    kind: 'three independent problems, reported together',
    fixture: 'three-problems',
    issues: [
      [54, 16, 'enums.ErrorCode.numeric.codes.404', '"Missing" is not a value of enum ErrorCode'],
      [75, 15, 'results.ItemResult.fields[2].type', /^unknown type "Itme"/],
      [93, 20, 'operations[0].eat.marker', /^EAT marker "itemid" names no parameter/],
    ],
  },
  {
    kind: 'schema problems, reported together',
    fixture: 'schema-problems',
    issues: [
      [3, 14, 'specVersion', 'must be 1 (found a number: 2)'],
      [6, 3, 'service.path', 'missing required key "path"'],
      [9, 3, 'service.paths', /^unknown key "paths"/],
    ],
  },
];

describe('spec errors name file:line:column', () => {
  it('starts from a valid base: minimal.yaml loads', () => {
    const model = loadSpec(fromRoot(FIXTURES, 'minimal.yaml'), { cwd: repoRoot });
    expect(model.operations.map((o) => o.name)).toEqual(['GetItem', 'CountItems']);
  });

  it('has a case for every broken fixture, and a fixture for every case', () => {
    const fixtures = readdirSync(fromRoot(BROKEN))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => f.replace(/\.yaml$/, ''));
    expect(fixtures.sort()).toEqual(CASES.map((c) => c.fixture).sort());
  });

  it.each(CASES)('$kind ($fixture.yaml)', ({ fixture, issues: expected }) => {
    const file = `${BROKEN}/${fixture}.yaml`;
    const issues = issuesOf(file);
    expect(
      issues.map((i) => [i.line, i.column, i.path]),
      'every problem at once, each at its place',
    ).toEqual(expected.map(([line, column, path]) => [line, column, path]));
    issues.forEach((issue, n) => {
      expect(issue.file).toBe(file);
      const message = expected[n]![3];
      if (typeof message === 'string') expect(issue.message).toBe(message);
      else expect(issue.message).toMatch(message);
    });
  });

  it.each(CASES.filter((c) => !['three-problems', 'schema-problems'].includes(c.fixture)))(
    '$fixture.yaml is broken in one place only',
    ({ fixture }) => {
      // Compared with the base, past the two comment lines that say what is broken.
      const lines = (path: string) => readFileSync(fromRoot(path), 'utf8').split('\n').slice(2);
      const changes = diffArrays(lines(`${FIXTURES}/minimal.yaml`), lines(`${BROKEN}/${fixture}.yaml`));
      const hunks = changes.filter((c, i) => (c.added || c.removed) && !(c.added && changes[i - 1]?.removed));
      expect(hunks).toHaveLength(1);
      expect(hunks[0]!.count).toBe(1);
    },
  );

  it('formats the error as file:line:column: path: message, one line per problem, under a count', () => {
    let error: unknown;
    try {
      loadSpec(fromRoot(BROKEN, 'three-problems.yaml'), { cwd: repoRoot });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SpecError);
    const lines = (error as SpecError).message.split('\n');
    expect(lines[0]).toBe('Invalid spec (3 problems):');
    expect(lines.slice(1)).toEqual([
      '  test/fixtures/specs/broken/three-problems.yaml:54:16: enums.ErrorCode.numeric.codes.404: "Missing" is not a value of enum ErrorCode',
      expect.stringMatching(
        /^ {2}test\/fixtures\/specs\/broken\/three-problems\.yaml:75:15: results\.ItemResult\.fields\[2\]\.type: unknown type "Itme"/,
      ),
      expect.stringMatching(
        /^ {2}test\/fixtures\/specs\/broken\/three-problems\.yaml:93:20: operations\[0\]\.eat\.marker: EAT marker "itemid"/,
      ),
    ]);
    expect((error as SpecError).name).toBe('SpecError');
  });

  it('formats an issue without a path as file:line:column: message', () => {
    expect(
      formatIssue({ file: 'a.yaml', line: 3, column: 7, path: '', message: 'Tabs are not allowed as indentation' }),
    ).toBe('a.yaml:3:7: Tabs are not allowed as indentation');
    expect(new SpecError([{ file: 'a.yaml', line: 1, column: 1, path: 'x', message: 'm' }]).message).toBe(
      'Invalid spec (1 problem):\n  a.yaml:1:1: x: m',
    );
  });

  it('names the file as given in parseSpec', () => {
    const text = readFileSync(fromRoot(BROKEN, 'duplicate-field.yaml'), 'utf8');
    expect(() => parseSpec(text, 'elsewhere/spec.yaml')).toThrow(
      /^Invalid spec \(1 problem\):\n {2}elsewhere\/spec\.yaml:62:15: /,
    );
  });

  it('reports a spec file that does not exist', () => {
    expect(issuesOf(`${FIXTURES}/no-such-spec.yaml`)).toEqual([
      {
        file: `${FIXTURES}/no-such-spec.yaml`,
        line: 1,
        column: 1,
        path: '',
        message: `cannot read the spec: no such file; check the path (relative paths start from the working directory), or draft it from a WSDL: svc-codegen import-wsdl Service.wsdl --out ${FIXTURES}/no-such-spec.yaml`,
      },
    ]);
  });
});

describe('the CLI on a broken spec', () => {
  it('exits with 2, prints every problem on stderr and writes nothing', async () => {
    const out = scratchDir('cli-broken');
    try {
      const spec = `${BROKEN}/three-problems.yaml`;
      const run = await runCli(['--spec', spec, '--out', out.dir], repoRoot);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('Invalid spec (3 problems):');
      expect(run.stderr).toContain(
        `${spec}:54:16: enums.ErrorCode.numeric.codes.404: "Missing" is not a value of enum ErrorCode`,
      );
      expect(run.stderr).toContain(`${spec}:75:15: results.ItemResult.fields[2].type: unknown type "Itme"`);
      expect(run.stderr).toContain(`${spec}:93:20: operations[0].eat.marker: EAT marker "itemid"`);
      expect(run.stderr, 'a spec error is not a crash').not.toMatch(/\n\s+at /);
      expect(listFiles(out.dir)).toEqual([]);
      expect(listFiles(fromRoot(BROKEN)).filter((f) => !f.endsWith('.yaml'))).toEqual([]);
    } finally {
      out.remove();
    }
  });
});

/**
 * Messages a person can act on, as a table: each row edits lines of SHOP (a small valid spec; keys are its 1-based
 * line numbers, a value may hold several lines) and gives every message, formatted as the CLI prints it, in order.
 */
const SHOP = [
  'specVersion: 1',
  'service:',
  '  name: Shop',
  '  title: Shop',
  '  version: v1',
  '  path: /Shop.asmx',
  "  namespace: { uri: 'http://shop.example/' }",
  '  client: ShopClient',
  'enums:',
  '  Colour:',
  '    values: [Red, Green]',
  'records:',
  '  Item:',
  '    doc: An item.',
  '    fields:',
  '      - { name: Id, type: int }',
  '      - { name: Colour, type: Colour }',
  'operations:',
  '  - name: GetItem',
  '    params: [{ name: id, type: int }]',
  '    result: Item',
  '  - name: ListItems',
  '    result: { list: Item }',
];

function shop(edits: Readonly<Record<number, string>>): string {
  return `${SHOP.map((line, i) => edits[i + 1] ?? line).join('\n')}\n`;
}

/** Every message parseSpec gives for `text`, as file:line:column: path: message. */
function messagesOf(text: string): string[] {
  try {
    parseSpec(text, 'shop.yaml');
  } catch (error) {
    if (error instanceof SpecError) return error.issues.map(formatIssue);
    throw error;
  }
  return [];
}

const XSD =
  'string, int, long, double, boolean, dateTime, decimal, float, short, byte, unsignedByte, unsignedShort, unsignedInt, unsignedLong, base64Binary, guid, char, date, time, duration, integer, nonNegativeInteger, positiveInteger, NMTOKEN, Name, NCName, language, token, anyURI, xml';
const OPERATION_KEYS =
  'name, doc, params, result, httpPostRoot, httpPost, httpGet, soapAction, parameterStyle, namespace, headers, responseHeaders, faults, outputs, eat, submitsPayments, group';
const TOP_KEYS =
  '$schema, specVersion, service, serviceErrors, auth, soapHeaders, decisions, faults, parameters, enums, records, results, operations, groups, polls, mock';

const MESSAGES: ReadonlyArray<[name: string, row: { given: string; want: readonly string[] }]> = [
  [
    'four mistakes of different kinds, all in one run, in the order of the text',
    {
      given: shop({ 11: '    values: []', 14: '    docs: An item.', 21: '    result: Itme', 22: '  - name: GetItem' }),
      want: [
        'shop.yaml:11:13: enums.Colour.values: must not be empty',
        'shop.yaml:14:5: records.Item.docs: unknown key "docs" (did you mean "doc"?); allowed here: doc, xmlName, namespace, extends, fields, anyAttribute, abstract, decision',
        `shop.yaml:21:13: operations[0].result: unknown type "Itme"; expected an XML Schema type (${XSD}), dataSet, an enum or a record (did you mean "Item"?)`,
        'shop.yaml:22:11: operations[1].name: duplicate operation "GetItem" (first defined at operations[0])',
      ],
    },
  ],
  [
    'a structure error inside an operation, and an unknown type in the next one',
    {
      given: shop({ 20: '    params: id', 23: '    result: { list: Itme }' }),
      want: [
        'shop.yaml:20:13: operations[0].params: must be a list (found a string: "id")',
        `shop.yaml:23:21: operations[1].result.list: unknown type "Itme"; expected an XML Schema type (${XSD}), dataSet, an enum or a record (did you mean "Item"?)`,
      ],
    },
  ],
  [
    'a result type with a structure error: what returns it says nothing more, an unknown type elsewhere still does',
    {
      given: shop({
        17: '      - { name: Colour, type: Colour }\nresults:\n  Answer: { docs: x, fields: [] }',
        21: '    result: Answer',
        23: '    result: { list: Itme }',
      }),
      want: [
        'shop.yaml:19:13: results.Answer.docs: unknown key "docs" (did you mean "doc"?); allowed here: doc, errorCode, xmlName, namespace, extends, fields, decision',
        `shop.yaml:25:21: operations[1].result.list: unknown type "Itme"; expected an XML Schema type (${XSD}), dataSet, an enum or a record (did you mean "Item"?)`,
      ],
    },
  ],
  [
    'did you mean: an unknown key close to an allowed one',
    {
      given: shop({ 23: '    result: { type: Item, nulable: true }' }),
      want: [
        'shop.yaml:23:27: operations[1].result.nulable: unknown key "nulable" (did you mean "nullable"?); allowed here: type, nullable, element, form, namespace',
      ],
    },
  ],
  [
    'did you mean: no guess for a key far from every allowed one',
    {
      given: shop({ 20: '    colour: red' }),
      want: [`shop.yaml:20:5: operations[0].colour: unknown key "colour"; allowed here: ${OPERATION_KEYS}`],
    },
  ],
  [
    'did you mean: a misspelt section, and nothing that names its entries is reported as unknown',
    {
      given: shop({ 12: 'record:' }),
      want: [`shop.yaml:12:1: record: unknown key "record" (did you mean "records"?); allowed here: ${TOP_KEYS}`],
    },
  ],
  [
    'an empty spec',
    {
      given: '# nothing yet\n',
      want: ['shop.yaml:1:1: the spec is empty: it needs at least specVersion, service and operations'],
    },
  ],
  [
    'a key given twice names its path',
    {
      given: shop({ 23: '    result: { list: Item }\n    result: Item' }),
      want: ['shop.yaml:24:5: operations[1].result: duplicate key "result" (map keys must be unique)'],
    },
  ],
  [
    'a wrong type: a number where a string goes',
    {
      given: shop({ 5: '  version: 12' }),
      want: ["shop.yaml:5:12: service.version: must be a string (found a number: 12; quote it, '12', to make it text)"],
    },
  ],
  [
    'a wrong type: null where a string goes',
    {
      given: shop({ 5: '  version: null' }),
      want: [
        'shop.yaml:5:12: service.version: must be a string (found null: the value is empty, or null not in quotes)',
      ],
    },
  ],
  [
    'a wrong type: a fraction where a whole number goes',
    {
      given: shop({
        8: '  client: ShopClient\nserviceErrors: { codeField: code, messageField: message, enum: Colour, success: { S: Red, I: 1.5 } }',
      }),
      want: ['shop.yaml:9:94: serviceErrors.success.I: must be a whole number (found a number: 1.5)'],
    },
  ],
  [
    'a wrong type: text where a whole number goes',
    {
      given: shop({
        8: '  client: ShopClient\nserviceErrors: { codeField: code, messageField: message, enum: Colour, success: { S: Red, I: zero } }',
      }),
      want: ['shop.yaml:9:94: serviceErrors.success.I: must be a whole number (found a string: "zero")'],
    },
  ],
  [
    'a wrong type: a string where true or false goes',
    {
      given: shop({ 22: '  - name: ListItems\n    httpPost: yes' }),
      want: ['shop.yaml:23:15: operations[1].httpPost: must be true or false (found a string: "yes")'],
    },
  ],
  [
    'a wrong type: a string where a map goes',
    {
      given: shop({ 7: '  namespace: http://shop.example/' }),
      want: ['shop.yaml:7:14: service.namespace: must be a map (found a string: "http://shop.example/")'],
    },
  ],
  [
    'a wrong type: one of several forms, none of them',
    {
      given: shop({ 16: '      - { name: Id, type: 12 }' }),
      want: ['shop.yaml:16:27: records.Item.fields[0].type: must be a string or a map (found a number: 12)'],
    },
  ],
  [
    'an empty string',
    { given: shop({ 4: "  title: ''" }), want: ['shop.yaml:4:10: service.title: must not be empty'] },
  ],
  [
    'an empty list',
    { given: shop({ 11: '    values: []' }), want: ['shop.yaml:11:13: enums.Colour.values: must not be empty'] },
  ],
  [
    'too long',
    {
      given: shop({ 8: `  client: ShopClient\n  package: { name: ${'s'.repeat(215)}, version: 1.0.0 }` }),
      want: ['shop.yaml:9:20: service.package.name: must be an npm package name of at most 214 characters'],
    },
  ],
  [
    'not one of the allowed values',
    {
      given: shop({ 17: '      - { name: Colour, type: Colour }\nresults:\n  Answer: { errorCode: X }' }),
      want: ['shop.yaml:19:24: results.Answer.errorCode: must be one of: S, I, none (found a string: "X")'],
    },
  ],
  [
    'not the one allowed value',
    { given: shop({ 1: 'specVersion: 2' }), want: ['shop.yaml:1:14: specVersion: must be 1 (found a number: 2)'] },
  ],
  [
    'not matching the pattern',
    {
      given: shop({ 3: '  name: 1Shop' }),
      want: ['shop.yaml:3:9: service.name: must be an identifier (letters, digits and _, not starting with a digit)'],
    },
  ],
  [
    'a name (a map key) not matching the pattern',
    {
      given: shop({ 10: '  1Colour:', 17: '      - { name: Colour, type: string }' }),
      want: [
        'shop.yaml:10:3: enums.1Colour: the key "1Colour" must be an XML name (an NCName: a letter or _, then letters, digits, ., - and _; no colon, no space)',
      ],
    },
  ],
];

describe('spec error messages a person can act on', () => {
  it('starts from a valid base: SHOP loads', () => {
    expect(messagesOf(shop({}))).toEqual([]);
  });

  it.each(MESSAGES)('%s', (_, { given, want }) => {
    expect(messagesOf(given)).toEqual(want);
  });

  it("no message is the validator's own text", () => {
    const raw = MESSAGES.flatMap(([, { given }]) => messagesOf(given)).filter((m) =>
      /expected .* received|Too small|Too big|Invalid input|Unrecognized/.test(m),
    );
    expect(raw).toEqual([]);
  });
});
