/**
 * The simulator's scenario: the default one holds what the simulator and its tests rely on, and every kind of
 * problem in a scenario is reported at its exact file:line:column, all at once, without ever showing an API key.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PAYER, DEFAULT_SCENARIO_YAML } from '../../spec/payer-v5.simulator/default-scenario.js';
import {
  ScenarioError,
  ipAllowed,
  loadScenario,
  parseScenario,
  validateScenario,
  type ScenarioIssue,
} from '../../spec/payer-v5.simulator/scenario.js';
import { scratchDir } from '../helpers/files.js';

/** YAML text from lines, so that the line numbers expected below can be read off the test. */
const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;

/** The issues a scenario gives, or fails the test when it is valid. */
function issuesOf(run: () => unknown): readonly ScenarioIssue[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ScenarioError) return error.issues;
    throw error;
  }
  throw new Error('the scenario is valid');
}

async function asyncIssuesOf(run: () => Promise<unknown>): Promise<readonly ScenarioIssue[]> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ScenarioError) return error.issues;
    throw error;
  }
  throw new Error('the scenario is valid');
}

const where = (issues: readonly ScenarioIssue[]) => issues.map((i) => [i.line, i.column, i.message]);

describe('default scenario', () => {
  const scenario = parseScenario(DEFAULT_SCENARIO_YAML, 'default-scenario.yaml');
  const [first, other] = scenario.payers;

  it('has the documented example credentials as its first payer', () => {
    expect({ payerName: first?.payerName, apiKey: first?.apiKey }).toEqual(DEFAULT_PAYER);
    expect(first).toMatchObject({ payerName: 'MyPayer', apiKey: 'boguskey', dynamicKeys: true });
  });

  it('spells out the default settings', () => {
    expect(scenario.settings).toEqual({
      processingSeconds: 2,
      balanceDelaySeconds: 5,
      firstRequestId: '1000',
      dynamicKeySeconds: 600,
      maxFileBytes: 1_048_576,
      requestValidation: false,
    });
  });

  it('has four accounts, balances in integer cents, providers kept as placeholders', () => {
    expect(first?.accounts.map((a) => [a.provider, a.currency, a.balanceCents])).toEqual([
      ['None', 'USD', 2_500_000],
      ['Payer', 'EUR', 1_800_050],
      ['<provider_name_1>', 'GBP', 900_000],
      ['<provider_name_2>', 'CAD', 0],
    ]);
  });

  it('has provider accounts, custom fields of each Values shape and fees over two years and currencies', () => {
    expect(first?.providerAccounts).toHaveLength(2);
    expect(first?.customFields.map((f) => f.Values?.length ?? null)).toEqual([null, 2, 0]);
    const fees = first?.fees ?? [];
    expect(fees).toHaveLength(4);
    expect(new Set(fees.map((f) => f.FeeCollectionDate.getUTCFullYear()))).toEqual(new Set([2025, 2026]));
    expect(new Set(fees.map((f) => f.FeeCurrency)).size).toBe(2);
    expect(fees.every((f) => f.FeeCollectionDate instanceof Date)).toBe(true);
  });

  it('has five payees of every status, changed across 2026', () => {
    const payees = first?.payees ?? [];
    expect(payees.map((p) => p.payeeId)).toEqual(['P001', 'P002', 'P003', 'P004', 'P005']);
    expect(new Set(payees.map((p) => p.status))).toEqual(new Set(['Active', 'Inactive', 'Pending']));
    expect(new Set(payees.map((p) => p.paymentMethod))).toEqual(new Set(['ACH', 'Wire', 'Check']));
    expect(payees.every((p) => p.changedAt.getUTCFullYear() === 2026)).toBe(true);
    expect(new Set(payees.map((p) => p.changedAt.getUTCMonth())).size).toBe(5);
  });

  it('has one sub payer with dynamic keys and one without', () => {
    expect(first?.subPayers.map((s) => [s.payerName, s.dynamicKeys])).toEqual([
      ['MySubPayer', true],
      ['LegacySubPayer', false],
    ]);
  });

  it('has a second payer without dynamic keys, for isolation tests', () => {
    expect(other).toMatchObject({ payerName: 'OtherPayer', apiKey: 'otherkey', dynamicKeys: false });
    expect(other?.accounts.map((a) => [a.currency, a.balanceCents])).toEqual([['USD', 500_000]]);
  });

  it('validates again unchanged as an object, and gives each parse lists of its own', async () => {
    expect(await loadScenario(scenario)).toEqual(scenario);
    const again = parseScenario(DEFAULT_SCENARIO_YAML, 'default-scenario.yaml');
    again.payers[1]?.payees.push({
      payeeId: 'X',
      paymentMethod: 'ACH',
      status: 'Active',
      reason: '',
      changedAt: new Date(0),
    });
    expect(other?.payees).toEqual([]);
  });
});

describe('a scenario with one problem reports it at its line and column', () => {
  const HEAD = ['payers:', '  - payerName: A', '    apiKey: k'];
  type Row = { yaml: string; want: ReadonlyArray<readonly [line: number, column: number, message: string]> };
  const ROWS: ReadonlyArray<readonly [string, Row]> = [
    [
      'YAML syntax error',
      { yaml: yaml(...HEAD, '    dynamicKeys: a: b'), want: [[4, 18, 'Nested mappings are not allowed']] },
    ],
    ['duplicate key', { yaml: yaml(...HEAD, '    payerName: B'), want: [[4, 5, 'duplicate key "payerName"']] }],
    [
      'missing apiKey',
      {
        yaml: yaml('payers:', '  - payerName: A', '    dynamicKeys: true'),
        want: [[2, 5, 'missing required key "apiKey"']],
      },
    ],
    [
      'missing payers',
      { yaml: yaml('settings:', '  processingSeconds: 1'), want: [[1, 1, 'missing required key "payers"']] },
    ],
    ['unknown key', { yaml: yaml(...HEAD, '    dynamicKey: true'), want: [[4, 5, 'unknown key "dynamicKey"']] }],
    [
      'wrong type',
      { yaml: yaml(...HEAD, '    dynamicKeys: yes'), want: [[4, 18, 'expected boolean, received string']] },
    ],
    [
      'number where text belongs',
      {
        yaml: yaml(
          ...HEAD,
          '    accounts:',
          '      - { provider: None, accountIdentifier: 123, currency: USD, balance: 1 }',
        ),
        want: [[5, 46, 'expected string, received number (quote the value to make it text)']],
      },
    ],
    [
      'balance with 3 decimals',
      {
        yaml: yaml(
          ...HEAD,
          '    accounts:',
          '      - provider: None',
          '        accountIdentifier: A1',
          '        currency: USD',
          '        balance: "1.005"',
        ),
        want: [[8, 18, 'must be an amount with at most 2 decimals']],
      },
    ],
    [
      'missing balance',
      {
        yaml: yaml(
          ...HEAD,
          '    accounts:',
          '      - provider: None',
          '        accountIdentifier: A1',
          '        currency: USD',
        ),
        want: [[5, 9, 'missing required key "balance"']],
      },
    ],
    [
      'currency not in upper case',
      {
        yaml: yaml(
          ...HEAD,
          '    accounts:',
          '      - { provider: None, accountIdentifier: A1, currency: usd, balance: 1 }',
        ),
        want: [[5, 60, 'must be a currency code of 3 upper-case letters']],
      },
    ],
    [
      'unknown currency',
      {
        yaml: yaml(
          ...HEAD,
          '    accounts:',
          '      - { provider: None, accountIdentifier: A1, currency: XYZ, balance: 1 }',
        ),
        want: [[5, 60, '"XYZ" is not an ISO 4217 currency code']],
      },
    ],
    [
      'duplicate payerName (payer vs sub payer)',
      {
        yaml: yaml(
          ...HEAD,
          '    subPayers:',
          '      - payerName: B',
          '        apiKey: k2',
          '  - payerName: B',
          '    apiKey: k3',
        ),
        want: [[7, 16, 'duplicate payerName "B" (already used at payers[0].subPayers[0].payerName)']],
      },
    ],
    [
      'sub payer named as its parent',
      {
        yaml: yaml(...HEAD, '    subPayers:', '      - { payerName: A, apiKey: k2 }'),
        want: [[5, 22, 'duplicate payerName "A" (already used at payers[0].payerName)']],
      },
    ],
    [
      'duplicate payeeId',
      {
        yaml: yaml(
          ...HEAD,
          '    payees:',
          '      - { payeeId: P1, paymentMethod: ACH, status: Active, changedAt: "2026-01-01T00:00:00Z" }',
          '      - { payeeId: P1, paymentMethod: ACH, status: Active, changedAt: "2026-01-02T00:00:00Z" }',
        ),
        want: [[6, 20, 'duplicate payeeId "P1" (already used at payers[0].payees[0].payeeId)']],
      },
    ],
    [
      'firstRequestId over the long range',
      {
        yaml: yaml('settings:', '  firstRequestId: "9223372036854775808"', ...HEAD),
        want: [[2, 19, 'from 1 to 9223372036854774808 (2^63 - 1000: room for 1000 requests below the largest long)']],
      },
    ],
    [
      // The second request would have had id 2^63, which no long holds.
      'firstRequestId the largest long, which leaves no room',
      {
        yaml: yaml('settings:', '  firstRequestId: "9223372036854775807"', ...HEAD),
        want: [[2, 19, 'from 1 to 9223372036854774808']],
      },
    ],
    [
      'firstRequestId one past the largest allowed',
      {
        yaml: yaml('settings:', '  firstRequestId: "9223372036854774809"', ...HEAD),
        want: [[2, 19, 'room for 1000 requests']],
      },
    ],
    [
      'firstRequestId as a number too large for JavaScript',
      { yaml: yaml('settings:', '  firstRequestId: 9223372036854775807', ...HEAD), want: [[2, 19, 'quote it']] },
    ],
    [
      'an IP address that is none',
      {
        yaml: yaml(
          ...HEAD,
          '    allowedIpAddresses: [127.0.0.1, "10.0.0.0/8", "::1", 127.0.0.256, "10.0.0.0/33", localhost]',
        ),
        want: [
          [4, 58, 'must be an IPv4 or IPv6 address or a CIDR range'],
          [4, 71, 'must be an IPv4 or IPv6 address or a CIDR range'],
          [4, 86, 'must be an IPv4 or IPv6 address or a CIDR range'],
        ],
      },
    ],
    [
      'a text XML cannot carry',
      {
        yaml: yaml(
          ...HEAD,
          '    payees:',
          '      - { payeeId: P1, paymentMethod: ACH, status: Active, reason: "a\\uFFFFb", changedAt: "2026-01-01T00:00:00Z" }',
        ),
        want: [[5, 68, 'holds U+FFFF, which XML cannot carry']],
      },
    ],
    [
      'bad date',
      {
        yaml: yaml(
          ...HEAD,
          '    payees:',
          '      - payeeId: P1',
          '        paymentMethod: ACH',
          '        status: Active',
          '        changedAt: "2026-02-30T00:00:00Z"',
        ),
        want: [[8, 20, 'must be an ISO 8601 date-time']],
      },
    ],
    [
      'negative setting',
      { yaml: yaml('settings: { processingSeconds: -1 }', ...HEAD), want: [[1, 32, 'must not be negative']] },
    ],
    ['no payers', { yaml: yaml('payers: []'), want: [[1, 9, 'at least one payer is required']] }],
  ];

  it.each(ROWS)('%s', (_, { yaml: text, want }) => {
    const issues = issuesOf(() => parseScenario(text, 'scenario.yaml'));
    expect(issues).toHaveLength(want.length);
    issues.forEach((issue, i) => {
      const [line, column, message] = want[i] ?? [];
      expect([issue.file, issue.line, issue.column]).toEqual(['scenario.yaml', line, column]);
      expect(issue.message).toContain(message);
    });
  });
});

describe('scenario errors', () => {
  it('reports every problem of a file at once, in source order, one per line of the message', () => {
    const text = yaml(
      'settings:',
      '  maxFileBytes: 0',
      'payers:',
      '  - payerName: A',
      '    accounts:',
      '      - { provider: None, accountIdentifier: A1, currency: EURO, balance: "12.345" }',
      '    colour: blue',
      '  - payerName: A',
      '    apiKey: k',
    );
    let error: unknown;
    try {
      parseScenario(text, 'many.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    const issues = (error as ScenarioError).issues;
    expect(issues.map((i) => [i.line, i.column, i.path, i.message])).toEqual([
      [2, 17, 'settings.maxFileBytes', 'Too small: expected number to be >0'],
      [4, 5, 'payers[0].apiKey', 'missing required key "apiKey"'],
      [6, 60, 'payers[0].accounts[0].currency', 'must be a currency code of 3 upper-case letters, e.g. "USD"'],
      [6, 75, 'payers[0].accounts[0].balance', 'must be an amount with at most 2 decimals, e.g. "10000.00"'],
      [7, 5, 'payers[0].colour', 'unknown key "colour"'],
      [8, 16, 'payers[1].payerName', 'duplicate payerName "A" (already used at payers[0].payerName)'],
    ]);
    expect((error as ScenarioError).message.split('\n')).toEqual(
      issues.map((i) => `many.yaml:${i.line}:${i.column}: ${i.path}: ${i.message}`),
    );
  });

  it('reports every YAML syntax problem and duplicate key, without a path', () => {
    const text = yaml('payers:', '  - payerName: A', '    apiKey: k', '    apiKey: k', '    fees: [', 'x: y');
    const issues = issuesOf(() => parseScenario(text, 's.yaml'));
    expect(issues.length).toBeGreaterThan(1);
    expect(issues[0]).toEqual({
      file: 's.yaml',
      line: 4,
      column: 5,
      path: '',
      message: 'duplicate key "apiKey" (map keys must be unique)',
    });
    expect(issues.every((i) => i.path === '')).toBe(true);
  });

  describe('never shows an API key', () => {
    const SECRET = 'S3cr3t-Value_42';
    const CASES: ReadonlyArray<readonly [string, string]> = [
      ['unterminated quote', yaml('payers:', '  - payerName: A', `    apiKey: "${SECRET}`)],
      ['bad escape', yaml('payers:', '  - payerName: A', `    apiKey: "${SECRET}\\q"`)],
      ['value missing its colon', yaml('payers:', '  - payerName: A', `    apiKey ${SECRET}`)],
      ['nested map', yaml('payers:', '  - payerName: A', `    apiKey: ${SECRET}: x`)],
      ['given twice', yaml('payers:', '  - payerName: A', `    apiKey: ${SECRET}`, `    apiKey: ${SECRET}`)],
      ['wrong type', yaml('payers:', '  - payerName: A', `    apiKey: [${SECRET}]`)],
      [
        'also the payer name',
        yaml(
          'payers:',
          `  - payerName: ${SECRET}`,
          `    apiKey: ${SECRET}`,
          `  - payerName: ${SECRET}`,
          '    apiKey: k',
        ),
      ],
      ['also written as a key', yaml('payers:', '  - payerName: A', `    apiKey: ${SECRET}`, `    ${SECRET}: 1`)],
    ];

    it.each(CASES)('%s', (_, text) => {
      const error = issuesOf(() => parseScenario(text, 's.yaml'));
      expect(error.length).toBeGreaterThan(0);
      for (const issue of error) expect(JSON.stringify(issue)).not.toContain(SECRET);
    });

    it('in an object either', () => {
      const issues = issuesOf(() =>
        validateScenario({ payers: [{ payerName: SECRET, apiKey: SECRET, [SECRET]: 1 }, { payerName: SECRET }] }, 'o'),
      );
      expect(issues.map((i) => [i.path, i.message])).toEqual([
        ['payers[0].***', 'unknown key "***"'],
        ['payers[1].apiKey', 'missing required key "apiKey"'],
        ['payers[1].payerName', 'duplicate payerName "***" (already used at payers[0].payerName)'],
      ]);
    });

    it('without garbling words that contain a short key', () => {
      const issues = issuesOf(() =>
        parseScenario(yaml('payers:', '  - payerName: A', '    apiKey: e', '    colour: blue'), 's.yaml'),
      );
      expect(issues.map((i) => i.message)).toEqual(['unknown key "colour"']);
    });
  });
});

describe('loadScenario', () => {
  const scratch = scratchDir('scenario');
  afterAll(() => scratch.remove());

  it('validates an object, with issues at line 0, column 0 and their path', async () => {
    const issues = await asyncIssuesOf(() => loadScenario({ payers: [{ payerName: 'A', accounts: [{}] }] }));
    expect(issues.map((i) => [i.file, i.line, i.column, i.path, i.message])).toEqual([
      ['<scenario>', 0, 0, 'payers[0].apiKey', 'missing required key "apiKey"'],
      ['<scenario>', 0, 0, 'payers[0].accounts[0].provider', 'missing required key "provider"'],
      ['<scenario>', 0, 0, 'payers[0].accounts[0].accountIdentifier', 'missing required key "accountIdentifier"'],
      ['<scenario>', 0, 0, 'payers[0].accounts[0].currency', 'missing required key "currency"'],
      ['<scenario>', 0, 0, 'payers[0].accounts[0].balance', 'missing required key "balance"'],
    ]);
  });

  it('applies the defaults to an object and accepts Dates and numbers for what a file writes as text', async () => {
    const scenario = await loadScenario({
      settings: { firstRequestId: 42 },
      payers: [
        {
          payerName: 'A',
          apiKey: 'k',
          accounts: [{ provider: 'None', accountIdentifier: 'A1', currency: 'USD', balance: 10.5 }],
          payees: [
            { payeeId: 'P1', paymentMethod: 'ACH', status: 'Active', changedAt: new Date('2026-01-01T00:00:00Z') },
          ],
        },
      ],
    });
    expect(scenario.settings.firstRequestId).toBe('42');
    expect(scenario.payers[0]).toMatchObject({
      dynamicKeys: false,
      fees: [],
      subPayers: [],
      accounts: [{ balanceCents: 1050 }],
    });
    expect(scenario.payers[0]?.payees[0]).toEqual({
      payeeId: 'P1',
      paymentMethod: 'ACH',
      status: 'Active',
      reason: '',
      changedAt: new Date('2026-01-01T00:00:00Z'),
    });
  });

  it('turns each form of balance into exact integer cents', () => {
    const cents = (balance: unknown) =>
      validateScenario(
        {
          payers: [
            {
              payerName: 'A',
              apiKey: 'k',
              accounts: [{ provider: '', accountIdentifier: '', currency: 'USD', balance }],
            },
          ],
        },
        'o',
      ).payers[0]?.accounts[0]?.balanceCents;
    expect([cents('10000.00'), cents('0.1'), cents(0.29), cents(12), cents('-5.5'), cents('-0.00')]).toEqual([
      1_000_000, 10, 29, 1200, -550, 0,
    ]);
    expect(Object.is(cents('-0.00'), 0)).toBe(true);
    for (const bad of ['1.005', '1,00', '', '.5', '1e3', 1e21, true]) expect(() => cents(bad)).toThrow(ScenarioError);
  });

  it('reports a missing file at line 1, column 1', async () => {
    const file = join(scratch.dir, 'absent.yaml');
    expect(await asyncIssuesOf(() => loadScenario(file))).toEqual([
      { file, line: 1, column: 1, path: '', message: 'cannot read the scenario: file not found' },
    ]);
    expect((await asyncIssuesOf(() => loadScenario(file, 'absent.yaml')))[0]?.file).toBe('absent.yaml');
  });

  it('reads JSON, which is YAML, with positions in its problems', async () => {
    const good = join(scratch.dir, 'good.json');
    writeFileSync(
      good,
      JSON.stringify(
        {
          payers: [
            {
              payerName: 'A',
              apiKey: 'k',
              accounts: [{ provider: 'None', accountIdentifier: 'A1', currency: 'EUR', balance: 99.99 }],
            },
          ],
        },
        null,
        2,
      ),
    );
    expect((await loadScenario(good)).payers[0]?.accounts[0]?.balanceCents).toBe(9999);

    const bad = join(scratch.dir, 'bad.json');
    writeFileSync(
      bad,
      ['{', '  "payers": [', '    { "payerName": "A", "apiKey": "k", "dynamicKeys": "yes" }', '  ]', '}'].join('\n'),
    );
    expect(where(await asyncIssuesOf(() => loadScenario(bad, 'bad.json')))).toEqual([
      [3, 55, 'expected boolean, received string'],
    ]);
  });
});

describe('awkward scenario files: each problem a ScenarioError at file:line:column', () => {
  const scratch = scratchDir('scenario-awkward');
  afterAll(() => scratch.remove());
  const OK_PAYERS = yaml('payers:', '  - payerName: A', '    apiKey: k');
  /** A billion laughs: each level lists the one before nine times, so the last stands for 9^8 values. */
  const LAUGHS = yaml(
    'l0: &l0 [ha, ha, ha, ha, ha, ha, ha, ha, ha]',
    ...Array.from({ length: 8 }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(9).fill(`*l${i}`).join(', ')}]`),
    'payers: *l8',
  );

  const CASES: ReadonlyArray<readonly [string, string | Buffer, ReadonlyArray<readonly [number, number, string]>]> = [
    [
      'an undefined alias',
      yaml('payers:', '  - payerName: A', '    apiKey: *nope'),
      [[3, 13, 'unknown alias *nope: no anchor &nope comes before it']],
    ],
    [
      'an alias before its anchor',
      yaml('payers:', '  - payerName: *a', '    apiKey: &a k'),
      [[2, 16, 'unknown alias *a']],
    ],
    // Level 5 (line 6) lists level 4, 66430 values, nine times: its first alias already takes the total past the limit.
    ['a billion laughs of aliases', LAUGHS, [[6, 10, 'aliases add more than 100000 values to the scenario']]],
    [
      'an alias inside the node it names',
      yaml('payers: &p', '  - payerName: A', '    apiKey: k', '    subPayers: *p'),
      [[4, 16, 'alias *p is inside the node it names']],
    ],
    ['an empty file', '', [[1, 1, 'the scenario is empty: it needs at least "payers"']]],
    ['only a comment', '# nothing yet\n', [[1, 1, 'the scenario is empty']]],
    [
      'a list',
      yaml('- payerName: A', '  apiKey: k'),
      [[1, 1, 'a scenario is a map of "settings" and "payers", not a list']],
    ],
    [
      'JSON with a syntax error',
      '{"payers": [{"payerName": "A", "apiKey": "k"}\n',
      [
        [2, 1, 'Flow sequence in block collection must be sufficiently indented and end with a ]'],
        [2, 1, 'Flow map must end with a }'],
      ],
    ],
    ['a tab as indentation', yaml('payers:', '\t- payerName: A'), [[2, 1, 'Tabs are not allowed as indentation']]],
    [
      'a duplicate key',
      yaml('payers:', '  - payerName: A', '    apiKey: k', '    payerName: B'),
      [[4, 5, 'duplicate key "payerName"']],
    ],
    [
      'a list as a key',
      yaml('payers:', '  - payerName: A', '    apiKey: k', '    ? [a, b]', '    : c'),
      [[4, 7, 'a map key must be a plain value']],
    ],
    [
      'an unknown tag',
      yaml('payers:', '  - payerName: A', '    apiKey: !secret k'),
      [[3, 13, 'Unresolved tag: !secret']],
    ],
    [
      'two documents',
      yaml('payers: []', '---', 'payers: []'),
      [[2, 1, 'a scenario is one YAML document, and this file holds more']],
    ],
    [
      'a number too large for a double',
      yaml('settings:', '  processingSeconds: 1e400', ...OK_PAYERS.trim().split('\n')),
      [[2, 22, 'expected number, received Infinity']],
    ],
    [
      'a byte order mark (columns count from the first character shown)',
      `\uFEFF${yaml('payers:', '  - payerName: A', '    apiKey: k', '    colour: blue')}`,
      [[4, 5, 'unknown key "colour"']],
    ],
    [
      'Latin-1 bytes',
      Buffer.from('payers:\n  - payerName: A\n    apiKey: k\n    dynamicKeys: n\xe9\n', 'latin1'),
      [[4, 19, 'the scenario is not UTF-8 text: byte 0xE9']],
    ],
    ['UTF-16', Buffer.from(`\uFEFF${OK_PAYERS}`, 'utf16le'), [[1, 1, 'the scenario is UTF-16 text: save it as UTF-8']]],
  ];

  it.each(CASES)('%s', async (name, content, want) => {
    const file = join(scratch.dir, `${name.replace(/\W+/g, '-')}.yaml`);
    writeFileSync(file, content);
    const issues = await asyncIssuesOf(() => loadScenario(file, 'awkward.yaml'));
    expect(issues.map((i) => [i.file, i.line, i.column])).toEqual(
      want.map(([line, column]) => ['awkward.yaml', line, column]),
    );
    issues.forEach((issue, i) => expect(issue.message).toContain(want[i]![2]));
  });

  it('a directory, a device and a missing file: cannot read it, at 1:1', async () => {
    mkdirSync(join(scratch.dir, 'folder.yaml'), { recursive: true });
    const reasons = [];
    for (const path of [join(scratch.dir, 'folder.yaml'), '/dev/zero', join(scratch.dir, 'absent.yaml')]) {
      reasons.push(
        (await asyncIssuesOf(() => loadScenario(path, 'x.yaml'))).map((i) => `${i.line}:${i.column}: ${i.message}`),
      );
    }
    expect(reasons).toEqual([
      ['1:1: cannot read the scenario: it is a directory, not a file'],
      ['1:1: cannot read the scenario: it is not a regular file'],
      ['1:1: cannot read the scenario: file not found'],
    ]);
  });

  it('aliases within the limit are values like any other', () => {
    const text = yaml(
      'settings: &s { processingSeconds: 3 }',
      'payers:',
      '  - payerName: A',
      '    apiKey: k',
      '    accounts: &acc [{ provider: None, accountIdentifier: A1, currency: USD, balance: "1.00" }]',
      '  - payerName: B',
      '    apiKey: j',
      '    accounts: *acc',
    );
    const scenario = parseScenario(text, 's.yaml');
    expect(scenario.settings.processingSeconds).toBe(3);
    expect(scenario.payers.map((p) => p.accounts[0]?.balanceCents)).toEqual([100, 100]);
  });

  it('a scenario object that loops or shares is validated, not walked forever', () => {
    const payer: Record<string, unknown> = { payerName: 'A', apiKey: 'k' };
    const account = { provider: 'None', accountIdentifier: 'A1', currency: 'USD', balance: '1.00' };
    payer['accounts'] = [account, account];
    const looping: Record<string, unknown> = { payers: [payer] };
    payer['extra'] = looping;
    expect(issuesOf(() => validateScenario(looping, 'o')).map((i) => [i.path, i.message])).toEqual([
      ['payers[0].extra', 'unknown key "extra"'],
    ]);
  });
});

describe("ipAllowed: is a caller in a payer's allowedIpAddresses", () => {
  const LIST = ['127.0.0.1', '10.0.0.0/8', '2001:db8::/32', '::1'];
  it.each([
    ['127.0.0.1', true],
    // An IPv4 caller of a dual-stack server, as its socket gives it.
    ['::ffff:127.0.0.1', true],
    ['10.200.3.4', true],
    ['::ffff:10.1.1.1', true],
    ['2001:db8::42', true],
    ['0:0:0:0:0:0:0:1', true],
    ['127.0.0.2', false],
    ['11.0.0.1', false],
    ['2001:db9::1', false],
    ['not an address', false],
    [undefined, false],
  ] as const)('%s: %s', (address, allowed) => {
    expect(ipAllowed(LIST, address)).toBe(allowed);
  });
});

it("the default scenario's commented-out dynamic-key settings are valid as written", () => {
  const text = DEFAULT_SCENARIO_YAML.replace(/^( *)# (dynamicKeysAuthorized|allowedIpAddresses):/gm, '$1$2:');
  expect(text).not.toBe(DEFAULT_SCENARIO_YAML);
  expect(parseScenario(text, 'default-scenario.yaml').payers[0]).toMatchObject({
    dynamicKeysAuthorized: false,
    allowedIpAddresses: ['127.0.0.1', '::1', '10.0.0.0/8'],
  });
});
